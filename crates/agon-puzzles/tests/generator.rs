//! The generator: reproducible, and what it keeps is unique and tagged by
//! the rules.
#![cfg(feature = "generator")]

use agon_puzzles::generate::{GameSpec, mine, play};
use agon_puzzles::verify::{Kind, Settings, Verifier, rate};
use agon_puzzles::{Prover, Target, Theme, themes_of};
use agon_rules::{Cell, Piece, Position, Side};

fn build(pieces: &[&str], to_move: Side) -> Position {
    let mut p = Position::empty(to_move);
    for item in pieces {
        let digits = item[1..].bytes().take_while(u8::is_ascii_digit).count();
        let (name, rest) = item.split_at(1 + digits);
        let piece = Piece::from_letter(rest.chars().next().unwrap()).unwrap();
        p.put(Cell::from_name(name).unwrap(), piece, false);
    }
    p
}

/// A throne win in one that nothing can stop: e4-e5 wins; of the four
/// other actions, two (e4-d4, f5-e5) still win a turn later. Kept while
/// fewer than three quarters of the actions win anyway; refused as won
/// whatever one plays when the bar is a half.
#[test]
fn a_position_won_whatever_one_plays_is_rejected() {
    let p = build(
        &[
            "f6Q", "e6G", "f5G", "f7G", "g5G", "g6G", "e4G", "f11q", "a5g", "b7g", "k7g", "l5g",
        ],
        Side::Light,
    );
    let mut prover = Prover::new(Target::Throne, 100_000);
    assert_eq!(prover.fastest(&p, 2), Some(1));
    let mut verifier = Verifier::new(Settings::default());
    assert_eq!(verifier.throne(&p), Some(vec!["e4-e5".parse().unwrap()]));
    let mut strict = Verifier::new(Settings {
        won_anyway: 0.5,
        ..Settings::default()
    });
    assert_eq!(strict.throne(&p), None);
}

/// Dark's queen on f5, Light's guard on g5 beyond it: e3-e4 captures it.
/// With guards on e5 and g3 too, g3-g4 captures it against e5 as well:
/// two ways to the same result, refused.
#[test]
fn two_ways_to_the_same_result_are_refused() {
    let far = ["f1Q", "f11g", "a5g", "l5g"];
    let one = build(&[&far[..], &["f5q", "g5G", "e3G"]].concat(), Side::Light);
    let two = build(
        &[&far[..], &["f5q", "g5G", "e3G", "e5G", "g3G"]].concat(),
        Side::Light,
    );
    let mut verifier = Verifier::new(Settings::default());
    assert_eq!(verifier.queen(&one), Some(vec!["e3-e4".parse().unwrap()]));
    let mut prover = Prover::new(Target::Queen, 100_000);
    assert_eq!(prover.fastest(&two, 2), Some(1));
    assert_eq!(verifier.queen(&two), None);
    assert!(verifier.find(&two, true).is_none());
}

/// Two seeded games mined twice give the same puzzles, each of them
/// unique on a fresh check and tagged as its solution shows.
#[test]
fn mining_is_reproducible_and_keeps_what_it_can_check() {
    let mut first = Vec::new();
    let mut verifier = Verifier::new(Settings::default());
    for index in [3, 4] {
        let spec = GameSpec::new(11, index);
        assert_eq!(spec, GameSpec::new(11, index));
        let game = play(&spec);
        assert_eq!(
            game.actions().collect::<Vec<_>>(),
            play(&spec).actions().collect::<Vec<_>>()
        );
        first.extend(mine(&game, spec.opening, &mut verifier));
    }
    assert!(!first.is_empty(), "two games gave no puzzle");
    let mut fresh = Verifier::new(Settings::default());
    for f in &first {
        let p = &f.puzzle;
        fresh.still_unique(p).unwrap();
        assert_eq!(
            themes_of(&p.position, &p.solution, f.kind == Kind::Defence),
            p.themes
        );
        assert_eq!(f.kind == Kind::Throne, p.has_theme(Theme::Throne));
    }
}

#[test]
fn deeper_longer_and_quieter_puzzles_rate_higher() {
    let p = Position::start();
    let one = ["f1-f2".parse().unwrap()];
    let three: Vec<_> = ["f1-f2", "f11-f10", "f2-f3"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    let easy = rate(1, false, &one, &[Theme::Capture], &p);
    let deeper = rate(5, false, &one, &[Theme::Capture], &p);
    let misleading = rate(5, true, &one, &[Theme::Capture], &p);
    let quiet_line = rate(5, true, &three, &[Theme::Throne], &p);
    assert!(easy < deeper && deeper < misleading && misleading < quiet_line);
    assert!(rate(1, false, &one, &[Theme::Defence], &p) > easy);
}
