//! The baseline opponent: plain UCT Monte-Carlo tree search, as a general
//! game-playing system would play Agon. UCB1 with c = sqrt 2, uniformly
//! random playouts capped at 400 plies (a draw), the most-visited child.
//! Playouts ignore repetition; the tree does not share transpositions.

use agon_rules::{Action, ActionList, Position, Side, splitmix64};
use web_time::{Duration, Instant};

pub const PLAYOUT_CAP: usize = 400;

struct Node {
    /// The action that led here from the parent.
    action: Option<Action>,
    /// The side that played `action`.
    mover: Side,
    visits: u32,
    /// Sum of rewards for `mover`: 1 a win, 0.5 a draw.
    reward: f64,
    children: Vec<usize>,
    untried: Vec<Action>,
    terminal: Option<Option<Side>>,
}

/// A UCT player.
pub struct Uct {
    rng: u64,
    pub playouts: u64,
}

impl Uct {
    pub fn new(seed: u64) -> Uct {
        Uct {
            rng: seed | 1,
            playouts: 0,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        self.rng = splitmix64(self.rng);
        (self.rng % n as u64) as usize
    }

    /// The winner after `mover` played into `pos`, if the game ended:
    /// `Some(Some(side))` a win, `Some(None)` never (draws come from the cap).
    fn terminal(pos: &Position, mover: Side) -> Option<Option<Side>> {
        if let Some(o) = pos.formation(mover) {
            return Some(o.winner());
        }
        if !pos.has_actions() {
            return Some(Some(mover));
        }
        None
    }

    fn playout(&mut self, mut pos: Position, mut plies: usize) -> Option<Side> {
        let mut list = ActionList::new();
        while plies < PLAYOUT_CAP {
            pos.legal_actions_into(&mut list);
            if list.is_empty() {
                return Some(!pos.to_move());
            }
            let mover = pos.to_move();
            let a = list[self.below(list.len())];
            pos.play(a);
            plies += 1;
            if let Some(o) = pos.formation(mover) {
                return o.winner();
            }
        }
        None
    }

    /// Searches `root` for `time` (or `max_playouts`) and returns the most
    /// visited action.
    pub fn choose(
        &mut self,
        root: &Position,
        time: Duration,
        max_playouts: Option<u64>,
    ) -> Option<Action> {
        let started = Instant::now();
        let mut nodes = vec![Node {
            action: None,
            mover: !root.to_move(),
            visits: 0,
            reward: 0.0,
            children: Vec::new(),
            untried: root.legal_actions().to_vec(),
            terminal: None,
        }];
        if nodes[0].untried.is_empty() {
            return None;
        }
        let c = std::f64::consts::SQRT_2;
        self.playouts = 0;
        loop {
            if max_playouts.is_some_and(|m| self.playouts >= m)
                || (max_playouts.is_none() && started.elapsed() >= time)
            {
                break;
            }
            // Selection.
            let mut path = vec![0usize];
            let mut pos = *root;
            let mut depth = 0;
            loop {
                let n = *path.last().unwrap();
                if nodes[n].terminal.is_some() || !nodes[n].untried.is_empty() {
                    break;
                }
                let ln = (nodes[n].visits.max(1) as f64).ln();
                let best = *nodes[n]
                    .children
                    .iter()
                    .max_by(|&&x, &&y| {
                        let ux = ucb(&nodes[x], ln, c);
                        let uy = ucb(&nodes[y], ln, c);
                        ux.partial_cmp(&uy).unwrap()
                    })
                    .expect("an expanded node has children");
                pos.play(nodes[best].action.unwrap());
                depth += 1;
                path.push(best);
            }
            // Expansion.
            let leaf = *path.last().unwrap();
            let winner = if let Some(t) = nodes[leaf].terminal {
                t
            } else {
                let i = self.below(nodes[leaf].untried.len());
                let a = nodes[leaf].untried.swap_remove(i);
                let mover = pos.to_move();
                pos.play(a);
                depth += 1;
                let terminal = Uct::terminal(&pos, mover);
                let untried = if terminal.is_some() {
                    Vec::new()
                } else {
                    pos.legal_actions().to_vec()
                };
                nodes.push(Node {
                    action: Some(a),
                    mover,
                    visits: 0,
                    reward: 0.0,
                    children: Vec::new(),
                    untried,
                    terminal,
                });
                let id = nodes.len() - 1;
                nodes[leaf].children.push(id);
                path.push(id);
                // Simulation.
                match terminal {
                    Some(t) => t,
                    None => self.playout(pos, depth),
                }
            };
            self.playouts += 1;
            // Backpropagation.
            for &n in &path {
                let node = &mut nodes[n];
                node.visits += 1;
                node.reward += match winner {
                    Some(w) if w == node.mover => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
            }
        }
        let root_children = &nodes[0].children;
        let best = root_children
            .iter()
            .max_by_key(|&&n| nodes[n].visits)
            .map(|&n| nodes[n].action.unwrap());
        best.or_else(|| root.legal_actions().first().copied())
    }
}

fn ucb(n: &Node, ln_parent: f64, c: f64) -> f64 {
    if n.visits == 0 {
        return f64::INFINITY;
    }
    let v = n.visits as f64;
    n.reward / v + c * (ln_parent / v).sqrt()
}
