//! A game, ply by ply, with what Master makes of each position: `cargo run
//! --release -p agon-engine --example trace -- RECORD [FROM [TO [NODES]]]`
//! reads an arena record (`--records DIR`) and prints, for plies FROM to
//! TO (default: the last 100), the action played and how many pieces it
//! took out of play (`-1`: a relocation brought one back),
//! Master's evaluation for the side to move, each side's legal actions,
//! and Master's search of that position within NODES nodes (default
//! 30 000, as the arena's `master+nodes=30000`): its depth, score and
//! line, marked `=` where the action played was Master's own. For the
//! games `examples/ply_cap.rs` finds: where a won game stalls, and
//! whether the search saw a way through.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use agon_ai::{Level, Limits, Search, Weights, evaluate};
use agon_engine::number::read_number;
use agon_rules::{Record, Side};

const USAGE: &str = "usage: trace RECORD [FROM [TO [NODES]]]";

struct Args {
    path: String,
    from: Option<usize>,
    to: Option<usize>,
    nodes: u64,
}

fn args() -> Result<Args, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((path, rest)) = args.split_first() else {
        return Err(USAGE.into());
    };
    if rest.len() > 3 {
        return Err(format!("{} arguments too many\n{USAGE}", rest.len() - 3));
    }
    let ply = |what, text: &String| {
        read_number(what, text, 0, u32::MAX.into())
            .map(|n| n as usize)
            .map_err(|e| e.to_string())
    };
    Ok(Args {
        path: path.clone(),
        from: rest.first().map(|t| ply("FROM", t)).transpose()?,
        to: rest.get(1).map(|t| ply("TO", t)).transpose()?,
        nodes: match rest.get(2) {
            Some(t) => read_number("NODES", t, 1, 1_000_000_000).map_err(|e| e.to_string())?,
            None => 30_000,
        },
    })
}

fn main() -> ExitCode {
    let args = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("trace: {e}");
            return ExitCode::from(2);
        }
    };
    let game = match std::fs::read_to_string(&args.path)
        .map_err(|e| e.to_string())
        .and_then(|text| Record::from_json(&text).map_err(|e| e.to_string()))
    {
        Ok((_, game)) => game,
        Err(e) => {
            eprintln!("trace: {}: {e}", args.path);
            return ExitCode::from(2);
        }
    };
    let n = game.history().len();
    let to = args.to.unwrap_or(n).min(n);
    let from = args.from.unwrap_or(n.saturating_sub(100)).min(to);
    let hashes: Vec<u64> = (0..=n)
        .map(|i| game.position_at(i).expect("in the game").hash())
        .collect();
    let mut search = Search::new(64);
    search.set_style(Level::Master.style(1));
    let never = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    println!("ply mover action   captures  eval   light dark | Master: depth score line");
    for i in from..to {
        let p = *game.position_at(i).expect("in the game");
        let played = game.history()[i].action;
        let after = game.position_at(i + 1).expect("in the game");
        let captures = after.out_of_play().len() as i64 - p.out_of_play().len() as i64;
        search.start_with_history(p, &hashes[..=i], limits);
        let r = search.run(&never, |_| {});
        let line: Vec<String> = r.pv.iter().take(6).map(|a| a.to_string()).collect();
        println!(
            "{i:3} {:5} {:8} {captures:+3} {:+7} {:5} {:4} | {} d{} {:+} {}",
            p.to_move().to_string(),
            played.to_string(),
            evaluate(&p, &Weights::MASTER),
            p.with_side_to_move(Side::Light).count_actions(),
            p.with_side_to_move(Side::Dark).count_actions(),
            if r.best == Some(played) { "=" } else { " " },
            r.depth,
            r.score,
            line.join(" ")
        );
    }
    ExitCode::SUCCESS
}
