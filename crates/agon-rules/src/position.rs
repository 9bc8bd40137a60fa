//! A position: where every piece stands, which are out of play, and who moves.
//! Legal actions, playing and undoing them, captures and the throne formation.

use std::fmt;

use crate::action::{Action, ActionKind, ActionList, ActionText};
use crate::afn::AfnError;
use crate::cell::{Cell, Dir, NONE, TABLES};
use crate::cellset::CellSet;
use crate::error::{IllegalAction, PlayError};
use crate::outcome::{Outcome, WinReason};
use crate::piece::{Kind, Piece, Side};
use crate::zobrist;

/// A position of Agon. Small and `Copy`: cloning one is as cheap as undoing.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// Every piece of each side, in play or not.
    sides: [CellSet; 2],
    /// The cells holding a queen, of either side.
    queens: CellSet,
    /// The cells holding an out-of-play (captured) piece, of either side.
    out: CellSet,
    to_move: Side,
    hash: u64,
}

/// What [`Position::play`] changed beyond the moving piece, for
/// [`Position::undo`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    pub captured: CellSet,
    pub kind: ActionKind,
    hash: u64,
}

/// The cells a side's pieces start on (clause 5).
const START: [(&str, [&str; 6]); 2] = [
    ("f1", ["k1", "b1", "h9", "d9", "l5", "a5"]),
    ("f11", ["k7", "b7", "h1", "d1", "l2", "a2"]),
];

impl Position {
    /// A board with no pieces.
    pub fn empty(to_move: Side) -> Position {
        let hash = if to_move == Side::Dark {
            zobrist::dark_to_move_key()
        } else {
            0
        };
        Position {
            sides: [CellSet::EMPTY; 2],
            queens: CellSet::EMPTY,
            out: CellSet::EMPTY,
            to_move,
            hash,
        }
    }

    /// The starting position: all fourteen pieces on the outer ring, Light to
    /// move (clauses 4 to 6).
    pub fn start() -> Position {
        let mut p = Position::empty(Side::Light);
        for side in Side::BOTH {
            let (queen, guards) = START[side.index()];
            p.put(cell(queen), Piece::new(side, Kind::Queen), false);
            for g in guards {
                p.put(cell(g), Piece::new(side, Kind::Guard), false);
            }
        }
        p
    }

