//! How deep Master gets with one setting changed, at the same nodes:
//! `cargo run --release -p agon-engine --example depth -- NODES NAME=VALUE
//! RECORD...` searches every 40th position (from ply 20) of the arena
//! records (`--records DIR`) twice within NODES nodes, as the game's Master
//! and with the setting (`lmr=225`, as the arena's `master+lmr=225`), and
//! prints each depth, score and best action, then the mean depths and how
//! often the best action is the same. A pruning or reduction setting that
//! an SPRT at few nodes cannot judge shows here what it buys at the game's.
//! `tt=MIB` changes the size of the second search's table instead.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use agon_ai::{DESKTOP_TT_MIB, Level, Limits, MAX_TT_MIB, Search, SearchResult, Style};
use agon_engine::number::read_number;
use agon_rules::Record;

const USAGE: &str = "usage: depth NODES NAME=VALUE RECORD...";

/// NODES, Master's style and the changed one, the second table's size, and
/// the records.
fn args() -> Result<(u64, [Style; 2], usize, Vec<String>), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [nodes, setting, records @ ..] = args.as_slice() else {
        return Err(USAGE.into());
    };
    if records.is_empty() {
        return Err(format!("no record given\n{USAGE}"));
    }
    let nodes = read_number("NODES", nodes, 1, 1_000_000_000).map_err(|e| e.to_string())?;
    let (name, value) = setting
        .split_once('=')
        .ok_or_else(|| format!("{setting:?} is not NAME=VALUE\n{USAGE}"))?;
    let master = Level::Master.style(1);
    let mut changed = master;
    let mut tt = DESKTOP_TT_MIB;
    if name == "tt" {
        tt = read_number("tt (MiB)", value, 1, MAX_TT_MIB as u64).map_err(|e| e.to_string())?
            as usize;
    } else {
        let value: i32 = value
            .parse()
            .map_err(|_| format!("{setting:?}: the value is not a whole number"))?;
        changed.tweak(name, value).map_err(|e| e.to_string())?;
    }
    Ok((nodes, [master, changed], tt, records.to_vec()))
}

fn main() -> ExitCode {
    let (nodes, styles, tt, records) = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("depth: {e}");
            return ExitCode::from(2);
        }
    };
    let never = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut searches = [(styles[0], DESKTOP_TT_MIB), (styles[1], tt)].map(|(style, mib)| {
        let mut search = Search::new(mib);
        search.set_style(style);
        search
    });
    let (mut depths, mut same, mut n) = ([0u64; 2], 0, 0);
    for path in &records {
        let game = match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| Record::from_json(&text).map_err(|e| e.to_string()))
        {
            Ok((_, game)) => game,
            Err(e) => {
                eprintln!("depth: {path}: {e}");
                return ExitCode::from(2);
            }
        };
        let len = game.history().len();
        let hashes: Vec<u64> = (0..=len)
            .map(|i| game.position_at(i).expect("in the game").hash())
            .collect();
        for i in (20..len).step_by(40) {
            let p = *game.position_at(i).expect("in the game");
            let results = searches.each_mut().map(|search| {
                // Each position from nothing: no search starts from what an
                // earlier one learnt, so the two differ by the setting only.
                search.clear();
                search.start_with_history(p, &hashes[..=i], limits);
                search.run(&never, |_| {})
            });
            let show = |r: &SearchResult| {
                let best = r.best.map_or("none".to_string(), |a| a.to_string());
                format!("d{} {:+} {best}", r.depth, r.score)
            };
            println!("{path} {i}: {} | {}", show(&results[0]), show(&results[1]));
            for (d, r) in depths.iter_mut().zip(&results) {
                *d += u64::from(r.depth);
            }
            same += u32::from(results[0].best == results[1].best);
            n += 1;
        }
    }
    if n == 0 {
        eprintln!("depth: no game reaches ply 20");
        return ExitCode::from(2);
    }
    let mean = |d: u64| d as f64 / f64::from(n);
    println!(
        "{n} positions: mean depth {:.2} as Master, {:.2} with the setting; the same best action in {same}",
        mean(depths[0]),
        mean(depths[1])
    );
    ExitCode::SUCCESS
}
