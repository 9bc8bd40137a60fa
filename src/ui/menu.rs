//! The main menu: resume or continue a game, start one, learn, read the
//! rules, change settings, load a record, quit.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::analysis::AnalysisRequest;
use crate::game::{MatchCommand, Mode, Screen, Setup, SideChoice};
use crate::i18n::words::actions;
use crate::ui::state::{Dialog, GameParams, Requests, UiState};
use crate::ui::widgets::{big_button, fitted_size, title};
use crate::ui::wording::mode_words;

pub(super) fn show(ctx: &egui::Context, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
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
            let l = *p.lang;
            title(ui_, l, 46.0);
            ui_.vertical_centered(|ui_| {
                ui_.add_space(14.0);
                if let Some((record, game)) = &p.saved.0 {
                    let what = mode_words(l, Mode::from_players(&record.players));
                    let played = actions(l, game.history().len());
                    if big_button(ui_, &t!(l, "menu-resume"))
                        .on_hover_text(t!(l, "menu-resume-hover", game = &what, played = played))
                        .clicked()
                    {
                        r.send(ui, MatchCommand::Resume);
                    }
                    ui_.label(egui::RichText::new(what).small());
                    ui_.add_space(6.0);
                } else if p.the_match.unfinished()
                    && !p.tutorial.active
                    && big_button(ui_, &t!(l, "menu-continue")).clicked()
                {
                    r.next_screen.set(Screen::Playing);
                }
                if big_button(ui_, &t!(l, "menu-play-computer")).clicked() {
                    ui.open(Dialog::NewGame);
                }
                if big_button(ui_, &t!(l, "menu-pass-and-play"))
                    .on_hover_text(t!(l, "menu-pass-and-play-hover"))
                    .clicked()
                {
                    r.send(ui, MatchCommand::new_game(Setup::PassAndPlay));
                }
                if big_button(ui_, &t!(l, "menu-analysis"))
                    .on_hover_text(t!(l, "menu-analysis-hover"))
                    .clicked()
                {
                    r.send(ui, MatchCommand::new_game(Setup::PassAndPlay));
                    r.analysis.write(AnalysisRequest(true));
                }
                let button = big_button(ui_, &t!(l, "menu-puzzles"))
                    .on_hover_text(t!(l, "menu-puzzles-hover"));
                if ui.place("Puzzles", button).clicked() {
                    ui.open(Dialog::Puzzles);
                }
                let button = big_button(ui_, &t!(l, "menu-online"))
                    .on_hover_text(t!(l, "menu-online-hover"));
                if ui.place("PlayOnline", button).clicked() {
                    ui.open(Dialog::Online);
                }
                if big_button(ui_, &t!(l, "menu-friend"))
                    .on_hover_text(t!(l, "menu-friend-hover"))
                    .clicked()
                {
                    let setup = Setup::Remote {
                        side: SideChoice::Light,
                    };
                    r.send(ui, MatchCommand::new_game(setup));
                }
                if big_button(ui_, &t!(l, "menu-learn"))
                    .on_hover_text(t!(l, "menu-learn-hover"))
                    .clicked()
                {
                    r.send(ui, MatchCommand::StartLesson(0));
                }
                if big_button(ui_, &t!(l, "menu-load-record")).clicked() {
                    ui.open(Dialog::Records);
                }
                ui_.add_space(8.0);
                // The rest, smaller: on one line where the words fit (English),
                // else two by two (Greek, Italian), within the big buttons' width.
                let quit = !cfg!(target_arch = "wasm32");
                let mut small: Vec<(String, SmallButton)> = vec![
                    (t!(l, "rules"), SmallButton::Rules),
                    (t!(l, "settings"), SmallButton::Settings),
                    (t!(l, "about"), SmallButton::About),
                ];
                if quit {
                    small.push((t!(l, "quit"), SmallButton::Quit));
                }
                let width = 240.0;
                let gap = ui_.spacing().item_spacing.x;
                let pad = 2.0 * ui_.spacing().button_padding.x;
                let n = small.len() as f32;
                let one_line = (width - gap * (n - 1.0)) / n;
                let fits = small
                    .iter()
                    .all(|(text, _)| fitted_size(ui_.ctx(), text, one_line - pad, 15.0) >= 15.0);
                let per_row = if fits { small.len() } else { 2 };
                let button_width = (width - gap * (per_row as f32 - 1.0)) / per_row as f32;
                for row in small.chunks(per_row) {
                    ui_.horizontal(|ui_| {
                        ui_.add_space((ui_.available_width() - width) / 2.0);
                        for (text, which) in row {
                            let size = fitted_size(ui_.ctx(), text, button_width - pad, 15.0);
                            let button = egui::Button::new(egui::RichText::new(text).size(size));
                            if ui_.add_sized([button_width, 30.0], button).clicked() {
                                match which {
                                    SmallButton::Rules => ui.open(Dialog::Rules),
                                    SmallButton::Settings => ui.open(Dialog::Settings),
                                    SmallButton::About => ui.open(Dialog::About),
                                    SmallButton::Quit => {
                                        r.exit.write(AppExit::Success);
                                    }
                                }
                            }
                        }
                    });
                }
            });
        });
}

/// The menu's smaller buttons.
#[derive(Clone, Copy)]
enum SmallButton {
    Rules,
    Settings,
    About,
    Quit,
}
