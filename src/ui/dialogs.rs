//! The dialogs: new game, settings, rules, resign, the question before a
//! game is discarded, the result, and notices about files.

use agon_ai::Level;
use agon_rules::Ending;
use bevy_egui::egui;

use crate::game::{MatchCommand, Mode, Screen, Setup, SideChoice};
use crate::i18n::Lang;
use crate::store::{AnimationSpeed, Graphics, Notices, ThemeName, ViewSide};
use crate::t;
use crate::ui::wording::{actions, describe_ending, level_description, level_title, mode_words};
use crate::ui::{Dialog, GameParams, Requests, UiState, records};

pub fn show(ctx: &egui::Context, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
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
        Dialog::ConfirmDiscard => t!(l, "dialog-discard"),
        Dialog::SendMove => t!(l, "send-move"),
        Dialog::About => t!(l, "dialog-about"),
        Dialog::Keys => t!(l, "dialog-keys"),
        Dialog::Position => t!(l, "dialog-position"),
        Dialog::Editor => t!(l, "editor"),
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
            Dialog::Rules => rules(ui_, l),
            Dialog::Settings => settings(ui_, p),
            Dialog::NewGame => new_game(ui_, p, r, ui),
            Dialog::Records => records::show(ui_, p, r, ui),
            Dialog::ConfirmResign => {
                ui_.label(t!(l, "resign-question"));
                ui_.horizontal(|ui_| {
                    if ui_.button(t!(l, "resign")).clicked() {
                        r.send(ui, MatchCommand::Resign);
                    }
                    if ui_.button(t!(l, "resign-play-on")).clicked() {
                        ui.close();
                    }
                });
            }
            Dialog::ConfirmDiscard => confirm_discard(ui_, p, r, ui),
            Dialog::SendMove => records::send_move(ui_, p, r, ui),
            Dialog::About => crate::ui::about::show(ui_, l),
            Dialog::Keys => crate::ui::shortcuts::list(ui_, l),
            Dialog::Editor => crate::ui::editor::show(ui_, p, r, ui),
            Dialog::Position => {
                ui_.add(
                    egui::Label::new(
                        egui::RichText::new(crate::ui::announce::describe_position(
                            l,
                            &p.the_match,
                        ))
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
    let l = *p.lang;
    let lost = match &p.saved.0 {
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
            ui.close();
        }
        let button = ui_.button(t!(l, "discard-it"));
        if ui.place("DiscardIt", button).clicked()
            && let Some(command) = ui.pending.take()
        {
            r.send(ui, command.confirmed());
        }
    });
}

fn new_game(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
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

fn settings(ui_: &mut egui::Ui, p: &mut GameParams) {
    let l = *p.lang;
    let s = &mut *p.settings;
    egui::Grid::new("settings")
        .num_columns(2)
        .spacing([16.0, 10.0])
        .show(ui_, |ui_| {
            ui_.label(t!(l, "settings-language"));
            language_picker(ui_, l, &mut s.language);
            ui_.end_row();
            ui_.label(t!(l, "settings-volume"));
            ui_.add(egui::Slider::new(&mut s.master_volume, 0.0..=1.0).show_value(false));
            ui_.end_row();
            ui_.label(t!(l, "settings-effects"));
            ui_.add(egui::Slider::new(&mut s.effects_volume, 0.0..=1.0).show_value(false));
            ui_.end_row();
            ui_.label(t!(l, "settings-music"));
            ui_.add(egui::Slider::new(&mut s.music_volume, 0.0..=1.0).show_value(false));
            ui_.end_row();
            ui_.label(t!(l, "settings-mute"));
            ui_.checkbox(&mut s.muted, "");
            ui_.end_row();
            ui_.label(t!(l, "settings-animations"));
            ui_.horizontal_wrapped(|ui_| {
                for a in AnimationSpeed::ALL {
                    ui_.selectable_value(&mut s.animation, a, animation_label(l, a));
                }
            });
            ui_.end_row();
            ui_.label(t!(l, "settings-coordinates"));
            ui_.checkbox(&mut s.show_coordinates, t!(l, "settings-show-cell-names"));
            ui_.end_row();
            ui_.label(t!(l, "settings-view-from"));
            ui_.horizontal_wrapped(|ui_| {
                ui_.selectable_value(&mut s.view, ViewSide::Auto, t!(l, "settings-auto"))
                    .on_hover_text(t!(l, "settings-view-auto-hover"));
                ui_.selectable_value(&mut s.view, ViewSide::Light, t!(l, "side-light"));
                ui_.selectable_value(&mut s.view, ViewSide::Dark, t!(l, "side-dark"));
            });
            ui_.end_row();
            ui_.label(t!(l, "settings-theme"));
            ui_.vertical(|ui_| {
                for theme in ThemeName::ALL {
                    ui_.radio_value(&mut s.theme, theme, theme_label(l, theme));
                }
            });
            ui_.end_row();
            ui_.label(t!(l, "settings-graphics"));
            ui_.horizontal_wrapped(|ui_| {
                for g in Graphics::ALL {
                    let label = if g == Graphics::Auto && s.graphics == Graphics::Auto {
                        let now = crate::scene::graphics::effective(g, &p.auto_graphics);
                        let now = if now == Graphics::Low { "low" } else { "high" };
                        t!(l, "settings-graphics-auto-now", now = now)
                    } else {
                        graphics_label(l, g)
                    };
                    ui_.selectable_value(&mut s.graphics, g, label)
                        .on_hover_text(match g {
                            Graphics::Auto => t!(l, "settings-graphics-auto-hover"),
                            Graphics::High => t!(l, "settings-graphics-high-hover"),
                            Graphics::Low => t!(l, "settings-graphics-low-hover"),
                        });
                }
            });
            ui_.end_row();
            ui_.label(t!(l, "settings-camera"));
            if ui_
                .button(t!(l, "settings-reset-view"))
                .on_hover_text(t!(l, "settings-reset-view-hover"))
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
                    if ui_
                        .button(egui::RichText::new(t!(l, "game-over-again")).size(17.0))
                        .clicked()
                    {
                        r.send(ui, MatchCommand::PlayAgain { confirmed: false });
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
                        crate::ui::review::open(r, ui);
                    }
                    let button = ui_
                        .button(t!(l, "analysis"))
                        .on_hover_text(t!(l, "analysis-hover"));
                    if ui.place("Analyse", button).clicked() {
                        ui.game_over_open = false;
                        r.analysis
                            .write(crate::game::analysis::AnalysisRequest(true));
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

pub fn notices(ctx: &egui::Context, l: Lang, notices: &mut Notices) {
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

fn rules(ui: &mut egui::Ui, l: Lang) {
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

/// The language picker: each language named in itself, and "the
/// system's" to follow the computer's or the browser's choice.
fn language_picker(ui_: &mut egui::Ui, l: Lang, choice: &mut Option<Lang>) {
    let shown = choice.map_or_else(
        || t!(l, "settings-language-system"),
        |c| c.native_name().to_string(),
    );
    egui::ComboBox::from_id_salt("language")
        .selected_text(shown)
        .show_ui(ui_, |ui_| {
            ui_.selectable_value(choice, None, t!(l, "settings-language-system"));
            for lang in Lang::ALL {
                ui_.selectable_value(choice, Some(lang), lang.native_name());
            }
        });
}

fn animation_label(l: Lang, a: AnimationSpeed) -> String {
    match a {
        AnimationSpeed::Off => t!(l, "animation-off"),
        AnimationSpeed::Fast => t!(l, "animation-fast"),
        AnimationSpeed::Normal => t!(l, "animation-normal"),
        AnimationSpeed::Slow => t!(l, "animation-slow"),
    }
}

fn theme_label(l: Lang, theme: ThemeName) -> String {
    match theme {
        ThemeName::Classic => t!(l, "theme-classic"),
        ThemeName::HighContrast => t!(l, "theme-high-contrast"),
        ThemeName::ColourSafe => t!(l, "theme-colour-safe"),
    }
}

fn graphics_label(l: Lang, g: Graphics) -> String {
    match g {
        Graphics::Auto => t!(l, "settings-auto"),
        Graphics::High => t!(l, "graphics-high"),
        Graphics::Low => t!(l, "graphics-low"),
    }
}
