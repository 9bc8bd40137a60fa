//! Draw only when something changes. The window updates on input and when
//! a part of the game asks for the next frame with [`RequestRedraw`]: each
//! part that moves asks while it moves (the pieces' motions, the passing
//! effects, the camera's turn, egui's own repaints, the computer's waiting
//! answer or its sliced search on the web). A search running as a task
//! wakes the loop itself when it ends (see `game::computer`), and a request
//! written late in a frame (an action, a command) gets the next frame.
//!
//! After a still spell the clock of the animations ([`Time<Virtual>`]) is
//! paused, so the first frame after it does not jump by the time spent
//! waiting: whatever starts on that frame starts from its beginning.

use bevy::diagnostic::FrameCount;
use bevy::ecs::system::SystemParam;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::render::render_resource::{CachedPipelineState, PipelineCache};
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use web_time::Duration;

use crate::game::computer::HintRequest;
use crate::game::{MatchCommand, RequestAction};

/// With nothing moving, the game still looks at the world this often: only
/// a safety net, since every part that moves asks for its own frames. Long,
/// because on a software renderer one frame after a still spell costs about
/// a second of CPU (measured under Xvfb with lavapipe: a 2 s wait cost 55%
/// of a core).
pub const IDLE_WAIT: Duration = Duration::from_secs(60);

/// The first frames after launch are drawn in a row: pipelines compile,
/// fonts and sounds load.
const WARM_UP: Duration = Duration::from_millis(1500);
const WARM_UP_FRAMES: u32 = 10;

/// Whether the frame that just ended asked for the next one.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct Frames {
    /// The last frame asked for the next: the game is moving.
    pub asked: bool,
    /// How many frames in a row asked for none.
    pub still: u32,
}

impl Frames {
    /// Whether this frame followed the last one at once (its duration is a
    /// frame time, not a wait): for frame-time measurements.
    pub fn in_a_row(&self) -> bool {
        self.asked
    }
}

/// The window's update modes: reactive, focused or not. Device events
/// (the mouse moving over other windows) do not wake the game.
pub fn winit_settings() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
    }
}

fn warm_up(
    time: Res<Time<Real>>,
    frames: Res<FrameCount>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    // Both: a slow renderer (seconds a frame in a browser without a GPU)
    // still gets its first frames in a row.
    if time.elapsed() < WARM_UP || frames.0 < WARM_UP_FRAMES {
        redraw.write(RequestRedraw);
    }
}

/// Requests written late in a frame are applied in the next one: it must
/// come even if nothing else moves.
#[derive(SystemParam)]
struct LateRequests<'w, 's> {
    actions: MessageReader<'w, 's, RequestAction>,
    commands: MessageReader<'w, 's, MatchCommand>,
    hints: MessageReader<'w, 's, HintRequest>,
}

impl LateRequests<'_, '_> {
    fn any(&mut self) -> bool {
        // Each reader is read to its end, so each frame sees only its own.
        let actions = self.actions.read().count();
        let commands = self.commands.read().count();
        let hints = self.hints.read().count();
        actions + commands + hints > 0
    }
}

/// Notes whether anyone asked for the next frame, and stops the animation
/// clock when no one did.
fn settle(
    mut asks: MessageReader<RequestRedraw>,
    mut late: LateRequests,
    mut frames: ResMut<Frames>,
    mut clock: ResMut<Time<Virtual>>,
) {
    let asked = asks.read().count() > 0;
    let asked = late.any() || asked;
    frames.asked = asked;
    frames.still = if asked {
        0
    } else {
        frames.still.saturating_add(1)
    };
    if asked {
        clock.unpause();
    } else {
        clock.pause();
    }
}

/// Whether the renderer still compiles pipelines: a mesh whose pipeline is
/// not ready is not drawn, so frames go on until every one is (at launch,
/// and after Auto graphics drops multisampling and shadows). Set by the
/// render world, read by the main one.
#[derive(Resource, Clone, Default)]
struct PipelinesPending(Arc<AtomicBool>);

/// Only pipelines being compiled count: one whose shader is missing (some
/// never load on WebGL2) is retried forever and would keep the game awake.
fn note_pending_pipelines(cache: Option<Res<PipelineCache>>, pending: Res<PipelinesPending>) {
    let compiling = cache.is_some_and(|c| {
        c.pipelines()
            .any(|p| matches!(p.state, CachedPipelineState::Creating(_)))
    });
    pending.0.store(compiling, Ordering::Relaxed);
}

/// Bevy retries a pipeline whose shader had not loaded a frame after it
/// notices, then builds it the frame after: at launch, when the shaders
/// arrive a frame after the first pipelines are asked for, the board waits
/// a frame longer than it needs to (on the web's software renderer, about
/// 300 ms). A second pass over the queue before Bevy's own turns that
/// retry into a build in the frame the shader arrives.
fn retry_pipelines_waiting_on_shaders(mut cache: ResMut<PipelineCache>) {
    use bevy::shader::ShaderCacheError as E;
    let waiting = cache.pipelines().any(|p| {
        matches!(
            p.state,
            CachedPipelineState::Err(E::ShaderNotLoaded(_) | E::ShaderImportNotYetAvailable)
        )
    });
    if waiting {
        cache.process_queue();
    }
}

fn draw_until_pipelines_ready(
    pending: Res<PipelinesPending>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if pending.0.load(Ordering::Relaxed) {
        redraw.write(RequestRedraw);
    }
}

/// The part that needs the renderer (absent in headless tests).
pub fn render_plugin(app: &mut App) {
    let pending = PipelinesPending::default();
    app.insert_resource(pending.clone())
        .add_systems(Update, draw_until_pipelines_ready);
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.insert_resource(pending).add_systems(
            Render,
            (
                retry_pipelines_waiting_on_shaders
                    .after(RenderSystems::ExtractCommands)
                    .before(RenderSystems::Render),
                note_pending_pipelines.in_set(RenderSystems::Cleanup),
            ),
        );
    }
}

/// Runs last in the frame, after everything that may ask for the next.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SettleFrames;

/// A call that wakes an idle window from another thread or a browser
/// callback: a search that ended, a file the browser read.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The window's wake-up call (none without a window, as in headless tests).
#[derive(Resource, Default)]
pub struct WindowWaker(pub Option<Waker>);

pub fn lend_window_waker(
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut waker: ResMut<WindowWaker>,
) {
    if let Some(proxy) = proxy {
        let proxy = (*proxy).clone();
        waker.0 = Some(Arc::new(move || {
            // The loop may be gone at exit: nothing to wake then.
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }));
    }
}

pub fn plugin(app: &mut App) {
    app.add_message::<RequestRedraw>()
        .init_resource::<Frames>()
        .insert_resource(winit_settings())
        .init_resource::<WindowWaker>()
        .add_systems(Startup, lend_window_waker)
        .add_systems(First, warm_up)
        .add_systems(Last, settle.in_set(SettleFrames));
}
