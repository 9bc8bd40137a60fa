//! One or more tests for every clause of the ruleset (RULES.md), on
//! hand-built positions. Each would fail if its clause were broken.

mod common;

use agon_rules::{
    ActionKind, Cell, CellSet, Dir, Game, IllegalAction, Kind, Outcome, Piece, Position, Side,
    WinReason, perft,
};
use common::{Rng, a, c, guard, legal, pos};

fn set(names: &[&str]) -> CellSet {
    names.iter().map(|n| c(n)).collect()
}

// ---- Board (clauses 1-3) ------------------------------------------------

#[test]
fn clause_01_board_has_91_cells_within_distance_5() {
    let mut n = 0;
    for q in -6..=6 {
        for r in -6..=6 {
            let inside = q.max(-q).max(r).max(-r).max(q + r).max(-q - r) <= 5;
            assert_eq!(Cell::from_axial(q, r).is_some(), inside, "({q},{r})");
            n += inside as usize;
        }
    }
    assert_eq!(n, 91);
    assert_eq!(Cell::all().count(), 91);
}

#[test]
fn clause_02_rings_throne_and_outer_ring() {
    let sizes: Vec<u32> = (0..=5).map(|r| CellSet::ring(r).len()).collect();
    assert_eq!(sizes, [1, 6, 12, 18, 24, 30]);
    assert_eq!(Cell::THRONE.ring(), 0);
    assert_eq!(CellSet::OUTER_RING, CellSet::ring(5));
    assert_eq!(CellSet::THRONE_RING, CellSet::ring(1));
    for cell in Cell::all() {
        assert_eq!(cell.ring(), cell.distance(Cell::THRONE));
    }
}

#[test]
fn clause_03_cell_names() {
    assert_eq!(Cell::THRONE.to_string(), "f6");
    assert_eq!(
        CellSet::THRONE_RING,
        set(&["e5", "e6", "f5", "f7", "g5", "g6"])
    );
    assert_eq!(Cell::from_axial(0, -5), Some(c("f1")));
    assert_eq!(Cell::from_axial(-5, 5), Some(c("a6")));
}

// ---- Pieces and setup (clauses 4-6) --------------------------------------

#[test]
fn clause_04_05_06_start_position() {
    let p = Position::start();
    for side in Side::BOTH {
        assert_eq!(p.pieces(side).len(), 7);
        assert_eq!(p.guards(side).len(), 6);
        assert!(p.queen(side).is_some());
        assert!(p.captured(side).is_empty());
    }
    assert_eq!(p.queen(Side::Light), Some(c("f1")));
    assert_eq!(p.queen(Side::Dark), Some(c("f11")));
    assert_eq!(
        p.guards(Side::Light),
        set(&["k1", "b1", "h9", "d9", "l5", "a5"])
    );
    assert_eq!(
        p.guards(Side::Dark),
        set(&["k7", "b7", "h1", "d1", "l2", "a2"])
    );
    assert_eq!(p.occupied() & CellSet::OUTER_RING, p.occupied());
    assert_eq!(p.to_move(), Side::Light);
    // Symmetric under a half turn, with the colours swapped.
    for cell in p.occupied() {
        let turned = Cell::from_axial(-cell.q(), -cell.r()).unwrap();
        let (x, y) = (p.piece_at(cell).unwrap(), p.piece_at(turned).unwrap());
        assert_eq!((x.kind, x.side), (y.kind, !y.side));
    }
}

// ---- A turn (clauses 7-10) -------------------------------------------------

#[test]
fn clause_07_one_action_a_turn_and_no_pass() {
    let mut g = Game::new();
    let before = *g.position();
    let played = g.play(a("f1-f2")).unwrap();
    let after = *g.position();
    assert_eq!(played.kind, ActionKind::Step);
    assert_eq!(after.to_move(), Side::Dark);
    // Exactly one piece moved.
    let diff = before.occupied() ^ after.occupied();
    assert_eq!(diff, set(&["f1", "f2"]));
    // No action leaves the board unchanged (there is no pass).
    for act in Position::start().legal_actions().iter() {
        assert_ne!(act.from, act.to);
    }
}

