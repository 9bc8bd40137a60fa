//! The evaluation: how good a position is for the side to move, in
//! centipawn-like units. Every term is named and weighted in [`Weights`].
//!
//! Agon is a race to the throne formation, slowed by captures: a captured
//! piece costs its owner a relocation and, for a guard, the whole walk back
//! from the outer ring. So the core of the evaluation is each side's
//! *distance to the formation* in actions, with terms for what the race
//! misses: who holds the throne, enemy pieces blocking the throne ring, the
//! forfeit trap, and pieces exposed to capture.

use agon_rules::{Cell, CellSet, Dir, Position, Side};

pub mod length;
mod weights;

pub use weights::{CRAMP_STEPS, Weights};

/// Actions a side still needs to complete the formation if nobody
/// interfered: the queen to the throne, every guard to the throne ring,
/// relocations first.
pub fn formation_distance(p: &Position, side: Side) -> i32 {
    let in_play = p.in_play(side);
    let captured = p.captured(side);
    let guards = p.guards(side);
    let mut d = 0;
    match p.queen(side) {
        Some(q) if captured.contains(q) => {
            // Relocated anywhere, even the throne when it is free.
            d += if p.occupied().contains(Cell::THRONE) {
                2
            } else {
                1
            };
        }
        Some(q) => d += q.ring() as i32,
        None => d += 10,
    }
    // Guards in play: one action per ring above the throne ring.
    let g = guards & in_play;
    for ring in 2..=5u8 {
        d += (ring as i32 - 1) * (g & CellSet::ring(ring)).len() as i32;
    }
    // Captured guards: a relocation, then four steps in from the outer ring.
    d += 5 * (guards & captured).len() as i32;
    d
}

/// Own in-play pieces that an enemy step could capture: an in-play enemy on
/// one side and, on the other, an empty cell next to another in-play enemy.
fn exposed(p: &Position, side: Side) -> u32 {
    let own = p.in_play(side);
    let enemy = p.in_play(!side);
    let empty = p.empty_cells();
    let mut reach = CellSet::EMPTY;
    for d in Dir::ALL {
        reach |= enemy.shift(d);
    }
    reach &= empty;
    let mut hit = CellSet::EMPTY;
    for d in Dir::ALL {
        // own at X, enemy at X+d, reachable empty cell at X-d.
        hit |= own & enemy.shift(d.opposite()) & reach.shift(d);
    }
    hit.len()
}

/// Steps the side's guards need to besiege the enemy pieces in the throne
/// ring, when the side's queen holds the throne: for each such piece, the
/// distance from the nearest own guard that can still get there (not in the
/// throne ring: pieces never step outward) to the empty cell just outside it.
fn siege(p: &Position, side: Side) -> i32 {
    if !p.holds_throne(side) {
        return 0;
    }
    let attackers = (p.guards(side) & p.in_play(side)) - CellSet::THRONE_RING;
    let mut steps = 0;
    for b in p.in_play(!side) & CellSet::THRONE_RING {
        let Some(d) = Cell::THRONE.direction_to(b) else {
            continue;
        };
        let Some(outside) = b.neighbour(d) else {
            continue;
        };
        if p.occupied().contains(outside) {
            steps += 3;
            continue;
        }
        steps += steps_to(attackers.iter(), outside);
    }
    steps
}

/// The cheapest way to put own in-play pieces on both ends of one line
/// through each enemy piece in the throne ring, the own queen on the throne:
/// per end, 0 if an own in-play piece holds it, else the steps of the nearest
/// own guard that can get there (never outward), 3 when it may not be entered
/// now (taken, or between two enemies), each at most 8.
fn siege_lines(p: &Position, side: Side) -> i32 {
    if !p.holds_throne(side) {
        return 0;
    }
    let own = p.in_play(side);
    let guards = p.guards(side) & own;
    let closed = p.occupied() | p.forbidden_for(side);
    let end_cost = |e: Cell| -> i32 {
        if own.contains(e) {
            return 0;
        }
        if closed.contains(e) {
            return 3;
        }
        steps_to(guards.iter().filter(|g| g.ring() >= e.ring()), e)
    };
    let mut steps = 0;
    for b in p.in_play(!side) & CellSet::THRONE_RING {
        steps += cheapest_line(b, end_cost).unwrap_or(16);
    }
    steps
}

/// Steps to capture the enemy queen on the throne (see [`Weights::dethrone`]).
fn dethrone(p: &Position, side: Side) -> i32 {
    if !p.holds_throne(!side) {
        return 0;
    }
    let own = p.in_play(side);
    let enemy = p.in_play(!side);
    let forbidden = p.forbidden_for(side);
    let end_cost = |e: Cell| -> i32 {
        if own.contains(e) {
            0
        } else if enemy.contains(e) {
            4
        } else if p.occupied().contains(e) {
            2
        } else if forbidden.contains(e) {
            3
        } else {
            steps_to(own.iter(), e)
        }
    };
    cheapest_line(Cell::THRONE, end_cost).unwrap_or(0)
}

/// Steps from the nearest of `pieces` to `to`, as the siege terms count
/// them: at most 8, and 8 when there is none.
fn steps_to(pieces: impl Iterator<Item = Cell>, to: Cell) -> i32 {
    pieces
        .map(|g| g.distance(to) as i32)
        .min()
        .map_or(8, |d| d.min(8))
}

