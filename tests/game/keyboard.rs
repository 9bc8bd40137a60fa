//! Playing without a pointer: a whole game with the keyboard alone (the
//! cell cursor, `Tab`, `Enter`, and typed actions), every action said in
//! words, and the position in words.

use agon::game::TypedAction;
use agon::scene::keyboard::{Arrow, line_of, step};
use agon::store::{AnimationSpeed, Settings, ViewSide};
use agon::ui::announce::Announcements;
use agon_ai::{Limits, Progress, Search};

use super::*;

/// A finished game from the start: the computer (Medium, three actions
/// deep) against a mover that plays at random, both deterministic.
fn finished_game() -> Vec<Action> {
    let mut game = Game::new();
    let mut light = Search::new(1);
    light.set_style(Level::Medium.style(1));
    let mut seed = 7u64;
    while !game.is_over() && game.history().len() < 300 {
        let action = match game.position().to_move() {
            Side::Light => {
                light.start(
                    &game,
                    Limits {
                        depth: Some(3),
                        ..Limits::default()
                    },
                );
                loop {
                    if let Progress::Done(r) = light.step(100_000) {
                        break r.best.expect("an action");
                    }
                }
            }
            Side::Dark => {
                let actions = game.position().legal_actions();
                seed = agon_rules::splitmix64(seed);
                actions[(seed % actions.len() as u64) as usize]
            }
        };
        game.play(action).unwrap();
    }
    assert!(game.is_over(), "the game did not end");
    game.history().iter().map(|p| p.action).collect()
}

fn cursor(app: &App) -> Option<Cell> {
    app.world().resource::<Selection>().cursor
}

/// The arrows from `from` to `to`, by the cursor's steps (a fresh run each
/// press), seen from Light's side.
fn arrows_between(from: Cell, to: Cell) -> Vec<Arrow> {
    let arrows = [Arrow::Up, Arrow::Down, Arrow::Left, Arrow::Right];
    let mut came: std::collections::HashMap<Cell, (Cell, Arrow)> = Default::default();
    let mut todo = std::collections::VecDeque::from([from]);
    while let Some(at) = todo.pop_front() {
        if at == to {
            break;
        }
        for arrow in arrows {
            if let Some(next) = step(at, arrow, 0.0, line_of(at, arrow, 0.0))
                && next != from
                && !came.contains_key(&next)
            {
                came.insert(next, (at, arrow));
                todo.push_back(next);
            }
        }
    }
    let mut path = vec![];
    let mut at = to;
    while at != from {
        let (prev, arrow) = came[&at];
        path.push(arrow);
        at = prev;
    }
    path.reverse();
    path
}

fn arrow_key(arrow: Arrow) -> KeyCode {
    match arrow {
        Arrow::Up => KeyCode::ArrowUp,
        Arrow::Down => KeyCode::ArrowDown,
        Arrow::Left => KeyCode::ArrowLeft,
        Arrow::Right => KeyCode::ArrowRight,
    }
}

/// Walks the cursor to `to` with the arrows, planning again after each
/// press (a run of one arrow keeps to its line, so a press may differ from
/// the plan where two cells are equally near).
fn walk_to(app: &mut App, to: Cell) {
    for _ in 0..40 {
        let at = cursor(app).expect("the cursor is on the board");
        if at == to {
            return;
        }
        let plan = arrows_between(at, to);
        key(app, arrow_key(plan[0]));
    }
    panic!("the cursor did not reach {to}");
}

/// Plays an action with `Tab` to its piece, `Enter`, the arrows, `Enter`.
fn play_with_the_cursor(app: &mut App, action: Action) {
    for _ in 0..30 {
        if cursor(app) == Some(action.from) {
            break;
        }
        key(app, KeyCode::Tab);
    }
    assert_eq!(
        cursor(app),
        Some(action.from),
        "Tab reaches {}",
        action.from
    );
    if app.world().resource::<Selection>().from != Some(action.from) {
        key(app, KeyCode::Enter);
    }
    assert_eq!(app.world().resource::<Selection>().from, Some(action.from));
    walk_to(app, action.to);
    key(app, KeyCode::Space);
}

#[test]
fn a_whole_game_is_played_with_the_keyboard_alone() {
    let actions = finished_game();
    let mut app = whole_app(&data_dir("keyboard"), &["--mode", "pass-and-play"]);
    {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.view = ViewSide::Light;
        settings.animation = AnimationSpeed::Off;
    }
    frames(&mut app, 2);
    for (i, &action) in actions.iter().enumerate() {
        if i % 2 == 0 {
            play_with_the_cursor(&mut app, action);
        } else {
            app.world_mut().write_message(TypedAction(format!(
                " {} ",
                action.to_string().to_uppercase()
            )));
            frames(&mut app, 2);
        }
        let the_match = app.world().resource::<Match>();
        assert_eq!(
            the_match.game.history().len(),
            i + 1,
            "action {i} ({action}) was not played"
        );
        assert_eq!(the_match.game.history()[i].action, action);
        // Said in words, with both its cells.
        let said = latest_said(&app);
        assert!(
            said.contains(&format!(" {} to {}.", action.from, action.to)),
            "{action}: {said}"
        );
    }
    let the_match = app.world().resource::<Match>();
    let ending = the_match.result().expect("the game is over");
    // The last sentence says how it ended.
    let (title, _) =
        agon::ui::wording::describe_ending(agon::i18n::Lang::En, ending, the_match.mode);
    let said = latest_said(&app);
    assert!(said.contains(&title), "{said}");
}

#[test]
fn a_typed_action_that_breaks_a_rule_says_why_and_plays_nothing() {
    let mut app = whole_app(&data_dir("typed"), &["--mode", "pass-and-play"]);
    for (text, why) in [
        ("f11-f10", "other side"),
        ("nonsense", "is not an action"),
        ("f1-f2xf3", "captur"),
    ] {
        app.world_mut().write_message(TypedAction(text.into()));
        frames(&mut app, 2);
        let said = latest_said(&app);
        assert!(said.to_lowercase().contains(why), "{text}: {said}");
        assert!(app.world().resource::<Match>().game.history().is_empty());
    }
}

#[test]
fn tab_goes_through_ones_own_pieces_then_to_the_panel() {
    let mut app = whole_app(&data_dir("tab"), &["--mode", "pass-and-play"]);
    let movable = agon::game::turn::movable_pieces(&Position::start());
    let mut visited = vec![];
    for _ in 0..movable.len() as usize {
        key(&mut app, KeyCode::Tab);
        visited.push(cursor(&app).expect("on a piece"));
    }
    let mut sorted = visited.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        movable.len() as usize,
        "each piece once: {visited:?}"
    );
    assert!(visited.iter().all(|&c| movable.contains(c)));
    // Past the last piece, the keys go on to the side panel.
    key(&mut app, KeyCode::Tab);
    assert_eq!(cursor(&app), None);
    assert!(!app.world().resource::<agon::scene::keyboard::BoardTab>().0);
}

/// (`Esc` closing every dialog is tested with the other keys, in game.rs.)
#[test]
fn d_says_the_position_in_words() {
    let mut app = whole_app(&data_dir("words"), &["--mode", "pass-and-play"]);
    // `D` says the position in words, and shows it.
    key(&mut app, KeyCode::KeyD);
    assert_eq!(
        app.world().resource::<UiState>().dialog,
        Some(Dialog::Position)
    );
    let said = &app.world().resource::<Announcements>().spoken;
    assert!(said.starts_with("Light to move"), "{said}");
}
