use super::*;
use crate::msg::{ClockSpec, RoomConfig, parse_client};
use agon_rules::START_AFN;

fn sent(s: &mut Session) -> Vec<ClientMsg> {
    s.take_outgoing()
        .iter()
        .map(|t| parse_client(t).expect("the session sends valid frames"))
        .collect()
}

fn feed(s: &mut Session, m: ServerMsg, now: u64) {
    s.on_text(&m.to_json(), now);
}

fn welcome() -> ServerMsg {
    ServerMsg::Welcome {
        v: VERSION,
        server: "test".into(),
        grace_ms: 1000,
        rate_per_s: 20,
        burst: 40,
    }
}

fn joined(id: u64, last_seq: u64, token: Option<&str>) -> ServerMsg {
    ServerMsg::Joined {
        id,
        room: "room0001".into(),
        role: Role::Light,
        token: token.map(str::to_string),
        claim: Some("K7QM-3XTP".into()),
        config: RoomConfig {
            clock: None,
            start: START_AFN.into(),
        },
        last_seq,
        clock: None,
        running: None,
        presence: Presence::default(),
    }
}

fn event(seq: u64, event: Event) -> ServerMsg {
    ServerMsg::Event {
        room: "room0001".into(),
        seq,
        at_ms: 0,
        event,
    }
}

fn mv(side: Side, action: &str) -> Event {
    Event::Move {
        side,
        action: action.into(),
        clock: None,
    }
}

fn join_id(msgs: &[ClientMsg]) -> (u64, u64, Option<String>) {
    msgs.iter()
        .find_map(|m| match m {
            ClientMsg::Join {
                id, since, token, ..
            } => Some((*id, *since, token.clone())),
            _ => None,
        })
        .expect("a join")
}

/// A session in room0001 as Light, live after events 1..=`upto`.
fn live(upto: u64) -> Session {
    let mut s = Session::new(SessionConfig::new(42));
    s.join("room0001", Some("tok-tok-tok"), false);
    assert_eq!(s.tick(0), Some(Transport::Connect));
    s.on_open(0);
    assert_eq!(sent(&mut s), vec![ClientMsg::Hello { v: VERSION }]);
    feed(&mut s, welcome(), 1);
    let (id, since, token) = join_id(&sent(&mut s));
    assert_eq!((since, token.as_deref()), (0, Some("tok-tok-tok")));
    feed(&mut s, joined(id, upto, None), 2);
    let evs = [
        Event::Start { clock: None },
        mv(Side::Light, "f1-f2"),
        mv(Side::Dark, "f11-f10"),
    ];
    for seq in 1..=upto {
        feed(&mut s, event(seq, evs[(seq - 1) as usize].clone()), 3);
    }
    assert_eq!(s.link(), Link::Live);
    s.take_notices();
    s
}

#[test]
fn it_greets_joins_catches_up_and_goes_live() {
    let mut s = Session::new(SessionConfig::new(1));
    assert_eq!(s.tick(0), None, "idle until asked");
    s.create(
        SideChoice::Light,
        Some(ClockSpec {
            minutes: 5,
            increment: 3,
        }),
        true,
    );
    assert_eq!(s.tick(5), Some(Transport::Connect));
    s.on_open(10);
    assert_eq!(sent(&mut s), vec![ClientMsg::Hello { v: VERSION }]);
    feed(&mut s, welcome(), 20);
    let create = sent(&mut s);
    let ClientMsg::Create { id, .. } = create[0] else {
        panic!("{create:?}")
    };
    feed(&mut s, joined(id, 1, Some("new-token-1")), 30);
    feed(&mut s, event(1, Event::Start { clock: None }), 31);
    let n = s.take_notices();
    assert!(n.contains(&Notice::Joined {
        room: "room0001".into(),
        role: Role::Light,
        token: Some("new-token-1".into()),
        claim: Some("K7QM-3XTP".into()),
    }));
    assert!(n.iter().any(|n| matches!(
        n,
        Notice::Event {
            seq: 1,
            live: false,
            ..
        }
    )));
    assert!(n.contains(&Notice::Synced { seq: 1 }));
    assert_eq!(s.link(), Link::Live);
    assert_eq!(s.room().unwrap().token.as_deref(), Some("new-token-1"));
}

