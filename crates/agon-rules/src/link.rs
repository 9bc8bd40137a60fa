//! Links: a position or a whole game in a web address.
//!
//! A position travels as its AFN in `?afn=`, percent-encoded; a game as a
//! compact code in `?game=`: its start position and, for each action, its
//! index among the legal actions sorted in a fixed order, in as few bits as
//! that position needs. NOTATION.md ("Links") gives the layout bit by bit.
//!
//! ```
//! use agon_rules::Game;
//! use agon_rules::link::{decode_game, encode_game, parse_query};
//!
//! let mut game = Game::new();
//! for text in ["f1-f2", "f11-f10", "f2-f3"] {
//!     game.play_text(text).unwrap();
//! }
//! let code = encode_game(&game);
//! let query = parse_query(&format!("https://example.org/agon/?game={code}&mode=pass-and-play")).unwrap();
//! assert_eq!(query[0], ("game".to_string(), code.clone()));
//! let back = decode_game(&query[0].1).unwrap();
//! assert_eq!(back.position(), game.position());
//! ```

use std::fmt;

use crate::action::ActionList;
use crate::afn::AfnError;
use crate::cell::Cell;
use crate::error::IllegalAction;
use crate::game::Game;
use crate::outcome::Outcome;
use crate::piece::{Kind, Piece, Side};
use crate::position::Position;
use crate::quote::Quoted;

/// The longest link, query or game code read, in bytes: browsers and servers
/// cut or refuse longer addresses, and every bound below follows from it.
pub const MAX_LINK_BYTES: usize = 8192;

/// The version this program writes and reads, the code's first byte.
pub const GAME_CODE_VERSION: u8 = 1;

/// The most actions a game code may hold. A forced action takes no bits, so
/// the length of the code alone does not bound the replay; no real game
/// comes near (an 8 KiB code holds about 9 000 actions of two choices).
pub const MAX_CODE_ACTIONS: usize = 10_000;

/// The base64url alphabet (RFC 4648 §5): values 0 to 63 in order.
const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Where in a game code its bits ran out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CodePart {
    StartPosition,
    ActionCount,
    /// The action with this index, from 0.
    Action(usize),
}

impl fmt::Display for CodePart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodePart::StartPosition => f.write_str("the start position"),
            CodePart::ActionCount => f.write_str("the action count"),
            CodePart::Action(i) => write!(f, "action {i}"),
        }
    }
}

/// Why a link, a query value or a game code cannot be read. Indexes are
/// byte offsets into the text given, from 0; action indexes count from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The link or query is over [`MAX_LINK_BYTES`].
    LinkTooLong {
        bytes: usize,
    },
    /// The game code is over [`MAX_LINK_BYTES`].
    CodeTooLong {
        bytes: usize,
    },
    /// A `%` not followed by two hex digits.
    BadEscape {
        index: usize,
        escape: String,
    },
    /// The escaped bytes starting at `index` are not UTF-8.
    NotUtf8 {
        index: usize,
    },
    /// A character outside the base64url alphabet in a game code.
    BadChar {
        index: usize,
        ch: char,
    },
    /// A base64url text of 4k + 1 characters: its last one makes no byte.
    PartialByte {
        chars: usize,
    },
    Empty,
    Version(u8),
    /// The bits ran out in the middle of this part.
    Truncated(CodePart),
    /// The custom start flag is set but the position is the standard start,
    /// which has its own, shorter code.
    StandardStart,
    /// The start position is not one AFN accepts.
    Start(AfnError),
    /// The action count is over [`MAX_CODE_ACTIONS`].
    TooManyActions,
    /// An action's index is not below the number of legal actions.
    OutOfRange {
        action: usize,
        value: u64,
        legal: usize,
    },
    /// More actions after the game ended.
    AfterEnd {
        action: usize,
        outcome: Outcome,
    },
    /// The rules refuse an action they generated: a bug, never an input's
    /// fault, but reported rather than a panic.
    Illegal {
        action: usize,
        reason: IllegalAction,
    },
    /// Bits after the last action that are not the zero padding of its byte.
    StrayBits,
    /// The `afn=` value is not a valid position.
    Position(AfnError),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LinkError::*;
        match self {
            LinkTooLong { bytes } => write!(
                f,
                "the link is too long: {bytes} bytes, at most {MAX_LINK_BYTES}"
            ),
            CodeTooLong { bytes } => write!(
                f,
                "the game code is too long: {bytes} bytes, at most {MAX_LINK_BYTES}"
            ),
            BadEscape { index, escape } => write!(
                f,
                "bad escape {} at byte {index}: '%' must be followed by two hex digits",
                Quoted(escape)
            ),
            NotUtf8 { index } => write!(f, "the escaped text at byte {index} is not UTF-8"),
            BadChar { index, ch } => write!(
                f,
                "bad character {ch:?} at {index} in the game code (expected A-Z a-z 0-9 - _)"
            ),
            PartialByte { chars } => write!(
                f,
                "the game code's {chars} characters do not make whole bytes (one too many or too few)"
            ),
            Empty => f.write_str("the game code is empty"),
            Version(v) => write!(
                f,
                "unknown game code version {v} (this program reads version {GAME_CODE_VERSION})"
            ),
            Truncated(part) => write!(f, "the game code ends in the middle of {part}"),
            StandardStart => f.write_str(
                "the game code gives the standard start as a custom position (not its one code)",
            ),
            Start(e) => write!(f, "the start position in the game code is impossible: {e}"),
            TooManyActions => write!(
                f,
                "the game code holds more than {MAX_CODE_ACTIONS} actions"
            ),
            OutOfRange {
                action,
                value,
                legal,
            } => write!(
                f,
                "action {action} is out of range: number {value} of {legal} legal actions (0 to {})",
                legal.saturating_sub(1)
            ),
            AfterEnd { action, outcome } => write!(
                f,
                "action {action} comes after the end of the game ({outcome})"
            ),
            Illegal { action, reason } => write!(f, "action {action} is illegal: {reason}"),
            StrayBits => f.write_str("stray bits after the last action"),
            Position(e) => write!(f, "the position in the link is invalid: {e}"),
        }
    }
}

