//! The dialogs: new game, settings, rules, resign, the question before a
//! game is discarded, the result, and notices about files.

use agon_ai::Level;
use agon_rules::Ending;
use bevy_egui::egui;

use crate::game::{MatchCommand, Mode, Screen, Setup, SideChoice};
use crate::store::{AnimationSpeed, Graphics, Notices, ThemeName, ViewSide};
use crate::ui::wording::{actions, describe_ending, mode_words};
use crate::ui::{Dialog, GameParams, Requests, UiState, records};

pub fn show(ctx: &egui::Context, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let Some(dialog) = ui.dialog.clone() else {
        return;
    };
    let mut open = true;
    let title = match dialog {
        Dialog::Rules => "How to play",
        Dialog::Settings => "Settings",
        Dialog::NewGame => "Play the computer",
        Dialog::Records => "Game records",
        Dialog::ConfirmResign => "Resign?",
        Dialog::ConfirmDiscard => "Discard your game?",
        Dialog::SendMove => "Send your move",
        Dialog::About => "About Agon",
        Dialog::Keys => "Keys",
        Dialog::Position => "The position in words",
    };
    egui::Window::new(title)
        .collapsible(false)
        .resizable(matches!(dialog, Dialog::Rules | Dialog::Records))
        .default_width(440.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .open(&mut open)
        .show(ctx, |ui_| match dialog {
            Dialog::Rules => rules(ui_),
            Dialog::Settings => settings(ui_, p),
            Dialog::NewGame => new_game(ui_, p, r, ui),
            Dialog::Records => records::show(ui_, p, r, ui),
            Dialog::ConfirmResign => {
                ui_.label("The game ends and your opponent wins.");
                ui_.horizontal(|ui_| {
                    if ui_.button("Resign").clicked() {
                        r.send(ui, MatchCommand::Resign);
                    }
                    if ui_.button("Play on").clicked() {
                        ui.close();
                    }
                });
            }
            Dialog::ConfirmDiscard => confirm_discard(ui_, p, r, ui),
            Dialog::SendMove => records::send_move(ui_, p, r, ui),
            Dialog::About => crate::ui::about::show(ui_),
            Dialog::Keys => crate::ui::shortcuts::list(ui_),
            Dialog::Position => {
                ui_.add(
                    egui::Label::new(
                        egui::RichText::new(crate::ui::announce::describe_position(&p.the_match))
                            .size(16.0),
                    )
                    .wrap(),
                );
            }
        });
    if !open {
        ui.close();
    }
}

/// Before a game in progress is thrown away: what would be lost, and a
/// choice whose safe answer is the default.
fn confirm_discard(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let lost = match &p.saved.0 {
        Some((record, game)) => format!(
            "Your saved game ({}, {} played) will be lost.",
            mode_words(Mode::from_players(&record.players)),
            actions(game.history().len())
        ),
        None => format!(
            "The game in progress ({}, {} played) will be lost.",
            mode_words(p.the_match.mode),
            actions(p.the_match.game.history().len())
        ),
    };
    ui_.label(lost);
    ui_.add_space(6.0);
    ui_.horizontal(|ui_| {
        if ui_.button("Keep my game").clicked() {
            ui.close();
        }
        let button = ui_.button("Discard it");
        if ui.place("DiscardIt", button).clicked()
            && let Some(command) = ui.pending.take()
        {
            r.send(ui, command.confirmed());
        }
    });
}

fn new_game(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    ui_.label(egui::RichText::new("Your side").strong());
    ui_.horizontal(|ui_| {
        let side = &mut p.settings.side;
        ui_.radio_value(side, SideChoice::Light, "Light (moves first)");
        ui_.radio_value(side, SideChoice::Dark, "Dark");
        ui_.radio_value(side, SideChoice::Random, "Random")
            .on_hover_text("Drawn anew for every game");
    });
    ui_.add_space(6.0);
    ui_.label(egui::RichText::new("Level").strong());
    for level in Level::ALL {
        ui_.radio_value(&mut p.settings.level, level, level.title())
            .on_hover_text(level.description());
        ui_.label(egui::RichText::new(level.description()).weak().small());
    }
    ui_.add_space(8.0);
    ui_.horizontal(|ui_| {
        if ui_
            .button(egui::RichText::new("Start").size(17.0))
            .clicked()
        {
            let setup = Setup::VsComputer {
                side: p.settings.side,
                level: p.settings.level,
            };
            r.send(ui, MatchCommand::new_game(setup));
        }
        if ui_.button("Pass and play instead").clicked() {
            r.send(ui, MatchCommand::new_game(Setup::PassAndPlay));
        }
        if ui_
            .button("Watch")
            .on_hover_text("The computer plays itself at this level")
            .clicked()
        {
            let level = p.settings.level;
            r.send(ui, MatchCommand::new_game(Setup::Watch { level }));
        }
    });
}

fn settings(ui_: &mut egui::Ui, p: &mut GameParams) {
    let s = &mut *p.settings;
    egui::Grid::new("settings")
        .num_columns(2)
        .spacing([16.0, 10.0])
        .show(ui_, |ui_| {
            ui_.label("Volume");
            ui_.add(egui::Slider::new(&mut s.master_volume, 0.0..=1.0).show_value(false));
            ui_.end_row();
            ui_.label("Effects");
            ui_.add(egui::Slider::new(&mut s.effects_volume, 0.0..=1.0).show_value(false));
            ui_.end_row();
            ui_.label("Music");
            ui_.add(egui::Slider::new(&mut s.music_volume, 0.0..=1.0).show_value(false));
            ui_.end_row();
            ui_.label("Mute");
            ui_.checkbox(&mut s.muted, "");
            ui_.end_row();
            ui_.label("Animations");
            ui_.horizontal(|ui_| {
                for a in AnimationSpeed::ALL {
                    ui_.selectable_value(&mut s.animation, a, a.label());
                }
            });
            ui_.end_row();
            ui_.label("Coordinates");
            ui_.checkbox(&mut s.show_coordinates, "Show cell names");
            ui_.end_row();
            ui_.label("View from");
            ui_.horizontal(|ui_| {
                ui_.selectable_value(&mut s.view, ViewSide::Auto, "Auto")
                    .on_hover_text(
                        "Your side against the computer; the side to move in pass-and-play",
                    );
                ui_.selectable_value(&mut s.view, ViewSide::Light, "Light");
                ui_.selectable_value(&mut s.view, ViewSide::Dark, "Dark");
            });
            ui_.end_row();
            ui_.label("Theme");
            ui_.vertical(|ui_| {
                for t in ThemeName::ALL {
                    ui_.radio_value(&mut s.theme, t, t.label());
                }
            });
            ui_.end_row();
            ui_.label("Graphics");
            ui_.horizontal(|ui_| {
                for g in Graphics::ALL {
                    let label = if g == Graphics::Auto && s.graphics == Graphics::Auto {
                        let now = crate::scene::graphics::effective(g, &p.auto_graphics);
                        format!("Auto ({})", now.label().to_lowercase())
                    } else {
                        g.label().to_string()
                    };
                    ui_.selectable_value(&mut s.graphics, g, label)
                        .on_hover_text(match g {
                            Graphics::Auto => "High, unless this machine draws too slowly",
                            Graphics::High => "Smooth edges and soft shadows",
                            Graphics::Low => "No smoothing, no shadows: for slow machines",
                        });
                }
            });
            ui_.end_row();
            ui_.label("Camera");
            if ui_
                .button("Reset view")
                .on_hover_text("Right-drag turns the board, the wheel zooms, R resets")
                .clicked()
            {
                p.rig.reset();
            }
            ui_.end_row();
        });
}

pub fn game_over(
    ctx: &egui::Context,
    p: &mut GameParams,
    r: &mut Requests,
    ui: &mut UiState,
    ending: Ending,
) {
    let (title, reason) = describe_ending(ending, p.the_match.mode);
    let mut open = true;
    egui::Window::new("Game over")
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
                    egui::RichText::new(format!(
                        "after {}",
                        actions(p.the_match.game.history().len())
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
                    let text = format!("Play the next level: {}", next.title());
                    if ui_
                        .button(egui::RichText::new(text).size(17.0))
                        .on_hover_text(next.description())
                        .clicked()
                    {
                        p.settings.level = next;
                        let setup = Setup::VsComputer { side, level: next };
                        r.send(ui, MatchCommand::new_game(setup));
                    }
                    ui_.add_space(4.0);
                }
                ui_.horizontal(|ui_| {
                    if ui_
                        .button(egui::RichText::new("Play again").size(17.0))
                        .clicked()
                    {
                        r.send(ui, MatchCommand::PlayAgain { confirmed: false });
                    }
                    if ui_.button("New game…").clicked() {
                        ui.game_over_open = false;
                        ui.open(Dialog::NewGame);
                    }
                    if ui_.button("Look at the board").clicked() {
                        ui.game_over_open = false;
                    }
                    if ui_.button("Menu").clicked() {
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

pub fn notices(ctx: &egui::Context, notices: &mut Notices) {
    if notices.0.is_empty() {
        return;
    }
    egui::Window::new("Please note")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 40.0])
        .show(ctx, |ui_| {
            for n in &notices.0 {
                ui_.label(n);
            }
            if ui_.button("OK").clicked() {
                notices.0.clear();
            }
        });
}

fn rules(ui: &mut egui::Ui) {
    egui::ScrollArea::vertical().max_height(460.0).show(ui, |ui| {
        let h = |ui: &mut egui::Ui, t: &str| {
            ui.add_space(4.0);
            ui.label(egui::RichText::new(t).strong().size(16.0));
        };
        h(ui, "The goal");
        ui.label("Put your queen on the throne, the golden centre cell, with your six guards on the six cells around it. Light moves first.");
        h(ui, "Moving");
        ui.label("Each turn, move one of your pieces to a neighbouring empty cell on the same ring or one ring closer to the throne. Never outward, never a jump. Only a queen may enter the throne.");
        h(ui, "No intervention");
        ui.label("You may never move a piece onto a cell that lies directly between two enemy pieces on a straight line.");
        h(ui, "Capture");
        ui.label("When your piece arrives next to an enemy that has one of your pieces directly beyond it on the same line, that enemy is captured. It stays where it is, lying down and out of play.");
        h(ui, "Relocation");
        ui.label("While you have captured pieces, your turn is to relocate one of them: a guard to any empty cell of the outer ring, the queen to any empty cell at all (the throne too). The queen goes first.");
        h(ui, "The end");
        ui.label("Throne: your queen on the throne and your six guards around it, and you win. Forfeit: if your six guards fill the ring while your queen is not on the throne, you lose. A player with no legal action loses. The third repetition of a position is a draw.");
        h(ui, "Controls");
        ui.label("Click a piece to pick it up: dots show where it may go, red rings where it would capture. Click a dot to move. Esc puts the piece down or closes a dialog. Right-drag turns the board, the wheel zooms, R resets the view. Ctrl+Z undo, Ctrl+Y redo, H hint, ? every key.");
    });
}
