//! The game without a window: the turn flow, the computer off the frame,
//! undo and redo, saving, the animations under a manual clock, and links.
//! (One test binary, so Bevy is linked once.)

use std::time::Duration;

use agon::game::SavedGame;
use agon::game::computer::Thinker;
use agon::game::{
    ActionApplied, CellClicked, Feedback, Match, MatchCommand, Mode, RequestAction, Selection,
};
use agon::scene::animation::{Motion, SkipAnimations};
use agon::scene::layout::{CELL_RADIUS, cell_at, cell_center, hex_corners};
use agon::scene::pieces::rest_transform;
use agon::store::storage::{MemoryStore, Store};
use agon::store::{Notices, SAVE_KEY, Storage, read_save};
use agon_ai::Level;
use agon_rules::{Action, Cell, Game, Kind, Position, Side};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;

#[path = "game/analysis.rs"]
mod analysis_tests;
#[path = "game/browsing.rs"]
mod browsing_tests;
#[path = "game/frames.rs"]
mod frames_tests;
#[path = "game/graphics.rs"]
mod graphics_tests;
#[path = "game/keyboard.rs"]
mod keyboard_tests;
#[path = "game/languages.rs"]
mod languages_tests;
#[path = "game/links.rs"]
mod links_tests;
#[path = "game/online.rs"]
mod online_tests;
#[path = "game/puzzles.rs"]
mod puzzle_tests;

fn c(n: &str) -> Cell {
    n.parse().unwrap()
}

fn a(t: &str) -> Action {
    t.parse().unwrap()
}

/// A headless app with the game's core, a store in memory, and a clock that
/// advances 1/60 s a frame.
fn app_with(store: MemoryStore) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Box::new(store)))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(
            1.0 / 60.0,
        )))
        .add_plugins(agon::CorePlugin);
    app.update();
    app
}

fn app() -> App {
    app_with(MemoryStore::default())
}

/// Starts a game through the match's owner, as the interface does.
fn set_match(app: &mut App, game: Game, mode: Mode) {
    app.world_mut().write_message(MatchCommand::New {
        setup: mode.into(),
        game: Box::new(game),
        confirmed: true,
    });
    app.update();
}

fn pass_and_play(app: &mut App, pos: Position) {
    set_match(app, Game::from_position(pos), Mode::PassAndPlay);
}

fn click(app: &mut App, cell: &str) {
    app.world_mut().write_message(CellClicked(c(cell)));
    app.update();
}

fn position(app: &App) -> Position {
    *app.world().resource::<Match>().position()
}

/// The messages of type `M` written since the last call.
fn drain<M: Message + Clone>(
    app: &mut App,
    cursor: &mut bevy::ecs::message::MessageCursor<M>,
) -> Vec<M> {
    let messages = app.world().resource::<Messages<M>>();
    cursor.read(messages).cloned().collect()
}

/// The assets added or changed that this frame's asset events tell the
/// render world of (every event read, so none is left for the next frame).
fn assets_heard_of<A: Asset>(events: &mut MessageReader<AssetEvent<A>>) -> Vec<AssetId<A>> {
    events
        .read()
        .filter_map(|e| match e {
            AssetEvent::Added { id } | AssetEvent::Modified { id } => Some(*id),
            _ => None,
        })
        .collect()
}

#[test]
fn a_point_on_the_board_names_its_cell_up_to_the_edges() {
    for cell in Cell::all() {
        let centre = cell_center(cell);
        // Well inside every corner and edge of the hexagon.
        for corner in hex_corners(CELL_RADIUS * 0.9) {
            let p = centre + Vec3::new(corner.x, 0.0, corner.y);
            assert_eq!(cell_at(p), Some(cell), "{cell} near a corner");
        }
        // And near the middle of every edge.
        let edge_mids: Vec<Vec2> = hex_corners(CELL_RADIUS * 0.95)
            .windows(2)
            .map(|w| (w[0] + w[1]) / 2.0)
            .collect();
        for m in edge_mids {
            assert_eq!(cell_at(centre + Vec3::new(m.x, 0.0, m.y)), Some(cell));
        }
    }
    // Beyond the outer ring there is no cell.
    for cell in Cell::all().filter(|c| c.ring() == 5) {
        let out = cell_center(cell).normalize() * (cell_center(cell).length() + 1.6 * CELL_RADIUS);
        assert_eq!(cell_at(out), None, "beyond {cell}");
    }
    assert_eq!(cell_at(Vec3::new(100.0, 0.0, -3.0)), None);
}

#[test]
fn select_then_target_plays_exactly_the_rules_action() {
    let mut app = app();
    pass_and_play(&mut app, Position::start());
    let mut cursor = app
        .world()
        .resource::<Messages<ActionApplied>>()
        .get_cursor_current();
    click(&mut app, "f1");
    let sel = app.world().resource::<Selection>();
    assert_eq!(sel.from, Some(c("f1")));
    assert_eq!(sel.targets, Position::start().targets_from(c("f1")));
    click(&mut app, "f2");
    let applied = drain(&mut app, &mut cursor);
    assert_eq!(applied.len(), 1);
    assert_eq!(applied[0].played.action, a("f1-f2"));
    assert_eq!(applied[0].mover, Side::Light);
    let mut expected = Position::start();
    expected.play(a("f1-f2"));
    assert_eq!(position(&app), expected);
    assert_eq!(app.world().resource::<Selection>().from, None);
}

