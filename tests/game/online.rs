//! Online play through a real `agon-server` on loopback (a SQLite file in a
//! temporary folder), between two whole games as `main` builds them,
//! headless: a game created and joined by its room, actions played on one
//! board arriving on the other, the seat kept on disk and taken again by a
//! game launched anew on the same data folder, and the end by resignation
//! on both boards.

use std::ffi::OsString;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use agon::game::online::{Online, OnlineRequest};
use agon_rules::{Ending, Side};

use super::*;

/// The server, on a runtime of its own; stopped when dropped.
struct Server {
    runtime: Option<tokio::runtime::Runtime>,
    port: u16,
}

impl Server {
    fn start(dir: &std::path::Path) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let args = [
            "--listen".to_string(),
            format!("127.0.0.1:{port}"),
            "--db".to_string(),
            dir.join("server.db").display().to_string(),
        ];
        let options = agon_server::Options::parse(args).unwrap();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.spawn(async move {
            if let Err(e) = agon_server::run(options).await {
                panic!("the server stopped: {e}");
            }
        });
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "the server did not listen");
            std::thread::sleep(Duration::from_millis(20));
        }
        Server {
            runtime: Some(runtime),
            port,
        }
    }

    fn url(&self) -> String {
        format!("ws://127.0.0.1:{}/ws", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

/// A whole game on the server, its data in `dir`.
fn player(dir: &std::path::Path, server: &Server, more: &[&str]) -> App {
    let mut args: Vec<OsString> = ["--lang", "en", "--server"]
        .iter()
        .map(OsString::from)
        .collect();
    args.push(server.url().into());
    args.extend(more.iter().map(OsString::from));
    let options = Options::parse(&args).unwrap();
    let store = FileStore {
        dir: dir.to_path_buf(),
    };
    let mut app = agon::headless::app(options, Box::new(store));
    app.update();
    app
}

/// Runs both games (the sockets work on threads of their own) until
/// `done`, or fails after a while.
fn until(apps: &mut [&mut App], what: &str, done: impl Fn(&[&mut App]) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        for app in apps.iter_mut() {
            app.update();
        }
        if done(apps) {
            return;
        }
        assert!(Instant::now() < deadline, "never: {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn the_match(app: &App) -> &Match {
    app.world().resource::<Match>()
}

fn room(app: &App) -> Option<String> {
    the_match(app).room.clone()
}

fn ask(app: &mut App, request: OnlineRequest) {
    app.world_mut().write_message(request);
}

fn actions(app: &App) -> Vec<String> {
    the_match(app)
        .game
        .actions()
        .map(|a| a.to_string())
        .collect()
}

#[test]
fn two_games_play_through_the_server_and_a_seat_comes_back() {
    let server_dir = data_dir("online-server");
    let server = Server::start(&server_dir);
    let (light_dir, dark_dir) = (data_dir("online-light"), data_dir("online-dark"));
    let mut light = player(&light_dir, &server, &[]);
    let mut dark = player(&dark_dir, &server, &[]);
    let id = create_as_light(&mut light);
    assert_eq!(
        the_match(&light).mode,
        Mode::Online {
            me: Some(Side::Light)
        }
    );
    // The seat is kept on disk, never in the link.
    let seats = std::fs::read_to_string(light_dir.join("online.json")).unwrap();
    assert!(seats.contains(&id), "{seats}");
    let link = agon::game::link::link_query(the_match(&light));
    assert_eq!(link, format!("online={id}"));
    ask(&mut dark, OnlineRequest::Join { room: id.clone() });
    until(&mut [&mut light, &mut dark], "both are seated", |a| {
        the_match(a[1]).mode
            == Mode::Online {
                me: Some(Side::Dark),
            }
            && a[0].world().resource::<Online>().started()
    });
    // Light plays on the board as a person does; Dark's board shows it.
    click(&mut light, "f1");
    click(&mut light, "f2");
    assert_eq!(actions(&light), ["f1-f2"]);
    until(&mut [&mut light, &mut dark], "the action arrives", |a| {
        actions(a[1]) == ["f1-f2"]
    });
    // Not Dark's to play on Light's board.
    click(&mut light, "f11");
    click(&mut light, "f10");
    assert_eq!(actions(&light), ["f1-f2"]);
    click(&mut dark, "f11");
    click(&mut dark, "f10");
    until(&mut [&mut light, &mut dark], "the answer arrives", |a| {
        actions(a[0]) == ["f1-f2", "f11-f10"]
    });
    // Light closes the game; launched anew on the same data folder with the
    // room's link, it takes the same seat and the game as it stands.
    drop(light);
    let mut light = player(&light_dir, &server, &["--open", &format!("?{link}")]);
    until(&mut [&mut light, &mut dark], "Light is back", |a| {
        the_match(a[0]).mode
            == Mode::Online {
                me: Some(Side::Light),
            }
            && actions(a[0]) == ["f1-f2", "f11-f10"]
    });
    click(&mut light, "b1");
    click(&mut light, "b2");
    until(&mut [&mut light, &mut dark], "the game goes on", |a| {
        actions(a[1]) == ["f1-f2", "f11-f10", "b1-b2"]
    });
    // Dark offers a draw: Light's screen reader hears it; Light declines.
    ask(&mut dark, OnlineRequest::OfferDraw);
    until(&mut [&mut light, &mut dark], "the offer is said", |a| {
        let said = a[0].world().resource::<agon::ui::announce::Announcements>();
        said.latest() == Some("Your opponent offers a draw.")
            && a[1].world().resource::<Online>().draw_offer() == Some(Side::Dark)
    });
    ask(&mut light, OnlineRequest::DeclineDraw);
    until(&mut [&mut light, &mut dark], "the offer is declined", |a| {
        a[1].world().resource::<Online>().draw_offer().is_none()
    });
    // Dark resigns: both boards end the same way.
    ask(&mut dark, OnlineRequest::Resign);
    let resigned = Some(Ending::Resignation {
        winner: Side::Light,
    });
    until(&mut [&mut light, &mut dark], "the game ends", |a| {
        a.iter().all(|app| the_match(app).result() == resigned)
    });
    // Nothing of it reached the saved game of either.
    assert!(!light_dir.join("save.json").exists());
    assert!(!dark_dir.join("save.json").exists());
}

/// Creates an unlisted game without a clock as Light; returns its room.
fn create_as_light(light: &mut App) -> String {
    ask(
        light,
        OnlineRequest::Create {
            side: agon_wire::SideChoice::Light,
            clock: None,
            listed: false,
        },
    );
    until(&mut [&mut *light], "the game is created", |a| {
        room(a[0]).is_some()
    });
    room(light).unwrap()
}

/// Two games seated in one room on a fresh server, Light's f1-f2 played.
fn seated(name: &str) -> (Server, App, App) {
    let server = Server::start(&data_dir(&format!("{name}-server")));
    let mut light = player(&data_dir(&format!("{name}-light")), &server, &[]);
    let mut dark = player(&data_dir(&format!("{name}-dark")), &server, &[]);
    let id = create_as_light(&mut light);
    ask(&mut dark, OnlineRequest::Join { room: id });
    until(&mut [&mut light, &mut dark], "both are seated", |a| {
        a[0].world().resource::<Online>().started() && room(a[1]).is_some()
    });
    click(&mut light, "f1");
    click(&mut light, "f2");
    until(&mut [&mut light, &mut dark], "the action arrives", |a| {
        actions(a[1]) == ["f1-f2"]
    });
    (server, light, dark)
}

/// Light has left the room for good: Dark sees the seat empty, and the
/// room does not pull Light's board back.
fn left_for_good(light: &mut App, dark: &mut App) {
    until(
        &mut [&mut *light, &mut *dark],
        "Dark sees Light gone",
        |a| {
            a[1].world()
                .resource::<Online>()
                .presence()
                .is_some_and(|p| !p.seat(Side::Light))
        },
    );
    for _ in 0..40 {
        light.update();
        dark.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(!matches!(the_match(light).mode, Mode::Online { .. }));
    assert_eq!(room(light), None);
    let online = light.world().resource::<Online>();
    assert_eq!(online.room_id(), None);
    assert_eq!(online.connection(), agon::game::online::Connection::Off);
}

/// A new game started during an online one leaves its room.
#[test]
fn a_new_game_leaves_the_online_room_for_good() {
    let (_server, mut light, mut dark) = seated("online-leave");
    set_match(&mut light, Game::new(), Mode::PassAndPlay);
    left_for_good(&mut light, &mut dark);
    assert_eq!(the_match(&light).mode, Mode::PassAndPlay);
    assert!(actions(&light).is_empty());
}

/// A puzzle opened during an online game leaves its room too, and what
/// comes back after the puzzle is not the stale online game.
#[test]
fn a_puzzle_leaves_the_online_room_and_does_not_bring_it_back() {
    let (_server, mut light, mut dark) = seated("online-puzzle");
    light.world_mut().write_message(MatchCommand::StartPuzzle(
        agon::game::puzzle::PuzzleStart::Daily,
    ));
    light.update();
    assert!(matches!(the_match(&light).mode, Mode::Puzzle { .. }));
    left_for_good(&mut light, &mut dark);
    light.world_mut().write_message(MatchCommand::LeavePuzzle);
    light.update();
    light.update();
    assert!(
        !matches!(
            the_match(&light).mode,
            Mode::Online { .. } | Mode::Puzzle { .. }
        ),
        "{:?}",
        the_match(&light).mode
    );
    assert_eq!(room(&light), None);
}

/// A room the server does not have is said in the player's words, and the
/// game on the board stays as it was.
#[test]
fn a_link_that_names_no_room_is_said_and_nothing_changes() {
    let server_dir = data_dir("online-none-server");
    let server = Server::start(&server_dir);
    let dir = data_dir("online-none");
    let mut app = player(
        &dir,
        &server,
        &["--mode", "pass-and-play", "--play", "f1-f2"],
    );
    ask(
        &mut app,
        OnlineRequest::Join {
            room: "NoSuchRoom1".into(),
        },
    );
    until(&mut [&mut app], "the refusal", |a| {
        a[0].world().resource::<Online>().refused.is_some()
    });
    let said = app.world().resource::<Online>().refused.clone().unwrap();
    assert_eq!(said.to_string(), "There is no such game on the server.");
    // The game on the board is as it was.
    assert_eq!(the_match(&app).mode, Mode::PassAndPlay);
    assert_eq!(actions(&app), ["f1-f2"]);
}
