//! What is kept on disk (or in the browser's storage): the settings
//! ([`settings`]) and the language they choose ([`language`]), the saved
//! game ([`saves`]), games as files ([`files`]), and where all of it lives
//! ([`storage`]). A file that cannot be read is reported and set aside,
//! never overwritten.

pub mod files;
mod language;
mod puzzles;
mod saves;
mod seats;
mod settings;
pub mod storage;

use bevy::prelude::*;

use crate::frames::AppSystems;
use crate::i18n::Message;
use crate::i18n::errors::file_problem;

pub use language::LangOverride;
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
pub struct Notices(pub Vec<Notice>);

/// A message for the player, put into words in their language when it is
/// shown.
pub type Notice = crate::i18n::Message;

/// Reads `key` and parses it. What cannot be read (not text, too large, not
/// to be opened) or parsed is set aside, never written over, and described
/// for the player as their `what` ("saved game").
fn load_kept<T>(
    store: &dyn storage::Store,
    key: &str,
    what: &'static str,
    parse: impl FnOnce(&str) -> Result<T, Message>,
) -> Result<Option<T>, Notice> {
    let read = store
        .load(key)
        .map_err(file_problem)
        .and_then(|text| text.map(|t| parse(&t)).transpose());
    read.map_err(|e| unreadable(what, e, store.set_aside(key)))
}

/// A write that keeps failing is said once, not at every attempt, until a
/// write works again; `failing` remembers which it was.
fn say_once(
    result: Result<(), String>,
    failing: &mut bool,
    notices: &mut Notices,
    say: impl FnOnce(String) -> Notice,
) {
    match result {
        Err(e) if !*failing => {
            *failing = true;
            notices.0.push(say(e));
        }
        Err(_) => {}
        Ok(()) => *failing = false,
    }
}

/// A file that could not be read, said to the player with where it went;
/// `what` is `saved-game` or `settings`.
fn unreadable(what: &'static str, error: Message, kept: Result<String, String>) -> Notice {
    match kept {
        Ok(place) => Notice::new("notice-unreadable-kept")
            .with("what", what)
            .with("error", error)
            .with("place", place),
        Err(e) => Notice::new("notice-unreadable-left")
            .with("what", what)
            .with("error", error)
            .with("problem", e),
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Storage>()
        .init_resource::<Settings>()
        .init_resource::<Notices>()
        .add_systems(
            PreStartup,
            (
                settings::load_settings,
                saves::load_save,
                seats::load_seats,
                puzzles::load_puzzles,
            ),
        )
        .add_systems(
            Update,
            (
                saves::autosave,
                settings::save_settings,
                seats::save_seats,
                puzzles::save_puzzles,
            )
                .in_set(AppSystems::Present),
        )
        .add_systems(Update, settings::follow_threads.before(AppSystems::Follow));
    language::plugin(app);
    files::plugin(app);
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::storage::{FileStore, MAX_FILE_BYTES, Store};
    use super::*;

    fn folder(name: &str) -> FileStore {
        let dir = std::env::temp_dir().join(format!("agon-store-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        FileStore { dir }
    }

    /// Reads the save as the game does at start: the notice, and what is
    /// in the folder afterwards.
    fn kept_after_reading(store: &FileStore, bytes: &[u8]) -> String {
        std::fs::write(store.dir.join("save.json"), bytes).unwrap();
        let notice = read_save(store).unwrap_err().to_string();
        assert!(notice.contains("It was kept as"), "{notice}");
        assert_eq!(
            std::fs::read(store.dir.join("save.unreadable-1.json")).unwrap(),
            bytes,
            "kept byte for byte"
        );
        assert!(!store.dir.join("save.json").exists());
        notice
    }

    #[test]
    fn a_save_that_is_not_text_is_set_aside_not_written_over() {
        let store = folder("not-text");
        let notice = kept_after_reading(&store, &[0x7b, 0xff, 0xfe, 0x00]);
        assert!(notice.contains("is not text"), "{notice}");
        // The slot is free for the next save.
        store.save(SAVE_KEY, "{}").unwrap();
        assert_eq!(store.load(SAVE_KEY).unwrap().as_deref(), Some("{}"));
    }

    #[test]
    fn a_file_too_large_is_refused_and_kept() {
        let store = folder("large");
        let big = vec![b' '; MAX_FILE_BYTES as usize + 1];
        let notice = kept_after_reading(&store, &big);
        assert!(notice.contains("larger than 4 MiB"), "{notice}");
    }

    #[test]
    fn a_save_that_cannot_be_opened_is_set_aside() {
        let store = folder("dir");
        std::fs::create_dir(store.dir.join("save.json")).unwrap();
        let notice = read_save(&store).unwrap_err().to_string();
        assert!(notice.contains("cannot read"), "{notice}");
        assert!(store.dir.join("save.unreadable-1.json").is_dir());
        store.save(SAVE_KEY, "{}").unwrap();
    }

    #[test]
    fn a_write_never_replaces_a_file_that_cannot_be_read() {
        let store = folder("guard");
        let bytes = [0xc3, 0x28, 0xa0, 0xa1];
        std::fs::write(store.dir.join("settings.json"), bytes).unwrap();
        store.save(SETTINGS_KEY, "{}").unwrap();
        assert_eq!(
            std::fs::read(store.dir.join("settings.unreadable-1.json")).unwrap(),
            bytes
        );
        assert_eq!(store.load(SETTINGS_KEY).unwrap().as_deref(), Some("{}"));
    }

    #[test]
    fn two_writers_at_once_leave_one_whole_file() {
        let store = std::sync::Arc::new(folder("race"));
        let values: Vec<String> = ["light", "dark"]
            .iter()
            .map(|w| format!("{{\"{w}\": \"{}\"}}", w.repeat(20_000)))
            .collect();
        let writers: Vec<_> = values
            .iter()
            .cloned()
            .map(|v| {
                let store = store.clone();
                std::thread::spawn(move || {
                    for _ in 0..100 {
                        store.save(SAVE_KEY, &v).unwrap();
                    }
                })
            })
            .collect();
        for w in writers {
            w.join().unwrap();
        }
        let last = store.load(SAVE_KEY).unwrap().unwrap();
        assert!(
            values.contains(&last),
            "a mixed file of {} bytes",
            last.len()
        );
        let names: Vec<String> = std::fs::read_dir(&store.dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["save.json"], "temporary files left behind");
    }
}