#[test]
fn an_action_is_resent_after_a_drop_until_acknowledged() {
    let mut s = live(1);
    let id = s.play("f1-f2").unwrap();
    assert!(matches!(sent(&mut s)[..], [ClientMsg::Move { id: i, ply: 0, .. }] if i == id));
    assert!(s.play("f1-f3").is_err(), "one move on its way at a time");
    s.on_closed(100);
    assert!(matches!(s.link(), Link::Offline { retry_at_ms } if retry_at_ms > 100));
    assert_eq!(s.tick(101), None, "the back-off is kept");
    assert_eq!(s.tick(100 + 300), Some(Transport::Connect));
    s.on_open(400);
    sent(&mut s);
    feed(&mut s, welcome(), 401);
    let (jid, since, token) = join_id(&sent(&mut s));
    assert_eq!(since, 1, "asks only for what it missed");
    assert_eq!(token.as_deref(), Some("tok-tok-tok"));
    assert!(sent(&mut s).is_empty(), "actions wait for the join");
    feed(&mut s, joined(jid, 1, None), 402);
    let again = sent(&mut s);
    assert!(
        matches!(again[..], [ClientMsg::Move { id: i, .. }] if i == id),
        "the same id again: {again:?}"
    );
    feed(&mut s, event(2, mv(Side::Light, "f1-f2")), 403);
    feed(&mut s, ServerMsg::Ack { id, seq: Some(2) }, 404);
    assert_eq!(s.unacknowledged(), 0);
    assert!(
        s.take_notices()
            .contains(&Notice::Acked { id, seq: Some(2) })
    );
}

#[test]
fn a_gap_asks_for_what_was_missed_and_duplicates_are_dropped() {
    let mut s = live(1);
    feed(&mut s, event(3, mv(Side::Dark, "f11-f10")), 10);
    let asked = sent(&mut s);
    assert!(
        matches!(asked[..], [ClientMsg::Resync { since: 1, .. }]),
        "{asked:?}"
    );
    feed(&mut s, event(3, mv(Side::Dark, "f11-f10")), 11);
    assert!(sent(&mut s).is_empty(), "asked once");
    assert_eq!(s.room().unwrap().state.seq, 1);
    feed(&mut s, event(2, mv(Side::Light, "f1-f2")), 12);
    feed(&mut s, event(3, mv(Side::Dark, "f11-f10")), 13);
    feed(&mut s, event(2, mv(Side::Light, "f1-f2")), 14);
    assert_eq!(s.room().unwrap().state.seq, 3);
    let seqs: Vec<u64> = s
        .take_notices()
        .iter()
        .filter_map(|n| match n {
            Notice::Event { seq, .. } => Some(*seq),
            _ => None,
        })
        .collect();
    assert_eq!(seqs, vec![2, 3], "each event once, in order");
}

#[test]
fn a_silent_connection_is_closed_and_refusals_end_actions() {
    let mut s = live(1);
    assert_eq!(s.tick(10_000), None);
    assert!(matches!(sent(&mut s)[..], [ClientMsg::Ping {}]));
    assert_eq!(s.tick(30_003), Some(Transport::Close));
    assert!(matches!(s.link(), Link::Offline { .. }));
    let mut s = live(1);
    let id = s.play("f1-f2").unwrap();
    feed(
        &mut s,
        ServerMsg::Error {
            id: Some(id),
            code: ErrorCode::Stale,
            message: "moved on".into(),
        },
        5,
    );
    assert_eq!(s.unacknowledged(), 0);
    // Held after rate-limited, then sent again.
    let id = s.resign().unwrap();
    sent(&mut s);
    feed(
        &mut s,
        ServerMsg::Error {
            id: Some(id),
            code: ErrorCode::RateLimited,
            message: "slow down".into(),
        },
        100,
    );
    assert_eq!(s.tick(200), None);
    assert!(sent(&mut s).is_empty());
    s.tick(1100);
    assert!(matches!(sent(&mut s)[..], [ClientMsg::Resign { id: i }] if i == id));
}

#[test]
fn stop_leaves_closes_and_stays_idle() {
    let mut s = live(1);
    assert!(s.stop());
    assert!(matches!(sent(&mut s)[..], [ClientMsg::Leave { .. }]));
    assert_eq!(s.tick(10), Some(Transport::Close));
    assert_eq!(s.tick(20), None);
    assert_eq!(s.tick(100_000), None, "no reconnection with nothing to do");
    assert_eq!(s.link(), Link::Idle);
    assert!(s.room().is_none());
}

#[test]
fn the_backoff_doubles_to_fifteen_seconds_with_jitter() {
    for r in [0, 1, u64::MAX, 12345] {
        let d0 = backoff_delay_ms(0, r);
        assert!((200..=250).contains(&d0), "{d0}");
        let d = backoff_delay_ms(3, r);
        assert!((1600..=2000).contains(&d), "{d}");
        for f in [6, 7, 20, u32::MAX] {
            let d = backoff_delay_ms(f, r);
            assert!((12_000..=15_000).contains(&d), "{f}: {d}");
        }
    }
    assert_ne!(backoff_delay_ms(4, 1), backoff_delay_ms(4, 2));
}

#[test]
fn ids_are_distinct_and_fit_javascript() {
    let mut s = Session::new(SessionConfig::new(7));
    let ids: std::collections::HashSet<u64> = (0..1000).map(|_| s.next_id()).collect();
    assert_eq!(ids.len(), 1000);
    assert!(ids.iter().all(|&i| i > 0 && i <= MAX_ID));
}
