//! Game records: round trips, and every kind of bad record named clearly.

mod common;

use agon_rules::{
    Ending, Game, IllegalAction, Outcome, PlayError, Player, Players, Record, RecordError, Side,
    WinReason,
};
use common::a;

fn sample() -> Record {
    let mut g = Game::new();
    for t in ["f1-f2", "f11-f10", "f2-f3"] {
        g.play_text(t).unwrap();
    }
    let players = Players {
        light: Player::human(),
        dark: Player::computer("medium"),
    };
    Record::from_game(&g, players, None)
}

#[test]
fn a_record_round_trips_through_json() {
    let r = sample();
    let json = r.to_json();
    assert!(json.contains("\"format\": \"agon-record\""));
    assert!(json.contains("\"kind\": \"computer\""));
    let (back, game) = Record::from_json(&json).unwrap();
    assert_eq!(back, r);
    assert_eq!(game.history().len(), 3);
    assert_eq!(game.position().to_move(), Side::Dark);
}

/// Windows editors save UTF-8 with a byte-order mark: serde_json refused
/// the record at line 1, column 1.
#[test]
fn a_record_saved_with_a_byte_order_mark_is_read() {
    let r = sample();
    let text = format!("\u{FEFF}{}\r\n", r.to_json().replace('\n', "\r\n"));
    let (back, game) = Record::from_json(&text).expect("read despite the mark");
    assert_eq!(back, r);
    assert_eq!(game.history().len(), 3);
    // Only a leading one: anywhere else it is not JSON.
    let inside = format!("{}\u{FEFF}", r.to_json());
    assert!(matches!(
        Record::from_json(&inside),
        Err(RecordError::Json(_))
    ));
}

#[test]
fn a_remote_player_is_written_by_kind_alone() {
    let mut r = sample();
    r.players.dark = Player::Remote {};
    let json = r.to_json();
    assert!(
        json.contains("{ \"kind\": \"remote\" }") || json.contains("\"kind\": \"remote\""),
        "{json}"
    );
    assert_eq!(
        Record::from_json(&json).unwrap().0.players.dark,
        Player::Remote {}
    );
    // A remote player has no level or name.
    let bad = json.replace(
        "\"kind\": \"remote\"",
        "\"kind\": \"remote\", \"level\": \"easy\"",
    );
    assert!(Record::from_json(&bad).is_err());
}

#[test]
fn the_first_illegal_action_is_named_with_its_index() {
    let mut r = sample();
    r.actions.push("f3-f2".into()); // Dark to move, and outward besides
    r.actions.push("zz".into());
    let err = Record::from_json(&r.to_json()).unwrap_err();
    match &err {
        RecordError::Action { index, text, error } => {
            assert_eq!(*index, 3);
            assert_eq!(text, "f3-f2");
            assert!(matches!(error, PlayError::Illegal { .. }));
        }
        other => panic!("{other:?}"),
    }
    let msg = err.to_string();
    assert!(msg.contains("action 3") && msg.contains("f3-f2"), "{msg}");
}

#[test]
fn malformed_action_text_is_named() {
    let mut r = sample();
    r.actions[1] = "f11f10".into();
    let err = Record::from_json(&r.to_json()).unwrap_err();
    assert!(matches!(
        err,
        RecordError::Action {
            index: 1,
            error: PlayError::Text(_),
            ..
        }
    ));
}

#[test]
fn a_capture_suffix_is_checked() {
    let mut r = sample();
    r.actions[0] = "f1-f2xf3".into();
    let err = Record::from_json(&r.to_json()).unwrap_err();
    match err {
        RecordError::Action {
            index: 0,
            error: PlayError::Illegal { reason, .. },
            ..
        } => {
            assert!(matches!(reason, IllegalAction::WrongCaptures { .. }));
        }
        other => panic!("{other:?}"),
    }
}

