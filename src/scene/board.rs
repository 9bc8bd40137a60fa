//! The board: 91 hexagonal tiles shaded by ring, a golden throne, a frame,
//! and the markers that draw what [`crate::scene::marks`] decides: hover,
//! selection, targets and the last action.

use agon_rules::Cell;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use crate::frames::AppSystems;
use crate::game::{Match, Selection};
use crate::scene::layout::{CELL_RADIUS, cell_center, hex_corners};
use crate::scene::marks::{MARKS, Mark, compute_marks, mark_color};
use crate::scene::theme::Theme;

/// Height of a tile's top above the board plane.
pub(super) const TILE_TOP: f32 = 0.0;
const TILE_DEPTH: f32 = 0.22;
const TILE_RADIUS: f32 = 0.94 * CELL_RADIUS;

/// Texture coordinates nothing reads: they give these meshes the vertex
/// layout of Bevy's shapes (the pieces), so one pipeline draws them all and
/// a software renderer compiles one shader the fewer before the board shows.
fn no_uvs(n: usize) -> Vec<[f32; 2]> {
    vec![[0.0; 2]; n]
}

/// A hexagonal prism, flat-topped, its top face at y = 0, with a small bevel.
pub(super) fn hex_prism(radius: f32, depth: f32, bevel: f32) -> Mesh {
    let top = hex_corners(radius - bevel);
    let mid = hex_corners(radius);
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut normals: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    // Top face: a fan around the centre.
    positions.push([0.0, 0.0, 0.0]);
    normals.push([0.0, 1.0, 0.0]);
    for c in top {
        positions.push([c.x, 0.0, c.y]);
        normals.push([0.0, 1.0, 0.0]);
    }
    for i in 0..6u32 {
        indices.extend([0, 1 + i, 1 + (i + 1) % 6]);
    }
    // The bevel and the sides: quads between rings of corners.
    let mut band = |upper: [Vec2; 6], uy: f32, lower: [Vec2; 6], ly: f32| {
        for i in 0..6 {
            let j = (i + 1) % 6;
            let (a, b) = (upper[i], upper[j]);
            let (c, d) = (lower[i], lower[j]);
            let (pa, pb, pc) = (
                Vec3::new(a.x, uy, a.y),
                Vec3::new(b.x, uy, b.y),
                Vec3::new(c.x, ly, c.y),
            );
            let n = (pc - pa).cross(pb - pa).normalize_or(Vec3::Y);
            let base = positions.len() as u32;
            for (p, y) in [(a, uy), (b, uy), (d, ly), (c, ly)] {
                positions.push([p.x, y, p.y]);
                normals.push(n.into());
            }
            indices.extend([base, base + 2, base + 1, base, base + 3, base + 2]);
        }
    };
    band(top, 0.0, mid, -bevel);
    band(mid, -bevel, mid, -depth);
    let n = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::MAIN_WORLD | RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, no_uvs(n))
    .with_inserted_indices(Indices::U32(indices))
}

/// A flat hexagonal ring (an outline), lying in the XZ plane at y = 0.
pub(super) fn hex_outline(radius: f32, width: f32) -> Mesh {
    let outer = hex_corners(radius);
    let inner = hex_corners(radius - width);
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    for i in 0..6u32 {
        positions.push([outer[i as usize].x, 0.0, outer[i as usize].y]);
        positions.push([inner[i as usize].x, 0.0, inner[i as usize].y]);
    }
    for i in 0..6u32 {
        let j = (i + 1) % 6;
        let (o1, i1, o2, i2) = (2 * i, 2 * i + 1, 2 * j, 2 * j + 1);
        indices.extend([o1, i1, o2, i1, i2, o2]);
    }
    let n = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::MAIN_WORLD | RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0f32, 1.0, 0.0]; n])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, no_uvs(n))
    .with_inserted_indices(Indices::U32(indices))
}

/// An X in the XY plane (turned flat like the other spots): two crossed
/// bars, for cells that are closed.
pub(super) fn cross_mesh(half: f32, width: f32) -> Mesh {
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    for angle in [std::f32::consts::FRAC_PI_4, -std::f32::consts::FRAC_PI_4] {
        let (s, c) = angle.sin_cos();
        let along = Vec2::new(c, s) * half;
        let across = Vec2::new(-s, c) * width / 2.0;
        let base = positions.len() as u32;
        for p in [
            -along - across,
            along - across,
            along + across,
            -along + across,
        ] {
            positions.push([p.x, p.y, 0.0]);
        }
        indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
    }
    let n = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::MAIN_WORLD | RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0f32, 0.0, 1.0]; n])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, no_uvs(n))
    .with_inserted_indices(Indices::U32(indices))
}

