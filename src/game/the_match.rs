//! The match: the rules' game, who plays whom, how it was set up, and an
//! ending through the interface. Only the owner ([`crate::game::owner`])
//! changes it.

use agon_ai::Level;
use agon_rules::{Ending, Game, Position, Record, Side};
use bevy::prelude::*;

use crate::game::mode::{Mode, Setup};
use crate::game::variations::Variation;

/// The game being played.
#[derive(Resource, Debug)]
pub struct Match {
    pub game: Game,
    pub mode: Mode,
    /// What the game was started as, for "Play again" (a Random side is
    /// drawn again).
    pub setup: Setup,
    /// An ending through the interface (resignation).
    pub ending: Option<Ending>,
    /// Varies the lower levels' deliberate errors from game to game.
    pub seed: u64,
    /// Browsing: the board shows the position before action `n` of the
    /// history (of the variation shown, if any) instead of the game's own.
    /// The game goes on unchanged.
    pub browsing: Option<usize>,
    /// Other lines tried from earlier positions of the game
    /// ([`crate::game::variations`]).
    pub variations: Vec<Variation>,
    /// The variation the board shows, if any: then `browsing` counts its
    /// actions.
    pub line: Option<usize>,
    /// The online room this match is, if it is one (`game::online`).
    pub room: Option<String>,
    /// The puzzle this match is, if it is one (`game::puzzle`).
    pub puzzle: Option<String>,
}

impl Default for Match {
    fn default() -> Self {
        Match::new(
            Game::new(),
            Mode::VsComputer {
                human: Side::Light,
                level: Level::Easy,
            },
        )
    }
}

impl Match {
    /// What comes back when a lesson or a puzzle that set this match aside
    /// is left: the match itself, but not an online game, whose room is
    /// left meanwhile (`game::online`) and would come back stale.
    pub(crate) fn kept_aside(self) -> Match {
        if matches!(self.mode, Mode::Online { .. }) {
            Match::default()
        } else {
            self
        }
    }

    pub fn new(game: Game, mode: Mode) -> Match {
        Match {
            game,
            mode,
            setup: mode.into(),
            ending: None,
            seed: seed_now(),
            browsing: None,
            variations: Vec::new(),
            line: None,
            room: None,
            puzzle: None,
        }
    }

    /// A new game of `setup`, a Random side drawn from a fresh seed.
    pub(crate) fn from_setup(game: Game, setup: Setup) -> Match {
        let seed = seed_now();
        Match {
            game,
            mode: setup.mode(seed),
            setup,
            ending: None,
            seed,
            browsing: None,
            variations: Vec::new(),
            line: None,
            room: None,
            puzzle: None,
        }
    }

