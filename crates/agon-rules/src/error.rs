//! Typed errors of playing an action: each names what is wrong so a player
//! or a tool can be told.
//!
//! An error of reading one type lives beside that type ([`CellError`] in
//! `cell.rs`, [`ParseSideError`] in `piece.rs`, [`ActionTextError`] in
//! `action.rs`, [`AfnError`] in `afn.rs`), so this module only depends on
//! them, never the other way round.
//!
//! [`CellError`]: crate::CellError
//! [`ParseSideError`]: crate::ParseSideError
//! [`AfnError`]: crate::AfnError

use std::fmt;

use crate::action::{Action, ActionTextError};
use crate::cell::Cell;

/// Why an action is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    /// The game is already over.
    GameOver,
    /// Nothing stands on the starting cell.
    NoPiece(Cell),
    /// The piece on the starting cell belongs to the other side.
    NotYourPiece(Cell),
    /// The side has captured pieces, so it must relocate one (clause 13).
    MustRelocate,
    /// The side's queen is captured and must be relocated first (clause 14).
    QueenFirst,
    /// The target cell is not empty.
    Occupied(Cell),
    /// A step must go to an adjacent cell (clause 8).
    NotAdjacent,
    /// A step may not go outward (clause 8).
    Outward,
    /// Only a queen may enter the throne (clause 9).
    ThroneForbidden,
    /// The target lies between two in-play enemies (clause 10).
    Intervention(Cell),
    /// A guard is relocated to the outer ring only (clause 15).
    GuardOffOuterRing(Cell),
    /// The action text claims captures that are not what the action captures.
    WrongCaptures {
        claimed: Vec<Cell>,
        actual: Vec<Cell>,
    },
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalAction::*;
        match self {
            GameOver => write!(f, "the game is over"),
            NoPiece(c) => write!(f, "there is no piece on {c}"),
            NotYourPiece(c) => write!(f, "the piece on {c} belongs to the other side"),
            MustRelocate => write!(f, "a captured piece must be relocated this turn"),
            QueenFirst => write!(f, "the captured queen must be relocated before any guard"),
            Occupied(c) => write!(f, "{c} is not empty"),
            NotAdjacent => write!(f, "a step goes to an adjacent cell"),
            Outward => write!(f, "pieces never step outward"),
            ThroneForbidden => write!(f, "only a queen may enter the throne"),
            Intervention(c) => write!(f, "{c} lies between two enemy pieces"),
            GuardOffOuterRing(c) => {
                write!(
                    f,
                    "a guard is relocated to the outer ring, and {c} is not on it"
                )
            }
            WrongCaptures { claimed, actual } => write!(
                f,
                "the action claims to capture {} but captures {}",
                cells_text(claimed),
                cells_text(actual)
            ),
        }
    }
}

fn cells_text(cells: &[Cell]) -> String {
    if cells.is_empty() {
        "nothing".to_string()
    } else {
        cells
            .iter()
            .map(Cell::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl std::error::Error for IllegalAction {}

/// An action text that is malformed or not legal where it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Text(ActionTextError),
    Illegal {
        action: Action,
        reason: IllegalAction,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Text(e) => e.fmt(f),
            PlayError::Illegal { action, reason } => write!(f, "{action} is illegal: {reason}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<ActionTextError> for PlayError {
    fn from(e: ActionTextError) -> Self {
        PlayError::Text(e)
    }
}
