use super::actions::judge;
use super::*;
use crate::store::SqliteStore;

struct Dir(std::path::PathBuf);
impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn clock(minutes: u32, increment: u32) -> Option<ClockSpec> {
    Some(ClockSpec { minutes, increment })
}

/// A started game whose Light clock began `ago_ms` ago, both seats taken.
async fn started(tag: &str, spec: Option<ClockSpec>, ago_ms: u64) -> (Arc<Hub<SqliteStore>>, Dir) {
    let dir = Dir(std::env::temp_dir().join(format!("agon-hub-{tag}-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&dir.0);
    std::fs::create_dir_all(&dir.0).unwrap();
    let store = SqliteStore::open(&dir.0.join("t.db")).unwrap();
    let hub = Hub::new(store, Tuning::default());
    hub.store.heartbeat(&hub.node, now_ms()).await.unwrap();
    let mut row = hub.new_room_row(spec, 0, Side::Light);
    row.id = "room0001".into();
    row.seats[1] = Seat {
        token: Some("darktoken01".into()),
        claim: Some("AAAABBBB".into()),
        left_ms: None,
    };
    row.seats[0].token = Some("lighttoken1".into());
    hub.store
        .create_room(&row, "key-0001", Side::Light)
        .await
        .unwrap();
    let init = spec.map(|c| ClockState {
        light_ms: c.initial_ms(),
        dark_ms: c.initial_ms(),
    });
    let start = StoredEvent {
        seq: 1,
        at_ms: now_ms() - ago_ms,
        side: None,
        client_id: None,
        event: Event::Start { clock: init },
    };
    hub.store.append("room0001", &start).await.unwrap();
    (hub, dir)
}

fn conn() -> (Sub, mpsc::Receiver<Out>) {
    let (tx, rx) = mpsc::channel(64);
    let sub = Sub {
        tx,
        kick: Arc::new(Notify::new()),
        role: Role::Watch,
    };
    (sub, rx)
}

fn ends_on_time(rx: &mut mpsc::Receiver<Out>) -> bool {
    while let Ok(out) = rx.try_recv() {
        if let Out::Text(t) = out
            && let Ok(ServerMsg::Event {
                event: Event::End { reason, winner, .. },
                ..
            }) = agon_wire::parse_server(t.as_str())
        {
            return reason == EndReason::Time && winner == Some(Side::Dark);
        }
    }
    false
}

fn join(token: Option<&str>) -> ClientMsg {
    ClientMsg::Join {
        id: 1,
        room: "room0001".into(),
        token: token.map(str::to_string),
        since: 0,
        watch: token.is_none(),
    }
}

#[tokio::test]
async fn a_game_whose_time_ran_out_unwatched_ends_when_someone_comes() {
    let (hub, _dir) = started("unwatched", clock(1, 0), 61_000 + 300).await;
    let (sub, mut rx) = conn();
    let mut place = None;
    hub.handle(1, &sub, &mut place, join(None)).await.unwrap();
    assert!(ends_on_time(&mut rx));
    let stored = hub.store.events("room0001", 0).await.unwrap();
    assert!(matches!(
        stored.last().unwrap().event,
        Event::End { reason: EndReason::Time, clock: Some(c), .. } if c.light_ms == 0
    ));
}

#[tokio::test]
async fn the_timer_ends_the_game_when_the_clock_runs_out() {
    let (hub, _dir) = started("timer", clock(1, 0), 60_000 - 400).await;
    let (sub, mut rx) = conn();
    let mut place = None;
    hub.handle(1, &sub, &mut place, join(None)).await.unwrap();
    assert!(!ends_on_time(&mut rx), "time remains at first");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert!(ends_on_time(&mut rx), "the server's timer flagged Light");
}

#[tokio::test]
async fn a_move_after_the_time_ran_out_is_refused_and_ends_the_game() {
    let (hub, _dir) = started("late", clock(1, 0), 60_000 - 2000).await;
    let (sub, mut rx) = conn();
    let mut place = None;
    hub.handle(1, &sub, &mut place, join(Some("lighttoken1")))
        .await
        .unwrap();
    assert_eq!(place.as_ref().unwrap().role, Role::Light);
    // Time passes behind the server's back: the start moves 3 s earlier.
    {
        let r = hub.rooms.lock().unwrap().get("room0001").cloned().unwrap();
        let mut core = r.lock().await;
        if let Some(t) = core.timer.take() {
            t.abort();
        }
        core.loaded.as_mut().unwrap().state.turn_at_ms -= 3000;
    }
    let mv = ClientMsg::Move {
        id: 5,
        ply: 0,
        action: "f1-f2".into(),
    };
    let e = hub.handle(1, &sub, &mut place, mv).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::GameOver);
    assert!(ends_on_time(&mut rx));
}

#[test]
fn a_move_is_charged_its_time_less_the_lag_then_gets_the_increment() {
    let mut st = RoomState::new(RoomConfig {
        clock: clock(1, 2),
        start: START_AFN.into(),
    })
    .unwrap();
    let full = ClockState {
        light_ms: 60_000,
        dark_ms: 60_000,
    };
    st.apply(1, 1_000, &Event::Start { clock: Some(full) })
        .unwrap();
    let mv = ClientMsg::Move {
        id: 1,
        ply: 0,
        action: "f1-f2".into(),
    };
    let ev = judge(&st, Side::Light, &mv, 11_000, 300, 0, None, &None).unwrap();
    let Some(Event::Move { clock: Some(c), .. }) = ev else {
        panic!("{ev:?}")
    };
    assert_eq!(c.light_ms, 60_000 - (10_000 - 300) + 2_000);
    assert_eq!(c.dark_ms, 60_000);
    // Within the lag allowance, a move costs nothing.
    let ev = judge(&st, Side::Light, &mv, 1_250, 300, 0, None, &None).unwrap();
    assert!(matches!(ev, Some(Event::Move { clock: Some(c), .. }) if c.light_ms == 62_000));
    // Past the time and the lag: refused.
    let e = judge(&st, Side::Light, &mv, 61_400, 300, 0, None, &None).unwrap_err();
    assert_eq!(e.code, ErrorCode::GameOver);
}
