//! A frame of the search's own stack: one node being searched, with its
//! moves, their ordering keys, and where it is in them.

use agon_rules::{Action, ActionList, MAX_ACTIONS, Position};

use super::MATE;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    Enter,
    NextMove,
    /// Waiting for a null-window (scout) search of the current move.
    AwaitScout,
    /// Waiting for a full-window search of the current move.
    AwaitFull,
}

pub(super) struct Frame {
    pub(super) pos: Position,
    pub(super) ply: usize,
    pub(super) depth: i32,
    pub(super) alpha: i32,
    pub(super) beta: i32,
    pub(super) orig_alpha: i32,
    pub(super) best: i32,
    pub(super) best_move: Option<Action>,
    pub(super) tt_move: Option<Action>,
    pub(super) moves: ActionList,
    pub(super) keys: [i32; MAX_ACTIONS],
    pub(super) idx: usize,
    pub(super) current: Action,
    /// The reduction applied to the current move's scout search.
    pub(super) reduced: i32,
    /// Cells where the side to move would capture on arrival.
    pub(super) capturing: agon_rules::CellSet,
    pub(super) phase: Phase,
    /// The busy mark of the current move (see `smp.rs`), 0 if none.
    pub(super) busy_key: u64,
    /// The standstill or drought count that led here (`stall.rs`).
    pub(super) stalled: u32,
}

impl Frame {
    pub(super) fn empty() -> Frame {
        Frame {
            pos: Position::start(),
            ply: 0,
            depth: 0,
            alpha: 0,
            beta: 0,
            orig_alpha: 0,
            best: 0,
            best_move: None,
            tt_move: None,
            moves: ActionList::new(),
            keys: [0; MAX_ACTIONS],
            idx: 0,
            current: Action::new(agon_rules::Cell::THRONE, agon_rules::Cell::THRONE),
            reduced: 0,
            capturing: agon_rules::CellSet::EMPTY,
            phase: Phase::Enter,
            busy_key: 0,
            stalled: 0,
        }
    }

    /// Reuses this frame for a new node; the move list and keys are filled
    /// later, so they are not cleared here (that would cost a kilobyte a node).
    pub(super) fn reset(
        &mut self,
        pos: Position,
        ply: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        stalled: u32,
    ) {
        self.pos = pos;
        self.ply = ply;
        self.depth = depth;
        self.alpha = alpha;
        self.beta = beta;
        self.orig_alpha = alpha;
        self.best = -MATE - 1;
        self.best_move = None;
        self.tt_move = None;
        self.moves.clear();
        self.idx = 0;
        self.reduced = 0;
        self.busy_key = 0;
        self.stalled = stalled;
        self.phase = Phase::Enter;
    }

    /// Brings the best-keyed remaining move to position `idx` and returns it.
    pub(super) fn pick(&mut self) -> Option<Action> {
        let n = self.moves.len();
        if self.idx >= n {
            return None;
        }
        let mut best = self.idx;
        for i in self.idx + 1..n {
            if self.keys[i] > self.keys[best] {
                best = i;
            }
        }
        self.moves.as_mut_slice().swap(self.idx, best);
        self.keys.swap(self.idx, best);
        Some(self.moves[self.idx])
    }
}
