//! The interface, drawn with egui: the main menu and new-game choices, the
//! side panel (whose turn, the pieces, the actions so far, undo, redo, hint,
//! resign), the game-over dialog, the rules, settings, and game records.

use agon_ai::Level;
use agon_rules::{ActionKind, Cell, Ending, Game, Outcome, Record, Side, WinReason};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai_driver::{HintRequest, Thinker};
use crate::camera::{BoardCamera, CameraRig, UiInsets};
use crate::layout::cell_center;
use crate::play::{BoardReset, Feedback, GameEnded, Match, Mode, Selection};
use crate::save::{AnimationSpeed, Graphics, Notices, SavedGame, Settings, ThemeName, ViewSide};
use crate::theme::Theme;

/// The screens of the game.
#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Screen {
    #[default]
    Menu,
    Playing,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    Rules,
    Settings,
    NewGame,
    Records,
    ConfirmResign,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SideChoice {
    Light,
    Dark,
    Random,
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

/// What the interface remembers between frames.
#[derive(Resource)]
pub struct UiState {
    pub dialog: Option<Dialog>,
    pub toast: Option<(String, f64)>,
    pub game_over_open: bool,
    pub side_choice: SideChoice,
    pub level: Level,
    pub import_text: String,
    pub records_message: Option<String>,
    pub seen_result: Option<Ending>,
    /// When the result dialog is due: it waits for the last action and the
    /// victory moment to be seen.
    pub game_over_at: Option<f64>,
}

impl Default for UiState {
    fn default() -> Self {
        UiState {
            dialog: None,
            toast: None,
            game_over_open: false,
            side_choice: SideChoice::Light,
            level: Level::Easy,
            import_text: String::new(),
            records_message: None,
            seen_result: None,
            game_over_at: None,
        }
    }
}

/// Everything the interface reads and changes about the game.
#[derive(SystemParam)]
pub struct GameParams<'w> {
    pub the_match: ResMut<'w, Match>,
    pub selection: ResMut<'w, Selection>,
    pub thinker: Res<'w, Thinker>,
    pub settings: ResMut<'w, Settings>,
    pub saved: ResMut<'w, SavedGame>,
    pub notices: ResMut<'w, Notices>,
    pub theme: Res<'w, Theme>,
    pub rig: ResMut<'w, CameraRig>,
    pub insets: ResMut<'w, UiInsets>,
    pub tutorial: ResMut<'w, crate::tutorial::Tutorial>,
    pub autosave: ResMut<'w, crate::save::Autosave>,
    pub auto_graphics: Res<'w, crate::graphics::AutoGraphics>,
}

/// What the interface asks of the rest of the game.
#[derive(SystemParam)]
pub struct Requests<'w> {
    pub resets: MessageWriter<'w, BoardReset>,
    pub ended: MessageWriter<'w, GameEnded>,
    pub hints: MessageWriter<'w, HintRequest>,
    pub next_screen: ResMut<'w, NextState<Screen>>,
    pub exit: MessageWriter<'w, AppExit>,
    pub sfx: MessageWriter<'w, crate::audio::Sfx>,
    pub lessons: MessageWriter<'w, crate::tutorial::GoToLesson>,
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Light => "Light",
        Side::Dark => "Dark",
    }
}

fn side_color(theme: &Theme, side: Side) -> egui::Color32 {
    let [r, g, b] = match side {
        Side::Light => theme.palette.ui_light,
        Side::Dark => theme.palette.ui_dark,
    };
    egui::Color32::from_rgb(r, g, b)
}

/// The result in words, for the game-over dialog: a title and a reason.
pub fn describe_ending(ending: Ending, mode: Mode) -> (String, String) {
    let winner = ending.winner();
    let title = match (winner, mode) {
        (None, _) => "Draw".to_string(),
        (Some(w), Mode::VsComputer { human, .. }) if w == human => "You win!".to_string(),
        (Some(_), Mode::VsComputer { .. }) => "The computer wins".to_string(),
        (Some(w), Mode::PassAndPlay | Mode::Watch { .. }) => format!("{} wins!", side_name(w)),
    };
    let reason = match ending {
        Ending::Rules(Outcome::Win { winner, reason }) => {
            let (w, l) = (side_name(winner), side_name(!winner));
            match reason {
                WinReason::Throne => {
                    format!("{w}'s queen holds the throne, ringed by all six of {w}'s guards.")
                }
                WinReason::Forfeit => format!(
                    "{l} filled the throne ring without {l}'s queen on the throne, and forfeits."
                ),
                WinReason::NoMoves => format!("{l} had no legal action left."),
            }
        }
        Ending::Rules(Outcome::DrawByRepetition) => {
            "The same position occurred for the third time.".to_string()
        }
        Ending::Resignation { winner } => format!("{} resigned.", side_name(!winner)),
        Ending::Agreement => "The players agreed a draw.".to_string(),
        Ending::Adjudication => "The game was stopped and called a draw.".to_string(),
    };
    (title, reason)
}

