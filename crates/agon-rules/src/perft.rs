//! perft: the number of action sequences of a given length (clause 23).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::action::ActionList;
use crate::position::Position;

/// Counts the action sequences of length `depth` from `pos`. A game ended by
/// the throne formation (clauses 17, 18) has no further actions; repetition
/// is ignored.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_until(pos, depth, &AtomicBool::new(false)).expect("never stopped")
}

/// [`perft`] that gives up, with `None`, soon after `stop` is set: a deep
/// count takes minutes, and whoever asked for it may change their mind.
pub fn perft_until(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth > 0 && pos.formation_outcome().is_some() {
        return Some(0);
    }
    let mut pos = *pos;
    count(&mut pos, depth, stop)
}

fn count(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    match depth {
        0 => Some(1),
        // The last ply is counted, not played: a final action that completes
        // a formation still ends a sequence of exactly this length.
        1 => Some(pos.count_actions() as u64),
        _ => {
            // One relaxed load a generated list: too cheap to measure.
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let mut list = ActionList::new();
            pos.legal_actions_into(&mut list);
            let mover = pos.to_move();
            let mut n = 0u64;
            for &a in list.iter() {
                let undo = pos.play(a);
                let below = if pos.formation(mover).is_none() {
                    count(pos, depth - 1, stop)
                } else {
                    Some(0)
                };
                pos.undo(a, undo);
                // Counts beyond u64 would take millennia; still, never wrap.
                n = n.checked_add(below?).expect("a perft count beyond u64");
            }
            Some(n)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_count_gives_up_and_an_unstopped_one_finishes() {
        let start = Position::start();
        assert_eq!(perft_until(&start, 3, &AtomicBool::new(false)), Some(18417));
        assert_eq!(perft_until(&start, 9, &AtomicBool::new(true)), None);
        // Depths 0 and 1 are answered without a search to stop.
        assert_eq!(perft_until(&start, 1, &AtomicBool::new(true)), Some(27));
    }
}