#[test]
fn clause_08_steps_go_sideways_or_inward_to_adjacent_empty_cells() {
    let p = pos("l Gf3 qa1");
    // f3 is on ring 3: g3, e3 sideways, f4 inward; e2, f2, g2 outward.
    assert_eq!(p.targets_from(c("f3")), set(&["e3", "f4", "g3"]));
    assert_eq!(p.check(a("f3-f2")), Err(IllegalAction::Outward));
    assert_eq!(p.check(a("f3-e2")), Err(IllegalAction::Outward));
    assert_eq!(p.check(a("f3-f5")), Err(IllegalAction::NotAdjacent));
    assert_eq!(p.check(a("f3-f4")), Ok(ActionKind::Step));
    // Never onto an occupied cell, friend or foe.
    let p = pos("l Gf3 Gg3 gf4 qa1");
    assert_eq!(p.targets_from(c("f3")), set(&["e3"]));
    assert_eq!(p.check(a("f3-f4")), Err(IllegalAction::Occupied(c("f4"))));
    assert_eq!(p.check(a("f3-g3")), Err(IllegalAction::Occupied(c("g3"))));
    // Only your own pieces.
    assert_eq!(
        p.check(a("f4-e4")),
        Err(IllegalAction::NotYourPiece(c("f4")))
    );
    assert_eq!(p.check(a("b2-b3")), Err(IllegalAction::NoPiece(c("b2"))));
}

#[test]
fn clause_08_no_action_ever_moves_a_piece_outward_in_random_games() {
    let mut rng = Rng(8);
    for _ in 0..50 {
        let mut g = Game::new();
        while !g.is_over() && g.history().len() < 300 {
            let list = g.legal_actions();
            let act = list[rng.below(list.len())];
            let played = g.play(act).unwrap();
            if played.kind == ActionKind::Step {
                assert!(act.to.ring() <= act.from.ring());
                assert_eq!(act.from.distance(act.to), 1);
            }
        }
    }
}

#[test]
fn clause_09_only_a_queen_enters_the_throne() {
    let p = pos("l Gf5 qa1");
    assert_eq!(p.targets_from(c("f5")), set(&["e5", "g5"]));
    assert_eq!(p.check(a("f5-f6")), Err(IllegalAction::ThroneForbidden));
    let p = pos("l Qf5 qa1");
    assert_eq!(p.targets_from(c("f5")), set(&["e5", "f6", "g5"]));
    assert_eq!(p.check(a("f5-f6")), Ok(ActionKind::Step));
}

#[test]
fn clause_10_no_step_between_two_in_play_enemies() {
    // f3 lies between g3 and e2 on one axis.
    let p = pos("l Gf2 gg3 ge2 qa1");
    assert_eq!(
        p.check(a("f2-f3")),
        Err(IllegalAction::Intervention(c("f3")))
    );
    assert!(!p.targets_from(c("f2")).contains(c("f3")));
    // Even when the step would capture (f4 flanked by f5).
    let p = pos("l Gf2 gg3 ge2 gf4 Gf5 qa1");
    assert_eq!(
        p.check(a("f2-f3")),
        Err(IllegalAction::Intervention(c("f3")))
    );
    // Two enemies next to the cell but not on one line: allowed.
    let p = pos("l Gf2 gg3 gf4 qa1");
    assert_eq!(p.check(a("f2-f3")), Ok(ActionKind::Step));
    // Two friends on a line: allowed.
    let p = pos("l Gf2 Gg3 Ge2 qa1");
    assert_eq!(p.check(a("f2-f3")), Ok(ActionKind::Step));
    // An out-of-play enemy does not count.
    let p = pos("l Gf2 gg3 *ge2 qa1 Qf11");
    assert_eq!(p.check(a("f2-f3")), Ok(ActionKind::Step));
}

#[test]
fn clause_10_no_relocation_between_two_in_play_enemies() {
    // h1 lies between g1 and i1 on the outer ring's straight edge.
    let p = pos("l *Gf4 gg1 gi1 Qa3 qa1");
    assert!(p.must_relocate());
    assert_eq!(
        p.check(a("f4-h1")),
        Err(IllegalAction::Intervention(c("h1")))
    );
    assert!(!p.targets_from(c("f4")).contains(c("h1")));
    assert!(p.targets_from(c("f4")).contains(c("f1")));
    // A queen relocation too.
    let p = pos("l *Qf4 gf7 gf5 qa1");
    assert_eq!(
        p.check(a("f4-f6")),
        Err(IllegalAction::Intervention(c("f6")))
    );
    assert!(p.check(a("f4-g6")).is_ok());
}

