//! Time limits, in a test binary of their own so that no sibling test
//! competes for the processor while the clock runs.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use agon_ai::{Limits, Search};
use agon_rules::Game;

fn run(search: &mut Search, game: &Game, limits: Limits) -> agon_ai::SearchResult {
    search.start(game, limits);
    search.run(&AtomicBool::new(false), |_| {})
}

#[test]
fn respects_time_limits_within_the_margin() {
    // Wall-clock on a shared machine: most runs must meet the protocol's
    // 50 ms margin, none may miss it badly.
    let mut search = Search::new(16);
    let mut within = 0;
    for _ in 0..5 {
        let t = Instant::now();
        let r = run(
            &mut search,
            &Game::new(),
            Limits {
                time: Some(Duration::from_millis(150)),
                ..Limits::default()
            },
        );
        let ms = t.elapsed().as_millis();
        assert!(r.best.is_some());
        assert!(ms < 150 + 500, "{ms} ms");
        within += (ms <= 150 + 50) as usize;
    }
    assert!(
        within >= 4,
        "only {within} of 5 searches ended within 200 ms"
    );
}

/// A game's history costs the search once, when it starts, not at every
/// node: each node scanned the whole history for a repetition, so a search
/// after a game of 100 000 actions ran at less than half its speed.
#[test]
fn a_long_history_does_not_slow_every_node() {
    const HISTORY: u64 = 200_000;
    let mut game = Game::new();
    for a in ["f1-f2", "f11-f10", "k1-k2", "b7-b6"] {
        game.play_text(a).unwrap();
    }
    let root = *game.position();
    // Hashes of earlier positions, none of them the root or any the search
    // meets (as good as certain for 64-bit hashes).
    let mut long: Vec<u64> = (1..=HISTORY)
        .map(|i| agon_rules::splitmix64(i ^ 0x5EED))
        .collect();
    long.push(root.hash());
    let limits = Limits {
        nodes: Some(100_000),
        ..Limits::default()
    };
    let mut search = Search::new(16);
    let mut timed = |history: &[u64]| {
        let mut fastest = Duration::MAX;
        let mut result = None;
        for _ in 0..3 {
            search.clear();
            let t = Instant::now();
            search.start_with_history(root, history, limits);
            let r = search.run(&AtomicBool::new(false), |_| {});
            fastest = fastest.min(t.elapsed());
            result = Some((r.best, r.score, r.nodes));
        }
        (fastest, result.expect("a search"))
    };
    let (short_time, short) = timed(&[root.hash()]);
    let (long_time, long_result) = timed(&long);
    assert_eq!(long_result, short, "the history changes nothing here");
    let ratio = long_time.as_secs_f64() / short_time.as_secs_f64();
    // About 1.5 here; the scan at every node made it 92. A wide margin: a
    // busy machine (a build beside the tests) stretched one run past 3.
    assert!(
        ratio < 10.0,
        "100 000 nodes in {short_time:?} without history, {long_time:?} after {HISTORY} positions"
    );
}
