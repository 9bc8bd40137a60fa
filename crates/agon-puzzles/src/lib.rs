//! Agon puzzles: positions from real games with one best way on.
//!
//! The game's side (no engine, builds for the web):
//! - [`PuzzleSet::parse`] reads the shipped file (`assets/puzzles/puzzles.jsonl`,
//!   format in PUZZLES.md), [`PuzzleSet::daily`], [`PuzzleSet::next_near`] and
//!   [`PuzzleSet::with_theme`] pick one;
//! - [`PuzzleRun`] checks each of the player's actions and plays the replies;
//! - [`PlayerRating`] is the Glicko-2 puzzle rating, [`Streak`] the streak mode.
//!
//! ```
//! use agon_puzzles::{Date, PlayerRating, PuzzleRun, PuzzleSet, Streak, Verdict};
//!
//! // The game embeds the file: include_str!("../assets/puzzles/puzzles.jsonl").
//! let text = concat!(
//!     r#"{"format":"agon-puzzles","version":1,"puzzles":1}"#, "\n",
//!     r#"{"id":"demo","afn":"4g1/6g/8/9/3G1G4/4GQG3q/4GG4/9/8/6g/4g1 l -","#,
//!     r#""solution":["e4-e5"],"themes":["throne","throne-in-1"],"rating":800}"#, "\n",
//! );
//! let set = PuzzleSet::parse(text).unwrap();
//! let today = Date::from_unix_seconds(1_777_593_600).unwrap();
//! let mut run = PuzzleRun::new(set.daily(today).unwrap().clone());
//! // A wrong action is refused with what it allows, and can be retried.
//! assert!(matches!(run.play_text("e4-d4"), Ok(Verdict::Wrong { .. })));
//! assert_eq!(run.play_text("e4-e5"), Ok(Verdict::Solved));
//! // Any mistake or hint makes the attempt a loss for the rating.
//! let rating = PlayerRating::default().after_attempt(run.puzzle().rating, run.is_clean());
//! assert!(rating.rating() < 1500.0);
//! let mut streak = Streak::default();
//! streak.record(run.is_clean());
//! assert_eq!(streak.current, 0);
//! ```
//!
//! The generator's side (feature `generator`, on by default; the game turns
//! it off): [`generate`] mines games the engine plays itself, and [`verify`]
//! keeps a position only where the solution is unique.

mod date;
mod file;
mod prove;
mod puzzle;
mod rating;
mod run;
mod set;
mod streak;
mod tags;
#[cfg(test)]
mod testing;

#[cfg(feature = "generator")]
mod first_rating;
#[cfg(feature = "generator")]
pub mod generate;
#[cfg(feature = "generator")]
mod line;
#[cfg(feature = "generator")]
pub mod verify;

pub use date::{Date, DateError};
pub use file::{
    FORMAT, FileError, MAX_RATING, MAX_SOLUTION, Problem, VERSION, header, puzzle_line, read,
    read_puzzle, write,
};
pub use prove::{Prover, Target, missing};
pub use puzzle::{Goal, MAX_THRONE_IN, Puzzle, Theme, UnknownTheme, puzzle_id};
pub use rating::{PUZZLE_DEVIATION, PlayerRating, RatingError, START_DEVIATION, START_RATING};
pub use run::{Consequence, PuzzleRun, Verdict, consequence};
pub use set::PuzzleSet;
pub use streak::{STREAK_START, STREAK_STEP, Streak, StreakEvent};
pub use tags::themes_of;
