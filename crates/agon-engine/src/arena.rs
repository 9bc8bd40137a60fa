//! The arena: plays two players against each other, in process, over many
//! games, and sums up who is stronger.

pub mod args;

use std::fmt;
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use agon_ai::{Level, Limits, Search, Style, TtError, TweakError, Uct};
use agon_rules::{Action, Game, Outcome, Quoted, Side, WinReason, splitmix64};

use crate::number::{NumberError, read_number};

/// A contestant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSpec {
    pub kind: PlayerKind,
    /// Settings changed from the player's own, for tuning: `name=value`.
    pub tweaks: Vec<(String, i32)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// A level, optionally with its time per action replaced.
    Level { level: Level, ms: Option<u64> },
    /// Full-strength search with a fixed node budget per action (deterministic).
    Nodes(u64),
    /// The UCT baseline with a time per action.
    Uct { ms: u64 },
    /// A uniformly random legal action: the floor of the ladder.
    Random,
    /// Any capture there is (at random among them), else a random action.
    Greedy,
}

/// Why a player's text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpecError {
    /// Neither `uct`, `nodes` nor a level.
    UnknownPlayer(String),
    /// `uct` or `nodes` without its number; the text shows the form.
    MissingNumber(&'static str),
    /// A time or a node count out of range or not a number.
    Number(NumberError),
    /// A `+` part that is not `name=value`.
    NotATweak(String),
    /// A tweak's value is not a whole number that fits.
    TweakValue(String),
    /// A tweak that the search refuses.
    Tweak(TweakError),
    /// The UCT baseline and the trivial movers have no settings.
    UctTweaks,
    /// A `depth=` tweak outside 1 to [`agon_ai::MAX_PLY`].
    Depth(i32),
}

impl fmt::Display for PlayerSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PlayerSpecError::*;
        match self {
            UnknownPlayer(name) => write!(
                f,
                "unknown player {} (beginner, easy, medium, hard, master, nodes:N, uct:MS, random, greedy)",
                Quoted(name)
            ),
            MissingNumber(form) => write!(f, "{form}"),
            Number(e) => e.fmt(f),
            NotATweak(t) => write!(f, "{} is not a tweak (name=value)", Quoted(t)),
            TweakValue(t) => write!(f, "{} needs a whole number as its value", Quoted(t)),
            Tweak(e) => e.fmt(f),
            Depth(d) => write!(
                f,
                "depth={d} is out of range: a depth is from 1 to {}",
                agon_ai::MAX_PLY
            ),
            UctTweaks => write!(
                f,
                "the uct, random and greedy players have no settings to tweak"
            ),
        }
    }
}

impl std::error::Error for PlayerSpecError {}

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;
    /// `master`, `master:200` (200 ms an action), `nodes:50000`, `uct:800`,
    /// `random`, `greedy`; a search player optionally followed by tweaks:
    /// `nodes:20000+exposed=40+quiescence=0`.
    fn from_str(text: &str) -> Result<PlayerSpec, PlayerSpecError> {
        let mut parts = text.split('+');
        let kind: PlayerKind = parts.next().unwrap_or_default().parse()?;
        let mut tweaks = Vec::new();
        for t in parts {
            let (k, v) = t
                .split_once('=')
                .ok_or_else(|| PlayerSpecError::NotATweak(t.to_string()))?;
            let v: i32 = v
                .parse()
                .map_err(|_| PlayerSpecError::TweakValue(t.to_string()))?;
            if k == "depth" {
                // A limit, not a setting of the style: 1 to the deepest search.
                if !(1..=agon_ai::MAX_PLY as i32).contains(&v) {
                    return Err(PlayerSpecError::Depth(v));
                }
            } else {
                agon_ai::Style::default()
                    .tweak(k, v)
                    .map_err(PlayerSpecError::Tweak)?;
            }
            tweaks.push((k.to_string(), v));
        }
        let searches = matches!(kind, PlayerKind::Level { .. } | PlayerKind::Nodes(_));
        if !searches && !tweaks.is_empty() {
            return Err(PlayerSpecError::UctTweaks);
        }
        Ok(PlayerSpec { kind, tweaks })
    }
}