/// A tile of the board.
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct Tile;

/// A marker over a tile: a tint of the whole hex (`Fill`) or a disc/ring
/// (`Spot`).
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct Marker {
    pub cell: Cell,
    pub layer: MarkerLayer,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum MarkerLayer {
    Fill,
    Spot,
    Outline,
}

/// Handles for everything the board draws, so a theme change only updates
/// colours.
#[derive(Resource)]
pub(super) struct BoardAssets {
    pub ring_materials: [Handle<StandardMaterial>; 6],
    pub frame_material: Handle<StandardMaterial>,
    pub mark_materials: Vec<(Mark, Handle<StandardMaterial>)>,
    pub dot: Handle<Mesh>,
    pub ring: Handle<Mesh>,
    pub cross: Handle<Mesh>,
}

impl BoardAssets {
    pub(super) fn mark_material(&self, m: Mark) -> Option<Handle<StandardMaterial>> {
        self.mark_materials
            .iter()
            .find(|(k, _)| *k == m)
            .map(|(_, h)| h.clone())
    }
}

fn unlit(color: Color) -> StandardMaterial {
    StandardMaterial {
        base_color: color,
        unlit: true,
        alpha_mode: AlphaMode::Blend,
        double_sided: true,
        cull_mode: None,
        ..default()
    }
}

fn tile_material(color: Color) -> StandardMaterial {
    StandardMaterial {
        base_color: color,
        perceptual_roughness: 0.62,
        reflectance: 0.35,
        ..default()
    }
}

pub(super) fn spawn_board(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    theme: Res<Theme>,
) {
    let p = &theme.palette;
    let ring_materials: [Handle<StandardMaterial>; 6] =
        std::array::from_fn(|r| materials.add(tile_material(p.rings[r])));
    let frame_material = materials.add(StandardMaterial {
        base_color: p.frame,
        perceptual_roughness: 0.8,
        ..default()
    });
    let tile = meshes.add(hex_prism(TILE_RADIUS, TILE_DEPTH, 0.05));
    let throne = meshes.add(hex_prism(TILE_RADIUS * 0.78, 0.08, 0.03));
    for cell in Cell::all() {
        let at = cell_center(cell);
        commands
            .spawn((
                Tile,
                Mesh3d(tile.clone()),
                MeshMaterial3d(ring_materials[cell.ring() as usize].clone()),
                Transform::from_translation(at + Vec3::Y * TILE_TOP),
            ))
            .with_children(|c| {
                if cell == Cell::THRONE {
                    // A raised dais on the throne.
                    c.spawn((
                        Mesh3d(throne.clone()),
                        MeshMaterial3d(ring_materials[0].clone()),
                        Transform::from_xyz(0.0, 0.06, 0.0),
                    ));
                }
            });
    }
    // The frame: a large flat-topped hexagon under the tiles, pointy where the
    // board is flat, so it is drawn as a rotated hexagon.
    let frame = hex_prism(10.4 * CELL_RADIUS, 0.5, 0.12);
    commands.spawn((
        Mesh3d(meshes.add(frame)),
        MeshMaterial3d(frame_material.clone()),
        Transform::from_xyz(0.0, -0.12, 0.0)
            .with_rotation(Quat::from_rotation_y(std::f32::consts::FRAC_PI_6)),
    ));

    let mark_materials: Vec<(Mark, Handle<StandardMaterial>)> = MARKS
        .iter()
        .map(|&m| (m, materials.add(unlit(mark_color(&theme, m)))))
        .collect();
    let dot = meshes.add(Circle::new(0.2).mesh().resolution(32));
    let ring = meshes.add(Annulus::new(0.4, 0.52).mesh().resolution(48));
    let fill = meshes.add(RegularPolygon::new(TILE_RADIUS - 0.04, 6).mesh());
    let outline = meshes.add(hex_outline(TILE_RADIUS - 0.02, 0.09));
    let cross = meshes.add(cross_mesh(0.26, 0.06));
    let flat = Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2);
    // Regular polygons point up their +y axis; turn them flat-topped too.
    let flat_hex = flat * Quat::from_rotation_z(std::f32::consts::FRAC_PI_6);
    for cell in Cell::all() {
        let at = cell_center(cell);
        let y = TILE_TOP + if cell == Cell::THRONE { 0.07 } else { 0.0 };
        commands.spawn((
            Marker {
                cell,
                layer: MarkerLayer::Fill,
            },
            Mesh3d(fill.clone()),
            MeshMaterial3d(mark_materials[0].1.clone()),
            Transform::from_translation(at + Vec3::Y * (y + 0.004)).with_rotation(flat_hex),
            Visibility::Hidden,
        ));
        commands.spawn((
            Marker {
                cell,
                layer: MarkerLayer::Outline,
            },
            Mesh3d(outline.clone()),
            MeshMaterial3d(mark_materials[0].1.clone()),
            Transform::from_translation(at + Vec3::Y * (y + 0.008)),
            Visibility::Hidden,
        ));
        commands.spawn((
            Marker {
                cell,
                layer: MarkerLayer::Spot,
            },
            Mesh3d(dot.clone()),
            MeshMaterial3d(mark_materials[0].1.clone()),
            Transform::from_translation(at + Vec3::Y * (y + 0.012)).with_rotation(flat),
            Visibility::Hidden,
        ));
    }
    commands.insert_resource(BoardAssets {
        ring_materials,
        frame_material,
        mark_materials,
        dot,
        ring,
        cross,
    });
}

