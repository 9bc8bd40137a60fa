//! Drawing only when something changes: the game asks for frames while a
//! piece moves, while a sliced search runs and while an answer waits, and
//! stops asking once still; a search in a task wakes the window instead.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use agon::frames::Frames;

use super::*;

fn asked(app: &App) -> bool {
    app.world().resource::<Frames>().asked
}

/// Runs frames until the game stops asking for them; how many it took.
fn run_until_resting(app: &mut App, max_frames: usize) -> usize {
    for i in 0..max_frames {
        if !asked(app) {
            return i;
        }
        app.update();
    }
    panic!("still asking for frames after {max_frames} frames");
}

fn clock(app: &mut App, seconds: f32) {
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(
        seconds,
    )));
}

#[test]
fn the_game_asks_for_frames_while_a_piece_moves_and_rests_once_still() {
    let mut app = motion_app();
    pass_and_play(&mut app, Position::start());
    // The warm-up after launch, then rest.
    run_until_resting(&mut app, 300);
    for _ in 0..20 {
        app.update();
        assert!(!asked(&app), "asked for a frame with nothing moving");
    }
    assert!(app.world().resource::<Time<Virtual>>().is_paused());
    // A long wait (the window slept for 5 s), then a piece starts to move.
    clock(&mut app, 5.0);
    let from = rest_transform(c("f1"), Kind::Queen, false);
    let to = rest_transform(c("f2"), Kind::Queen, false);
    let e = app
        .world_mut()
        .spawn((from, Motion::new(from, to, 0.28)))
        .id();
    app.update();
    clock(&mut app, 1.0 / 60.0);
    let first = app.world().get::<Motion>(e).unwrap().elapsed;
    assert_eq!(first, 0.0, "the motion jumped by the wait");
    assert!(asked(&app), "the moving piece asks for the next frame");
    // Every frame of the motion is drawn, then the game rests.
    let moving = run_until_resting(&mut app, 300);
    assert!(moving >= 15, "the step lasted only {moving} frames");
    assert!(app.world().get::<Motion>(e).is_none(), "rests while moving");
    assert_eq!(*app.world().get::<Transform>(e).unwrap(), to);
    app.update();
    assert!(!asked(&app));
}

#[test]
fn a_sliced_search_asks_for_frames_until_the_computer_has_played() {
    let mut app = app();
    frames(&mut app, 120);
    run_until_resting(&mut app, 300);
    // As on the web: the search runs a slice a frame.
    app.world_mut().resource_mut::<Thinker>().sliced = true;
    let mode = Mode::VsComputer {
        human: Side::Dark,
        level: Level::Easy,
    };
    set_match(&mut app, Game::new(), mode);
    // The board is shown on the next frame, and the computer starts.
    app.update();
    assert!(app.world().resource::<Thinker>().thinking());
    let played = |app: &App| !app.world().resource::<Match>().game.history().is_empty();
    let until = std::time::Instant::now() + Duration::from_secs(20);
    while !played(&app) {
        assert!(
            asked(&app),
            "a frame of the search or the waiting answer was not asked for"
        );
        assert!(
            std::time::Instant::now() < until,
            "the computer never played"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    run_until_resting(&mut app, 300);
    assert_eq!(position(&app).to_move(), Side::Dark);
}

#[test]
fn a_search_in_a_task_lets_the_window_sleep_and_wakes_it_when_done() {
    let mut app = app();
    frames(&mut app, 120);
    run_until_resting(&mut app, 300);
    let woken = Arc::new(AtomicUsize::new(0));
    {
        let woken = woken.clone();
        let mut thinker = app.world_mut().resource_mut::<Thinker>();
        thinker.sliced = false;
        thinker.waker = Some(Arc::new(move || {
            woken.fetch_add(1, Ordering::SeqCst);
        }));
    }
    let mode = Mode::VsComputer {
        human: Side::Dark,
        level: Level::Medium,
    };
    set_match(&mut app, Game::new(), mode);
    // The board is shown on the next frame, and the computer starts.
    app.update();
    assert!(app.world().resource::<Thinker>().thinking());
    // While the task thinks, the frames ask for nothing: an idle window sleeps.
    while app.world().resource::<Thinker>().thinking() {
        assert!(!asked(&app), "a frame was asked for while the task thought");
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    assert!(
        woken.load(Ordering::SeqCst) >= 1,
        "the task did not wake the window"
    );
    let played = |app: &App| !app.world().resource::<Match>().game.history().is_empty();
    assert!(
        run_until(&mut app, 5.0, played),
        "the computer never played"
    );
    run_until_resting(&mut app, 300);
}

#[test]
fn the_whole_game_rests_when_nothing_moves() {
    let dir = data_dir("rest");
    let mut app = whole_app(&dir, &["--mode", "pass-and-play"]);
    frames(&mut app, 120);
    run_until_resting(&mut app, 300);
    for _ in 0..30 {
        app.update();
        assert!(!asked(&app), "the whole game asked for a frame at rest");
    }
    assert!(app.world().resource::<Frames>().still >= 30);
}
