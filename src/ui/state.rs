//! The interface's own types, and what changes them (no drawing): what it
//! remembers between frames ([`UiState`]), its dialogs, the window's
//! [`Shape`], the position being set up in the editor ([`Editor`]), what it
//! reads of the game ([`GameParams`]) and what it asks of it ([`Requests`]).
//! Every part of `ui/` takes these from here.

use agon_rules::{Cell, Ending, Game, Kind, Piece, Position, Side};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::audio::Sfx;
use crate::game::analysis::{Analysis, AnalysisRequest};
use crate::game::computer::{HintRequest, Thinker};
use crate::game::link::friend_link;
use crate::game::online::{Online, OnlineRequest};
use crate::game::puzzle::{PuzzleProgress, PuzzleRequest, PuzzleState, Puzzles};
use crate::game::review::{GameReview, ReviewRequest};
use crate::game::tutorial::Tutorial;
use crate::game::{Match, MatchCommand, SavedGame, Screen, Setup, TypedAction};
use crate::i18n::{Lang, Message};
use crate::scene::camera::{CameraRig, UiInsets};
use crate::scene::graphics::AutoGraphics;
use crate::scene::theme::Theme;
use crate::store::files::Inbox;
use crate::store::{Notices, Settings};
use crate::ui::announce::{Announcements, describe_position};

#[derive(Clone, Debug, PartialEq)]
pub enum Dialog {
    Rules,
    Settings,
    NewGame,
    Records,
    ConfirmResign,
    /// The player is asked before a game in progress is discarded.
    ConfirmDiscard,
    /// Playing a friend by link: the link to send them, and a box for the
    /// one they send back.
    SendMove,
    /// The version, the licence and the game's history.
    About,
    /// Every key and pointer gesture (`?`).
    Keys,
    /// The position in words, for a player who cannot see the board (`D`).
    Position,
    /// Setting up a position piece by piece ([`Editor`]).
    Editor,
    /// Playing someone elsewhere, live, through our server.
    Online,
    /// The puzzles: of the day, near one's rating, by theme, a streak.
    Puzzles,
}

/// What the interface remembers between frames.
#[derive(Resource, Default)]
pub struct UiState {
    pub dialog: Option<Dialog>,
    pub toast: Option<(String, f64)>,
    pub game_over_open: bool,
    pub import_text: String,
    pub records_message: Option<String>,
    /// The position being set up in the editor.
    pub editor: Editor,
    /// A record or a link shown in the record dialog, to be selected.
    pub shown: Option<Shown>,
    pub seen_result: Option<Ending>,
    /// When the result dialog is due: it waits for the last action and the
    /// victory moment to be seen.
    pub game_over_at: Option<f64>,
    /// The command waiting for the player's consent to discard a game.
    pub pending: Option<MatchCommand>,
    /// Where some controls were drawn last (their centres, in points), for
    /// the browser test to click them: the page publishes them.
    pub places: std::collections::BTreeMap<&'static str, egui::Pos2>,
    /// The command box's text: an action being typed.
    pub command: String,
    /// `/` was pressed: the command box takes the keyboard.
    pub focus_command: bool,
    /// The pointer is over the list of actions (←/→ browse there).
    pub over_actions: bool,
    /// The review window is open.
    pub review_open: bool,
    /// What the "Play online" dialog holds.
    pub online_form: OnlineForm,
    /// The dialog asked to go online: it closes once the game opens.
    pub online_waiting: bool,
    /// The theme chosen in the Puzzles dialog.
    pub puzzle_theme: Option<agon_puzzles::Theme>,
}

/// The choices of the "Play online" dialog, kept while the game runs.
#[derive(Clone, Debug)]
pub struct OnlineForm {
    pub side: agon_wire::SideChoice,
    pub clock: Option<agon_wire::ClockSpec>,
    pub listed: bool,
    /// A link (or a room) to join.
    pub link: String,
    pub seek_clock: Option<agon_wire::ClockSpec>,
    /// A claim code from another device.
    pub code: String,
    /// Why the link could not be read.
    pub problem: Option<String>,
}

impl Default for OnlineForm {
    fn default() -> Self {
        let five_three = Some(agon_wire::ClockSpec {
            minutes: 5,
            increment: 3,
        });
        OnlineForm {
            side: agon_wire::SideChoice::Random,
            clock: five_three,
            listed: false,
            link: String::new(),
            seek_clock: five_three,
            code: String::new(),
            problem: None,
        }
    }
}

impl UiState {
    /// Opens a dialog in place of any other.
    pub fn open(&mut self, dialog: Dialog) {
        self.dialog = Some(dialog);
        // What was exported may be of an earlier position.
        self.shown = None;
    }

