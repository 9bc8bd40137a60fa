//! A puzzle being solved: the player's actions are checked against the
//! solution, the other side's replies are played, and a wrong action is
//! refused (to be retried) with what it would have allowed.

use agon_rules::{Action, Game, IllegalAction, Kind, PlayError, Position, Side};

use crate::prove::{Prover, Target};
use crate::puzzle::{Goal, Puzzle};

/// What became of an action of the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Right, and the other side has answered with `reply` (already played
    /// in the run): animate it, then wait for the player's next action.
    Continue { reply: Action },
    /// Right, and the puzzle is solved.
    Solved,
    /// Not the solution: nothing was played, and the player may try again.
    Wrong { allows: Consequence },
}

/// What a wrong action lets the other side do, to tell the player gently.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Consequence {
    /// The other side wins on the throne at once with `reply`.
    ThroneWin { reply: Action },
    /// The other side forces a throne win in `moves` of its actions,
    /// starting with `reply`.
    ThroneWinIn { moves: u32, reply: Action },
    /// The other side captures the player's queen with `reply`.
    QueenCaptured { reply: Action },
    /// The other side captures `count` pieces with `reply`.
    PiecesCaptured { reply: Action, count: u32 },
    /// The action itself completes the ring without the queen on the
    /// throne: the player forfeits.
    Forfeit,
    /// Nothing at once: the win (or the material) slips away.
    AdvantageLost,
}

/// How many positions the consequence of a wrong action may look at
/// (a forced throne win in two): a few milliseconds, on the web too.
const CONSEQUENCE_BUDGET: u64 = 20_000;

/// A puzzle in play.
#[derive(Clone, Debug)]
pub struct PuzzleRun {
    puzzle: Puzzle,
    /// The solution's positions: `line[i]` is the one before `solution[i]`.
    line: Vec<Position>,
    /// The actions played so far, for the board and for analysis.
    game: Game,
    /// The index in the solution of the player's next action.
    next: usize,
    mistakes: u32,
    hints: u32,
    solved: bool,
}

