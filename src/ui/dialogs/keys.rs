//! The `?` dialog: every key and gesture, each with what it does
//! (`ui::shortcuts::KEYS`).

use bevy_egui::egui;

use crate::i18n::Lang;
use crate::ui::shortcuts::KEYS;

pub(super) fn show(ui: &mut egui::Ui, l: Lang) {
    egui::Grid::new("keys")
        .num_columns(2)
        .spacing([16.0, 6.0])
        .striped(true)
        .show(ui, |ui| {
            for key in KEYS {
                let what = l.text(&format!("{key}-what"), &[]);
                ui.label(egui::RichText::new(l.text(key, &[])).strong().monospace());
                ui.label(what);
                ui.end_row();
            }
        });
}
