//! A computer review of a game: for every action, the best score before it
//! and the score of the action played, both from the mover's side, turned
//! into a winning chance; an action that loses enough of it is marked an
//! inaccuracy, a mistake or a blunder, with the better action shown.
//!
//! Every position of the game is searched once, to a fixed depth, sharing
//! one transposition table: the action played scores what the next
//! position scores for the other side. [`Reviewer::step`] does a slice of
//! the work at a time, so a frame (or a web page) never waits on it.

use agon_rules::{Action, Game, Side};

use crate::{Limits, MATE, MATE_BOUND, Progress, Search, Style};

/// The depth every position is searched to: Hard's, so a review judges at
/// least as well as any level below Master.
pub const REVIEW_DEPTH: u32 = 5;

/// The score that makes a winning chance of about 73%: a capture's worth.
const SCALE: f32 = 200.0;

/// The chance of winning a score gives its side, from 0 to 1.
pub fn win_chance(score: i32) -> f32 {
    if score >= MATE_BOUND {
        1.0
    } else if score <= -MATE_BOUND {
        0.0
    } else {
        1.0 / (1.0 + (-(score as f32) / SCALE).exp())
    }
}

/// How bad an action was, by the winning chance it gave away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// A tenth of the chance lost, or more.
    Inaccuracy,
    /// A fifth, or more.
    Mistake,
    /// Three tenths, or more: a won game thrown away, a throne win allowed.
    Blunder,
}

impl Mark {
    pub const ALL: [Mark; 3] = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    pub fn of_loss(loss: f32) -> Option<Mark> {
        if loss >= 0.3 {
            Some(Mark::Blunder)
        } else if loss >= 0.2 {
            Some(Mark::Mistake)
        } else if loss >= 0.1 {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The sign chess players write after such an action.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// One action of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionReview {
    pub mover: Side,
    pub played: Action,
    /// The action the search preferred.
    pub best: Option<Action>,
    /// The best score before the action, for the mover.
    pub best_score: i32,
    /// The score after the action played, for the mover.
    pub played_score: i32,
    /// The winning chance the action gave away (0 when it was as good).
    pub loss: f32,
    pub mark: Option<Mark>,
}

/// The whole game, judged.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Review {
    pub actions: Vec<ActionReview>,
}

/// One side's review in numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    pub actions: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The average winning chance lost per action, from 0 to 1.
    pub average_loss: f32,
}

impl Review {
    pub fn summary(&self, side: Side) -> Summary {
        let mine: Vec<&ActionReview> = self.actions.iter().filter(|a| a.mover == side).collect();
        let count = |m: Mark| mine.iter().filter(|a| a.mark == Some(m)).count();
        Summary {
            actions: mine.len(),
            inaccuracies: count(Mark::Inaccuracy),
            mistakes: count(Mark::Mistake),
            blunders: count(Mark::Blunder),
            average_loss: if mine.is_empty() {
                0.0
            } else {
                mine.iter().map(|a| a.loss).sum::<f32>() / mine.len() as f32
            },
        }
    }

    /// Light's winning chance after each action (and at the start), for the
    /// graph of the game.
    pub fn light_chances(&self) -> Vec<f32> {
        let mut out = Vec::with_capacity(self.actions.len() + 1);
        if let Some(first) = self.actions.first() {
            out.push(for_light(first.mover, win_chance(first.best_score)));
        }
        for a in &self.actions {
            out.push(for_light(a.mover, win_chance(a.played_score)));
        }
        out
    }
}

fn for_light(side: Side, chance: f32) -> f32 {
    match side {
        Side::Light => chance,
        Side::Dark => 1.0 - chance,
    }
}

/// A review in progress: each position of the game searched in turn.
pub struct Reviewer {
    game: Game,
    hashes: Vec<u64>,
    search: Search,
    depth: u32,
    /// The best score and action of each position searched so far, for the
    /// side to move there.
    scores: Vec<(i32, Option<Action>)>,
    searching: bool,
}

impl Reviewer {
    /// A review of `game` to `depth`, with a table of `tt_mib` MiB.
    pub fn new(game: &Game, depth: u32, tt_mib: usize) -> Reviewer {
        let hashes = (0..=game.history().len())
            .map(|i| game.position_at(i).expect("a position").hash())
            .collect();
        let mut search = Search::new(tt_mib);
        search.set_style(Style::default());
        Reviewer {
            game: game.clone(),
            hashes,
            search,
            depth,
            scores: Vec::new(),
            searching: false,
        }
    }

