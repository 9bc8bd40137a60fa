//! Many machines: two nodes on one throw-away PostgreSQL and one Redis, a
//! player on each, a whole game; then one node is killed (SIGKILL) and its
//! player reconnects to the other. Actions racing for one turn on the two
//! nodes: the database lets exactly one win.

mod common;

use std::time::Duration;

use agon_server::client::Driver;
use agon_server::store::{PgStore, Store};
use agon_wire::{ClockSpec, ErrorCode, Event, Notice, Role, SideChoice};
use common::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_share_a_game_and_survive_one_dying() {
    let pg = Postgres::start();
    let redis = Redis::start();
    let (db, broker) = (pg.url(), redis.url());
    let args = ["--db", db.as_str(), "--broker", broker.as_str()];
    let mut n1 = Server::start(&args, None);
    let n2 = Server::start(&args, None);

    let clock = ClockSpec {
        minutes: 10,
        increment: 5,
    };
    let mut a = Driver::new(&n1.url(), 700);
    a.session.create(SideChoice::Light, Some(clock), false);
    a.run_until(WAIT, "a's seat on node 1", joined)
        .await
        .unwrap();
    let room = a.session.room().unwrap().id.clone();
    let mut b = Driver::new(&n2.url(), 701);
    b.session.join(&room, None, false);
    run_all(&mut [&mut a, &mut b], "the start across nodes", started)
        .await
        .unwrap();
    assert_eq!(role(&b), Role::Dark);
    // A spectator on node 2 is counted on node 1.
    let mut w = Driver::new(&n2.url(), 702);
    w.session.join(&room, None, true);
    w.run_until(WAIT, "the spectator", joined).await.unwrap();
    a.run_until(WAIT, "the watcher counted", |d| {
        d.session.room().unwrap().presence.watchers == 1
    })
    .await
    .unwrap();

    let played = play_plies(&mut a, &mut b, 30, 3).await.unwrap();
    assert!(played > 0);
    assert_eq!(actions(&a), actions(&b));
    let live_moves = a
        .seen
        .iter()
        .filter(|n| {
            matches!(
                n,
                Notice::Event {
                    live: true,
                    event: Event::Move { .. },
                    ..
                }
            )
        })
        .count();
    assert_eq!(
        live_moves, played as usize,
        "every move arrived live across nodes"
    );

    // Node 1 dies; node 2 stops counting its player once node 1 has been
    // silent past NODE_DEAD_MS (10 s), then its player comes back through
    // node 2.
    n1.kill();
    b.run_until(Duration::from_secs(30), "light gone with its node", |d| {
        !d.session.room().unwrap().presence.light
    })
    .await
    .unwrap();
    a.set_url(&n2.url());
    run_all(&mut [&mut a, &mut b], "a back on node 2", |d| {
        joined(d) && d.session.room().unwrap().presence.light
    })
    .await
    .unwrap();
    if !a.session.room().unwrap().state.is_over() {
        play_plies(&mut a, &mut b, 6, 4).await.unwrap();
        a.session.resign().unwrap();
        let s = seq(&a) + 1;
        run_all(&mut [&mut a, &mut b], "the resignation", |d| seq(d) >= s)
            .await
            .unwrap();
    }
    assert!(b.session.room().unwrap().state.is_over());
    assert_eq!(actions(&a), actions(&b));
    let last = seq(&a);
    w.run_until(WAIT, "the spectator's last event", |d| seq(d) == last)
        .await
        .unwrap();
    assert_eq!(actions(&w), actions(&a));

    // PostgreSQL has every event once, in order.
    let store = PgStore::open(&db).await.unwrap();
    let stored = store.events(&room, 0).await.unwrap();
    assert_eq!(stored.len() as u64, last);
    assert!(
        stored
            .iter()
            .enumerate()
            .all(|(i, e)| e.seq == i as u64 + 1)
    );
    drop(n2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn actions_racing_on_two_nodes_one_wins_the_other_is_refused() {
    let pg = Postgres::start();
    let redis = Redis::start();
    let (db, broker) = (pg.url(), redis.url());
    let args = ["--db", db.as_str(), "--broker", broker.as_str()];
    let n1 = Server::start(&args, None);
    let n2 = Server::start(&args, None);
    let mut a = Driver::new(&n1.url(), 800);
    a.session.create(SideChoice::Light, None, false);
    a.run_until(WAIT, "a's seat", joined).await.unwrap();
    let room = a.session.room().unwrap().id.clone();
    let mut b = Driver::new(&n1.url(), 801);
    b.session.join(&room, None, false);
    run_all(&mut [&mut a, &mut b], "the start", started)
        .await
        .unwrap();
    // Light's seat on node 2 too.
    let mut a2 = Driver::new(&n2.url(), 802);
    a2.session.join(&room, Some(&token(&a)), false);
    a2.run_until(WAIT, "the second device", joined)
        .await
        .unwrap();
    let mut wins = [0u32; 2];
    for round in 0..6u64 {
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
        // Both frames leave before either answer is read.
        a.step(Duration::from_millis(0)).await;
        a2.step(Duration::from_millis(0)).await;
        run_all(&mut [&mut a, &mut a2, &mut b], "both answered", |d| {
            d.session.unacknowledged() == 0 && seq(d) > s
        })
        .await
        .unwrap();
        assert_eq!(seq(&a), s + 1, "exactly one of the two was played");
        assert_eq!(seq(&a2), s + 1);
        let played = actions(&a).last().cloned().unwrap();
        let loser = if played == m1 {
            wins[0] += 1;
            &a2
        } else {
            wins[1] += 1;
            &a
        };
        let refused = refusals(loser);
        assert_eq!(refused.last(), Some(&ErrorCode::Stale), "round {round}");
        let reply = pick_action(&b, round);
        b.session.play(&reply).unwrap();
        run_all(&mut [&mut a, &mut a2, &mut b], "dark's reply", |d| {
            seq(d) >= s + 2
        })
        .await
        .unwrap();
        a.seen.clear();
        a2.seen.clear();
    }
    assert_eq!(actions(&a), actions(&a2));
    assert_eq!(actions(&a), actions(&b));
    let store = PgStore::open(&db).await.unwrap();
    let stored = store.events(&room, 0).await.unwrap();
    assert_eq!(stored.len() as u64, seq(&a), "no refused move was stored");
    eprintln!("races won by node 1: {}, node 2: {}", wins[0], wins[1]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stores_decide_races_directly() {
    use agon_rules::Side;
    use agon_server::store::{AppendError, RoomRow, Seat, StoredEvent};
    use agon_wire::RoomConfig;
    let pg = Postgres::start();
    let store = PgStore::open(&pg.url()).await.unwrap();
    let mut seats: [Seat; 2] = Default::default();
    seats[0].token = Some("tokentoken".into());
    seats[0].claim = Some("AAAABBBB".into());
    let row = RoomRow {
        id: "room0001".into(),
        config: RoomConfig {
            clock: None,
            start: agon_rules::START_AFN.into(),
        },
        listed: 1,
        created_ms: 1,
        seats,
    };
    assert_eq!(
        store
            .create_room(&row, "key-one", Side::Light)
            .await
            .unwrap(),
        ("room0001".to_string(), Side::Light)
    );
    // The same key again: the same room, nothing new stored.
    let mut other = row.clone();
    other.id = "room0002".into();
    assert_eq!(
        store
            .create_room(&other, "key-one", Side::Light)
            .await
            .unwrap(),
        ("room0001".to_string(), Side::Light)
    );
    assert!(store.room("room0002").await.unwrap().is_none());
    // A free seat is taken once.
    assert!(
        store
            .take_seat("room0001", Side::Dark, "t2t2t2t2", "CCCCDDDD", None)
            .await
            .unwrap()
    );
    assert!(
        !store
            .take_seat("room0001", Side::Dark, "t3t3t3t3", "EEEEFFFF", None)
            .await
            .unwrap()
    );
    let ev = |seq, id| StoredEvent {
        seq,
        at_ms: 5,
        side: Some(Side::Light),
        client_id: Some(id),
        event: Event::DrawOffer { side: Side::Light },
    };
    store.append("room0001", &ev(1, 10)).await.unwrap();
    assert_eq!(
        store.append("room0001", &ev(1, 11)).await,
        Err(AppendError::Taken)
    );
    assert_eq!(
        store.append("room0001", &ev(2, 10)).await,
        Err(AppendError::Duplicate(1))
    );
    assert_eq!(store.events("room0001", 0).await.unwrap().len(), 1);
    assert_eq!(
        store.claim("CCCCDDDD").await.unwrap(),
        Some(("room0001".into(), Side::Dark, "t2t2t2t2".into()))
    );
}
