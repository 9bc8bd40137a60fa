//! Why a position, an action, a game record, a pasted text or a link cannot
//! be read, said to a player in their language: each of the rules crate's
//! typed errors is mapped by its kind to a message of `errors.ftl`, never
//! by its English text. Each is a whole sentence, said after the sentence
//! that tells what failed ("The link could not be opened. …").
//!
//! Text from outside is quoted as an excerpt, escaped and cut short: an
//! error about a 16 MB token is not 16 MB long. Actions are counted from 1
//! for players, where the rules crate counts from 0.

use agon_rules::link::{CodePart, GAME_CODE_VERSION, LinkError, MAX_CODE_ACTIONS, MAX_LINK_BYTES};
use agon_rules::{
    ActionTextError, AfnError, CellError, Excerpt, IllegalAction, ImportError, PlayError,
    RECORD_VERSION, RecordError, Side,
};

use super::words::{ending_reason, outcome_reason, side_key};
use super::{Arg, Message};

/// A file that cannot be read, with the system's or the browser's own words.
pub fn file_problem(detail: impl Into<String>) -> Message {
    Message::new("error-file-unreadable").with("detail", detail.into())
}

/// Text from outside, escaped and cut to a quotable length.
fn quote(text: &str) -> Arg {
    Arg::Text(Excerpt(text).to_string())
}

fn side(s: Side) -> Arg {
    Arg::Text(side_key(s).to_string())
}

impl From<&CellError> for Message {
    fn from(e: &CellError) -> Message {
        Message::new("error-cell").with("name", quote(&e.0))
    }
}

impl From<&AfnError> for Message {
    fn from(e: &AfnError) -> Message {
        use AfnError::*;
        match e {
            FieldCount(n) => Message::new("error-afn-fields").with("found", *n),
            FileCount(n) => Message::new("error-afn-files").with("found", *n),
            FileLength {
                file,
                expected,
                found,
            } => Message::new("error-afn-file-length")
                .with("file", *file)
                .with("expected", *expected)
                .with("found", *found),
            UnknownChar { file, ch } => Message::new("error-afn-character")
                .with("file", *file)
                .with("char", quote(&ch.to_string())),
            BadRun { file, run } => Message::new("error-afn-run")
                .with("file", *file)
                .with("run", quote(run)),
            RunTooLong { file, run, cells } => Message::new("error-afn-run-too-long")
                .with("file", *file)
                .with("run", quote(run))
                .with("cells", *cells),
            TooManyQueens(s) => Message::new("error-afn-queens").with("side", side(*s)),
            TooManyGuards(s) => Message::new("error-afn-guards").with("side", side(*s)),
            GuardOnThrone => Message::new("error-afn-guard-on-throne"),
            BadSide(s) => Message::new("error-afn-side").with("found", quote(s)),
            BadCapturedCell(e) => Message::new("error-afn-captured-cell").with("error", e),
            CapturedEmpty(c) => {
                Message::new("error-afn-captured-empty").with("cell", c.to_string())
            }
            DuplicateCaptured(c) => {
                Message::new("error-afn-captured-twice").with("cell", c.to_string())
            }
        }
    }
}

impl From<&ActionTextError> for Message {
    fn from(e: &ActionTextError) -> Message {
        match e {
            ActionTextError::Form(t) => Message::new("error-action-form").with("text", quote(t)),
            ActionTextError::Cell { text, cell } => Message::new("error-action-cell")
                .with("text", quote(text))
                .with("error", cell),
            ActionTextError::SameCell(t) => {
                Message::new("error-action-same-cell").with("text", quote(t))
            }
        }
    }
}

/// A rule broken: the refusal a player also reads when they try it on the
/// board.
impl From<&IllegalAction> for Message {
    fn from(e: &IllegalAction) -> Message {
        use IllegalAction::*;
        let cells = |list: &[agon_rules::Cell]| -> Arg {
            if list.is_empty() {
                Message::new("refusal-no-captures").into()
            } else {
                let names: Vec<String> = list.iter().map(|c| c.to_string()).collect();
                names.join(", ").into()
            }
        };
        match e {
            GameOver => Message::new("refusal-game-over"),
            NoPiece(c) => Message::new("refusal-no-piece").with("cell", c.to_string()),
            NotYourPiece(c) => Message::new("refusal-not-yours").with("cell", c.to_string()),
            MustRelocate => Message::new("refusal-must-relocate"),
            QueenFirst => Message::new("refusal-queen-first"),
            Occupied(c) => Message::new("refusal-occupied").with("cell", c.to_string()),
            NotAdjacent => Message::new("refusal-not-adjacent"),
            Outward => Message::new("refusal-outward"),
            ThroneForbidden => Message::new("refusal-throne"),
            Intervention(c) => Message::new("refusal-intervention").with("cell", c.to_string()),
            GuardOffOuterRing(c) => Message::new("refusal-outer-ring").with("cell", c.to_string()),
            WrongCaptures { claimed, actual } => Message::new("refusal-wrong-captures")
                .with("claimed", cells(claimed))
                .with("actual", cells(actual)),
        }
    }
}

