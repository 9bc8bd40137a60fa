//! The match in progress: the rules crate's `Game` behind a resource, the
//! only judge of legality, and the messages the rest of the game listens to.
//!
//! Input and the computer *request* actions; [`apply_requests`] plays them
//! through the rules and announces what happened. Animation, audio and the
//! interface only read the announcements.

use agon_ai::Level;
use agon_rules::{
    Action, Cell, CellSet, Ending, Game, IllegalAction, Played, Player, Players, Position, Record,
    Side,
};
use bevy::prelude::*;

/// Who plays whom.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A person against the computer.
    VsComputer { human: Side, level: Level },
    /// Two people taking turns at one screen.
    PassAndPlay,
    /// The computer against itself, to watch.
    Watch { level: Level },
}

impl Mode {
    pub fn players(self) -> Players {
        match self {
            Mode::PassAndPlay => Players::default(),
            Mode::Watch { level } => Players {
                light: Player::computer(level.name()),
                dark: Player::computer(level.name()),
            },
            Mode::VsComputer { human, level } => {
                let computer = Player::computer(level.name());
                if human == Side::Light {
                    Players {
                        light: Player::human(),
                        dark: computer,
                    }
                } else {
                    Players {
                        light: computer,
                        dark: Player::human(),
                    }
                }
            }
        }
    }

    /// The mode a record's players describe.
    pub fn from_players(p: &Players) -> Mode {
        let level = |pl: &Player| match pl {
            Player::Computer { level } => level.parse::<Level>().ok().or(Some(Level::Medium)),
            Player::Human { .. } => None,
        };
        match (level(&p.light), level(&p.dark)) {
            (None, Some(l)) => Mode::VsComputer {
                human: Side::Light,
                level: l,
            },
            (Some(l), None) => Mode::VsComputer {
                human: Side::Dark,
                level: l,
            },
            (Some(l), Some(_)) => Mode::Watch { level: l },
            (None, None) => Mode::PassAndPlay,
        }
    }
}

/// The game being played.
#[derive(Resource)]
pub struct Match {
    pub game: Game,
    pub mode: Mode,
    /// An ending through the interface (resignation).
    pub ending: Option<Ending>,
    /// Varies the lower levels' deliberate errors from game to game.
    pub seed: u64,
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
    pub fn new(game: Game, mode: Mode) -> Match {
        Match {
            game,
            mode,
            ending: None,
            seed: seed_now(),
        }
    }

    /// The result: by the rules, or through the interface.
    pub fn result(&self) -> Option<Ending> {
        self.game.outcome().map(Ending::Rules).or(self.ending)
    }

    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The computer's side when one person plays the computer.
    pub fn computer_side(&self) -> Option<Side> {
        match self.mode {
            Mode::VsComputer { human, .. } => Some(!human),
            Mode::PassAndPlay | Mode::Watch { .. } => None,
        }
    }

    /// Whether the computer plays `side`.
    pub fn computer_plays(&self, side: Side) -> bool {
        match self.mode {
            Mode::VsComputer { human, .. } => side != human,
            Mode::PassAndPlay => false,
            Mode::Watch { .. } => true,
        }
    }

    pub fn level(&self) -> Option<Level> {
        match self.mode {
            Mode::VsComputer { level, .. } | Mode::Watch { level } => Some(level),
            Mode::PassAndPlay => None,
        }
    }

    /// Whether the side to move is played by the computer.
    pub fn computer_to_move(&self) -> bool {
        !self.is_over() && self.computer_plays(self.position().to_move())
    }

    /// Whether a person may act now.
    pub fn human_to_move(&self) -> bool {
        !self.is_over() && !self.computer_plays(self.position().to_move())
    }

    pub fn record(&self) -> Record {
        Record::from_game(&self.game, self.mode.players(), self.ending)
    }

    pub fn from_record(record: &Record, game: Game) -> Match {
        let mut m = Match::new(game, Mode::from_players(&record.players));
        m.ending = record.interface_ending();
        m
    }

