//! The move list: every action of the game, a button that shows the
//! position after it, with the variations tried from earlier positions
//! under the action they leave the game at (promote or delete each); the
//! steps back and forward, the arrow keys and the mouse wheel over it.

use agon_rules::Side;
use bevy_egui::egui;

use crate::game::variations::Variation;
use crate::game::{Match, MatchCommand};
use crate::i18n::Lang;
use crate::ui::state::Requests;
use crate::ui::widgets::{action_text, mark_color};

/// Steps and buttons to go through the game: back, forward, and back to
/// the game when an earlier position is on the board.
fn browse_buttons(ui_: &mut egui::Ui, l: Lang, the_match: &Match, r: &mut Requests) {
    if the_match.game.history().is_empty() {
        return;
    }
    ui_.horizontal(|ui_| {
        for (back, symbol, hover) in [
            (true, "⏴", t!(l, "browse-back")),
            (false, "⏵", t!(l, "browse-forward")),
        ] {
            let to = the_match.browse_step(back);
            if ui_
                .add_enabled(to.is_some(), egui::Button::new(symbol).small())
                .on_hover_text(hover)
                .clicked()
            {
                r.commands.write(MatchCommand::Browse(to));
            }
        }
        if the_match.browsing.is_some()
            && ui_
                .button(t!(l, "browse-back-to-game"))
                .on_hover_text(t!(l, "browse-back-to-game-hover"))
                .clicked()
        {
            r.commands.write(MatchCommand::Browse(None));
        }
    });
}

/// The actions so far, each a button that shows the position after it;
/// says whether the pointer is over the list (where ←/→ step through it).
pub(crate) fn move_list(
    ui: &mut egui::Ui,
    l: Lang,
    the_match: &Match,
    review: Option<&agon_ai::review::Review>,
    r: &mut Requests,
) -> bool {
    browse_buttons(ui, l, the_match, r);
    let game = &the_match.game;
    let shown = the_match.shown_actions();
    // The wheel steps through the game here; the scroll bar still scrolls.
    let wheel_scrolls = egui::scroll_area::ScrollSource {
        mouse_wheel: false,
        ..Default::default()
    };
    // The shown action is brought into view when it changes, and when the
    // list's room does (the analysis's words above it come and go).
    let room = ui.available_height().round() as i32;
    let shown_changed = ui.data_mut(|d| {
        let last = d.get_temp_mut_or_default::<(usize, i32)>(egui::Id::new("moves-shown"));
        std::mem::replace(last, (shown, room)) != (shown, room)
    });
    let output = egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .scroll_source(wheel_scrolls)
        .show_viewport(ui, |ui, viewport| {
            if game.history().is_empty() {
                ui.label(egui::RichText::new(t!(l, "no-action-yet")).weak());
                return;
            }
            let chosen = visible_part(ui, viewport, l, the_match, review, shown_changed);
            if let Some(command) = chosen {
                r.commands.write(command);
            }
        });
    let over = output.inner_rect.contains(
        ui.ctx()
            .pointer_hover_pos()
            .unwrap_or(egui::pos2(-1.0, -1.0)),
    );
    if over {
        let (back, forward) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowLeft),
                i.key_pressed(egui::Key::ArrowRight),
            )
        });
        for (pressed, back) in [(back, true), (forward, false)] {
            if let Some(to) = the_match.browse_step(back).filter(|_| pressed) {
                r.commands.write(MatchCommand::Browse(Some(to)));
            }
        }
        let notches: f32 = ui.input(|i| i.events.iter().filter_map(wheel_notches).sum());
        let steps = ui.data_mut(|d| {
            wheel_steps(
                d.get_temp_mut_or_default::<f32>(egui::Id::new("moves-wheel")),
                notches,
            )
        });
        if steps != 0 {
            // Up is back, as a list scrolls up to earlier actions.
            let to = shown
                .saturating_add_signed(-steps)
                .min(game.history().len());
            if to != shown {
                r.commands.write(MatchCommand::Browse(Some(to)));
            }
        }
    }
    over
}

