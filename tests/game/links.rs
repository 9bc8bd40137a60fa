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
        ("?game=AR!t".to_string(), "bad character '!' at 2"),
        // Version 1, the standard start, four actions, the first numbered
        // 30 when there are 27.
        ("?game=ARfg".to_string(), "action 0 is out of range"),
        (
            format!("?game={code}&pad={}", "x".repeat(8192)),
            "the link is too long",
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
