//! The frame: in what order its systems run ([`AppSystems`]), and when it
//! is drawn at all.
//!
//! Draw only when something changes. The window updates on input and when
//! a part of the game asks for the next frame with [`RequestRedraw`]: each
//! part that moves asks while it moves (the pieces' motions, the passing
//! effects, the camera's turn, egui's own repaints, the computer's waiting
//! answer or its sliced search on the web). A search running as a task
//! wakes the loop itself when it ends (see `game::computer`), and a message
//! written late in a frame for the next one to read (an action, a command:
//! see [`wake_on`]) gets the next frame.
//!
//! After a still spell the clock of the animations ([`Time<Virtual>`]) is
//! paused, so the first frame after it does not jump by the time spent
//! waiting: whatever starts on that frame starts from its beginning.

use bevy::diagnostic::FrameCount;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::render::render_resource::{CachedPipelineState, PipelineCache};
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use web_time::{Duration, Instant};

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
    pub(crate) fn in_a_row(&self) -> bool {
        self.asked
    }
}

/// The window's update modes: reactive, focused or not. Device events
/// (the mouse moving over other windows) do not wake the game.
pub(crate) fn winit_settings() -> WinitSettings {
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

/// The order of the frame's `Update`. Each concern puts its systems in the
/// set of what they do, and no file orders itself by naming another's
/// functions: input becomes requests, the match's owner alone applies them
/// and announces what happened, and everything after only reads.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// The devices: pointer, touch and keys become cells clicked, text
    /// typed and commands; files arrive; the interface's focus is noted.
    Input,
    /// What may not reach the rules now is dropped (a lesson's closed turn).
    Gate,
    /// A person's clicks and typed text, read against the position into
    /// requests.
    Turn,
    /// The match's owner applies the requests and commands and announces
    /// what happened: the only writes of the match.
    Rules,
    /// What the old position leaves behind is cleared (the selection, the
    /// hint, the result dialog), and the next piece picked up where only
    /// one may act.
    Reset,
    /// What follows the announcements before they are shown: the computer
    /// and the analysis at work, the interface's questions, the words said.
    Follow,
    /// The announcements shown and kept: pieces, effects, marks, sounds,
    /// the saved game.
    Present,
}

/// A message of type `M` written late in a frame (after its readers ran)
/// is read in the next one: that frame must come even if nothing else
/// moves. Whoever registers such a message calls this.
pub(crate) fn wake_on<M: Message>(app: &mut App) {
    app.add_systems(Last, ask_if_written::<M>.before(SettleFrames));
}

fn ask_if_written<M: Message>(
    mut written: MessageReader<M>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    // Read to its end, so each frame sees only its own.
    if written.read().count() > 0 {
        redraw.write(RequestRedraw);
    }
}

/// Notes whether anyone asked for the next frame, and stops the animation
/// clock when no one did.
fn settle(
    mut asks: MessageReader<RequestRedraw>,
    mut frames: ResMut<Frames>,
    mut clock: ResMut<Time<Virtual>>,
) {
    let asked = asks.read().count() > 0;
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
pub(crate) fn render_plugin(app: &mut App) {
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

/// A wake-up at a time asked for (a clock that runs, a ping due online):
/// without one the game sleeps until input or a task wakes it. Only the
/// earliest time asked for stands; once it has rung, the next may be asked.
#[derive(Resource, Clone, Default)]
pub struct Alarm(Arc<AlarmState>);

#[derive(Default)]
struct AlarmState {
    due: std::sync::Mutex<Option<Instant>>,
    waker: std::sync::Mutex<Option<Waker>>,
    #[cfg(not(target_arch = "wasm32"))]
    ring: std::sync::Condvar,
    #[cfg(not(target_arch = "wasm32"))]
    started: AtomicBool,
}

impl Alarm {
    /// Wakes the window at `at`, unless an earlier wake-up stands.
    pub fn wake_at(&self, at: Instant) {
        let state = &self.0;
        let Ok(mut due) = state.due.lock() else {
            return;
        };
        if due.is_some_and(|d| d <= at) {
            return;
        }
        *due = Some(at);
        drop(due);
        #[cfg(not(target_arch = "wasm32"))]
        {
            if !state.started.swap(true, Ordering::Relaxed) {
                let alarm = self.0.clone();
                let spawned = std::thread::Builder::new()
                    .name("agon-alarm".into())
                    .spawn(move || ring_when_due(&alarm));
                if spawned.is_err() {
                    state.started.store(false, Ordering::Relaxed);
                }
            }
            state.ring.notify_one();
        }
        #[cfg(target_arch = "wasm32")]
        {
            let ms = at.saturating_duration_since(Instant::now()).as_millis();
            let alarm = self.0.clone();
            crate::page::call_later(i32::try_from(ms).unwrap_or(i32::MAX), move || {
                if let Ok(mut due) = alarm.due.lock()
                    && due.is_some_and(|d| d <= Instant::now())
                {
                    *due = None;
                    drop(due);
                    if let Ok(w) = alarm.waker.lock()
                        && let Some(w) = w.as_ref()
                    {
                        w();
                    }
                }
            });
        }
    }
}

/// The alarm's thread: waits for the time due, wakes the window, waits
/// for the next.
#[cfg(not(target_arch = "wasm32"))]
fn ring_when_due(state: &AlarmState) {
    let Ok(mut due) = state.due.lock() else {
        return;
    };
    loop {
        match *due {
            None => match state.ring.wait(due) {
                Ok(d) => due = d,
                Err(_) => return,
            },
            Some(at) => {
                let now = Instant::now();
                if at <= now {
                    *due = None;
                    if let Ok(w) = state.waker.lock()
                        && let Some(w) = w.as_ref()
                    {
                        w();
                    }
                } else {
                    match state.ring.wait_timeout(due, at - now) {
                        Ok((d, _)) => due = d,
                        Err(_) => return,
                    }
                }
            }
        }
    }
}

/// Lent before `Startup`, so that whoever takes it there need not order
/// itself after this.
fn lend_window_waker(
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut waker: ResMut<WindowWaker>,
    alarm: Res<Alarm>,
) {
    if let Some(proxy) = proxy {
        let proxy = (*proxy).clone();
        waker.0 = Some(Arc::new(move || {
            // The loop may be gone at exit: nothing to wake then.
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }));
    }
    if let Ok(mut w) = alarm.0.waker.lock() {
        w.clone_from(&waker.0);
    }
}

pub fn plugin(app: &mut App) {
    app.add_message::<RequestRedraw>()
        .init_resource::<Frames>()
        .insert_resource(winit_settings())
        .init_resource::<WindowWaker>()
        .init_resource::<Alarm>()
        .configure_sets(
            Update,
            (
                AppSystems::Input,
                AppSystems::Gate,
                AppSystems::Turn,
                AppSystems::Rules,
                AppSystems::Reset,
                AppSystems::Follow,
                AppSystems::Present,
            )
                .chain(),
        )
        .add_systems(PreStartup, lend_window_waker)
        .add_systems(First, warm_up)
        .add_systems(Last, settle.in_set(SettleFrames));
}