    /// Remembers where a control was drawn ([`UiState::places`]).
    pub fn place(&mut self, name: &'static str, response: egui::Response) -> egui::Response {
        self.places.insert(name, response.rect.center());
        response
    }

    /// Closes the open dialog; a question left unanswered is a "no".
    pub(crate) fn close(&mut self) {
        self.dialog = None;
        self.pending = None;
    }

    /// Puts `shown` on the clipboard and in the dialog, to be selected by hand
    /// where the clipboard is refused.
    pub(crate) fn copy(&mut self, ctx: &egui::Context, shown: Shown) {
        ctx.copy_text(shown.text().to_string());
        self.shown = Some(shown);
    }

    /// Playing a friend by link: copies the link of the game for the friend
    /// to move, and shows it.
    pub(crate) fn copy_friend_link(&mut self, ctx: &egui::Context, the_match: &Match) {
        if let Some(link) = friend_link(the_match) {
            self.copy(ctx, Shown::Line(link));
            self.records_message = None;
        }
    }

    /// Opens the editor on the position on the board.
    pub(crate) fn open_editor(&mut self, the_match: &Match) {
        self.editor = Editor::new(*the_match.shown_position());
        self.open(Dialog::Editor);
    }

    /// Shows the position in words (`D`, *In words*) and gives it to the screen
    /// reader.
    pub(crate) fn position_in_words(
        &mut self,
        l: Lang,
        said: &mut Announcements,
        the_match: &Match,
    ) {
        self.open(Dialog::Position);
        said.say_aloud(describe_position(l, the_match));
    }
}

/// The shape of the window, which decides the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A desktop window: the full panel on the right.
    Wide,
    /// Taller than wide and narrow: a strip under the board.
    Portrait,
    /// Wide but short (a phone on its side): a narrow column.
    Landscape,
}

impl Shape {
    pub fn of(width: f32, height: f32) -> Shape {
        if width < 760.0 && height >= width {
            Shape::Portrait
        } else if height < 560.0 && width > height {
            Shape::Landscape
        } else if width < 760.0 {
            Shape::Portrait
        } else {
            Shape::Wide
        }
    }
}

/// What the export shows to be selected and copied.
#[derive(Clone, Debug, PartialEq)]
pub enum Shown {
    /// A record, shown over several lines.
    Record(String),
    /// A link or a position, on one line.
    Line(String),
}

impl Shown {
    fn text(&self) -> &str {
        match self {
            Shown::Record(t) | Shown::Line(t) => t,
        }
    }
}

/// What a click on a cell does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Puts this piece there (or takes it off, if it is already there).
    Put(Piece),
    Remove,
    /// Takes the piece there out of play, or puts it back in play.
    Capture,
}

/// The position being set up, which the rules may not accept yet.
#[derive(Clone, Debug, PartialEq)]
pub struct Editor {
    pub position: Position,
    pub tool: Tool,
}

impl Default for Editor {
    fn default() -> Self {
        Editor::new(Position::start())
    }
}

impl Editor {
    pub fn new(position: Position) -> Editor {
        Editor {
            position,
            tool: Tool::Put(Piece::new(Side::Light, Kind::Guard)),
        }
    }

    /// The tool in hand, used on `cell`.
    pub fn click(&mut self, cell: Cell) {
        let pos = &mut self.position;
        match self.tool {
            Tool::Put(piece) => {
                let there = pos.piece_at(cell);
                pos.take(cell);
                if there != Some(piece) {
                    pos.put(cell, piece, false);
                }
            }
            Tool::Remove => {
                pos.take(cell);
            }
            Tool::Capture => {
                let out = pos.is_out_of_play(cell);
                pos.set_out_of_play(cell, !out);
            }
        }
    }

    pub(crate) fn set_to_move(&mut self, side: Side) {
        self.position = self.position.with_side_to_move(side);
    }

    /// The position, if the rules accept its pieces; else why not.
    pub fn checked(&self) -> Result<Position, Message> {
        self.position.check_pieces().map_err(Message::from)?;
        Ok(self.position)
    }

    /// A new game from the position, for the owner (who asks before it
    /// replaces a game in progress).
    pub fn new_game(&self, setup: Setup) -> Option<MatchCommand> {
        let position = self.checked().ok()?;
        Some(MatchCommand::New {
            setup,
            game: Box::new(Game::from_position(position)),
            confirmed: false,
        })
    }
}

