//! The arena, in process and kept small.

use agon_ai::Level;
use agon_engine::arena::args::{ArenaArgs, ArgsError};
use agon_engine::arena::{
    self, ArenaConfig, ArenaError, Ending, PlayerKind, PlayerSpec, PlayerSpecError,
};

fn config(a: &str, b: &str, games: usize, ply_cap: usize) -> ArenaConfig {
    ArenaConfig {
        a: a.parse().unwrap(),
        b: b.parse().unwrap(),
        games,
        threads: 2,
        ply_cap,
        opening_plies: 4,
        seed: 42,
        tt_mib: 1,
        book: None,
        sprt: None,
        at_least: 0,
    }
}

#[test]
fn player_specs_parse() {
    let kind = |s: &str| s.parse::<PlayerSpec>().map(|p| p.kind);
    assert_eq!(
        kind("master:200"),
        Ok(PlayerKind::Level {
            level: Level::Master,
            ms: Some(200)
        })
    );
    assert_eq!(kind("uct:800"), Ok(PlayerKind::Uct { ms: 800 }));
    assert_eq!(kind("nodes:5000"), Ok(PlayerKind::Nodes(5000)));
    assert_eq!(kind("random"), Ok(PlayerKind::Random));
    assert_eq!(kind("greedy"), Ok(PlayerKind::Greedy));
    let deeper: PlayerSpec = "medium+depth=3".parse().unwrap();
    assert_eq!(deeper.tweaks, [("depth".to_string(), 3)]);
    let tuned: PlayerSpec = "nodes:5000+exposed=40+quiescence=0".parse().unwrap();
    assert_eq!(
        tuned.tweaks,
        [("exposed".to_string(), 40), ("quiescence".to_string(), 0)]
    );
    assert_eq!(tuned.to_string(), "nodes:5000+exposed=40+quiescence=0");
    // A node budget replaces a level's time: `master+nodes=N` is N nodes
    // an action however busy the machine.
    let limits = |s: &str| s.parse::<PlayerSpec>().unwrap().search_limits();
    let ms = |ms| Some(std::time::Duration::from_millis(ms));
    let master = limits("master").unwrap();
    assert_eq!((master.nodes, master.time), (None, ms(2000)));
    let by_nodes = limits("master+nodes=7000000").unwrap();
    assert_eq!((by_nodes.nodes, by_nodes.time), (Some(7_000_000), None));
    let both = limits("master:200+nodes=5000").unwrap();
    assert_eq!((both.nodes, both.time), (Some(5000), ms(200)));
    let hard = limits("hard+nodes=100").unwrap();
    assert_eq!(
        (hard.depth, hard.nodes, hard.time),
        (Some(5), Some(100), None)
    );
    assert_eq!(limits("hard").unwrap().time, ms(1000));
    assert_eq!(limits("nodes:300").unwrap().nodes, Some(300));
    assert_eq!(limits("random"), None);
    // From the `late` ply of the game on, `late_nodes` nodes an action
    // instead of the budget or the level's time; before it, unchanged.
    let late: PlayerSpec = "master+nodes=1000+late=100+late_nodes=4000"
        .parse()
        .unwrap();
    let at = |spec: &PlayerSpec, ply| spec.search_limits_at(ply).unwrap();
    assert_eq!(
        (at(&late, 0).nodes, at(&late, 99).nodes),
        (Some(1000), Some(1000))
    );
    assert_eq!(
        (at(&late, 100).nodes, at(&late, 600).nodes),
        (Some(4000), Some(4000))
    );
    let timed: PlayerSpec = "master+late=80+late_nodes=9000".parse().unwrap();
    assert_eq!(
        (at(&timed, 79).nodes, at(&timed, 79).time),
        (None, ms(2000))
    );
    assert_eq!(
        (at(&timed, 80).nodes, at(&timed, 80).time),
        (Some(9000), None)
    );
    let plain: PlayerSpec = "master+nodes=1000".parse().unwrap();
    assert_eq!(at(&plain, 5000), plain.search_limits().unwrap());
    let err = |s: &str| s.parse::<PlayerSpec>().unwrap_err().to_string();
    for alone in ["master+late=100", "nodes:500+late_nodes=900"] {
        assert_eq!(
            err(alone),
            "late and late_nodes go together: master+nodes=1000000+late=100+late_nodes=4000000",
            "{alone}"
        );
    }
    assert_eq!(
        err("master+late=0+late_nodes=5"),
        "late=0 is out of range: late is from 1 to 2147483647"
    );
    assert!(
        err("master+late=10+late_nodes=5@/opt/agon-engine").contains("not \"late\""),
        "the protocol has no late budget"
    );
    for bad in [
        "uct",
        "uct:fast",
        "wizard",
        "master:x",
        "nodes",
        "nodes:9+bogus=1",
        "uct:5+exposed=1",
        "hard+x",
        "random:5",
        "greedy+exposed=1",
        "medium+depth=0",
        "medium+depth=65",
        "uct:5+depth=3",
    ] {
        assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
    }
}

