//! Analysis over the board: the evaluation bar beside it (Light's winning
//! chance, the verdict on hover) and the best line's first two actions as
//! arrows on it. It reads `game::analysis::Analysis`; the search itself
//! runs off the frame there. The switch and the words are in the panels
//! (`widgets::analysis`).

use agon_rules::{Action, Side};
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::analysis::Line;
use crate::scene::camera::view_side;
use crate::scene::layout::cell_center;
use crate::ui::state::GameParams;
use crate::ui::widgets::analysis::verdict;
use crate::ui::widgets::side_color;

/// The evaluation bar at the board's left edge and the best line's first
/// two actions as arrows on the board.
pub(super) fn overlay(
    ctx: &egui::Context,
    p: &GameParams,
    cam: Option<(&Camera, &GlobalTransform)>,
) {
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
    let color = |s: Side| side_color(&p.theme, s);
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
