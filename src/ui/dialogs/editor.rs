//! The board editor: any position set up piece by piece on a flat board
//! (queens and guards placed and taken off, pieces marked captured, the
//! side to move), checked live by the rules ([`Position::check_pieces`]),
//! then played from (against the computer or pass-and-play) or analysed.
//! The match is not touched until then: the owner is asked for a new game.

use agon_rules::{Cell, Game, Kind, Piece, Position, Side};
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::analysis::AnalysisRequest;
use crate::game::{MatchCommand, Setup};
use crate::i18n::{Lang, Message};
use crate::scene::layout::{CELL_RADIUS, cell_at, cell_center, hex_corners};
use crate::t;
use crate::ui::panel::side_color;
use crate::ui::wording::outcome_reason;
use crate::ui::{GameParams, Requests, UiState};

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

    pub fn set_to_move(&mut self, side: Side) {
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

/// Opens the editor on the position on the board.
pub fn open(ui: &mut UiState, the_match: &crate::game::Match) {
    ui.editor = Editor::new(*the_match.shown_position());
    ui.open(crate::ui::Dialog::Editor);
}

/// Points per world unit of the flat board.
const SCALE: f32 = 19.0;

/// The editor's dialog: the board, the tools, the check, the way out.
pub fn show(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    ui_.label(egui::RichText::new(t!(l, "editor-help")).weak());
    ui_.add_space(4.0);
    tools(ui_, l, p, &mut ui.editor);
    ui_.add_space(4.0);
    ui_.vertical_centered(|ui_| board(ui_, p, &mut ui.editor));
    ui_.horizontal_wrapped(|ui_| {
        ui_.label(t!(l, "editor-to-move"));
        for side in Side::BOTH {
            let name = crate::ui::wording::side_name(l, side);
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
