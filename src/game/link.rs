//! Links: a game or a position in a web address, read into a request for
//! the match's owner and written from the match (NOTATION.md, "Links"). On
//! the web the page's own address follows the game on the board
//! ([`keep_address`]), so that reloading or sharing it opens the same game.
//!
//! `?game=CODE` opens a whole game at its last position, its actions in the
//! move list; `?afn=AFN` opens a position ready to play. `mode=`, `side=`
//! (the person's side against the computer) and `level=` say who plays
//! whom. The rules crate reads the codes, the positions and the query; this
//! module only chooses what they open.

use agon_ai::Level;
use agon_rules::Game;
use agon_rules::link::{self, MAX_CODE_ACTIONS, MAX_LINK_BYTES};
use bevy::prelude::*;

use crate::game::mode::ModeChoice;
use crate::game::tutorial::Tutorial;
use crate::game::{Match, MatchCommand, Mode, Screen};
use crate::i18n::Message;
use crate::page;

/// Where the desktop game's links lead when `AGON_WEB_URL` was not set at
/// build time: what `scripts/web.sh serve` serves.
const LOCAL_WEB_URL: &str = "http://127.0.0.1:8080/";

/// The longest game code a link carries: half of what a link may hold, the
/// rest left for the page's address. A longer game travels as its last
/// position (`afn=`), its history left out.
const MAX_LINK_CODE: usize = MAX_LINK_BYTES / 2;

/// Keeps the first value of a key and refuses a second one.
fn once(slot: &mut Option<String>, key: &'static str, value: String) -> Result<(), Message> {
    if slot.is_some() {
        return Err(Message::new("error-link-twice").with("key", key));
    }
    *slot = Some(value);
    Ok(())
}

/// Reads a link, a whole address or only its query (`?game=...`,
/// `afn=...`), into a new game for the owner, which asks before it replaces
/// an unfinished or saved game. The level is `default_level` unless the
/// link names one. The error names the problem.
pub fn read_link(text: &str, default_level: Level) -> Result<MatchCommand, Message> {
    let pairs = link::parse_query(text.trim()).map_err(Message::from)?;
    let (mut code, mut afn, mut mode, mut side, mut level) = (None, None, None, None, None);
    for (key, value) in pairs {
        match key.as_str() {
            "game" => once(&mut code, "game", value)?,
            "afn" => once(&mut afn, "afn", value)?,
            "mode" => once(&mut mode, "mode", value)?,
            "side" => once(&mut side, "side", value)?,
            "level" => once(&mut level, "level", value)?,
            // An online game's link: `Play online` opens it, not a game;
            // a puzzle's, the puzzles.
            "online" => return Err(Message::new("error-link-online")),
            "puzzle" => return Err(Message::new("error-link-puzzle")),
            // Other keys are ignored, for forward compatibility: a link
            // from a later version may say more than this one reads.
            _ => {}
        }
    }
    let game = match (code, afn) {
        (Some(_), Some(_)) => return Err(Message::new("error-link-game-and-position")),
        (None, None) => return Err(Message::new("error-link-nothing")),
        (Some(code), None) => link::decode_game(&code).map_err(Message::from)?,
        (None, Some(afn)) => Game::from_position(link::decode_position(&afn)?),
    };
    // A value this game does not know, quoted as the link gives it.
    let quote = |value: &str| agon_rules::Excerpt(value).to_string();
    let mode = match mode {
        Some(m) => m
            .parse::<ModeChoice>()
            .map_err(|_| Message::new("error-link-mode").with("found", quote(&m)))?,
        None => ModeChoice::VsComputer,
    };
    let level = match level {
        Some(l) => l
            .parse::<Level>()
            .map_err(|_| Message::new("error-link-level").with("found", quote(&l)))?,
        None => default_level,
    };
    let side = match side {
        Some(s) => s
            .parse::<agon_rules::Side>()
            .map_err(|_| Message::new("error-link-side").with("found", quote(&s)))?,
        None => game.position().to_move(),
    };
    let setup = mode.setup(side.into(), level);
    Ok(MatchCommand::New {
        setup,
        game: Box::new(game),
        confirmed: false,
    })
}

/// The online room a link names (`?online=ROOM`), if it names one: the
/// room, or why it cannot be one.
pub(crate) fn online_room(text: &str) -> Option<Result<String, Message>> {
    let pairs = link::parse_query(text.trim()).ok()?;
    let room = pairs.into_iter().find(|(k, _)| k == "online")?.1;
    Some(match agon_wire::check_room(&room) {
        Ok(()) => Ok(room),
        Err(_) => {
            Err(Message::new("error-link-room")
                .with("found", agon_rules::Excerpt(&room).to_string()))
        }
    })
}