/// What the side to move should do now, in a sentence.
pub fn status_line(the_match: &Match, thinking: bool) -> String {
    if let Some(e) = the_match.result() {
        return describe_ending(e, the_match.mode).0;
    }
    let pos = the_match.position();
    let side = pos.to_move();
    if the_match.computer_to_move() {
        return if thinking {
            "The computer is thinking…".to_string()
        } else {
            "The computer's move".to_string()
        };
    }
    let who = match the_match.mode {
        Mode::VsComputer { .. } => "Your".to_string(),
        Mode::PassAndPlay | Mode::Watch { .. } => format!("{}'s", side_name(side)),
    };
    if pos.must_relocate() {
        let captured = pos.captured(side);
        if pos.queen(side).is_some_and(|q| captured.contains(q)) {
            format!(
                "{who} queen was captured: relocate her to any empty cell, the throne included."
            )
        } else if captured.len() > 1 {
            format!(
                "{who} turn: relocate one of the {} captured guards to an empty cell of the outer ring.",
                captured.len()
            )
        } else {
            format!("{who} turn: relocate the captured guard to an empty cell of the outer ring.")
        }
    } else {
        format!("{who} turn: pick up a piece, then a highlighted cell.")
    }
}

fn leave_tutorial(p: &mut GameParams) {
    p.tutorial.active = false;
    p.autosave.0 = true;
}

fn start_game(p: &mut GameParams, r: &mut Requests, ui: &mut UiState, mode: Mode) {
    leave_tutorial(p);
    *p.the_match = Match::new(Game::new(), mode);
    p.saved.0 = None;
    ui.game_over_open = false;
    ui.dialog = None;
    p.rig.reset();
    r.resets.write(BoardReset);
    r.next_screen.set(Screen::Playing);
}

fn chosen_mode(ui: &UiState, seed: u64) -> Mode {
    let human = match ui.side_choice {
        SideChoice::Light => Side::Light,
        SideChoice::Dark => Side::Dark,
        SideChoice::Random => {
            if seed.is_multiple_of(2) {
                Side::Light
            } else {
                Side::Dark
            }
        }
    };
    Mode::VsComputer {
        human,
        level: ui.level,
    }
}

/// Loads a record's text into the match; nothing changes on an error.
pub fn import_record(text: &str, the_match: &mut Match) -> Result<(), String> {
    let (record, game) = Record::from_json(text).map_err(|e| e.to_string())?;
    *the_match = Match::from_record(&record, game);
    Ok(())
}

fn big_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized(
        [240.0, 38.0],
        egui::Button::new(egui::RichText::new(text).size(17.0)),
    )
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
    });
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    mut p: GameParams,
    mut r: Requests,
    mut ui_state: ResMut<UiState>,
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
    let ui_state = &mut *ui_state;
    let narrow = window.single().is_ok_and(|w| w.width() < 760.0);

    if p.settings.show_coordinates
        && let Ok((cam, cam_tr)) = camera.single()
    {
        draw_coordinates(&ctx, cam, cam_tr);
    }

    match screen.get() {
        Screen::Menu => {
            *p.insets = UiInsets::default();
            menu(&ctx, &mut p, &mut r, ui_state);
        }
        Screen::Playing => {
            side_panel(&ctx, &mut p, &mut r, ui_state, narrow);
            toast(&ctx, ui_state, now, narrow);
            if ui_state.game_over_open
                && !p.tutorial.active
                && let Some(ending) = p.the_match.result()
            {
                game_over(&ctx, &mut p, &mut r, ui_state, ending);
            }
        }
    }
    dialogs(&ctx, &mut p, &mut r, ui_state);
    notices(&ctx, &mut p.notices);
    // Every click on the interface ticks.
    if ctx.is_pointer_over_egui() && ctx.input(|i| i.pointer.any_click()) {
        r.sfx.write(crate::audio::Sfx::Click);
    }
    Ok(())
}

