//! A word for the player over the board, fading after a few seconds: why
//! a click did nothing, or what a key did.

use bevy_egui::egui;

use crate::ui::state::{Shape, UiState};

/// Shows the latest word, clear of the panel, until it fades.
pub(super) fn show(ctx: &egui::Context, ui: &mut UiState, now: f64, shape: Shape) {
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
