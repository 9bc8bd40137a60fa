//! Short visual moments: the line of a capture, and the victory at the throne.

use agon_rules::{Cell, Ending, Outcome, WinReason};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::game::{ActionApplied, BoardReset, GameEnded};
use crate::scene::SceneSystems;
use crate::scene::animation::Motion;
use crate::scene::layout::cell_center;
use crate::scene::pieces::{PieceMap, PieceView, rest_transform};
use crate::scene::theme::Theme;
use crate::store::Settings;

/// Something that fades out and goes.
#[derive(Component)]
pub(super) struct Fade {
    pub age: f32,
    pub delay: f32,
    pub life: f32,
    pub peak_alpha: f32,
    pub grow: f32,
}

/// A light that swells and fades.
#[derive(Component)]
struct Glow {
    age: f32,
    life: f32,
    peak: f32,
}

/// A queen stepping onto the throne: a brief warm glow.
fn queen_home(
    mut commands: Commands,
    mut applied: MessageReader<ActionApplied>,
    settings: Res<Settings>,
) {
    for a in applied.read() {
        let queen = a.played.piece.kind == agon_rules::Kind::Queen;
        if queen && a.played.action.to == Cell::THRONE && a.played.outcome.is_none() {
            commands.spawn((
                PointLight {
                    color: Color::srgb(1.0, 0.85, 0.5),
                    intensity: 0.0,
                    range: 12.0,
                    ..default()
                },
                Transform::from_translation(cell_center(Cell::THRONE) + Vec3::Y * 2.5),
                Glow {
                    age: -settings.animation.step_seconds(),
                    life: 1.4,
                    peak: 900_000.0,
                },
            ));
        }
    }
}

/// Shows each capture as a red bar from the capturer, through the captured
/// piece, to the friend beyond.
fn capture_lines(
    mut commands: Commands,
    mut applied: MessageReader<ActionApplied>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    theme: Res<Theme>,
    settings: Res<Settings>,
) {
    let step = settings.animation.step_seconds();
    for a in applied.read() {
        let to = a.played.action.to;
        for c in a.played.captured {
            let Some(d) = to.direction_to(c) else {
                continue;
            };
            let Some(beyond) = c.neighbour(d) else {
                continue;
            };
            let (p0, p1) = (cell_center(to), cell_center(beyond));
            let length = p0.distance(p1);
            let mid = (p0 + p1) / 2.0 + Vec3::Y * 0.03;
            let mut color = theme.palette.capture;
            color.set_alpha(0.0);
            commands.spawn((
                Mesh3d(meshes.add(Cuboid::new(length, 0.02, 0.14))),
                MeshMaterial3d(materials.add(StandardMaterial {
                    base_color: color,
                    unlit: true,
                    alpha_mode: AlphaMode::Blend,
                    ..default()
                })),
                Transform::from_translation(mid)
                    .with_rotation(Quat::from_rotation_arc(Vec3::X, (p1 - p0).normalize())),
                Fade {
                    age: 0.0,
                    delay: step * 0.8,
                    life: 1.6,
                    peak_alpha: 0.85,
                    grow: 0.0,
                },
            ));
        }
    }
}

