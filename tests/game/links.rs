//! Links from the command line (`--open`): a game opens at its last
//! position with its history; over a saved game the player is asked first;
//! a bad link opens nothing, says why, and leaves the saved game as it was.

use agon_rules::link::encode_game;

use super::*;

fn game_of(actions: &[&str]) -> Game {
    let mut g = Game::new();
    for t in actions {
        g.play_text(t).unwrap();
    }
    g
}

const ACTIONS: [&str; 3] = ["f1-f2", "f11-f10", "f2-f3"];

#[test]
fn a_game_link_opens_the_game_with_its_history() {
    let dir = data_dir("link-open");
    let g = game_of(&ACTIONS);
    let link = format!(
        "http://127.0.0.1:8080/?game={}&mode=pass-and-play",
        encode_game(&g)
    );
    let mut app = whole_app(&dir, &["--open", &link]);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Playing);
    let m = app.world().resource::<Match>();
    assert_eq!(m.mode, Mode::PassAndPlay);
    assert_eq!(m.position(), g.position());
    assert_eq!(m.game.history(), g.history());
    assert!(app.world().resource::<Notices>().0.is_empty());
    // An unfinished game, saved as any other.
    let saved = String::from_utf8(save_file(&dir).expect("saved")).unwrap();
    assert!(saved.contains("f2-f3"), "{saved}");
}

#[test]
fn a_link_over_a_saved_game_asks_first() {
    let dir = data_dir("link-asks");
    let text = saved_game_text(&["b1-b2", "f11-f10"]);
    std::fs::write(dir.join("save.json"), &text).unwrap();
    let g = game_of(&ACTIONS);
    let link = format!("?game={}&mode=vs-computer&side=dark", encode_game(&g));
    let mut app = whole_app(&dir, &["--open", &link]);
    frames(&mut app, 2);
    let ui = app.world().resource::<UiState>();
    assert_eq!(ui.dialog, Some(Dialog::ConfirmDiscard));
    assert!(ui.pending.is_some());
    assert!(app.world().resource::<Match>().game.history().is_empty());
    assert!(app.world().resource::<SavedGame>().0.is_some());
    assert_eq!(save_file(&dir).as_deref(), Some(text.as_bytes()));
    // Agreed, the link's game replaces it.
    let pending = app.world_mut().resource_mut::<UiState>().pending.take();
    command(&mut app, pending.expect("the link waits").confirmed());
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.history(), g.history());
    assert_eq!(
        m.mode,
        Mode::VsComputer {
            human: Side::Dark,
            level: app.world().resource::<agon::store::Settings>().level
        }
    );
    assert_ne!(save_file(&dir).as_deref(), Some(text.as_bytes()));
}

#[test]
fn a_bad_link_opens_nothing_and_says_why() {
    let code = encode_game(&game_of(&ACTIONS));
    let cases = [
        ("?game=AR!t".to_string(), "“!” at byte 2 cannot be part"),
        // Version 1, the standard start, four actions, the first numbered
        // 30 when there are 27.
        (
            "?game=ARfg".to_string(),
            "Action 1 of the game code is not one",
        ),
        (
            format!("?game={code}&pad={}", "x".repeat(8192)),
            "The link is too long",
        ),
    ];
    for (i, (link, problem)) in cases.into_iter().enumerate() {
        let dir = data_dir(&format!("link-bad-{i}"));
        let text = saved_game_text(&["b1-b2", "f11-f10"]);
        std::fs::write(dir.join("save.json"), &text).unwrap();
        let mut app = whole_app(&dir, &["--open", &link]);
        frames(&mut app, 2);
        let notices = &app.world().resource::<Notices>().0;
        assert!(
            notices
                .iter()
                .map(|n| n.to_string())
                .any(|n| n.starts_with("The link could not be opened") && n.contains(problem)),
            "{problem}: {notices:?}"
        );
        let ui = app.world().resource::<UiState>();
        assert!(ui.pending.is_none() && ui.dialog.is_none(), "{problem}");
        assert_eq!(screen(&app), Screen::Menu);
        assert!(app.world().resource::<Match>().game.history().is_empty());
        assert!(app.world().resource::<SavedGame>().0.is_some());
        drop(app);
        assert_eq!(
            save_file(&dir).as_deref(),
            Some(text.as_bytes()),
            "{problem}"
        );
    }
}

/// Opens a link in a running game, as the import box does.
fn open_link(app: &mut App, link: &str) {
    let level = app.world().resource::<agon::store::Settings>().level;
    let command = agon::game::link::read_link(link, level).expect("a good link");
    app.world_mut().write_message(command);
}

