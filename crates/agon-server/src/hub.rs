//! The rooms this node serves: each loaded from the store when a client
//! enters it, judged under its own lock, and dropped when its last local
//! client leaves. An action is stored first; only then is it applied,
//! broadcast to this node's clients, published to the other nodes and
//! acknowledged.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use agon_rules::{START_AFN, Side};
use agon_wire::{
    ClientMsg, ClockSpec, ClockState, EndReason, ErrorCode, Event, OpenGame, Role, RoomConfig,
    RoomState, RoomStatus, ServerMsg, SideChoice, WireError, display_claim, normalize_claim,
};
use axum::extract::ws::Utf8Bytes;
use serde::{Deserialize, Serialize};
use tokio::sync::{Mutex, Notify, OwnedMutexGuard, mpsc};
use tokio::task::JoinHandle;

use crate::broker::{Broker, Heard};
use crate::store::{AppendError, RoomRow, Seat, Store, StoreError, StoredEvent, clock_key};

/// A node silent this long is taken for dead (its presence forgotten).
pub const NODE_DEAD_MS: u64 = 10_000;
/// How often a node says it is alive, and sweeps the dead.
pub const HEARTBEAT_MS: u64 = 2_000;
/// Tries at appending when other nodes keep winning the race.
const APPEND_TRIES: usize = 5;

/// The server's tunings.
#[derive(Copy, Clone, Debug)]
pub struct Tuning {
    /// How long a seat may be empty before, with a clock, the opponent may
    /// claim the win.
    pub grace_ms: u64,
    /// Network lag forgiven on each move's clock.
    pub lag_ms: u64,
    /// Client messages per second per connection, and the burst above it.
    pub rate_per_s: u32,
    pub burst: u32,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            grace_ms: 60_000,
            lag_ms: 300,
            rate_per_s: 20,
            burst: 40,
        }
    }
}

/// What goes out on a connection.
#[derive(Clone, Debug)]
pub enum Out {
    Text(Utf8Bytes),
    Close(u16, String),
}

impl Out {
    pub fn msg(m: &ServerMsg) -> Out {
        Out::Text(m.to_json().into())
    }
}

/// One connection's handle, as the hub knows it.
#[derive(Clone)]
pub struct Sub {
    pub tx: mpsc::Sender<Out>,
    pub kick: Arc<Notify>,
    pub role: Role,
}

/// A connection's place: its room and role.
pub struct Place {
    pub room: String,
    pub role: Role,
}

/// What travels between nodes: a room message, with the action's author.
#[derive(Serialize, Deserialize)]
struct Relay {
    side: Option<Side>,
    client_id: Option<u64>,
    msg: ServerMsg,
}

type RoomRef = Arc<Mutex<Core>>;

struct Loaded {
    row: RoomRow,
    state: RoomState,
    /// The `event` messages' JSON, event `seq` at `seq - 1`.
    events: Vec<Utf8Bytes>,
    dedup: HashMap<(Side, u64), u64>,
}

struct Core {
    id: String,
    detached: bool,
    loaded: Option<Loaded>,
    subs: HashMap<u64, Sub>,
    /// This node's connections: Light, Dark, spectators.
    counts: [u32; 3],
    timer: Option<JoinHandle<()>>,
}

fn role_index(role: Role) -> usize {
    match role {
        Role::Light => 0,
        Role::Dark => 1,
        Role::Watch => 2,
    }
}

pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Random text from the system's generator: ids, tokens, claim codes.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).expect("the system's random generator works");
    b
}

fn random_name(bytes: usize) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let raw = random_bytes::<32>();
    raw[..bytes.min(32)]
        .iter()
        .map(|b| ALPHABET[usize::from(b & 63)] as char)
        .collect()
}

fn new_claim() -> String {
    let raw = random_bytes::<8>();
    raw.iter()
        .map(|b| agon_wire::CLAIM_ALPHABET[usize::from(b & 31)] as char)
        .collect()
}

fn internal(e: StoreError) -> WireError {
    eprintln!("agon-server: {e}");
    WireError::new(
        ErrorCode::Internal,
        "the server could not reach its database; try again",
    )
}

/// The rooms of this node.
pub struct Hub<S: Store> {
    pub store: S,
    pub node: String,
    pub tuning: Tuning,
    broker: OnceLock<Broker>,
    rooms: StdMutex<HashMap<String, RoomRef>>,
    next_conn: AtomicU64,
}

impl<S: Store> Hub<S> {
    pub fn new(store: S, tuning: Tuning) -> Arc<Hub<S>> {
        let node = format!("node-{}", random_name(12));
        Arc::new(Hub {
            store,
            node,
            tuning,
            broker: OnceLock::new(),
            rooms: StdMutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
        })
    }

