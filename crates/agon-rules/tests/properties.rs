//! Properties over random games.

mod common;

use agon_rules::{
    Action, ActionKind, ActionText, Cell, CellSet, IllegalAction, Players, Position, Record,
    START_AFN, Side,
};
use common::random_game;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn play_then_undo_restores_position_and_hash(seed in any::<u64>(), plies in 0usize..200) {
        let g = random_game(seed, plies);
        let p = *g.position();
        for &act in p.legal_actions().iter() {
            let mut q = p;
            let undo = q.play(act);
            prop_assert_eq!(q.hash(), q.recompute_hash());
            q.undo(act, undo);
            prop_assert_eq!(q, p);
            prop_assert_eq!(q.hash(), p.hash());
        }
    }

    #[test]
    fn incremental_hash_matches_recomputed(seed in any::<u64>()) {
        let g = random_game(seed, 300);
        for i in 0..=g.history().len() {
            let p = g.position_at(i).unwrap();
            prop_assert_eq!(p.hash(), p.recompute_hash());
        }
    }

    #[test]
    fn afn_write_then_read_is_identity(seed in any::<u64>(), plies in 0usize..300) {
        let g = random_game(seed, plies);
        let p = *g.position();
        let text = p.to_afn();
        prop_assert_eq!(Position::from_afn(&text), Ok(p));
    }

    #[test]
    fn generated_actions_and_text_agree(seed in any::<u64>(), plies in 0usize..300) {
        let g = random_game(seed, plies);
        let p = *g.position();
        let legal = p.legal_actions();
        for &act in legal.iter() {
            let text = act.to_string();
            prop_assert_eq!(text.parse::<Action>(), Ok(act));
            let caps = p.captures_of(act);
            let full: ActionText = act.with_captures(caps).parse().unwrap();
            prop_assert_eq!(full.action, act);
            prop_assert_eq!(full.claimed_captures.unwrap_or(CellSet::EMPTY), caps);
            prop_assert!(p.check(act).is_ok());
        }
        // And every action the checker accepts is generated.
        for from in Cell::all() {
            for to in Cell::all() {
                let act = Action::new(from, to);
                prop_assert_eq!(p.check(act).is_ok(), legal.contains(act), "{}", act);
            }
        }
        prop_assert_eq!(p.count_actions() as usize, legal.len());
    }

    #[test]
    fn the_step_count_is_the_number_of_legal_steps(seed in any::<u64>(), plies in 0usize..300) {
        let g = random_game(seed, plies);
        for side in [Side::Light, Side::Dark] {
            let p = g.position().with_side_to_move(side);
            // Every step of an in-play piece to a neighbour, as the
            // checker judges it once no relocation is due.
            let steps = p
                .in_play(side)
                .iter()
                .flat_map(|from| from.neighbours().map(move |to| Action::new(from, to)))
                .filter(|&a| p.check(a).is_ok())
                .count();
            // With a relocation due the checker refuses every step: the
            // count is then only what the side will have once it is done.
            if !p.must_relocate() {
                prop_assert_eq!(p.step_count(side) as usize, steps);
                prop_assert_eq!(p.step_count(side), p.count_actions());
            }
        }
    }

    #[test]
    fn the_history_names_the_piece_that_acted(seed in any::<u64>(), plies in 0usize..300) {
        let g = random_game(seed, plies);
        for (i, played) in g.history().iter().enumerate() {
            let before = g.position_at(i).unwrap();
            let after = g.position_at(i + 1).unwrap();
            prop_assert_eq!(Some(played.piece), before.piece_at(played.action.from));
            prop_assert_eq!(played.piece.side, before.to_move());
            prop_assert_eq!(Some(played.piece), after.piece_at(played.action.to));
        }
    }

    #[test]
    fn closed_cells_are_exactly_those_the_rule_refuses(seed in any::<u64>(), plies in 0usize..300) {
        let g = random_game(seed, plies);
        let p = *g.position();
        let ours = p.pieces(p.to_move());
        for from in Cell::all() {
            let closed = p.closed_from(from);
            prop_assert!((closed & p.targets_from(from)).is_empty(), "{}", from);
            for to in closed {
                prop_assert_eq!(
                    p.check(Action::new(from, to)),
                    Err(IllegalAction::Intervention(to)),
                    "{}-{}", from, to
                );
            }
            if !ours.contains(from) || p.must_relocate() {
                prop_assert_eq!(closed, CellSet::EMPTY, "{}", from);
                continue;
            }
            // And nothing the rule refuses is left out.
            for to in from.neighbours() {
                let refused = p.check(Action::new(from, to)) == Err(IllegalAction::Intervention(to));
                prop_assert_eq!(closed.contains(to), refused, "{}-{}", from, to);
            }
        }
    }

    #[test]
    fn no_step_moves_outward(seed in any::<u64>()) {
        let g = random_game(seed, 400);
        for played in g.history() {
            if played.kind == ActionKind::Step {
                prop_assert!(played.action.to.ring() <= played.action.from.ring());
            }
        }
    }

    #[test]
    fn records_round_trip(seed in any::<u64>(), plies in 0usize..300) {
        let g = random_game(seed, plies);
        let record = Record::from_game(&g, Players::default(), None);
        let (back, replayed) = Record::from_json(&record.to_json()).unwrap();
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(replayed.position(), g.position());
        prop_assert_eq!(replayed.outcome(), g.outcome());
        prop_assert_eq!(&back.start, START_AFN);
    }

    #[test]
    fn undo_redo_walks_the_history(seed in any::<u64>(), plies in 1usize..120) {
        let mut g = random_game(seed, plies);
        let end = *g.position();
        let n = g.history().len();
        let outcome = g.outcome();
        for _ in 0..n {
            prop_assert!(g.undo().is_some());
        }
        prop_assert_eq!(*g.position(), Position::start());
        prop_assert!(g.undo().is_none());
        for _ in 0..n {
            prop_assert!(g.redo().is_some());
        }
        prop_assert_eq!(*g.position(), end);
        prop_assert_eq!(g.outcome(), outcome);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn capturing_cells_predict_captures(seed in any::<u64>(), plies in 0usize..300) {
        let g = random_game(seed, plies);
        let p = *g.position();
        let cells = p.capturing_cells();
        for &act in p.legal_actions().iter() {
            prop_assert_eq!(cells.contains(act.to), p.captures_of(act).any(), "{}", act);
        }
    }
}
