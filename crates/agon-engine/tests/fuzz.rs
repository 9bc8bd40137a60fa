//! Fuzzing the protocol in process: random and half-valid lines into a
//! [`Session`] (one command at a time, checked against a model of the game)
//! and into an [`Engine`] (two threads, checked by counting replies). No
//! line panics, an error is one short line, and every command gets the
//! replies PROTOCOL.md promises.
//!
//! The default run is short (under a second). A longer one, 20 000 cases a
//! property for both fuzz files, takes about half a minute on two cores; the
//! rules and the AI are optimised even in test builds, so no `--release`:
//!
//! ```sh
//! AGON_FUZZ_CASES=20000 cargo test -p agon-rules -p agon-engine --test fuzz
//! ```

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use agon_ai::Search;
use agon_engine::protocol::{Command, Engine, Flow, Output, Session};
use agon_rules::{Game, Position, START_AFN};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Cases a property, from `AGON_FUZZ_CASES` or else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("AGON_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The longest error line allowed, in characters: a quote or two of at
/// most 80 characters, each escaped in at most 10 (`\u{10ffff}`).
const ERROR_CHARS: usize = 2000;

/// Replies collected in memory.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Buffer {
    /// The lines written since the last call.
    fn take(&self) -> Vec<String> {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap());
        String::from_utf8(bytes)
            .expect("replies are UTF-8")
            .lines()
            .map(String::from)
            .collect()
    }
}

/// A random game from the start, as the actions' text.
fn random_actions(seed: u64, plies: usize) -> (Game, Vec<String>) {
    let mut state = seed;
    let mut g = Game::new();
    let mut texts = Vec::new();
    while !g.is_over() && texts.len() < plies {
        state = agon_rules::splitmix64(state);
        let list = g.legal_actions();
        let a = list[(state % list.len() as u64) as usize];
        g.play(a).unwrap();
        texts.push(a.to_string());
    }
    (g, texts)
}

fn word() -> impl Strategy<Value = String> {
    let known = prop::sample::select(vec![
        "agon",
        "isready",
        "newgame",
        "position",
        "startpos",
        "afn",
        "moves",
        "legal",
        "result",
        "perft",
        "go",
        "movetime",
        "depth",
        "nodes",
        "level",
        "stop",
        "easy",
        "master",
        "0",
        "1",
        "2",
        "12",
        "13",
        "64",
        "65",
        "-1",
        "18446744073709551615",
        "18446744073709551616",
        START_AFN,
        "l",
        "d",
        "-",
    ]);
    prop_oneof![
        4 => known.prop_map(String::from),
        1 => "[a-l][0-9]{1,2}-[a-l][0-9]{1,2}(x[a-l][0-9])?",
        1 => "[0-9QGqg/]{1,30}",
        1 => any::<String>(),
    ]
}

/// A `go` with up to three limits, mostly valid.
fn go_line() -> impl Strategy<Value = String> {
    let key = prop::sample::select(vec!["movetime", "depth", "nodes", "level"]);
    let value = prop_oneof![
        prop::sample::select(vec![
            "0",
            "1",
            "2",
            "3",
            "50",
            "64",
            "65",
            "easy",
            "beginner",
            "master",
            "-1",
            "18446744073709551615",
        ])
        .prop_map(String::from),
        word(),
    ];
    prop::collection::vec((key, value), 0..4).prop_map(|limits| {
        let mut line = "go".to_string();
        for (k, v) in limits {
            line.push_str(&format!(" {k} {v}"));
        }
        line
    })
}

/// A line: a command with plausible arguments, a valid position with a
/// word sometimes changed, or random words.
fn line() -> impl Strategy<Value = String> {
    let bare = prop::sample::select(vec![
        "agon", "isready", "newgame", "afn", "legal", "result", "stop",
    ])
    .prop_map(String::from);
    let bare_with_word = (bare.clone(), word()).prop_map(|(c, w)| format!("{c} {w}"));
    let perft = prop_oneof![
        prop::sample::select(vec!["0", "1", "2", "5", "12", "13", "-1", "x"])
            .prop_map(String::from),
        word(),
    ]
    .prop_map(|d| format!("perft {d}"));
    let setoption = prop_oneof![
        prop::sample::select(vec!["1", "2", "3", "0", "65", "+2", "x"]).prop_map(String::from),
        word(),
    ]
    .prop_map(|n| format!("setoption threads {n}"));
    let words = prop::collection::vec(word(), 0..8).prop_map(|w| w.join(" "));
    let position =
        (any::<u64>(), 0usize..80, any::<usize>(), word()).prop_map(|(seed, plies, at, word)| {
            let (_, actions) = random_actions(seed, plies);
            let mut words = vec!["position".to_string(), "startpos".to_string()];
            if !actions.is_empty() {
                words.push("moves".to_string());
                words.extend(actions);
            }
            // Sometimes a word replaced: an illegal action, a bad keyword.
            if at % 3 == 0 {
                let i = at % words.len();
                words[i] = word;
            }
            words.join(" ")
        });
    // An AFN with a word put in somewhere: a long run, a stray letter.
    let afn =
        (any::<u64>(), 0usize..80, any::<usize>(), word()).prop_map(|(seed, plies, at, word)| {
            let (game, _) = random_actions(seed, plies);
            let mut afn: Vec<char> = game.position().to_afn().chars().collect();
            let i = at % (afn.len() + 1);
            afn.splice(i..i, word.chars());
            format!("position afn {}", afn.into_iter().collect::<String>())
        });
    prop_oneof![
        4 => bare,
        2 => afn,
        1 => bare_with_word,
        2 => perft,
        1 => setoption,
        3 => go_line(),
        3 => position,
        2 => words,
    ]
}

