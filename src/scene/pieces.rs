//! The pieces on the board. Queens are tall and crowned, guards short; Light's
//! pieces are rounded, Dark's faceted, so the sides differ in shape as well as
//! colour. A captured piece lies on its side, dimmed, until it is relocated.

use std::collections::HashMap;

use agon_rules::{ActionKind, Cell, Kind, Position, Side};
use bevy::prelude::*;

use crate::game::{ActionApplied, BoardReset, Match};
use crate::scene::animation::Motion;
use crate::scene::layout::cell_center;
use crate::scene::theme::Theme;
use crate::store::Settings;

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

/// Which entity shows the piece on each cell.
#[derive(Resource, Default, Debug)]
pub struct PieceMap(pub HashMap<Cell, Entity>);

#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PieceSystems;

#[derive(Resource)]
pub struct PieceAssets {
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

fn make_assets(
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

fn spawn_piece(
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

/// Builds the pieces of a position from nothing.
fn rebuild(
    commands: &mut Commands,
    assets: &PieceAssets,
    map: &mut PieceMap,
    existing: impl Iterator<Item = Entity>,
    pos: &Position,
) {
    for e in existing {
        commands.entity(e).despawn();
    }
    map.0.clear();
    for cell in pos.occupied() {
        let p = pos.piece_at(cell).expect("occupied");
        let e = spawn_piece(
            commands,
            assets,
            cell,
            p.side,
            p.kind,
            pos.is_out_of_play(cell),
        );
        map.0.insert(cell, e);
    }
}

fn setup_pieces(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    theme: Res<Theme>,
    the_match: Res<Match>,
    mut map: ResMut<PieceMap>,
) {
    let assets = make_assets(&mut meshes, &mut materials, &theme);
    rebuild(
        &mut commands,
        &assets,
        &mut map,
        std::iter::empty(),
        the_match.position(),
    );
    commands.insert_resource(assets);
}

/// Moves the pieces for each action, and rebuilds them on a reset.
#[allow(clippy::too_many_arguments)]
fn follow_actions(
    mut commands: Commands,
    mut applied: MessageReader<ActionApplied>,
    mut resets: MessageReader<BoardReset>,
    the_match: Res<Match>,
    assets: Option<Res<PieceAssets>>,
    settings: Res<Settings>,
    mut map: ResMut<PieceMap>,
    mut pieces: Query<(&mut PieceView, &Transform)>,
    children: Query<&Children>,
    mut parts: Query<(&Part, &mut MeshMaterial3d<StandardMaterial>)>,
) {
    let Some(assets) = assets else { return };
    if resets.read().count() > 0 {
        applied.clear();
        let existing: Vec<Entity> = map.0.values().copied().collect();
        rebuild(
            &mut commands,
            &assets,
            &mut map,
            existing.into_iter(),
            the_match.position(),
        );
        return;
    }
    let step = settings.animation.step_seconds();
    for ev in applied.read() {
        let a = ev.played.action;
        let Some(e) = map.0.remove(&a.from) else {
            continue;
        };
        map.0.insert(a.to, e);
        if let Ok((mut view, tr)) = pieces.get_mut(e) {
            view.cell = a.to;
            let was_out = view.out_of_play;
            view.out_of_play = false;
            let to = rest_transform(a.to, view.kind, false);
            let (duration, lift) = match ev.played.kind {
                ActionKind::Step => (step, 0.25),
                ActionKind::Relocation => (step * 2.4, 2.2),
            };
            commands
                .entity(e)
                .insert(Motion::new(*tr, to, duration).with_lift(lift));
            if was_out {
                set_dim(e, false, &view, &assets, &children, &mut parts);
            }
        }
        for c in ev.played.captured {
            let Some(&victim) = map.0.get(&c) else {
                continue;
            };
            if let Ok((mut view, tr)) = pieces.get_mut(victim) {
                view.out_of_play = true;
                let to = rest_transform(c, view.kind, true);
                commands.entity(victim).insert(
                    Motion::new(*tr, to, step * 1.4)
                        .with_lift(0.3)
                        .with_delay(step * 0.9),
                );
                set_dim(victim, true, &view, &assets, &children, &mut parts);
            }
        }
    }
}

fn set_dim(
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
fn recolour(
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

pub fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        PieceSystems
            .in_set(crate::game::PlaySet::Present)
            .before(crate::scene::animation::AnimationSystems),
    )
    .init_resource::<PieceMap>()
    .add_systems(Startup, setup_pieces)
    .add_systems(Update, (follow_actions, recolour).in_set(PieceSystems));
}
