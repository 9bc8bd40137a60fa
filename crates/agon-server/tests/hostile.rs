//! Hostile input: every bad frame gets a typed error or a close with a
//! reason, changes nothing, and the server keeps serving other rooms. A
//! proptest sends random frames. Racing actions for one turn: one wins.

mod common;

use std::time::Duration;

use agon_server::client::Driver;
use agon_wire::{ErrorCode, MAX_FRAME_BYTES, Role, ServerMsg, SideChoice, parse_server};
use common::*;
use futures_util::{SinkExt, StreamExt};
use proptest::prelude::*;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn raw(url: &str) -> Ws {
    tokio_tungstenite::connect_async(url)
        .await
        .expect("connects")
        .0
}

/// The next server message, or the close frame's code and reason.
async fn next(ws: &mut Ws) -> Result<ServerMsg, (Option<u16>, String)> {
    loop {
        let m = tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("an answer in time");
        match m {
            Some(Ok(Message::Text(t))) => {
                return Ok(parse_server(t.as_str()).expect("a server message"));
            }
            Some(Ok(Message::Close(f))) => {
                return Err((
                    f.as_ref().map(|f| u16::from(f.code)),
                    f.map(|f| f.reason.to_string()).unwrap_or_default(),
                ));
            }
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err((None, e.to_string())),
            None => return Err((None, "ended".into())),
        }
    }
}

async fn error_code(ws: &mut Ws, frame: &str) -> ErrorCode {
    ws.send(Message::text(frame.to_string())).await.unwrap();
    match next(ws).await {
        Ok(ServerMsg::Error { code, .. }) => code,
        other => panic!("{frame}: expected an error, got {other:?}"),
    }
}