    pub fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Joins the nodes through the broker.
    pub fn attach_broker(self: &Arc<Self>, addr: String) {
        let heard = {
            let hub = Arc::downgrade(self);
            move |h: Heard| {
                if let Some(hub) = hub.upgrade() {
                    tokio::spawn(async move { hub.heard(h).await });
                }
            }
        };
        let reconnected = {
            let hub = Arc::downgrade(self);
            move || {
                if let Some(hub) = hub.upgrade() {
                    tokio::spawn(async move { hub.catch_up_all().await });
                }
            }
        };
        let b = Broker::start(addr, self.node.clone(), heard, reconnected);
        let _ = self.broker.set(b);
    }

    /// Says this node is alive, and forgets the presence of dead ones;
    /// runs until the process ends.
    pub async fn heartbeat_loop(self: Arc<Self>) {
        loop {
            let now = now_ms();
            if let Err(e) = self.store.heartbeat(&self.node, now).await {
                eprintln!("agon-server: {e}");
            }
            match self.store.sweep(now.saturating_sub(NODE_DEAD_MS)).await {
                Ok(rooms) => {
                    for room in rooms {
                        let hub = self.clone();
                        tokio::spawn(async move { hub.announce_presence(&room).await });
                    }
                }
                Err(e) => eprintln!("agon-server: {e}"),
            }
            tokio::time::sleep(Duration::from_millis(HEARTBEAT_MS)).await;
        }
    }

    fn alive_after(&self) -> u64 {
        now_ms().saturating_sub(NODE_DEAD_MS)
    }

    /// The room, locked and loaded (with its events up to date).
    async fn room(self: &Arc<Self>, id: &str) -> Result<OwnedMutexGuard<Core>, WireError> {
        loop {
            let r = {
                let mut rooms = self.rooms.lock().expect("the rooms' lock");
                rooms
                    .entry(id.to_string())
                    .or_insert_with(|| {
                        Arc::new(Mutex::new(Core {
                            id: id.to_string(),
                            detached: false,
                            loaded: None,
                            subs: HashMap::new(),
                            counts: [0; 3],
                            timer: None,
                        }))
                    })
                    .clone()
            };
            let mut core = r.lock_owned().await;
            if core.detached {
                continue;
            }
            if core.loaded.is_none() {
                let row = match self.store.room(id).await {
                    Ok(Some(row)) => row,
                    Ok(None) => {
                        self.detach(&mut core);
                        return Err(WireError::new(
                            ErrorCode::UnknownRoom,
                            format!("no room {}", agon_wire::quote(id)),
                        ));
                    }
                    Err(e) => {
                        self.detach(&mut core);
                        return Err(internal(e));
                    }
                };
                let state = match RoomState::new(row.config.clone()) {
                    Ok(s) => s,
                    Err(e) => {
                        self.detach(&mut core);
                        return Err(internal(StoreError(e.to_string())));
                    }
                };
                core.loaded = Some(Loaded {
                    row,
                    state,
                    events: Vec::new(),
                    dedup: HashMap::new(),
                });
                if let Err(e) = self.catch_up(&mut core).await {
                    self.detach(&mut core);
                    return Err(internal(e));
                }
            }
            return Ok(core);
        }
    }

    /// Forgets a room this node no longer serves.
    fn detach(&self, core: &mut Core) {
        core.detached = true;
        if let Some(t) = core.timer.take() {
            t.abort();
        }
        let mut rooms = self.rooms.lock().expect("the rooms' lock");
        rooms.remove(&core.id);
    }

    /// Reads and applies the events stored after ours (from other nodes),
    /// sending them to our clients.
    async fn catch_up(self: &Arc<Self>, core: &mut Core) -> Result<(), StoreError> {
        let after = core.loaded.as_ref().map_or(0, |l| l.state.seq);
        let events = self.store.events(&core.id, after).await?;
        for ev in events {
            self.record(core, &ev, false);
        }
        Ok(())
    }