#[test]
fn games_alternate_colours_over_shared_openings() {
    let reports = arena::run(&config("nodes:300", "beginner", 6, 400), |_| {}).expect("a match");
    assert_eq!(reports.len(), 6);
    for pair in reports.chunks(2) {
        assert!(pair[0].a_light && !pair[1].a_light);
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(pair[0].opening.len(), 4);
    }
    let s = arena::summarize(&reports);
    assert_eq!(s.wins + s.draws + s.losses, 6);
    assert_eq!(s.endings.iter().map(|(_, n)| n).sum::<usize>(), 6);
}

#[test]
fn the_ply_cap_is_adjudicated_a_draw_and_reported() {
    let reports = arena::run(&config("nodes:200", "nodes:200", 4, 10), |_| {}).expect("a match");
    assert!(
        reports
            .iter()
            .all(|r| r.ending == Ending::PlyCap && r.winner.is_none())
    );
    let s = arena::summarize(&reports);
    assert_eq!(s.draws, 4);
    assert!((s.score - 0.5).abs() < 1e-9);
    assert!(
        s.to_string().contains("ply-cap (adjudicated draw) 4"),
        "{s}"
    );
}

#[test]
fn search_beats_random_uct_at_tiny_budgets() {
    // A smoke test of strength, not a measurement: the real one is
    // `agon-arena --a master:200 --b uct:800 --games 100`.
    let reports = arena::run(&config("nodes:20000", "uct:20", 4, 300), |_| {}).expect("a match");
    let s = arena::summarize(&reports);
    assert!(s.score >= 0.75, "{s}");
}

#[test]
fn the_trivial_movers_are_legal_and_greedy_takes_a_capture() {
    use agon_engine::arena::trivial_mover;
    use agon_rules::{Cell, Game, Kind, Piece, Position, Side};
    let mut game = Game::new();
    for seed in 0..60u64 {
        for greedy in [false, true] {
            let a = trivial_mover(&game, seed, greedy).unwrap();
            assert!(game.position().is_legal(a), "{a}");
        }
        game.play(trivial_mover(&game, seed, false).unwrap())
            .unwrap();
        if game.is_over() {
            break;
        }
    }
    // Dark's g1-f2 captures light's f3 against dark's f4; only that one of
    // dark's actions captures.
    let c = |n: &str| n.parse::<Cell>().unwrap();
    let mut p = Position::empty(Side::Dark);
    p.put(c("a1"), Piece::new(Side::Light, Kind::Queen), false);
    p.put(c("f3"), Piece::new(Side::Light, Kind::Guard), false);
    p.put(c("l6"), Piece::new(Side::Dark, Kind::Queen), false);
    p.put(c("f4"), Piece::new(Side::Dark, Kind::Guard), false);
    p.put(c("g1"), Piece::new(Side::Dark, Kind::Guard), false);
    let game = Game::from_position(p);
    let capture: agon_rules::Action = "g1-f2".parse().unwrap();
    assert!(p.captures_of(capture).any());
    let mut random_took_another = false;
    for seed in 0..40u64 {
        assert_eq!(trivial_mover(&game, seed, true), Some(capture));
        random_took_another |= trivial_mover(&game, seed, false) != Some(capture);
    }
    assert!(random_took_another);
}

#[test]
fn the_summary_scores_each_colour() {
    let reports = arena::run(&config("nodes:2000", "random", 8, 300), |_| {}).expect("a match");
    let s = arena::summarize(&reports);
    let [light, dark] = s.by_colour;
    assert_eq!((light.games, dark.games), (4, 4));
    assert_eq!(light.wins + dark.wins, s.wins);
    assert_eq!(light.losses + dark.losses, s.losses);
    assert!(s.to_string().contains("A as light"), "{s}");
    assert!(s.score >= 0.75, "{s}");
}

