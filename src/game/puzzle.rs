//! Puzzles: a position from a real game with one way on (`agon_puzzles`,
//! the shipped file `assets/puzzles/puzzles.jsonl`). A puzzle is a sandbox
//! like a lesson: the game in progress waits aside until the player leaves
//! the puzzles. The owner plays the person's right actions and the other
//! side's replies (shown arriving a moment later), and refuses a wrong one
//! with what it would allow; the rating and the streak follow each attempt
//! and are kept by the store.

use agon_puzzles::{
    Consequence, Date, PlayerRating, Puzzle, PuzzleRun, PuzzleSet, Streak, Theme, Verdict,
};
use agon_rules::{Action, Cell, Game, Side};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use web_time::{Duration, Instant};

use crate::frames::{AppSystems, wake_on};
use crate::game::messages::{Feedback, RequestAction};
use crate::game::mode::Mode;
use crate::game::the_match::Match;
use crate::game::turn::{BoardBusy, Selection};
use crate::i18n::words::side_key;
use crate::i18n::{Lang, Message};

/// The shipped puzzles, read once at launch.
#[derive(Resource)]
pub struct Puzzles(pub PuzzleSet);

impl Default for Puzzles {
    fn default() -> Self {
        let text = include_str!("../../assets/puzzles/puzzles.jsonl");
        // A broken file is a test failure; at run time, no puzzles.
        Puzzles(PuzzleSet::parse(text).unwrap_or_else(|e| {
            error!("agon: the puzzle file: {e}");
            PuzzleSet::from_puzzles(Vec::new())
        }))
    }
}

/// The player's puzzles, kept by the store: the rating, the streak and
/// its record, and the puzzles tried (the next one is a new one).
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleProgress {
    pub rating: PlayerRating,
    pub streak: Streak,
    /// Ids of the puzzles tried, solved or not, in the order tried.
    pub tried: Vec<String>,
    /// How many were solved with no wrong action, hint or solution shown.
    pub solved_clean: u32,
}

/// Which puzzle to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleStart {
    /// The puzzle of the day: the same for everyone, by the date.
    Daily,
    /// A new puzzle near the player's rating, of `theme` if one is given.
    Next(Option<Theme>),
    /// The next puzzle of a streak (harder as it goes).
    Streak,
    /// A puzzle by its id (a link).
    Id(String),
}

/// How the puzzle on the board was chosen: what "Next" gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleKind {
    Daily,
    Rated(Option<Theme>),
    Streak,
}

/// What has become of the puzzle on the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Attempt {
    /// The player's turn.
    Playing,
    /// The last action was wrong; it allows this (nothing was played).
    Wrong(Consequence),
    Solved,
}

/// The puzzle on the board.
pub struct ActivePuzzle {
    pub run: PuzzleRun,
    pub kind: PuzzleKind,
    pub attempt: Attempt,
    /// The rating before this puzzle counted, to show the change.
    pub rating_before: f64,
    /// The attempt has counted for the rating (its first mistake or help,
    /// or its clean solve).
    counted: bool,
    /// The piece the hint points at, once asked.
    pub hint: Option<Cell>,
    /// The solution's next action, once shown.
    pub shown: Option<Action>,
}

/// Puzzles as they stand: the one on the board, the game set aside, the
/// other side's reply waiting to be played.
#[derive(Resource, Default)]
pub struct PuzzleState {
    pub active: Option<ActivePuzzle>,
    pub(crate) stashed: Option<Match>,
    reply: Option<(Action, Instant)>,
}

/// What the interface asks of the puzzle on the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleRequest {
    /// Which piece moves.
    Hint,
    /// The solution's next action.
    Reveal,
}

/// What the match's owner needs of the puzzles: the file, the one on the
/// board, the player's record.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct PuzzleAccess<'w> {
    set: Res<'w, Puzzles>,
    pub(crate) state: ResMut<'w, PuzzleState>,
    progress: ResMut<'w, PuzzleProgress>,
}

impl PuzzleAccess<'_> {
    /// Puts the puzzle `start` names on the board, setting the game in
    /// progress aside (once: from one puzzle to the next it stays aside).
    pub(crate) fn start(
        &mut self,
        start: &PuzzleStart,
        the_match: &mut Match,
    ) -> Result<(), Message> {
        let seed = agon_rules::splitmix64(the_match.seed ^ self.progress.tried.len() as u64);
        let (puzzle, kind) = PuzzleState::choose(&self.set.0, &self.progress, start, seed)
            .ok_or_else(|| match start {
                PuzzleStart::Id(id) => {
                    Message::new("puzzle-unknown").with("id", agon_rules::Excerpt(id).to_string())
                }
                _ => Message::new("puzzle-none-left"),
            })?;
        let mut board = Match::new(
            Game::from_position(puzzle.position),
            Mode::Puzzle {
                solver: puzzle.solver(),
            },
        );
        board.puzzle = Some(puzzle.id.clone());
        let real = std::mem::replace(the_match, board);
        if self.state.stashed.is_none() {
            self.state.stashed = Some(real.kept_aside());
        }
        self.state.begin(puzzle, kind, &self.progress);
        Ok(())
    }

    /// Judges the person's action ([`PuzzleState::judge`]).
    pub(crate) fn judge(
        &mut self,
        action: Action,
        lang: Lang,
        feedback: &mut MessageWriter<Feedback>,
    ) -> bool {
        self.state.judge(action, &mut self.progress, lang, feedback)
    }
}

