//! Going through a game: the board shows an earlier position while the game
//! itself, its history and the computer's turn, stay as they are.

use agon::game::computer::Thinker;

use super::*;

fn browse(app: &mut App, to: Option<usize>) {
    command(app, MatchCommand::Browse(to));
}

fn on_board(app: &mut App) -> Vec<(Cell, Kind, Side)> {
    let mut q = app.world_mut().query::<&agon::scene::pieces::PieceView>();
    let mut v: Vec<_> = q
        .iter(app.world())
        .map(|p| (p.cell, p.kind, p.side))
        .collect();
    v.sort_by_key(|(c, _, _)| c.to_string());
    v
}

fn pieces_of(pos: &Position) -> Vec<(Cell, Kind, Side)> {
    let mut v: Vec<_> = [Side::Light, Side::Dark]
        .iter()
        .flat_map(|&s| pos.pieces(s).iter().map(move |c| (c, s)))
        .map(|(c, s)| (c, pos.piece_at(c).unwrap().kind, s))
        .collect();
    v.sort_by_key(|(c, _, _)| c.to_string());
    v
}

#[test]
fn browsing_shows_earlier_positions_and_leaves_the_game_as_it_is() {
    let mut app = whole_app(&data_dir("browse"), &["--mode", "pass-and-play"]);
    for t in ["f1-f2", "f11-f10", "f2-f3"] {
        let (from, to) = t.split_once('-').unwrap();
        click(&mut app, from);
        click(&mut app, to);
    }
    frames(&mut app, 3);
    let history: Vec<Action> = app.world().resource::<Match>().game.actions().collect();
    assert_eq!(history.len(), 3);
    let game_now = position(&app);

    // The start, then one action in: the board follows, the game does not.
    browse(&mut app, Some(0));
    assert_eq!(on_board(&mut app), pieces_of(&Position::start()));
    browse(&mut app, Some(1));
    let mut after_one = Game::new();
    after_one.play_text("f1-f2").unwrap();
    assert_eq!(on_board(&mut app), pieces_of(after_one.position()));
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.actions().collect::<Vec<_>>(), history);
    assert_eq!(*m.position(), game_now);
    let said = latest_said(&app);
    assert!(said.starts_with("The position after 1 action."), "{said}");

    // The game's own next action, played from an earlier position, only
    // steps along the game.
    click(&mut app, "f11");
    click(&mut app, "f10");
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.history().len(), 3);
    assert_eq!((m.line, m.browsing), (None, Some(2)));
    assert!(m.variations.is_empty());

    // End comes back to the game, where play goes on.
    key(&mut app, KeyCode::End);
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<Match>().browsing, None);
    assert_eq!(on_board(&mut app), pieces_of(&game_now));
    click(&mut app, "f10");
    click(&mut app, "f9");
    assert_eq!(app.world().resource::<Match>().game.history().len(), 4);
    // Home goes to the start; browsing to the last position is the game.
    key(&mut app, KeyCode::Home);
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<Match>().browsing, Some(0));
    browse(&mut app, Some(4));
    assert_eq!(app.world().resource::<Match>().browsing, None);
    // Undo takes back an action of the game, and shows the game.
    browse(&mut app, Some(2));
    command(&mut app, MatchCommand::Undo);
    assert_eq!(app.world().resource::<Match>().browsing, None);
    assert_eq!(app.world().resource::<Match>().game.history().len(), 3);
}

#[test]
fn the_computer_plays_on_while_an_earlier_position_is_shown() {
    let mut app = whole_app(
        &data_dir("browse-computer"),
        &[
            "--mode",
            "vs-computer",
            "--level",
            "beginner",
            "--side",
            "light",
        ],
    );
    click(&mut app, "f1");
    click(&mut app, "f2");
    browse(&mut app, Some(0));
    let replied = run_until(&mut app, 30.0, |app| {
        app.world().resource::<Match>().game.history().len() == 2
    });
    assert!(
        replied,
        "the computer did not reply while the player browsed"
    );
    // The board still shows the start; the game has both actions.
    assert_eq!(app.world().resource::<Match>().browsing, Some(0));
    assert_eq!(on_board(&mut app), pieces_of(&Position::start()));
    assert!(!app.world().resource::<Thinker>().thinking());
    browse(&mut app, None);
    let game_now = position(&app);
    assert_eq!(on_board(&mut app), pieces_of(&game_now));
}

