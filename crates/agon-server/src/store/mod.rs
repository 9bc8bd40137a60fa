//! Storage behind one small trait: SQLite (embedded, one file) and
//! PostgreSQL (shared by many nodes). The database decides every race: a
//! room's events are keyed by (room, seq), a seat's client ids by (room,
//! side, client id), a free seat is taken by an update that finds it free.

use std::fmt;
use std::future::Future;

use agon_rules::Side;
use agon_wire::{ClockSpec, Event, Presence, Role, RoomConfig};

mod postgres;
mod sqlite;

pub use postgres::PgStore;
pub use sqlite::SqliteStore;

/// The tables, in SQL both databases read.
pub(crate) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    listed INTEGER NOT NULL,
    clock TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL,
    side TEXT NOT NULL,
    token TEXT,
    claim TEXT UNIQUE,
    left_ms BIGINT,
    PRIMARY KEY (room, side)
);
CREATE TABLE IF NOT EXISTS keys (
    key TEXT PRIMARY KEY,
    room TEXT NOT NULL,
    side TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    room TEXT NOT NULL,
    seq BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    side TEXT,
    client_id BIGINT,
    body TEXT NOT NULL,
    PRIMARY KEY (room, seq)
);
CREATE UNIQUE INDEX IF NOT EXISTS events_client ON events (room, side, client_id);
CREATE TABLE IF NOT EXISTS nodes (
    id TEXT PRIMARY KEY,
    alive_ms BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS presence (
    room TEXT NOT NULL,
    role TEXT NOT NULL,
    node TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (room, role, node)
);
";

/// A storage failure, with what was being done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

/// Why an event was not appended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppendError {
    /// Another event already has this number: the caller is behind.
    Taken,
    /// This seat's client id is stored already, as event `seq`.
    Duplicate(u64),
    Store(StoreError),
}

/// A seat: its token and claim code once taken.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seat {
    pub token: Option<String>,
    pub claim: Option<String>,
    pub left_ms: Option<u64>,
}

/// A room as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRow {
    pub id: String,
    pub config: RoomConfig,
    /// 0: by link only; 1: in the lobby; 2: opened by quick pairing.
    pub listed: u8,
    pub created_ms: u64,
    /// Light's, then Dark's.
    pub seats: [Seat; 2],
}

impl RoomRow {
    pub fn seat(&self, side: Side) -> &Seat {
        &self.seats[side.index()]
    }
}

/// One stored event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEvent {
    pub seq: u64,
    pub at_ms: u64,
    /// The seat whose action it was (None for the server's own events).
    pub side: Option<Side>,
    pub client_id: Option<u64>,
    pub event: Event,
}

/// An open game as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenRow {
    pub room: String,
    pub free: Side,
    pub clock: Option<ClockSpec>,
    pub created_ms: u64,
}

/// A seat's presence: connected somewhere, or since when not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PresenceRow {
    pub presence: Presence,
    /// When each seat's last connection ended (None: connected, or never).
    pub left_ms: [Option<u64>; 2],
}

/// An action as the load tool counts it against the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    pub room: String,
    pub seq: u64,
    pub side: Side,
    pub client_id: u64,
}

/// The pairing key of a clock: `none` or `5+3`.
pub fn clock_key(clock: Option<ClockSpec>) -> String {
    clock.map_or_else(|| "none".to_string(), |c| c.to_string())
}

pub(crate) fn side_of(s: &str) -> Result<Side, StoreError> {
    s.parse()
        .map_err(|_| StoreError(format!("a stored side {s:?} is neither light nor dark")))
}

pub(crate) fn role_name(role: Role) -> &'static str {
    role.as_str()
}

/// Database numbers are signed 64-bit; ours fit (times in ms, seqs, ids
/// below 2^53), and one that does not is an error, never a wrap.
pub(crate) fn to_i64(n: u64, what: &str) -> Result<i64, StoreError> {
    i64::try_from(n).map_err(|_| StoreError(format!("{what} {n} is too large to store")))
}

pub(crate) fn to_u64(n: i64, what: &str) -> Result<u64, StoreError> {
    u64::try_from(n).map_err(|_| StoreError(format!("a stored {what} {n} is negative")))
}

pub(crate) fn parse_event(body: &str) -> Result<Event, StoreError> {
    serde_json::from_str(body).map_err(|e| StoreError(format!("a stored event is unreadable: {e}")))
}

pub(crate) fn parse_config(body: &str) -> Result<RoomConfig, StoreError> {
    serde_json::from_str(body)
        .map_err(|e| StoreError(format!("a stored room config is unreadable: {e}")))
}

/// What the server needs from a database. Every method is one atomic step.
pub trait Store: Send + Sync + 'static {
    /// Stores a new room with its seats, and `key` for the seat given
    /// (`key_side`). If the key is known, stores nothing and answers the
    /// room and side it names.
    fn create_room(
        &self,
        room: &RoomRow,
        key: &str,
        key_side: Side,
    ) -> impl Future<Output = Result<(String, Side), StoreError>> + Send;

    /// The room and side an idempotency key names.
    fn by_key(
        &self,
        key: &str,
    ) -> impl Future<Output = Result<Option<(String, Side)>, StoreError>> + Send;

    fn room(&self, id: &str) -> impl Future<Output = Result<Option<RoomRow>, StoreError>> + Send;

    /// The events after `after`, in order.
    fn events(
        &self,
        room: &str,
        after: u64,
    ) -> impl Future<Output = Result<Vec<StoredEvent>, StoreError>> + Send;

    /// Appends an event, durably, if its number is free and its client id new.
    fn append(
        &self,
        room: &str,
        event: &StoredEvent,
    ) -> impl Future<Output = Result<(), AppendError>> + Send;

    /// Gives a free seat its token and claim code (and `key`, if any);
    /// false if it was not free.
    fn take_seat(
        &self,
        room: &str,
        side: Side,
        token: &str,
        claim: &str,
        key: Option<&str>,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// The room, side and token a claim code names.
    fn claim(
        &self,
        code: &str,
    ) -> impl Future<Output = Result<Option<(String, Side, String)>, StoreError>> + Send;

    /// Open games whose creator is connected (to a node alive after
    /// `alive_after_ms`), oldest first; only those of `clock` if given.
    fn open_rooms(
        &self,
        clock: Option<&str>,
        alive_after_ms: u64,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<OpenRow>, StoreError>> + Send;

    /// This node's connection count for a role in a room; at 0 a seat's
    /// `left_ms` becomes `now_ms`.
    fn set_presence(
        &self,
        node: &str,
        room: &str,
        role: Role,
        count: u32,
        now_ms: u64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Who is connected to a room, counting nodes alive after `alive_after_ms`.
    fn presence(
        &self,
        room: &str,
        alive_after_ms: u64,
    ) -> impl Future<Output = Result<PresenceRow, StoreError>> + Send;

    /// This node is alive at `now_ms`.
    fn heartbeat(
        &self,
        node: &str,
        now_ms: u64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Forgets the presence of nodes silent since `alive_after_ms` (their
    /// seats left when they were last heard of); the rooms touched.
    fn sweep(
        &self,
        alive_after_ms: u64,
    ) -> impl Future<Output = Result<Vec<String>, StoreError>> + Send;

    /// Every stored player action, for counting.
    fn actions(&self) -> impl Future<Output = Result<Vec<ActionRow>, StoreError>> + Send;
}
