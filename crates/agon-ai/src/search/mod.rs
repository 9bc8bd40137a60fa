//! Iterative-deepening principal-variation search with a transposition
//! table, killer and history move ordering, and repetition awareness.
//!
//! The search keeps its own stack of frames instead of recursing, so it can
//! stop after any number of nodes and carry on later: [`Search::step`] runs a
//! bounded slice (the web build calls it once a frame), and
//! [`Search::run`] loops over slices on a worker thread (the desktop build and
//! the engine). Both run the very same search; `run` can also search on
//! several threads at once (see `smp.rs`).

use agon_rules::{Action, Game, Outcome, Position, Side, splitmix64};
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use web_time::{Duration, Instant};

use crate::eval::evaluate;
use crate::style::Style;
use crate::tt::{Bound, Tt, TtError};

mod frame;
mod smp;
mod stall;

use frame::{Frame, Phase};

/// A won position's score, less the plies to get there.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// The deepest the search goes, in plies from the root.
pub const MAX_PLY: usize = 64;
/// The most threads a search runs on.
pub const MAX_THREADS: usize = 64;
/// How many plies of captures the search looks at past its horizon.
const QUIESCENCE_PLIES: i32 = 4;

/// When to stop. Limits combine: the search stops at the first reached.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
}

/// What one completed iteration found: the `info` line of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub time_ms: u64,
    pub pv: Vec<Action>,
}

impl Info {
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// The answer of a finished search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the side to move has no action (or the game is over).
    pub best: Option<Action>,
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    pub pv: Vec<Action>,
}

/// What a slice of search ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// More to do: call `step` again.
    Running,
    Done(SearchResult),
}

enum Advance {
    Working,
    IterationDone,
    Aborted,
}

/// A search engine: reusable across moves (it keeps its transposition table).
pub struct Search {
    /// The table, shared with the helper threads of a parallel search.
    tt: Arc<Tt>,
    style: Style,
    history: Box<[[i32; 128]; 128]>,
    killers: [[Option<Action>; 2]; MAX_PLY + 1],
    /// Hashes of the game so far and of the current search path, for
    /// repetition detection.
    path: Vec<u64>,
    game_len: usize,
    /// The hashes of `path[..game_len]`, the game before the root, by the
    /// parity of their index: a repetition of the game is found in constant
    /// time, where scanning it made every node of a search after 100 000
    /// actions cost 50 000 comparisons.
    game_hashes: [HashSet<u64>; 2],
    /// Frames for every ply, allocated once; `sp` of them are in use.
    stack: Vec<Frame>,
    sp: usize,
    pending: Option<i32>,
    // The search in progress.
    root: Position,
    limits: Limits,
    started: Instant,
    nodes: u64,
    iteration: u32,
    completed: Option<SearchResult>,
    infos: Vec<Info>,
    stopped: bool,
    finished: Option<SearchResult>,
    /// Threads [`Search::run`] searches with (Lazy SMP); `step` uses one.
    threads: usize,
    /// The searches of the helper threads, kept from one `run` to the next
    /// for their move-ordering tables; made when first needed.
    helpers: Vec<Search>,
    /// The actions the threads of a parallel search are on (`smp.rs`).
    busy: Option<Arc<smp::Busy>>,
    /// Actions left for last because another thread was on them.
    deferred: u64,
    /// The standstill or drought count at the root (`stall.rs`).
    root_stalled: u32,
}

