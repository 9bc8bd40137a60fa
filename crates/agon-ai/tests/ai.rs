//! The computer opponent: legal, interruptible, within its limits,
//! deterministic when asked, and never blind to a win or a loss in one.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use agon_ai::{Level, Limits, MATE_BOUND, Progress, Search, Style, hint};
use agon_rules::{Action, Game, Outcome, Position, SPLITMIX64_GAMMA, Side, splitmix64};

fn rng(x: &mut u64) -> u64 {
    let out = splitmix64(*x);
    *x = x.wrapping_add(SPLITMIX64_GAMMA);
    out
}

/// Positions from seeded random games, at various lengths.
fn random_games(count: usize, seed: u64) -> Vec<Game> {
    let mut s = seed;
    (0..count)
        .map(|i| {
            let mut g = Game::new();
            let plies = 10 + (i * 17) % 120;
            while !g.is_over() && g.history().len() < plies {
                let list = g.legal_actions();
                g.play(list[(rng(&mut s) % list.len() as u64) as usize])
                    .unwrap();
            }
            g
        })
        .filter(|g| !g.is_over())
        .collect()
}

fn run(search: &mut Search, game: &Game, limits: Limits) -> agon_ai::SearchResult {
    search.start(game, limits);
    search.run(&AtomicBool::new(false), |_| {})
}

/// The action a level picks in `p` with `seed`, deterministically: its
/// depth without the clock (Master, which has no depth, gets a node budget).
fn level_choice(level: Level, p: Position, seed: u64) -> agon_ai::SearchResult {
    let mut search = Search::new(4);
    search.set_style(level.style(seed));
    let mut limits = level.limits();
    limits.time = None;
    if limits.depth.is_none() {
        limits.nodes = Some(100_000);
    }
    run(&mut search, &Game::from_position(p), limits)
}

/// The actions of the side to move after which `keep` holds.
pub fn actions_where(p: &Position, keep: impl Fn(&Position) -> bool) -> Vec<Action> {
    p.legal_actions()
        .iter()
        .copied()
        .filter(|&a| {
            let mut q = *p;
            q.play(a);
            keep(&q)
        })
        .collect()
}

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

#[test]
fn never_returns_an_illegal_action_at_any_level() {
    let games = random_games(40, 7);
    assert!(games.len() > 30);
    let mut search = Search::new(4);
    for (i, g) in games.iter().enumerate() {
        let level = Level::ALL[i % Level::ALL.len()];
        search.set_style(level.style(i as u64));
        let mut limits = level.limits();
        limits.time = Some(Duration::from_millis(20));
        let r = run(&mut search, g, limits);
        let best = r.best.expect("an ongoing game has an action");
        assert!(g.position().is_legal(best), "{best} in {}", g.position());
    }
}

#[test]
fn answers_none_when_the_game_is_over() {
    let mut g = Game::new();
    for t in [
        "f1-g1", "f11-g10", "g1-f1", "g10-f11", "f1-g1", "f11-g10", "g1-f1", "g10-f11",
    ] {
        g.play_text(t).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::DrawByRepetition));
    // The position itself is playable; the game is not. The engine is asked
    // about positions, so a finished *position* is what answers none:
    let won = Position::from_afn("6/7/8/9/4GG4/4GQG4/4GG4/9/8/7/q5 d -").unwrap();
    let mut search = Search::new(1);
    let r = run(&mut search, &Game::from_position(won), nodes(1000));
    assert_eq!(r.best, None);
}

#[test]
fn returns_promptly_when_cancelled() {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut search = Search::new(8);
        search.start(&Game::new(), Limits::default()); // no limit at all
        let r = search.run(&flag, |_| {});
        tx.send(r).unwrap();
    });
    std::thread::sleep(Duration::from_millis(100));
    cancel.store(true, Ordering::Relaxed);
    let r = rx
        .recv_timeout(Duration::from_secs(5))
        .expect("the search stops when cancelled");
    assert!(Position::start().is_legal(r.best.unwrap()));
}

#[test]
fn respects_node_limits_exactly() {
    let mut search = Search::new(4);
    for g in random_games(10, 3) {
        for n in [200, 1_000, 12_345] {
            search.clear();
            let r = run(&mut search, &g, nodes(n));
            assert_eq!(r.nodes, n);
            assert!(g.position().is_legal(r.best.unwrap()));
        }
    }
}

#[test]
fn depth_limits_are_respected() {
    let mut search = Search::new(4);
    let r = run(
        &mut search,
        &Game::new(),
        Limits {
            depth: Some(3),
            ..Limits::default()
        },
    );
    assert_eq!(r.depth, 3);
}

