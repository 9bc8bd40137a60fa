//! Game records: a game saved as JSON, validated action by action on load.
//!
//! ```json
//! {
//!   "format": "agon-record",
//!   "version": 1,
//!   "start": "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -",
//!   "actions": ["f1-f2", "f11-f10"],
//!   "result": null,
//!   "players": { "light": { "kind": "human" }, "dark": { "kind": "computer", "level": "medium" } }
//! }
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::afn::AfnError;
use crate::error::PlayError;
use crate::game::Game;
use crate::outcome::Outcome;
use crate::piece::Side;
use crate::position::Position;
use crate::quote::{Quoted, excerpt};

pub const RECORD_FORMAT: &str = "agon-record";
pub const RECORD_VERSION: u32 = 1;

/// The most characters of a JSON parser's message a [`RecordError`] keeps.
const JSON_MESSAGE_CHARS: usize = 200;

/// Who played a side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Player {
    Human {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    Computer {
        level: String,
    },
    /// A person elsewhere, whose actions arrive by link (playing a friend
    /// remotely); the other side is the person at this screen.
    Remote {},
}

impl Player {
    pub fn human() -> Player {
        Player::Human { name: None }
    }

    pub fn computer(level: impl Into<String>) -> Player {
        Player::Computer {
            level: level.into(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    pub light: Player,
    pub dark: Player,
}

impl Default for Players {
    fn default() -> Self {
        Players {
            light: Player::human(),
            dark: Player::human(),
        }
    }
}

/// Why a game ended: by the rules, or by the players through the interface.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    Rules(Outcome),
    /// The loser resigned.
    Resignation {
        winner: Side,
    },
    /// The players agreed a draw.
    Agreement,
    /// A match tool stopped the game at its ply cap and called it a draw.
    Adjudication,
    /// The loser's clock ran out (a game with a clock, online).
    Time {
        winner: Side,
    },
    /// The loser left a game with a clock for longer than its grace, and
    /// the winner claimed it (online).
    Abandonment {
        winner: Side,
    },
}

impl Ending {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            Ending::Rules(o) => o.winner(),
            Ending::Resignation { winner }
            | Ending::Time { winner }
            | Ending::Abandonment { winner } => Some(winner),
            Ending::Agreement | Ending::Adjudication => None,
        }
    }

    /// The reason word: `throne`, `forfeit`, `no-moves`, `repetition`,
    /// `resignation`, `agreement`, `adjudication`, `time`, `abandonment`.
    pub fn reason(self) -> &'static str {
        match self {
            Ending::Rules(o) => o.reason_text(),
            Ending::Resignation { .. } => "resignation",
            Ending::Agreement => "agreement",
            Ending::Adjudication => "adjudication",
            Ending::Time { .. } => "time",
            Ending::Abandonment { .. } => "abandonment",
        }
    }
}

impl fmt::Display for Ending {
    /// `light throne`, `dark resignation`, `draw agreement`...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Rules(o) => o.fmt(f),
            Ending::Resignation { winner } => write!(f, "{winner} resignation"),
            Ending::Agreement => f.write_str("draw agreement"),
            Ending::Adjudication => f.write_str("draw adjudication"),
            Ending::Time { winner } => write!(f, "{winner} time"),
            Ending::Abandonment { winner } => write!(f, "{winner} abandonment"),
        }
    }
}

impl FromStr for Ending {
    type Err = String;
    fn from_str(s: &str) -> Result<Ending, String> {
        match s {
            "light resignation" => Ok(Ending::Resignation {
                winner: Side::Light,
            }),
            "dark resignation" => Ok(Ending::Resignation { winner: Side::Dark }),
            "draw agreement" => Ok(Ending::Agreement),
            "draw adjudication" => Ok(Ending::Adjudication),
            "light time" => Ok(Ending::Time {
                winner: Side::Light,
            }),
            "dark time" => Ok(Ending::Time { winner: Side::Dark }),
            "light abandonment" => Ok(Ending::Abandonment {
                winner: Side::Light,
            }),
            "dark abandonment" => Ok(Ending::Abandonment { winner: Side::Dark }),
            _ => s.parse().map(Ending::Rules),
        }
    }
}