/// The throne win: a golden glow, a ring of light spreading from the throne,
/// and the winner's pieces hopping in turn.
#[allow(clippy::too_many_arguments)]
fn victory(
    mut commands: Commands,
    mut ended: MessageReader<GameEnded>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    map: Res<PieceMap>,
    pieces: Query<(&PieceView, &Transform)>,
    settings: Res<Settings>,
) {
    for GameEnded(e) in ended.read() {
        let Ending::Rules(Outcome::Win {
            winner,
            reason: WinReason::Throne,
        }) = *e
        else {
            continue;
        };
        let start = settings.animation.step_seconds().max(0.15);
        let throne = cell_center(Cell::THRONE);
        commands.spawn((
            PointLight {
                color: Color::srgb(1.0, 0.82, 0.4),
                intensity: 0.0,
                range: 20.0,
                ..default()
            },
            Transform::from_translation(throne + Vec3::Y * 3.0),
            Glow {
                age: -start,
                life: 3.0,
                peak: 2_500_000.0,
            },
        ));
        commands.spawn((
            Mesh3d(meshes.add(Torus::new(0.9, 1.05))),
            MeshMaterial3d(materials.add(StandardMaterial {
                base_color: Color::srgba(1.0, 0.85, 0.35, 0.0),
                emissive: LinearRgba::rgb(2.0, 1.5, 0.4),
                unlit: true,
                alpha_mode: AlphaMode::Blend,
                ..default()
            })),
            Transform::from_translation(throne + Vec3::Y * 0.15),
            Fade {
                age: 0.0,
                delay: start,
                life: 1.8,
                peak_alpha: 0.9,
                grow: 3.5,
            },
        ));
        // The queen first, then the guards round the ring.
        let mut order: Vec<(&PieceView, Entity, Transform)> = map
            .0
            .values()
            .filter_map(|&e| pieces.get(e).ok().map(|(v, t)| (v, e, *t)))
            .filter(|(v, _, _)| v.side == winner && !v.out_of_play)
            .collect();
        order.sort_by_key(|(v, _, _)| (v.kind != agon_rules::Kind::Queen, v.cell));
        for (i, (view, e, _)) in order.into_iter().enumerate() {
            let rest = rest_transform(view.cell, view.kind, false);
            commands.entity(e).insert(
                Motion::new(rest, rest, 0.45)
                    .with_lift(0.9)
                    .with_delay(start + 0.3 + i as f32 * 0.09),
            );
        }
    }
}

fn fade(
    mut commands: Commands,
    time: Res<Time>,
    mut fades: Query<(
        Entity,
        &mut Fade,
        &MeshMaterial3d<StandardMaterial>,
        &mut Transform,
    )>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let dt = time.delta_secs();
    for (e, mut f, mat, mut tr) in &mut fades {
        f.age += dt;
        let t = ((f.age - f.delay) / f.life).clamp(0.0, 1.0);
        if f.age - f.delay >= f.life {
            materials.remove(&mat.0);
            commands.entity(e).despawn();
            continue;
        }
        // Quick in, slow out.
        let alpha = if t < 0.15 {
            t / 0.15
        } else {
            1.0 - (t - 0.15) / 0.85
        };
        if let Some(mut m) = materials.get_mut(&mat.0) {
            m.base_color.set_alpha(alpha * f.peak_alpha);
        }
        if f.grow > 0.0 {
            tr.scale = Vec3::splat(1.0 + f.grow * t);
        }
    }
}

fn glow(
    mut commands: Commands,
    time: Res<Time>,
    mut glows: Query<(Entity, &mut Glow, &mut PointLight)>,
) {
    for (e, mut g, mut light) in &mut glows {
        g.age += time.delta_secs();
        if g.age >= g.life {
            commands.entity(e).despawn();
            continue;
        }
        // A negative age is a delay: the glow waits for the move to land.
        let t = (g.age / g.life).clamp(0.0, 1.0);
        light.intensity = g.peak * (std::f32::consts::PI * t).sin().max(0.0);
    }
}

/// The passing effects: fades and glows.
type Passing = Or<(With<Fade>, With<Glow>)>;

/// A reset (undo, a new game) clears what is still showing.
/// The passing effects move until they are gone: each frame until then is drawn.
fn keep_drawing(passing: Query<(), Passing>, mut redraw: MessageWriter<RequestRedraw>) {
    if !passing.is_empty() {
        redraw.write(RequestRedraw);
    }
}

fn clear_on_reset(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    fades: Query<Entity, Passing>,
) {
    if resets.read().count() > 0 {
        for e in &fades {
            commands.entity(e).despawn();
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            capture_lines,
            queen_home,
            victory,
            fade,
            glow,
            clear_on_reset,
            keep_drawing,
        )
            .in_set(SceneSystems::Effects),
    );
}
