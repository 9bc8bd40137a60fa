//! A puzzle in the panels (both layouts), in place of the game's panel:
//! what to find, what the last wrong action would have allowed, the hint
//! and the solution, and once it is over, how the rating moved, the next
//! puzzle, the position in analysis, and the way back.

use agon_puzzles::Goal;
use agon_rules::Side;
use bevy_egui::egui;

use crate::game::analysis::AnalysisRequest;
use crate::game::puzzle::{
    Attempt, PuzzleKind, PuzzleRequest, PuzzleStart, consequence_words, game_of,
};
use crate::game::{MatchCommand, Setup};
use crate::i18n::words::side_key;
use crate::ui::state::{GameParams, Requests, UiState};

/// What the player is asked to find, in a sentence.
fn goal_words(l: crate::i18n::Lang, goal: Goal, solver: Side) -> String {
    let side = side_key(solver);
    match goal {
        Goal::ThroneIn(n) => t!(l, "puzzle-goal-throne", side = side, count = u64::from(n)),
        Goal::Defend => t!(l, "puzzle-goal-defend", side = side),
        Goal::CaptureQueen => t!(l, "puzzle-goal-queen", side = side),
        Goal::WinMaterial => t!(l, "puzzle-goal-material", side = side),
    }
}

/// The puzzle's panel; nothing when no puzzle is on the board.
pub(crate) fn puzzle_panel(
    ui_: &mut egui::Ui,
    p: &mut GameParams,
    r: &mut Requests,
    ui: &mut UiState,
) {
    let Some(active) = p.puzzles.active.as_ref() else {
        return;
    };
    let l = *p.lang;
    let run = &active.run;
    let puzzle = run.puzzle();
    ui_.label(egui::RichText::new(t!(l, "puzzle-title", rating = u64::from(puzzle.rating))).weak());
    let goal = goal_words(l, run.goal(), run.solver());
    ui_.label(egui::RichText::new(goal).size(20.0).strong());
    ui_.add_space(4.0);
    let (said, colour) = match &active.attempt {
        Attempt::Playing => (t!(l, "puzzle-your-move"), egui::Color32::GRAY),
        Attempt::Wrong(allows) => (
            format!(
                "{} {}",
                consequence_words(allows, !run.solver()).text(l),
                t!(l, "puzzle-try-again")
            ),
            egui::Color32::from_rgb(240, 190, 110),
        ),
        Attempt::Solved => (
            t!(l, "puzzle-solved"),
            egui::Color32::from_rgb(140, 220, 140),
        ),
    };
    // A live region: a screen reader says it as it changes.
    let response =
        ui_.add(egui::Label::new(egui::RichText::new(said).size(16.0).color(colour)).wrap());
    ui_.ctx().accesskit_node_builder(response.id, |node| {
        node.set_live(egui::accesskit::Live::Polite);
    });
    if let Some(cell) = active.hint {
        ui_.label(t!(l, "puzzle-hint-said", cell = cell.to_string()));
    }
    if let Some(action) = active.shown {
        ui_.label(t!(l, "puzzle-solution-said", action = action.to_string()));
    }
    let over = active.attempt == Attempt::Solved;
    let rating = p.puzzle_progress.rating;
    if over || !matches!(active.attempt, Attempt::Playing) || active.hint.is_some() {
        let change = rating.rating() - active.rating_before;
        ui_.label(
            egui::RichText::new(t!(
                l,
                "puzzle-rating",
                rating = rating.display(),
                change = format!("{change:+.0}")
            ))
            .weak(),
        );
    }
    if active.kind == PuzzleKind::Streak {
        let streak = p.puzzle_progress.streak;
        ui_.label(t!(
            l,
            "puzzle-streak-now",
            count = u64::from(streak.current),
            best = u64::from(streak.best)
        ));
    }
    ui_.add_space(6.0);
    ui_.horizontal_wrapped(|ui_| {
        if !over {
            let hint = ui_.button(t!(l, "puzzle-hint"));
            if ui.place("PuzzleHint", hint).clicked() {
                r.puzzles.write(PuzzleRequest::Hint);
            }
            let solution = ui_.button(t!(l, "puzzle-solution"));
            if ui.place("PuzzleSolution", solution).clicked() {
                r.puzzles.write(PuzzleRequest::Reveal);
            }
        }
        let next = match active.kind {
            PuzzleKind::Streak => PuzzleStart::Streak,
            PuzzleKind::Rated(theme) => PuzzleStart::Next(theme),
            PuzzleKind::Daily => PuzzleStart::Next(None),
        };
        let button = ui_.button(t!(l, "puzzle-next"));
        if ui.place("PuzzleNext", button).clicked() {
            r.send(ui, MatchCommand::StartPuzzle(next));
        }
        if over {
            let analyse = ui_.button(t!(l, "puzzle-analyse"));
            if ui.place("PuzzleAnalyse", analyse).clicked() {
                let game = game_of(active);
                r.send(
                    ui,
                    MatchCommand::New {
                        setup: Setup::PassAndPlay,
                        game: Box::new(game),
                        confirmed: false,
                    },
                );
                r.analysis.write(AnalysisRequest(true));
            }
        }
    });
    ui_.add_space(6.0);
    let leave = ui_.button(t!(l, "puzzle-leave"));
    if ui.place("PuzzleLeave", leave).clicked() {
        r.send(ui, MatchCommand::LeavePuzzle);
    }
}
