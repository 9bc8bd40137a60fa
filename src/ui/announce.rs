//! What happened, in words: every action, capture, due relocation and
//! ending as a sentence ("Dark captures your guard on e5"), and the whole
//! position on demand. The side panel shows the latest; a screen reader
//! hears it (an AccessKit live region on the desktop, an ARIA live region
//! of the page on the web). The sentences are pure functions of the match's
//! announcements, tested headless.

use agon_rules::{
    ActionKind, Cell, CellSet, Game, Kind, Outcome, Played, Position, Side, WinReason,
};
use bevy::prelude::*;

use crate::frames::AppSystems;
use crate::game::online::{Connection, Online};
use crate::game::{ActionApplied, BoardReset, Feedback, Match, Mode, Selection};
use crate::i18n::Lang;
use crate::i18n::words::{actions, side_key};
use crate::ui::wording::describe_ending;

/// The sentences said so far, the latest last, and what a screen reader
/// is to hear next.
#[derive(Resource, Default, Debug)]
pub struct Announcements {
    pub said: Vec<String>,
    /// The last thing given to the screen reader: what was said, or the
    /// position in words (shown in its own dialog, so not in `said`).
    pub spoken: String,
}

impl Announcements {
    const KEPT: usize = 50;

    pub fn latest(&self) -> Option<&str> {
        self.said.last().map(String::as_str)
    }

    pub(crate) fn say(&mut self, sentence: String) {
        if self.said.len() == Self::KEPT {
            self.said.remove(0);
        }
        self.spoken.clone_from(&sentence);
        self.said.push(sentence);
    }

    /// For the screen reader only: the screen shows it otherwise.
    pub(crate) fn say_aloud(&mut self, text: String) {
        self.spoken = text;
    }
}

/// The one person this screen plays for, when there is one (against the
/// computer or a friend by link): their pieces are "your" pieces.
fn you(mode: Mode) -> Option<Side> {
    match mode {
        Mode::VsComputer { human, .. } => Some(human),
        Mode::Remote { me } => Some(me),
        Mode::Online { me } => me,
        Mode::Puzzle { solver } => Some(solver),
        Mode::PassAndPlay | Mode::Watch { .. } => None,
    }
}

/// A kind of piece as a Fluent selector.
fn kind_key(kind: Kind) -> &'static str {
    match kind {
        Kind::Queen => "queen",
        Kind::Guard => "guard",
    }
}

/// Whose a piece is, as a Fluent selector: `you` for the one person at the
/// screen, else the side (`light`, `dark`).
fn whose(mode: Mode, side: Side) -> &'static str {
    if you(mode) == Some(side) {
        "you"
    } else {
        side_key(side)
    }
}

fn cells(l: Lang, set: CellSet) -> String {
    let names: Vec<String> = set.iter().map(|c| c.to_string()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => t!(l, "list-and", rest = rest.join(", "), last = last.as_str()),
    }
}

/// An action in words: the move, what it captured, and what it leaves the
/// next side to do ("Light's queen f1 to f2.").
pub fn action_sentence(
    l: Lang,
    mode: Mode,
    played: &Played,
    before: &Position,
    after: &Position,
) -> String {
    let mover = whose(mode, played.piece.side);
    let piece = kind_key(played.piece.kind);
    let (from, to) = (played.action.from.to_string(), played.action.to.to_string());
    let mut s = match played.kind {
        ActionKind::Step => t!(
            l,
            "say-step",
            whose = mover,
            piece = piece,
            from = from,
            to = to
        ),
        ActionKind::Relocation => t!(
            l,
            "say-relocation",
            whose = mover,
            piece = piece,
            from = from,
            to = to
        ),
    };
    for cell in played.captured {
        if let Some(p) = before.piece_at(cell) {
            s.push(' ');
            s.push_str(&t!(
                l,
                "say-capture",
                mover = mover,
                whose = whose(mode, p.side),
                piece = kind_key(p.kind),
                cell = cell.to_string()
            ));
        }
    }
    if played.outcome.is_none()
        && let Some(due) = relocation_due(l, mode, after)
    {
        s.push(' ');
        s.push_str(&due);
    }
    s
}

/// What a due relocation asks of the side to move, if one is due.
pub(crate) fn relocation_due(l: Lang, mode: Mode, pos: &Position) -> Option<String> {
    if !pos.must_relocate() {
        return None;
    }
    let side = pos.to_move();
    Some(if pos.queen_captured(side) {
        t!(l, "say-queen-due", whose = whose(mode, side))
    } else {
        let captured = pos.captured(side);
        t!(
            l,
            "say-guards-due",
            whose = whose(mode, side),
            count = captured.len(),
            cells = cells(l, captured)
        )
    })
}