/// Applies a new theme's colours to the board's materials.
fn recolour(
    theme: Res<Theme>,
    assets: Option<Res<BoardAssets>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut clear: ResMut<ClearColor>,
) {
    if !theme.is_changed() {
        return;
    }
    clear.0 = theme.palette.background;
    let Some(assets) = assets else { return };
    for (r, h) in assets.ring_materials.iter().enumerate() {
        if let Some(mut m) = materials.get_mut(h) {
            m.base_color = theme.palette.rings[r];
        }
    }
    if let Some(mut m) = materials.get_mut(&assets.frame_material) {
        m.base_color = theme.palette.frame;
    }
    for (mark, h) in &assets.mark_materials {
        if let Some(mut m) = materials.get_mut(h) {
            m.base_color = mark_color(&theme, *mark);
        }
    }
}

fn update_markers(
    the_match: Res<Match>,
    selection: Res<Selection>,
    assets: Option<Res<BoardAssets>>,
    mut markers: Query<(
        &Marker,
        &mut Visibility,
        &mut MeshMaterial3d<StandardMaterial>,
        &mut Mesh3d,
    )>,
) {
    let Some(assets) = assets else { return };
    let marks = compute_marks(&the_match, &selection, true);
    // Later entries win: selection over last action, and so on.
    let mut fill = [Mark::None; 128];
    let mut outline = [Mark::None; 128];
    let mut spot = [Mark::None; 128];
    for (c, m) in marks.fill {
        fill[c.index()] = m;
    }
    for (c, m) in marks.outline {
        outline[c.index()] = m;
    }
    for (c, m) in marks.spot {
        spot[c.index()] = m;
    }
    for (marker, mut vis, mut mat, mut mesh) in &mut markers {
        let m = match marker.layer {
            MarkerLayer::Fill => fill[marker.cell.index()],
            MarkerLayer::Outline => outline[marker.cell.index()],
            MarkerLayer::Spot => spot[marker.cell.index()],
        };
        let want = if m == Mark::None {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        vis.set_if_neq(want);
        if let Some(h) = assets.mark_material(m)
            && mat.0 != h
        {
            mat.0 = h;
        }
        if marker.layer == MarkerLayer::Spot {
            // Captures and hints get a ring, plain targets a dot.
            let shape = match m {
                Mark::CaptureTarget | Mark::Hint => assets.ring.clone(),
                Mark::Closed => assets.cross.clone(),
                _ => assets.dot.clone(),
            };
            if mesh.0 != shape {
                mesh.0 = shape;
            }
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_board).add_systems(
        Update,
        (recolour, update_markers).in_set(AppSystems::Present),
    );
}
