//! Keys: `Esc` closes the open dialog (or the notices, or the result), `Ctrl+Z`/`Ctrl+Y`
//! undo and redo, `H` asks for a hint, `A` opens or closes analysis, `/` opens the command box, `D` says
//! the position in words, `?` lists every key ([`KEYS`]). The board's own
//! keys (the cursor) are in `scene::keyboard`. Nothing here fires while the
//! player types into a text box.

use bevy::prelude::*;

use crate::game::analysis::{Analysis, AnalysisRequest, allowed};
use crate::game::computer::{HintRequest, Thinker};
use crate::game::tutorial::Tutorial;
use crate::game::{Match, MatchCommand, Screen, UiFocus};
use crate::i18n::Lang;
use crate::store::Notices;
use crate::ui::announce::Announcements;
use crate::ui::state::{Dialog, UiState};

/// Every key and gesture, as the `?` dialog lists them: each names two
/// messages, the key (`keys-tab`) and what it does (`keys-tab-what`).
pub const KEYS: [&str; 19] = [
    "keys-click-piece",
    "keys-click-dot",
    "keys-arrows",
    "keys-tab",
    "keys-enter",
    "keys-slash",
    "keys-esc",
    "keys-d",
    "keys-ctrl-z",
    "keys-ctrl-y",
    "keys-h",
    "keys-a",
    "keys-r",
    "keys-right-drag",
    "keys-wheel",
    "keys-copy-paste",
    "keys-home-end",
    "keys-left-right",
    "keys-question",
];

#[allow(clippy::too_many_arguments)]
pub fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    typed: Res<ButtonInput<bevy::input::keyboard::Key>>,
    focus: Res<UiFocus>,
    the_match: Res<Match>,
    thinker: Res<Thinker>,
    screen: Res<State<Screen>>,
    mut ui: ResMut<UiState>,
    mut notices: ResMut<Notices>,
    mut commands: MessageWriter<MatchCommand>,
    mut hints: MessageWriter<HintRequest>,
    mut said: ResMut<Announcements>,
    lang: Res<Lang>,
    (analysis, tutorial): (Res<Analysis>, Res<Tutorial>),
    mut analyse: MessageWriter<AnalysisRequest>,
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
    if focus.typing || ui.dialog.is_some() {
        return;
    }
    // By the character typed, whatever the keyboard's layout.
    if typed.just_pressed(bevy::input::keyboard::Key::Character("?".into())) {
        ui.open(Dialog::Keys);
        return;
    }
    if *screen.get() != Screen::Playing {
        return;
    }
    if typed.just_pressed(bevy::input::keyboard::Key::Character("/".into())) {
        ui.focus_command = true;
        return;
    }
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) && the_match.can_undo() {
        commands.write(MatchCommand::Undo);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) && the_match.game.can_redo() {
        commands.write(MatchCommand::Redo);
    }
    // Home and End: the start of the game, and back to the game.
    if keys.just_pressed(KeyCode::Home) && !the_match.game.history().is_empty() {
        commands.write(MatchCommand::Browse(Some(0)));
    }
    if keys.just_pressed(KeyCode::End) && the_match.browsing.is_some() {
        commands.write(MatchCommand::Browse(None));
    }
    if !ctrl && keys.just_pressed(KeyCode::KeyD) {
        ui.position_in_words(*lang, &mut said, &the_match);
    }
    if !ctrl && keys.just_pressed(KeyCode::KeyH) && the_match.may_hint() && !thinker.busy() {
        hints.write(HintRequest);
    }
    if !ctrl && keys.just_pressed(KeyCode::KeyA) && allowed(&the_match, &tutorial) {
        analyse.write(AnalysisRequest(!analysis.open(&the_match, &tutorial)));
    }
}
