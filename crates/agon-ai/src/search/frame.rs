//! A frame of the search's own stack: one node being searched, with its
//! moves, their ordering keys, and where it is in them.

use agon_rules::{Action, ActionList, MAX_ACTIONS, Position};

use super::score::score_to_tt;
use super::{Info, MATE, MATE_BOUND, MAX_PLY, Search, SearchResult};
use crate::tt::Bound;

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
    /// At the root, what `Style::bait` adds to the current move's score.
    pub(super) bonus: i32,
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
            bonus: 0,
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
        self.bonus = 0;
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

/// The stack: a child pushed, its score received, a finished frame
/// stored in the table and its score passed up.
impl Search {
    /// `stalled`: the standstill that led to `pos` (`stall.rs`).
    pub(super) fn push_frame(
        &mut self,
        pos: Position,
        ply: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        stalled: u32,
    ) {
        self.stack[self.sp].reset(pos, ply, depth, alpha, beta, stalled);
        self.sp += 1;
    }

    /// What `Style::bait` adds at the root to the action that led to
    /// `child`: the bonus if it leaves the opponent a capture.
    pub(super) fn bait_bonus(&self, child: &Position) -> i32 {
        if self.style.bait > 0 && child.can_capture() {
            self.style.bait
        } else {
            0
        }
    }

    /// The root's `score` for its action `best` without the bait's bonus:
    /// the chosen action's own score, as the search reports it.
    pub(super) fn own_score(&self, best: Action, score: i32) -> i32 {
        if score.abs() >= MATE_BOUND {
            return score;
        }
        let mut child = self.root;
        child.play(best);
        score - self.bait_bonus(&child)
    }

    /// The window `(alpha, beta)` of the root as one on the own score of a
    /// child worth `bonus` more (`receive` adds it to scores short of a won
    /// or lost game, and stops short of a won one). A bound in the range of
    /// won and lost games stays as it is, and a shifted one stops at its
    /// edge. Shifted past it, a lost game as the bound asked the child
    /// whether it lost sooner still, the mate-distance cut answered with a
    /// bound that reads as a lost game, and an action that saved a lost
    /// position was never tried: Master chose a loss in 2 over a draw so.
    pub(super) fn bait_window(alpha: i32, beta: i32, bonus: i32) -> (i32, i32) {
        if bonus == 0 {
            return (alpha, beta);
        }
        // Nothing short of a won game scores more than `MATE_BOUND - 1`.
        let lower = if alpha >= MATE_BOUND - 1 || alpha <= -MATE_BOUND {
            alpha
        } else {
            (alpha - bonus).max(-MATE_BOUND)
        };
        let upper = if beta.abs() >= MATE_BOUND {
            beta
        } else {
            (beta - bonus).max(1 - MATE_BOUND)
        };
        (lower, upper)
    }

    /// A child's score (from this frame's side) arrives at the top frame.
    pub(super) fn receive(&mut self, score: i32) {
        let top = self.sp - 1;
        let f = &mut self.stack[top];
        // The child was searched in a window shifted by the bonus; a won or
        // lost game keeps its own score, so the shorter win still comes first.
        let score = if f.bonus != 0 && score.abs() < MATE_BOUND {
            // Still short of any won game, however large the bonus.
            (score + f.bonus).min(MATE_BOUND - 1)
        } else {
            score
        };
        if f.phase == Phase::AwaitScout && score > f.alpha && (score < f.beta || f.reduced > 0) {
            // The scout failed high: search again with the full window.
            let mut child = f.pos;
            child.play(f.current);
            let (ply, depth) = (f.ply + 1, f.depth - 1);
            let (lower, upper) = Search::bait_window(f.alpha, f.beta, f.bonus);
            let (alpha, beta) = (-upper, -lower);
            f.phase = Phase::AwaitFull;
            f.reduced = 0;
            let current = f.current;
            let stalled = self.stalled_after(top, current, &child);
            self.push_frame(child, ply, depth, alpha, beta, stalled);
            return;
        }
        if f.busy_key != 0 {
            if let Some(busy) = &self.busy {
                busy.remove(f.busy_key);
            }
            f.busy_key = 0;
        }
        let a = f.current;
        if score > f.best {
            f.best = score;
            f.best_move = Some(a);
        }
        if score > f.alpha {
            f.alpha = score;
        }
        if f.alpha >= f.beta {
            let (ply, depth, quiet) = (f.ply, f.depth, !f.capturing.contains(a.to));
            if quiet {
                let k = &mut self.killers[ply.min(MAX_PLY)];
                if k[0] != Some(a) {
                    k[1] = k[0];
                    k[0] = Some(a);
                }
                let h = &mut self.history[a.from.index()][a.to.index()];
                *h = (*h + depth * depth).min(400_000);
            }
            return self.finish_frame(top);
        }
        f.idx += 1;
        f.phase = Phase::NextMove;
    }