#[test]
fn deterministic_with_a_node_limit() {
    for g in random_games(8, 11) {
        let mut a = Search::new(4);
        let mut b = Search::new(4);
        let ra = run(&mut a, &g, nodes(20_000));
        let rb = run(&mut b, &g, nodes(20_000));
        assert_eq!(ra, {
            let mut rb = rb;
            rb.time_ms = ra.time_ms;
            rb
        });
        // Reused after clear(): the same again.
        a.clear();
        let rc = run(&mut a, &g, nodes(20_000));
        assert_eq!(ra.best, rc.best);
        assert_eq!(ra.score, rc.score);
    }
}

#[test]
fn slicing_the_search_does_not_change_it() {
    // The web build runs the search a few hundred nodes a frame.
    for g in random_games(6, 5) {
        let mut whole = Search::new(4);
        let r1 = run(&mut whole, &g, nodes(30_000));
        let mut sliced = Search::new(4);
        sliced.start(&g, nodes(30_000));
        let mut slices = 0;
        let r2 = loop {
            slices += 1;
            if let Progress::Done(r) = sliced.step(97) {
                break r;
            }
        };
        assert!(slices > 100);
        assert_eq!(
            (r1.best, r1.score, r1.depth, r1.nodes),
            (r2.best, r2.score, r2.depth, r2.nodes)
        );
    }
}

fn winning_actions(p: &Position) -> Vec<Action> {
    let mover = p.to_move();
    actions_where(p, |q| {
        q.formation(mover).and_then(Outcome::winner) == Some(mover)
    })
}

const THRONE_WINS: [&str; 3] = [
    "6/7/5G2/5G3/4gg4/4gq1g3/2G1gg4/5Q3/3G1G2/5G1/6 d -",
    "6/1g5/8/5q3/4GG4/3gGQG4/4G1g2g/4G4/5g2/5g1/6 l -",
    "5g/7/8/3g5/3gGGG3/2gqGQ1g3/4GG4/9/g7/7/6 l -",
];

#[test]
fn takes_an_immediate_throne_win_at_every_level() {
    for afn in THRONE_WINS {
        let p = Position::from_afn(afn).unwrap();
        let wins = winning_actions(&p);
        assert!(!wins.is_empty(), "{afn}");
        for level in Level::ALL {
            // Whatever it overlooks and misjudges, never the win.
            for seed in 0..12 {
                let r = level_choice(level, p, seed);
                assert!(
                    wins.contains(&r.best.unwrap()),
                    "{level} seed {seed}: {:?} in {afn}",
                    r.best
                );
                assert!(r.score >= MATE_BOUND);
            }
        }
    }
}

const FORFEITS: [&str; 3] = [
    "6/6g/8/4gqg2/4GG4/6Gg3/3GGG4/2g1Q4/3g4/7/6 l -",
    "6/6g/2g5/3Q5/4GG4/4G6/4GGGq2/1g3g3/4g2g/7/6 l -",
    "6/7/5G2/3Q1G3/4gg4/3Gg1gG3/3g1g4/4GG3/8/q6/6 d -",
];

#[test]
fn never_forfeits_when_it_has_another_action() {
    for afn in FORFEITS {
        let p = Position::from_afn(afn).unwrap();
        let mover = p.to_move();
        let forfeits = actions_where(&p, |q| {
            q.formation(mover)
                .is_some_and(|o| o.winner() == Some(!mover))
        });
        assert!(!forfeits.is_empty() && forfeits.len() < p.count_actions() as usize);
        for level in Level::ALL {
            for seed in 0..12 {
                let r = level_choice(level, p, seed);
                assert!(
                    !forfeits.contains(&r.best.unwrap()),
                    "{level} seed {seed} forfeits in {afn}"
                );
            }
        }
        // Even overlooking every action it may, a level sees one that
        // does not forfeit (Beginner once forfeited, its three other
        // actions overlooked).
        for seed in 0..12 {
            let mut search = Search::new(1);
            let mut style = Level::Beginner.style(seed);
            style.overlook = 100;
            search.set_style(style);
            let r = run(
                &mut search,
                &Game::from_position(p),
                Level::Beginner.limits(),
            );
            assert!(!forfeits.contains(&r.best.unwrap()), "seed {seed} in {afn}");
        }
    }
}

/// Positions where the side not to move threatens a throne win, and only
/// one reply stops it (found in self-play games).
const THREATS: [&str; 5] = [
    "6/2g4/1g6/9/3gGG4/g3GQ1Gq1g/4GGg3/9/8/7/6 d -",
    "6/7/8/4g4/4GGg2q/3gGQG4/5Gg3/3gG4/8/1g5/6 d -",
    "6/7/5G2/4G4/3Ggg4/2QGgqg4/4g1G3/3Gg4/8/7/6 l -",
    "6/1G4G/8/3G1gG2/4g5/3Qgqg4/4gg4/3G5/1G6/7/6 l -",
    "1g4/7/5g2/4gG3/4G5/4GQGqg2/4GGg3/4g4/8/7/6 d -",
];

