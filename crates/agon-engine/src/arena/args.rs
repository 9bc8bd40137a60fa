//! The arena's command line, read into a configuration: every number is
//! checked against its range here, so the match never meets one it cannot
//! hold (a table too large to allocate, a thread or game count that
//! exhausts memory, openings too long to survive random play).

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

use agon_ai::MAX_TT_MIB;
use agon_rules::Quoted;

use super::sprt::{SprtConfig, SprtError};
use super::{ArenaConfig, ArenaError, BALANCED, PlayerSpec, PlayerSpecError, parse_book};
use crate::number::{DecimalError, NumberError, read_count, read_decimal, read_number};

pub const USAGE: &str = "usage: agon-arena --a PLAYER --b PLAYER [--games N] [--threads N]
                  [--plies CAP] [--opening PLIES] [--seed S] [--tt MIB] [--quiet]
                  [--records DIR] [--book FILE]
                  [--sprt ELO0,ELO1 [--alpha A] [--beta B] [--at-least N]]
PLAYER: a level (beginner, easy, medium, hard, master), optionally with a time
        per action in ms (master:200); nodes:N (full strength, N nodes an action);
        uct:MS (the UCT baseline, MS ms an action); random (a uniformly random
        legal action); greedy (any capture, else random); a search player may
        add tweaks for tuning: nodes:20000+exposed=40+quiescence=0, and the
        limits depth, nodes and threads: medium+depth=4, master+nodes=50000,
        master:200+threads=2, and from a ply on more nodes an action:
        master+nodes=1000000+late=100+late_nodes=4000000; PLAYER@PATH has the
        engine at PATH play a level or nodes:N through the protocol:
        master:200@/root/agon-baseline/agon-engine
        In process, a nodes= tweak replaces a level's time (master+nodes=N is N
        nodes an action however busy the machine); through @PATH the protocol
        stops at the first limit reached, so the level's time still bounds it.
Games that reach the ply cap (default 400) are adjudicated draws and reported.
--games 1 to 1000000 (default 100; the most an SPRT plays, default 20000);
--threads games played at once, 1 to 256 (default: the cores);
--plies 1 to 1000000, not below the openings; --opening 0 to 200 random plies
        (default 4);
--tt the table of each player in MiB, 1 to 4096 (default 64, as agon-engine).
--records DIR saves every game as a JSON game record in DIR.
--book FILE plays the openings of FILE in turn instead of random ones: one a
        line, actions in text separated by spaces, `#` starts a comment line.
--sprt ELO0,ELO1 runs a sequential probability ratio test of A against B
        (Elo from -1000 to 1000, ELO0 < ELO1) over game pairs of the built-in
        balanced book (or --book), and stops once it decides; --alpha and
        --beta are its error rates, above 0 and below 0.5 (default 0.05);
--at-least N has the test go on after it decides until N games are played
        (at most --games), for a score over a fixed number of games too.";

/// The most games a match plays.
pub const MAX_GAMES: usize = 1_000_000;
/// The most games an SPRT plays unless told otherwise: enough to decide
/// between bounds 3 Elo apart most of the time.
pub const DEFAULT_SPRT_GAMES: usize = 20_000;
/// The most threads: each holds two players, each with a table.
pub const MAX_THREADS: usize = 256;
/// The highest ply cap.
pub const MAX_PLY_CAP: usize = 1_000_000;
/// The longest random opening. Openings are drawn until enough survive
/// random play, and fewer do the longer they are (1661 of 2000 at 200
/// plies): far longer ones could keep the arena drawing for ever.
pub const MAX_OPENING_PLIES: usize = 200;

/// What the command line asks for.
#[derive(Clone, Debug)]
pub struct ArenaArgs {
    pub config: ArenaConfig,
    pub quiet: bool,
    /// Where to save each game as a record.
    pub records: Option<PathBuf>,
}

