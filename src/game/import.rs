//! What a pasted text or a file opens: a record as it was played; a
//! position or a list of actions as a game against the computer; a link as
//! it says ([`read_link`]). The rules crate reads each; this module only
//! chooses what it opens, as a request for the match's owner (which asks
//! before it replaces a game in progress).

use agon_ai::Level;
use agon_rules::{Game, Imported, import};

use crate::game::link::read_link;
use crate::game::puzzle::PuzzleStart;
use crate::game::{MatchCommand, Setup};
use crate::i18n::Message;

/// Reads what a player pasted or dropped, for the owner to open: a record
/// as it was played; a position or a list of actions as a game against the
/// computer at `level`, the player taking the side to move; a link as it
/// says ([`read_link`]).
pub(crate) fn parse_import(text: &str, level: Level) -> Result<MatchCommand, Message> {
    // A file saved by a Windows editor may start with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if looks_like_link(text) {
        // A puzzle's link opens the puzzle.
        if let Some(id) = crate::game::link::puzzle_id(text) {
            return Ok(MatchCommand::StartPuzzle(PuzzleStart::Id(id)));
        }
        return read_link(text, level);
    }
    let from = |game: Game| MatchCommand::New {
        setup: Setup::VsComputer {
            side: game.position().to_move().into(),
            level,
        },
        game: Box::new(game),
        confirmed: false,
    };
    Ok(match import(text)? {
        Imported::Record(record) => MatchCommand::Load {
            record,
            confirmed: false,
        },
        Imported::Position(position) => from(Game::from_position(position)),
        Imported::Actions(game) => from(game),
    })
}

/// Whether pasted text is a link: it holds `game=` or `afn=` and is an
/// address or a query (it starts with `http` or `?`) or is one word. A
/// record starts with `{`, and a position or a list of actions holds no
/// `=`.
fn looks_like_link(text: &str) -> bool {
    let t = text.trim();
    (t.contains("game=") || t.contains("afn=") || t.contains("puzzle="))
        && !t.starts_with('{')
        && (t.starts_with("http") || t.starts_with('?') || !t.contains(char::is_whitespace))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SideChoice;
    use agon_rules::{Position, Side};

    #[test]
    fn the_import_box_opens_records_positions_and_action_lists() {
        // A position: a game against the computer, the player to move.
        let afn = "6/7/5G2/5G3/4gg4/4gq1g3/2G1gg4/5Q3/3G1G2/5G1/6 d -";
        match parse_import(afn, Level::Hard).unwrap() {
            MatchCommand::New {
                setup,
                game,
                confirmed,
            } => {
                assert!(!confirmed);
                assert_eq!(*game.position(), Position::from_afn(afn).unwrap());
                assert_eq!(
                    setup,
                    Setup::VsComputer {
                        side: SideChoice::Dark,
                        level: Level::Hard
                    }
                );
            }
            other => panic!("{other:?}"),
        }
        // Actions from the start, with move numbers.
        match parse_import("1. f1-f2 f11-f10 2. f2-f3", Level::Easy).unwrap() {
            MatchCommand::New { setup, game, .. } => {
                assert_eq!(game.history().len(), 3);
                assert_eq!(
                    setup,
                    Setup::VsComputer {
                        side: Side::Dark.into(),
                        level: Level::Easy
                    }
                );
            }
            other => panic!("{other:?}"),
        }
        // A record keeps its players.
        let json = agon_rules::Record::from_game(&Game::new(), Default::default(), None).to_json();
        assert!(matches!(
            parse_import(&json, Level::Easy),
            Ok(MatchCommand::Load { .. })
        ));
        let e = parse_import("f1-f2 f11-f12", Level::Easy).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Action 2, “f11-f12”, cannot be played. In the action “f11-f12”: “f12” is not a cell \
             of the board (its files are a to l without j, its ranks count from 1)."
        );
    }

    #[test]
    fn the_import_box_opens_links() {
        let mut g = Game::new();
        g.play_text("f1-f2").unwrap();
        let code = agon_rules::link::encode_game(&g);
        for text in [
            format!("https://example.org/agon/?game={code}&mode=pass-and-play"),
            format!(" ?game={code}&mode=pass-and-play\n"),
            format!("game={code}&mode=pass-and-play"),
        ] {
            match parse_import(&text, Level::Easy).unwrap() {
                MatchCommand::New { setup, game, .. } => {
                    assert_eq!(setup, Setup::PassAndPlay, "{text}");
                    assert_eq!(game.history(), g.history());
                }
                other => panic!("{other:?}"),
            }
        }
        // A bad link says what is wrong with it, not with an action list.
        let e = parse_import("?game=AR!t", Level::Easy).unwrap_err();
        assert!(
            e.to_string().starts_with("“!” at byte 2 cannot be part"),
            "{e}"
        );
        // Text with words around a link is not read as one.
        let e = parse_import("see game=ARW please", Level::Easy).unwrap_err();
        assert!(!e.to_string().contains("game code"), "{e}");
        assert!(!looks_like_link("{\"note\": \"game=1\"}"));
    }

    /// What a command opens: its setup or players, and the game's actions.
    fn opens(command: MatchCommand) -> String {
        match command {
            MatchCommand::New { setup, game, .. } => format!("{setup:?} {:?}", game.history()),
            MatchCommand::Load { record, .. } => {
                format!("{:?} {:?}", record.0.players, record.1.history())
            }
            other => panic!("{other:?}"),
        }
    }

    /// A file saved with a byte-order mark (as Windows editors save) opens
    /// like one without: a link, a record, a list of actions.
    #[test]
    fn a_byte_order_mark_changes_nothing() {
        let mut g = Game::new();
        g.play_text("f1-f2").unwrap();
        let code = agon_rules::link::encode_game(&g);
        let record = agon_rules::Record::from_game(&g, Default::default(), None).to_json();
        for text in [
            format!("?game={code}&mode=pass-and-play"),
            record,
            "f1-f2".to_string(),
        ] {
            let plain = opens(parse_import(&text, Level::Easy).unwrap());
            let marked = parse_import(&format!("\u{feff}{text}"), Level::Easy);
            assert_eq!(opens(marked.unwrap()), plain, "{text}");
        }
    }
}
