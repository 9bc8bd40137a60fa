//! The themes of a solution, as the rules tell them.

use agon_rules::{ActionKind, Position};

use crate::puzzle::{MAX_THRONE_IN, Theme};

/// The themes of `solution` from `start`: a throne win at its end (and in
/// how many of the solver's actions), captures, a relocation, the enemy
/// queen captured by the solver's actions; `defence` when the first action
/// is the only one that does not lose (the engine's finding, not the
/// line's). The solution must be legal.
pub fn themes_of(start: &Position, solution: &[agon_rules::Action], defence: bool) -> Vec<Theme> {
    let solver = start.to_move();
    let mut themes = Vec::new();
    let mut p = *start;
    for (i, &a) in solution.iter().enumerate() {
        let relocation = p.check(a) == Ok(ActionKind::Relocation);
        let queens_before = p.queen(!solver);
        let undo = p.play(a);
        if i % 2 == 1 {
            continue;
        }
        if relocation {
            themes.push(Theme::Relocation);
        }
        if undo.captured.any() {
            themes.push(Theme::Capture);
        }
        if queens_before.is_some_and(|q| undo.captured.contains(q)) {
            themes.push(Theme::QueenHunt);
        }
        if i + 1 == solution.len() && p.formation(solver).and_then(|o| o.winner()) == Some(solver) {
            themes.push(Theme::Throne);
            let n = (i / 2 + 1).min(usize::from(MAX_THRONE_IN)) as u8;
            themes.push(Theme::ThroneIn(n));
        }
    }
    if defence {
        themes.push(Theme::Defence);
    }
    themes.sort();
    themes.dedup();
    themes
}
