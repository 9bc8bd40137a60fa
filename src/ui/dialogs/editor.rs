//! The board editor's dialog: any position set up piece by piece on a flat
//! board (queens and guards placed and taken off, pieces marked captured,
//! the side to move), checked live by the rules
//! ([`Position::check_pieces`]), then played from (against the computer or
//! pass-and-play) or analysed. The position being set up is
//! `state::Editor`; the match is not touched until then: the owner is asked
//! for a new game.

use agon_rules::{Cell, Kind, Piece, Position, Side};
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::Setup;
use crate::game::analysis::AnalysisRequest;
use crate::i18n::Lang;
use crate::i18n::words::{outcome_reason, side_name};
use crate::scene::layout::{CELL_RADIUS, cell_at, cell_center, hex_corners};
use crate::ui::state::{Editor, GameParams, Requests, Tool, UiState};
use crate::ui::widgets::side_color;

/// Points per world unit of the flat board.
const SCALE: f32 = 19.0;

/// The editor's dialog: the board, the tools, the check, the way out.
pub(super) fn show(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    ui_.label(egui::RichText::new(t!(l, "editor-help")).weak());
    ui_.add_space(4.0);
    tools(ui_, l, p, &mut ui.editor);
    ui_.add_space(4.0);
    ui_.vertical_centered(|ui_| board(ui_, p, &mut ui.editor));
    ui_.horizontal_wrapped(|ui_| {
        ui_.label(t!(l, "editor-to-move"));
        for side in Side::BOTH {
            let name = side_name(l, side);
            if ui_
                .radio(ui.editor.position.to_move() == side, name)
                .clicked()
            {
                ui.editor.set_to_move(side);
            }
        }
        ui_.separator();
        if ui_.button(t!(l, "editor-start")).clicked() {
            ui.editor.position = Position::start();
        }
        if ui_.button(t!(l, "editor-clear")).clicked() {
            ui.editor.position = Position::empty(ui.editor.position.to_move());
        }
    });
    ui_.separator();
    let checked = ui.editor.checked();
    match &checked {
        Ok(pos) => {
            let said = match pos.formation_outcome() {
                Some(o) => t!(l, "editor-over", reason = outcome_reason(o)),
                None => t!(l, "editor-ok"),
            };
            ui_.label(
                egui::RichText::new(format!("✔ {said}"))
                    .color(egui::Color32::from_rgb(140, 200, 140)),
            );
        }
        Err(why) => {
            let label = egui::RichText::new(format!("⚠ {}", why.text(l)))
                .color(egui::Color32::from_rgb(235, 170, 90));
            ui.place("EditorProblem", ui_.label(label));
        }
    }
    ui_.horizontal_wrapped(|ui_| {
        let ok = checked.is_ok();
        let side = ui.editor.position.to_move();
        let level = p.settings.level;
        let play = Setup::VsComputer {
            side: side.into(),
            level,
        };
        let button = ui_.add_enabled(ok, egui::Button::new(t!(l, "menu-play-computer")));
        let mut chosen = ui
            .place("EditorPlay", button)
            .clicked()
            .then_some((play, false));
        let button = ui_.add_enabled(ok, egui::Button::new(t!(l, "menu-pass-and-play")));
        if ui.place("EditorPassAndPlay", button).clicked() {
            chosen = Some((Setup::PassAndPlay, false));
        }
        let button = ui_.add_enabled(ok, egui::Button::new(t!(l, "analysis")));
        if ui.place("EditorAnalyse", button).clicked() {
            chosen = Some((Setup::PassAndPlay, true));
        }
        if let Some((setup, analyse)) = chosen
            && let Some(command) = ui.editor.new_game(setup)
        {
            r.send(ui, command);
            // Analysis opens on the new game once the owner has set it.
            r.analysis.write(AnalysisRequest(analyse));
        }
    });
}