/// Playing a friend by link: my action, the link I send, their screen
/// seeing it arrive, their reply, and mine taking it without a question.
/// The friend's side cannot be played here, and only one's own unanswered
/// action can be taken back.
#[test]
fn a_friend_by_link_plays_turn_about() {
    use agon::game::link::friend_link;
    use agon::game::owner::Arriving;
    use agon::game::{Setup, SideChoice};

    let mut me = whole_app(&data_dir("friend-mine"), &[]);
    command(
        &mut me,
        MatchCommand::new_game(Setup::Remote {
            side: SideChoice::Light,
        }),
    );
    assert_eq!(
        me.world().resource::<Match>().mode,
        Mode::Remote { me: Side::Light }
    );
    assert_eq!(friend_link(me.world().resource::<Match>()), None, "my turn");
    me.world_mut().write_message(RequestAction(a("f1-f2")));
    frames(&mut me, 2);
    let link = friend_link(me.world().resource::<Match>()).expect("the friend is to move");
    assert!(link.contains("mode=remote&side=dark"), "{link}");
    // Dark is the friend's: clicking a dark piece picks up nothing.
    click(&mut me, "f11");
    assert_eq!(me.world().resource::<Selection>().from, None);
    assert!(
        me.world().resource::<Match>().can_undo(),
        "my unanswered action"
    );

    // The friend opens it: the game at my action, which is seen arriving
    // (taken back as it opens, played again the next frame).
    let theirs = data_dir("friend-theirs");
    let mut friend = whole_app(&theirs, &[]);
    open_link(&mut friend, &link);
    friend.update();
    {
        let m = friend.world().resource::<Match>();
        assert_eq!(m.mode, Mode::Remote { me: Side::Dark });
        assert!(m.game.history().is_empty(), "before f1-f2 arrives");
    }
    let mut applied = friend
        .world()
        .resource::<Messages<ActionApplied>>()
        .get_cursor();
    friend.update();
    let arrived = drain(&mut friend, &mut applied);
    assert_eq!(arrived.len(), 1);
    assert_eq!(arrived[0].played.action, a("f1-f2"));
    assert!(friend.world().resource::<Arriving>().is_empty());
    {
        let m = friend.world().resource::<Match>();
        assert_eq!(m.game.history().len(), 1);
        assert!(
            m.human_to_move() && !m.can_undo(),
            "my action is not theirs to undo"
        );
    }
    friend
        .world_mut()
        .write_message(RequestAction(a("f11-f10")));
    frames(&mut friend, 2);
    let reply = friend_link(friend.world().resource::<Match>()).expect("my turn again");
    assert!(reply.contains("side=light"), "{reply}");
    let saved = String::from_utf8(save_file(&theirs).expect("saved")).unwrap();
    assert!(saved.contains("\"kind\": \"remote\""), "{saved}");

    // Their link continues my game: it opens without a question.
    open_link(&mut me, &reply);
    frames(&mut me, 3);
    assert_eq!(me.world().resource::<UiState>().dialog, None);
    let m = me.world().resource::<Match>();
    assert_eq!(m.mode, Mode::Remote { me: Side::Light });
    assert_eq!(m.game.history().len(), 2);
    assert!(m.human_to_move());

    // A link of another game does not replace mine without asking.
    let other = format!(
        "?game={}&mode=remote&side=dark",
        encode_game(&game_of(&["b1-b2"]))
    );
    open_link(&mut me, &other);
    frames(&mut me, 2);
    assert_eq!(
        me.world().resource::<UiState>().dialog,
        Some(Dialog::ConfirmDiscard)
    );
    assert_eq!(me.world().resource::<Match>().game.history().len(), 2);
}

/// Files the browser reads (picked or dropped on the page) open like the
/// import box; one that cannot be read is named with its problem.
#[test]
fn files_from_the_browser_open_like_the_import_box() {
    use agon::store::files::{Arrived, Inbox};
    let mut app = whole_app(&data_dir("inbox"), &[]);
    let g = game_of(&ACTIONS);
    let record = agon_rules::Record::from_game(&g, Mode::PassAndPlay.players(), None).to_json();
    let inbox = app.world().resource::<Inbox>().clone();
    inbox.deliver(Arrived {
        name: Some("agon-2026-12-01.json".into()),
        text: Ok(record),
    });
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(app.world().resource::<Match>().game.history(), g.history());
    assert_eq!(app.world().resource::<Match>().mode, Mode::PassAndPlay);

    inbox.deliver(Arrived {
        name: Some("notes.txt".into()),
        text: Ok("f1-f2 f11-f12".into()),
    });
    inbox.deliver(Arrived {
        name: Some("huge.json".into()),
        text: Err(agon::i18n::errors::file_problem(
            "huge.json is larger than 4 MiB",
        )),
    });
    frames(&mut app, 2);
    let ui = app.world().resource::<UiState>();
    assert_eq!(ui.dialog, Some(Dialog::Records));
    let message = ui.records_message.clone().unwrap_or_default();
    assert!(message.starts_with("huge.json was not loaded"), "{message}");
    assert_eq!(app.world().resource::<Match>().game.history(), g.history());
}