/// The puzzle a link names (`?puzzle=ID`), if it names one.
pub(crate) fn puzzle_id(text: &str) -> Option<String> {
    let pairs = link::parse_query(text.trim()).ok()?;
    pairs
        .into_iter()
        .find(|(k, _)| k == "puzzle")
        .map(|(_, id)| id)
}

/// The room a player gives: a link to it, or the room's id alone.
pub(crate) fn room_of(text: &str) -> Result<String, Message> {
    let text = text.trim();
    match online_room(text) {
        Some(room) => room,
        None => agon_wire::check_room(text)
            .map(|()| text.to_string())
            .map_err(|_| {
                Message::new("error-link-room").with("found", agon_rules::Excerpt(text).to_string())
            }),
    }
}

/// The query (without `?`) that opens this match again: `game=` and
/// `mode=`, with `side=` (the person's) and `level=` against the computer,
/// and `level=` when the computer plays itself. An ending through the
/// interface (a resignation) is not carried: the link opens the game at its
/// last position, to play on.
pub fn link_query(the_match: &Match) -> String {
    // An online game is its room: the link joins it (the seat stays with
    // its token on the device that has it).
    if let (Mode::Online { .. }, Some(room)) = (the_match.mode, &the_match.room) {
        return format!("online={room}");
    }
    // A puzzle's link opens the puzzle, to solve from its start.
    if let (Mode::Puzzle { .. }, Some(id)) = (the_match.mode, &the_match.puzzle) {
        return format!("puzzle={id}");
    }
    let mut query = game_param(&the_match.game, MAX_LINK_CODE);
    query.push_str("&mode=");
    query.push_str(ModeChoice::of(the_match.mode).name());
    match the_match.mode {
        Mode::VsComputer { human, level } => {
            query.push_str(&format!("&side={}&level={}", human.name(), level.name()));
        }
        Mode::Watch { level } => query.push_str(&format!("&level={}", level.name())),
        Mode::Remote { me } | Mode::Online { me: Some(me) } => {
            query.push_str(&format!("&side={}", me.name()))
        }
        Mode::PassAndPlay | Mode::Online { me: None } | Mode::Puzzle { .. } => {}
    }
    query
}

/// Playing a friend by link: the link to send them, the whole game with
/// the friend's side (`side=`, the side of whoever opens it). `None` unless
/// the friend is to move.
pub fn friend_link(the_match: &Match) -> Option<String> {
    let Mode::Remote { me } = the_match.mode else {
        return None;
    };
    the_match.friend_to_move().then(|| {
        format!(
            "{}?{}&mode=remote&side={}",
            link_base(),
            game_param(&the_match.game, MAX_LINK_CODE),
            (!me).name()
        )
    })
}

/// `game=CODE`, or `afn=` of the last position for a game whose code would
/// be over `max_code` bytes or that has more actions than a code may hold.
fn game_param(game: &Game, max_code: usize) -> String {
    if game.history().len() <= MAX_CODE_ACTIONS {
        let code = link::encode_game(game);
        if code.len() <= max_code {
            return format!("game={code}");
        }
    }
    format!("afn={}", link::encode_position(game.position()))
}

/// Where a link leads, before its `?`: on the web the page's own address
/// (without query or hash); on the desktop `AGON_WEB_URL` as it was when
/// the game was built, or the local server of `scripts/web.sh serve`.
pub(crate) fn link_base() -> String {
    page::address().unwrap_or_else(|| {
        option_env!("AGON_WEB_URL")
            .unwrap_or(LOCAL_WEB_URL)
            .to_string()
    })
}

/// Keeps the page's address in step with the game on the board: `?` and
/// the link to it, replacing the history entry (no reload, no new entry).
/// Not during a lesson, and not before a game is on the board, so that the
/// link the page was opened with stays while the player is asked about it.
fn keep_address(
    the_match: Res<Match>,
    tutorial: Res<Tutorial>,
    screen: Res<State<Screen>>,
    mut shown: Local<Option<(Game, Mode)>>,
) {
    if tutorial.active || *screen.get() != Screen::Playing {
        return;
    }
    // Compared only when the match changed: a frame costs the same at any
    // length of game.
    if !the_match.is_changed() && !screen.is_changed() && !tutorial.is_changed() {
        return;
    }
    let game = &the_match.game;
    let same = shown.as_ref().is_some_and(|(g, mode)| {
        *mode == the_match.mode && g.start() == game.start() && g.history() == game.history()
    });
    if !same {
        *shown = Some((game.clone(), the_match.mode));
        page::replace_query(&link_query(&the_match));
    }
}

