//! How many nodes the game's Master searches in its two seconds on this
//! machine: `cargo run --release -p agon-engine --example master_nodes --
//! RECORD...` searches every 60th position of each arena record (`--records
//! DIR`) as the game's Master does (its style, `Level::Master.limits()`,
//! one thread) and prints each position's depth and nodes, then the median.
//! The arena plays "the game's Master" node-limited, so that a busy machine
//! does not skew it; this is the number to give it (`master+nodes=N`).

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use agon_ai::{DESKTOP_TT_MIB, Level, Search};
use agon_rules::Record;

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: master_nodes RECORD...");
        return ExitCode::from(2);
    }
    let never = AtomicBool::new(false);
    let mut search = Search::new(DESKTOP_TT_MIB);
    search.set_style(Level::Master.style(1));
    let mut nodes = Vec::new();
    for path in &paths {
        let game = match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| Record::from_json(&text).map_err(|e| e.to_string()))
        {
            Ok((_, game)) => game,
            Err(e) => {
                eprintln!("master_nodes: {path}: {e}");
                return ExitCode::from(2);
            }
        };
        let len = game.history().len();
        let hashes: Vec<u64> = (0..=len)
            .map(|i| game.position_at(i).expect("in the game").hash())
            .collect();
        for i in (20..len).step_by(60) {
            let p = *game.position_at(i).expect("in the game");
            search.clear();
            search.start_with_history(p, &hashes[..=i], Level::Master.limits());
            let r = search.run(&never, |_| {});
            println!(
                "{path} {i}: depth {} nodes {} ms {}",
                r.depth, r.nodes, r.time_ms
            );
            nodes.push(r.nodes);
        }
    }
    if nodes.is_empty() {
        eprintln!("master_nodes: no game reaches ply 20");
        return ExitCode::from(2);
    }
    nodes.sort_unstable();
    println!(
        "{} positions: median {} nodes in Master's time",
        nodes.len(),
        nodes[nodes.len() / 2]
    );
    ExitCode::SUCCESS
}