/// How long the other side waits before it answers, so that the player
/// sees the action and then the reply.
const REPLY_DELAY: Duration = Duration::from_millis(350);

impl PuzzleState {
    pub fn active(&self) -> bool {
        self.active.is_some()
    }

    /// The puzzle that `start` names, if there is one.
    pub(crate) fn choose(
        puzzles: &PuzzleSet,
        progress: &PuzzleProgress,
        start: &PuzzleStart,
        seed: u64,
    ) -> Option<(Puzzle, PuzzleKind)> {
        let tried = |id: &str| progress.tried.iter().any(|t| t == id);
        let (puzzle, kind) = match start {
            PuzzleStart::Daily => (puzzles.daily(today()?)?, PuzzleKind::Daily),
            PuzzleStart::Next(theme) => {
                let near = puzzles
                    .next_near(progress.rating.rating(), *theme, &tried, seed)
                    // Every one tried: any near the rating again.
                    .or_else(|| {
                        puzzles.next_near(progress.rating.rating(), *theme, &|_| false, seed)
                    })?;
                (near, PuzzleKind::Rated(*theme))
            }
            PuzzleStart::Streak => {
                let target = progress.streak.target_rating();
                let near = puzzles
                    .next_near(target, None, &tried, seed)
                    .or_else(|| puzzles.next_near(target, None, &|_| false, seed))?;
                (near, PuzzleKind::Streak)
            }
            PuzzleStart::Id(id) => (puzzles.get(id)?, PuzzleKind::Rated(None)),
        };
        Some((puzzle.clone(), kind))
    }

    /// Out of the puzzles: the game that was set aside, if there was one.
    pub(crate) fn leave(&mut self) -> Option<Match> {
        self.active = None;
        self.reply = None;
        self.stashed.take()
    }

    /// A puzzle on the board from now.
    pub(crate) fn begin(&mut self, puzzle: Puzzle, kind: PuzzleKind, progress: &PuzzleProgress) {
        self.reply = None;
        self.active = Some(ActivePuzzle {
            run: PuzzleRun::new(puzzle),
            kind,
            attempt: Attempt::Playing,
            rating_before: progress.rating.rating(),
            counted: false,
            hint: None,
            shown: None,
        });
    }

    /// Judges the person's action: `true` if the owner is to play it.
    /// The other side's reply is then due; a wrong action is said, with
    /// what it allows, and counts against the rating (and ends a streak).
    pub(crate) fn judge(
        &mut self,
        action: Action,
        progress: &mut PuzzleProgress,
        lang: Lang,
        feedback: &mut MessageWriter<Feedback>,
    ) -> bool {
        let Some(active) = self.active.as_mut() else {
            return true;
        };
        if active.attempt == Attempt::Solved {
            return false;
        }
        let solver = active.run.solver();
        let verdict = match active.run.play(action) {
            Ok(v) => v,
            // The rules refuse it: the owner says why, as anywhere.
            Err(_) => return true,
        };
        active.hint = None;
        active.shown = None;
        match verdict {
            Verdict::Continue { reply } => {
                active.attempt = Attempt::Playing;
                self.reply = Some((reply, Instant::now() + REPLY_DELAY));
                true
            }
            Verdict::Solved => {
                active.attempt = Attempt::Solved;
                count(active, progress, true);
                true
            }
            Verdict::Wrong { allows } => {
                feedback.write(Feedback(consequence_words(&allows, !solver).text(lang)));
                active.attempt = Attempt::Wrong(allows);
                count(active, progress, false);
                false
            }
        }
    }
}

/// The attempt counts once: a loss at its first mistake or help, a win when
/// solved clean. A streak ends at a mistake and grows with a clean solve.
fn count(active: &mut ActivePuzzle, progress: &mut PuzzleProgress, solved: bool) {
    if active.counted {
        return;
    }
    active.counted = true;
    let puzzle = active.run.puzzle();
    let clean = solved && active.run.is_clean();
    progress.rating = progress.rating.after_attempt(puzzle.rating, clean);
    if clean {
        progress.solved_clean = progress.solved_clean.saturating_add(1);
    }
    if !progress.tried.contains(&puzzle.id) {
        progress.tried.push(puzzle.id.clone());
    }
    if active.kind == PuzzleKind::Streak {
        progress.streak.record(clean);
    }
}

/// Today, by the system's clock: the daily puzzle's date (UTC).
fn today() -> Option<Date> {
    let seconds = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .ok()?
        .as_secs();
    Date::from_unix_seconds(i64::try_from(seconds).ok()?).ok()
}

