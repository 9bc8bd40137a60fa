//! Runs the computer's search off the frame: as a task on the desktop, a
//! few milliseconds a frame on the web (which has one thread). The frame
//! never waits for it. The game draws only when something changes (see
//! `frames`): a task wakes the window when it ends, a sliced search and an
//! answer waiting to be shown ask for frames.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use agon_ai::{Limits, Search, SearchResult, Style};
use agon_rules::Action;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use web_time::{Duration, Instant};

use crate::frames::{AppSystems, Waker, WindowWaker, wake_on};
use crate::game::messages::{BoardReset, RequestAction};
use crate::game::screen::{Screen, UiFocus, computer_may_play};
use crate::game::the_match::Match;
use crate::game::turn::{BoardBusy, Selection};
use crate::timings::Recent;

#[cfg(not(target_arch = "wasm32"))]
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's own action.
    Move,
    /// A suggestion for the person to move.
    Hint,
}

/// Asks for a hint for the side to move.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HintRequest;

struct Job {
    purpose: Purpose,
    /// The game length when the job started: a result for another
    /// position is thrown away.
    plies: usize,
    hash: u64,
    started: Instant,
    cancel: Arc<AtomicBool>,
}

/// The computer's mind: one search engine, lent to a task while it thinks.
#[derive(Resource)]
pub struct Thinker {
    search: Option<Search>,
    job: Option<Job>,
    /// Searches a few milliseconds a frame instead of in a task: always on
    /// the web; on the desktop only to test the web's way.
    pub sliced: bool,
    /// Called by a task when its search ends, so that an idle window wakes
    /// to show the answer.
    pub waker: Option<Waker>,
    #[cfg(not(target_arch = "wasm32"))]
    task: Option<Task<(Search, SearchResult)>>,
    /// Tasks cancelled by undo or a new game, finishing on their own.
    #[cfg(not(target_arch = "wasm32"))]
    discarded: Vec<Task<(Search, SearchResult)>>,
    /// The computer does not answer faster than this, so its action can be seen.
    pub min_think: Duration,
    /// On the web: how long a frame may spend searching.
    pub slice: Duration,
    /// Time for a hint.
    pub hint_time: Duration,
    /// How long each frame's slice of search took, in ms (web only).
    pub slice_ms: Recent,
    /// Threads Master and the hints search with (a task's search only;
    /// the web's sliced search has one). The levels below Master keep
    /// one: their imperfection was measured on one.
    pub threads: usize,
}

impl Default for Thinker {
    fn default() -> Self {
        Thinker {
            search: Some(Search::new(tt_mib())),
            job: None,
            sliced: cfg!(target_arch = "wasm32"),
            waker: None,
            #[cfg(not(target_arch = "wasm32"))]
            task: None,
            #[cfg(not(target_arch = "wasm32"))]
            discarded: Vec::new(),
            min_think: Duration::from_millis(450),
            slice: Duration::from_millis(8),
            hint_time: Duration::from_millis(800),
            slice_ms: Recent::default(),
            threads: 1,
        }
    }
}

/// The threads a search may have: the cores there are, less one for the
/// frame (at least one).
pub fn auto_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .clamp(1, agon_ai::MAX_THREADS)
}

/// The threads the setting asks for: 0 for [`auto_threads`].
pub fn threads_for(setting: u16) -> usize {
    match usize::from(setting) {
        0 => auto_threads(),
        n => n.min(agon_ai::MAX_THREADS),
    }
}

fn tt_mib() -> usize {
    if cfg!(target_arch = "wasm32") {
        agon_ai::WEB_TT_MIB
    } else {
        agon_ai::DESKTOP_TT_MIB
    }
}

impl Thinker {
    /// Whether the computer is thinking (for its own move).
    pub fn thinking(&self) -> bool {
        self.job
            .as_ref()
            .is_some_and(|j| j.purpose == Purpose::Move)
    }

    pub(crate) fn busy(&self) -> bool {
        self.job.is_some()
    }

    pub(crate) fn hinting(&self) -> bool {
        self.job
            .as_ref()
            .is_some_and(|j| j.purpose == Purpose::Hint)
    }

    /// How long the current job has run.
    pub fn elapsed(&self) -> Duration {
        self.job
            .as_ref()
            .map_or(Duration::ZERO, |j| j.started.elapsed())
    }