impl FromStr for PlayerKind {
    type Err = PlayerSpecError;
    fn from_str(s: &str) -> Result<PlayerKind, PlayerSpecError> {
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        // A time per action may be any length, if not zero; so may a budget.
        let num = |what, a: Option<&str>| a.map(|t| read_number(what, t, 1, u64::MAX)).transpose();
        let bare = |kind| match arg {
            None => Ok(kind),
            Some(_) => Err(PlayerSpecError::UnknownPlayer(s.to_string())),
        };
        match name {
            "random" => bare(PlayerKind::Random),
            "greedy" => bare(PlayerKind::Greedy),
            "uct" => Ok(PlayerKind::Uct {
                ms: num("uct time (ms)", arg)
                    .map_err(PlayerSpecError::Number)?
                    .ok_or(PlayerSpecError::MissingNumber("uct needs a time: uct:800"))?,
            }),
            "nodes" => Ok(PlayerKind::Nodes(
                num("nodes", arg).map_err(PlayerSpecError::Number)?.ok_or(
                    PlayerSpecError::MissingNumber("nodes needs a count: nodes:50000"),
                )?,
            )),
            _ => Ok(PlayerKind::Level {
                level: name
                    .parse()
                    .map_err(|_| PlayerSpecError::UnknownPlayer(name.to_string()))?,
                ms: num("a level's time (ms)", arg).map_err(PlayerSpecError::Number)?,
            }),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            PlayerKind::Level { level, ms: None } => write!(f, "{level}")?,
            PlayerKind::Level {
                level,
                ms: Some(ms),
            } => write!(f, "{level}:{ms}ms")?,
            PlayerKind::Nodes(n) => write!(f, "nodes:{n}")?,
            PlayerKind::Uct { ms } => write!(f, "uct:{ms}ms")?,
            PlayerKind::Random => write!(f, "random")?,
            PlayerKind::Greedy => write!(f, "greedy")?,
        }
        for (k, v) in &self.tweaks {
            write!(f, "+{k}={v}")?;
        }
        Ok(())
    }
}

impl PlayerSpec {
    fn style(&self, base: Style) -> Style {
        let mut s = base;
        for (k, v) in &self.tweaks {
            if k != "depth" {
                s.tweak(k, *v).expect("checked when parsed");
            }
        }
        s
    }

    /// `limits` with a `depth=` tweak applied.
    fn limits(&self, mut limits: Limits) -> Limits {
        for (k, v) in &self.tweaks {
            if k == "depth" {
                limits.depth = Some(*v as u32);
            }
        }
        limits
    }
}

/// A player ready to act.
pub struct Player {
    spec: PlayerSpec,
    search: Search,
    uct: Uct,
}