/// The whole position in words, for a player who cannot see the board:
/// whose turn, each side's pieces by cell, what is captured.
pub(crate) fn describe_position(l: Lang, the_match: &Match) -> String {
    // What is on the board: the browsed position, if one is.
    let pos = the_match.shown_position();
    let mode = the_match.mode;
    let result = the_match.result().filter(|_| the_match.browsing.is_none());
    let mut s = match result {
        Some(e) => {
            let (title, reason) = describe_ending(l, e, mode);
            format!("{title} {reason}")
        }
        None => t!(
            l,
            "position-to-move",
            side = side_key(pos.to_move()),
            played = actions(l, the_match.shown_actions())
        ),
    };
    for side in [Side::Light, Side::Dark] {
        s.push(' ');
        let you = if you(mode) == Some(side) { "yes" } else { "no" };
        s.push_str(&t!(l, "position-side", side = side_key(side), you = you));
        if let Some(q) = pos.queen(side) {
            s.push(' ');
            s.push_str(&if q == Cell::THRONE {
                t!(l, "position-queen-throne", cell = q.to_string())
            } else {
                t!(l, "position-queen", cell = q.to_string())
            });
        }
        let guards = pos.guards(side);
        s.push(' ');
        s.push_str(&t!(
            l,
            "position-guards",
            count = guards.len(),
            cells = cells(l, guards)
        ));
        let captured = pos.captured(side);
        if captured.any() {
            s.push(' ');
            s.push_str(&t!(l, "position-captured", cells = cells(l, captured)));
        }
    }
    s
}

/// A hint in words: the action, and why where the rules can tell: it wins,
/// it captures, it brings the queen nearer the throne, or what it exposes.
pub(crate) fn hint_sentence(l: Lang, game: &Game, action: agon_rules::Action) -> String {
    let piece = game.position().piece_at(action.from);
    let kind = piece.map_or("piece", |p| kind_key(p.kind));
    t!(
        l,
        "hint-sentence",
        action = action.to_string(),
        piece = kind,
        from = action.from.to_string(),
        to = action.to.to_string(),
        why = reasons(l, game, action)
    )
}

/// Why an action is good or bad, where the rules can tell: it wins, what
/// it captures, the queen nearer the throne, what it leaves to be taken.
/// Each part starts with its own punctuation (", capturing the guard on
/// e5"); empty when the rules can say nothing.
pub(crate) fn reasons(l: Lang, game: &Game, action: agon_rules::Action) -> String {
    let pos = game.position();
    let mover = pos.to_move();
    let piece = pos.piece_at(action.from);
    let mut why = Vec::new();
    let mut after = game.clone();
    if let Ok(played) = after.play(action) {
        match played.outcome {
            Some(Outcome::Win {
                winner,
                reason: WinReason::Throne,
            }) if winner == mover => why.push(t!(l, "hint-wins-throne")),
            Some(Outcome::Win { winner, .. }) if winner == mover => why.push(t!(l, "hint-wins")),
            _ => {
                for cell in played.captured {
                    if let Some(p) = pos.piece_at(cell) {
                        why.push(t!(
                            l,
                            "hint-captures",
                            piece = kind_key(p.kind),
                            cell = cell.to_string()
                        ));
                    }
                }
                let queen = piece.is_some_and(|p| p.kind == Kind::Queen);
                if queen && action.to.ring() < action.from.ring() {
                    why.push(t!(l, "hint-queen-nearer", ring = action.to.ring()));
                }
                let exposed = after.position().capturable();
                if exposed.any() {
                    why.push(t!(
                        l,
                        "hint-exposes",
                        side = side_key(!mover),
                        cells = cells(l, exposed)
                    ));
                }
            }
        }
    }
    why.concat()
}

/// Turns the match's announcements (and the gentle refusals, and a hint
/// that has come) into words.
#[allow(clippy::too_many_arguments)]
pub fn announce(
    the_match: Res<Match>,
    selection: Res<Selection>,
    mut hinted: Local<Option<agon_rules::Action>>,
    mut applied: MessageReader<ActionApplied>,
    mut resets: MessageReader<BoardReset>,
    mut feedback: MessageReader<Feedback>,
    mut out: ResMut<Announcements>,
    lang: Res<Lang>,
) {
    let l = *lang;
    if let Some(reset) = resets.read().last() {
        let pos = the_match.shown_position();
        let mut s = if reset.browsing {
            match the_match.browsing {
                Some(n) => t!(l, "say-browsing", played = actions(l, n)),
                None => t!(l, "say-back-to-game"),
            }
        } else if reset.new_match {
            t!(l, "say-new-game")
        } else {
            t!(
                l,
                "say-back-to",
                played = actions(l, the_match.game.history().len())
            )
        };
        if the_match.result().is_none() || the_match.browsing.is_some() {
            s.push(' ');
            s.push_str(&t!(l, "say-to-move", side = side_key(pos.to_move())));
            if let Some(due) = relocation_due(l, the_match.mode, pos) {
                s.push(' ');
                s.push_str(&due);
            }
        }
        out.say(s);
    }
    // Actions played this frame follow one another from the position
    // before the first; the last one ends at the match's position.
    let applied: Vec<&ActionApplied> = applied.read().collect();
    for (i, a) in applied.iter().enumerate() {
        let after = match applied.get(i + 1) {
            Some(next) => next.before,
            None => *the_match.position(),
        };
        let mut s = action_sentence(l, the_match.mode, &a.played, &a.before, &after);
        if a.played.outcome.is_some()
            && i + 1 == applied.len()
            && let Some(e) = the_match.result()
        {
            let (title, reason) = describe_ending(l, e, the_match.mode);
            s.push_str(&format!(" {title} {reason}"));
        }
        out.say(s);
    }
    for Feedback(text) in feedback.read() {
        out.say(text.clone());
    }
    if selection.hint != *hinted {
        *hinted = selection.hint;
        if let Some(hint) = selection.hint {
            out.say(hint_sentence(l, &the_match.game, hint));
        }
    }
}

