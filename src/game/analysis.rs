//! Analysis: the engine's view of the position on the board (the game's
//! own, or one browsed to), deepening while the player looks. It runs off
//! the frame: a task on the desktop that wakes the window at each deeper
//! line, slices of search each frame on the web. The interface asks for it
//! ([`AnalysisRequest`]) and reads [`Analysis`]; it never touches the match.
//!
//! It is for looking at games, not for playing one: while a game against
//! the computer or a friend is on, it is closed ([`allowed`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agon_ai::review::win_chance;
use agon_ai::{Limits, MATE, MATE_BOUND, Progress, Search};
use agon_rules::{Action, Side};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::frames::{AppSystems, Waker, WindowWaker};
use crate::game::mode::Mode;
use crate::game::screen::Screen;
use crate::game::the_match::Match;
use crate::game::tutorial::Tutorial;

/// How long one position is analysed: deep enough to trust, and then the
/// machine rests.
pub const ANALYSIS_TIME: Duration = Duration::from_secs(20);

/// The transposition table of the analysis, in MiB.
const TT_MIB: usize = 16;

/// Nodes of search per frame on the web: a few milliseconds.
const SLICE_NODES: u64 = 20_000;

/// Turns analysis on or off.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisRequest(pub bool);

/// The engine's best line from a position, at the depth reached.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub depth: u32,
    /// For the side to move, in the engine's units.
    pub score: i32,
    pub mover: Side,
    pub pv: Vec<Action>,
}

impl Line {
    /// Light's chance to win, from 0 to 1.
    pub(crate) fn light_chance(&self) -> f32 {
        let c = win_chance(self.score);
        if self.mover == Side::Light {
            c
        } else {
            1.0 - c
        }
    }

    /// The score for Light: positive when Light stands better.
    pub(crate) fn light_score(&self) -> i32 {
        if self.mover == Side::Light {
            self.score
        } else {
            -self.score
        }
    }

    /// The side that wins by force and in how many actions, if the search
    /// found it.
    pub fn forced_win(&self) -> Option<(Side, u32)> {
        let plies = |s: i32| u32::try_from(MATE - s.abs()).unwrap_or(0);
        if self.score >= MATE_BOUND {
            Some((self.mover, plies(self.score)))
        } else if self.score <= -MATE_BOUND {
            Some((!self.mover, plies(self.score)))
        } else {
            None
        }
    }
}

/// Which position a line is of: how many actions lead to it, and its hash.
type Key = (usize, u64);

fn key_of(the_match: &Match) -> Key {
    // The hash tells lines apart (a variation reaches other positions).
    (the_match.shown_actions(), the_match.shown_position().hash())
}

/// Whether analysis may be open: not while the player is in a game against
/// the computer or a friend, here or online (it would play for them), nor
/// in a lesson. Watching an online game, it may.
pub(crate) fn allowed(the_match: &Match, tutorial: &Tutorial) -> bool {
    let competing = matches!(
        the_match.mode,
        Mode::VsComputer { .. }
            | Mode::Remote { .. }
            | Mode::Online { me: Some(_) }
            | Mode::Puzzle { .. }
    ) && !the_match.is_over();
    !competing && !tutorial.active
}

/// The analysis of the position on the board, as deep as it has come.
#[derive(Resource, Default)]
pub struct Analysis {
    pub on: bool,
    for_position: Option<Key>,
    /// The deepest line so far; shared with the task on the desktop.
    latest: Arc<Mutex<Option<Line>>>,
    working: Option<Work>,
}

enum Work {
    /// The desktop: a task that stops when `stop` is set.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    Task {
        stop: Arc<AtomicBool>,
        done: Arc<AtomicBool>,
        _task: bevy::tasks::Task<()>,
    },
    /// The web: a few milliseconds of search each frame.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    Sliced(Box<Search>, Side),
}