    pub(super) fn finish_frame(&mut self, top: usize) {
        let f = &self.stack[top];
        let bound = if f.best >= f.beta {
            Bound::Lower
        } else if f.best > f.orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let hash = f.pos.hash();
        // At the root, the bait's bonus is the search's preference, not the
        // position's worth: what is reported and stored is the chosen
        // action's own score, and since another action may be worth up to
        // the bonus more, as a lower bound.
        let own = match f.best_move {
            Some(a) if f.ply == 0 => self.own_score(a, f.best),
            _ => f.best,
        };
        let bound = if own != f.best { Bound::Lower } else { bound };
        if f.depth > 1 {
            self.tt
                .store(hash, f.depth, score_to_tt(own, f.ply), bound, f.best_move);
        }
        if f.ply == 0 {
            let elapsed = self.elapsed_ms();
            let pv = self.principal_variation(f.pos, f.best_move);
            let result = SearchResult {
                best: f.best_move,
                score: own,
                depth: self.iteration,
                nodes: self.nodes,
                time_ms: elapsed,
                pv: pv.clone(),
            };
            self.infos.push(Info {
                depth: self.iteration,
                score: own,
                nodes: self.nodes,
                time_ms: elapsed,
                pv,
            });
            self.completed = Some(result);
        }
        let best = f.best;
        self.path.pop();
        self.sp -= 1;
        self.pending = Some(best);
    }

    pub(super) fn return_value(&mut self, v: i32) {
        self.sp -= 1;
        self.pending = Some(v);
    }

    pub(super) fn principal_variation(&self, root: Position, first: Option<Action>) -> Vec<Action> {
        let max_len = (self.iteration as usize).max(1);
        let mut pv = Vec::new();
        let mut pos = root;
        let mut next = first;
        let mut seen = vec![pos.hash()];
        while let Some(a) = next {
            if !pos.is_legal(a) || pv.len() >= max_len {
                break;
            }
            let mover = pos.to_move();
            pos.play(a);
            pv.push(a);
            if pos.formation(mover).is_some() || seen.contains(&pos.hash()) {
                break;
            }
            seen.push(pos.hash());
            next = self.tt.probe(pos.hash()).and_then(|e| e.action);
        }
        pv
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window `bait_window` gives the child fails low, and high, for
    /// exactly the own scores whose score at the root (with the bonus, as
    /// `receive` adds it) fails low, and high, in the root's window: around
    /// zero, near the lost and won games' edge, and inside that range.
    #[test]
    fn the_baited_window_fails_where_the_root_would() {
        use super::super::MATE;
        let edge = [0, 1, 2, 150, 199, 200, 201, 350, 999];
        let mut points = vec![0, 1, -1, 300, -300, MATE, -MATE, MATE - 3, 3 - MATE];
        for e in edge {
            for x in [MATE_BOUND - e, MATE_BOUND + e, 200 - MATE_BOUND + e] {
                points.extend([x, -x]);
            }
        }
        for bonus in [1, 7, 200, 300, 5000] {
            let root = |v: i32| {
                if v.abs() < MATE_BOUND {
                    (v + bonus).min(MATE_BOUND - 1)
                } else {
                    v
                }
            };
            for &alpha in &points {
                for &beta in points.iter().filter(|&&b| b > alpha) {
                    let (lower, upper) = Search::bait_window(alpha, beta, bonus);
                    assert!(lower < upper, "{alpha} {beta} {bonus}: ({lower}, {upper})");
                    for &v in &points {
                        let at = format!("window ({alpha}, {beta}), bonus {bonus}, score {v}");
                        assert_eq!(v <= lower, root(v) <= alpha, "fails low, {at}");
                        assert_eq!(v >= upper, root(v) >= beta, "fails high, {at}");
                    }
                }
            }
        }
    }
}