/// A piece of the list, top to bottom: a run of the game's rows (a grid,
/// striped from its first row), or a variation's line under the row where
/// it leaves the game.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Block {
    Rows { first: usize, last: usize },
    Variation(usize),
}

/// The list's blocks: the rows in groups, each group followed by the
/// variations that leave the game in its last row (or after the game's
/// last action, once that was taken back).
fn blocks(the_match: &Match) -> Vec<Block> {
    let history = the_match.game.history();
    let first_dark = the_match.game.start().to_move() == Side::Dark;
    let Some(last) = history.len().checked_sub(1) else {
        return Vec::new();
    };
    let rows = row_of(last, first_dark) + 1;
    // The few rows variations leave at, in order, each with its variations.
    let mut leaving: Vec<(usize, usize)> = the_match
        .variations
        .iter()
        .enumerate()
        .map(|(v, var)| (row_of(var.from.min(last), first_dark), v))
        .collect();
    leaving.sort();
    let mut out = Vec::with_capacity(2 * leaving.len() + 1);
    let mut first = 0;
    for (row, v) in leaving {
        if first <= row {
            out.push(Block::Rows { first, last: row });
            first = row + 1;
        }
        out.push(Block::Variation(v));
    }
    if first < rows {
        out.push(Block::Rows {
            first,
            last: rows - 1,
        });
    }
    out
}

