//! One unit of the search's work at the top frame: entering a node (the
//! table, the horizon, the move list), ordering its actions, and trying
//! the next one (a child pushed, or a leaf scored at once).

use agon_rules::{Action, Outcome, Position, splitmix64};

use super::frame::Phase;
use super::score::score_from_tt;
use super::{Advance, MATE, MATE_BOUND, MAX_PLY, QUIESCENCE_PLIES, Search, action_bits, smp};
use crate::style::Style;
use crate::tt::Bound;

impl Search {
    /// Does one unit of work.
    pub(super) fn advance(&mut self) -> Advance {
        if let Some(v) = self.pending.take() {
            if self.sp == 0 {
                // The root returned: `finish_frame` recorded its result.
                return Advance::IterationDone;
            }
            self.receive(-v);
            return Advance::Working;
        }
        if self.out_of_budget() {
            // Abandon the unfinished iteration, keeping its root for `finish`.
            self.sp = self.sp.min(1);
            return Advance::Aborted;
        }
        let top = self.sp - 1;
        match self.stack[top].phase {
            Phase::Enter => self.enter(top),
            Phase::NextMove => self.next_move(top),
            Phase::AwaitScout | Phase::AwaitFull => unreachable!("a child is on the stack"),
        }
        Advance::Working
    }

