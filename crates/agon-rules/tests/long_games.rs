//! A game's length costs linear time to play, import and read: judging
//! each action once scanned every earlier position for repetitions, so a
//! game of 100 000 actions took seconds to read.

mod common;

use std::time::{Duration, Instant};

use agon_rules::{Game, Imported, Players, Record, import};
use common::endless::endless_game;

/// The shortest of a few runs, which the machine's other work lengthens
/// least.
fn fastest(mut f: impl FnMut()) -> Duration {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .expect("runs")
}

/// Eight times the actions take about eight times as long, not sixty-four:
/// 12 to 15 times as measured here, against 68 to 70 with the scan of
/// every earlier position.
#[test]
fn eight_times_longer_games_take_about_eight_times_as_long() {
    const SHORT: usize = 5_000;
    let long = endless_game(8 * SHORT, 32);
    let short = &long[..SHORT];
    let text = |actions: &[agon_rules::Action]| {
        actions
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let json = |actions: &[agon_rules::Action]| {
        let mut g = Game::new();
        for &a in actions {
            g.play(a).expect("legal");
        }
        assert!(!g.is_over());
        Record::from_game(&g, Players::default(), None).to_json()
    };
    let imports = |text: &str| {
        fastest(|| {
            assert!(matches!(import(text), Ok(Imported::Actions(_))));
        })
    };
    let reads = |json: &str| {
        fastest(|| {
            Record::from_json(json).expect("a valid record");
        })
    };
    let (short_text, long_text) = (text(short), text(&long));
    let (short_json, long_json) = (json(short), json(&long));
    for (what, short, long) in [
        ("import", imports(&short_text), imports(&long_text)),
        ("record", reads(&short_json), reads(&long_json)),
    ] {
        let ratio = long.as_secs_f64() / short.as_secs_f64();
        assert!(
            ratio < 30.0,
            "{what}: {SHORT} actions in {short:?}, {} in {long:?}: {ratio:.1} times as long",
            8 * SHORT
        );
    }
}
