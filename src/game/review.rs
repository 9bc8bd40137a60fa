//! The computer's review of a finished game (`agon_ai::review`), worked out
//! off the frame: a task on the desktop, slices of a few milliseconds a
//! frame on the web. The interface asks for it ([`ReviewRequest`]) and
//! reads it; it belongs to one game and is dropped when the game changes.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use agon_ai::review::{REVIEW_DEPTH, Review, Reviewer};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

#[cfg(not(target_arch = "wasm32"))]
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use crate::frames::{AppSystems, Waker, WindowWaker};
use crate::game::the_match::Match;

/// Asks for a review of the game on the board.
#[derive(Message, Clone, Copy, Debug)]
pub struct ReviewRequest;

/// Which game a review is of: its length and its last position.
fn game_key(the_match: &Match) -> (usize, u64) {
    (the_match.game.history().len(), the_match.position().hash())
}

/// The review of the game, as far as it has come.
#[derive(Resource, Default)]
pub struct GameReview {
    for_game: Option<(usize, u64)>,
    /// Positions judged so far, of all.
    done: Arc<AtomicUsize>,
    total: usize,
    working: Option<Work>,
    pub review: Option<Review>,
}

enum Work {
    #[cfg(not(target_arch = "wasm32"))]
    Task(Task<Review>),
    /// The web: a few thousand nodes each frame.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    Sliced(Box<Reviewer>),
}

impl GameReview {
    /// The review, if it is of this game and done.
    pub fn of(&self, the_match: &Match) -> Option<&Review> {
        (self.for_game == Some(game_key(the_match)))
            .then_some(self.review.as_ref())
            .flatten()
    }

    /// How far the review of this game is, from 0 to 1, while it runs.
    pub fn progress(&self, the_match: &Match) -> Option<f32> {
        (self.working.is_some() && self.for_game == Some(game_key(the_match)))
            .then(|| self.done.load(Ordering::Relaxed) as f32 / self.total.max(1) as f32)
    }

    /// Starts the review; `waker` wakes a sleeping window when it is done.
    #[cfg_attr(target_arch = "wasm32", allow(unused_variables))]
    fn start(&mut self, the_match: &Match, waker: Option<Waker>) {
        let reviewer = Reviewer::new(&the_match.game, REVIEW_DEPTH, 16);
        self.total = reviewer.progress().1;
        self.done = Arc::new(AtomicUsize::new(0));
        self.for_game = Some(game_key(the_match));
        self.review = None;
        #[cfg(not(target_arch = "wasm32"))]
        {
            let done = self.done.clone();
            let mut reviewer = reviewer;
            self.working = Some(Work::Task(AsyncComputeTaskPool::get().spawn(async move {
                let review = loop {
                    if let Some(r) = reviewer.step(50_000) {
                        break r;
                    }
                    done.store(reviewer.progress().0, Ordering::Relaxed);
                };
                // The window may be asleep: the review is news.
                if let Some(wake) = waker {
                    wake();
                }
                review
            })));
        }
        #[cfg(target_arch = "wasm32")]
        {
            self.working = Some(Work::Sliced(Box::new(reviewer)));
        }
    }
}

/// Nodes of review search per frame on the web: a few milliseconds.
const SLICE_NODES: u64 = 20_000;

fn drive(
    mut requests: MessageReader<ReviewRequest>,
    the_match: Res<Match>,
    mut state: ResMut<GameReview>,
    mut redraw: MessageWriter<RequestRedraw>,
    waker: Res<WindowWaker>,
) {
    let key = game_key(&the_match);
    if state.for_game.is_some_and(|k| k != key) {
        // Another game, or the same one changed: the review is not of it.
        state.working = None;
        state.review = None;
        state.for_game = None;
    }
    if requests.read().count() > 0 && state.working.is_none() && state.of(&the_match).is_none() {
        state.start(&the_match, waker.0.clone());
    }
    let finished = match &mut state.working {
        None => None,
        #[cfg(not(target_arch = "wasm32"))]
        Some(Work::Task(task)) => {
            // The progress bar moves while the task works.
            redraw.write(RequestRedraw);
            check_ready(task)
        }
        Some(Work::Sliced(reviewer)) => {
            redraw.write(RequestRedraw);
            let r = reviewer.step(SLICE_NODES);
            let done = reviewer.progress().0;
            state.done.store(done, Ordering::Relaxed);
            r
        }
    };
    if let Some(review) = finished {
        state.working = None;
        state.review = Some(review);
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<GameReview>()
        .add_message::<ReviewRequest>()
        .add_systems(Update, drive.in_set(AppSystems::Follow));
}
