//! The 3D scene: where cells are ([`layout`]), the board ([`board`]) and
//! what its cells show ([`marks`]), the pieces ([`pieces`]), how they look
//! ([`piece_models`]) and their motions ([`animation`]), effects
//! ([`effects`]), the camera ([`camera`]), pointer and keys to cells
//! ([`input`]), colours ([`theme`]) and rendering quality ([`graphics`], [`plain`]).
//! It reads the match's announcements and requests through clicks only.

pub mod animation;
pub mod board;
pub mod camera;
pub mod effects;
pub mod graphics;
pub mod input;
pub mod keyboard;
pub mod layout;
pub mod marks;
pub mod piece_models;
pub mod pieces;
pub mod plain;
pub mod theme;

use bevy::prelude::*;

/// Everything that draws the board, for a window (the animation clock is
/// part of the headless core).
pub fn plugin(app: &mut App) {
    theme::plugin(app);
    board::plugin(app);
    pieces::plugin(app);
    effects::plugin(app);
    camera::plugin(app);
    graphics::plugin(app);
    plain::plugin(app);
    input::plugin(app);
    keyboard::plugin(app);
}
