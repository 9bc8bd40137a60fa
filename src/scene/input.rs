//! From the pointer to cells: the cursor's ray meets the board plane, and
//! the point names a cell. Clicks over the interface never reach the board.

use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::game::{BoardBusy, CellClicked, PlaySet, Screen, Selection, UiFocus};
use crate::scene::animation::SkipAnimations;
use crate::scene::camera::BoardCamera;
use crate::scene::layout::cell_at;

/// The cell under a window position, if any.
pub fn cell_under(
    camera: &Camera,
    camera_transform: &GlobalTransform,
    window_position: Vec2,
) -> Option<agon_rules::Cell> {
    let ray = camera
        .viewport_to_world(camera_transform, window_position)
        .ok()?;
    let distance = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
    cell_at(ray.get_point(distance))
}

/// Where a press started, to tell a click from a drag.
#[derive(Default)]
struct Press(Option<Vec2>);

#[allow(clippy::too_many_arguments)]
fn pointer(
    buttons: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    focus: Res<UiFocus>,
    busy: Res<BoardBusy>,
    mut press: Local<Press>,
    mut selection: ResMut<Selection>,
    mut clicks: MessageWriter<CellClicked>,
    mut skip: MessageWriter<SkipAnimations>,
) {
    let Ok(window) = window.single() else { return };
    let Ok((camera, cam_tr)) = camera.single() else {
        return;
    };
    let over_ui = focus.pointer;
    let cursor = window.cursor_position();
    let hover = if over_ui {
        None
    } else {
        cursor.and_then(|p| cell_under(camera, cam_tr, p))
    };
    if selection.hover != hover {
        selection.hover = hover;
    }
    let mut released_at = None;
    if buttons.just_pressed(MouseButton::Left) && !over_ui {
        press.0 = cursor;
    }
    if buttons.just_released(MouseButton::Left)
        && let (Some(start), Some(end)) = (press.0.take(), cursor)
        && start.distance(end) < 12.0
    {
        released_at = Some(end);
    }
    // A tap is a click.
    for t in touches.iter_just_released() {
        if !over_ui && t.start_position().distance(t.position()) < 24.0 {
            released_at = Some(t.position());
        }
    }
    let Some(at) = released_at else { return };
    if busy.0 {
        // A click during an animation finishes it.
        skip.write(SkipAnimations);
        return;
    }
    if let Some(cell) = cell_under(camera, cam_tr, at) {
        clicks.write(CellClicked(cell));
    } else {
        selection.clear();
    }
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<UiFocus>,
    mut selection: ResMut<Selection>,
    the_match: Res<crate::game::Match>,
) {
    // Esc in a dialog closes the dialog, not the piece in hand.
    if focus.typing || focus.modal {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) && !the_match.position().must_relocate() {
        selection.clear();
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (pointer, keys)
            .in_set(PlaySet::Input)
            .run_if(in_state(Screen::Playing)),
    );
}
