//! Makes the balanced book of the arena's SPRT (`books/balanced.txt`):
//! `cargo run --release -p agon-engine --example make_book -- [COUNT] [NODES] [MARGIN] [SEED]`
//! draws random openings of 4 to 8 plies and keeps, one per position,
//! those that a full-strength search of NODES nodes scores within
//! ±MARGIN for the side to move (defaults 1000, 200000, 40, 1).

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use agon_ai::{Limits, Search, Style};
use agon_rules::{Game, splitmix64};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut next = |name: &str, default: u64| -> u64 {
        args.next().map_or(default, |t| {
            t.parse().unwrap_or_else(|e| {
                eprintln!("make_book: {name}: {e}");
                std::process::exit(2)
            })
        })
    };
    let count = next("COUNT", 1000) as usize;
    let nodes = next("NODES", 200_000);
    let margin = next("MARGIN", 40) as i32;
    let mut rng = next("SEED", 1);
    let mut search = Search::new(16);
    search.set_style(Style::default());
    let mut seen = HashSet::new();
    let (mut kept, mut drawn) = (0, 0);
    println!("# The arena's balanced book: random openings of 4 to 8 plies that a");
    println!("# search of {nodes} nodes scores within ±{margin} for the side to move,");
    println!("# one a position (examples/make_book.rs, seed {rng}).");
    while kept < count {
        drawn += 1;
        rng = splitmix64(rng);
        let plies = 4 + (rng % 5) as usize;
        let mut game = Game::new();
        for _ in 0..plies {
            let list = game.legal_actions();
            if list.is_empty() {
                break;
            }
            rng = splitmix64(rng);
            game.play(list[(rng % list.len() as u64) as usize])
                .expect("a legal action");
        }
        if game.is_over() || !seen.insert(game.position().hash()) {
            continue;
        }
        search.clear();
        search.start(
            &game,
            Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
        );
        let r = search.run(&AtomicBool::new(false), |_| {});
        if r.score.abs() <= margin {
            let line: Vec<String> = game.actions().map(|a| a.to_string()).collect();
            println!("{}", line.join(" "));
            kept += 1;
        }
    }
    eprintln!("make_book: kept {kept} of {drawn} openings drawn");
}
