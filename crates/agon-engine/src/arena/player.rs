//! The arena's contestants ready to act: the search of this build, an
//! engine in a process of its own, the UCT baseline or a trivial mover,
//! as a [`PlayerSpec`] names them.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use agon_ai::{Search, Style, TtError, Uct};
use agon_rules::{Action, Game, splitmix64};

use super::external::{EngineError, External};
use super::spec::{PlayerKind, PlayerSpec};

/// Why a player cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerError {
    /// The search's table cannot be made.
    Table(TtError),
    /// The engine cannot be started or set up.
    Engine(EngineError),
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerError::Table(e) => e.fmt(f),
            PlayerError::Engine(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayerError {}

/// What chooses a player's actions.
enum Brain {
    Search(Box<Search>),
    Uct(Uct),
    /// Random or greedy: nothing to keep.
    Trivial,
    External(External),
}

/// A player ready to act.
pub struct Player {
    spec: PlayerSpec,
    brain: Brain,
}

impl Player {
    /// A player whose search has a table of `tt_mib` MiB (an engine of its
    /// own keeps its own, 64 MiB for `agon-engine`), or why it cannot be
    /// made: a table too large, memory the system will not give, an engine
    /// that does not start.
    pub fn try_new(spec: PlayerSpec, seed: u64, tt_mib: usize) -> Result<Player, PlayerError> {
        let brain = match (&spec.kind, &spec.engine) {
            (_, Some(path)) => {
                let mut engine = External::start(path).map_err(PlayerError::Engine)?;
                // Only asked for when tweaked: an engine built before the
                // option was added is still played.
                if spec.limit("threads").is_some() {
                    engine
                        .set_threads(spec.threads())
                        .map_err(PlayerError::Engine)?;
                }
                Brain::External(engine)
            }
            (PlayerKind::Level { .. } | PlayerKind::Nodes(_), None) => {
                let mut search = Search::try_new(tt_mib).map_err(PlayerError::Table)?;
                search.set_threads(spec.threads());
                Brain::Search(Box::new(search))
            }
            (PlayerKind::Uct { .. }, None) => Brain::Uct(Uct::new(seed)),
            (PlayerKind::Random | PlayerKind::Greedy, None) => Brain::Trivial,
        };
        Ok(Player { spec, brain })
    }

    pub fn spec(&self) -> &PlayerSpec {
        &self.spec
    }

    /// The player's action in `game`; `None` once the game is over. Only
    /// an engine of its own can fail.
    pub fn act(&mut self, game: &Game, seed: u64) -> Result<Option<Action>, EngineError> {
        let never = AtomicBool::new(false);
        let spec = &self.spec;
        Ok(match (&mut self.brain, &spec.kind) {
            (Brain::External(engine), _) => {
                if game.is_over() {
                    return Ok(None);
                }
                let (go, think) = spec.go();
                Some(engine.act(game, &go, think)?)
            }
            (Brain::Trivial, kind) => trivial_mover(game, seed, *kind == PlayerKind::Greedy),
            (Brain::Uct(uct), PlayerKind::Uct { ms }) => {
                uct.choose(game.position(), Duration::from_millis(*ms), None)
            }
            (Brain::Search(search), PlayerKind::Nodes(_)) => {
                search.set_style(spec.style(Style::default()));
                let limits = spec.search_limits_at(game.history().len());
                search.start(game, limits.expect("a search"));
                search.run(&never, |_| {}).best
            }
            (Brain::Search(search), PlayerKind::Level { level, .. }) => {
                search.set_style(spec.style(level.style(seed)));
                let limits = spec.search_limits_at(game.history().len());
                search.start(game, limits.expect("a level's search"));
                search.run(&never, |_| {}).best
            }
            _ => unreachable!("the brain is made for the kind"),
        })
    }

    /// Forgets the last game.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        match &mut self.brain {
            Brain::Search(search) => search.clear(),
            Brain::External(engine) => engine.new_game()?,
            Brain::Uct(_) | Brain::Trivial => {}
        }
        Ok(())
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
