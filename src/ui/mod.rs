//! The interface, drawn with egui: the main menu ([`menu`]), the side panel
//! ([`panel`]), the dialogs ([`dialogs`], [`records`]), the cell names
//! ([`coordinates`]), the words ([`wording`]) and the keys ([`shortcuts`]).
//! It reads the match and *requests* every change of it as a
//! [`MatchCommand`]; it never writes the match itself.

pub mod about;
pub mod analysis;
pub mod announce;
pub mod clipboard;
pub mod compact;
pub mod coordinates;
pub mod dialogs;
pub mod editor;
pub mod files;
pub mod fonts;
pub mod menu;
pub mod moves;
pub mod panel;
pub mod records;
pub mod review;
pub mod shortcuts;
pub mod wording;

use agon_rules::Ending;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::computer::{HintRequest, Thinker};
use crate::game::tutorial::Tutorial;
use crate::game::{
    BoardReset, DiscardAsked, Feedback, Match, MatchCommand, PlaySet, SavedGame, Screen, UiFocus,
};
use crate::i18n::Lang;
use crate::scene::camera::{BoardCamera, CameraRig, UiInsets};
use crate::scene::graphics::AutoGraphics;
use crate::scene::theme::Theme;
use crate::store::{AnimationSpeed, Notices, Settings};
use crate::t;

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
    /// Setting up a position piece by piece ([`editor`]).
    Editor,
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
    pub editor: editor::Editor,
    /// A record or a link shown in the record dialog, to be selected.
    pub shown: Option<records::Shown>,
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
    pub fn close(&mut self) {
        self.dialog = None;
        self.pending = None;
    }
}

/// Seconds from the final action to the result dialog: the action's
/// animation, and for a throne win the victory moment.
fn game_over_delay(ending: Ending, speed: AnimationSpeed) -> f64 {
    let throne = matches!(
        ending,
        Ending::Rules(agon_rules::Outcome::Win {
            reason: agon_rules::WinReason::Throne,
            ..
        })
    );
    let animation = 2.0 * speed.step_seconds() as f64;
    animation + if throne { 1.6 } else { 0.4 }
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
    pub inbox: Res<'w, files::Inbox>,
    pub announcements: ResMut<'w, announce::Announcements>,
    /// The language every word is shown in.
    pub lang: Res<'w, Lang>,
    /// The computer's review of the game, as far as it has come.
    pub review: Res<'w, crate::game::review::GameReview>,
    /// The engine's view of the position on the board, when it is asked.
    pub analysis: Res<'w, crate::game::analysis::Analysis>,
}

/// What the interface asks of the rest of the game.
#[derive(SystemParam)]
pub struct Requests<'w> {
    pub commands: MessageWriter<'w, MatchCommand>,
    pub hints: MessageWriter<'w, HintRequest>,
    pub next_screen: ResMut<'w, NextState<Screen>>,
    pub exit: MessageWriter<'w, AppExit>,
    pub sfx: MessageWriter<'w, crate::audio::Sfx>,
    pub typed: MessageWriter<'w, crate::game::TypedAction>,
    pub reviews: MessageWriter<'w, crate::game::review::ReviewRequest>,
    pub analysis: MessageWriter<'w, crate::game::analysis::AnalysisRequest>,
}

impl Requests<'_> {
    /// Sends a change of the match; the dialog that asked for it closes.
    pub fn send(&mut self, ui: &mut UiState, command: MatchCommand) {
        ui.close();
        self.commands.write(command);
    }
}

/// The game's name in gold over "Queen's Guard · London, 1842", centred:
/// the menu's title and the About dialog's.
pub fn title(ui: &mut egui::Ui, l: Lang, size: f32) {
    ui.vertical_centered(|ui| {
        ui.label(
            egui::RichText::new(t!(l, "game-name"))
                .size(size)
                .strong()
                .color(egui::Color32::from_rgb(226, 190, 100)),
        );
        ui.label(
            egui::RichText::new(t!(l, "game-subtitle"))
                .size(15.0)
                .italics(),
        );
    });
}