impl std::error::Error for LinkError {}

// ---------------------------------------------------------------------------
// Query strings

/// Percent-encodes a query value: `A-Z a-z 0-9 - _ . ~` stay, every other
/// byte of the UTF-8 text becomes `%XX` (upper-case hex), spaces included.
pub fn encode_component(s: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 15)] as char);
        }
    }
    out
}

/// Reads a percent-encoded query value: `%XX` is a byte, `+` a space (as
/// forms send it), anything else itself. The bytes must make UTF-8.
pub fn decode_component(s: &str) -> Result<String, LinkError> {
    decode_component_at(s, 0)
}

/// [`decode_component`] of a text found at byte `offset` of a longer one,
/// so that errors name the byte in the longer text.
fn decode_component_at(s: &str, offset: usize) -> Result<String, LinkError> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    // Where each output byte came from, to name a bad UTF-8 sequence.
    let mut source = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let at = offset.saturating_add(i);
        match b {
            b'%' => {
                let hex = |k: usize| bytes.get(i.checked_add(k)?).and_then(|&h| hex_value(h));
                let (Some(high), Some(low)) = (hex(1), hex(2)) else {
                    // '%' is ASCII, so `i` is a character boundary.
                    let escape: String = s[i..].chars().take(3).collect();
                    return Err(LinkError::BadEscape { index: at, escape });
                };
                out.push(high << 4 | low);
                source.push(at);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                source.push(at);
                i += 1;
            }
            _ => {
                out.push(b);
                source.push(at);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|e| LinkError::NotUtf8 {
        index: source
            .get(e.utf8_error().valid_up_to())
            .copied()
            .unwrap_or(offset),
    })
}

fn hex_value(h: u8) -> Option<u8> {
    match h {
        b'0'..=b'9' => Some(h - b'0'),
        b'a'..=b'f' => Some(h - b'a' + 10),
        b'A'..=b'F' => Some(h - b'A' + 10),
        _ => None,
    }
}

/// The `key=value` pairs of a query, decoded, in order, duplicates kept.
///
/// Takes the query with or without its `?`, or a whole address: anything up
/// to the first `?` is skipped, and a `#` ends the query. Empty pairs
/// (`a=1&&b=2`) are skipped; a key without `=` has the value `""`. A text
/// over [`MAX_LINK_BYTES`] is refused before anything is read.
pub fn parse_query(text: &str) -> Result<Vec<(String, String)>, LinkError> {
    if text.len() > MAX_LINK_BYTES {
        return Err(LinkError::LinkTooLong { bytes: text.len() });
    }
    let end = text.find('#').unwrap_or(text.len());
    let start = text[..end].find('?').map_or(0, |i| i + 1);
    let mut pairs = Vec::new();
    let mut at = start;
    for part in text[start..end].split('&') {
        if !part.is_empty() {
            let (key, value, value_at) = match part.split_once('=') {
                Some((k, v)) => (k, v, at + k.len() + 1),
                None => (part, "", at + part.len()),
            };
            pairs.push((
                decode_component_at(key, at)?,
                decode_component_at(value, value_at)?,
            ));
        }
        at += part.len() + 1;
    }
    Ok(pairs)
}

