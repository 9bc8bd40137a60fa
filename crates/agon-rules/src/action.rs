//! Actions (steps and relocations) and their text, `FROM-TO[xC1xC2...]`.

use std::fmt;
use std::str::FromStr;

use crate::cell::{Cell, CellError};
use crate::cellset::CellSet;
use crate::quote::Quoted;

/// One action: a piece moves from one cell to another. Whether it is a step
/// or a relocation follows from the position it is played in.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Action {
    pub from: Cell,
    pub to: Cell,
}

/// The two kinds of action (clause 7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    Step,
    Relocation,
}

impl Action {
    pub const fn new(from: Cell, to: Cell) -> Action {
        Action { from, to }
    }

    /// The text with the captured cells appended for display: `g4-g5xg6`.
    pub fn with_captures(self, captured: CellSet) -> String {
        let mut s = self.to_string();
        for c in captured {
            s.push('x');
            s.push_str(&c.to_string());
        }
        s
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl fmt::Debug for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Action text as read: the action and, when the text had an `x` suffix, the
/// captures it claims (to be checked against the position).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ActionText {
    pub action: Action,
    pub claimed_captures: Option<CellSet>,
}

impl FromStr for ActionText {
    type Err = ActionTextError;

    /// Reads `FROM-TO`, optionally followed by `x` and the captured cells,
    /// each introduced by `x` or separated by commas (`g4-g5xg6xh7`,
    /// `g4-g5xg6,h7`). Lower case only.
    fn from_str(text: &str) -> Result<ActionText, ActionTextError> {
        let form = || ActionTextError::Form(text.to_string());
        let cell = |name: &str| {
            Cell::from_name(name).map_err(|e| ActionTextError::Cell {
                text: text.to_string(),
                cell: e,
            })
        };
        let (from, rest) = text.split_once('-').ok_or_else(form)?;
        let (to, suffix) = match rest.find('x') {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        if from.is_empty() || to.is_empty() {
            return Err(form());
        }
        let action = Action::new(cell(from)?, cell(to)?);
        if action.from == action.to {
            return Err(ActionTextError::SameCell(text.to_string()));
        }
        let claimed_captures = match suffix {
            None => None,
            Some(list) => {
                let mut set = CellSet::EMPTY;
                for name in list.split([',', 'x']) {
                    if name.is_empty() {
                        return Err(form());
                    }
                    let c = cell(name)?;
                    if set.contains(c) {
                        return Err(form());
                    }
                    set.insert(c);
                }
                Some(set)
            }
        };
        Ok(ActionText {
            action,
            claimed_captures,
        })
    }
}

impl FromStr for Action {
    type Err = ActionTextError;

    /// Reads a plain `FROM-TO`; a capture suffix is rejected here, since it
    /// can only be checked against a position (see [`ActionText`]).
    fn from_str(text: &str) -> Result<Action, ActionTextError> {
        let parsed: ActionText = text.parse()?;
        if parsed.claimed_captures.is_some() {
            return Err(ActionTextError::Form(text.to_string()));
        }
        Ok(parsed.action)
    }
}

/// The most actions a position can have: six captured guards, each with 30
/// outer cells (steps are at most 7 × 6, a queen relocation at most 90).
pub const MAX_ACTIONS: usize = 180;

/// A fixed-capacity list of actions, so generating them never allocates.
#[derive(Clone)]
pub struct ActionList {
    len: usize,
    items: [Action; MAX_ACTIONS],
}

impl Default for ActionList {
    fn default() -> Self {
        ActionList::new()
    }
}

impl ActionList {
    pub const fn new() -> ActionList {
        ActionList {
            len: 0,
            items: [Action::new(Cell::THRONE, Cell::THRONE); MAX_ACTIONS],
        }
    }

    #[inline]
    pub fn push(&mut self, a: Action) {
        self.items[self.len] = a;
        self.len += 1;
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the first `len` actions.
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[Action] {
        &self.items[..self.len]
    }

    pub fn as_mut_slice(&mut self) -> &mut [Action] {
        &mut self.items[..self.len]
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Action> {
        self.as_slice().iter()
    }

    pub fn contains(&self, a: Action) -> bool {
        self.as_slice().contains(&a)
    }

    /// The actions sorted by their text, as the protocol lists them.
    pub fn sorted_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self.iter().map(|a| a.to_string()).collect();
        v.sort();
        v
    }
}

impl std::ops::Deref for ActionList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a ActionList {
    type Item = &'a Action;
    type IntoIter = std::slice::Iter<'a, Action>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for ActionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Action text that cannot be read, before any position is consulted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionTextError {
    /// Not of the form `FROM-TO` with an optional `x` and captured cells.
    Form(String),
    /// One of the named cells does not exist.
    Cell { text: String, cell: CellError },
    /// The same cell twice, as `f1-f1`.
    SameCell(String),
}

impl fmt::Display for ActionTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionTextError::Form(t) => {
                write!(
                    f,
                    "{} is not an action: expected FROM-TO such as f1-f2",
                    Quoted(t)
                )
            }
            ActionTextError::Cell { text, cell } => {
                write!(f, "in action {}: {cell}", Quoted(text))
            }
            ActionTextError::SameCell(t) => {
                write!(
                    f,
                    "{} is not an action: it starts and ends on one cell",
                    Quoted(t)
                )
            }
        }
    }
}

impl std::error::Error for ActionTextError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(n: &str) -> Cell {
        n.parse().unwrap()
    }

    #[test]
    fn reads_and_writes_plain_actions() {
        let a: Action = "f1-f2".parse().unwrap();
        assert_eq!(a, Action::new(c("f1"), c("f2")));
        assert_eq!(a.to_string(), "f1-f2");
        let a: Action = "a5-c1".parse().unwrap();
        assert_eq!(a.to_string(), "a5-c1");
    }

    #[test]
    fn reads_capture_suffixes() {
        for text in ["g4-g5xg6xh7", "g4-g5xg6,h7", "g4-g5xh7xg6"] {
            let t: ActionText = text.parse().unwrap();
            assert_eq!(t.action, Action::new(c("g4"), c("g5")));
            let want: CellSet = [c("g6"), c("h7")].into_iter().collect();
            assert_eq!(t.claimed_captures, Some(want), "{text}");
        }
        let a = Action::new(c("g4"), c("g5"));
        let caps: CellSet = [c("g6"), c("h7")].into_iter().collect();
        assert_eq!(a.with_captures(caps), "g4-g5xg6xh7");
        assert_eq!(a.with_captures(CellSet::EMPTY), "g4-g5");
    }

    #[test]
    fn rejects_malformed_text() {
        for bad in [
            "",
            "f1",
            "f1-",
            "-f2",
            "f1f2",
            "f1-f2-f3",
            "F1-F2",
            "f1-j2",
            "f1-f1",
            "f1-f2x",
            "f1-f2xg6x",
            "f1-f2xg6xg6",
            "f1-f2xz9",
            " f1-f2",
            "f1 -f2",
            "f1-f2 ",
            "f01-f2",
        ] {
            assert!(bad.parse::<ActionText>().is_err(), "{bad:?} accepted");
        }
        assert!("g4-g5xg6".parse::<Action>().is_err());
    }
}
