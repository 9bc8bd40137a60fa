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

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;

/// Whether the board and its pieces are on screen. The first frames build
/// the renderer's pipelines (seconds on a software renderer), and the third
/// draws them. The web page says it is ready once that frame has been shown,
/// and the sounds load then, so that decoding them (on the web, on the
/// page's one thread) does not hold the board back.
#[derive(Resource, Default, Debug)]
pub struct BoardShown {
    /// This frame or an earlier one draws the board.
    pub drawn: bool,
    /// A frame that drew it has been shown.
    pub on_screen: bool,
}

fn watch_board(
    frames: Res<FrameCount>,
    pieces: Query<(), With<piece_models::PieceView>>,
    mut board: ResMut<BoardShown>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if board.on_screen {
        return;
    }
    if board.drawn {
        board.on_screen = true;
        return;
    }
    // Frames in a row until then: nothing else may ask for them.
    redraw.write(bevy::window::RequestRedraw);
    // Counted at the end of each frame: two done, this is the third.
    board.drawn = frames.0 >= 2 && !pieces.is_empty();
}

pub fn plugin(app: &mut App) {
    app.init_resource::<BoardShown>()
        .add_systems(PreUpdate, watch_board);
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
