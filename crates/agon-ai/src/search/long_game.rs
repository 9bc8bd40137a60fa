//! A position of a long game of Master against Hard (Master's queen on the
//! throne, both sides packed around it), for the tests of the terms that
//! only the side searching holds: they need a clear lead and a search
//! started from it.

use agon_rules::{Position, Side};

use super::{Limits, Search};
use crate::style::Style;

const BOARD: &str = "6/7/4gG2/6G2/4gQGg2/4gqGG3/4g1G3/5g3/8/7/6";

/// The position with `side` to move.
pub fn at(side: Side) -> Position {
    let letter = if side == Side::Light { 'l' } else { 'd' };
    Position::from_afn(&format!("{BOARD} {letter} -")).expect("a position of a long game")
}

/// A search with `style`, started from the position with `root` to move
/// (a game of that one position).
pub fn searching(root: Side, style: Style, limits: Limits) -> Search {
    let mut search = Search::new(1);
    search.set_style(style);
    let root = at(root);
    search.start_with_history(root, &[root.hash()], limits);
    search
}
