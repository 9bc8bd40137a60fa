//! The arena: plays two players against each other over many games (in
//! process, or an engine of its own through the protocol), sums up who is
//! stronger, and runs the SPRT that decides whether a change is one.

pub mod args;
mod book;
pub mod external;
mod player;
pub mod pool;
mod spec;
pub mod sprt;
mod summary;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use agon_ai::{TtError, side_seed};
use agon_rules::{Action, Game, Outcome, Side, WinReason};

pub use book::{BALANCED, openings, parse_book};
pub use external::EngineError;
pub use player::{Player, PlayerError, trivial_mover};
pub use spec::{LATE_TWEAKS, LIMIT_TWEAKS, PlayerKind, PlayerSpec, PlayerSpecError};
use sprt::{Pentanomial, SprtConfig, Verdict};
pub use summary::{ColourScore, Summary, Tail, summarize, wilson};

/// How one game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ending {
    Throne,
    Forfeit,
    NoMoves,
    Repetition,
    /// Stopped at the ply cap and adjudicated a draw.
    PlyCap,
}

impl Ending {
    pub fn name(self) -> &'static str {
        match self {
            Ending::Throne => "throne",
            Ending::Forfeit => "forfeit",
            Ending::NoMoves => "no-moves",
            Ending::Repetition => "repetition",
            Ending::PlyCap => "ply-cap (adjudicated draw)",
        }
    }
}

#[derive(Clone, Debug)]
pub struct GameReport {
    pub index: usize,
    /// Whether player A had Light.
    pub a_light: bool,
    pub opening: Vec<Action>,
    pub winner: Option<Side>,
    pub ending: Ending,
    pub plies: usize,
    /// The game, for saving as a record.
    pub game: Game,
}

impl GameReport {
    /// The game as a record, with the players named by their specs.
    pub fn record(&self, a: &PlayerSpec, b: &PlayerSpec) -> agon_rules::Record {
        let (light, dark) = if self.a_light { (a, b) } else { (b, a) };
        let players = agon_rules::Players {
            light: agon_rules::Player::computer(light.to_string()),
            dark: agon_rules::Player::computer(dark.to_string()),
        };
        let ending = (self.ending == Ending::PlyCap).then_some(agon_rules::Ending::Adjudication);
        agon_rules::Record::from_game(&self.game, players, ending)
    }

    /// A's score: 1 a win, 0.5 a draw, 0 a loss.
    pub fn a_score(&self) -> f64 {
        a_score(self.a_light, self.winner)
    }
}