async fn hello(ws: &mut Ws) {
    ws.send(Message::text(r#"{"t":"hello","v":1}"#))
        .await
        .unwrap();
    assert!(matches!(next(ws).await, Ok(ServerMsg::Welcome { .. })));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_frames_get_typed_errors_or_a_close_and_change_nothing() {
    let dir = TempDir::new("hostile");
    let db = dir.path().join("agon.db").display().to_string();
    let server = Server::start(&["--db", &db, "--rate", "50", "--burst", "50"], None);
    let url = server.url();
    // A game in another room that must keep going throughout.
    let mut a = Driver::new(&url, 500);
    a.session.create(SideChoice::Light, None, false);
    a.run_until(WAIT, "a's seat", joined).await.unwrap();
    let room = a.session.room().unwrap().id.clone();
    let mut b = Driver::new(&url, 501);
    b.session.join(&room, None, false);
    run_all(&mut [&mut a, &mut b], "the start", started)
        .await
        .unwrap();
    play_plies(&mut a, &mut b, 2, 1).await.unwrap();
    let before = seq(&a);

    let mut ws = raw(&url).await;
    assert_eq!(
        error_code(&mut ws, r#"{"t":"lobby","id":1}"#).await,
        ErrorCode::HelloFirst
    );
    assert_eq!(
        error_code(&mut ws, r#"{"t":"hello","v":1,"x":2}"#).await,
        ErrorCode::BadFrame
    );
    hello(&mut ws).await;
    for (frame, code) in [
        ("{", ErrorCode::BadFrame),
        ("null", ErrorCode::BadFrame),
        ("\"move\"", ErrorCode::BadFrame),
        (r#"{"t":"teleport","id":1}"#, ErrorCode::UnknownKind),
        (
            r#"{"t":"move","id":1,"ply":2,"action":"f1-f2"}"#,
            ErrorCode::NotJoined,
        ),
        (
            r#"{"t":"join","id":1,"room":"nosuchroom"}"#,
            ErrorCode::UnknownRoom,
        ),
        (r#"{"t":"join","id":1,"room":"x"}"#, ErrorCode::BadField),
        (
            &format!(r#"{{"t":"join","id":1,"room":"{room}","token":"wrong-token-1234"}}"#),
            ErrorCode::BadToken,
        ),
        (
            r#"{"t":"claim","id":1,"code":"ZZZZ-ZZZZ"}"#,
            ErrorCode::BadCode,
        ),
        (
            r#"{"t":"create","id":1,"key":"k","side":"light","clock":null}"#,
            ErrorCode::BadField,
        ),
        (
            r#"{"t":"create","id":1,"key":"kkkkkkkk","side":"blue","clock":null}"#,
            ErrorCode::BadFrame,
        ),
    ] {
        assert_eq!(error_code(&mut ws, frame).await, code, "{frame}");
    }
    ws.send(Message::binary(vec![1, 2, 3])).await.unwrap();
    assert!(matches!(
        next(&mut ws).await,
        Ok(ServerMsg::Error {
            code: ErrorCode::BadFrame,
            ..
        })
    ));
    // A spectator's move, then a seated player's out of turn, stale, illegal.
    let j = format!(r#"{{"t":"join","id":2,"room":"{room}","watch":true}}"#);
    ws.send(Message::text(j)).await.unwrap();
    let mut last = 0;
    loop {
        match next(&mut ws).await.unwrap() {
            ServerMsg::Joined { role, last_seq, .. } => {
                assert_eq!(role, Role::Watch);
                last = last_seq;
            }
            ServerMsg::Event { seq, .. } if seq == last => break,
            _ => {}
        }
    }
    let ply = a.session.room().unwrap().state.ply();
    let mv = format!(r#"{{"t":"move","id":3,"ply":{ply},"action":"f1-f2"}}"#);
    assert_eq!(next_error(&mut ws, &mv).await, ErrorCode::NotSeated);
    drop(ws);

    let tb = token(&b);
    let mut ws = raw(&url).await;
    hello(&mut ws).await;
    let j = format!(r#"{{"t":"join","id":2,"room":"{room}","token":"{tb}","since":{before}}}"#);
    ws.send(Message::text(j)).await.unwrap();
    assert!(matches!(
        next(&mut ws).await,
        Ok(ServerMsg::Joined {
            role: Role::Dark,
            ..
        })
    ));
    // Light is to move (two plies played).
    let dark_move = a
        .session
        .room()
        .unwrap()
        .state
        .game
        .legal_actions()
        .sorted_texts()[0]
        .clone();
    let mv = format!(r#"{{"t":"move","id":4,"ply":{ply},"action":"{dark_move}"}}"#);
    assert_eq!(next_error(&mut ws, &mv).await, ErrorCode::NotYourTurn);
    assert_eq!(
        next_error(&mut ws, r#"{"t":"accept-draw","id":5}"#).await,
        ErrorCode::NoOffer
    );
    assert_eq!(
        next_error(&mut ws, r#"{"t":"rematch","id":6}"#).await,
        ErrorCode::NotOver
    );
    // Light's own illegal and stale moves.
    let ta = token(&a);
    let mut wl = raw(&url).await;
    hello(&mut wl).await;
    let j = format!(r#"{{"t":"join","id":2,"room":"{room}","token":"{ta}","since":{before}}}"#);
    wl.send(Message::text(j)).await.unwrap();
    assert!(matches!(
        next(&mut wl).await,
        Ok(ServerMsg::Joined {
            role: Role::Light,
            ..
        })
    ));
    let bad = format!(r#"{{"t":"move","id":7,"ply":{ply},"action":"f1-f9"}}"#);
    assert_eq!(next_error(&mut wl, &bad).await, ErrorCode::Illegal);
    let stale = format!(
        r#"{{"t":"move","id":8,"ply":{},"action":"{dark_move}"}}"#,
        ply - 1
    );
    assert_eq!(next_error(&mut wl, &stale).await, ErrorCode::Stale);
    drop(wl);

    // A flood: refused over the rate, then closed with a reason.
    let mut flood = raw(&url).await;
    hello(&mut flood).await;
    for _ in 0..200 {
        if flood
            .send(Message::text(r#"{"t":"lobby","id":9}"#))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut limited = 0;
    let close = loop {
        match next(&mut flood).await {
            Ok(ServerMsg::Error {
                code: ErrorCode::RateLimited,
                ..
            }) => limited += 1,
            Ok(_) => {}
            Err(c) => break c,
        }
    };
    // The server closes at its 100th refusal; the 99 before it are answered,
    // and none of the answers is lost in the hang-up.
    assert_eq!(limited, 99, "refusals answered before the close");
    assert_eq!(close.0, Some(u16::from(CloseCode::Policy)), "{close:?}");
    assert!(close.1.contains("flood"), "{close:?}");

    // An oversized frame: closed with 1009 and the size.
    let mut big = raw(&url).await;
    hello(&mut big).await;
    let pad = "x".repeat(MAX_FRAME_BYTES + 10);
    big.send(Message::text(format!(r#"{{"t":"ping","p":"{pad}"}}"#)))
        .await
        .unwrap();
    let close = next(&mut big).await.unwrap_err();
    assert_eq!(close.0, Some(1009), "{close:?}");
    // Over the socket's own limit (64 KiB): dropped at once.
    let mut huge = raw(&url).await;
    let _ = huge.send(Message::text("y".repeat(200_000))).await;
    assert!(next(&mut huge).await.is_err());
    // A wrong version: refused and closed.
    let mut old = raw(&url).await;
    old.send(Message::text(r#"{"t":"hello","v":99}"#))
        .await
        .unwrap();
    assert!(matches!(
        next(&mut old).await,
        Ok(ServerMsg::Error {
            code: ErrorCode::Version,
            ..
        })
    ));

    // Nothing changed, and the game goes on.
    assert_eq!(seq(&a), before);
    play_plies(&mut a, &mut b, 4, 2).await.unwrap();
    assert_eq!(seq(&a), before + 4);
}

/// The next error, skipping the presence and events that may come first.
async fn next_error(ws: &mut Ws, frame: &str) -> ErrorCode {
    ws.send(Message::text(frame.to_string())).await.unwrap();
    loop {
        match next(ws).await {
            Ok(ServerMsg::Error { code, .. }) => return code,
            Ok(_) => continue,
            Err(e) => panic!("{frame}: closed {e:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_actions_racing_for_one_turn_one_wins() {
    let dir = TempDir::new("race");
    let db = dir.path().join("agon.db").display().to_string();
    let server = Server::start(&["--db", &db], None);
    let url = server.url();
    let mut a = Driver::new(&url, 600);
    a.session.create(SideChoice::Light, None, false);
    a.run_until(WAIT, "a's seat", joined).await.unwrap();
    let room = a.session.room().unwrap().id.clone();
    let mut b = Driver::new(&url, 601);
    b.session.join(&room, None, false);
    run_all(&mut [&mut a, &mut b], "the start", started)
        .await
        .unwrap();
    // Light's seat on a second device, both sending a different move.
    let mut a2 = Driver::new(&url, 602);
    a2.session.join(&room, Some(&token(&a)), false);
    a2.run_until(WAIT, "the second device", joined)
        .await
        .unwrap();
    for round in 0..5u64 {
        let moves = a
            .session
            .room()
            .unwrap()
            .state
            .game
            .legal_actions()
            .sorted_texts();
        let (m1, m2) = (moves[0].clone(), moves[moves.len() - 1].clone());
        let s = seq(&a);
        a.session.play(&m1).unwrap();
        a2.session.play(&m2).unwrap();
        a.step(Duration::from_millis(1)).await;
        a2.step(Duration::from_millis(1)).await;
        run_all(&mut [&mut a, &mut a2, &mut b], "both answered", |d| {
            d.session.unacknowledged() == 0 && seq(d) > s
        })
        .await
        .unwrap();
        assert_eq!(
            seq(&a),
            s + 1,
            "exactly one move was played (round {round})"
        );
        let played = actions(&a).last().cloned().unwrap();
        assert!(played == m1 || played == m2);
        let loser = if played == m1 { &a2 } else { &a };
        let last = loser.seen.iter().rev().find_map(|n| match n {
            agon_wire::Notice::Refused { code, .. } => Some(*code),
            _ => None,
        });
        assert_eq!(
            last,
            Some(ErrorCode::Stale),
            "the other was refused clearly"
        );
        // Dark answers.
        let reply = pick_action(&b, round);
        b.session.play(&reply).unwrap();
        run_all(&mut [&mut a, &mut a2, &mut b], "dark's move", |d| {
            seq(d) >= s + 2
        })
        .await
        .unwrap();
        for d in [&mut a, &mut a2] {
            d.seen.clear();
        }
    }
    assert_eq!(actions(&a), actions(&a2));
}

/// Random frames: anything, or a known kind with random fields.
fn frame() -> impl Strategy<Value = String> {
    let kinds = prop::sample::select(agon_wire::CLIENT_KINDS.to_vec());
    let value = prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        "[a-z0-9-]{0,12}".prop_map(|s| format!("{s:?}")),
        Just("null".to_string()),
        Just("{\"minutes\":5,\"increment\":3}".to_string()),
        Just("[1,2]".to_string()),
        any::<f64>().prop_map(|f| format!("{f:?}")),
    ];
    let field = prop::sample::select(vec![
        "id", "v", "key", "side", "clock", "room", "token", "since", "watch", "code", "ply",
        "action", "listed", "x",
    ]);
    prop_oneof![
        ".{0,200}",
        (kinds, prop::collection::vec((field, value), 0..6)).prop_map(|(k, fields)| {
            let mut s = format!("{{\"t\":\"{k}\"");
            for (f, v) in fields {
                s.push_str(&format!(",\"{f}\":{v}"));
            }
            s.push('}');
            s
        }),
    ]
}

/// Random frames on one connection per case; the server, a child process,
/// is killed at the end by its guard, even on failure.
#[test]
fn random_frames_never_break_the_server() {
    use proptest::test_runner::{Config, TestRunner};
    let dir = TempDir::new("fuzz");
    let db = dir.path().join("agon.db").display().to_string();
    let server = Server::start(&["--db", &db, "--rate", "10000", "--burst", "10000"], None);
    let url = server.url();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut runner = TestRunner::new(Config {
        cases: 48,
        ..Config::default()
    });
    let strategy = prop::collection::vec(frame(), 1..24);
    let result = runner.run(&strategy, |frames| {
        rt.block_on(async {
            let mut ws = raw(&url).await;
            hello(&mut ws).await;
            for f in &frames {
                if ws.send(Message::text(f.clone())).await.is_err() {
                    break;
                }
            }
            // Every frame is answered or the connection closed with a reason;
            // then a fresh client is still served.
            let _ = ws.send(Message::text(r#"{"t":"ping"}"#)).await;
            loop {
                match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
                    Ok(Some(Ok(Message::Text(t)))) => {
                        let m = parse_server(t.as_str()).expect("the server's frames parse");
                        if matches!(m, ServerMsg::Pong { .. }) {
                            break;
                        }
                    }
                    Ok(Some(Ok(_))) => {}
                    Ok(None) | Ok(Some(Err(_))) => break,
                    Err(_) => panic!("no answer to {frames:?}"),
                }
            }
            let mut probe = raw(&url).await;
            hello(&mut probe).await;
        });
        Ok(())
    });
    result.unwrap();
    drop(server);
}
