//! The panel on small screens: a phone held upright gets a strip under the
//! board, one on its side a narrow column beside it. Either keeps whose
//! turn it is, the pieces of each side, the latest actions and the main
//! buttons, which are at least [`TOUCH`] tall for a finger; the rest is
//! under "More".

use agon_rules::{Position, Side};
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::analysis::{AnalysisRequest, allowed};
use crate::game::computer::HintRequest;
use crate::game::{Match, MatchCommand, Screen};
use crate::i18n::Lang;
use crate::i18n::words::{queen_state, side_name};
use crate::scene::camera::UiInsets;
use crate::ui::state::{Dialog, GameParams, Requests, Shape, UiState};
use crate::ui::widgets::lesson::lesson_panel;
use crate::ui::widgets::online;
use crate::ui::widgets::puzzle::puzzle_panel;
use crate::ui::widgets::{
    action_text, analysis, fitted_size, latest_words, root_ui, send_move_button, side_dot,
    status_row, text_width,
};

/// The least height of a button a finger presses (Apple's and Google's
/// guidance: 44 points).
pub(super) const TOUCH: f32 = 44.0;

pub(super) fn show(
    ctx: &egui::Context,
    p: &mut GameParams,
    r: &mut Requests,
    ui: &mut UiState,
    shape: Shape,
) {
    let mut root = root_ui(ctx);
    let frame = egui::Frame::side_top_panel(&ctx.global_style())
        .inner_margin(egui::Margin::symmetric(10, 8));
    let panel = if shape == Shape::Landscape {
        egui::Panel::right("hud")
            .resizable(false)
            .exact_size(250.0)
            .frame(frame)
    } else {
        egui::Panel::bottom("hud").resizable(false).frame(frame)
    };
    let response = panel.show(&mut root, |ui_| {
        ui_.spacing_mut().item_spacing = egui::vec2(6.0, 5.0);
        if p.tutorial.active {
            // Every button of the lesson as tall as a finger needs.
            ui_.spacing_mut().interact_size.y = TOUCH;
            lesson_panel(ui_, p, r, ui);
            return;
        }
        if p.puzzles.active() {
            ui_.spacing_mut().interact_size.y = TOUCH;
            puzzle_panel(ui_, p, r, ui);
            return;
        }
        status_row(ui_, p, 15.0);
        latest_words(ui_, p);
        counts(ui_, p, shape);
        strip(ui_, *p.lang, &p.the_match, r);
        send_move_button(ui_, p, ui);
        online::section(ui_, p, r, ui);
        analysis::words(ui_, p);
        main_buttons(ui_, p, r, ui, shape);
    });
    let rect = response.response.rect;
    let insets = match shape {
        Shape::Landscape => UiInsets {
            right: rect.width(),
            ..default()
        },
        _ => UiInsets {
            bottom: rect.height(),
            ..default()
        },
    };
    if *p.insets != insets {
        *p.insets = insets;
    }
}

/// Each side's pieces in a few words: "Light · queen, 6 guards".
fn counts(ui_: &mut egui::Ui, p: &GameParams, shape: Shape) {
    let pos = p.the_match.shown_position();
    let one = |ui_: &mut egui::Ui, side: Side| {
        side_dot(ui_, &p.theme, side, 5.5);
        let l = *p.lang;
        let mut name = egui::RichText::new(side_name(l, side)).strong();
        if pos.to_move() == side && !p.the_match.is_over() {
            name = name.underline();
        }
        ui_.label(name);
        ui_.label(egui::RichText::new(counts_text(l, pos, side)).weak());
    };
    if shape == Shape::Landscape {
        ui_.horizontal(|ui_| one(ui_, Side::Light));
        ui_.horizontal(|ui_| one(ui_, Side::Dark));
    } else if ui_.available_width() >= counts_width(ui_.ctx(), p) {
        ui_.horizontal(|ui_| {
            one(ui_, Side::Light);
            ui_.add_space(10.0);
            one(ui_, Side::Dark);
        });
    } else {
        // Longer words (Italian, Greek): one side under the other.
        ui_.horizontal(|ui_| one(ui_, Side::Light));
        ui_.horizontal(|ui_| one(ui_, Side::Dark));
    }
}

/// A side's pieces in a few words: "queen, 6 guards · 1 to relocate".
fn counts_text(l: Lang, pos: &Position, side: Side) -> String {
    t!(
        l,
        "pieces-short",
        queen = queen_state(pos, side),
        guards = (pos.guards(side) - pos.captured(side)).len(),
        relocate = pos.captured(side).len()
    )
}

/// About how wide both sides' counts are on one line, in points.
fn counts_width(ctx: &egui::Context, p: &GameParams) -> f32 {
    let l = *p.lang;
    let pos = p.the_match.shown_position();
    let words = [Side::Light, Side::Dark]
        .map(|side| format!("{} {}", side_name(l, side), counts_text(l, pos, side)))
        .join("  ");
    // The dots and the spaces between the parts.
    text_width(ctx, &words, 15.0) + 60.0
}

