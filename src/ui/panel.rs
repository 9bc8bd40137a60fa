//! The side panel while a game is on: whose turn and what to do, the
//! pieces of each side, the buttons, the actions so far; in a lesson, the
//! lesson. Small screens get it compact ([`crate::ui::compact`]).

use agon_rules::{ActionKind, Side};
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::computer::HintRequest;
use crate::game::tutorial::LESSONS;
use crate::game::{MatchCommand, Mode, Screen, TypedAction};
use crate::i18n::Lang;
use crate::scene::camera::UiInsets;
use crate::scene::theme::Theme;
use crate::t;
use crate::ui::announce::position_in_words;
use crate::ui::compact::{self, Shape};
use crate::ui::wording::{level_title, queen_state, side_name, status_line};
use crate::ui::{Dialog, GameParams, Requests, UiState, big_button, records};

pub(crate) fn side_color(theme: &Theme, side: Side) -> egui::Color32 {
    let [r, g, b] = match side {
        Side::Light => theme.palette.ui_light,
        Side::Dark => theme.palette.ui_dark,
    };
    egui::Color32::from_rgb(r, g, b)
}

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

pub fn show(
    ctx: &egui::Context,
    p: &mut GameParams,
    r: &mut Requests,
    ui: &mut UiState,
    shape: Shape,
) {
    if shape != Shape::Wide {
        compact::show(ctx, p, r, ui, shape);
        return;
    }
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
            tutorial_panel(ui_, p, r, ui);
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
                    position_in_words(l, ui, &mut p.announcements, &p.the_match);
                }
            });
            let review = p.review.of(&p.the_match);
            ui.over_actions = crate::ui::moves::move_list(ui_, *p.lang, &p.the_match, review, r);
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

/// The whole window, for a panel to be laid out in.
pub(crate) fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// Whose turn and what to do, with a spinner while the computer thinks.
pub(crate) fn status_row(ui_: &mut egui::Ui, p: &GameParams, size: f32) {
    let thinking = p.thinker.thinking();
    ui_.horizontal(|ui_| {
        if thinking {
            ui_.add(egui::Spinner::new().size(size + 2.0));
        }
        ui_.add(
            egui::Label::new(
                egui::RichText::new(status_line(*p.lang, &p.the_match, thinking))
                    .size(size)
                    .strong(),
            )
            .wrap(),
        );
    });
}

/// A side's colour as a dot, beside its name.
pub(crate) fn side_dot(ui_: &mut egui::Ui, theme: &Theme, side: Side, radius: f32) {
    let (rect, _) =
        ui_.allocate_exact_size(egui::Vec2::splat(2.0 * radius + 2.0), egui::Sense::hover());
    ui_.painter().circle(
        rect.center(),
        radius,
        side_color(theme, side),
        egui::Stroke::new(1.0, egui::Color32::GRAY),
    );
}

