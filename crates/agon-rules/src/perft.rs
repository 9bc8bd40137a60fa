//! perft: the number of action sequences of a given length (clause 23).

use crate::action::ActionList;
use crate::position::Position;

/// Counts the action sequences of length `depth` from `pos`. A game ended by
/// the throne formation (clauses 17, 18) has no further actions; repetition
/// is ignored.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth > 0 && pos.formation_outcome().is_some() {
        return 0;
    }
    let mut pos = *pos;
    count(&mut pos, depth)
}

fn count(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        // The last ply is counted, not played: a final action that completes
        // a formation still ends a sequence of exactly this length.
        1 => pos.count_actions() as u64,
        _ => {
            let mut list = ActionList::new();
            pos.legal_actions_into(&mut list);
            let mover = pos.to_move();
            let mut n = 0;
            for &a in list.iter() {
                let undo = pos.play(a);
                if pos.formation(mover).is_none() {
                    n += count(pos, depth - 1);
                }
                pos.undo(a, undo);
            }
            n
        }
    }
}

/// perft split by first action, sorted by action text: for finding where two
/// move generators disagree.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 || pos.formation_outcome().is_some() {
        return Vec::new();
    }
    let mut out: Vec<(String, u64)> = pos
        .legal_actions()
        .iter()
        .map(|&a| {
            let mut next = *pos;
            next.play(a);
            (a.to_string(), perft(&next, depth - 1))
        })
        .collect();
    out.sort();
    out
}
