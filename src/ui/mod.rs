//! The interface, drawn with egui. It reads the match and *requests*
//! every change of it as a [`MatchCommand`](crate::game::MatchCommand); it
//! never writes the match.
//!
//! Its own types are in [`state`], and the pieces more than one part draws
//! in [`widgets`]. The parts: the main menu ([`menu`]), the panel of a wide
//! window ([`panel`]) or of a phone ([`compact`]), the dialogs
//! ([`dialogs`]), the review ([`review`]), the analysis over the board
//! ([`analysis`]), the cell names ([`coordinates`]) and a word over the
//! board ([`toast`]); [`draw`] puts them together each frame. Beside them,
//! with nothing to draw: the words ([`wording`], [`announce`]), the keys
//! ([`shortcuts`]), files given to the game ([`files`]), the clipboard
//! ([`clipboard`]) and the fonts ([`fonts`]).

mod analysis;
pub mod announce;
mod clipboard;
mod compact;
mod coordinates;
mod dialogs;
mod files;
mod fonts;
mod menu;
mod panel;
mod review;
pub mod shortcuts;
pub mod state;
mod toast;
mod widgets;
pub mod wording;

use agon_rules::Ending;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::audio::Sfx;
use crate::frames::AppSystems;
use crate::game::{BoardReset, DiscardAsked, Feedback, Screen, UiFocus};
use crate::scene::camera::{BoardCamera, UiInsets};
use crate::store::{AnimationSpeed, Notices};
use crate::ui::state::{Dialog, GameParams, Requests, Shape, UiState};

/// Seconds from the final action to the result dialog: the action's
/// animation, and for a throne win the victory moment.
fn game_over_delay(ending: Ending, speed: AnimationSpeed) -> f64 {
    let throne = matches!(
        ending,
        Ending::Rules(agon_rules::Outcome::Win {
            reason: agon_rules::WinReason::Throne,
            ..
        })
    );
    let animation = 2.0 * speed.step_seconds() as f64;
    animation + if throne { 1.6 } else { 0.4 }
}

/// The interface of this frame: the menu or the board's panel and what
/// lies over the board, then the open dialog and the notices.
#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    mut p: GameParams,
    mut r: Requests,
    mut ui_state: ResMut<UiState>,
    mut focus: ResMut<UiFocus>,
    screen: Res<State<Screen>>,
    time: Res<Time<Real>>,
    mut feedback: MessageReader<Feedback>,
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut styled: Local<bool>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if !*styled {
        widgets::style(&ctx);
        *styled = true;
    }
    let now = time.elapsed_secs_f64();
    for Feedback(text) in feedback.read() {
        ui_state.toast = Some((text.clone(), now));
    }
    // The result dialog opens once the ending has been seen on the board.
    let result = p.the_match.result();
    if result != ui_state.seen_result {
        ui_state.seen_result = result;
        ui_state.game_over_open = false;
        ui_state.game_over_at = result.map(|e| now + game_over_delay(e, p.settings.animation));
    }
    if ui_state.game_over_at.is_some_and(|t| now >= t) {
        ui_state.game_over_at = None;
        ui_state.game_over_open = true;
    }
    if ui_state.game_over_at.is_some() {
        // The dialog opens at its time even if nothing else moves.
        ctx.request_repaint();
    }
    let ui_state = &mut *ui_state;
    ui_state.places.clear();
    let shape = window
        .single()
        .map_or(Shape::Wide, |w| Shape::of(w.width(), w.height()));

    if p.settings.show_coordinates
        && let Ok((cam, cam_tr)) = camera.single()
    {
        coordinates::draw(&ctx, cam, cam_tr);
    }

    match screen.get() {
        Screen::Menu => {
            *p.insets = UiInsets::default();
            menu::show(&ctx, &mut p, &mut r, ui_state);
        }
        Screen::Playing => {
            analysis::overlay(&ctx, &p, camera.single().ok());
            match shape {
                Shape::Wide => panel::show(&ctx, &mut p, &mut r, ui_state),
                Shape::Portrait | Shape::Landscape => {
                    compact::show(&ctx, &mut p, &mut r, ui_state, shape)
                }
            }
            toast::show(&ctx, ui_state, now, shape);
            review::window(&ctx, &mut p, &mut r, ui_state);
            if ui_state.game_over_open
                && !p.tutorial.active
                && !p.puzzles.active()
                && let Some(ending) = p.the_match.result()
            {
                dialogs::game_over(&ctx, &mut p, &mut r, ui_state, ending);
            }
        }
    }
    dialogs::show(&ctx, &mut p, &mut r, ui_state);
    dialogs::notices(&ctx, *p.lang, &mut p.notices);
    // Every click on the interface ticks.
    if ctx.is_pointer_over_egui() && ctx.input(|i| i.pointer.any_click()) {
        r.sfx.write(Sfx::Click);
    }
    let typing = ctx.egui_wants_keyboard_input();
    let pointer = ctx.is_pointer_over_egui() || ctx.egui_wants_pointer_input();
    let over_actions = std::mem::take(&mut ui_state.over_actions);
    if focus.typing != typing || focus.pointer != pointer || focus.over_actions != over_actions {
        focus.typing = typing;
        focus.pointer = pointer;
        focus.over_actions = over_actions;
    }
    Ok(())
}