fn short_error(line: &str) -> Result<(), TestCaseError> {
    prop_assert!(line.starts_with("error "), "{line}");
    prop_assert!(
        line.chars().count() < ERROR_CHARS,
        "{} characters",
        line.chars().count()
    );
    prop_assert!(!line.starts_with("error internal"), "{line}");
    Ok(())
}

/// Checks a session's replies to one line against what the line means and
/// the game the session should hold, which it updates.
fn check_replies(line: &str, replies: &[String], game: &mut Game) -> Result<(), TestCaseError> {
    let command = match Command::parse(line) {
        Err(e) => {
            prop_assert_eq!(replies.len(), 1);
            prop_assert_eq!(&replies[0], &format!("error {e}"));
            return short_error(&replies[0]);
        }
        Ok(None) => {
            prop_assert!(replies.is_empty());
            return Ok(());
        }
        Ok(Some(c)) => c,
    };
    let one = || -> Result<&String, TestCaseError> {
        prop_assert_eq!(replies.len(), 1, "{:?}", replies);
        Ok(&replies[0])
    };
    match command {
        Command::Agon => prop_assert_eq!(replies.len(), 2),
        Command::IsReady => prop_assert_eq!(one()?, "readyok"),
        Command::NewGame => {
            prop_assert!(replies.is_empty());
            *game = Game::new();
        }
        Command::Position(g) => {
            prop_assert!(replies.is_empty());
            *game = g;
        }
        Command::Stop | Command::Quit | Command::Threads(_) => prop_assert!(replies.is_empty()),
        Command::Afn => {
            let afn = one()?;
            prop_assert_eq!(afn, &game.position().to_afn());
            prop_assert_eq!(&Position::from_afn(afn).unwrap(), game.position());
        }
        Command::Legal => {
            let texts = game.legal_actions().sorted_texts();
            let want = format!("legal {} {}", texts.len(), texts.join(" "));
            prop_assert_eq!(one()?, want.trim_end());
        }
        Command::Result => prop_assert!(one()?.starts_with("result ")),
        Command::Perft(depth) => {
            let reply = one()?;
            let (head, tail) = reply.rsplit_once(' ').unwrap();
            prop_assert_eq!(head, format!("perft {depth}"));
            // The flag was set before the perft began: only depths 0 and 1,
            // which have no search to stop, give a count.
            if depth <= 1 {
                let n = agon_rules::perft(game.position(), depth);
                prop_assert_eq!(tail, n.to_string());
            } else {
                prop_assert_eq!(tail, "stopped");
            }
        }
        Command::Go(_) => {
            let (last, infos) = replies.split_last().unwrap();
            prop_assert!(infos.iter().all(|l| l.starts_with("info depth ")));
            match last.strip_prefix("bestmove ").unwrap() {
                "none" => prop_assert!(game.is_over()),
                text => prop_assert!(game.position().is_legal(text.parse().unwrap())),
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    /// One session, lines in turn; the stop flag is set from the start, so
    /// every `go` ends after depth 1 and every deeper `perft` at once.
    #[test]
    fn a_session_answers_every_line_as_promised(lines in prop::collection::vec(line(), 1..12)) {
        let buffer = Buffer::default();
        let mut session = Session::with_search(Output::new(buffer.clone()), Search::new(1));
        let stop = AtomicBool::new(true);
        let mut game = Game::new();
        for line in &lines {
            session.handle(line, &stop);
            check_replies(line, &buffer.take(), &mut game)?;
        }
    }

    /// The engine on two threads: searches run for real until `quit` or the
    /// end of the lines stops them, and still every command is answered once.
    #[test]
    fn the_engine_answers_every_command_once(lines in prop::collection::vec(line(), 1..8)) {
        let buffer = Buffer::default();
        let mut engine = Engine::with_search(Output::new(buffer.clone()), Search::new(1));
        let (mut ready, mut errors, mut gos, mut perfts) = (0, 0, 0, 0);
        for line in &lines {
            match Command::parse(line) {
                Err(_) => errors += 1,
                Ok(Some(Command::IsReady)) => ready += 1,
                Ok(Some(Command::Go(_))) => gos += 1,
                Ok(Some(Command::Perft(_))) => perfts += 1,
                _ => {}
            }
            if engine.command(line) == Flow::Quit {
                break;
            }
        }
        engine.finish();
        let replies = buffer.take();
        let count = |prefix: &str| replies.iter().filter(|l| l.starts_with(prefix)).count();
        prop_assert_eq!(count("readyok"), ready);
        prop_assert_eq!(count("error "), errors);
        prop_assert_eq!(count("bestmove "), gos);
        prop_assert_eq!(count("perft "), perfts);
        for l in replies.iter().filter(|l| l.starts_with("error ")) {
            short_error(l)?;
        }
    }
}