    pub(super) fn enter(&mut self, top: usize) {
        self.nodes += 1;
        let f = &mut self.stack[top];
        let ply = f.ply;
        let hash = f.pos.hash();
        if ply > 0 {
            if self.is_repetition(hash) {
                let draw = self.for_root(self.stack[top].pos.to_move(), -self.style.contempt);
                return self.return_value(draw);
            }
            // Mate-distance pruning.
            let f = &mut self.stack[top];
            f.alpha = f.alpha.max(-MATE + ply as i32);
            f.beta = f.beta.min(MATE - ply as i32 - 1);
            if f.alpha >= f.beta {
                let a = f.alpha;
                return self.return_value(a);
            }
        }
        let f = &mut self.stack[top];
        if f.depth <= 0 || ply >= MAX_PLY {
            return self.enter_quiescence(top, hash);
        }
        if let Some(e) = (f.depth > 1).then(|| self.tt.probe(hash)).flatten() {
            let f = &mut self.stack[top];
            f.tt_move = e.action;
            if ply > 0 && e.depth >= f.depth {
                let s = score_from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= f.beta,
                    Bound::Upper => s <= f.alpha,
                };
                if cut {
                    return self.return_value(s);
                }
            }
        }
        let f = &mut self.stack[top];
        f.pos.legal_actions_into(&mut f.moves);
        if f.moves.is_empty() {
            // No legal action: the side to move loses (clause 19).
            return self.return_value(-MATE + ply as i32);
        }
        if ply > 0
            && f.moves.len() <= self.style.reply_ext as usize
            && ply < 2 * self.iteration as usize
        {
            f.depth += 1;
        }
        self.order_moves(top);
        let f = &mut self.stack[top];
        f.orig_alpha = f.alpha;
        f.phase = Phase::NextMove;
        self.path.push(hash);
    }

    /// At the horizon: the evaluation, unless a capture is available, in
    /// which case the captures are searched too (a few plies at most), so a
    /// capture exchange is not cut in the middle.
    pub(super) fn enter_quiescence(&mut self, top: usize, hash: u64) {
        let stand = self.evaluate(&self.stack[top].pos, self.stack[top].stalled);
        let f = &mut self.stack[top];
        if !self.style.quiescence
            || f.ply >= MAX_PLY
            || f.depth <= -QUIESCENCE_PLIES
            || stand >= f.beta
        {
            return self.return_value(stand);
        }
        let capturing = f.pos.capturing_cells();
        if capturing.is_empty() {
            return self.return_value(stand);
        }
        f.pos.legal_actions_to(&mut f.moves, capturing);
        if f.moves.is_empty() {
            return self.return_value(stand);
        }
        f.alpha = f.alpha.max(stand);
        f.best = stand;
        f.tt_move = None;
        // Every move here captures: order them by history alone.
        f.capturing = capturing;
        for i in 0..f.moves.len() {
            let a = f.moves[i];
            f.keys[i] = self.history[a.from.index()][a.to.index()];
        }
        let f = &mut self.stack[top];
        f.orig_alpha = f.alpha;
        f.phase = Phase::NextMove;
        self.path.push(hash);
    }

    pub(super) fn order_moves(&mut self, top: usize) {
        let f = &mut self.stack[top];
        let capturing = f.pos.capturing_cells();
        f.capturing = capturing;
        let killers = self.killers[f.ply.min(MAX_PLY)];
        let us = f.pos.to_move();
        let queen_cell = f.pos.queen(us);
        for i in 0..f.moves.len() {
            let a = f.moves[i];
            let mut k = self.history[a.from.index()][a.to.index()];
            if Some(a) == f.tt_move {
                k = i32::MAX;
            } else if capturing.contains(a.to) {
                k += 1_000_000;
            } else if killers[0] == Some(a) {
                k += 900_000;
            } else if killers[1] == Some(a) {
                k += 800_000;
            }
            // Moves toward the throne first among the quiet ones.
            if k < 800_000 {
                k += (5 - a.to.ring() as i32) * 4 - (Some(a.from) == queen_cell) as i32;
            }
            f.keys[i] = k;
        }
    }

    pub(super) fn next_move(&mut self, top: usize) {
        let Some(a) = self.stack[top].pick() else {
            return self.finish_frame(top);
        };
        let f = &mut self.stack[top];
        f.current = a;
        f.bonus = 0;
        let mover = f.pos.to_move();
        let mut child = f.pos;
        child.play(a);
        let f = &mut self.stack[top];
        let ply = f.ply + 1;
        // The formation ends the game at once (clauses 17, 18).
        if let Some(o) = child.formation(mover) {
            let score = match o {
                Outcome::Win { winner, .. } if winner == mover => MATE - ply as i32,
                Outcome::Win { .. } => -(MATE - ply as i32),
                Outcome::DrawByRepetition => 0,
            };
            return self.receive(score);
        }
        // An action this level does not see, unless it is the last one
        // left and every one seen so far loses at once (a forfeit is seen
        // as such, and must not hide the actions that avoid it).
        let f = &mut self.stack[top];
        if self.style.overlook > 0
            && (f.idx + 1 < f.moves.len() || f.best > -MATE_BOUND)
            && overlooked(&f.pos, a, &self.style)
        {
            f.idx += 1;
            f.phase = Phase::NextMove;
            return;
        }
        let bonus = if f.ply == 0 {
            self.bait_bonus(&child)
        } else {
            0
        };
        let f = &mut self.stack[top];
        f.bonus = bonus;
        let (alpha, beta) = Search::bait_window(f.alpha, f.beta, f.bonus);
        let depth = f.depth;
        // A leaf with nothing to capture is evaluated here, without a frame
        // of its own (unless the node budget is spent: the limit is exact).
        let budget_left = self.limits.nodes.is_none_or(|n| self.nodes < n);
        if depth <= 1
            && budget_left
            && (!self.style.quiescence || ply >= MAX_PLY || child.capturing_cells().is_empty())
        {
            self.nodes += 1;
            let v = if self.is_repetition(child.hash()) {
                self.for_root(child.to_move(), -self.style.contempt)
            } else {
                self.evaluate(&child, self.stalled_after(top, a, &child))
            };
            self.stack[top].phase = Phase::NextMove;
            return self.receive(-v);
        }
        // The child gets a frame and will probe the table: start loading its slot.
        self.tt.prefetch(child.hash());
        let f = &mut self.stack[top];
        let first = f.idx == 0;
        // Late quiet moves get a reduced scout search.
        let quiet = !f.capturing.contains(a.to) && Some(a) != f.tt_move;
        let reduce = if !first
            && quiet
            && depth >= 3
            && f.idx >= 4
            && (self.style.reduce_relocations || !f.pos.must_relocate())
        {
            late_reduction(depth, f.idx, self.style.lmr)
        } else {
            0
        };
        f.reduced = reduce;
        if let Some(busy) = &self.busy
            && depth >= smp::DEFER_DEPTH
        {
            let key = smp::Busy::key(f.pos.hash(), a);
            if !first && f.keys[f.idx] != DEFERRED && busy.contains(key) {
                // Another thread is on it: come back to it after the rest.
                f.keys[f.idx] = DEFERRED;
                f.phase = Phase::NextMove;
                self.deferred += 1;
                return;
            }
            busy.insert(key);
            f.busy_key = key;
        }
        let (cd, ca, cb) = if first {
            f.phase = Phase::AwaitFull;
            (depth - 1, -beta, -alpha)
        } else {
            f.phase = Phase::AwaitScout;
            (depth - 1 - reduce, -alpha - 1, -alpha)
        };
        let stalled = self.stalled_after(top, a, &child);
        self.push_frame(child, ply, cd, ca, cb, stalled);
    }
}

/// The ordering key of an action left for last because another thread
/// was searching it: below every real key, so `pick` takes it last.
const DEFERRED: i32 = i32::MIN;