#[test]
fn illegal_targets_are_refused_gently() {
    let mut app = app();
    pass_and_play(&mut app, Position::start());
    let mut fb = app
        .world()
        .resource::<Messages<Feedback>>()
        .get_cursor_current();
    click(&mut app, "f1");
    click(&mut app, "f4"); // not adjacent
    assert_eq!(position(&app), Position::start());
    let said = drain(&mut app, &mut fb);
    assert!(said.iter().any(|f| f.0.contains("adjacent")), "{said:?}");
    // The other side's piece cannot be picked up.
    click(&mut app, "f11");
    assert_eq!(app.world().resource::<Selection>().from, None);
    assert!(
        drain(&mut app, &mut fb)
            .iter()
            .any(|f| f.0.contains("other side"))
    );
    // A request the rules refuse changes nothing either.
    app.world_mut().write_message(RequestAction(a("f1-f3")));
    app.world_mut().write_message(RequestAction(a("a5-c5")));
    app.update();
    assert_eq!(position(&app), Position::start());
}

#[test]
fn a_relocation_turn_accepts_only_relocation_targets() {
    let mut app = app();
    // Light must relocate its captured guard on f4.
    let mut pos = Position::empty(Side::Light);
    let piece = |side, kind| agon_rules::Piece::new(side, kind);
    pos.put(c("f4"), piece(Side::Light, Kind::Guard), true);
    pos.put(c("e4"), piece(Side::Light, Kind::Guard), false);
    pos.put(c("c3"), piece(Side::Light, Kind::Queen), false);
    pos.put(c("f11"), piece(Side::Dark, Kind::Queen), false);
    assert!(pos.must_relocate());
    pass_and_play(&mut app, pos);
    // The only piece that may act is picked up at once.
    assert_eq!(app.world().resource::<Selection>().from, Some(c("f4")));
    let mut fb = app
        .world()
        .resource::<Messages<Feedback>>()
        .get_cursor_current();
    // Another piece of the side to move: refused, with the reason.
    click(&mut app, "e4");
    assert_eq!(app.world().resource::<Selection>().from, Some(c("f4")));
    assert!(!drain(&mut app, &mut fb).is_empty());
    // An inner cell is no target for a guard.
    click(&mut app, "f5");
    assert_eq!(position(&app), pos);
    // An empty outer cell is.
    click(&mut app, "a1");
    let after = position(&app);
    assert_eq!(after.to_move(), Side::Dark);
    assert!(after.piece_at(c("a1")).is_some() && !after.is_out_of_play(c("a1")));
    assert!(after.piece_at(c("f4")).is_none());
}

