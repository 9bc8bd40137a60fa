//! Mining: games the engine plays itself at mixed levels, seeded, then
//! every position tried as a puzzle, the positions after the mistakes and
//! blunders the review finds also for captures.

use agon_ai::review::{Mark, Reviewer};
use agon_ai::{Level, Limits, Search};
use agon_rules::{Game, Side, splitmix64};

use crate::puzzle::Puzzle;
use crate::verify::{Kind, Verifier};

/// The longest self-played game, in actions (the arena's cap).
pub const MAX_PLIES: usize = 400;
/// The review's depth: enough to see a capture thrown away.
pub const REVIEW_DEPTH: u32 = 3;

/// Who plays game `index` of a run seeded `seed`, and how it opens.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    pub light: Level,
    pub dark: Level,
    /// Random actions at the start, so games differ.
    pub opening: usize,
    pub seed: u64,
}

impl GameSpec {
    pub fn new(seed: u64, index: u64) -> GameSpec {
        let s = splitmix64(seed ^ splitmix64(index.wrapping_add(0x5EED)));
        // Weaker levels blunder more, which is where puzzles come from;
        // Hard keeps some games sharp.
        let level = |bits: u64| match bits % 20 {
            0..=5 => Level::Beginner,
            6..=11 => Level::Easy,
            12..=16 => Level::Medium,
            _ => Level::Hard,
        };
        GameSpec {
            light: level(s),
            dark: level(s >> 8),
            opening: 2 + (s >> 16) as usize % 7,
            seed: s,
        }
    }

    fn level(&self, side: Side) -> Level {
        match side {
            Side::Light => self.light,
            Side::Dark => self.dark,
        }
    }
}

/// Plays the game of `spec`: the levels by their depth alone (never the
/// clock), so the same spec always gives the same game.
pub fn play(spec: &GameSpec) -> Game {
    let mut game = Game::new();
    let mut search = Search::new(8);
    let mut rng = spec.seed;
    while !game.is_over() && game.history().len() < MAX_PLIES {
        let ply = game.history().len();
        let action = if ply < spec.opening {
            rng = splitmix64(rng);
            let list = game.legal_actions();
            list[(rng % list.len() as u64) as usize]
        } else {
            let level = game.position().to_move();
            let level = spec.level(level);
            search.set_style(level.style(spec.seed ^ ply as u64));
            let limits = Limits {
                depth: Some(level.limits().depth.unwrap_or(6)),
                ..Limits::default()
            };
            search.start(&game, limits);
            let never = std::sync::atomic::AtomicBool::new(false);
            match search.run(&never, |_| {}).best {
                Some(a) => a,
                None => break,
            }
        };
        if game.play(action).is_err() {
            break;
        }
    }
    game
}

/// A puzzle found in a game, with where.
#[derive(Clone, Debug)]
pub struct Found {
    pub kind: Kind,
    /// The position's index in the game (actions before it).
    pub ply: usize,
    pub puzzle: Puzzle,
}

/// Every puzzle of one game: each position from the end of the opening
/// on is tried for a throne win and a defence, and those right after a
/// mistake or blunder of the review for a queen capture or material too.
pub fn mine(game: &Game, opening: usize, verifier: &mut Verifier) -> Vec<Found> {
    let review = Reviewer::new(game, REVIEW_DEPTH, 16).run();
    let mut found = Vec::new();
    let last = game.history().len();
    for ply in opening..last {
        let p = *game.position_at(ply).expect("a position of the game");
        let tactical = ply > 0
            && review.actions[ply - 1]
                .mark
                .is_some_and(|m| m >= Mark::Mistake);
        if let Some((kind, puzzle)) = verifier.find(&p, tactical) {
            found.push(Found { kind, ply, puzzle });
        }
    }
    found
}