impl Player {
    /// A player with a table of `tt_mib` MiB.
    ///
    /// # Panics
    ///
    /// When the table cannot be made: see [`Player::try_new`].
    pub fn new(spec: PlayerSpec, seed: u64, tt_mib: usize) -> Player {
        Player::try_new(spec, seed, tt_mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A player with a table of `tt_mib` MiB, or why the table cannot be
    /// made (a size out of range, or memory the system will not give).
    pub fn try_new(spec: PlayerSpec, seed: u64, tt_mib: usize) -> Result<Player, TtError> {
        Ok(Player {
            spec,
            search: Search::try_new(tt_mib)?,
            uct: Uct::new(seed),
        })
    }

    pub fn act(&mut self, game: &Game, seed: u64) -> Option<Action> {
        let never = std::sync::atomic::AtomicBool::new(false);
        match &self.spec.kind {
            PlayerKind::Random => trivial_mover(game, seed, false),
            PlayerKind::Greedy => trivial_mover(game, seed, true),
            PlayerKind::Uct { ms } => {
                self.uct
                    .choose(game.position(), Duration::from_millis(*ms), None)
            }
            PlayerKind::Nodes(n) => {
                self.search.set_style(self.spec.style(Style::default()));
                let limits = self.spec.limits(Limits {
                    nodes: Some(*n),
                    ..Limits::default()
                });
                self.search.start(game, limits);
                self.search.run(&never, |_| {}).best
            }
            PlayerKind::Level { level, ms } => {
                let mut limits = level.limits();
                if let Some(ms) = ms {
                    limits.time = Some(Duration::from_millis(*ms));
                }
                self.search.set_style(self.spec.style(level.style(seed)));
                self.search.start(game, self.spec.limits(limits));
                self.search.run(&never, |_| {}).best
            }
        }
    }

    pub fn new_game(&mut self) {
        self.search.clear();
    }
}

/// A uniformly random legal action or, when `greedy`, a random one among
/// those that capture when there are any. `seed` (one a game) and the
/// game's length pick it: the same game and seed, the same action.
pub fn trivial_mover(game: &Game, seed: u64, greedy: bool) -> Option<Action> {
    let p = game.position();
    let mut list: Vec<Action> = game.legal_actions().to_vec();
    if greedy && list.iter().any(|&a| p.captures_of(a).any()) {
        list.retain(|&a| p.captures_of(a).any());
    }
    let n = list.len() as u64;
    let pick = splitmix64(seed ^ (game.history().len() as u64).wrapping_mul(0x9E37_79B9));
    (n > 0).then(|| list[(pick % n) as usize])
}

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
        let a_side = if self.a_light {
            Side::Light
        } else {
            Side::Dark
        };
        match self.winner {
            Some(w) if w == a_side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
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

/// Reads a book of openings: one per line, actions in text separated by
/// spaces; blank lines and lines starting with `#` are skipped. Every line
/// must be legal from the start and leave the game in progress.
pub fn parse_book(text: &str) -> Result<Vec<Vec<Action>>, String> {
    let mut book = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut game = Game::new();
        let mut opening = Vec::new();
        for word in line.split_whitespace() {
            let a: Action = word
                .parse()
                .map_err(|e| format!("line {}: {}: {e}", n + 1, Quoted(word)))?;
            game.play(a)
                .map_err(|e| format!("line {}: {word}: {e}", n + 1))?;
            opening.push(a);
        }
        if game.is_over() {
            return Err(format!("line {}: the game is already over", n + 1));
        }
        book.push(opening);
    }
    if book.is_empty() {
        return Err("the book holds no opening".into());
    }
    Ok(book)
}

/// `count` random openings of `plies` plies from the start, seeded.
pub fn openings(count: usize, plies: usize, seed: u64) -> Vec<Vec<Action>> {
    let mut rng = seed ^ 0xA6_0A6_0A6;
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut g = Game::new();
        let mut line = Vec::new();
        for _ in 0..plies {
            let list = g.legal_actions();
            if list.is_empty() {
                break;
            }
            rng = splitmix64(rng);
            let a = list[(rng % list.len() as u64) as usize];
            g.play(a).expect("a legal action");
            line.push(a);
        }
        if !g.is_over() {
            out.push(line);
        }
    }
    out
}

/// Plays one game between two players from an opening.
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
) -> (Option<Side>, Ending, Game) {
    assert!(
        opening.len() <= ply_cap,
        "an opening of {} plies passes the ply cap of {ply_cap}",
        opening.len()
    );
    light.new_game();
    dark.new_game();
    let mut game = Game::new();
    for &a in opening {
        game.play(a).expect("openings are legal");
    }
    while !game.is_over() && game.history().len() < ply_cap {
        let mover = game.position().to_move();
        // One seed a game and side, as the game gives its opponent: a
        // level's misjudgements hold for the whole game, and differ between
        // games and between the two players.
        let (player, seed) = if mover == Side::Light {
            (&mut *light, seed)
        } else {
            (&mut *dark, splitmix64(seed))
        };
        let a = player
            .act(&game, seed)
            .expect("a game in progress has an action");
        game.play(a)
            .unwrap_or_else(|e| panic!("{} played an illegal action {a}: {e}", player.spec));
    }
    match game.outcome() {
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
    }
}

/// Runs a match; `on_game` hears of each game as it ends. Refuses a ply
/// cap below the openings, and reports tables the system will not give
/// before any game starts.
pub fn run(
    config: &ArenaConfig,
    on_game: impl Fn(&GameReport) + Sync,
) -> Result<Vec<GameReport>, ArenaError> {
    config.check()?;
    let pairs = config.games.div_ceil(2);
    let lines = match &config.book {
        Some(book) => (0..pairs).map(|i| book[i % book.len()].clone()).collect(),
        None => openings(pairs, config.opening_plies, config.seed),
    };
    // Every table is made here, on this thread, so that one the system
    // will not give is an error, not a panic on a worker thread.
    let threads = config.threads.max(1);
    let mut players = Vec::with_capacity(threads);
    for t in 0..threads {
        let seed = config.seed.wrapping_add(t as u64 * 7919);
        let player = |spec: &PlayerSpec, seed| {
            Player::try_new(spec.clone(), seed, config.tt_mib)
                .map_err(|error| ArenaError::Table { threads, error })
        };
        players.push((player(&config.a, seed)?, player(&config.b, seed ^ 1)?));
    }
    let next = AtomicUsize::new(0);
    let reports = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for (mut a, mut b) in players {
            let (next, reports, lines, on_game) = (&next, &reports, &lines, &on_game);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games {
                        break;
                    }
                    // Each opening twice, colours swapped.
                    let opening = &lines[i / 2];
                    let a_light = i % 2 == 0;
                    let game_seed = config.seed ^ (i as u64).wrapping_mul(0x9E37);
                    let (winner, ending, game) = if a_light {
                        play_game(&mut a, &mut b, opening, config.ply_cap, game_seed)
                    } else {
                        play_game(&mut b, &mut a, opening, config.ply_cap, game_seed)
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
                    on_game(&report);
                    reports.lock().unwrap().push(report);
                }
            });
        }
    });
    let mut r = reports.into_inner().unwrap();
    r.sort_by_key(|g| g.index);
    Ok(r)
}

