//! Search speed: `cargo run --release -p agon-ai --example bench -- [MS] [AFN]`
//! Prints every iteration from the start position (or the AFN) for MS ms.
//! `AGON_TT_MIB` sets the transposition table's size (default 64).
use agon_ai::{Limits, Search, Style};
use agon_rules::{Game, Position};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let mut args = std::env::args().skip(1);
    let ms: u64 = match args.next().map_or(Ok(1000), |m| m.parse()) {
        Ok(ms) => ms,
        Err(e) => fail(&format!("the time in ms: {e}")),
    };
    let afn: Vec<String> = args.collect();
    let pos = if afn.is_empty() {
        Position::start()
    } else {
        Position::from_afn(&afn.join(" ")).unwrap_or_else(|e| fail(&e.to_string()))
    };
    let game = Game::from_position(pos);
    let tt_mib = match std::env::var("AGON_TT_MIB") {
        Err(_) => agon_ai::DESKTOP_TT_MIB,
        Ok(v) => v
            .parse()
            .unwrap_or_else(|e| fail(&format!("AGON_TT_MIB: {e}"))),
    };
    let mut search = Search::try_new(tt_mib).unwrap_or_else(|e| fail(&format!("AGON_TT_MIB: {e}")));
    search.set_style(Style::default());
    search.start(
        &game,
        Limits {
            time: Some(Duration::from_millis(ms)),
            ..Limits::default()
        },
    );
    let r = search.run(&AtomicBool::new(false), |i| {
        let pv: Vec<String> = i.pv.iter().map(|a| a.to_string()).collect();
        println!(
            "depth {:2} score {:6} nodes {:10} nps {:9} time {:5} pv {}",
            i.depth,
            i.score,
            i.nodes,
            i.nps(),
            i.time_ms,
            pv.join(" ")
        );
    });
    println!(
        "bestmove {} depth {} nodes {} time {} nps {}",
        r.best.map_or("none".into(), |a| a.to_string()),
        r.depth,
        r.nodes,
        r.time_ms,
        r.nodes * 1000 / r.time_ms.max(1)
    );
}

fn fail(message: &str) -> ! {
    eprintln!("bench: {message}");
    std::process::exit(2);
}
