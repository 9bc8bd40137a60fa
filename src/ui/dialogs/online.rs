//! The "Play online" dialog: create a game (a side, a clock, whether anyone
//! may join it from the lobby) and get its link; join one by its link; play
//! anyone (the first who asks for the same clock, or an open game of the
//! lobby); take back a seat with the code shown on another device. The
//! dialog asks `game::online`; the game opens once the server has seated
//! the player.

use agon_wire::{ClockSpec, SideChoice};
use bevy_egui::egui;

use crate::game::link::room_of;
use crate::game::online::{Connection, OnlineRequest};
use crate::i18n::Lang;
use crate::i18n::words::side_key;
use crate::ui::state::{GameParams, Requests, UiState};

/// The clocks offered: none, or minutes + seconds added a move.
const CLOCKS: [Option<(u32, u32)>; 6] = [
    None,
    Some((3, 2)),
    Some((5, 3)),
    Some((10, 5)),
    Some((15, 10)),
    Some((30, 20)),
];

fn clock_words(l: Lang, clock: Option<ClockSpec>) -> String {
    match clock {
        None => t!(l, "online-no-clock"),
        Some(c) => t!(
            l,
            "online-clock-value",
            minutes = u64::from(c.minutes),
            increment = u64::from(c.increment)
        ),
    }
}

/// A clock picker over [`CLOCKS`].
fn clock_choice(ui_: &mut egui::Ui, l: Lang, id: &str, chosen: &mut Option<ClockSpec>) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(clock_words(l, *chosen))
        .show_ui(ui_, |ui_| {
            for c in CLOCKS {
                let c = c.map(|(minutes, increment)| ClockSpec { minutes, increment });
                ui_.selectable_value(chosen, c, clock_words(l, c));
            }
        });
}

pub(crate) fn show(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    let mut ask = |ui: &mut UiState, request: OnlineRequest| {
        ui.online_waiting = true;
        r.online.write(request);
    };
    let form = &mut ui.online_form;
    ui_.label(egui::RichText::new(t!(l, "online-create")).strong());
    ui_.horizontal_wrapped(|ui_| {
        ui_.label(t!(l, "online-side"));
        ui_.radio_value(&mut form.side, SideChoice::Light, t!(l, "new-game-light"));
        ui_.radio_value(&mut form.side, SideChoice::Dark, t!(l, "side-dark"));
        ui_.radio_value(&mut form.side, SideChoice::Random, t!(l, "new-game-random"));
    });
    ui_.horizontal_wrapped(|ui_| {
        ui_.label(t!(l, "online-clock"));
        clock_choice(ui_, l, "online-clock", &mut form.clock);
    });
    ui_.checkbox(&mut form.listed, t!(l, "online-listed"));
    let (side, clock, listed) = (form.side, form.clock, form.listed);
    let button = ui_.button(egui::RichText::new(t!(l, "online-create-button")).size(17.0));
    if ui.place("OnlineCreate", button).clicked() {
        ask(
            ui,
            OnlineRequest::Create {
                side,
                clock,
                listed,
            },
        );
    }
    ui_.separator();
    ui_.label(egui::RichText::new(t!(l, "online-join")).strong());
    ui_.horizontal(|ui_| {
        let text = ui_.add(
            egui::TextEdit::singleline(&mut ui.online_form.link)
                .hint_text(t!(l, "online-join-hint"))
                .desired_width(260.0),
        );
        ui.place("OnlineLink", text);
        let button = ui_.button(t!(l, "online-join-button"));
        if ui.place("OnlineJoin", button).clicked() {
            match room_of(&ui.online_form.link) {
                Ok(room) => ask(ui, OnlineRequest::Join { room }),
                Err(e) => ui.online_form.problem = Some(e.text(l)),
            }
        }
    });
    ui_.separator();
    ui_.label(egui::RichText::new(t!(l, "online-anyone")).strong());
    ui_.horizontal_wrapped(|ui_| {
        clock_choice(ui_, l, "online-seek-clock", &mut ui.online_form.seek_clock);
        let clock = ui.online_form.seek_clock;
        let button = ui_
            .button(t!(l, "online-seek"))
            .on_hover_text(t!(l, "online-seek-hover"));
        if ui.place("OnlineSeek", button).clicked() {
            ask(ui, OnlineRequest::Seek { clock });
        }
    });
    lobby(ui_, p, ui, &mut |ui, request| ask(ui, request));
    ui_.separator();
    ui_.label(egui::RichText::new(t!(l, "online-claim")).strong());
    ui_.horizontal(|ui_| {
        ui_.add(
            egui::TextEdit::singleline(&mut ui.online_form.code)
                .hint_text(t!(l, "online-claim-hint"))
                .desired_width(160.0),
        );
        if ui_.button(t!(l, "online-claim-button")).clicked() {
            let code = ui.online_form.code.trim().to_string();
            if !code.is_empty() {
                ask(ui, OnlineRequest::Claim { code });
            }
        }
    });
    status(ui_, p, ui);
}

/// The lobby's open games, each to join, and a refresh.
fn lobby(
    ui_: &mut egui::Ui,
    p: &GameParams,
    ui: &mut UiState,
    ask: &mut dyn FnMut(&mut UiState, OnlineRequest),
) {
    let l = *p.lang;
    ui_.horizontal(|ui_| {
        ui_.label(t!(l, "online-lobby"));
        if ui_.small_button(t!(l, "online-lobby-refresh")).clicked() {
            ask(ui, OnlineRequest::Lobby);
            // Asking the lobby opens no game: the dialog stays.
            ui.online_waiting = false;
        }
    });
    let Some(games) = &p.online.lobby else {
        return;
    };
    if games.is_empty() {
        ui_.label(egui::RichText::new(t!(l, "online-lobby-empty")).weak());
        return;
    }
    egui::ScrollArea::vertical()
        .max_height(140.0)
        .id_salt("lobby")
        .show(ui_, |ui_| {
            for game in games {
                ui_.horizontal(|ui_| {
                    let minutes = game.age_s / 60;
                    ui_.label(t!(
                        l,
                        "online-lobby-game",
                        side = side_key(game.free),
                        clock = clock_words(l, game.clock),
                        minutes = minutes
                    ));
                    if ui_.small_button(t!(l, "online-lobby-join")).clicked() {
                        ask(
                            ui,
                            OnlineRequest::Join {
                                room: game.room.clone(),
                            },
                        );
                    }
                });
            }
        });
}

/// What the dialog's request has come to: connecting, a refusal, a link
/// that could not be read.
fn status(ui_: &mut egui::Ui, p: &GameParams, ui: &UiState) {
    let l = *p.lang;
    let warn = egui::Color32::from_rgb(230, 200, 120);
    if let Some(problem) = &ui.online_form.problem {
        ui_.label(egui::RichText::new(problem).color(warn));
    }
    if let Some(refused) = &p.online.refused {
        ui_.label(egui::RichText::new(refused.text(l)).color(warn));
    }
    if !ui.online_waiting {
        return;
    }
    match p.online.connection() {
        Connection::Connecting | Connection::Connected => {
            ui_.horizontal(|ui_| {
                ui_.spinner();
                ui_.label(t!(l, "online-connecting"));
            });
        }
        Connection::Retrying { in_s } => {
            ui_.label(egui::RichText::new(t!(l, "online-retrying", seconds = in_s)).color(warn));
        }
        Connection::Off => {}
    }
}
