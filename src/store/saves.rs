//! The saved game: read at start and offered for resuming, then written and
//! cleared only when the match's owner says so ([`SaveChange`]).

use agon_rules::{Game, Record};
use bevy::prelude::*;

use crate::game::{Match, SaveChange, SavedGame};
use crate::i18n::Message;
use crate::store::storage::Store;
use crate::store::{Notice, Notices, Storage, load_kept, say_once};

pub const SAVE_KEY: &str = "save";

/// Reads the saved game at start, setting aside one that cannot be read.
pub(super) fn load_save(
    storage: Res<Storage>,
    mut saved: ResMut<SavedGame>,
    mut notices: ResMut<Notices>,
) {
    saved.0 = match read_save(&*storage.0) {
        Ok(s) => s,
        Err(msg) => {
            notices.0.push(msg);
            None
        }
    };
}

/// The saved game, if there is one worth resuming. A save that cannot be
/// read is set aside and described in the error.
pub fn read_save(store: &dyn Store) -> Result<Option<(Record, Game)>, Notice> {
    let parse = |text: &str| Record::from_json(text).map_err(Message::from);
    Ok(load_kept(store, SAVE_KEY, "saved-game", parse)?
        .filter(|(record, game)| record.result.is_none() && !game.is_over()))
}

/// Writes or clears the save as the owner of the match decides; the last
/// word of a frame wins.
pub(super) fn autosave(
    mut changes: MessageReader<SaveChange>,
    the_match: Res<Match>,
    storage: Res<Storage>,
    mut notices: ResMut<Notices>,
    mut failing: Local<bool>,
) {
    let Some(&change) = changes.read().last() else {
        return;
    };
    let result = match change {
        SaveChange::Write => storage.0.save(SAVE_KEY, &the_match.record().to_json()),
        SaveChange::Clear => storage.0.remove(SAVE_KEY),
    };
    say_once(result, &mut failing, &mut notices, |e| {
        Notice::new("notice-save-failed").with("error", e)
    });
}