/// Why the command line cannot be followed.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgsError {
    /// `--help` or `-h`: not an error, but no match either.
    Help,
    UnknownOption(String),
    /// An option given without its value.
    MissingValue(String),
    /// `--a` or `--b` not given.
    MissingPlayer(&'static str),
    Number(NumberError),
    Player {
        flag: &'static str,
        error: PlayerSpecError,
    },
    /// The book cannot be read, or holds a bad line.
    Book {
        path: PathBuf,
        error: String,
    },
    /// An argument that is not UTF-8 where text is needed (any but a file
    /// name), with the bad bytes shown as U+FFFD; `flag` is the option it
    /// is the value of, `None` when it stands where an option should.
    NotUnicode {
        flag: Option<String>,
        text: String,
    },
    /// Options that do not go together (a ply cap below the openings).
    Config(ArenaError),
    /// `--sprt` not in the form `ELO0,ELO1`.
    SprtForm(String),
    /// A decimal number out of its range or not a number at all.
    Decimal(DecimalError),
    /// The SPRT's numbers make no test (`elo0` not below `elo1`).
    Sprt(SprtError),
    /// `--alpha` or `--beta` without `--sprt`.
    RateWithoutSprt(&'static str),
    /// `--at-least` without `--sprt`: a plain match plays `--games`.
    AtLeastWithoutSprt,
    /// `--at-least` above the games the match may play.
    AtLeastAboveGames {
        at_least: usize,
        games: usize,
    },
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ArgsError::*;
        match self {
            Help => write!(f, "help"),
            UnknownOption(flag) => write!(f, "unknown option {}", Quoted(flag)),
            MissingValue(flag) => write!(f, "{} needs a value", Quoted(flag)),
            MissingPlayer(flag) => write!(f, "{flag} is required"),
            Number(e) => e.fmt(f),
            Player { flag, error } => write!(f, "{flag}: {error}"),
            Book { path, error } => {
                write!(f, "--book {}: {error}", Quoted(&path.to_string_lossy()))
            }
            NotUnicode {
                flag: Some(flag),
                text,
            } => write!(
                f,
                "{flag} needs text in UTF-8, not {} (only file names may be other bytes)",
                Quoted(text)
            ),
            NotUnicode { flag: None, text } => write!(
                f,
                "{} is not an option: an option is text in UTF-8",
                Quoted(text)
            ),
            Config(e) => e.fmt(f),
            SprtForm(text) => write!(
                f,
                "--sprt needs two Elo bounds separated by a comma, as in 0,10, not {}",
                Quoted(text)
            ),
            Decimal(e) => e.fmt(f),
            Sprt(e) => e.fmt(f),
            RateWithoutSprt(flag) => {
                write!(f, "{flag} is an error rate of --sprt, given without it")
            }
            AtLeastWithoutSprt => write!(
                f,
                "--at-least belongs to --sprt, given without it (a match without a test plays --games)"
            ),
            AtLeastAboveGames { at_least, games } => write!(
                f,
                "--at-least {at_least} is more than the {games} games the match may play"
            ),
        }
    }
}

impl std::error::Error for ArgsError {}

impl From<NumberError> for ArgsError {
    fn from(e: NumberError) -> Self {
        ArgsError::Number(e)
    }
}