/// A typed action is judged by the position it is typed in: read, legal,
/// and naming its captures rightly, or refused with the reason.
#[test]
fn a_typed_action_is_read_and_judged() {
    let start = Game::new();
    let pos = start.position();
    assert_eq!(pos.read_action("f1-f2"), Ok(a("f1-f2")));
    assert!(matches!(pos.read_action("f1"), Err(PlayError::Text(_))));
    assert!(matches!(pos.read_action("f1-z9"), Err(PlayError::Text(_))));
    // Dark's queen, with Light to move.
    assert!(matches!(
        pos.read_action("f11-f10"),
        Err(PlayError::Illegal { .. })
    ));
    match pos.read_action("f1-f2xf3") {
        Err(PlayError::Illegal { reason, .. }) => {
            assert!(matches!(reason, IllegalAction::WrongCaptures { .. }))
        }
        other => panic!("{other:?}"),
    }
    // Playing it is reading it and playing what was read.
    let mut g = start.clone();
    assert_eq!(g.play_text("f1-f2").map(|p| p.action), Ok(a("f1-f2")));
}

#[test]
fn garbage_and_foreign_documents_are_refused() {
    for text in [
        "",
        "{",
        "null",
        "[]",
        "{\"format\": \"agon-record\"}",
        "\u{0}\u{1}binary",
    ] {
        assert!(
            matches!(Record::from_json(text), Err(RecordError::Json(_))),
            "{text:?}"
        );
    }
    let mut r = sample();
    r.format = "chess-pgn".into();
    assert_eq!(
        Record::from_json(&r.to_json()).unwrap_err(),
        RecordError::Format("chess-pgn".into())
    );
    let mut r = sample();
    r.version = 99;
    assert_eq!(
        Record::from_json(&r.to_json()).unwrap_err(),
        RecordError::Version(99)
    );
    let mut r = sample();
    r.start = "not a position".into();
    assert!(matches!(
        Record::from_json(&r.to_json()),
        Err(RecordError::Start(_))
    ));
    let json = sample()
        .to_json()
        .replace("\"version\"", "\"extra\": 1, \"version\"");
    assert!(matches!(
        Record::from_json(&json),
        Err(RecordError::Json(_))
    ));
    let json = sample().to_json().replace("\"computer\"", "\"alien\"");
    assert!(matches!(
        Record::from_json(&json),
        Err(RecordError::Json(_))
    ));
}

#[test]
fn the_stored_result_must_match_the_actions() {
    let mut r = sample();
    r.result = Some(Ending::Rules(Outcome::Win {
        winner: Side::Light,
        reason: WinReason::Throne,
    }));
    assert!(matches!(
        Record::from_json(&r.to_json()),
        Err(RecordError::Result { .. })
    ));
    // Interface endings are allowed on a game the rules have not ended.
    for ending in [
        Ending::Resignation { winner: Side::Dark },
        Ending::Agreement,
        Ending::Time {
            winner: Side::Light,
        },
        Ending::Abandonment { winner: Side::Dark },
    ] {
        let mut r = sample();
        r.result = Some(ending);
        let (back, _) = Record::from_json(&r.to_json()).unwrap();
        assert_eq!(back.result, Some(ending));
        assert_eq!(back.interface_ending(), Some(ending));
    }
}

#[test]
fn a_finished_game_records_its_result_and_accepts_no_more_actions() {
    let mut g = Game::new();
    let cycle = ["f1-g1", "f11-g10", "g1-f1", "g10-f11"];
    for t in cycle.iter().chain(cycle.iter()) {
        g.play(a(t)).unwrap();
    }
    let r = Record::from_game(&g, Players::default(), None);
    assert_eq!(r.result, Some(Ending::Rules(Outcome::DrawByRepetition)));
    assert!(r.to_json().contains("\"result\": \"draw repetition\""));
    Record::from_json(&r.to_json()).unwrap();
    let mut longer = r.clone();
    longer.actions.push("f1-g1".into());
    let err = Record::from_json(&longer.to_json()).unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::Action {
                index: 8,
                error: PlayError::Illegal {
                    reason: IllegalAction::GameOver,
                    ..
                },
                ..
            }
        ),
        "{err:?}"
    );
}
