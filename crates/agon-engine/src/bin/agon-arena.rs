//! The arena: `agon-arena --a master:200 --b uct:800 --games 100`.
//! Plays many games between two players, colours alternated over seeded
//! random openings, and prints wins, draws, losses, the score, the Elo
//! difference with its margin, and how the games ended.

use std::process::ExitCode;

use agon_engine::arena::{self, ArenaConfig, PlayerSpec};

const USAGE: &str = "usage: agon-arena --a PLAYER --b PLAYER [--games N] [--threads N]
                  [--plies CAP] [--opening PLIES] [--seed S] [--tt MIB] [--quiet]
                  [--records DIR] [--book FILE]
PLAYER: a level (beginner, easy, medium, hard, master), optionally with a time
        per action in ms (master:200); nodes:N (full strength, N nodes an action);
        uct:MS (the UCT baseline, MS ms an action); a search player may add
        tweaks for tuning: nodes:20000+exposed=40+quiescence=0
Games that reach the ply cap (default 400) are adjudicated draws and reported.
--records DIR saves every game as a JSON game record in DIR.
--book FILE plays the openings of FILE in turn instead of random ones: one a
        line, actions in text separated by spaces, `#` starts a comment line.";

fn main() -> ExitCode {
    match parse(std::env::args().skip(1).collect()) {
        Ok((config, quiet, records)) => {
            let openings = match &config.book {
                Some(book) => format!("{} book openings", book.len()),
                None => format!("{} opening plies", config.opening_plies),
            };
            println!(
                "arena: A = {}, B = {}, {} games, {} threads, ply cap {}, {openings}, seed {}",
                config.a, config.b, config.games, config.threads, config.ply_cap, config.seed
            );
            if let Some(dir) = &records
                && let Err(e) = std::fs::create_dir_all(dir)
            {
                eprintln!("agon-arena: cannot create {dir}: {e}");
                return ExitCode::FAILURE;
            }
            let reports = arena::run(&config, |g| {
                // Each game is written as it ends, so a long match can be read early.
                if let Some(dir) = &records {
                    let path = format!("{dir}/game-{:04}.json", g.index + 1);
                    if let Err(e) = std::fs::write(&path, g.record(&config.a, &config.b).to_json())
                    {
                        eprintln!("agon-arena: cannot write {path}: {e}");
                    }
                }
                if !quiet {
                    let result = match g.a_score() {
                        1.0 => "A wins",
                        0.0 => "B wins",
                        _ => "draw",
                    };
                    println!(
                        "game {:4}: A plays {:5} {:7} by {} after {} plies",
                        g.index + 1,
                        if g.a_light { "light" } else { "dark" },
                        result,
                        g.ending.name(),
                        g.plies
                    );
                }
            });
            println!("{}", arena::summarize(&reports));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("agon-arena: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn parse(args: Vec<String>) -> Result<(ArenaConfig, bool, Option<String>), String> {
    let mut a = None;
    let mut b = None;
    let mut config = ArenaConfig {
        a: "nodes:1".parse()?,
        b: "nodes:1".parse()?,
        games: 100,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        ply_cap: 400,
        opening_plies: 4,
        seed: 1,
        tt_mib: 16,
        book: None,
    };
    let mut quiet = false;
    let mut records = None;
    let mut it = args.into_iter();
    while let Some(flag) = it.next() {
        if flag == "--quiet" {
            quiet = true;
            continue;
        }
        if flag == "--help" || flag == "-h" {
            return Err("help".into());
        }
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let num = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: {value:?} is not a number"))
        };
        match flag.as_str() {
            "--a" => a = Some(value.parse::<PlayerSpec>()?),
            "--b" => b = Some(value.parse::<PlayerSpec>()?),
            "--games" => config.games = num()? as usize,
            "--threads" => config.threads = num()?.max(1) as usize,
            "--plies" => config.ply_cap = num()? as usize,
            "--opening" => config.opening_plies = num()? as usize,
            "--seed" => config.seed = num()?,
            "--tt" => config.tt_mib = num()?.max(1) as usize,
            "--records" => records = Some(value),
            "--book" => {
                let text = std::fs::read_to_string(&value)
                    .map_err(|e| format!("--book: cannot read {value}: {e}"))?;
                config.book =
                    Some(arena::parse_book(&text).map_err(|e| format!("--book {value}: {e}"))?);
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    config.a = a.ok_or("--a is required")?;
    config.b = b.ok_or("--b is required")?;
    Ok((config, quiet, records))
}
