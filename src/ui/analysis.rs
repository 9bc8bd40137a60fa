//! Analysis on screen: the switch, the evaluation bar beside the board
//! (Light's winning chance, the score on hover), the best line in words
//! and as arrows on the board. It reads [`Analysis`]; the search itself
//! runs off the frame (`game::analysis`).

use agon_rules::{Action, Side};
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::analysis::{AnalysisRequest, Line, allowed};
use crate::i18n::Lang;
use crate::scene::camera::view_side;
use crate::scene::layout::cell_center;
use crate::t;
use crate::ui::wording::side_key;
use crate::ui::{GameParams, Requests, UiState};

/// The most actions of the best line said in words.
const LINE_WORDS: usize = 8;

/// The switch, in the panel's buttons: on and off where analysis is
/// allowed, greyed with the reason where it is not.
pub fn switch(ui_: &mut egui::Ui, p: &GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    let may = allowed(&p.the_match, &p.tutorial);
    let on = p.analysis.open(&p.the_match, &p.tutorial);
    let button = ui_
        .add_enabled(
            may,
            egui::Button::new(format!("📈 {}", t!(l, "analysis"))).selected(on),
        )
        .on_hover_text(t!(l, "analysis-hover"))
        .on_disabled_hover_text(t!(l, "analysis-closed"));
    if ui.place("Analysis", button).clicked() {
        r.analysis.write(AnalysisRequest(!on));
    }
}

/// The line in words, under the buttons, while analysis is on.
pub fn words(ui_: &mut egui::Ui, p: &GameParams) {
    if !p.analysis.open(&p.the_match, &p.tutorial) {
        return;
    }
    let l = *p.lang;
    let line = p.analysis.line(&p.the_match);
    ui_.horizontal_wrapped(|ui_| {
        match &line {
            Some(line) => {
                ui_.label(egui::RichText::new(verdict(l, line)).strong());
                ui_.label(egui::RichText::new(t!(l, "analysis-depth", depth = line.depth)).weak());
            }
            None if p.the_match.shown_position().has_actions() => {
                ui_.label(egui::RichText::new(t!(l, "analysis-starting")).weak());
            }
            None => {
                ui_.label(egui::RichText::new(t!(l, "analysis-nothing")).weak());
            }
        }
        if p.analysis.thinking() {
            ui_.spinner();
        }
    });
    if let Some(line) = line.filter(|line| !line.pv.is_empty()) {
        ui_.label(t!(l, "analysis-best-line", line = line_text(&line.pv)));
    }
}

/// Who stands better, in a few words: a forced win, else Light's chance.
pub fn verdict(l: Lang, line: &Line) -> String {
    match line.forced_win() {
        Some((side, plies)) => t!(l, "analysis-wins-in", side = side_key(side), count = plies),
        None => t!(
            l,
            "analysis-chance",
            percent = (line.light_chance() * 100.0).round()
        ),
    }
}

/// The first actions of a line, as the move list writes them.
pub fn line_text(pv: &[Action]) -> String {
    let mut words: Vec<String> = pv.iter().take(LINE_WORDS).map(|a| a.to_string()).collect();
    if pv.len() > LINE_WORDS {
        words.push("…".into());
    }
    words.join(" ")
}

/// The evaluation bar at the board's left edge and the best line's first
/// two actions as arrows on the board.
pub fn overlay(ctx: &egui::Context, p: &GameParams, cam: Option<(&Camera, &GlobalTransform)>) {
    if !p.analysis.open(&p.the_match, &p.tutorial) {
        return;
    }
    let Some(line) = p.analysis.line(&p.the_match) else {
        return;
    };
    let bottom = view_side(&p.settings, &p.the_match, p.tutorial.active);
    bar(ctx, p, &line, bottom);
    if let Some((cam, cam_tr)) = cam {
        arrows(ctx, &line.pv, cam, cam_tr);
    }
}

