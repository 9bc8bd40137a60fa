//! Long games that never end, for timing what a game's length costs: the
//! `long_game` example and the `long_games` test share this file.

use std::collections::HashMap;

use agon_rules::{Action, Position, splitmix64};

/// `n` legal actions from the start after which the game is still on.
///
/// A seeded random playout that, at each turn, takes an action that neither
/// completes a formation, nor brings a position about for the third time,
/// nor leaves the opponent without an action, preferring one that leads to
/// a position not seen before, then one that captures: without captures
/// the pieces creep inward until every action repeats (one such playout
/// was stuck after 17 126 actions); a capture sends a piece back out.
/// It keeps its own repetition counts, so making a game costs the same
/// whatever `Game` does.
pub fn endless_game(n: usize, seed: u64) -> Vec<Action> {
    let mut rng = seed;
    let mut position = Position::start();
    let mut seen: HashMap<Position, u32> = HashMap::from([(position, 1)]);
    let mut actions = Vec::with_capacity(n);
    while actions.len() < n {
        let mut list = position.legal_actions().to_vec();
        // A Fisher-Yates shuffle: the first of the best is a random one.
        for i in (1..list.len()).rev() {
            rng = splitmix64(rng);
            list.swap(i, (rng % (i as u64 + 1)) as usize);
        }
        // How often the position after `a` has been seen and whether `a`
        // captures nothing, or None when `a` would end the game.
        let rank = |a: Action| {
            let mut next = position;
            next.play(a);
            let times = seen.get(&next).copied().unwrap_or(0);
            let quiet = !position.captures_of(a).any();
            (next.formation_outcome().is_none() && times < 2 && next.has_actions())
                .then_some((times, quiet))
        };
        let Some((_, a)) = list
            .iter()
            .filter_map(|&a| rank(a).map(|r| (r, a)))
            .min_by_key(|&(r, _)| r)
        else {
            panic!(
                "the playout is stuck after {} actions at {position}",
                actions.len()
            );
        };
        position.play(a);
        *seen.entry(position).or_insert(0) += 1;
        actions.push(a);
    }
    actions
}