    /// Places a piece on an empty cell, for building positions.
    ///
    /// # Panics
    /// If the cell is occupied.
    pub fn put(&mut self, at: Cell, piece: Piece, out_of_play: bool) {
        assert!(!self.occupied().contains(at), "{at} is occupied");
        self.sides[piece.side.index()].insert(at);
        if piece.kind == Kind::Queen {
            self.queens.insert(at);
        }
        if out_of_play {
            self.out.insert(at);
        }
        self.hash ^= zobrist::piece_key(piece.side, piece.kind, out_of_play, at);
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The Zobrist hash, kept up to date by every action.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from nothing; always equal to [`Position::hash`].
    pub fn recompute_hash(&self) -> u64 {
        let mut h = if self.to_move == Side::Dark {
            zobrist::dark_to_move_key()
        } else {
            0
        };
        for c in self.occupied() {
            let p = self.piece_at(c).expect("occupied");
            h ^= zobrist::piece_key(p.side, p.kind, self.out.contains(c), c);
        }
        h
    }

    pub fn piece_at(&self, at: Cell) -> Option<Piece> {
        let side = if self.sides[0].contains(at) {
            Side::Light
        } else if self.sides[1].contains(at) {
            Side::Dark
        } else {
            return None;
        };
        let kind = if self.queens.contains(at) {
            Kind::Queen
        } else {
            Kind::Guard
        };
        Some(Piece::new(side, kind))
    }

    /// Whether the piece on `at` is out of play (captured, awaiting relocation).
    pub fn is_out_of_play(&self, at: Cell) -> bool {
        self.out.contains(at)
    }

    pub fn occupied(&self) -> CellSet {
        self.sides[0] | self.sides[1]
    }

    pub fn empty_cells(&self) -> CellSet {
        !self.occupied()
    }

    /// Every piece of a side, in play or not.
    pub fn pieces(&self, side: Side) -> CellSet {
        self.sides[side.index()]
    }

    pub fn in_play(&self, side: Side) -> CellSet {
        self.sides[side.index()] - self.out
    }

    /// A side's out-of-play pieces, which it must relocate one a turn.
    pub fn captured(&self, side: Side) -> CellSet {
        self.sides[side.index()] & self.out
    }

    /// Every out-of-play piece, of both sides.
    pub fn out_of_play(&self) -> CellSet {
        self.out
    }

    /// Whether the side's queen is on the board but out of play (captured,
    /// awaiting relocation): then it is the piece the side must relocate
    /// first (clause 14).
    pub fn queen_captured(&self, side: Side) -> bool {
        (self.captured(side) & self.queens).any()
    }

    pub fn queen(&self, side: Side) -> Option<Cell> {
        (self.sides[side.index()] & self.queens).first()
    }

    /// The side's queen is in play on the throne.
    #[inline]
    pub fn holds_throne(&self, side: Side) -> bool {
        (self.in_play(side) & self.queens).contains(Cell::THRONE)
    }

    pub fn guards(&self, side: Side) -> CellSet {
        self.sides[side.index()] - self.queens
    }

    /// Whether the side to move must relocate a captured piece (clause 13).
    pub fn must_relocate(&self) -> bool {
        self.captured(self.to_move).any()
    }

    /// The cells `side` may not enter: those between two in-play enemies
    /// (clause 10).
    #[inline]
    pub fn forbidden_for(&self, side: Side) -> CellSet {
        self.in_play(!side).between_pairs()
    }

    /// The cells a step from `from` could reach, ignoring occupancy and the
    /// other rules: adjacent, same ring or one inward, the throne only for a
    /// queen.
    #[inline]
    fn step_reach(&self, from: Cell) -> CellSet {
        let mut reach = CellSet(TABLES.step_targets[from.index()]);
        if !self.queens.contains(from) {
            reach.remove(Cell::THRONE);
        }
        reach
    }

    /// Where the side to move may relocate the captured piece on `from`
    /// (clauses 14, 15, 10). Empty if it may not relocate that piece now.
    fn relocation_targets(&self, from: Cell, open: CellSet) -> CellSet {
        if self.queens.contains(from) {
            open
        } else if self.queen_captured(self.to_move) {
            CellSet::EMPTY
        } else {
            open & CellSet::OUTER_RING
        }
    }

    /// Every legal action of the side to move, into `list` (cleared first).
    pub fn legal_actions_into(&self, list: &mut ActionList) {
        self.legal_actions_to(list, CellSet::BOARD);
    }

    /// The legal actions that end on one of `targets` (for example the
    /// capturing cells), into `list` (cleared first).
    pub fn legal_actions_to(&self, list: &mut ActionList, targets: CellSet) {
        list.clear();
        let us = self.to_move;
        let open = (self.empty_cells() - self.forbidden_for(us)) & targets;
        let captured = self.captured(us);
        if captured.any() {
            for from in captured {
                for to in self.relocation_targets(from, open) {
                    list.push(Action::new(from, to));
                }
            }
        } else {
            for from in self.sides[us.index()] {
                for to in self.step_reach(from) & open {
                    list.push(Action::new(from, to));
                }
            }
        }
    }

    /// Every legal action of the side to move.
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::new();
        self.legal_actions_into(&mut list);
        list
    }

    /// The number of legal actions, without listing them.
    #[inline]
    pub fn count_actions(&self) -> u32 {
        let us = self.to_move;
        let open = self.empty_cells() - self.forbidden_for(us);
        let captured = self.captured(us);
        if captured.any() {
            if (captured & self.queens).any() {
                open.len()
            } else {
                captured.len() * (open & CellSet::OUTER_RING).len()
            }
        } else {
            self.step_count(us)
        }
    }

    /// The steps `side`'s in-play pieces could take if it were to step
    /// now (clauses 8 to 10), whoever is to move and whatever relocation
    /// is due: how much room the side has left. A side that begins its turn
    /// with none and nothing to relocate loses (clause 19).
    #[inline]
    pub fn step_count(&self, side: Side) -> u32 {
        let open = self.empty_cells() - self.forbidden_for(side);
        self.in_play(side)
            .iter()
            .map(|from| (self.step_reach(from) & open).len())
            .sum()
    }

    /// Whether the side to move has any legal action (clause 19).
    pub fn has_actions(&self) -> bool {
        self.count_actions() > 0
    }

