//! The tutorial: short guided positions, one rule each. The player makes the
//! move each lesson asks for; the rules crate judges it like any other.

use agon_rules::{ActionKind, Cell, Kind, Outcome, Piece, Played, Position, Side, WinReason};
use bevy::prelude::*;

use crate::frames::AppSystems;
use crate::game::messages::{ActionApplied, CellClicked};
use crate::game::the_match::Match;
use crate::i18n::Lang;

/// One lesson: a position, what to do, and how to tell it was done.
pub struct Lesson {
    /// Names its messages: `lesson-<key>-title`, `-text` and `-praise`.
    pub key: &'static str,
    /// Light's pieces and Dark's, by cell; `*` marks a captured piece.
    pub light: &'static str,
    pub dark: &'static str,
    pub goal: fn(&Position, &Played) -> bool,
}

fn inward(_: &Position, p: &Played) -> bool {
    p.kind == ActionKind::Step && p.action.to.ring() < p.action.from.ring()
}

fn sideways(_: &Position, p: &Played) -> bool {
    p.piece.kind == Kind::Guard
        && p.kind == ActionKind::Step
        && p.action.to.ring() == p.action.from.ring()
}

fn any_action(_: &Position, _: &Played) -> bool {
    true
}

fn captured(_: &Position, p: &Played) -> bool {
    p.captured.any()
}

fn relocated(_: &Position, p: &Played) -> bool {
    p.kind == ActionKind::Relocation
}

fn queen_home(_: &Position, p: &Played) -> bool {
    p.action.to == Cell::THRONE && p.piece.kind == Kind::Queen
}

fn queen_inward(before: &Position, p: &Played) -> bool {
    p.piece.kind == Kind::Queen && inward(before, p)
}

fn throne_win(_: &Position, p: &Played) -> bool {
    matches!(
        p.outcome,
        Some(Outcome::Win {
            winner: Side::Light,
            reason: WinReason::Throne
        })
    )
}

pub const LESSONS: [Lesson; 8] = [
    Lesson {
        key: "inward",
        light: "Qf1",
        dark: "qa6",
        goal: inward,
    },
    Lesson {
        key: "sideways",
        light: "Qf1 Gb1",
        dark: "qa6",
        goal: sideways,
    },
    Lesson {
        key: "intervention",
        light: "Ge3 Qf1",
        dark: "ge4 gg3 qa6",
        goal: any_action,
    },
    Lesson {
        key: "capture",
        light: "Gf2 Gf5 Qa1",
        dark: "gf4 qa6",
        goal: captured,
    },
    Lesson {
        key: "relocation",
        light: "*Gf4 Qa1",
        dark: "gf3 gf5 qa6",
        goal: relocated,
    },
    Lesson {
        key: "queen-first",
        light: "*Qe4 *Gc1 Gf3",
        dark: "gd4 ga6 qk1",
        goal: queen_home,
    },
    Lesson {
        key: "ring-early",
        light: "Qf3 Ge6 Gf5 Gf7 Gg5 Gg6 Gd4",
        dark: "qa6 gl1",
        goal: queen_inward,
    },
    Lesson {
        key: "throne",
        light: "Qf6 Ge6 Gf5 Gf7 Gg5 Gg6 Gd4",
        dark: "qa6 gl1",
        goal: throne_win,
    },
];

impl Lesson {
    pub fn title(&self, l: Lang) -> String {
        l.text(&format!("lesson-{}-title", self.key), &[])
    }

    /// What to do.
    pub fn text(&self, l: Lang) -> String {
        l.text(&format!("lesson-{}-text", self.key), &[])
    }

    /// Said once it is done.
    pub(crate) fn praise(&self, l: Lang) -> String {
        l.text(&format!("lesson-{}-praise", self.key), &[])
    }

    /// The lesson's position, Light to move.
    pub fn position(&self) -> Position {
        let mut p = Position::empty(Side::Light);
        for (side, list) in [(Side::Light, self.light), (Side::Dark, self.dark)] {
            for token in list.split_whitespace() {
                let (out, t) = match token.strip_prefix('*') {
                    Some(rest) => (true, rest),
                    None => (false, token),
                };
                let kind = if t.starts_with(['Q', 'q']) {
                    Kind::Queen
                } else {
                    Kind::Guard
                };
                let cell: Cell = t[1..].parse().expect("a lesson's cell");
                p.put(cell, Piece::new(side, kind), out);
            }
        }
        p
    }
}