    /// The result: by the rules, or through the interface.
    pub fn result(&self) -> Option<Ending> {
        self.game.outcome().map(Ending::Rules).or(self.ending)
    }

    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }

    /// Whether replacing this match would lose a game: started, not over.
    pub fn unfinished(&self) -> bool {
        !self.game.history().is_empty() && !self.is_over()
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The line on the board: the variation shown, else the game.
    pub(crate) fn shown_game(&self) -> &Game {
        self.line
            .and_then(|v| self.variations.get(v))
            .map_or(&self.game, |v| &v.game)
    }

    /// What the board shows: the browsed position, else the game's.
    pub fn shown_position(&self) -> &Position {
        let game = self.shown_game();
        self.browsing
            .and_then(|n| game.position_at(n))
            .unwrap_or(game.position())
    }

    /// How many actions lead to the position on the board.
    pub(crate) fn shown_actions(&self) -> usize {
        self.browsing.unwrap_or(self.shown_game().history().len())
    }

    /// The position one action back (or forward) from the one on the
    /// board, in the line it is in, as a count of actions.
    pub(crate) fn browse_step(&self, back: bool) -> Option<usize> {
        let shown = self.shown_actions();
        if back {
            shown.checked_sub(1)
        } else {
            (shown < self.shown_game().history().len()).then_some(shown + 1)
        }
    }

    /// The computer's side when one person plays the computer.
    pub(crate) fn computer_side(&self) -> Option<Side> {
        match self.mode {
            Mode::VsComputer { human, .. } => Some(!human),
            Mode::PassAndPlay
            | Mode::Watch { .. }
            | Mode::Remote { .. }
            | Mode::Online { .. }
            | Mode::Puzzle { .. } => None,
        }
    }

    /// Whether the computer plays `side`.
    pub(crate) fn computer_plays(&self, side: Side) -> bool {
        match self.mode {
            Mode::VsComputer { human, .. } => side != human,
            Mode::PassAndPlay | Mode::Remote { .. } | Mode::Online { .. } | Mode::Puzzle { .. } => {
                false
            }
            Mode::Watch { .. } => true,
        }
    }

    /// Whether `side` is played by a person at this screen.
    pub(crate) fn person_plays(&self, side: Side) -> bool {
        match self.mode {
            Mode::VsComputer { human, .. } => side == human,
            Mode::PassAndPlay => true,
            Mode::Watch { .. } => false,
            Mode::Remote { me } => side == me,
            Mode::Online { me } => me == Some(side),
            Mode::Puzzle { solver } => side == solver,
        }
    }

    /// Playing a friend by link, the friend is to move: this screen waits
    /// for their action to arrive in a link.
    pub(crate) fn friend_to_move(&self) -> bool {
        matches!(self.mode, Mode::Remote { me } if me != self.position().to_move())
            && !self.is_over()
    }

    /// Online, the other side is to move (or, watching, either side).
    pub(crate) fn opponent_to_move(&self) -> bool {
        matches!(self.mode, Mode::Online { me } if me != Some(self.position().to_move()))
            && !self.is_over()
    }

    pub fn level(&self) -> Option<Level> {
        match self.mode {
            Mode::VsComputer { level, .. } | Mode::Watch { level } => Some(level),
            Mode::PassAndPlay | Mode::Remote { .. } | Mode::Online { .. } | Mode::Puzzle { .. } => {
                None
            }
        }
    }

    /// Whether the side to move is played by the computer.
    pub(crate) fn computer_to_move(&self) -> bool {
        !self.is_over() && self.computer_plays(self.position().to_move())
    }

    /// Whether nothing of this match reaches the saved game: online, the
    /// server keeps it; a puzzle is a sandbox.
    pub(crate) fn sandboxed(&self) -> bool {
        matches!(self.mode, Mode::Online { .. } | Mode::Puzzle { .. })
    }

    /// Whether a person at this screen may ask for a hint now: on their
    /// turn, but not against someone online (the computer would play for
    /// them).
    pub(crate) fn may_hint(&self) -> bool {
        self.human_to_move() && !matches!(self.mode, Mode::Online { .. } | Mode::Puzzle { .. })
    }

    /// Whether a person at this screen may act now.
    pub fn human_to_move(&self) -> bool {
        !self.is_over() && self.person_plays(self.position().to_move())
    }

    /// Whether a person at this screen may act on the position on the
    /// board: the game's on their turn; an earlier one (in a variation)
    /// for either side, except in a game by link, which is the friend's too.
    pub(crate) fn person_acts_here(&self) -> bool {
        if self.browsing.is_some() {
            !matches!(
                self.mode,
                Mode::Remote { .. } | Mode::Online { .. } | Mode::Puzzle { .. }
            )
        } else {
            self.human_to_move()
        }
    }

    /// Who gives up on "Resign": the person against the computer, the side
    /// to move at one screen.
    pub(crate) fn resigning_side(&self) -> Side {
        match self.mode {
            Mode::VsComputer { human, .. }
            | Mode::Remote { me: human }
            | Mode::Online {
                me: Some(human), ..
            }
            | Mode::Puzzle { solver: human } => human,
            Mode::PassAndPlay | Mode::Watch { .. } | Mode::Online { me: None } => {
                self.position().to_move()
            }
        }
    }

    pub fn record(&self) -> Record {
        Record::from_game(&self.game, self.mode.players(), self.ending)
    }

    pub(crate) fn from_record(record: &Record, game: Game) -> Match {
        let mut m = Match::new(game, Mode::from_players(&record.players));
        m.ending = record.interface_ending();
        m
    }

    /// Takes back the last action, and in a game against the computer also
    /// the computer's actions, back to the person's previous turn. Against a
    /// friend by link only one's own last action, not yet answered.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        self.browsing = None;
        self.line = None;
        self.ending = None;
        match self.computer_side() {
            None => {
                self.game.undo();
            }
            Some(computer) => {
                // Undo the computer's reply (if it made one), then the person's action.
                while self.game.can_undo() && self.position().to_move() == computer {
                    self.game.undo();
                }
                if self.game.can_undo() {
                    self.game.undo();
                }
                while self.game.can_undo() && self.position().to_move() == computer {
                    self.game.undo();
                }
            }
        }
        self.keep_variations();
        true
    }

    /// Replays what undo took back, up to the person's next turn.
    pub fn redo(&mut self) -> bool {
        if !self.game.can_redo() {
            return false;
        }
        if matches!(self.mode, Mode::Online { .. } | Mode::Puzzle { .. }) {
            return false;
        }
        self.browsing = None;
        self.line = None;
        self.game.redo();
        if let Some(computer) = self.computer_side() {
            while self.game.can_redo() && self.position().to_move() == computer {
                self.game.redo();
            }
        }
        true
    }

    pub fn can_undo(&self) -> bool {
        match self.mode {
            // Online the server keeps the game: no taking back; a puzzle
            // takes back nothing either.
            Mode::Watch { .. } | Mode::Online { .. } | Mode::Puzzle { .. } => return false,
            // The friend's actions came by link: they are not ours to take back.
            Mode::Remote { me } => {
                let last = self.game.history().len().checked_sub(1);
                return last
                    .and_then(|i| self.game.position_at(i))
                    .is_some_and(|p| p.to_move() == me);
            }
            _ => {}
        }
        match self.computer_side() {
            // Nothing to take back if only the computer has moved.
            Some(computer) => self
                .game
                .history()
                .iter()
                .enumerate()
                .any(|(i, _)| self.game.position_at(i).map(|p| p.to_move()) != Some(computer)),
            None => self.game.can_undo(),
        }
    }

    pub(crate) fn resign(&mut self, loser: Side) {
        if !self.is_over() {
            self.ending = Some(Ending::Resignation { winner: !loser });
        }
    }
}

fn seed_now() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// A game saved by an earlier session, offered for resuming: read by the
/// store at start, taken by the owner on [`MatchCommand::Resume`].
#[derive(Resource, Default)]
pub struct SavedGame(pub Option<(Record, Game)>);