/// The latest actions in a row, the newest at the right end.
/// A tap on one shows the position after it; "Back to the game" returns.
/// Only the actions within [`STRIP_REACH`] of the one on the board are
/// laid out, so a long game costs a frame no more than a short one; the
/// one on the board is brought to the middle when it changes.
fn strip(ui_: &mut egui::Ui, l: Lang, the_match: &Match, r: &mut Requests) {
    let history = the_match.game.history();
    if history.is_empty() {
        return;
    }
    let shown = the_match.shown_actions();
    if the_match.browsing.is_some()
        && ui_
            .add(egui::Button::new(t!(l, "browse-back-to-game")).min_size(egui::vec2(0.0, TOUCH)))
            .clicked()
    {
        r.commands.write(MatchCommand::Browse(None));
    }
    let shown_changed = ui_.data_mut(|d| {
        let last = d.get_temp_mut_or_default::<usize>(egui::Id::new("strip-shown"));
        std::mem::replace(last, shown) != shown
    });
    let from = shown.saturating_sub(STRIP_REACH);
    let to = shown.saturating_add(STRIP_REACH).min(history.len());
    egui::ScrollArea::horizontal()
        .stick_to_right(the_match.browsing.is_none())
        .id_salt("strip")
        .show(ui_, |ui_| {
            ui_.horizontal(|ui_| {
                if from > 0 {
                    ui_.label(egui::RichText::new("…").weak());
                }
                for (i, played) in history.iter().enumerate().take(to).skip(from) {
                    ui_.label(egui::RichText::new(format!("{}.", i + 1)).weak().small());
                    let label = ui_.selectable_label(i + 1 == shown, action_text(played));
                    if i + 1 == shown && shown_changed && the_match.browsing.is_some() {
                        label.scroll_to_me(Some(egui::Align::Center));
                    }
                    if label.clicked() {
                        r.commands.write(MatchCommand::Browse(Some(i + 1)));
                    }
                }
                if to < history.len() {
                    ui_.label(egui::RichText::new("…").weak());
                }
            });
        });
}

/// How many actions the strip shows on each side of the one on the board.
const STRIP_REACH: usize = 100;

fn main_buttons(
    ui_: &mut egui::Ui,
    p: &mut GameParams,
    r: &mut Requests,
    ui: &mut UiState,
    shape: Shape,
) {
    let columns = if shape == Shape::Landscape { 2 } else { 4 };
    let gap = ui_.spacing().item_spacing.x;
    let width = ((ui_.available_width() - gap * (columns - 1) as f32) / columns as f32).max(40.0);
    let size = egui::vec2(width, TOUCH);
    let ctx = ui_.ctx().clone();
    // A label that does not fit beside its symbol goes without it.
    let big = |text: &str| {
        let room = size.x - 12.0;
        let mut text = text.to_string();
        if fitted_size(&ctx, &text, room, 16.0) < 16.0
            && let Some((symbol, word)) = text.split_once(' ')
            && !symbol.chars().any(char::is_alphanumeric)
        {
            text = word.to_string();
        }
        let fitted = fitted_size(&ctx, &text, room, 16.0);
        egui::Button::new(egui::RichText::new(text).size(fitted)).min_size(size)
    };
    let over = p.the_match.is_over();
    let hint_ok = p.the_match.may_hint() && !p.thinker.busy();
    let l = *p.lang;
    egui::Grid::new("main buttons")
        .num_columns(columns)
        .spacing([gap, gap])
        .show(ui_, |ui_| {
            if ui_
                .add_enabled(p.the_match.can_undo(), big(&format!("⟲ {}", t!(l, "undo"))))
                .clicked()
            {
                r.send(ui, MatchCommand::Undo);
            }
            if ui_
                .add_enabled(hint_ok, big(&format!("💡 {}", t!(l, "hint"))))
                .clicked()
            {
                r.hints.write(HintRequest);
            }
            if columns == 2 {
                ui_.end_row();
            }
            let menu = ui_.add(big(&t!(l, "menu")));
            if ui.place("Menu", menu).clicked() {
                r.next_screen.set(Screen::Menu);
            }
            let (more, _) = egui::containers::menu::MenuButton::from_button(big(&t!(l, "more")))
                .ui(ui_, |ui_| {
                    ui_.set_min_width(180.0);
                    let item = |ui_: &mut egui::Ui, text: &str, enabled: bool| {
                        ui_.add_enabled(
                            enabled,
                            egui::Button::new(egui::RichText::new(text).size(16.0))
                                .min_size(egui::vec2(180.0, TOUCH)),
                        )
                        .clicked()
                    };
                    if item(
                        ui_,
                        &format!("⟳ {}", t!(l, "redo")),
                        p.the_match.game.can_redo(),
                    ) {
                        r.send(ui, MatchCommand::Redo);
                    }
                    if item(ui_, &t!(l, "new-game"), true) {
                        ui.open(Dialog::NewGame);
                    }
                    if item(ui_, &t!(l, "record"), true) {
                        ui.open(Dialog::Records);
                    }
                    if item(ui_, &t!(l, "in-words"), true) {
                        ui.position_in_words(l, &mut p.announcements, &p.the_match);
                    }
                    if item(ui_, &t!(l, "editor-open"), true) {
                        ui.open_editor(&p.the_match);
                    }
                    if item(ui_, &t!(l, "rules"), true) {
                        ui.open(Dialog::Rules);
                    }
                    if item(ui_, &t!(l, "settings"), true) {
                        ui.open(Dialog::Settings);
                    }
                    if over && item(ui_, &t!(l, "result"), true) {
                        ui.game_over_open = true;
                    }
                    let may = allowed(&p.the_match, &p.tutorial);
                    let on = p.analysis.open(&p.the_match, &p.tutorial);
                    let mark = if on { "✔ " } else { "" };
                    if item(ui_, &format!("{mark}{}", t!(l, "analysis")), may) {
                        r.analysis.write(AnalysisRequest(!on));
                    }
                    if item(
                        ui_,
                        &format!("⚑ {}", t!(l, "resign")),
                        !over && p.the_match.human_to_move(),
                    ) {
                        ui.open(Dialog::ConfirmResign);
                    }
                });
            ui.place("More", more);
            ui_.end_row();
        });
}
