//! The puzzle file the game ships: it reads, it is spread over ratings and
//! themes, its themes are what the rules tell, a sample is still unique by
//! the engine, and the daily and next choices behave.
#![cfg(feature = "generator")]

use std::collections::{BTreeMap, HashSet};

use agon_puzzles::verify::{Settings, Verifier};
use agon_puzzles::{Date, Puzzle, PuzzleSet, Theme, themes_of};
use agon_rules::Game;

const FILE: &str = include_str!("../../../assets/puzzles/puzzles.jsonl");

fn set() -> PuzzleSet {
    PuzzleSet::parse(FILE).expect("the shipped file reads")
}

#[test]
fn the_file_holds_a_thousand_puzzles_spread_over_ratings_and_themes() {
    let set = set();
    assert!(set.len() >= 1000, "{} puzzles", set.len());
    let mut bands: BTreeMap<u16, usize> = BTreeMap::new();
    for p in set.puzzles() {
        *bands.entry(p.rating / 200).or_default() += 1;
    }
    let full_bands = bands.values().filter(|&&n| n >= 50).count();
    assert!(full_bands >= 6, "ratings by 200: {bands:?}");
    let counts: BTreeMap<Theme, usize> = set.theme_counts().into_iter().collect();
    for (theme, least) in [
        (Theme::Throne, 200),
        (Theme::ThroneIn(1), 50),
        (Theme::ThroneIn(2), 50),
        (Theme::ThroneIn(3), 30),
        (Theme::ThroneIn(4), 30),
        (Theme::Capture, 200),
        (Theme::Defence, 20),
        (Theme::QueenHunt, 20),
        (Theme::Relocation, 20),
    ] {
        let n = counts.get(&theme).copied().unwrap_or(0);
        assert!(
            n >= least,
            "{theme}: {n} puzzles, fewer than {least}: {counts:?}"
        );
    }
}

#[test]
fn every_puzzle_has_the_themes_its_solution_shows() {
    for p in set().puzzles() {
        let defence = p.has_theme(Theme::Defence);
        assert_eq!(
            themes_of(&p.position, &p.solution, defence),
            p.themes,
            "{}",
            p.id
        );
        let mut game = Game::from_position(p.position);
        for &a in &p.solution {
            game.play(a).unwrap();
        }
        let won = game.outcome().and_then(|o| o.winner()) == Some(p.solver());
        assert_eq!(won, p.has_theme(Theme::Throne), "{}", p.id);
        assert_eq!(p.id, agon_puzzles::puzzle_id(&p.position.to_afn()));
        assert!(p.position.count_actions() >= agon_puzzles::verify::MIN_CHOICES);
    }
}

/// Every kind of puzzle in the sample: the engine and the prover, run
/// afresh, find the very same unique solution.
#[test]
fn a_sample_is_still_unique() {
    let set = set();
    let mut verifier = Verifier::new(Settings::default());
    let mut sample: Vec<&Puzzle> = set.puzzles().iter().step_by(97).collect();
    // Make sure each goal is in it.
    for theme in [Theme::Defence, Theme::QueenHunt, Theme::ThroneIn(4)] {
        sample.extend(set.with_theme(theme).next());
    }
    for p in sample {
        verifier.still_unique(p).unwrap();
    }
}

#[test]
fn the_daily_puzzle_is_one_a_date_and_walks_the_whole_file() {
    let set = set();
    let day = |s: &str| s.parse::<Date>().unwrap();
    let a = set.daily(day("2026-05-01")).unwrap();
    assert_eq!(a.id, set.daily(day("2026-05-01")).unwrap().id);
    assert_ne!(a.id, set.daily(day("2026-05-02")).unwrap().id);
    // No puzzle comes back before every other has had its day.
    let start = day("2026-01-01").days_since_epoch();
    let mut seen = HashSet::new();
    let mut indices = Vec::new();
    for d in 0..set.len() as i64 {
        let secs = (start + d) * 86_400;
        let p = set.daily(Date::from_unix_seconds(secs).unwrap()).unwrap();
        assert!(seen.insert(p.id.clone()), "day {d} repeats {}", p.id);
        indices.push(set.puzzles().iter().position(|q| q.id == p.id).unwrap());
    }
    // A month of days lands all over the file, not on a run of it.
    let month = &indices[..30];
    let n = set.len();
    assert!(
        month.iter().any(|&i| i < n / 4) && month.iter().any(|&i| i > 3 * n / 4),
        "{month:?}"
    );
}

#[test]
fn the_next_puzzle_is_near_the_rating_of_the_theme_and_not_done() {
    let set = set();
    let none = |_: &str| false;
    for (rating, seed) in [(800.0, 1), (1200.0, 2), (1600.0, 3)] {
        let p = set.next_near(rating, None, &none, seed).unwrap();
        assert!(
            (f64::from(p.rating) - rating).abs() <= 150.0,
            "{} for {rating}",
            p.rating
        );
    }
    let p = set
        .next_near(1500.0, Some(Theme::Defence), &none, 7)
        .unwrap();
    assert!(p.has_theme(Theme::Defence));
    // Different seeds spread players over the nearest few.
    let picks: HashSet<String> = (0..20)
        .map(|s| set.next_near(1200.0, None, &none, s).unwrap().id.clone())
        .collect();
    assert!(picks.len() >= 4, "{picks:?}");
    // Done puzzles are skipped; none is left once all are done.
    let keep = set.puzzles()[5].id.clone();
    let all_but_one = |id: &str| id != keep;
    assert_eq!(
        set.next_near(1500.0, None, &all_but_one, 0).unwrap().id,
        keep
    );
    assert!(set.next_near(1500.0, None, &|_: &str| true, 0).is_none());
    assert!(set.get(&keep).is_some() && set.get("nonesuch").is_none());
}
