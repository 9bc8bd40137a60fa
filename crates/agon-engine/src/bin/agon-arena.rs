//! The arena: `agon-arena --a master:200 --b uct:800 --games 100`.
//! Plays many games between two players, colours alternated over seeded
//! random openings or a book, and prints wins, draws, losses, the score,
//! the Elo difference with its margin, and how the games ended; with
//! `--sprt`, runs the test until it decides.

use std::process::ExitCode;

use agon_engine::arena;
use agon_engine::arena::args::{ArenaArgs, ArgsError, USAGE};
use agon_engine::arena::sprt::Verdict;

fn main() -> ExitCode {
    let ArenaArgs {
        config,
        quiet,
        records,
    } = match ArenaArgs::parse(std::env::args_os().skip(1)) {
        Ok(args) => args,
        Err(ArgsError::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("agon-arena: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let openings = match &config.book {
        Some(book) => format!("{} book openings", book.len()),
        None => format!("{} opening plies", config.opening_plies),
    };
    println!(
        "arena: A = {}, B = {}, {} games, {} threads, ply cap {}, {openings}, seed {}",
        config.a, config.b, config.games, config.threads, config.ply_cap, config.seed
    );
    if let Some(t) = &config.sprt {
        println!(
            "sprt: elo0 {} elo1 {} alpha {} beta {}: LLR bounds [{:+.2}, {:+.2}]",
            t.elo0,
            t.elo1,
            t.alpha,
            t.beta,
            t.lower_bound(),
            t.upper_bound()
        );
    }
    if let Some(dir) = &records
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("agon-arena: cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    let result = arena::run_match(&config, |g, standing| {
        // Each game is written as it ends, so a long match can be read early.
        if let Some(dir) = &records {
            let path = dir.join(format!("game-{:04}.json", g.index + 1));
            if let Err(e) = std::fs::write(&path, g.record(&config.a, &config.b).to_json()) {
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
        // A test's progress after every tenth pair, even when quiet.
        if let Some(test) = &config.sprt
            && g.index % 2 == 1
            && standing.pairs.pairs().is_multiple_of(10)
        {
            println!("{}", test.standing(&standing.pairs));
        }
    });
    let result = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("agon-arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{}", arena::summarize(&result.reports));
    if let Some(test) = &config.sprt {
        let pairs = arena::pentanomial(&result.reports);
        println!("{pairs}");
        println!("{}", test.standing(&pairs));
        match result.decision {
            Some(d) => println!(
                "sprt: {} after {} pairs (LLR {:+.2}); {} pairs in all with those under way then",
                d.verdict.name(),
                d.pairs.pairs(),
                d.llr,
                pairs.pairs()
            ),
            None => println!(
                "sprt: {} after {} games (the most --games allows)",
                Verdict::Continue.name(),
                result.reports.len()
            ),
        }
    }
    ExitCode::SUCCESS
}
