//! The new-game dialog ("Play the computer"): the side and the level, then
//! a game against the computer, pass and play, or the computer against
//! itself.

use agon_ai::Level;
use bevy_egui::egui;

use crate::game::{MatchCommand, Setup, SideChoice};
use crate::i18n::words::{level_description, level_title};
use crate::ui::state::{GameParams, Requests, UiState};

/// The choices, remembered in the settings for next time.
pub(super) fn show(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    ui_.label(egui::RichText::new(t!(l, "new-game-side")).strong());
    ui_.horizontal(|ui_| {
        let side = &mut p.settings.side;
        ui_.radio_value(side, SideChoice::Light, t!(l, "new-game-light"));
        ui_.radio_value(side, SideChoice::Dark, t!(l, "side-dark"));
        ui_.radio_value(side, SideChoice::Random, t!(l, "new-game-random"))
            .on_hover_text(t!(l, "new-game-random-hover"));
    });
    ui_.add_space(6.0);
    ui_.label(egui::RichText::new(t!(l, "new-game-level")).strong());
    for level in Level::ALL {
        let about = level_description(l, level);
        ui_.radio_value(&mut p.settings.level, level, level_title(l, level))
            .on_hover_text(&about);
        ui_.label(egui::RichText::new(about).small());
    }
    ui_.add_space(8.0);
    ui_.horizontal_wrapped(|ui_| {
        if ui_
            .button(egui::RichText::new(t!(l, "new-game-start")).size(17.0))
            .clicked()
        {
            let setup = Setup::VsComputer {
                side: p.settings.side,
                level: p.settings.level,
            };
            r.send(ui, MatchCommand::new_game(setup));
        }
        if ui_.button(t!(l, "new-game-pass-and-play")).clicked() {
            r.send(ui, MatchCommand::new_game(Setup::PassAndPlay));
        }
        if ui_
            .button(t!(l, "new-game-watch"))
            .on_hover_text(t!(l, "new-game-watch-hover"))
            .clicked()
        {
            let level = p.settings.level;
            r.send(ui, MatchCommand::new_game(Setup::Watch { level }));
        }
    });
}
