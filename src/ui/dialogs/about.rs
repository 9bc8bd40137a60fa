//! The About dialog: the game's version, its licence and its history.

use bevy_egui::egui;

use crate::i18n::Lang;
use crate::ui::widgets::title;

pub(super) fn show(ui: &mut egui::Ui, l: Lang) {
    title(ui, l, 30.0);
    ui.vertical_centered(|ui| {
        let version = t!(l, "about-version", version = env!("CARGO_PKG_VERSION"));
        ui.label(egui::RichText::new(version).weak());
    });
    ui.add_space(8.0);
    ui.label(t!(l, "about-history"));
    ui.add_space(6.0);
    ui.label(t!(l, "about-this-version"));
    ui.add_space(8.0);
    ui.label(egui::RichText::new(t!(l, "about-licence")).weak());
}
