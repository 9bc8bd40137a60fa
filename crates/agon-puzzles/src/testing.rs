//! Positions built piece by piece for the tests.

use agon_rules::{Action, Cell, Kind, Piece, Position, Side};

pub fn cell(name: &str) -> Cell {
    Cell::from_name(name).unwrap()
}

pub fn action(text: &str) -> Action {
    text.parse().unwrap()
}

/// A position from `(cell, letter)` pairs in AFN letters (`Q G q g`; a
/// trailing `x` marks a piece out of play).
pub fn build(pieces: &[&str], to_move: Side) -> Position {
    let mut p = Position::empty(to_move);
    for item in pieces {
        // A file letter, the rank's digits, the piece letter, maybe `x`.
        let digits = item[1..].bytes().take_while(u8::is_ascii_digit).count();
        let (name, rest) = item.split_at(1 + digits);
        let piece = Piece::from_letter(rest.chars().next().unwrap()).unwrap();
        p.put(cell(name), piece, rest.ends_with('x'));
    }
    p.check_pieces().unwrap();
    p
}

/// Light's queen on the throne and five guards in the throne ring; the
/// sixth guard, on `e4`, steps to `e5` and wins. Dark is far away.
pub fn throne_in_one() -> Position {
    build(
        &[
            "f6Q", "e6G", "f5G", "f7G", "g5G", "g6G", "e4G", "f11q", "a5g", "b7g", "k7g", "l5g",
        ],
        Side::Light,
    )
}

#[test]
fn the_builder_puts_what_it_is_told() {
    let p = throne_in_one();
    assert_eq!(
        p.piece_at(cell("f6")),
        Some(Piece::new(Side::Light, Kind::Queen))
    );
    assert_eq!(
        p.piece_at(cell("e4")),
        Some(Piece::new(Side::Light, Kind::Guard))
    );
    assert_eq!(p.in_play(Side::Dark).len(), 5);
}
