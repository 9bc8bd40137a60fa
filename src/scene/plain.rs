//! Low graphics lights the board with a short shader (`plain.wgsl`) in
//! place of Bevy's physically based one. On a software renderer (a browser
//! without a GPU, a weak phone) the full shader takes seconds to compile and
//! most of each frame to run: it is what kept a visitor waiting for the
//! board. The swap is of the shader behind `StandardMaterial`, so every
//! material, mark and effect keeps its data and its code; High puts Bevy's
//! own shader back.

use bevy::prelude::*;
use bevy::shader::Shader;

use crate::scene::graphics::{AutoGraphics, effective};
use crate::store::{Graphics, Settings};

/// Where Bevy 0.19 keeps `StandardMaterial`'s fragment shader.
pub const PBR_SHADER: &str = "embedded://bevy_pbr/render/pbr.wgsl";
const PLAIN: &str = include_str!("plain.wgsl");

/// The shader behind `StandardMaterial`, and Bevy's own, kept to put back.
#[derive(Resource)]
pub struct PbrShader {
    handle: Handle<Shader>,
    original: Option<Shader>,
    /// Whether the plain shader is in place.
    pub plain: bool,
}

fn setup(mut commands: Commands, assets: Res<AssetServer>) {
    commands.insert_resource(PbrShader {
        handle: assets.load(PBR_SHADER),
        original: None,
        plain: false,
    });
}

fn follow_graphics(
    settings: Res<Settings>,
    auto: Res<AutoGraphics>,
    shaders: Option<ResMut<Assets<Shader>>>,
    mut pbr: ResMut<PbrShader>,
) {
    let Some(mut shaders) = shaders else { return };
    let plain = effective(settings.graphics, &auto) == Graphics::Low;
    if plain == pbr.plain {
        return;
    }
    // Bevy's own arrives from its embedded files a frame or two in; the
    // board's pipelines wait for it either way.
    if pbr.original.is_none() {
        let Some(original) = shaders.get(&pbr.handle) else {
            return;
        };
        pbr.original = Some(original.clone());
    }
    let Some(original) = &pbr.original else {
        return;
    };
    let shader = if plain {
        Shader::from_wgsl(PLAIN, original.path.clone())
    } else {
        original.clone()
    };
    if shaders.insert(&pbr.handle, shader).is_ok() {
        pbr.plain = plain;
        let light = if plain { "plain" } else { "PBR" };
        info!("agon: the board is lit by the {light} shader");
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, setup)
        .add_systems(PostUpdate, follow_graphics);
}
