//! Pools arena runs from the records they wrote (`--records DIR`), for a
//! test whose run was stopped before it ended (it then prints no final
//! count) or that ran in parts over a book: `cargo run --release -p
//! agon-engine --example pool -- ELO0,ELO1 DIR...` prints each run's
//! players, games and pairs, then the pooled test's standing and verdict.
//! Pool only runs with the same A and B: each run's are printed to check.

use std::path::Path;
use std::process::ExitCode;

use agon_engine::arena::pool::{Pool, pool_folder};
use agon_engine::arena::sprt::SprtConfig;
use agon_engine::number::read_decimal;

const USAGE: &str = "usage: pool ELO0,ELO1 DIR...   (as agon-arena's --sprt and --records)";

fn bounds(text: &str) -> Result<SprtConfig, String> {
    let (e0, e1) = text
        .split_once(',')
        .ok_or_else(|| format!("the bounds are two Elo numbers such as 0,50, not {text:?}"))?;
    let max = SprtConfig::MAX_ELO;
    let elo = |what, t| read_decimal(what, t, -max, max).map_err(|e| e.to_string());
    SprtConfig::new(elo("elo0", e0)?, elo("elo1", e1)?).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((first, dirs)) = args.split_first().filter(|(_, dirs)| !dirs.is_empty()) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let test = match bounds(first) {
        Ok(test) => test,
        Err(e) => {
            eprintln!("pool: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut all = Pool::default();
    for dir in dirs {
        match pool_folder(Path::new(dir)) {
            Ok((seats, pool)) => {
                println!(
                    "{dir}: A = {}, B = {}: {} games ({} unpaired), {}",
                    seats.a, seats.b, pool.games, pool.unpaired, pool.pairs
                );
                all.absorb(&pool);
            }
            Err(e) => {
                eprintln!("pool: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let percent = |n: usize| 100.0 * n as f64 / all.games.max(1) as f64;
    println!(
        "pooled: {} games, ply cap {:.1}%, repetitions {:.1}%, {}",
        all.games,
        percent(all.capped),
        percent(all.repetitions),
        all.pairs
    );
    println!("lengths: {}", all.tail);
    println!("{}", test.standing(&all.pairs));
    println!(
        "sprt [{}, {}]: {}",
        test.elo0,
        test.elo1,
        test.verdict(&all.pairs).name()
    );
    ExitCode::SUCCESS
}