    fn start(&mut self, the_match: &Match, purpose: Purpose) {
        let Some(mut search) = self.search.take() else {
            return;
        };
        let (style, limits, threads) = match (purpose, the_match.level()) {
            (Purpose::Move, Some(level)) => {
                let threads = if level == agon_ai::Level::Master {
                    self.threads
                } else {
                    1
                };
                // One seed a game and side, as in the arena: in Watch the
                // two sides misjudge differently, as two players would.
                let to_move = the_match.game.position().to_move();
                let seed = agon_ai::side_seed(the_match.seed, to_move);
                (level.style(seed), level.limits(), threads)
            }
            _ => (
                Style::default(),
                Limits {
                    time: Some(self.hint_time),
                    ..Limits::default()
                },
                self.threads,
            ),
        };
        search.set_style(style);
        search.set_threads(threads);
        search.start(&the_match.game, limits);
        let cancel = Arc::new(AtomicBool::new(false));
        self.job = Some(Job {
            purpose,
            plies: the_match.game.history().len(),
            hash: the_match.position().hash(),
            started: Instant::now(),
            cancel: cancel.clone(),
        });
        #[cfg(not(target_arch = "wasm32"))]
        if !self.sliced {
            let waker = self.waker.clone();
            let task = AsyncComputeTaskPool::get().spawn(async move {
                let result = search.run(&cancel, |_| {});
                if let Some(wake) = waker {
                    wake();
                }
                (search, result)
            });
            self.task = Some(task);
            return;
        }
        // Sliced, the search stops when its job is dropped: no flag needed.
        drop(cancel);
        self.search = Some(search);
    }

    /// Stops the current job; its result will be ignored.
    pub(crate) fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel.store(true, Ordering::Relaxed);
            #[cfg(not(target_arch = "wasm32"))]
            if let Some(task) = self.task.take() {
                self.discarded.push(task);
            }
        }
    }

    /// Advances the search; returns the finished job and its result.
    fn poll(&mut self) -> Option<(Job, SearchResult)> {
        #[cfg(not(target_arch = "wasm32"))]
        if !self.sliced {
            // Reclaim the engine from cancelled tasks as they finish.
            let mut i = 0;
            while i < self.discarded.len() {
                if let Some((search, _)) = check_ready(&mut self.discarded[i]) {
                    drop(self.discarded.swap_remove(i)); // finished: nothing to cancel
                    if self.search.is_none() && self.task.is_none() {
                        self.search = Some(search);
                    }
                } else {
                    i += 1;
                }
            }
            if self.search.is_none() && self.task.is_none() && self.discarded.is_empty() {
                // Every engine was lost with a cancelled task: start afresh.
                self.search = Some(Search::new(tt_mib()));
            }
            let task = self.task.as_mut()?;
            let (search, result) = check_ready(task)?;
            self.task = None;
            self.search = Some(search);
            return Some((self.job.take()?, result));
        }
        self.job.as_ref()?;
        let search = self.search.as_mut()?;
        let started = Instant::now();
        let until = started + self.slice;
        let done = loop {
            if let agon_ai::Progress::Done(r) = search.step(256) {
                break Some(r);
            }
            if Instant::now() >= until {
                break None;
            }
        };
        let ms = started.elapsed().as_secs_f32() * 1000.0;
        self.slice_ms.push(ms);
        let result = done?;
        Some((self.job.take()?, result))
    }
}

/// A finished search, waiting until the computer may show its action.
#[derive(Clone, Copy, Debug)]
struct Answer {
    purpose: Purpose,
    /// The game length and position it was for.
    plies: usize,
    hash: u64,
    started: Instant,
    best: Option<Action>,
}

impl Answer {
    fn is_for(&self, the_match: &Match) -> bool {
        self.plies == the_match.game.history().len()
            && self.hash == the_match.position().hash()
            && !the_match.is_over()
    }
}

#[derive(Resource, Default)]
struct Ready(Option<Answer>);