/// What is wrong with an action: its text, or the rule it breaks (the
/// sentence around it names the action).
impl From<&PlayError> for Message {
    fn from(e: &PlayError) -> Message {
        match e {
            PlayError::Text(e) => e.into(),
            PlayError::Illegal { reason, .. } => reason.into(),
        }
    }
}

impl From<&RecordError> for Message {
    fn from(e: &RecordError) -> Message {
        match e {
            // The JSON reader's own words, with the line and column.
            RecordError::Json(detail) => {
                Message::new("error-record-json").with("detail", quote(detail))
            }
            RecordError::Format(f) => Message::new("error-record-format").with("found", quote(f)),
            RecordError::Version(v) => Message::new("error-record-version")
                .with("found", *v)
                .with("known", RECORD_VERSION),
            RecordError::Start(e) => Message::new("error-record-start").with("error", e),
            RecordError::Action { index, text, error } => action_at(*index, text, error),
            RecordError::Result { stored, actual } => {
                let stored = stored.map_or_else(|| Message::new("error-no-result"), ending_reason);
                let actual =
                    actual.map_or_else(|| Message::new("error-in-progress"), outcome_reason);
                Message::new("error-record-result")
                    .with("stored", stored)
                    .with("actual", actual)
            }
        }
    }
}

/// The first action of a list or a record that cannot be played.
fn action_at(index: usize, text: &str, error: &PlayError) -> Message {
    Message::new("error-action-at")
        .with("number", index.saturating_add(1))
        .with("text", quote(text))
        .with("error", error)
}

impl From<&ImportError> for Message {
    fn from(e: &ImportError) -> Message {
        match e {
            ImportError::Empty => Message::new("error-import-empty"),
            ImportError::Record(e) => e.into(),
            ImportError::Position(e) => Message::new("error-import-position").with("error", e),
            ImportError::Action {
                index,
                token,
                error,
            } => action_at(*index, token, error),
        }
    }
}

impl From<&LinkError> for Message {
    fn from(e: &LinkError) -> Message {
        use LinkError::*;
        let action = |index: &usize| index.saturating_add(1);
        match e {
            LinkTooLong { bytes } => Message::new("error-link-too-long")
                .with("bytes", *bytes)
                .with("most", MAX_LINK_BYTES),
            CodeTooLong { bytes } => Message::new("error-code-too-long")
                .with("bytes", *bytes)
                .with("most", MAX_LINK_BYTES),
            BadEscape { index, escape } => Message::new("error-link-escape")
                .with("escape", quote(escape))
                .with("at", *index),
            NotUtf8 { index } => Message::new("error-link-not-utf8").with("at", *index),
            BadChar { index, ch } => Message::new("error-code-character")
                .with("char", quote(&ch.to_string()))
                .with("at", *index),
            PartialByte { .. } => Message::new("error-code-partial"),
            Empty => Message::new("error-code-empty"),
            Version(v) => Message::new("error-code-version")
                .with("found", *v)
                .with("known", GAME_CODE_VERSION),
            Truncated(CodePart::StartPosition) => Message::new("error-code-cut-start"),
            Truncated(CodePart::ActionCount) => Message::new("error-code-cut-count"),
            Truncated(CodePart::Action(i)) => {
                Message::new("error-code-cut-action").with("number", action(i))
            }
            StandardStart => Message::new("error-code-standard-start"),
            Start(e) => Message::new("error-code-start").with("error", e),
            TooManyActions => Message::new("error-code-actions").with("most", MAX_CODE_ACTIONS),
            OutOfRange { action: i, .. } => {
                Message::new("error-code-out-of-range").with("number", action(i))
            }
            AfterEnd { action: i, outcome } => Message::new("error-code-after-end")
                .with("number", action(i))
                .with("reason", outcome_reason(*outcome)),
            Illegal { action: i, reason } => Message::new("error-code-illegal")
                .with("number", action(i))
                .with("reason", reason),
            StrayBits => Message::new("error-code-stray-bits"),
            Position(e) => Message::new("error-link-position").with("error", e),
        }
    }
}

