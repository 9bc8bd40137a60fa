//! The messages of version 1, both ways, their JSON and their validation.

use std::fmt;

use agon_rules::{Side, excerpt};
use serde::{Deserialize, Serialize};

/// The wire format's version, sent in `hello` and `welcome`.
pub const VERSION: u32 = 1;
/// The largest text frame a server accepts, in bytes; larger ones close the
/// connection (1009, "frame too big").
pub const MAX_FRAME_BYTES: usize = 4096;
/// Action ids are whole numbers below 2^53, so JavaScript reads them exactly.
pub const MAX_ID: u64 = (1 << 53) - 1;
/// Clock limits: minutes 1 to 180, increment 0 to 180 seconds.
pub const MAX_CLOCK_MINUTES: u32 = 180;
pub const MAX_INCREMENT_SECONDS: u32 = 180;
/// Room ids, seat tokens and idempotency keys: 8 to 64 characters of
/// `A-Z a-z 0-9 _ -`.
pub const MIN_NAME_CHARS: usize = 8;
pub const MAX_NAME_CHARS: usize = 64;
/// Idempotency keys answer their seat's token again, so they are secrets:
/// at least 16 characters (the session sends 32 random hex digits).
pub const MIN_KEY_CHARS: usize = 16;
/// Claim codes: 8 letters of [`CLAIM_ALPHABET`], written with or without a
/// dash after the fourth (`K7QM-3XTP`); read case-insensitively.
pub const CLAIM_ALPHABET: &[u8; 32] = b"ABCDEFGHJKMNPQRSTVWXYZ0123456789";
pub const CLAIM_CHARS: usize = 8;
/// The longest action text accepted (`a1-k11x...` with captures).
pub const MAX_ACTION_CHARS: usize = 64;
/// The most characters of an offending value quoted in an error message.
const QUOTE_CHARS: usize = 40;

/// A clock: minutes for each side and seconds added after each move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    pub minutes: u32,
    pub increment: u32,
}

impl ClockSpec {
    /// Each side's time at the start, in milliseconds.
    pub fn initial_ms(self) -> u64 {
        u64::from(self.minutes) * 60_000
    }

    pub fn increment_ms(self) -> u64 {
        u64::from(self.increment) * 1000
    }

    fn check(self) -> Result<(), WireError> {
        if self.minutes > MAX_CLOCK_MINUTES {
            return Err(WireError::field(format!(
                "clock minutes {} is over {MAX_CLOCK_MINUTES}",
                self.minutes
            )));
        }
        if self.increment > MAX_INCREMENT_SECONDS {
            return Err(WireError::field(format!(
                "clock increment {} is over {MAX_INCREMENT_SECONDS} seconds",
                self.increment
            )));
        }
        if self.minutes == 0 {
            return Err(WireError::field(
                "a clock of 0 minutes leaves no time; send null for no clock",
            ));
        }
        Ok(())
    }
}

impl fmt::Display for ClockSpec {
    /// `5+3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.minutes, self.increment)
    }
}

/// The side the creator of a game asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    Light,
    Dark,
    Random,
}

/// What a connection is in a room: a player of one side, or a spectator.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Light,
    Dark,
    Watch,
}

impl Role {
    pub fn side(self) -> Option<Side> {
        match self {
            Role::Light => Some(Side::Light),
            Role::Dark => Some(Side::Dark),
            Role::Watch => None,
        }
    }

    pub fn of(side: Side) -> Role {
        match side {
            Side::Light => Role::Light,
            Side::Dark => Role::Dark,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Light => "light",
            Role::Dark => "dark",
            Role::Watch => "watch",
        }
    }
}

