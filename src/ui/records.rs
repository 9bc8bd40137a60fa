//! Games in and out: export a record to the clipboard or a file; import a
//! record, a position (AFN) or a list of actions by pasting it or dropping a
//! file on the window. Importing asks the match's owner; a game in progress
//! is never replaced without consent.

use agon_ai::Level;
use agon_rules::{Game, Imported, import};
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::{MatchCommand, Setup};
use crate::store::Settings;
use crate::ui::{Dialog, GameParams, Requests, UiState};

/// Reads what a player pasted or dropped, for the owner to open: a record
/// as it was played; a position or a list of actions as a game against the
/// computer at `level`, the player taking the side to move.
pub fn parse_import(text: &str, level: Level) -> Result<MatchCommand, String> {
    let from = |game: Game| MatchCommand::New {
        setup: Setup::VsComputer {
            side: game.position().to_move().into(),
            level,
        },
        game: Box::new(game),
        confirmed: false,
    };
    Ok(match import(text).map_err(|e| e.to_string())? {
        Imported::Record(record) => MatchCommand::Load {
            record,
            confirmed: false,
        },
        Imported::Position(position) => from(Game::from_position(position)),
        Imported::Actions(game) => from(game),
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
        egui::RichText::new(
            "Paste a game record, a position (AFN) or a list of actions such as \
             \"1. f1-f2 f11-f10\" (or drop a file on the window).",
        )
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
    if ui_.button("Open").clicked() {
        match parse_import(&ui.import_text, p.settings.level) {
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

/// A file's text for importing, refused past the store's size limit.
pub fn read_file(path: &std::path::Path) -> Result<String, String> {
    crate::store::storage::read_text(path)?
        .ok_or_else(|| format!("{} does not exist", path.display()))
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

/// A dropped file is read like the import box (up to the store's size limit).
pub fn dropped_files(
    mut drops: MessageReader<bevy::window::FileDragAndDrop>,
    settings: Res<Settings>,
    mut ui: ResMut<UiState>,
    mut commands: MessageWriter<MatchCommand>,
) {
    for d in drops.read() {
        if let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = d {
            let read = read_file(path_buf).and_then(|text| parse_import(&text, settings.level));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SideChoice;
    use agon_rules::{Position, Side};

    #[test]
    fn the_import_box_opens_records_positions_and_action_lists() {
        // A position: a game against the computer, the player to move.
        let afn = "6/7/5G2/5G3/4gg4/4gq1g3/2G1gg4/5Q3/3G1G2/5G1/6 d -";
        match parse_import(afn, Level::Hard).unwrap() {
            MatchCommand::New {
                setup,
                game,
                confirmed,
            } => {
                assert!(!confirmed);
                assert_eq!(*game.position(), Position::from_afn(afn).unwrap());
                assert_eq!(
                    setup,
                    Setup::VsComputer {
                        side: SideChoice::Dark,
                        level: Level::Hard
                    }
                );
            }
            other => panic!("{other:?}"),
        }
        // Actions from the start, with move numbers.
        match parse_import("1. f1-f2 f11-f10 2. f2-f3", Level::Easy).unwrap() {
            MatchCommand::New { setup, game, .. } => {
                assert_eq!(game.history().len(), 3);
                assert_eq!(
                    setup,
                    Setup::VsComputer {
                        side: Side::Dark.into(),
                        level: Level::Easy
                    }
                );
            }
            other => panic!("{other:?}"),
        }
        // A record keeps its players.
        let json = agon_rules::Record::from_game(&Game::new(), Default::default(), None).to_json();
        assert!(matches!(
            parse_import(&json, Level::Easy),
            Ok(MatchCommand::Load { .. })
        ));
        let e = parse_import("f1-f2 f11-f12", Level::Easy).unwrap_err();
        assert!(e.starts_with("action 1 (\"f11-f12\")"), "{e}");
    }
}