    /// Applies a stored event and sends it to this node's clients (and to
    /// the other nodes when `publish`).
    fn record(self: &Arc<Self>, core: &mut Core, ev: &StoredEvent, publish: bool) {
        let id = core.id.clone();
        let Some(l) = core.loaded.as_mut() else {
            return;
        };
        if ev.seq != l.state.seq + 1 {
            return;
        }
        if let Err(e) = l.state.apply(ev.seq, ev.at_ms, &ev.event) {
            // Never stored unchecked; a bad row is reported, not served.
            eprintln!("agon-server: room {id}: {e}");
            return;
        }
        let msg = ServerMsg::Event {
            room: id.clone(),
            seq: ev.seq,
            at_ms: ev.at_ms,
            event: ev.event.clone(),
        };
        let json = msg.to_json();
        let text: Utf8Bytes = json.clone().into();
        l.events.push(text.clone());
        if let (Some(side), Some(cid)) = (ev.side, ev.client_id) {
            l.dedup.insert((side, cid), ev.seq);
        }
        broadcast(core, Out::Text(text));
        if publish && let Some(b) = self.broker.get() {
            let relay = Relay {
                side: ev.side,
                client_id: ev.client_id,
                msg,
            };
            b.publish(
                &id,
                &serde_json::to_string(&relay).expect("a relay serializes"),
            );
        }
        self.arm_timer(core);
    }