/// A message from a client. Every one but `hello` and `ping` carries an `id`
/// that the answer (`ack`, `error` or the reply named below) repeats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message of every connection.
    Hello {
        v: u32,
    },
    /// A new game; answered by `joined` (the creator's seat, token and claim
    /// code). The `key` makes it idempotent: the same key again answers the
    /// same room.
    Create {
        id: u64,
        key: String,
        side: SideChoice,
        clock: Option<ClockSpec>,
        /// Shown in the lobby's open games.
        #[serde(default)]
        listed: bool,
    },
    /// Quick pairing: takes the free seat of the oldest open game with this
    /// clock, or opens one and waits in it; answered by `joined`.
    Seek {
        id: u64,
        key: String,
        clock: Option<ClockSpec>,
    },
    /// Enters a room: with a seat token, that seat; without one, the free
    /// seat of a game not yet started (unless `watch`), else as a spectator.
    /// Answered by `joined`, then every event after `since`.
    Join {
        id: u64,
        room: String,
        #[serde(default)]
        token: Option<String>,
        #[serde(default)]
        since: u64,
        #[serde(default)]
        watch: bool,
    },
    /// Trades a claim code for its seat's room and token (`claimed`).
    Claim {
        id: u64,
        code: String,
    },
    /// The open games (`lobby`).
    Lobby {
        id: u64,
    },
    /// Leaves the room (`ack`).
    Leave {
        id: u64,
    },
    /// Asks again for the current room's events after `since` (a gap).
    Resync {
        id: u64,
        since: u64,
    },
    /// An action, for the position after `ply` actions.
    Move {
        id: u64,
        ply: u32,
        action: String,
    },
    Resign {
        id: u64,
    },
    OfferDraw {
        id: u64,
    },
    AcceptDraw {
        id: u64,
    },
    DeclineDraw {
        id: u64,
    },
    /// With a clock, the win when the opponent has been gone past the grace.
    ClaimWin {
        id: u64,
    },
    /// Offers a rematch, or accepts the opponent's offer (sides swapped).
    Rematch {
        id: u64,
    },
    /// Keeps the connection alive; answered by `pong`.
    Ping {},
}

impl ClientMsg {
    /// The message's id, if it has one.
    pub fn id(&self) -> Option<u64> {
        use ClientMsg::*;
        match self {
            Hello { .. } | Ping {} => None,
            Create { id, .. }
            | Seek { id, .. }
            | Join { id, .. }
            | Claim { id, .. }
            | Lobby { id }
            | Leave { id }
            | Resync { id, .. }
            | Move { id, .. }
            | Resign { id }
            | OfferDraw { id }
            | AcceptDraw { id }
            | DeclineDraw { id }
            | ClaimWin { id }
            | Rematch { id } => Some(*id),
        }
    }

    /// Whether this message changes a game (and so is stored, numbered and
    /// never played twice for one id).
    pub fn is_game_action(&self) -> bool {
        use ClientMsg::*;
        matches!(
            self,
            Move { .. }
                | Resign { .. }
                | OfferDraw { .. }
                | AcceptDraw { .. }
                | DeclineDraw { .. }
                | ClaimWin { .. }
                | Rematch { .. }
        )
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a client message always serializes")
    }