/// The latest thing that happened, in words; a live region, so a screen
/// reader says it as it changes.
pub(crate) fn latest_words(ui_: &mut egui::Ui, p: &GameParams) {
    let Some(latest) = p.announcements.latest() else {
        return;
    };
    let response = ui_.add(egui::Label::new(egui::RichText::new(latest).weak()).wrap());
    ui_.ctx().accesskit_node_builder(response.id, |node| {
        node.set_live(egui::accesskit::Live::Polite);
    });
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

pub(crate) fn tutorial_panel(
    ui_: &mut egui::Ui,
    p: &mut GameParams,
    r: &mut Requests,
    ui: &mut UiState,
) {
    let i = p.tutorial.lesson;
    let lesson = &LESSONS[i];
    let l = *p.lang;
    ui_.label(egui::RichText::new(t!(l, "lesson-count", n = i + 1, of = LESSONS.len())).weak());
    ui_.label(egui::RichText::new(lesson.title(l)).size(22.0).strong());
    ui_.add_space(4.0);
    ui_.add(egui::Label::new(egui::RichText::new(lesson.text(l)).size(16.0)).wrap());
    ui_.add_space(8.0);
    if p.tutorial.done {
        ui_.add(
            egui::Label::new(
                egui::RichText::new(lesson.praise(l))
                    .size(16.0)
                    .color(egui::Color32::from_rgb(140, 220, 140)),
            )
            .wrap(),
        );
    } else if p.tutorial.retry {
        ui_.add(
            egui::Label::new(
                egui::RichText::new(t!(l, "lesson-retry"))
                    .color(egui::Color32::from_rgb(240, 190, 110)),
            )
            .wrap(),
        );
    }
    ui_.add_space(8.0);
    ui_.horizontal_wrapped(|ui_| {
        if ui_
            .add_enabled(i > 0, egui::Button::new(t!(l, "lesson-back")))
            .clicked()
        {
            r.send(ui, MatchCommand::StartLesson(i - 1));
        }
        if ui_.button(t!(l, "lesson-again")).clicked() {
            r.send(ui, MatchCommand::StartLesson(i));
        }
        let last = i + 1 == LESSONS.len();
        let next = egui::Button::new(if last {
            t!(l, "lesson-finish")
        } else {
            t!(l, "lesson-next")
        });
        let next = if p.tutorial.done {
            next.fill(egui::Color32::from_rgb(60, 110, 60))
        } else {
            next
        };
        if ui_.add(next).clicked() {
            if last {
                r.send(ui, MatchCommand::LeaveTutorial);
            } else {
                r.send(ui, MatchCommand::StartLesson(i + 1));
            }
        }
    });
    ui_.add_space(6.0);
    if ui_
        .button(t!(l, "lesson-leave"))
        .on_hover_text(t!(l, "lesson-leave-hover"))
        .clicked()
    {
        r.send(ui, MatchCommand::LeaveTutorial);
    }
}

/// Playing a friend by link: the button that sends them the game.
pub(crate) fn send_move_button(ui_: &mut egui::Ui, p: &mut GameParams, ui: &mut UiState) {
    if p.the_match.friend_to_move() {
        let l = *p.lang;
        let label = if p.the_match.game.history().is_empty() {
            t!(l, "invite-friend")
        } else {
            t!(l, "send-move")
        };
        let button = big_button(ui_, &format!("✉ {label}"));
        if ui
            .place("SendMove", button)
            .on_hover_text(t!(l, "send-move-hover"))
            .clicked()
        {
            // Opening a dialog forgets what was shown: open it first.
            ui.open(Dialog::SendMove);
            records::copy_friend_link(ui_.ctx(), p, ui);
        }
        ui_.add_space(4.0);
    }
}

fn buttons(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let over = p.the_match.is_over();
    let l = *p.lang;
    ui_.horizontal_wrapped(|ui_| {
        if ui_
            .add_enabled(
                p.the_match.can_undo(),
                egui::Button::new(format!("⟲ {}", t!(l, "undo"))),
            )
            .on_hover_text(t!(l, "undo-hover"))
            .clicked()
        {
            r.send(ui, MatchCommand::Undo);
        }
        if ui_
            .add_enabled(
                p.the_match.game.can_redo(),
                egui::Button::new(format!("⟳ {}", t!(l, "redo"))),
            )
            .on_hover_text(t!(l, "redo-hover"))
            .clicked()
        {
            r.send(ui, MatchCommand::Redo);
        }
        let hint_ok = p.the_match.human_to_move() && !p.thinker.busy();
        if ui_
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
                !over && p.the_match.human_to_move(),
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
            crate::ui::review::open(r, ui);
        }
        crate::ui::analysis::switch(ui_, p, r, ui);
        let button = ui_.button(t!(l, "editor-open"));
        if ui
            .place("SetUp", button)
            .on_hover_text(t!(l, "editor-open-hover"))
            .clicked()
        {
            crate::ui::editor::open(ui, &p.the_match);
        }
    });
    crate::ui::analysis::words(ui_, p);
}

pub(crate) fn action_text(p: &agon_rules::Played) -> egui::RichText {
    let t = egui::RichText::new(p.action.with_captures(p.captured)).monospace();
    if p.kind == ActionKind::Relocation {
        t.italics()
    } else {
        t
    }
}

pub fn toast(ctx: &egui::Context, ui: &mut UiState, now: f64, shape: Shape) {
    let Some((text, since)) = &ui.toast else {
        return;
    };
    let age = now - since;
    if age > 3.5 {
        ui.toast = None;
        return;
    }
    let alpha = ((3.5 - age).min(0.4) / 0.4) as f32;
    // Over the board, clear of the panel.
    let (anchor, offset) = match shape {
        Shape::Wide => (egui::Align2::CENTER_BOTTOM, [-150.0, -30.0]),
        Shape::Landscape => (egui::Align2::CENTER_BOTTOM, [-125.0, -20.0]),
        Shape::Portrait => (egui::Align2::CENTER_TOP, [0.0, 16.0]),
    };
    egui::Area::new("toast".into())
        .anchor(anchor, offset)
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