#[test]
fn clause_10_closed_from_names_the_steps_the_rule_forbids() {
    // f4 lies between e4 and g3: open to e3's guard but for the rule.
    let p = pos("l Ge3 Qf1 ge4 gg3 qa6");
    assert_eq!(p.closed_from(c("e3")), set(&["f4"]));
    assert_eq!(
        p.check(a("e3-f4")),
        Err(IllegalAction::Intervention(c("f4")))
    );
    assert!(!p.targets_from(c("e3")).contains(c("f4")));
    // Nothing closed to the queen, none for an enemy piece or an empty cell.
    assert_eq!(p.closed_from(c("f1")), CellSet::EMPTY);
    assert_eq!(p.closed_from(c("e4")), CellSet::EMPTY);
    assert_eq!(p.closed_from(c("f6")), CellSet::EMPTY);
    // The same placement with Dark to move: Light's pieces are not its own.
    assert_eq!(
        p.with_side_to_move(Side::Dark).closed_from(c("e3")),
        CellSet::EMPTY
    );
    // Nothing while a relocation is due, even for a piece in play next to
    // a closed cell.
    let p = pos("l Ge3 Qf1 ge4 gg3 qa6 *Ga1");
    assert!(p.must_relocate());
    assert_eq!(p.closed_from(c("e3")), CellSet::EMPTY);
    assert_eq!(p.closed_from(c("a1")), CellSet::EMPTY);
}

// ---- Capture (clauses 11-12) -------------------------------------------------

#[test]
fn clause_11_single_capture_on_each_axis() {
    // Arriving on f3 from f2; the enemy next to f3 with a friend beyond it.
    for (enemy, friend) in [("g3", "h3"), ("f4", "f5"), ("e3", "d3")] {
        let p = pos(&format!("l Gf2 g{enemy} G{friend} qa1 Qa3"));
        let mut after = p;
        let undo = after.play(a("f2-f3"));
        assert_eq!(undo.captured, set(&[enemy]), "{enemy}");
        assert!(after.is_out_of_play(c(enemy)));
        assert!(
            after.piece_at(c(enemy)).is_some(),
            "a captured piece stays on its cell"
        );
        // Without the friend beyond, nothing is captured.
        let p = pos(&format!("l Gf2 g{enemy} qa1 Qa3"));
        assert!(p.captures_of(a("f2-f3")).is_empty());
    }
}

