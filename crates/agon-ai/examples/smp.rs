//! Parallel search speed-up: `cargo run --release -p agon-ai --example smp
//! -- DEPTH THREADS RECORD...`. Takes positions from the game records (every
//! 30th ply from ply 10), searches each to DEPTH with one thread and with
//! THREADS, Master's style, a fresh 64 MiB table each time, and prints each
//! position's times and the geometric mean of the ratio (time to depth).
use agon_ai::{Level, Limits, Search};
use agon_rules::{Game, Record};
use std::sync::atomic::AtomicBool;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args
        .next()
        .and_then(|d| d.parse().ok())
        .unwrap_or_else(|| fail("DEPTH, a whole number"));
    let threads: usize = args
        .next()
        .and_then(|d| d.parse().ok())
        .unwrap_or_else(|| fail("THREADS, a whole number"));
    let mut games = Vec::new();
    for path in args {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        let (_, game) = Record::from_json(&text).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        // The game so far comes along: it counts for repetitions.
        let mut g = Game::from_position(*game.start());
        for (ply, a) in game.actions().enumerate() {
            if ply >= 10 && (ply - 10) % 30 == 0 {
                games.push(g.clone());
            }
            g.play(a).expect("a recorded action is legal");
        }
    }
    let time = |game: &Game, t: usize| {
        let mut s = Search::new(agon_ai::DESKTOP_TT_MIB);
        s.set_style(Level::Master.style(1));
        s.set_threads(t);
        s.start(
            game,
            Limits {
                depth: Some(depth),
                ..Limits::default()
            },
        );
        let r = s.run(&AtomicBool::new(false), |_| {});
        (r.time_ms.max(1), r.nodes)
    };
    let mut log_sum = 0.0;
    let mut ratios = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let (t1, n1) = time(g, 1);
        let (tn, nn) = time(g, threads);
        let ratio = t1 as f64 / tn as f64;
        log_sum += ratio.ln();
        ratios.push(ratio);
        println!(
            "{i:3} ply {:4} 1: {t1:6} ms {n1:10} nodes  {threads}: {tn:6} ms {nn:10} nodes  x{ratio:.2}",
            g.history().len()
        );
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "positions {} speed-up geometric mean x{:.3} median x{:.3}",
        ratios.len(),
        (log_sum / ratios.len() as f64).exp(),
        ratios[ratios.len() / 2]
    );
}

fn fail(message: &str) -> ! {
    eprintln!("smp: {message}");
    std::process::exit(2);
}
