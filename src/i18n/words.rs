//! The rules' words: the sides, the levels, why a game ended, how many
//! actions. Pure functions of the rules' and the AI's types and a
//! language; the interface and the error messages both say them.

use agon_ai::Level;
use agon_rules::{Ending, Outcome, Side, WinReason};

use crate::i18n::{Lang, Message};

pub(crate) fn side_name(l: Lang, side: Side) -> String {
    match side {
        Side::Light => t!(l, "side-light"),
        Side::Dark => t!(l, "side-dark"),
    }
}

/// A side as a Fluent selector: `light` or `dark` (a language may need the
/// side to agree its words, as Italian's "il Chiaro" / "lo Scuro").
pub(crate) fn side_key(side: Side) -> &'static str {
    match side {
        Side::Light => "light",
        Side::Dark => "dark",
    }
}

/// A side's queen as a Fluent selector: `captured` or `in-play`.
pub(crate) fn queen_state(pos: &agon_rules::Position, side: Side) -> &'static str {
    if pos.queen_captured(side) {
        "captured"
    } else {
        "in-play"
    }
}

/// A level's name, shown to players.
pub(crate) fn level_title(l: Lang, level: Level) -> String {
    match level {
        Level::Beginner => t!(l, "level-beginner"),
        Level::Easy => t!(l, "level-easy"),
        Level::Medium => t!(l, "level-medium"),
        Level::Hard => t!(l, "level-hard"),
        Level::Master => t!(l, "level-master"),
    }
}

/// What playing a level is like (measured: README, "The ladder").
pub(crate) fn level_description(l: Lang, level: Level) -> String {
    match level {
        Level::Beginner => t!(l, "level-beginner-about"),
        Level::Easy => t!(l, "level-easy-about"),
        Level::Medium => t!(l, "level-medium-about"),
        Level::Hard => t!(l, "level-hard-about"),
        Level::Master => t!(l, "level-master-about"),
    }
}

/// Why a game ended, in a sentence.
pub(crate) fn ending_reason(ending: Ending) -> Message {
    match ending {
        Ending::Rules(outcome) => outcome_reason(outcome),
        Ending::Resignation { winner } => {
            Message::new("ending-resigned").with("side", side_key(!winner))
        }
        Ending::Agreement => Message::new("ending-agreed"),
        Ending::Adjudication => Message::new("ending-adjudicated"),
        Ending::Time { winner } => Message::new("ending-time").with("side", side_key(!winner)),
        Ending::Abandonment { winner } => {
            Message::new("ending-abandoned").with("side", side_key(!winner))
        }
    }
}

/// Why the rules ended a game, in a sentence.
pub(crate) fn outcome_reason(outcome: Outcome) -> Message {
    match outcome {
        Outcome::Win { winner, reason } => match reason {
            WinReason::Throne => Message::new("ending-throne").with("side", side_key(winner)),
            WinReason::Forfeit => Message::new("ending-forfeit").with("side", side_key(!winner)),
            WinReason::NoMoves => Message::new("ending-no-moves").with("side", side_key(!winner)),
        },
        Outcome::DrawByRepetition => Message::new("ending-repetition"),
    }
}

/// "1 action", "5 actions".
pub(crate) fn actions(l: Lang, n: usize) -> String {
    t!(l, "actions", count = n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_counted_in_each_language() {
        assert_eq!(actions(Lang::En, 1), "1 action");
        assert_eq!(actions(Lang::En, 3), "3 actions");
        // The languages count too: plurals are each language's own.
        assert_eq!(actions(Lang::It, 1), "1 azione");
        assert_eq!(actions(Lang::It, 3), "3 azioni");
        assert_eq!(actions(Lang::Nb, 3), "3 trekk");
        assert_eq!(actions(Lang::El, 3), "3 κινήσεις");
    }
}