fn draw_coordinates(ctx: &egui::Context, cam: &Camera, cam_tr: &GlobalTransform) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    let color = egui::Color32::from_rgb(238, 226, 200);
    let font = egui::FontId::proportional(14.0);
    let label = |at: Vec3, text: String| {
        if let Ok(p) = cam.world_to_viewport(cam_tr, at) {
            painter.text(
                egui::pos2(p.x, p.y),
                egui::Align2::CENTER_CENTER,
                text,
                font.clone(),
                color,
            );
        }
    };
    for cell in Cell::all() {
        let c = cell_center(cell);
        if cell.rank() == 1 {
            // File letters below the bottom cell of each file.
            label(c + Vec3::new(0.0, 0.0, 1.25), cell.file().to_string());
        }
        let is_top = Cell::from_axial(cell.q(), cell.r() + 1).is_none();
        if cell.file() == 'a' || (is_top && cell.q() < 0) || cell == Cell::from_axial(0, 5).unwrap()
        {
            // Ranks along the left edge.
            let out = if cell.file() == 'a' {
                Vec3::new(-1.3, 0.0, 0.35)
            } else {
                Vec3::new(-0.75, 0.0, -0.9)
            };
            label(c + out, cell.rank().to_string());
        }
    }
}

fn menu(ctx: &egui::Context, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    egui::Window::new("menu")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .frame(
            egui::Frame::window(&ctx.global_style())
                .inner_margin(egui::Margin::same(24))
                .fill(egui::Color32::from_rgba_unmultiplied(22, 24, 29, 236)),
        )
        .show(ctx, |ui_| {
            ui_.vertical_centered(|ui_| {
                ui_.label(
                    egui::RichText::new("AGON")
                        .size(46.0)
                        .strong()
                        .color(egui::Color32::from_rgb(226, 190, 100)),
                );
                ui_.label(
                    egui::RichText::new("Queen's Guard · London, 1842")
                        .size(15.0)
                        .italics(),
                );
                ui_.add_space(14.0);
                if let Some((record, game)) = &p.saved.0 {
                    let mode = Mode::from_players(&record.players);
                    let what = match mode {
                        Mode::PassAndPlay => "pass and play".to_string(),
                        Mode::Watch { level } => format!("computer vs computer, {}", level.title()),
                        Mode::VsComputer { level, .. } => format!("vs computer, {}", level.title()),
                    };
                    if big_button(ui_, "Resume game")
                        .on_hover_text(format!("{what}, {} actions played", game.history().len()))
                        .clicked()
                    {
                        leave_tutorial(p);
                        let (record, game) = p.saved.0.take().expect("a saved game");
                        *p.the_match = Match::from_record(&record, game);
                        ui.game_over_open = false;
                        r.resets.write(BoardReset);
                        r.next_screen.set(Screen::Playing);
                    }
                    ui_.label(egui::RichText::new(what).small().weak());
                    ui_.add_space(6.0);
                }
                let in_progress = !p.the_match.game.history().is_empty()
                    && !p.the_match.is_over()
                    && !p.tutorial.active;
                if in_progress && p.saved.0.is_none() && big_button(ui_, "Continue game").clicked()
                {
                    r.next_screen.set(Screen::Playing);
                }
                if big_button(ui_, "Play the computer").clicked() {
                    ui.dialog = Some(Dialog::NewGame);
                }
                if big_button(ui_, "Pass and play")
                    .on_hover_text("Two players, one screen")
                    .clicked()
                {
                    start_game(p, r, ui, Mode::PassAndPlay);
                }
                if big_button(ui_, "Learn to play")
                    .on_hover_text("Eight short lessons, one rule each")
                    .clicked()
                {
                    ui.game_over_open = false;
                    r.lessons.write(crate::tutorial::GoToLesson(0));
                    r.next_screen.set(Screen::Playing);
                }
                if big_button(ui_, "Rules").clicked() {
                    ui.dialog = Some(Dialog::Rules);
                }
                if big_button(ui_, "Settings").clicked() {
                    ui.dialog = Some(Dialog::Settings);
                }
                if big_button(ui_, "Load a game record").clicked() {
                    ui.dialog = Some(Dialog::Records);
                }
                if !cfg!(target_arch = "wasm32") && big_button(ui_, "Quit").clicked() {
                    r.exit.write(AppExit::Success);
                }
            });
        });
}

