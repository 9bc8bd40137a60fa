//! How a game ends.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::piece::Side;

/// Why a side won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WinReason {
    /// The winner's queen holds the throne inside a ring of its six guards (clause 17).
    Throne,
    /// The loser filled the throne ring without its queen on the throne (clause 18).
    Forfeit,
    /// The loser began a turn with no legal action (clause 19).
    NoMoves,
}

/// The end of a game by the rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win {
        winner: Side,
        reason: WinReason,
    },
    /// The same position for the third time (clause 20).
    DrawByRepetition,
}

impl Outcome {
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::DrawByRepetition => None,
        }
    }

    /// The reason as the protocol writes it.
    pub fn reason_text(self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } => reason.as_str(),
            Outcome::DrawByRepetition => "repetition",
        }
    }
}

impl WinReason {
    pub fn as_str(self) -> &'static str {
        match self {
            WinReason::Throne => "throne",
            WinReason::Forfeit => "forfeit",
            WinReason::NoMoves => "no-moves",
        }
    }
}

impl fmt::Display for Outcome {
    /// `light throne`, `dark no-moves`, `draw repetition`: the protocol's words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} {}", reason.as_str()),
            Outcome::DrawByRepetition => f.write_str("draw repetition"),
        }
    }
}

impl FromStr for Outcome {
    type Err = String;
    fn from_str(s: &str) -> Result<Outcome, String> {
        let (who, why) = s
            .split_once(' ')
            .ok_or_else(|| format!("{s:?} is not a result such as \"light throne\""))?;
        let reason = match why {
            "throne" => WinReason::Throne,
            "forfeit" => WinReason::Forfeit,
            "no-moves" => WinReason::NoMoves,
            "repetition" if who == "draw" => return Ok(Outcome::DrawByRepetition),
            _ => return Err(format!("{why:?} is not a way to end the game")),
        };
        let winner = match who {
            "light" => Side::Light,
            "dark" => Side::Dark,
            _ => return Err(format!("{who:?} is not a side")),
        };
        Ok(Outcome::Win { winner, reason })
    }
}
