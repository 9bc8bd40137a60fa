//! For developers and the page around the game: frame timings and
//! screenshots ([`diagnostics`]), the web page's glue ([`web`]).

pub mod diagnostics;
mod web;

use bevy::prelude::*;

/// Frame statistics and screenshots; on the web, the page's data for its
/// tests.
pub(crate) fn plugin(app: &mut App) {
    diagnostics::plugin(app);
    web::plugin(app);
}