#[test]
fn a_finished_game_is_reviewed_off_the_frame_and_its_graph_leads_to_positions() {
    use agon::game::review::{GameReview, ReviewRequest};
    let mut app = whole_app(&data_dir("review"), &["--mode", "pass-and-play"]);
    for t in ["f1-f2", "f11-f10", "f2-f3", "f10-f9"] {
        let (from, to) = t.split_once('-').unwrap();
        click(&mut app, from);
        click(&mut app, to);
    }
    command(&mut app, MatchCommand::Resign);
    assert!(app.world().resource::<Match>().is_over());
    app.world_mut().write_message(ReviewRequest);
    let done = run_until(&mut app, 60.0, |app| {
        let m = app.world().resource::<Match>();
        app.world().resource::<GameReview>().of(m).is_some()
    });
    assert!(done, "no review");
    let m = app.world().resource::<Match>();
    let review = app.world().resource::<GameReview>().of(m).unwrap().clone();
    assert_eq!(review.actions.len(), 4);
    let played: Vec<Action> = review.actions.iter().map(|a| a.played).collect();
    assert_eq!(played, m.game.actions().collect::<Vec<_>>());
    assert_eq!(review.light_chances().len(), 5);
    // Another game drops the review of this one.
    command(
        &mut app,
        MatchCommand::new_game(agon::game::Setup::PassAndPlay).confirmed(),
    );
    frames(&mut app, 2);
    let m = app.world().resource::<Match>();
    assert!(app.world().resource::<GameReview>().of(m).is_none());
}

/// Every piece where the shown position has it, at rest, dimmed when out
/// of play, once the motions have run.
fn board_rests_on_shown_position(app: &mut App) {
    use agon::scene::pieces::{PieceView, rest_transform};
    for _ in 0..600 {
        let mut moving = app.world_mut().query::<&Motion>();
        if moving.iter(app.world()).next().is_none() {
            break;
        }
        app.update();
    }
    let shown = *app.world().resource::<Match>().shown_position();
    let mut q = app.world_mut().query::<(&PieceView, &Transform)>();
    let mut n = 0;
    for (view, tr) in q.iter(app.world()) {
        n += 1;
        let piece = shown
            .piece_at(view.cell)
            .expect("a piece where the view has one");
        assert_eq!(
            (piece.kind, piece.side),
            (view.kind, view.side),
            "{}",
            view.cell
        );
        assert_eq!(
            view.out_of_play,
            shown.is_out_of_play(view.cell),
            "{}",
            view.cell
        );
        let rest = rest_transform(view.cell, view.kind, view.out_of_play);
        assert!(
            tr.translation.distance(rest.translation) < 1e-3,
            "{}: {:?} is not at rest",
            view.cell,
            tr.translation
        );
    }
    assert_eq!(n, shown.occupied().iter().count());
}

