//! The evaluation's terms, each checked on a position built for it.

use super::*;
use agon_rules::{Kind, Piece};

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

#[test]
fn start_is_balanced_but_for_the_tempo() {
    let p = Position::start();
    let w = Weights::DEFAULT;
    assert_eq!(evaluate(&p, &w), w.tempo);
    assert_eq!(formation_distance(&p, Side::Light), 5 + 6 * 4);
}

#[test]
fn the_queen_on_the_throne_is_good() {
    let w = Weights::DEFAULT;
    let near = Position::from_afn("6/7/8/9/10/4Q5q/10/9/8/7/6 d -").unwrap();
    let far = Position::from_afn("Q5/7/8/9/10/10q/10/9/8/7/6 d -").unwrap();
    assert!(evaluate(&near, &w) < evaluate(&far, &w));
}

#[test]
fn exposure_sees_a_threatened_guard() {
    // Light's f3 has Dark's f4 above it; Dark's g1 can step to f2 below.
    let mut p = Position::empty(Side::Dark);
    p.put(c("f3"), Piece::new(Side::Light, Kind::Guard), false);
    p.put(c("f4"), Piece::new(Side::Dark, Kind::Guard), false);
    p.put(c("g1"), Piece::new(Side::Dark, Kind::Guard), false);
    assert_eq!(exposed(&p, Side::Light), 1);
    // With f2 taken, f3 is safe.
    p.put(c("f2"), Piece::new(Side::Light, Kind::Guard), false);
    assert_eq!(exposed(&p, Side::Light), 0);
}

#[test]
fn a_guard_is_kept_outside_while_an_enemy_blocks_the_ring() {
    let with_guard_on = |cell: &str, blocker: bool| {
        let mut p = Position::empty(Side::Light);
        p.put(c("a1"), Piece::new(Side::Light, Kind::Queen), false);
        p.put(c("l6"), Piece::new(Side::Dark, Kind::Queen), false);
        p.put(c(cell), Piece::new(Side::Light, Kind::Guard), false);
        if blocker {
            p.put(c("f7"), Piece::new(Side::Dark, Kind::Guard), false);
        }
        p
    };
    let mut w = Weights::DEFAULT;
    w.reserve = 50;
    // f4 is one step nearer the ring than f3: worth `distance` more,
    // less the reserve while a dark guard stands in the throne ring.
    let gain = |blocker| {
        evaluate(&with_guard_on("f4", blocker), &w) - evaluate(&with_guard_on("f3", blocker), &w)
    };
    assert_eq!(gain(false), w.distance);
    assert_eq!(gain(true), w.distance - w.reserve);
}

#[test]
fn the_last_guard_outside_is_a_spare_until_an_enemy_blocks() {
    let with_guard_on = |cell: &str, captured: bool| {
        let mut p = Position::empty(Side::Light);
        p.put(c("f6"), Piece::new(Side::Light, Kind::Queen), false);
        p.put(c("a1"), Piece::new(Side::Dark, Kind::Queen), false);
        p.put(c("f7"), Piece::new(Side::Light, Kind::Guard), false);
        p.put(c(cell), Piece::new(Side::Light, Kind::Guard), captured);
        p
    };
    let mut w = Weights::DEFAULT;
    w.spare = 70;
    // f4 (ring 2) is one step nearer than f3 (ring 3), but leaves Light
    // with no guard outside.
    let gain =
        evaluate(&with_guard_on("f4", false), &w) - evaluate(&with_guard_on("f3", false), &w);
    assert_eq!(gain, w.distance - w.spare);
    // A captured guard will come back outside: no spare is missing.
    let mut none = w;
    none.spare = 0;
    let captured = with_guard_on("f4", true);
    assert_eq!(evaluate(&captured, &w), evaluate(&captured, &none));
    // With a dark piece in the ring, `reserve` takes over.
    let mut blocked = with_guard_on("f4", false);
    blocked.put(c("e5"), Piece::new(Side::Dark, Kind::Guard), false);
    assert_eq!(evaluate(&blocked, &w), evaluate(&blocked, &none));
}

