//! Low graphics lights the board with a short shader (`plain.wgsl`) in
//! place of Bevy's physically based one. On a software renderer (a browser
//! without a GPU, a weak phone) the full shader takes seconds to compile and
//! most of each frame to run: it is what kept a visitor waiting for the
//! board. The swap is of the shader behind `StandardMaterial`, so every
//! material, mark and effect keeps its data and its code. The light is
//! chosen once a session, at launch.

use bevy::asset::AssetEventSystems;
use bevy::prelude::*;
use bevy::shader::Shader;

use crate::scene::graphics::{AutoGraphics, effective};
use crate::store::{Graphics, Settings};

/// Where Bevy 0.19 keeps `StandardMaterial`'s fragment shader.
pub const PBR_SHADER: &str = "embedded://bevy_pbr/render/pbr.wgsl";
const PLAIN: &str = include_str!("plain.wgsl");

/// The shader behind `StandardMaterial`.
#[derive(Resource)]
pub struct PbrShader {
    handle: Handle<Shader>,
    /// Whether the light has been chosen for this session.
    pub chosen: bool,
    /// Whether the plain shader is in place.
    pub plain: bool,
}

fn setup(mut commands: Commands, assets: Res<AssetServer>) {
    commands.insert_resource(PbrShader {
        handle: assets.load(PBR_SHADER),
        chosen: false,
        plain: false,
    });
}

/// Chosen once, when Bevy's shader has loaded (the first frames), from the
/// graphics then in effect; a later change of graphics takes the light with
/// it at the next launch. Swapping the shader of pipelines already built
/// left the desktop busy at rest (measured under Xvfb: a core and more,
/// with the board still).
fn choose_light(
    settings: Res<Settings>,
    auto: Res<AutoGraphics>,
    shaders: Option<ResMut<Assets<Shader>>>,
    mut pbr: ResMut<PbrShader>,
) {
    let Some(mut shaders) = shaders else { return };
    if pbr.chosen {
        return;
    }
    // Bevy's own arrives from its embedded files a frame or two in; the
    // board's pipelines wait for it either way.
    let Some(original) = shaders.get(&pbr.handle) else {
        return;
    };
    pbr.chosen = true;
    if effective(settings.graphics, &auto) != Graphics::Low {
        info!("agon: the board is lit by the PBR shader");
        return;
    }
    let plain = Shader::from_wgsl(PLAIN, original.path.clone());
    if shaders.insert(&pbr.handle, plain).is_ok() {
        pbr.plain = true;
        info!("agon: the board is lit by the plain shader");
    }
}

pub fn plugin(app: &mut App) {
    // Before the asset events, so that the render world takes the plain
    // shader in the frame Bevy's arrives, and never builds pipelines with
    // the one it replaces.
    app.add_systems(Startup, setup)
        .add_systems(PostUpdate, choose_light.before(AssetEventSystems));
}