/// The owner asks before a game is discarded: the question opens here.
fn ask_before_discarding(mut asked: MessageReader<DiscardAsked>, mut ui: ResMut<UiState>) {
    if let Some(DiscardAsked(command)) = asked.read().last() {
        ui.dialog = Some(Dialog::ConfirmDiscard);
        ui.pending = Some(command.clone());
    }
}

/// A new position closes the result of the old one.
fn on_reset(mut resets: MessageReader<BoardReset>, mut ui: ResMut<UiState>) {
    let resets: Vec<BoardReset> = resets.read().copied().collect();
    if !resets.is_empty() {
        ui.game_over_open = false;
    }
    // The online game asked for has opened: its dialog is done.
    if ui.online_waiting && resets.iter().any(|r| r.new_match) {
        ui.online_waiting = false;
        if ui.dialog == Some(Dialog::Online) {
            ui.close();
        }
    }
}

/// Tells the game whether a dialog holds the player (the computer waits).
fn track_modal(ui: Res<UiState>, notices: Res<Notices>, mut focus: ResMut<UiFocus>) {
    let modal = ui.dialog.is_some() || !notices.0.is_empty();
    if focus.modal != modal {
        focus.modal = modal;
    }
}

/// bevy_egui 0.42 tells egui the modifier keys every frame, and egui takes
/// any event as news and asks for a repaint: the game would never rest.
/// Only a change is passed on (egui keeps the keys from frame to frame).
fn pass_only_modifier_changes(
    mut contexts: Query<(&mut bevy_egui::EguiContext, &mut bevy_egui::EguiInput)>,
) {
    for (mut ctx, mut input) in &mut contexts {
        let held = ctx.get_mut().input(|i| i.modifiers);
        input
            .events
            .retain(|e| !matches!(e, egui::Event::ModifiersChanged(m) if *m == held));
    }
}

pub fn plugin(app: &mut App) {
    announce::plugin(app);
    clipboard::plugin(app);
    fonts::plugin(app);
    app.init_resource::<UiState>()
        .add_systems(EguiPrimaryContextPass, draw)
        .add_systems(
            PreUpdate,
            pass_only_modifier_changes
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            Update,
            (
                (
                    shortcuts::keys,
                    files::dropped_files,
                    files::arrived_files,
                    track_modal,
                )
                    .chain()
                    .in_set(AppSystems::Input),
                on_reset.in_set(AppSystems::Reset),
                ask_before_discarding.in_set(AppSystems::Follow),
            ),
        );
}
