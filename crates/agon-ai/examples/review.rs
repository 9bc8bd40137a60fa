//! Review speed: `cargo run --release -p agon-ai --example review -- [ACTIONS] [RUNS]`
//! Plays a game of ACTIONS actions (default 100; Beginner against itself,
//! seeded, so every run reviews the same game), then reviews it RUNS times
//! (default 3) at the review's depth and prints each time and the median.
use agon_ai::review::{REVIEW_DEPTH, Review, Reviewer};
use agon_ai::{Level, Search, think};
use agon_rules::{Game, Side};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut number = |what: &str, default: usize, most: usize| -> usize {
        match args.next().map_or(Ok(default), |v| v.parse::<usize>()) {
            Ok(n) if (1..=most).contains(&n) => n,
            Ok(n) => fail(&format!("{what} must be 1 to {most}, not {n}")),
            Err(e) => fail(&format!("{what}: {e}")),
        }
    };
    let actions = number("ACTIONS", 100, 1000);
    let runs = number("RUNS", 3, 20);
    let mut game = Game::new();
    let mut search = Search::new(16);
    let mut seed = 1u64;
    while game.history().len() < actions {
        if game.is_over() {
            // A short game: start another, keep counting to ACTIONS.
            game = Game::new();
            seed += 1;
        }
        let r = think(
            &mut search,
            &game,
            Level::Beginner,
            seed + game.history().len() as u64,
        );
        game.play(r.best.expect("an action")).expect("legal");
    }
    let mut times = Vec::new();
    let mut last = Review::default();
    for _ in 0..runs {
        let t = Instant::now();
        last = Reviewer::new(&game, REVIEW_DEPTH, agon_ai::DESKTOP_TT_MIB).run();
        times.push(t.elapsed().as_secs_f64());
        println!(
            "reviewed {} actions in {:.2} s",
            game.history().len(),
            times.last().unwrap()
        );
    }
    times.sort_by(f64::total_cmp);
    for side in [Side::Light, Side::Dark] {
        let s = last.summary(side);
        println!(
            "{side}: {} inaccuracies, {} mistakes, {} blunders, average loss {:.1}%",
            s.inaccuracies,
            s.mistakes,
            s.blunders,
            100.0 * s.average_loss
        );
    }
    println!(
        "median {:.2} s for {} actions at depth {REVIEW_DEPTH} ({runs} runs)",
        times[times.len() / 2],
        game.history().len()
    );
}

fn fail(msg: &str) -> ! {
    eprintln!("review: {msg}");
    std::process::exit(2);
}
