//! The solution of a forced win, as the prover finds it: unique at each of
//! the solver's steps, the longest defence at each of the other side's.

use agon_ai::evaluate;
use agon_rules::{Action, Game, Position};

use crate::prove::Prover;

/// The line of a forced win of `prover`'s target in `n` actions from `p`:
/// at each of the solver's steps the one action that forces it within the
/// steps left (any other is at least a whole action slower, proved); at
/// each of the other side's, the reply that holds out longest (ties broken
/// by the evaluation, the defender's way). `None` when the position is won
/// whatever one plays: `won_anyway` of the first actions or more still
/// force the target with one action to spare.
pub(crate) fn forced_line(
    prover: &mut Prover,
    p: &Position,
    n: u32,
    won_anyway: f32,
) -> Option<Vec<Action>> {
    let solver = p.to_move();
    let mut line = Vec::new();
    let mut pos = *p;
    let mut k = n;
    loop {
        let mut winner = None;
        let actions = pos.legal_actions();
        let mut with_spare = 0;
        for &a in actions.iter() {
            let mut child = pos;
            child.play(a);
            let in_time = prover.reaches_target(&pos, a)
                || (k > 1 && prover.forced_after(&child, solver, k - 1));
            if in_time {
                if winner.is_some() {
                    return None;
                }
                winner = Some(a);
            }
            if line.is_empty() && (in_time || prover.forced_after(&child, solver, k)) {
                with_spare += 1;
            }
            if prover.exhausted() {
                return None;
            }
        }
        if line.is_empty() && with_spare as f32 >= won_anyway * actions.len() as f32 {
            return None;
        }
        let a = winner?;
        line.push(a);
        if prover.reaches_target(&pos, a) {
            return Some(line);
        }
        pos.play(a);
        // The reply that holds out longest.
        let mut best: Option<(u32, i32, Action)> = None;
        for &r in pos.legal_actions().iter() {
            let mut child = pos;
            child.play(r);
            if child.formation_outcome().is_some() || !child.has_actions() {
                // A forfeit or a stalemate of the defender: its worst.
                continue;
            }
            let holds = (1..k).find(|&m| prover.wins_within(&child, m)).unwrap_or(k);
            let eval = -evaluate(&child, &agon_ai::Weights::DEFAULT);
            let key = (holds, -eval, r);
            if best.is_none_or(|(h, e, _)| (holds, -eval) > (h, e)) {
                best = Some(key);
            }
        }
        let (holds, _, reply) = best?;
        if prover.exhausted() || holds >= k {
            return None;
        }
        line.push(reply);
        pos.play(reply);
        k -= 1;
        if k == 0 {
            return None;
        }
    }
}

/// Whether the line, played as a game from `p`, ends in the solver's win
/// (no repetition draw on the way).
pub(crate) fn ends_in_win(p: &Position, line: &[Action]) -> bool {
    let mut game = Game::from_position(*p);
    for &a in line {
        if game.play(a).is_err() {
            return false;
        }
    }
    game.outcome().and_then(|o| o.winner()) == Some(p.to_move())
}
