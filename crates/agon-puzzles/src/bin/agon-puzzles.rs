//! The puzzle generator's command.
//!
//! ```text
//! agon-puzzles generate --seed S --out FILE [--first-game N] [--games N] [--minutes M]
//! agon-puzzles merge --out FILE [--max-per-band N] IN...
//! agon-puzzles check FILE [--sample N]
//! agon-puzzles stats FILE
//! ```

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use agon_puzzles::generate::{GameSpec, mine, play};
use agon_puzzles::verify::{Settings, Verifier};
use agon_puzzles::{Puzzle, Theme, read, write};

const USAGE: &str = "usage:
  agon-puzzles generate --seed S --out FILE [--first-game N] [--games N] [--minutes M]
      plays games first-game.. with the engine at mixed levels and keeps the
      puzzles found, adding them to FILE (kept if it exists), written after
      every game; stops after N games or M minutes, whichever comes first
  agon-puzzles merge --out FILE [--max-per-band N] IN...
      joins puzzle files, one puzzle a position; with --max-per-band, keeps
      at most N a band of 200 rating points, taking the goals (throne,
      defence, queen, material) in turn so that each band mixes them
  agon-puzzles check FILE [--sample N]    reads FILE and re-verifies every Nth puzzle
  agon-puzzles stats FILE                 ratings and themes of FILE";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("agon-puzzles: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let Some((command, rest)) = args.split_first() else {
        return Err(USAGE.to_string());
    };
    let options = Options::parse(rest)?;
    match command.as_str() {
        "generate" => generate(&options),
        "merge" => merge(&options),
        "check" => check(&options),
        "stats" => stats(&options),
        "--help" | "-h" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command {other:?}\n{USAGE}")),
    }
}

#[derive(Default)]
struct Options {
    seed: Option<u64>,
    out: Option<String>,
    first_game: u64,
    games: Option<u64>,
    minutes: Option<u64>,
    sample: u64,
    max_per_band: Option<u64>,
    files: Vec<String>,
}

impl Options {
    fn parse(args: &[String]) -> Result<Options, String> {
        let mut o = Options {
            sample: 10,
            ..Options::default()
        };
        let mut i = 0;
        while i < args.len() {
            let flag = args[i].as_str();
            let mut value = |what: &'static str| {
                i += 1;
                args.get(i)
                    .cloned()
                    .ok_or_else(|| format!("{what} needs a value"))
            };
            match flag {
                "--seed" => o.seed = Some(number("--seed", &value("--seed")?, 0, u64::MAX)?),
                "--out" => o.out = Some(value("--out")?),
                "--first-game" => {
                    o.first_game = number("--first-game", &value("--first-game")?, 0, 1 << 48)?
                }
                "--games" => o.games = Some(number("--games", &value("--games")?, 1, 1 << 32)?),
                "--minutes" => {
                    o.minutes = Some(number("--minutes", &value("--minutes")?, 1, 100_000)?)
                }
                "--max-per-band" => {
                    o.max_per_band = Some(number(
                        "--max-per-band",
                        &value("--max-per-band")?,
                        1,
                        1 << 32,
                    )?)
                }
                "--sample" => o.sample = number("--sample", &value("--sample")?, 1, 1 << 32)?,
                f if f.starts_with("--") => return Err(format!("unknown option {f:?}\n{USAGE}")),
                file => o.files.push(file.to_string()),
            }
            i += 1;
        }
        Ok(o)
    }
}

/// Digits alone, from `min` to `max`.
fn number(what: &str, text: &str, min: u64, max: u64) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{what} needs a whole number from {min} to {max}, not {text:?}"
        ));
    }
    text.parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("{what} must be from {min} to {max}, not {text:?}"))
}

fn load(path: &str) -> Result<Vec<Puzzle>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    read(&text).map_err(|e| format!("{path}: {e}"))
}

/// Writes beside the target and renames, so a stopped run never leaves a
/// half-written file.
fn save(path: &str, puzzles: &mut Vec<Puzzle>) -> Result<(), String> {
    puzzles.sort_by(|a, b| a.id.cmp(&b.id));
    puzzles.dedup_by(|a, b| a.id == b.id);
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, write(puzzles)).map_err(|e| format!("{tmp}: {e}"))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{path}: {e}"))
}

