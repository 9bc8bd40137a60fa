//! The side panel of a wide window while a game is on: whose turn and what
//! to do, the pieces of each side, the buttons, the actions so far; in a
//! lesson, the lesson. A phone's window gets `ui::compact` instead, drawn
//! with the same widgets.

use agon_rules::Side;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::computer::HintRequest;
use crate::game::{MatchCommand, Mode, Screen, TypedAction};
use crate::i18n::Lang;
use crate::i18n::words::{level_title, queen_state, side_name};
use crate::scene::camera::UiInsets;
use crate::ui::state::{Dialog, GameParams, Requests, UiState};
use crate::ui::widgets::analysis;
use crate::ui::widgets::lesson::lesson_panel;
use crate::ui::widgets::moves::move_list;
use crate::ui::widgets::online;
use crate::ui::widgets::puzzle::puzzle_panel;
use crate::ui::widgets::{latest_words, root_ui, send_move_button, side_dot, status_row};

fn pieces_line(ui: &mut egui::Ui, p: &GameParams, side: Side) {
    let pos = p.the_match.shown_position();
    let captured = pos.captured(side);
    let guards_in = (pos.guards(side) - captured).len();
    let to_move = pos.to_move() == side && !p.the_match.is_over();
    let l = *p.lang;
    ui.horizontal(|ui| {
        side_dot(ui, &p.theme, side, 7.0);
        let mut name = egui::RichText::new(side_name(l, side)).strong().size(16.0);
        if to_move {
            name = name.underline();
        }
        ui.label(name);
        let who = match p.the_match.mode {
            Mode::VsComputer { human, level } if human != side => {
                t!(l, "player-computer", level = level_title(l, level))
            }
            Mode::VsComputer { .. } => t!(l, "player-you"),
            Mode::Watch { level } => t!(l, "player-computer", level = level_title(l, level)),
            Mode::PassAndPlay => String::new(),
            Mode::Remote { me } if me == side => t!(l, "player-you"),
            Mode::Remote { .. } => t!(l, "player-friend"),
            Mode::Online { me: Some(me) } if me == side => t!(l, "player-you"),
            Mode::Online { me: Some(_) } => t!(l, "player-opponent"),
            Mode::Online { me: None } => String::new(),
            Mode::Puzzle { solver } if solver == side => t!(l, "player-you"),
            Mode::Puzzle { .. } => String::new(),
        };
        ui.label(egui::RichText::new(who).weak());
    });
    let pending = captured.len();
    let text = t!(
        l,
        "pieces-in-play",
        queen = queen_state(pos, side),
        guards = guards_in,
        relocate = pending
    );
    let rt = egui::RichText::new(text);
    ui.label(if pending > 0 {
        rt.color(egui::Color32::from_rgb(230, 120, 100))
    } else {
        rt
    });
}

pub(super) fn show(ctx: &egui::Context, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let mut root = root_ui(ctx);
    let frame =
        egui::Frame::side_top_panel(&ctx.global_style()).inner_margin(egui::Margin::same(12));
    let panel = egui::Panel::right("hud")
        .resizable(false)
        .exact_size(300.0)
        .frame(frame);
    let response = panel.show(&mut root, |ui_| {
        ui_.set_max_width(276.0);
        if p.tutorial.active {
            lesson_panel(ui_, p, r, ui);
            return;
        }
        if p.puzzles.active() {
            puzzle_panel(ui_, p, r, ui);
            return;
        }
        status_row(ui_, p, 16.0);
        latest_words(ui_, p);
        ui_.separator();
        pieces_line(ui_, p, Side::Light);
        ui_.add_space(4.0);
        pieces_line(ui_, p, Side::Dark);
        ui_.separator();
        send_move_button(ui_, p, ui);
        online::section(ui_, p, r, ui);
        buttons(ui_, p, r, ui);
        command_box(ui_, *p.lang, r, ui);
        {
            ui_.separator();
            ui_.horizontal(|ui_| {
                let l = *p.lang;
                ui_.label(egui::RichText::new(t!(l, "actions-heading")).strong());
                let button = ui_
                    .small_button(t!(l, "in-words"))
                    .on_hover_text(t!(l, "in-words-hover"));
                if ui.place("Describe", button).clicked() {
                    ui.position_in_words(l, &mut p.announcements, &p.the_match);
                }
            });
            let review = p.review.of(&p.the_match);
            ui.over_actions = move_list(ui_, *p.lang, &p.the_match, review, r);
        }
    });
    let rect = response.response.rect;
    let insets = UiInsets {
        right: rect.width(),
        ..default()
    };
    if *p.insets != insets {
        *p.insets = insets;
    }
}

