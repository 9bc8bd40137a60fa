//! Files the player gives the game, opened like the import box: one dropped
//! on the desktop window, or one the browser read (picked or dropped on the
//! page, see `store::files`). What cannot be opened is said in the record
//! dialog with the file's name.

use bevy::prelude::*;

use crate::game::MatchCommand;
use crate::game::import::parse_import;
use crate::i18n::Lang;
use crate::store::Settings;
use crate::store::files::{Arrived, Inbox, read_file};
use crate::ui::state::{Dialog, UiState};

/// Opens what arrived like the import box; an error opens the record
/// dialog with the file's name and the problem.
fn open(
    arrived: Arrived,
    settings: &Settings,
    l: Lang,
    ui: &mut UiState,
    commands: &mut MessageWriter<MatchCommand>,
) {
    match arrived
        .text
        .and_then(|text| parse_import(&text, settings.level))
    {
        Ok(command) => {
            ui.close();
            commands.write(command);
        }
        Err(e) => {
            ui.open(Dialog::Records);
            let name = arrived
                .name
                .unwrap_or_else(|| t!(l, "records-the-file-picker"));
            ui.records_message = Some(t!(l, "records-file-not-loaded", name = name, error = e));
        }
    }
}

/// A file dropped on the desktop window, read up to the store's size limit.
pub(super) fn dropped_files(
    mut drops: MessageReader<bevy::window::FileDragAndDrop>,
    settings: Res<Settings>,
    lang: Res<Lang>,
    mut ui: ResMut<UiState>,
    mut commands: MessageWriter<MatchCommand>,
) {
    for d in drops.read() {
        if let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = d {
            let arrived = Arrived {
                name: Some(path_buf.display().to_string()),
                text: read_file(path_buf),
            };
            open(arrived, &settings, *lang, &mut ui, &mut commands);
        }
    }
}

/// Files the browser delivered (picked or dropped on the page).
pub(super) fn arrived_files(
    inbox: Res<Inbox>,
    settings: Res<Settings>,
    lang: Res<Lang>,
    mut ui: ResMut<UiState>,
    mut commands: MessageWriter<MatchCommand>,
) {
    for arrived in inbox.take() {
        open(arrived, &settings, *lang, &mut ui, &mut commands);
    }
}
