//! The online seats this device holds: room to seat token, as the server
//! gave them ([`SeatTokens`]). Kept like the settings (the data folder, the
//! browser's storage), never in a link: whoever has a token has the seat.
//! A file that cannot be read is set aside; the seats in it are then lost to
//! this device, and their claim codes take them back.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game::online::SeatTokens;
use crate::i18n::Message;
use crate::store::{Notice, Notices, Storage, load_kept, say_once};

pub(crate) const SEATS_KEY: &str = "online";

/// The file: a list of `[room, token]`, the latest last.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatsFile {
    seats: Vec<(String, String)>,
}

fn parse(text: &str) -> Result<SeatTokens, Message> {
    let file: SeatsFile = serde_json::from_str(text).map_err(|e| {
        Message::new("error-seats").with("detail", crate::i18n::Arg::Text(e.to_string()))
    })?;
    Ok(SeatTokens(file.seats))
}

/// Reads the seats at start, setting aside a file that cannot be read.
pub(super) fn load_seats(
    storage: Res<Storage>,
    mut seats: ResMut<SeatTokens>,
    mut notices: ResMut<Notices>,
) {
    match load_kept(&*storage.0, SEATS_KEY, "seats", parse) {
        Ok(Some(kept)) => *seats = kept,
        Ok(None) => {}
        Err(notice) => notices.0.push(notice),
    }
}

/// Writes the seats when a seat is given or taken back.
pub(super) fn save_seats(
    seats: Res<SeatTokens>,
    storage: Res<Storage>,
    mut notices: ResMut<Notices>,
    mut failing: Local<bool>,
) {
    if !seats.is_changed() || seats.is_added() {
        return;
    }
    let file = SeatsFile {
        seats: seats.0.clone(),
    };
    let text = serde_json::to_string_pretty(&file).expect("seats serialize");
    let result = storage.0.save(SEATS_KEY, &text);
    say_once(result, &mut failing, &mut notices, |e| {
        Notice::new("notice-seats-failed").with("error", e)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_back_as_written_and_a_bad_file_is_named() {
        let seats = SeatTokens(vec![("room-one-1".into(), "token-abcdefgh".into())]);
        let text = serde_json::to_string(&SeatsFile {
            seats: seats.0.clone(),
        })
        .unwrap();
        assert_eq!(parse(&text).unwrap(), seats);
        let e = parse("{\"seats\": 3}").unwrap_err().to_string();
        assert!(e.contains("invalid type"), "{e}");
        assert!(parse("{\"seats\": [], \"extra\": 1}").is_err());
    }
}
