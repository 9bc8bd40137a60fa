//! What a long game costs the game itself: opening a record of 10 000,
//! 50 000 and 100 000 actions, and each frame after it, with the whole app
//! as `main` builds it but headless (every plugin, the interface laid out
//! each frame; nothing drawn). A frame must cost the same at any length.
//!
//! `cargo run --example long_game -- [FRAMES]`
//!
//! Prints, for each length, the time from launch to the game on the board
//! and the median and longest of FRAMES frames after (default 60). The
//! games are random but legal and never end (`endless_game`, shared with
//! the rules' own `long_game` example, which times reading them).

use std::time::{Duration, Instant};

use agon::cli::Options;
use agon::game::Match;
use agon::store::storage::MemoryStore;
use agon_rules::{Game, Players, Record};

#[path = "../crates/agon-rules/tests/common/endless.rs"]
mod endless;

const LENGTHS: [usize; 4] = [0, 10_000, 50_000, 100_000];

fn main() {
    let frames: usize = match std::env::args_os().nth(1) {
        None => 60,
        Some(arg) => match arg.to_str().and_then(|a| a.parse().ok()) {
            Some(n) if n > 0 => n,
            _ => {
                eprintln!("long_game: {arg:?} is not a number of frames (1 or more)");
                std::process::exit(2);
            }
        },
    };
    let dir = std::env::temp_dir().join(format!("agon-long-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    println!("the whole app, headless (debug build unless --release); {frames} frames each");
    println!(
        "{:>8} {:>12} {:>16} {:>16}",
        "actions", "open ms", "frame median ms", "frame longest ms"
    );
    for n in LENGTHS {
        let mut game = Game::new();
        for a in endless::endless_game(n, 7) {
            game.play(a).expect("a legal action");
        }
        let path = dir.join(format!("long-{n}.json"));
        let record = Record::from_game(&game, Players::default(), None);
        std::fs::write(&path, record.to_json()).expect("the record written");
        let started = Instant::now();
        let args = [
            "--lang".into(),
            "en".into(),
            "--mode".into(),
            "pass-and-play".into(),
            "--load".into(),
            path.clone().into_os_string(),
        ];
        let options = Options::parse(&args).expect("options");
        let mut app = agon::headless::app(options, Box::new(MemoryStore::default()));
        let mut opened = false;
        for _ in 0..100 {
            app.update();
            if app.world().resource::<Match>().game.history().len() == n {
                opened = true;
                break;
            }
        }
        assert!(opened, "the game of {n} actions did not open");
        let open = started.elapsed();
        let mut times: Vec<Duration> = (0..frames)
            .map(|_| {
                let t = Instant::now();
                app.update();
                t.elapsed()
            })
            .collect();
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "{n:>8} {:>12.0} {:>16.2} {:>16.2}",
            ms(open),
            ms(times[times.len() / 2]),
            ms(times[times.len() - 1])
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
