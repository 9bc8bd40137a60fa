//! The match, headless: the match itself ([`the_match`], its
//! [`variations`]), what is asked of it and what it announces
//! ([`messages`]), its one owner ([`owner`]), who plays whom ([`mode`]), a
//! person's turn ([`turn`]), the computer ([`computer`]) and its review and
//! analysis ([`review`], [`analysis`]), the lessons ([`tutorial`]), the
//! screens ([`screen`]), links to a game or a position ([`link`]) and what
//! a pasted text or a file opens ([`import`]).
//! Nothing here draws, and nothing here knows the layers above it.

pub mod analysis;
pub mod computer;
pub(crate) mod import;
pub mod link;
mod messages;
mod mode;
pub mod online;
pub mod owner;
pub mod puzzle;
pub mod review;
mod screen;
mod the_match;
pub mod turn;
pub mod tutorial;
pub(crate) mod variations;

use bevy::prelude::*;

use crate::frames::wake_on;

pub use messages::{
    ActionApplied, BoardReset, CellClicked, DiscardAsked, Feedback, GameEnded, MatchCommand,
    RequestAction, SaveChange, TypedAction,
};
pub use mode::{Mode, ModeChoice, Setup, SideChoice};
pub use screen::{Screen, UiFocus};
pub use the_match::{Match, SavedGame};
pub use turn::{BoardBusy, Selection};

pub fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_resource::<Match>()
        .init_resource::<SavedGame>()
        .init_resource::<Selection>()
        .init_resource::<BoardBusy>()
        .init_resource::<UiFocus>()
        .add_message::<RequestAction>()
        .add_message::<MatchCommand>()
        .add_message::<ActionApplied>()
        .add_message::<BoardReset>()
        .add_message::<GameEnded>()
        .add_message::<SaveChange>()
        .add_message::<DiscardAsked>()
        .add_message::<Feedback>()
        .add_message::<CellClicked>()
        .add_message::<TypedAction>()
        .init_resource::<owner::Arriving>();
    // Requests written after the owner ran are applied in the next frame.
    wake_on::<RequestAction>(app);
    wake_on::<MatchCommand>(app);
    owner::plugin(app);
    turn::plugin(app);
    link::plugin(app);
    online::plugin(app);
    computer::plugin(app);
    review::plugin(app);
    analysis::plugin(app);
    tutorial::plugin(app);
    puzzle::plugin(app);
}
