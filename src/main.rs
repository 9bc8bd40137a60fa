//! Agon: launches the game. `agon --help` lists the options.

use agon::cli::Options;
use agon::dev::diagnostics::LaunchTime;
use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::window::WindowResolution;

fn main() -> AppExit {
    let launched = web_time::Instant::now();
    // As the system gives them: a file name may be any bytes, not UTF-8.
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let options = match Options::parse(&args) {
        Ok(o) => o,
        Err(text) => {
            let asked = ["--help", "-h", "--version", "-V"];
            if args.iter().any(|a| asked.iter().any(|q| a == q)) {
                println!("{text}");
                return AppExit::Success;
            }
            eprintln!("agon: {text}");
            return AppExit::error();
        }
    };
    let (w, h) = options.size;
    let window = Window {
        title: "Agon — Queen's Guard".into(),
        resolution: WindowResolution::new(w, h),
        canvas: Some("#bevy".into()),
        fit_canvas_to_parent: true,
        prevent_default_event_handling: true,
        ..default()
    };
    let mut app = App::new();
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(Update, set_window_icon);
    app.insert_resource(LaunchTime(launched))
        .insert_resource(ClearColor(Color::srgb_u8(28, 32, 38)))
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(window),
                    ..default()
                })
                .set(AssetPlugin {
                    meta_check: AssetMetaCheck::Never,
                    ..default()
                }),
        )
        .add_plugins(agon::AgonPlugin { options })
        .run()
}

/// Gives the window the game's icon once winit has made it (the web page
/// has its favicon instead).
#[cfg(not(target_arch = "wasm32"))]
fn set_window_icon(
    _main_thread: bevy::ecs::system::NonSendMarker,
    window: Query<Entity, With<bevy::window::PrimaryWindow>>,
    mut done: Local<bool>,
) {
    use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
    if *done {
        return;
    }
    let Ok(entity) = window.single() else { return };
    bevy::winit::WINIT_WINDOWS.with_borrow(|windows| {
        let Some(window) = windows.get_window(entity) else {
            return;
        };
        *done = true;
        let png = include_bytes!("../assets/icon/agon.png");
        let icon = Image::from_buffer(
            png,
            ImageType::Extension("png"),
            CompressedImageFormats::NONE,
            true,
            ImageSampler::Default,
            default(),
        )
        .map_err(|e| e.to_string())
        .and_then(|image| {
            let size = image.size();
            let rgba = image
                .try_into_dynamic()
                .map_err(|e| e.to_string())?
                .to_rgba8();
            winit::window::Icon::from_rgba(rgba.into_raw(), size.x, size.y)
                .map_err(|e| e.to_string())
        });
        match icon {
            Ok(icon) => window.set_window_icon(Some(icon)),
            Err(e) => warn!("The window's icon could not be made: {e}"),
        }
    });
}
