//! Sides and pieces.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::quote::Quoted;

/// One of the two players. Light moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Light,
    Dark,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Light, Side::Dark];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::Light => "light",
            Side::Dark => "dark",
        }
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        match self {
            Side::Light => Side::Dark,
            Side::Dark => Side::Light,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Side {
    type Err = ParseSideError;
    /// Exactly the names [`Side`] displays as: `light` or `dark`.
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        Side::BOTH
            .into_iter()
            .find(|side| side.name() == s)
            .ok_or_else(|| ParseSideError(s.to_string()))
    }
}

/// What a piece is: each side has one queen and six guards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Queen,
    Guard,
}

impl Kind {
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A piece: its side and kind. Whether it is in play is a property of the
/// position, not of the piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// The AFN letter: `Q`/`G` for Light, `q`/`g` for Dark.
    pub const fn letter(self) -> char {
        match (self.side, self.kind) {
            (Side::Light, Kind::Queen) => 'Q',
            (Side::Light, Kind::Guard) => 'G',
            (Side::Dark, Kind::Queen) => 'q',
            (Side::Dark, Kind::Guard) => 'g',
        }
    }

    pub const fn from_letter(ch: char) -> Option<Piece> {
        Some(match ch {
            'Q' => Piece::new(Side::Light, Kind::Queen),
            'G' => Piece::new(Side::Light, Kind::Guard),
            'q' => Piece::new(Side::Dark, Kind::Queen),
            'g' => Piece::new(Side::Dark, Kind::Guard),
            _ => return None,
        })
    }
}

/// A side name that is neither `light` nor `dark`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSideError(pub String);

impl fmt::Display for ParseSideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a side (light or dark)", Quoted(&self.0))
    }
}

impl std::error::Error for ParseSideError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_names_round_trip() {
        for side in Side::BOTH {
            assert_eq!(side.to_string().parse::<Side>(), Ok(side));
        }
        assert_eq!("light".parse::<Side>(), Ok(Side::Light));
        assert_eq!("dark".parse::<Side>(), Ok(Side::Dark));
        for bad in ["", "Light", "DARK", " light", "dark ", "l", "white"] {
            assert_eq!(bad.parse::<Side>(), Err(ParseSideError(bad.to_string())));
        }
        assert_eq!(
            "xyz".parse::<Side>().unwrap_err().to_string(),
            r#""xyz" is not a side (light or dark)"#
        );
    }
}