/// A's score in a game it played with Light or not: 1 a win, 0.5 a draw,
/// 0 a loss (the arena's reports and the pool of its records alike).
fn a_score(a_light: bool, winner: Option<Side>) -> f64 {
    let a_side = if a_light { Side::Light } else { Side::Dark };
    match winner {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub a: PlayerSpec,
    pub b: PlayerSpec,
    pub games: usize,
    pub threads: usize,
    pub ply_cap: usize,
    /// Random plies played before the players take over, for variety.
    pub opening_plies: usize,
    pub seed: u64,
    pub tt_mib: usize,
    /// Openings to play instead of random ones, each twice (colours
    /// swapped), taken in turn: for replaying chosen positions many times.
    pub book: Option<Vec<Vec<Action>>>,
    /// The test that stops the match once it decides; `games` is then the
    /// most it plays.
    pub sprt: Option<SprtConfig>,
    /// Games the match plays even once the test has decided (0: it stops
    /// then), so that a result can be read over a fixed number of games.
    pub at_least: usize,
}

/// Why a match cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArenaError {
    /// The ply cap is below the openings' length: every game would pass it
    /// before either player acted.
    PlyCapBelowOpening {
        ply_cap: usize,
        /// The longest opening's plies.
        opening: usize,
        /// Whether the openings are a book's (else random ones).
        book: bool,
    },
    /// A player's table cannot be made: each of `threads` threads holds two.
    Table { threads: usize, error: TtError },
    /// An engine of its own failed: it did not start, hung, exited, or
    /// played an action that is not legal.
    Engine(EngineError),
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::PlyCapBelowOpening {
                ply_cap,
                opening,
                book,
            } => {
                let which = if *book {
                    "the book's longest opening has"
                } else {
                    "the random openings (--opening) have"
                };
                write!(
                    f,
                    "the ply cap (--plies {ply_cap}) is below the openings: {which} \
                     {opening} plies, and a game cannot stop before its opening ends"
                )
            }
            ArenaError::Table { threads: 1, error } => {
                write!(f, "{error}, one for each player: try a smaller --tt")
            }
            ArenaError::Table { threads, error } => write!(
                f,
                "{error}, one for each player on each of {threads} threads: \
                 try a smaller --tt or fewer --threads"
            ),
            ArenaError::Engine(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ArenaError {}

impl ArenaConfig {
    /// Whether the match can be played as configured, short of memory.
    pub fn check(&self) -> Result<(), ArenaError> {
        let (opening, book) = match &self.book {
            Some(book) => (book.iter().map(Vec::len).max().unwrap_or(0), true),
            None => (self.opening_plies, false),
        };
        if self.ply_cap < opening {
            return Err(ArenaError::PlyCapBelowOpening {
                ply_cap: self.ply_cap,
                opening,
                book,
            });
        }
        Ok(())
    }
}

/// Plays one game between two players from an opening; only an engine of
/// its own can fail.
///
/// # Panics
///
/// When the opening is longer than `ply_cap` ([`ArenaConfig::check`]
/// refuses such a match): the game would pass the cap unseen.
pub fn play_game(
    light: &mut Player,
    dark: &mut Player,
    opening: &[Action],
    ply_cap: usize,
    seed: u64,
) -> Result<(Option<Side>, Ending, Game), EngineError> {
    assert!(
        opening.len() <= ply_cap,
        "an opening of {} plies passes the ply cap of {ply_cap}",
        opening.len()
    );
    light.new_game()?;
    dark.new_game()?;
    let mut game = Game::new();
    for &a in opening {
        game.play(a).expect("openings are legal");
    }
    while !game.is_over() && game.history().len() < ply_cap {
        let mover = game.position().to_move();
        let player = if mover == Side::Light {
            &mut *light
        } else {
            &mut *dark
        };
        let a = player
            .act(&game, side_seed(seed, mover))?
            .expect("a game in progress has an action");
        game.play(a)
            .unwrap_or_else(|e| panic!("{} played an illegal action {a}: {e}", player.spec()));
    }
    Ok(match game.outcome() {
        None => (None, Ending::PlyCap, game),
        Some(Outcome::DrawByRepetition) => (None, Ending::Repetition, game),
        Some(Outcome::Win { winner, reason }) => {
            let ending = match reason {
                WinReason::Throne => Ending::Throne,
                WinReason::Forfeit => Ending::Forfeit,
                WinReason::NoMoves => Ending::NoMoves,
            };
            (Some(winner), ending, game)
        }
    })
}

/// What a match played, and what its test decided.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// Every game played, by index: whole pairs only, once a test decides.
    pub reports: Vec<GameReport>,
    /// The test's decision, when it reached one before the last game.
    pub decision: Option<Decision>,
}

/// The moment an SPRT decided.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Decision {
    pub verdict: Verdict,
    /// The pairs it had seen, and its ratio then.
    pub pairs: Pentanomial,
    pub llr: f64,
}

/// Where a match stands after a game: the pairs complete so far.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    pub pairs: Pentanomial,
    /// Games finished so far.
    pub games: usize,
}

/// Game pairs (an opening with each colour) counted by A's score: the
/// games `2k` and `2k + 1` of `reports` where both are there.
pub fn pentanomial(reports: &[GameReport]) -> Pentanomial {
    pair_scores(reports.iter().map(|r| (r.index, r.a_score()))).0
}

/// A's scores by game index (from 0) paired as the arena plays them,
/// games `2k` and `2k + 1` one opening with each colour: the pairs
/// counted by their score, and how many games lack their partner. The
/// match's own count and the pool of its records (`pool::pool_games`)
/// both pair through here.
pub fn pair_scores(scores: impl IntoIterator<Item = (usize, f64)>) -> (Pentanomial, usize) {
    // Keyed, not a dense list: a record's number comes from its file
    // name, and `game-4294967295.json` must not allocate four billion slots.
    let by_index: BTreeMap<usize, f64> = scores.into_iter().collect();
    let mut p = Pentanomial::default();
    let mut unpaired = 0;
    for (&index, &score) in &by_index {
        match by_index.get(&(index ^ 1)) {
            Some(&other) if index % 2 == 0 => p.add(score, other),
            Some(_) => {}
            None => unpaired += 1,
        }
    }
    (p, unpaired)
}