    /// The legal targets of the piece on `from` for the side to move: what a
    /// player sees after selecting that piece.
    pub fn targets_from(&self, from: Cell) -> CellSet {
        let us = self.to_move;
        if !self.sides[us.index()].contains(from) {
            return CellSet::EMPTY;
        }
        let open = self.empty_cells() - self.forbidden_for(us);
        if self.must_relocate() {
            if self.out.contains(from) {
                self.relocation_targets(from, open)
            } else {
                CellSet::EMPTY
            }
        } else {
            self.step_reach(from) & open
        }
    }

    /// The neighbouring cells the piece on `from` could step to but for the
    /// no-intervention rule (clause 10): exactly the neighbours that
    /// [`Position::check`] refuses with [`IllegalAction::Intervention`].
    /// What a player sees as closed after selecting that piece. Empty when
    /// `from` holds no piece of the side to move or a relocation is due.
    pub fn closed_from(&self, from: Cell) -> CellSet {
        if !self.sides[self.to_move.index()].contains(from) || self.must_relocate() {
            return CellSet::EMPTY;
        }
        from.neighbours()
            .filter(|&n| self.check(Action::new(from, n)) == Err(IllegalAction::Intervention(n)))
            .collect()
    }

    /// Reads an action typed as text (`f1-f2`, or `g4-g5xg6` naming its
    /// captures) and judges it here: the action, or why it may not be played.
    pub fn read_action(&self, text: &str) -> Result<Action, PlayError> {
        let parsed: ActionText = text.parse()?;
        let action = parsed.action;
        let illegal = |reason| PlayError::Illegal { action, reason };
        self.check(action).map_err(illegal)?;
        if let Some(claimed) = parsed.claimed_captures {
            let actual = self.captures_of(action);
            if claimed != actual {
                return Err(illegal(IllegalAction::WrongCaptures {
                    claimed: claimed.iter().collect(),
                    actual: actual.iter().collect(),
                }));
            }
        }
        Ok(action)
    }

    /// Checks an action against every rule, naming the first one it breaks.
    pub fn check(&self, a: Action) -> Result<ActionKind, IllegalAction> {
        let us = self.to_move;
        let piece = self
            .piece_at(a.from)
            .ok_or(IllegalAction::NoPiece(a.from))?;
        if piece.side != us {
            return Err(IllegalAction::NotYourPiece(a.from));
        }
        let kind = if self.must_relocate() {
            if !self.out.contains(a.from) {
                return Err(IllegalAction::MustRelocate);
            }
            if piece.kind == Kind::Guard && self.queen_captured(us) {
                return Err(IllegalAction::QueenFirst);
            }
            ActionKind::Relocation
        } else {
            if a.from.distance(a.to) != 1 {
                return Err(IllegalAction::NotAdjacent);
            }
            ActionKind::Step
        };
        if self.occupied().contains(a.to) {
            return Err(IllegalAction::Occupied(a.to));
        }
        match kind {
            ActionKind::Step => {
                if a.to.ring() > a.from.ring() {
                    return Err(IllegalAction::Outward);
                }
                if a.to == Cell::THRONE && piece.kind != Kind::Queen {
                    return Err(IllegalAction::ThroneForbidden);
                }
            }
            ActionKind::Relocation => {
                if piece.kind == Kind::Guard && a.to.ring() != 5 {
                    return Err(IllegalAction::GuardOffOuterRing(a.to));
                }
            }
        }
        if self.forbidden_for(us).contains(a.to) {
            return Err(IllegalAction::Intervention(a.to));
        }
        Ok(kind)
    }

    pub fn is_legal(&self, a: Action) -> bool {
        self.check(a).is_ok()
    }

    /// The enemy pieces captured when a piece of `side` has just arrived on
    /// `at` (clause 11): in-play enemies next to it with an in-play friend
    /// directly beyond.
    #[inline]
    fn captures_at(&self, at: Cell, side: Side) -> CellSet {
        let enemies = self.in_play(!side).0;
        let friends = self.in_play(side).0;
        let row = &TABLES.neighbour[at.index()];
        let mut caught = 0u128;
        for (d, &n) in row.iter().enumerate() {
            let beyond = TABLES.neighbour[n as usize][d];
            let hit = (enemies >> n) & (friends >> beyond) & 1;
            caught |= hit << n;
        }
        // Off-board lookups read index NONE, which no set holds.
        debug_assert_eq!(caught >> NONE, 0);
        CellSet(caught)
    }

