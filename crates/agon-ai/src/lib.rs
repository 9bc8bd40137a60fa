//! The computer opponent for Agon: a principal-variation search over the
//! rules crate, an evaluation made for Agon, levels for players, and the UCT
//! baseline it is measured against.
//!
//! ```
//! use agon_ai::{Level, Search, Limits};
//! use agon_rules::Game;
//!
//! let game = Game::new();
//! let mut search = Search::new(1);
//! search.set_style(Level::Hard.style(0));
//! search.start(&game, Limits { depth: Some(3), ..Limits::default() });
//! let result = loop {
//!     if let agon_ai::Progress::Done(r) = search.step(10_000) { break r; }
//! };
//! assert!(game.position().is_legal(result.best.unwrap()));
//! ```

pub mod eval;
mod levels;
pub mod review;
mod search;
mod style;
mod tt;
pub mod uct;

pub use eval::{Weights, evaluate};
pub use levels::{Level, side_seed};
pub use search::{
    Info, Limits, MATE, MATE_BOUND, MAX_PLY, MAX_THREADS, Progress, Search, SearchResult,
    describe_score,
};
pub use style::{Style, TweakError};
pub use tt::{Bound, MAX_TT_MIB, Tt, TtError};
pub use uct::Uct;

use agon_rules::{Action, Game};
use web_time::Duration;

/// Default transposition table size on the desktop, in MiB.
pub const DESKTOP_TT_MIB: usize = 64;
/// Default transposition table size on the web, in MiB.
pub const WEB_TT_MIB: usize = 16;

/// Searches `game` to the end on this thread with `level`'s settings.
pub fn think(search: &mut Search, game: &Game, level: Level, seed: u64) -> SearchResult {
    search.set_style(level.style(seed));
    search.start(game, level.limits());
    let never = std::sync::atomic::AtomicBool::new(false);
    search.run(&never, |_| {})
}

/// The hint for the side to move: the best action at full strength within
/// `time`.
pub fn hint(search: &mut Search, game: &Game, time: Duration) -> Option<Action> {
    search.set_style(Style::default());
    search.start(
        game,
        Limits {
            time: Some(time),
            ..Limits::default()
        },
    );
    let never = std::sync::atomic::AtomicBool::new(false);
    search.run(&never, |_| {}).best
}
