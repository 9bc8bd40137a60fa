//! Playing without a pointer: a cell cursor moved with the arrow keys in the
//! directions the board is seen from, `Tab` from one of one's own pieces to
//! the next (and on, past the last, to the side panel's controls), `Enter`
//! or `Space` to pick up and put down: a click on the cursor's cell, so the
//! keyboard plays through exactly the path the pointer does.

use agon_rules::Cell;
use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiInput, egui};

use crate::frames::AppSystems;
use crate::game::turn::movable_pieces;
use crate::game::{BoardBusy, CellClicked, Match, Screen, Selection, UiFocus};
use crate::scene::animation::SkipAnimations;
use crate::scene::camera::CameraRig;
use crate::scene::layout::cell_center;

/// A way the cursor can go, as seen on the screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Arrow {
    Up,
    Down,
    Left,
    Right,
}

impl Arrow {
    /// The arrow's direction on the board plane (x, z) for a camera turned
    /// by `yaw`: at 0 the camera looks along -z, with +x to its right.
    fn on_board(self, yaw: f32) -> Vec2 {
        let up = Vec2::new(-yaw.sin(), -yaw.cos());
        let right = Vec2::new(yaw.cos(), -yaw.sin());
        match self {
            Arrow::Up => up,
            Arrow::Down => -up,
            Arrow::Right => right,
            Arrow::Left => -right,
        }
    }
}

/// The keyboard's side of the board: where a run of one arrow started, so
/// a row of hexes is followed in a zigzag around its line instead of
/// drifting off it.
#[derive(Resource, Default, Debug)]
pub struct CursorRun {
    /// The arrow of the run and the line it keeps to (the distance of its
    /// first cell along the screen's other axis).
    line: Option<(Arrow, f32)>,
}

/// The neighbour of `from` the arrow points to, seen with the camera at
/// `yaw`; `line` is kept to when two neighbours point equally well.
pub fn step(from: Cell, arrow: Arrow, yaw: f32, line: f32) -> Option<Cell> {
    let d = arrow.on_board(yaw);
    let across = d.perp();
    let at = |c: Cell| {
        let p = cell_center(c);
        Vec2::new(p.x, p.z)
    };
    let origin = at(from);
    let scored: Vec<(Cell, f32, f32)> = from
        .neighbours()
        .filter_map(|n| {
            let v = (at(n) - origin).normalize();
            let along = v.dot(d);
            // Within about 60° of the arrow.
            (along > 0.45).then(|| (n, along, (at(n).dot(across) - line).abs()))
        })
        .collect();
    let best = scored.iter().map(|s| s.1).fold(f32::MIN, f32::max);
    scored
        .into_iter()
        .filter(|s| s.1 > best - 0.02)
        .min_by(|a, b| a.2.total_cmp(&b.2))
        .map(|s| s.0)
}

/// How far `cell` lies along the screen axis across `arrow`.
pub fn line_of(cell: Cell, arrow: Arrow, yaw: f32) -> f32 {
    let p = cell_center(cell);
    Vec2::new(p.x, p.z).dot(arrow.on_board(yaw).perp())
}

/// The pieces `Tab` visits, in the order of the cells' names.
fn tab_order(the_match: &Match) -> Vec<Cell> {
    if !the_match.person_acts_here() {
        return Vec::new();
    }
    let mut cells: Vec<Cell> = movable_pieces(the_match.shown_position()).iter().collect();
    cells.sort_by_key(|c| c.to_string());
    cells
}

/// Where `Tab` (or `Shift+Tab`) goes from the cursor: the next piece, or
/// `None` past the last one (then the side panel has its turn).
fn next_piece(order: &[Cell], cursor: Option<Cell>, back: bool) -> Option<Cell> {
    let at = cursor.and_then(|c| order.iter().position(|&o| o == c));
    match (at, back) {
        (None, false) => order.first().copied(),
        (None, true) => order.last().copied(),
        (Some(i), false) => order.get(i + 1).copied(),
        (Some(i), true) => i.checked_sub(1).map(|i| order[i]),
    }
}

/// Whether this frame's `Tab` belongs to the board, decided before egui
/// sees the keys: the board keeps it while it has pieces left to visit;
/// past the last one it goes on to the side panel's controls.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardTab(pub bool);

/// The same question for the current frame, asked by both the filter that
/// keeps `Tab` from egui and the board's keys.
fn board_keeps_tab(
    keys: &ButtonInput<KeyCode>,
    focus: &UiFocus,
    the_match: &Match,
    selection: &Selection,
) -> bool {
    if focus.typing || focus.modal || !keys.just_pressed(KeyCode::Tab) {
        return false;
    }
    let back = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    next_piece(&tab_order(the_match), selection.cursor, back).is_some()
}

