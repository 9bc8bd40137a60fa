//! Links: game codes and query values round trip, stay short, and every
//! malformed input is refused with an error that names its problem.
//!
//! Codes are also built here bit by bit from the layout NOTATION.md gives,
//! with an order and a base64url written apart from the crate's, so the
//! document and the code are checked against each other.

mod common;

use agon_rules::link::{
    CodePart, LinkError, MAX_CODE_ACTIONS, MAX_LINK_BYTES, canonical_actions, decode_component,
    decode_game, decode_position, encode_component, encode_game, encode_position, parse_query,
};
use agon_rules::{
    AfnError, Cell, Game, IllegalAction, Outcome, Position, START_AFN, Side, WinReason,
};
use common::{Rng, a, pos, random_game, random_game_from};

/// A start position other than the standard one: where a random game got
/// to (captured pieces, either side to move), or a sparse hand-made one.
fn odd_start(seed: u64) -> Position {
    let mut rng = Rng(seed ^ 0x5eed);
    match rng.below(3) {
        0 => pos("d Qf5 Ge5 Gg5 *ga1 qf11 gk7"),
        _ => *random_game(seed, 1 + rng.below(120)).position(),
    }
}

fn same_game(x: &Game, y: &Game) -> bool {
    x.start() == y.start()
        && x.actions().eq(y.actions())
        && (0..=x.history().len()).all(|i| x.position_at(i) == y.position_at(i))
        && x.outcome() == y.outcome()
}

// --- Codes built by hand from the documented layout -------------------------

/// Bits, most significant first, as NOTATION.md lays them out.
#[derive(Default)]
struct Bits(Vec<bool>);

impl Bits {
    fn push(&mut self, value: u64, width: u32) -> &mut Self {
        for k in (0..width).rev() {
            self.0.push((value >> k) & 1 == 1);
        }
        self
    }

    /// Elias gamma: `width - 1` zeros, then `v` in `width` bits.
    fn gamma(&mut self, v: u64) -> &mut Self {
        let width = 64 - v.leading_zeros();
        self.push(0, width - 1).push(v, width)
    }

    fn header(count: u64) -> Bits {
        let mut b = Bits::default();
        b.push(1, 8).push(0, 1).gamma(count + 1);
        b
    }

    /// Zero-padded to whole bytes, then six bits a character.
    fn code(&self) -> String {
        const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let mut bits = self.0.clone();
        bits.resize(bits.len().div_ceil(8) * 8, false);
        bits.chunks(6)
            .map(|six| {
                let v = (0..6).fold(0, |v, k| {
                    v << 1 | usize::from(*six.get(k).unwrap_or(&false))
                });
                ALPHABET.as_bytes()[v] as char
            })
            .collect()
    }
}

/// The documented order: by starting cell, then target, each by file
/// letter and then rank number, read from the action's text.
fn documented_order(p: &Position) -> Vec<String> {
    let key = |cell: &str| {
        let (file, rank) = cell.split_at(1);
        (file.to_string(), rank.parse::<u32>().unwrap())
    };
    let mut texts: Vec<String> = p.legal_actions().iter().map(|a| a.to_string()).collect();
    texts.sort_by_key(|t| {
        let (from, to) = t.split_once('-').unwrap();
        (key(from), key(to))
    });
    texts
}

/// The code of a game from the standard start, built from the document.
fn documented_code(game: &Game) -> String {
    let mut bits = Bits::header(game.history().len() as u64);
    for (i, played) in game.history().iter().enumerate() {
        let order = documented_order(game.position_at(i).unwrap());
        let index = order
            .iter()
            .position(|t| *t == played.action.to_string())
            .unwrap();
        let n = order.len();
        let width = if n <= 1 {
            0
        } else {
            usize::BITS - (n - 1).leading_zeros()
        };
        bits.push(index as u64, width);
    }
    bits.code()
}

// --- Round trips -------------------------------------------------------------

