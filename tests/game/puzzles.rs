//! Puzzles in the whole game, headless: one opened by its link is solved by
//! clicking its actions (the other side's replies played by the game); a
//! wrong action is refused with what it allows and the board stays; the
//! rating and the record are kept on disk; leaving the puzzles brings back
//! the game set aside.

use agon::game::puzzle::{Attempt, PuzzleProgress, PuzzleState, Puzzles};

use super::*;

fn attempt(app: &App) -> Option<Attempt> {
    let state = app.world().resource::<PuzzleState>();
    state.active.as_ref().map(|a| a.attempt.clone())
}

/// Runs frames until the board is the side to solve's turn (the reply in).
fn until_solver_to_move(app: &mut App, solver: Side) {
    for _ in 0..600 {
        if position(app).to_move() == solver {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the reply never came");
}

#[test]
fn a_puzzle_by_its_link_is_solved_by_its_actions_and_a_wrong_one_is_refused() {
    let dir = data_dir("puzzle");
    // A puzzle with replies: at least three actions.
    let set = &Puzzles::default().0;
    let puzzle = set
        .puzzles()
        .iter()
        .find(|p| p.solution.len() >= 3)
        .expect("a puzzle with a reply")
        .clone();
    let solver = puzzle.solver();
    // A game in progress, set aside while the puzzles are on.
    let mut app = whole_app(&dir, &["--mode", "pass-and-play", "--play", "f1-f2"]);
    app.world_mut().write_message(MatchCommand::StartPuzzle(
        agon::game::puzzle::PuzzleStart::Id(puzzle.id.clone()),
    ));
    frames(&mut app, 3);
    assert_eq!(position(&app), puzzle.position);
    assert_eq!(
        app.world().resource::<Match>().mode,
        Mode::Puzzle { solver }
    );
    assert_eq!(attempt(&app), Some(Attempt::Playing));
    // A wrong action: refused with what it allows, nothing played.
    let right = puzzle.solution[0];
    let wrong = puzzle
        .position
        .legal_actions()
        .iter()
        .copied()
        .find(|&a| a != right)
        .expect("another action");
    let mut said = app.world().resource::<Messages<Feedback>>().get_cursor();
    click(&mut app, &wrong.from.to_string());
    click(&mut app, &wrong.to.to_string());
    assert_eq!(
        position(&app),
        puzzle.position,
        "the wrong action was played"
    );
    assert!(matches!(attempt(&app), Some(Attempt::Wrong(_))));
    let words = drain(&mut app, &mut said);
    assert!(
        words.iter().any(|Feedback(w)| w.starts_with("This ")),
        "{words:?}"
    );
    // The solution, click by click; the game answers between.
    for (i, action) in puzzle.solution.iter().enumerate().step_by(2) {
        until_solver_to_move(&mut app, solver);
        let pos = position(&app);
        assert_eq!(pos, puzzle.positions()[i], "before the solver's action {i}");
        click(&mut app, &action.from.to_string());
        click(&mut app, &action.to.to_string());
    }
    frames(&mut app, 3);
    assert_eq!(attempt(&app), Some(Attempt::Solved));
    // Not clean (one mistake): the rating went down, and it is on disk.
    let progress = app.world().resource::<PuzzleProgress>().clone();
    assert!(
        progress.rating.rating() < 1500.0,
        "{}",
        progress.rating.rating()
    );
    assert_eq!(progress.tried, std::slice::from_ref(&puzzle.id));
    assert_eq!(progress.solved_clean, 0);
    let on_disk = std::fs::read_to_string(dir.join("puzzles.json")).unwrap();
    assert!(on_disk.contains(&puzzle.id), "{on_disk}");
    // Nothing of the puzzle reached the saved game: it is the game aside.
    let save = std::fs::read_to_string(dir.join("save.json")).unwrap();
    assert!(save.contains("f1-f2"), "{save}");
    // Leaving brings the game set aside back.
    app.world_mut().write_message(MatchCommand::LeavePuzzle);
    frames(&mut app, 2);
    assert_eq!(actions_of(&app), ["f1-f2"]);
    assert!(attempt(&app).is_none());
}

/// A clean solve raises the rating: the first puzzle with one action.
#[test]
fn a_clean_solve_raises_the_rating() {
    let dir = data_dir("puzzle-clean");
    let set = &Puzzles::default().0;
    let puzzle = set
        .puzzles()
        .iter()
        .find(|p| p.solution.len() == 1)
        .expect("a puzzle of one action")
        .clone();
    let link = format!("?puzzle={}", puzzle.id);
    let mut app = whole_app(&dir, &["--open", &link]);
    frames(&mut app, 2);
    assert_eq!(position(&app), puzzle.position);
    let action = puzzle.solution[0];
    click(&mut app, &action.from.to_string());
    click(&mut app, &action.to.to_string());
    frames(&mut app, 2);
    assert_eq!(attempt(&app), Some(Attempt::Solved));
    let progress = app.world().resource::<PuzzleProgress>();
    assert!(progress.rating.rating() > 1500.0);
    assert_eq!(progress.solved_clean, 1);
}

fn actions_of(app: &App) -> Vec<String> {
    app.world()
        .resource::<Match>()
        .game
        .actions()
        .map(|a| a.to_string())
        .collect()
}
