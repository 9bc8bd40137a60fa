//! Analysis as a player meets it: it works off the frame, deepens, follows
//! the position on the board (browsed or played), finds a forced win, and
//! stays closed while a game against the computer is on.

use agon::game::Setup;
use agon::game::analysis::{Analysis, AnalysisRequest, Line};
use agon_rules::{Outcome, WinReason};

use super::*;

fn line(app: &App) -> Option<Line> {
    let m = app.world().resource::<Match>();
    app.world().resource::<Analysis>().line(m)
}

/// Waits, frame after frame, for a line of at least `depth`.
fn deepened(app: &mut App, depth: u32) -> Line {
    assert!(
        run_until(app, 60.0, |app| line(app).is_some_and(|l| l.depth >= depth)),
        "no line of depth {depth}"
    );
    line(app).unwrap()
}

fn legal_in(pos: &Position, a: Action) -> bool {
    pos.legal_actions().iter().any(|&b| b == a)
}

#[test]
fn analysis_works_off_the_frame_and_follows_the_board() {
    let mut app = whole_app(&data_dir("analysis"), &["--mode", "pass-and-play"]);
    for t in ["f1-f2", "f11-f10"] {
        let (from, to) = t.split_once('-').unwrap();
        click(&mut app, from);
        click(&mut app, to);
    }
    app.world_mut().write_message(AnalysisRequest(true));
    // The frame comes back at once: the search is still deepening (it
    // may take 20 s), elsewhere.
    let started = std::time::Instant::now();
    app.update();
    app.update();
    assert!(started.elapsed() < agon::game::analysis::ANALYSIS_TIME / 4);
    assert!(app.world().resource::<Analysis>().thinking());
    let first = deepened(&mut app, 3);
    let pos = position(&app);
    assert_eq!(first.mover, Side::Light);
    assert!(legal_in(&pos, first.pv[0]), "{:?}", first.pv);
    // The line deepens while the board is still.
    let deeper = deepened(&mut app, first.depth + 1);
    assert!(legal_in(&pos, deeper.pv[0]));

    // Browsing to the start: the line is of the start, Light to move.
    command(&mut app, MatchCommand::Browse(Some(1)));
    assert!(line(&app).is_none_or(|l| l.mover == Side::Dark));
    let browsed = deepened(&mut app, 2);
    assert_eq!(browsed.mover, Side::Dark);
    let shown = *app.world().resource::<Match>().shown_position();
    assert!(legal_in(&shown, browsed.pv[0]), "{:?}", browsed.pv);
    // The game itself is untouched.
    assert_eq!(app.world().resource::<Match>().game.history().len(), 2);

    // Closed: it stops, and says nothing more.
    app.world_mut().write_message(AnalysisRequest(false));
    frames(&mut app, 2);
    assert!(line(&app).is_none());
    assert!(!app.world().resource::<Analysis>().thinking());
}

/// The throne lesson: Light's queen on the throne, five guards around it,
/// the sixth one step from its cell. Analysis finds the win in one action,
/// and its best line is that action.
#[test]
fn analysis_finds_a_forced_win() {
    let mut app = whole_app(&data_dir("analysis-win"), &["--mode", "pass-and-play"]);
    let lesson = agon::game::tutorial::LESSONS
        .iter()
        .find(|l| l.key == "throne");
    let pos = lesson.expect("the throne lesson").position();
    command(
        &mut app,
        MatchCommand::New {
            setup: Setup::PassAndPlay,
            game: Box::new(Game::from_position(pos)),
            confirmed: true,
        },
    );
    app.world_mut().write_message(AnalysisRequest(true));
    let found = run_until(&mut app, 60.0, |app| {
        line(app).is_some_and(|l| l.forced_win().is_some())
    });
    assert!(found, "{:?}", line(&app));
    let l = line(&app).unwrap();
    assert_eq!(l.forced_win(), Some((Side::Light, 1)));
    let mut g = Game::from_position(position(&app));
    let outcome = g.play(l.pv[0]).unwrap().outcome;
    assert_eq!(
        outcome,
        Some(Outcome::Win {
            winner: Side::Light,
            reason: WinReason::Throne
        })
    );
}

/// Against the computer, analysis stays closed while the game is on and
/// opens once it is over, as it was asked.
#[test]
fn analysis_waits_for_the_end_of_a_game_against_the_computer() {
    let mut app = whole_app(
        &data_dir("analysis-vs"),
        &["--mode", "vs-computer", "--level", "beginner"],
    );
    app.world_mut().write_message(AnalysisRequest(true));
    frames(&mut app, 3);
    std::thread::sleep(Duration::from_millis(200));
    frames(&mut app, 3);
    assert!(line(&app).is_none());
    assert!(!app.world().resource::<Analysis>().thinking());
    command(&mut app, MatchCommand::Resign);
    assert!(app.world().resource::<Match>().is_over());
    let l = deepened(&mut app, 2);
    assert!(legal_in(&position(&app), l.pv[0]));
}

#[test]
fn analyse_on_the_command_line_opens_analysis() {
    let mut app = whole_app(
        &data_dir("analysis-flag"),
        &["--mode", "pass-and-play", "--play", "f1-f2", "--analyse"],
    );
    frames(&mut app, 2);
    assert!(app.world().resource::<Analysis>().on);
    let l = deepened(&mut app, 2);
    assert_eq!(l.mover, Side::Dark);
}
