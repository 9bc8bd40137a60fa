//! Reading whatever a player pastes or drops: a game record (JSON), a
//! position (AFN), or a plain list of actions from the start
//! (`1. f1-f2 f11-f10 2. f2-f3`, spaces, commas and move numbers
//! tolerated). The form is told from the text itself.

use std::fmt;

use crate::quote::Quoted;
use crate::record::strip_bom;
use crate::{AfnError, Game, PlayError, Position, Record, RecordError};

/// What a text turned out to hold.
#[derive(Clone, Debug)]
pub enum Imported {
    /// A whole game record, with its players and result.
    Record(Box<(Record, Game)>),
    /// A position to play from.
    Position(Position),
    /// Actions played from the start.
    Actions(Game),
}

/// Why a text could not be read, naming the form it was read as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// Nothing but blanks.
    Empty,
    Record(RecordError),
    Position(AfnError),
    /// The first action of a list that cannot be read or played: its index
    /// among the actions (from 0) and its text.
    Action {
        index: usize,
        token: String,
        error: PlayError,
    },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Empty => write!(f, "there is nothing to read"),
            ImportError::Record(e) => write!(f, "not a valid game record: {e}"),
            ImportError::Position(e) => write!(f, "not a valid position (AFN): {e}"),
            ImportError::Action {
                index,
                token,
                error,
            } => write!(f, "action {index} ({}): {error}", Quoted(token)),
        }
    }
}

impl std::error::Error for ImportError {}

/// Reads a record, a position or a list of actions, whichever `text` is:
/// a record starts with `{`, a position has `/` between its files, and
/// anything else is read as actions. A leading byte-order mark, which
/// Windows editors write, is skipped: a record saved with one was taken
/// for a position, for the slashes of its start.
pub fn import(text: &str) -> Result<Imported, ImportError> {
    let text = strip_bom(text).trim();
    if text.is_empty() {
        return Err(ImportError::Empty);
    }
    if text.starts_with('{') {
        return Record::from_json(text)
            .map(|r| Imported::Record(Box::new(r)))
            .map_err(ImportError::Record);
    }
    if text.contains('/') {
        return Position::from_afn(text)
            .map(Imported::Position)
            .map_err(ImportError::Position);
    }
    let mut game = Game::new();
    for (index, token) in action_tokens(text).enumerate() {
        game.play_text(&token)
            .map_err(|error| ImportError::Action {
                index,
                token: token.clone(),
                error,
            })?;
    }
    Ok(Imported::Actions(game))
}

/// The actions of a list, without move numbers (`12.`, `12...`, `12`).
/// Commas separate actions, except inside a capture suffix (`xe3,f4`),
/// where the part after the comma is a bare cell.
fn action_tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    let mut tokens: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        for part in word.split(',').filter(|p| !p.is_empty()) {
            let part = strip_move_number(part);
            if part.is_empty() {
                continue;
            }
            match tokens.last_mut() {
                // A bare cell after a capture suffix is one more capture.
                Some(last) if !part.contains('-') && last.contains('x') => {
                    last.push(',');
                    last.push_str(part);
                }
                _ => tokens.push(part.to_string()),
            }
        }
    }
    tokens.into_iter()
}

/// `12.f1-f2` → `f1-f2`; `12.` and `12` → nothing.
fn strip_move_number(part: &str) -> &str {
    let digits = part.len() - part.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return part;
    }
    let rest = &part[digits..];
    let dots = rest.trim_start_matches('.');
    if dots.len() < rest.len() || rest.is_empty() {
        dots
    } else {
        part
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actions(text: &str) -> Vec<String> {
        match import(text).unwrap() {
            Imported::Actions(g) => g.actions().map(|a| a.to_string()).collect(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_list_of_actions_tolerates_numbers_commas_and_spaces() {
        let want = ["f1-f2", "f11-f10", "f2-f3"];
        for text in [
            "f1-f2 f11-f10 f2-f3",
            "1. f1-f2 f11-f10 2. f2-f3",
            "1.f1-f2 f11-f10 2.f2-f3",
            "f1-f2, f11-f10, f2-f3",
            "f1-f2,f11-f10,f2-f3\n",
            "  1 f1-f2 f11-f10\n2 f2-f3 ",
            "1. f1-f2 1... f11-f10 2. f2-f3",
        ] {
            assert_eq!(actions(text), want, "{text:?}");
        }
    }

    #[test]
    fn a_capture_suffix_keeps_its_commas() {
        assert_eq!(strip_move_number("12..."), "");
        assert_eq!(strip_move_number("12"), "");
        assert_eq!(strip_move_number("3.f1-f2"), "f1-f2");
        assert_eq!(strip_move_number("f1-f2"), "f1-f2");
        let tokens: Vec<String> = action_tokens("f2-f3xe3,f4, g1-g2").collect();
        assert_eq!(tokens, ["f2-f3xe3,f4", "g1-g2"]);
    }

    #[test]
    fn the_form_is_told_from_the_text() {
        assert!(matches!(
            import(crate::START_AFN),
            Ok(Imported::Position(p)) if p == Position::start()
        ));
        let mut g = Game::new();
        g.play_text("f1-f2").unwrap();
        let json = Record::from_game(&g, Default::default(), None).to_json();
        match import(&format!("\n  {json}\n")) {
            Ok(Imported::Record(r)) => assert_eq!(r.1.actions().count(), 1),
            other => panic!("{other:?}"),
        }
        assert_eq!(import(" \n\t").unwrap_err(), ImportError::Empty);
    }

    /// Every form, saved by a Windows editor with a byte-order mark.
    #[test]
    fn a_byte_order_mark_is_skipped() {
        let mut g = Game::new();
        g.play_text("f1-f2").unwrap();
        let json = Record::from_game(&g, Default::default(), None).to_json();
        match import(&format!("\u{FEFF}{json}\r\n")) {
            Ok(Imported::Record(r)) => assert_eq!(r.1.actions().count(), 1),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            import(&format!("\u{FEFF}{}", crate::START_AFN)),
            Ok(Imported::Position(p)) if p == Position::start()
        ));
        assert_eq!(actions("\u{FEFF}1. f1-f2 f11-f10"), ["f1-f2", "f11-f10"]);
        assert_eq!(import("\u{FEFF} \r\n").unwrap_err(), ImportError::Empty);
    }

    #[test]
    fn errors_name_the_form_and_the_first_bad_action() {
        let e = import("1. f1-f2 f11-f10 2. f2-f5 f10-f9").unwrap_err();
        match &e {
            ImportError::Action { index, token, .. } => {
                assert_eq!((*index, token.as_str()), (2, "f2-f5"));
            }
            other => panic!("{other:?}"),
        }
        assert!(e.to_string().starts_with("action 2 (\"f2-f5\"): "), "{e}");
        let e = import("f1-f2 hello").unwrap_err();
        assert!(e.to_string().starts_with("action 1 (\"hello\")"), "{e}");
        assert!(matches!(
            import("1g2G1/G5g/8 l -"),
            Err(ImportError::Position(_))
        ));
        assert!(matches!(import("{ not json"), Err(ImportError::Record(_))));
        // A huge token is quoted short.
        let huge = "z".repeat(100_000);
        assert!(import(&huge).unwrap_err().to_string().len() < 300);
    }
}
