//! The dialogs: one open at a time ([`show`], each in its own file below
//! when it is more than a few lines), the question before a game is
//! discarded or resigned; beside them the result ([`game_over`]) and the
//! notices about files ([`notices`]).

mod about;
mod editor;
mod keys;
mod new_game;
mod online;
mod puzzles;
mod records;
mod rules;
mod settings;

use agon_rules::Ending;
use bevy_egui::egui;

use crate::game::analysis::AnalysisRequest;
use crate::game::online::OnlineRequest;
use crate::game::{MatchCommand, Mode, Screen, Setup};
use crate::i18n::Lang;
use crate::i18n::words::{actions, level_description, level_title};
use crate::store::Notices;
use crate::ui::announce::describe_position;
use crate::ui::state::{Dialog, GameParams, Requests, UiState};
use crate::ui::wording::{describe_ending, mode_words};

pub(super) fn show(ctx: &egui::Context, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let Some(dialog) = ui.dialog.clone() else {
        return;
    };
    let mut open = true;
    let l = *p.lang;
    let title = match dialog {
        Dialog::Rules => t!(l, "dialog-rules"),
        Dialog::Settings => t!(l, "settings"),
        Dialog::NewGame => t!(l, "menu-play-computer"),
        Dialog::Records => t!(l, "dialog-records"),
        Dialog::ConfirmResign => t!(l, "dialog-resign"),
        Dialog::ConfirmDiscard if leaving_online(p) => t!(l, "dialog-leave-online"),
        Dialog::ConfirmDiscard => t!(l, "dialog-discard"),
        Dialog::SendMove => t!(l, "send-move"),
        Dialog::About => t!(l, "dialog-about"),
        Dialog::Keys => t!(l, "dialog-keys"),
        Dialog::Position => t!(l, "dialog-position"),
        Dialog::Editor => t!(l, "editor"),
        Dialog::Online => t!(l, "dialog-online"),
        Dialog::Puzzles => t!(l, "dialog-puzzles"),
    };
    // The title is shown; the window's identity must not change with the
    // language, or egui would take it for a new window.
    egui::Window::new(title)
        .id(egui::Id::new(("dialog", std::mem::discriminant(&dialog))))
        .collapsible(false)
        .resizable(matches!(dialog, Dialog::Rules | Dialog::Records))
        .default_width(440.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .open(&mut open)
        .show(ctx, |ui_| match dialog {
            Dialog::Rules => rules::show(ui_, l),
            Dialog::Settings => settings::show(ui_, p),
            Dialog::NewGame => new_game::show(ui_, p, r, ui),
            Dialog::Records => records::show(ui_, p, r, ui),
            Dialog::ConfirmResign => {
                ui_.label(t!(l, "resign-question"));
                ui_.horizontal(|ui_| {
                    if ui_.button(t!(l, "resign")).clicked() {
                        // Online, the server ends the game.
                        if matches!(p.the_match.mode, Mode::Online { .. }) {
                            r.online.write(OnlineRequest::Resign);
                            ui.close();
                        } else {
                            r.send(ui, MatchCommand::Resign);
                        }
                    }
                    if ui_.button(t!(l, "resign-play-on")).clicked() {
                        ui.close();
                    }
                });
            }
            Dialog::ConfirmDiscard => confirm_discard(ui_, p, r, ui),
            Dialog::SendMove => records::send_move(ui_, p, r, ui),
            Dialog::About => about::show(ui_, l),
            Dialog::Keys => keys::show(ui_, l),
            Dialog::Editor => editor::show(ui_, p, r, ui),
            Dialog::Online => online::show(ui_, p, r, ui),
            Dialog::Puzzles => puzzles::show(ui_, p, r, ui),
            Dialog::Position => {
                ui_.add(
                    egui::Label::new(
                        egui::RichText::new(describe_position(l, &p.the_match)).size(16.0),
                    )
                    .wrap(),
                );
            }
        });
    if !open {
        ui.close();
    }
}

/// Whether what would be thrown away is a seat in a live online game: not
/// lost (the server keeps it), but left, the clock running.
fn leaving_online(p: &GameParams) -> bool {
    matches!(p.the_match.mode, Mode::Online { me: Some(_) }) && !p.the_match.is_over()
}

/// Before a game in progress is thrown away: what would be lost, and a
/// choice whose safe answer is the default.
fn confirm_discard(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    let online = leaving_online(p);
    let lost = match &p.saved.0 {
        _ if online => t!(
            l,
            "discard-online",
            played = actions(l, p.the_match.game.history().len())
        ),
        Some((record, game)) => t!(
            l,
            "discard-saved",
            game = mode_words(l, Mode::from_players(&record.players)),
            played = actions(l, game.history().len())
        ),
        None => t!(
            l,
            "discard-in-progress",
            game = mode_words(l, p.the_match.mode),
            played = actions(l, p.the_match.game.history().len())
        ),
    };
    ui_.label(lost);
    ui_.add_space(6.0);
    ui_.horizontal(|ui_| {
        if ui_.button(t!(l, "discard-keep")).clicked() {
            // An online room asked for: not taken, so left.
            if matches!(ui.pending, Some(MatchCommand::Online(_))) {
                r.online.write(OnlineRequest::Leave);
            }
            ui.close();
        }
        let button = ui_.button(if online {
            t!(l, "discard-online-it")
        } else {
            t!(l, "discard-it")
        });
        if ui.place("DiscardIt", button).clicked()
            && let Some(command) = ui.pending.take()
        {
            r.send(ui, command.confirmed());
        }
    });
}

pub(super) fn game_over(
    ctx: &egui::Context,
    p: &mut GameParams,
    r: &mut Requests,
    ui: &mut UiState,
    ending: Ending,
) {
    let l = *p.lang;
    let (title, reason) = describe_ending(l, ending, p.the_match.mode);
    let mut open = true;
    egui::Window::new(t!(l, "game-over"))
        .id(egui::Id::new("game over"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [-150.0, 16.0])
        .open(&mut open)
        .show(ctx, |ui_| {
            ui_.vertical_centered(|ui_| {
                ui_.label(egui::RichText::new(&title).size(28.0).strong());
                ui_.add_space(4.0);
                ui_.label(egui::RichText::new(&reason).size(16.0));
                ui_.label(
                    egui::RichText::new(t!(
                        l,
                        "game-over-after",
                        played = actions(l, p.the_match.game.history().len())
                    ))
                    .weak(),
                );
                ui_.add_space(10.0);
                // After a win against the computer, the next rung is one click away.
                let next = match (p.the_match.mode, p.the_match.setup) {
                    (Mode::VsComputer { human, level }, Setup::VsComputer { side, .. })
                        if ending.winner() == Some(human) =>
                    {
                        level.next().map(|next| (side, next))
                    }
                    _ => None,
                };
                if let Some((side, next)) = next {
                    let text = t!(l, "game-over-next-level", level = level_title(l, next));
                    if ui_
                        .button(egui::RichText::new(text).size(17.0))
                        .on_hover_text(level_description(l, next))
                        .clicked()
                    {
                        p.settings.level = next;
                        let setup = Setup::VsComputer { side, level: next };
                        r.send(ui, MatchCommand::new_game(setup));
                    }
                    ui_.add_space(4.0);
                }
                ui_.horizontal_wrapped(|ui_| {
                    // Online, playing again is a rematch, asked of the opponent.
                    let online = matches!(p.the_match.mode, Mode::Online { me: Some(_) });
                    let again = if online {
                        t!(l, "online-rematch")
                    } else {
                        t!(l, "game-over-again")
                    };
                    if ui_.button(egui::RichText::new(again).size(17.0)).clicked() {
                        if online {
                            r.online.write(OnlineRequest::Rematch);
                            ui.game_over_open = false;
                        } else {
                            r.send(ui, MatchCommand::PlayAgain { confirmed: false });
                        }
                    }
                    if ui_.button(format!("{}…", t!(l, "new-game"))).clicked() {
                        ui.game_over_open = false;
                        ui.open(Dialog::NewGame);
                    }
                    if ui_.button(t!(l, "game-over-look")).clicked() {
                        ui.game_over_open = false;
                    }
                    let button = ui_
                        .button(t!(l, "review"))
                        .on_hover_text(t!(l, "review-hover"));
                    if ui.place("Review", button).clicked() {
                        r.open_review(ui);
                    }
                    let button = ui_
                        .button(t!(l, "analysis"))
                        .on_hover_text(t!(l, "analysis-hover"));
                    if ui.place("Analyse", button).clicked() {
                        ui.game_over_open = false;
                        r.analysis.write(AnalysisRequest(true));
                    }
                    if ui_.button(t!(l, "menu")).clicked() {
                        ui.game_over_open = false;
                        r.next_screen.set(Screen::Menu);
                    }
                });
            });
        });
    if !open {
        ui.game_over_open = false;
    }
}

pub(super) fn notices(ctx: &egui::Context, l: Lang, notices: &mut Notices) {
    if notices.0.is_empty() {
        return;
    }
    egui::Window::new(t!(l, "notices"))
        .id(egui::Id::new("notices"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 40.0])
        .show(ctx, |ui_| {
            for n in &notices.0 {
                ui_.label(n.text(l));
            }
            if ui_.button(t!(l, "ok")).clicked() {
                notices.0.clear();
            }
        });
}
