//! One protocol line read into a command, or a typed error naming what is
//! wrong with it. Reading changes nothing: a `position` command carries the
//! whole game it sets up, checked action by action.

use std::fmt;
use std::time::Duration;

use agon_ai::{Level, Limits, MAX_PLY, MAX_THREADS};
use agon_rules::{AfnError, Excerpt, Game, PlayError, Position, Quoted};

use crate::number::{NumberError, read_number};

/// The deepest `perft` the engine counts: depth 7 takes half a minute, 12
/// would take years, and the count still fits in a u64.
pub const MAX_PERFT_DEPTH: u32 = 12;

/// A command of the protocol (PROTOCOL.md), read and checked.
#[derive(Clone, Debug)]
pub enum Command {
    Agon,
    IsReady,
    NewGame,
    /// The game a `position` command sets up.
    Position(Game),
    Afn,
    Legal,
    Result,
    Perft(u32),
    Go(Go),
    /// `setoption threads <n>`: the threads of the following searches.
    Threads(usize),
    Stop,
    Quit,
}

/// The limits of a `go`, as given.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub limits: Limits,
    pub level: Option<Level>,
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The first word names no command.
    Unknown(String),
    /// A command that takes no arguments was given some.
    ExtraArguments {
        command: &'static str,
        found: String,
    },
    /// The arguments are not in the command's form, which this shows.
    Usage(&'static str),
    /// A number out of its range or not a number at all.
    Number(NumberError),
    /// The position of `position afn` is malformed.
    Afn(AfnError),
    /// `position`: a word after the position other than `moves`.
    ExpectedMoves(String),
    /// `position`: an action that cannot be played, with its index from 0.
    IllegalAction {
        index: usize,
        text: String,
        error: PlayError,
    },
    /// `go`: a limit without its value.
    MissingValue(&'static str),
    /// `go`: a word that is no limit.
    UnknownLimit(String),
    /// `go level`: a name that is no level.
    UnknownLevel(String),
    /// `go`: a limit given twice, of which one would be dropped unseen.
    RepeatedLimit(&'static str),
    /// `setoption`: a name that is no option.
    UnknownOption(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CommandError::*;
        match self {
            Unknown(word) => write!(f, "unknown command {}", Quoted(word)),
            ExtraArguments { command, found } => {
                write!(f, "{command} takes no arguments, found {}", Quoted(found))
            }
            Usage(form) => write!(f, "usage: {form}"),
            Number(e) => e.fmt(f),
            Afn(e) => write!(f, "bad AFN: {e}"),
            ExpectedMoves(word) => write!(f, "expected \"moves\", found {}", Quoted(word)),
            IllegalAction { index, text, error } => write!(
                f,
                "illegal action {} at index {index}: {error}",
                Excerpt(text)
            ),
            MissingValue(key) => write!(f, "go: {key} needs a value"),
            UnknownLimit(word) => write!(
                f,
                "go: unknown limit {} (movetime, depth, nodes, level)",
                Quoted(word)
            ),
            UnknownLevel(word) => write!(
                f,
                "go: unknown level {} (beginner, easy, medium, hard, master)",
                Quoted(word)
            ),
            RepeatedLimit(key) => write!(f, "go: {key} is given twice (each limit at most once)"),
            UnknownOption(name) => {
                write!(f, "setoption: unknown option {} (threads)", Quoted(name))
            }
        }
    }
}

impl std::error::Error for CommandError {}

impl From<NumberError> for CommandError {
    fn from(e: NumberError) -> Self {
        CommandError::Number(e)
    }
}

impl Command {
    /// Reads one line; `None` for a blank one, which the protocol ignores.
    pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&word, args)) = words.split_first() else {
            return Ok(None);
        };
        let bare = |command: &'static str, cmd: Command| match args.first() {
            None => Ok(cmd),
            Some(found) => Err(CommandError::ExtraArguments {
                command,
                found: found.to_string(),
            }),
        };
        let command = match word {
            "agon" => bare("agon", Command::Agon)?,
            "isready" => bare("isready", Command::IsReady)?,
            "newgame" => bare("newgame", Command::NewGame)?,
            "afn" => bare("afn", Command::Afn)?,
            "legal" => bare("legal", Command::Legal)?,
            "result" => bare("result", Command::Result)?,
            "stop" => bare("stop", Command::Stop)?,
            "quit" => bare("quit", Command::Quit)?,
            "position" => Command::Position(position(args)?),
            "perft" => match args {
                [depth] => {
                    Command::Perft(
                        read_number("perft depth", depth, 0, MAX_PERFT_DEPTH.into())? as u32,
                    )
                }
                _ => return Err(CommandError::Usage("perft <depth>")),
            },
            "go" => Command::Go(go(args)?),
            "setoption" => match args {
                ["threads", n] => {
                    Command::Threads(
                        read_number("setoption threads", n, 1, MAX_THREADS as u64)? as usize
                    )
                }
                [name, _] => return Err(CommandError::UnknownOption(name.to_string())),
                _ => return Err(CommandError::Usage("setoption <name> <value>")),
            },
            _ => return Err(CommandError::Unknown(word.to_string())),
        };
        Ok(Some(command))
    }
}