/// What a wrong action would allow `other` (the side that answers), in a
/// sentence for the player.
pub fn consequence_words(allows: &Consequence, other: Side) -> Message {
    let side = side_key(other);
    match allows {
        Consequence::ThroneWin { reply } => Message::new("puzzle-wrong-throne")
            .with("side", side)
            .with("action", reply.to_string()),
        Consequence::ThroneWinIn { moves, reply } => Message::new("puzzle-wrong-throne-in")
            .with("side", side)
            .with("count", *moves)
            .with("action", reply.to_string()),
        Consequence::QueenCaptured { reply } => Message::new("puzzle-wrong-queen")
            .with("side", side)
            .with("action", reply.to_string()),
        Consequence::PiecesCaptured { reply, count } => Message::new("puzzle-wrong-pieces")
            .with("side", side)
            .with("count", *count)
            .with("action", reply.to_string()),
        Consequence::Forfeit => Message::new("puzzle-wrong-forfeit"),
        Consequence::AdvantageLost => Message::new("puzzle-wrong-advantage"),
    }
}

/// The other side's reply, once the board has shown the player's action
/// and a moment has passed; the hint and the solution, asked for.
#[allow(clippy::too_many_arguments)]
fn drive(
    mut state: ResMut<PuzzleState>,
    mut progress: ResMut<PuzzleProgress>,
    mut requests: MessageReader<PuzzleRequest>,
    busy: Res<BoardBusy>,
    the_match: Res<Match>,
    mut selection: ResMut<Selection>,
    mut actions: MessageWriter<RequestAction>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let state = &mut *state;
    if let Some(active) = state.active.as_mut() {
        for request in requests.read() {
            // The hint picks the piece up; the solution marks its action.
            let helped = match request {
                PuzzleRequest::Hint => {
                    active.hint = active.run.hint();
                    if let Some(cell) = active.hint {
                        selection.select(the_match.position(), cell);
                    }
                    active.hint.is_some()
                }
                PuzzleRequest::Reveal => {
                    active.shown = active.run.reveal();
                    selection.hint = active.shown;
                    active.shown.is_some()
                }
            };
            // Help counts as a miss for the rating and the streak.
            if helped {
                count(active, &mut progress, false);
            }
        }
    } else {
        requests.clear();
        state.reply = None;
        return;
    }
    if let Some((reply, at)) = state.reply {
        if busy.0 || Instant::now() < at {
            redraw.write(bevy::window::RequestRedraw);
        } else {
            state.reply = None;
            actions.write(RequestAction(reply));
        }
    }
}

/// A game of the puzzle's actions so far, to open in analysis.
pub fn game_of(active: &ActivePuzzle) -> Game {
    active.run.game().clone()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Puzzles>()
        .init_resource::<PuzzleState>()
        .init_resource::<PuzzleProgress>()
        .add_message::<PuzzleRequest>()
        .add_systems(Update, drive.in_set(AppSystems::Follow));
    wake_on::<PuzzleRequest>(app);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_puzzles_are_read() {
        let set = &Puzzles::default().0;
        assert!(set.len() >= 1_000, "{} puzzles", set.len());
    }

    #[test]
    fn a_start_names_a_puzzle_and_the_next_is_a_new_one() {
        let set = &Puzzles::default().0;
        let mut progress = PuzzleProgress::default();
        let first = set.puzzles()[0].clone();
        let (by_id, kind) =
            PuzzleState::choose(set, &progress, &PuzzleStart::Id(first.id.clone()), 1).unwrap();
        assert_eq!(
            (by_id.id.as_str(), kind),
            (first.id.as_str(), PuzzleKind::Rated(None))
        );
        assert!(PuzzleState::choose(set, &progress, &PuzzleStart::Id("nope".into()), 1).is_none());
        let (next, _) = PuzzleState::choose(set, &progress, &PuzzleStart::Next(None), 7).unwrap();
        progress.tried.push(next.id.clone());
        for seed in 0..20 {
            let (again, _) =
                PuzzleState::choose(set, &progress, &PuzzleStart::Next(None), seed).unwrap();
            assert_ne!(again.id, next.id, "a tried puzzle came again");
        }
        let theme = Theme::QueenHunt;
        let (themed, _) =
            PuzzleState::choose(set, &progress, &PuzzleStart::Next(Some(theme)), 3).unwrap();
        assert!(themed.has_theme(theme));
        assert!(PuzzleState::choose(set, &progress, &PuzzleStart::Daily, 0).is_some());
    }

    #[test]
    fn a_wrong_action_is_said_in_a_sentence() {
        let allows = Consequence::ThroneWin {
            reply: "e6-f6".parse().unwrap(),
        };
        assert_eq!(
            consequence_words(&allows, Side::Dark).to_string(),
            "This lets Dark's queen reach the throne: e6-f6."
        );
    }
}
