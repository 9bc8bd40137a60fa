//! The saved game: read at start and offered for resuming, then written and
//! cleared only when the match's owner says so ([`SaveChange`]).

use agon_rules::{Game, Record};
use bevy::prelude::*;

use crate::game::{Match, SaveChange, SavedGame};
use crate::store::storage::Store;
use crate::store::{Notices, Storage, unreadable};

pub const SAVE_KEY: &str = "save";

/// Reads the saved game at start, setting aside one that cannot be read.
pub fn load_save(
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
pub fn read_save(store: &dyn Store) -> Result<Option<(Record, Game)>, String> {
    match store.load(SAVE_KEY) {
        Ok(None) => Ok(None),
        Ok(Some(text)) => match Record::from_json(&text) {
            Ok((record, game)) if record.result.is_none() && !game.is_over() => {
                Ok(Some((record, game)))
            }
            Ok(_) => Ok(None),
            Err(e) => {
                let kept = store.set_aside(SAVE_KEY);
                Err(unreadable("saved game", &e.to_string(), kept))
            }
        },
        Err(e) => Err(format!("Your saved game could not be read: {e}.")),
    }
}

/// Writes or clears the save as the owner of the match decides; the last
/// word of a frame wins.
pub fn autosave(
    mut changes: MessageReader<SaveChange>,
    the_match: Res<Match>,
    storage: Res<Storage>,
    mut notices: ResMut<Notices>,
) {
    let Some(&change) = changes.read().last() else {
        return;
    };
    let result = match change {
        SaveChange::Write => storage.0.save(SAVE_KEY, &the_match.record().to_json()),
        SaveChange::Clear => storage.0.remove(SAVE_KEY),
    };
    if let Err(e) = result {
        notices.0.push(format!("The game could not be saved: {e}."));
    }
}