macro_rules! by_reference {
    ($($t:ty),+) => {
        $(impl From<$t> for Message {
            fn from(e: $t) -> Message {
                Message::from(&e)
            }
        }
        impl From<&$t> for Arg {
            fn from(e: &$t) -> Arg {
                Message::from(e).into()
            }
        })+
    };
}
by_reference!(
    CellError,
    AfnError,
    ActionTextError,
    IllegalAction,
    PlayError,
    RecordError,
    ImportError,
    LinkError
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use agon_rules::{Game, Position, import, link};

    /// Each language says the problem in its own words, with the details
    /// (cells, numbers, the text quoted) in every one of them.
    #[test]
    fn a_bad_position_is_said_in_each_language_with_its_details() {
        let e = Position::from_afn("5Q/2G2G1/4G3/9/g3ggg3/3gGq5/4GG4/5g3/8/7/6 x -").unwrap_err();
        let message = Message::from(&e);
        let english = message.text(Lang::En);
        assert_eq!(
            english,
            "The side to move is “l” (Light) or “d” (Dark), not “x”."
        );
        for l in Lang::ALL {
            let said = message.text(l);
            assert!(said.contains('x'), "{}: {said}", l.code());
            assert!(
                l == Lang::En || said != english,
                "{} is English: {said}",
                l.code()
            );
        }
    }

    /// A reason inside a sentence is said in the sentence's language.
    #[test]
    fn a_nested_reason_follows_the_language_of_its_sentence() {
        let e = import("f1-f2 f11-f10 f1-f3").unwrap_err();
        let message = Message::from(&e);
        assert_eq!(
            message.to_string(),
            "Action 3, “f1-f3”, cannot be played. There is no piece on f1."
        );
        for l in [Lang::It, Lang::El, Lang::Nb] {
            let said = message.text(l);
            let reason = Message::new("refusal-no-piece").with("cell", "f1").text(l);
            assert!(said.contains(&reason), "{}: {said}", l.code());
            assert!(said.contains("f1-f3") && said.contains('3'), "{said}");
        }
    }

    /// Every kind of error has a message of its own in every language
    /// (none falls back to English or to its key).
    #[test]
    fn every_kind_of_error_is_put_into_words() {
        let game = Game::new();
        let mut errors: Vec<Message> = vec![];
        for afn in [
            "x",
            "1/2/3 l -",
            "5Q/2G2G1/4G3/9/g3ggg3/3gGq5/4GG4/5g3/8/7/7 l -",
            "5Q/2G2G1/4G3/9/g3ggg3/3gGq5/4GG4/5g3/8/7/5z l -",
            "5Q/2G2G1/4G3/9/g3ggg3/3gGq5/4GG4/5g3/8/7/06 l -",
            "5Q/2G2G1/4G3/9/g3ggg3/3gGq5/4GG4/5g3/8/7/99 l -",
            "5Q/2G2G1/4G3/9/g3ggg3/3gGq5/4GG4/5g3/8/7/5Q l -",
            "5Q/2G2G1/4G3/9/g3ggg3/3gGq5/4GG4/5g3/8/7/5G l -",
            "5Q/2G2G1/4G3/9/g3ggg3/3gGg5/4GG4/5g3/8/7/6 l -",
            "5Q/2G2G1/4G3/9/g3ggg3/3gGq5/4GG4/5g3/8/7/6 l z9",
            "5Q/2G2G1/4G3/9/g3ggg3/3gGq5/4GG4/5g3/8/7/6 l a1",
            "5Q/2G2G1/4G3/9/g3ggg3/3gGq5/4GG4/5g3/8/7/6 l f5,f5",
        ] {
            errors.push(Position::from_afn(afn).unwrap_err().into());
        }
        for text in ["", "f1", "z1-f2", "f1-f1", "f1-f3", "{\"format\":\"x\"}"] {
            errors.push(import(text).unwrap_err().into());
        }
        for code in ["", "A!", "AAAAA", "_w", "AQ"] {
            errors.push(link::decode_game(code).unwrap_err().into());
        }
        errors.push(link::parse_query("a=%zz").unwrap_err().into());
        let _ = game;
        for l in Lang::ALL {
            for m in &errors {
                let key = m.key;
                assert!(l.has(key), "{} lacks {key}", l.code());
                let said = m.text(l);
                assert!(!said.contains("error-"), "{}: {said}", l.code());
                assert!(said.ends_with(['.', '!', ')']), "{}: {said}", l.code());
            }
        }
    }
}
