//! The review's marks on positions where the truth is known: an action that
//! lets the other side win on the throne at once is a blunder, and the
//! review shows an action that does not.

use agon_ai::review::{Mark, REVIEW_DEPTH, review, win_chance};
use agon_rules::{Action, Cell, Game, Kind, Outcome, Piece, Position, Side, WinReason};

fn cell(n: &str) -> Cell {
    n.parse().unwrap()
}

fn throne_win_for_light(g: &Game) -> bool {
    g.legal_actions().iter().any(|&b| {
        let mut h = g.clone();
        matches!(
            h.play(b).unwrap().outcome,
            Some(Outcome::Win {
                winner: Side::Light,
                reason: WinReason::Throne
            })
        )
    })
}

/// Light's queen on the throne with five guards around it and the sixth
/// one step away (the tutorial's last lesson), Dark to move with a guard
/// or two placed where one of its actions stops the win: Dark can stop it, or let
/// Light win.
fn dark_can_stop_the_throne_win() -> (Game, Action, Action) {
    let mut base = Position::empty(Side::Dark);
    for (n, kind) in [
        ("f6", Kind::Queen),
        ("e6", Kind::Guard),
        ("f5", Kind::Guard),
        ("f7", Kind::Guard),
        ("g5", Kind::Guard),
        ("g6", Kind::Guard),
        ("d4", Kind::Guard),
    ] {
        base.put(cell(n), Piece::new(Side::Light, kind), false);
    }
    base.put(cell("a6"), Piece::new(Side::Dark, Kind::Queen), false);
    base.put(cell("l1"), Piece::new(Side::Dark, Kind::Guard), false);
    // A Dark guard wherever it can stop the win (found by the rules, not
    // by hand).
    let empty: Vec<Cell> = base.empty_cells().iter().collect();
    for (i, &n) in empty.iter().enumerate() {
        for &m in &empty[i + 1..] {
            let mut pos = base;
            pos.put(n, Piece::new(Side::Dark, Kind::Guard), false);
            pos.put(m, Piece::new(Side::Dark, Kind::Guard), false);
            if pos.formation_outcome().is_some() {
                continue;
            }
            let game = Game::from_position(pos);
            let after = |a: Action| {
                let mut g = game.clone();
                g.play(a).unwrap();
                g
            };
            let actions: Vec<Action> = game.legal_actions().iter().copied().collect();
            let bad = actions.iter().find(|&&a| throne_win_for_light(&after(a)));
            let good = actions.iter().find(|&&a| !throne_win_for_light(&after(a)));
            if let (Some(&bad), Some(&good)) = (bad, good) {
                return (game, bad, good);
            }
        }
    }
    panic!("no Dark guard anywhere can stop the throne win");
}

#[test]
fn letting_the_throne_win_happen_is_a_blunder_and_the_better_action_is_shown() {
    let (game, bad, _) = dark_can_stop_the_throne_win();
    let mut g = game.clone();
    g.play(bad).unwrap();
    let win = g
        .legal_actions()
        .iter()
        .copied()
        .find(|&b| {
            let mut h = g.clone();
            h.play(b).unwrap().outcome.is_some()
        })
        .unwrap();
    g.play(win).unwrap();
    assert!(g.is_over());
    let r = review(&g, REVIEW_DEPTH);
    assert_eq!(r.actions.len(), 2);
    let blunder = &r.actions[0];
    assert_eq!(blunder.mover, Side::Dark);
    assert_eq!(blunder.mark, Some(Mark::Blunder), "{blunder:?}");
    let better = blunder.best.expect("a better action");
    assert_ne!(better, bad);
    let mut after_better = game.clone();
    after_better.play(better).unwrap();
    assert!(!throne_win_for_light(&after_better), "{better} still loses");
    // The winning action itself is the best there is.
    assert_eq!(r.actions[1].mark, None);
    assert_eq!(win_chance(r.actions[1].played_score), 1.0);
    // The summary counts it, and the graph ends with Light's win.
    assert_eq!(r.summary(Side::Dark).blunders, 1);
    assert_eq!(r.summary(Side::Light).blunders, 0);
    assert_eq!(r.light_chances().last(), Some(&1.0));
    assert_eq!(r.light_chances().len(), 3);
}

#[test]
fn the_review_of_a_game_played_by_the_review_itself_marks_little() {
    // Each action the best the review's own search finds: no blunder.
    let mut g = Game::new();
    let mut search = agon_ai::Search::new(16);
    for _ in 0..8 {
        search.start(
            &g,
            agon_ai::Limits {
                depth: Some(REVIEW_DEPTH),
                ..Default::default()
            },
        );
        let never = std::sync::atomic::AtomicBool::new(false);
        let best = search.run(&never, |_| {}).best.unwrap();
        g.play(best).unwrap();
    }
    let r = review(&g, REVIEW_DEPTH);
    assert_eq!(r.actions.len(), 8);
    for a in &r.actions {
        assert_ne!(a.mark, Some(Mark::Blunder), "{a:?}");
    }
}
