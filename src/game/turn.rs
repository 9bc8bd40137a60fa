//! A person's turn: clicks on cells pick up a piece and request an action;
//! a click that can do nothing is answered with the rule it breaks.

use agon_rules::{Action, Cell, CellSet, PlayError, Position};
use bevy::prelude::*;

use crate::frames::AppSystems;
use crate::game::messages::{BoardReset, CellClicked, Feedback, RequestAction, TypedAction};
use crate::game::the_match::Match;
use crate::game::{MatchCommand, Mode};
use crate::i18n::{Lang, Message};

/// What the person has picked up and where it may go.
#[derive(Resource, Default, Debug)]
pub struct Selection {
    pub from: Option<Cell>,
    pub targets: CellSet,
    /// Targets where the action would capture.
    pub capturing: CellSet,
    /// A suggested action, shown until the next action.
    pub hint: Option<Action>,
    pub hover: Option<Cell>,
    /// The keyboard's cursor, once the arrows or `Tab` have been used.
    pub cursor: Option<Cell>,
}

impl Selection {
    pub(crate) fn clear(&mut self) {
        self.from = None;
        self.targets = CellSet::EMPTY;
        self.capturing = CellSet::EMPTY;
    }

    /// Picks up the piece on `from`: its targets, and which of them capture.
    pub(crate) fn select(&mut self, pos: &Position, from: Cell) {
        self.from = Some(from);
        self.targets = pos.targets_from(from);
        self.capturing = CellSet::EMPTY;
        for t in self.targets {
            if pos.captures_of(Action::new(from, t)).any() {
                self.capturing.insert(t);
            }
        }
    }
}

/// The pieces the side to move may act with: the captured ones when a
/// relocation is due (the queen alone if she is among them).
pub fn movable_pieces(pos: &Position) -> CellSet {
    pos.pieces(pos.to_move())
        .iter()
        .filter(|&c| pos.targets_from(c).any())
        .collect()
}

/// Whether the board is busy showing the last action: clicks then finish the
/// animation instead of acting.
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct BoardBusy(pub bool);

/// The person's clicks: select a piece, act on a target, or hear why not.
/// On an earlier position, the action goes to a variation.
pub(crate) fn handle_clicks(
    mut clicks: MessageReader<CellClicked>,
    the_match: Res<Match>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<RequestAction>,
    mut varies: MessageWriter<MatchCommand>,
    mut feedback: MessageWriter<Feedback>,
    lang: Res<Lang>,
) {
    let l = *lang;
    for &CellClicked(cell) in clicks.read() {
        let pos = match acting_on(l, &the_match) {
            Ok(pos) => pos,
            Err(why) => {
                feedback.write(Feedback(why));
                continue;
            }
        };
        if let Some(from) = selection.from
            && selection.targets.contains(cell)
        {
            let action = Action::new(from, cell);
            if the_match.browsing.is_some() {
                varies.write(MatchCommand::Vary(action));
            } else {
                requests.write(RequestAction(action));
            }
            selection.clear();
            continue;
        }
        if pos.targets_from(cell).any() {
            if selection.from == Some(cell) && !pos.must_relocate() {
                selection.clear();
            } else {
                selection.select(pos, cell);
            }
            continue;
        }
        // Nothing to do there: say why, gently.
        let why = match (selection.from, pos.piece_at(cell)) {
            (Some(from), _) if from != cell => pos
                .check(Action::new(from, cell))
                .err()
                .map(|e| Message::from(&e).text(l)),
            // The rules name why this piece may not act now (a relocation
            // due, the queen first); any target will do, the piece is judged first.
            (_, Some(p)) if p.side == pos.to_move() && pos.must_relocate() => pos
                .check(Action::new(cell, cell))
                .err()
                .map(|e| Message::from(&e).text(l)),
            (_, Some(p)) if p.side == pos.to_move() => Some(t!(l, "refusal-nowhere")),
            (_, Some(_)) => Some(t!(l, "refusal-other-side")),
            _ => None,
        };
        if !pos.must_relocate() {
            selection.clear();
        }
        if let Some(w) = why {
            feedback.write(Feedback(w));
        }
    }
}

