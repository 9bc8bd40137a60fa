//! What clients send: each message, its validation, and the reading of a
//! client's frame.

use super::*;

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