/// On the web, the address follows the game once the frame's changes are in.
pub(super) fn plugin(app: &mut App) {
    if cfg!(target_arch = "wasm32") {
        app.add_systems(Last, keep_address);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Setup, SideChoice};
    use agon_rules::{Position, Side, splitmix64};

    fn opened(command: MatchCommand) -> (Setup, Game) {
        match command {
            MatchCommand::New {
                setup,
                game,
                confirmed,
            } => {
                assert!(!confirmed, "a link asks before it replaces a game");
                (setup, *game)
            }
            other => panic!("{other:?}"),
        }
    }

    fn game_of(actions: &[&str]) -> Game {
        let mut g = Game::new();
        for t in actions {
            g.play_text(t).unwrap();
        }
        g
    }

    #[test]
    fn a_game_link_opens_the_game_with_its_history() {
        let g = game_of(&["f1-f2", "f11-f10", "f2-f3"]);
        let code = link::encode_game(&g);
        for text in [
            format!("https://example.org/agon/?game={code}&mode=pass-and-play#top"),
            format!("?mode=pass-and-play&game={code}&future=1"),
            format!("  game={code}&mode=pass-and-play\n"),
        ] {
            let (setup, game) = opened(read_link(&text, Level::Easy).unwrap());
            assert_eq!(setup, Setup::PassAndPlay, "{text}");
            assert_eq!(game.position(), g.position());
            assert_eq!(game.history(), g.history());
        }
        // By default: against the computer, the person to move, the level given.
        let (setup, _) = opened(read_link(&format!("game={code}"), Level::Hard).unwrap());
        assert_eq!(
            setup,
            Setup::VsComputer {
                side: SideChoice::Dark,
                level: Level::Hard
            }
        );
        let text = format!("?game={code}&mode=vs-computer&side=light&level=master");
        let (setup, _) = opened(read_link(&text, Level::Hard).unwrap());
        assert_eq!(
            setup,
            Setup::VsComputer {
                side: SideChoice::Light,
                level: Level::Master
            }
        );
        let text = format!("?game={code}&mode=watch&level=beginner");
        let (setup, _) = opened(read_link(&text, Level::Hard).unwrap());
        assert_eq!(
            setup,
            Setup::Watch {
                level: Level::Beginner
            }
        );
    }

    #[test]
    fn a_position_link_opens_the_position_ready_to_play() {
        let afn = "6/7/5G2/5G3/4gg4/4gq1g3/2G1gg4/5Q3/3G1G2/5G1/6 d -";
        let position = Position::from_afn(afn).unwrap();
        let text = format!(
            "http://127.0.0.1:8080/?afn={}",
            link::encode_position(&position)
        );
        let (setup, game) = opened(read_link(&text, Level::Medium).unwrap());
        assert_eq!(*game.position(), position);
        assert!(game.history().is_empty());
        assert_eq!(
            setup,
            Setup::VsComputer {
                side: SideChoice::Dark,
                level: Level::Medium
            }
        );
        // A form's `+` for a space.
        let plus = format!("?afn={}", afn.replace(' ', "+").replace('/', "%2F"));
        assert_eq!(
            *opened(read_link(&plus, Level::Medium).unwrap())
                .1
                .position(),
            position
        );
    }

    #[test]
    fn a_bad_link_is_refused_naming_the_problem() {
        let code = link::encode_game(&game_of(&["f1-f2"]));
        let cases: Vec<(String, &str)> = vec![
            (
                "https://example.org/agon/".into(),
                "The link holds neither a game (game=) nor a position (afn=).",
            ),
            (
                format!("?game={code}&afn=x"),
                "The link gives both a game (game=) and a position (afn=).",
            ),
            (
                format!("?game={code}&game={code}"),
                "The link gives game= twice.",
            ),
            (
                format!("?game={code}&mode=chess"),
                "The link's mode=“chess” is not one of vs-computer, pass-and-play, watch or remote.",
            ),
            (
                format!("?game={code}&side=blue"),
                "The link's side=“blue” is neither light nor dark.",
            ),
            (
                format!("?game={code}&level=god"),
                "The link's level=“god” is not one of beginner, easy, medium, hard or master.",
            ),
            (
                "?game=AR!t".into(),
                "“!” at byte 2 cannot be part of a game code (only A to Z, a to z, 0 to 9, - and _ can).",
            ),
            ("?game=".into(), "The game code is empty."),
            // Version 1, the standard start, four actions, the first
            // numbered 30 of 27.
            (
                "?game=ARfg".into(),
                "Action 1 of the game code is not one of the actions that can be played there.",
            ),
            (
                "?afn=1g2G1".into(),
                "The position in the link is impossible. A position has three parts (the board, \
                 the side to move, the captured pieces) separated by single spaces, but this one has 1.",
            ),
            (
                "?afn=%zz".into(),
                "“%zz” at byte 5 is not an escape: “%” is followed by two hexadecimal digits.",
            ),
        ];
        for (text, expected) in cases {
            let e = read_link(&text, Level::Easy).unwrap_err();
            assert_eq!(e.to_string(), expected, "{text}");
        }
        // Over 8 KiB, refused before anything is read.
        let long = format!("?game={code}&pad={}", "x".repeat(MAX_LINK_BYTES));
        let e = read_link(&long, Level::Easy).unwrap_err().to_string();
        assert!(e.starts_with("The link is too long"), "{e}");
    }

    /// Random choices from a seed.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_add(agon_rules::SPLITMIX64_GAMMA);
            (splitmix64(self.0) % n as u64) as usize
        }

        /// Random legal actions, up to `plies` in all or the game's end.
        fn play(&mut self, mut game: Game, plies: usize) -> Game {
            while !game.is_over() && game.history().len() < plies {
                let list = game.legal_actions();
                game.play(list[self.below(list.len())]).unwrap();
            }
            game
        }
    }

    /// A random match: a third from another start, some random actions, a
    /// random mode.
    fn random_match(seed: u64) -> Match {
        let mut rng = Rng(seed);
        let mut start = Position::start();
        if rng.below(3) == 0 {
            let plies = 1 + rng.below(40);
            let before = rng.play(Game::new(), plies);
            if !before.is_over() {
                start = *before.position();
            }
        }
        let plies = rng.below(120);
        let game = rng.play(Game::from_position(start), plies);
        let level = Level::ALL[rng.below(Level::ALL.len())];
        let mode = match rng.below(4) {
            0 => Mode::PassAndPlay,
            1 => Mode::Watch { level },
            2 => Mode::Remote {
                me: Side::BOTH[rng.below(2)],
            },
            _ => Mode::VsComputer {
                human: Side::BOTH[rng.below(2)],
                level,
            },
        };
        Match::new(game, mode)
    }

    #[test]
    fn a_friend_gets_the_game_with_their_side() {
        let mut g = Game::new();
        g.play_text("f1-f2").unwrap();
        let mine = Match::new(g.clone(), Mode::Remote { me: Side::Light });
        let link = friend_link(&mine).unwrap();
        assert!(link.ends_with("&mode=remote&side=dark"), "{link}");
        let (setup, game) = opened(read_link(&link, Level::Easy).unwrap());
        let theirs = Match::from_setup(game, setup);
        assert_eq!(theirs.mode, Mode::Remote { me: Side::Dark });
        assert_eq!(theirs.game.history(), g.history());
        assert!(theirs.human_to_move() && !theirs.friend_to_move());
        // Nothing to send while it is one's own turn, or in another mode.
        assert_eq!(friend_link(&theirs), None);
        assert_eq!(friend_link(&Match::new(g, Mode::PassAndPlay)), None);
        // This screen's own address keeps its own side.
        assert!(link_query(&mine).ends_with("&mode=remote&side=light"));
    }

    #[test]
    fn a_link_recreates_its_game_setup_and_position() {
        for seed in 0..300 {
            let m = random_match(seed);
            let query = link_query(&m);
            assert!(query.starts_with("game="), "{query}");
            let (setup, game) = opened(read_link(&query, Level::Easy).unwrap());
            assert_eq!(setup, Setup::from(m.mode), "{seed}: {query}");
            let back = Match::from_setup(game, setup);
            assert_eq!(back.mode, m.mode, "{seed}");
            assert_eq!(back.game.start(), m.game.start(), "{seed}");
            assert_eq!(back.game.history(), m.game.history(), "{seed}");
            assert_eq!(back.position(), m.position(), "{seed}");
            // A whole address reads the same.
            let address = format!("{}?{query}", link_base());
            let (again, game) = opened(read_link(&address, Level::Easy).unwrap());
            assert_eq!((again, game.position()), (setup, m.position()));
        }
    }

    #[test]
    fn a_game_too_long_for_a_link_travels_as_its_position() {
        let g = game_of(&["f1-f2", "f11-f10"]);
        let param = game_param(&g, 3);
        assert!(param.starts_with("afn="), "{param}");
        let (_, back) = opened(read_link(&param, Level::Easy).unwrap());
        assert_eq!(back.position(), g.position());
        assert!(back.history().is_empty());
    }

    #[test]
    fn desktop_links_lead_to_the_web_version() {
        let base = link_base();
        assert!(base.starts_with("http"), "{base}");
        if option_env!("AGON_WEB_URL").is_none() {
            assert_eq!(base, LOCAL_WEB_URL);
        }
    }
}