/// The `afn=` value for a position: its AFN, percent-encoded.
pub fn encode_position(position: &Position) -> String {
    encode_component(&position.to_afn())
}

/// Reads an `afn=` value as [`parse_query`] gives it (already decoded).
pub fn decode_position(afn: &str) -> Result<Position, LinkError> {
    Position::from_afn(afn).map_err(LinkError::Position)
}

// ---------------------------------------------------------------------------
// Game codes

/// The legal actions of a position in the order game codes number them:
/// by the starting cell, then the target cell, cells compared file by file
/// (`a` to `l`) and then by rank, as NOTATION names them. Fixed by the
/// notation, not by the move generator, so codes outlive changes to it.
pub fn canonical_actions(position: &Position) -> ActionList {
    let mut list = position.legal_actions();
    list.as_mut_slice()
        .sort_unstable_by_key(|a| (cell_order(a.from), cell_order(a.to)));
    list
}

/// A cell's place in file-then-rank order.
fn cell_order(c: Cell) -> (char, u8) {
    // File letters are in alphabetical order (`a` to `l`, no `j`).
    (c.file(), c.rank())
}

/// Bits to number `n` choices: 0 for one (a forced action), else ⌈log₂ n⌉.
fn bits_for(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

/// Bits written most significant first into bytes, as base64 reads them.
#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    bits: usize,
}

impl BitWriter {
    fn push(&mut self, value: u64, width: u32) {
        for k in (0..width).rev() {
            if self.bits.is_multiple_of(8) {
                self.bytes.push(0);
            }
            if (value >> k) & 1 == 1 {
                let last = self.bytes.len() - 1;
                self.bytes[last] |= 0x80 >> (self.bits % 8);
            }
            self.bits += 1;
        }
    }

    /// Elias gamma code of `v >= 1`: as many zeros as `v` has bits after its
    /// leading one, then `v`.
    fn push_gamma(&mut self, v: u64) {
        let width = u64::BITS - v.leading_zeros();
        self.push(0, width - 1);
        self.push(v, width);
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    /// Bits read so far.
    pos: usize,
}

impl BitReader<'_> {
    fn remaining(&self) -> usize {
        (self.bytes.len() * 8).saturating_sub(self.pos)
    }

    /// The next `width` bits (at most 64), or `None` when fewer are left.
    fn read(&mut self, width: u32) -> Option<u64> {
        if self.remaining() < width as usize {
            return None;
        }
        let mut v = 0u64;
        for _ in 0..width {
            let bit = (self.bytes[self.pos / 8] >> (7 - self.pos % 8)) & 1;
            v = v << 1 | u64::from(bit);
            self.pos += 1;
        }
        Some(v)
    }
}

/// A game as a compact code for `?game=` (see NOTATION.md, "Links"): at
/// most 294 characters for 200 actions. A game of over [`MAX_CODE_ACTIONS`]
/// actions, or whose code is over [`MAX_LINK_BYTES`], still gets its code,
/// but [`decode_game`] refuses it: a caller making links checks the length.
pub fn encode_game(game: &Game) -> String {
    let mut w = BitWriter::default();
    w.push(u64::from(GAME_CODE_VERSION), 8);
    if *game.start() == Position::start() {
        w.push(0, 1);
    } else {
        w.push(1, 1);
        write_position(&mut w, game.start());
    }
    let count = game.history().len() as u64;
    w.push_gamma(count + 1);
    for (i, played) in game.history().iter().enumerate() {
        let before = game.position_at(i).expect("a position before each action");
        let list = canonical_actions(before);
        let index = list
            .iter()
            .position(|&a| a == played.action)
            .expect("a played action was legal");
        w.push(index as u64, bits_for(list.len()));
    }
    base64url_encode(&w.bytes)
}

