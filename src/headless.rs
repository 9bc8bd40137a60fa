//! The whole game without a window or a GPU: every plugin `main` adds (the
//! interface's systems included), on Bevy's default plugins, with a clock
//! that advances 1/60 s a frame. The lifecycle tests and the benchmarks run
//! the game this way.

use std::time::Duration;

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::WgpuSettings;
use bevy::time::TimeUpdateStrategy;
use bevy::window::ExitCondition;

use crate::cli::Options;
use crate::store::Storage;
use crate::store::storage::Store;

/// The game as `main` builds it from `options`, keeping its files in
/// `store`, before its first frame.
pub fn app(options: Options, store: Box<dyn Store>) -> App {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: None,
                exit_condition: ExitCondition::DontExit,
                close_when_requested: false,
                ..default()
            })
            .set(RenderPlugin {
                render_creation: WgpuSettings {
                    backends: None,
                    ..default()
                }
                .into(),
                ..default()
            })
            .disable::<bevy::winit::WinitPlugin>()
            .disable::<bevy::log::LogPlugin>(),
    )
    // Without a renderer, Bevy leaves out the render world's bookkeeping,
    // which despawning a light (the victory's glow) still writes to.
    .add_plugins(bevy::render::sync_world::SyncWorldPlugin)
    .insert_resource(Storage(store))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(
        1.0 / 60.0,
    )))
    .add_plugins(crate::AgonPlugin { options });
    app.finish();
    app.cleanup();
    app
}
