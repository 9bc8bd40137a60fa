//! For developers and the page around the game: frame timings and
//! screenshots ([`diagnostics`]), the web page's glue ([`web`]).

pub mod diagnostics;
pub mod web;
