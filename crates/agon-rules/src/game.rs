//! A game: the positions and actions so far, undo and redo, and the result.

use crate::action::{Action, ActionKind, ActionList};
use crate::cellset::CellSet;
use crate::error::{IllegalAction, PlayError};
use crate::outcome::{Outcome, WinReason};
use crate::piece::Piece;
use crate::position::Position;

/// What one action did, for the interface to show.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub action: Action,
    /// The piece that made the action, as it was before it.
    pub piece: Piece,
    pub kind: ActionKind,
    /// The pieces this action captured (now out of play).
    pub captured: CellSet,
    /// The result, if this action ended the game.
    pub outcome: Option<Outcome>,
}

/// A game from a start position, with its history and result. The only
/// judge of what may be played: the interface asks it, never the reverse.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[i]` is the position before `actions[i]`; the last one is the
    /// current position.
    positions: Vec<Position>,
    actions: Vec<Played>,
    /// Actions taken back by undo, the next to redo last.
    redo: Vec<Action>,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A game from the starting position.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game from any position. A position that already shows a completed
    /// formation for the side that moved last, or leaves the side to move
    /// without an action, is over from the start.
    pub fn from_position(start: Position) -> Game {
        let mut g = Game {
            positions: vec![start],
            actions: Vec::new(),
            redo: Vec::new(),
            outcome: None,
        };
        g.outcome = g.judge();
        g
    }

    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a position")
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The actions played so far, with what each did.
    pub fn history(&self) -> &[Played] {
        &self.actions
    }

    pub fn actions(&self) -> impl ExactSizeIterator<Item = Action> + '_ {
        self.actions.iter().map(|p| p.action)
    }

    /// The position before action `index` (or the current one at the end).
    pub fn position_at(&self, index: usize) -> Option<&Position> {
        self.positions.get(index)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The legal actions now: none once the game is over.
    pub fn legal_actions(&self) -> ActionList {
        if self.is_over() {
            ActionList::new()
        } else {
            self.position().legal_actions()
        }
    }

    /// Checks an action without playing it.
    pub fn check(&self, a: Action) -> Result<ActionKind, IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction::GameOver);
        }
        self.position().check(a)
    }

    /// Plays an action if it is legal. Clears the redo list.
    pub fn play(&mut self, a: Action) -> Result<Played, IllegalAction> {
        let played = self.play_keeping_redo(a)?;
        self.redo.clear();
        Ok(played)
    }

    fn play_keeping_redo(&mut self, a: Action) -> Result<Played, IllegalAction> {
        let kind = self.check(a)?;
        let piece = self
            .position()
            .piece_at(a.from)
            .expect("a legal action starts on a piece");
        let mut next = *self.position();
        let undo = next.play(a);
        self.positions.push(next);
        self.outcome = self.judge();
        let played = Played {
            action: a,
            piece,
            kind,
            captured: undo.captured,
            outcome: self.outcome,
        };
        self.actions.push(played);
        Ok(played)
    }

    /// Plays an action given as text; a capture suffix, when present, must
    /// name exactly the pieces the action captures.
    pub fn play_text(&mut self, text: &str) -> Result<Played, PlayError> {
        let action = self.position().read_action(text)?;
        self.play(action)
            .map_err(|reason| PlayError::Illegal { action, reason })
    }

    pub fn can_undo(&self) -> bool {
        !self.actions.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last action; it can be redone until another is played.
    pub fn undo(&mut self) -> Option<Played> {
        let played = self.actions.pop()?;
        self.positions.pop();
        self.redo.push(played.action);
        self.outcome = self.judge();
        Some(played)
    }

    /// Plays again the last action taken back.
    pub fn redo(&mut self) -> Option<Played> {
        let a = self.redo.pop()?;
        match self.play_keeping_redo(a) {
            Ok(p) => Some(p),
            Err(_) => {
                // Unreachable in practice: the action was legal here before.
                self.redo.clear();
                None
            }
        }
    }

    /// How many times the current position has occurred in this game,
    /// counting the start.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| p.hash() == now.hash() && *p == now)
            .count()
    }

    /// The rules' verdict on the current position, in the order of clause 21:
    /// the formation of the side that just acted, then repetition, then the
    /// side to move having no action.
    fn judge(&self) -> Option<Outcome> {
        let p = self.position();
        if let Some(o) = p.formation_outcome() {
            return Some(o);
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::DrawByRepetition);
        }
        if !p.has_actions() {
            return Some(Outcome::Win {
                winner: !p.to_move(),
                reason: WinReason::NoMoves,
            });
        }
        None
    }
}