#[test]
fn a_thousand_random_games_round_trip_through_their_codes() {
    let (mut custom, mut forced, mut ended) = (0, 0, 0);
    for seed in 0..1200u64 {
        let plies = (seed as usize * 7) % 260;
        let game = if seed % 3 == 0 {
            custom += 1;
            random_game_from(odd_start(seed), seed, plies)
        } else {
            random_game(seed, plies)
        };
        let code = encode_game(&game);
        let back = decode_game(&code).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{code}"));
        assert!(same_game(&game, &back), "seed {seed}");
        assert_eq!(encode_game(&back), code);
        if seed % 3 != 0 {
            assert_eq!(code, documented_code(&game), "seed {seed}");
        }
        forced += (0..game.history().len())
            .filter(|&i| game.position_at(i).unwrap().legal_actions().len() == 1)
            .count();
        ended += usize::from(game.is_over());
    }
    // The cases that need care were met: custom starts, forced actions (no
    // bits at all) and games that ended.
    assert!(
        custom >= 400 && forced > 0 && ended > 0,
        "{custom} {forced} {ended}"
    );
}

#[test]
fn a_game_over_from_the_start_and_an_empty_game_have_codes() {
    let g = Game::new();
    assert_eq!(encode_game(&g), "AUA");
    assert!(same_game(&decode_game("AUA").unwrap(), &g));
    // Light's queen on the throne inside its guards: won before any action.
    let won = Game::from_position(pos("d Qf6 Ge5 Ge6 Gf5 Gf7 Gg5 Gg6 qa1"));
    assert!(won.is_over());
    let back = decode_game(&encode_game(&won)).unwrap();
    assert!(same_game(&won, &back));
}

#[test]
fn two_hundred_action_games_encode_under_500_characters() {
    let (mut long, mut max, mut seed) = (0, 0, 0u64);
    while long < 300 {
        seed += 1;
        assert!(seed < 100_000, "only {long} games lasted 200 actions");
        let game = if seed % 4 == 0 {
            random_game_from(odd_start(seed), seed, 200)
        } else {
            random_game(seed, 200)
        };
        let len = encode_game(&game).len();
        assert!(len < 500, "seed {seed}: {len} characters");
        max = max.max(len);
        long += usize::from(game.history().len() == 200);
    }
    println!("longest code of a random game of at most 200 actions: {max} characters");
    // The bound holds for any game, not only random ones: 8 bits of version,
    // 1 + 134 of the largest start position, 15 of the count and at most 8
    // an action (180 legal actions at most) make 1758 bits, 220 bytes, 294
    // characters.
    let bytes = (8 + 1 + 134 + 15 + 200 * 8usize).div_ceil(8);
    assert_eq!((bytes * 8).div_ceil(6), 294);
    assert!(max <= 294);
}

#[test]
fn positions_round_trip_through_afn_query_values() {
    for seed in 0..1000u64 {
        let p = if seed % 5 == 0 {
            odd_start(seed)
        } else {
            *random_game(seed, seed as usize % 200).position()
        };
        let value = encode_position(&p);
        assert!(
            value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.~%".contains(&b)),
            "{value}"
        );
        let link = format!("https://example.org/agon/?mode=vs-computer&afn={value}&side=dark#top");
        let query = parse_query(&link).unwrap();
        assert_eq!(query.len(), 3);
        assert_eq!(query[1].0, "afn");
        assert_eq!(query[1].1, p.to_afn());
        assert_eq!(decode_position(&query[1].1), Ok(p));
        assert_eq!(decode_component(&value).as_deref(), Ok(p.to_afn().as_str()));
    }
    assert_eq!(
        encode_component(START_AFN),
        "1g2G1%2FG5g%2F8%2Fg7G%2F10%2FQ9q%2F10%2Fg7G%2F8%2FG5g%2F1g2G1%20l%20-"
    );
}

#[test]
fn a_thousand_random_games_round_trip_as_records() {
    use agon_rules::{Player, Players, Record};
    let kinds = [
        Player::human(),
        Player::computer("hard"),
        Player::Remote {},
        Player::Human {
            name: Some("Ada \"A\" Lovelace".into()),
        },
    ];
    for seed in 0..1000u64 {
        let plies = (seed as usize * 11) % 240;
        let game = if seed % 4 == 0 {
            random_game_from(odd_start(seed), seed, plies)
        } else {
            random_game(seed, plies)
        };
        let players = Players {
            light: kinds[seed as usize % 4].clone(),
            dark: kinds[(seed as usize / 4) % 4].clone(),
        };
        let record = Record::from_game(&game, players, None);
        let (back, replayed) =
            Record::from_json(&record.to_json()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back, record, "seed {seed}");
        assert!(same_game(&replayed, &game), "seed {seed}");
    }
}