#[test]
fn stops_a_throne_win_in_one_always_from_medium_up_and_sometimes_at_beginner() {
    let mut beginner = (0, 0);
    for afn in THREATS {
        let p = Position::from_afn(afn).unwrap();
        let defender = p.to_move();
        let defences = actions_where(&p, |q| {
            q.formation(defender).is_none() && winning_actions(q).is_empty()
        });
        assert!(!defences.is_empty() && defences.len() < p.count_actions() as usize);
        for seed in 0..12 {
            for level in [Level::Medium, Level::Hard, Level::Master] {
                let r = level_choice(level, p, seed);
                assert!(
                    defences.contains(&r.best.unwrap()),
                    "{level} seed {seed}: {:?} in {afn}",
                    r.best
                );
            }
            // Beginner looks one action ahead: the threat is a reply it
            // does not see, and only its evaluation can stop it.
            let r = level_choice(Level::Beginner, p, seed);
            beginner.0 += defences.contains(&r.best.unwrap()) as u32;
            beginner.1 += 1;
        }
    }
    assert!(
        beginner.0 > 0 && beginner.0 < beginner.1,
        "Beginner stopped {} of {}",
        beginner.0,
        beginner.1
    );
}

#[test]
fn the_hint_is_a_legal_action() {
    let mut search = Search::new(4);
    for g in random_games(5, 21) {
        let a = hint(&mut search, &g, Duration::from_millis(30)).unwrap();
        assert!(g.position().is_legal(a));
    }
}

#[test]
fn lower_levels_see_less_and_the_top_sees_all() {
    let styles = Level::ALL.map(|l| l.style(0));
    let limits = Level::ALL.map(|l| l.limits());
    for i in 1..Level::ALL.len() {
        let (lo, hi) = (styles[i - 1], styles[i]);
        assert!(lo.noise > hi.noise, "{:?}", Level::ALL[i]);
        assert!(lo.overlook >= hi.overlook);
        // Master has weights of its own (tuned): the others see more of
        // the reply's threats as they rise.
        if Level::ALL[i] != Level::Master {
            assert!(lo.weights.exposed <= hi.weights.exposed);
        }
        assert!(lo.quiescence <= hi.quiescence);
        let depth = |l: Limits| l.depth.unwrap_or(u32::MAX);
        assert!(depth(limits[i - 1]) < depth(limits[i]));
        assert!(limits[i - 1].time <= limits[i].time);
    }
    let master = Level::Master.style(0);
    // Master: the full evaluation and search, with a noise of a few units
    // that only breaks ties, so its games vary too.
    assert!(master.noise <= 2 && master.overlook == 0 && master.quiescence);
    assert_eq!(master.weights, agon_ai::Weights::MASTER);
    // Master alone shuns even trades (tuned against the UCT baseline).
    assert!(master.trade_aversion > 0);
    assert_eq!(Level::Hard.style(0).trade_aversion, 0);
    // Master alone offers a piece its search finds harmless: its long
    // games broke open when the opponent took one.
    assert!(master.bait > 0);
    assert_eq!(Level::Hard.style(0).bait, 0);
    // Every level keeps the race to the throne; below Master, with the
    // weights of the full-strength search.
    for (level, s) in Level::ALL.iter().zip(styles) {
        assert!(s.weights.distance > 0);
        if *level < Level::Medium {
            assert_eq!(s.weights.distance, Style::default().weights.distance);
            assert_eq!(
                s.weights.queen_on_throne,
                Style::default().weights.queen_on_throne
            );
        } else {
            // From Medium up, Master's tuned judgement with less sight:
            // that keeps the steps even now that Master's are fitted.
            assert_eq!(s.weights, agon_ai::Weights::MASTER, "{level}");
        }
    }
    assert_eq!("master".parse::<Level>(), Ok(Level::Master));
    assert!("grandmaster".parse::<Level>().is_err());
    let _ = Side::Light;
}

