//! Keeps a position only where the side to move has one way on, and
//! builds its solution: a forced throne win or queen capture (proved
//! exactly by [`Prover`]), the only action that does not lose, or a capture
//! that wins material by the engine's deeper search. At every step the
//! solver's action is the only one that keeps the result, and the other
//! side's replies are its best defence.

use agon_ai::review::win_chance;
use agon_ai::{Limits, MATE_BOUND, Search, Style};
use agon_rules::{Action, Position, Side};

pub use crate::first_rating::rate;
use crate::line::{ends_in_win, forced_line};
use crate::prove::{Prover, Target, missing};
use crate::puzzle::{Puzzle, Theme, puzzle_id};
use crate::tags::themes_of;

/// The bounds of what is kept.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Settings {
    /// The longest throne win, in the solver's actions.
    pub throne_in: u32,
    /// The longest forced queen capture, in the solver's actions.
    pub queen_in: u32,
    /// How far ahead a defence looks for the other side's throne win.
    pub defence_horizon: u32,
    /// The longest capture combination, in the solver's actions.
    pub material_actions: usize,
    /// The engine's depth for material puzzles and the checks of the rest.
    pub depth: u32,
    /// Positions a proof may look at before giving up on a position.
    pub prover_budget: u64,
    /// The share of the first actions that may still force a throne win
    /// (or queen capture) one action later before a position counts as
    /// won whatever one plays.
    pub won_anyway: f32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            throne_in: 5,
            queen_in: 2,
            defence_horizon: 2,
            material_actions: 3,
            depth: 5,
            prover_budget: 400_000,
            won_anyway: 0.75,
        }
    }
}

/// What kind of puzzle a position made.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Throne,
    Defence,
    Queen,
    Material,
}

/// The engine and the prover, reused from position to position.
pub struct Verifier {
    pub settings: Settings,
    search: Search,
}

/// The fewest legal actions a puzzle's position may have: with one or two
/// there is nothing to find.
pub const MIN_CHOICES: u32 = 3;

/// The win-chance gap between the best action and the second best that
/// makes the best one "clearly" better, for material puzzles.
const CLEAR_GAP: f32 = 0.25;
/// The second best may leave at most this chance: else the position is
/// won whatever one plays.
const SECOND_BEST_MAX: f32 = 0.7;

impl Verifier {
    pub fn new(settings: Settings) -> Verifier {
        let mut search = Search::new(16);
        search.set_style(Style::default());
        Verifier { settings, search }
    }

    fn prover(&self, target: Target) -> Prover {
        Prover::new(target, self.settings.prover_budget)
    }

    /// A puzzle from `p` of the first kind that fits, trying the throne,
    /// the defence, the queen, then material (the last two only when
    /// `tactical`: the engine is slower at them).
    pub fn find(&mut self, p: &Position, tactical: bool) -> Option<(Kind, Puzzle)> {
        if p.count_actions() < MIN_CHOICES {
            return None;
        }
        // A fresh table each time: the engine's answers then depend on the
        // position alone, so a run is reproducible and a check agrees.
        self.search.clear();
        if let Some(line) = self.throne(p) {
            return Some((Kind::Throne, self.puzzle(p, line, false)));
        }
        if let Some(line) = self.defence(p) {
            return Some((Kind::Defence, self.puzzle(p, line, true)));
        }
        if !tactical {
            return None;
        }
        if let Some(line) = self.queen(p) {
            return Some((Kind::Queen, self.puzzle(p, line, false)));
        }
        let line = self.material(p)?;
        Some((Kind::Material, self.puzzle(p, line, false)))
    }

    fn puzzle(&mut self, p: &Position, solution: Vec<Action>, defence: bool) -> Puzzle {
        let themes = themes_of(p, &solution, defence);
        let mate = themes
            .contains(&Theme::Throne)
            .then_some(solution.len() as u32);
        let (depth, misleading) = self.depth_needed(p, solution[0], mate);
        let rating = rate(depth, misleading, &solution, &themes, p);
        let afn = p.to_afn();
        Puzzle {
            id: puzzle_id(&afn),
            position: *p,
            solution,
            themes,
            rating,
        }
    }