/// Reads a game code, replaying every action through the rules. Each game
/// has exactly one code: anything but the code [`encode_game`] writes for
/// the game is refused.
pub fn decode_game(code: &str) -> Result<Game, LinkError> {
    if code.len() > MAX_LINK_BYTES {
        return Err(LinkError::CodeTooLong { bytes: code.len() });
    }
    if code.is_empty() {
        return Err(LinkError::Empty);
    }
    let bytes = base64url_decode(code)?;
    let mut r = BitReader {
        bytes: &bytes,
        pos: 0,
    };
    // Not empty and not a lone character, so at least one byte.
    let version = r.read(8).ok_or(LinkError::Empty)? as u8;
    if version != GAME_CODE_VERSION {
        return Err(LinkError::Version(version));
    }
    let truncated = LinkError::Truncated;
    let start = match r.read(1) {
        Some(0) => Position::start(),
        Some(_) => {
            let p = read_position(&mut r)?;
            if p == Position::start() {
                return Err(LinkError::StandardStart);
            }
            p
        }
        None => return Err(truncated(CodePart::StartPosition)),
    };
    let count = read_count(&mut r)?;
    let mut game = Game::from_position(start);
    for action in 0..count {
        if let Some(outcome) = game.outcome() {
            return Err(LinkError::AfterEnd { action, outcome });
        }
        let list = canonical_actions(game.position());
        let value = r
            .read(bits_for(list.len()))
            .ok_or(truncated(CodePart::Action(action)))?;
        let chosen = usize::try_from(value)
            .ok()
            .and_then(|i| list.get(i).copied())
            .ok_or(LinkError::OutOfRange {
                action,
                value,
                legal: list.len(),
            })?;
        game.play(chosen)
            .map_err(|reason| LinkError::Illegal { action, reason })?;
    }
    // Only the zero padding of the last byte may follow.
    let left = r.remaining();
    if left >= 8 || r.read(left as u32) != Some(0) {
        return Err(LinkError::StrayBits);
    }
    Ok(game)
}

/// The action count, written as an Elias gamma code of count + 1.
fn read_count(r: &mut BitReader) -> Result<usize, LinkError> {
    let truncated = LinkError::Truncated(CodePart::ActionCount);
    let limit_bits = u64::BITS - (MAX_CODE_ACTIONS as u64 + 1).leading_zeros();
    let mut zeros = 0u32;
    loop {
        match r.read(1) {
            Some(0) => {
                zeros += 1;
                if zeros >= limit_bits {
                    return Err(LinkError::TooManyActions);
                }
            }
            Some(_) => break,
            None => return Err(truncated),
        }
    }
    let rest = r.read(zeros).ok_or(truncated)?;
    let v = (1u64 << zeros) | rest;
    let count = usize::try_from(v - 1).map_err(|_| LinkError::TooManyActions)?;
    if count > MAX_CODE_ACTIONS {
        return Err(LinkError::TooManyActions);
    }
    Ok(count)
}

/// A position in 1 + 91 + 3 bits a piece: the side to move (1 for Dark),
/// then one bit a cell (1 if occupied) in file-then-rank order, then for
/// each occupied cell in that order its side (1 for Dark), its kind (1 for
/// a queen) and whether it is out of play.
fn write_position(w: &mut BitWriter, p: &Position) {
    w.push(u64::from(p.to_move() == Side::Dark), 1);
    for c in Cell::all() {
        w.push(u64::from(p.piece_at(c).is_some()), 1);
    }
    for c in Cell::all() {
        if let Some(piece) = p.piece_at(c) {
            w.push(u64::from(piece.side == Side::Dark), 1);
            w.push(u64::from(piece.kind == Kind::Queen), 1);
            w.push(u64::from(p.is_out_of_play(c)), 1);
        }
    }
}

/// Reads [`write_position`]'s bits, then checks the position as AFN would.
fn read_position(r: &mut BitReader) -> Result<Position, LinkError> {
    let truncated = LinkError::Truncated(CodePart::StartPosition);
    let side = if r.read(1).ok_or(truncated.clone())? == 1 {
        Side::Dark
    } else {
        Side::Light
    };
    let mut occupied = Vec::new();
    for c in Cell::all() {
        if r.read(1).ok_or(truncated.clone())? == 1 {
            occupied.push(c);
        }
    }
    let mut p = Position::empty(side);
    for c in occupied {
        let bits = r.read(3).ok_or(truncated.clone())?;
        let side = if bits & 4 != 0 {
            Side::Dark
        } else {
            Side::Light
        };
        let kind = if bits & 2 != 0 {
            Kind::Queen
        } else {
            Kind::Guard
        };
        p.put(c, Piece::new(side, kind), bits & 1 != 0);
    }
    // Through AFN, so a code holds no position an AFN link could not.
    Position::from_afn(&p.to_afn()).map_err(LinkError::Start)
}