    /// Checks what serde cannot: ranges and the shapes of names and codes.
    pub fn validate(&self) -> Result<(), WireError> {
        if let Some(id) = self.id()
            && id > MAX_ID
        {
            return Err(WireError::field(format!("id {id} is over 2^53 - 1")));
        }
        use ClientMsg::*;
        match self {
            Hello { .. } | Ping {} => Ok(()),
            Create { key, clock, .. } | Seek { key, clock, .. } => {
                check_name("key", key)?;
                // A key answers its seat's token: it must be as hard to guess.
                if key.len() < MIN_KEY_CHARS {
                    return Err(WireError::field(format!(
                        "key {} is shorter than {MIN_KEY_CHARS} characters",
                        quote(key)
                    )));
                }
                clock.map_or(Ok(()), ClockSpec::check)
            }
            Join { room, token, .. } => {
                check_name("room", room)?;
                token.as_deref().map_or(Ok(()), |t| check_name("token", t))
            }
            Claim { code, .. } => normalize_claim(code).map(|_| ()),
            Move { action, .. } => {
                if action.chars().count() > MAX_ACTION_CHARS {
                    Err(WireError::field(format!(
                        "action text longer than {MAX_ACTION_CHARS} characters"
                    )))
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }
}

/// The kinds of client message, as `t` names them.
pub const CLIENT_KINDS: [&str; 17] = [
    "hello",
    "create",
    "seek",
    "join",
    "claim",
    "lobby",
    "leave",
    "resync",
    "move",
    "resign",
    "offer-draw",
    "accept-draw",
    "decline-draw",
    "claim-win",
    "rematch",
    "ping",
    // Listed so that a server answers it with its own error, not unknown-kind.
    "",
];

/// Whether `room` is a room id as the server gives them (from a link, say).
pub fn check_room(room: &str) -> Result<(), WireError> {
    check_name("room", room)
}

fn check_name(what: &str, s: &str) -> Result<(), WireError> {
    let n = s.chars().count();
    let ok = (MIN_NAME_CHARS..=MAX_NAME_CHARS).contains(&n)
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(WireError::field(format!(
            "{what} {} is not {MIN_NAME_CHARS} to {MAX_NAME_CHARS} characters of A-Z a-z 0-9 _ -",
            quote(s)
        )))
    }
}

/// A claim code as stored: eight upper-case letters of the alphabet, no dash.
pub fn normalize_claim(code: &str) -> Result<String, WireError> {
    let bad = || {
        WireError::new(
            ErrorCode::BadCode,
            format!(
                "{} is not a claim code such as K7QM-3XTP (eight letters and digits)",
                quote(code)
            ),
        )
    };
    if code.len() > 2 * CLAIM_CHARS {
        return Err(bad());
    }
    let s: String = code
        .chars()
        .filter(|c| *c != '-' && *c != ' ')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if s.len() == CLAIM_CHARS && s.bytes().all(|b| CLAIM_ALPHABET.contains(&b)) {
        Ok(s)
    } else {
        Err(bad())
    }
}

/// A claim code as shown: `K7QM-3XTP`.
pub fn display_claim(code: &str) -> String {
    match code.get(..4).zip(code.get(4..)) {
        Some((a, b)) if code.len() == CLAIM_CHARS => format!("{a}-{b}"),
        _ => code.to_string(),
    }
}

/// A value quoted in an error message, cut to a few dozen characters.
pub fn quote(s: &str) -> String {
    let (head, cut) = excerpt(s, QUOTE_CHARS);
    if cut {
        format!("{head:?}…")
    } else {
        format!("{head:?}")
    }
}

/// Each side's time left, in milliseconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockState {
    pub light_ms: u64,
    pub dark_ms: u64,
}

impl ClockState {
    pub fn get(self, side: Side) -> u64 {
        match side {
            Side::Light => self.light_ms,
            Side::Dark => self.dark_ms,
        }
    }