    /// A forced throne win, unique at every step, with the longest
    /// defence.
    pub fn throne(&mut self, p: &Position) -> Option<Vec<Action>> {
        let solver = p.to_move();
        if missing(p, solver) > self.settings.throne_in {
            return None;
        }
        let mut prover = self.prover(Target::Throne);
        let n = prover.fastest(p, self.settings.throne_in)?;
        let line = forced_line(&mut prover, p, n, self.settings.won_anyway)?;
        (!prover.exhausted() && ends_in_win(p, &line)).then_some(line)
    }

    /// A forced capture of the other side's queen, unique at every step,
    /// where the engine finds the capture at least as good as anything
    /// else (a capture the player should make).
    pub fn queen(&mut self, p: &Position) -> Option<Vec<Action>> {
        let mut prover = self.prover(Target::Queen);
        let n = prover.fastest(p, self.settings.queen_in)?;
        let line = forced_line(&mut prover, p, n, self.settings.won_anyway)?;
        if prover.exhausted() {
            return None;
        }
        let depth = self.settings.depth;
        let best = self.search(p, depth).score;
        let first = self.score_after(p, line[0], depth);
        (first >= best - 50 && first > -MATE_BOUND).then_some(line)
    }

    /// The only action that does not let the other side force a throne
    /// win within the horizon; the engine, deeper, finds no win for it
    /// after that action either.
    pub fn defence(&mut self, p: &Position) -> Option<Vec<Action>> {
        let me = p.to_move();
        let horizon = self.settings.defence_horizon;
        if missing(p, !me) > horizon + 1 {
            return None;
        }
        let mut prover = self.prover(Target::Throne);
        let mut holding = None;
        for &a in p.legal_actions().iter() {
            let mut child = *p;
            child.play(a);
            let loses = match child.formation(me) {
                Some(o) => o.winner() != Some(me),
                // A throne win is no defence puzzle: the throne finds it.
                None => prover.wins_within(&child, horizon),
            };
            if prover.exhausted() {
                return None;
            }
            if !loses {
                if holding.is_some() {
                    return None;
                }
                holding = Some(a);
            }
        }
        let a = holding?;
        let mut child = *p;
        child.play(a);
        if child.formation(me).is_some() {
            return None;
        }
        let deeper = self.search(&child, self.settings.depth + 1).score;
        (deeper < MATE_BOUND).then_some(vec![a])
    }

    /// A capture that wins material: the engine's best action captures,
    /// the second best is clearly worse and not winning anyway, and the
    /// line gains more captures than it gives back. Continued while the
    /// solver's next action is again such a capture.
    pub fn material(&mut self, p: &Position) -> Option<Vec<Action>> {
        let solver = p.to_move();
        let mut line = Vec::new();
        let mut pos = *p;
        while line.len() < 2 * self.settings.material_actions {
            let Some(a) = self.clear_capture(&pos) else {
                break;
            };
            line.push(a);
            pos.play(a);
            if pos.formation_outcome().is_some() || !pos.has_actions() {
                break;
            }
            let reply = self.search(&pos, self.settings.depth - 1).best?;
            let mut next = pos;
            next.play(reply);
            if next.formation_outcome().is_some() || !next.has_actions() {
                break;
            }
            // Only continued if the solver has another clear capture.
            if self.clear_capture(&next).is_none() {
                break;
            }
            line.push(reply);
            pos = next;
        }
        if line.is_empty() {
            return None;
        }
        // Material won for good: the engine's line after the solution
        // gives back fewer captures than the solution made.
        let pv = self.search(&pos, self.settings.depth).pv;
        let net = captures_for(p, &line, solver) + captures_for(&pos, &pv, solver);
        (net >= 1).then_some(line)
    }