fn generate(o: &Options) -> Result<(), String> {
    let seed = o.seed.ok_or("generate needs --seed")?;
    let out = o.out.as_deref().ok_or("generate needs --out")?;
    let mut puzzles = if std::path::Path::new(out).exists() {
        load(out)?
    } else {
        Vec::new()
    };
    let before = puzzles.len();
    let started = Instant::now();
    let deadline = o.minutes.map(|m| Duration::from_secs(m * 60));
    let mut verifier = Verifier::new(Settings::default());
    let mut index = o.first_game;
    let mut played = 0u64;
    let mut kept = 0usize;
    while o.games.is_none_or(|n| played < n) && deadline.is_none_or(|d| started.elapsed() < d) {
        let spec = GameSpec::new(seed, index);
        let game = play(&spec);
        let found = mine(&game, spec.opening, &mut verifier);
        let mut new = 0;
        for f in found {
            if !puzzles.iter().any(|p| p.id == f.puzzle.id) {
                new += 1;
                puzzles.push(f.puzzle);
            }
        }
        kept += new;
        played += 1;
        save(out, &mut puzzles)?;
        let minutes = started.elapsed().as_secs_f64() / 60.0;
        eprintln!(
            "game {index} ({} vs {}, {} actions): {new} kept; {kept} in {:.1} min, {:.1} a minute",
            spec.light,
            spec.dark,
            game.history().len(),
            minutes,
            kept as f64 / minutes.max(1e-9)
        );
        index += 1;
    }
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    println!(
        "kept {kept} puzzles from {played} games (games {}..{index}) in {:.1} min: {:.2} a minute; {out} has {} (had {before})",
        o.first_game,
        minutes,
        kept as f64 / minutes.max(1e-9),
        puzzles.len()
    );
    Ok(())
}

fn merge(o: &Options) -> Result<(), String> {
    let out = o.out.as_deref().ok_or("merge needs --out")?;
    let mut all = Vec::new();
    for f in &o.files {
        all.extend(load(f)?);
    }
    all.sort_by(|a, b| a.id.cmp(&b.id));
    all.dedup_by(|a, b| a.id == b.id);
    if let Some(cap) = o.max_per_band {
        all = cap_bands(all, cap as usize);
    }
    save(out, &mut all)?;
    println!("{out}: {} puzzles", all.len());
    Ok(())
}

/// At most `cap` puzzles a band of 200 rating points, the goals taken in
/// turn (each in id order, which is a hash order: no bias).
fn cap_bands(puzzles: Vec<Puzzle>, cap: usize) -> Vec<Puzzle> {
    let mut bands: BTreeMap<u16, BTreeMap<String, Vec<Puzzle>>> = BTreeMap::new();
    for p in puzzles {
        let goal = format!("{:?}", p.goal())
            .chars()
            .take_while(|c| c.is_alphabetic())
            .collect();
        bands
            .entry(p.rating / 200)
            .or_default()
            .entry(goal)
            .or_default()
            .push(p);
    }
    let mut kept = Vec::new();
    for goals in bands.into_values() {
        let mut queues: Vec<std::vec::IntoIter<Puzzle>> =
            goals.into_values().map(|v| v.into_iter()).collect();
        let mut taken = 0;
        while taken < cap {
            let before = taken;
            for q in &mut queues {
                if taken < cap
                    && let Some(p) = q.next()
                {
                    kept.push(p);
                    taken += 1;
                }
            }
            if taken == before {
                break;
            }
        }
    }
    kept
}

fn check(o: &Options) -> Result<(), String> {
    let [path] = &o.files[..] else {
        return Err("check takes one file".into());
    };
    let puzzles = load(path)?;
    let mut verifier = Verifier::new(Settings::default());
    let mut checked = 0;
    for p in puzzles.iter().step_by(o.sample as usize) {
        verifier.still_unique(p)?;
        checked += 1;
    }
    println!(
        "{path}: {} puzzles read; {checked} re-verified unique",
        puzzles.len()
    );
    Ok(())
}

fn stats(o: &Options) -> Result<(), String> {
    let [path] = &o.files[..] else {
        return Err("stats takes one file".into());
    };
    let puzzles = load(path)?;
    println!("{path}: {} puzzles", puzzles.len());
    let mut ratings: BTreeMap<u16, usize> = BTreeMap::new();
    for p in &puzzles {
        *ratings.entry(p.rating / 200 * 200).or_default() += 1;
    }
    println!("ratings:");
    for (r, n) in ratings {
        println!("  {r:>4}-{:<4} {n:>5}", r + 199);
    }
    println!("themes:");
    for t in Theme::all() {
        let n = puzzles.iter().filter(|p| p.has_theme(t)).count();
        println!("  {:<12} {n:>5}", t.name());
    }
    let mut lengths: BTreeMap<usize, usize> = BTreeMap::new();
    for p in &puzzles {
        *lengths.entry(p.solver_actions()).or_default() += 1;
    }
    println!("solver actions: {lengths:?}");
    Ok(())
}
