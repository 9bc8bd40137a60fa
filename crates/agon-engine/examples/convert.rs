//! How fast a player converts the standstills of earlier games: `cargo run
//! --release -p agon-engine --example convert -- A B PLIES THREADS DIR...`
//! finds, in the arena records of DIR (`--records`) between a Master and
//! another level, every game of 300 plies or more with a standstill: the
//! first ply from 100 on after which nobody captured for 60 plies, moved
//! to Master's turn. From each such position (one per distinct line) player A
//! plays Master's side against player B (arena specs, as `--a`/`--b`) for at
//! most PLIES plies more, and the example prints each result, then how many
//! A won, its median plies to the win, and how many stayed undecided.
//!
//! The positions are where the arena's long games came from, so a change
//! meant to shorten them shows here in 80 positions what whole matches
//! show in hundreds of games. Node-limited players repeat themselves: run
//! the change and the same player without it and compare.

use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use agon_engine::arena::{Player, PlayerSpec, play_game};
use agon_engine::number::read_number;
use agon_rules::{Action, Game, Record, Side};
use common::is_master;

mod common;

const USAGE: &str = "usage: convert A B PLIES THREADS DIR...";
/// Games shorter than this are not standstills worth converting.
const LONG: usize = 300;
/// Where a standstill may start, and how long it must last.
const FROM: usize = 100;
const QUIET: usize = 60;

struct Stall {
    path: String,
    opening: Vec<Action>,
    /// Master's side, to move after the opening.
    master: Side,
}

/// The game's standstill, if it has one: the line up to it, Master to move,
/// and Master's side.
fn stall(record: &Record, game: &Game) -> Option<(Vec<Action>, Side)> {
    let master = match (
        is_master(&record.players.light),
        is_master(&record.players.dark),
    ) {
        (true, false) => Side::Light,
        (false, true) => Side::Dark,
        _ => return None,
    };
    let n = game.history().len();
    if n < LONG {
        return None;
    }
    let captured = |i: usize| game.position_at(i).map_or(0, |p| p.out_of_play().len());
    let captures: Vec<usize> = (1..=n).filter(|&i| captured(i) > captured(i - 1)).collect();
    let start = (FROM..n.saturating_sub(QUIET))
        .find(|&s| !captures.iter().any(|&c| c > s && c <= s + QUIET))?;
    let start = if game.position_at(start)?.to_move() == master {
        start
    } else {
        start + 1
    };
    Some((game.actions().take(start).collect(), master))
}

fn stalls(dirs: &[String]) -> Result<Vec<Stall>, String> {
    let paths = common::record_paths(dirs)?;
    let mut found: Vec<Stall> = Vec::new();
    for path in paths {
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (record, game) =
            Record::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some((opening, master)) = stall(&record, &game)
            && !found.iter().any(|s| s.opening == opening)
        {
            found.push(Stall {
                path: path.display().to_string(),
                opening,
                master,
            });
        }
    }
    Ok(found)
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("convert: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [a, b, plies, threads, dirs @ ..] = args.as_slice() else {
        return Err(USAGE.into());
    };
    if dirs.is_empty() {
        return Err(USAGE.into());
    }
    let spec = |t: &String| t.parse::<PlayerSpec>().map_err(|e| format!("{t}: {e}"));
    let (a, b) = (spec(a)?, spec(b)?);
    let plies = read_number("PLIES", plies, 1, 100_000).map_err(|e| e.to_string())? as usize;
    let threads = read_number("THREADS", threads, 1, 256).map_err(|e| e.to_string())? as usize;
    let stalls = stalls(dirs)?;
    println!(
        "{} standstills; A = {a}, B = {b}, {plies} plies more",
        stalls.len()
    );
    let mut players = Vec::new();
    for t in 0..threads as u64 {
        let player = |s: &PlayerSpec, seed| {
            Player::try_new(s.clone(), seed, 64).map_err(|e| format!("{s}: {e:?}"))
        };
        players.push((player(&a, 5 + 2 * t)?, player(&b, 6 + 2 * t)?));
    }
    let next = AtomicUsize::new(0);
    // Per position: A's side won (Some(true)), lost (Some(false)) or
    // undecided, and the plies played.
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for (mut pa, mut pb) in players {
            let (stalls, next, results) = (&stalls, &next, &results);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(s) = stalls.get(i) else { return };
                    let (start, master) = (s.opening.len(), s.master);
                    let seed = 0x5EED ^ i as u64;
                    let (light, dark) = match master {
                        Side::Light => (&mut pa, &mut pb),
                        Side::Dark => (&mut pb, &mut pa),
                    };
                    let played = play_game(light, dark, &s.opening, start + plies, seed);
                    let (winner, ending, game) = match played {
                        Ok(p) => p,
                        Err(e) => {
                            eprintln!("{i}: {e}");
                            return;
                        }
                    };
                    let took = game.history().len() - start;
                    let won = winner.map(|w| w == master);
                    let res = match won {
                        Some(true) => "A wins",
                        Some(false) => "B wins",
                        None => "undecided",
                    };
                    println!(
                        "{i:3} {} ply {start}: {res} by {} after {took} plies",
                        s.path,
                        ending.name()
                    );
                    results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((won, took));
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut wins: Vec<usize> = results
        .iter()
        .filter(|r| r.0 == Some(true))
        .map(|r| r.1)
        .collect();
    wins.sort_unstable();
    let lost = results.iter().filter(|r| r.0 == Some(false)).count();
    let undecided = results.iter().filter(|r| r.0.is_none()).count();
    println!(
        "{} positions: A won {} (median {} plies), lost {lost}, undecided {undecided}",
        results.len(),
        wins.len(),
        wins.get(wins.len() / 2).copied().unwrap_or(0)
    );
    Ok(())
}