    /// The empty cells where a piece of the side to move would capture on
    /// arrival: next to an in-play enemy with an in-play friend beyond.
    pub fn capturing_cells(&self) -> CellSet {
        let us = self.to_move;
        let enemies = self.in_play(!us);
        let friends = self.in_play(us);
        let mut cells = CellSet::EMPTY;
        for d in Dir::ALL {
            let back = d.opposite();
            cells |= (enemies & friends.shift(back)).shift(back);
        }
        cells & self.empty_cells()
    }

    /// The other side's pieces the side to move could capture with one
    /// legal action: what the last action left exposed.
    pub fn capturable(&self) -> CellSet {
        let mut cells = CellSet::EMPTY;
        for &a in self.legal_actions().iter() {
            cells |= self.captures_of(a);
        }
        cells
    }

    /// Whether the side to move has a legal action that captures: that
    /// [`Position::capturable`] is not empty, found without playing every
    /// action (the search asks it at every root action).
    pub fn can_capture(&self) -> bool {
        let capturing = self.capturing_cells();
        if capturing.is_empty() {
            return false;
        }
        let mut list = ActionList::new();
        self.legal_actions_to(&mut list, capturing);
        !list.is_empty()
    }

    /// The pieces a legal action would capture.
    pub fn captures_of(&self, a: Action) -> CellSet {
        let mut after = *self;
        after.play(a).captured
    }

    /// Plays a legal action: moves the piece, brings a relocated piece back
    /// into play, marks the captured pieces out of play, and passes the turn.
    /// The action must be legal (see [`Position::check`]).
    #[inline]
    pub fn play(&mut self, a: Action) -> Undo {
        debug_assert!(self.is_legal(a), "{a} is not legal in {self}");
        let us = self.to_move;
        let hash = self.hash;
        let kind = if self.queens.contains(a.from) {
            Kind::Queen
        } else {
            Kind::Guard
        };
        let relocation = self.out.contains(a.from);
        let moved = CellSet::single(a.from) | CellSet::single(a.to);
        self.sides[us.index()] ^= moved;
        if kind == Kind::Queen {
            self.queens ^= moved;
        }
        if relocation {
            self.out.remove(a.from);
        }
        self.hash ^= zobrist::piece_key(us, kind, relocation, a.from)
            ^ zobrist::piece_key(us, kind, false, a.to);

        let captured = self.captures_at(a.to, us);
        for c in captured {
            let k = if self.queens.contains(c) {
                Kind::Queen
            } else {
                Kind::Guard
            };
            self.hash ^= zobrist::piece_key(!us, k, false, c) ^ zobrist::piece_key(!us, k, true, c);
        }
        self.out |= captured;
        self.to_move = !us;
        self.hash ^= zobrist::dark_to_move_key();
        Undo {
            captured,
            kind: if relocation {
                ActionKind::Relocation
            } else {
                ActionKind::Step
            },
            hash,
        }
    }

    /// Takes back `a`, which must be the last action played, with what
    /// [`Position::play`] returned for it.
    #[inline]
    pub fn undo(&mut self, a: Action, undo: Undo) {
        let us = !self.to_move;
        self.to_move = us;
        self.out -= undo.captured;
        let moved = CellSet::single(a.from) | CellSet::single(a.to);
        self.sides[us.index()] ^= moved;
        if self.queens.contains(a.to) {
            self.queens ^= moved;
        }
        if undo.kind == ActionKind::Relocation {
            self.out.insert(a.from);
        }
        self.hash = undo.hash;
    }

    /// The end of the game by the throne formation, checked for the side that
    /// has just acted (clauses 17 and 18): its six in-play guards fill the
    /// throne ring, and it wins if its in-play queen holds the throne, or
    /// forfeits otherwise.
    #[inline]
    pub fn formation(&self, side: Side) -> Option<Outcome> {
        let guards = self.in_play(side) - self.queens;
        if guards & CellSet::THRONE_RING != CellSet::THRONE_RING {
            return None;
        }
        Some(if self.holds_throne(side) {
            Outcome::Win {
                winner: side,
                reason: WinReason::Throne,
            }
        } else {
            Outcome::Win {
                winner: !side,
                reason: WinReason::Forfeit,
            }
        })
    }

    /// The formation of the side that made the last action, if any: whether
    /// this position ended the game by clause 17 or 18.
    pub fn formation_outcome(&self) -> Option<Outcome> {
        self.formation(!self.to_move)
    }