fn pieces_line(ui: &mut egui::Ui, p: &GameParams, side: Side) {
    let pos = p.the_match.position();
    let color = side_color(&p.theme, side);
    let captured = pos.captured(side);
    let queen_out = pos.queen(side).is_some_and(|q| captured.contains(q));
    let guards_in = (pos.guards(side) - captured).len();
    let to_move = pos.to_move() == side && !p.the_match.is_over();
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
        ui.painter().circle(
            rect.center(),
            7.0,
            color,
            egui::Stroke::new(1.0, egui::Color32::GRAY),
        );
        let mut name = egui::RichText::new(side_name(side)).strong().size(16.0);
        if to_move {
            name = name.underline();
        }
        ui.label(name);
        let who = match p.the_match.mode {
            Mode::VsComputer { human, level } if human != side => {
                format!("computer · {}", level.title())
            }
            Mode::VsComputer { .. } => "you".to_string(),
            Mode::Watch { level } => format!("computer · {}", level.title()),
            Mode::PassAndPlay => String::new(),
        };
        ui.label(egui::RichText::new(who).weak());
    });
    let queen = if queen_out { "queen captured" } else { "queen" };
    let mut text = format!(
        "{queen}, {guards_in} guard{} in play",
        if guards_in == 1 { "" } else { "s" }
    );
    let pending = captured.len();
    if pending > 0 {
        text.push_str(&format!(" · {pending} to relocate"));
    }
    let rt = egui::RichText::new(text);
    ui.label(if pending > 0 {
        rt.color(egui::Color32::from_rgb(230, 120, 100))
    } else {
        rt
    });
}

fn side_panel(
    ctx: &egui::Context,
    p: &mut GameParams,
    r: &mut Requests,
    ui: &mut UiState,
    narrow: bool,
) {
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let frame =
        egui::Frame::side_top_panel(&ctx.global_style()).inner_margin(egui::Margin::same(12));
    let panel = if narrow {
        egui::Panel::bottom("hud").resizable(false).frame(frame)
    } else {
        egui::Panel::right("hud")
            .resizable(false)
            .exact_size(300.0)
            .frame(frame)
    };
    let response = panel.show(&mut root, |ui_| {
        if !narrow {
            ui_.set_max_width(276.0);
        }
        if p.tutorial.active {
            tutorial_panel(ui_, p, r);
            return;
        }
        let thinking = p.thinker.thinking();
        ui_.horizontal(|ui_| {
            if thinking {
                ui_.add(egui::Spinner::new().size(18.0));
            }
            ui_.add(
                egui::Label::new(
                    egui::RichText::new(status_line(&p.the_match, thinking))
                        .size(16.0)
                        .strong(),
                )
                .wrap(),
            );
        });
        ui_.separator();
        if !narrow {
            pieces_line(ui_, p, Side::Light);
            ui_.add_space(4.0);
            pieces_line(ui_, p, Side::Dark);
            ui_.separator();
        }
        buttons(ui_, p, r, ui);
        if !narrow {
            ui_.separator();
            ui_.label(egui::RichText::new("Actions").strong());
            move_list(ui_, &p.the_match.game);
        }
    });
    let rect = response.response.rect;
    let insets = if narrow {
        UiInsets {
            bottom: rect.height(),
            ..default()
        }
    } else {
        UiInsets {
            right: rect.width(),
            ..default()
        }
    };
    if *p.insets != insets {
        *p.insets = insets;
    }
}

fn tutorial_panel(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests) {
    use crate::tutorial::{GoToLesson, LESSONS};
    let i = p.tutorial.lesson;
    let lesson = &LESSONS[i];
    ui_.label(egui::RichText::new(format!("Lesson {} of {}", i + 1, LESSONS.len())).weak());
    ui_.label(egui::RichText::new(lesson.title).size(22.0).strong());
    ui_.add_space(4.0);
    ui_.add(egui::Label::new(egui::RichText::new(lesson.text).size(16.0)).wrap());
    ui_.add_space(8.0);
    if p.tutorial.done {
        ui_.add(
            egui::Label::new(
                egui::RichText::new(lesson.praise)
                    .size(16.0)
                    .color(egui::Color32::from_rgb(140, 220, 140)),
            )
            .wrap(),
        );
    } else if p.tutorial.retry {
        ui_.add(
            egui::Label::new(
                egui::RichText::new("That move is legal, but not the one this lesson asks for.")
                    .color(egui::Color32::from_rgb(240, 190, 110)),
            )
            .wrap(),
        );
    }
    ui_.add_space(8.0);
    ui_.horizontal_wrapped(|ui_| {
        if ui_.add_enabled(i > 0, egui::Button::new("Back")).clicked() {
            r.lessons.write(GoToLesson(i - 1));
        }
        if ui_.button("Try again").clicked() {
            r.lessons.write(GoToLesson(i));
        }
        let last = i + 1 == LESSONS.len();
        let next = egui::Button::new(if last { "Finish" } else { "Next" });
        let next = if p.tutorial.done {
            next.fill(egui::Color32::from_rgb(60, 110, 60))
        } else {
            next
        };
        if ui_.add(next).clicked() {
            if last {
                leave_tutorial(p);
                r.next_screen.set(Screen::Menu);
            } else {
                r.lessons.write(GoToLesson(i + 1));
            }
        }
    });
    ui_.add_space(6.0);
    if ui_.button("Leave the tutorial").clicked() {
        leave_tutorial(p);
        r.next_screen.set(Screen::Menu);
    }
}

