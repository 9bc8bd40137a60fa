//! What a contestant's text names: a level, a node budget, the UCT
//! baseline or a trivial mover, with the tweaks and limits of its search,
//! optionally played by an engine in a process of its own.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use agon_ai::{Level, Limits, Style, TweakError};
use agon_rules::Quoted;

use crate::number::{NumberError, read_number};

/// A contestant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSpec {
    pub kind: PlayerKind,
    /// Settings changed from the player's own, for tuning: `name=value`;
    /// also the limits `depth`, `nodes`, `threads`, `late` and `late_nodes`
    /// ([`LIMIT_TWEAKS`]).
    pub tweaks: Vec<(String, i32)>,
    /// The engine that plays this player through the protocol (`@PATH`),
    /// instead of the search of this build.
    pub engine: Option<PathBuf>,
}

/// The tweaks that are limits of the search rather than settings of its
/// style, with their ranges: the depth in plies, the nodes an action, the
/// threads of the search, and [`LATE_TWEAKS`].
pub const LIMIT_TWEAKS: [(&str, i32, i32); 5] = [
    ("depth", 1, agon_ai::MAX_PLY as i32),
    ("nodes", 1, i32::MAX),
    ("threads", 1, agon_ai::MAX_THREADS as i32),
    ("late", 1, i32::MAX),
    ("late_nodes", 1, i32::MAX),
];

/// From the game's ply `late` on, `late_nodes` nodes an action instead:
/// what more search does to a game that has run long, without paying for
/// it in the many that end early. Both or neither; the arena's own search
/// only (the protocol's `go` has no such limit).
pub const LATE_TWEAKS: [&str; 2] = ["late", "late_nodes"];

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
    /// A limit tweak ([`LIMIT_TWEAKS`]) outside its range.
    Limit {
        name: &'static str,
        value: i32,
        min: i32,
        max: i32,
    },
    /// `@` without the engine's path after it.
    MissingEngine,
    /// An engine in its own process plays a level or a node budget, with
    /// limits only: the settings of its style are its own.
    EngineTweak(String),
    /// An engine in its own process cannot play the UCT baseline or a
    /// trivial mover: they have no `go` of the protocol.
    EngineKind(String),
    /// One of [`LATE_TWEAKS`] without the other.
    LateAlone,
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
            Limit {
                name,
                value,
                min,
                max,
            } => write!(
                f,
                "{name}={value} is out of range: {name} is from {min} to {max}"
            ),
            MissingEngine => write!(f, "@ needs the engine's path after it: master:200@PATH"),
            EngineTweak(name) => write!(
                f,
                "an engine of its own (@PATH) takes only the limits depth, nodes and threads, not {}",
                Quoted(name)
            ),
            EngineKind(kind) => write!(
                f,
                "an engine of its own (@PATH) plays a level or nodes:N, not {}",
                Quoted(kind)
            ),
            UctTweaks => write!(
                f,
                "the uct, random and greedy players have no settings to tweak"
            ),
            LateAlone => write!(
                f,
                "late and late_nodes go together: master+nodes=1000000+late=100+late_nodes=4000000"
            ),
        }
    }
}

impl std::error::Error for PlayerSpecError {}

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;
    /// `master`, `master:200` (200 ms an action), `nodes:50000`, `uct:800`,
    /// `random`, `greedy`; a search player optionally followed by tweaks:
    /// `nodes:20000+exposed=40+quiescence=0`, `master+nodes=50000`; and
    /// for an engine in a process of its own, `@` and its path:
    /// `master:200@/root/agon-baseline/agon-engine`.
    fn from_str(text: &str) -> Result<PlayerSpec, PlayerSpecError> {
        let (text, engine) = match text.split_once('@') {
            Some((_, "")) => return Err(PlayerSpecError::MissingEngine),
            Some((spec, path)) => (spec, Some(PathBuf::from(path))),
            None => (text, None),
        };
        let mut parts = text.split('+');
        let kind_text = parts.next().unwrap_or_default();
        let kind: PlayerKind = kind_text.parse()?;
        let mut tweaks = Vec::new();
        for t in parts {
            let (k, v) = t
                .split_once('=')
                .ok_or_else(|| PlayerSpecError::NotATweak(t.to_string()))?;
            let v: i32 = v
                .parse()
                .map_err(|_| PlayerSpecError::TweakValue(t.to_string()))?;
            if let Some(&(name, min, max)) = LIMIT_TWEAKS.iter().find(|l| l.0 == k) {
                if engine.is_some() && LATE_TWEAKS.contains(&name) {
                    return Err(PlayerSpecError::EngineTweak(k.to_string()));
                }
                if !(min..=max).contains(&v) {
                    return Err(PlayerSpecError::Limit {
                        name,
                        value: v,
                        min,
                        max,
                    });
                }
            } else if engine.is_some() {
                return Err(PlayerSpecError::EngineTweak(k.to_string()));
            } else {
                agon_ai::Style::default()
                    .tweak(k, v)
                    .map_err(PlayerSpecError::Tweak)?;
            }
            tweaks.push((k.to_string(), v));
        }
        let searches = matches!(kind, PlayerKind::Level { .. } | PlayerKind::Nodes(_));
        if !searches && engine.is_some() {
            return Err(PlayerSpecError::EngineKind(kind_text.to_string()));
        }
        if !searches && !tweaks.is_empty() {
            return Err(PlayerSpecError::UctTweaks);
        }
        let late = |name: &str| tweaks.iter().any(|(k, _)| k == name);
        if late(LATE_TWEAKS[0]) != late(LATE_TWEAKS[1]) {
            return Err(PlayerSpecError::LateAlone);
        }
        Ok(PlayerSpec {
            kind,
            tweaks,
            engine,
        })
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
        if let Some(path) = &self.engine {
            write!(f, "@{}", path.display())?;
        }
        Ok(())
    }
}