    /// With a clock running, wakes when the side to move runs out of time.
    fn arm_timer(self: &Arc<Self>, core: &mut Core) {
        if let Some(t) = core.timer.take() {
            t.abort();
        }
        let Some(l) = &core.loaded else { return };
        let Some(side) = l.state.running() else {
            return;
        };
        let left = l.state.clock.map_or(0, |c| c.get(side));
        let due = l
            .state
            .turn_at_ms
            .saturating_add(left)
            .saturating_add(self.tuning.lag_ms)
            .saturating_add(20);
        let wait = due.saturating_sub(now_ms());
        let hub = Arc::downgrade(self);
        let id = core.id.clone();
        core.timer = Some(tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(wait)).await;
            if let Some(hub) = hub.upgrade() {
                hub.check_flag(&id).await;
            }
        }));
    }

    /// Ends the game on time if the side to move has none left.
    async fn check_flag(self: &Arc<Self>, id: &str) {
        let Ok(mut core) = self.room(id).await else {
            return;
        };
        // The timer that called us is this task: do not abort it.
        core.timer = None;
        let _ = self.flag_if_out(&mut core).await;
    }

    /// True if the game was (or now is) over on time.
    async fn flag_if_out(self: &Arc<Self>, core: &mut Core) -> bool {
        let lag = self.tuning.lag_ms;
        let r = self
            .append(core, None, None, |l, now| {
                let Some(side) = l.state.running() else {
                    return Err(WireError::new(ErrorCode::GameOver, "no clock runs"));
                };
                let c = l.state.clock.unwrap_or(ClockState {
                    light_ms: 0,
                    dark_ms: 0,
                });
                let spent = now.saturating_sub(l.state.turn_at_ms);
                if spent < c.get(side).saturating_add(lag) {
                    return Err(WireError::new(ErrorCode::GameOver, "time remains"));
                }
                let mut c = c;
                c.set(side, 0);
                Ok(Some(Event::End {
                    winner: Some(!side),
                    reason: EndReason::Time,
                    clock: Some(c),
                }))
            })
            .await;
        r.is_ok()
    }

    /// Stores the event `make` builds from the state (None: nothing to
    /// store), racing other nodes: when another event took the number, it
    /// catches up and judges again. The stored event's number.
    async fn append(
        self: &Arc<Self>,
        core: &mut Core,
        side: Option<Side>,
        client_id: Option<u64>,
        make: impl Fn(&Loaded, u64) -> Result<Option<Event>, WireError>,
    ) -> Result<Option<u64>, WireError> {
        for _ in 0..APPEND_TRIES {
            let l = core.loaded.as_ref().expect("a loaded room");
            if let (Some(s), Some(c)) = (side, client_id)
                && let Some(seq) = l.dedup.get(&(s, c))
            {
                return Ok(Some(*seq));
            }
            let now = now_ms().max(l.state.turn_at_ms);
            let Some(event) = make(l, now)? else {
                return Ok(None);
            };
            let ev = StoredEvent {
                seq: l.state.seq + 1,
                at_ms: now,
                side,
                client_id,
                event,
            };
            match self.store.append(&core.id, &ev).await {
                Ok(()) => {
                    self.record(core, &ev, true);
                    return Ok(Some(ev.seq));
                }
                Err(AppendError::Taken) => {
                    self.catch_up(core).await.map_err(internal)?;
                }
                Err(AppendError::Duplicate(seq)) => {
                    self.catch_up(core).await.map_err(internal)?;
                    return Ok(Some(seq));
                }
                Err(AppendError::Store(e)) => return Err(internal(e)),
            }
        }
        Err(WireError::new(
            ErrorCode::Conflict,
            "other actions kept winning the race for this room; look at the game and try again",
        ))
    }

    /// A message from another node.
    async fn heard(self: &Arc<Self>, h: Heard) {
        let r = {
            let rooms = self.rooms.lock().expect("the rooms' lock");
            rooms.get(&h.room).cloned()
        };
        let Some(r) = r else { return };
        let Ok(relay) = serde_json::from_str::<Relay>(&h.json) else {
            eprintln!("agon-server: an unreadable message from node {}", h.node);
            return;
        };
        let mut core = r.lock().await;
        if core.detached || core.loaded.is_none() {
            return;
        }
        match relay.msg {
            ServerMsg::Event {
                seq, at_ms, event, ..
            } => {
                let have = core.loaded.as_ref().map_or(0, |l| l.state.seq);
                if seq == have + 1 {
                    let ev = StoredEvent {
                        seq,
                        at_ms,
                        side: relay.side,
                        client_id: relay.client_id,
                        event,
                    };
                    self.record(&mut core, &ev, false);
                } else if seq > have + 1
                    && let Err(e) = self.catch_up(&mut core).await
                {
                    eprintln!("agon-server: {e}");
                }
            }
            msg @ ServerMsg::Presence { .. } => broadcast(&mut core, Out::msg(&msg)),
            _ => {}
        }
    }

    /// After the broker reconnected: what was published meanwhile is in
    /// the database.
    async fn catch_up_all(self: &Arc<Self>) {
        let rooms: Vec<RoomRef> = {
            let rooms = self.rooms.lock().expect("the rooms' lock");
            rooms.values().cloned().collect()
        };
        for r in rooms {
            let mut core = r.lock().await;
            if !core.detached
                && core.loaded.is_some()
                && let Err(e) = self.catch_up(&mut core).await
            {
                eprintln!("agon-server: {e}");
            }
        }
    }

    /// Reads who is connected and tells this node's clients and the others.
    async fn announce_presence(self: &Arc<Self>, room: &str) {
        let p = match self.store.presence(room, self.alive_after()).await {
            Ok(p) => p.presence,
            Err(e) => {
                eprintln!("agon-server: {e}");
                return;
            }
        };
        let msg = ServerMsg::Presence {
            room: room.to_string(),
            presence: p,
        };
        let r = {
            let rooms = self.rooms.lock().expect("the rooms' lock");
            rooms.get(room).cloned()
        };
        if let Some(r) = r {
            let mut core = r.lock().await;
            broadcast(&mut core, Out::msg(&msg));
        }
        if let Some(b) = self.broker.get() {
            let relay = Relay {
                side: None,
                client_id: None,
                msg,
            };
            b.publish(
                room,
                &serde_json::to_string(&relay).expect("a relay serializes"),
            );
        }
    }

    // ---- what connections ask ----

    /// Handles one message of a welcomed connection. Answers go into `sub`'s
    /// queue (in order with the room's events); an error is the caller's to
    /// send.
    pub async fn handle(
        self: &Arc<Self>,
        conn: u64,
        sub: &Sub,
        place: &mut Option<Place>,
        msg: ClientMsg,
    ) -> Result<(), WireError> {
        match msg {
            ClientMsg::Hello { .. } | ClientMsg::Ping {} => Ok(()),
            ClientMsg::Create {
                id,
                key,
                side,
                clock,
                listed,
            } => {
                let (room, side) = match self.store.by_key(&key).await.map_err(internal)? {
                    Some(found) => found,
                    None => {
                        let side = pick(side);
                        let row = self.new_room_row(clock, u8::from(listed), side);
                        self.store
                            .create_room(&row, &key, side)
                            .await
                            .map_err(internal)?
                    }
                };
                self.enter_by_key(conn, sub, place, id, &room, side).await
            }
            ClientMsg::Seek { id, key, clock } => {
                if let Some((room, side)) = self.store.by_key(&key).await.map_err(internal)? {
                    return self.enter_by_key(conn, sub, place, id, &room, side).await;
                }
                let open = self
                    .store
                    .open_rooms(Some(&clock_key(clock)), self.alive_after(), 20)
                    .await
                    .map_err(internal)?;
                for o in open {
                    if place.as_ref().is_some_and(|p| p.room == o.room) {
                        continue;
                    }
                    let token = random_name(24);
                    let claim = new_claim();
                    if self
                        .store
                        .take_seat(&o.room, o.free, &token, &claim, Some(&key))
                        .await
                        .map_err(internal)?
                    {
                        return self
                            .join(conn, sub, place, id, &o.room, Some(&token), 0, false, true)
                            .await;
                    }
                }
                let side = pick(SideChoice::Random);
                let row = self.new_room_row(clock, 2, side);
                let (room, side) = self
                    .store
                    .create_room(&row, &key, side)
                    .await
                    .map_err(internal)?;
                self.enter_by_key(conn, sub, place, id, &room, side).await
            }
            ClientMsg::Join {
                id,
                room,
                token,
                since,
                watch,
            } => {
                self.join(
                    conn,
                    sub,
                    place,
                    id,
                    &room,
                    token.as_deref(),
                    since,
                    watch,
                    false,
                )
                .await
            }
            ClientMsg::Claim { id, code } => {
                let code = normalize_claim(&code)?;
                match self.store.claim(&code).await.map_err(internal)? {
                    Some((room, side, token)) => {
                        send(
                            sub,
                            &ServerMsg::Claimed {
                                id,
                                room,
                                side,
                                token,
                            },
                        );
                        Ok(())
                    }
                    None => Err(WireError::new(
                        ErrorCode::BadCode,
                        format!("no seat has the claim code {}", display_claim(&code)),
                    )),
                }
            }
            ClientMsg::Lobby { id } => {
                let now = now_ms();
                let games = self
                    .store
                    .open_rooms(None, self.alive_after(), 100)
                    .await
                    .map_err(internal)?
                    .into_iter()
                    .map(|o| OpenGame {
                        room: o.room,
                        free: o.free,
                        clock: o.clock,
                        age_s: now.saturating_sub(o.created_ms) / 1000,
                    })
                    .collect();
                send(sub, &ServerMsg::Lobby { id, games });
                Ok(())
            }
            ClientMsg::Leave { id } => {
                self.leave(conn, place).await;
                send(sub, &ServerMsg::Ack { id, seq: None });
                Ok(())
            }
            ClientMsg::Resync { id, since } => {
                let p = place.as_ref().ok_or_else(not_joined)?;
                let mut core = self.room(&p.room).await?;
                self.catch_up(&mut core).await.map_err(internal)?;
                let l = core.loaded.as_ref().expect("loaded");
                send_events(sub, l, since);
                send(sub, &ServerMsg::Ack { id, seq: None });
                Ok(())
            }
            other => self.act(sub, place, other).await,
        }
    }

    fn new_room_row(&self, clock: Option<ClockSpec>, listed: u8, side: Side) -> RoomRow {
        let mut seats: [Seat; 2] = Default::default();
        seats[side.index()] = Seat {
            token: Some(random_name(24)),
            claim: Some(new_claim()),
            left_ms: None,
        };
        RoomRow {
            id: random_name(10),
            config: RoomConfig {
                clock,
                start: START_AFN.to_string(),
            },
            listed,
            created_ms: now_ms(),
            seats,
        }
    }

    /// Enters the room and seat an idempotency key names, giving the token
    /// (again: the first answer may have been lost).
    async fn enter_by_key(
        self: &Arc<Self>,
        conn: u64,
        sub: &Sub,
        place: &mut Option<Place>,
        id: u64,
        room: &str,
        side: Side,
    ) -> Result<(), WireError> {
        let row = self
            .store
            .room(room)
            .await
            .map_err(internal)?
            .ok_or_else(|| WireError::new(ErrorCode::Internal, "a keyed room is missing"))?;
        let token = row.seat(side).token.clone();
        self.join(conn, sub, place, id, room, token.as_deref(), 0, false, true)
            .await
    }

    #[allow(clippy::too_many_arguments)]
    async fn join(
        self: &Arc<Self>,
        conn: u64,
        sub: &Sub,
        place: &mut Option<Place>,
        id: u64,
        room: &str,
        token: Option<&str>,
        since: u64,
        watch: bool,
        give_token: bool,
    ) -> Result<(), WireError> {
        self.leave(conn, place).await;
        let mut core = self.room(room).await?;
        // Another node may have stored events our broker missed (a room
        // with no client here was loaded just now, and read whole).
        if !core.subs.is_empty() {
            self.catch_up(&mut core).await.map_err(internal)?;
        }
        let mut new_token = None;
        // A seat taken through another room handle or node: read it again.
        if let Some(t) = token {
            let l = core.loaded.as_ref().expect("loaded");
            let known = Side::BOTH
                .iter()
                .any(|s| l.row.seat(*s).token.as_deref() == Some(t));
            if !known && let Some(row) = self.store.room(room).await.map_err(internal)? {
                core.loaded.as_mut().expect("loaded").row = row;
            }
        }
        let role = {
            let l = core.loaded.as_ref().expect("loaded");
            match token {
                Some(t) => {
                    let side = Side::BOTH
                        .into_iter()
                        .find(|s| l.row.seat(*s).token.as_deref() == Some(t));
                    match side {
                        Some(s) => {
                            if give_token {
                                new_token = Some(t.to_string());
                            }
                            Role::of(s)
                        }
                        None => {
                            return Err(WireError::new(
                                ErrorCode::BadToken,
                                "that seat token is no seat of this room",
                            ));
                        }
                    }
                }
                None => {
                    let free = Side::BOTH
                        .into_iter()
                        .find(|s| l.row.seat(*s).token.is_none());
                    match free {
                        Some(side) if !watch && !l.state.started => {
                            let t = random_name(24);
                            let claim = new_claim();
                            if self
                                .store
                                .take_seat(room, side, &t, &claim, None)
                                .await
                                .map_err(internal)?
                            {
                                let l = core.loaded.as_mut().expect("loaded");
                                l.row.seats[side.index()] = Seat {
                                    token: Some(t.clone()),
                                    claim: Some(claim),
                                    left_ms: None,
                                };
                                new_token = Some(t);
                                Role::of(side)
                            } else {
                                // Someone else was quicker: read who.
                                if let Some(row) = self.store.room(room).await.map_err(internal)? {
                                    core.loaded.as_mut().expect("loaded").row = row;
                                }
                                Role::Watch
                            }
                        }
                        _ => Role::Watch,
                    }
                }
            }
        };
        // In: counted, told everything since `since`, then live.
        core.subs.insert(
            conn,
            Sub {
                tx: sub.tx.clone(),
                kick: sub.kick.clone(),
                role,
            },
        );
        let i = role_index(role);
        core.counts[i] += 1;
        let count = core.counts[i];
        // Placed first: whatever fails next, leaving undoes the count.
        *place = Some(Place {
            room: room.to_string(),
            role,
        });
        self.store
            .set_presence(&self.node, room, role, count, now_ms())
            .await
            .map_err(internal)?;
        let presence = self
            .store
            .presence(room, self.alive_after())
            .await
            .map_err(internal)?;
        let now = now_ms();
        {
            let l = core.loaded.as_ref().expect("loaded");
            let claim = role
                .side()
                .and_then(|s| l.row.seat(s).claim.as_deref().map(display_claim));
            send(
                sub,
                &ServerMsg::Joined {
                    id,
                    room: room.to_string(),
                    role,
                    token: new_token,
                    claim,
                    config: l.row.config.clone(),
                    last_seq: l.state.seq,
                    clock: l.state.clock_at(now),
                    running: l.state.running(),
                    presence: presence.presence,
                },
            );
            send_events(sub, l, since);
        }
        let msg = ServerMsg::Presence {
            room: room.to_string(),
            presence: presence.presence,
        };
        broadcast(&mut core, Out::msg(&msg));
        if let Some(b) = self.broker.get() {
            let relay = Relay {
                side: None,
                client_id: None,
                msg,
            };
            b.publish(
                room,
                &serde_json::to_string(&relay).expect("a relay serializes"),
            );
        }
        // Both seats taken and both players here: the game begins.
        let p = presence.presence;
        let clock = core.loaded.as_ref().expect("loaded").row.config.clock;
        let both = p.light && p.dark;
        let r = self
            .append(&mut core, None, None, |l, _| {
                let taken = Side::BOTH.iter().all(|s| l.row.seat(*s).token.is_some());
                if l.state.started || !taken || !both {
                    return Ok(None);
                }
                Ok(Some(Event::Start {
                    clock: clock.map(|c| ClockState {
                        light_ms: c.initial_ms(),
                        dark_ms: c.initial_ms(),
                    }),
                }))
            })
            .await;
        if let Err(e) = r {
            eprintln!("agon-server: starting room {room}: {e}");
        }
        // A game whose time ran out while nobody watched ends now.
        if core
            .loaded
            .as_ref()
            .is_some_and(|l| l.state.running().is_some())
        {
            self.flag_if_out(&mut core).await;
            self.arm_timer(&mut core);
        }
        Ok(())
    }

    /// Takes the connection out of its room, if any.
    pub async fn leave(self: &Arc<Self>, conn: u64, place: &mut Option<Place>) {
        let Some(p) = place.take() else { return };
        let r = {
            let rooms = self.rooms.lock().expect("the rooms' lock");
            rooms.get(&p.room).cloned()
        };
        let Some(r) = r else { return };
        let mut core = r.lock().await;
        if core.detached || core.subs.remove(&conn).is_none() {
            return;
        }
        let i = role_index(p.role);
        core.counts[i] = core.counts[i].saturating_sub(1);
        let count = core.counts[i];
        if let Err(e) = self
            .store
            .set_presence(&self.node, &p.room, p.role, count, now_ms())
            .await
        {
            eprintln!("agon-server: {e}");
        }
        if core.subs.is_empty() {
            self.detach(&mut core);
        }
        drop(core);
        self.announce_presence(&p.room).await;
    }

    /// A game action by a seated player.
    async fn act(
        self: &Arc<Self>,
        sub: &Sub,
        place: &Option<Place>,
        msg: ClientMsg,
    ) -> Result<(), WireError> {
        let p = place.as_ref().ok_or_else(not_joined)?;
        let side = p.role.side().ok_or_else(|| {
            WireError::new(ErrorCode::NotSeated, "spectators cannot act in the game")
        })?;
        let id = msg.id().expect("actions have ids");
        let mut core = self.room(&p.room).await?;
        let lag = self.tuning.lag_ms;
        let grace = self.tuning.grace_ms;
        // Work that needs the database is done before judging.
        let mut gone_since = None;
        let mut rematch_room = None;
        let dup = core
            .loaded
            .as_ref()
            .is_some_and(|l| l.dedup.contains_key(&(side, id)));
        match &msg {
            ClientMsg::Move { .. } if !dup && self.flag_if_out(&mut core).await => {
                return Err(WireError::new(ErrorCode::GameOver, "your time ran out"));
            }
            ClientMsg::ClaimWin { .. } => {
                let pr = self
                    .store
                    .presence(&p.room, self.alive_after())
                    .await
                    .map_err(internal)?;
                let opp = !side;
                gone_since = Some(if pr.presence.seat(opp) {
                    None
                } else {
                    Some(pr.left_ms[opp.index()].unwrap_or(0))
                });
            }
            ClientMsg::Rematch { .. } => {
                let l = core.loaded.as_ref().expect("loaded");
                if l.state.is_over()
                    && l.state.rematch.is_none()
                    && l.state.rematch_offer == Some(!side)
                {
                    rematch_room = Some(self.rematch_room(&l.row).await?);
                }
            }
            _ => {}
        }
        let seq = self
            .append(&mut core, Some(side), Some(id), |l, now| {
                judge(
                    &l.state,
                    side,
                    &msg,
                    now,
                    lag,
                    grace,
                    gone_since,
                    &rematch_room,
                )
            })
            .await?;
        send(sub, &ServerMsg::Ack { id, seq });
        Ok(())
    }

    /// The rematch's room: sides swapped, the same tokens, new claim codes;
    /// one per room whichever node makes it.
    async fn rematch_room(&self, old: &RoomRow) -> Result<String, WireError> {
        let mut row = self.new_room_row(old.config.clock, 0, Side::Light);
        for side in Side::BOTH {
            row.seats[(!side).index()] = Seat {
                token: old.seat(side).token.clone(),
                claim: Some(new_claim()),
                left_ms: None,
            };
        }
        // A ':' no client key may hold: nobody can take this key first.
        let key = format!("rematch:{}", old.id);
        let (room, _) = self
            .store
            .create_room(&row, &key, Side::Light)
            .await
            .map_err(internal)?;
        Ok(room)
    }
}