/// `position startpos|afn BOARD SIDE CAPTURED [moves A1 A2 ...]`.
fn position(args: &[&str]) -> Result<Game, CommandError> {
    let (start, rest) = match args {
        ["startpos", rest @ ..] => (Position::start(), rest),
        ["afn", board, side, captured, rest @ ..] => {
            let text = format!("{board} {side} {captured}");
            (Position::from_afn(&text).map_err(CommandError::Afn)?, rest)
        }
        ["afn", ..] => {
            return Err(CommandError::Usage(
                "position afn <BOARD> <SIDE> <CAPTURED> [moves ...]",
            ));
        }
        _ => {
            return Err(CommandError::Usage(
                "position startpos|afn ... [moves A1 A2 ...]",
            ));
        }
    };
    let actions = match rest {
        [] => &[][..],
        ["moves", actions @ ..] => actions,
        [other, ..] => return Err(CommandError::ExpectedMoves(other.to_string())),
    };
    let mut game = Game::from_position(start);
    for (index, text) in actions.iter().enumerate() {
        game.play_text(text)
            .map_err(|error| CommandError::IllegalAction {
                index,
                text: text.to_string(),
                error,
            })?;
    }
    Ok(game)
}

/// `go [movetime <ms>] [depth <d>] [nodes <n>] [level <name>]`.
fn go(args: &[&str]) -> Result<Go, CommandError> {
    let mut go = Go::default();
    let mut given: Vec<&'static str> = Vec::new();
    let mut it = args.iter();
    while let Some(&key) = it.next() {
        let key = match key {
            "movetime" => "movetime",
            "depth" => "depth",
            "nodes" => "nodes",
            "level" => "level",
            _ => return Err(CommandError::UnknownLimit(key.to_string())),
        };
        if given.contains(&key) {
            return Err(CommandError::RepeatedLimit(key));
        }
        given.push(key);
        let &value = it.next().ok_or(CommandError::MissingValue(key))?;
        match key {
            "movetime" => {
                let ms = read_number("go movetime", value, 0, u64::MAX)?;
                go.limits.time = Some(Duration::from_millis(ms));
            }
            "depth" => {
                let depth = read_number("go depth", value, 1, MAX_PLY as u64)?;
                go.limits.depth = Some(depth as u32);
            }
            "nodes" => go.limits.nodes = Some(read_number("go nodes", value, 1, u64::MAX)?),
            _ => {
                let level = value
                    .parse::<Level>()
                    .map_err(|_| CommandError::UnknownLevel(value.to_string()))?;
                go.level = Some(level);
            }
        }
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::NumberProblem;

    fn error(line: &str) -> CommandError {
        Command::parse(line).expect_err(line)
    }

    #[test]
    fn bare_commands_refuse_arguments() {
        for word in [
            "agon", "isready", "newgame", "afn", "legal", "result", "stop", "quit",
        ] {
            assert!(Command::parse(word).unwrap().is_some());
            assert!(
                matches!(
                    error(&format!("{word} now")),
                    CommandError::ExtraArguments { command, found } if command == word && found == "now"
                ),
                "{word}"
            );
        }
        assert!(Command::parse(" \t ").unwrap().is_none());
    }

    #[test]
    fn numbers_are_checked_against_their_ranges() {
        let problem = |line: &str| match error(line) {
            CommandError::Number(e) => (e.what, e.problem),
            other => panic!("{line}: {other:?}"),
        };
        use NumberProblem::*;
        assert_eq!(problem("perft 13"), ("perft depth", OutOfRange));
        assert_eq!(
            problem("perft 18446744073709551616"),
            ("perft depth", OutOfRange)
        );
        assert_eq!(problem("perft -1"), ("perft depth", NotANumber));
        assert_eq!(problem("go depth 65"), ("go depth", OutOfRange));
        assert_eq!(problem("go depth 0"), ("go depth", OutOfRange));
        assert_eq!(
            problem("go movetime 18446744073709551616"),
            ("go movetime", OutOfRange)
        );
        assert_eq!(problem("go nodes 0"), ("go nodes", OutOfRange));
        assert_eq!(problem("perft +2"), ("perft depth", PlusSign));
        assert_eq!(problem("go nodes +5"), ("go nodes", PlusSign));
        assert_eq!(problem("go movetime +100"), ("go movetime", PlusSign));
        assert_eq!(problem("go depth +3"), ("go depth", PlusSign));
        assert_eq!(
            problem("setoption threads 0"),
            ("setoption threads", OutOfRange)
        );
        assert_eq!(
            problem("setoption threads 65"),
            ("setoption threads", OutOfRange)
        );
        assert_eq!(
            problem("setoption threads +2"),
            ("setoption threads", PlusSign)
        );
        assert!(matches!(
            Command::parse("setoption threads 64"),
            Ok(Some(Command::Threads(64)))
        ));
        assert_eq!(
            error("setoption hash 5").to_string(),
            "setoption: unknown option \"hash\" (threads)"
        );
        assert_eq!(
            error("setoption threads").to_string(),
            "usage: setoption <name> <value>"
        );
        let Some(Command::Go(go)) =
            Command::parse("go movetime 18446744073709551615 depth 64").unwrap()
        else {
            panic!("a go");
        };
        assert_eq!(go.limits.depth, Some(64));
        assert_eq!(go.limits.time, Some(Duration::from_millis(u64::MAX)));
    }

    /// Each limit once: the last of two was kept, the first dropped unseen.
    #[test]
    fn a_limit_given_twice_is_refused() {
        for (line, key) in [
            ("go movetime 100 movetime 5", "movetime"),
            ("go level hard level easy", "level"),
            ("go depth 3 nodes 9 depth 3", "depth"),
            ("go nodes 5 level easy nodes 6", "nodes"),
        ] {
            assert_eq!(error(line), CommandError::RepeatedLimit(key), "{line}");
            assert_eq!(
                error(line).to_string(),
                format!("go: {key} is given twice (each limit at most once)")
            );
        }
        let Some(Command::Go(go)) =
            Command::parse("go movetime 100 depth 3 nodes 9 level easy").unwrap()
        else {
            panic!("a go");
        };
        assert_eq!(go.level, Some(Level::Easy));
    }

    #[test]
    fn errors_quote_at_most_eighty_characters_of_a_token() {
        let huge = "z".repeat(1 << 20);
        for line in [
            huge.clone(),
            format!("go level {huge}"),
            format!("go {huge} 1"),
            format!("perft {huge}"),
            format!("position startpos moves {huge}"),
            format!("position startpos {huge}"),
            format!("stop {huge}"),
        ] {
            let message = error(&line).to_string();
            assert!(message.len() < 300, "{}", &message[..300]);
            assert!(
                message.contains(&format!("{}…", "z".repeat(80))),
                "{message}"
            );
        }
    }
}