/// Draws only the blocks (and within a run, only the rows) that the
/// viewport shows, so that a frame costs the same at any length of game;
/// the rest is room. Returns what a click asked for.
fn visible_part(
    ui: &mut egui::Ui,
    viewport: egui::Rect,
    l: Lang,
    the_match: &Match,
    review: Option<&agon_ai::review::Review>,
    shown_changed: bool,
) -> Option<MatchCommand> {
    let history = the_match.game.history();
    let shown = the_match.shown_actions();
    let first_dark = the_match.game.start().to_move() == Side::Dark;
    let row_h = row_height(ui);
    let gap = ui.spacing().item_spacing.y;
    let pitch = row_h + gap;
    let blocks = blocks(the_match);
    // A variation's height is known once drawn (its line may wrap): until
    // then, one row.
    let variation_id = |v: usize| egui::Id::new(("moves-variation", v));
    let height = |ui: &egui::Ui, b: &Block| match *b {
        Block::Rows { first, last } => (last - first + 1) as f32 * pitch - gap,
        Block::Variation(v) => ui
            .data(|d| d.get_temp::<f32>(variation_id(v)))
            .unwrap_or(row_h),
    };
    let mut tops = Vec::with_capacity(blocks.len());
    let mut y = 0.0;
    for b in &blocks {
        tops.push(y);
        y += height(ui, b) + gap;
    }
    let origin = ui.max_rect().left_top();
    let width = ui.available_width();
    ui.set_height((y - gap).max(0.0));
    let at = |top: f32, h: f32| {
        egui::Rect::from_min_size(origin + egui::vec2(0.0, top), egui::vec2(width, h))
    };
    // The shown action into view when it changes, drawn or not.
    if shown_changed {
        let target = match the_match.line {
            None => shown.checked_sub(1).map(|i| {
                let row = row_of(i, first_dark);
                blocks.iter().zip(&tops).find_map(|(b, &top)| match *b {
                    Block::Rows { first, last } if (first..=last).contains(&row) => {
                        Some(at(top + (row - first) as f32 * pitch, row_h))
                    }
                    _ => None,
                })
            }),
            Some(line) => Some(
                blocks
                    .iter()
                    .zip(&tops)
                    .find(|(b, _)| **b == Block::Variation(line))
                    .map(|(b, &top)| at(top, height(ui, b))),
            ),
        };
        if let Some(rect) = target.flatten() {
            ui.scroll_to_rect(rect, Some(egui::Align::Center));
        }
    }
    let action = |ui: &mut egui::Ui, i: usize| {
        // Action i leads to the position before action i + 1.
        let on_board = the_match.line.is_none() && i + 1 == shown;
        let mut text = action_text(&history[i]);
        // The review's mark, in its colour: f3-f4??
        if let Some(m) = review.and_then(|r| r.actions.get(i)).and_then(|a| a.mark) {
            text = egui::RichText::new(format!("{}{}", text.text(), m.symbol()))
                .monospace()
                .color(mark_color(m));
        }
        let button = egui::Button::selectable(on_board, text);
        let label = ui.add_sized([ACTION_WIDTH, row_height(ui)], button);
        label.clicked().then_some(MatchCommand::BrowseLine {
            line: None,
            to: i + 1,
        })
    };
    let mut chosen = None;
    for (b, &top) in blocks.iter().zip(&tops) {
        let h = height(ui, b);
        if top > viewport.max.y || top + h < viewport.min.y {
            continue;
        }
        match *b {
            Block::Rows { first, last } => {
                // Only the rows in view, one more each side.
                let from = first + ((viewport.min.y - top) / pitch).floor().max(0.0) as usize;
                let to = first + ((viewport.max.y - top) / pitch).ceil().max(0.0) as usize;
                let (from, to) = (from.saturating_sub(1).max(first), (to + 1).min(last));
                let rows_h = (to - from + 1) as f32 * pitch - gap;
                let rect = at(top + (from - first) as f32 * pitch, rows_h);
                ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
                    // Columns as wide in every group: the numbers at least
                    // NUMBER_WIDTH, the actions sized below. Striped as one
                    // grid from the group's first row.
                    egui::Grid::new(("moves", first))
                        .num_columns(3)
                        .min_col_width(NUMBER_WIDTH)
                        .striped(true)
                        .start_row(from - first)
                        .show(ui, |ui| {
                            for row in from..=to {
                                let number = egui::RichText::new(format!("{}.", row + 1)).weak();
                                let height = row_height(ui);
                                ui.add_sized([NUMBER_WIDTH, height], egui::Label::new(number));
                                // The row's actions: Light's, then Dark's.
                                let light = (row * 2).checked_sub(usize::from(first_dark));
                                match light {
                                    Some(i) if i < history.len() => {
                                        chosen = action(ui, i).or(chosen.take());
                                    }
                                    _ => {
                                        let size = [ACTION_WIDTH, row_height(ui)];
                                        ui.add_sized(size, egui::Label::new("…"));
                                    }
                                }
                                let dark = row * 2 + 1 - usize::from(first_dark);
                                if dark < history.len() {
                                    chosen = action(ui, dark).or(chosen.take());
                                }
                                ui.end_row();
                            }
                        });
                });
            }
            Block::Variation(v) => {
                let var = &the_match.variations[v];
                let shown = (the_match.line == Some(v)).then_some(shown);
                let drawn = ui.scope_builder(egui::UiBuilder::new().max_rect(at(top, h)), |ui| {
                    variation(ui, l, v, var, first_dark, shown, shown_changed)
                });
                chosen = drawn.inner.or(chosen.take());
                // Its true height, for the layout of the next frame.
                let real = drawn.response.rect.height();
                if (real - h).abs() > 0.5 {
                    ui.data_mut(|d| d.insert_temp(variation_id(v), real));
                    ui.ctx().request_repaint();
                }
            }
        }
    }
    chosen
}

/// How far a wheel event turns, in notches (up is positive).
fn wheel_notches(e: &egui::Event) -> Option<f32> {
    match e {
        egui::Event::MouseWheel { unit, delta, .. } => Some(match unit {
            egui::MouseWheelUnit::Point => delta.y / WHEEL_NOTCH_POINTS,
            egui::MouseWheelUnit::Line => delta.y,
            egui::MouseWheelUnit::Page => delta.y * 3.0,
        }),
        _ => None,
    }
}

