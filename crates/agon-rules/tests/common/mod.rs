//! Helpers for building positions by hand in tests.
#![allow(dead_code)]

pub mod endless;

use agon_rules::{Action, Cell, Game, Kind, Piece, Position, SPLITMIX64_GAMMA, Side, splitmix64};

pub fn c(name: &str) -> Cell {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

pub fn a(text: &str) -> Action {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A position from a compact list: the side to move (`l` or `d`), then one
/// token per piece, its AFN letter and cell, with `*` in front for a piece
/// out of play: `"l Qf6 Ge5 *gf8 qa1"`.
pub fn pos(spec: &str) -> Position {
    let mut tokens = spec.split_whitespace();
    let side = match tokens.next() {
        Some("l") => Side::Light,
        Some("d") => Side::Dark,
        other => panic!("bad side {other:?}"),
    };
    let mut p = Position::empty(side);
    for t in tokens {
        let (out, t) = match t.strip_prefix('*') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let mut chars = t.chars();
        let piece = Piece::from_letter(chars.next().unwrap()).expect("piece letter");
        p.put(c(chars.as_str()), piece, out);
    }
    // Through AFN and back, so every test position is also a valid AFN one.
    let round = Position::from_afn(&p.to_afn()).expect("valid AFN");
    assert_eq!(round, p);
    p
}

pub fn guard(side: Side) -> Piece {
    Piece::new(side, Kind::Guard)
}

pub fn queen(side: Side) -> Piece {
    Piece::new(side, Kind::Queen)
}

/// The legal actions as sorted text.
pub fn legal(p: &Position) -> Vec<String> {
    p.legal_actions().sorted_texts()
}

/// A small deterministic generator for random games in tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let out = splitmix64(self.0);
        self.0 = self.0.wrapping_add(SPLITMIX64_GAMMA);
        out
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random game from the start, `plies` long at most.
pub fn random_game(seed: u64, plies: usize) -> Game {
    random_game_from(Position::start(), seed, plies)
}

/// A random game from `start`, `plies` long at most.
pub fn random_game_from(start: Position, seed: u64, plies: usize) -> Game {
    let mut rng = Rng(seed);
    let mut g = Game::from_position(start);
    while !g.is_over() && g.history().len() < plies {
        let list = g.legal_actions();
        g.play(list[rng.below(list.len())]).unwrap();
    }
    g
}