/// Base64url (RFC 4648 §5) without padding.
fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        // Three bytes give four characters, one, two and three bytes give
        // two, three and four.
        for k in 0..=chunk.len() {
            out.push(BASE64URL[(n >> (18 - 6 * k) & 63) as usize] as char);
        }
    }
    out
}

/// Reads unpadded base64url; the unused low bits of the last character
/// must be zero, so each byte string has one text.
fn base64url_decode(text: &str) -> Result<Vec<u8>, LinkError> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    let mut acc = 0u32;
    let mut bits = 0u32;
    for (index, b) in text.bytes().enumerate() {
        let Some(v) = BASE64URL.iter().position(|&a| a == b) else {
            // Every byte before is ASCII, so `index` is a character boundary.
            let ch = text[index..].chars().next().unwrap_or('?');
            return Err(LinkError::BadChar { index, ch });
        };
        acc = (acc << 6 | v as u32) & 0xfff;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    if text.len() % 4 == 1 {
        return Err(LinkError::PartialByte { chars: text.len() });
    }
    if acc & ((1 << bits) - 1) != 0 {
        return Err(LinkError::StrayBits);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 4648 §10, whose vectors use no `+` or `/`, without the padding;
    /// then bytes that need the url alphabet's `-` and `_`.
    #[test]
    fn base64url_matches_the_rfc_vectors() {
        let vectors: [(&[u8], &str); 10] = [
            (b"", ""),
            (b"f", "Zg"),
            (b"fo", "Zm8"),
            (b"foo", "Zm9v"),
            (b"foob", "Zm9vYg"),
            (b"fooba", "Zm9vYmE"),
            (b"foobar", "Zm9vYmFy"),
            // Standard base64 "+/8=", "-w==" and "/+/+".
            (&[0xfb, 0xff], "-_8"),
            (&[0xfb], "-w"),
            (&[0xff, 0xef, 0xfe], "_-_-"),
        ];
        for (bytes, text) in vectors {
            assert_eq!(base64url_encode(bytes), text);
            assert_eq!(base64url_decode(text).as_deref(), Ok(bytes), "{text}");
        }
        assert_eq!(base64url_decode("Zh"), Err(LinkError::StrayBits));
        assert_eq!(base64url_decode("Zm9"), Err(LinkError::StrayBits));
        assert_eq!(
            base64url_decode("Zm9vY"),
            Err(LinkError::PartialByte { chars: 5 })
        );
        assert_eq!(
            base64url_decode("Zm+v"),
            Err(LinkError::BadChar { index: 2, ch: '+' })
        );
        assert_eq!(
            base64url_decode("Zg=="),
            Err(LinkError::BadChar { index: 2, ch: '=' })
        );
    }

    #[test]
    fn bits_round_trip_most_significant_first() {
        assert_eq!(
            [0, 1, 2, 3, 4, 5, 27, 32, 33, 180].map(bits_for),
            [0, 0, 1, 2, 2, 3, 5, 5, 6, 8]
        );
        let mut w = BitWriter::default();
        w.push(1, 1);
        w.push(0b0110, 4);
        w.push_gamma(5); // 00101
        assert_eq!(w.bytes, [0b1011_0001, 0b0100_0000]);
        let mut r = BitReader {
            bytes: &w.bytes,
            pos: 0,
        };
        assert_eq!(r.read(1), Some(1));
        assert_eq!(r.read(4), Some(6));
        assert_eq!(read_count(&mut r), Ok(4));
        assert_eq!(r.remaining(), 6);
        assert_eq!(r.read(7), None);
    }

    #[test]
    fn cells_are_ordered_file_then_rank() {
        let names: Vec<String> = Cell::all().map(|c| c.to_string()).collect();
        assert_eq!(names[..8], ["a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2"]);
        let mut sorted: Vec<Cell> = Cell::all().collect();
        sorted.sort_by_key(|&c| cell_order(c));
        assert!(sorted.iter().eq(Cell::all().collect::<Vec<_>>().iter()));
        // f10 after f9, unlike in text order.
        let f9: Cell = "f9".parse().unwrap();
        let f10: Cell = "f10".parse().unwrap();
        assert!(cell_order(f9) < cell_order(f10));
    }
}
