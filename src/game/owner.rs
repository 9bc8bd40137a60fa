//! The match's one owner. Input, the computer, the interface and the
//! command line only *request*: an action ([`RequestAction`]) or a change of
//! the whole match ([`MatchCommand`]). [`apply_requests`] and
//! [`apply_commands`] alone write [`Match`], through the rules, and announce
//! what happened ([`ActionApplied`], [`BoardReset`], [`GameEnded`],
//! [`SaveChange`], [`DiscardAsked`]). Animation, sound, the interface and
//! the store only read the announcements.

use agon_rules::{Action, Game};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::frames::AppSystems;
use crate::game::Screen;
use crate::game::messages::{
    ActionApplied, BoardReset, DiscardAsked, Feedback, GameEnded, MatchCommand, OnlineView,
    RequestAction, SaveChange,
};
use crate::game::mode::Mode;
use crate::game::puzzle::PuzzleAccess;
use crate::game::the_match::{Match, SavedGame};
use crate::game::turn::Selection;
use crate::game::tutorial::{LESSONS, Tutorial};
use crate::i18n::Message;

/// A friend's last action, from the link just opened: taken back when the
/// game opens and played again the next frame, so that the board shows it
/// arriving.
#[derive(Resource, Default)]
pub struct Arriving(Option<Action>);

impl Arriving {
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }
}

/// Plays the requested actions through the rules and announces them.
#[allow(clippy::too_many_arguments)]
pub(crate) fn apply_requests(
    mut arriving: ResMut<Arriving>,
    mut requests: MessageReader<RequestAction>,
    mut the_match: ResMut<Match>,
    mut selection: ResMut<Selection>,
    tutorial: Res<Tutorial>,
    mut applied: MessageWriter<ActionApplied>,
    mut ended: MessageWriter<GameEnded>,
    mut saves: MessageWriter<SaveChange>,
    mut feedback: MessageWriter<Feedback>,
    lang: Res<crate::i18n::Lang>,
    mut puzzles: PuzzleAccess,
) {
    let arrived = arriving.0.take().map(RequestAction);
    for &RequestAction(action) in arrived.iter().chain(requests.read()) {
        if the_match.is_over() {
            feedback.write(Feedback(t!(*lang, "refusal-game-over")));
            continue;
        }
        let before = *the_match.position();
        // A puzzle plays only the right action; a wrong one is said.
        if let Mode::Puzzle { solver } = the_match.mode
            && before.to_move() == solver
            && !puzzles.judge(action, *lang, &mut feedback)
        {
            continue;
        }
        match the_match.game.play(action) {
            Ok(played) => {
                selection.clear();
                selection.hint = None;
                applied.write(ActionApplied {
                    played,
                    mover: before.to_move(),
                    before,
                });
                let result = the_match.result();
                if let Some(e) = result {
                    ended.write(GameEnded(e));
                }
                // Online, the server keeps the game; a puzzle is a sandbox.
                if !tutorial.active && !the_match.sandboxed() {
                    saves.write(if result.is_some() {
                        SaveChange::Clear
                    } else {
                        SaveChange::Write
                    });
                }
            }
            Err(e) => {
                feedback.write(Feedback(Message::from(&e).text(*lang)));
            }
        }
    }
}

/// What [`apply_commands`] writes.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Announce<'w> {
    resets: MessageWriter<'w, BoardReset>,
    ended: MessageWriter<'w, GameEnded>,
    saves: MessageWriter<'w, SaveChange>,
    asked: MessageWriter<'w, DiscardAsked>,
    screen: ResMut<'w, NextState<Screen>>,
    arriving: ResMut<'w, Arriving>,
    redraw: MessageWriter<'w, RequestRedraw>,
    feedback: MessageWriter<'w, Feedback>,
    applied: MessageWriter<'w, ActionApplied>,
}

