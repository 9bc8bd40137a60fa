//! A game: the positions and actions so far, undo and redo, and the result.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

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
    /// The positions of `positions` by their hash, kept with every push and
    /// pop: the repetition count in constant time, so that playing or
    /// reading a game is linear in its length (scanning every earlier
    /// position made a game of 100 000 actions take seconds to read).
    by_hash: HashMap<u64, SameHash>,
}

/// The positions of a game that share one hash.
#[derive(Copy, Clone, Debug)]
struct SameHash {
    /// How many there are.
    count: usize,
    /// The index of the first, to tell a repetition from a collision.
    first: usize,
    /// Whether any differs from the first: two positions with one hash.
    /// They are then counted one by one, which a game of 100 000 actions
    /// needs about once in 10^9.
    mixed: bool,
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
            positions: Vec::new(),
            actions: Vec::new(),
            redo: Vec::new(),
            outcome: None,
            by_hash: HashMap::new(),
        };
        g.push(start);
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
        self.push(next);
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
        self.pop();
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

    /// Whether this game goes on from `earlier`: the same start, and
    /// `earlier`'s actions first. Told by the positions' hashes, so it costs
    /// the same at any length (online, the room's game and the board's are
    /// compared every time the room speaks).
    pub fn follows_on_from(&self, earlier: &Game) -> bool {
        let n = earlier.history().len();
        self.history().len() >= n
            && self.start() == earlier.start()
            && self.position_at(n).map(Position::hash) == Some(earlier.position().hash())
    }

    /// How many times the current position has occurred in this game,
    /// counting the start.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        match self.by_hash.get(&now.hash()) {
            Some(same) if !same.mixed => same.count,
            _ => self.positions.iter().filter(|p| *p == now).count(),
        }
    }

    /// Appends a position to the game's, counting it by its hash.
    fn push(&mut self, p: Position) {
        let index = self.positions.len();
        match self.by_hash.entry(p.hash()) {
            Entry::Vacant(e) => {
                e.insert(SameHash {
                    count: 1,
                    first: index,
                    mixed: false,
                });
            }
            Entry::Occupied(e) => {
                let same = e.into_mut();
                same.count += 1;
                same.mixed |= self.positions[same.first] != p;
            }
        }
        self.positions.push(p);
    }

    /// Takes back the last position (never the start: the caller has an
    /// action to take back with it). The first of its hash stays first, as
    /// positions leave in the reverse order they came.
    fn pop(&mut self) {
        let p = self.positions.pop().expect("a position to take back");
        if let Entry::Occupied(mut e) = self.by_hash.entry(p.hash()) {
            e.get_mut().count -= 1;
            if e.get().count == 0 {
                e.remove();
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Side;

    /// Two different positions with one hash are not a repetition: the
    /// count by hash falls back on comparing them, and stays right as they
    /// are taken back.
    #[test]
    fn positions_that_share_a_hash_are_told_apart() {
        let mut g = Game::new();
        let start = *g.position();
        let impostor = Position::empty(Side::Light).with_forged_hash(start.hash());
        assert_ne!(impostor, start);
        g.push(impostor);
        assert_eq!(g.repetitions(), 1);
        g.push(start);
        assert_eq!(g.repetitions(), 2);
        g.push(impostor);
        assert_eq!(g.repetitions(), 2);
        g.push(start);
        assert_eq!(g.repetitions(), 3);
        g.pop();
        g.pop();
        assert_eq!(g.repetitions(), 2);
        g.pop();
        g.pop();
        assert_eq!(g.repetitions(), 1);
        assert_eq!(g.by_hash[&start.hash()].count, 1);
    }

    /// The count by hash against a count of the positions one by one, over
    /// play, undo and redo through repetitions and the draw they make.
    #[test]
    fn repetitions_are_counted_through_undo_and_redo() {
        let mut g = Game::new();
        let shuffle = ["f1-g1", "f11-g10", "g1-f1", "g10-f11"];
        let mut draws = 0;
        for step in 0..200 {
            match step % 7 {
                5 => {
                    g.undo();
                }
                6 if step % 3 == 0 => {
                    g.redo();
                }
                _ => {
                    if g.play_text(shuffle[g.history().len() % 4]).is_err() {
                        g.undo();
                    }
                }
            }
            let now = g.position();
            let counted = (0..=g.history().len())
                .filter(|&i| g.position_at(i) == Some(now))
                .count();
            assert_eq!(g.repetitions(), counted, "after step {step}");
            let over = counted >= 3;
            assert_eq!(g.outcome() == Some(Outcome::DrawByRepetition), over);
            draws += usize::from(over);
        }
        assert!(draws > 0, "the shuffle reaches the draw");
    }

    #[test]
    fn a_game_follows_on_from_its_beginnings_only() {
        let mut short = Game::new();
        short.play_text("f1-f2").unwrap();
        let mut long = short.clone();
        long.play_text("f11-f10").unwrap();
        assert!(long.follows_on_from(&short));
        assert!(short.follows_on_from(&short));
        assert!(long.follows_on_from(&Game::new()));
        assert!(!short.follows_on_from(&long));
        let mut other = Game::new();
        other.play_text("b1-b2").unwrap();
        other.play_text("f11-f10").unwrap();
        assert!(!other.follows_on_from(&short));
        // Another start, the same actions' length: not the same game.
        let elsewhere = Game::from_position(*long.position());
        assert!(!elsewhere.follows_on_from(&Game::new()));
    }
}