fn bar(ctx: &egui::Context, p: &GameParams, line: &Line, bottom: Side) {
    let l = *p.lang;
    // Beside the board: the window less the panels.
    let i = &*p.insets;
    let screen = ctx.content_rect();
    let screen = egui::Rect::from_min_max(
        screen.min + egui::vec2(i.left, i.top),
        screen.max - egui::vec2(i.right, i.bottom),
    );
    let top = screen.top() + screen.height() * 0.12;
    let height = screen.height() * 0.76;
    // Narrower on a phone, where the board reaches the screen's edge.
    let (margin, width) = if screen.width() < 600.0 {
        (3.0, 9.0)
    } else {
        (10.0, 16.0)
    };
    let rect = egui::Rect::from_min_size(
        egui::pos2(screen.left() + margin, top),
        egui::vec2(width, height),
    );
    // The share of the side at the bottom of the board, from the bottom.
    let chance = line.light_chance();
    let share = if bottom == Side::Light {
        chance
    } else {
        1.0 - chance
    };
    let split = rect.bottom() - rect.height() * share;
    let color = |s: Side| crate::ui::panel::side_color(&p.theme, s);
    egui::Area::new(egui::Id::new("analysis-bar"))
        .fixed_pos(rect.min)
        .order(egui::Order::Background)
        .interactable(true)
        .show(ctx, |ui_| {
            let (response, painter) = ui_.allocate_painter(rect.size(), egui::Sense::hover());
            let r = response.rect;
            painter.rect_filled(r, 3.0, color(!bottom));
            let lower = egui::Rect::from_min_max(
                egui::pos2(r.left(), split.clamp(r.top(), r.bottom())),
                r.max,
            );
            painter.rect_filled(lower, 3.0, color(bottom));
            painter.rect_stroke(
                r,
                3.0,
                egui::Stroke::new(1.0, egui::Color32::from_gray(90)),
                egui::StrokeKind::Outside,
            );
            // The middle: an even game.
            painter.hline(
                r.x_range(),
                r.center().y,
                egui::Stroke::new(1.0, egui::Color32::from_gray(128)),
            );
            response.on_hover_text(format!(
                "{}\n{}\n{}",
                verdict(l, line),
                t!(
                    l,
                    "analysis-score",
                    score = format!("{:+}", line.light_score())
                ),
                t!(l, "analysis-depth", depth = line.depth)
            ));
        });
}

/// The best action (strong) and the answer to it (lighter), from cell to
/// cell where the camera puts them.
fn arrows(ctx: &egui::Context, pv: &[Action], cam: &Camera, cam_tr: &GlobalTransform) {
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("analysis-arrows"),
    ));
    let at = |cell| {
        cam.world_to_viewport(cam_tr, cell_center(cell))
            .ok()
            .map(|p| egui::pos2(p.x, p.y))
    };
    let styles = [
        (
            egui::Color32::from_rgba_unmultiplied(80, 200, 120, 210),
            7.0,
        ),
        (
            egui::Color32::from_rgba_unmultiplied(120, 170, 230, 170),
            5.0,
        ),
    ];
    for (action, (color, width)) in pv.iter().zip(styles) {
        let (Some(from), Some(to)) = (at(action.from), at(action.to)) else {
            continue;
        };
        arrow(&painter, from, to, color, width);
    }
}

fn arrow(
    painter: &egui::Painter,
    from: egui::Pos2,
    to: egui::Pos2,
    color: egui::Color32,
    width: f32,
) {
    let v = to - from;
    let length = v.length();
    if length < 4.0 {
        return;
    }
    let dir = v / length;
    let head = (width * 2.6).min(length * 0.5);
    // Start off the piece's centre and stop the head at the cell's centre.
    let start = from + dir * (length * 0.18).min(head);
    let base = to - dir * head;
    let normal = egui::vec2(-dir.y, dir.x);
    painter.line_segment([start, base], egui::Stroke::new(width, color));
    painter.add(egui::Shape::convex_polygon(
        vec![to, base + normal * head * 0.6, base - normal * head * 0.6],
        color,
        egui::Stroke::NONE,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_after_eight_actions() {
        let pv: Vec<Action> = ["f1-f2", "f11-f10", "f2-f3", "f10-f9"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(line_text(&pv), "f1-f2 f11-f10 f2-f3 f10-f9");
        let long: Vec<Action> = pv.iter().cycle().take(10).copied().collect();
        let text = line_text(&long);
        assert!(text.ends_with(" …"), "{text}");
        assert_eq!(text.split(' ').count(), LINE_WORDS + 1);
    }

    #[test]
    fn the_verdict_names_a_forced_win_else_lights_chance() {
        let line = |score, mover| Line {
            depth: 5,
            score,
            mover,
            pv: vec![],
        };
        assert_eq!(
            verdict(Lang::En, &line(agon_ai::MATE - 3, Side::Dark)),
            "Dark wins in 3 actions"
        );
        assert_eq!(
            verdict(Lang::En, &line(0, Side::Dark)),
            "Light's chance: 50%"
        );
    }
}