#[test]
fn the_computer_replies_off_the_frame_with_a_legal_action() {
    let mut app = app();
    let mode = Mode::VsComputer {
        human: Side::Light,
        level: Level::Master,
    };
    set_match(&mut app, Game::new(), mode);
    let mut cursor = app
        .world()
        .resource::<Messages<ActionApplied>>()
        .get_cursor_current();
    click(&mut app, "f1");
    click(&mut app, "f2");
    assert_eq!(drain(&mut app, &mut cursor).len(), 1);
    // The next frame returns while the computer is still thinking (Master
    // thinks for two seconds): the search runs off the frame.
    let t = std::time::Instant::now();
    app.update();
    assert!(app.world().resource::<Thinker>().thinking());
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "a frame waited on the search"
    );
    // Clicks while the computer thinks do nothing.
    click(&mut app, "a5");
    assert_eq!(app.world().resource::<Selection>().from, None);
    let mut reply = None;
    for _ in 0..2000 {
        app.update();
        if let Some(m) = drain(&mut app, &mut cursor).pop() {
            reply = Some(m);
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let reply = reply.expect("the computer answered");
    assert_eq!(reply.mover, Side::Dark);
    assert!(reply.before.is_legal(reply.played.action));
    assert_eq!(position(&app).to_move(), Side::Light);
}

#[test]
fn undo_and_redo_restore_positions() {
    let mut app = app();
    pass_and_play(&mut app, Position::start());
    let mut seen = vec![position(&app)];
    for (from, to) in [("f1", "f2"), ("f11", "f10"), ("f2", "f3")] {
        click(&mut app, from);
        click(&mut app, to);
        seen.push(position(&app));
    }
    let mut m = app.world_mut().resource_mut::<Match>();
    assert!(m.undo());
    assert_eq!(*m.position(), seen[2]);
    assert!(m.undo());
    assert_eq!(*m.position(), seen[1]);
    assert!(m.redo());
    assert_eq!(*m.position(), seen[2]);
    assert!(m.redo());
    assert_eq!(*m.position(), seen[3]);
    assert!(!m.redo());

    // Against the computer, undo takes back its reply too.
    let mut g = Game::new();
    for t in ["f1-f2", "f11-f10", "f2-f3", "f10-f9"] {
        g.play_text(t).unwrap();
    }
    let mut m = Match::new(
        g,
        Mode::VsComputer {
            human: Side::Light,
            level: Level::Easy,
        },
    );
    let before_second = *m.game.position_at(2).unwrap();
    assert!(m.undo());
    assert_eq!(*m.position(), before_second);
    assert_eq!(m.position().to_move(), Side::Light);
    assert!(m.redo());
    assert_eq!(m.game.history().len(), 4);
}

#[test]
fn the_game_is_saved_after_every_action_and_loads_back() {
    let mut app = app();
    pass_and_play(&mut app, Position::start());
    click(&mut app, "f1");
    click(&mut app, "f2");
    click(&mut app, "f11");
    click(&mut app, "f10");
    let m = app.world().resource::<Match>();
    let expected = *m.position();
    let storage = app.world().resource::<Storage>();
    let (record, game) = read_save(&*storage.0).unwrap().expect("a saved game");
    assert_eq!(*game.position(), expected);
    assert_eq!(record.actions, ["f1-f2", "f11-f10"]);
    assert_eq!(Mode::from_players(&record.players), Mode::PassAndPlay);
}

#[test]
fn a_corrupt_save_is_reported_and_kept() {
    let store = MemoryStore::default();
    store.save(SAVE_KEY, "{ this is not a game").unwrap();
    let app = app_with(store);
    let notices = &app.world().resource::<Notices>().0;
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].to_string().contains("could not be read"),
        "{}",
        notices[0]
    );
    assert!(app.world().resource::<SavedGame>().0.is_none());
    let storage = app.world().resource::<Storage>();
    // Set aside, word for word, and the save slot left free.
    let kept = storage.0.load("save.unreadable").unwrap();
    assert_eq!(kept.as_deref(), Some("{ this is not a game"));
    assert_eq!(storage.0.load(SAVE_KEY).unwrap(), None);

    // A record with an illegal action is refused the same way.
    let store = MemoryStore::default();
    let mut record = agon_rules::Record::from_game(&Game::new(), Default::default(), None);
    record.actions.push("f1-f5".into());
    store.save(SAVE_KEY, &record.to_json()).unwrap();
    let app = app_with(store);
    let notices = &app.world().resource::<Notices>().0;
    assert!(
        notices[0]
            .to_string()
            .ends_with("Action 1, “f1-f5”, cannot be played. A step goes to an adjacent cell."),
        "{}",
        notices[0]
    );
    // A start position whose run length overflows (it used to crash every
    // launch) is refused and kept the same way.
    let store = MemoryStore::default();
    let mut record = agon_rules::Record::from_game(&Game::new(), Default::default(), None);
    record.start = "G18446744073709551615G5/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -".into();
    let text = record.to_json();
    store.save(SAVE_KEY, &text).unwrap();
    let app = app_with(store);
    let notices = &app.world().resource::<Notices>().0;
    assert!(
        notices[0].to_string().ends_with(
            "File a has 6 cells, fewer than the 18446744073709551615 empty cells it is given."
        ),
        "{}",
        notices[0]
    );
    let storage = app.world().resource::<Storage>();
    assert_eq!(storage.0.load("save.unreadable").unwrap(), Some(text));
}

/// A store whose writes always fail (a full disk, a folder gone read-only).
struct FullDisk;

impl Store for FullDisk {
    fn load(&self, _: &str) -> Result<Option<String>, String> {
        Ok(None)
    }
    fn save(&self, _: &str, _: &str) -> Result<(), String> {
        Err("no space left on the device".into())
    }
    fn remove(&self, _: &str) -> Result<(), String> {
        Ok(())
    }
    fn set_aside(&self, _: &str) -> Result<String, String> {
        Err("nothing to set aside".into())
    }
}

#[test]
fn a_save_that_keeps_failing_is_said_once() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Box::new(FullDisk)))
        .add_plugins(agon::CorePlugin);
    app.update();
    pass_and_play(&mut app, Position::start());
    for (from, to) in [("f1", "f2"), ("f11", "f10"), ("f2", "f3")] {
        click(&mut app, from);
        click(&mut app, to);
    }
    assert_eq!(position(&app).to_move(), Side::Dark);
    let notices = &app.world().resource::<Notices>().0;
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].to_string().contains("no space left"),
        "{}",
        notices[0]
    );
}

#[test]
fn a_finished_game_is_not_offered_again() {
    let store = MemoryStore::default();
    let mut g = Game::new();
    for t in [
        "f1-g1", "f11-g10", "g1-f1", "g10-f11", "f1-g1", "f11-g10", "g1-f1", "g10-f11",
    ] {
        g.play_text(t).unwrap();
    }
    let record = agon_rules::Record::from_game(&g, Default::default(), None);
    store.save(SAVE_KEY, &record.to_json()).unwrap();
    let app = app_with(store);
    assert!(app.world().resource::<SavedGame>().0.is_none());
    assert!(app.world().resource::<Notices>().0.is_empty());
}

// ---- Animation under a manual clock ------------------------------------

fn motion_app() -> App {
    let mut app = app();
    app.world_mut()
        .resource_mut::<agon::store::Settings>()
        .animation = agon::store::AnimationSpeed::Normal;
    app
}

