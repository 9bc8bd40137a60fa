//! How a game ends.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::piece::{ParseSideError, Side};
use crate::quote::Quoted;

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
            .ok_or_else(|| format!("{} is not a result such as \"light throne\"", Quoted(s)))?;
        let reason = match why {
            "throne" => WinReason::Throne,
            "forfeit" => WinReason::Forfeit,
            "no-moves" => WinReason::NoMoves,
            "repetition" if who == "draw" => return Ok(Outcome::DrawByRepetition),
            _ => return Err(format!("{} is not a way to end the game", Quoted(why))),
        };
        let winner: Side = who.parse().map_err(|e: ParseSideError| e.to_string())?;
        Ok(Outcome::Win { winner, reason })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_round_trip_through_text() {
        let mut outcomes = vec![Outcome::DrawByRepetition];
        for winner in Side::BOTH {
            for reason in [WinReason::Throne, WinReason::Forfeit, WinReason::NoMoves] {
                outcomes.push(Outcome::Win { winner, reason });
            }
        }
        for o in outcomes {
            assert_eq!(o.to_string().parse::<Outcome>(), Ok(o));
        }
        assert_eq!(
            "dark no-moves".parse::<Outcome>(),
            Ok(Outcome::Win {
                winner: Side::Dark,
                reason: WinReason::NoMoves
            })
        );
    }

    #[test]
    fn bad_outcome_text_says_what_is_wrong() {
        let err = |s: &str| s.parse::<Outcome>().unwrap_err();
        assert_eq!(
            err("blue throne"),
            r#""blue" is not a side (light or dark)"#
        );
        assert_eq!(
            err("Light throne"),
            r#""Light" is not a side (light or dark)"#
        );
        assert_eq!(
            err("draw throne"),
            r#""draw" is not a side (light or dark)"#
        );
        assert_eq!(err("light nap"), r#""nap" is not a way to end the game"#);
        assert_eq!(
            err("light"),
            r#""light" is not a result such as "light throne""#
        );
    }
}