impl Search {
    /// A search with a transposition table of at most `tt_mib` MiB.
    ///
    /// # Panics
    ///
    /// When the table cannot be made (see [`Search::try_new`]).
    pub fn new(tt_mib: usize) -> Search {
        Search::try_new(tt_mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A search with a transposition table of at most `tt_mib` MiB, from 1
    /// to [`MAX_TT_MIB`](crate::MAX_TT_MIB).
    pub fn try_new(tt_mib: usize) -> Result<Search, TtError> {
        Ok(Search::with_table(Arc::new(Tt::try_new(tt_mib)?)))
    }

    fn with_table(tt: Arc<Tt>) -> Search {
        Search {
            tt,
            style: Style::default(),
            history: Box::new([[0; 128]; 128]),
            killers: [[None; 2]; MAX_PLY + 1],
            path: Vec::new(),
            game_len: 0,
            game_hashes: Default::default(),
            stack: (0..MAX_PLY + 2).map(|_| Frame::empty()).collect(),
            sp: 0,
            pending: None,
            root: Position::start(),
            limits: Limits::default(),
            started: Instant::now(),
            nodes: 0,
            iteration: 0,
            completed: None,
            infos: Vec::new(),
            stopped: false,
            finished: None,
            threads: 1,
            helpers: Vec::new(),
            busy: None,
            deferred: 0,
            root_stalled: 0,
        }
    }

    pub fn tt_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets everything learnt: for a new game.
    pub fn clear(&mut self) {
        self.tt.clear();
        *self.history = [[0; 128]; 128];
        self.killers = [[None; 2]; MAX_PLY + 1];
        for h in &mut self.helpers {
            *h.history = [[0; 128]; 128];
            h.killers = [[None; 2]; MAX_PLY + 1];
        }
    }

    /// The threads [`Search::run`] searches with, from 1 to
    /// [`MAX_THREADS`]; [`Search::step`] always uses one.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    pub fn set_style(&mut self, style: Style) {
        self.style = style;
    }

    /// Starts searching the current position of `game`, whose history
    /// counts for repetitions and, at its end, for a standstill.
    pub fn start(&mut self, game: &Game, limits: Limits) {
        let hashes: Vec<u64> = (0..=game.history().len())
            .map(|i| game.position_at(i).expect("position").hash())
            .collect();
        self.start_from(
            *game.position(),
            &hashes,
            stall::game_standstill(game, self.style.drought > 0),
            limits,
        );
    }

    /// Starts searching `root`; `history` holds the hashes of the positions
    /// of the game up to and including `root`.
    /// The standstill ([`Style::stall`]) counts from `root`: only
    /// [`Search::start`] sees the game's actions.
    pub fn start_with_history(&mut self, root: Position, history: &[u64], limits: Limits) {
        self.start_from(root, history, 0, limits);
    }

    fn start_from(&mut self, root: Position, history: &[u64], stalled: u32, limits: Limits) {
        self.prepare(root, history, limits);
        self.root_stalled = stalled;
        self.tt.new_search(self.tt_salt());
        if self.finished.is_none() {
            self.begin_iteration();
        }
    }

    /// Sets up a search of `root` but leaves the table and the first
    /// iteration to the caller; `finished` is set when there is nothing
    /// to search.
    fn prepare(&mut self, root: Position, history: &[u64], limits: Limits) {
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
        self.killers = [[None; 2]; MAX_PLY + 1];
        // The path holds the game before the root; the root's own frame
        // pushes its hash like every other frame.
        self.path.clear();
        self.path.extend_from_slice(history);
        if self.path.last() == Some(&root.hash()) {
            self.path.pop();
        }
        self.game_len = self.path.len();
        for (parity, set) in self.game_hashes.iter_mut().enumerate() {
            set.clear();
            set.extend(self.path.iter().skip(parity).step_by(2));
        }
        self.root = root;
        self.limits = limits;
        self.started = Instant::now();
        self.nodes = 0;
        self.deferred = 0;
        self.iteration = 0;
        self.completed = None;
        self.infos.clear();
        self.stopped = false;
        self.sp = 0;
        self.pending = None;
        self.finished = None;
        if root.formation_outcome().is_some() || !root.has_actions() {
            self.finished = Some(SearchResult {
                best: None,
                score: 0,
                depth: 0,
                nodes: 0,
                time_ms: 0,
                pv: Vec::new(),
            });
        }
    }

    /// Asks the search to stop; the next `step` returns its answer.
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    /// The iterations completed since the last call.
    pub fn take_infos(&mut self) -> Vec<Info> {
        std::mem::take(&mut self.infos)
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The best action found so far (from the last completed iteration).
    pub fn best_so_far(&self) -> Option<Action> {
        self.completed.as_ref().and_then(|r| r.best)
    }

    fn elapsed_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    fn begin_iteration(&mut self) {
        self.iteration += 1;
        self.path.truncate(self.game_len);
        self.sp = 0;
        self.pending = None;
        let depth = self.iteration as i32;
        let root = self.root;
        self.push_frame(root, 0, depth, -MATE - 1, MATE + 1, self.root_stalled);
    }

    fn out_of_budget(&self) -> bool {
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            return true;
        }
        // Depth 1 takes microseconds: finish it whatever the clock says, so
        // a stopped search still answers with a considered action.
        if self.iteration <= 1 {
            return false;
        }
        self.stopped
            || self
                .limits
                .time
                .is_some_and(|t| self.nodes.is_multiple_of(512) && self.started.elapsed() >= t)
    }

    /// Runs up to `budget` nodes of search.
    pub fn step(&mut self, budget: u64) -> Progress {
        if let Some(r) = &self.finished {
            return Progress::Done(r.clone());
        }
        let until = self.nodes.saturating_add(budget.max(1));
        loop {
            if self.nodes >= until && self.pending.is_none() {
                // A time limit must hold even across slices.
                if self.completed.is_some() && self.out_of_budget_now() {
                    return self.finish();
                }
                return Progress::Running;
            }
            match self.advance() {
                Advance::Working => {}
                Advance::Aborted => return self.finish(),
                Advance::IterationDone => {
                    let mate_found = self.completed.as_ref().is_some_and(|r| {
                        r.score.abs() >= MATE_BOUND && r.depth as i32 >= MATE - r.score.abs()
                    });
                    let depth_done = self
                        .limits
                        .depth
                        .is_some_and(|d| self.iteration >= d.max(1))
                        || self.iteration as usize >= MAX_PLY;
                    if depth_done || mate_found || self.out_of_budget_now() {
                        return self.finish();
                    }
                    self.begin_iteration();
                }
            }
        }
    }

    fn out_of_budget_now(&self) -> bool {
        self.stopped
            || self.limits.nodes.is_some_and(|n| self.nodes >= n)
            || self
                .limits
                .time
                .is_some_and(|t| self.started.elapsed() >= t)
    }

    /// Runs the whole search, calling `on_info` after each iteration;
    /// `cancel` stops it early. With more than one thread (set by
    /// [`Search::set_threads`]), helpers search alongside this thread.
    pub fn run(
        &mut self,
        cancel: &std::sync::atomic::AtomicBool,
        mut on_info: impl FnMut(&Info),
    ) -> SearchResult {
        // The web has no threads: there a search is sliced by `step`.
        if self.threads > 1 && self.finished.is_none() && !cfg!(target_arch = "wasm32") {
            return self.run_parallel(cancel, on_info);
        }
        loop {
            if cancel.load(std::sync::atomic::Ordering::Relaxed) {
                self.stop();
            }
            let progress = self.step(4096);
            for info in self.take_infos() {
                on_info(&info);
            }
            if let Progress::Done(r) = progress {
                return r;
            }
        }
    }

    fn finish(&mut self) -> Progress {
        let mut result = match self.completed.clone() {
            Some(r) => r,
            None => {
                // Not even depth 1 completed: take the first legal action in
                // the root's move order.
                let list = self.root.legal_actions();
                SearchResult {
                    best: list.first().copied(),
                    score: 0,
                    depth: 0,
                    nodes: 0,
                    time_ms: 0,
                    pv: list.first().copied().into_iter().collect(),
                }
            }
        };
        // The unfinished iteration searched the previous best first, so the
        // best of the root moves it finished is at least as sound.
        if self.sp > 0
            && let root = &self.stack[0]
            && root.ply == 0
            && root.idx > 0
            && let Some(b) = root.best_move
        {
            if Some(b) != result.best {
                result.pv = self.principal_variation(self.root, Some(b));
            }
            result.best = Some(b);
            result.score = root.best;
        }
        result.nodes = self.nodes;
        result.time_ms = self.elapsed_ms();
        self.sp = 0;
        self.pending = None;
        self.finished = Some(result.clone());
        Progress::Done(result)
    }

    fn evaluate(&self, p: &Position, stalled: u32) -> i32 {
        let mut v = evaluate(p, &self.style.weights);
        if self.style.stall != 0 && self.for_root(p.to_move(), v) > 0 {
            let grace = u32::try_from(self.style.drought).unwrap_or(0);
            v = stall::wear(v, self.style.stall, stalled.saturating_sub(grace));
        }
        if self.style.trade_aversion != 0 {
            let lost = p.captured(self.root.to_move()).len() as i32 * self.style.trade_aversion;
            v += self.for_root(p.to_move(), -lost);
        }
        if self.style.noise > 0 {
            let h = splitmix64(p.hash() ^ self.style.seed);
            let span = 2 * self.style.noise as u64 + 1;
            v += (h % span) as i32 - self.style.noise;
        }
        // Tweaked weights can reach any size; a score past the mate bound
        // would read as a won or lost game.
        v.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// A stored score holds for the style that computed it and, where the
    /// style has terms only the side searching holds, for that side. The
    /// game's hint (default style, the human's side) and its opponent share
    /// one table: each keys its own entries instead of reading the other's
    /// bias, and neither has to clear the table.
    fn tt_salt(&self) -> u64 {
        let mut style = self.style;
        if style.noise == 0 {
            // The seed only feeds the noise: levels without noise keep
            // their entries from one action to the next.
            style.seed = 0;
        }
        let mut h = std::hash::DefaultHasher::new();
        style.hash(&mut h);
        if style.contempt != 0 || style.trade_aversion != 0 || style.stall != 0 {
            self.root.to_move().hash(&mut h);
        }
        h.finish()
    }

    /// `v`, a value for the side searching, seen by `side`: the terms that
    /// only the side searching holds (contempt, trade aversion).
    fn for_root(&self, side: Side, v: i32) -> i32 {
        if side == self.root.to_move() { v } else { -v }
    }

    fn is_repetition(&self, hash: u64) -> bool {
        // The same position has the same side to move: look two plies apart.
        // A second occurrence already counts: letting Master shuffle back to
        // positions of the game while waiting drew more games against UCT
        // (11 draws in 100 against 4, `master:50` against `uct:200`).
        let n = self.path.len();
        let mut i = n as isize - 2;
        while i >= self.game_len as isize {
            if self.path[i as usize] == hash {
                return true;
            }
            i -= 2;
        }
        self.game_hashes[n % 2].contains(&hash)
    }

    /// Does one unit of work.
    fn advance(&mut self) -> Advance {
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

    fn enter(&mut self, top: usize) {
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
    fn enter_quiescence(&mut self, top: usize, hash: u64) {
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

    fn order_moves(&mut self, top: usize) {
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

    fn next_move(&mut self, top: usize) {
        let Some(a) = self.stack[top].pick() else {
            return self.finish_frame(top);
        };
        let f = &mut self.stack[top];
        f.current = a;
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
        let (alpha, beta, depth) = (f.alpha, f.beta, f.depth);
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
        let reduce = if !first && quiet && depth >= 3 && f.idx >= 4 && !f.pos.must_relocate() {
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

    /// `stalled`: the standstill that led to `pos` (`stall.rs`).
    fn push_frame(
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

    /// A child's score (from this frame's side) arrives at the top frame.
    fn receive(&mut self, score: i32) {
        let top = self.sp - 1;
        let f = &mut self.stack[top];
        if f.phase == Phase::AwaitScout && score > f.alpha && (score < f.beta || f.reduced > 0) {
            // The scout failed high: search again with the full window.
            let mut child = f.pos;
            child.play(f.current);
            let (ply, depth, alpha, beta) = (f.ply + 1, f.depth - 1, -f.beta, -f.alpha);
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

    fn finish_frame(&mut self, top: usize) {
        let f = &self.stack[top];
        let bound = if f.best >= f.beta {
            Bound::Lower
        } else if f.best > f.orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let hash = f.pos.hash();
        if f.depth > 1 {
            self.tt.store(
                hash,
                f.depth,
                score_to_tt(f.best, f.ply),
                bound,
                f.best_move,
            );
        }
        if f.ply == 0 {
            let elapsed = self.elapsed_ms();
            let pv = self.principal_variation(f.pos, f.best_move);
            let result = SearchResult {
                best: f.best_move,
                score: f.best,
                depth: self.iteration,
                nodes: self.nodes,
                time_ms: elapsed,
                pv: pv.clone(),
            };
            self.infos.push(Info {
                depth: self.iteration,
                score: f.best,
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

    fn return_value(&mut self, v: i32) {
        self.sp -= 1;
        self.pending = Some(v);
    }

    fn principal_variation(&self, root: Position, first: Option<Action>) -> Vec<Action> {
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

/// The ordering key of an action left for last because another thread
/// was searching it: below every real key, so `pick` takes it last.
const DEFERRED: i32 = i32::MIN;

/// How many plies a late quiet action (the `idx`-th, 0-based) is reduced
/// by at `depth` (3 or more): one for `lmr` 0, else growing with both, as
/// a later action at a deeper node is less likely to be the best; the
/// reduced search keeps one ply at least.
fn late_reduction(depth: i32, idx: usize, lmr: i32) -> i32 {
    if lmr <= 0 {
        return 1;
    }
    let r = (depth as f32).ln() * (idx as f32).ln() * 100.0 / lmr as f32;
    (r as i32).clamp(1, (depth - 2).max(1))
}

/// `a` as a number, its two cells' indices, for hashing with a position.
fn action_bits(a: Action) -> u64 {
    (a.from.index() as u64) << 8 | a.to.index() as u64
}

/// Whether `style` overlooks action `a` in `pos`.
fn overlooked(pos: &Position, a: Action, style: &Style) -> bool {
    let action = action_bits(a);
    let h = splitmix64(pos.hash() ^ style.seed.rotate_left(17) ^ action.wrapping_mul(0x9E37_79B9));
    (h % 100) < style.overlook.clamp(0, 100) as u64
}

fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The side a score is for, in words: for logs.
pub fn describe_score(score: i32, side: Side) -> String {
    if score >= MATE_BOUND {
        format!("{side} wins in {}", MATE - score)
    } else if score <= -MATE_BOUND {
        format!("{side} loses in {}", MATE + score)
    } else {
        format!("{score:+}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The game's hashes looked up by parity find exactly what scanning
    /// the whole path two plies apart found: a position of the game with
    /// the same side to move, or one earlier on the search's own path.
    #[test]
    fn repetitions_of_the_game_and_the_path_are_found_two_plies_apart() {
        let mut search = Search::new(1);
        let root = Position::start();
        let game: Vec<u64> = (10..17).chain([root.hash()]).collect();
        search.start_with_history(root, &game, Limits::default());
        assert_eq!(search.game_len, 7);
        search.path.extend([root.hash(), 20, 21, 22]);
        let scan = |path: &[u64], hash: u64| {
            (0..path.len())
                .rev()
                .skip(1)
                .step_by(2)
                .any(|i| path[i] == hash)
        };
        for len in search.game_len..=search.path.len() {
            let mut s = Search::new(1);
            s.start_with_history(root, &game, Limits::default());
            s.path.extend_from_slice(&search.path[s.game_len..len]);
            for hash in (9..24).chain([root.hash()]) {
                assert_eq!(
                    s.is_repetition(hash),
                    scan(&s.path, hash),
                    "{hash} after {len} hashes"
                );
            }
        }
        // Either parity of the game is found at its own distance.
        search.path.truncate(search.game_len);
        assert!(search.is_repetition(15) && !search.is_repetition(16));
        search.path.push(root.hash());
        assert!(search.is_repetition(16) && !search.is_repetition(15));
    }
}
