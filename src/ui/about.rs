//! The About dialog: the game's version, its licence and its history.

use bevy_egui::egui;

pub fn show(ui: &mut egui::Ui) {
    crate::ui::title(ui, 30.0);
    ui.vertical_centered(|ui| {
        let version = concat!("version ", env!("CARGO_PKG_VERSION"));
        ui.label(egui::RichText::new(version).weak());
    });
    ui.add_space(8.0);
    ui.label(
        "Agon, also sold as Queen's Guard, is an abstract strategy game for two players \
         published in London in 1842: the oldest known board game played on hexagonal \
         cells. Each side commands a queen and six guards on a board of 91 hexagons in six \
         rings around a central throne. Pieces move only sideways or inwards, never \
         outwards, so every turn brings the race closer to the centre; the first to seat \
         their queen on the throne, ringed by all six guards, wins.",
    );
    ui.add_space(6.0);
    ui.label(
        "This version follows the rules clause by clause, with a decision recorded for \
         each place where the original text is ambiguous (RULES.md, shipped with the \
         source).",
    );
    ui.add_space(8.0);
    ui.label(
        egui::RichText::new(
            "Free software under the MIT or Apache 2.0 licence, at your option. Built with \
             Rust, Bevy, egui and kira.",
        )
        .weak(),
    );
}