#[test]
fn a_side_short_of_steps_is_cramped() {
    let mut p = Position::empty(Side::Light);
    // A queen on the throne has no step (every neighbour is outward); a
    // guard in the throne ring only the two ring cells beside it.
    p.put(c("f6"), Piece::new(Side::Light, Kind::Queen), false);
    p.put(c("f7"), Piece::new(Side::Light, Kind::Guard), false);
    // A corner of the outer ring: two cells along it, one inward.
    p.put(c("a1"), Piece::new(Side::Dark, Kind::Queen), false);
    assert_eq!(
        (p.step_count(Side::Light), p.step_count(Side::Dark)),
        (2, 3)
    );
    let none = Weights::DEFAULT;
    let mut w = none;
    w.cramp = 10;
    // Light, to move, has 2 steps, Dark 3: each is weighed short of
    // CRAMP_STEPS.
    let short = |steps: i32| CRAMP_STEPS - steps;
    assert_eq!(
        evaluate(&p, &w) - evaluate(&p, &none),
        -10 * short(2) + 10 * short(3)
    );
    // A dark guard beside f7 takes one of its steps and has one itself.
    p.put(c("g6"), Piece::new(Side::Dark, Kind::Guard), false);
    assert_eq!(
        (p.step_count(Side::Light), p.step_count(Side::Dark)),
        (1, 4)
    );
    assert_eq!(
        evaluate(&p, &w) - evaluate(&p, &none),
        -10 * short(1) + 10 * short(4)
    );
    // A side with CRAMP_STEPS steps or more is not cramped at all.
    let start = Position::start();
    assert!(start.step_count(Side::Light) >= CRAMP_STEPS as u32);
    assert_eq!(evaluate(&start, &w), evaluate(&start, &none));
}

#[test]
fn mobility_counts_each_side_s_legal_steps() {
    let mut p = Position::empty(Side::Light);
    // The queen on the throne has no step, the guard on f7 two; Dark's
    // queen in the a1 corner three.
    p.put(c("f6"), Piece::new(Side::Light, Kind::Queen), false);
    p.put(c("f7"), Piece::new(Side::Light, Kind::Guard), false);
    p.put(c("a1"), Piece::new(Side::Dark, Kind::Queen), false);
    let none = Weights::DEFAULT;
    let mut w = none;
    w.mobility = 10;
    assert_eq!(evaluate(&p, &w) - evaluate(&p, &none), 10 * (2 - 3));
}

#[test]
fn a_backed_blocker_is_besieged_from_the_side() {
    // Dark's f7 stands in Light's throne ring, backed by f8 outside it:
    // the line through the throne is shut, the line across the ring open.
    let mut p = Position::empty(Side::Light);
    p.put(c("f6"), Piece::new(Side::Light, Kind::Queen), false);
    p.put(c("a1"), Piece::new(Side::Dark, Kind::Queen), false);
    p.put(c("f7"), Piece::new(Side::Dark, Kind::Guard), false);
    p.put(c("f8"), Piece::new(Side::Dark, Kind::Guard), false);
    p.put(c("g6"), Piece::new(Side::Light, Kind::Guard), false);
    let across = c("f7")
        .neighbour(c("g6").direction_to(c("f7")).unwrap())
        .unwrap();
    assert_eq!(across.ring(), 2);
    // A light guard on ring 5, three cells from it.
    let far = Cell::all()
        .find(|x| x.ring() == 5 && x.distance(across) == 3)
        .unwrap();
    p.put(far, Piece::new(Side::Light, Kind::Guard), false);
    assert_eq!(siege(&p, Side::Light), 3);
    assert_eq!(siege_lines(&p, Side::Light), 3);
    // One step nearer, one less; on the cell, nothing left to do.
    p.take(far);
    let near = Cell::all()
        .find(|x| x.ring() == 4 && x.distance(across) == 2)
        .unwrap();
    p.put(near, Piece::new(Side::Light, Kind::Guard), false);
    assert_eq!(siege_lines(&p, Side::Light), 2);
    p.take(near);
    p.put(across, Piece::new(Side::Light, Kind::Guard), false);
    assert_eq!(siege_lines(&p, Side::Light), 0);
    assert_eq!(siege(&p, Side::Light), 3);
    // Unbacked, with only a guard in the ring: none can step outward to
    // the cells beyond, and the ring cells beside lead nowhere else.
    p.take(across);
    p.take(c("g6"));
    p.take(c("f8"));
    p.put(c("e6"), Piece::new(Side::Light, Kind::Guard), false);
    let other = c("f7")
        .neighbour(c("e6").direction_to(c("f7")).unwrap())
        .unwrap();
    assert!(!p.occupied().contains(other));
    assert_eq!(siege_lines(&p, Side::Light), 8);
    // Without the queen on the throne there is no siege.
    p.take(c("f6"));
    p.put(c("f1"), Piece::new(Side::Light, Kind::Queen), false);
    assert_eq!(siege_lines(&p, Side::Light), 0);
}

