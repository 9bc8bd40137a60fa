//! What is requested of the match and what it announces. Requests come
//! from input, the computer, the interface and the command line; the owner
//! alone answers them with announcements, which everything else reads.

use agon_rules::{Action, Cell, Ending, Game, Played, Position, Record, Side};
use bevy::prelude::*;

use crate::game::mode::Setup;
use crate::game::puzzle::PuzzleStart;

/// A request to play an action, from a person or the computer.
#[derive(Message, Clone, Copy, Debug)]
pub struct RequestAction(pub Action);

/// A request to change the whole match. Those that would replace an
/// unfinished game carry `confirmed`: unconfirmed, the owner only asks
/// ([`DiscardAsked`]).
#[derive(Message, Clone, Debug)]
pub enum MatchCommand {
    /// A new game of `setup` from `game` (the start, or a position with
    /// actions already played).
    New {
        setup: Setup,
        game: Box<Game>,
        confirmed: bool,
    },
    /// A game record, read from a file or pasted.
    Load {
        record: Box<(Record, Game)>,
        confirmed: bool,
    },
    /// The game an earlier session saved.
    Resume,
    /// A new game like the one that ended (a Random side drawn again).
    PlayAgain {
        confirmed: bool,
    },
    Undo,
    Redo,
    /// The person (at one screen, the side to move) gives up.
    Resign,
    /// Opens a lesson; the game in progress waits aside until the tutorial
    /// is left.
    StartLesson(usize),
    /// Back to the game that was there before the tutorial.
    LeaveTutorial,
    /// Shows the position after `n` actions of the line on the board (the
    /// game, or the variation shown); none: the game's own position.
    Browse(Option<usize>),
    /// Shows the position after `n` actions of a variation, or of the game.
    BrowseLine {
        line: Option<usize>,
        to: usize,
    },
    /// Plays an action from the earlier position on the board: along a line
    /// that holds it, or in a variation ([`crate::game::variations`]).
    Vary(Action),
    /// Variation `n` becomes the game; the game's old line, a variation.
    Promote(usize),
    DeleteVariation(usize),
    /// The online room's game as the server has it (`game::online`): a
    /// room not on the board becomes the match (asking first, like `New`);
    /// the room on the board is followed: its new actions played (and
    /// shown arriving), its end, and, when `exact`, its game put in place of
    /// ours where ours went further (an action the server refused).
    Online(Box<OnlineView>),
    /// A puzzle on the board (`game::puzzle`); the game in progress waits
    /// aside until the puzzles are left.
    StartPuzzle(PuzzleStart),
    /// Back to the game that was there before the puzzles.
    LeavePuzzle,
}

impl MatchCommand {
    /// A new game from the start.
    pub fn new_game(setup: Setup) -> MatchCommand {
        MatchCommand::New {
            setup,
            game: Box::new(Game::new()),
            confirmed: false,
        }
    }

    /// The same command, with the player's consent to discard a game.
    pub fn confirmed(self) -> MatchCommand {
        match self {
            MatchCommand::New { setup, game, .. } => MatchCommand::New {
                setup,
                game,
                confirmed: true,
            },
            MatchCommand::Load { record, .. } => MatchCommand::Load {
                record,
                confirmed: true,
            },
            MatchCommand::PlayAgain { .. } => MatchCommand::PlayAgain { confirmed: true },
            MatchCommand::Online(mut view) => {
                view.confirmed = true;
                MatchCommand::Online(view)
            }
            other => other,
        }
    }

    /// Whether this command replaces the game without asking.
    pub(crate) fn discards(&self) -> bool {
        matches!(
            self,
            MatchCommand::New {
                confirmed: false,
                ..
            } | MatchCommand::Load {
                confirmed: false,
                ..
            } | MatchCommand::PlayAgain { confirmed: false }
        ) || matches!(self, MatchCommand::Online(view) if !view.confirmed)
    }
}

/// An action was played.
#[derive(Message, Clone, Copy, Debug)]
pub struct ActionApplied {
    pub played: Played,
    pub mover: Side,
    /// The position before the action.
    pub before: Position,
}

/// The whole position changed at once (new game, undo, redo, load): the
/// board is rebuilt without animation.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset {
    /// Another match, not the same one taken back or forward: the view
    /// starts afresh.
    pub new_match: bool,
    /// Only the board's view moved through the game (browsing): the game
    /// itself, and the computer's thinking about it, are as they were.
    pub browsing: bool,
}

impl BoardReset {
    pub(crate) const NEW_MATCH: BoardReset = BoardReset {
        new_match: true,
        browsing: false,
    };
    pub(crate) const SAME_MATCH: BoardReset = BoardReset {
        new_match: false,
        browsing: false,
    };
    pub(crate) const BROWSING: BoardReset = BoardReset {
        new_match: false,
        browsing: true,
    };
}

/// The game has ended.
#[derive(Message, Clone, Copy, Debug)]
pub struct GameEnded(pub Ending);

/// What the saved game becomes: the owner decides, the store obeys. It is
/// written when the game it holds changes and cleared when that game ends
/// or the player agreed to discard it; lessons never touch it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveChange {
    Write,
    Clear,
}

/// A command would discard an unfinished game: the player is asked, and
/// the command is sent again, confirmed, if they agree.
#[derive(Message, Clone, Debug)]
pub struct DiscardAsked(pub MatchCommand);

/// A gentle word for the player: why a click did nothing.
#[derive(Message, Clone, Debug)]
pub struct Feedback(pub String);

/// An action typed by a person (`f1-f2`), as text: the rules read it.
#[derive(Message, Clone, Debug)]
pub struct TypedAction(pub String);

/// A cell was clicked (or tapped) on the board.
#[derive(Message, Clone, Copy, Debug)]
pub struct CellClicked(pub Cell);

/// The room as the owner is to show it ([`MatchCommand::Online`]).
#[derive(Clone, Debug)]
pub struct OnlineView {
    pub room: String,
    /// Ours, or none when watching.
    pub seat: Option<Side>,
    pub game: Game,
    /// An end other than by the rules.
    pub ending: Option<Ending>,
    /// The match must become this game, even where it went further (an
    /// action of ours refused).
    pub exact: bool,
    /// The player agreed to leave an unfinished game for this room.
    pub confirmed: bool,
}