fn tools(ui_: &mut egui::Ui, l: Lang, p: &GameParams, editor: &mut Editor) {
    ui_.horizontal_wrapped(|ui_| {
        for side in Side::BOTH {
            for kind in [Kind::Queen, Kind::Guard] {
                let piece = Piece::new(side, kind);
                let text = match (side, kind) {
                    (Side::Light, Kind::Queen) => t!(l, "editor-light-queen"),
                    (Side::Light, Kind::Guard) => t!(l, "editor-light-guard"),
                    (Side::Dark, Kind::Queen) => t!(l, "editor-dark-queen"),
                    (Side::Dark, Kind::Guard) => t!(l, "editor-dark-guard"),
                };
                let text = egui::RichText::new(text).color(side_color(&p.theme, side));
                if ui_
                    .selectable_label(editor.tool == Tool::Put(piece), text)
                    .clicked()
                {
                    editor.tool = Tool::Put(piece);
                }
            }
        }
        if ui_
            .selectable_label(editor.tool == Tool::Capture, t!(l, "editor-capture"))
            .on_hover_text(t!(l, "editor-capture-hover"))
            .clicked()
        {
            editor.tool = Tool::Capture;
        }
        if ui_
            .selectable_label(editor.tool == Tool::Remove, t!(l, "editor-remove"))
            .clicked()
        {
            editor.tool = Tool::Remove;
        }
    });
}

/// The flat board, Light at the bottom, as the 3D board is seen from
/// Light's side; a click uses the tool in hand.
fn board(ui_: &mut egui::Ui, p: &GameParams, editor: &mut Editor) {
    let size = egui::vec2(17.5 * SCALE, 18.8 * SCALE);
    let (response, painter) = ui_.allocate_painter(size, egui::Sense::click());
    let centre = response.rect.center();
    let to_screen = |c: Cell| {
        let v = cell_center(c);
        centre + egui::vec2(v.x, v.z) * SCALE
    };
    let hovered = response.hover_pos().and_then(|at| {
        let v = (at - centre) / SCALE;
        cell_at(Vec3::new(v.x, 0.0, v.y))
    });
    let corners = hex_corners(CELL_RADIUS * 0.96);
    let palette = &p.theme.palette;
    let colour = |c: Color| {
        let [r, g, b, _] = c.to_srgba().to_u8_array();
        egui::Color32::from_rgb(r, g, b)
    };
    for cell in Cell::all() {
        let at = to_screen(cell);
        let points: Vec<egui::Pos2> = corners
            .iter()
            .map(|k| at + egui::vec2(k.x, k.y) * SCALE)
            .collect();
        let fill = if cell == Cell::THRONE {
            egui::Color32::from_rgb(226, 190, 100)
        } else if Some(cell) == hovered {
            colour(palette.hover)
        } else if (cell.q() + cell.r()).rem_euclid(3) == 0 {
            egui::Color32::from_rgb(214, 196, 160)
        } else {
            egui::Color32::from_rgb(232, 218, 190)
        };
        painter.add(egui::Shape::convex_polygon(
            points,
            fill,
            egui::Stroke::new(1.0, egui::Color32::from_rgb(120, 96, 70)),
        ));
        if let Some(piece) = editor.position.piece_at(cell) {
            let out = editor.position.is_out_of_play(cell);
            let mut fill = side_color(&p.theme, piece.side);
            if out {
                fill = fill.gamma_multiply(0.45);
            }
            let edge = egui::Stroke::new(1.5, egui::Color32::from_gray(40));
            let radius = SCALE
                * if piece.kind == Kind::Queen {
                    0.72
                } else {
                    0.55
                };
            painter.circle(at, radius, fill, edge);
            if piece.kind == Kind::Queen {
                painter.circle_stroke(at, radius * 0.55, edge);
            }
            if out {
                let d = radius * 0.7;
                let red = egui::Stroke::new(2.0, egui::Color32::from_rgb(200, 60, 60));
                painter.line_segment([at + egui::vec2(-d, -d), at + egui::vec2(d, d)], red);
                painter.line_segment([at + egui::vec2(-d, d), at + egui::vec2(d, -d)], red);
            }
        }
    }
    if response.clicked()
        && let Some(cell) = hovered
    {
        editor.click(cell);
    }
}