/// The match summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// A's score, 0..1.
    pub score: f64,
    /// Elo difference A - B and its 95% margin.
    pub elo: f64,
    pub elo_margin: f64,
    pub endings: Vec<(Ending, usize)>,
    pub mean_plies: f64,
    /// A's results with Light, then with Dark.
    pub by_colour: [ColourScore; 2],
}

/// A's results with one colour.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct ColourScore {
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
}

impl ColourScore {
    /// A's score with this colour, 0..1 (0.5 without games).
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games as f64
    }
}

impl Summary {
    /// How many games ended this way.
    pub fn count(&self, ending: Ending) -> usize {
        self.endings
            .iter()
            .find(|(e, _)| *e == ending)
            .map_or(0, |(_, n)| *n)
    }

    /// The share of games that ended this way, 0..1.
    pub fn rate(&self, ending: Ending) -> f64 {
        self.count(ending) as f64 / self.games.max(1) as f64
    }
}

pub fn summarize(reports: &[GameReport]) -> Summary {
    let n = reports.len().max(1) as f64;
    let wins = reports.iter().filter(|r| r.a_score() == 1.0).count();
    let losses = reports.iter().filter(|r| r.a_score() == 0.0).count();
    let draws = reports.len() - wins - losses;
    let score = (wins as f64 + 0.5 * draws as f64) / n;
    // Per-game variance of the score, for the margin.
    let var = reports
        .iter()
        .map(|r| (r.a_score() - score).powi(2))
        .sum::<f64>()
        / n;
    let se = (var / n).sqrt();
    let elo_of = |s: f64| {
        let s = s.clamp(1e-3, 1.0 - 1e-3);
        -400.0 * (1.0 / s - 1.0).log10()
    };
    let elo = elo_of(score);
    let elo_margin =
        (elo_of((score + 1.96 * se).min(0.999)) - elo_of((score - 1.96 * se).max(0.001))) / 2.0;
    let mut endings: Vec<(Ending, usize)> = Vec::new();
    for r in reports {
        match endings.iter_mut().find(|(e, _)| *e == r.ending) {
            Some((_, c)) => *c += 1,
            None => endings.push((r.ending, 1)),
        }
    }
    endings.sort();
    let mean_plies = reports.iter().map(|r| r.plies as f64).sum::<f64>() / n;
    let mut by_colour = [ColourScore::default(); 2];
    for r in reports {
        let c = &mut by_colour[usize::from(!r.a_light)];
        c.games += 1;
        match r.a_score() {
            1.0 => c.wins += 1,
            0.0 => c.losses += 1,
            _ => c.draws += 1,
        }
    }
    Summary {
        games: reports.len(),
        wins,
        draws,
        losses,
        score,
        elo,
        elo_margin,
        endings,
        mean_plies,
        by_colour,
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "games {}  A wins {}  draws {}  losses {}  score {:.1}%",
            self.games,
            self.wins,
            self.draws,
            self.losses,
            self.score * 100.0
        )?;
        writeln!(f, "elo A-B {:+.0} ± {:.0} (95%)", self.elo, self.elo_margin)?;
        let colour = |c: &ColourScore| {
            format!(
                "{:.1}% ({}/{}/{} of {})",
                c.score() * 100.0,
                c.wins,
                c.draws,
                c.losses,
                c.games
            )
        };
        writeln!(
            f,
            "A as light {}  A as dark {}",
            colour(&self.by_colour[0]),
            colour(&self.by_colour[1])
        )?;
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(e, n)| format!("{} {n}", e.name()))
            .collect();
        writeln!(f, "endings: {}", endings.join(", "))?;
        writeln!(
            f,
            "ply cap {:.1}%  repetition {:.1}%",
            self.rate(Ending::PlyCap) * 100.0,
            self.rate(Ending::Repetition) * 100.0
        )?;
        write!(f, "mean length {:.1} plies", self.mean_plies)
    }
}