#[test]
fn the_enemy_queen_on_the_throne_is_captured_along_the_cheapest_line() {
    // Dark's queen holds the throne; Light's queen stands on f7, one end
    // of the line f7-f6-f5; a light guard on f3 is two steps from f5.
    let mut p = Position::empty(Side::Light);
    p.put(c("f6"), Piece::new(Side::Dark, Kind::Queen), false);
    p.put(c("f7"), Piece::new(Side::Light, Kind::Queen), false);
    p.put(c("f3"), Piece::new(Side::Light, Kind::Guard), false);
    // The other lines cost 3: e5 (2 from the queen) and g6 (1), e6 (1)
    // and g5 (2).
    assert_eq!(dethrone(&p, Side::Light), 2);
    assert_eq!(dethrone(&p, Side::Dark), 0);
    let mut w = Weights::DEFAULT;
    let base = evaluate(&p, &w);
    w.dethrone = 10;
    assert_eq!(evaluate(&p, &w) - base, -20);
    // A step nearer, one less.
    p.take(c("f3"));
    p.put(c("f4"), Piece::new(Side::Light, Kind::Guard), false);
    assert_eq!(dethrone(&p, Side::Light), 1);
    // A dark guard on f5 must be captured first: another line is cheaper.
    p.put(c("f5"), Piece::new(Side::Dark, Kind::Guard), false);
    assert_eq!(dethrone(&p, Side::Light), 3);
    // A captured queen holds nothing.
    p.take(c("f6"));
    p.put(c("f6"), Piece::new(Side::Dark, Kind::Queen), true);
    assert_eq!(dethrone(&p, Side::Light), 0);
}

#[test]
fn a_throne_ring_cell_between_own_pieces_is_sealed() {
    let mut p = Position::empty(Side::Dark);
    p.put(c("f6"), Piece::new(Side::Light, Kind::Queen), false);
    p.put(c("a1"), Piece::new(Side::Dark, Kind::Queen), false);
    assert_eq!(ring_open(&p, Side::Light), 6);
    // f7 lies between the queen on the throne and a guard on f8.
    p.put(c("f8"), Piece::new(Side::Light, Kind::Guard), false);
    assert_eq!(ring_open(&p, Side::Light), 5);
    // A captured guard seals nothing (clause 12).
    p.take(c("f8"));
    p.put(c("f8"), Piece::new(Side::Light, Kind::Guard), true);
    assert_eq!(ring_open(&p, Side::Light), 6);
    // A guard of the side standing in the ring closes its cell.
    p.put(c("e5"), Piece::new(Side::Light, Kind::Guard), false);
    assert_eq!(ring_open(&p, Side::Light), 5);
    let mut w = Weights::DEFAULT;
    let base = evaluate(&p, &w);
    w.ring_open = 10;
    // Light, not to move, has five open cells: Dark's view gains 50.
    assert_eq!(evaluate(&p, &w) - base, 50);
}

/// [`approach`] as its definition reads: each guard's distance to every
/// free throne-ring cell measured anew.
fn approach_measured(p: &Position, side: Side) -> i32 {
    let guards = p.guards(side) & p.in_play(side);
    let free = CellSet::THRONE_RING - guards;
    let mut steps = 0;
    for g in guards - CellSet::THRONE_RING {
        let nearest = free.iter().map(|t| g.distance(t)).min().unwrap_or(0);
        steps += nearest.saturating_sub(g.ring() - 1) as i32;
    }
    steps
}

#[test]
fn the_approach_table_agrees_with_measuring_every_distance() {
    // A guard beside a free ring cell needs no sideways step; on the far
    // side of the board from the only free one, it does.
    let mut p = Position::empty(Side::Light);
    p.put(c("f6"), Piece::new(Side::Light, Kind::Queen), false);
    p.put(c("a1"), Piece::new(Side::Dark, Kind::Queen), false);
    for ring_cell in ["e5", "e6", "f5", "f7", "g5"] {
        p.put(c(ring_cell), Piece::new(Side::Light, Kind::Guard), false);
    }
    p.put(c("f1"), Piece::new(Side::Light, Kind::Guard), false);
    assert!(approach(&p, Side::Light) > 0);
    assert_eq!(
        approach(&p, Side::Light),
        approach_measured(&p, Side::Light)
    );
    // Every position of many random games, both sides.
    let mut seen = 0;
    for game in 0..200u64 {
        let mut p = Position::start();
        let mut state = game.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for _ in 0..300 {
            for side in [Side::Light, Side::Dark] {
                assert_eq!(approach(&p, side), approach_measured(&p, side), "{p}");
                seen += (approach(&p, side) > 0) as u32;
            }
            let actions = p.legal_actions();
            if actions.is_empty() || p.formation_outcome().is_some() {
                break;
            }
            state = agon_rules::splitmix64(state);
            p.play(actions[(state % actions.len() as u64) as usize]);
        }
    }
    assert!(seen > 1000, "the games put guards away from the free cells");
}
