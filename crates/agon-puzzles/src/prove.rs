//! An exact proof search over the rules alone: does the side to move force
//! a throne win (or the capture of the enemy queen) within `k` of its own
//! actions, whatever the other side replies?
//!
//! Unlike the engine's search it has no evaluation, no reductions and no
//! noise, so its "yes" and "no" are facts of the rules (repetition aside:
//! a forced line never repeats a position, since cutting the repeat out
//! would be shorter). A throne win needs the queen on the throne and six
//! guards in the throne ring, and one action puts at most one more piece
//! there, so a side with `m` pieces missing needs `m` actions at least: the
//! bound that keeps the search small.

use std::collections::HashMap;

use agon_rules::{Action, ActionList, CellSet, Outcome, Position, Side};

/// What the solver must force.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A throne win.
    Throne,
    /// The capture of the other side's queen (a throne win counts too).
    Queen,
}

/// The proof search, with its table of proven and refuted positions.
pub struct Prover {
    target: Target,
    table: HashMap<(u64, u8, Side), bool>,
    nodes: u64,
    budget: u64,
    exhausted: bool,
}

/// How many of `side`'s throne-formation cells still lack its own in-play
/// piece: 0 is a throne win.
pub fn missing(p: &Position, side: Side) -> u32 {
    let in_play = p.in_play(side);
    let guards = (in_play & p.guards(side) & CellSet::THRONE_RING).len();
    let queen = u32::from(p.holds_throne(side));
    7 - guards - queen
}

impl Prover {
    /// A prover that gives up (see [`Prover::exhausted`]) after `budget`
    /// positions.
    pub fn new(target: Target, budget: u64) -> Prover {
        Prover {
            target,
            table: HashMap::new(),
            nodes: 0,
            budget,
            exhausted: false,
        }
    }

    /// Whether the budget ran out: the answers since the last
    /// [`Prover::reset`] may then be "no" for want of time, not proof.
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets the table and refills the budget.
    pub fn reset(&mut self, budget: u64) {
        self.table.clear();
        self.nodes = 0;
        self.budget = budget;
        self.exhausted = false;
    }

    /// Whether the side to move in `p` forces the target within `k` of its
    /// actions.
    pub fn wins_within(&mut self, p: &Position, k: u32) -> bool {
        let solver = p.to_move();
        k > 0 && self.or_node(p, solver, k)
    }

    /// The fewest actions, up to `max`, in which the side to move forces
    /// the target.
    pub fn fastest(&mut self, p: &Position, max: u32) -> Option<u32> {
        (1..=max).find(|&k| self.wins_within(p, k))
    }

    /// Whether `solver`, who has just acted (the other side is to move in
    /// `p`), forces the target within `k` more of its actions, whatever
    /// the reply. A position where the game is over counts as it ended.
    pub fn forced_after(&mut self, p: &Position, solver: Side, k: u32) -> bool {
        match self.ended(p, solver) {
            Some(won) => won,
            None => self.and_node(p, solver, k),
        }
    }

    /// Whether action `a` of the side to move reaches the target at once
    /// (and does not lose).
    pub fn reaches_target(&self, p: &Position, a: Action) -> bool {
        let solver = p.to_move();
        let mut after = *p;
        let undo = after.play(a);
        match after.formation(solver) {
            Some(o) => o.winner() == Some(solver),
            None => {
                self.target == Target::Queen
                    && undo
                        .captured
                        .iter()
                        .any(|c| Some(c) == after.queen(!solver))
            }
        }
    }

    /// The result of `p` for `solver` if the game ended with the action
    /// that led to it: `Some(true)` when the solver won, `Some(false)` when
    /// it lost.
    fn ended(&self, p: &Position, solver: Side) -> Option<bool> {
        match p.formation_outcome() {
            Some(Outcome::Win { winner, .. }) => Some(winner == solver),
            Some(Outcome::DrawByRepetition) => Some(false),
            None if !p.has_actions() => Some(p.to_move() != solver),
            None => None,
        }
    }

    fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.exhausted = true;
        }
        !self.exhausted
    }

    /// The solver to move, `k` actions left.
    fn or_node(&mut self, p: &Position, solver: Side, k: u32) -> bool {
        let gap = missing(p, solver);
        if self.target == Target::Throne && gap > k {
            return false;
        }
        if !self.spend() {
            return false;
        }
        let key = (p.hash(), k as u8, solver);
        if let Some(&known) = self.table.get(&key) {
            return known;
        }
        let mut moves = ActionList::new();
        p.legal_actions_into(&mut moves);
        let mut result = false;
        for &a in moves.iter() {
            if self.reaches_target(p, a) {
                result = true;
                break;
            }
            if k == 1 {
                continue;
            }
            let mut child = *p;
            child.play(a);
            // Every action must fill a cell of the formation when no
            // action can be spared.
            if self.target == Target::Throne && missing(&child, solver) >= gap && gap == k {
                continue;
            }
            match self.ended(&child, solver) {
                Some(true) => {
                    result = true;
                    break;
                }
                Some(false) => continue,
                None => {}
            }
            if self.and_node(&child, solver, k - 1) {
                result = true;
                break;
            }
        }
        if !self.exhausted {
            self.table.insert(key, result);
        }
        result
    }

    /// The defender to move; the solver has `k` actions after this reply.
    fn and_node(&mut self, p: &Position, solver: Side, k: u32) -> bool {
        if self.target == Target::Throne && missing(p, solver) > k {
            return false;
        }
        if k == 0 || !self.spend() {
            return false;
        }
        let key = (p.hash(), k as u8, solver);
        if let Some(&known) = self.table.get(&key) {
            return known;
        }
        let replies = ordered_replies(p);
        let mut result = true;
        for a in replies {
            let mut child = *p;
            child.play(a);
            let holds = match self.ended(&child, solver) {
                Some(won) => won,
                None => self.or_node(&child, solver, k),
            };
            if !holds {
                result = false;
                break;
            }
        }
        if !self.exhausted {
            self.table.insert(key, result);
        }
        result
    }
}

/// The defender's actions, the likeliest refutations first: captures, then
/// actions into the throne ring (blocking), then the rest.
pub(crate) fn ordered_replies(p: &Position) -> Vec<Action> {
    let capturing = p.capturing_cells();
    let mut replies: Vec<Action> = p.legal_actions().iter().copied().collect();
    replies.sort_by_key(|a| {
        if capturing.contains(a.to) {
            0
        } else {
            1 + a.to.ring()
        }
    });
    replies
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::throne_in_one;

    #[test]
    fn counts_the_missing_formation_cells() {
        assert_eq!(missing(&Position::start(), Side::Light), 7);
        assert_eq!(missing(&throne_in_one(), Side::Light), 1);
        assert_eq!(missing(&throne_in_one(), Side::Dark), 7);
    }

    #[test]
    fn proves_a_throne_win_in_one_and_nothing_faster_from_the_start() {
        let p = throne_in_one();
        let mut prover = Prover::new(Target::Throne, 1_000_000);
        assert_eq!(prover.fastest(&p, 3), Some(1));
        let mut start = Prover::new(Target::Throne, 1_000_000);
        assert_eq!(start.fastest(&Position::start(), 3), None);
        assert!(!start.exhausted());
    }
}