/// The cheapest of the three lines through `cell` (both its ends on the
/// board), each line costing `end_cost` of one end plus of the other.
fn cheapest_line(cell: Cell, end_cost: impl Fn(Cell) -> i32) -> Option<i32> {
    Dir::AXES
        .iter()
        .filter_map(|&d| {
            Some(end_cost(cell.neighbour(d)?) + end_cost(cell.neighbour(d.opposite())?))
        })
        .min()
}

/// Sideways steps the side's guards outside the throne ring need, beyond
/// one a ring, to reach the nearest throne-ring cell that no guard of the
/// side holds.
pub fn approach(p: &Position, side: Side) -> i32 {
    let guards = p.guards(side) & p.in_play(side);
    let mut free = 0;
    for (bit, &cell) in RING_CELLS.iter().enumerate() {
        if !guards.contains(cell) {
            free |= 1 << bit;
        }
    }
    (guards - CellSet::THRONE_RING)
        .iter()
        .map(|g| APPROACH[g.index()][free] as i32)
        .sum()
}

/// The throne ring's cells in a fixed order: bit `i` of a ring mask is
/// `RING_CELLS[i]`.
const RING_CELLS: [Cell; 6] = ring_cells();

const fn ring_cells() -> [Cell; 6] {
    let mut out = [Cell::THRONE; 6];
    let (mut n, mut i) = (0, 0);
    while i < 128 {
        if let Some(c) = Cell::from_index(i)
            && c.ring() == 1
        {
            out[n] = c;
            n += 1;
        }
        i += 1;
    }
    out
}

/// [`approach`]'s steps for one guard, by its cell's index and the mask
/// of the ring's cells its side does not hold: the search evaluates
/// millions of positions a second, and measuring each guard's distance
/// to each free cell took a third of its time (`perf` on the engine).
static APPROACH: [[u8; 64]; 128] = approach_table();

const fn approach_table() -> [[u8; 64]; 128] {
    let mut table = [[0; 64]; 128];
    let mut i = 0;
    while i < 128 {
        if let Some(g) = Cell::from_index(i as u8)
            && g.ring() >= 2
        {
            let mut free = 0;
            while free < 64 {
                let mut nearest = 0;
                let mut bit = 0;
                while bit < 6 {
                    let d = g.distance(RING_CELLS[bit]);
                    if free >> bit & 1 == 1 && (nearest == 0 || d < nearest) {
                        nearest = d;
                    }
                    bit += 1;
                }
                table[i][free] = nearest.saturating_sub(g.ring() - 1);
                free += 1;
            }
        }
        i += 1;
    }
    table
}

/// The empty throne-ring cells the enemy of `side` may enter.
fn ring_open(p: &Position, side: Side) -> u32 {
    (CellSet::THRONE_RING & (p.empty_cells() - p.forbidden_for(!side))).len()
}

fn side_terms(p: &Position, side: Side, w: &Weights) -> i32 {
    let in_play = p.in_play(side);
    let guards_in = p.guards(side) & in_play;
    let queen_on_throne = p.holds_throne(side);
    let ring_guards = (guards_in & CellSet::THRONE_RING).len() as i32;
    let mut s = -w.distance * formation_distance(p, side);
    if queen_on_throne {
        s += w.queen_on_throne + w.guard_beside_queen * ring_guards;
        if w.ring_open != 0 {
            s -= w.ring_open * ring_open(p, side) as i32;
        }
    } else {
        if ring_guards >= 5 {
            s -= w.forfeit_trap;
        }
        if p.forbidden_for(side).contains(Cell::THRONE) {
            s -= w.throne_barred;
        }
    }
    let formation = CellSet::THRONE_RING | CellSet::single(Cell::THRONE);
    s -= w.blocker * (p.pieces(!side) & formation).len() as i32;
    s -= w.exposed * exposed(p, side) as i32;
    s -= w.captured * p.captured(side).len() as i32;
    s -= w.siege * siege(p, side);
    if w.siege_lines != 0 {
        s -= w.siege_lines * siege_lines(p, side);
    }
    if w.dethrone != 0 {
        s -= w.dethrone * dethrone(p, side);
    }
    if w.approach != 0 {
        s -= w.approach * approach(p, side);
    }
    if w.reserve != 0 || w.spare != 0 {
        let blockers = (p.in_play(!side) & formation).len().min(2) as i32;
        let outside = (guards_in - CellSet::ring(1) - CellSet::ring(2)).len() as i32;
        s -= w.reserve * (blockers - outside).max(0);
        // A captured guard comes back on the outer ring: a spare too.
        if w.spare != 0
            && blockers == 0
            && outside == 0
            && (p.guards(side) & p.captured(side)).is_empty()
        {
            s -= w.spare;
        }
    }
    if w.mobility != 0 || w.cramp != 0 {
        let steps = p.step_count(side) as i32;
        s += w.mobility * steps;
        s -= w.cramp * (CRAMP_STEPS - steps).max(0);
    }
    s
}

/// The evaluation from the side to move's point of view.
pub fn evaluate(p: &Position, w: &Weights) -> i32 {
    let us = p.to_move();
    side_terms(p, us, w) - side_terms(p, !us, w) + w.tempo
}

#[cfg(test)]
mod tests;
