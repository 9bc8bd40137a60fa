//! The player's puzzles, kept like the settings (the data folder, the
//! browser's storage): the rating, the streak and its record, the puzzles
//! tried ([`PuzzleProgress`]). A file that cannot be read is set aside and
//! said, never written over; a new record starts.

use bevy::prelude::*;

use crate::game::puzzle::PuzzleProgress;
use crate::i18n::{Arg, Message};
use crate::store::{Notice, Notices, Storage, load_kept, say_once};

pub(crate) const PUZZLES_KEY: &str = "puzzles";

fn parse(text: &str) -> Result<PuzzleProgress, Message> {
    serde_json::from_str(text)
        .map_err(|e| Message::new("error-puzzles").with("detail", Arg::Text(e.to_string())))
}

/// Reads the record at start, setting aside a file that cannot be read.
pub(super) fn load_puzzles(
    storage: Res<Storage>,
    mut progress: ResMut<PuzzleProgress>,
    mut notices: ResMut<Notices>,
) {
    match load_kept(&*storage.0, PUZZLES_KEY, "puzzles", parse) {
        Ok(Some(kept)) => *progress = kept,
        Ok(None) => {}
        Err(notice) => notices.0.push(notice),
    }
}

/// Writes the record when an attempt changed it.
pub(super) fn save_puzzles(
    progress: Res<PuzzleProgress>,
    storage: Res<Storage>,
    mut notices: ResMut<Notices>,
    mut failing: Local<bool>,
) {
    if !progress.is_changed() || progress.is_added() {
        return;
    }
    let text = serde_json::to_string_pretty(&*progress).expect("puzzles serialize");
    let result = storage.0.save(PUZZLES_KEY, &text);
    say_once(result, &mut failing, &mut notices, |e| {
        Notice::new("notice-puzzles-failed").with("error", e)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written_and_a_bad_one_is_named() {
        let mut progress = PuzzleProgress::default();
        progress.tried.push("abc123".into());
        progress.solved_clean = 1;
        progress.rating = progress.rating.after_attempt(1200, true);
        let text = serde_json::to_string(&progress).unwrap();
        assert_eq!(parse(&text).unwrap(), progress);
        // A rating that cannot be one is refused by name, not taken.
        let bad = text.replace("\"deviation\":", "\"deviation\":-");
        assert!(
            parse(&bad)
                .unwrap_err()
                .to_string()
                .contains("cannot be read")
        );
        assert!(parse("{\"rating\": 3}").is_err());
    }
}
