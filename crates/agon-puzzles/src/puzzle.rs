//! A puzzle: a position, the line that solves it, its themes and rating.

use std::fmt;
use std::str::FromStr;

use agon_rules::{Action, Position, Side};

/// The most actions of the solver a throne puzzle asks for: `throne-in-1`
/// to `throne-in-5`.
pub const MAX_THRONE_IN: u8 = 5;

/// What a puzzle is about, as the rules can tell it from the solution.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solution ends with the solver's throne win.
    Throne,
    /// A throne win in this many of the solver's actions (1 to
    /// [`MAX_THRONE_IN`]).
    ThroneIn(u8),
    /// The solver's actions capture at least one piece.
    Capture,
    /// One of the solver's actions is a relocation.
    Relocation,
    /// The solver captures the other side's queen.
    QueenHunt,
    /// The first action is the only one that does not lose.
    Defence,
}

impl Theme {
    /// The themes a player can choose from (each throne length too).
    pub fn all() -> Vec<Theme> {
        let mut all = vec![Theme::Throne];
        all.extend((1..=MAX_THRONE_IN).map(Theme::ThroneIn));
        all.extend([
            Theme::Capture,
            Theme::Relocation,
            Theme::QueenHunt,
            Theme::Defence,
        ]);
        all
    }

    /// The name in the puzzle file (and a key for the game's messages).
    pub fn name(self) -> String {
        match self {
            Theme::Throne => "throne".into(),
            Theme::ThroneIn(n) => format!("throne-in-{n}"),
            Theme::Capture => "capture".into(),
            Theme::Relocation => "relocation".into(),
            Theme::QueenHunt => "queen-hunt".into(),
            Theme::Defence => "defence".into(),
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A theme name that is not one of [`Theme::all`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown theme {} (throne, throne-in-1 to throne-in-{MAX_THRONE_IN}, capture, \
             relocation, queen-hunt, defence)",
            agon_rules::Quoted(&self.0)
        )
    }
}

impl std::error::Error for UnknownTheme {}

impl FromStr for Theme {
    type Err = UnknownTheme;
    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        Theme::all()
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| UnknownTheme(s.to_string()))
    }
}

/// What the player is asked to do, for the line above the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// "Win on the throne in N."
    ThroneIn(u8),
    /// "Find the only action that does not lose."
    Defend,
    /// "Capture the queen."
    CaptureQueen,
    /// "Win material": captures that are not taken back.
    WinMaterial,
}

/// One puzzle, as read from the file and checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Short and stable: the same position always gets the same id.
    pub id: String,
    pub position: Position,
    /// Both sides' actions in order, the solver's first and last.
    pub solution: Vec<Action>,
    /// Sorted, without repeats.
    pub themes: Vec<Theme>,
    /// The initial Glicko-2 rating (the scale of [`crate::rating`]).
    pub rating: u16,
}

impl Puzzle {
    /// The side that solves: the side to move in the position.
    pub fn solver(&self) -> Side {
        self.position.to_move()
    }

    pub fn has_theme(&self, theme: Theme) -> bool {
        self.themes.contains(&theme)
    }

    /// How many actions the solver makes.
    pub fn solver_actions(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// What the player is asked to do.
    pub fn goal(&self) -> Goal {
        if let Some(n) = self.themes.iter().find_map(|t| match t {
            Theme::ThroneIn(n) => Some(*n),
            _ => None,
        }) {
            Goal::ThroneIn(n)
        } else if self.has_theme(Theme::Defence) {
            Goal::Defend
        } else if self.has_theme(Theme::QueenHunt) {
            Goal::CaptureQueen
        } else {
            Goal::WinMaterial
        }
    }

    /// The positions of the solution: `positions()[i]` is the one before
    /// `solution[i]`, and the last one is after the whole line.
    pub fn positions(&self) -> Vec<Position> {
        let mut out = Vec::with_capacity(self.solution.len() + 1);
        let mut p = self.position;
        out.push(p);
        for &a in &self.solution {
            p.play(a);
            out.push(p);
        }
        out
    }
}

/// The id of a position: eight base-32 characters of a 40-bit FNV-1a hash
/// of its AFN text, so it does not change with the engine's own hashing.
pub fn puzzle_id(afn: &str) -> String {
    const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in afn.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (0..8)
        .map(|i| ALPHABET[((h >> (5 * i)) & 31) as usize] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theme_names_read_back_and_unknown_ones_are_named() {
        for t in Theme::all() {
            assert_eq!(t.name().parse::<Theme>(), Ok(t));
        }
        assert_eq!(Theme::all().len(), 10);
        let e = "throne-in-6".parse::<Theme>().unwrap_err();
        assert!(e.to_string().contains("\"throne-in-6\""), "{e}");
    }

    #[test]
    fn ids_are_stable_and_tell_positions_apart() {
        let a = puzzle_id(agon_rules::START_AFN);
        assert_eq!(a.len(), 8);
        assert_eq!(a, puzzle_id(agon_rules::START_AFN));
        assert_ne!(
            a,
            puzzle_id(&Position::start().with_side_to_move(Side::Dark).to_afn())
        );
    }
}
