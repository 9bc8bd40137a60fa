//! Why games reach the ply cap: `cargo run --release -p agon-engine
//! --example ply_cap -- DIR...` reads the records the arena wrote
//! (`--records DIR`) and, for each game adjudicated at the cap, prints
//! its players, the evaluation (Light's view) every 50 plies, the
//! captures in its last 100 plies, each side's legal actions (at the end
//! and the fewest over those plies: a side with few may be run out of
//! them, which loses), and the final board with each side's distance to
//! the formation. Last, how many capped games were locked (no capture in
//! their last 100 plies).

use agon_ai::{Weights, eval::formation_distance, evaluate};
use agon_rules::{Cell, CellSet, Game, Player, Position, Record, Side};

mod common;

fn name(p: &Player) -> String {
    match p {
        Player::Computer { level } => level.clone(),
        other => format!("{other:?}"),
    }
}

fn board(p: &Position) -> String {
    let mut out = String::new();
    for r in -5i32..=5 {
        out.push_str(&" ".repeat(r.unsigned_abs() as usize));
        for q in (-5i32).max(-5 - r)..=5i32.min(5 - r) {
            let cell = Cell::from_axial(q, r).expect("on the board");
            let ch = match p.piece_at(cell) {
                Some(piece) if p.is_out_of_play(cell) => {
                    if piece.side == Side::Light {
                        'X'
                    } else {
                        'x'
                    }
                }
                Some(piece) => piece.letter(),
                None if cell == Cell::THRONE => '+',
                None => '.',
            };
            out.push(ch);
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

fn light_eval(p: &Position) -> i32 {
    let v = evaluate(p, &Weights::DEFAULT);
    if p.to_move() == Side::Light { v } else { -v }
}

fn main() {
    let dirs: Vec<String> = std::env::args().skip(1).collect();
    let files = common::record_paths(&dirs).unwrap_or_else(|e| panic!("{e}"));
    let mut capped = 0;
    let mut locked = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("a record");
        let (record, game): (Record, Game) = Record::from_json(&text).expect("a record");
        if !text.contains("adjudication") {
            continue;
        }
        capped += 1;
        let n = game.history().len();
        let evals: Vec<String> = (0..=n)
            .step_by(50)
            .map(|i| {
                format!(
                    "{:+}",
                    light_eval(game.position_at(i).expect("in the game"))
                )
            })
            .collect();
        let captures = (n.saturating_sub(100)..n)
            .filter(|&i| {
                let before = game.position_at(i).expect("in the game");
                let after = game.position_at(i + 1).expect("in the game");
                after.out_of_play().len() > before.out_of_play().len()
            })
            .count();
        if captures == 0 {
            locked += 1;
        }
        let actions = |p: &Position, side: Side| (*p).with_side_to_move(side).count_actions();
        let fewest = |side: Side| {
            (n.saturating_sub(100)..=n)
                .map(|i| actions(game.position_at(i).expect("in the game"), side))
                .min()
                .unwrap_or(0)
        };
        let p = game.position();
        let blockers = |side: Side| (p.pieces(!side) & CellSet::THRONE_RING).len();
        println!(
            "{}: light {} dark {}, {n} plies\n  eval every 50 plies (Light's view): {}\n  \
             captures in the last 100 plies: {captures}\n  legal actions light {} dark {}, \
             fewest in the last 100 plies light {} dark {}\n  formation distance light {} dark {}; \
             enemy pieces in the throne ring of light {} dark {}; repetitions {}\n{}",
            path.display(),
            name(&record.players.light),
            name(&record.players.dark),
            evals.join(" "),
            actions(p, Side::Light),
            actions(p, Side::Dark),
            fewest(Side::Light),
            fewest(Side::Dark),
            formation_distance(p, Side::Light),
            formation_distance(p, Side::Dark),
            blockers(Side::Light),
            blockers(Side::Dark),
            game.repetitions(),
            board(p)
        );
    }
    println!(
        "{capped} of {} games reached the ply cap, {locked} of them locked (no capture in their last 100 plies)",
        files.len()
    );
}
