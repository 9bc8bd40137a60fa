//! The match, headless: the match itself ([`the_match`]), what is asked of
//! it and what it announces ([`messages`]), its one owner ([`owner`]), who
//! plays whom ([`mode`]), a person's turn ([`turn`]), the computer
//! ([`computer`]), the lessons ([`tutorial`]), the screens ([`screen`]) and
//! links to a game or a position ([`link`]).
//! Nothing here draws.

pub mod analysis;
pub mod computer;
pub mod link;
pub mod messages;
pub mod mode;
pub mod owner;
pub mod review;
pub mod screen;
pub mod the_match;
pub mod turn;
pub mod tutorial;
pub mod variations;

use bevy::prelude::*;

pub use messages::{
    ActionApplied, BoardReset, CellClicked, DiscardAsked, Feedback, GameEnded, MatchCommand,
    RequestAction, SaveChange, TypedAction,
};
pub use mode::{Mode, Setup, SideChoice};
pub use screen::{Screen, UiFocus};
pub use the_match::{Match, SavedGame};
pub use turn::{BoardBusy, Selection};

/// The order of the frame: input, then the rules, then what shows them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum PlaySet {
    Input,
    Rules,
    Present,
}

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
        .init_resource::<owner::Arriving>()
        .configure_sets(
            Update,
            (PlaySet::Input, PlaySet::Rules, PlaySet::Present).chain(),
        )
        .add_systems(
            Update,
            (
                turn::handle_clicks,
                turn::handle_typed,
                owner::apply_requests,
                owner::apply_commands,
                turn::on_reset,
                turn::preselect_relocation,
            )
                .chain()
                .in_set(PlaySet::Rules),
        );
    computer::plugin(app);
    review::plugin(app);
    analysis::plugin(app);
    tutorial::plugin(app);
}