    /// Takes back the last action, and in a game against the computer also
    /// the computer's actions, back to the person's previous turn.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
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
        true
    }

    /// Replays what undo took back, up to the person's next turn.
    pub fn redo(&mut self) -> bool {
        if !self.game.can_redo() {
            return false;
        }
        self.game.redo();
        if let Some(computer) = self.computer_side() {
            while self.game.can_redo() && self.position().to_move() == computer {
                self.game.redo();
            }
        }
        true
    }

    pub fn can_undo(&self) -> bool {
        if matches!(self.mode, Mode::Watch { .. }) {
            return false;
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

    pub fn resign(&mut self, loser: Side) {
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

/// A request to play an action, from a person or the computer.
#[derive(Message, Clone, Copy, Debug)]
pub struct RequestAction(pub Action);

/// An action was played.
#[derive(Message, Clone, Copy, Debug)]
pub struct ActionApplied {
    pub played: Played,
    pub mover: Side,
    /// The position before the action.
    pub before: Position,
}

/// The whole position changed at once (new game, undo, redo, load): the
/// board is rebuilt without animation.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// The game has ended.
#[derive(Message, Clone, Copy, Debug)]
pub struct GameEnded(pub Ending);

/// A gentle word for the player: why a click did nothing.
#[derive(Message, Clone, Debug)]
pub struct Feedback(pub String);

/// A cell was clicked (or tapped) on the board.
#[derive(Message, Clone, Copy, Debug)]
pub struct CellClicked(pub Cell);

/// What the person has picked up and where it may go.
#[derive(Resource, Default, Debug)]
pub struct Selection {
    pub from: Option<Cell>,
    pub targets: CellSet,
    /// Targets where the action would capture.
    pub capturing: CellSet,
    /// A suggested action, shown until the next action.
    pub hint: Option<Action>,
    pub hover: Option<Cell>,
}

impl Selection {
    pub fn clear(&mut self) {
        self.from = None;
        self.targets = CellSet::EMPTY;
        self.capturing = CellSet::EMPTY;
    }

    /// Picks up the piece on `from`: its targets, and which of them capture.
    pub fn select(&mut self, pos: &Position, from: Cell) {
        self.from = Some(from);
        self.targets = pos.targets_from(from);
        self.capturing = CellSet::EMPTY;
        for t in self.targets {
            if pos.captures_of(Action::new(from, t)).any() {
                self.capturing.insert(t);
            }
        }
    }
}

/// The pieces the side to move may act with: the captured ones when a
/// relocation is due (the queen alone if she is among them).
pub fn movable_pieces(pos: &Position) -> CellSet {
    pos.pieces(pos.to_move())
        .iter()
        .filter(|&c| pos.targets_from(c).any())
        .collect()
}

/// Whether the board is busy showing the last action: clicks then finish the
/// animation instead of acting.
#[derive(Resource, Default, Debug)]
pub struct BoardBusy(pub bool);

/// The person's clicks: select a piece, act on a target, or hear why not.
pub fn handle_clicks(
    mut clicks: MessageReader<CellClicked>,
    the_match: Res<Match>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<RequestAction>,
    mut feedback: MessageWriter<Feedback>,
) {
    for &CellClicked(cell) in clicks.read() {
        if !the_match.human_to_move() {
            if the_match.is_over() {
                feedback.write(Feedback("The game is over.".into()));
            } else {
                feedback.write(Feedback("Wait for the computer's move.".into()));
            }
            continue;
        }
        let pos = the_match.position();
        if let Some(from) = selection.from
            && selection.targets.contains(cell)
        {
            requests.write(RequestAction(Action::new(from, cell)));
            selection.clear();
            continue;
        }
        if pos.targets_from(cell).any() {
            if selection.from == Some(cell) && !pos.must_relocate() {
                selection.clear();
            } else {
                selection.select(pos, cell);
            }
            continue;
        }
        // Nothing to do there: say why, gently.
        let why = match (selection.from, pos.piece_at(cell)) {
            (Some(from), _) if from != cell => pos
                .check(Action::new(from, cell))
                .err()
                .map(|e| sentence(&e)),
            (_, Some(p)) if p.side == pos.to_move() => Some(if pos.must_relocate() {
                if pos.is_out_of_play(cell) {
                    "Your captured queen must be relocated first.".to_string()
                } else {
                    "First relocate your captured piece.".to_string()
                }
            } else {
                "That piece has nowhere to go.".to_string()
            }),
            (_, Some(_)) => Some("That piece belongs to the other side.".to_string()),
            _ => None,
        };
        if !pos.must_relocate() {
            selection.clear();
        }
        if let Some(w) = why {
            feedback.write(Feedback(w));
        }
    }
}

/// A rule broken, said to a player.
pub fn sentence(e: &IllegalAction) -> String {
    let mut s = e.to_string();
    if let Some(first) = s.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    s.push('.');
    s
}

/// When a relocation is due, the piece that must go is picked up at once if
/// it is the only one.
pub fn preselect_relocation(the_match: Res<Match>, mut selection: ResMut<Selection>) {
    if !the_match.is_changed() && !selection.is_changed() {
        return;
    }
    if !the_match.human_to_move() {
        if selection.from.is_some() {
            selection.clear();
        }
        return;
    }
    let pos = the_match.position();
    if pos.must_relocate() && selection.from.is_none() {
        let movable = movable_pieces(pos);
        if movable.len() == 1 {
            let only = movable.first().expect("one piece");
            selection.select(pos, only);
        }
    }
}

/// Plays the requested actions through the rules and announces them.
pub fn apply_requests(
    mut requests: MessageReader<RequestAction>,
    mut the_match: ResMut<Match>,
    mut selection: ResMut<Selection>,
    mut applied: MessageWriter<ActionApplied>,
    mut ended: MessageWriter<GameEnded>,
    mut feedback: MessageWriter<Feedback>,
) {
    for &RequestAction(action) in requests.read() {
        if the_match.is_over() {
            feedback.write(Feedback("The game is over.".into()));
            continue;
        }
        let before = *the_match.position();
        match the_match.game.play(action) {
            Ok(played) => {
                selection.clear();
                selection.hint = None;
                applied.write(ActionApplied {
                    played,
                    mover: before.to_move(),
                    before,
                });
                if let Some(e) = the_match.result() {
                    ended.write(GameEnded(e));
                }
            }
            Err(e) => {
                feedback.write(Feedback(sentence(&e)));
            }
        }
    }
}

/// Clears what depends on the old position when the board is reset.
pub fn on_reset(mut resets: MessageReader<BoardReset>, mut selection: ResMut<Selection>) {
    if resets.read().count() > 0 {
        selection.clear();
        selection.hint = None;
    }
}

/// The order of the frame: input, then the rules, then what shows them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum PlaySet {
    Input,
    Rules,
    Present,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Match>()
        .init_resource::<Selection>()
        .init_resource::<BoardBusy>()
        .add_message::<RequestAction>()
        .add_message::<ActionApplied>()
        .add_message::<BoardReset>()
        .add_message::<GameEnded>()
        .add_message::<Feedback>()
        .add_message::<CellClicked>()
        .configure_sets(
            Update,
            (PlaySet::Input, PlaySet::Rules, PlaySet::Present).chain(),
        )
        .add_systems(
            Update,
            (
                handle_clicks,
                apply_requests,
                on_reset,
                preselect_relocation,
            )
                .chain()
                .in_set(PlaySet::Rules),
        );
}