#[test]
fn query_values_are_percent_encoded_and_decoded() {
    assert_eq!(encode_component("aZ09-_.~"), "aZ09-_.~");
    assert_eq!(encode_component("a b&c=d/é+"), "a%20b%26c%3Dd%2F%C3%A9%2B");
    assert_eq!(
        decode_component("a%20b%26c%3dd%2F%C3%A9%2B").unwrap(),
        "a b&c=d/é+"
    );
    assert_eq!(decode_component("a+b").unwrap(), "a b");
    // Raw text a browser left unescaped reads as itself.
    assert_eq!(decode_component("é/ ").unwrap(), "é/ ");
    for s in ["", "x", "über & ∑ 🂡 %", "1g2G1/G5g l -", "\u{0}\n"] {
        assert_eq!(decode_component(&encode_component(s)).as_deref(), Ok(s));
    }
}

#[test]
fn a_query_is_read_in_order_from_a_whole_address_or_alone() {
    let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(k, x)| (k.to_string(), x.to_string()))
            .collect()
    };
    let want = pairs(&[
        ("game", "AUA"),
        ("level", "hard"),
        ("level", "easy"),
        ("flag", ""),
    ]);
    for text in [
        "game=AUA&level=hard&level=easy&flag",
        "?game=AUA&level=hard&level=easy&flag",
        "https://example.org/agon/index.html?game=AUA&&level=hard&level=easy&flag&#x=1",
        "/agon/?game=AUA&level=hard&level=easy&flag#level=master?a=b",
    ] {
        assert_eq!(parse_query(text).unwrap(), want, "{text}");
    }
    assert_eq!(parse_query("").unwrap(), []);
    assert_eq!(
        parse_query("https://example.org/agon/#?afn=x").unwrap(),
        pairs(&[("https://example.org/agon/", "")])
    );
    assert_eq!(
        parse_query("?a=b=c&%3D=%26").unwrap(),
        pairs(&[("a", "b=c"), ("=", "&")])
    );
    // Exactly the limit is read.
    let at_limit = format!("?x={}", "y".repeat(MAX_LINK_BYTES - 3));
    assert_eq!(
        parse_query(&at_limit).unwrap()[0].1.len(),
        MAX_LINK_BYTES - 3
    );
}

// --- The worked example of NOTATION.md ---------------------------------------

/// The lines `actions: ...` and `code: ...` of the worked example.
fn notation_example() -> (Vec<String>, String) {
    let doc = include_str!("../../../NOTATION.md");
    let links = doc.split("## Links").nth(1).expect("a Links section");
    let line = |tag: &str| {
        links
            .lines()
            .find_map(|l| l.trim().strip_prefix(tag))
            .unwrap_or_else(|| panic!("no {tag} line"))
            .trim()
            .to_string()
    };
    let actions = line("actions:").split(' ').map(String::from).collect();
    (actions, line("code:"))
}

#[test]
fn the_worked_example_in_notation_decodes_to_its_actions() {
    let (actions, code) = notation_example();
    let game = decode_game(&code).unwrap();
    let played: Vec<String> = game.actions().map(|a| a.to_string()).collect();
    assert_eq!(played, actions);
    let mut again = Game::new();
    for t in &actions {
        again.play_text(t).unwrap();
    }
    assert_eq!(encode_game(&again), code);
    assert_eq!(documented_code(&again), code);
}

// --- Errors --------------------------------------------------------------------

fn err_game(code: &str) -> LinkError {
    match decode_game(code) {
        Ok(g) => panic!("{code:?} decoded to {:?}", g.actions().collect::<Vec<_>>()),
        Err(e) => e,
    }
}

fn says(e: &LinkError, words: &str) {
    let m = e.to_string();
    assert!(m.contains(words), "{m:?} does not say {words:?}");
}

/// The bits of a position as the document lays them out.
fn position_bits(bits: &mut Bits, p: &Position) {
    bits.push(u64::from(p.to_move() == Side::Dark), 1);
    for c in Cell::all() {
        bits.push(u64::from(p.piece_at(c).is_some()), 1);
    }
    for c in Cell::all() {
        if let Some(piece) = p.piece_at(c) {
            bits.push(u64::from(piece.side == Side::Dark), 1)
                .push(u64::from(piece.kind == agon_rules::Kind::Queen), 1)
                .push(u64::from(p.is_out_of_play(c)), 1);
        }
    }
}