/// Runs a match; `on_game` hears of each game as it ends. Refuses a ply
/// cap below the openings, and reports tables the system will not give
/// before any game starts.
pub fn run(
    config: &ArenaConfig,
    on_game: impl Fn(&GameReport) + Sync,
) -> Result<Vec<GameReport>, ArenaError> {
    run_match(config, |g, _| on_game(g)).map(|m| m.reports)
}

/// Runs a match, each thread playing whole pairs (an opening with A as
/// Light, then as Dark), and stops handing out pairs once the SPRT, if
/// any, decides; the pairs under way are finished. `on_game` hears of
/// each game as it ends, one at a time, with the standing after it.
pub fn run_match(
    config: &ArenaConfig,
    on_game: impl Fn(&GameReport, &Standing) + Sync,
) -> Result<MatchResult, ArenaError> {
    config.check()?;
    let pairs = config.games.div_ceil(2);
    let lines = match &config.book {
        Some(book) => (0..pairs).map(|i| book[i % book.len()].clone()).collect(),
        None => openings(pairs, config.opening_plies, config.seed),
    };
    // Every player is made here, on this thread, so that a table the
    // system will not give, or an engine that does not start, is an
    // error, not a panic on a worker thread.
    let threads = config.threads.max(1);
    let mut players = Vec::with_capacity(threads);
    for t in 0..threads {
        let seed = config.seed.wrapping_add(t as u64 * 7919);
        let player = |spec: &PlayerSpec, seed| {
            Player::try_new(spec.clone(), seed, config.tt_mib).map_err(|e| match e {
                PlayerError::Table(error) => ArenaError::Table { threads, error },
                PlayerError::Engine(e) => ArenaError::Engine(e),
            })
        };
        players.push((player(&config.a, seed)?, player(&config.b, seed ^ 1)?));
    }
    struct State {
        reports: Vec<GameReport>,
        /// The first game of each pair under way, until its second ends.
        halves: Vec<Option<f64>>,
        standing: Standing,
        decision: Option<Decision>,
        failure: Option<EngineError>,
    }
    let state = Mutex::new(State {
        reports: Vec::new(),
        halves: vec![None; pairs],
        standing: Standing::default(),
        decision: None,
        failure: None,
    });
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for (mut a, mut b) in players {
            let (next, stop, state, lines, on_game) = (&next, &stop, &state, &lines, &on_game);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let pair = next.fetch_add(1, Ordering::Relaxed);
                    for i in [2 * pair, 2 * pair + 1] {
                        if i >= config.games {
                            return;
                        }
                        let opening = &lines[pair];
                        let a_light = i % 2 == 0;
                        let game_seed = config.seed ^ (i as u64).wrapping_mul(0x9E37);
                        let played = if a_light {
                            play_game(&mut a, &mut b, opening, config.ply_cap, game_seed)
                        } else {
                            play_game(&mut b, &mut a, opening, config.ply_cap, game_seed)
                        };
                        let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
                        let (winner, ending, game) = match played {
                            Ok(played) => played,
                            Err(e) => {
                                s.failure.get_or_insert(e);
                                stop.store(true, Ordering::Relaxed);
                                return;
                            }
                        };
                        let report = GameReport {
                            index: i,
                            a_light,
                            opening: opening.clone(),
                            winner,
                            ending,
                            plies: game.history().len(),
                            game,
                        };
                        s.standing.games += 1;
                        match s.halves[pair].take() {
                            None => s.halves[pair] = Some(report.a_score()),
                            Some(first) => s.standing.pairs.add(first, report.a_score()),
                        }
                        if let Some(test) = &config.sprt {
                            if s.decision.is_none() {
                                let verdict = test.verdict(&s.standing.pairs);
                                if verdict != Verdict::Continue {
                                    s.decision = Some(Decision {
                                        verdict,
                                        pairs: s.standing.pairs,
                                        llr: s.standing.pairs.llr(test.elo0, test.elo1),
                                    });
                                }
                            }
                            // Pairs are handed out whole, so stopping once
                            // the games handed out reach `at_least` ends on
                            // a whole pair.
                            if s.decision.is_some()
                                && 2 * next.load(Ordering::Relaxed) >= config.at_least
                            {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                        on_game(&report, &s.standing);
                        s.reports.push(report);
                    }
                }
            });
        }
    });
    let s = state.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = s.failure {
        return Err(ArenaError::Engine(e));
    }
    let mut reports = s.reports;
    reports.sort_by_key(|g| g.index);
    Ok(MatchResult {
        reports,
        decision: s.decision,
    })
}
