//! How a piece looks: the meshes and materials of queens and guards (Light's
//! rounded, Dark's faceted), where a piece rests on its cell (standing, or
//! lying when captured), dimming, and the theme's colours.

use std::collections::HashMap;

use agon_rules::{Cell, Kind, Side};
use bevy::prelude::*;

use crate::scene::layout::cell_center;
use crate::scene::theme::Theme;

/// A piece on the board, as shown.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceView {
    pub cell: Cell,
    pub side: Side,
    pub kind: Kind,
    pub out_of_play: bool,
}

/// A mesh part of a piece, coloured by its role.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Body,
    Trim,
}

#[derive(Resource)]
pub(super) struct PieceAssets {
    meshes: HashMap<&'static str, Handle<Mesh>>,
    /// Body and trim materials per side, in play and out of play.
    body: [[Handle<StandardMaterial>; 2]; 2],
    trim: [[Handle<StandardMaterial>; 2]; 2],
}

/// The height of each kind of piece, for the tipped pose.
fn height(kind: Kind) -> f32 {
    match kind {
        Kind::Queen => 1.02,
        Kind::Guard => 0.66,
    }
}

fn body_material(color: Color, dim: bool) -> StandardMaterial {
    let c = if dim {
        let l = color.to_linear();
        Color::linear_rgb(l.red * 0.35, l.green * 0.35, l.blue * 0.35)
    } else {
        color
    };
    StandardMaterial {
        base_color: c,
        perceptual_roughness: 0.35,
        metallic: 0.0,
        reflectance: 0.5,
        ..default()
    }
}

fn trim_material(color: Color, dim: bool) -> StandardMaterial {
    let mut m = body_material(color, dim);
    m.metallic = 0.6;
    m.perceptual_roughness = 0.3;
    m
}

pub(crate) fn make_assets(
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    theme: &Theme,
) -> PieceAssets {
    let mut m = HashMap::new();
    m.insert("base", meshes.add(Cylinder::new(0.40, 0.12)));
    m.insert(
        "base_hex",
        meshes.add(Cylinder::new(0.42, 0.12).mesh().resolution(6)),
    );
    m.insert(
        "guard_body",
        meshes.add(ConicalFrustum {
            radius_top: 0.2,
            radius_bottom: 0.32,
            height: 0.34,
        }),
    );
    m.insert(
        "guard_body_hex",
        meshes.add(
            ConicalFrustum {
                radius_top: 0.2,
                radius_bottom: 0.32,
                height: 0.34,
            }
            .mesh()
            .resolution(6),
        ),
    );
    m.insert(
        "guard_head",
        meshes.add(Sphere::new(0.17).mesh().uv(24, 16)),
    );
    m.insert(
        "guard_head_hex",
        meshes.add(Cylinder::new(0.19, 0.16).mesh().resolution(6)),
    );
    m.insert(
        "queen_body",
        meshes.add(ConicalFrustum {
            radius_top: 0.17,
            radius_bottom: 0.36,
            height: 0.6,
        }),
    );
    m.insert(
        "queen_body_hex",
        meshes.add(
            ConicalFrustum {
                radius_top: 0.17,
                radius_bottom: 0.36,
                height: 0.6,
            }
            .mesh()
            .resolution(6),
        ),
    );
    m.insert("collar", meshes.add(Torus::new(0.13, 0.21)));
    m.insert("orb", meshes.add(Sphere::new(0.13).mesh().uv(24, 16)));
    m.insert(
        "spike",
        meshes.add(
            Cone {
                radius: 0.15,
                height: 0.3,
            }
            .mesh()
            .resolution(6),
        ),
    );
    m.insert("band", meshes.add(Torus::new(0.3, 0.36)));
    let p = &theme.palette;
    let colors = [(p.light_piece, p.light_trim), (p.dark_piece, p.dark_trim)];
    PieceAssets {
        meshes: m,
        body: std::array::from_fn(|s| {
            std::array::from_fn(|d| materials.add(body_material(colors[s].0, d == 1)))
        }),
        trim: std::array::from_fn(|s| {
            std::array::from_fn(|d| materials.add(trim_material(colors[s].1, d == 1)))
        }),
    }
}

/// Pieces are modelled at cell radius 1 and drawn a little larger.
pub const PIECE_SCALE: f32 = 1.25;