fn not_joined() -> WireError {
    WireError::new(ErrorCode::NotJoined, "join a room first")
}

fn pick(choice: SideChoice) -> Side {
    match choice {
        SideChoice::Light => Side::Light,
        SideChoice::Dark => Side::Dark,
        SideChoice::Random => {
            if random_bytes::<1>()[0] & 1 == 0 {
                Side::Light
            } else {
                Side::Dark
            }
        }
    }
}

fn send(sub: &Sub, msg: &ServerMsg) {
    if sub.tx.try_send(Out::msg(msg)).is_err() {
        sub.kick.notify_one();
    }
}

fn send_events(sub: &Sub, l: &Loaded, since: u64) {
    let from = usize::try_from(since).unwrap_or(usize::MAX);
    for text in l.events.iter().skip(from) {
        if sub.tx.try_send(Out::Text(text.clone())).is_err() {
            sub.kick.notify_one();
            return;
        }
    }
}

/// Sends to every client of the room here; one whose queue is full is too
/// slow to follow: it is closed, and will catch up when it reconnects. It
/// stays listed until its connection leaves, so its presence is counted off
/// exactly once.
fn broadcast(core: &mut Core, out: Out) {
    for s in core.subs.values() {
        if s.tx.try_send(out.clone()).is_err() {
            s.kick.notify_one();
        }
    }
}