/// The position a person's action would be played in, or why there is
/// none: the game's, or an earlier one on the board (either side may play
/// there, in a variation; not in a game by link, which is the friend's too).
pub(crate) fn acting_on(l: Lang, the_match: &Match) -> Result<&Position, String> {
    if the_match.browsing.is_some() {
        return if the_match.person_acts_here() {
            Ok(the_match.shown_position())
        } else {
            Err(t!(l, "refusal-browsing"))
        };
    }
    person_may_act(l, the_match).map(|()| the_match.position())
}

/// Whether a person at this screen may act now in the game, or why not.
pub(crate) fn person_may_act(l: Lang, the_match: &Match) -> Result<(), String> {
    if the_match.human_to_move() {
        Ok(())
    } else if the_match.is_over() {
        Err(t!(l, "refusal-game-over"))
    } else if the_match.friend_to_move() {
        Err(t!(l, "refusal-friends-turn"))
    } else if matches!(the_match.mode, Mode::Puzzle { .. }) {
        Err(t!(l, "refusal-puzzle-wait"))
    } else if matches!(the_match.mode, Mode::Online { me: None }) {
        Err(t!(l, "refusal-watching"))
    } else if the_match.opponent_to_move() {
        Err(t!(l, "refusal-opponents-turn"))
    } else {
        Err(t!(l, "refusal-computers-turn"))
    }
}

/// An action typed in the command box: read and judged by the rules in the
/// position on the board, then requested like a click's.
pub(crate) fn handle_typed(
    mut typed: MessageReader<TypedAction>,
    the_match: Res<Match>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<RequestAction>,
    mut varies: MessageWriter<MatchCommand>,
    mut feedback: MessageWriter<Feedback>,
    lang: Res<Lang>,
) {
    let l = *lang;
    for TypedAction(text) in typed.read() {
        let pos = match acting_on(l, &the_match) {
            Ok(pos) => pos,
            Err(why) => {
                feedback.write(Feedback(why));
                continue;
            }
        };
        let text = text.trim().to_lowercase();
        match pos.read_action(&text) {
            Ok(action) => {
                selection.clear();
                if the_match.browsing.is_some() {
                    varies.write(MatchCommand::Vary(action));
                } else {
                    requests.write(RequestAction(action));
                }
            }
            Err(PlayError::Illegal { reason, .. }) => {
                feedback.write(Feedback(Message::from(&reason).text(l)));
            }
            Err(PlayError::Text(_)) => {
                feedback.write(Feedback(t!(l, "refusal-not-an-action", text = text)));
            }
        }
    }
}

/// A piece to pick up once the first match is on the board (`--select`,
/// for screenshots), taken the first time the turn looks.
#[derive(Resource, Default, Debug)]
pub struct FirstSelection(pub Option<Cell>);

fn select_first(
    mut first: ResMut<FirstSelection>,
    the_match: Res<Match>,
    mut selection: ResMut<Selection>,
    mut done: Local<bool>,
) {
    if std::mem::replace(&mut *done, true) {
        return;
    }
    if let Some(cell) = first.0.take() {
        selection.select(the_match.position(), cell);
    }
}

/// When a relocation is due, the piece that must go is picked up at once if
/// it is the only one.
pub(crate) fn preselect_relocation(the_match: Res<Match>, mut selection: ResMut<Selection>) {
    if !the_match.is_changed() && !selection.is_changed() {
        return;
    }
    if !the_match.human_to_move() {
        if selection.from.is_some() {
            selection.clear();
        }
        return;
    }
    let pos = the_match.position();
    if pos.must_relocate() && selection.from.is_none() {
        let movable = movable_pieces(pos);
        if movable.len() == 1 {
            let only = movable.first().expect("one piece");
            selection.select(pos, only);
        }
    }
}

/// Clears what depends on the old position when the board is reset.
pub(crate) fn on_reset(mut resets: MessageReader<BoardReset>, mut selection: ResMut<Selection>) {
    if resets.read().count() > 0 {
        selection.clear();
        selection.hint = None;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FirstSelection>().add_systems(
        Update,
        (
            (handle_clicks, handle_typed)
                .chain()
                .in_set(AppSystems::Turn),
            (on_reset, select_first, preselect_relocation)
                .chain()
                .in_set(AppSystems::Reset),
        ),
    );
}
