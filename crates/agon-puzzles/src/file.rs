//! The puzzle file (PUZZLES.md): JSON Lines, a header line with the format
//! and version, then one puzzle a line. Reading checks every puzzle against
//! the rules and names the line and the problem of the first bad one.

use std::collections::HashMap;
use std::fmt;

use agon_rules::{AfnError, Game, PlayError, Position, Quoted};
use serde_json::{Map, Value};

use crate::puzzle::{Puzzle, Theme, UnknownTheme};

/// The header's `format`.
pub const FORMAT: &str = "agon-puzzles";
/// The version this reader reads and the writer writes.
pub const VERSION: u64 = 1;
/// The highest rating a file may give.
pub const MAX_RATING: u16 = 4000;
/// The longest solution a file may hold, in actions of both sides.
pub const MAX_SOLUTION: usize = 19;

/// A bad puzzle file: the line (from 1) and what is wrong on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    pub line: usize,
    pub problem: Problem,
}

/// What is wrong with a line of a puzzle file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The file has no header line.
    Empty,
    /// An empty line between puzzles.
    BlankLine,
    /// Not JSON: serde_json's message.
    NotJson(String),
    /// JSON, but not an object.
    NotAnObject,
    /// The header's `format` is not `agon-puzzles`.
    WrongFormat(String),
    /// A version this reader does not know (its text).
    UnknownVersion(String),
    /// The header's `puzzles` count is not the number of puzzle lines.
    CountMismatch {
        declared: String,
        found: usize,
    },
    MissingField(&'static str),
    /// A field of the wrong JSON type.
    FieldType {
        field: &'static str,
        expected: &'static str,
    },
    /// An id that is empty, too long, or not `0-9 a-z -`.
    BadId(String),
    DuplicateId {
        id: String,
        first_line: usize,
    },
    Afn(AfnError),
    /// The game is already over in the position.
    GameOver,
    /// No action in the solution.
    EmptySolution,
    /// More actions than [`MAX_SOLUTION`].
    LongSolution(usize),
    /// An even number of actions: the solver must act last.
    EvenSolution(usize),
    /// An action (index from 0) that cannot be read or played.
    Action {
        index: usize,
        error: PlayError,
    },
    /// The game ends before the solution does (index of the first action
    /// after the end).
    AfterEnd(usize),
    Theme(UnknownTheme),
    DuplicateTheme(Theme),
    NoTheme,
    /// A rating that is not a whole number from 0 to [`MAX_RATING`].
    Rating(String),
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Problem::*;
        match self {
            Empty => write!(
                f,
                "the file is empty: it starts with the header {{\"format\":\"{FORMAT}\",...}}"
            ),
            BlankLine => write!(f, "a blank line"),
            NotJson(e) => write!(f, "not JSON: {e}"),
            NotAnObject => write!(f, "not a JSON object"),
            WrongFormat(s) => write!(f, "the format is {}, not \"{FORMAT}\"", Quoted(s)),
            UnknownVersion(v) => write!(
                f,
                "unknown version {v}: this reader reads version {VERSION}"
            ),
            CountMismatch { declared, found } => write!(
                f,
                "the header says {declared} puzzles, the file has {found}"
            ),
            MissingField(name) => write!(f, "the field \"{name}\" is missing"),
            FieldType { field, expected } => write!(f, "the field \"{field}\" must be {expected}"),
            BadId(id) => write!(
                f,
                "the id {} must be 1 to 32 characters of 0-9, a-z and -",
                Quoted(id)
            ),
            DuplicateId { id, first_line } => {
                write!(f, "the id {} is already on line {first_line}", Quoted(id))
            }
            Afn(e) => write!(f, "the position: {e}"),
            GameOver => write!(f, "the game is already over in the position"),
            EmptySolution => write!(f, "the solution has no action"),
            LongSolution(n) => write!(f, "the solution has {n} actions, more than {MAX_SOLUTION}"),
            EvenSolution(n) => write!(
                f,
                "the solution has {n} actions: an odd number, so that the solver acts last"
            ),
            Action { index, error } => write!(f, "solution action {index}: {error}"),
            AfterEnd(index) => write!(f, "solution action {index} comes after the game is over"),
            Theme(e) => e.fmt(f),
            DuplicateTheme(t) => write!(f, "the theme {t} is listed twice"),
            NoTheme => write!(f, "the puzzle has no theme"),
            Rating(text) => write!(
                f,
                "the rating must be a whole number from 0 to {MAX_RATING}, not {text}"
            ),
        }
    }
}

impl std::error::Error for FileError {}

/// Reads a whole puzzle file. A trailing newline is fine; a blank line
/// elsewhere is not.
pub fn read(text: &str) -> Result<Vec<Puzzle>, FileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let text = text.strip_suffix('\n').unwrap_or(text);
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let header = match lines.next() {
        Some(h) if !h.trim().is_empty() => h,
        _ => {
            return Err(FileError {
                line: 1,
                problem: Problem::Empty,
            });
        }
    };
    let declared = read_header(header).map_err(|problem| FileError { line: 1, problem })?;
    let mut puzzles = Vec::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    for (i, line) in lines.enumerate() {
        let number = i + 2;
        let at = |problem| FileError {
            line: number,
            problem,
        };
        let puzzle = read_puzzle(line).map_err(at)?;
        if let Some(&first_line) = ids.get(&puzzle.id) {
            return Err(at(Problem::DuplicateId {
                id: puzzle.id,
                first_line,
            }));
        }
        ids.insert(puzzle.id.clone(), number);
        puzzles.push(puzzle);
    }
    if declared.as_u64() != Some(puzzles.len() as u64) {
        return Err(FileError {
            line: 1,
            problem: Problem::CountMismatch {
                declared: declared.to_string(),
                found: puzzles.len(),
            },
        });
    }
    Ok(puzzles)
}

