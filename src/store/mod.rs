//! What is kept on disk (or in the browser's storage): the settings
//! ([`settings`]), the saved game ([`saves`]), and where both live
//! ([`storage`]). A file that cannot be read is reported and set aside,
//! never overwritten.

pub mod saves;
pub mod settings;
pub mod storage;

use bevy::prelude::*;

use crate::game::PlaySet;
pub use saves::{SAVE_KEY, read_save};
pub use settings::{AnimationSpeed, Graphics, SETTINGS_KEY, Settings, ThemeName, ViewSide};

/// The platform's store.
#[derive(Resource)]
pub struct Storage(pub Box<dyn storage::Store>);

impl Default for Storage {
    fn default() -> Self {
        Storage(storage::platform_store())
    }
}

/// Messages for the player about files: shown once, in a dialog.
#[derive(Resource, Default, Debug)]
pub struct Notices(pub Vec<String>);

/// A file that could not be read, said to the player with where it went.
fn unreadable(what: &str, error: &str, kept: Result<String, String>) -> String {
    match kept {
        Ok(place) => {
            format!("Your {what} could not be read ({error}). It was kept as {place} and not used.")
        }
        Err(e) => format!(
            "Your {what} could not be read ({error}), nor set aside ({e}). It was left as it is."
        ),
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Storage>()
        .init_resource::<Settings>()
        .init_resource::<Notices>()
        .add_systems(PreStartup, (settings::load_settings, saves::load_save))
        .add_systems(
            Update,
            (saves::autosave, settings::save_settings).in_set(PlaySet::Present),
        );
}