impl ArenaArgs {
    /// Reads the arguments after the program's name: `std::env::args_os`,
    /// since a file name need not be UTF-8 (`args` panicked on one).
    pub fn parse(
        args: impl IntoIterator<Item = impl Into<OsString>>,
    ) -> Result<ArenaArgs, ArgsError> {
        let mut a = None;
        let mut b = None;
        let mut config = ArenaConfig {
            a: "nodes:1".parse().expect("a valid player"),
            b: "nodes:1".parse().expect("a valid player"),
            games: 100,
            threads: std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(MAX_THREADS),
            ply_cap: 400,
            opening_plies: 4,
            seed: 1,
            tt_mib: agon_ai::DESKTOP_TT_MIB,
            book: None,
            sprt: None,
            at_least: 0,
        };
        let mut games = None;
        let mut at_least = None;
        let mut sprt: Option<(f64, f64)> = None;
        let (mut alpha, mut beta) = (None, None);
        let mut quiet = false;
        let mut records = None;
        let text = |arg: OsString, flag: Option<&str>| {
            arg.into_string().map_err(|bad| ArgsError::NotUnicode {
                flag: flag.map(String::from),
                text: bad.to_string_lossy().into_owned(),
            })
        };
        let mut it = args.into_iter().map(Into::into);
        while let Some(flag) = it.next() {
            let flag = text(flag, None)?;
            match flag.as_str() {
                "--quiet" => {
                    quiet = true;
                    continue;
                }
                "--help" | "-h" => return Err(ArgsError::Help),
                _ => {}
            }
            let Some(value) = it.next() else {
                return Err(ArgsError::MissingValue(flag));
            };
            // File names as they are; everything else must be text.
            if matches!(flag.as_str(), "--records" | "--book") {
                let path = PathBuf::from(value);
                if flag == "--records" {
                    records = Some(path);
                } else {
                    let book = std::fs::read_to_string(&path)
                        .map_err(|e| e.to_string())
                        .and_then(|text| parse_book(&text));
                    config.book = Some(book.map_err(|error| ArgsError::Book { path, error })?);
                }
                continue;
            }
            let value = text(value, Some(&flag))?;
            let player = |flag| {
                value
                    .parse::<PlayerSpec>()
                    .map_err(|error| ArgsError::Player { flag, error })
            };
            match flag.as_str() {
                "--a" => a = Some(player("--a")?),
                "--b" => b = Some(player("--b")?),
                "--games" => games = Some(read_count("--games", &value, 1, MAX_GAMES)?),
                "--at-least" => {
                    at_least = Some(read_count("--at-least", &value, 1, MAX_GAMES)?);
                }
                "--sprt" => {
                    let (e0, e1) = value
                        .split_once(',')
                        .ok_or_else(|| ArgsError::SprtForm(value.clone()))?;
                    let max = SprtConfig::MAX_ELO;
                    let elo =
                        |what, t| read_decimal(what, t, -max, max).map_err(ArgsError::Decimal);
                    sprt = Some((elo("--sprt elo0", e0)?, elo("--sprt elo1", e1)?));
                }
                "--alpha" => {
                    alpha = Some(
                        read_decimal("--alpha", &value, 0.0, 1.0).map_err(ArgsError::Decimal)?,
                    );
                }
                "--beta" => {
                    beta =
                        Some(read_decimal("--beta", &value, 0.0, 1.0).map_err(ArgsError::Decimal)?);
                }
                "--threads" => config.threads = read_count("--threads", &value, 1, MAX_THREADS)?,
                "--plies" => config.ply_cap = read_count("--plies", &value, 1, MAX_PLY_CAP)?,
                "--opening" => {
                    config.opening_plies = read_count("--opening", &value, 0, MAX_OPENING_PLIES)?;
                }
                "--seed" => config.seed = read_number("--seed", &value, 0, u64::MAX)?,
                "--tt" => config.tt_mib = read_count("--tt (MiB)", &value, 1, MAX_TT_MIB)?,
                _ => return Err(ArgsError::UnknownOption(flag)),
            }
        }
        match sprt {
            Some((elo0, elo1)) => {
                let test = SprtConfig {
                    elo0,
                    elo1,
                    alpha: alpha.unwrap_or(0.05),
                    beta: beta.unwrap_or(0.05),
                };
                config.sprt = Some(test.checked().map_err(ArgsError::Sprt)?);
                config.games = games.unwrap_or(DEFAULT_SPRT_GAMES);
                if let Some(n) = at_least {
                    if n > config.games {
                        return Err(ArgsError::AtLeastAboveGames {
                            at_least: n,
                            games: config.games,
                        });
                    }
                    config.at_least = n;
                }
                if config.book.is_none() {
                    config.book = Some(parse_book(BALANCED).expect("the built-in book reads"));
                }
            }
            None => {
                if alpha.is_some() {
                    return Err(ArgsError::RateWithoutSprt("--alpha"));
                }
                if beta.is_some() {
                    return Err(ArgsError::RateWithoutSprt("--beta"));
                }
                if at_least.is_some() {
                    return Err(ArgsError::AtLeastWithoutSprt);
                }
                config.games = games.unwrap_or(100);
            }
        }
        config.a = a.ok_or(ArgsError::MissingPlayer("--a"))?;
        config.b = b.ok_or(ArgsError::MissingPlayer("--b"))?;
        config.check().map_err(ArgsError::Config)?;
        Ok(ArenaArgs {
            config,
            quiet,
            records,
        })
    }
}
