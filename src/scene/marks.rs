//! What each cell shows: a pure function of the match and the selection
//! (hover, the last action, the piece in hand and where it may go or would
//! capture, the cells the rules close to it, a hint), tested without
//! rendering. The board draws it.

use agon_rules::Cell;
use bevy::prelude::*;

use crate::game::turn::movable_pieces;
use crate::game::{Match, Selection};
use crate::scene::theme::Theme;

/// What a cell's markers show.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Mark {
    None,
    Hover,
    LastAction,
    Selected,
    /// A piece that may act now (when a relocation is due).
    MustMove,
    Target,
    CaptureTarget,
    RelocationTarget,
    Hint,
    Captured,
    /// A cell the selected piece could reach but may not enter: it lies
    /// between two enemies (no intervention).
    Closed,
    /// The keyboard's cursor.
    Cursor,
}

pub(super) fn mark_color(theme: &Theme, m: Mark) -> Color {
    let p = &theme.palette;
    match m {
        Mark::None => Color::NONE,
        Mark::Hover => p.hover,
        Mark::LastAction => p.last_action,
        Mark::Selected | Mark::MustMove => p.selected,
        Mark::Target => p.target,
        Mark::CaptureTarget => p.capture,
        Mark::RelocationTarget => p.relocation,
        Mark::Hint => p.hint,
        Mark::Captured => p.captured_mark,
        Mark::Closed => p.capture.with_alpha(0.55),
        // A cool light blue, unlike any other mark of any theme.
        Mark::Cursor => Color::srgba(0.55, 0.82, 1.0, 0.8),
    }
}

pub(super) const MARKS: [Mark; 11] = [
    Mark::Cursor,
    Mark::Closed,
    Mark::Hover,
    Mark::LastAction,
    Mark::Selected,
    Mark::MustMove,
    Mark::Target,
    Mark::CaptureTarget,
    Mark::RelocationTarget,
    Mark::Hint,
    Mark::Captured,
];

/// What every cell shows now, per layer.
#[derive(Default, Debug, Clone)]
pub(super) struct Marks {
    pub fill: Vec<(Cell, Mark)>,
    pub outline: Vec<(Cell, Mark)>,
    pub spot: Vec<(Cell, Mark)>,
}

/// Decides the marks from the match and the selection: a pure function, so
/// the interface's logic can be tested without rendering.
pub(super) fn compute_marks(the_match: &Match, selection: &Selection, show_last: bool) -> Marks {
    let mut marks = Marks::default();
    let pos = the_match.shown_position();
    let shown = the_match.shown_actions();
    if show_last
        && let Some(last) = shown
            .checked_sub(1)
            .and_then(|i| the_match.shown_game().history().get(i))
    {
        marks.fill.push((last.action.from, Mark::LastAction));
        marks.fill.push((last.action.to, Mark::LastAction));
    }
    if let Some(h) = selection.hover {
        marks.fill.push((h, Mark::Hover));
    }
    if let Some(c) = selection.cursor {
        marks.fill.push((c, Mark::Cursor));
    }
    for c in pos.out_of_play() {
        marks.outline.push((c, Mark::Captured));
    }
    if the_match.person_acts_here() {
        if pos.must_relocate() {
            for c in movable_pieces(pos) {
                marks.outline.push((c, Mark::MustMove));
            }
        }
        if let Some(from) = selection.from {
            marks.outline.push((from, Mark::Selected));
            let relocating = pos.is_out_of_play(from);
            // Where the piece could step but for two enemies.
            for n in pos.closed_from(from) {
                marks.spot.push((n, Mark::Closed));
            }
            for t in selection.targets {
                let m = if selection.capturing.contains(t) {
                    Mark::CaptureTarget
                } else if relocating {
                    Mark::RelocationTarget
                } else {
                    Mark::Target
                };
                marks.spot.push((t, m));
            }
        }
        if let Some(hint) = selection.hint.filter(|_| the_match.browsing.is_none()) {
            marks.outline.push((hint.from, Mark::Hint));
            marks.spot.push((hint.to, Mark::Hint));
        }
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Mode;
    use crate::game::tutorial::LESSONS;
    use agon_rules::Game;

    fn cell(n: &str) -> Cell {
        n.parse().unwrap()
    }

    fn spots(marks: &Marks, mark: Mark) -> Vec<Cell> {
        let mut v: Vec<Cell> = marks
            .spot
            .iter()
            .filter(|(_, m)| *m == mark)
            .map(|(c, _)| *c)
            .collect();
        v.sort();
        v
    }

    #[test]
    fn the_piece_in_hand_shows_its_targets_and_the_cells_the_rules_close() {
        // The intervention lesson: f4 lies between Dark's e4 and g3.
        let pos = LESSONS[2].position();
        let m = Match::new(Game::from_position(pos), Mode::PassAndPlay);
        let mut selection = Selection::default();
        selection.select(&pos, cell("e3"));
        let marks = compute_marks(&m, &selection, false);
        assert_eq!(spots(&marks, Mark::Closed), [cell("f4")]);
        let mut targets = spots(&marks, Mark::Target);
        targets.extend(spots(&marks, Mark::CaptureTarget));
        targets.sort();
        let mut want: Vec<Cell> = pos.targets_from(cell("e3")).iter().collect();
        want.sort();
        assert_eq!(targets, want);
        assert!(marks.outline.contains(&(cell("e3"), Mark::Selected)));
    }

    #[test]
    fn a_due_relocation_marks_the_piece_and_its_outer_cells() {
        let pos = LESSONS[4].position();
        let m = Match::new(Game::from_position(pos), Mode::PassAndPlay);
        let mut selection = Selection::default();
        selection.select(&pos, cell("f4"));
        let marks = compute_marks(&m, &selection, false);
        assert!(marks.outline.contains(&(cell("f4"), Mark::MustMove)));
        let relocation = spots(&marks, Mark::RelocationTarget);
        assert!(!relocation.is_empty());
        assert!(relocation.iter().all(|c| c.ring() == 5));
        // No step is offered or closed while a relocation is due.
        assert!(spots(&marks, Mark::Closed).is_empty());
    }
}