#[allow(clippy::too_many_arguments)]
fn drive(
    mut thinker: ResMut<Thinker>,
    mut ready: ResMut<Ready>,
    the_match: Res<Match>,
    busy: Res<BoardBusy>,
    screen: Res<State<Screen>>,
    focus: Res<UiFocus>,
    mut hints: MessageReader<HintRequest>,
    mut resets: MessageReader<BoardReset>,
    mut requests: MessageWriter<RequestAction>,
    mut selection: ResMut<Selection>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    // Browsing leaves the game, and the thinking about it, alone.
    if resets.read().any(|r| !r.browsing) {
        thinker.cancel();
        ready.0 = None;
    }
    // A job for a position that is gone is dropped.
    if let Some(job) = &thinker.job
        && (job.plies != the_match.game.history().len()
            || job.hash != the_match.position().hash()
            || the_match.is_over())
    {
        thinker.cancel();
    }
    if let Some((job, result)) = thinker.poll() {
        ready.0 = Some(Answer {
            purpose: job.purpose,
            plies: job.plies,
            hash: job.hash,
            started: job.started,
            best: result.best,
        });
    }
    // Behind the menu or a dialog the computer neither starts nor plays:
    // its answer waits.
    let may_play = computer_may_play(&screen, &focus);
    let mut answered = false;
    if let Some(answer) = ready.0 {
        if !answer.is_for(&the_match) {
            ready.0 = None;
        } else if answer.purpose == Purpose::Hint {
            selection.hint = answer.best;
            ready.0 = None;
        } else if may_play && answer.started.elapsed() >= thinker.min_think && !busy.0 {
            if let Some(a) = answer.best {
                requests.write(RequestAction(a));
                answered = true;
            }
            ready.0 = None;
        }
    }
    if hints.read().count() > 0 && the_match.may_hint() && !thinker.busy() {
        thinker.start(&the_match, Purpose::Hint);
    }
    // Thinking starts at once; the answer waits for the board to be shown.
    // (Not again on the position just answered: the action is played next.)
    if may_play && the_match.computer_to_move() && !thinker.busy() && ready.0.is_none() && !answered
    {
        thinker.start(&the_match, Purpose::Move);
    }
    // A sliced search needs frames to run; an answer waits for its moment
    // (the least thinking time, the board at rest) and needs frames to see it.
    if (thinker.sliced && thinker.busy()) || (may_play && ready.0.is_some()) {
        redraw.write(RequestRedraw);
    }
}

/// Lends the thinker the window's wake-up call.
fn lend_waker(waker: Res<WindowWaker>, mut thinker: ResMut<Thinker>) {
    thinker.waker = waker.0.clone();
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Thinker>()
        .init_resource::<Ready>()
        .add_message::<HintRequest>()
        .add_systems(Startup, lend_waker)
        .add_systems(Update, drive.in_set(AppSystems::Follow));
    // A hint asked for after the computer looked is taken in the next frame.
    wake_on::<HintRequest>(app);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_threads_setting_is_auto_or_a_bounded_count() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(threads_for(0), cores.saturating_sub(1).max(1));
        assert_eq!(threads_for(1), 1);
        assert_eq!(threads_for(3), 3);
        assert_eq!(threads_for(u16::MAX), agon_ai::MAX_THREADS);
    }

    #[test]
    fn only_master_and_hints_search_on_several_threads() {
        use crate::game::Mode;
        use agon_ai::Level;
        use agon_rules::{Game, Side};
        let threads_of = |mode: Mode, purpose: Purpose| {
            let mut thinker = Thinker {
                sliced: true,
                threads: 3,
                ..Thinker::default()
            };
            let the_match = Match::new(Game::new(), mode);
            thinker.start(&the_match, purpose);
            thinker.search.as_ref().unwrap().threads()
        };
        let vs = |level| Mode::VsComputer {
            human: Side::Dark,
            level,
        };
        assert_eq!(threads_of(vs(Level::Master), Purpose::Move), 3);
        assert_eq!(threads_of(vs(Level::Hard), Purpose::Move), 1);
        assert_eq!(
            threads_of(Mode::Watch { level: Level::Easy }, Purpose::Move),
            1
        );
        assert_eq!(threads_of(vs(Level::Easy), Purpose::Hint), 3);
    }

    #[test]
    fn each_side_of_a_watched_game_has_its_own_seed_for_the_whole_game() {
        use crate::game::Mode;
        use agon_ai::{Level, side_seed};
        use agon_rules::{Game, Side};
        let mut game = Game::new();
        let watch = Mode::Watch {
            level: Level::Medium,
        };
        let mut seeds = Vec::new();
        for text in ["f1-f2", "f11-f10", "f2-f3", "f10-f9"] {
            let mut thinker = Thinker {
                sliced: true,
                ..Thinker::default()
            };
            let mut the_match = Match::new(game.clone(), watch);
            the_match.seed = 7;
            thinker.start(&the_match, Purpose::Move);
            let side = game.position().to_move();
            let seed = thinker.search.as_ref().unwrap().style().seed;
            assert_eq!(seed, side_seed(7, side));
            seeds.push((side, seed));
            game.play_text(text).unwrap();
        }
        assert_eq!(seeds[0], seeds[2]);
        assert_eq!(seeds[1], seeds[3]);
        assert_ne!(seeds[0].1, seeds[1].1);
        assert_eq!(seeds[1].0, Side::Dark);
    }
}
