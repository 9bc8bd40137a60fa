//! Low graphics lights the board with the plain shader in place of Bevy's
//! physically based one, High with Bevy's own, and changing the setting
//! swaps them while the game runs.

use agon::scene::plain::{PBR_SHADER, PbrShader};
use agon::store::{Graphics, Settings};
use bevy::shader::{Shader, Source};

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

#[test]
fn low_graphics_lights_the_board_with_the_plain_shader_and_high_puts_bevys_back() {
    let mut app = whole_app(
        &data_dir("graphics"),
        &["--mode", "pass-and-play", "--graphics", "low"],
    );
    let plain = |app: &App| pbr_source(app).is_some_and(|s| s.contains(PLAIN_MARK));
    assert!(frames_until(&mut app, plain), "Low did not swap the shader");
    assert!(app.world().resource::<PbrShader>().plain);

    app.world_mut().resource_mut::<Settings>().graphics = Graphics::High;
    let bevys = |app: &App| pbr_source(app).is_some_and(|s| s.contains(BEVY_MARK));
    assert!(
        frames_until(&mut app, bevys),
        "High did not put Bevy's shader back"
    );
    assert!(!app.world().resource::<PbrShader>().plain);

    app.world_mut().resource_mut::<Settings>().graphics = Graphics::Low;
    assert!(
        frames_until(&mut app, plain),
        "Low again did not swap it again"
    );
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
}
