//! `cargo run --release -p agon-rules --example perft -- [DEPTH] [AFN]`
use agon_rules::{Position, perft};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().map_or(6, |d| d.parse().expect("depth"));
    let afn: Vec<String> = args.collect();
    let pos = if afn.is_empty() {
        Position::start()
    } else {
        Position::from_afn(&afn.join(" ")).expect("AFN")
    };
    let t = Instant::now();
    let n = perft(&pos, depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft {depth} {n} in {s:.3} s ({:.1} M/s)",
        n as f64 / s / 1e6
    );
}