/// The tutorial in progress. It plays in a sandbox: the game that was
/// there before waits in `stashed`, untouched and unsaved, until the
/// tutorial is left.
#[derive(Resource, Default, Debug)]
pub struct Tutorial {
    pub active: bool,
    pub lesson: usize,
    pub done: bool,
    pub tries: u32,
    /// Said after a move that was legal but not the lesson's.
    pub retry: bool,
    stashed: Option<Match>,
}

impl Tutorial {
    /// Opens lesson `i`; `replaced` is the match it replaces on the board,
    /// kept if it is the real game (not an earlier lesson).
    pub fn start(&mut self, i: usize, replaced: Match) {
        let stashed = if self.active {
            self.stashed.take()
        } else {
            Some(replaced.kept_aside())
        };
        *self = Tutorial {
            active: true,
            lesson: i,
            stashed,
            ..default()
        };
    }

    /// Closes the tutorial and hands back the game it kept aside.
    pub(crate) fn leave(&mut self) -> Match {
        let real = self.stashed.take().unwrap_or_default();
        *self = Tutorial::default();
        real
    }
}

fn check_goal(mut applied: MessageReader<ActionApplied>, mut tutorial: ResMut<Tutorial>) {
    if !tutorial.active {
        applied.clear();
        return;
    }
    for a in applied.read() {
        if a.mover != Side::Light || tutorial.done {
            continue;
        }
        let lesson = &LESSONS[tutorial.lesson];
        if (lesson.goal)(&a.before, &a.played) {
            tutorial.done = true;
            tutorial.retry = false;
        } else {
            tutorial.tries += 1;
            tutorial.retry = true;
        }
    }
}

/// In a lesson only Light moves, once: clicks on Dark's turn or after the
/// lesson is done are dropped before the rules see them.
fn gate_clicks(
    tutorial: Res<Tutorial>,
    the_match: Res<Match>,
    mut clicks: ResMut<Messages<CellClicked>>,
) {
    if tutorial.active && (tutorial.done || the_match.position().to_move() != Side::Light) {
        clicks.clear();
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Tutorial>().add_systems(
        Update,
        (
            gate_clicks.in_set(AppSystems::Gate),
            check_goal.in_set(AppSystems::Present),
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use agon_rules::Game;

    #[test]
    fn every_lesson_can_be_done_in_one_action() {
        for (i, lesson) in LESSONS.iter().enumerate() {
            let p = lesson.position();
            assert_eq!(p.to_move(), Side::Light);
            let g = Game::from_position(p);
            assert!(!g.is_over(), "lesson {i}");
            let winning = g
                .legal_actions()
                .iter()
                .copied()
                .filter(|&a| {
                    let mut h = g.clone();
                    let played = h.play(a).unwrap();
                    (lesson.goal)(&p, &played)
                })
                .count();
            assert!(winning > 0, "lesson {i} ({}) cannot be done", lesson.key);
        }
    }

    #[test]
    fn the_intervention_lesson_hides_the_closed_cell() {
        let p = LESSONS[2].position();
        let from: Cell = "e3".parse().unwrap();
        assert_eq!(
            p.check("e3-f4".parse().unwrap()),
            Err(agon_rules::IllegalAction::Intervention(
                "f4".parse().unwrap()
            ))
        );
        let closed: Cell = "f4".parse().unwrap();
        assert!(!p.targets_from(from).contains(closed));
        assert!(p.forbidden_for(Side::Light).contains(closed));
        assert!(p.targets_from(from).any());
    }

    #[test]
    fn the_forfeit_lesson_would_forfeit_with_the_guard() {
        let p = LESSONS[6].position();
        let mut q = p;
        q.play("d4-e5".parse().unwrap());
        assert!(matches!(
            q.formation(Side::Light),
            Some(Outcome::Win {
                winner: Side::Dark,
                reason: WinReason::Forfeit
            })
        ));
    }
}
