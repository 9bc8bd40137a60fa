//! `cargo run --release -p agon-rules --example perft -- [DEPTH] [AFN]`
use agon_rules::{Position, perft};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map_or(Ok(6), |d| d.parse()) {
        Ok(d) => d,
        Err(e) => fail(&format!("the depth: {e}")),
    };
    let afn: Vec<String> = args.collect();
    let pos = if afn.is_empty() {
        Position::start()
    } else {
        Position::from_afn(&afn.join(" ")).unwrap_or_else(|e| fail(&e.to_string()))
    };
    let t = Instant::now();
    let n = perft(&pos, depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft {depth} {n} in {s:.3} s ({:.1} M/s)",
        n as f64 / s / 1e6
    );
}

fn fail(message: &str) -> ! {
    eprintln!("perft: {message}");
    std::process::exit(2);
}
