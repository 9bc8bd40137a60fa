//! Iterative-deepening principal-variation search with a transposition
//! table, killer and history move ordering, and repetition awareness.
//!
//! The search keeps its own stack of frames instead of recursing, so it can
//! stop after any number of nodes and carry on later: [`Search::step`] runs a
//! bounded slice (the web build calls it once a frame), and
//! [`Search::run`] loops over slices on a worker thread (the desktop build and
//! the engine). Both run the very same search; `run` can also search on
//! several threads at once (see `smp.rs`).

use agon_rules::{Action, Game, Position, Side};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;
use web_time::{Duration, Instant};

use crate::style::Style;
use crate::tt::{Tt, TtError};

mod frame;
#[cfg(test)]
mod long_game;
mod node;
mod score;
mod smp;
mod stall;

use frame::Frame;

/// Hashes a position's Zobrist hash as itself: it is already uniformly
/// random, and the default SipHash on every node's repetition check
/// cost the search time for nothing.
#[derive(Default)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

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
    game_hashes: [HashSet<u64, BuildHasherDefault<ZobristHasher>>; 2],
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

    pub fn style(&self) -> &Style {
        &self.style
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
            result.score = self.own_score(b, root.best);
        }
        result.nodes = self.nodes;
        result.time_ms = self.elapsed_ms();
        self.sp = 0;
        self.pending = None;
        self.finished = Some(result.clone());
        Progress::Done(result)
    }
}

/// `a` as a number, its two cells' indices, for hashing with a position.
fn action_bits(a: Action) -> u64 {
    (a.from.index() as u64) << 8 | a.to.index() as u64
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
