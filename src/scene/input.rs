//! From the pointer to cells: the cursor's ray meets the board plane, and
//! the point names a cell. Clicks over the interface never reach the board.

use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::frames::AppSystems;
use crate::game::{BoardBusy, CellClicked, Match, Screen, Selection, UiFocus};
use crate::scene::animation::SkipAnimations;
use crate::scene::camera::BoardCamera;
use crate::scene::layout::cell_at;

/// The cell under a window position, if any.
pub(super) fn cell_under(
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

/// Where a press started, to tell a click from a drag; whether it has
/// picked up the piece it started on (a drag plays where it is let go);
/// whether two fingers are down (a pinch or a turn, never a tap).
#[derive(Default)]
struct Press {
    start: Option<Vec2>,
    dragging: bool,
    two_fingers: bool,
}

/// A press that moved this far (in logical pixels) is a drag; a finger is
/// less precise than a mouse.
const DRAG_MOUSE: f32 = 12.0;
const DRAG_FINGER: f32 = 24.0;

#[allow(clippy::too_many_arguments)]
fn pointer(
    buttons: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    focus: Res<UiFocus>,
    busy: Res<BoardBusy>,
    the_match: Res<Match>,
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
    // One finger or the left button: where it is now, and whether it was
    // let go this frame.
    let fingers = touches.iter().count();
    if fingers >= 2 {
        press.two_fingers = true;
    }
    let touch = touches
        .iter()
        .next()
        .map(|t| (t.start_position(), t.position(), false))
        .or_else(|| {
            touches
                .iter_just_released()
                .next()
                .map(|t| (t.start_position(), t.position(), true))
        });
    let (now, released) = match touch {
        Some((start, at, released)) => {
            if press.start.is_none() && !over_ui {
                press.start = Some(start);
            }
            (Some(at), released)
        }
        None => {
            if buttons.just_pressed(MouseButton::Left) && !over_ui {
                press.start = cursor;
            }
            (cursor, buttons.just_released(MouseButton::Left))
        }
    };
    let (Some(start), Some(now)) = (press.start, now) else {
        if released {
            *press = Press::default();
        }
        return;
    };
    if press.two_fingers {
        // A pinch or a turn: no tap, no drag, until every finger is up.
        if released && fingers == 0 {
            *press = Press::default();
        }
        return;
    }
    let threshold = if touch.is_some() {
        DRAG_FINGER
    } else {
        DRAG_MOUSE
    };
    let moved = start.distance(now) >= threshold;
    let start_cell = cell_under(camera, cam_tr, start);
    // A drag from one of the player's pieces picks it up at once, so its
    // targets show while it is carried.
    if moved && !press.dragging && !busy.0 {
        press.dragging = true;
        if let Some(cell) = start_cell
            && the_match.person_acts_here()
            && the_match.shown_position().targets_from(cell).any()
            && selection.from != Some(cell)
        {
            selection.cursor = None;
            clicks.write(CellClicked(cell));
        }
    }
    if !released {
        return;
    }
    let dragged = std::mem::take(&mut *press).dragging;
    if dragged {
        // Let go over a cell: the piece goes there if it may.
        if let Some(end) = cell_under(camera, cam_tr, now)
            && Some(end) != start_cell
            && start_cell.is_some_and(|c| the_match.position().targets_from(c).contains(end))
        {
            clicks.write(CellClicked(end));
        }
        return;
    }
    let at = now;
    // The pointer is in use: the keyboard's cursor steps aside.
    selection.cursor = None;
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

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (pointer, keys)
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Playing)),
    );
}
