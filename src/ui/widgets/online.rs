//! An online game in the panels (both layouts): the connection when it is
//! not right, both clocks, whether the opponent is there and who watches,
//! the link to send while the seat opposite is free, the offers (a draw, a
//! rematch), claiming a game the opponent left, and the code that takes
//! this seat back on another device.

use agon_rules::Side;
use bevy_egui::egui;

use crate::game::link::link_base;
use crate::game::online::{Connection, OnlineRequest};
use crate::game::{Mode, Screen};
use crate::i18n::words::side_name;
use crate::ui::state::{GameParams, Requests, Shown, UiState};
use crate::ui::widgets::side_dot;

/// A clock's time as players read it: `4:07`, `1:02:30`; tenths under ten
/// seconds (`9.4`).
pub(crate) fn clock_text(ms: u64) -> String {
    if ms < 10_000 {
        return format!("{}.{}", ms / 1000, (ms % 1000) / 100);
    }
    let s = ms / 1000;
    let (h, m, s) = (s / 3600, (s / 60) % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The section, drawn when the match is an online one.
pub(crate) fn section(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let Mode::Online { me } = p.the_match.mode else {
        return;
    };
    let l = *p.lang;
    let online = &*p.online;
    match online.connection() {
        Connection::Connected | Connection::Off => {}
        Connection::Connecting => {
            ui_.label(egui::RichText::new(t!(l, "online-connecting")).weak());
        }
        Connection::Retrying { in_s } => {
            ui_.label(
                egui::RichText::new(t!(l, "online-retrying", seconds = in_s))
                    .color(egui::Color32::from_rgb(240, 190, 110)),
            );
        }
    }
    if let Some((clocks, running)) = online.clocks() {
        ui_.horizontal(|ui_| {
            for side in Side::BOTH {
                side_dot(ui_, &p.theme, side, 6.0);
                let ms = clocks.get(side);
                let mut text = egui::RichText::new(clock_text(ms)).monospace().size(20.0);
                if running == Some(side) {
                    text = text.strong();
                }
                if ms < 10_000 {
                    text = text.color(egui::Color32::from_rgb(235, 110, 90));
                }
                let label = ui_.label(text);
                label.on_hover_text(side_name(l, side));
                ui_.add_space(12.0);
            }
        });
    }
    let over = p.the_match.is_over();
    let started = online.started();
    if let Some(presence) = online.presence() {
        ui_.horizontal_wrapped(|ui_| {
            if let Some(me) = me
                && started
            {
                // Gone is what matters (their clock may run out, or the
                // win be claimed): said in the colour of a warning.
                let said = if presence.seat(!me) {
                    egui::RichText::new(t!(l, "online-opponent-here")).weak()
                } else {
                    egui::RichText::new(t!(l, "online-opponent-away"))
                        .color(egui::Color32::from_rgb(240, 190, 110))
                };
                ui_.label(said);
            }
            if presence.watchers > 0 {
                let count = u64::from(presence.watchers);
                ui_.label(egui::RichText::new(t!(l, "online-watchers", count = count)).weak());
            }
        });
        // The seat opposite is free: the link to send.
        if me.is_some() && !started {
            ui_.label(t!(l, "online-waiting"));
            let link = format!(
                "{}?{}",
                link_base(),
                crate::game::link::link_query(&p.the_match)
            );
            ui_.horizontal(|ui_| {
                let copied = egui::Id::new("online-link-copied");
                let copy = ui_.button(t!(l, "online-copy-link"));
                if ui.place("CopyOnlineLink", copy).clicked() {
                    ui.copy(ui_.ctx(), Shown::Line(link.clone()));
                    ui_.data_mut(|d| d.insert_temp(copied, true));
                }
                if ui_.data(|d| d.get_temp::<bool>(copied)).unwrap_or(false) {
                    ui_.label(egui::RichText::new(t!(l, "online-link-copied")).weak());
                }
            });
            ui_.add(egui::TextEdit::singleline(&mut link.clone()).desired_width(f32::INFINITY));
        }
        if let Some(me) = me
            && started
        {
            offers(ui_, p, r, ui, me, over, !presence.seat(!me));
        }
    }
    // Watching, or the game over: off the server and back to the menu.
    if over || me.is_none() {
        let button = ui_
            .button(t!(l, "online-leave"))
            .on_hover_text(t!(l, "online-leave-hover"));
        if ui.place("OnlineLeave", button).clicked() {
            r.online.write(OnlineRequest::Leave);
            r.next_screen.set(Screen::Menu);
        }
    }
    if let Some(code) = online.claim_code() {
        ui_.label(egui::RichText::new(t!(l, "online-claim-code", code = code)).small())
            .on_hover_text(t!(l, "online-claim-code-hover"));
    }
}

/// A draw offered, accepted or declined; the win claimed; a rematch.
fn offers(
    ui_: &mut egui::Ui,
    p: &GameParams,
    r: &mut Requests,
    ui: &mut UiState,
    me: Side,
    over: bool,
    opponent_away: bool,
) {
    let l = *p.lang;
    let online = &*p.online;
    if !over {
        match online.draw_offer() {
            Some(side) if side != me => {
                ui_.label(egui::RichText::new(t!(l, "online-draw-offer")).strong());
                ui_.horizontal(|ui_| {
                    let accept = ui_.button(t!(l, "online-accept-draw"));
                    if ui.place("AcceptDraw", accept).clicked() {
                        r.online.write(OnlineRequest::AcceptDraw);
                    }
                    let decline = ui_.button(t!(l, "online-decline-draw"));
                    if ui.place("DeclineDraw", decline).clicked() {
                        r.online.write(OnlineRequest::DeclineDraw);
                    }
                });
            }
            Some(_) => {
                ui_.label(egui::RichText::new(t!(l, "online-draw-offered")).weak());
            }
            None => {
                ui_.horizontal_wrapped(|ui_| {
                    let offer = ui_.button(t!(l, "online-offer-draw"));
                    if ui.place("OfferDraw", offer).clicked() {
                        r.online.write(OnlineRequest::OfferDraw);
                    }
                    if opponent_away && online.clocks().is_some() {
                        let button = ui_
                            .button(t!(l, "online-claim-win"))
                            .on_hover_text(t!(l, "online-claim-win-hover"));
                        if ui.place("ClaimWin", button).clicked() {
                            r.online.write(OnlineRequest::ClaimWin);
                        }
                    }
                });
            }
        }
        return;
    }
    let text = match online.rematch_offer() {
        Some(side) if side != me => {
            ui_.label(egui::RichText::new(t!(l, "online-rematch-offer")).strong());
            t!(l, "online-accept-rematch")
        }
        Some(_) => {
            ui_.label(egui::RichText::new(t!(l, "online-rematch-offered")).weak());
            return;
        }
        None => t!(l, "online-rematch"),
    };
    let rematch = ui_.button(text);
    if ui.place("Rematch", rematch).clicked() {
        r.online.write(OnlineRequest::Rematch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_players_read_them() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(247_900), "4:07");
        assert_eq!(clock_text(3_750_000), "1:02:30");
        assert_eq!(clock_text(10_000), "0:10");
        assert_eq!(clock_text(9_450), "9.4");
        assert_eq!(clock_text(0), "0.0");
    }
}
