//! Low graphics at launch lights the board with the plain shader in place
//! of Bevy's physically based one for the session, High with Bevy's own;
//! and how the interface's camera draws over the board's at each.

use agon::scene::camera::BoardCamera;
use agon::scene::plain::{PBR_SHADER, PbrShader};
use agon::store::{Graphics, Settings};
use bevy::camera::CameraOutputMode;
use bevy::shader::{Shader, Source};
use bevy_egui::PrimaryEguiContext;

use super::*;

/// The source of the shader now behind `StandardMaterial`.
fn pbr_source(app: &App) -> Option<String> {
    let handle = app
        .world()
        .resource::<AssetServer>()
        .load::<Shader>(PBR_SHADER);
    let shader = app.world().resource::<Assets<Shader>>().get(&handle)?;
    match &shader.source {
        Source::Wgsl(s) => Some(s.to_string()),
        _ => None,
    }
}

/// Runs frames (Bevy loads its shaders off the frame) until `done`.
fn frames_until(app: &mut App, done: impl Fn(&App) -> bool) -> bool {
    for _ in 0..200 {
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
        app.update();
    }
    done(app)
}

const PLAIN_MARK: &str = "Low graphics: Bevy's StandardMaterial lit by a short shader";
const BEVY_MARK: &str = "pbr_input_from_standard_material";

/// Whether the scene's light casts shadows.
fn shadows(app: &mut App) -> bool {
    let world = app.world_mut();
    world
        .query::<&DirectionalLight>()
        .single(world)
        .unwrap()
        .shadow_maps_enabled
}

/// How the render world hears of the shader behind `StandardMaterial`:
/// whether the swap was seen happen, and how often it heard of a change to
/// that shader a frame after the swap (the render world would build the
/// board's pipelines twice).
#[derive(Resource, Default)]
struct SwapWatch {
    plain_before: Option<bool>,
    seen: bool,
    late: usize,
}

fn watch_swap(
    pbr: Res<PbrShader>,
    assets: Res<AssetServer>,
    mut events: MessageReader<AssetEvent<Shader>>,
    mut watch: ResMut<SwapWatch>,
) {
    let id = assets.load::<Shader>(PBR_SHADER).id();
    let heard = assets_heard_of(&mut events).contains(&id);
    if heard && watch.plain_before == Some(true) {
        watch.late += 1;
    }
    // Before the first frame (None) the shader is Bevy's.
    watch.seen |= watch.plain_before != Some(true) && pbr.plain;
    watch.plain_before = Some(pbr.plain);
}

#[test]
fn low_graphics_at_launch_lights_the_board_with_the_plain_shader_for_the_session() {
    let mut app = whole_app_before_its_first_frame(
        &data_dir("graphics"),
        &[
            "--mode",
            "pass-and-play",
            "--graphics",
            "low",
            "--lang",
            "en",
        ],
    );
    app.init_resource::<SwapWatch>()
        .add_systems(Last, watch_swap);
    let plain = |app: &App| pbr_source(app).is_some_and(|s| s.contains(PLAIN_MARK));
    assert!(frames_until(&mut app, plain), "Low did not swap the shader");
    assert!(app.world().resource::<PbrShader>().plain);
    frames(&mut app, 3);
    let watch = app.world().resource::<SwapWatch>();
    assert!(watch.seen, "the swap happened before the watch began");
    assert_eq!(
        watch.late, 0,
        "the render world heard of the swap a frame after it"
    );
    assert!(!shadows(&mut app));

    // Chosen once: High later draws with multisampling, but keeps the plain
    // light (and so draws no shadows it could not show) until the next launch.
    app.world_mut().resource_mut::<Settings>().graphics = Graphics::High;
    frames(&mut app, 5);
    assert!(plain(&app), "the light changed during the session");
    assert!(!shadows(&mut app));
    let world = app.world_mut();
    let msaa = *world
        .query_filtered::<&Msaa, With<BoardCamera>>()
        .single(world)
        .unwrap();
    assert_eq!(msaa, Msaa::Sample4);
}

#[test]
fn high_graphics_keeps_bevys_shader() {
    let mut app = whole_app(
        &data_dir("graphics-high"),
        &["--mode", "pass-and-play", "--graphics", "high"],
    );
    let loaded = |app: &App| pbr_source(app).is_some();
    assert!(frames_until(&mut app, loaded), "Bevy's shader did not load");
    frames(&mut app, 5);
    let source = pbr_source(&app).unwrap();
    assert!(source.contains(BEVY_MARK) && !source.contains(PLAIN_MARK));
    assert!(!app.world().resource::<PbrShader>().plain);
    assert!(shadows(&mut app));
    // Low later keeps Bevy's light for the session, without shadows.
    app.world_mut().resource_mut::<Settings>().graphics = Graphics::Low;
    frames(&mut app, 5);
    assert!(pbr_source(&app).unwrap().contains(BEVY_MARK));
    assert!(!shadows(&mut app));
}

/// (board camera writes to the screen, interface camera clears, interface
/// camera blends over what is on the screen)
fn composition(app: &mut App) -> (bool, bool, bool) {
    let world = app.world_mut();
    let board = world
        .query_filtered::<&Camera, With<BoardCamera>>()
        .single(world)
        .unwrap()
        .output_mode;
    let interface = world
        .query_filtered::<&Camera, With<PrimaryEguiContext>>()
        .single(world)
        .unwrap()
        .clone();
    (
        matches!(board, CameraOutputMode::Write { .. }),
        !matches!(interface.clear_color, ClearColorConfig::None),
        matches!(
            interface.output_mode,
            CameraOutputMode::Write {
                blend_state: Some(_),
                ..
            }
        ),
    )
}

/// Without multisampling the board's and the interface's cameras share one
/// texture (Bevy's rule): the interface draws over the board and only its
/// camera writes to the screen. With it, each has its own and the
/// interface's is blended over the board's.
#[test]
fn the_interface_draws_over_the_board_in_one_texture_at_low() {
    let mut app = whole_app(
        &data_dir("graphics-compose"),
        &["--mode", "pass-and-play", "--graphics", "low"],
    );
    assert_eq!(composition(&mut app), (false, false, false));
    app.world_mut().resource_mut::<Settings>().graphics = Graphics::High;
    app.update();
    assert_eq!(composition(&mut app), (true, true, true));
    app.world_mut().resource_mut::<Settings>().graphics = Graphics::Low;
    app.update();
    assert_eq!(composition(&mut app), (false, false, false));
}