#[test]
fn clause_11_captures_in_every_direction_from_every_cell() {
    // Exhaustive: every arrival cell, every direction, a guard stepping in.
    let mut checked = 0;
    for to in Cell::all().filter(|&t| t != Cell::THRONE) {
        for d in Dir::ALL {
            let (Some(n), Some(b)) = (
                to.neighbour(d),
                to.neighbour(d).and_then(|n| n.neighbour(d)),
            ) else {
                continue;
            };
            let Some(from) = to
                .neighbours()
                .find(|&o| o.ring() >= to.ring() && o != n && o != b)
            else {
                continue;
            };
            let mut p = Position::empty(Side::Light);
            p.put(from, guard(Side::Light), false);
            p.put(n, guard(Side::Dark), false);
            p.put(b, guard(Side::Light), false);
            let act = agon_rules::Action::new(from, to);
            assert_eq!(p.check(act), Ok(ActionKind::Step), "{act}");
            assert_eq!(p.captures_of(act), CellSet::single(n), "{act} toward {n}");
            // A friend beyond is required: an enemy beyond captures nothing.
            let mut q = Position::empty(Side::Light);
            q.put(from, guard(Side::Light), false);
            q.put(n, guard(Side::Dark), false);
            q.put(b, guard(Side::Dark), false);
            assert!(q.captures_of(act).is_empty(), "{act}");
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn clause_11_multiple_captures_in_one_action() {
    let p = pos("l Gf2 gg3 Gh3 gf4 Gf5 ge3 Gd3 qa1");
    let caught = p.captures_of(a("f2-f3"));
    assert_eq!(caught, set(&["g3", "f4", "e3"]));
    let mut g = Game::from_position(p);
    let played = g.play_text("f2-f3xe3xf4xg3").unwrap();
    assert_eq!(played.captured, caught);
}

#[test]
fn clause_11_only_the_arriving_piece_captures() {
    // f4 already sits between two Light guards: no capture happens by itself,
    // nor when another Light piece moves.
    let p = pos("l Gf3 gf4 Gf5 Ga2 qa6");
    assert!(p.captures_of(a("a2-a3")).is_empty());
    // The arriving piece must be adjacent to the captured one.
    let p = pos("l Gf2 gf4 Gf5 qa6");
    assert!(p.captures_of(a("f2-e2")).is_empty());
}

#[test]
fn clause_11_queens_capture_and_are_captured_on_any_cell_including_the_throne() {
    // A queen captures.
    let p = pos("l Qf2 gf4 Gf5 qa6");
    assert_eq!(p.captures_of(a("f2-f3")), set(&["f4"]));
    // A queen is captured.
    let p = pos("l Gf2 qf4 Gf5");
    assert_eq!(p.captures_of(a("f2-f3")), set(&["f4"]));
    // A queen on the throne is captured: e5, f6 and g6 lie on one line.
    let p = pos("l Ge4 qf6 Gg6 Qa1");
    let mut after = p;
    let undo = after.play(a("e4-e5"));
    assert_eq!(undo.captured, set(&["f6"]));
    // A queen stepping onto the throne captures from there.
    let p = pos("l Qf5 gf7 Gf8 qa1");
    assert_eq!(p.captures_of(a("f5-f6")), set(&["f7"]));
}

#[test]
fn clause_12_out_of_play_pieces_occupy_their_cell() {
    let p = pos("l Gf3 *gf4 qa1 Qa3");
    assert_eq!(p.check(a("f3-f4")), Err(IllegalAction::Occupied(c("f4"))));
    assert!(!p.targets_from(c("f3")).contains(c("f4")));
}

#[test]
fn clause_12_out_of_play_pieces_cannot_step() {
    // Light's captured guard may only be relocated (to the outer ring), not stepped.
    let p = pos("l *Gf4 Qa3 qa1");
    assert_eq!(
        p.check(a("f4-f5")),
        Err(IllegalAction::GuardOffOuterRing(c("f5")))
    );
    assert!(legal(&p).iter().all(|t| t.starts_with("f4-")));
}

#[test]
fn clause_12_out_of_play_pieces_never_flank_a_capture() {
    // Light's queen is relocated next to f4; the Light guard beyond is out of play.
    let p = pos("l *Qa3 *Gf5 gf4 qa1");
    assert_eq!(p.check(a("a3-f3")), Ok(ActionKind::Relocation));
    assert!(p.captures_of(a("a3-f3")).is_empty());
    // With that guard in play, the same relocation captures.
    let p = pos("l *Qa3 Gf5 gf4 qa1");
    assert_eq!(p.captures_of(a("a3-f3")), set(&["f4"]));
}

#[test]
fn clause_12_out_of_play_pieces_never_count_for_intervention() {
    let p = pos("l Gf2 *gg3 ge2 qa1 Qa3");
    // Dark's piece on g3 is out of play, so f3 is open to Light.
    assert_eq!(p.check(a("f2-f3")), Ok(ActionKind::Step));
}

#[test]
fn clause_12_out_of_play_pieces_cannot_be_captured_again() {
    let p = pos("l Gf2 *gf4 Gf5 qa1 Qa3");
    let mut after = p;
    let undo = after.play(a("f2-f3"));
    assert!(undo.captured.is_empty());
    assert!(after.is_out_of_play(c("f4")));
    assert_eq!(after.out_of_play(), set(&["f4"]));
}

#[test]
fn clause_12_out_of_play_guards_never_count_toward_the_formation() {
    // Queen on the throne, six guards in the ring, one out of play: no win.
    let p = pos("d Qf6 Ge5 Ge6 Gf5 Gf7 Gg5 *Gg6 qa1");
    assert_eq!(p.formation(Side::Light), None);
    // Nor toward a forfeit.
    let p = pos("d Qa3 Ge5 Ge6 Gf5 Gf7 Gg5 *Gg6 qa1");
    assert_eq!(p.formation(Side::Light), None);
    // The same with all six in play does end the game.
    let p = pos("d Qf6 Ge5 Ge6 Gf5 Gf7 Gg5 Gg6 qa1");
    assert!(p.formation(Side::Light).is_some());
}

// ---- Relocation (clauses 13-16) ------------------------------------------------

#[test]
fn clause_13_a_side_with_captured_pieces_must_relocate() {
    let p = pos("l *Gf4 Gc3 Qa3 qa1");
    assert!(p.must_relocate());
    assert_eq!(p.check(a("c3-c4")), Err(IllegalAction::MustRelocate));
    for act in p.legal_actions().iter() {
        assert_eq!(act.from, c("f4"));
        assert_eq!(p.check(*act), Ok(ActionKind::Relocation));
    }
    // The relocated piece is in play again, and the turn passes.
    let mut g = Game::from_position(p);
    g.play(a("f4-f1")).unwrap();
    assert!(!g.position().is_out_of_play(c("f1")));
    assert_eq!(g.position().to_move(), Side::Dark);
    // The enemy's captured pieces do not oblige this side.
    let p = pos("l Gc3 Qa3 qa1 *gf4");
    assert!(!p.must_relocate());
    assert_eq!(p.check(a("c3-c4")), Ok(ActionKind::Step));
}

#[test]
fn clause_13_one_piece_per_turn() {
    let p = pos("l *Gf4 *Gf8 Qa3 qa1 gl1");
    let mut g = Game::from_position(p);
    g.play(a("f4-f1")).unwrap();
    assert!(g.position().is_out_of_play(c("f8")));
    assert_eq!(g.position().to_move(), Side::Dark);
    // Two captured guards: either may go first.
    assert!(legal(&p).iter().any(|t| t.starts_with("f4-")));
    assert!(legal(&p).iter().any(|t| t.starts_with("f8-")));
}

#[test]
fn clause_14_a_captured_queen_is_relocated_first() {
    let p = pos("l *Qf4 *Gf8 qa1");
    assert!(p.queen_captured(Side::Light));
    assert!(!p.queen_captured(Side::Dark));
    assert_eq!(p.check(a("f8-f1")), Err(IllegalAction::QueenFirst));
    assert!(legal(&p).iter().all(|t| t.starts_with("f4-")));
    assert!(!legal(&p).is_empty());
    // Once relocated, the queen is in play again.
    let mut g = Game::from_position(p);
    g.play(a("f4-f1")).unwrap();
    assert!(!g.position().queen_captured(Side::Light));
    assert!(g.position().is_out_of_play(c("f8")));
}

#[test]
fn clause_14_queen_captured_only_for_an_out_of_play_queen() {
    // Captured guards alone, or a queen in play: not a captured queen.
    let p = pos("l *Gf4 *Gf8 Qa3 qa1");
    assert!(!p.queen_captured(Side::Light));
    assert!(!p.queen_captured(Side::Dark));
    // The other side's captured queen, whoever is to move.
    let p = pos("l Gc3 Qa3 *qa1");
    assert!(!p.queen_captured(Side::Light));
    assert!(p.queen_captured(Side::Dark));
    assert!(p.with_side_to_move(Side::Dark).queen_captured(Side::Dark));
    // No queen on the board at all.
    let p = pos("l Gc3 qa1");
    assert!(!p.queen_captured(Side::Light));
    // Captured by an action: Dark's queen on f4, taken between f3 and f5.
    let p = pos("l Gf2 qf4 Gf5 Qa3");
    assert!(!p.queen_captured(Side::Dark));
    let mut g = Game::from_position(p);
    let played = g.play(a("f2-f3")).unwrap();
    assert_eq!(played.captured, set(&["f4"]));
    assert!(g.position().queen_captured(Side::Dark));
}

#[test]
fn clause_15_guards_go_to_empty_outer_cells_queens_anywhere_empty() {
    let p = pos("l *Gf4 Qa3 qa1 gl1");
    // 30 outer cells, minus a3 (own queen), a1 and l1 (enemies).
    assert_eq!(
        p.targets_from(c("f4")),
        CellSet::OUTER_RING - set(&["a3", "a1", "l1"])
    );
    assert_eq!(
        p.check(a("f4-f5")),
        Err(IllegalAction::GuardOffOuterRing(c("f5")))
    );
    assert_eq!(p.check(a("f4-a1")), Err(IllegalAction::Occupied(c("a1"))));
    let p = pos("l *Qf4 Ga3 qa1 gl1");
    // Every empty cell, the throne included, but not its own cell.
    assert_eq!(p.targets_from(c("f4")), p.empty_cells());
    assert!(p.targets_from(c("f4")).contains(Cell::THRONE));
    assert_eq!(p.check(a("f4-f6")), Ok(ActionKind::Relocation));
    let stay = agon_rules::Action::new(c("f4"), c("f4"));
    assert_eq!(p.check(stay), Err(IllegalAction::Occupied(c("f4"))));
}

#[test]
fn clause_16_a_relocated_piece_captures() {
    // The guard relocated to h1 captures g1 against f1.
    let p = pos("l *Gf4 Gf1 gg1 Qa3 qa1");
    let mut g = Game::from_position(p);
    let played = g.play(a("f4-h1")).unwrap();
    assert_eq!(played.kind, ActionKind::Relocation);
    assert_eq!(played.piece, guard(Side::Light));
    assert_eq!(played.captured, set(&["g1"]));
    // A queen relocated onto the throne captures from there.
    let p = pos("l *Qf4 gf7 Gf8 qa1");
    assert_eq!(p.captures_of(a("f4-f6")), set(&["f7"]));
}

// ---- End of the game (clauses 17-21) ---------------------------------------------

const RING_BUT_E5: &str = "Ge6 Gf5 Gf7 Gg5 Gg6";

#[test]
fn clause_17_throne_win() {
    let p = pos(&format!("l Qf6 {RING_BUT_E5} Ge4 qa1 ga2"));
    let mut g = Game::from_position(p);
    let played = g.play(a("e4-e5")).unwrap();
    let win = Outcome::Win {
        winner: Side::Light,
        reason: WinReason::Throne,
    };
    assert_eq!(played.outcome, Some(win));
    assert_eq!(g.outcome(), Some(win));
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.check(a("a1-b1")), Err(IllegalAction::GameOver));
    // Also by relocating the queen onto the throne inside a full ring.
    let p = pos(&format!("l *Qa3 Ge5 {RING_BUT_E5} qa1"));
    let mut g = Game::from_position(p);
    assert_eq!(g.play(a("a3-f6")).unwrap().outcome, Some(win));
}

#[test]
fn clause_18_forfeit_when_the_ring_fills_without_the_queen() {
    let forfeit = Outcome::Win {
        winner: Side::Dark,
        reason: WinReason::Forfeit,
    };
    // The queen elsewhere.
    let p = pos(&format!("l Qa3 {RING_BUT_E5} Ge4 qa1"));
    let mut g = Game::from_position(p);
    assert_eq!(g.play(a("e4-e5")).unwrap().outcome, Some(forfeit));
    // The enemy queen on the throne.
    let p = pos(&format!("l Qa3 {RING_BUT_E5} Ge4 qf6"));
    let mut g = Game::from_position(p);
    assert_eq!(g.play(a("e4-e5")).unwrap().outcome, Some(forfeit));
    // The queen on the throne but out of play.
    let p = pos(&format!("l *Qf6 Ge5 {RING_BUT_E5} qa1"));
    assert_eq!(p.formation(Side::Light), Some(forfeit));
    // The side that acted is the one judged: with Dark to move, Light's full
    // ring is Light's doing, and Dark's own formation is not looked for.
    let p = pos(&format!("d Qa3 Ge5 {RING_BUT_E5} qa1"));
    assert_eq!(Game::from_position(p).outcome(), Some(forfeit));
    assert_eq!(p.formation_outcome(), Some(forfeit));
}

#[test]
fn clause_19_no_legal_action_loses() {
    // Dark's only piece, on the corner f1, is boxed in after g2-f2.
    let p = pos("l gf1 Gg1 Ge1 Gg2 Qa3");
    let mut g = Game::from_position(p);
    let played = g.play(a("g2-f2")).unwrap();
    assert_eq!(
        played.outcome,
        Some(Outcome::Win {
            winner: Side::Light,
            reason: WinReason::NoMoves
        })
    );
    // A side with no pieces at all has no action either.
    let g = Game::from_position(pos("d Qa3"));
    assert_eq!(g.outcome().and_then(Outcome::winner), Some(Side::Light));
}

#[test]
fn clause_20_third_occurrence_is_a_draw_counting_the_start() {
    let mut g = Game::new();
    let cycle = ["f1-g1", "f11-g10", "g1-f1", "g10-f11"];
    for act in cycle {
        assert_eq!(g.play(a(act)).unwrap().outcome, None);
    }
    assert_eq!(g.repetitions(), 2);
    for (i, act) in cycle.iter().enumerate() {
        let played = g.play(a(act)).unwrap();
        if i < 3 {
            assert_eq!(played.outcome, None, "{act}");
        } else {
            assert_eq!(played.outcome, Some(Outcome::DrawByRepetition));
        }
    }
    assert_eq!(g.repetitions(), 3);
    // The side to move is part of the position: the same placement with the
    // other side to move is another position.
    let mut g = Game::new();
    for act in ["f1-g1", "f11-g10", "g1-f1"] {
        g.play(a(act)).unwrap();
    }
    assert_eq!(g.repetitions(), 1);
}

#[test]
fn clause_20_out_of_play_marks_are_part_of_the_position() {
    let x = pos("l Gf2 gf4 Gf5 qa1 Qa3");
    let y = pos("l Gf2 *gf4 Gf5 qa1 Qa3");
    assert_ne!(x, y);
    assert_ne!(x.hash(), y.hash());
}

#[test]
fn clause_21_the_formation_is_judged_before_no_legal_action() {
    // Dark has no piece, so it has no action; but Light's completed ring
    // without its queen is judged first: Light forfeits.
    let p = pos(&format!("l Qa3 {RING_BUT_E5} Ge4"));
    let mut g = Game::from_position(p);
    assert_eq!(
        g.play(a("e4-e5")).unwrap().outcome,
        Some(Outcome::Win {
            winner: Side::Dark,
            reason: WinReason::Forfeit
        })
    );
    // And a throne win is a throne win, not a win by no action.
    let p = pos(&format!("l Qf6 {RING_BUT_E5} Ge4"));
    let mut g = Game::from_position(p);
    assert_eq!(
        g.play(a("e4-e5")).unwrap().outcome,
        Some(Outcome::Win {
            winner: Side::Light,
            reason: WinReason::Throne
        })
    );
}

#[test]
fn clause_22_no_move_limit() {
    // Two queens walk their rings for hundreds of plies: the game goes on.
    fn ring_cycle(ring: u8) -> Vec<Cell> {
        let start = Cell::all().find(|c| c.ring() == ring).unwrap();
        let mut cycle = vec![start];
        loop {
            let last = *cycle.last().unwrap();
            let next = last
                .neighbours()
                .find(|n| n.ring() == ring && (cycle.len() < 2 || *n != cycle[cycle.len() - 2]))
                .unwrap();
            if next == start {
                return cycle;
            }
            cycle.push(next);
        }
    }
    let (outer, inner) = (ring_cycle(5), ring_cycle(4));
    let mut p = Position::empty(Side::Light);
    p.put(outer[0], Piece::new(Side::Light, Kind::Queen), false);
    p.put(inner[0], Piece::new(Side::Dark, Kind::Queen), false);
    let mut g = Game::from_position(p);
    for i in 0..200 {
        let l = agon_rules::Action::new(outer[i % 30], outer[(i + 1) % 30]);
        let d = agon_rules::Action::new(inner[i % 24], inner[(i + 1) % 24]);
        g.play(l).unwrap();
        g.play(d).unwrap();
    }
    assert_eq!(g.history().len(), 400);
    assert_eq!(g.outcome(), None);
}

#[test]
fn clause_23_perft_from_the_start() {
    let p = Position::start();
    let want = [1, 27, 713, 18417, 466557];
    for (depth, &n) in want.iter().enumerate() {
        assert_eq!(perft(&p, depth as u32), n, "perft({depth})");
    }
}

#[test]
#[ignore = "slow in debug builds; run with --release -- --ignored"]
fn clause_23_perft_5_and_6_from_the_start() {
    let p = Position::start();
    assert_eq!(perft(&p, 5), 11661977);
    assert_eq!(perft(&p, 6), 287951361);
}

#[test]
fn clause_23_an_ended_game_has_no_further_actions() {
    // Light wins with e4-e5; perft(2) counts no Dark replies after it.
    let p = pos(&format!("l Qf6 {RING_BUT_E5} Ge4 qa1"));
    let mut total = 0;
    for act in p.legal_actions().iter() {
        let mut next = p;
        next.play(*act);
        if next.formation_outcome().is_none() {
            total += next.count_actions() as u64;
        }
    }
    assert_eq!(perft(&p, 1), p.count_actions() as u64);
    assert_eq!(perft(&p, 2), total);
    let mut won = p;
    won.play(a("e4-e5"));
    assert_eq!(perft(&won, 1), 0);
    assert!(
        won.count_actions() > 0,
        "Dark could move, were the game not over"
    );
}