impl PuzzleRun {
    pub fn new(puzzle: Puzzle) -> PuzzleRun {
        PuzzleRun {
            line: puzzle.positions(),
            game: Game::from_position(puzzle.position),
            puzzle,
            next: 0,
            mistakes: 0,
            hints: 0,
            solved: false,
        }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The side the player solves for (turn the board to it).
    pub fn solver(&self) -> Side {
        self.puzzle.solver()
    }

    pub fn goal(&self) -> Goal {
        self.puzzle.goal()
    }

    /// The game so far: the puzzle's position and the actions played, to
    /// show on the board and to open in analysis.
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    pub fn is_solved(&self) -> bool {
        self.solved
    }

    /// Wrong actions tried so far.
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// Solved with no wrong action and no hint: what counts as a win for
    /// the rating and the streak.
    pub fn is_clean(&self) -> bool {
        self.solved && self.mistakes == 0 && self.hints == 0
    }

    /// The hint: the piece to move now (its cell). Taking it makes the
    /// solve not clean.
    pub fn hint(&mut self) -> Option<agon_rules::Cell> {
        let action = self.expected()?;
        self.hints += 1;
        Some(action.from)
    }

    /// The solution's action now, for the solution view. Showing it makes
    /// the solve not clean.
    pub fn reveal(&mut self) -> Option<Action> {
        let action = self.expected()?;
        self.hints += 1;
        Some(action)
    }

    fn expected(&self) -> Option<Action> {
        (!self.solved).then(|| self.puzzle.solution[self.next])
    }

    /// Reads the player's action as text (`g4-g5`, or `g4-g5xg6`) and
    /// plays it as [`PuzzleRun::play`] does.
    pub fn play_text(&mut self, text: &str) -> Result<Verdict, PlayError> {
        let action = self.game.position().read_action(text)?;
        self.play(action)
            .map_err(|reason| PlayError::Illegal { action, reason })
    }

    /// Checks the player's action. The right one is played with the other
    /// side's reply; so is one that reaches a position of the solution by
    /// another way (a transposition: the same pieces on the same cells,
    /// the other side to move), and one that wins on the throne at once.
    /// A wrong one is not played. An illegal one is an error.
    pub fn play(&mut self, action: Action) -> Result<Verdict, IllegalAction> {
        if self.solved {
            return Err(IllegalAction::GameOver);
        }
        self.game.check(action)?;
        let mut after = *self.game.position();
        after.play(action);
        let solver = self.solver();
        // Later positions of the line after the solver's actions: the
        // solver's actions are at even indices, so these are odd.
        let reached = (self.next + 1..self.line.len())
            .step_by(2)
            .find(|&j| self.line[j] == after);
        let throne_win = after
            .formation(solver)
            .is_some_and(|o| o.winner() == Some(solver));
        let Some(j) = reached else {
            if throne_win {
                self.game.play(action)?;
                self.solved = true;
                return Ok(Verdict::Solved);
            }
            self.mistakes += 1;
            return Ok(Verdict::Wrong {
                allows: consequence(self.game.position(), action),
            });
        };
        self.game.play(action)?;
        if j == self.line.len() - 1 || self.game.is_over() {
            self.solved = true;
            return Ok(Verdict::Solved);
        }
        let reply = self.puzzle.solution[j];
        self.game.play(reply)?;
        self.next = j + 1;
        Ok(Verdict::Continue { reply })
    }
}

/// What `action` (a wrong one) in `p` lets the other side do.
pub fn consequence(p: &Position, action: Action) -> Consequence {
    let me = p.to_move();
    let mut after = *p;
    after.play(action);
    if after.formation(me).is_some() {
        // Not a win (that is never wrong), so a forfeit.
        return Consequence::Forfeit;
    }
    let mut throne = Prover::new(Target::Throne, CONSEQUENCE_BUDGET);
    let replies = after.legal_actions();
    if let Some(&reply) = replies.iter().find(|&&r| throne.reaches_target(&after, r)) {
        return Consequence::ThroneWin { reply };
    }
    if throne.wins_within(&after, 2) {
        let reply = replies.iter().copied().find(|&r| {
            let mut next = after;
            next.play(r);
            throne.forced_after(&next, !me, 1)
        });
        if let Some(reply) = reply {
            return Consequence::ThroneWinIn { moves: 2, reply };
        }
    }
    let mut most: Option<(Action, u32)> = None;
    for &r in replies.iter() {
        let caught = after.captures_of(r);
        if caught
            .iter()
            .any(|c| after.piece_at(c).map(|p| p.kind) == Some(Kind::Queen))
        {
            return Consequence::QueenCaptured { reply: r };
        }
        let count = caught.len();
        if count > 0 && most.is_none_or(|(_, n)| count > n) {
            most = Some((r, count));
        }
    }
    match most {
        Some((reply, count)) => Consequence::PiecesCaptured { reply, count },
        None => Consequence::AdvantageLost,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Theme;
    use crate::testing::{action, build, throne_in_one};

    fn puzzle(position: Position, solution: &[&str]) -> Puzzle {
        Puzzle {
            id: "test".into(),
            position,
            solution: solution.iter().map(|t| action(t)).collect(),
            themes: vec![Theme::Throne, Theme::ThroneIn(1)],
            rating: 1000,
        }
    }

    #[test]
    fn the_right_action_solves_and_counts_clean() {
        let mut run = PuzzleRun::new(puzzle(throne_in_one(), &["e4-e5"]));
        assert_eq!(run.solver(), Side::Light);
        assert_eq!(run.goal(), Goal::ThroneIn(1));
        assert_eq!(run.play(action("e4-e5")), Ok(Verdict::Solved));
        assert!(run.is_solved() && run.is_clean());
        assert!(run.game().outcome().is_some());
        assert_eq!(run.play(action("e4-e5")), Err(IllegalAction::GameOver));
    }

    #[test]
    fn a_wrong_action_is_not_played_and_says_what_it_allows() {
        let mut run = PuzzleRun::new(puzzle(throne_in_one(), &["e4-e5"]));
        // The sixth guard steps sideways, away from the ring.
        let verdict = run.play(action("e4-d4")).unwrap();
        assert!(matches!(verdict, Verdict::Wrong { .. }), "{verdict:?}");
        assert_eq!(run.mistakes(), 1);
        assert_eq!(run.game().history().len(), 0);
        assert_eq!(run.position(), &throne_in_one());
        // Retried, it is solved, but not cleanly.
        assert_eq!(run.play_text("e4-e5"), Ok(Verdict::Solved));
        assert!(run.is_solved() && !run.is_clean());
        // An illegal action is an error, not a mistake.
        let mut run = PuzzleRun::new(puzzle(throne_in_one(), &["e4-e5"]));
        assert!(run.play_text("e4-e6").is_err());
        assert!(run.play_text("e4-e5xf6").is_err());
        assert_eq!(run.mistakes(), 0);
    }

    #[test]
    fn a_wrong_action_that_lets_a_throne_win_through_says_so() {
        // Dark's queen on the throne, five guards in the ring and the
        // sixth on e4, a step from e5; Light, far away, cannot stop it.
        let p = build(
            &[
                "f6q", "e6g", "f5g", "f7g", "g5g", "g6g", "e4g", "f1Q", "a5G", "b1G", "k1G", "l5G",
            ],
            Side::Light,
        );
        let c = consequence(&p, action("f1-f2"));
        assert_eq!(
            c,
            Consequence::ThroneWin {
                reply: action("e4-e5")
            }
        );
    }

    #[test]
    fn a_hint_and_the_solution_view_make_it_not_clean() {
        let mut run = PuzzleRun::new(puzzle(throne_in_one(), &["e4-e5"]));
        assert_eq!(run.hint(), Some(crate::testing::cell("e4")));
        assert_eq!(run.reveal(), Some(action("e4-e5")));
        run.play(action("e4-e5")).unwrap();
        assert!(run.is_solved() && !run.is_clean());
        assert_eq!(run.hint(), None);
    }

    /// A line whose later position one action reaches at once: the
    /// solution steps b1-c1, later steps it back, while Dark steps l5-l4
    /// and back; f1-f2 on the first move is where the line stands after
    /// its fifth action. The run jumps there and carries on.
    #[test]
    fn an_action_that_transposes_into_the_line_is_right() {
        let p = build(&["f1Q", "b1G", "a5G", "f11q", "l5g", "k7g"], Side::Light);
        let line = [
            "b1-c1", "l5-l4", "f1-f2", "l4-l5", "c1-b1", "l5-l4", "a5-a4",
        ];
        let mut run = PuzzleRun::new(puzzle(p, &line));
        assert_eq!(
            run.play(action("f1-f2")),
            Ok(Verdict::Continue {
                reply: action("l5-l4")
            })
        );
        assert_eq!(run.play(action("a5-a4")), Ok(Verdict::Solved));
        assert!(run.is_clean());
        // The same action is wrong where it reaches no position of the line.
        let mut run = PuzzleRun::new(puzzle(p, &line[..5]));
        assert_eq!(
            run.play(action("a5-a4"))
                .map(|v| matches!(v, Verdict::Wrong { .. })),
            Ok(true)
        );
        // In the order of the solution it is right too.
        let mut run = PuzzleRun::new(puzzle(p, &line));
        assert_eq!(
            run.play(action("b1-c1")),
            Ok(Verdict::Continue {
                reply: action("l5-l4")
            })
        );
    }
}