impl Serialize for Ending {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Ending {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Ending, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A saved game, as stored in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub format: String,
    pub version: u32,
    /// The start position as AFN.
    pub start: String,
    /// The actions in order, as `FROM-TO` text.
    pub actions: Vec<String>,
    /// How the game ended, or `null` while it is in progress.
    #[serde(default)]
    pub result: Option<Ending>,
    pub players: Players,
}

/// Why a record could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not JSON, or not a record's shape.
    Json(String),
    /// The `format` field is not `agon-record`.
    Format(String),
    /// A version this program does not read.
    Version(u32),
    Start(AfnError),
    /// The first action that cannot be played, with its index from 0.
    Action {
        index: usize,
        text: String,
        error: PlayError,
    },
    /// The stored result is not what the actions lead to.
    Result {
        stored: Option<Ending>,
        actual: Option<Outcome>,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Json(e) => write!(f, "not a valid game record: {e}"),
            RecordError::Format(s) => {
                write!(
                    f,
                    "not an Agon game record (format {}, expected {RECORD_FORMAT:?})",
                    Quoted(s)
                )
            }
            RecordError::Version(v) => write!(
                f,
                "game record version {v} is not supported (this program reads version {RECORD_VERSION})"
            ),
            RecordError::Start(e) => write!(f, "the start position is invalid: {e}"),
            RecordError::Action { index, text, error } => {
                write!(
                    f,
                    "action {index} ({}) cannot be played: {error}",
                    Quoted(text)
                )
            }
            RecordError::Result { stored, actual } => {
                let stored = stored.map_or("no result".to_string(), |e| format!("\"{e}\""));
                let actual = actual.map_or("a game in progress".to_string(), |o| o.to_string());
                write!(
                    f,
                    "the record says {stored} but its actions lead to {actual}"
                )
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// `text` without a leading byte-order mark (U+FEFF): files that Windows
/// editors save in UTF-8 start with one, which is not part of the text.
pub(crate) fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{FEFF}').unwrap_or(text)
}

impl Record {
    /// The record of a game, with who played and, for a game ended through
    /// the interface, how.
    pub fn from_game(game: &Game, players: Players, ending: Option<Ending>) -> Record {
        Record {
            format: RECORD_FORMAT.to_string(),
            version: RECORD_VERSION,
            start: game.start().to_afn(),
            actions: game.actions().map(|a| a.to_string()).collect(),
            result: game.outcome().map(Ending::Rules).or(ending),
            players,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serializes")
    }

    /// Parses and validates a record from JSON text. A leading byte-order
    /// mark, which Windows editors write, is skipped.
    pub fn from_json(text: &str) -> Result<(Record, Game), RecordError> {
        let text = strip_bom(text);
        let record: Record = serde_json::from_str(text).map_err(|e| {
            // serde quotes what it did not expect whole, however long.
            let message = e.to_string();
            let (head, cut) = excerpt(&message, JSON_MESSAGE_CHARS);
            RecordError::Json(if cut { format!("{head}…") } else { message })
        })?;
        let game = record.replay()?;
        Ok((record, game))
    }

    /// Replays the record, checking every action and the stored result.
    pub fn replay(&self) -> Result<Game, RecordError> {
        if self.format != RECORD_FORMAT {
            return Err(RecordError::Format(self.format.clone()));
        }
        if self.version != RECORD_VERSION {
            return Err(RecordError::Version(self.version));
        }
        let start = Position::from_afn(&self.start).map_err(RecordError::Start)?;
        let mut game = Game::from_position(start);
        for (index, text) in self.actions.iter().enumerate() {
            game.play_text(text).map_err(|error| RecordError::Action {
                index,
                text: text.clone(),
                error,
            })?;
        }
        let consistent = match (game.outcome(), self.result) {
            (Some(actual), Some(Ending::Rules(stored))) => actual == stored,
            (Some(_), _) => false,
            (None, Some(Ending::Rules(_))) => false,
            (None, _) => true,
        };
        if !consistent {
            return Err(RecordError::Result {
                stored: self.result,
                actual: game.outcome(),
            });
        }
        Ok(game)
    }

    /// The interface ending stored in this record, if any (resignation,
    /// agreement, adjudication).
    pub fn interface_ending(&self) -> Option<Ending> {
        self.result.filter(|e| !matches!(e, Ending::Rules(_)))
    }
}