/// The long games are counted at each mark with the interval of their
/// share, up to the first mark no game reached: the ply cap's tail, which
/// a share of 0 does not show to be small until there are many games.
#[test]
fn the_summary_counts_the_long_games_with_their_interval() {
    let reports: Vec<_> = [100, 250, 310, 420, 90]
        .into_iter()
        .enumerate()
        .map(|(index, plies)| arena::GameReport {
            index,
            a_light: index % 2 == 0,
            opening: Vec::new(),
            winner: None,
            ending: Ending::Repetition,
            plies,
            game: agon_rules::Game::new(),
        })
        .collect();
    let s = arena::summarize(&reports);
    assert_eq!(s.median_plies, 250.0);
    assert_eq!(s.tail.reached, [3, 2, 1, 0, 0]);
    assert_eq!((s.tail.games, s.tail.longest), (5, 420));
    let text = s.to_string();
    assert!(
        text.ends_with(
            "longest 420 plies; reached 200: 3 (60.0%, 95% 23.1 to 88.2%), \
             300: 2 (40.0%, 95% 11.8 to 76.9%), 400: 1 (20.0%, 95% 3.6 to 62.4%), \
             600: 0 (0.0%, 95% 0.0 to 43.4%); \
             at 100, 200 and 300 plies, 6 of 9 went on another 100 (67%)"
        ),
        "{text}"
    );
    // At 100 plies the games of 100 (ended), 250, 310 and 420 count, three
    // of them going on to 200; at 200, three, two going on; at 300, two,
    // one going on.
    assert_eq!((s.tail.going, s.tail.went_on), (9, 6));
    // A game the cap cut at 350 went on from 100 and 200, and at 300 is
    // not counted: it did not end there, it was stopped.
    let mut capped = arena::Tail::default();
    capped.add(350, true);
    assert_eq!((capped.going, capped.went_on), (2, 2));
    let mut ended = arena::Tail::default();
    ended.add(350, false);
    assert_eq!((ended.going, ended.went_on), (3, 2));
    let even = arena::summarize(&reports[..4]);
    assert_eq!(even.median_plies, 280.0);
    let mut pooled = s.tail;
    pooled.absorb(&even.tail);
    assert_eq!(
        (pooled.games, pooled.reached[2], pooled.longest),
        (9, 2, 420)
    );
    assert_eq!((pooled.going, pooled.went_on), (9 + 9, 6 + 6));
    // 95% Wilson intervals: 4 of 80 games past the cap is 2.0% to 12.2%,
    // none of 80 still up to 4.6%, and 1 of 400 under 1.5%.
    let percent = |k, n| {
        let (lo, hi) = arena::wilson(k, n);
        ((lo * 1000.0).round() / 10.0, (hi * 1000.0).round() / 10.0)
    };
    assert_eq!(percent(4, 80), (2.0, 12.2));
    assert_eq!(percent(0, 80), (0.0, 4.6));
    assert_eq!(percent(1, 400), (0.0, 1.4));
    assert_eq!(percent(40, 40), (91.2, 100.0));
    assert_eq!(arena::wilson(0, 0), (0.0, 1.0));
}

#[test]
fn a_book_replaces_the_random_openings_in_turn() {
    let book = arena::parse_book("# two lines\nf1-f2 f11-f10\n\nk1-k2\n").unwrap();
    assert_eq!(book.len(), 2);
    assert_eq!(book[0].len(), 2);
    let mut c = config("nodes:50", "nodes:50", 6, 12);
    c.book = Some(book.clone());
    let reports = arena::run(&c, |_| {}).expect("a match");
    for r in &reports {
        assert_eq!(r.opening, book[(r.index / 2) % 2], "game {}", r.index);
        let played: Vec<_> = r.game.history().iter().map(|p| p.action).collect();
        assert_eq!(&played[..r.opening.len()], &r.opening[..]);
    }
}

#[test]
fn a_bad_book_names_its_line() {
    let err = |text: &str| arena::parse_book(text).unwrap_err();
    assert!(
        err("f1-f2\nf1-z9\n").starts_with("line 2:"),
        "{}",
        err("f1-f2\nf1-z9\n")
    );
    assert!(
        err("f1-f2 f1-f3\n").starts_with("line 1: f1-f3"),
        "{}",
        err("f1-f2 f1-f3\n")
    );
    assert_eq!(err("# nothing\n"), "the book holds no opening");
}