fn buttons(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let over = p.the_match.is_over();
    ui_.horizontal_wrapped(|ui_| {
        if ui_
            .add_enabled(p.the_match.can_undo(), egui::Button::new("⟲ Undo"))
            .on_hover_text("Take back your last action (Ctrl+Z)")
            .clicked()
        {
            undo(p, r, ui);
        }
        if ui_
            .add_enabled(p.the_match.game.can_redo(), egui::Button::new("⟳ Redo"))
            .on_hover_text("Play again what was taken back (Ctrl+Y)")
            .clicked()
        {
            redo(p, r);
        }
        let hint_ok = p.the_match.human_to_move() && !p.thinker.busy();
        if ui_
            .add_enabled(
                hint_ok,
                egui::Button::new(if p.thinker.hinting() {
                    "Hint…"
                } else {
                    "💡 Hint"
                }),
            )
            .on_hover_text("Show a good action (H)")
            .clicked()
        {
            r.hints.write(HintRequest);
        }
        if ui_
            .add_enabled(
                !over && p.the_match.human_to_move(),
                egui::Button::new("⚑ Resign"),
            )
            .clicked()
        {
            ui.dialog = Some(Dialog::ConfirmResign);
        }
    });
    ui_.horizontal_wrapped(|ui_| {
        if ui_.button("New game").clicked() {
            ui.dialog = Some(Dialog::NewGame);
        }
        if ui_.button("Menu").clicked() {
            r.next_screen.set(Screen::Menu);
        }
        if ui_.button("Rules").clicked() {
            ui.dialog = Some(Dialog::Rules);
        }
        if ui_.button("Settings").clicked() {
            ui.dialog = Some(Dialog::Settings);
        }
        if ui_
            .button("Record")
            .on_hover_text("Export or import a game record")
            .clicked()
        {
            ui.dialog = Some(Dialog::Records);
        }
        if over && ui_.button("Result").clicked() {
            ui.game_over_open = true;
        }
    });
}

fn undo(p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    if p.the_match.undo() {
        ui.game_over_open = false;
        r.resets.write(BoardReset);
    }
}

fn redo(p: &mut GameParams, r: &mut Requests) {
    if p.the_match.redo() {
        r.resets.write(BoardReset);
        if let Some(e) = p.the_match.result() {
            r.ended.write(GameEnded(e));
        }
    }
}

fn move_list(ui: &mut egui::Ui, game: &Game) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            let history = game.history();
            if history.is_empty() {
                ui.label(egui::RichText::new("No action yet. Light moves first.").weak());
            }
            egui::Grid::new("moves")
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    // Rows of two actions; a game may start with Dark to move.
                    let first_dark = game.start().to_move() == Side::Dark;
                    let mut i = 0;
                    let mut row = 1;
                    while i < history.len() {
                        ui.label(egui::RichText::new(format!("{row}.")).weak());
                        if i == 0 && first_dark {
                            ui.label("…");
                        } else {
                            ui.label(action_text(&history[i]));
                            i += 1;
                        }
                        if i < history.len() {
                            ui.label(action_text(&history[i]));
                            i += 1;
                        }
                        ui.end_row();
                        row += 1;
                    }
                });
        });
}

fn action_text(p: &agon_rules::Played) -> egui::RichText {
    let t = egui::RichText::new(p.action.with_captures(p.captured)).monospace();
    if p.kind == ActionKind::Relocation {
        t.italics()
    } else {
        t
    }
}

fn toast(ctx: &egui::Context, ui: &mut UiState, now: f64, narrow: bool) {
    let Some((text, since)) = &ui.toast else {
        return;
    };
    let age = now - since;
    if age > 3.5 {
        ui.toast = None;
        return;
    }
    let alpha = ((3.5 - age).min(0.4) / 0.4) as f32;
    let offset = if narrow { -160.0 } else { -30.0 };
    egui::Area::new("toast".into())
        .anchor(
            egui::Align2::CENTER_BOTTOM,
            [if narrow { 0.0 } else { -150.0 }, offset],
        )
        .interactable(false)
        .show(ctx, |ui_| {
            egui::Frame::popup(&ctx.global_style())
                .fill(egui::Color32::from_rgba_unmultiplied(
                    40,
                    30,
                    30,
                    (230.0 * alpha) as u8,
                ))
                .show(ui_, |ui_| {
                    ui_.label(egui::RichText::new(text).size(16.0));
                });
        });
    ctx.request_repaint();
}