/// The header's declared count, once format and version are checked.
fn read_header(line: &str) -> Result<Value, Problem> {
    let object = object_of(line)?;
    let format = string_field(&object, "format")?;
    if format != FORMAT {
        return Err(Problem::WrongFormat(format.to_string()));
    }
    let version = field(&object, "version")?;
    if version.as_u64() != Some(VERSION) {
        return Err(Problem::UnknownVersion(version.to_string()));
    }
    let count = field(&object, "puzzles")?;
    if !count.is_u64() {
        return Err(Problem::FieldType {
            field: "puzzles",
            expected: "a whole number",
        });
    }
    Ok(count.clone())
}

/// Reads and checks one puzzle line.
pub fn read_puzzle(line: &str) -> Result<Puzzle, Problem> {
    if line.trim().is_empty() {
        return Err(Problem::BlankLine);
    }
    let object = object_of(line)?;
    let id = string_field(&object, "id")?;
    let id_ok = (1..=32).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase() || b == b'-');
    if !id_ok {
        return Err(Problem::BadId(id.to_string()));
    }
    let position = Position::from_afn(string_field(&object, "afn")?).map_err(Problem::Afn)?;
    let texts = string_list(&object, "solution")?;
    let solution = replay(position, &texts)?;
    let mut themes = Vec::new();
    for name in string_list(&object, "themes")? {
        let theme: Theme = name.parse().map_err(Problem::Theme)?;
        if themes.contains(&theme) {
            return Err(Problem::DuplicateTheme(theme));
        }
        themes.push(theme);
    }
    if themes.is_empty() {
        return Err(Problem::NoTheme);
    }
    themes.sort();
    let rating = field(&object, "rating")?;
    let rating = rating
        .as_u64()
        .and_then(|r| u16::try_from(r).ok())
        .filter(|&r| r <= MAX_RATING)
        .ok_or_else(|| Problem::Rating(rating.to_string()))?;
    Ok(Puzzle {
        id: id.to_string(),
        position,
        solution,
        themes,
        rating,
    })
}

/// Plays the solution's texts from `position` through the rules.
fn replay(position: Position, texts: &[&str]) -> Result<Vec<agon_rules::Action>, Problem> {
    if texts.is_empty() {
        return Err(Problem::EmptySolution);
    }
    if texts.len() > MAX_SOLUTION {
        return Err(Problem::LongSolution(texts.len()));
    }
    if texts.len().is_multiple_of(2) {
        return Err(Problem::EvenSolution(texts.len()));
    }
    let mut game = Game::from_position(position);
    if game.is_over() {
        return Err(Problem::GameOver);
    }
    let mut actions = Vec::with_capacity(texts.len());
    for (index, text) in texts.iter().enumerate() {
        if game.is_over() {
            return Err(Problem::AfterEnd(index));
        }
        let played = game
            .play_text(text)
            .map_err(|error| Problem::Action { index, error })?;
        actions.push(played.action);
    }
    Ok(actions)
}

fn object_of(line: &str) -> Result<Map<String, Value>, Problem> {
    match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(Problem::NotAnObject),
        Err(e) => Err(Problem::NotJson(e.to_string())),
    }
}

fn field<'a>(object: &'a Map<String, Value>, name: &'static str) -> Result<&'a Value, Problem> {
    object.get(name).ok_or(Problem::MissingField(name))
}

fn string_field<'a>(
    object: &'a Map<String, Value>,
    name: &'static str,
) -> Result<&'a str, Problem> {
    field(object, name)?.as_str().ok_or(Problem::FieldType {
        field: name,
        expected: "a string",
    })
}

fn string_list<'a>(
    object: &'a Map<String, Value>,
    name: &'static str,
) -> Result<Vec<&'a str>, Problem> {
    let wrong = Problem::FieldType {
        field: name,
        expected: "a list of strings",
    };
    let list = field(object, name)?.as_array().ok_or(wrong.clone())?;
    list.iter()
        .map(|v| v.as_str().ok_or(wrong.clone()))
        .collect()
}

/// The header line for `count` puzzles.
pub fn header(count: usize) -> String {
    format!("{{\"format\":\"{FORMAT}\",\"version\":{VERSION},\"puzzles\":{count}}}")
}

/// One puzzle as its line (without the newline). Keys in a fixed order.
pub fn puzzle_line(p: &Puzzle) -> String {
    let solution: Vec<String> = p.solution.iter().map(|a| a.to_string()).collect();
    let themes: Vec<String> = p.themes.iter().map(|t| t.name()).collect();
    format!(
        "{{\"id\":{},\"afn\":{},\"solution\":{},\"themes\":{},\"rating\":{}}}",
        Value::from(p.id.as_str()),
        Value::from(p.position.to_afn()),
        Value::from(solution),
        Value::from(themes),
        p.rating
    )
}

/// A whole file: the header, then each puzzle, each line ending in `\n`.
pub fn write(puzzles: &[Puzzle]) -> String {
    let mut out = header(puzzles.len());
    out.push('\n');
    for p in puzzles {
        out.push_str(&puzzle_line(p));
        out.push('\n');
    }
    out
}