pub fn big_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized(
        [240.0, 38.0],
        egui::Button::new(egui::RichText::new(text).size(17.0)),
    )
}

/// How wide `text` is at `size` points, on one line.
pub fn text_width(ctx: &egui::Context, text: &str, size: f32) -> f32 {
    ctx.fonts_mut(|f| {
        f.layout_no_wrap(
            text.to_string(),
            egui::FontId::proportional(size),
            egui::Color32::WHITE,
        )
        .size()
        .x
    })
}

/// The largest text size up to `size` at which `text` fits in `width`
/// points: a button's label in a long language shrinks a little rather
/// than push the row off the screen (never below 11 points).
pub fn fitted_size(ctx: &egui::Context, text: &str, width: f32, size: f32) -> f32 {
    let wide = text_width(ctx, text, size);
    if wide <= width || wide <= 0.0 {
        size
    } else {
        (size * width / wide).max(11.0)
    }
}

fn style(ctx: &egui::Context) {
    let mut visuals = egui::Visuals::dark();
    visuals.window_corner_radius = egui::CornerRadius::same(10);
    visuals.panel_fill = egui::Color32::from_rgba_unmultiplied(24, 26, 31, 244);
    visuals.window_fill = egui::Color32::from_rgb(30, 33, 39);
    ctx.set_visuals(visuals);
    ctx.all_styles_mut(|s| {
        s.spacing.button_padding = egui::vec2(10.0, 6.0);
        s.spacing.item_spacing = egui::vec2(8.0, 7.0);
        s.text_styles
            .insert(egui::TextStyle::Body, egui::FontId::proportional(15.0));
        s.text_styles
            .insert(egui::TextStyle::Button, egui::FontId::proportional(15.0));
        // egui's small text is 9 points: the levels' descriptions and the
        // saved game's line under Resume were too small to read.
        s.text_styles
            .insert(egui::TextStyle::Small, egui::FontId::proportional(12.0));
    });
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    mut p: GameParams,
    mut r: Requests,
    mut ui_state: ResMut<UiState>,
    mut focus: ResMut<UiFocus>,
    screen: Res<State<Screen>>,
    time: Res<Time<Real>>,
    mut feedback: MessageReader<Feedback>,
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut styled: Local<bool>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if !*styled {
        style(&ctx);
        *styled = true;
    }
    let now = time.elapsed_secs_f64();
    for Feedback(text) in feedback.read() {
        ui_state.toast = Some((text.clone(), now));
    }
    // The result dialog opens once the ending has been seen on the board.
    let result = p.the_match.result();
    if result != ui_state.seen_result {
        ui_state.seen_result = result;
        ui_state.game_over_open = false;
        ui_state.game_over_at = result.map(|e| now + game_over_delay(e, p.settings.animation));
    }
    if ui_state.game_over_at.is_some_and(|t| now >= t) {
        ui_state.game_over_at = None;
        ui_state.game_over_open = true;
    }
    if ui_state.game_over_at.is_some() {
        // The dialog opens at its time even if nothing else moves.
        ctx.request_repaint();
    }
    let ui_state = &mut *ui_state;
    ui_state.places.clear();
    let shape = window.single().map_or(compact::Shape::Wide, |w| {
        compact::Shape::of(w.width(), w.height())
    });

    if p.settings.show_coordinates
        && let Ok((cam, cam_tr)) = camera.single()
    {
        coordinates::draw(&ctx, cam, cam_tr);
    }

    match screen.get() {
        Screen::Menu => {
            *p.insets = UiInsets::default();
            menu::show(&ctx, &mut p, &mut r, ui_state);
        }
        Screen::Playing => {
            analysis::overlay(&ctx, &p, camera.single().ok());
            panel::show(&ctx, &mut p, &mut r, ui_state, shape);
            panel::toast(&ctx, ui_state, now, shape);
            review::window(&ctx, &mut p, &mut r, ui_state);
            if ui_state.game_over_open
                && !p.tutorial.active
                && let Some(ending) = p.the_match.result()
            {
                dialogs::game_over(&ctx, &mut p, &mut r, ui_state, ending);
            }
        }
    }
    dialogs::show(&ctx, &mut p, &mut r, ui_state);
    dialogs::notices(&ctx, *p.lang, &mut p.notices);
    // Every click on the interface ticks.
    if ctx.is_pointer_over_egui() && ctx.input(|i| i.pointer.any_click()) {
        r.sfx.write(crate::audio::Sfx::Click);
    }
    let typing = ctx.egui_wants_keyboard_input();
    let pointer = ctx.is_pointer_over_egui() || ctx.egui_wants_pointer_input();
    let over_actions = std::mem::take(&mut ui_state.over_actions);
    if focus.typing != typing || focus.pointer != pointer || focus.over_actions != over_actions {
        focus.typing = typing;
        focus.pointer = pointer;
        focus.over_actions = over_actions;
    }
    Ok(())
}