fn run_until_still(app: &mut App, e: Entity, max_frames: usize) -> usize {
    for i in 0..max_frames {
        if app.world().get::<Motion>(e).is_none() {
            return i;
        }
        app.update();
    }
    panic!("still moving after {max_frames} frames");
}

#[test]
fn a_step_ends_exactly_on_its_target_cell() {
    let mut app = motion_app();
    let from = rest_transform(c("f1"), Kind::Queen, false);
    let to = rest_transform(c("f2"), Kind::Queen, false);
    let e = app
        .world_mut()
        .spawn((from, Motion::new(from, to, 0.28).with_lift(0.25)))
        .id();
    app.update();
    app.update();
    let mid = *app.world().get::<Transform>(e).unwrap();
    assert_ne!(mid.translation, from.translation);
    assert!(app.world().resource::<agon::game::BoardBusy>().0);
    run_until_still(&mut app, e, 100);
    let end = *app.world().get::<Transform>(e).unwrap();
    assert_eq!(end, to);
    assert_eq!(cell_at(end.translation), Some(c("f2")));
    app.update();
    assert!(!app.world().resource::<agon::game::BoardBusy>().0);
}

#[test]
fn a_relocation_follows_its_arc_and_lands_on_its_cell() {
    let mut app = motion_app();
    let from = rest_transform(c("f4"), Kind::Guard, true);
    let to = rest_transform(c("a1"), Kind::Guard, false);
    let e = app
        .world_mut()
        .spawn((from, Motion::new(from, to, 0.6).with_lift(2.2)))
        .id();
    let mut highest: f32 = 0.0;
    let mut frames = 0;
    while app.world().get::<Motion>(e).is_some() && frames < 200 {
        app.update();
        frames += 1;
        let y = app.world().get::<Transform>(e).unwrap().translation.y;
        highest = highest.max(y);
    }
    // It rose well above both ends on the way.
    assert!(
        highest > from.translation.y.max(to.translation.y) + 1.5,
        "{highest}"
    );
    let end = *app.world().get::<Transform>(e).unwrap();
    assert_eq!(end, to);
    assert_eq!(cell_at(end.translation), Some(c("a1")));
}

#[test]
fn skipping_ends_every_animation_in_its_final_state() {
    let mut app = motion_app();
    let from = rest_transform(c("f1"), Kind::Queen, false);
    let to = rest_transform(c("f2"), Kind::Queen, false);
    let e1 = app
        .world_mut()
        .spawn((from, Motion::new(from, to, 5.0)))
        .id();
    let captured = rest_transform(c("f3"), Kind::Guard, true);
    let standing = rest_transform(c("f3"), Kind::Guard, false);
    let e2 = app
        .world_mut()
        .spawn((
            standing,
            Motion::new(standing, captured, 5.0).with_delay(1.0),
        ))
        .id();
    app.update();
    app.world_mut().write_message(SkipAnimations);
    app.update();
    assert!(app.world().get::<Motion>(e1).is_none());
    assert!(app.world().get::<Motion>(e2).is_none());
    assert_eq!(*app.world().get::<Transform>(e1).unwrap(), to);
    assert_eq!(*app.world().get::<Transform>(e2).unwrap(), captured);
}

#[test]
fn the_game_state_never_waits_for_an_animation() {
    // An action is in the rules at once, animation or not.
    let mut app = app();
    pass_and_play(&mut app, Position::start());
    app.world_mut().write_message(RequestAction(a("f1-f2")));
    app.update();
    assert_eq!(position(&app).to_move(), Side::Dark);
}

// ---- Sound: the events, not the speaker ----------------------------------

fn sounds_after(app: &mut App, f: impl FnOnce(&mut App)) -> Vec<agon::audio::Sfx> {
    let mut cursor = app
        .world()
        .resource::<Messages<agon::audio::Sfx>>()
        .get_cursor_current();
    f(app);
    app.update();
    drain(app, &mut cursor)
}

#[test]
fn each_kind_of_action_has_its_sound() {
    use agon::audio::Sfx;
    let mut app = app();
    pass_and_play(&mut app, Position::start());
    let s = sounds_after(&mut app, |app| click(app, "f1"));
    assert_eq!(s, [Sfx::Select]);
    let s = sounds_after(&mut app, |app| click(app, "f2"));
    assert_eq!(s, [Sfx::Step]);
    // An illegal click.
    let s = sounds_after(&mut app, |app| click(app, "b1")); // Light's, on Dark's turn
    assert!(s.contains(&Sfx::Illegal), "{s:?}");

    // A capture: f2-f3 takes f4 against f5.
    let mut pos = Position::empty(Side::Light);
    let piece = |side, kind| agon_rules::Piece::new(side, kind);
    pos.put(c("f2"), piece(Side::Light, Kind::Guard), false);
    pos.put(c("f4"), piece(Side::Dark, Kind::Guard), false);
    pos.put(c("f5"), piece(Side::Light, Kind::Guard), false);
    pos.put(c("a1"), piece(Side::Dark, Kind::Queen), false);
    pass_and_play(&mut app, pos);
    let s = sounds_after(&mut app, |app| {
        app.world_mut().write_message(RequestAction(a("f2-f3")));
    });
    assert_eq!(s, [Sfx::Step, Sfx::Capture]);
    // Dark's reply is the relocation of the captured guard.
    let s = sounds_after(&mut app, |app| {
        app.world_mut().write_message(RequestAction(a("f4-l1")));
    });
    assert_eq!(s, [Sfx::Relocate]);
}

