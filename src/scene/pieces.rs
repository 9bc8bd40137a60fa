//! The pieces on the board follow the match: built from a position, moved
//! for each action (a step slides, a relocation flies, a capture tips the
//! piece over), rebuilt on a reset. How they look is [`crate::scene::piece_models`].

use std::collections::HashMap;

use agon_rules::{ActionKind, Cell, Played, Position};
use bevy::prelude::*;

use crate::game::{ActionApplied, BoardReset, Match};
use crate::scene::SceneSystems;
use crate::scene::animation::Motion;
pub use crate::scene::piece_models::{PIECE_SCALE, Part, PieceView, rest_transform};
use crate::scene::piece_models::{PieceAssets, make_assets, recolour, set_dim, spawn_piece};
use crate::scene::theme::Theme;
use crate::store::Settings;

/// Which entity shows the piece on each cell.
#[derive(Resource, Default, Debug)]
pub struct PieceMap(pub HashMap<Cell, Entity>);

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
        the_match.shown_position(),
    );
    commands.insert_resource(assets);
}

/// Moves the pieces for each action, and rebuilds them on a reset. A step
/// through the game by one action, browsing, moves them too: back, the
/// action runs backwards (the piece returns, its captures stand again).
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
    mut last_shown: Local<(Option<usize>, usize)>,
) {
    let Some(assets) = assets else { return };
    let shown = the_match.shown_actions();
    let line = the_match.line;
    let (last_line, before) = std::mem::replace(&mut *last_shown, (line, shown));
    // A step along one line; or from the game into a variation where it
    // leaves the game (its first action, played or stepped to).
    let same_line = last_line == line
        || (last_line.is_none()
            && line
                .and_then(|v| the_match.variations.get(v))
                .is_some_and(|v| v.from == before && shown == before + 1));
    let step = settings.animation.step_seconds();
    let mut animate = |played: &Played, forward: bool| {
        let a = played.action;
        let (from, to) = if forward {
            (a.from, a.to)
        } else {
            (a.to, a.from)
        };
        // Back through a relocation, the piece lands captured again.
        let lands_out = !forward && played.kind == ActionKind::Relocation;
        let Some(e) = map.0.remove(&from) else {
            return;
        };
        map.0.insert(to, e);
        if let Ok((mut view, tr)) = pieces.get_mut(e) {
            view.cell = to;
            let was_out = view.out_of_play;
            view.out_of_play = lands_out;
            let rest = rest_transform(to, view.kind, lands_out);
            let (duration, lift) = match played.kind {
                ActionKind::Step => (step, 0.25),
                ActionKind::Relocation => (step * 2.4, 2.2),
            };
            commands
                .entity(e)
                .insert(Motion::new(*tr, rest, duration).with_lift(lift));
            if was_out != lands_out {
                set_dim(e, lands_out, &view, &assets, &children, &mut parts);
            }
        }
        for c in played.captured {
            let Some(&victim) = map.0.get(&c) else {
                continue;
            };
            if let Ok((mut view, tr)) = pieces.get_mut(victim) {
                view.out_of_play = forward;
                let rest = rest_transform(c, view.kind, forward);
                let motion = Motion::new(*tr, rest, step * 1.4).with_lift(0.3);
                // Forward, the capture follows the step; back, the piece
                // stands up as the other returns.
                let motion = if forward {
                    motion.with_delay(step * 0.9)
                } else {
                    motion
                };
                commands.entity(victim).insert(motion);
                set_dim(victim, forward, &view, &assets, &children, &mut parts);
            }
        }
    };
    let resets: Vec<BoardReset> = resets.read().copied().collect();
    if !resets.is_empty() {
        applied.clear();
        let history = the_match.shown_game().history();
        let one_step = if same_line && resets.iter().all(|r| r.browsing) {
            match shown.checked_sub(before) {
                Some(1) => history.get(before).map(|p| (p, true)),
                None if before - shown == 1 => history.get(shown).map(|p| (p, false)),
                _ => None,
            }
        } else {
            None
        };
        if let Some((played, forward)) = one_step {
            animate(played, forward);
            return;
        }
        let existing: Vec<Entity> = map.0.values().copied().collect();
        rebuild(
            &mut commands,
            &assets,
            &mut map,
            existing.into_iter(),
            the_match.shown_position(),
        );
        return;
    }
    // While browsing, the game's new actions are not on the board.
    if the_match.browsing.is_some() {
        applied.clear();
        return;
    }
    for ev in applied.read() {
        animate(&ev.played, true);
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<PieceMap>()
        .add_systems(Startup, setup_pieces)
        .add_systems(
            Update,
            (follow_actions, recolour).in_set(SceneSystems::Pieces),
        );
}
