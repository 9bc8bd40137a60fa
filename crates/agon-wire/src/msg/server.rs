//! What servers send: answers, the room's events and presence, and the
//! reading of a server's frame.

use super::*;

/// How a game ended other than by the rules' own verdict on a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    Resignation,
    /// Both players agreed a draw.
    Agreement,
    /// The loser's clock ran out.
    Time,
    /// The loser was gone past the grace period and the winner claimed.
    Abandonment,
}

/// A numbered room event: what both seats and every spectator see, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Event {
    /// Both seats are taken: the game begins, Light's clock runs.
    Start {
        clock: Option<ClockState>,
    },
    /// An action; `clock` is both sides' time after it (increment added).
    /// The rules' result, if this action ends the game, follows from it.
    Move {
        side: Side,
        action: String,
        clock: Option<ClockState>,
    },
    DrawOffer {
        side: Side,
    },
    DrawDecline {
        side: Side,
    },
    /// The game is over: `winner` null for a draw.
    End {
        winner: Option<Side>,
        reason: EndReason,
        clock: Option<ClockState>,
    },
    RematchOffer {
        side: Side,
    },
    /// Both asked for a rematch: this room holds it, sides swapped, the
    /// same seat tokens.
    Rematch {
        room: String,
    },
}

impl Event {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("an event always serializes")
    }
}

/// The rules of a room, fixed at its creation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomConfig {
    pub clock: Option<ClockSpec>,
    /// The start position as AFN.
    pub start: String,
}

/// Who is connected to a room now.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Presence {
    pub light: bool,
    pub dark: bool,
    pub watchers: u32,
}

impl Presence {
    pub fn seat(self, side: Side) -> bool {
        match side {
            Side::Light => self.light,
            Side::Dark => self.dark,
        }
    }
}

/// An open game in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenGame {
    pub room: String,
    /// The side a joiner gets.
    pub free: Side,
    pub clock: Option<ClockSpec>,
    /// Seconds since it was opened.
    pub age_s: u64,
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ServerMsg {
    /// The answer to `hello`.
    Welcome {
        v: u32,
        /// The server's program and version, e.g. `agon-server 0.1.0`.
        server: String,
        /// How long a seat may be empty before, with a clock, the opponent
        /// may claim the win.
        grace_ms: u64,
        /// Client messages allowed per second, and the burst above it.
        rate_per_s: u32,
        burst: u32,
    },
    /// In a room (after `create`, `seek` or `join`). `token` and `claim`
    /// come to a player only: `token` when the seat was just given (keep
    /// it), `claim` always. The events after the join's `since` up to
    /// `last_seq` follow at once; `clock` is the time left now, `running`
    /// the side whose clock runs.
    Joined {
        id: u64,
        room: String,
        role: Role,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claim: Option<String>,
        config: RoomConfig,
        last_seq: u64,
        clock: Option<ClockState>,
        running: Option<Side>,
        presence: Presence,
    },
    /// A numbered room event; `at_ms` is the server's time (ms since 1970).
    Event {
        room: String,
        seq: u64,
        at_ms: u64,
        event: Event,
    },
    /// The answer to `claim`: join `room` with this token.
    Claimed {
        id: u64,
        room: String,
        side: Side,
        token: String,
    },
    Lobby {
        id: u64,
        games: Vec<OpenGame>,
    },
    /// A message done; `seq` is the event it stored, if any.
    Ack {
        id: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seq: Option<u64>,
    },
    /// Who is connected, whenever it changes.
    Presence {
        room: String,
        #[serde(flatten)]
        presence: Presence,
    },
    Pong {
        server_ms: u64,
    },
    /// A refusal: nothing changed. `id` is the refused message's, if it had
    /// one that could be read.
    Error {
        id: Option<u64>,
        code: ErrorCode,
        message: String,
    },
}

impl ServerMsg {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a server message always serializes")
    }
}

/// Reads a server's text frame (the client side).
pub fn parse_server(text: &str) -> Result<ServerMsg, String> {
    serde_json::from_str(text).map_err(|e| format!("not a server message: {}", cut(&e.to_string())))
}
