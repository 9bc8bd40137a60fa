//! What breaks a siege: `cargo run --release -p agon-engine --example
//! sieges -- DIR...` reads the records the arena wrote (`--records DIR`)
//! of a Master against another level and, in every game of 300 plies or
//! more, finds each capture that ended 40 plies or more without one: who
//! took (Master or its opponent), after how many quiet plies, and how
//! many plies the game had left. Last, how many such captures each side
//! made, and how many of them came within 100 plies of the game's end.
//! With each game, the rings of each side's guards in play at ply 200,
//! and last, in how many of the games each side kept two guards or more
//! on ring 3 or beyond there (the `reserve` the evaluation asks for while
//! enemy pieces stand in the throne ring).
//!
//! In the long games of the game's Master against Hard it was mostly
//! Hard that broke the quiet, taking a guard of Master's that Master then
//! relocated behind the blockers (README, "The strength of Master").

use agon_rules::{Game, Position, Record, Side};
use common::is_master;

mod common;

const LONG: usize = 300;
const QUIET: usize = 40;
const NEAR_END: usize = 100;
/// Where the guards are counted: well into every long game's siege.
const CENSUS: usize = 200;

/// The rings of `side`'s guards in play, innermost first (`112233`).
fn guard_rings(p: &Position, side: Side) -> Vec<u8> {
    let mut rings: Vec<u8> = (p.guards(side) & p.in_play(side))
        .iter()
        .map(|c| c.ring())
        .collect();
    rings.sort_unstable();
    rings
}

fn main() {
    let dirs: Vec<String> = std::env::args().skip(1).collect();
    if dirs.is_empty() {
        eprintln!("usage: sieges DIR...");
        std::process::exit(2);
    }
    let files = common::record_paths(&dirs).unwrap_or_else(|e| panic!("{e}"));
    // [by Master, by its opponent], and of those, near the end.
    let mut breaks = [0; 2];
    let mut near_end = [0; 2];
    // [Master, its opponent]: games with two guards or more on ring 3+.
    let mut reserves = [0; 2];
    let mut long_games = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("a record");
        let (record, game): (Record, Game) = Record::from_json(&text).expect("a record");
        let master = if is_master(&record.players.light) {
            Side::Light
        } else if is_master(&record.players.dark) {
            Side::Dark
        } else {
            continue;
        };
        let n = game.history().len();
        if n < LONG {
            continue;
        }
        long_games += 1;
        let census = game.position_at(CENSUS).expect("a long game");
        let mut rings = Vec::new();
        for (i, side) in [master, !master].into_iter().enumerate() {
            let r = guard_rings(census, side);
            if r.iter().filter(|&&ring| ring >= 3).count() >= 2 {
                reserves[i] += 1;
            }
            rings.push(r.iter().map(u8::to_string).collect::<String>());
        }
        let mut found = Vec::new();
        let mut last = 0;
        for i in 0..n {
            let before = game.position_at(i).expect("in the game");
            let after = game.position_at(i + 1).expect("in the game");
            if after.out_of_play().len() <= before.out_of_play().len() {
                continue;
            }
            let ply = i + 1;
            if ply - last >= QUIET {
                let by = usize::from(before.to_move() != master);
                breaks[by] += 1;
                if n - ply <= NEAR_END {
                    near_end[by] += 1;
                }
                let who = ["Master", "opponent"][by];
                found.push(format!(
                    "{ply} by {who} after {}, {} left",
                    ply - last,
                    n - ply
                ));
            }
            last = ply;
        }
        println!(
            "{}: {n} plies; guards' rings at ply {CENSUS}: Master {}, opponent {}; {}",
            path.display(),
            rings[0],
            rings[1],
            found.join("; ")
        );
    }
    println!(
        "captures ending {QUIET} plies or more without one, in games of {LONG} plies or more: \
         by Master {} ({} within {NEAR_END} plies of the end), by its opponent {} ({})",
        breaks[0], near_end[0], breaks[1], near_end[1]
    );
    println!(
        "at ply {CENSUS}, two guards or more on ring 3 or beyond: Master in {} of {long_games} \
         games, its opponent in {}",
        reserves[0], reserves[1]
    );
}
