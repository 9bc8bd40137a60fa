//! The main menu: resume or continue a game, start one, learn, read the
//! rules, change settings, load a record, quit.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::{MatchCommand, Mode, Screen, Setup, SideChoice};
use crate::ui::wording::{actions, mode_words};
use crate::ui::{Dialog, GameParams, Requests, UiState, big_button, title};

pub fn show(ctx: &egui::Context, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    egui::Window::new("menu")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .frame(
            egui::Frame::window(&ctx.global_style())
                .inner_margin(egui::Margin::same(24))
                .fill(egui::Color32::from_rgba_unmultiplied(22, 24, 29, 236)),
        )
        .show(ctx, |ui_| {
            title(ui_, 46.0);
            ui_.vertical_centered(|ui_| {
                ui_.add_space(14.0);
                if let Some((record, game)) = &p.saved.0 {
                    let what = mode_words(Mode::from_players(&record.players));
                    if big_button(ui_, "Resume game")
                        .on_hover_text(format!("{what}, {} played", actions(game.history().len())))
                        .clicked()
                    {
                        r.send(ui, MatchCommand::Resume);
                    }
                    ui_.label(egui::RichText::new(what).small().weak());
                    ui_.add_space(6.0);
                } else if p.the_match.unfinished()
                    && !p.tutorial.active
                    && big_button(ui_, "Continue game").clicked()
                {
                    r.next_screen.set(Screen::Playing);
                }
                if big_button(ui_, "Play the computer").clicked() {
                    ui.open(Dialog::NewGame);
                }
                if big_button(ui_, "Pass and play")
                    .on_hover_text("Two players, one screen")
                    .clicked()
                {
                    r.send(ui, MatchCommand::new_game(Setup::PassAndPlay));
                }
                if big_button(ui_, "Play a friend by link")
                    .on_hover_text("Take turns by sending each other a link: no account, no server")
                    .clicked()
                {
                    let setup = Setup::Remote {
                        side: SideChoice::Light,
                    };
                    r.send(ui, MatchCommand::new_game(setup));
                }
                if big_button(ui_, "Learn to play")
                    .on_hover_text("Eight short lessons, one rule each; your game waits")
                    .clicked()
                {
                    r.send(ui, MatchCommand::StartLesson(0));
                }
                if big_button(ui_, "Load a game record").clicked() {
                    ui.open(Dialog::Records);
                }
                ui_.add_space(8.0);
                // The rest, smaller, on one line.
                ui_.horizontal(|ui_| {
                    let quit = !cfg!(target_arch = "wasm32");
                    let n = if quit { 4.0 } else { 3.0 };
                    let width = 240.0;
                    let gap = ui_.spacing().item_spacing.x;
                    ui_.add_space((ui_.available_width() - width) / 2.0);
                    let size = [(width - gap * (n - 1.0)) / n, 30.0];
                    if ui_.add_sized(size, egui::Button::new("Rules")).clicked() {
                        ui.open(Dialog::Rules);
                    }
                    if ui_.add_sized(size, egui::Button::new("Settings")).clicked() {
                        ui.open(Dialog::Settings);
                    }
                    if ui_.add_sized(size, egui::Button::new("About")).clicked() {
                        ui.open(Dialog::About);
                    }
                    if quit && ui_.add_sized(size, egui::Button::new("Quit")).clicked() {
                        r.exit.write(AppExit::Success);
                    }
                });
            });
        });
}