    /// The same placement with the other side to move.
    pub fn with_side_to_move(mut self, side: Side) -> Position {
        if side != self.to_move {
            self.to_move = side;
            self.hash ^= zobrist::dark_to_move_key();
        }
        self
    }

    /// Whether these pieces may stand on a board (clauses 4 and 5): at most
    /// one queen and six guards a side, and no guard on the throne. AFN
    /// reads positions through it, and the board editor asks it.
    pub fn check_pieces(&self) -> Result<(), AfnError> {
        for side in Side::BOTH {
            if (self.sides[side.index()] & self.queens).len() > 1 {
                return Err(AfnError::TooManyQueens(side));
            }
            if self.guards(side).len() > 6 {
                return Err(AfnError::TooManyGuards(side));
            }
        }
        if (self.occupied() - self.queens).contains(Cell::THRONE) {
            return Err(AfnError::GuardOnThrone);
        }
        Ok(())
    }

    /// Takes the piece off `at`, if any, for building positions.
    pub fn take(&mut self, at: Cell) -> Option<Piece> {
        let piece = self.piece_at(at)?;
        let out = self.out.contains(at);
        self.sides[piece.side.index()].remove(at);
        self.queens.remove(at);
        self.out.remove(at);
        self.hash ^= zobrist::piece_key(piece.side, piece.kind, out, at);
        Some(piece)
    }

    /// Takes the piece on `at` out of play, or puts it back in play, for
    /// building positions. Does nothing on an empty cell.
    pub fn set_out_of_play(&mut self, at: Cell, out: bool) {
        if let Some(p) = self.take(at) {
            self.put(at, p, out);
        }
    }

    /// The same position under another hash: two positions with one hash,
    /// to test what tells them apart.
    #[cfg(test)]
    pub(crate) fn with_forged_hash(mut self, hash: u64) -> Position {
        self.hash = hash;
        self
    }

    /// Takes the piece on `at` out of play, for building positions.
    pub(crate) fn mark_out_of_play(&mut self, at: Cell) {
        let p = self.piece_at(at).expect("a piece to mark");
        if !self.out.contains(at) {
            self.out.insert(at);
            self.hash ^= zobrist::piece_key(p.side, p.kind, false, at)
                ^ zobrist::piece_key(p.side, p.kind, true, at);
        }
    }
}

fn cell(name: &str) -> Cell {
    name.parse().expect("a cell name in the rules tables")
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_afn())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_afn())
    }
}

#[cfg(test)]
mod building_tests {
    use super::*;

    fn cell(n: &str) -> Cell {
        n.parse().unwrap()
    }

    /// The pieces a board may hold, asked of a position built by hand as
    /// the board editor builds it; taking and marking keep the hash true.
    #[test]
    fn a_position_built_piece_by_piece_is_checked_like_afn() {
        let mut p = Position::start();
        assert_eq!(p.check_pieces(), Ok(()));
        let guard = p.guards(Side::Dark).first().unwrap();
        assert_eq!(p.take(guard), Some(Piece::new(Side::Dark, Kind::Guard)));
        p.put(cell("f6"), Piece::new(Side::Dark, Kind::Guard), false);
        assert_eq!(p.check_pieces(), Err(AfnError::GuardOnThrone));
        assert_eq!(
            p.take(cell("f6")),
            Some(Piece::new(Side::Dark, Kind::Guard))
        );
        p.put(guard, Piece::new(Side::Dark, Kind::Guard), false);
        p.put(cell("f6"), Piece::new(Side::Light, Kind::Queen), false);
        assert_eq!(p.check_pieces(), Err(AfnError::TooManyQueens(Side::Light)));
        p.take(cell("f6"));
        p.put(cell("f5"), Piece::new(Side::Dark, Kind::Guard), false);
        assert_eq!(p.check_pieces(), Err(AfnError::TooManyGuards(Side::Dark)));
        p.take(cell("f5"));
        assert_eq!(p, Position::start());
        p.set_out_of_play(cell("a5"), true);
        assert!(p.is_out_of_play(cell("a5")));
        assert_eq!(p.hash(), p.recompute_hash());
        assert_eq!(Position::from_afn(&p.to_afn()), Ok(p));
        p.set_out_of_play(cell("a5"), false);
        assert_eq!(p, Position::start());
        assert_eq!(p.take(cell("f6")), None);
    }
}