impl PlayerSpec {
    /// The value of a limit tweak, if given.
    pub(super) fn limit(&self, name: &str) -> Option<i32> {
        self.tweaks.iter().find(|(k, _)| k == name).map(|(_, v)| *v)
    }

    pub(super) fn style(&self, base: Style) -> Style {
        let mut s = base;
        for (k, v) in &self.tweaks {
            if !LIMIT_TWEAKS.iter().any(|l| l.0 == k) {
                s.tweak(k, *v).expect("checked when parsed");
            }
        }
        s
    }

    /// `limits` with the `depth=` and `nodes=` tweaks applied (both
    /// positive: checked when parsed).
    fn limits(&self, mut limits: Limits) -> Limits {
        if let Some(d) = self.limit("depth") {
            limits.depth = Some(d.unsigned_abs());
        }
        if let Some(n) = self.limit("nodes") {
            limits.nodes = Some(u64::from(n.unsigned_abs()));
        }
        limits
    }

    /// The limits of this player's own search (a level or `nodes:N`;
    /// `None` for the others): a level's, its time replaced by `:MS`, and
    /// the `depth=` and `nodes=` tweaks. A node budget replaces the
    /// level's time rather than joining it (`master+nodes=N` is N nodes
    /// an action however busy the machine), unless `:MS` asks for both.
    pub fn search_limits(&self) -> Option<Limits> {
        match &self.kind {
            PlayerKind::Nodes(n) => Some(self.limits(Limits {
                nodes: Some(*n),
                ..Limits::default()
            })),
            PlayerKind::Level { level, ms } => {
                let mut limits = level.limits();
                match ms {
                    Some(ms) => limits.time = Some(Duration::from_millis(*ms)),
                    None if self.limit("nodes").is_some() => limits.time = None,
                    None => {}
                }
                Some(self.limits(limits))
            }
            _ => None,
        }
    }

    /// [`PlayerSpec::search_limits`] for the action after `plies` plies
    /// of the game, the `late` and `late_nodes` tweaks applied.
    pub fn search_limits_at(&self, plies: usize) -> Option<Limits> {
        let mut limits = self.search_limits()?;
        if let (Some(from), Some(n)) = (self.limit("late"), self.limit("late_nodes"))
            && plies >= from.unsigned_abs() as usize
        {
            limits.nodes = Some(u64::from(n.unsigned_abs()));
            limits.time = None;
        }
        Some(limits)
    }

    /// The threads of the search, 1 unless tweaked.
    pub fn threads(&self) -> usize {
        self.limit("threads")
            .map_or(1, |t| t.unsigned_abs() as usize)
    }

    /// The `go` arguments that ask an engine for this player's search, and
    /// the longest it may think.
    pub(super) fn go(&self) -> (String, Duration) {
        let mut go = Vec::new();
        let mut think = Duration::ZERO;
        match &self.kind {
            PlayerKind::Level { level, ms } => {
                go.push(format!("level {}", level.name()));
                think = level.limits().time.unwrap_or_default();
                if let Some(ms) = ms {
                    go.push(format!("movetime {ms}"));
                    think = Duration::from_millis(*ms);
                }
            }
            PlayerKind::Nodes(n) => go.push(format!("nodes {n}")),
            _ => unreachable!("checked when parsed: an engine plays a search"),
        }
        for name in ["depth", "nodes"] {
            if let Some(v) = self.limit(name) {
                go.push(format!("{name} {v}"));
            }
        }
        // A node budget takes its time: at no fewer than 100 000 nodes a
        // second, on any machine that runs the arena.
        let nodes = match (&self.kind, self.limit("nodes")) {
            (PlayerKind::Nodes(n), _) => *n,
            (_, Some(n)) => u64::from(n.unsigned_abs()),
            _ => 0,
        };
        think = think.max(Duration::from_millis(nodes / 100));
        (go.join(" "), think)
    }
}