/// The page's live region (`#announcer` in `index.html`): screen readers
/// read what is written there, since the canvas says nothing.
#[cfg(target_arch = "wasm32")]
fn speak_on_the_page(said: Res<Announcements>) {
    if !said.is_changed() {
        return;
    }
    crate::page::announce(&said.spoken);
}

/// What an online game's room said since the last frame, in words: a draw
/// or a rematch offered, the opponent gone or back, the connection lost or
/// found again. (Its actions and its end are the match's, said above.)
fn announce_online(
    the_match: Res<Match>,
    online: Res<Online>,
    mut last: Local<Option<OnlineSaid>>,
    mut out: ResMut<Announcements>,
    lang: Res<Lang>,
) {
    let Mode::Online { me: Some(me) } = the_match.mode else {
        *last = None;
        return;
    };
    let l = *lang;
    let now = OnlineSaid {
        draw: online.draw_offer() == Some(!me),
        rematch: online.rematch_offer() == Some(!me),
        opponent_here: online.presence().is_some_and(|p| p.seat(!me)),
        connected: !matches!(online.connection(), Connection::Retrying { .. }),
    };
    let Some(before) = last.replace(now) else {
        return;
    };
    if now.draw && !before.draw {
        out.say(t!(l, "online-draw-offer"));
    }
    if now.rematch && !before.rematch {
        out.say(t!(l, "online-rematch-offer"));
    }
    if now.opponent_here != before.opponent_here && online.started() {
        out.say(if now.opponent_here {
            t!(l, "online-opponent-here")
        } else {
            t!(l, "online-opponent-away")
        });
    }
    if now.connected != before.connected {
        out.say(match online.connection() {
            Connection::Retrying { in_s } => t!(l, "online-retrying", seconds = in_s),
            _ => t!(l, "online-connected"),
        });
    }
}

/// What [`announce_online`] said last.
#[derive(Copy, Clone, PartialEq, Eq)]
struct OnlineSaid {
    draw: bool,
    rematch: bool,
    opponent_here: bool,
    connected: bool,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Announcements>().add_systems(
        Update,
        (announce, announce_online)
            .chain()
            .in_set(AppSystems::Follow),
    );
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Update, speak_on_the_page.after(announce));
}

#[cfg(test)]
mod tests {
    use super::*;
    use agon_ai::Level;
    use agon_rules::Game;

    fn vs(human: Side) -> Mode {
        Mode::VsComputer {
            human,
            level: Level::Easy,
        }
    }

    /// The capture lesson's position, a capturing action in it, and the
    /// cell it captures on.
    fn lesson_capture() -> (Position, agon_rules::Action, Cell) {
        let pos = crate::game::tutorial::LESSONS[3].position();
        let capture = pos
            .legal_actions()
            .iter()
            .copied()
            .find(|&a| pos.captures_of(a).any())
            .expect("the lesson has a capture");
        let victim = pos.captures_of(capture).first().unwrap();
        (pos, capture, victim)
    }

    fn said(mode: Mode, game: &mut Game, text: &str) -> String {
        let before = *game.position();
        let played = game.play_text(text).unwrap();
        action_sentence(Lang::En, mode, &played, &before, game.position())
    }

    #[test]
    fn a_step_names_the_side_the_piece_and_its_cells() {
        let mut g = Game::new();
        assert_eq!(
            said(Mode::PassAndPlay, &mut g, "f1-f2"),
            "Light's queen f1 to f2."
        );
        assert_eq!(
            said(vs(Side::Dark), &mut g, "f11-f10"),
            "Your queen f11 to f10."
        );
    }

