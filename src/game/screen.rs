//! Where the player is (the menu or the board), and what the interface
//! tells the game each frame: whether a modal dialog is open and whether the
//! player is typing. The game and the scene read these; only the interface
//! writes [`UiFocus`].

use bevy::prelude::*;

/// The screens of the game.
#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Screen {
    #[default]
    Menu,
    Playing,
}

/// What the interface holds of the player's attention this frame.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct UiFocus {
    /// A dialog that must be answered before play goes on (rules,
    /// settings, a question): the computer waits meanwhile.
    pub modal: bool,
    /// A text box has the keyboard: keys are letters, not shortcuts.
    pub typing: bool,
    /// The pointer is over the interface, not the board.
    pub pointer: bool,
    /// The pointer is over the list of actions: ←/→ step through the game
    /// there, not the board's cursor.
    pub over_actions: bool,
}

/// Whether the computer may think and play now: only on the board, with no
/// dialog in front of it.
pub(super) fn computer_may_play(screen: &State<Screen>, focus: &UiFocus) -> bool {
    *screen.get() == Screen::Playing && !focus.modal
}
