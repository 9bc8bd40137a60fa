//! Frame timing (launch to first frame, the longest frame while the computer
//! thinks against the median) and `--screenshot`: render, save, exit.

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::RequestRedraw;
use web_time::Instant;

use crate::frames::{Frames, SettleFrames};

use crate::game::RequestAction;
use crate::game::computer::Thinker;
use crate::timings::Recent;

/// When the program started, set by `main` as early as it can.
#[derive(Resource, Clone, Copy)]
pub struct LaunchTime(pub Instant);

#[derive(Resource, Default)]
pub struct FrameStats {
    pub frames: Recent,
    pub thinking: Recent,
    /// The main schedule's own time in frames while the computer thought:
    /// the game's systems and the search's slice, without the renderer.
    pub thinking_work: Recent,
    pub first_frame_ms: Option<f64>,
}

impl FrameStats {
    pub(crate) fn median_ms(&self) -> f32 {
        self.frames.median()
    }

    pub(crate) fn longest_thinking_ms(&self) -> f32 {
        self.thinking.max()
    }

    pub(crate) fn summary(&self) -> String {
        format!(
            "frames {}: median {:.1} ms, longest {:.1} ms; {} frames while the computer thought: median {:.1} ms, longest {:.1} ms (the game's own work in them: median {:.1} ms, longest {:.1} ms)",
            self.frames.len(),
            self.median_ms(),
            self.frames.max(),
            self.thinking.len(),
            self.thinking.median(),
            self.longest_thinking_ms(),
            self.thinking_work.median(),
            self.thinking_work.max(),
        )
    }
}

/// When this frame's main schedule began.
#[derive(Resource)]
struct FrameStart(Instant);

fn mark_frame_start(mut start: ResMut<FrameStart>) {
    start.0 = Instant::now();
}

fn measure(
    start: Res<FrameStart>,
    time: Res<Time<Real>>,
    frames: Res<FrameCount>,
    launch: Option<Res<LaunchTime>>,
    thinker: Res<Thinker>,
    pace: Res<Frames>,
    mut stats: ResMut<FrameStats>,
) {
    if frames.0 == 1
        && stats.first_frame_ms.is_none()
        && let Some(l) = launch
    {
        let ms = l.0.elapsed().as_secs_f64() * 1000.0;
        stats.first_frame_ms = Some(ms);
        info!("agon: first frame after {ms:.0} ms from launch");
    }
    // The first frames compile pipelines: leave them out, and the first
    // frame after a still spell, whose time is the wait.
    if frames.0 < 10 || !pace.in_a_row() {
        return;
    }
    let ms = time.delta_secs() * 1000.0;
    stats.frames.push(ms);
    if thinker.thinking() {
        stats.thinking.push(ms);
        let work = start.0.elapsed().as_secs_f32() * 1000.0;
        stats.thinking_work.push(work);
    }
}

fn report_on_exit(mut exits: MessageReader<AppExit>, stats: Res<FrameStats>) {
    if exits.read().count() > 0 && !stats.frames.is_empty() {
        info!("agon: {}", stats.summary());
    }
}

/// Saves a screenshot once enough frames have rendered, then exits.
#[derive(Resource, Clone)]
pub struct ScreenshotPlan {
    pub path: std::path::PathBuf,
    pub frames: u32,
    /// Software renderers compile pipelines slowly: wait this long too.
    pub min_seconds: f32,
    pub taken: bool,
    /// An action to play (animated) first; the picture is taken
    /// `then_seconds` after it, to catch an animation mid-way.
    pub then: Option<agon_rules::Action>,
    pub then_seconds: f32,
    pub then_at: Option<f32>,
}

fn take_screenshot(
    mut commands: Commands,
    plan: Option<ResMut<ScreenshotPlan>>,
    frames: Res<FrameCount>,
    time: Res<Time<Real>>,
    mut requests: MessageWriter<RequestAction>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(mut plan) = plan else { return };
    // Frames in a row until the picture is saved and the game exits.
    redraw.write(RequestRedraw);
    if plan.taken || frames.0 < plan.frames || time.elapsed_secs() < plan.min_seconds {
        return;
    }
    if let Some(action) = plan.then {
        match plan.then_at {
            None => {
                info!("agon: playing {action} before the screenshot");
                requests.write(RequestAction(action));
                plan.then_at = Some(time.elapsed_secs());
                return;
            }
            Some(t) if time.elapsed_secs() - t < plan.then_seconds => return,
            Some(_) => {}
        }
    }
    plan.taken = true;
    let path = plan.path.clone();
    info!("agon: saving a screenshot to {}", path.display());
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}

/// The first frames' pipelines, in the web page's log: how many are built, and which
/// wait (for a shader still loading, say). The board shows in the first
/// frame that has its pipelines; on a software renderer each frame before
/// it costs a visitor a few hundred milliseconds.
#[cfg(target_arch = "wasm32")]
fn log_first_pipelines(
    cache: Res<bevy::render::render_resource::PipelineCache>,
    mut frame: Local<u32>,
) {
    use bevy::render::render_resource::CachedPipelineState;
    *frame += 1;
    if *frame > 6 {
        return;
    }
    let (mut ready, mut waiting) = (0, Vec::new());
    for p in cache.pipelines() {
        match &p.state {
            CachedPipelineState::Ok(_) => ready += 1,
            state => {
                use bevy::render::render_resource::PipelineDescriptor as D;
                let label = match &p.descriptor {
                    D::RenderPipelineDescriptor(d) => d.label.clone(),
                    D::ComputePipelineDescriptor(d) => d.label.clone(),
                };
                let label = label.unwrap_or_default();
                let why = match state {
                    CachedPipelineState::Err(e) => format!(" ({e})"),
                    _ => String::new(),
                };
                waiting.push(format!("{label}{why}"));
            }
        }
    }
    info!(
        "agon: render {}: {ready} pipelines ready, waiting: {waiting:?}",
        *frame
    );
}

pub fn plugin(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    if let Some(render) = app.get_sub_app_mut(bevy::render::RenderApp) {
        render.add_systems(
            bevy::render::Render,
            log_first_pipelines.in_set(bevy::render::RenderSystems::Cleanup),
        );
    }
    app.init_resource::<FrameStats>()
        .insert_resource(FrameStart(Instant::now()))
        .add_systems(First, mark_frame_start)
        .add_systems(
            Last,
            (measure, report_on_exit, take_screenshot).before(SettleFrames),
        );
}
