//! The 3D scene: where cells are ([`layout`]), the board ([`board`]) and
//! what its cells show ([`marks`]), the pieces ([`pieces`]), how they look
//! ([`piece_models`]) and their motions ([`animation`]), effects
//! ([`effects`]), the camera ([`camera`]), pointer and keys to cells
//! ([`input`]), colours ([`theme`]) and rendering quality ([`graphics`], [`plain`]).
//! It reads the match's announcements and requests through clicks only.

pub mod animation;
mod board;
pub mod camera;
mod effects;
pub(crate) mod graphics;
mod input;
pub mod keyboard;
pub mod layout;
mod marks;
mod piece_models;
pub mod pieces;
pub mod plain;
pub(crate) mod theme;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::core_pipeline::blit::BlitPipeline;
use bevy::prelude::*;
use bevy::render::render_resource::{CachedPipelineState, PipelineCache, PipelineDescriptor};
use bevy::render::{Render, RenderApp, RenderSystems};

use crate::frames::AppSystems;

/// The board's part of [`AppSystems::Present`]: the pieces follow what the
/// match announced (starting their motions), then the motions advance; the
/// passing effects follow the pieces they play over.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SceneSystems {
    Pieces,
    Motion,
    Effects,
}

/// Whether the board and its pieces are on screen. The first frames build
/// the renderer's pipelines (seconds on a software renderer), and the board
/// shows in the first frame that has them. The web page says it is ready
/// then, and the sounds load then, so that decoding them (on the web, on
/// the page's one thread) does not hold the board back.
#[derive(Resource, Default, Debug)]
pub struct BoardShown {
    /// A frame that drew the board and its pieces has been rendered.
    pub on_screen: bool,
}

/// The render world's word that a frame drew the board: every pipeline the
/// board's meshes and the screen's last pass need was built by the end of
/// it. Written by the render world, read by the main one. Without a
/// renderer (headless) nothing is drawn and nothing waits: set from the
/// start.
#[derive(Resource, Clone, Default)]
pub struct BoardDrawn(pub Arc<AtomicBool>);

/// Whether a pipeline is one a frame needs to show the board: its meshes'
/// opaque pass (Bevy names it after the material, `…opaque_mesh_pipeline`),
/// or the copy of the cameras' picture to the window (Bevy's blit).
fn board_pipeline(descriptor: &PipelineDescriptor, blit: &BlitPipeline) -> Option<BoardPipeline> {
    let PipelineDescriptor::RenderPipelineDescriptor(d) = descriptor else {
        return None;
    };
    if d.label
        .as_deref()
        .is_some_and(|l| l.ends_with("opaque_mesh_pipeline"))
    {
        Some(BoardPipeline::Mesh)
    } else if d
        .fragment
        .as_ref()
        .is_some_and(|f| f.shader.id() == blit.fragment_shader.id())
    {
        Some(BoardPipeline::Blit)
    } else {
        None
    }
}

#[derive(PartialEq)]
enum BoardPipeline {
    Mesh,
    Blit,
}

fn note_board_drawn(
    cache: Res<PipelineCache>,
    blit: Option<Res<BlitPipeline>>,
    drawn: Res<BoardDrawn>,
) {
    let Some(blit) = blit else { return };
    if drawn.0.load(Ordering::Relaxed) {
        return;
    }
    let mut any_mesh = false;
    let all_built = cache.pipelines().all(|p| {
        let Some(kind) = board_pipeline(&p.descriptor, &blit) else {
            return true;
        };
        any_mesh |= kind == BoardPipeline::Mesh;
        matches!(p.state, CachedPipelineState::Ok(_))
    });
    drawn.0.store(any_mesh && all_built, Ordering::Relaxed);
}

fn watch_board(
    frames: Res<bevy::diagnostic::FrameCount>,
    drawn: Res<BoardDrawn>,
    pieces: Query<(), With<piece_models::PieceView>>,
    mut board: ResMut<BoardShown>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if board.on_screen {
        return;
    }
    // The render world's word comes with a frame it has finished: that
    // frame is on screen.
    board.on_screen = drawn.0.load(Ordering::Relaxed) && !pieces.is_empty();
    if board.on_screen {
        info!("agon: the board is on screen after {} frames", frames.0);
    } else {
        // Frames in a row until then: nothing else may ask for them.
        redraw.write(bevy::window::RequestRedraw);
    }
}

pub fn plugin(app: &mut App) {
    let drawn = BoardDrawn::default();
    match app.get_sub_app_mut(RenderApp) {
        Some(render_app) => {
            render_app
                .insert_resource(drawn.clone())
                .add_systems(Render, note_board_drawn.in_set(RenderSystems::Cleanup));
        }
        None => drawn.0.store(true, Ordering::Relaxed),
    }
    app.insert_resource(drawn)
        .init_resource::<BoardShown>()
        .configure_sets(
            Update,
            (
                (SceneSystems::Pieces, SceneSystems::Motion).chain(),
                SceneSystems::Effects.after(SceneSystems::Pieces),
            )
                .in_set(AppSystems::Present),
        )
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
