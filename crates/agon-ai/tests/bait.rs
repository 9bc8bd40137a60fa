//! Master in a lost position with one action that saves it, a bait: found
//! whatever the search tried first.

use std::sync::atomic::AtomicBool;

use agon_ai::{Level, Limits, MATE_BOUND, Search, Style};
use agon_rules::{Action, Game, Outcome, Side, WinReason};

/// Seed 11's game 14 of the game's Master (Dark) against Hard, 93 plies
/// in, Dark to move with three actions: `e7-e6` fills its ring without its
/// queen (a forfeit), `e5-e6` leaves it no action after `e4-e5`, and
/// `f7-e6` leaves Light nothing better than returning to a position of the
/// game (a draw to the search). Master tried `e5-e6` first, and the bait's
/// shift of the lost game it found as the bound (`f7-e6` offers a capture)
/// made the child's window ask past the lost games' range: it played
/// `e5-e6` and lost. The draw is found at every depth, with the bait and
/// without.
#[test]
fn a_bait_that_saves_a_lost_position_is_found_after_a_losing_action() {
    const ACTIONS: &str = "
    f1-g1 k7-i8 b1-b2 b7-a6 b2-c3 d1-d2 h9-h8 d2-d3 c3-d4 a2-b3 d4-d5 f11-f10 h8-g8
    f10-f9 g8-g7 i8-i7 a5-b5 i7-h7 l5-k6 h7-h6 g7-f7 h6-h5 k6-i6 d3-e4 b5-c6 b3-c4
    d9-d8 c4-c5 d5-d6 l2-k3 d8-d7 a6-b7 i6-h6 k3-i3 g1-g2 b7-c7 c6-g1 c7-c6 d7-e7 c5-d5
    g2-g3 d5-e6 d6-l2 f9-f8 g3-g4 h1-g2 g4-h4 h5-f1 h6-g7 i3-i4 h4-h5 i4-i5 h5-h6 i5-h5
    g1-f2 g2-f3 f2-d9 c6-d6 e7-b7 d6-e7 d9-d8 h5-g6 f7-a1 f3-f4 h6-h5 f4-g4 d8-d7 f1-f2
    k1-k2 f2-f3 d7-d6 e6-f7 b7-c7 f3-f4 c7-d7 e4-e5 a1-b2 g4-g5 k2-i3 f4-e4 i3-h4 f7-e6
    b2-c3 e5-f5 c3-d4 f5-e5 l2-k2 e4-f4 d4-e4 f4-f5 k2-i3 e6-f7 d6-d5";
    let mut game = Game::new();
    for text in ACTIONS.split_whitespace() {
        game.play_text(text).unwrap();
    }
    let play = |texts: &[&str]| {
        let mut g = game.clone();
        for t in texts {
            g.play_text(t).unwrap();
        }
        g
    };
    let after = |texts: &[&str]| play(texts).outcome();
    let light_wins = |reason| {
        Some(Outcome::Win {
            winner: Side::Light,
            reason,
        })
    };
    assert_eq!(game.legal_actions().len(), 3);
    assert_eq!(after(&["e7-e6"]), light_wins(WinReason::Forfeit));
    assert_eq!(after(&["e5-e6", "e4-e5"]), light_wins(WinReason::NoMoves));
    // Light's best reply returns the game to a position it has had
    // (which the search counts as a draw), and one more turn each way
    // would draw it by the rules.
    assert_eq!(play(&["f7-e6", "d5-d6"]).repetitions(), 2);
    assert_eq!(
        after(&["f7-e6", "d5-d6", "e6-f7", "d6-d5", "f7-e6", "d5-d6"]),
        Some(Outcome::DrawByRepetition)
    );
    let draw: Action = "f7-e6".parse().unwrap();
    for bait in [0, 200] {
        for d in 3..=6 {
            let mut s = Search::new(1);
            s.set_style(Style {
                bait,
                ..Level::Master.style(0)
            });
            let depth = Limits {
                depth: Some(d),
                ..Limits::default()
            };
            s.start(&game, depth);
            let r = s.run(&AtomicBool::new(false), |_| {});
            assert_eq!(r.best, Some(draw), "bait {bait} depth {d}");
            assert!(r.score > -MATE_BOUND, "bait {bait} depth {d}: {}", r.score);
        }
    }
}
