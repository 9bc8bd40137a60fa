//! Fuzzing the readers inside `cargo test`: random and mutated text into
//! AFN, action text, cell names, game records, game codes and link queries. Whatever comes in, a
//! reader answers with a value that prints back to itself or with a typed
//! error whose message is short; it never panics.
//!
//! The default run is short (under a second). A longer one, 20 000 cases a
//! property for both fuzz files, takes about half a minute on two cores; the
//! rules and the AI are optimised even in test builds, so no `--release`:
//!
//! ```sh
//! AGON_FUZZ_CASES=20000 cargo test -p agon-rules -p agon-engine --test fuzz
//! ```

mod common;

use agon_rules::link::{decode_component, decode_game, encode_component, encode_game, parse_query};
use agon_rules::{
    Action, ActionText, Cell, Ending, Game, Imported, Outcome, Players, Position, Record,
    START_AFN, Side, WinReason, import,
};
use common::{random_game, random_game_from};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Cases a property, from `AGON_FUZZ_CASES` or else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("AGON_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The longest error message allowed, in characters: a quote holds at most
/// 80 characters, each escaped in at most 10 (`\u{10ffff}`).
const MESSAGE_CHARS: usize = 1200;

fn short_message(e: &impl std::fmt::Display) -> Result<(), TestCaseError> {
    let m = e.to_string();
    prop_assert!(!m.is_empty());
    prop_assert!(
        m.chars().count() < MESSAGE_CHARS,
        "{} characters: {}",
        m.chars().count(),
        m.chars().take(200).collect::<String>()
    );
    Ok(())
}

/// Words that have broken readers or might: numbers at and past the
/// integer limits, separators, a multi-byte and a control character.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("18446744073709551615".to_string()),
        Just("18446744073709551616".to_string()),
        Just("4294967296".to_string()),
        Just("99999999999999999999999999".to_string()),
        Just("0".to_string()),
        Just("00".to_string()),
        Just("-1".to_string()),
        "[0-9]{1,3}",
        "[a-lQGqgx/ ,0-9-]{1,4}",
        Just("é".to_string()),
        Just("\u{0}".to_string()),
        any::<char>().prop_map(String::from),
    ]
}

/// Edits to a text: where (taken modulo its length), what (insert, delete,
/// replace), and the token inserted.
fn edits() -> impl Strategy<Value = Vec<(usize, u8, String)>> {
    prop::collection::vec((any::<usize>(), 0u8..3, token()), 1..6)
}

