//! The rules of Agon (Queen's Guard, London 1842): the single judge of what
//! is legal in this project.
//!
//! ```
//! use agon_rules::{Game, Position, perft};
//!
//! let mut game = Game::new();
//! assert_eq!(game.legal_actions().len(), 27);
//! game.play_text("f1-f2").unwrap();
//! assert_eq!(game.position().to_afn(), "1g2G1/G5g/8/g7G/10/1Q8q/10/g7G/8/G5g/1g2G1 d -");
//! assert_eq!(perft(&Position::start(), 2), 713);
//! ```

mod action;
mod afn;
mod cell;
mod cellset;
mod error;
mod game;
mod import;
pub mod link;
mod outcome;
mod perft;
mod piece;
mod position;
mod quote;
mod random;
mod record;
mod zobrist;

pub use action::{Action, ActionKind, ActionList, ActionText, ActionTextError, MAX_ACTIONS};
pub use afn::{AfnError, START_AFN};
pub use cell::{Cell, CellError, Dir, FILE_LENGTHS, file_letter};
pub use cellset::{CellSet, CellSetIter};
pub use error::{IllegalAction, PlayError};
pub use game::{Game, Played};
pub use import::{ImportError, Imported, import};
pub use outcome::{Outcome, WinReason};
pub use perft::{perft, perft_divide, perft_until};
pub use piece::{Kind, ParseSideError, Piece, Side};
pub use position::{Position, Undo};
pub use quote::{Excerpt, QUOTE_CHARS, Quoted, excerpt};
pub use random::{SPLITMIX64_GAMMA, splitmix64};
pub use record::{Ending, Player, Players, RECORD_FORMAT, RECORD_VERSION, Record, RecordError};
