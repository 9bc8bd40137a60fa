//! The camera: frames the whole board in the part of the window the panels
//! leave free, at any size and aspect; turns to Light's or Dark's side; a
//! gentle orbit and zoom within limits. Also the lights.

use bevy::camera::{Viewport, visibility::RenderLayers};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};

use agon_rules::Side;

use crate::game::tutorial::Tutorial;
use crate::game::{BoardBusy, BoardReset, Match, Mode, UiFocus};
use crate::store::{Settings, ViewSide};

#[derive(Component)]
pub struct BoardCamera;

/// Space the interface panels take at the window's edges, in logical pixels.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct UiInsets {
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

/// The camera's pose around the board's centre.
#[derive(Resource, Debug, Clone)]
pub struct CameraRig {
    /// Turn around the vertical axis: 0 sees the board from Light's side.
    pub yaw: f32,
    pub target_yaw: f32,
    /// The player's own turn added to the side's view.
    pub user_yaw: f32,
    /// Angle above the board plane.
    pub pitch: f32,
    /// 1 frames the whole board; less zooms in.
    pub zoom: f32,
}

pub const DEFAULT_PITCH: f32 = 0.98;
const PITCH_RANGE: (f32, f32) = (0.6, 1.45);
const ZOOM_RANGE: (f32, f32) = (0.55, 1.25);
const YAW_LIMIT: f32 = 1.1;
/// Radius of what must stay in view: the board, its frame and tall pieces.
const FRAME_RADIUS: f32 = 10.6;
/// Half the width of the board's frame, across its flat sides.
pub const FRAME_HALF_WIDTH: f32 = 9.05;

impl Default for CameraRig {
    fn default() -> Self {
        CameraRig {
            yaw: 0.0,
            target_yaw: 0.0,
            user_yaw: 0.0,
            pitch: DEFAULT_PITCH,
            zoom: 1.0,
        }
    }
}

impl CameraRig {
    pub(crate) fn reset(&mut self) {
        self.user_yaw = 0.0;
        self.pitch = DEFAULT_PITCH;
        self.zoom = 1.0;
    }
}

/// The side the board is seen from, by the settings and the mode. A lesson
/// is Light's alone: the board does not turn when its Dark pieces are to move.
pub(crate) fn view_side(settings: &Settings, the_match: &Match, lesson: bool) -> Side {
    match settings.view {
        ViewSide::Light => Side::Light,
        ViewSide::Dark => Side::Dark,
        ViewSide::Auto if lesson => Side::Light,
        ViewSide::Auto => match the_match.mode {
            Mode::VsComputer { human, .. }
            | Mode::Remote { me: human }
            | Mode::Online {
                me: Some(human), ..
            }
            | Mode::Puzzle { solver: human } => human,
            Mode::PassAndPlay => the_match.position().to_move(),
            Mode::Watch { .. } | Mode::Online { me: None } => Side::Light,
        },
    }
}

/// The camera distance that fits a disc of `radius` seen at `pitch` into a
/// viewport of `aspect` (width / height) with vertical field of view `fov`.
pub(crate) fn fit_distance(radius: f32, pitch: f32, aspect: f32, fov: f32) -> f32 {
    let tan_v = (fov / 2.0).tan();
    let tan_h = tan_v * aspect.max(0.1);
    // The disc's far and near rims project to about radius * sin(pitch)
    // above and below the centre; the near rim is closer, hence the margin.
    let vertical = (radius * pitch.sin() + 0.8) / tan_v;
    // Across a tall window (a phone held upright) only the frame's flat
    // sides need room: the board takes the whole width.
    let tall = ((1.0 - aspect) / 0.2).clamp(0.0, 1.0);
    let across = radius + (FRAME_HALF_WIDTH - radius) * tall;
    let horizontal = across / tan_h;
    vertical.max(horizontal) * 1.03 + radius * pitch.cos() * 0.3 * (1.0 - tall)
}

