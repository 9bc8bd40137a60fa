//! What the interface says of the match: the result, whose turn it is and
//! what to do, a game in a few words. Pure functions of the match and the
//! language, tested headless; the rules' own words are `i18n::words`.

use agon_rules::Ending;

use crate::game::{Match, Mode};
use crate::i18n::Lang;
use crate::i18n::words::{actions, ending_reason, level_title, side_key};

/// The result in words, for the game-over dialog: a title and a reason.
pub fn describe_ending(l: Lang, ending: Ending, mode: Mode) -> (String, String) {
    let winner = ending.winner();
    let title = match (winner, mode) {
        (None, _) => t!(l, "ending-draw"),
        (Some(w), Mode::VsComputer { human, .. }) if w == human => t!(l, "ending-you-win"),
        (Some(_), Mode::VsComputer { .. }) => t!(l, "ending-computer-wins"),
        (Some(w), Mode::Remote { me }) if w == me => t!(l, "ending-you-win"),
        (Some(_), Mode::Remote { .. }) => t!(l, "ending-friend-wins"),
        (Some(w), Mode::Online { me: Some(me) }) if w == me => t!(l, "ending-you-win"),
        (Some(_), Mode::Online { me: Some(_) }) => t!(l, "ending-opponent-wins"),
        (Some(w), Mode::Puzzle { solver }) if w == solver => t!(l, "ending-you-win"),
        (
            Some(w),
            Mode::PassAndPlay
            | Mode::Watch { .. }
            | Mode::Online { me: None }
            | Mode::Puzzle { .. },
        ) => {
            t!(l, "ending-side-wins", side = side_key(w))
        }
    };
    let reason = ending_reason(ending).text(l);
    (title, reason)
}

/// What the side to move should do now, in a sentence.
pub(crate) fn status_line(l: Lang, the_match: &Match, thinking: bool) -> String {
    if let Some(n) = the_match.browsing {
        let total = the_match.shown_game().history().len();
        return if the_match.line.is_some() {
            t!(l, "status-variation", played = actions(l, n), total = total)
        } else {
            t!(l, "status-browsing", played = actions(l, n), total = total)
        };
    }
    if let Some(e) = the_match.result() {
        return describe_ending(l, e, the_match.mode).0;
    }
    let pos = the_match.position();
    let side = pos.to_move();
    if the_match.computer_to_move() {
        return if thinking {
            t!(l, "status-computer-thinking")
        } else {
            t!(l, "status-computer-to-move")
        };
    }
    if the_match.friend_to_move() {
        return t!(l, "status-friend", side = side_key(side));
    }
    if let Mode::Online { me } = the_match.mode
        && me != Some(side)
    {
        return match me {
            Some(_) => t!(l, "status-opponent", side = side_key(side)),
            None => t!(l, "status-watching", side = side_key(side)),
        };
    }
    // "your" with one person at the screen, else the side's name.
    let who = match the_match.mode {
        Mode::VsComputer { .. }
        | Mode::Remote { .. }
        | Mode::Online { .. }
        | Mode::Puzzle { .. } => "you",
        Mode::PassAndPlay | Mode::Watch { .. } => side_key(side),
    };
    if pos.must_relocate() {
        if pos.queen_captured(side) {
            t!(l, "status-relocate-queen", who = who)
        } else {
            t!(
                l,
                "status-relocate-guard",
                who = who,
                count = pos.captured(side).len()
            )
        }
    } else {
        t!(l, "status-your-turn", who = who)
    }
}

/// A game in a few words: who plays whom.
pub(crate) fn mode_words(l: Lang, mode: Mode) -> String {
    match mode {
        Mode::PassAndPlay => t!(l, "mode-pass-and-play"),
        Mode::Watch { level } => t!(l, "mode-watch", level = level_title(l, level)),
        Mode::VsComputer { level, .. } => {
            t!(l, "mode-vs-computer", level = level_title(l, level))
        }
        Mode::Remote { .. } => t!(l, "mode-remote"),
        Mode::Online { .. } => t!(l, "mode-online"),
        Mode::Puzzle { .. } => t!(l, "mode-puzzle"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agon_ai::Level;
    use agon_rules::{Game, Side};

    #[test]
    fn the_status_says_whose_turn_and_counts_actions() {
        let start = Match::new(Game::new(), Mode::PassAndPlay);
        assert!(status_line(Lang::En, &start, false).starts_with("Light's turn: pick up"));
        let vs = Match::new(
            Game::new(),
            Mode::VsComputer {
                human: Side::Dark,
                level: Level::Easy,
            },
        );
        assert_eq!(
            status_line(Lang::En, &vs, true),
            "The computer is thinking…"
        );
        let mut g = Game::new();
        let remote = Match::new(g.clone(), Mode::Remote { me: Side::Light });
        assert!(status_line(Lang::En, &remote, false).starts_with("Your turn: pick up"));
        g.play_text("f1-f2").unwrap();
        let remote = Match::new(g, Mode::Remote { me: Side::Light });
        assert!(
            status_line(Lang::En, &remote, false).starts_with("Your friend's turn (Dark): send")
        );
    }
}