    /// Positions judged, of all there are.
    pub fn progress(&self) -> (usize, usize) {
        (self.scores.len(), self.hashes.len())
    }

    /// Does up to about `budget` nodes of search; the review once done.
    pub fn step(&mut self, budget: u64) -> Option<Review> {
        let total = self.hashes.len();
        let mut spent = 0u64;
        while self.scores.len() < total {
            let i = self.scores.len();
            if i + 1 == total && self.game.is_over() {
                self.scores.push((self.final_score(), None));
                continue;
            }
            if !self.searching {
                let root = *self.game.position_at(i).expect("a position");
                let limits = Limits {
                    depth: Some(self.depth),
                    ..Limits::default()
                };
                self.search
                    .start_with_history(root, &self.hashes[..=i], limits);
                self.searching = true;
            }
            let before = self.search.nodes();
            let progress = self.search.step(budget.saturating_sub(spent).max(1));
            spent += self.search.nodes().saturating_sub(before);
            match progress {
                Progress::Done(r) => {
                    self.scores.push((r.score, r.best));
                    self.searching = false;
                }
                Progress::Running => return None,
            }
            if spent >= budget {
                return None;
            }
        }
        Some(self.finish())
    }

    /// The whole review on this thread.
    pub fn run(mut self) -> Review {
        loop {
            if let Some(r) = self.step(1 << 20) {
                return r;
            }
        }
    }

    /// The last position of a finished game, for its side to move.
    fn final_score(&self) -> i32 {
        let to_move = self.game.position().to_move();
        match self.game.outcome().and_then(|o| o.winner()) {
            Some(w) if w == to_move => MATE,
            Some(_) => -MATE,
            None => 0,
        }
    }

    fn finish(&self) -> Review {
        let actions = self
            .game
            .history()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let (best_score, best) = self.scores[i];
                // The next position's score is the other side's.
                let mut played_score = -self.scores[i + 1].0;
                if best == Some(p.action) {
                    played_score = best_score;
                }
                let loss = (win_chance(best_score) - win_chance(played_score)).max(0.0);
                ActionReview {
                    mover: p.piece.side,
                    played: p.action,
                    best,
                    best_score,
                    played_score,
                    loss,
                    mark: mark(best_score, played_score, loss),
                }
            })
            .collect();
        Review { actions }
    }
}

/// The mark of an action: by the winning chance lost, and whatever that
/// says, a blunder when it turns a game that was not lost into a forced
/// loss (a throne win allowed), a mistake when it lets a forced win go.
fn mark(best_score: i32, played_score: i32, loss: f32) -> Option<Mark> {
    let forced_loss = |s: i32| s <= -MATE_BOUND;
    let forced_win = |s: i32| s >= MATE_BOUND;
    let by_result = if forced_loss(played_score) && !forced_loss(best_score) {
        Some(Mark::Blunder)
    } else if forced_win(best_score) && !forced_win(played_score) {
        Some(Mark::Mistake)
    } else {
        None
    };
    by_result.max(Mark::of_loss(loss))
}

/// Reviews `game` on this thread.
pub fn review(game: &Game, depth: u32) -> Review {
    Reviewer::new(game, depth, 16).run()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_run_from_losing_to_winning() {
        assert_eq!(win_chance(MATE), 1.0);
        assert_eq!(win_chance(-MATE), 0.0);
        assert_eq!(win_chance(0), 0.5);
        assert!(win_chance(200) > 0.7 && win_chance(200) < 0.75);
        assert!(win_chance(-80) < 0.5);
        assert_eq!(Mark::of_loss(0.05), None);
        assert_eq!(Mark::of_loss(0.1), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of_loss(0.25), Some(Mark::Mistake));
        assert_eq!(Mark::of_loss(1.0), Some(Mark::Blunder));
        // A lost game made certain is a blunder, however lost it was.
        assert_eq!(mark(-800, -MATE + 1, 0.01), Some(Mark::Blunder));
        assert_eq!(mark(-MATE + 3, -MATE + 1, 0.0), None);
        // A forced win let go is a mistake at least.
        assert_eq!(mark(MATE - 3, 900, 0.01), Some(Mark::Mistake));
        assert_eq!(mark(MATE - 3, -900, 0.99), Some(Mark::Blunder));
        assert_eq!(mark(100, 90, 0.01), None);
    }
}