fn setup(mut commands: Commands, mut egui_settings: ResMut<EguiGlobalSettings>) {
    // The interface gets its own camera below, not the board's.
    egui_settings.auto_create_primary_context = false;
    // Spawned as High draws them; `graphics` sets them for the setting.
    let high = crate::scene::graphics::composition(true);
    commands.spawn((
        BoardCamera,
        Camera3d::default(),
        Camera {
            output_mode: high.board_output,
            ..default()
        },
        Projection::Perspective(PerspectiveProjection {
            fov: 0.62,
            ..default()
        }),
        Msaa::Sample4,
        // Computed in the shader: no lookup tables to ship to the browser.
        Tonemapping::SomewhatBoringDisplayTransform,
        Transform::from_xyz(0.0, 20.0, 14.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // The interface draws on its own camera, over the whole window.
    commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        // egui smooths its own edges and draws to the unsampled target.
        Msaa::Off,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: high.interface_output,
            clear_color: high.interface_clear,
            ..default()
        },
    ));
    commands.spawn((
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        CascadeShadowConfigBuilder {
            num_cascades: 1,
            maximum_distance: 60.0,
            ..default()
        }
        .build(),
        Transform::from_xyz(-6.0, 14.0, 8.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::srgb(0.95, 0.92, 0.88),
        brightness: 650.0,
        ..default()
    });
}

/// Sets the side to look from; in pass-and-play the board turns once the
/// last action has been shown.
fn choose_side(
    settings: Res<Settings>,
    the_match: Res<Match>,
    tutorial: Res<Tutorial>,
    busy: Res<BoardBusy>,
    mut rig: ResMut<CameraRig>,
) {
    if busy.0 {
        return;
    }
    let yaw = match view_side(&settings, &the_match, tutorial.active) {
        Side::Light => 0.0,
        Side::Dark => std::f32::consts::PI,
    };
    if rig.target_yaw != yaw {
        rig.target_yaw = yaw;
    }
}

/// Another match starts with the view reset.
fn fresh_view(mut resets: MessageReader<BoardReset>, mut rig: ResMut<CameraRig>) {
    if resets.read().any(|r| r.new_match) {
        rig.reset();
    }
}

/// Two fingers on the board: their distance and the angle between them,
/// as last seen.
#[derive(Default)]
pub struct Pinch(Option<(f32, f32)>);

impl Pinch {
    /// Follows two fingers: spreading them zooms in, turning them turns
    /// the board. Returns the change of zoom (a factor) and of turn.
    pub(crate) fn follow(&mut self, a: Vec2, b: Vec2) -> (f32, f32) {
        let distance = a.distance(b).max(1.0);
        let angle = (b - a).to_angle();
        let change = match self.0 {
            Some((d0, a0)) => {
                let mut turn = angle - a0;
                // The shorter way round.
                if turn > std::f32::consts::PI {
                    turn -= std::f32::consts::TAU;
                } else if turn < -std::f32::consts::PI {
                    turn += std::f32::consts::TAU;
                }
                (d0 / distance, turn)
            }
            None => (1.0, 0.0),
        };
        self.0 = Some((distance, angle));
        change
    }
}

/// Right-drag turns and tilts, the wheel zooms, `R` resets; on a touch
/// screen, two fingers pinch to zoom and turn the board.
#[allow(clippy::too_many_arguments)]
fn orbit(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    touches: Res<bevy::input::touch::Touches>,
    focus: Res<UiFocus>,
    mut pinch: Local<Pinch>,
    mut rig: ResMut<CameraRig>,
) {
    let over_ui = focus.pointer;
    let fingers: Vec<Vec2> = touches.iter().map(|t| t.position()).collect();
    if let [a, b] = fingers[..] {
        let (zoom, turn) = pinch.follow(a, b);
        if zoom != 1.0 || turn != 0.0 {
            rig.zoom = (rig.zoom * zoom).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
            // The camera goes round the other way, so the board follows the fingers.
            rig.user_yaw = (rig.user_yaw + turn).clamp(-YAW_LIMIT, YAW_LIMIT);
        }
    } else {
        pinch.0 = None;
    }
    if buttons.pressed(MouseButton::Right) && !over_ui {
        rig.user_yaw = (rig.user_yaw - motion.delta.x * 0.006).clamp(-YAW_LIMIT, YAW_LIMIT);
        rig.pitch = (rig.pitch + motion.delta.y * 0.004).clamp(PITCH_RANGE.0, PITCH_RANGE.1);
    }
    if scroll.delta.y != 0.0 && !over_ui {
        rig.zoom =
            (rig.zoom * (1.0 - scroll.delta.y.signum() * 0.08)).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
    }
    // An `r` typed into a text box is a letter, not a shortcut.
    if keys.just_pressed(KeyCode::KeyR) && !focus.typing {
        rig.reset();
    }
}

fn place_camera(
    time: Res<Time>,
    insets: Res<UiInsets>,
    mut rig: ResMut<CameraRig>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut camera: Query<(&mut Camera, &mut Transform, &Projection), With<BoardCamera>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Ok((mut camera, mut tr, projection)) = camera.single_mut() else {
        return;
    };
    // Turn smoothly toward the chosen side, the short way round.
    let mut delta = rig.target_yaw - rig.yaw;
    while delta > std::f32::consts::PI {
        delta -= std::f32::consts::TAU;
    }
    while delta < -std::f32::consts::PI {
        delta += std::f32::consts::TAU;
    }
    let k = 1.0 - (-time.delta_secs() * 5.0).exp();
    rig.yaw += delta * k;
    if (rig.target_yaw - rig.yaw).abs() < 1e-3 {
        rig.yaw = rig.target_yaw;
    } else {
        redraw.write(RequestRedraw);
    }

    let mut aspect = 16.0 / 9.0;
    if let Ok(window) = window.single() {
        let scale = window.scale_factor();
        let (w, h) = (window.physical_width(), window.physical_height());
        let left = (insets.left * scale) as u32;
        let right = (insets.right * scale) as u32;
        let top = (insets.top * scale) as u32;
        let bottom = (insets.bottom * scale) as u32;
        let vw = w.saturating_sub(left + right).max(1);
        let vh = h.saturating_sub(top + bottom).max(1);
        if w > 0 && h > 0 {
            let viewport = Viewport {
                physical_position: UVec2::new(left.min(w - 1), top.min(h - 1)),
                physical_size: UVec2::new(vw, vh),
                ..default()
            };
            if camera
                .viewport
                .as_ref()
                .map(|v| (v.physical_position, v.physical_size))
                != Some((viewport.physical_position, viewport.physical_size))
            {
                camera.viewport = Some(viewport);
            }
            aspect = vw as f32 / vh as f32;
        }
    }
    let fov = match projection {
        Projection::Perspective(p) => p.fov,
        _ => 0.62,
    };
    // Tall, narrow windows (phones) look more from above, to use their height.
    let pitch = (rig.pitch + (1.0 - aspect).clamp(0.0, 0.6) * 0.7).min(PITCH_RANGE.1);
    let distance = fit_distance(FRAME_RADIUS, pitch, aspect, fov) * rig.zoom;
    let yaw = rig.yaw + rig.user_yaw;
    let dir = Vec3::new(
        yaw.sin() * pitch.cos(),
        pitch.sin(),
        yaw.cos() * pitch.cos(),
    );
    // Aim a little nearer than the centre: the near rim looks larger.
    let target = Vec3::new(yaw.sin(), 0.0, yaw.cos()) * 0.7;
    *tr = Transform::from_translation(target + dir * distance).looking_at(target, Vec3::Y);
}

pub fn plugin(app: &mut App) {
    app.init_resource::<UiInsets>()
        .init_resource::<CameraRig>()
        .add_systems(Startup, setup)
        .add_systems(
            Update,
            (fresh_view, choose_side, orbit, place_camera).chain(),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_and_play_turns_to_the_side_to_move_but_a_lesson_stays_with_light() {
        let settings = Settings::default();
        let mut game = agon_rules::Game::new();
        game.play_text("f1-f2").unwrap();
        let m = Match::new(game, Mode::PassAndPlay);
        assert_eq!(view_side(&settings, &m, false), Side::Dark);
        assert_eq!(view_side(&settings, &m, true), Side::Light);
        let fixed = Settings {
            view: ViewSide::Dark,
            ..Settings::default()
        };
        assert_eq!(view_side(&fixed, &m, true), Side::Dark);
    }

    #[test]
    fn two_fingers_spread_to_zoom_in_and_turn_the_board() {
        let mut pinch = Pinch::default();
        assert_eq!(
            pinch.follow(Vec2::new(100.0, 100.0), Vec2::new(200.0, 100.0)),
            (1.0, 0.0)
        );
        // Twice as far apart: half the distance, closer in.
        let (zoom, turn) = pinch.follow(Vec2::new(50.0, 100.0), Vec2::new(250.0, 100.0));
        assert!((zoom - 0.5).abs() < 1e-5 && turn.abs() < 1e-5);
        // A quarter turn clockwise on the screen (y grows downwards).
        let (zoom, turn) = pinch.follow(Vec2::new(150.0, 0.0), Vec2::new(150.0, 200.0));
        assert!((zoom - 1.0).abs() < 1e-5);
        assert!((turn - std::f32::consts::FRAC_PI_2).abs() < 1e-5);
        // Across the half turn, the shorter way round.
        let mut pinch = Pinch::default();
        pinch.follow(Vec2::ZERO, Vec2::new(-100.0, 1.0));
        let (_, turn) = pinch.follow(Vec2::ZERO, Vec2::new(-100.0, -1.0));
        assert!(turn.abs() < 0.1, "{turn}");
    }

    #[test]
    fn narrow_windows_pull_the_camera_back() {
        let wide = fit_distance(FRAME_RADIUS, DEFAULT_PITCH, 2.0, 0.62);
        let square = fit_distance(FRAME_RADIUS, DEFAULT_PITCH, 1.0, 0.62);
        let tall = fit_distance(FRAME_RADIUS, DEFAULT_PITCH, 0.5, 0.62);
        assert!(wide <= square && square < tall);
    }
}
