//! Keys: `Esc` closes the open dialog (or the notices, or the result), `Ctrl+Z`/`Ctrl+Y`
//! undo and redo, `H` asks for a hint. Nothing here fires while the player
//! types into a text box.

use bevy::prelude::*;

use crate::game::computer::{HintRequest, Thinker};
use crate::game::{Match, MatchCommand, Screen, UiFocus};
use crate::store::Notices;
use crate::ui::UiState;

#[allow(clippy::too_many_arguments)]
pub fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<UiFocus>,
    the_match: Res<Match>,
    thinker: Res<Thinker>,
    screen: Res<State<Screen>>,
    mut ui: ResMut<UiState>,
    mut notices: ResMut<Notices>,
    mut commands: MessageWriter<MatchCommand>,
    mut hints: MessageWriter<HintRequest>,
) {
    // Esc is no letter: it closes a dialog even from its text box.
    if keys.just_pressed(KeyCode::Escape) {
        if ui.dialog.is_some() {
            ui.close();
            return;
        }
        if !notices.0.is_empty() {
            notices.0.clear();
            return;
        }
        if ui.game_over_open {
            ui.game_over_open = false;
            return;
        }
    }
    if *screen.get() != Screen::Playing || focus.typing || ui.dialog.is_some() {
        return;
    }
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) && the_match.can_undo() {
        commands.write(MatchCommand::Undo);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) && the_match.game.can_redo() {
        commands.write(MatchCommand::Redo);
    }
    if !ctrl && keys.just_pressed(KeyCode::KeyH) && the_match.human_to_move() && !thinker.busy() {
        hints.write(HintRequest);
    }
}