    pub fn set(&mut self, side: Side, ms: u64) {
        match side {
            Side::Light => self.light_ms = ms,
            Side::Dark => self.dark_ms = ms,
        }
    }
}

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

/// Reads and validates a client's text frame. On failure, the id of the
/// message when one could be read, so the refusal can name it.
pub fn parse_client(text: &str) -> Result<ClientMsg, (Option<u64>, WireError)> {
    if text.len() > MAX_FRAME_BYTES {
        return Err((
            None,
            WireError::new(
                ErrorCode::BadFrame,
                format!("a frame of {} bytes is over {MAX_FRAME_BYTES}", text.len()),
            ),
        ));
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        (
            None,
            WireError::new(ErrorCode::BadFrame, format!("not JSON: {e}")),
        )
    })?;
    let Some(object) = value.as_object() else {
        return Err((
            None,
            WireError::new(ErrorCode::BadFrame, "not a JSON object"),
        ));
    };
    let id = object.get("id").and_then(serde_json::Value::as_u64);
    let kind = match object.get("t") {
        Some(serde_json::Value::String(s)) => s.clone(),
        _ => {
            return Err((
                id,
                WireError::new(ErrorCode::BadFrame, "no \"t\" naming the message's kind"),
            ));
        }
    };
    if kind.is_empty() || !CLIENT_KINDS.contains(&kind.as_str()) {
        return Err((
            id,
            WireError::new(
                ErrorCode::UnknownKind,
                format!("{} is no message of version {VERSION}", quote(&kind)),
            ),
        ));
    }
    let msg: ClientMsg = serde_json::from_value(value).map_err(|e| {
        (
            id,
            WireError::new(
                ErrorCode::BadFrame,
                format!("{} message: {}", quote(&kind), cut(&e.to_string())),
            ),
        )
    })?;
    msg.validate().map_err(|e| (id, e))?;
    Ok(msg)
}

/// Reads a server's text frame (the client side).
pub fn parse_server(text: &str) -> Result<ServerMsg, String> {
    serde_json::from_str(text).map_err(|e| format!("not a server message: {}", cut(&e.to_string())))
}

