//! The standstill (`Style::stall`): how many plies in a row changed
//! nothing for good (sideways steps that capture nothing), and how it
//! wears down the evaluation of the side searching while it is ahead.
//! Pieces never step outward, so a crowded centre can leave both sides
//! with sideways steps only; without this, Master waited in such locked
//! positions as happily as its opponent (README, "The strength of Master").

use agon_rules::{Action, Game, Position, Side};

use super::Search;

/// Whether the side that played `before` to reach `after` captured.
fn captured(before: &Position, after: &Position) -> bool {
    let them = !before.to_move();
    after.captured(them).len() > before.captured(them).len()
}

/// Whether `a`, played in `before` to reach `after`, adds a ply to the
/// count of `side`, the side searching: the standstill goes on through a
/// sideways step that captured nothing; with `drought`, the count goes on
/// through every action but a capture of `side`'s.
fn goes_on(before: &Position, a: Action, after: &Position, side: Side, drought: bool) -> bool {
    if drought {
        before.to_move() != side || !captured(before, after)
    } else {
        !before.must_relocate() && a.from.ring() == a.to.ring() && !captured(before, after)
    }
}

/// The count at the end of `game` for the side to move: its last actions
/// that changed nothing for good (the standstill) or, with `drought`,
/// those since that side last captured.
pub(super) fn game_standstill(game: &Game, drought: bool) -> u32 {
    let position = |i| game.position_at(i).expect("a position of the game");
    let side = game.position().to_move();
    let n = game
        .history()
        .iter()
        .enumerate()
        .rev()
        .take_while(|(i, p)| goes_on(position(*i), p.action, position(i + 1), side, drought))
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// `v` after `stalled` plies of standstill: `v · N / (N + stalled)` for
/// `stall` N, so half at N plies and a third at 2N; `v` itself when
/// `stall` is 0.
pub(super) fn wear(v: i32, stall: i32, stalled: u32) -> i32 {
    if stall <= 0 || stalled == 0 {
        return v;
    }
    let n = i64::from(stall);
    (i64::from(v) * n / (n + i64::from(stalled))) as i32
}

impl Search {
    /// The standstill count of `child`, reached from the frame `top` by `a`.
    pub(super) fn stalled_after(&self, top: usize, a: Action, child: &Position) -> u32 {
        if self.style.stall == 0 {
            return 0;
        }
        let f = &self.stack[top];
        let drought = self.style.drought > 0;
        if goes_on(&f.pos, a, child, self.root.to_move(), drought) {
            f.stalled + 1
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate;
    use crate::search::Limits;
    use crate::style::Style;
    use agon_rules::splitmix64;

    /// A search of one ply: only its start is looked at.
    fn one_ply() -> Limits {
        Limits {
            depth: Some(1),
            ..Limits::default()
        }
    }

    /// Whether `after` changed nothing for good: the same pieces out of
    /// play and the same sum of rings in play (a step inward lowers it).
    fn standstill(before: &Position, after: &Position) -> bool {
        let rings = |p: &Position| -> u32 {
            [Side::Light, Side::Dark]
                .into_iter()
                .flat_map(|s| p.in_play(s).iter())
                .map(|c| c.ring() as u32)
                .sum()
        };
        [Side::Light, Side::Dark]
            .into_iter()
            .all(|s| before.captured(s) == after.captured(s))
            && rings(before) == rings(after)
    }

    /// The standstill count, at the root from the game and in the search
    /// from the path, is the number of actions in a row that changed
    /// nothing for good: a capture, a relocation or a step inward ends it.
    #[test]
    fn a_standstill_counts_the_actions_in_a_row_that_change_nothing_for_good() {
        let mut search = Search::new(1);
        search.set_style(Style {
            stall: 10,
            ..Style::default()
        });
        let (mut extended, mut ended) = (0, [0; 3]);
        for seed in 0..12u64 {
            let mut game = Game::new();
            let mut expected = 0;
            for ply in 0..400u64 {
                if game.is_over() {
                    break;
                }
                search.start(&game, one_ply());
                assert_eq!(search.root_stalled, expected, "seed {seed} ply {ply}");
                assert_eq!(search.stack[0].stalled, expected);
                let root = *game.position();
                let actions = root.legal_actions();
                for &a in actions.iter() {
                    let mut child = root;
                    child.play(a);
                    let want = if standstill(&root, &child) {
                        expected + 1
                    } else {
                        0
                    };
                    assert_eq!(search.stalled_after(0, a, &child), want, "{a}");
                }
                let pick = splitmix64(seed << 32 | ply) as usize % actions.len();
                let a = actions[pick];
                let before = root;
                game.play(a).expect("a legal action");
                if standstill(&before, game.position()) {
                    expected += 1;
                    extended += 1;
                } else {
                    expected = 0;
                    let kind = if before.must_relocate() {
                        0
                    } else if a.from.ring() != a.to.ring() {
                        1
                    } else {
                        2
                    };
                    ended[kind] += 1;
                }
            }
        }
        // The games went through every case: a relocation, a step inward,
        // and a sideways step that captured.
        assert!(
            extended > 100 && ended.iter().all(|&n| n > 0),
            "{extended} {ended:?}"
        );
        // Without the setting nothing is counted in the search.
        search.set_style(Style::default());
        let root = Position::start();
        let a = root.legal_actions()[0];
        let mut child = root;
        child.play(a);
        search.start(&Game::new(), one_ply());
        assert_eq!(search.stalled_after(0, a, &child), 0);
    }

    /// After `stall` actions that changed nothing an evaluation in favour
    /// of the side searching counts half, after twice as many a third; its
    /// sign never changes, and an evaluation against it is left whole.
    #[test]
    fn a_standstill_wears_down_the_advantage_of_the_side_searching() {
        use super::super::long_game::{at, searching};
        let p = at(Side::Light);
        let w = crate::eval::Weights::MASTER;
        let v = evaluate(&p, &w);
        assert!(v.abs() > 100, "{v}");
        let ahead = if v > 0 { Side::Light } else { Side::Dark };
        let searching = |side: Side, stall: i32| {
            let style = Style {
                weights: w,
                stall,
                ..Style::default()
            };
            searching(side, style, one_ply())
        };
        let off = searching(ahead, 0);
        assert_eq!(off.evaluate(&p, 0), v);
        assert_eq!(off.evaluate(&p, 30), v, "off: the count does not matter");
        let on = searching(ahead, 10);
        assert_eq!(on.evaluate(&p, 0), v);
        assert_eq!(on.evaluate(&p, 10), v * 10 / 20);
        assert_eq!(on.evaluate(&p, 20), v * 10 / 30);
        let worn = on.evaluate(&p, 200);
        assert!(
            worn.signum() == v.signum() && worn.abs() < v.abs() / 10,
            "{worn}"
        );
        let behind = searching(!ahead, 10);
        assert_eq!(behind.evaluate(&p, 20), v, "a deficit is not worn down");
    }

    /// With `drought`, the count is the plies since the side to move at
    /// the root last captured: the opponent's captures, relocations and
    /// steps inward do not end it, and the grace is taken off before the
    /// evaluation is worn down.
    #[test]
    fn a_drought_counts_the_plies_since_the_side_searching_captured() {
        let mut search = Search::new(1);
        search.set_style(Style {
            stall: 10,
            drought: 30,
            ..Style::default()
        });
        // Whether the mover of `before` put an enemy piece out of play.
        let took = |before: &Position, after: &Position| {
            let them = !before.to_move();
            !(after.captured(them) - before.captured(them)).is_empty()
        };
        let (mut own, mut theirs) = (0, 0);
        for seed in 0..12u64 {
            let mut game = Game::new();
            // Plies since each side last captured, by side index.
            let mut since = [0u32; 2];
            for ply in 0..400u64 {
                if game.is_over() {
                    break;
                }
                search.start(&game, one_ply());
                let root = *game.position();
                let me = root.to_move() as usize;
                assert_eq!(search.root_stalled, since[me], "seed {seed} ply {ply}");
                let actions = root.legal_actions();
                for &a in actions.iter() {
                    let mut child = root;
                    child.play(a);
                    let want = if took(&root, &child) {
                        0
                    } else {
                        since[me] + 1
                    };
                    assert_eq!(search.stalled_after(0, a, &child), want, "{a}");
                }
                let pick = splitmix64(seed << 32 | ply) as usize % actions.len();
                game.play(actions[pick]).expect("a legal action");
                for s in &mut since {
                    *s += 1;
                }
                if took(&root, game.position()) {
                    since[me] = 0;
                    own += 1;
                }
                if !(game.position().captured(root.to_move()) - root.captured(root.to_move()))
                    .is_empty()
                {
                    theirs += 1;
                }
            }
        }
        assert!(own > 20, "the games captured: {own}");
        assert_eq!(theirs, 0, "a side never puts its own pieces out of play");
        // The grace is taken off the count before the evaluation is worn.
        let board = "6/7/4gG2/6G2/4gQGg2/4gqGG3/4g1G3/5g3/8/7/6";
        let p = Position::from_afn(&format!("{board} l -")).expect("a position");
        let w = crate::eval::Weights::MASTER;
        let v = evaluate(&p, &w);
        let ahead = if v > 0 { 'l' } else { 'd' };
        let root = Position::from_afn(&format!("{board} {ahead} -")).expect("a position");
        search.set_style(Style {
            weights: w,
            stall: 10,
            drought: 30,
            ..Style::default()
        });
        search.start_with_history(root, &[root.hash()], one_ply());
        assert_eq!(search.evaluate(&p, 30), v, "within the grace");
        assert_eq!(search.evaluate(&p, 40), v * 10 / 20);
    }
}
