//! The parallel search (Lazy SMP, `Search::set_threads`): legal, never
//! blind to a win in one, interruptible, and the sliced search of the web
//! untouched by it.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use agon_ai::{Limits, MAX_THREADS, Progress, Search};
use agon_rules::{Game, Position, splitmix64};

fn time(ms: u64) -> Limits {
    Limits {
        time: Some(Duration::from_millis(ms)),
        ..Limits::default()
    }
}

#[test]
fn every_thread_count_plays_legal_actions_in_random_games() {
    let mut seed = 5u64;
    for threads in [2, 3, 4] {
        let mut search = Search::new(4);
        search.set_threads(threads);
        let mut game = Game::new();
        while !game.is_over() && game.history().len() < 30 {
            search.start(&game, time(15));
            let r = search.run(&AtomicBool::new(false), |_| {});
            let a = r.best.expect("an action");
            assert!(game.position().is_legal(a), "{a} with {threads} threads");
            assert!(r.depth >= 1 && r.nodes > 0);
            // A random reply, for variety.
            game.play(a).unwrap();
            if game.is_over() {
                break;
            }
            let list = game.legal_actions();
            seed = splitmix64(seed);
            game.play(list[(seed % list.len() as u64) as usize])
                .unwrap();
        }
    }
}

#[test]
fn the_threads_are_bounded() {
    let mut search = Search::new(1);
    search.set_threads(0);
    assert_eq!(search.threads(), 1);
    search.set_threads(10_000);
    assert_eq!(search.threads(), MAX_THREADS);
}

#[test]
fn a_parallel_search_takes_a_throne_win_in_one() {
    // Dark to move wins at once (tests/ai.rs, THRONE_WINS).
    let p = Position::from_afn("6/7/5G2/5G3/4gg4/4gq1g3/2G1gg4/5Q3/3G1G2/5G1/6 d -").unwrap();
    let mut search = Search::new(4);
    search.set_threads(3);
    search.start(&Game::from_position(p), time(200));
    let r = search.run(&AtomicBool::new(false), |_| {});
    let mut q = p;
    q.play(r.best.unwrap());
    assert!(q.formation(p.to_move()).is_some(), "{:?}", r.best);
    assert!(r.score >= agon_ai::MATE_BOUND);
}

#[test]
fn a_parallel_search_stops_when_cancelled() {
    let cancel = std::sync::Arc::new(AtomicBool::new(true));
    let mut search = Search::new(4);
    search.set_threads(4);
    search.start(&Game::new(), Limits::default());
    let started = Instant::now();
    let r = search.run(&cancel, |_| {});
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(Position::start().is_legal(r.best.unwrap()));
}

/// The web's sliced search (`step`) runs on one thread whatever the
/// setting: with a node limit it finds exactly what one thread finds.
#[test]
fn slicing_ignores_the_threads() {
    let limits = Limits {
        nodes: Some(30_000),
        ..Limits::default()
    };
    let sliced = |threads| {
        let mut search = Search::new(4);
        search.set_threads(threads);
        search.start(&Game::new(), limits);
        loop {
            if let Progress::Done(r) = search.step(1000) {
                break r;
            }
        }
    };
    let one = sliced(1);
    let four = sliced(4);
    assert_eq!(
        (one.best, one.score, one.nodes),
        (four.best, four.score, four.nodes)
    );
}