/// Applies every change of the whole match: the only place, with
/// [`apply_requests`], that writes [`Match`].
pub(crate) fn apply_commands(
    mut commands: MessageReader<MatchCommand>,
    mut the_match: ResMut<Match>,
    mut saved: ResMut<SavedGame>,
    mut tutorial: ResMut<Tutorial>,
    mut out: Announce,
    lang: Res<crate::i18n::Lang>,
    mut puzzles: PuzzleAccess,
) {
    for command in commands.read() {
        // Browsing moves only the board's view.
        // Browsing and variations move only the board's view; promotion
        // changes the game, keeping all of it.
        let browsed = match *command {
            MatchCommand::Browse(None) => Some(the_match.browse_to(None, None)),
            MatchCommand::Browse(Some(n)) => {
                let line = the_match.line;
                Some(the_match.browse_to(line, Some(n)))
            }
            MatchCommand::BrowseLine { line, to } => Some(the_match.browse_to(line, Some(to))),
            MatchCommand::DeleteVariation(v) => Some(the_match.delete_variation(v)),
            MatchCommand::Vary(action) => match the_match.vary(action) {
                Ok(()) => Some(true),
                Err(e) => {
                    out.feedback.write(Feedback(Message::from(&e).text(*lang)));
                    Some(false)
                }
            },
            MatchCommand::Promote(v)
                if !tutorial.active
                    && !matches!(the_match.mode, Mode::Remote { .. })
                    && the_match.promote(v) =>
            {
                out.resets.write(BoardReset::SAME_MATCH);
                if let Some(e) = the_match.result() {
                    out.ended.write(GameEnded(e));
                }
                out.saves.write(if the_match.is_over() {
                    SaveChange::Clear
                } else {
                    SaveChange::Write
                });
                continue;
            }
            MatchCommand::Promote(_) => Some(false),
            _ => None,
        };
        if let Some(changed) = browsed {
            if changed {
                out.resets.write(BoardReset::BROWSING);
            }
            continue;
        }
        // A lesson is a sandbox: undo and redo stay inside it, resigning
        // means nothing there, and a change of game starts from the real one.
        if tutorial.active {
            match command {
                MatchCommand::StartLesson(_) | MatchCommand::Undo | MatchCommand::Redo => {}
                MatchCommand::Resign => continue,
                _ => {
                    *the_match = tutorial.leave();
                    out.resets.write(BoardReset::NEW_MATCH);
                    if matches!(command, MatchCommand::LeaveTutorial) {
                        out.screen.set(Screen::Menu);
                        continue;
                    }
                }
            }
        }
        // A puzzle is a sandbox too: browsing stays inside it, and a change
        // of game starts from the game set aside.
        if puzzles.state.active() {
            // Nothing to take back or give up in a puzzle.
            if matches!(
                command,
                MatchCommand::Undo
                    | MatchCommand::Redo
                    | MatchCommand::Resign
                    | MatchCommand::PlayAgain { .. }
            ) {
                continue;
            }
        }
        if puzzles.state.active() && !matches!(command, MatchCommand::StartPuzzle(_)) {
            if let Some(real) = puzzles.state.leave() {
                *the_match = real;
            }
            out.resets.write(BoardReset::NEW_MATCH);
            if matches!(command, MatchCommand::LeavePuzzle) {
                out.screen.set(Screen::Menu);
                continue;
            }
        }
        // Nothing a lesson or a puzzle does reaches the saved game; online,
        // the server keeps the game.
        let saving = !tutorial.active && !the_match.sandboxed();
        let online = matches!(the_match.mode, Mode::Online { .. });
        if command.discards()
            && (the_match.unfinished() || saved.0.is_some())
            && !keeps_everything(command, &the_match, &saved)
        {
            out.asked.write(DiscardAsked(command.clone()));
            continue;
        }
        match command.clone() {
            MatchCommand::New { setup, game, .. } => {
                *the_match = Match::from_setup(*game, setup);
                replaced(&the_match, &mut saved, &mut out);
                show_arriving(&mut the_match, &mut out);
            }
            // Online, a new game is a rematch, and resigning is the
            // server's to judge (`game::online`).
            MatchCommand::PlayAgain { .. } | MatchCommand::Resign if online => {}
            MatchCommand::Online(view) => {
                follow_online(*view, &mut the_match, &mut saved, &mut out)
            }
            MatchCommand::StartPuzzle(start) => match puzzles.start(&start, &mut the_match) {
                Ok(()) => {
                    out.resets.write(BoardReset::NEW_MATCH);
                    out.screen.set(Screen::Playing);
                }
                Err(why) => {
                    out.feedback.write(Feedback(why.text(*lang)));
                }
            },
            MatchCommand::PlayAgain { .. } => {
                let setup = the_match.setup;
                *the_match = Match::from_setup(Game::new(), setup);
                replaced(&the_match, &mut saved, &mut out);
            }
            MatchCommand::Load { record, .. } => {
                let (record, game) = *record;
                *the_match = Match::from_record(&record, game);
                replaced(&the_match, &mut saved, &mut out);
                show_arriving(&mut the_match, &mut out);
            }
            MatchCommand::Resume => {
                // The save on disk is this game already: nothing to write.
                if let Some((record, game)) = saved.0.take() {
                    *the_match = Match::from_record(&record, game);
                    out.resets.write(BoardReset::NEW_MATCH);
                }
                out.screen.set(Screen::Playing);
            }
            MatchCommand::Undo => {
                if the_match.undo() {
                    out.resets.write(BoardReset::SAME_MATCH);
                    if saving {
                        out.saves.write(SaveChange::Write);
                    }
                }
            }
            MatchCommand::Redo => {
                if the_match.redo() {
                    out.resets.write(BoardReset::SAME_MATCH);
                    let result = the_match.result();
                    if let Some(e) = result {
                        out.ended.write(GameEnded(e));
                    }
                    if saving {
                        out.saves.write(if result.is_some() {
                            SaveChange::Clear
                        } else {
                            SaveChange::Write
                        });
                    }
                }
            }
            MatchCommand::Resign => {
                if !the_match.is_over() {
                    let side = the_match.resigning_side();
                    the_match.resign(side);
                    if let Some(e) = the_match.result() {
                        out.ended.write(GameEnded(e));
                    }
                    out.saves.write(SaveChange::Clear);
                }
            }
            MatchCommand::StartLesson(i) => {
                let i = i.min(LESSONS.len() - 1);
                let lesson = Match::new(
                    Game::from_position(LESSONS[i].position()),
                    Mode::PassAndPlay,
                );
                let real = std::mem::replace(&mut *the_match, lesson);
                tutorial.start(i, real);
                out.resets.write(BoardReset::NEW_MATCH);
                out.screen.set(Screen::Playing);
            }
            // Handled above; outside the tutorial there is nothing to leave.
            MatchCommand::LeaveTutorial
            | MatchCommand::LeavePuzzle
            | MatchCommand::Browse(_)
            | MatchCommand::BrowseLine { .. }
            | MatchCommand::Vary(_)
            | MatchCommand::Promote(_)
            | MatchCommand::DeleteVariation(_) => {}
        }
    }
}

