//! The cell names around the board, drawn by egui where the camera puts
//! the cells.

use agon_rules::Cell;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::scene::layout::cell_center;

pub fn draw(ctx: &egui::Context, cam: &Camera, cam_tr: &GlobalTransform) {
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
