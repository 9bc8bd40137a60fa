//! How long games of 10 000, 50 000 and 100 000 actions take to play, to
//! import as an action list and to read as a record:
//!
//! `cargo run --release -p agon-rules --example long_game -- [RUNS] [--write DIR]`
//!
//! Prints the median of RUNS runs (default 5) of each. `--write DIR` also
//! saves each game as `DIR/long-N.txt` (the actions, space-separated, as
//! `position startpos moves` and `import` take them) and `DIR/long-N.json`
//! (a record), for timing the engine and the game on the same games.
//!
//! The games are random but legal and never end: see `endless_game`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use agon_rules::{Game, Imported, Players, Record, import};

#[path = "../tests/common/endless.rs"]
mod endless;

use endless::endless_game;

const LENGTHS: [usize; 3] = [10_000, 50_000, 100_000];

fn main() {
    let mut runs = 5;
    let mut write: Option<PathBuf> = None;
    let mut args = std::env::args_os().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--write" {
            match args.next() {
                Some(dir) => write = Some(dir.into()),
                None => fail("--write needs a folder"),
            }
        } else {
            runs = match arg.to_str().map(str::parse::<usize>) {
                Some(Ok(n)) if n > 0 => n,
                _ => fail(&format!(
                    "{} is not a number of runs (1 or more)",
                    arg.display()
                )),
            };
        }
    }
    println!("median of {runs} runs, in ms");
    println!(
        "{:>8} {:>10} {:>10} {:>10}",
        "actions", "play", "import", "record"
    );
    for n in LENGTHS {
        let actions = endless_game(n, 0x4147_4F4E ^ n as u64);
        let list = actions
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let mut game = Game::new();
        for &a in &actions {
            game.play(a).expect("the playout is legal");
        }
        assert!(!game.is_over(), "the playout never ends the game");
        let json = Record::from_game(&game, Players::default(), None).to_json();
        if let Some(dir) = &write {
            std::fs::create_dir_all(dir)
                .unwrap_or_else(|e| fail(&format!("{}: {e}", dir.display())));
            let save = |name: String, text: &str| {
                let path = dir.join(name);
                std::fs::write(&path, text)
                    .unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
            };
            save(format!("long-{n}.txt"), &list);
            save(format!("long-{n}.json"), &json);
        }
        let play = median(runs, || {
            let mut g = Game::new();
            for &a in &actions {
                g.play(a).expect("legal");
            }
            assert_eq!(g.history().len(), n);
        });
        let imported = median(runs, || match import(&list) {
            Ok(Imported::Actions(g)) => assert_eq!(g.history().len(), n),
            other => panic!("not the actions: {other:?}"),
        });
        let record = median(runs, || {
            let (_, g) = Record::from_json(&json).expect("the record reads");
            assert_eq!(g.history().len(), n);
        });
        println!(
            "{n:>8} {:>10.1} {:>10.1} {:>10.1}",
            ms(play),
            ms(imported),
            ms(record)
        );
    }
}

fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn fail(message: &str) -> ! {
    eprintln!("long_game: {message}");
    std::process::exit(2);
}