/// The rules of the room for one action: the event it makes, nothing to
/// store (None), or the refusal.
#[allow(clippy::too_many_arguments)]
fn judge(
    st: &RoomState,
    side: Side,
    msg: &ClientMsg,
    now: u64,
    lag: u64,
    grace: u64,
    gone_since: Option<Option<u64>>,
    rematch_room: &Option<String>,
) -> Result<Option<Event>, WireError> {
    let over = || WireError::new(ErrorCode::GameOver, "the game is over");
    let playing = || match st.status() {
        RoomStatus::Playing => Ok(()),
        RoomStatus::Waiting => Err(WireError::new(
            ErrorCode::NotStarted,
            "the game waits for its second player",
        )),
        RoomStatus::Over => Err(over()),
    };
    match msg {
        ClientMsg::Move { ply, action, .. } => {
            playing()?;
            // The ply first: a move that lost a race is stale, whoever is to move.
            if *ply != st.ply() {
                return Err(WireError::new(
                    ErrorCode::Stale,
                    format!(
                        "the move is for ply {ply} but the game is at ply {}",
                        st.ply()
                    ),
                ));
            }
            if st.game.position().to_move() != side {
                return Err(WireError::new(
                    ErrorCode::NotYourTurn,
                    format!("it is {}'s turn", st.game.position().to_move()),
                ));
            }
            let a = st
                .game
                .position()
                .read_action(action)
                .map_err(|e| WireError::new(ErrorCode::Illegal, e.to_string()))?;
            let clock = match (st.config.clock, st.clock) {
                (Some(spec), Some(mut c)) => {
                    let spent = now.saturating_sub(st.turn_at_ms).saturating_sub(lag);
                    let left = c.get(side).checked_sub(spent).filter(|l| *l > 0);
                    let Some(left) = left else {
                        return Err(WireError::new(ErrorCode::GameOver, "your time ran out"));
                    };
                    c.set(side, left.saturating_add(spec.increment_ms()));
                    Some(c)
                }
                _ => None,
            };
            Ok(Some(Event::Move {
                side,
                action: a.to_string(),
                clock,
            }))
        }
        ClientMsg::Resign { .. } => {
            playing()?;
            Ok(Some(Event::End {
                winner: Some(!side),
                reason: EndReason::Resignation,
                clock: st.clock_at(now),
            }))
        }
        ClientMsg::OfferDraw { .. } => {
            playing()?;
            if st.draw_offer == Some(!side) {
                // Both want it: agreed.
                return Ok(Some(Event::End {
                    winner: None,
                    reason: EndReason::Agreement,
                    clock: st.clock_at(now),
                }));
            }
            if st.draw_offer == Some(side) {
                return Ok(None);
            }
            Ok(Some(Event::DrawOffer { side }))
        }
        ClientMsg::AcceptDraw { .. } => {
            playing()?;
            if st.draw_offer != Some(!side) {
                return Err(WireError::new(ErrorCode::NoOffer, "no draw offer stands"));
            }
            Ok(Some(Event::End {
                winner: None,
                reason: EndReason::Agreement,
                clock: st.clock_at(now),
            }))
        }
        ClientMsg::DeclineDraw { .. } => {
            playing()?;
            if st.draw_offer != Some(!side) {
                return Err(WireError::new(ErrorCode::NoOffer, "no draw offer stands"));
            }
            Ok(Some(Event::DrawDecline { side }))
        }
        ClientMsg::ClaimWin { .. } => {
            playing()?;
            if st.config.clock.is_none() {
                return Err(WireError::new(
                    ErrorCode::NoClock,
                    "without a clock the game waits for the opponent",
                ));
            }
            match gone_since.flatten() {
                None => Err(WireError::new(
                    ErrorCode::OpponentPresent,
                    "the opponent is connected",
                )),
                Some(since) => {
                    let gone = now.saturating_sub(since);
                    if gone < grace {
                        return Err(WireError::new(
                            ErrorCode::TooEarly,
                            format!(
                                "the opponent has been gone {} s of the {} s grace",
                                gone / 1000,
                                grace / 1000
                            ),
                        ));
                    }
                    Ok(Some(Event::End {
                        winner: Some(side),
                        reason: EndReason::Abandonment,
                        clock: st.clock_at(now),
                    }))
                }
            }
        }
        ClientMsg::Rematch { .. } => {
            if !st.is_over() {
                return Err(WireError::new(
                    ErrorCode::NotOver,
                    "a rematch comes after the game",
                ));
            }
            if st.rematch.is_some() || st.rematch_offer == Some(side) {
                return Ok(None);
            }
            if st.rematch_offer == Some(!side) {
                return match rematch_room {
                    Some(room) => Ok(Some(Event::Rematch { room: room.clone() })),
                    // The offer came while we judged: ask again.
                    None => Err(WireError::new(
                        ErrorCode::Conflict,
                        "the opponent's rematch offer just arrived; send it again",
                    )),
                };
            }
            Ok(Some(Event::RematchOffer { side }))
        }
        _ => Err(WireError::new(ErrorCode::BadFrame, "not a game action")),
    }
}

#[cfg(test)]
mod tests {
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
    async fn started(
        tag: &str,
        spec: Option<ClockSpec>,
        ago_ms: u64,
    ) -> (Arc<Hub<SqliteStore>>, Dir) {
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
}
