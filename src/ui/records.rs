//! Game records in and out: export to the clipboard or a file, import by
//! pasting or by dropping a file on the window. Importing asks the match's
//! owner; a game in progress is never replaced without consent.

use agon_rules::{Game, Record};
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::MatchCommand;
use crate::ui::{Dialog, GameParams, Requests, UiState};

/// Reads a record's text, for the owner to load.
pub fn parse_record(text: &str) -> Result<MatchCommand, String> {
    let (record, game): (Record, Game) = Record::from_json(text).map_err(|e| e.to_string())?;
    Ok(MatchCommand::Load {
        record: Box::new((record, game)),
        confirmed: false,
    })
}

pub fn show(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    ui_.label(egui::RichText::new("Export").strong());
    let json = p.the_match.record().to_json();
    ui_.horizontal(|ui_| {
        if ui_.button("Copy to clipboard").clicked() {
            ui_.ctx().copy_text(json.clone());
            ui.records_message = Some("The record was copied.".into());
        }
        #[cfg(not(target_arch = "wasm32"))]
        if ui_.button("Save to a file").clicked() {
            ui.records_message = Some(match export_file(&json) {
                Ok(path) => format!("Saved as {path}"),
                Err(e) => format!("Could not save: {e}"),
            });
        }
    });
    ui_.separator();
    ui_.label(egui::RichText::new("Import").strong());
    ui_.label(
        egui::RichText::new("Paste a game record below (or drop a .json file on the window).")
            .weak(),
    );
    egui::ScrollArea::vertical()
        .max_height(160.0)
        .show(ui_, |ui_| {
            ui_.add(
                egui::TextEdit::multiline(&mut ui.import_text)
                    .code_editor()
                    .desired_rows(6)
                    .desired_width(f32::INFINITY),
            );
        });
    if ui_.button("Load this record").clicked() {
        match parse_record(&ui.import_text) {
            Ok(command) => {
                ui.records_message = None;
                ui.import_text.clear();
                r.send(ui, command);
            }
            Err(e) => ui.records_message = Some(format!("Not loaded: {e}")),
        }
    }
    if let Some(m) = &ui.records_message {
        ui_.label(egui::RichText::new(m).color(egui::Color32::from_rgb(230, 200, 120)));
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn export_file(json: &str) -> Result<String, String> {
    let dir = crate::store::storage::FileStore::user_dir().join("records");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let stamp = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let path = dir.join(format!("agon-{stamp}.json"));
    std::fs::write(&path, json).map_err(|e| e.to_string())?;
    Ok(path.display().to_string())
}

/// A dropped file is read as a game record.
pub fn dropped_files(
    mut drops: MessageReader<bevy::window::FileDragAndDrop>,
    mut ui: ResMut<UiState>,
    mut commands: MessageWriter<MatchCommand>,
) {
    for d in drops.read() {
        if let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = d {
            let read = std::fs::read_to_string(path_buf)
                .map_err(|e| e.to_string())
                .and_then(|text| parse_record(&text));
            match read {
                Ok(command) => {
                    ui.close();
                    commands.write(command);
                }
                Err(e) => {
                    ui.open(Dialog::Records);
                    ui.records_message =
                        Some(format!("{} was not loaded: {e}", path_buf.display()));
                }
            }
        }
    }
}