/// Runs after bevy_egui has read the frame's input and before egui's pass.
pub(crate) fn keep_tab_for_the_board(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<UiFocus>,
    the_match: Res<Match>,
    selection: Res<Selection>,
    screen: Res<State<Screen>>,
    mut tab: ResMut<BoardTab>,
    mut contexts: Query<(&mut EguiContext, &mut EguiInput)>,
) {
    let keeps =
        *screen.get() == Screen::Playing && board_keeps_tab(&keys, &focus, &the_match, &selection);
    if tab.0 != keeps {
        tab.0 = keeps;
    }
    if !keeps {
        return;
    }
    for (mut ctx, mut input) in &mut contexts {
        // egui would give the panel's first control the focus.
        if ctx.get_mut().memory(|m| m.focused().is_none()) {
            input.events.retain(|e| {
                !matches!(
                    e,
                    egui::Event::Key {
                        key: egui::Key::Tab,
                        ..
                    }
                )
            });
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn board_keys(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<UiFocus>,
    the_match: Res<Match>,
    busy: Res<BoardBusy>,
    rig: Res<CameraRig>,
    tab: Res<BoardTab>,
    mut run: ResMut<CursorRun>,
    mut selection: ResMut<Selection>,
    mut clicks: MessageWriter<CellClicked>,
    mut skip: MessageWriter<SkipAnimations>,
) {
    if focus.typing || focus.modal {
        return;
    }
    let yaw = rig.yaw + rig.user_yaw;
    // Where the cursor appears: on the piece in hand, or the first piece.
    let start = |from: Option<Cell>| {
        from.or_else(|| tab_order(&the_match).first().copied())
            .unwrap_or(Cell::THRONE)
    };
    for (code, arrow) in [
        (KeyCode::ArrowUp, Arrow::Up),
        (KeyCode::ArrowDown, Arrow::Down),
        (KeyCode::ArrowLeft, Arrow::Left),
        (KeyCode::ArrowRight, Arrow::Right),
    ] {
        if !keys.just_pressed(code) || focus.over_actions {
            continue;
        }
        let Some(from) = selection.cursor else {
            selection.cursor = Some(start(selection.from));
            continue;
        };
        let line = match run.line {
            Some((a, line)) if a == arrow => line,
            _ => line_of(from, arrow, yaw),
        };
        run.line = Some((arrow, line));
        if let Some(to) = step(from, arrow, yaw, line) {
            selection.cursor = Some(to);
        }
    }
    if tab.0 && keys.just_pressed(KeyCode::Tab) {
        let back = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
        selection.cursor = next_piece(&tab_order(&the_match), selection.cursor, back);
        run.line = None;
    } else if keys.just_pressed(KeyCode::Tab) && selection.cursor.is_some() {
        // On to the panel: the board's cursor lets go of the keys.
        selection.cursor = None;
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        if busy.0 {
            skip.write(SkipAnimations);
            return;
        }
        match selection.cursor {
            Some(cell) => {
                clicks.write(CellClicked(cell));
            }
            None => selection.cursor = Some(start(selection.from)),
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<BoardTab>()
        .init_resource::<CursorRun>()
        .add_systems(
            PreUpdate,
            keep_tab_for_the_board
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            Update,
            board_keys
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::Playing)),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(n: &str) -> Cell {
        n.parse().unwrap()
    }

    fn walk(from: &str, arrow: Arrow, yaw: f32, n: usize) -> Vec<String> {
        let mut at = c(from);
        let line = line_of(at, arrow, yaw);
        let mut cells = vec![];
        for _ in 0..n {
            match step(at, arrow, yaw, line) {
                Some(next) => at = next,
                None => break,
            }
            cells.push(at.to_string());
        }
        cells
    }

    #[test]
    fn up_climbs_a_file_and_down_comes_back() {
        // Seen from Light's side, up is along the file, away from Light.
        assert_eq!(walk("f1", Arrow::Up, 0.0, 3), ["f2", "f3", "f4"]);
        assert_eq!(walk("f4", Arrow::Down, 0.0, 3), ["f3", "f2", "f1"]);
        // Seen from Dark's side, the same key goes the other way.
        assert_eq!(
            walk("f4", Arrow::Up, std::f32::consts::PI, 3),
            ["f3", "f2", "f1"]
        );
    }

    #[test]
    fn left_and_right_zigzag_along_a_row_and_stop_at_the_edge() {
        let right = walk("a3", Arrow::Right, 0.0, 20);
        // Every file once, from b to l, and no further than the board.
        let files: String = right.iter().map(|n| n.chars().next().unwrap()).collect();
        // (There is no file j.)
        assert_eq!(files, "bcdefghikl");
        let at = |n: &str| cell_center(c(n)).z;
        let line = at("a3");
        for cell in &right {
            assert!((at(cell) - line).abs() < 1.0, "{cell} strays from the row");
        }
        let left = walk(right.last().unwrap(), Arrow::Left, 0.0, 20);
        assert_eq!(left.last().map(String::as_str), Some("a3"));
    }

    #[test]
    fn every_cell_is_reached_from_the_throne_with_arrows_alone() {
        for yaw in [0.0, 0.5, std::f32::consts::PI, -1.2] {
            let mut seen = std::collections::HashSet::from([Cell::THRONE]);
            let mut todo = vec![Cell::THRONE];
            while let Some(at) = todo.pop() {
                for arrow in [Arrow::Up, Arrow::Down, Arrow::Left, Arrow::Right] {
                    let line = line_of(at, arrow, yaw);
                    if let Some(next) = step(at, arrow, yaw, line)
                        && seen.insert(next)
                    {
                        todo.push(next);
                    }
                }
            }
            assert_eq!(seen.len(), Cell::COUNT, "yaw {yaw}");
        }
    }

    #[test]
    fn tab_visits_each_piece_then_lets_go() {
        let order = [c("a1"), c("b2"), c("c3")];
        assert_eq!(next_piece(&order, None, false), Some(c("a1")));
        assert_eq!(next_piece(&order, Some(c("a1")), false), Some(c("b2")));
        assert_eq!(next_piece(&order, Some(c("c3")), false), None);
        assert_eq!(next_piece(&order, None, true), Some(c("c3")));
        assert_eq!(next_piece(&order, Some(c("a1")), true), None);
        // A cursor off the pieces starts again at the first.
        assert_eq!(next_piece(&order, Some(c("f6")), false), Some(c("a1")));
    }
}
