//! The client's session: one seat (or a spectator's place) in one room, kept
//! through dropped connections. No I/O of its own: the host opens and
//! closes the socket when told, and passes in what happened and the time.
//!
//! Each frame, a host (a Bevy system over `ewebsock`, a test's tokio task):
//! 1. `tick(now)`: `Some(Transport::Connect)` → open a socket and later call
//!    `on_open` (or `on_closed` if it failed); `Some(Transport::Close)` →
//!    drop the socket (the session already counts it closed).
//! 2. for each socket event: `on_open(now)`, `on_text(&text, now)`,
//!    `on_closed(now)`;
//! 3. sends every `take_outgoing()` frame as a text frame, in order;
//! 4. shows every `take_notices()` notice (and reads `room()` for the state).
//!
//! The guarantees: game actions are resent after every reconnection until
//! acknowledged or refused (the server plays an id once); events are applied
//! once each and in order, a gap asking for what was missed; the seat token
//! the server gives is reported once in [`Notice::Joined`] for the host to
//! keep, and used by itself on every reconnection.
//!
//! Here the session's state and what the host reads; `asks` queues what
//! the player asks for, `transport` connects and sends, `receive` applies
//! what the server says.

use std::collections::VecDeque;

use agon_rules::{Side, splitmix64};

use crate::msg::{
    ClientMsg, ClockSpec, ClockState, ErrorCode, Event, MAX_ID, OpenGame, Presence, Role,
    ServerMsg, SideChoice, VERSION, WireError, parse_server,
};
use crate::room::RoomState;

mod asks;
mod receive;
#[cfg(test)]
mod tests;
mod transport;

/// Tunings of a session; `SessionConfig::new(seed)` has the defaults.
#[derive(Copy, Clone, Debug)]
pub struct SessionConfig {
    /// Seeds the action ids, idempotency keys and back-off jitter: give a
    /// random value (ids must not repeat for a seat across restarts).
    pub seed: u64,
    /// A `ping` after this long without sending anything.
    pub ping_every_ms: u64,
    /// The connection counts dead after this long without hearing anything.
    pub dead_after_ms: u64,
    /// A socket not open after this long is given up.
    pub connect_timeout_ms: u64,
}

impl SessionConfig {
    pub fn new(seed: u64) -> SessionConfig {
        SessionConfig {
            seed,
            ping_every_ms: 10_000,
            dead_after_ms: 30_000,
            connect_timeout_ms: 10_000,
        }
    }
}

/// What the host must do with its socket.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Transport {
    Connect,
    Close,
}

/// The connection as the session sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// Nothing to do: no room, no request.
    Idle,
    /// Disconnected; the next try at `retry_at_ms`.
    Offline {
        retry_at_ms: u64,
    },
    Connecting {
        since_ms: u64,
    },
    /// Open, `hello` sent, no `welcome` yet.
    Greeting,
    /// Welcomed; entering a room or with none.
    Open,
    /// In the room and caught up with its events.
    Live,
}

/// What happened, for the interface.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The server greeted us (after every reconnection).
    Connected,
    /// The connection is gone; the next try in `retry_in_ms`.
    Disconnected {
        retry_in_ms: u64,
    },
    /// In a room. `token` is present when the server just gave this seat:
    /// keep it (browser storage / data folder) with the room id, never in a
    /// link. `claim` is the code to show the player (takes the seat back on
    /// another device).
    Joined {
        room: String,
        role: Role,
        token: Option<String>,
        claim: Option<String>,
    },
    /// The room's state must be rebuilt: events from 1 follow.
    Reset,
    /// An event, applied to `room().state`; `live` is false while catching
    /// up after a (re)join (no need to animate those).
    Event {
        seq: u64,
        at_ms: u64,
        event: Event,
        live: bool,
    },
    /// Caught up with the room after a (re)join.
    Synced {
        seq: u64,
    },
    Presence(Presence),
    /// A game action was stored as event `seq`.
    Acked {
        id: u64,
        seq: Option<u64>,
    },
    /// A message was refused: nothing changed.
    Refused {
        id: Option<u64>,
        code: ErrorCode,
        message: String,
    },
    Lobby(Vec<OpenGame>),
    /// A claim code was traded for a seat; the session joins it by itself.
    /// Keep the token as for `Joined`.
    Claimed {
        room: String,
        side: Side,
        token: String,
    },
    /// Something the server sent that could not be read or applied.
    ProtocolError(String),
}