/// One step back runs the action backwards: a relocated guard flies back
/// to its cell, captured again; a capture's piece returns and the captured
/// guard stands again. A jump of several actions rebuilds the board.
#[test]
fn a_step_back_runs_the_action_backwards() {
    let mut app = whole_app(
        &data_dir("browse-back"),
        &["--mode", "pass-and-play", "--animation", "fast"],
    );
    let text = "d9-d8 l2-k2 a5-b6 f11-f10 b6-c6 a2-b2 c6-d6 b2-c3 d6-e6 c3-d4 d8-d7 k7-i7 \
                l5-k6 i7-h7 b1-c2 d4-e5 c2-d3 k2-i3 d3-e4xe5 e5-l6";
    let mut g = Game::new();
    for t in text.split_whitespace() {
        g.play_text(t).unwrap();
    }
    set_match(&mut app, g, Mode::PassAndPlay);
    frames(&mut app, 2);
    board_rests_on_shown_position(&mut app);
    let moving = |app: &mut App, cell: &str| {
        let e = app.world().resource::<agon::scene::pieces::PieceMap>().0[&c(cell)];
        app.world().get::<Motion>(e).is_some()
    };
    // Back through the relocation e5-l6.
    browse(&mut app, Some(19));
    assert!(moving(&mut app, "e5"), "the guard flies back to e5");
    board_rests_on_shown_position(&mut app);
    // Back through the capture d3-e4xe5.
    browse(&mut app, Some(18));
    assert!(moving(&mut app, "d3") && moving(&mut app, "e5"));
    board_rests_on_shown_position(&mut app);
    // Forward again, then a jump.
    browse(&mut app, Some(19));
    assert!(moving(&mut app, "e4"));
    board_rests_on_shown_position(&mut app);
    browse(&mut app, Some(3));
    board_rests_on_shown_position(&mut app);
    browse(&mut app, None);
    board_rests_on_shown_position(&mut app);
}

/// Another action from an earlier position starts a variation: the game
/// stays as it is (and on disk), the board shows the variation, which goes
/// on; promoted, it becomes the game (saved so), the old line a variation.
#[test]
fn an_action_from_an_earlier_position_starts_a_variation_that_can_become_the_game() {
    let dir = data_dir("variation");
    let mut app = whole_app(&dir, &["--mode", "pass-and-play"]);
    for t in ["f1-f2", "f11-f10", "f2-f3"] {
        let (from, to) = t.split_once('-').unwrap();
        click(&mut app, from);
        click(&mut app, to);
    }
    frames(&mut app, 2);
    let saved = save_file(&dir).expect("a save");
    browse(&mut app, Some(1));
    click(&mut app, "d1");
    click(&mut app, "d2");
    frames(&mut app, 2);
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.history().len(), 3);
    assert_eq!(m.variations.len(), 1);
    assert_eq!((m.line, m.browsing), (Some(0), Some(2)));
    let mut expected = Game::new();
    for t in ["f1-f2", "d1-d2"] {
        expected.play_text(t).unwrap();
    }
    assert_eq!(on_board(&mut app), pieces_of(expected.position()));
    let said = app.world().resource::<Match>().variations[0].from;
    assert_eq!(said, 1);
    // It goes on, typed this time; the saved game is untouched.
    app.world_mut()
        .write_message(agon::game::TypedAction("b1-b2".into()));
    frames(&mut app, 2);
    let m = app.world().resource::<Match>();
    assert_eq!(m.variations[0].actions().len(), 2);
    assert_eq!(m.browsing, Some(3));
    assert_eq!(save_file(&dir).unwrap(), saved);
    // End is the game again; the variation stays.
    key(&mut app, KeyCode::End);
    frames(&mut app, 2);
    let m = app.world().resource::<Match>();
    assert_eq!((m.line, m.browsing), (None, None));
    assert_eq!(on_board(&mut app), pieces_of(&position(&app)));

    // Promoted: the game is f1-f2 d1-d2 b1-b2, and so is the save.
    command(&mut app, MatchCommand::Promote(0));
    frames(&mut app, 2);
    let m = app.world().resource::<Match>();
    let actions: Vec<String> = m.game.actions().map(|a| a.to_string()).collect();
    assert_eq!(actions, ["f1-f2", "d1-d2", "b1-b2"]);
    assert_eq!(m.variations.len(), 1);
    let old: Vec<String> = m.variations[0]
        .game
        .actions()
        .map(|a| a.to_string())
        .collect();
    assert_eq!(old, ["f1-f2", "f11-f10", "f2-f3"]);
    let on_disk = String::from_utf8(save_file(&dir).unwrap()).unwrap();
    assert_eq!(on_disk, m.record().to_json());
    // Deleted, it is gone, and the game stays.
    command(&mut app, MatchCommand::DeleteVariation(0));
    let m = app.world().resource::<Match>();
    assert!(m.variations.is_empty());
    assert_eq!(m.game.history().len(), 3);
}
