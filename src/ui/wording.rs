//! What the interface says: the result, whose turn it is and what to do,
//! a game in a few words. Pure functions of the match, tested headless.

use agon_rules::{Ending, Outcome, Side, WinReason};

use crate::game::{Match, Mode};

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Light => "Light",
        Side::Dark => "Dark",
    }
}

/// The result in words, for the game-over dialog: a title and a reason.
pub fn describe_ending(ending: Ending, mode: Mode) -> (String, String) {
    let winner = ending.winner();
    let title = match (winner, mode) {
        (None, _) => "Draw".to_string(),
        (Some(w), Mode::VsComputer { human, .. }) if w == human => "You win!".to_string(),
        (Some(_), Mode::VsComputer { .. }) => "The computer wins".to_string(),
        (Some(w), Mode::Remote { me }) if w == me => "You win!".to_string(),
        (Some(_), Mode::Remote { .. }) => "Your friend wins".to_string(),
        (Some(w), Mode::PassAndPlay | Mode::Watch { .. }) => format!("{} wins!", side_name(w)),
    };
    let reason = match ending {
        Ending::Rules(Outcome::Win { winner, reason }) => {
            let (w, l) = (side_name(winner), side_name(!winner));
            match reason {
                WinReason::Throne => {
                    format!("{w}'s queen holds the throne, ringed by all six of {w}'s guards.")
                }
                WinReason::Forfeit => format!(
                    "{l} filled the throne ring without {l}'s queen on the throne, and forfeits."
                ),
                WinReason::NoMoves => format!("{l} had no legal action left."),
            }
        }
        Ending::Rules(Outcome::DrawByRepetition) => {
            "The same position occurred for the third time.".to_string()
        }
        Ending::Resignation { winner } => format!("{} resigned.", side_name(!winner)),
        Ending::Agreement => "The players agreed a draw.".to_string(),
        Ending::Adjudication => "The game was stopped and called a draw.".to_string(),
    };
    (title, reason)
}

/// What the side to move should do now, in a sentence.
pub fn status_line(the_match: &Match, thinking: bool) -> String {
    if let Some(e) = the_match.result() {
        return describe_ending(e, the_match.mode).0;
    }
    let pos = the_match.position();
    let side = pos.to_move();
    if the_match.computer_to_move() {
        return if thinking {
            "The computer is thinking…".to_string()
        } else {
            "The computer's move".to_string()
        };
    }
    if the_match.friend_to_move() {
        return format!(
            "Your friend's turn ({}): send them your move, then open the link they send back.",
            side_name(side)
        );
    }
    let who = match the_match.mode {
        Mode::VsComputer { .. } | Mode::Remote { .. } => "Your".to_string(),
        Mode::PassAndPlay | Mode::Watch { .. } => format!("{}'s", side_name(side)),
    };
    if pos.must_relocate() {
        let captured = pos.captured(side);
        if pos.queen_captured(side) {
            format!(
                "{who} queen was captured: relocate her to any empty cell, the throne included."
            )
        } else if captured.len() > 1 {
            format!(
                "{who} turn: relocate one of the {} captured guards to an empty cell of the outer ring.",
                captured.len()
            )
        } else {
            format!("{who} turn: relocate the captured guard to an empty cell of the outer ring.")
        }
    } else {
        format!("{who} turn: pick up a piece, then a highlighted cell.")
    }
}

/// A game in a few words: who plays whom.
pub fn mode_words(mode: Mode) -> String {
    match mode {
        Mode::PassAndPlay => "pass and play".to_string(),
        Mode::Watch { level } => format!("computer vs computer, {}", level.title()),
        Mode::VsComputer { level, .. } => format!("vs computer, {}", level.title()),
        Mode::Remote { .. } => "a friend by link".to_string(),
    }
}

/// "1 action", "5 actions".
pub fn actions(n: usize) -> String {
    format!("{n} action{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use agon_ai::Level;
    use agon_rules::Game;

    #[test]
    fn the_status_says_whose_turn_and_counts_actions() {
        let start = Match::new(Game::new(), Mode::PassAndPlay);
        assert!(status_line(&start, false).starts_with("Light's turn: pick up"));
        let vs = Match::new(
            Game::new(),
            Mode::VsComputer {
                human: Side::Dark,
                level: Level::Easy,
            },
        );
        assert_eq!(status_line(&vs, true), "The computer is thinking…");
        let mut g = Game::new();
        let remote = Match::new(g.clone(), Mode::Remote { me: Side::Light });
        assert!(status_line(&remote, false).starts_with("Your turn: pick up"));
        g.play_text("f1-f2").unwrap();
        let remote = Match::new(g, Mode::Remote { me: Side::Light });
        assert!(status_line(&remote, false).starts_with("Your friend's turn (Dark): send"));
        assert_eq!(actions(1), "1 action");
        assert_eq!(actions(3), "3 actions");
    }
}