fn mutate(text: &str, edits: &[(usize, u8, String)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (at, op, token) in edits {
        let i = at % (chars.len() + 1);
        match op {
            0 => {
                chars.splice(i..i, token.chars());
            }
            1 if i < chars.len() => {
                chars.remove(i);
            }
            _ if i < chars.len() => {
                chars.splice(i..=i, token.chars());
            }
            _ => chars.extend(token.chars()),
        }
    }
    chars.into_iter().collect()
}

/// The import box's reader: whatever it reads is a whole game or position,
/// and its errors are short.
fn check_import(text: &str) -> Result<(), TestCaseError> {
    match import(text) {
        Ok(Imported::Actions(g)) => {
            let mut again = Game::new();
            for a in g.actions() {
                prop_assert!(again.play(a).is_ok());
            }
        }
        Ok(Imported::Position(p)) => prop_assert_eq!(Position::from_afn(&p.to_afn()).ok(), Some(p)),
        Ok(Imported::Record(_)) => {}
        Err(e) => short_message(&e)?,
    }
    Ok(())
}

fn check_afn(text: &str) -> Result<(), TestCaseError> {
    match Position::from_afn(text) {
        Ok(p) => {
            prop_assert_eq!(Position::from_afn(&p.to_afn()), Ok(p));
            prop_assert_eq!(p.hash(), p.recompute_hash());
        }
        Err(e) => short_message(&e)?,
    }
    Ok(())
}

fn check_action_text(text: &str) -> Result<(), TestCaseError> {
    match text.parse::<ActionText>() {
        Ok(t) => {
            let printed = match t.claimed_captures {
                Some(set) if !set.is_empty() => t.action.with_captures(set),
                _ => t.action.to_string(),
            };
            let back: ActionText = printed.parse().unwrap();
            prop_assert_eq!(back.action, t.action);
            prop_assert_eq!(
                back.claimed_captures.unwrap_or_default(),
                t.claimed_captures.unwrap_or_default()
            );
        }
        Err(e) => short_message(&e)?,
    }
    Ok(())
}

fn check_record(json: &str) -> Result<(), TestCaseError> {
    match Record::from_json(json) {
        Ok((record, game)) => {
            let (again, replayed) = Record::from_json(&record.to_json()).unwrap();
            prop_assert_eq!(again, record);
            prop_assert_eq!(replayed.position(), game.position());
        }
        Err(e) => short_message(&e)?,
    }
    Ok(())
}

/// A game code reads back as the one game that writes it.
fn check_game_code(code: &str) -> Result<(), TestCaseError> {
    match decode_game(code) {
        Ok(game) => prop_assert_eq!(encode_game(&game), code),
        Err(e) => short_message(&e)?,
    }
    Ok(())
}

/// A query reads as pairs that, encoded again, read back the same; a value
/// decodes to text that encodes and decodes to itself.
fn check_query(text: &str) -> Result<(), TestCaseError> {
    match parse_query(text) {
        Ok(pairs) => {
            let again = pairs
                .iter()
                .map(|(k, v)| format!("{}={}", encode_component(k), encode_component(v)))
                .collect::<Vec<_>>()
                .join("&");
            if again.len() <= agon_rules::link::MAX_LINK_BYTES {
                prop_assert_eq!(parse_query(&again), Ok(pairs));
            }
        }
        Err(e) => short_message(&e)?,
    }
    match decode_component(text) {
        Ok(s) => prop_assert_eq!(decode_component(&encode_component(&s)), Ok(s)),
        Err(e) => short_message(&e)?,
    }
    Ok(())
}

/// Characters of a code replaced by base64url characters: still a code's
/// alphabet, so the bits are read and the rules consulted.
fn code_edits() -> impl Strategy<Value = Vec<(usize, u8)>> {
    prop::collection::vec((any::<usize>(), 0u8..64), 1..4)
}

fn replace_chars(code: &str, edits: &[(usize, u8)]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut bytes = code.as_bytes().to_vec();
    for &(at, v) in edits {
        if !bytes.is_empty() {
            let i = at % bytes.len();
            bytes[i] = ALPHABET[usize::from(v)];
        }
    }
    String::from_utf8(bytes).expect("ASCII")
}

fn ending() -> impl Strategy<Value = Option<Ending>> {
    let side = prop_oneof![Just(Side::Light), Just(Side::Dark)];
    let reason = prop_oneof![
        Just(WinReason::Throne),
        Just(WinReason::Forfeit),
        Just(WinReason::NoMoves)
    ];
    prop_oneof![
        Just(None),
        Just(Some(Ending::Rules(Outcome::DrawByRepetition))),
        (side.clone(), reason)
            .prop_map(|(winner, reason)| Some(Ending::Rules(Outcome::Win { winner, reason }))),
        side.clone()
            .prop_map(|winner| Some(Ending::Resignation { winner })),
        Just(Some(Ending::Agreement)),
        Just(Some(Ending::Adjudication)),
        side.clone()
            .prop_map(|winner| Some(Ending::Time { winner })),
        side.prop_map(|winner| Some(Ending::Abandonment { winner })),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    #[test]
    fn random_text_never_breaks_a_reader(
        text in any::<String>(),
        afnish in "[0-9QGqgx/ a-l,-]{0,60}",
        // A version-1 code: its first byte is 1, so the rest is read.
        codeish in "A[Q-Za-f][A-Za-z0-9_-]{0,60}",
        queryish in "[?#&=%+a-z0-9A-Fé]{0,40}",
    ) {
        for t in [&codeish, &queryish] {
            check_game_code(t)?;
            check_query(t)?;
        }
        for t in [&text, &afnish] {
            check_game_code(t)?;
            check_query(t)?;
            check_afn(t)?;
            check_action_text(t)?;
            if let Ok(c) = Cell::from_name(t) {
                // Names are canonical: no leading zero, lower case.
                prop_assert_eq!(&c.to_string(), t);
            }
            check_record(t)?;
            check_import(t)?;
        }
    }

    #[test]
    fn mutated_action_lists_import_or_name_their_first_bad_action(
        seed in any::<u64>(),
        plies in 0usize..40,
        edits in edits(),
    ) {
        let game = random_game(seed, plies);
        let list: Vec<String> = game.actions().map(|a| a.to_string()).collect();
        // The list as typed by a person reads back as the same game.
        let typed = list
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
            .collect::<Vec<_>>()
            .join(" ");
        if !list.is_empty() {
            match import(&typed) {
                Ok(Imported::Actions(g)) => prop_assert_eq!(g.position(), game.position()),
                other => prop_assert!(false, "{typed:?} read as {other:?}"),
            }
        }
        check_import(&mutate(&typed, &edits))?;
    }

    #[test]
    fn mutated_afn_reads_back_or_is_refused(
        seed in any::<u64>(),
        plies in 0usize..200,
        edits in edits(),
    ) {
        let afn = random_game(seed, plies).position().to_afn();
        check_afn(&afn)?;
        check_afn(&mutate(&afn, &edits))?;
        check_afn(&mutate(START_AFN, &edits))?;
    }

    #[test]
    fn mutated_action_text_is_played_only_when_legal(
        seed in any::<u64>(),
        plies in 0usize..200,
        pick in any::<usize>(),
        edits in edits(),
    ) {
        let game = random_game(seed, plies);
        let list = game.legal_actions();
        prop_assume!(!list.is_empty());
        let action = list[pick % list.len()];
        let captures = game.position().captures_of(action);
        let text = action.with_captures(captures);
        // The text as printed is read back and played.
        let mut g = game.clone();
        prop_assert_eq!(g.play_text(&text).map(|p| p.action), Ok(action));
        let mutated = mutate(&text, &edits);
        check_action_text(&mutated)?;
        let mut g = game.clone();
        match g.play_text(&mutated) {
            Ok(played) => prop_assert!(list.contains(played.action)),
            Err(e) => {
                short_message(&e)?;
                prop_assert_eq!(g.position(), game.position());
            }
        }
    }

    #[test]
    fn mutated_records_load_or_are_refused(
        seed in any::<u64>(),
        plies in 0usize..120,
        edits in edits(),
    ) {
        let game = random_game(seed, plies);
        let json = Record::from_game(&game, Players::default(), None).to_json();
        check_record(&json)?;
        check_record(&mutate(&json, &edits))?;
    }

    #[test]
    fn mutated_game_codes_decode_or_are_refused(
        seed in any::<u64>(),
        plies in 0usize..200,
        custom_start in 0usize..60,
        edits in edits(),
        code_edits in code_edits(),
    ) {
        let start = *random_game(seed ^ 1, custom_start).position();
        let game = random_game_from(start, seed, plies);
        let code = encode_game(&game);
        check_game_code(&code)?;
        let back = decode_game(&code).unwrap();
        prop_assert_eq!(back.start(), game.start());
        prop_assert!(back.actions().eq(game.actions()));
        prop_assert_eq!(back.position(), game.position());
        check_game_code(&replace_chars(&code, &code_edits))?;
        check_game_code(&mutate(&code, &edits))?;
        // Cut short or lengthened by one character.
        check_game_code(&code[..code.len() - 1])?;
        check_game_code(&format!("{code}A"))?;
        let link = format!("https://example.org/agon/?game={code}&mode=vs-computer&side=dark");
        prop_assert_eq!(&parse_query(&link).unwrap()[0].1, &code);
        check_query(&mutate(&link, &edits))?;
        let afn = format!("?afn={}", encode_component(&game.position().to_afn()));
        check_query(&mutate(&afn, &edits))?;
    }

    #[test]
    fn records_of_random_fields_load_or_are_refused(
        format in prop_oneof![Just("agon-record".to_string()), any::<String>()],
        version in prop_oneof![Just(1u32), any::<u32>()],
        start in prop_oneof![Just(START_AFN.to_string()), "[0-9QGqg/ ld,a-l-]{0,40}"],
        actions in prop::collection::vec(prop_oneof![
            "[a-l][0-9]{1,2}-[a-l][0-9]{1,2}",
            token(),
        ], 0..8),
        result in ending(),
    ) {
        let record = Record {
            format,
            version,
            start,
            actions,
            result,
            players: Players::default(),
        };
        check_record(&record.to_json())?;
    }

    #[test]
    fn cell_names_round_trip(name in "[a-m][0-9]{0,3}") {
        match Cell::from_name(&name) {
            Ok(c) => prop_assert_eq!(c.to_string(), name),
            Err(e) => short_message(&e)?,
        }
    }
}

#[test]
fn every_cell_and_action_prints_and_reads_back() {
    for c in Cell::all() {
        assert_eq!(Cell::from_name(&c.to_string()), Ok(c));
        for d in Cell::all().filter(|&d| d != c) {
            let a = Action::new(c, d);
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
    }
}

#[test]
fn deeply_nested_or_huge_json_is_refused_quickly() {
    for json in [
        "[".repeat(100_000),
        format!("{{\"format\": \"{}\"}}", "f".repeat(1 << 20)),
        format!(
            "{{\"format\":\"agon-record\",\"version\":1,\"start\":\"{START_AFN}\",\"actions\":[],\"players\":{{\"light\":{{\"kind\":\"{}\"}},\"dark\":{{\"kind\":\"human\"}}}}}}",
            "k".repeat(1 << 20)
        ),
    ] {
        let e = Record::from_json(&json).unwrap_err();
        assert!(e.to_string().chars().count() < MESSAGE_CHARS, "{e}");
    }
}
