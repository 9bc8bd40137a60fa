//! Rendering quality. High draws the board with 4x multisampling, soft
//! shadows and Bevy's physically based light; Low draws without the first
//! two and with a plain shader (`plain`). Auto judges the first frames once for the
//! session: a machine that cannot keep up (a software renderer, a weak
//! phone) draws Low. It starts High on the desktop, and Low on the web,
//! where the first frames decide how soon a visitor can play: a page that
//! keeps up is raised to High once judged.

use bevy::camera::CameraOutputMode;
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::RequestRedraw;
use bevy_egui::PrimaryEguiContext;

use crate::frames::Frames;
use crate::scene::camera::BoardCamera;
use crate::store::{Graphics, Settings};

/// A median frame slower than this means the renderer cannot keep up.
pub(crate) const SLOW_FRAME_MS: f32 = 40.0;
/// Frames to sample, and the most time to spend sampling.
const SAMPLES: usize = 12;
const SAMPLE_SECONDS: f32 = 2.0;
/// The first frames compile pipelines and are slow everywhere.
const SKIP_FRAMES: u32 = 5;

/// Auto's decision, made once.
#[derive(Resource, Default, Debug)]
pub struct AutoGraphics {
    samples: Vec<f32>,
    pub decided: Option<Graphics>,
}

/// Whether sampled frame times (ms) say to drop to Low. Undecided (`None`)
/// until there are enough samples or enough time has been spent.
pub(crate) fn auto_decision(samples_ms: &[f32]) -> Option<Graphics> {
    let spent: f32 = samples_ms.iter().sum::<f32>() / 1000.0;
    if samples_ms.len() < SAMPLES && !(samples_ms.len() >= 3 && spent >= SAMPLE_SECONDS) {
        return None;
    }
    let mut s = samples_ms.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    Some(if s[s.len() / 2] > SLOW_FRAME_MS {
        Graphics::Low
    } else {
        Graphics::High
    })
}

/// What Auto draws with until it has judged the frames.
pub(crate) const UNDECIDED: Graphics = if cfg!(target_arch = "wasm32") {
    Graphics::Low
} else {
    Graphics::High
};

/// What to draw with now.
pub(crate) fn effective(settings: Graphics, auto: &AutoGraphics) -> Graphics {
    match settings {
        Graphics::Auto => auto.decided.unwrap_or(UNDECIDED),
        g => g,
    }
}

fn watch_frames(
    time: Res<Time<Real>>,
    frames: Res<FrameCount>,
    pace: Res<Frames>,
    settings: Res<Settings>,
    mut auto: ResMut<AutoGraphics>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if auto.decided.is_some() || settings.graphics != Graphics::Auto {
        return;
    }
    // Frames in a row until decided: the game draws only when something
    // changes, and the decision needs frame times, not waits.
    redraw.write(RequestRedraw);
    // A frame after a still spell lasts as long as the wait: not a sample.
    if frames.0 < SKIP_FRAMES || !pace.in_a_row() {
        return;
    }
    auto.samples.push(time.delta_secs() * 1000.0);
    if let Some(d) = auto_decision(&auto.samples) {
        auto.decided = Some(d);
        if d == Graphics::Low {
            info!("agon: frames are slow here; drawing Low (no multisampling or shadows)");
        }
    }
}

/// How the interface's camera puts its picture over the board's. With
/// multisampling the two draw to textures of their own, and the interface's
/// is blended over the board's on the screen. Without, Bevy gives them one
/// texture: the interface draws straight over the board and that is copied
/// to the screen once, two full-screen passes fewer (a software renderer
/// spends a good part of each frame on them).
#[derive(Clone, Copy)]
pub(crate) struct Composition {
    pub board_output: CameraOutputMode,
    pub interface_clear: ClearColorConfig,
    pub interface_output: CameraOutputMode,
}

pub(crate) fn composition(high: bool) -> Composition {
    if high {
        Composition {
            board_output: CameraOutputMode::default(),
            interface_clear: ClearColorConfig::Custom(Color::NONE),
            interface_output: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
        }
    } else {
        Composition {
            board_output: CameraOutputMode::Skip,
            interface_clear: ClearColorConfig::None,
            interface_output: CameraOutputMode::Write {
                blend_state: None,
                clear_color: ClearColorConfig::None,
            },
        }
    }
}

fn apply(
    settings: Res<Settings>,
    auto: Res<AutoGraphics>,
    mut cameras: Query<(&mut Msaa, &mut Camera), With<BoardCamera>>,
    mut interface: Query<&mut Camera, (With<PrimaryEguiContext>, Without<BoardCamera>)>,
    mut lights: Query<&mut DirectionalLight>,
    pbr: Option<Res<crate::scene::plain::PbrShader>>,
) {
    let light_changed = pbr.as_ref().is_some_and(|p| p.is_changed());
    if !settings.is_changed() && !auto.is_changed() && !light_changed {
        return;
    }
    // The plain light shows no shadows: none are drawn for it.
    let plain_light = pbr.is_some_and(|p| p.plain);
    let high = effective(settings.graphics, &auto) == Graphics::High;
    let msaa = if high { Msaa::Sample4 } else { Msaa::Off };
    let c = composition(high);
    for (mut m, mut camera) in &mut cameras {
        if *m != msaa {
            *m = msaa;
        }
        camera.output_mode = c.board_output;
    }
    for mut camera in &mut interface {
        camera.clear_color = c.interface_clear;
        camera.output_mode = c.interface_output;
    }
    let shadows = high && !plain_light;
    for mut light in &mut lights {
        if light.shadow_maps_enabled != shadows {
            light.shadow_maps_enabled = shadows;
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AutoGraphics>()
        .add_systems(Update, (watch_frames, apply).chain());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_waits_for_enough_frames_then_judges_the_median() {
        assert_eq!(auto_decision(&[100.0; 2]), None);
        assert_eq!(auto_decision(&[16.0; SAMPLES - 1]), None);
        assert_eq!(auto_decision(&[16.0; SAMPLES]), Some(Graphics::High));
        // One slow frame (a pipeline compiling) is not a slow machine.
        let mut hitch = [16.0; SAMPLES];
        hitch[3] = 400.0;
        assert_eq!(auto_decision(&hitch), Some(Graphics::High));
        assert_eq!(auto_decision(&[60.0; SAMPLES]), Some(Graphics::Low));
        // A very slow machine is judged after a few frames, not a dozen.
        assert_eq!(auto_decision(&[900.0; 3]), Some(Graphics::Low));
    }

    #[test]
    fn a_chosen_setting_overrides_auto() {
        let auto = AutoGraphics {
            samples: vec![],
            decided: Some(Graphics::Low),
        };
        assert_eq!(effective(Graphics::Auto, &auto), Graphics::Low);
        assert_eq!(effective(Graphics::High, &auto), Graphics::High);
        assert_eq!(
            effective(Graphics::Low, &AutoGraphics::default()),
            Graphics::Low
        );
        assert_eq!(
            effective(Graphics::Auto, &AutoGraphics::default()),
            UNDECIDED
        );
    }
}
