//! The rules in short, section by section (RULES.md has them in full).

use bevy_egui::egui;

use crate::i18n::Lang;

pub(super) fn show(ui: &mut egui::Ui, l: Lang) {
    egui::ScrollArea::vertical()
        .max_height(460.0)
        .show(ui, |ui| {
            let section = |ui: &mut egui::Ui, heading: String, text: String| {
                ui.add_space(4.0);
                ui.label(egui::RichText::new(heading).strong().size(16.0));
                ui.label(text);
            };
            section(ui, t!(l, "rules-goal"), t!(l, "rules-goal-text"));
            section(ui, t!(l, "rules-moving"), t!(l, "rules-moving-text"));
            section(
                ui,
                t!(l, "rules-intervention"),
                t!(l, "rules-intervention-text"),
            );
            section(ui, t!(l, "rules-capture"), t!(l, "rules-capture-text"));
            section(
                ui,
                t!(l, "rules-relocation"),
                t!(l, "rules-relocation-text"),
            );
            section(ui, t!(l, "rules-end"), t!(l, "rules-end-text"));
            section(ui, t!(l, "rules-controls"), t!(l, "rules-controls-text"));
        });
}