/// The owner asks before a game is discarded: the question opens here.
fn ask_before_discarding(mut asked: MessageReader<DiscardAsked>, mut ui: ResMut<UiState>) {
    if let Some(DiscardAsked(command)) = asked.read().last() {
        ui.dialog = Some(Dialog::ConfirmDiscard);
        ui.pending = Some(command.clone());
    }
}

/// A new position closes the result of the old one.
fn on_reset(mut resets: MessageReader<BoardReset>, mut ui: ResMut<UiState>) {
    if resets.read().count() > 0 {
        ui.game_over_open = false;
    }
}

/// Tells the game whether a dialog holds the player (the computer waits).
fn track_modal(ui: Res<UiState>, notices: Res<Notices>, mut focus: ResMut<UiFocus>) {
    let modal = ui.dialog.is_some() || !notices.0.is_empty();
    if focus.modal != modal {
        focus.modal = modal;
    }
}

/// bevy_egui 0.42 tells egui the modifier keys every frame, and egui takes
/// any event as news and asks for a repaint: the game would never rest.
/// Only a change is passed on (egui keeps the keys from frame to frame).
fn pass_only_modifier_changes(
    mut contexts: Query<(&mut bevy_egui::EguiContext, &mut bevy_egui::EguiInput)>,
) {
    for (mut ctx, mut input) in &mut contexts {
        let held = ctx.get_mut().input(|i| i.modifiers);
        input
            .events
            .retain(|e| !matches!(e, egui::Event::ModifiersChanged(m) if *m == held));
    }
}

pub fn plugin(app: &mut App) {
    announce::plugin(app);
    clipboard::plugin(app);
    files::plugin(app);
    fonts::plugin(app);
    app.init_resource::<UiState>()
        .add_systems(EguiPrimaryContextPass, draw)
        .add_systems(
            PreUpdate,
            pass_only_modifier_changes
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            Update,
            (
                (
                    shortcuts::keys,
                    files::dropped_files,
                    files::arrived_files,
                    track_modal,
                )
                    .chain()
                    .in_set(PlaySet::Input),
                (ask_before_discarding, on_reset)
                    .after(PlaySet::Rules)
                    .before(PlaySet::Present),
            ),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text style the interface shows is large enough to read: egui's
    /// own small text (9 points) was used under the levels and Resume.
    #[test]
    fn every_text_style_is_readable() {
        let ctx = egui::Context::default();
        style(&ctx);
        for theme in [egui::Theme::Dark, egui::Theme::Light] {
            let styles = ctx.style_of(theme).text_styles.clone();
            assert!(styles.contains_key(&egui::TextStyle::Small));
            for (style, font) in &styles {
                assert!(font.size >= 12.0, "{style:?} is {} points", font.size);
            }
        }
    }
}
