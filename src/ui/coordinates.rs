//! The cell names around the board, drawn by egui where the camera puts
//! the cells.

use agon_rules::Cell;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::scene::layout::{CELL_RADIUS, cell_center};

/// The size of the cell names for cells of `cell_px` (a cell's radius on
/// the screen, in points).
pub(super) fn name_size(cell_px: f32) -> f32 {
    (cell_px * 0.62).clamp(7.0, 14.0)
}

pub(super) fn draw(ctx: &egui::Context, cam: &Camera, cam_tr: &GlobalTransform) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    let color = egui::Color32::from_rgb(238, 226, 200);
    // As large as the cells allow: a phone's small board gets small names.
    let cell_px = cam
        .world_to_viewport(cam_tr, Vec3::ZERO)
        .ok()
        .zip(cam.world_to_viewport(cam_tr, Vec3::X * CELL_RADIUS).ok())
        .map_or(24.0, |(a, b)| a.distance(b));
    let font = egui::FontId::proportional(name_size(cell_px));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_shrink_with_the_cells_and_stay_readable() {
        // A desktop board: full size.
        assert_eq!(name_size(30.0), 14.0);
        // A phone's cells of 16 points: names smaller than the cells.
        assert!(name_size(16.0) < 16.0 * 0.7);
        assert_eq!(name_size(4.0), 7.0);
    }
}