/// Where a piece rests: standing on its cell, or lying there when captured.
pub fn rest_transform(cell: Cell, kind: Kind, out_of_play: bool) -> Transform {
    let at = cell_center(cell) + Vec3::Y * if cell == Cell::THRONE { 0.08 } else { 0.0 };
    let scale = Vec3::splat(PIECE_SCALE);
    if !out_of_play {
        return Transform::from_translation(at).with_scale(scale);
    }
    // Lying along the cell, centred on it, resting on its base's rim.
    let h = height(kind) * PIECE_SCALE;
    let rot =
        Quat::from_rotation_z(std::f32::consts::FRAC_PI_2 * 0.92) * Quat::from_rotation_y(0.4);
    let axis = rot * Vec3::Y;
    Transform::from_translation(at - axis * (h / 2.0) + Vec3::Y * 0.34 * PIECE_SCALE)
        .with_rotation(rot)
        .with_scale(scale)
}

pub(crate) fn spawn_piece(
    commands: &mut Commands,
    assets: &PieceAssets,
    cell: Cell,
    side: Side,
    kind: Kind,
    out: bool,
) -> Entity {
    let s = side.index();
    let d = out as usize;
    let body = MeshMaterial3d(assets.body[s][d].clone());
    let trim = MeshMaterial3d(assets.trim[s][d].clone());
    // Dark's pieces use the faceted variant of a part where there is one.
    let mesh = |name: &str| {
        let faceted = format!("{name}_hex");
        let handle = match side {
            Side::Dark => assets.meshes.get(faceted.as_str()),
            Side::Light => None,
        };
        Mesh3d(
            handle
                .or(assets.meshes.get(name))
                .expect("a piece mesh")
                .clone(),
        )
    };
    let view = PieceView {
        cell,
        side,
        kind,
        out_of_play: out,
    };
    commands
        .spawn((view, rest_transform(cell, kind, out), Visibility::default()))
        .with_children(|c| {
            c.spawn((
                Part::Body,
                mesh("base"),
                body.clone(),
                Transform::from_xyz(0.0, 0.06, 0.0),
            ));
            c.spawn((
                Part::Trim,
                Mesh3d(assets.meshes["band"].clone()),
                trim.clone(),
                Transform::from_xyz(0.0, 0.12, 0.0).with_scale(Vec3::new(1.0, 0.5, 1.0)),
            ));
            match kind {
                Kind::Guard => {
                    c.spawn((
                        Part::Body,
                        mesh("guard_body"),
                        body.clone(),
                        Transform::from_xyz(0.0, 0.29, 0.0),
                    ));
                    c.spawn((
                        Part::Body,
                        mesh("guard_head"),
                        body.clone(),
                        Transform::from_xyz(0.0, 0.55, 0.0),
                    ));
                }
                Kind::Queen => {
                    c.spawn((
                        Part::Body,
                        mesh("queen_body"),
                        body.clone(),
                        Transform::from_xyz(0.0, 0.42, 0.0),
                    ));
                    c.spawn((
                        Part::Trim,
                        Mesh3d(assets.meshes["collar"].clone()),
                        trim.clone(),
                        Transform::from_xyz(0.0, 0.74, 0.0).with_scale(Vec3::new(1.0, 0.6, 1.0)),
                    ));
                    if side == Side::Light {
                        c.spawn((
                            Part::Trim,
                            Mesh3d(assets.meshes["orb"].clone()),
                            trim.clone(),
                            Transform::from_xyz(0.0, 0.88, 0.0),
                        ));
                    } else {
                        c.spawn((
                            Part::Trim,
                            Mesh3d(assets.meshes["spike"].clone()),
                            trim.clone(),
                            Transform::from_xyz(0.0, 0.9, 0.0),
                        ));
                    }
                }
            }
        })
        .id()
}

pub(crate) fn set_dim(
    e: Entity,
    dim: bool,
    view: &PieceView,
    assets: &PieceAssets,
    children: &Query<&Children>,
    parts: &mut Query<(&Part, &mut MeshMaterial3d<StandardMaterial>)>,
) {
    let (s, d) = (view.side.index(), dim as usize);
    let Ok(kids) = children.get(e) else { return };
    for kid in kids.iter() {
        if let Ok((part, mut mat)) = parts.get_mut(kid) {
            mat.0 = match part {
                Part::Body => assets.body[s][d].clone(),
                Part::Trim => assets.trim[s][d].clone(),
            };
        }
    }
}

/// Applies a theme's piece colours.
pub(crate) fn recolour(
    theme: Res<Theme>,
    assets: Option<Res<PieceAssets>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    if !theme.is_changed() {
        return;
    }
    let Some(assets) = assets else { return };
    let p = &theme.palette;
    let colors = [(p.light_piece, p.light_trim), (p.dark_piece, p.dark_trim)];
    for (s, (body, trim)) in colors.iter().enumerate() {
        for d in 0..2 {
            if let Some(mut m) = materials.get_mut(&assets.body[s][d]) {
                *m = body_material(*body, d == 1);
            }
            if let Some(mut m) = materials.get_mut(&assets.trim[s][d]) {
                *m = trim_material(*trim, d == 1);
            }
        }
    }
}
