//! The refusals: a code a program reads and a message a person reads.

use super::*;

/// Why a message was refused. Each is documented in ONLINE.md.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// Not JSON, not an object, not text, or not the shape of its kind.
    BadFrame,
    /// A field out of its range or of the wrong form.
    BadField,
    /// `t` names no message of this version.
    UnknownKind,
    /// A `hello` with a version this server does not speak.
    Version,
    /// A message before `hello`.
    HelloFirst,
    /// Over the per-connection rate: the message was dropped.
    RateLimited,
    /// A room message outside a room.
    NotJoined,
    UnknownRoom,
    /// A seat token that is no seat of this room.
    BadToken,
    /// A claim code that is no seat.
    BadCode,
    /// A spectator sent a player's message.
    NotSeated,
    /// The game waits for its second player.
    NotStarted,
    NotYourTurn,
    /// The move's `ply` is not the game's: the game moved on.
    Stale,
    /// The rules refuse the action (the message says which rule).
    Illegal,
    GameOver,
    /// No draw offer from the opponent stands.
    NoOffer,
    /// A rematch before the game is over.
    NotOver,
    /// Claiming a win in a game without a clock (it waits).
    NoClock,
    /// Claiming a win while the opponent is connected.
    OpponentPresent,
    /// Claiming a win before the grace period has passed.
    TooEarly,
    /// Another action won the race for this turn, again and again.
    Conflict,
    /// The server could not store or read (try again later).
    Internal,
}

impl ErrorCode {
    /// The code's name on the wire (a test holds it equal to serde's).
    pub fn as_str(self) -> &'static str {
        ALL_CODES
            .iter()
            .find(|(c, _)| *c == self)
            .map_or("internal", |(_, name)| name)
    }
}

/// Every error code with its name.
pub const ALL_CODES: [(ErrorCode, &str); 23] = [
    (ErrorCode::BadFrame, "bad-frame"),
    (ErrorCode::BadField, "bad-field"),
    (ErrorCode::UnknownKind, "unknown-kind"),
    (ErrorCode::Version, "version"),
    (ErrorCode::HelloFirst, "hello-first"),
    (ErrorCode::RateLimited, "rate-limited"),
    (ErrorCode::NotJoined, "not-joined"),
    (ErrorCode::UnknownRoom, "unknown-room"),
    (ErrorCode::BadToken, "bad-token"),
    (ErrorCode::BadCode, "bad-code"),
    (ErrorCode::NotSeated, "not-seated"),
    (ErrorCode::NotStarted, "not-started"),
    (ErrorCode::NotYourTurn, "not-your-turn"),
    (ErrorCode::Stale, "stale"),
    (ErrorCode::Illegal, "illegal"),
    (ErrorCode::GameOver, "game-over"),
    (ErrorCode::NoOffer, "no-offer"),
    (ErrorCode::NotOver, "not-over"),
    (ErrorCode::NoClock, "no-clock"),
    (ErrorCode::OpponentPresent, "opponent-present"),
    (ErrorCode::TooEarly, "too-early"),
    (ErrorCode::Conflict, "conflict"),
    (ErrorCode::Internal, "internal"),
];

/// A refusal with its code and a message naming the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WireError {
    pub code: ErrorCode,
    pub message: String,
}

impl WireError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> WireError {
        WireError {
            code,
            message: message.into(),
        }
    }

    pub fn field(message: impl Into<String>) -> WireError {
        WireError::new(ErrorCode::BadField, message)
    }

    /// The `error` message that answers it.
    pub fn to_msg(&self, id: Option<u64>) -> ServerMsg {
        ServerMsg::Error {
            id,
            code: self.code,
            message: self.message.clone(),
        }
    }
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for WireError {}