fn args(line: &str) -> Result<ArenaArgs, ArgsError> {
    ArenaArgs::parse(line.split_whitespace().map(String::from))
}

#[test]
fn command_line_numbers_are_checked_against_their_ranges() {
    let ok = args(
        "--a master:200 --b uct:800 --games 10 --threads 2 --tt 4096 --seed 18446744073709551615",
    )
    .unwrap();
    assert_eq!((ok.config.games, ok.config.tt_mib), (10, 4096));
    let number = |line: &str| match args(line) {
        Err(ArgsError::Number(e)) => (e.what, e.problem),
        other => panic!("{line}: {other:?}"),
    };
    use agon_engine::number::NumberProblem::*;
    for (line, want) in [
        // The size used to wrap and hang, or abort allocating.
        ("--tt 18446744073709551615", ("--tt (MiB)", OutOfRange)),
        ("--tt 99999999999999999999999", ("--tt (MiB)", OutOfRange)),
        ("--tt 4097", ("--tt (MiB)", OutOfRange)),
        ("--tt 0", ("--tt (MiB)", OutOfRange)),
        ("--games 0", ("--games", OutOfRange)),
        ("--games 18446744073709551615", ("--games", OutOfRange)),
        ("--threads 100000", ("--threads", OutOfRange)),
        ("--opening 100000", ("--opening", OutOfRange)),
        ("--plies -3", ("--plies", NotANumber)),
        ("--seed 18446744073709551616", ("--seed", OutOfRange)),
    ] {
        assert_eq!(number(&format!("--a easy --b easy {line}")), want, "{line}");
    }
    assert!(
        args("--a easy --b easy --tt 18446744073709551615")
            .unwrap_err()
            .to_string()
            .contains("from 1 to 4096")
    );
    assert_eq!(
        args("--a easy --b easy --tt").unwrap_err(),
        ArgsError::MissingValue("--tt".into())
    );
    assert_eq!(
        args("--a easy").unwrap_err(),
        ArgsError::MissingPlayer("--b")
    );
}

#[test]
fn player_numbers_and_tweaks_are_checked() {
    let err = |s: &str| s.parse::<PlayerSpec>().unwrap_err();
    assert!(matches!(
        err("uct:99999999999999999999"),
        PlayerSpecError::Number(_)
    ));
    assert!(matches!(err("nodes:0"), PlayerSpecError::Number(_)));
    assert!(matches!(err("master:-1"), PlayerSpecError::Number(_)));
    assert!(matches!(
        err("nodes:9+exposed=99999999999"),
        PlayerSpecError::TweakValue(_)
    ));
    assert!(matches!(
        err("nodes:9+exposed=2147483647"),
        PlayerSpecError::Tweak(agon_ai::TweakError::OutOfRange { .. })
    ));
}

