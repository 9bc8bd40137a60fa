//! The rooms this node serves: each loaded from the store when a client
//! enters it, judged under its own lock, and dropped when its last local
//! client leaves. An action is stored first; only then is it applied,
//! broadcast to this node's clients, published to the other nodes and
//! acknowledged.
//!
//! Here the room's state and the hub; `room` loads, catches up and stores,
//! `seats` answers what connections ask, `actions` judges a player's game
//! actions, `clock` ends a game on time, `nodes` talks to the other nodes.

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

mod actions;
mod clock;
mod nodes;
mod room;
mod seats;
#[cfg(test)]
mod tests;

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

    fn alive_after(&self) -> u64 {
        now_ms().saturating_sub(NODE_DEAD_MS)
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
