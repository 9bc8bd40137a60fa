//! Games in and out: copy a record or a link, save a record to a file (a
//! download on the web); import a record, a position (AFN), a list of
//! actions or a link by pasting it, picking a file (on the web) or dropping
//! one on the window. Importing asks the match's owner; a game in progress
//! is never replaced without consent. Playing a friend by link, the link of
//! one's move is sent from here too.

use bevy_egui::egui;

use crate::game::import::parse_import;
use crate::game::link::{link_base, link_query};
use crate::store::files::save_record;
use crate::ui::state::{GameParams, Requests, Shown, UiState};

pub(super) fn show(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    ui_.label(egui::RichText::new(t!(l, "records-export")).strong());
    // What is copied is also shown, to be selected by hand where the
    // clipboard is refused (a browser may ask for permission).
    ui_.horizontal_wrapped(|ui_| {
        let button = ui_.button(t!(l, "records-copy-record"));
        if ui
            .place("CopyRecord", button)
            .on_hover_text(t!(l, "records-copy-record-hover"))
            .clicked()
        {
            ui.copy(ui_.ctx(), Shown::Record(p.the_match.record().to_json()));
            ui.records_message = Some(t!(l, "records-record-copied"));
        }
        if ui_
            .button(t!(l, "records-copy-position"))
            .on_hover_text(t!(l, "records-copy-position-hover"))
            .clicked()
        {
            ui.copy(
                ui_.ctx(),
                Shown::Line(p.the_match.shown_position().to_afn()),
            );
            ui.records_message = Some(t!(l, "records-position-copied"));
        }
        let button = ui_.button(t!(l, "records-copy-link"));
        if ui
            .place("CopyLink", button)
            .on_hover_text(t!(l, "records-copy-link-hover"))
            .clicked()
        {
            let link = format!("{}?{}", link_base(), link_query(&p.the_match));
            ui.copy(ui_.ctx(), Shown::Line(link));
            ui.records_message = Some(t!(l, "records-link-copied"));
        }
        let save = if cfg!(target_arch = "wasm32") {
            t!(l, "records-download")
        } else {
            t!(l, "records-save")
        };
        let button = ui_.button(save);
        if ui.place("Save", button).clicked() {
            ui.records_message = Some(
                save_record(l, &p.the_match.record().to_json())
                    .unwrap_or_else(|e| t!(l, "records-save-failed", error = e)),
            );
        }
    });
    shown(ui_, ui);
    ui_.separator();
    import_box(ui_, p, r, ui);
}

/// The text last copied, to be selected by hand. Read-only: whatever is
/// typed into the copy is dropped.
fn shown(ui_: &mut egui::Ui, ui: &UiState) {
    match &ui.shown {
        Some(Shown::Line(link)) => {
            ui_.add(egui::TextEdit::singleline(&mut link.clone()).desired_width(f32::INFINITY));
        }
        Some(Shown::Record(json)) => {
            egui::ScrollArea::vertical()
                .id_salt("shown record")
                .max_height(120.0)
                .show(ui_, |ui_| {
                    ui_.add(
                        egui::TextEdit::multiline(&mut json.clone())
                            .code_editor()
                            .desired_rows(4)
                            .desired_width(f32::INFINITY),
                    );
                });
        }
        None => {}
    }
}

/// The import box: paste (or type) anything [`parse_import`] reads; on the
/// web a file can be picked too. The dialog's message follows it.
fn import_box(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    ui_.label(egui::RichText::new(t!(l, "records-import")).strong());
    ui_.label(egui::RichText::new(t!(l, "records-import-help")).weak());
    egui::ScrollArea::vertical()
        .max_height(160.0)
        .show(ui_, |ui_| {
            let text_box = ui_.add(
                egui::TextEdit::multiline(&mut ui.import_text)
                    .code_editor()
                    .desired_rows(6)
                    .desired_width(f32::INFINITY),
            );
            ui.place("ImportBox", text_box);
        });
    ui_.horizontal(|ui_| {
        let button = ui_.button(t!(l, "records-open"));
        if ui.place("Open", button).clicked() {
            match parse_import(&ui.import_text, p.settings.level) {
                Ok(command) => {
                    ui.records_message = None;
                    ui.import_text.clear();
                    r.send(ui, command);
                }
                Err(e) => ui.records_message = Some(t!(l, "records-not-loaded", error = e)),
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            let button = ui_.button(t!(l, "records-open-file"));
            if ui.place("OpenFile", button).clicked() {
                crate::store::files::pick_file(&p.inbox);
            }
        }
    });
    // What the dialog last did or refused, under the box.
    if let Some(m) = &ui.records_message {
        ui_.label(egui::RichText::new(m).color(egui::Color32::from_rgb(230, 200, 120)));
    }
}

/// Playing a friend by link: the link of one's move (on the clipboard),
/// and the box for the link they send back.
pub(super) fn send_move(
    ui_: &mut egui::Ui,
    p: &mut GameParams,
    r: &mut Requests,
    ui: &mut UiState,
) {
    let l = *p.lang;
    ui_.label(t!(l, "friend-link-help"));
    ui_.label(egui::RichText::new(t!(l, "friend-link-fair-play")).weak());
    ui_.add_space(4.0);
    shown(ui_, ui);
    if ui_.button(t!(l, "friend-copy-again")).clicked() {
        ui.copy_friend_link(ui_.ctx(), &p.the_match);
        ui.records_message = Some(t!(l, "friend-copied-again"));
    }
    ui_.separator();
    import_box(ui_, p, r, ui);
}
