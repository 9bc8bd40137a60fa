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