    #[test]
    fn a_capture_and_the_relocation_it_makes_due_are_said() {
        // The capture lesson: Light's e3-e4 takes the guard on e5... found
        // here by asking the rules for any capturing action of the lesson.
        let (pos, capture, victim) = lesson_capture();
        let victim_piece = pos.piece_at(victim).unwrap();
        let mut g = Game::from_position(pos);
        let mode = vs(victim_piece.side);
        let s = said(mode, &mut g, &capture.to_string());
        let mover = crate::i18n::words::side_name(Lang::En, !victim_piece.side);
        assert!(
            s.contains(&format!(
                "{mover} captures your {} on {victim}.",
                kind_key(victim_piece.kind)
            )),
            "{s}"
        );
        assert!(s.contains("must come back"), "{s}");
        // Relocating it is said as such.
        let back = g.position().legal_actions()[0];
        let s = said(mode, &mut g, &back.to_string());
        assert!(s.starts_with(&format!(
            "Your captured {} comes back from {victim} to {}.",
            kind_key(victim_piece.kind),
            back.to
        )));
    }

    #[test]
    fn the_position_is_described_piece_by_piece() {
        let m = Match::new(Game::new(), vs(Side::Light));
        let s = describe_position(Lang::En, &m);
        assert!(s.starts_with("Light to move, after 0 actions."), "{s}");
        let mut g = Game::new();
        g.play_text("f1-f2").unwrap();
        let one = describe_position(Lang::En, &Match::new(g, vs(Side::Light)));
        assert!(one.starts_with("Dark to move, after 1 action."), "{one}");
        assert!(s.contains("Light (you): queen on f1; 6 guards on"), "{s}");
        assert!(s.contains("Dark: queen on f11; 6 guards on"), "{s}");
        let pos = m.position();
        for side in [Side::Light, Side::Dark] {
            for g in pos.guards(side) {
                assert!(s.contains(&g.to_string()), "{g} missing from {s}");
            }
        }
    }

    #[test]
    fn a_hint_says_why_where_the_rules_can_tell() {
        let start = Game::new();
        assert_eq!(
            hint_sentence(Lang::En, &start, "f1-f2".parse().unwrap()),
            "Hint: f1-f2, the queen on f1 to f2: the queen comes within 4 steps of the throne."
        );
        // A capture, named by the piece it takes.
        let (lesson, capture, victim) = lesson_capture();
        let kind = kind_key(lesson.piece_at(victim).unwrap().kind);
        let s = hint_sentence(Lang::En, &Game::from_position(lesson), capture);
        assert!(
            s.contains(&format!(", capturing the {kind} on {victim}")),
            "{s}"
        );
        // An action that leaves a piece to be taken says so.
        let start_pos = Position::start();
        for &a in start_pos.legal_actions().iter() {
            let mut after = start_pos;
            after.play(a);
            let s = hint_sentence(Lang::En, &start, a);
            assert_eq!(
                after.capturable().any(),
                s.contains("though it lets Dark capture"),
                "{s}"
            );
        }
    }

    #[test]
    fn the_reasons_stand_alone_for_the_review() {
        let start = Game::new();
        assert_eq!(
            reasons(Lang::En, &start, "f1-f2".parse().unwrap()),
            ": the queen comes within 4 steps of the throne"
        );
        // A guard's sideways step says nothing the rules can tell.
        let quiet = start
            .legal_actions()
            .iter()
            .copied()
            .find(|a| {
                let mut after = *start.position();
                after.play(*a);
                start.position().piece_at(a.from).unwrap().kind == Kind::Guard
                    && a.to.ring() == a.from.ring()
                    && !after.capturable().any()
            })
            .expect("a quiet guard step");
        assert_eq!(reasons(Lang::En, &start, quiet), "");
    }

    #[test]
    fn a_winning_hint_says_it_wins() {
        // Any position of the tutorial's throne lesson with a winning action.
        for lesson in crate::game::tutorial::LESSONS.iter() {
            let pos = lesson.position();
            let game = Game::from_position(pos);
            for &a in pos.legal_actions().iter() {
                let mut g = game.clone();
                let won = matches!(
                    g.play(a).unwrap().outcome,
                    Some(Outcome::Win { reason: WinReason::Throne, winner }) if winner == pos.to_move()
                );
                if won {
                    assert!(
                        hint_sentence(Lang::En, &game, a)
                            .ends_with(": it completes the throne ring and wins."),
                        "{a}"
                    );
                    return;
                }
            }
        }
        panic!("no lesson has a throne win in one");
    }

    #[test]
    fn lists_read_like_sentences() {
        let set: CellSet = ["a1", "b2", "c3"]
            .iter()
            .map(|n| n.parse::<Cell>().unwrap())
            .collect();
        assert_eq!(cells(Lang::En, set), "a1, b2 and c3");
        assert_eq!(cells(Lang::It, set), "a1, b2 e c3");
    }
}