/// "1 action", "5 actions".
fn plural(n: usize, what: &str) -> String {
    format!("after {n} {what}{}", if n == 1 { "" } else { "s" })
}

fn game_over(
    ctx: &egui::Context,
    p: &mut GameParams,
    r: &mut Requests,
    ui: &mut UiState,
    ending: Ending,
) {
    let (title, reason) = describe_ending(ending, p.the_match.mode);
    let mut open = true;
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [-150.0, 16.0])
        .open(&mut open)
        .show(ctx, |ui_| {
            ui_.vertical_centered(|ui_| {
                ui_.label(egui::RichText::new(&title).size(28.0).strong());
                ui_.add_space(4.0);
                ui_.label(egui::RichText::new(&reason).size(16.0));
                ui_.label(
                    egui::RichText::new(plural(p.the_match.game.history().len(), "action")).weak(),
                );
                ui_.add_space(10.0);
                ui_.horizontal(|ui_| {
                    if ui_
                        .button(egui::RichText::new("Play again").size(17.0))
                        .clicked()
                    {
                        let mode = p.the_match.mode;
                        start_game(p, r, ui, mode);
                    }
                    if ui_.button("New game…").clicked() {
                        ui.game_over_open = false;
                        ui.dialog = Some(Dialog::NewGame);
                    }
                    if ui_.button("Look at the board").clicked() {
                        ui.game_over_open = false;
                    }
                    if ui_.button("Menu").clicked() {
                        ui.game_over_open = false;
                        r.next_screen.set(Screen::Menu);
                    }
                });
            });
        });
    if !open {
        ui.game_over_open = false;
    }
}