/// The owner applies what input asked this frame, actions first.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (apply_requests, apply_commands)
            .chain()
            .in_set(AppSystems::Rules),
    );
}

/// Whether a new game holds every action of the game it would replace (and
/// of the saved one): a link that continues this game, or the page's own
/// address opened again, or the online room on the board. Nothing is lost,
/// so nothing is asked.
fn keeps_everything(command: &MatchCommand, the_match: &Match, saved: &SavedGame) -> bool {
    if let MatchCommand::Online(view) = command {
        return the_match.room.as_deref() == Some(view.room.as_str());
    }
    let new = match command {
        MatchCommand::New { game, .. } => &**game,
        MatchCommand::Load { record, .. } => &record.1,
        _ => return false,
    };
    let holds = |old: &Game| old.start() == new.start() && new.history().starts_with(old.history());
    (!the_match.unfinished() || holds(&the_match.game))
        && saved.0.as_ref().is_none_or(|(_, game)| holds(game))
}

/// Playing a friend by link, their last action is shown arriving: taken
/// back now and played again next frame ([`Arriving`]).
fn show_arriving(the_match: &mut Match, out: &mut Announce) {
    if the_match.human_to_move()
        && matches!(the_match.mode, Mode::Remote { .. })
        && let Some(last) = the_match.game.undo()
    {
        out.arriving.0 = Some(last.action);
        out.redraw.write(RequestRedraw);
    }
}

/// A new match replaced the old one, with the player's consent where it
/// was unfinished: the old save goes, the new game is saved if it has begun.
fn replaced(the_match: &Match, saved: &mut SavedGame, out: &mut Announce) {
    saved.0 = None;
    out.resets.write(BoardReset::NEW_MATCH);
    out.saves.write(if the_match.unfinished() {
        SaveChange::Write
    } else {
        SaveChange::Clear
    });
    out.screen.set(Screen::Playing);
}

/// The online room's game on the board ([`MatchCommand::Online`]): a new
/// match for another room; for this one, its new actions played through the
/// rules and announced like any other (the board shows them arriving), its
/// game put in place of ours when ours went another way and `exact` says
/// the room's is the truth, and its end.
fn follow_online(
    view: OnlineView,
    the_match: &mut Match,
    saved: &mut SavedGame,
    out: &mut Announce,
) {
    if the_match.room.as_deref() != Some(view.room.as_str()) {
        let mut online = Match::new(view.game, Mode::Online { me: view.seat });
        online.room = Some(view.room);
        online.ending = view.ending;
        *the_match = online;
        // The player agreed to leave what was there, or nothing was lost.
        saved.0 = None;
        out.resets.write(BoardReset::NEW_MATCH);
        out.saves.write(SaveChange::Clear);
        if let Some(e) = the_match.result() {
            out.ended.write(GameEnded(e));
        }
        out.screen.set(Screen::Playing);
        return;
    }
    the_match.mode = Mode::Online { me: view.seat };
    let was_over = the_match.is_over();
    if view.game.follows_on_from(&the_match.game) {
        let from = the_match.game.history().len();
        for played in &view.game.history()[from..] {
            let before = *the_match.position();
            match the_match.game.play(played.action) {
                Ok(played) => {
                    out.applied.write(ActionApplied {
                        played,
                        mover: before.to_move(),
                        before,
                    });
                }
                // Never: the server played it by the same rules.
                Err(_) => {
                    the_match.game = view.game.clone();
                    out.resets.write(BoardReset::SAME_MATCH);
                    break;
                }
            }
        }
    } else if view.exact {
        the_match.game = view.game;
        the_match.browsing = None;
        the_match.line = None;
        out.resets.write(BoardReset::SAME_MATCH);
    }
    the_match.ending = view.ending;
    if !was_over && let Some(e) = the_match.result() {
        out.ended.write(GameEnded(e));
    }
}
