//! The messages of version 1, both ways, their JSON and their validation.
//!
//! Here the limits and the small types both ways share; `client` holds
//! what clients send, `server` what servers send, `error` the refusals.

use std::fmt;

use agon_rules::{Side, excerpt};
use serde::{Deserialize, Serialize};

mod client;
mod error;
mod server;
#[cfg(test)]
mod tests;

pub use client::*;
pub use error::*;
pub use server::*;

/// The wire format's version, sent in `hello` and `welcome`.
pub const VERSION: u32 = 1;
/// The largest text frame a server accepts, in bytes; larger ones close the
/// connection (1009, "frame too big").
pub const MAX_FRAME_BYTES: usize = 4096;
/// Action ids are whole numbers below 2^53, so JavaScript reads them exactly.
pub const MAX_ID: u64 = (1 << 53) - 1;
/// Clock limits: minutes 1 to 180, increment 0 to 180 seconds.
pub const MAX_CLOCK_MINUTES: u32 = 180;
pub const MAX_INCREMENT_SECONDS: u32 = 180;
/// Room ids, seat tokens and idempotency keys: 8 to 64 characters of
/// `A-Z a-z 0-9 _ -`.
pub const MIN_NAME_CHARS: usize = 8;
pub const MAX_NAME_CHARS: usize = 64;
/// Idempotency keys answer their seat's token again, so they are secrets:
/// at least 16 characters (the session sends 32 random hex digits).
pub const MIN_KEY_CHARS: usize = 16;
/// Claim codes: 8 letters of [`CLAIM_ALPHABET`], written with or without a
/// dash after the fourth (`K7QM-3XTP`); read case-insensitively.
pub const CLAIM_ALPHABET: &[u8; 32] = b"ABCDEFGHJKMNPQRSTVWXYZ0123456789";
pub const CLAIM_CHARS: usize = 8;
/// The longest action text accepted (`a1-k11x...` with captures).
pub const MAX_ACTION_CHARS: usize = 64;
/// The most characters of an offending value quoted in an error message.
const QUOTE_CHARS: usize = 40;

/// A clock: minutes for each side and seconds added after each move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    pub minutes: u32,
    pub increment: u32,
}

impl ClockSpec {
    /// Each side's time at the start, in milliseconds.
    pub fn initial_ms(self) -> u64 {
        u64::from(self.minutes) * 60_000
    }

    pub fn increment_ms(self) -> u64 {
        u64::from(self.increment) * 1000
    }

    fn check(self) -> Result<(), WireError> {
        if self.minutes > MAX_CLOCK_MINUTES {
            return Err(WireError::field(format!(
                "clock minutes {} is over {MAX_CLOCK_MINUTES}",
                self.minutes
            )));
        }
        if self.increment > MAX_INCREMENT_SECONDS {
            return Err(WireError::field(format!(
                "clock increment {} is over {MAX_INCREMENT_SECONDS} seconds",
                self.increment
            )));
        }
        if self.minutes == 0 {
            return Err(WireError::field(
                "a clock of 0 minutes leaves no time; send null for no clock",
            ));
        }
        Ok(())
    }
}

impl fmt::Display for ClockSpec {
    /// `5+3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.minutes, self.increment)
    }
}

/// The side the creator of a game asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    Light,
    Dark,
    Random,
}

/// What a connection is in a room: a player of one side, or a spectator.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Light,
    Dark,
    Watch,
}

impl Role {
    pub fn side(self) -> Option<Side> {
        match self {
            Role::Light => Some(Side::Light),
            Role::Dark => Some(Side::Dark),
            Role::Watch => None,
        }
    }

    pub fn of(side: Side) -> Role {
        match side {
            Side::Light => Role::Light,
            Side::Dark => Role::Dark,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Light => "light",
            Role::Dark => "dark",
            Role::Watch => "watch",
        }
    }
}

/// Whether `room` is a room id as the server gives them (from a link, say).
pub fn check_room(room: &str) -> Result<(), WireError> {
    check_name("room", room)
}

fn check_name(what: &str, s: &str) -> Result<(), WireError> {
    let n = s.chars().count();
    let ok = (MIN_NAME_CHARS..=MAX_NAME_CHARS).contains(&n)
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(WireError::field(format!(
            "{what} {} is not {MIN_NAME_CHARS} to {MAX_NAME_CHARS} characters of A-Z a-z 0-9 _ -",
            quote(s)
        )))
    }
}

/// A claim code as stored: eight upper-case letters of the alphabet, no dash.
pub fn normalize_claim(code: &str) -> Result<String, WireError> {
    let bad = || {
        WireError::new(
            ErrorCode::BadCode,
            format!(
                "{} is not a claim code such as K7QM-3XTP (eight letters and digits)",
                quote(code)
            ),
        )
    };
    if code.len() > 2 * CLAIM_CHARS {
        return Err(bad());
    }
    let s: String = code
        .chars()
        .filter(|c| *c != '-' && *c != ' ')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if s.len() == CLAIM_CHARS && s.bytes().all(|b| CLAIM_ALPHABET.contains(&b)) {
        Ok(s)
    } else {
        Err(bad())
    }
}

/// A claim code as shown: `K7QM-3XTP`.
pub fn display_claim(code: &str) -> String {
    match code.get(..4).zip(code.get(4..)) {
        Some((a, b)) if code.len() == CLAIM_CHARS => format!("{a}-{b}"),
        _ => code.to_string(),
    }
}

/// A value quoted in an error message, cut to a few dozen characters.
pub fn quote(s: &str) -> String {
    let (head, cut) = excerpt(s, QUOTE_CHARS);
    if cut {
        format!("{head:?}…")
    } else {
        format!("{head:?}")
    }
}

/// Each side's time left, in milliseconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockState {
    pub light_ms: u64,
    pub dark_ms: u64,
}

impl ClockState {
    pub fn get(self, side: Side) -> u64 {
        match side {
            Side::Light => self.light_ms,
            Side::Dark => self.dark_ms,
        }
    }

    pub fn set(&mut self, side: Side, ms: u64) {
        match side {
            Side::Light => self.light_ms = ms,
            Side::Dark => self.dark_ms = ms,
        }
    }
}

fn cut(s: &str) -> String {
    let (head, cut) = excerpt(s, 160);
    if cut {
        format!("{head}…")
    } else {
        s.to_string()
    }
}