fn dialogs(ctx: &egui::Context, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let Some(dialog) = ui.dialog else { return };
    let mut open = true;
    let title = match dialog {
        Dialog::Rules => "How to play",
        Dialog::Settings => "Settings",
        Dialog::NewGame => "Play the computer",
        Dialog::Records => "Game records",
        Dialog::ConfirmResign => "Resign?",
    };
    egui::Window::new(title)
        .collapsible(false)
        .resizable(dialog == Dialog::Rules || dialog == Dialog::Records)
        .default_width(440.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .open(&mut open)
        .show(ctx, |ui_| match dialog {
            Dialog::Rules => rules(ui_),
            Dialog::Settings => settings(ui_, p),
            Dialog::NewGame => new_game(ui_, p, r, ui),
            Dialog::Records => records(ui_, p, r, ui),
            Dialog::ConfirmResign => {
                ui_.label("The game ends and your opponent wins.");
                ui_.horizontal(|ui_| {
                    if ui_.button("Resign").clicked() {
                        let side = match p.the_match.mode {
                            Mode::VsComputer { human, .. } => human,
                            Mode::PassAndPlay | Mode::Watch { .. } => {
                                p.the_match.position().to_move()
                            }
                        };
                        p.the_match.resign(side);
                        if let Some(e) = p.the_match.result() {
                            r.ended.write(GameEnded(e));
                        }
                        ui.dialog = None;
                    }
                    if ui_.button("Play on").clicked() {
                        ui.dialog = None;
                    }
                });
            }
        });
    if !open {
        ui.dialog = None;
    }
}

fn new_game(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    ui_.label(egui::RichText::new("Your side").strong());
    ui_.horizontal(|ui_| {
        ui_.radio_value(
            &mut ui.side_choice,
            SideChoice::Light,
            "Light (moves first)",
        );
        ui_.radio_value(&mut ui.side_choice, SideChoice::Dark, "Dark");
        ui_.radio_value(&mut ui.side_choice, SideChoice::Random, "Random");
    });
    ui_.add_space(6.0);
    ui_.label(egui::RichText::new("Level").strong());
    for level in Level::ALL {
        ui_.radio_value(&mut ui.level, level, level.title())
            .on_hover_text(level.description());
        ui_.label(egui::RichText::new(level.description()).weak().small());
    }
    ui_.add_space(8.0);
    ui_.horizontal(|ui_| {
        if ui_
            .button(egui::RichText::new("Start").size(17.0))
            .clicked()
        {
            p.settings.level = ui.level.name().to_string();
            p.settings.play_light = ui.side_choice != SideChoice::Dark;
            let mode = chosen_mode(ui, p.the_match.seed);
            start_game(p, r, ui, mode);
        }
        if ui_.button("Pass and play instead").clicked() {
            start_game(p, r, ui, Mode::PassAndPlay);
        }
        if ui_
            .button("Watch")
            .on_hover_text("The computer plays itself at this level")
            .clicked()
        {
            let level = ui.level;
            start_game(p, r, ui, Mode::Watch { level });
        }
    });
}

fn settings(ui_: &mut egui::Ui, p: &mut GameParams) {
    let s = &mut *p.settings;
    egui::Grid::new("settings")
        .num_columns(2)
        .spacing([16.0, 10.0])
        .show(ui_, |ui_| {
            ui_.label("Volume");
            ui_.add(egui::Slider::new(&mut s.master_volume, 0.0..=1.0).show_value(false));
            ui_.end_row();
            ui_.label("Effects");
            ui_.add(egui::Slider::new(&mut s.effects_volume, 0.0..=1.0).show_value(false));
            ui_.end_row();
            ui_.label("Music");
            ui_.add(egui::Slider::new(&mut s.music_volume, 0.0..=1.0).show_value(false));
            ui_.end_row();
            ui_.label("Mute");
            ui_.checkbox(&mut s.muted, "");
            ui_.end_row();
            ui_.label("Animations");
            ui_.horizontal(|ui_| {
                for a in AnimationSpeed::ALL {
                    ui_.selectable_value(&mut s.animation, a, a.label());
                }
            });
            ui_.end_row();
            ui_.label("Coordinates");
            ui_.checkbox(&mut s.show_coordinates, "Show cell names");
            ui_.end_row();
            ui_.label("View from");
            ui_.horizontal(|ui_| {
                ui_.selectable_value(&mut s.view, ViewSide::Auto, "Auto")
                    .on_hover_text(
                        "Your side against the computer; the side to move in pass-and-play",
                    );
                ui_.selectable_value(&mut s.view, ViewSide::Light, "Light");
                ui_.selectable_value(&mut s.view, ViewSide::Dark, "Dark");
            });
            ui_.end_row();
            ui_.label("Theme");
            ui_.vertical(|ui_| {
                for t in ThemeName::ALL {
                    ui_.radio_value(&mut s.theme, t, t.label());
                }
            });
            ui_.end_row();
            ui_.label("Graphics");
            ui_.horizontal(|ui_| {
                for g in Graphics::ALL {
                    let label = if g == Graphics::Auto && s.graphics == Graphics::Auto {
                        let now = crate::graphics::effective(g, &p.auto_graphics);
                        format!("Auto ({})", now.label().to_lowercase())
                    } else {
                        g.label().to_string()
                    };
                    ui_.selectable_value(&mut s.graphics, g, label)
                        .on_hover_text(match g {
                            Graphics::Auto => "High, unless this machine draws too slowly",
                            Graphics::High => "Smooth edges and soft shadows",
                            Graphics::Low => "No smoothing, no shadows: for slow machines",
                        });
                }
            });
            ui_.end_row();
            ui_.label("Camera");
            if ui_
                .button("Reset view")
                .on_hover_text("Right-drag turns the board, the wheel zooms, R resets")
                .clicked()
            {
                p.rig.reset();
            }
            ui_.end_row();
        });
}

fn records(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    ui_.label(egui::RichText::new("Export").strong());
    let json = p.the_match.record().to_json();
    ui_.horizontal(|ui_| {
        if ui_.button("Copy to clipboard").clicked() {
            ui_.ctx().copy_text(json.clone());
            ui.records_message = Some("The record was copied.".into());
        }
        #[cfg(not(target_arch = "wasm32"))]
        if ui_.button("Save to a file").clicked() {
            ui.records_message = Some(match export_file(&json) {
                Ok(path) => format!("Saved as {path}"),
                Err(e) => format!("Could not save: {e}"),
            });
        }
    });
    ui_.separator();
    ui_.label(egui::RichText::new("Import").strong());
    ui_.label(
        egui::RichText::new("Paste a game record below (or drop a .json file on the window).")
            .weak(),
    );
    egui::ScrollArea::vertical()
        .max_height(160.0)
        .show(ui_, |ui_| {
            ui_.add(
                egui::TextEdit::multiline(&mut ui.import_text)
                    .code_editor()
                    .desired_rows(6)
                    .desired_width(f32::INFINITY),
            );
        });
    if ui_.button("Load this record").clicked() {
        let text = ui.import_text.clone();
        match import_record(&text, &mut p.the_match) {
            Ok(()) => {
                ui.records_message = Some("The game was loaded.".into());
                ui.import_text.clear();
                ui.game_over_open = p.the_match.is_over();
                r.resets.write(BoardReset);
                r.next_screen.set(Screen::Playing);
            }
            Err(e) => ui.records_message = Some(format!("Not loaded: {e}")),
        }
    }
    if let Some(m) = &ui.records_message {
        ui_.label(egui::RichText::new(m).color(egui::Color32::from_rgb(230, 200, 120)));
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn export_file(json: &str) -> Result<String, String> {
    let dir = crate::persist::FileStore::user_dir().join("records");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let stamp = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let path = dir.join(format!("agon-{stamp}.json"));
    std::fs::write(&path, json).map_err(|e| e.to_string())?;
    Ok(path.display().to_string())
}

fn notices(ctx: &egui::Context, notices: &mut Notices) {
    if notices.0.is_empty() {
        return;
    }
    egui::Window::new("Please note")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 40.0])
        .show(ctx, |ui_| {
            for n in &notices.0 {
                ui_.label(n);
            }
            if ui_.button("OK").clicked() {
                notices.0.clear();
            }
        });
}

fn rules(ui: &mut egui::Ui) {
    egui::ScrollArea::vertical().max_height(460.0).show(ui, |ui| {
        let h = |ui: &mut egui::Ui, t: &str| {
            ui.add_space(4.0);
            ui.label(egui::RichText::new(t).strong().size(16.0));
        };
        h(ui, "The goal");
        ui.label("Put your queen on the throne, the golden centre cell, with your six guards on the six cells around it. Light moves first.");
        h(ui, "Moving");
        ui.label("Each turn, move one of your pieces to a neighbouring empty cell on the same ring or one ring closer to the throne. Never outward, never a jump. Only a queen may enter the throne.");
        h(ui, "No intervention");
        ui.label("You may never move a piece onto a cell that lies directly between two enemy pieces on a straight line.");
        h(ui, "Capture");
        ui.label("When your piece arrives next to an enemy that has one of your pieces directly beyond it on the same line, that enemy is captured. It stays where it is, lying down and out of play.");
        h(ui, "Relocation");
        ui.label("While you have captured pieces, your turn is to relocate one of them: a guard to any empty cell of the outer ring, the queen to any empty cell at all (the throne too). The queen goes first.");
        h(ui, "The end");
        ui.label("Throne: your queen on the throne and your six guards around it, and you win. Forfeit: if your six guards fill the ring while your queen is not on the throne, you lose. A player with no legal action loses. The third repetition of a position is a draw.");
        h(ui, "Controls");
        ui.label("Click a piece to pick it up: dots show where it may go, red rings where it would capture. Click a dot to move. Esc puts the piece down. Right-drag turns the board, the wheel zooms, R resets the view. Ctrl+Z undo, Ctrl+Y redo, H hint.");
    });
}

fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut p: GameParams,
    mut r: Requests,
    mut ui_state: ResMut<UiState>,
    screen: Res<State<Screen>>,
) {
    if *screen.get() != Screen::Playing || egui_wants.is_some_and(|w| w.wants_any_keyboard_input())
    {
        return;
    }
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) && p.the_match.can_undo() {
        undo(&mut p, &mut r, &mut ui_state);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        redo(&mut p, &mut r);
    }
    if !ctrl && keys.just_pressed(KeyCode::KeyH) && p.the_match.human_to_move() && !p.thinker.busy()
    {
        r.hints.write(HintRequest);
    }
}

/// A dropped file is read as a game record.
fn dropped_files(
    mut drops: MessageReader<bevy::window::FileDragAndDrop>,
    mut the_match: ResMut<Match>,
    mut ui_state: ResMut<UiState>,
    mut resets: MessageWriter<BoardReset>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    for d in drops.read() {
        if let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = d {
            let result = std::fs::read_to_string(path_buf)
                .map_err(|e| e.to_string())
                .and_then(|text| import_record(&text, &mut the_match));
            ui_state.dialog = Some(Dialog::Records);
            ui_state.records_message = Some(match result {
                Ok(()) => {
                    resets.write(BoardReset);
                    next_screen.set(Screen::Playing);
                    ui_state.game_over_open = the_match.is_over();
                    format!("Loaded {}", path_buf.display())
                }
                Err(e) => format!("{} was not loaded: {e}", path_buf.display()),
            });
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<UiState>()
        .add_systems(EguiPrimaryContextPass, draw)
        .add_systems(Update, (shortcuts, dropped_files));
}