/// A box to type an action in (`/` opens it); the rules read it.
fn command_box(ui_: &mut egui::Ui, l: Lang, r: &mut Requests, ui: &mut UiState) {
    let id = egui::Id::new("command");
    if std::mem::take(&mut ui.focus_command) {
        ui_.memory_mut(|m| m.request_focus(id));
    }
    let response = ui_.add(
        egui::TextEdit::singleline(&mut ui.command)
            .id(id)
            .hint_text(t!(l, "command-hint"))
            .desired_width(f32::INFINITY),
    );
    // The `/` that opened the box is no part of an action.
    ui.command.retain(|c| c != '/');
    if response.lost_focus() && ui_.input(|i| i.key_pressed(egui::Key::Enter)) {
        let text = std::mem::take(&mut ui.command);
        if !text.trim().is_empty() {
            r.typed.write(TypedAction(text));
            // Ready for the next one.
            ui_.memory_mut(|m| m.request_focus(id));
        }
    }
}

fn buttons(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let over = p.the_match.is_over();
    let l = *p.lang;
    // Online the server keeps the game: nothing to take back or ask for.
    let is_online = matches!(p.the_match.mode, Mode::Online { .. });
    ui_.horizontal_wrapped(|ui_| {
        if !is_online
            && ui_
                .add_enabled(
                    p.the_match.can_undo(),
                    egui::Button::new(format!("⟲ {}", t!(l, "undo"))),
                )
                .on_hover_text(t!(l, "undo-hover"))
                .clicked()
        {
            r.send(ui, MatchCommand::Undo);
        }
        if !is_online
            && ui_
                .add_enabled(
                    p.the_match.game.can_redo(),
                    egui::Button::new(format!("⟳ {}", t!(l, "redo"))),
                )
                .on_hover_text(t!(l, "redo-hover"))
                .clicked()
        {
            r.send(ui, MatchCommand::Redo);
        }
        let hint_ok = p.the_match.may_hint() && !p.thinker.busy();
        if !is_online
            && ui_
                .add_enabled(
                    hint_ok,
                    egui::Button::new(if p.thinker.hinting() {
                        format!("{}…", t!(l, "hint"))
                    } else {
                        format!("💡 {}", t!(l, "hint"))
                    }),
                )
                .on_hover_text(t!(l, "hint-hover"))
                .clicked()
        {
            r.hints.write(HintRequest);
        }
        if ui_
            .add_enabled(
                // Online the server takes a resignation on either turn.
                !over
                    && (p.the_match.human_to_move()
                        || matches!(p.the_match.mode, Mode::Online { me: Some(_) })),
                egui::Button::new(format!("⚑ {}", t!(l, "resign"))),
            )
            .clicked()
        {
            ui.open(Dialog::ConfirmResign);
        }
    });
    ui_.horizontal_wrapped(|ui_| {
        if ui_.button(t!(l, "new-game")).clicked() {
            ui.open(Dialog::NewGame);
        }
        let button = ui_.button(t!(l, "menu"));
        if ui.place("Menu", button).clicked() {
            r.next_screen.set(Screen::Menu);
        }
        if ui_.button(t!(l, "rules")).clicked() {
            ui.open(Dialog::Rules);
        }
        if ui_.button(t!(l, "settings")).clicked() {
            ui.open(Dialog::Settings);
        }
        let button = ui_.button(t!(l, "record"));
        if ui
            .place("Record", button)
            .on_hover_text(t!(l, "record-hover"))
            .clicked()
        {
            ui.open(Dialog::Records);
        }
        if over && ui_.button(t!(l, "result")).clicked() {
            ui.game_over_open = true;
        }
        if over
            && ui_
                .button(t!(l, "review"))
                .on_hover_text(t!(l, "review-hover"))
                .clicked()
        {
            r.open_review(ui);
        }
        analysis::switch(ui_, p, r, ui);
        let button = ui_.button(t!(l, "editor-open"));
        if ui
            .place("SetUp", button)
            .on_hover_text(t!(l, "editor-open-hover"))
            .clicked()
        {
            ui.open_editor(&p.the_match);
        }
    });
    analysis::words(ui_, p);
}