/// Everything the interface reads about the game, and the few things it
/// owns (settings, the camera, its own insets).
#[derive(SystemParam)]
pub struct GameParams<'w> {
    pub the_match: Res<'w, Match>,
    pub thinker: Res<'w, Thinker>,
    pub settings: ResMut<'w, Settings>,
    pub saved: Res<'w, SavedGame>,
    pub notices: ResMut<'w, Notices>,
    pub theme: Res<'w, Theme>,
    pub rig: ResMut<'w, CameraRig>,
    pub insets: ResMut<'w, UiInsets>,
    pub tutorial: Res<'w, Tutorial>,
    pub auto_graphics: Res<'w, AutoGraphics>,
    /// Where files picked in the browser arrive.
    pub inbox: Res<'w, Inbox>,
    pub announcements: ResMut<'w, Announcements>,
    /// The language every word is shown in.
    pub lang: Res<'w, Lang>,
    /// The computer's review of the game, as far as it has come.
    pub review: Res<'w, GameReview>,
    /// The engine's view of the position on the board, when it is asked.
    pub analysis: Res<'w, Analysis>,
    /// Online play as it stands: the connection, the clocks, the offers.
    pub online: Res<'w, Online>,
    /// The puzzle on the board, the player's record, the shipped puzzles.
    pub puzzles: Res<'w, PuzzleState>,
    pub puzzle_progress: Res<'w, PuzzleProgress>,
    pub puzzle_set: Res<'w, Puzzles>,
}

/// What the interface asks of the rest of the game.
#[derive(SystemParam)]
pub struct Requests<'w> {
    pub commands: MessageWriter<'w, MatchCommand>,
    pub hints: MessageWriter<'w, HintRequest>,
    pub next_screen: ResMut<'w, NextState<Screen>>,
    pub exit: MessageWriter<'w, AppExit>,
    pub sfx: MessageWriter<'w, Sfx>,
    pub typed: MessageWriter<'w, TypedAction>,
    pub reviews: MessageWriter<'w, ReviewRequest>,
    pub analysis: MessageWriter<'w, AnalysisRequest>,
    pub online: MessageWriter<'w, OnlineRequest>,
    pub puzzles: MessageWriter<'w, PuzzleRequest>,
}

impl Requests<'_> {
    /// Sends a change of the match; the dialog that asked for it closes.
    pub fn send(&mut self, ui: &mut UiState, command: MatchCommand) {
        ui.close();
        self.commands.write(command);
    }

    /// Starts the review of the game on the board and shows it.
    pub(crate) fn open_review(&mut self, ui: &mut UiState) {
        self.reviews.write(ReviewRequest);
        ui.review_open = true;
        ui.game_over_open = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(n: &str) -> Cell {
        n.parse().unwrap()
    }

    #[test]
    fn clicks_place_take_off_and_capture_and_the_rules_judge() {
        let mut e = Editor::new(Position::empty(Side::Light));
        let queen = Piece::new(Side::Light, Kind::Queen);
        e.tool = Tool::Put(queen);
        e.click(cell("f1"));
        assert_eq!(e.position.piece_at(cell("f1")), Some(queen));
        assert!(e.checked().is_ok());
        // A second queen: the rules refuse it, by name.
        e.click(cell("f2"));
        let why = e.checked().unwrap_err();
        assert_eq!(why.to_string(), "Light has more than one queen.");
        assert!(e.new_game(Setup::PassAndPlay).is_none());
        // The same piece again takes it off.
        e.click(cell("f2"));
        assert_eq!(e.position.piece_at(cell("f2")), None);
        // Another piece replaces it.
        e.tool = Tool::Put(Piece::new(Side::Dark, Kind::Guard));
        e.click(cell("f1"));
        assert_eq!(e.position.piece_at(cell("f1")).unwrap().side, Side::Dark);
        // Captured, and back in play.
        e.tool = Tool::Capture;
        e.click(cell("f1"));
        assert!(e.position.is_out_of_play(cell("f1")));
        e.click(cell("f1"));
        assert!(!e.position.is_out_of_play(cell("f1")));
        // A guard on the throne.
        e.tool = Tool::Put(Piece::new(Side::Dark, Kind::Guard));
        e.click(Cell::THRONE);
        assert_eq!(
            e.checked().unwrap_err().to_string(),
            "A guard stands on the throne, f6, where only a queen may stand."
        );
        e.tool = Tool::Remove;
        e.click(Cell::THRONE);
        e.set_to_move(Side::Dark);
        assert_eq!(e.position.hash(), e.position.recompute_hash());
        match e.new_game(Setup::PassAndPlay) {
            Some(MatchCommand::New { game, .. }) => {
                assert_eq!(*game.position(), e.position);
                assert_eq!(game.position().to_move(), Side::Dark);
            }
            other => panic!("{other:?}"),
        }
    }
}
