//! Openings: a book read from text (one a line), random ones drawn from
//! a seed, and the balanced book shipped with the arena for its SPRT.

use agon_rules::{Action, Game, Quoted, splitmix64};

/// The book the SPRT plays when given none: openings of 4 to 8 random
/// plies that a search of 200 000 nodes scores within ±40 for the side to
/// move, one a distinct position (made by `examples/make_book.rs`).
pub const BALANCED: &str = include_str!("../../books/balanced.txt");

/// Reads a book of openings: one per line, actions in text separated by
/// spaces; blank lines and lines starting with `#` are skipped. Every line
/// must be legal from the start and leave the game in progress.
pub fn parse_book(text: &str) -> Result<Vec<Vec<Action>>, String> {
    let mut book = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut game = Game::new();
        let mut opening = Vec::new();
        for word in line.split_whitespace() {
            let a: Action = word
                .parse()
                .map_err(|e| format!("line {}: {}: {e}", n + 1, Quoted(word)))?;
            game.play(a)
                .map_err(|e| format!("line {}: {word}: {e}", n + 1))?;
            opening.push(a);
        }
        if game.is_over() {
            return Err(format!("line {}: the game is already over", n + 1));
        }
        book.push(opening);
    }
    if book.is_empty() {
        return Err("the book holds no opening".into());
    }
    Ok(book)
}

/// `count` random openings of `plies` plies from the start, seeded.
pub fn openings(count: usize, plies: usize, seed: u64) -> Vec<Vec<Action>> {
    let mut rng = seed ^ 0xA6_0A6_0A6;
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut g = Game::new();
        let mut line = Vec::new();
        for _ in 0..plies {
            let list = g.legal_actions();
            if list.is_empty() {
                break;
            }
            rng = splitmix64(rng);
            let a = list[(rng % list.len() as u64) as usize];
            g.play(a).expect("a legal action");
            line.push(a);
        }
        if !g.is_over() {
            out.push(line);
        }
    }
    out
}
