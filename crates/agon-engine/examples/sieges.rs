//! What breaks a siege: `cargo run --release -p agon-engine --example
//! sieges -- DIR...` reads the records the arena wrote (`--records DIR`)
//! of a Master against another level and, in every game of 300 plies or
//! more, finds each capture that ended 40 plies or more without one: who
//! took (Master or its opponent), after how many quiet plies, and how
//! many plies the game had left. Last, how many such captures each side
//! made, and how many of them came within 100 plies of the game's end.
//!
//! In the long games of the game's Master against Hard it was mostly
//! Hard that broke the quiet, taking a guard of Master's that Master then
//! relocated behind the blockers (README, "The strength of Master").

use agon_rules::{Game, Record, Side};
use common::is_master;

mod common;

const LONG: usize = 300;
const QUIET: usize = 40;
const NEAR_END: usize = 100;

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
        println!("{}: {n} plies; {}", path.display(), found.join("; "));
    }
    println!(
        "captures ending {QUIET} plies or more without one, in games of {LONG} plies or more: \
         by Master {} ({} within {NEAR_END} plies of the end), by its opponent {} ({})",
        breaks[0], near_end[0], breaks[1], near_end[1]
    );
}