/// The room the session is in.
#[derive(Clone, Debug)]
pub struct RoomView {
    pub id: String,
    pub role: Role,
    pub token: Option<String>,
    pub claim: Option<String>,
    pub state: RoomState,
    pub presence: Presence,
}

/// A room to be in, restored on every reconnection.
#[derive(Clone, Debug)]
struct Target {
    room: String,
    token: Option<String>,
    watch: bool,
}

#[derive(Clone, Debug)]
struct Pending {
    id: u64,
    msg: ClientMsg,
    /// Not sent again before this time (after `rate-limited`).
    hold_until_ms: u64,
    sent: bool,
}

/// The state machine; see the module's documentation.
#[derive(Debug)]
pub struct Session {
    config: SessionConfig,
    rng: u64,
    link: Link,
    failures: u32,
    last_rx_ms: u64,
    last_tx_ms: u64,
    target: Option<Target>,
    /// A `create`, `seek` or `claim` waiting for its answer (same id and key
    /// on every resend).
    entry: Option<ClientMsg>,
    /// The id of the `join` (or entry) whose `joined` we wait for.
    entry_id: Option<u64>,
    /// Requests that need no room (`lobby`).
    requests: VecDeque<Pending>,
    /// Game actions, in order, until acknowledged or refused.
    actions: VecDeque<Pending>,
    room: Option<RoomView>,
    /// The server's last event when we joined; events up to it are catch-up.
    sync_to: u64,
    resync_id: Option<u64>,
    /// The clock as last anchored: time left, the side running, local time.
    anchor: Option<(ClockState, Option<Side>, u64)>,
    outbox: Vec<String>,
    notices: Vec<Notice>,
    /// `stop` asked for the socket to be closed.
    close_pending: bool,
}

/// The delay before reconnection attempt `failures` (0 for the first after a
/// drop): 250 ms doubling to 15 s, less up to a fifth at random (`random`
/// any value), so that clients a server dropped together come back spread.
pub fn backoff_delay_ms(failures: u32, random: u64) -> u64 {
    let base = 250u64
        .checked_shl(failures.min(16))
        .unwrap_or(u64::MAX)
        .min(15_000);
    base - (random % (base / 5 + 1))
}

impl Session {
    pub fn new(config: SessionConfig) -> Session {
        Session {
            config,
            rng: config.seed,
            link: Link::Idle,
            failures: 0,
            last_rx_ms: 0,
            last_tx_ms: 0,
            target: None,
            entry: None,
            entry_id: None,
            requests: VecDeque::new(),
            actions: VecDeque::new(),
            room: None,
            sync_to: 0,
            resync_id: None,
            anchor: None,
            outbox: Vec::new(),
            notices: Vec::new(),
            close_pending: false,
        }
    }

    fn random(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(agon_rules::SPLITMIX64_GAMMA);
        splitmix64(self.rng)
    }

    fn next_id(&mut self) -> u64 {
        loop {
            let id = self.random() & MAX_ID;
            if id != 0 {
                return id;
            }
        }
    }

    fn new_key(&mut self) -> String {
        format!("{:016x}{:016x}", self.random(), self.random())
    }

    pub fn link(&self) -> Link {
        self.link
    }

    pub fn room(&self) -> Option<&RoomView> {
        self.room.as_ref()
    }

    /// Game actions not yet acknowledged.
    pub fn unacknowledged(&self) -> usize {
        self.actions.len()
    }

    /// Both clocks now (`now_ms` the host's clock, as passed to `tick`).
    pub fn clock_now(&self, now_ms: u64) -> Option<ClockState> {
        let (mut c, running, at) = self.anchor?;
        if let Some(side) = running {
            c.set(side, c.get(side).saturating_sub(now_ms.saturating_sub(at)));
        }
        Some(c)
    }

    pub fn take_outgoing(&mut self) -> Vec<String> {
        std::mem::take(&mut self.outbox)
    }

    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }
}