#[test]
fn the_end_sounds_like_a_win_a_loss_or_a_draw() {
    use agon::audio::Sfx;
    // Light completes the formation.
    let afn = "6/7/5G2/5G3/4gg4/4gq1g3/2G1gg4/5Q3/3G1G2/5G1/6 d -";
    let win_for_dark = a("f8-f7");
    for (human, want) in [(Side::Dark, Sfx::Win), (Side::Light, Sfx::Loss)] {
        let mut app = app();
        let mode = Mode::VsComputer {
            human,
            level: Level::Beginner,
        };
        set_match(
            &mut app,
            Game::from_position(Position::from_afn(afn).unwrap()),
            mode,
        );
        let s = sounds_after(&mut app, |app| {
            app.world_mut().write_message(RequestAction(win_for_dark));
        });
        assert!(s.contains(&want), "{human:?}: {s:?}");
    }
    assert_eq!(
        agon::audio::ending_sound(agon_rules::Ending::Agreement, Mode::PassAndPlay),
        Sfx::Draw
    );
}

// ---- The whole app, headless: never lose a game ----------------------------
//
// These build every plugin of the game (`AgonPlugin`, the interface's
// systems included) on Bevy's default plugins with no window and no GPU, and
// keep the saved game in a real folder, checked byte for byte.

use agon::cli::Options;
use agon::game::{DiscardAsked, Screen, Setup, SideChoice, UiFocus};
use agon::scene::camera::CameraRig;
use agon::store::storage::FileStore;
use agon::ui::state::{Dialog, UiState};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};

/// A fresh data folder for one test.
fn data_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("agon-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The game as `main` builds it, headless, its data in `dir`; in English
/// unless `args` name a language (whatever this machine's locale).
fn whole_app(dir: &std::path::Path, args: &[&str]) -> App {
    let mut args = args.to_vec();
    if !args.contains(&"--lang") {
        args.extend(["--lang", "en"]);
    }
    whole_app_as_launched(dir, &args)
}

/// The game exactly as `main` builds it from `args`.
fn whole_app_as_launched(dir: &std::path::Path, args: &[&str]) -> App {
    let mut app = whole_app_before_its_first_frame(dir, args);
    for _ in 0..3 {
        app.update();
    }
    app
}

/// The game as `main` builds it from `args`, before its first frame.
fn whole_app_before_its_first_frame(dir: &std::path::Path, args: &[&str]) -> App {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let options = Options::parse(&args).unwrap();
    let store = FileStore {
        dir: dir.to_path_buf(),
    };
    agon::headless::app(options, Box::new(store))
}

/// A game against the computer with `actions` played, as a save file.
fn saved_game_text(actions: &[&str]) -> String {
    let mut g = Game::new();
    for t in actions {
        g.play_text(t).unwrap();
    }
    let mode = Mode::VsComputer {
        human: Side::Light,
        level: Level::Easy,
    };
    agon_rules::Record::from_game(&g, mode.players(), None).to_json()
}

/// `agon --load` a record whose file name is not UTF-8 (Linux allows any
/// bytes): the game opens it. `std::env::args` panicked on such a name.
#[cfg(unix)]
#[test]
fn a_record_whose_name_is_not_utf8_opens() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    let dir = data_dir("odd-name");
    let path = dir.join(OsString::from_vec(b"game-\xff.json".to_vec()));
    std::fs::write(&path, saved_game_text(&["f1-f2", "f11-f10"])).unwrap();
    let args = [
        OsString::from("--lang"),
        "en".into(),
        "--load".into(),
        path.into(),
    ];
    let options = Options::parse(&args).unwrap();
    let store = FileStore { dir: dir.clone() };
    let mut app = agon::headless::app(options, Box::new(store));
    frames(&mut app, 3);
    let the_match = app.world().resource::<Match>();
    assert_eq!(the_match.game.history().len(), 2);
    assert!(app.world().resource::<Notices>().0.is_empty());
}

/// Any other argument that is not UTF-8 is refused by name, with an error
/// status, before a window opens; not a panic (status 101).
#[cfg(unix)]
#[test]
fn the_binary_refuses_an_argument_that_is_not_text() {
    use std::os::unix::ffi::OsStrExt;
    for flag in ["--position", "--open"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_agon"))
            .arg(flag)
            .arg(std::ffi::OsStr::from_bytes(b"?game=\xff"))
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{flag}: {said}");
        assert!(
            said.contains(&format!("{flag} needs text in UTF-8")),
            "{said}"
        );
    }
}

fn save_file(dir: &std::path::Path) -> Option<Vec<u8>> {
    std::fs::read(dir.join("save.json")).ok()
}

