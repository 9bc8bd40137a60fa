use super::*;

fn code(text: &str) -> ErrorCode {
    parse_client(text).unwrap_err().1.code
}

#[test]
fn every_client_message_round_trips() {
    let clock = Some(ClockSpec {
        minutes: 5,
        increment: 3,
    });
    let msgs = vec![
        ClientMsg::Hello { v: 1 },
        ClientMsg::Create {
            id: 1,
            key: "abcdefgh12345678".into(),
            side: SideChoice::Random,
            clock,
            listed: true,
        },
        ClientMsg::Seek {
            id: 2,
            key: "abcdefgh12345678".into(),
            clock: None,
        },
        ClientMsg::Join {
            id: 3,
            room: "room_0001".into(),
            token: Some("tok-tok-tok".into()),
            since: 4,
            watch: false,
        },
        ClientMsg::Claim {
            id: 4,
            code: "K7QM-3XTP".into(),
        },
        ClientMsg::Lobby { id: 5 },
        ClientMsg::Leave { id: 6 },
        ClientMsg::Resync { id: 7, since: 9 },
        ClientMsg::Move {
            id: MAX_ID,
            ply: 3,
            action: "f1-f2".into(),
        },
        ClientMsg::Resign { id: 8 },
        ClientMsg::OfferDraw { id: 9 },
        ClientMsg::AcceptDraw { id: 10 },
        ClientMsg::DeclineDraw { id: 11 },
        ClientMsg::ClaimWin { id: 12 },
        ClientMsg::Rematch { id: 13 },
        ClientMsg::Ping {},
    ];
    assert_eq!(msgs.len(), CLIENT_KINDS.len() - 1);
    for m in msgs {
        let text = m.to_json();
        assert_eq!(parse_client(&text), Ok(m.clone()), "{text}");
        let kind = serde_json::from_str::<serde_json::Value>(&text).unwrap()["t"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(CLIENT_KINDS.contains(&kind.as_str()), "{kind}");
    }
}

#[test]
fn the_json_is_as_documented() {
    assert_eq!(
        ClientMsg::OfferDraw { id: 4 }.to_json(),
        r#"{"t":"offer-draw","id":4}"#
    );
    let ev = ServerMsg::Event {
        room: "r0000001".into(),
        seq: 2,
        at_ms: 5,
        event: Event::Move {
            side: Side::Light,
            action: "f1-f2".into(),
            clock: None,
        },
    };
    assert_eq!(
        ev.to_json(),
        r#"{"t":"event","room":"r0000001","seq":2,"at_ms":5,"event":{"kind":"move","side":"light","action":"f1-f2","clock":null}}"#
    );
    let p = ServerMsg::Presence {
        room: "r0000001".into(),
        presence: Presence {
            light: true,
            dark: false,
            watchers: 3,
        },
    };
    assert_eq!(
        p.to_json(),
        r#"{"t":"presence","room":"r0000001","light":true,"dark":false,"watchers":3}"#
    );
    assert_eq!(parse_server(&p.to_json()), Ok(p));
}

#[test]
fn hostile_frames_get_their_codes() {
    assert_eq!(code("{"), ErrorCode::BadFrame);
    assert_eq!(code("[1,2]"), ErrorCode::BadFrame);
    assert_eq!(code(r#"{"id":3}"#), ErrorCode::BadFrame);
    assert_eq!(code(r#"{"t":"fly","id":3}"#), ErrorCode::UnknownKind);
    assert_eq!(code(r#"{"t":"","id":3}"#), ErrorCode::UnknownKind);
    assert_eq!(
        parse_client(r#"{"t":"fly","id":3}"#).unwrap_err().0,
        Some(3)
    );
    assert_eq!(code(r#"{"t":"move","id":3}"#), ErrorCode::BadFrame);
    assert_eq!(
        code(r#"{"t":"move","id":3,"ply":0,"action":"f1-f2","x":1}"#),
        ErrorCode::BadFrame
    );
    assert_eq!(
        code(r#"{"t":"move","id":-3,"ply":0,"action":"f1-f2"}"#),
        ErrorCode::BadFrame
    );
    assert_eq!(
        code(r#"{"t":"move","id":9007199254740992,"ply":0,"action":"f1-f2"}"#),
        ErrorCode::BadField
    );
    assert_eq!(
        code(r#"{"t":"move","id":1,"ply":4294967296,"action":"f1-f2"}"#),
        ErrorCode::BadFrame
    );
    assert_eq!(
        code(r#"{"t":"join","id":1,"room":"../../etc"}"#),
        ErrorCode::BadField
    );
    assert_eq!(
        code(
            r#"{"t":"create","id":1,"key":"abcdefgh12345678","side":"light","clock":{"minutes":181,"increment":0}}"#
        ),
        ErrorCode::BadField
    );
    assert_eq!(
        code(
            r#"{"t":"create","id":1,"key":"abcdefgh12345678","side":"light","clock":{"minutes":0,"increment":0}}"#
        ),
        ErrorCode::BadField
    );
    assert_eq!(
        code(r#"{"t":"seek","id":1,"key":"short-key-0001","clock":null}"#),
        ErrorCode::BadField
    );
    assert_eq!(
        code(r#"{"t":"claim","id":1,"code":"IIII-OOOO"}"#),
        ErrorCode::BadCode
    );
    let big = format!(r#"{{"t":"ping","pad":"{}"}}"#, "x".repeat(MAX_FRAME_BYTES));
    assert_eq!(code(&big), ErrorCode::BadFrame);
}

#[test]
fn claim_codes_read_loosely_and_show_with_a_dash() {
    assert_eq!(normalize_claim("k7qm-3xtp"), Ok("K7QM3XTP".into()));
    assert_eq!(normalize_claim("K7QM 3XTP"), Ok("K7QM3XTP".into()));
    assert!(normalize_claim("K7QM3XT").is_err());
    assert!(normalize_claim("K7QM3XTPP").is_err());
    assert_eq!(display_claim("K7QM3XTP"), "K7QM-3XTP");
}

#[test]
fn error_codes_are_named_as_serde_writes_them() {
    for (code, name) in ALL_CODES {
        assert_eq!(code.as_str(), name);
        assert_eq!(serde_json::to_string(&code).unwrap(), format!("\"{name}\""));
    }
}