#[test]
fn a_custom_start_is_laid_out_as_documented() {
    let start = pos("d Qf5 Ge5 Gg5 *ga1 qf11 gk7");
    let mut game = Game::from_position(start);
    let first = canonical_actions(&start)[0];
    game.play(first).unwrap();
    let mut bits = Bits::default();
    bits.push(1, 8).push(1, 1);
    position_bits(&mut bits, &start);
    bits.gamma(2);
    // The first in the documented order, in as many bits as its choices need.
    assert_eq!(documented_order(&start)[0], first.to_string());
    let n = start.legal_actions().len();
    bits.push(0, usize::BITS - (n - 1).leading_zeros());
    assert_eq!(encode_game(&game), bits.code());
}

#[test]
fn every_malformed_link_or_code_is_named() {
    // Too long.
    let e = parse_query(&format!("?afn={}", "x".repeat(8996))).unwrap_err();
    assert_eq!(e, LinkError::LinkTooLong { bytes: 9001 });
    says(&e, "the link is too long: 9001 bytes, at most 8192");
    let e = err_game(&"A".repeat(MAX_LINK_BYTES + 1));
    assert_eq!(e, LinkError::CodeTooLong { bytes: 8193 });
    says(&e, "the game code is too long: 8193 bytes, at most 8192");

    // Bad escapes, at their byte in the text given.
    let e = decode_component("abc%4g").unwrap_err();
    assert_eq!(
        e,
        LinkError::BadEscape {
            index: 3,
            escape: "%4g".into()
        }
    );
    says(&e, "bad escape \"%4g\" at byte 3");
    let e = decode_component("ab%").unwrap_err();
    assert_eq!(
        e,
        LinkError::BadEscape {
            index: 2,
            escape: "%".into()
        }
    );
    let e = decode_component("%é").unwrap_err();
    assert_eq!(
        e,
        LinkError::BadEscape {
            index: 0,
            escape: "%é".into()
        }
    );
    let e = parse_query("https://x.org/?mode=vs-computer&afn=1%2").unwrap_err();
    assert_eq!(
        e,
        LinkError::BadEscape {
            index: 37,
            escape: "%2".into()
        }
    );
    let e = parse_query("?a%zz=1").unwrap_err();
    assert_eq!(
        e,
        LinkError::BadEscape {
            index: 2,
            escape: "%zz".into()
        }
    );
    let e = decode_component("ab%C3%28").unwrap_err();
    assert_eq!(e, LinkError::NotUtf8 { index: 2 });
    says(&e, "the escaped text at byte 2 is not UTF-8");
    assert_eq!(
        parse_query("?x=1&y=%FF").unwrap_err(),
        LinkError::NotUtf8 { index: 7 }
    );

    // Not base64url.
    let e = err_game("AQ!A");
    assert_eq!(e, LinkError::BadChar { index: 2, ch: '!' });
    says(&e, "bad character '!' at 2 in the game code");
    assert_eq!(err_game("AUA="), LinkError::BadChar { index: 3, ch: '=' });
    assert_eq!(err_game("AUé"), LinkError::BadChar { index: 2, ch: 'é' });
    let e = err_game("AUAAA");
    assert_eq!(e, LinkError::PartialByte { chars: 5 });
    says(&e, "5 characters do not make whole bytes");
    let e = err_game("");
    assert_eq!(e, LinkError::Empty);
    says(&e, "the game code is empty");

    // The header.
    let e = err_game(&Bits::default().push(7, 8).code());
    assert_eq!(e, LinkError::Version(7));
    says(&e, "unknown game code version 7");
    let e = err_game(&Bits::default().push(1, 8).code());
    assert_eq!(e, LinkError::Truncated(CodePart::StartPosition));
    says(&e, "the game code ends in the middle of the start position");
    let e = err_game(&Bits::default().push(1, 8).push(1, 1).push(0, 40).code());
    assert_eq!(e, LinkError::Truncated(CodePart::StartPosition));
    let e = err_game(&Bits::default().push(1, 8).push(0, 1).push(0, 7).code());
    assert_eq!(e, LinkError::Truncated(CodePart::ActionCount));
    says(&e, "the game code ends in the middle of the action count");
    let e = err_game(&Bits::default().push(1, 8).push(0, 1).push(0, 30).code());
    assert_eq!(e, LinkError::TooManyActions);
    says(&e, "more than 10000 actions");
    let mut bits = Bits::default();
    bits.push(1, 8)
        .push(0, 1)
        .gamma(MAX_CODE_ACTIONS as u64 + 2);
    assert_eq!(err_game(&bits.code()), LinkError::TooManyActions);

    // Custom starts.
    let mut bits = Bits::default();
    bits.push(1, 8).push(1, 1);
    position_bits(&mut bits, &Position::start());
    bits.gamma(1);
    let e = err_game(&bits.code());
    assert_eq!(e, LinkError::StandardStart);
    says(&e, "the standard start as a custom position");
    let mut bits = Bits::default();
    bits.push(1, 8).push(1, 1);
    bits.push(0, 1); // Light to move
    let two_queens = ["a1", "b1"].map(|n| n.parse::<Cell>().unwrap());
    for c in Cell::all() {
        bits.push(u64::from(two_queens.contains(&c)), 1);
    }
    bits.push(0b010, 3).push(0b010, 3).gamma(1);
    let e = err_game(&bits.code());
    assert_eq!(e, LinkError::Start(AfnError::TooManyQueens(Side::Light)));
    says(
        &e,
        "the start position in the game code is impossible: light has more than one queen",
    );

    // Actions: 27 legal at the start, so five bits; 31 is past them.
    let e = err_game(&Bits::header(1).push(31, 5).code());
    assert_eq!(
        e,
        LinkError::OutOfRange {
            action: 0,
            value: 31,
            legal: 27
        }
    );
    says(
        &e,
        "action 0 is out of range: number 31 of 27 legal actions (0 to 26)",
    );
    // 16 bits of header, 5 of action 0: three of padding are too few.
    let mut bits = Bits::header(9);
    bits.push(0, 5);
    let e = err_game(&bits.code());
    assert_eq!(e, LinkError::Truncated(CodePart::Action(1)));
    says(&e, "the game code ends in the middle of action 1");

    // A game drawn by repetition, then one action more.
    let cycle = ["f1-g1", "f11-g10", "g1-f1", "g10-f11"];
    let mut drawn = Game::new();
    for t in cycle.iter().chain(cycle.iter()) {
        drawn.play(a(t)).unwrap();
    }
    assert_eq!(drawn.outcome(), Some(Outcome::DrawByRepetition));
    let mut bits = Bits::header(9);
    for i in 0..8 {
        let order = documented_order(drawn.position_at(i).unwrap());
        let n = order.len();
        let index = order.iter().position(|t| *t == cycle[i % 4]).unwrap();
        bits.push(index as u64, usize::BITS - (n - 1).leading_zeros());
    }
    let e = err_game(&bits.code());
    assert_eq!(
        e,
        LinkError::AfterEnd {
            action: 8,
            outcome: Outcome::DrawByRepetition
        }
    );
    says(
        &e,
        "action 8 comes after the end of the game (draw repetition)",
    );

    // Stray bits: a nonzero padding bit, or a whole byte more.
    let mut bits = Bits::header(1);
    bits.push(0, 5).push(1, 1);
    let e = err_game(&bits.code());
    assert_eq!(e, LinkError::StrayBits);
    says(&e, "stray bits after the last action");
    let mut bits = Bits::header(0);
    bits.push(0, 12);
    assert_eq!(err_game(&bits.code()), LinkError::StrayBits);
    // In base64url's own padding: "AUA" is the empty game, "AUB" is not.
    assert_eq!(err_game("AUB"), LinkError::StrayBits);

    // A position link.
    let e = decode_position("1g2G1/G5g/8 l -").unwrap_err();
    assert_eq!(e, LinkError::Position(AfnError::FileCount(3)));
    says(
        &e,
        "the position in the link is invalid: the board needs 11 files",
    );

    // The rules refusing an action they generated cannot be caused by any
    // input; its message is still checked.
    let e = LinkError::Illegal {
        action: 4,
        reason: IllegalAction::GameOver,
    };
    says(&e, "action 4 is illegal: the game is over");
    let won = Outcome::Win {
        winner: Side::Dark,
        reason: WinReason::Throne,
    };
    says(
        &LinkError::AfterEnd {
            action: 2,
            outcome: won,
        },
        "(dark throne)",
    );
}