/// How many plies a late quiet action (the `idx`-th, 0-based) is reduced
/// by at `depth` (3 or more): one for `lmr` 0, else growing with both, as
/// a later action at a deeper node is less likely to be the best; the
/// reduced search keeps one ply at least.
pub(super) fn late_reduction(depth: i32, idx: usize, lmr: i32) -> i32 {
    if lmr <= 0 {
        return 1;
    }
    let r = (depth as f32).ln() * (idx as f32).ln() * 100.0 / lmr as f32;
    (r as i32).clamp(1, (depth - 2).max(1))
}

/// Whether `style` overlooks action `a` in `pos`.
pub(super) fn overlooked(pos: &Position, a: Action, style: &Style) -> bool {
    let action = action_bits(a);
    let h = splitmix64(pos.hash() ^ style.seed.rotate_left(17) ^ action.wrapping_mul(0x9E37_79B9));
    (h % 100) < style.overlook.clamp(0, 100) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;
    use agon_rules::Side;
    use std::sync::atomic::AtomicBool;

    fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// `bait` adds its bonus at the root, and only there, to each action
    /// that leaves the opponent a capture: the action chosen is one whose
    /// own score plus its bonus is the best, and the score reported is its
    /// own, without the bonus. At 0 the search is the one without it.
    #[test]
    fn bait_prefers_the_action_that_offers_a_capture_by_its_bonus() {
        use super::super::long_game::{at, searching};
        let style = |bait| Style {
            weights: crate::eval::Weights::MASTER,
            bait,
            ..Style::default()
        };
        let run = |mut s: Search| s.run(&AtomicBool::new(false), |_| {});
        for (side, d) in [(Side::Light, 2), (Side::Dark, 2), (Side::Light, 3)] {
            let root = at(side);
            // Each root action's own score: its child searched a ply less.
            let scored: Vec<(Action, i32, bool)> = root
                .legal_actions()
                .iter()
                .map(|&a| {
                    let mut child = root;
                    child.play(a);
                    let mut s = Search::new(1);
                    s.set_style(style(0));
                    s.start_with_history(child, &[root.hash(), child.hash()], depth(d - 1));
                    (a, -run(s).score, child.can_capture())
                })
                .collect();
            let offers = scored.iter().filter(|x| x.2).count();
            let plain = scored.iter().map(|x| x.1).max().unwrap();
            if side == Side::Dark {
                // Here no action leaves Light a capture: nothing changes.
                assert_eq!(offers, 0);
                let r = run(searching(side, style(300), depth(d)));
                assert_eq!(r.score, plain);
                continue;
            }
            assert!(offers > 0 && offers < scored.len(), "{offers}");
            let (_, bait_best, _) = *scored.iter().filter(|x| x.2).max_by_key(|x| x.1).unwrap();
            assert!(
                bait_best < plain,
                "the bait is not the best action without it"
            );
            // Bonuses short of the best bait's gap, level with it and past it:
            // the window each child is searched in must be shifted to match.
            for bait in (0..plain - bait_best + 300).step_by(7) {
                let want = scored
                    .iter()
                    .map(|x| x.1 + if x.2 { bait } else { 0 })
                    .max()
                    .unwrap();
                let r = run(searching(side, style(bait), depth(d)));
                let chosen = scored.iter().find(|x| Some(x.0) == r.best).unwrap();
                assert_eq!(
                    chosen.1 + if chosen.2 { bait } else { 0 },
                    want,
                    "{side:?} depth {d} bait {bait}"
                );
                assert_eq!(r.score, chosen.1, "the chosen action's own score");
                if bait > plain - bait_best {
                    assert!(chosen.2, "{side:?} bait {bait}: the bait is taken");
                }
            }
        }
    }

    #[test]
    fn late_actions_are_reduced_more_the_later_and_deeper_they_are() {
        // Today's reduction, whatever the depth and index.
        for depth in 3..40 {
            for idx in 4..60 {
                assert_eq!(late_reduction(depth, idx, 0), 1);
            }
        }
        for lmr in [100, 225, 400] {
            for depth in 3..40 {
                let mut last = 0;
                for idx in 4..60 {
                    let r = late_reduction(depth, idx, lmr);
                    assert!(
                        (1..=(depth - 2).max(1)).contains(&r),
                        "{depth} {idx} {lmr}: {r}"
                    );
                    assert!(r >= last, "later, no less reduced");
                    assert!(
                        r >= late_reduction(depth - 1, idx, lmr),
                        "deeper, no less reduced"
                    );
                    last = r;
                }
            }
        }
        // A smaller setting reduces more; deep and late, by more than one.
        assert_eq!(late_reduction(12, 30, 225), 3);
        assert!(late_reduction(12, 30, 100) > late_reduction(12, 30, 225));
        assert_eq!(late_reduction(3, 4, 225), 1);
    }
}