/// What a touchpad scrolls for one notch of a wheel, in points.
const WHEEL_NOTCH_POINTS: f32 = 50.0;

/// Whole steps for the notches turned, the rest kept for the next turn (a
/// touchpad scrolls in small pieces): up is positive.
fn wheel_steps(kept: &mut f32, notches: f32) -> isize {
    *kept += notches;
    let steps = kept.trunc();
    *kept -= steps;
    steps as isize
}

/// The row (from 0) of action `i` in rows of two, Light's then Dark's; a
/// game whose first action is Dark's starts its first row with a gap.
fn row_of(i: usize, first_dark: bool) -> usize {
    (i + usize::from(first_dark)) / 2
}

/// A row's height: an action's button, which its number is centred beside.
fn row_height(ui: &egui::Ui) -> f32 {
    ui.text_style_height(&egui::TextStyle::Button) + 2.0 * ui.spacing().button_padding.y
}

/// The widths of the list's columns: the move number, and each action.
const NUMBER_WIDTH: f32 = 30.0;
const ACTION_WIDTH: f32 = 92.0;

/// A variation on a line of its own under the row where it leaves the game:
/// promote and delete, then its actions, each showing the position after
/// it. `shown`: the actions on the board, when it is this variation.
fn variation(
    ui: &mut egui::Ui,
    l: Lang,
    v: usize,
    var: &Variation,
    first_dark: bool,
    shown: Option<usize>,
    shown_changed: bool,
) -> Option<MatchCommand> {
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        ui.add_space(NUMBER_WIDTH * 0.5);
        ui.label(egui::RichText::new("↳").weak());
        // The buttons first, where a long line cannot push them away.
        if ui
            .small_button("↑")
            .on_hover_text(t!(l, "variation-promote-hover"))
            .clicked()
        {
            chosen = Some(MatchCommand::Promote(v));
        }
        if ui
            .small_button("✖")
            .on_hover_text(t!(l, "variation-delete-hover"))
            .clicked()
        {
            chosen = Some(MatchCommand::DeleteVariation(v));
        }
        for (j, played) in var.actions().iter().enumerate() {
            let at = var.from + j;
            let number = row_of(at, first_dark) + 1;
            let light = var.game.position_at(at).map(|p| p.to_move()) == Some(Side::Light);
            if light {
                ui.label(egui::RichText::new(format!("{number}.")).weak());
            } else if j == 0 {
                ui.label(egui::RichText::new(format!("{number}…")).weak());
            }
            let on_board = shown == Some(at + 1);
            let label = ui.selectable_label(on_board, action_text(played).italics());
            if on_board && shown_changed {
                label.scroll_to_me(Some(egui::Align::Center));
            }
            if label.clicked() {
                chosen = Some(MatchCommand::BrowseLine {
                    line: Some(v),
                    to: at + 1,
                });
            }
        }
    });
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wheel_steps_once_a_notch_and_a_touchpad_in_pieces() {
        let mut kept = 0.0;
        assert_eq!(wheel_steps(&mut kept, 1.0), 1);
        assert_eq!(wheel_steps(&mut kept, -2.0), -2);
        // A touchpad's small scrolls add up to a step.
        let small = 12.0 / WHEEL_NOTCH_POINTS;
        let steps: isize = (0..5).map(|_| wheel_steps(&mut kept, small)).sum();
        assert_eq!(steps, 1);
        assert!(kept > 0.0 && kept < 1.0, "{kept}");
        let event = egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -WHEEL_NOTCH_POINTS),
            phase: egui::TouchPhase::Move,
            modifiers: egui::Modifiers::NONE,
        };
        assert_eq!(wheel_notches(&event), Some(-1.0));
    }
}
