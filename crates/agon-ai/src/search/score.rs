//! What a position is worth to this search: the evaluation with the
//! terms only the side searching holds (haste, the standstill, trade aversion,
//! noise), repetitions, and mate scores in the table.

use agon_rules::{Position, Side, splitmix64};
use std::hash::{Hash, Hasher};

use super::{MATE_BOUND, Search, stall};
use crate::eval::{evaluate, length};

impl Search {
    pub(super) fn evaluate(&self, p: &Position, stalled: u32) -> i32 {
        let mut v = evaluate(p, &self.style.weights);
        let ahead = self.for_root(p.to_move(), v);
        if self.style.haste != 0 && ahead > 0 {
            // At most half the lead: haste reorders the ways to win, it
            // never reads a won position as lost.
            let slow = self.style.haste as f32 * length::ln_plies_left(p, v).max(0.0);
            v -= self.for_root(p.to_move(), (slow as i32).min(ahead / 2));
        }
        if self.style.stall != 0 && self.for_root(p.to_move(), v) > 0 {
            let grace = u32::try_from(self.style.drought).unwrap_or(0);
            v = stall::wear(v, self.style.stall, stalled.saturating_sub(grace));
        }
        if self.style.trade_aversion != 0 {
            let lost = p.captured(self.root.to_move()).len() as i32 * self.style.trade_aversion;
            v += self.for_root(p.to_move(), -lost);
        }
        if self.style.noise > 0 {
            let h = splitmix64(p.hash() ^ self.style.seed);
            let span = 2 * self.style.noise as u64 + 1;
            v += (h % span) as i32 - self.style.noise;
        }
        // Tweaked weights can reach any size; a score past the mate bound
        // would read as a won or lost game.
        v.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// A stored score holds for the style that computed it and, where the
    /// style has terms only the side searching holds, for that side. The
    /// game's hint (default style, the human's side) and its opponent share
    /// one table: each keys its own entries instead of reading the other's
    /// bias, and neither has to clear the table.
    pub(super) fn tt_salt(&self) -> u64 {
        let mut style = self.style;
        if style.noise == 0 {
            // The seed only feeds the noise: levels without noise keep
            // their entries from one action to the next.
            style.seed = 0;
        }
        let mut h = std::hash::DefaultHasher::new();
        style.hash(&mut h);
        if style.contempt != 0 || style.trade_aversion != 0 || style.stall != 0 {
            self.root.to_move().hash(&mut h);
        }
        h.finish()
    }

    /// `v`, a value for the side searching, seen by `side`: the terms that
    /// only the side searching holds (contempt, trade aversion).
    pub(super) fn for_root(&self, side: Side, v: i32) -> i32 {
        if side == self.root.to_move() { v } else { -v }
    }

    pub(super) fn is_repetition(&self, hash: u64) -> bool {
        // The same position has the same side to move: look two plies apart.
        // A second occurrence already counts: letting Master shuffle back to
        // positions of the game while waiting drew more games against UCT
        // (11 draws in 100 against 4, `master:50` against `uct:200`).
        let n = self.path.len();
        let mut i = n as isize - 2;
        while i >= self.game_len as isize {
            if self.path[i as usize] == hash {
                return true;
            }
            i -= 2;
        }
        self.game_hashes[n % 2].contains(&hash)
    }
}

pub(super) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::super::Limits;
    use super::*;

    /// The game's hashes looked up by parity find exactly what scanning
    /// the whole path two plies apart found: a position of the game with
    /// the same side to move, or one earlier on the search's own path.
    #[test]
    fn repetitions_of_the_game_and_the_path_are_found_two_plies_apart() {
        let mut search = Search::new(1);
        let root = Position::start();
        let game: Vec<u64> = (10..17).chain([root.hash()]).collect();
        search.start_with_history(root, &game, Limits::default());
        assert_eq!(search.game_len, 7);
        search.path.extend([root.hash(), 20, 21, 22]);
        let scan = |path: &[u64], hash: u64| {
            (0..path.len())
                .rev()
                .skip(1)
                .step_by(2)
                .any(|i| path[i] == hash)
        };
        for len in search.game_len..=search.path.len() {
            let mut s = Search::new(1);
            s.start_with_history(root, &game, Limits::default());
            s.path.extend_from_slice(&search.path[s.game_len..len]);
            for hash in (9..24).chain([root.hash()]) {
                assert_eq!(
                    s.is_repetition(hash),
                    scan(&s.path, hash),
                    "{hash} after {len} hashes"
                );
            }
        }
        // Either parity of the game is found at its own distance.
        search.path.truncate(search.game_len);
        assert!(search.is_repetition(15) && !search.is_repetition(16));
        search.path.push(root.hash());
        assert!(search.is_repetition(16) && !search.is_repetition(15));
    }

    /// With `haste` the lead of the side searching counts less the longer
    /// the network reads the game, by at most half, on its turn and on
    /// the other side's; a deficit is left whole.
    #[test]
    fn haste_lowers_the_lead_of_the_side_searching_by_at_most_half() {
        use super::super::long_game::{at, searching};
        use crate::style::Style;
        use agon_rules::Side;
        let w = crate::eval::Weights::MASTER;
        let v = evaluate(&at(Side::Light), &w);
        let ahead = if v > 0 { Side::Light } else { Side::Dark };
        let searching = |root: Side, haste: i32| {
            let style = Style {
                weights: w,
                haste,
                ..Style::default()
            };
            searching(root, style, Limits::default())
        };
        for to_move in [Side::Light, Side::Dark] {
            let p = at(to_move);
            let plain = evaluate(&p, &w);
            let lead = searching(ahead, 0).for_root(to_move, plain);
            assert!(lead > 200, "{lead}");
            let slow = length::ln_plies_left(&p, plain);
            assert!(slow > 1.0, "a long game's position: {slow}");
            let read = |haste| {
                let s = searching(ahead, haste);
                s.for_root(to_move, s.evaluate(&p, 0))
            };
            assert_eq!(read(0), lead);
            assert_eq!(read(50), lead - (50.0 * slow) as i32);
            assert_eq!(read(10_000), lead - lead / 2, "at most half");
            // Behind, the side searching reads the position as without.
            let s = searching(!ahead, 10_000);
            assert_eq!(s.evaluate(&p, 0), plain);
        }
    }
}
