//! The evaluation is fair to both sides: a position and its colour-mirrored
//! twin (every piece changes colour and turns half way round the throne,
//! the other side to move) are worth the same to the side to move, so
//! opposite amounts to either fixed side; and every symmetry of the board
//! (the six turns and their reflections) leaves a position's worth alone.

use agon_ai::{Weights, evaluate};
use agon_rules::{Cell, Game, Piece, Position, SPLITMIX64_GAMMA, Side, splitmix64};

fn rng(x: &mut u64) -> u64 {
    let out = splitmix64(*x);
    *x = x.wrapping_add(SPLITMIX64_GAMMA);
    out
}

/// Positions from seeded random games, captures and relocations among them.
fn positions(count: usize, seed: u64) -> Vec<Position> {
    let mut s = seed;
    let mut out = Vec::new();
    for i in 0..count {
        let mut g = Game::new();
        let plies = 5 + (i * 13) % 150;
        while !g.is_over() && g.history().len() < plies {
            let list = g.legal_actions();
            g.play(list[(rng(&mut s) % list.len() as u64) as usize])
                .unwrap();
            out.push(*g.position());
        }
    }
    out
}

/// The twelve symmetries of the hexagon, in axial coordinates: `turns`
/// sixth-turns, after a reflection when `reflect`.
fn transform(c: Cell, turns: u32, reflect: bool) -> Cell {
    let (mut q, mut r) = (c.q(), c.r());
    if reflect {
        (q, r) = (r, q);
    }
    for _ in 0..turns {
        // A sixth of a turn: (q, r, s) -> (-r, -s, -q) with s = -q - r.
        (q, r) = (-r, q + r);
    }
    Cell::from_axial(q, r).expect("symmetries keep the board")
}

fn map(p: &Position, turns: u32, reflect: bool, swap_colours: bool) -> Position {
    let to_move = if swap_colours {
        !p.to_move()
    } else {
        p.to_move()
    };
    let mut out = Position::empty(to_move);
    for c in Cell::all() {
        if let Some(piece) = p.piece_at(c) {
            let side = if swap_colours {
                !piece.side
            } else {
                piece.side
            };
            out.put(
                transform(c, turns, reflect),
                Piece::new(side, piece.kind),
                p.is_out_of_play(c),
            );
        }
    }
    out
}

/// The colour-mirrored twin: colours swapped, a half turn, the other side
/// to move. The start position is its own twin, but for the side to move.
fn mirrored(p: &Position) -> Position {
    map(p, 3, false, true)
}

#[test]
fn the_start_is_its_own_mirror() {
    let start = Position::start();
    assert_eq!(mirrored(&start), start.with_side_to_move(Side::Dark));
}

#[test]
fn a_position_and_its_colour_mirror_are_worth_opposite_amounts_to_light() {
    let mut checked = 0;
    for (w, p) in [Weights::DEFAULT, Weights::MASTER]
        .into_iter()
        .flat_map(|w| positions(300, 17).into_iter().map(move |p| (w, p)))
    {
        let m = mirrored(&p);
        assert_eq!(mirrored(&m), p);
        // From light's point of view: the side to move's value, signed.
        let light = |q: &Position| {
            let v = evaluate(q, &w);
            if q.to_move() == Side::Light { v } else { -v }
        };
        assert_eq!(light(&p), -light(&m), "{p} against its mirror {m}");
        checked += 1;
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn every_symmetry_of_the_board_keeps_the_evaluation() {
    for (w, p) in [Weights::DEFAULT, Weights::MASTER]
        .into_iter()
        .flat_map(|w| positions(100, 29).into_iter().map(move |p| (w, p)))
    {
        let v = evaluate(&p, &w);
        for turns in 0..6 {
            for reflect in [false, true] {
                let q = map(&p, turns, reflect, false);
                assert_eq!(
                    evaluate(&q, &w),
                    v,
                    "{p}: {turns} turns, reflected {reflect}"
                );
                // The rules are symmetric too: as many actions either way.
                assert_eq!(q.count_actions(), p.count_actions(), "{p}");
            }
        }
    }
}

#[test]
fn the_search_scores_a_position_and_its_mirror_alike() {
    // At depth 2 nothing is reduced, so the score is the exact minimax value
    // whatever the move order; it must not care which colour moves.
    use agon_ai::{Limits, Search};
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut search = Search::new(1);
    for p in positions(20, 41).into_iter().step_by(7) {
        if p.formation_outcome().is_some() || !p.has_actions() {
            continue;
        }
        let mut score = |q: Position| {
            search.clear();
            search.start(&Game::from_position(q), limits);
            search.run(&never, |_| {}).score
        };
        assert_eq!(score(p), score(mirrored(&p)), "{p}");
    }
}