#[test]
fn a_search_reused_for_the_other_side_reads_none_of_its_bias() {
    // The game shares one search between its opponent and the human's
    // hint. The opponent's own terms (here an outsized trade aversion and
    // contempt) must not leak into the hint through the table: the hint
    // scores as a fresh search would, up to the move-ordering noise of the
    // history it keeps (at most 60 here; the leak was worth up to 1920).
    let mut biased = Style::default();
    biased.tweak("trade_aversion", 2000).unwrap();
    biased.tweak("contempt", 3000).unwrap();
    let depth = |d| Limits {
        depth: Some(d),
        ..Limits::default()
    };
    for g in random_games(40, 23) {
        let mut shared = Search::new(4);
        shared.set_style(biased);
        // Deeper than the hint, so that its entries could cut the hint's
        // search short.
        let reply = run(&mut shared, &g, depth(6)).best.expect("an action");
        let mut g = g;
        g.play(reply).unwrap();
        if g.is_over() {
            continue;
        }
        shared.set_style(Style::default());
        let hint = run(&mut shared, &g, depth(3));
        let fresh = run(&mut Search::new(4), &g, depth(3));
        assert!(
            (hint.score - fresh.score).abs() <= 100,
            "hint {} against fresh {} in {}",
            hint.score,
            fresh.score,
            g.position()
        );
    }
}

#[test]
fn tweaks_are_bounded_and_outsized_weights_still_play_on() {
    let mut style = Style::default();
    // i32::MAX used to be taken, and the evaluation's sums overflowed.
    for value in [i32::MAX, i32::MIN, Style::MAX_TWEAK + 1] {
        assert_eq!(
            style.tweak("exposed", value),
            Err(agon_ai::TweakError::OutOfRange {
                name: "exposed".into(),
                value
            })
        );
    }
    assert!(matches!(
        style.tweak("bogus", 1),
        Err(agon_ai::TweakError::Unknown(_))
    ));
    // The largest weights evaluate past the mate bound; the search must
    // still read them as positions, not as won or lost games.
    for name in ["distance", "captured", "reserve"] {
        style.tweak(name, Style::MAX_TWEAK).unwrap();
    }
    for g in random_games(20, 5) {
        let mut search = Search::new(1);
        search.set_style(style);
        let r = run(&mut search, &g, nodes(3000));
        if g.is_over() {
            continue;
        }
        assert!(g.position().is_legal(r.best.expect("an action")));
        assert!(r.score.abs() < agon_ai::MATE_BOUND, "{}", r.score);
    }
}

#[test]
fn a_node_with_few_replies_is_searched_a_ply_deeper() {
    // Light holds the throne with four guards beside it; g4 and h6 each
    // step into the two free ring cells: a throne win in two actions,
    // whatever Dark's lone queen does in between (three replies).
    let mut p = Position::empty(Side::Light);
    let put = |p: &mut Position, cell: &str, side, kind| {
        p.put(
            cell.parse().unwrap(),
            agon_rules::Piece::new(side, kind),
            false,
        );
    };
    use agon_rules::Kind::{Guard, Queen};
    put(&mut p, "f6", Side::Light, Queen);
    for cell in ["e5", "e6", "f5", "f7", "g4", "h6"] {
        put(&mut p, cell, Side::Light, Guard);
    }
    put(&mut p, "a1", Side::Dark, Queen);
    let game = Game::from_position(p);
    let depth2 = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let search = |reply_ext| {
        let mut s = Search::new(4);
        let mut style = Style::default();
        style.tweak("reply_ext", reply_ext).unwrap();
        s.set_style(style);
        run(&mut s, &game, depth2)
    };
    // Two plies see Dark's reply, not Light's second action.
    assert!(search(0).score < MATE_BOUND, "{}", search(0).score);
    // Dark's three replies are few enough at 3: its nodes go a ply deeper.
    assert_eq!(agon_ai::MATE - search(3).score, 3);
    // At 2 they are not.
    assert!(search(2).score < MATE_BOUND);
}

#[test]
fn late_relocations_are_reduced_only_when_asked() {
    // Light must relocate its guard captured on e6 (a siege of a long
    // game): about thirty cells of the outer ring, most of them alike.
    let p = Position::from_afn("1G4/7/G7/2G2G3/2g1gGg3/3Qgqg4/4g5/4G4/8/7/6 l e6").unwrap();
    assert!(p.must_relocate());
    let game = Game::from_position(p);
    let depth7 = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    let search = |reduce| {
        let mut s = Search::new(4);
        let mut style = Style::default();
        style.tweak("reduce_relocations", reduce).unwrap();
        s.set_style(style);
        run(&mut s, &game, depth7)
    };
    let (full, reduced) = (search(0), search(1));
    assert_eq!((full.depth, reduced.depth), (7, 7));
    assert!(
        reduced.nodes * 2 < full.nodes,
        "{} nodes reduced against {} in full",
        reduced.nodes,
        full.nodes
    );
    // Off by default: the same search as without the setting.
    let mut plain = Search::new(4);
    plain.set_style(Style::default());
    assert_eq!(run(&mut plain, &game, depth7).nodes, full.nodes);
}