    /// The engine's best action in `pos` if it captures and the second
    /// best is clearly worse and not winning.
    fn clear_capture(&mut self, pos: &Position) -> Option<Action> {
        let depth = self.settings.depth;
        let result = self.search(pos, depth);
        let best = result.best?;
        if pos.captures_of(best).is_empty() || result.score >= MATE_BOUND {
            return None;
        }
        let best_score = self.score_after(pos, best, depth);
        let best_chance = win_chance(best_score);
        for &a in pos.legal_actions().iter() {
            if a == best {
                continue;
            }
            let chance = win_chance(self.score_after(pos, a, depth));
            if chance > SECOND_BEST_MAX || best_chance - chance < CLEAR_GAP {
                return None;
            }
        }
        Some(best)
    }

    fn search(&mut self, p: &Position, depth: u32) -> agon_ai::SearchResult {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        self.search.start_with_history(*p, &[p.hash()], limits);
        let never = std::sync::atomic::AtomicBool::new(false);
        self.search.run(&never, |_| {})
    }

    /// The score of action `a` in `p` for its mover, searched to `depth`.
    fn score_after(&mut self, p: &Position, a: Action, depth: u32) -> i32 {
        let me = p.to_move();
        let mut child = *p;
        child.play(a);
        if let Some(o) = child.formation(me) {
            return if o.winner() == Some(me) {
                agon_ai::MATE
            } else {
                -agon_ai::MATE
            };
        }
        if !child.has_actions() {
            return agon_ai::MATE;
        }
        -self.search(&child, depth.saturating_sub(1).max(1)).score
    }

    /// The depth at which the engine settles on `first`: from there on,
    /// every deeper iteration chooses it, and for a throne win in `mate`
    /// plies scores it as a forced win (it has seen the win, not just
    /// liked the action). The search goes one ply past the check depth,
    /// or to the win's length. Also whether the first iteration (the
    /// engine's first impression) chose another action.
    pub fn depth_needed(&mut self, p: &Position, first: Action, mate: Option<u32>) -> (u32, bool) {
        let win = mate.is_some();
        let max = mate.unwrap_or(self.settings.depth + 1);
        let limits = Limits {
            depth: Some(max),
            ..Limits::default()
        };
        self.search.start_with_history(*p, &[p.hash()], limits);
        let mut settled = max + 1;
        let mut misleading = None;
        loop {
            let progress = self.search.step(1 << 16);
            for info in self.search.take_infos() {
                misleading.get_or_insert(info.pv.first() != Some(&first));
                if info.pv.first() == Some(&first) && (!win || info.score >= MATE_BOUND) {
                    settled = settled.min(info.depth);
                } else {
                    settled = max + 1;
                }
            }
            if let agon_ai::Progress::Done(_) = progress {
                return (settled, misleading.unwrap_or(false));
            }
        }
    }

    /// Whether a puzzle's solution is still unique by the rules of its
    /// kind: the check a test makes on the shipped file.
    pub fn still_unique(&mut self, puzzle: &Puzzle) -> Result<(), String> {
        let solution = self.find(&puzzle.position, true).map(|(_, p)| p.solution);
        match solution {
            Some(s) if s == puzzle.solution => Ok(()),
            Some(s) => Err(format!(
                "puzzle {}: the solution is now {}, the file has {}",
                puzzle.id,
                texts(&s),
                texts(&puzzle.solution)
            )),
            None => Err(format!(
                "puzzle {}: no unique solution any more (the file has {})",
                puzzle.id,
                texts(&puzzle.solution)
            )),
        }
    }
}

fn texts(actions: &[Action]) -> String {
    actions
        .iter()
        .map(|a| a.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Captures by `solver` less captures by the other side along `line`.
fn captures_for(p: &Position, line: &[Action], solver: Side) -> i32 {
    let mut pos = *p;
    let mut net = 0;
    for &a in line {
        if !pos.is_legal(a) {
            break;
        }
        let mover = pos.to_move();
        let n = pos.play(a).captured.len() as i32;
        net += if mover == solver { n } else { -n };
        if pos.formation_outcome().is_some() {
            break;
        }
    }
    net
}
