//! The arena: `agon-arena --a master:200 --b uct:800 --games 100`.
//! Plays many games between two players, colours alternated over seeded
//! random openings, and prints wins, draws, losses, the score, the Elo
//! difference with its margin, and how the games ended.

use std::process::ExitCode;

use agon_engine::arena;
use agon_engine::arena::args::{ArenaArgs, ArgsError, USAGE};

fn main() -> ExitCode {
    match ArenaArgs::parse(std::env::args_os().skip(1)) {
        Ok(ArenaArgs {
            config,
            quiet,
            records,
        }) => {
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
                eprintln!("agon-arena: cannot create {}: {e}", dir.display());
                return ExitCode::FAILURE;
            }
            let reports = arena::run(&config, |g| {
                // Each game is written as it ends, so a long match can be read early.
                if let Some(dir) = &records {
                    let path = dir.join(format!("game-{:04}.json", g.index + 1));
                    if let Err(e) = std::fs::write(&path, g.record(&config.a, &config.b).to_json())
                    {
                        eprintln!("agon-arena: cannot write {}: {e}", path.display());
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
            match reports {
                Ok(reports) => {
                    println!("{}", arena::summarize(&reports));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("agon-arena: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(ArgsError::Help) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("agon-arena: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