impl Drop for Work {
    fn drop(&mut self) {
        if let Work::Task { stop, .. } = self {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

impl Analysis {
    /// Whether analysis is open: asked for, and allowed in this match.
    pub fn open(&self, the_match: &Match, tutorial: &Tutorial) -> bool {
        self.on && allowed(the_match, tutorial)
    }

    /// The deepest line found for the position on the board.
    pub fn line(&self, the_match: &Match) -> Option<Line> {
        if self.for_position != Some(key_of(the_match)) {
            return None;
        }
        self.latest.lock().ok()?.clone()
    }

    /// Whether the search is still deepening.
    pub fn thinking(&self) -> bool {
        match &self.working {
            None => false,
            Some(Work::Task { done, .. }) => !done.load(Ordering::Relaxed),
            Some(Work::Sliced(..)) => true,
        }
    }

    fn stop(&mut self) {
        self.working = None;
        self.for_position = None;
        self.latest = Arc::default();
    }

    /// Starts on the position on the board; `waker` wakes a sleeping
    /// window at each deeper line.
    #[cfg_attr(target_arch = "wasm32", allow(unused_variables))]
    fn start(&mut self, the_match: &Match, waker: Option<Waker>) {
        self.stop();
        let position = *the_match.shown_position();
        let n = the_match.shown_actions();
        let game = the_match.shown_game();
        let history: Vec<u64> = (0..=n)
            .filter_map(|i| game.position_at(i).map(|p| p.hash()))
            .collect();
        let mut search = Search::new(TT_MIB);
        let limits = Limits {
            time: Some(ANALYSIS_TIME),
            ..Limits::default()
        };
        search.start_with_history(position, &history, limits);
        self.for_position = Some(key_of(the_match));
        let mover = position.to_move();
        #[cfg(not(target_arch = "wasm32"))]
        {
            let stop = Arc::new(AtomicBool::new(false));
            let done = Arc::new(AtomicBool::new(false));
            let latest = self.latest.clone();
            let (stop_, done_) = (stop.clone(), done.clone());
            let task = bevy::tasks::AsyncComputeTaskPool::get().spawn(async move {
                search.run(&stop_, |info| {
                    let line = Line {
                        depth: info.depth,
                        score: info.score,
                        mover,
                        pv: info.pv.clone(),
                    };
                    if let Ok(mut l) = latest.lock() {
                        *l = Some(line);
                    }
                    // The window may be asleep: a deeper line is news.
                    if let Some(wake) = &waker {
                        wake();
                    }
                });
                done_.store(true, Ordering::Relaxed);
                if let Some(wake) = &waker {
                    wake();
                }
            });
            self.working = Some(Work::Task {
                stop,
                done,
                _task: task,
            });
        }
        #[cfg(target_arch = "wasm32")]
        {
            self.working = Some(Work::Sliced(Box::new(search), mover));
        }
    }
}

fn drive(
    mut requests: MessageReader<AnalysisRequest>,
    the_match: Res<Match>,
    tutorial: Res<Tutorial>,
    screen: Res<State<Screen>>,
    mut state: ResMut<Analysis>,
    mut redraw: MessageWriter<RequestRedraw>,
    waker: Res<WindowWaker>,
) {
    if let Some(AnalysisRequest(on)) = requests.read().last() {
        state.on = *on;
    }
    // The wish stays while a game forbids it (analysis opened with a new
    // game against the computer comes back when that game is over); only a
    // board in view is analysed.
    let active = state.open(&the_match, &tutorial) && *screen.get() == Screen::Playing;
    if !active {
        if state.for_position.is_some() {
            state.stop();
        }
        return;
    }
    if state.for_position != Some(key_of(&the_match)) {
        state.start(&the_match, waker.0.clone());
    }
    let mut finished = false;
    if let Some(Work::Sliced(search, mover)) = &mut state.working {
        redraw.write(RequestRedraw);
        let progress = search.step(SLICE_NODES);
        let mover = *mover;
        if let Some(info) = search.take_infos().pop()
            && let Ok(mut l) = state.latest.lock()
        {
            *l = Some(Line {
                depth: info.depth,
                score: info.score,
                mover,
                pv: info.pv,
            });
        }
        finished = matches!(progress, Progress::Done(_));
    }
    if finished {
        state.working = None;
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Analysis>()
        .add_message::<AnalysisRequest>()
        // After the match's owner, to analyse the position of this frame.
        .add_systems(Update, drive.in_set(AppSystems::Follow));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_read_for_light_whoever_moves() {
        let line = |score, mover| Line {
            depth: 3,
            score,
            mover,
            pv: vec![],
        };
        assert_eq!(line(120, Side::Dark).light_score(), -120);
        assert!(line(120, Side::Dark).light_chance() < 0.5);
        assert!(line(120, Side::Light).light_chance() > 0.5);
        assert_eq!(line(0, Side::Dark).light_chance(), 0.5);
        assert_eq!(
            line(MATE - 3, Side::Dark).forced_win(),
            Some((Side::Dark, 3))
        );
        assert_eq!(
            line(-(MATE - 4), Side::Dark).forced_win(),
            Some((Side::Light, 4))
        );
        assert_eq!(line(500, Side::Light).forced_win(), None);
    }
}