/// The binary, end to end: a huge `--tt` is refused at once with exit
/// status 2 (it used to overflow, or in release wrap and loop for ever).
#[test]
fn the_arena_refuses_a_huge_table_at_once() {
    use std::io::Read;
    use std::time::{Duration, Instant};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_agon-arena"))
        .args(["--a", "nodes:1", "--b", "nodes:1", "--games", "2"])
        .args(["--tt", "18446744073709551615"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("agon-arena still running after 20 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(
        err.starts_with(
            "agon-arena: --tt (MiB) must be from 1 to 4096, not \"18446744073709551615\""
        ),
        "{err}"
    );
}

/// A ply cap below the openings was passed unseen: the opening was played
/// whole, and the game reported as stopped at the cap.
#[test]
fn a_ply_cap_below_the_openings_is_refused() {
    assert_eq!(
        args("--a easy --b easy --opening 10 --plies 4").unwrap_err(),
        ArgsError::Config(ArenaError::PlyCapBelowOpening {
            ply_cap: 4,
            opening: 10,
            book: false
        })
    );
    assert_eq!(
        args("--a easy --b easy --plies 3").unwrap_err().to_string(),
        "the ply cap (--plies 3) is below the openings: the random openings (--opening) \
         have 4 plies, and a game cannot stop before its opening ends"
    );
    let mut c = config("random", "random", 2, 2);
    c.book = Some(arena::parse_book("f1-f2\nf1-f2 f11-f10 k1-k2\n").unwrap());
    assert_eq!(
        arena::run(&c, |_| panic!("no game is played")).unwrap_err(),
        ArenaError::PlyCapBelowOpening {
            ply_cap: 2,
            opening: 3,
            book: true
        }
    );
    // A cap as long as the openings stops every game right after them.
    let reports = arena::run(&config("random", "random", 4, 4), |_| {}).expect("a match");
    for r in &reports {
        assert_eq!((r.plies, r.ending), (4, Ending::PlyCap), "game {}", r.index);
    }
}

/// A table that cannot be made is reported before any game, not a panic
/// on a worker thread.
#[test]
fn a_table_that_cannot_be_made_is_an_error() {
    let mut c = config("nodes:10", "random", 2, 10);
    c.tt_mib = 0;
    let e = arena::run(&c, |_| panic!("no game is played")).unwrap_err();
    assert_eq!(
        e,
        ArenaError::Table {
            threads: 2,
            error: agon_ai::TtError::Size(0)
        }
    );
    assert!(
        e.to_string().ends_with(
            ", one for each player on each of 2 threads: try a smaller --tt or fewer --threads"
        ),
        "{e}"
    );
}

/// Runs the arena binary with `args`, its address space limited to
/// `limit_kib` when given: its exit status and what it wrote to stderr.
fn arena_binary(args: &[&std::ffi::OsStr], limit_kib: Option<u64>) -> (Option<i32>, String) {
    let mut command = match limit_kib {
        Some(kib) => {
            let mut c = std::process::Command::new("sh");
            c.arg("-c")
                .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
                .arg(env!("CARGO_BIN_EXE_agon-arena"));
            c
        }
        None => std::process::Command::new(env!("CARGO_BIN_EXE_agon-arena")),
    };
    let out = command.args(args).output().expect("the arena runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `--tt 4096` where the system will not give 4 GiB (here an address
/// space of 1 GiB): arena.rs used Search::new, which panicked (status 101).
#[cfg(target_os = "linux")]
#[test]
fn the_arena_reports_memory_it_cannot_have() {
    // Search players: the trivial movers hold no table.
    let args: Vec<&std::ffi::OsStr> = [
        "--a",
        "nodes:1",
        "--b",
        "nodes:1",
        "--games",
        "2",
        "--threads",
        "1",
        "--tt",
        "4096",
    ]
    .iter()
    .map(std::ffi::OsStr::new)
    .collect();
    let (status, err) = arena_binary(&args, Some(1 << 20));
    assert_eq!(status, Some(1), "{err}");
    assert_eq!(
        err,
        "agon-arena: cannot allocate a transposition table of 4096 MiB, one for each \
         player: try a smaller --tt\n"
    );
}

/// A file name may be any bytes but a NUL on Unix: `std::env::args`
/// panicked on one that is not UTF-8 (status 101). Other arguments must be
/// text, and say so.
#[cfg(unix)]
#[test]
fn file_names_need_not_be_utf8_and_other_arguments_say_they_must() {
    use std::ffi::{OsStr, OsString};
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    let dir = std::env::temp_dir().join(format!("agon-arena-args-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join(OsStr::from_bytes(b"book-\xff.txt"));
    std::fs::write(&book, "f1-f2 f11-f10\n").unwrap();
    let records = dir.join(OsStr::from_bytes(b"records-\xff"));
    let os = |s: &str| OsString::from(s);
    let parsed = ArenaArgs::parse([
        os("--a"),
        os("random"),
        os("--b"),
        os("random"),
        os("--book"),
        book.clone().into_os_string(),
        os("--records"),
        records.clone().into_os_string(),
    ])
    .expect("file names are taken as they are");
    assert_eq!(parsed.config.book.map(|b| b.len()), Some(1));
    assert_eq!(parsed.records.as_deref(), Some(records.as_path()));
    let bad = || OsString::from_vec(b"1\xff".to_vec());
    assert_eq!(
        ArenaArgs::parse([os("--a"), os("easy"), os("--games"), bad()]).unwrap_err(),
        ArgsError::NotUnicode {
            flag: Some("--games".into()),
            text: "1\u{FFFD}".into()
        }
    );
    assert_eq!(
        ArenaArgs::parse([os("--a"), bad()])
            .unwrap_err()
            .to_string(),
        "--a needs text in UTF-8, not \"1\u{FFFD}\" (only file names may be other bytes)"
    );
    assert_eq!(
        ArenaArgs::parse([bad()]).unwrap_err().to_string(),
        "\"1\u{FFFD}\" is not an option: an option is text in UTF-8"
    );
    // The binary, end to end: the records are written under the name.
    let quick = [
        "--a", "random", "--b", "random", "--games", "2", "--plies", "6",
    ];
    let mut args: Vec<&OsStr> = quick.iter().map(OsStr::new).collect();
    args.extend([OsStr::new("--records"), records.as_os_str()]);
    let (status, err) = arena_binary(&args, None);
    assert_eq!(status, Some(0), "{err}");
    for n in [1, 2] {
        let saved = records.join(format!("game-000{n}.json"));
        let text = std::fs::read_to_string(&saved).expect("a record saved");
        assert!(agon_rules::Record::from_json(&text).is_ok());
    }
    let mut args: Vec<&OsStr> = quick.iter().map(OsStr::new).collect();
    let seed = bad();
    args.extend([OsStr::new("--seed"), seed.as_os_str()]);
    let (status, err) = arena_binary(&args, None);
    assert_eq!(status, Some(2), "{err}");
    assert!(
        err.starts_with("agon-arena: --seed needs text in UTF-8, not \"1\u{FFFD}\""),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_of_its_own_and_limits_are_read_from_the_player() {
    let p: PlayerSpec = "master:200+nodes=5000@/opt/base/agon-engine"
        .parse()
        .unwrap();
    assert_eq!(
        p.engine.as_deref(),
        Some(std::path::Path::new("/opt/base/agon-engine"))
    );
    assert_eq!(p.tweaks, [("nodes".to_string(), 5000)]);
    assert_eq!(
        p.to_string(),
        "master:200ms+nodes=5000@/opt/base/agon-engine"
    );
    let threads: PlayerSpec = "master:200+threads=2".parse().unwrap();
    assert_eq!(threads.threads(), 2);
    let err = |s: &str| s.parse::<PlayerSpec>().unwrap_err().to_string();
    assert_eq!(
        err("master@"),
        "@ needs the engine's path after it: master:200@PATH"
    );
    assert!(err("master+exposed=3@/x").contains("not \"exposed\""));
    assert!(err("uct:50@/x").contains("not \"uct:50\""));
    assert_eq!(
        err("master+threads=0"),
        "threads=0 is out of range: threads is from 1 to 64"
    );
    assert!(err("master+nodes=-5").contains("nodes is from 1 to 2147483647"));
}

/// The engine binary of this build, played through the protocol against
/// the search in process: the games are whole and legal.
#[test]
fn an_engine_of_its_own_plays_through_the_protocol() {
    let engine = env!("CARGO_BIN_EXE_agon-engine");
    let mut c = config(&format!("nodes:300@{engine}"), "nodes:300", 4, 40);
    c.threads = 1;
    let reports = arena::run(&c, |_| {}).expect("a match");
    assert_eq!(reports.len(), 4);
    for r in &reports {
        assert!(
            r.plies > 4 && r.plies <= 40,
            "game {}: {}",
            r.index,
            r.plies
        );
        // Replaying the record checks every action.
        let record = r.record(&c.a, &c.b);
        assert!(record.replay().is_ok());
    }
}

#[test]
fn an_engine_that_cannot_start_is_an_error_before_any_game() {
    let c = config("nodes:50@/nonexistent/agon-engine", "random", 2, 10);
    let e = arena::run(&c, |_| panic!("no game is played")).unwrap_err();
    assert!(
        matches!(
            e,
            ArenaError::Engine(agon_engine::arena::EngineError::Spawn { .. })
        ),
        "{e:?}"
    );
    assert!(
        e.to_string()
            .starts_with("cannot start the engine \"/nonexistent/agon-engine\": "),
        "{e}"
    );
}

/// A clear difference decides the test long before the most games, and
/// only whole pairs are played.
#[test]
fn an_sprt_stops_once_it_decides() {
    let mut c = config("nodes:500", "random", 400, 200);
    c.sprt = Some(arena::sprt::SprtConfig::new(0.0, 50.0).unwrap());
    let m = arena::run_match(&c, |_, _| {}).expect("a match");
    let d = m.decision.expect("a decision");
    assert_eq!(d.verdict, arena::sprt::Verdict::H1);
    assert!(d.llr >= c.sprt.unwrap().upper_bound());
    assert!(m.reports.len() < 60, "{} games", m.reports.len());
    assert_eq!(m.reports.len() % 2, 0);
    let pairs = arena::pentanomial(&m.reports);
    assert_eq!(pairs.pairs() as usize * 2, m.reports.len());
    assert!(pairs.pairs() >= d.pairs.pairs());
}

/// `at_least` keeps the match going after the decision, to whole pairs,
/// and the decision is still the one reached first.
#[test]
fn an_sprt_with_at_least_plays_on_after_deciding() {
    let mut c = config("nodes:500", "random", 400, 200);
    c.sprt = Some(arena::sprt::SprtConfig::new(0.0, 50.0).unwrap());
    c.at_least = 80;
    let m = arena::run_match(&c, |_, _| {}).expect("a match");
    let d = m.decision.expect("a decision");
    assert_eq!(d.verdict, arena::sprt::Verdict::H1);
    assert!(
        d.pairs.pairs() < 30,
        "decided after {} pairs",
        d.pairs.pairs()
    );
    // Two threads may each have a pair under way when the 80th game is
    // handed out.
    assert!(
        (80..=82).contains(&m.reports.len()),
        "{} games",
        m.reports.len()
    );
    assert_eq!(m.reports.len() % 2, 0);
}

#[test]
fn the_sprt_options_are_checked() {
    let ok = args("--a easy --b easy --sprt -1.5,4 --alpha 0.1").unwrap();
    let t = ok.config.sprt.unwrap();
    assert_eq!((t.elo0, t.elo1, t.alpha, t.beta), (-1.5, 4.0, 0.1, 0.05));
    assert_eq!(ok.config.games, arena::args::DEFAULT_SPRT_GAMES);
    // The built-in balanced book, each opening a pair.
    let book = ok.config.book.unwrap();
    assert!(book.len() >= 500, "{}", book.len());
    assert_eq!(args("--a easy --b easy").unwrap().config.games, 100);
    let err = |line: &str| {
        args(&format!("--a easy --b easy {line}"))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("--sprt 5"),
        "--sprt needs two Elo bounds separated by a comma, as in 0,10, not \"5\""
    );
    assert!(err("--sprt 10,0").starts_with("the SPRT needs elo0 < elo1"));
    assert!(err("--sprt 0,1e3").starts_with("--sprt elo1 needs a number from -1000 to 1000"));
    assert!(err("--sprt 0,5 --beta 0.5").contains("beta must be above 0 and below 0.5"));
    assert_eq!(
        err("--alpha 0.05"),
        "--alpha is an error rate of --sprt, given without it"
    );
    assert_eq!(
        args("--a easy --b easy --sprt 0,5 --at-least 400")
            .unwrap()
            .config
            .at_least,
        400
    );
    assert!(err("--at-least 400").starts_with("--at-least belongs to --sprt"));
    assert_eq!(
        err("--sprt 0,5 --games 100 --at-least 200"),
        "--at-least 200 is more than the 100 games the match may play"
    );
    assert_eq!(
        err("--sprt 0,5 --at-least 0"),
        "--at-least must be from 1 to 1000000, not \"0\""
    );
}

/// The records a match writes pool to the pairs the match counted: the
/// pool reads A's seat and each pair from the files as `run_match` plays
/// them, so a run stopped by hand can still be counted.
#[test]
fn a_matchs_records_pool_to_its_own_count() {
    let c = config("nodes:300", "greedy", 12, 60);
    let m = arena::run_match(&c, |_, _| {}).expect("a match");
    let dir = std::env::temp_dir().join(format!("agon-arena-pool-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for g in &m.reports {
        let path = dir.join(format!("game-{:04}.json", g.index + 1));
        std::fs::write(path, g.record(&c.a, &c.b).to_json()).unwrap();
    }
    let (seats, pool) = arena::pool::pool_folder(&dir).expect("the records pool");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!((seats.a, seats.b), (c.a.to_string(), c.b.to_string()));
    assert_eq!(pool.pairs, arena::pentanomial(&m.reports));
    assert_eq!((pool.games, pool.unpaired), (12, 0));
    let capped = m
        .reports
        .iter()
        .filter(|g| g.ending == Ending::PlyCap)
        .count();
    assert_eq!(pool.capped, capped);
    // The pool's long games are the match's: the same lengths.
    assert_eq!(pool.tail, arena::summarize(&m.reports).tail);
    assert_eq!(pool.tail.games, 12);
    // A, the search, outscores greedy: the pool did not swap the seats.
    assert!(pool.pairs.score() > 0.5, "{}", pool.pairs);
}