fn cut(s: &str) -> String {
    let (head, cut) = excerpt(s, 160);
    if cut {
        format!("{head}…")
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> ErrorCode {
        parse_client(text).unwrap_err().1.code
    }

    #[test]
    fn every_client_message_round_trips() {
        let clock = Some(ClockSpec {
            minutes: 5,
            increment: 3,
        });
        let msgs = vec![
            ClientMsg::Hello { v: 1 },
            ClientMsg::Create {
                id: 1,
                key: "abcdefgh12345678".into(),
                side: SideChoice::Random,
                clock,
                listed: true,
            },
            ClientMsg::Seek {
                id: 2,
                key: "abcdefgh12345678".into(),
                clock: None,
            },
            ClientMsg::Join {
                id: 3,
                room: "room_0001".into(),
                token: Some("tok-tok-tok".into()),
                since: 4,
                watch: false,
            },
            ClientMsg::Claim {
                id: 4,
                code: "K7QM-3XTP".into(),
            },
            ClientMsg::Lobby { id: 5 },
            ClientMsg::Leave { id: 6 },
            ClientMsg::Resync { id: 7, since: 9 },
            ClientMsg::Move {
                id: MAX_ID,
                ply: 3,
                action: "f1-f2".into(),
            },
            ClientMsg::Resign { id: 8 },
            ClientMsg::OfferDraw { id: 9 },
            ClientMsg::AcceptDraw { id: 10 },
            ClientMsg::DeclineDraw { id: 11 },
            ClientMsg::ClaimWin { id: 12 },
            ClientMsg::Rematch { id: 13 },
            ClientMsg::Ping {},
        ];
        assert_eq!(msgs.len(), CLIENT_KINDS.len() - 1);
        for m in msgs {
            let text = m.to_json();
            assert_eq!(parse_client(&text), Ok(m.clone()), "{text}");
            let kind = serde_json::from_str::<serde_json::Value>(&text).unwrap()["t"]
                .as_str()
                .unwrap()
                .to_string();
            assert!(CLIENT_KINDS.contains(&kind.as_str()), "{kind}");
        }
    }

    #[test]
    fn the_json_is_as_documented() {
        assert_eq!(
            ClientMsg::OfferDraw { id: 4 }.to_json(),
            r#"{"t":"offer-draw","id":4}"#
        );
        let ev = ServerMsg::Event {
            room: "r0000001".into(),
            seq: 2,
            at_ms: 5,
            event: Event::Move {
                side: Side::Light,
                action: "f1-f2".into(),
                clock: None,
            },
        };
        assert_eq!(
            ev.to_json(),
            r#"{"t":"event","room":"r0000001","seq":2,"at_ms":5,"event":{"kind":"move","side":"light","action":"f1-f2","clock":null}}"#
        );
        let p = ServerMsg::Presence {
            room: "r0000001".into(),
            presence: Presence {
                light: true,
                dark: false,
                watchers: 3,
            },
        };
        assert_eq!(
            p.to_json(),
            r#"{"t":"presence","room":"r0000001","light":true,"dark":false,"watchers":3}"#
        );
        assert_eq!(parse_server(&p.to_json()), Ok(p));
    }

    #[test]
    fn hostile_frames_get_their_codes() {
        assert_eq!(code("{"), ErrorCode::BadFrame);
        assert_eq!(code("[1,2]"), ErrorCode::BadFrame);
        assert_eq!(code(r#"{"id":3}"#), ErrorCode::BadFrame);
        assert_eq!(code(r#"{"t":"fly","id":3}"#), ErrorCode::UnknownKind);
        assert_eq!(code(r#"{"t":"","id":3}"#), ErrorCode::UnknownKind);
        assert_eq!(
            parse_client(r#"{"t":"fly","id":3}"#).unwrap_err().0,
            Some(3)
        );
        assert_eq!(code(r#"{"t":"move","id":3}"#), ErrorCode::BadFrame);
        assert_eq!(
            code(r#"{"t":"move","id":3,"ply":0,"action":"f1-f2","x":1}"#),
            ErrorCode::BadFrame
        );
        assert_eq!(
            code(r#"{"t":"move","id":-3,"ply":0,"action":"f1-f2"}"#),
            ErrorCode::BadFrame
        );
        assert_eq!(
            code(r#"{"t":"move","id":9007199254740992,"ply":0,"action":"f1-f2"}"#),
            ErrorCode::BadField
        );
        assert_eq!(
            code(r#"{"t":"move","id":1,"ply":4294967296,"action":"f1-f2"}"#),
            ErrorCode::BadFrame
        );
        assert_eq!(
            code(r#"{"t":"join","id":1,"room":"../../etc"}"#),
            ErrorCode::BadField
        );
        assert_eq!(
            code(
                r#"{"t":"create","id":1,"key":"abcdefgh12345678","side":"light","clock":{"minutes":181,"increment":0}}"#
            ),
            ErrorCode::BadField
        );
        assert_eq!(
            code(
                r#"{"t":"create","id":1,"key":"abcdefgh12345678","side":"light","clock":{"minutes":0,"increment":0}}"#
            ),
            ErrorCode::BadField
        );
        assert_eq!(
            code(r#"{"t":"seek","id":1,"key":"short-key-0001","clock":null}"#),
            ErrorCode::BadField
        );
        assert_eq!(
            code(r#"{"t":"claim","id":1,"code":"IIII-OOOO"}"#),
            ErrorCode::BadCode
        );
        let big = format!(r#"{{"t":"ping","pad":"{}"}}"#, "x".repeat(MAX_FRAME_BYTES));
        assert_eq!(code(&big), ErrorCode::BadFrame);
    }

    #[test]
    fn claim_codes_read_loosely_and_show_with_a_dash() {
        assert_eq!(normalize_claim("k7qm-3xtp"), Ok("K7QM3XTP".into()));
        assert_eq!(normalize_claim("K7QM 3XTP"), Ok("K7QM3XTP".into()));
        assert!(normalize_claim("K7QM3XT").is_err());
        assert!(normalize_claim("K7QM3XTPP").is_err());
        assert_eq!(display_claim("K7QM3XTP"), "K7QM-3XTP");
    }

    #[test]
    fn error_codes_are_named_as_serde_writes_them() {
        for (code, name) in ALL_CODES {
            assert_eq!(code.as_str(), name);
            assert_eq!(serde_json::to_string(&code).unwrap(), format!("\"{name}\""));
        }
    }
}
