//! Typed errors: each names what is wrong so a player or a tool can be told.

use std::fmt;

use crate::action::Action;
use crate::cell::Cell;
use crate::piece::Side;
use crate::quote::Quoted;

/// A cell name that is not one of the 91 cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellError(pub String);

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a cell name (files a-l without j, ranks from 1)",
            Quoted(&self.0)
        )
    }
}

impl std::error::Error for CellError {}

/// A side name that is neither `light` nor `dark`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSideError(pub String);

impl fmt::Display for ParseSideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a side (light or dark)", Quoted(&self.0))
    }
}

impl std::error::Error for ParseSideError {}

/// Action text that cannot be read, before any position is consulted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionTextError {
    /// Not of the form `FROM-TO` with an optional `x` and captured cells.
    Form(String),
    /// One of the named cells does not exist.
    Cell { text: String, cell: CellError },
    /// The same cell twice, as `f1-f1`.
    SameCell(String),
}

impl fmt::Display for ActionTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionTextError::Form(t) => {
                write!(
                    f,
                    "{} is not an action: expected FROM-TO such as f1-f2",
                    Quoted(t)
                )
            }
            ActionTextError::Cell { text, cell } => {
                write!(f, "in action {}: {cell}", Quoted(text))
            }
            ActionTextError::SameCell(t) => {
                write!(
                    f,
                    "{} is not an action: it starts and ends on one cell",
                    Quoted(t)
                )
            }
        }
    }
}

impl std::error::Error for ActionTextError {}

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

/// A malformed AFN position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfnError {
    /// Not three space-separated fields.
    FieldCount(usize),
    /// The board does not have eleven files.
    FileCount(usize),
    /// A file describes the wrong number of cells.
    FileLength {
        file: char,
        expected: usize,
        found: usize,
    },
    /// A character that is neither a piece letter nor a digit.
    UnknownChar {
        file: char,
        ch: char,
    },
    /// A run of zero empty cells, or a number with a leading zero.
    BadRun {
        file: char,
        run: String,
    },
    /// A run of more empty cells than the file has, however many digits
    /// it takes (it is never added up, so it cannot overflow).
    RunTooLong {
        file: char,
        run: String,
        cells: usize,
    },
    TooManyQueens(Side),
    TooManyGuards(Side),
    GuardOnThrone,
    /// The side field is not `l` or `d`.
    BadSide(String),
    /// A name in the captured field is not a cell.
    BadCapturedCell(CellError),
    /// A captured mark on an empty cell.
    CapturedEmpty(Cell),
    /// A cell named twice in the captured field.
    DuplicateCaptured(Cell),
}

impl fmt::Display for AfnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use AfnError::*;
        match self {
            FieldCount(n) => write!(
                f,
                "AFN needs three fields (board, side, captured) separated by single spaces, found {n}"
            ),
            FileCount(n) => write!(f, "the board needs 11 files separated by '/', found {n}"),
            FileLength {
                file,
                expected,
                found,
            } => {
                write!(f, "file {file} has {expected} cells but describes {found}")
            }
            UnknownChar { file, ch } => write!(
                f,
                "unknown character {ch:?} in file {file} (expected Q G q g or a number)"
            ),
            BadRun { file, run } => {
                write!(f, "bad run of empty cells {} in file {file}", Quoted(run))
            }
            RunTooLong { file, run, cells } => write!(
                f,
                "run of empty cells {} in file {file} is longer than the file's {cells} cells",
                Quoted(run)
            ),
            TooManyQueens(s) => write!(f, "{s} has more than one queen"),
            TooManyGuards(s) => write!(f, "{s} has more than six guards"),
            GuardOnThrone => write!(f, "a guard stands on the throne f6"),
            BadSide(s) => write!(f, "side to move must be 'l' or 'd', found {}", Quoted(s)),
            BadCapturedCell(e) => write!(f, "in the captured field: {e}"),
            CapturedEmpty(c) => write!(f, "{c} is marked captured but is empty"),
            DuplicateCaptured(c) => write!(f, "{c} is marked captured twice"),
        }
    }
}

impl std::error::Error for AfnError {}

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
