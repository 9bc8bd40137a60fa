//! Live play through the real server (a child process) on SQLite: whole
//! games between WebSocket clients on loopback, a server killed with
//! SIGKILL mid-game, claim codes, draws, rematches, abandonment.

mod common;

use std::time::Duration;

use agon_rules::Side;
use agon_server::client::Driver;
use agon_server::store::{SqliteStore, Store};
use agon_wire::{ClockSpec, EndReason, ErrorCode, Event, Notice, Role, SideChoice};
use common::*;

fn db_args(dir: &TempDir) -> Vec<String> {
    vec![
        "--db".into(),
        dir.path().join("agon.db").display().to_string(),
    ]
}

/// A creator (Light) and a joiner by link (Dark), both live and started.
async fn pair(url: &str, clock: Option<ClockSpec>, seed: u64) -> (Driver, Driver) {
    // Seeds make the ids and keys: the same seed twice would be the same
    // `create` (idempotent), answered with the same room.
    let mut a = Driver::new(url, seed);
    a.session.create(SideChoice::Light, clock, false);
    a.run_until(WAIT, "the creator's seat", joined)
        .await
        .unwrap();
    assert_eq!(role(&a), Role::Light);
    let room = a.session.room().unwrap().id.clone();
    let mut b = Driver::new(url, seed + 1);
    b.session.join(&room, None, false);
    run_all(&mut [&mut a, &mut b], "the game's start", started)
        .await
        .unwrap();
    assert_eq!(role(&b), Role::Dark);
    (a, b)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_between_two_clients_and_a_spectator() {
    let dir = TempDir::new("whole");
    let args = db_args(&dir);
    let server = Server::start(&args.iter().map(String::as_str).collect::<Vec<_>>(), None);
    let clock = ClockSpec {
        minutes: 5,
        increment: 3,
    };
    let (mut a, mut b) = pair(&server.url(), Some(clock), 100).await;
    let room = a.session.room().unwrap().id.clone();
    // Tokens are given once, to their seat; claim codes shown to players.
    let ta = token(&a);
    let tb = token(&b);
    assert_ne!(ta, tb);
    assert!(a.session.room().unwrap().claim.is_some());
    let mut w = Driver::new(&server.url(), 3);
    w.session.join(&room, None, false);
    w.run_until(WAIT, "the spectator", joined).await.unwrap();
    assert_eq!(role(&w), Role::Watch, "later visitors watch");
    assert!(w.session.room().unwrap().token.is_none());
    run_all(&mut [&mut a, &mut b], "a watcher counted", |d| {
        d.session.room().unwrap().presence.watchers == 1
    })
    .await
    .unwrap();

    let played = play_plies(&mut a, &mut b, 60, 7).await.unwrap();
    assert!(played > 0);
    if !a.session.room().unwrap().state.is_over() {
        // Dark offers a draw, Light declines, then Light resigns.
        b.session.offer_draw().unwrap();
        let s = seq(&a) + 1;
        run_all(&mut [&mut a, &mut b], "the offer", |d| seq(d) >= s)
            .await
            .unwrap();
        assert_eq!(a.session.room().unwrap().state.draw_offer, Some(Side::Dark));
        a.session.decline_draw().unwrap();
        let s = seq(&a) + 1;
        run_all(&mut [&mut a, &mut b], "the decline", |d| seq(d) >= s)
            .await
            .unwrap();
        a.session.resign().unwrap();
        let s = seq(&a) + 1;
        run_all(&mut [&mut a, &mut b], "the resignation", |d| seq(d) >= s)
            .await
            .unwrap();
        assert_eq!(
            a.session.room().unwrap().state.result(),
            Some((Some(Side::Dark), "resignation"))
        );
    }
    let last = seq(&a);
    w.run_until(WAIT, "the spectator to catch up", |d| seq(d) == last)
        .await
        .unwrap();
    assert_eq!(actions(&a), actions(&b));
    assert_eq!(actions(&a), actions(&w));
    assert_eq!(
        events_seen(&a),
        events_seen(&w),
        "everyone saw the same events"
    );
    let seqs: Vec<u64> = events_seen(&a).iter().map(|(s, _)| *s).collect();
    assert_eq!(
        seqs,
        (1..=last).collect::<Vec<_>>(),
        "numbered without gaps"
    );
    // Clocks: every move carried both clocks, Light's below 5 minutes + increments.
    for (_, e) in events_seen(&a) {
        if let Event::Move { clock, .. } = e {
            let c = clock.expect("a clocked game's moves carry the clocks");
            assert!(c.light_ms <= 300_000 + 3_000 * 60);
        }
    }
    // A move once it is over is refused, and changes nothing.
    assert!(a.session.play("f1-f2").is_err());

    // The database holds every action once.
    let store = SqliteStore::open(&dir.path().join("agon.db")).unwrap();
    let stored = store.events(&room, 0).await.unwrap();
    assert_eq!(stored.len() as u64, last);
    let moves = stored
        .iter()
        .filter(|e| matches!(e.event, Event::Move { .. }))
        .count();
    assert_eq!(moves, actions(&a).len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_mid_game_loses_no_action() {
    let dir = TempDir::new("kill");
    let args = db_args(&dir);
    let mut server = Server::start(&args.iter().map(String::as_str).collect::<Vec<_>>(), None);
    let (mut a, mut b) = pair(&server.url(), None, 200).await;
    play_plies(&mut a, &mut b, 6, 11).await.unwrap();
    let before = seq(&a);
    // A move goes out and the server dies at once: acknowledged or not, it
    // is either stored (and then acknowledged on reconnection) or resent.
    let mover = if side(&a) == a.session.room().unwrap().state.game.position().to_move() {
        &mut a
    } else {
        &mut b
    };
    let action = pick_action(mover, 99);
    mover.session.play(&action).unwrap();
    mover.step(Duration::from_millis(1)).await;
    server.kill();
    for _ in 0..5 {
        a.step(Duration::from_millis(20)).await;
        b.step(Duration::from_millis(20)).await;
    }
    assert!(
        !a.is_connected() && !b.is_connected(),
        "both saw the server go"
    );
    server.restart();
    run_all(&mut [&mut a, &mut b], "the move after the restart", |d| {
        seq(d) == before + 1 && d.session.unacknowledged() == 0 && joined(d)
    })
    .await
    .unwrap();
    assert_eq!(actions(&a).last(), Some(&action));
    assert!(
        a.seen
            .iter()
            .any(|n| matches!(n, Notice::Disconnected { .. })),
        "the drop was noticed"
    );
    // The game goes on where it was, with the same seats.
    play_plies(&mut a, &mut b, 6, 12).await.unwrap();
    assert_eq!(actions(&a), actions(&b));
    // Killed again right after a few more actions: nothing lost, nothing twice.
    let n = actions(&a).len();
    server.restart();
    run_all(&mut [&mut a, &mut b], "the rejoin", |d| {
        joined(d) && seq(d) >= 1
    })
    .await
    .unwrap();
    play_plies(&mut a, &mut b, 2, 13).await.unwrap();
    assert_eq!(actions(&a).len(), n + 2);
    let store = SqliteStore::open(&dir.path().join("agon.db")).unwrap();
    let room = a.session.room().unwrap().id.clone();
    let stored = store.events(&room, 0).await.unwrap();
    assert_eq!(stored.len() as u64, seq(&a));
    let stored_moves: Vec<String> = stored
        .iter()
        .filter_map(|e| match &e.event {
            Event::Move { action, .. } => Some(action.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(stored_moves, actions(&a));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_code_takes_the_seat_to_another_device_and_a_rematch_swaps_sides() {
    let dir = TempDir::new("claim");
    let args = db_args(&dir);
    let server = Server::start(&args.iter().map(String::as_str).collect::<Vec<_>>(), None);
    let (mut a, mut b) = pair(&server.url(), None, 300).await;
    play_plies(&mut a, &mut b, 2, 5).await.unwrap();
    let code = a.session.room().unwrap().claim.clone().unwrap();
    assert_eq!(code.len(), 9, "shown as XXXX-XXXX: {code}");
    // A's phone, with only the code.
    let mut phone = Driver::new(&server.url(), 9);
    phone.session.claim(&code.to_lowercase());
    phone
        .run_until(WAIT, "the claimed seat", joined)
        .await
        .unwrap();
    assert_eq!(role(&phone), Role::Light);
    assert_eq!(token(&phone), token(&a));
    assert_eq!(actions(&phone), actions(&a));
    play_plies(&mut phone, &mut b, 2, 6).await.unwrap();
    // A wrong code and a wrong token are refused, and change nothing.
    let mut thief = Driver::new(&server.url(), 10);
    thief.session.claim("AAAA-AAAA");
    thief
        .run_until(WAIT, "the refusal", |d| !refusals(d).is_empty())
        .await
        .unwrap();
    assert_eq!(refusals(&thief), vec![ErrorCode::BadCode]);
    let room = a.session.room().unwrap().id.clone();
    thief.session.join(&room, Some("not-the-token-0000"), false);
    thief
        .run_until(WAIT, "the refusal", |d| refusals(d).len() == 2)
        .await
        .unwrap();
    assert_eq!(refusals(&thief)[1], ErrorCode::BadToken);

    // Draw by agreement, then a rematch with sides swapped.
    phone.session.offer_draw().unwrap();
    let s = seq(&b) + 1;
    run_all(&mut [&mut phone, &mut b], "the offer", |d| seq(d) >= s)
        .await
        .unwrap();
    b.session.accept_draw().unwrap();
    let s = seq(&b) + 1;
    run_all(&mut [&mut phone, &mut b], "the agreement", |d| seq(d) >= s)
        .await
        .unwrap();
    assert_eq!(
        b.session.room().unwrap().state.result(),
        Some((None, "agreement"))
    );
    assert!(b.session.play("f1-f2").is_err());
    b.session.rematch().unwrap();
    let s = seq(&b) + 1;
    run_all(&mut [&mut phone, &mut b], "the offer", |d| seq(d) >= s)
        .await
        .unwrap();
    phone.session.rematch().unwrap();
    run_all(&mut [&mut phone, &mut b], "the rematch", |d| {
        d.session.room().unwrap().state.rematch.is_some()
    })
    .await
    .unwrap();
    assert!(phone.session.join_rematch());
    assert!(b.session.join_rematch());
    run_all(&mut [&mut phone, &mut b], "the rematch's start", |d| {
        joined(d) && started(d)
    })
    .await
    .unwrap();
    assert_eq!(role(&phone), Role::Dark, "sides swapped");
    assert_eq!(role(&b), Role::Light);
    play_plies(&mut phone, &mut b, 2, 8).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_gone_past_the_grace_loses_only_with_a_clock() {
    let dir = TempDir::new("grace");
    let mut args = db_args(&dir);
    args.extend(["--grace-secs".to_string(), "1".to_string()]);
    let server = Server::start(&args.iter().map(String::as_str).collect::<Vec<_>>(), None);
    // Without a clock the game waits.
    let (mut a, mut b) = pair(&server.url(), None, 400).await;
    b.session.stop();
    b.step(Duration::from_millis(1)).await;
    drop(b);
    a.run_until(WAIT, "Dark gone", |d| {
        !d.session.room().unwrap().presence.dark
    })
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(1200)).await;
    a.session.claim_win().unwrap();
    a.run_until(WAIT, "the refusal", |d| !refusals(d).is_empty())
        .await
        .unwrap();
    assert_eq!(refusals(&a), vec![ErrorCode::NoClock]);

    // With a clock: too early, then the win.
    let clock = ClockSpec {
        minutes: 10,
        increment: 0,
    };
    let (mut a, mut b) = pair(&server.url(), Some(clock), 500).await;
    a.session.claim_win().unwrap();
    a.run_until(WAIT, "the refusal", |d| !refusals(d).is_empty())
        .await
        .unwrap();
    assert_eq!(refusals(&a), vec![ErrorCode::OpponentPresent]);
    b.drop_connection();
    drop(b);
    a.run_until(WAIT, "Dark gone", |d| {
        !d.session.room().unwrap().presence.dark
    })
    .await
    .unwrap();
    a.session.claim_win().unwrap();
    a.run_until(WAIT, "the refusal", |d| refusals(d).len() == 2)
        .await
        .unwrap();
    assert_eq!(refusals(&a)[1], ErrorCode::TooEarly);
    tokio::time::sleep(Duration::from_millis(1100)).await;
    a.session.claim_win().unwrap();
    a.run_until(WAIT, "the win", |d| {
        d.session.room().unwrap().state.is_over()
    })
    .await
    .unwrap();
    assert_eq!(
        a.session.room().unwrap().state.end,
        Some((Some(Side::Light), EndReason::Abandonment))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_open_games_and_quick_pairing_matches_clocks() {
    let dir = TempDir::new("lobby");
    let args = db_args(&dir);
    let server = Server::start(&args.iter().map(String::as_str).collect::<Vec<_>>(), None);
    let c53 = Some(ClockSpec {
        minutes: 5,
        increment: 3,
    });
    let mut open = Driver::new(&server.url(), 20);
    open.session.create(SideChoice::Dark, None, true);
    open.run_until(WAIT, "the open game", joined).await.unwrap();
    let mut looker = Driver::new(&server.url(), 21);
    looker.session.lobby();
    looker
        .run_until(WAIT, "the lobby", |d| {
            d.seen.iter().any(|n| matches!(n, Notice::Lobby(_)))
        })
        .await
        .unwrap();
    let games = looker
        .seen
        .iter()
        .find_map(|n| match n {
            Notice::Lobby(g) => Some(g.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].free, Side::Light);
    assert_eq!(games[0].room, open.session.room().unwrap().id);

    let mut s1 = Driver::new(&server.url(), 22);
    s1.session.seek(c53);
    s1.run_until(WAIT, "a seek", joined).await.unwrap();
    let mut s2 = Driver::new(&server.url(), 23);
    s2.session.seek(None);
    s2.run_until(WAIT, "another clock's seek", joined)
        .await
        .unwrap();
    assert_ne!(
        s2.session.room().unwrap().id,
        s1.session.room().unwrap().id,
        "no clock is not 5+3"
    );
    let mut s3 = Driver::new(&server.url(), 24);
    s3.session.seek(c53);
    run_all(&mut [&mut s1, &mut s3], "the pairing", |d| {
        joined(d) && started(d)
    })
    .await
    .unwrap();
    assert_eq!(s1.session.room().unwrap().id, s3.session.room().unwrap().id);
    assert_ne!(role(&s1), role(&s3));
    play_plies(&mut s1, &mut s3, 2, 1).await.unwrap();
}

/// One HTTP/1.1 request over a plain socket; the status line and headers.
async fn http_get(port: u16, path: &str, headers: &str) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{headers}\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (head.to_ascii_lowercase(), body.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_also_serves_the_web_build() {
    let dir = TempDir::new("dist");
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(&dist).unwrap();
    std::fs::write(dist.join("index.html"), "<html>agon</html>").unwrap();
    std::fs::write(dist.join("agon_bg.wasm"), "plain").unwrap();
    std::fs::write(dist.join("agon_bg.wasm.br"), "brotli").unwrap();
    let db = dir.path().join("agon.db").display().to_string();
    let server = Server::start(&["--db", &db, "--dist", &dist.display().to_string()], None);
    let (head, body) = http_get(server.port, "/?online=abcdefgh", "").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("content-type: text/html"));
    assert_eq!(body, "<html>agon</html>");
    let (head, body) = http_get(
        server.port,
        "/agon_bg.wasm",
        "Accept-Encoding: gzip, br\r\n",
    )
    .await;
    assert!(head.contains("content-type: application/wasm"), "{head}");
    assert!(head.contains("content-encoding: br"));
    assert!(head.contains("vary: accept-encoding"));
    assert!(head.contains("cache-control: no-cache"));
    assert_eq!(body, "brotli");
    let (head, body) = http_get(server.port, "/agon_bg.wasm", "").await;
    assert!(!head.contains("content-encoding"));
    assert_eq!(body, "plain");
    let etag = head
        .lines()
        .find_map(|l| l.strip_prefix("etag: "))
        .unwrap()
        .to_string();
    let (head, _) = http_get(
        server.port,
        "/agon_bg.wasm",
        &format!("If-None-Match: {etag}\r\n"),
    )
    .await;
    assert!(head.starts_with("http/1.1 304"), "{head}");
    let (head, _) = http_get(server.port, "/nothing.js", "").await;
    assert!(head.starts_with("http/1.1 404"), "{head}");
    let (head, _) = http_get(server.port, "/%2e%2e/agon.db", "").await;
    assert!(head.starts_with("http/1.1 404"), "{head}");
    let (head, body) = http_get(server.port, "/healthz", "").await;
    assert!(head.starts_with("http/1.1 200"));
    assert_eq!(body, "ok\n");
}