fn command(app: &mut App, c: MatchCommand) {
    app.world_mut().write_message(c);
    app.update();
    app.update();
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

/// The latest sentence the game said (for the panel and screen readers).
fn latest_said(app: &App) -> String {
    app.world()
        .resource::<agon::ui::announce::Announcements>()
        .latest()
        .expect("something was said")
        .to_string()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn key(app: &mut App, code: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

#[test]
fn a_plain_launch_leaves_the_saved_game_as_it_is() {
    let dir = data_dir("launch");
    let text = saved_game_text(&["f1-f2", "f11-f10"]);
    std::fs::write(dir.join("save.json"), &text).unwrap();
    let mut app = whole_app(&dir, &[]);
    frames(&mut app, 30);
    // The menu offers it, and nothing touched it.
    assert_eq!(screen(&app), Screen::Menu);
    assert!(app.world().resource::<SavedGame>().0.is_some());
    assert_eq!(save_file(&dir).as_deref(), Some(text.as_bytes()));
    // Quitting from the menu changes nothing either.
    app.world_mut().write_message(AppExit::Success);
    frames(&mut app, 3);
    drop(app);
    assert_eq!(save_file(&dir).as_deref(), Some(text.as_bytes()));
    // Resumed, it is the same game, still saved as it was.
    let mut app = whole_app(&dir, &[]);
    command(&mut app, MatchCommand::Resume);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(app.world().resource::<Match>().game.history().len(), 2);
    assert_eq!(save_file(&dir).as_deref(), Some(text.as_bytes()));
}

#[test]
fn the_tutorial_plays_in_a_sandbox() {
    let dir = data_dir("tutorial");
    let text = saved_game_text(&["f1-f2", "f11-f10", "f2-f3", "f10-f9"]);
    std::fs::write(dir.join("save.json"), &text).unwrap();
    let mut app = whole_app(&dir, &[]);
    command(&mut app, MatchCommand::Resume);
    let before = *app.world().resource::<Match>().position();
    command(&mut app, MatchCommand::StartLesson(0));
    assert!(
        app.world()
            .resource::<agon::game::tutorial::Tutorial>()
            .active
    );
    // The first lesson: the queen steps inward, done.
    command(&mut app, MatchCommand::StartLesson(0));
    app.world_mut().write_message(RequestAction(a("f1-f2")));
    frames(&mut app, 2);
    assert!(
        app.world()
            .resource::<agon::game::tutorial::Tutorial>()
            .done
    );
    command(&mut app, MatchCommand::StartLesson(1));
    app.world_mut().write_message(RequestAction(a("b1-c1")));
    frames(&mut app, 2);
    assert_eq!(save_file(&dir).as_deref(), Some(text.as_bytes()));
    // Undo stays in the lesson; resigning there means nothing.
    command(&mut app, MatchCommand::Undo);
    let tutorial = app.world().resource::<agon::game::tutorial::Tutorial>();
    assert!(tutorial.active && tutorial.lesson == 1);
    assert!(app.world().resource::<Match>().game.history().is_empty());
    command(&mut app, MatchCommand::Resign);
    assert!(!app.world().resource::<Match>().is_over());
    assert_eq!(save_file(&dir).as_deref(), Some(text.as_bytes()));
    command(&mut app, MatchCommand::LeaveTutorial);
    // Back on the menu, with the game that was there before.
    assert_eq!(screen(&app), Screen::Menu);
    let m = app.world().resource::<Match>();
    assert_eq!(*m.position(), before);
    assert_eq!(m.game.history().len(), 4);
    assert!(m.unfinished());
    assert_eq!(save_file(&dir).as_deref(), Some(text.as_bytes()));

    // A lesson taken before resuming leaves the saved game offered.
    let mut app = whole_app(&dir, &[]);
    command(&mut app, MatchCommand::StartLesson(3));
    command(&mut app, MatchCommand::LeaveTutorial);
    assert!(app.world().resource::<SavedGame>().0.is_some());
    assert_eq!(save_file(&dir).as_deref(), Some(text.as_bytes()));
}

#[test]
fn a_new_game_over_an_unfinished_one_asks_first() {
    let dir = data_dir("confirm");
    let text = saved_game_text(&["f1-f2", "f11-f10"]);
    std::fs::write(dir.join("save.json"), &text).unwrap();
    let mut app = whole_app(&dir, &[]);
    let mut asked = app
        .world()
        .resource::<Messages<DiscardAsked>>()
        .get_cursor_current();
    // Over a saved game not yet resumed: asked, nothing changed.
    command(&mut app, MatchCommand::new_game(Setup::PassAndPlay));
    assert_eq!(drain(&mut app, &mut asked).len(), 1);
    assert_eq!(
        app.world().resource::<UiState>().dialog,
        Some(Dialog::ConfirmDiscard)
    );
    assert!(app.world().resource::<Match>().game.history().is_empty());
    assert_eq!(save_file(&dir).as_deref(), Some(text.as_bytes()));
    // Declined (Esc): everything kept.
    key(&mut app, KeyCode::Escape);
    assert_eq!(app.world().resource::<UiState>().dialog, None);
    assert!(app.world().resource::<UiState>().pending.is_none());
    assert!(app.world().resource::<SavedGame>().0.is_some());
    assert_eq!(save_file(&dir).as_deref(), Some(text.as_bytes()));

    // Over the game in progress: asked too; agreed, the new game starts.
    command(&mut app, MatchCommand::Resume);
    command(&mut app, MatchCommand::new_game(Setup::PassAndPlay));
    assert_eq!(drain(&mut app, &mut asked).len(), 1);
    assert_eq!(app.world().resource::<Match>().game.history().len(), 2);
    let pending = app.world_mut().resource_mut::<UiState>().pending.take();
    command(&mut app, pending.expect("the command waits").confirmed());
    let m = app.world().resource::<Match>();
    assert_eq!(m.mode, Mode::PassAndPlay);
    assert!(m.game.history().is_empty());
    assert_eq!(save_file(&dir), None, "the discarded game is gone");

    // The new game is saved as it goes; an ending clears the save.
    app.world_mut().write_message(RequestAction(a("f1-f2")));
    frames(&mut app, 2);
    let saved = String::from_utf8(save_file(&dir).expect("saved")).unwrap();
    assert!(saved.contains("f1-f2"), "{saved}");
    command(&mut app, MatchCommand::Resign);
    assert!(app.world().resource::<Match>().is_over());
    assert_eq!(save_file(&dir), None);
    // Over a finished game nothing is asked.
    command(&mut app, MatchCommand::new_game(Setup::PassAndPlay));
    assert!(drain(&mut app, &mut asked).is_empty());
}

/// Runs frames with the clock of the real world too (the computer thinks
/// for real), up to `seconds`, until `done`.
fn run_until(app: &mut App, seconds: f32, done: impl Fn(&App) -> bool) -> bool {
    let until = std::time::Instant::now() + Duration::from_secs_f32(seconds);
    while std::time::Instant::now() < until {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

#[test]
fn the_computer_waits_behind_the_menu_and_dialogs() {
    let dir = data_dir("pause");
    let mut app = whole_app(&dir, &["--level", "beginner", "--side", "dark"]);
    let setup = Setup::VsComputer {
        side: SideChoice::Dark,
        level: Level::Beginner,
    };
    command(&mut app, MatchCommand::new_game(setup));
    // To the menu before the computer (Light) has moved.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    let moved = |app: &App| !app.world().resource::<Match>().game.history().is_empty();
    assert!(
        !run_until(&mut app, 2.0, moved),
        "it played behind the menu"
    );
    // Back on the board, it plays.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    assert!(run_until(&mut app, 10.0, moved), "it never played");

    // A dialog holds it the same way.
    let light_moves = |app: &App| app.world().resource::<Match>().game.history().len() >= 3;
    app.world_mut().resource_mut::<UiState>().dialog = Some(Dialog::Rules);
    let pos = position(&app);
    let action = pos.legal_actions().as_slice()[0];
    app.world_mut().write_message(RequestAction(action));
    assert!(
        !run_until(&mut app, 2.0, light_moves),
        "it played behind a dialog"
    );
    assert!(app.world().resource::<UiFocus>().modal);
    key(&mut app, KeyCode::Escape);
    assert!(run_until(&mut app, 10.0, light_moves), "it never played");
}

#[test]
fn a_random_side_is_remembered_and_drawn_again() {
    let dir = data_dir("random");
    let mut app = whole_app(&dir, &[]);
    app.world_mut().resource_mut::<agon::store::Settings>().side = SideChoice::Random;
    frames(&mut app, 2);
    let settings = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(settings.contains("\"side\": \"random\""), "{settings}");
    let setup = Setup::VsComputer {
        side: SideChoice::Random,
        level: Level::Easy,
    };
    command(&mut app, MatchCommand::new_game(setup));
    let mut sides = Vec::new();
    for _ in 0..24 {
        let m = app.world().resource::<Match>();
        assert_eq!(m.setup, setup);
        let Mode::VsComputer { human, .. } = m.mode else {
            panic!("{:?}", m.mode)
        };
        sides.push(human);
        command(&mut app, MatchCommand::Resign);
        command(&mut app, MatchCommand::PlayAgain { confirmed: false });
    }
    assert!(
        sides.contains(&Side::Light) && sides.contains(&Side::Dark),
        "{sides:?}"
    );
    // Relaunched, the choice is still Random.
    drop(app);
    let app = whole_app(&dir, &[]);
    assert_eq!(
        app.world().resource::<agon::store::Settings>().side,
        SideChoice::Random
    );
}

#[test]
fn keys_respect_text_boxes_and_esc_closes_dialogs() {
    let dir = data_dir("keys");
    let mut app = whole_app(&dir, &["--mode", "pass-and-play"]);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Playing);
    let zoomed = |app: &mut App| {
        app.world_mut().resource_mut::<CameraRig>().zoom = 1.37;
    };
    let zoom = |app: &App| app.world().resource::<CameraRig>().zoom;
    // An `r` typed into a text box is a letter.
    zoomed(&mut app);
    app.world_mut().resource_mut::<UiFocus>().typing = true;
    key(&mut app, KeyCode::KeyR);
    assert_eq!(zoom(&app), 1.37);
    // Outside one, `R` resets the view.
    app.world_mut().resource_mut::<UiFocus>().typing = false;
    key(&mut app, KeyCode::KeyR);
    assert_ne!(zoom(&app), 1.37);

    // Esc closes whichever dialog is open, and only that: each of them.
    for dialog in [
        Dialog::Rules,
        Dialog::Settings,
        Dialog::NewGame,
        Dialog::Records,
        Dialog::ConfirmResign,
        Dialog::ConfirmDiscard,
        Dialog::SendMove,
        Dialog::About,
        Dialog::Keys,
        Dialog::Position,
        Dialog::Editor,
    ] {
        app.world_mut().resource_mut::<UiState>().dialog = Some(dialog.clone());
        key(&mut app, KeyCode::Escape);
        assert_eq!(app.world().resource::<UiState>().dialog, None, "{dialog:?}");
    }
    // And the notices about files.
    app.world_mut()
        .resource_mut::<Notices>()
        .0
        .push(agon::store::Notice::new("notice-settings-failed").with("error", "disk full"));
    key(&mut app, KeyCode::Escape);
    assert!(app.world().resource::<Notices>().0.is_empty());
    assert_eq!(screen(&app), Screen::Playing);
}

/// The desktop binary carries its sounds: they load from Bevy's embedded
/// source, not from an `assets/` folder beside it, so the game plays them
/// when started from any folder.
#[test]
fn the_sounds_are_built_into_the_game() {
    let mut app = whole_app(&data_dir("sounds"), &[]);
    let loaded = |app: &App| {
        let server = app.world().resource::<AssetServer>();
        // They load once the board has been drawn.
        app.world()
            .get_resource::<agon::audio::Sounds>()
            .is_some_and(|s| s.handles().all(|h| server.is_loaded_with_dependencies(h)))
    };
    for _ in 0..200 {
        if loaded(&app) {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
        app.update();
    }
    assert!(loaded(&app), "the sounds did not load");
    let sounds = app.world().resource::<agon::audio::Sounds>();
    assert_eq!(sounds.handles().count(), agon::audio::Sfx::ALL.len() + 1);
    for h in sounds.handles() {
        let path = h.path().expect("loaded by path").to_string();
        assert!(path.starts_with("embedded://agon/sounds/"), "{path}");
    }
}

/// The sounds load once a frame that drew the board has been shown: on the
/// web, decoding them would otherwise hold up the board's first frames.
#[test]
fn the_sounds_wait_for_the_board() {
    use agon::scene::{BoardDrawn, BoardShown};
    use std::sync::atomic::Ordering;
    // Headless, nothing is drawn and nothing waits.
    let mut app = whole_app(&data_dir("sounds-wait"), &["--mode", "pass-and-play"]);
    assert!(app.world().resource::<BoardShown>().on_screen);
    assert!(app.world().get_resource::<agon::audio::Sounds>().is_some());
    // A renderer still building the board's pipelines: the game asks for
    // frames and loads no sounds.
    app.world_mut().remove_resource::<agon::audio::Sounds>();
    app.world_mut().resource_mut::<BoardShown>().on_screen = false;
    let drawn = app.world().resource::<BoardDrawn>().0.clone();
    drawn.store(false, Ordering::Relaxed);
    for _ in 0..3 {
        app.update();
        assert!(!app.world().resource::<BoardShown>().on_screen);
        assert!(app.world().resource::<agon::frames::Frames>().asked);
    }
    assert!(app.world().get_resource::<agon::audio::Sounds>().is_none());
    // Its word that a frame drew the board.
    drawn.store(true, Ordering::Relaxed);
    app.update();
    assert!(app.world().resource::<BoardShown>().on_screen);
    assert!(app.world().get_resource::<agon::audio::Sounds>().is_some());
}

/// `?` (the character, whatever key makes it) lists every key, but not
/// while the player types into a text box.
#[test]
fn a_question_mark_lists_every_key() {
    let mut app = whole_app(&data_dir("question"), &["--mode", "pass-and-play"]);
    frames(&mut app, 2);
    let question = |app: &mut App| {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            app.world_mut().write_message(KeyboardInput {
                key_code: KeyCode::Slash,
                logical_key: Key::Character("?".into()),
                state,
                text: Some("?".into()),
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            app.update();
        }
    };
    app.world_mut().resource_mut::<UiFocus>().typing = true;
    question(&mut app);
    assert_eq!(app.world().resource::<UiState>().dialog, None);
    app.world_mut().resource_mut::<UiFocus>().typing = false;
    question(&mut app);
    assert_eq!(app.world().resource::<UiState>().dialog, Some(Dialog::Keys));
    // The list names the keys the game answers to.
    let keys: Vec<String> = agon::ui::shortcuts::KEYS
        .iter()
        .map(|k| agon::i18n::Lang::En.text(k, &[]))
        .collect();
    for k in ["Esc", "Ctrl+Z", "Ctrl+Y", "H", "R", "?"] {
        assert!(keys.iter().any(|s| s == k), "{k}");
    }
    key(&mut app, KeyCode::Escape);
    assert_eq!(app.world().resource::<UiState>().dialog, None);
}
