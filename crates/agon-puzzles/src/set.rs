//! The puzzles the game ships, and how it picks one: the daily puzzle by
//! the date, the next one near the player's rating, by theme.

use std::collections::HashMap;

use agon_rules::splitmix64;

use crate::date::Date;
use crate::file::{self, FileError};
use crate::puzzle::{Puzzle, Theme};

/// How many of the nearest puzzles the next one is drawn from, so two
/// players of one rating do not walk the same path.
const NEAREST: usize = 12;

/// Every puzzle of a file, in file order, with an index by id.
#[derive(Clone, Debug, Default)]
pub struct PuzzleSet {
    puzzles: Vec<Puzzle>,
    by_id: HashMap<String, usize>,
}

impl PuzzleSet {
    /// Reads a puzzle file (the game embeds it with `include_str!`).
    pub fn parse(text: &str) -> Result<PuzzleSet, FileError> {
        Ok(PuzzleSet::from_puzzles(file::read(text)?))
    }

    /// A set of puzzles whose ids are distinct (as a read file's are).
    pub fn from_puzzles(puzzles: Vec<Puzzle>) -> PuzzleSet {
        let by_id = puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        PuzzleSet { puzzles, by_id }
    }

    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The puzzle of a link (`?puzzle=<id>`).
    pub fn get(&self, id: &str) -> Option<&Puzzle> {
        self.by_id.get(id).map(|&i| &self.puzzles[i])
    }

    /// The puzzles with `theme`, in file order.
    pub fn with_theme(&self, theme: Theme) -> impl Iterator<Item = &Puzzle> {
        self.puzzles.iter().filter(move |p| p.has_theme(theme))
    }

    /// How many puzzles each theme has, for the menu (themes with none
    /// left out).
    pub fn theme_counts(&self) -> Vec<(Theme, usize)> {
        Theme::all()
            .into_iter()
            .map(|t| (t, self.with_theme(t).count()))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// The puzzle of the day: the same for every player on `date`. Days
    /// walk the file with a step prime to its length, so no puzzle comes
    /// back before every other has had its day, and neighbouring days land
    /// far apart in the file.
    pub fn daily(&self, date: Date) -> Option<&Puzzle> {
        let n = self.puzzles.len() as u64;
        if n == 0 {
            return None;
        }
        let mut step = 7919 % n;
        while gcd(step.max(1), n) != 1 {
            step += 1;
        }
        let day = date.days_since_epoch().rem_euclid(n as i64) as u64;
        let index = (u128::from(day) * u128::from(step.max(1)) + u128::from(n / 3)) % u128::from(n);
        self.puzzles.get(index as usize)
    }

    /// The next puzzle for a player rated `rating`: one of the nearest in
    /// rating that `done` does not hold (the ids solved or tried), drawn
    /// by `seed`; restricted to `theme` if one is given. `None` once every
    /// puzzle is done.
    pub fn next_near(
        &self,
        rating: f64,
        theme: Option<Theme>,
        done: &dyn Fn(&str) -> bool,
        seed: u64,
    ) -> Option<&Puzzle> {
        let mut open: Vec<&Puzzle> = self
            .puzzles
            .iter()
            .filter(|p| theme.is_none_or(|t| p.has_theme(t)) && !done(&p.id))
            .collect();
        open.sort_by(|a, b| {
            let da = (f64::from(a.rating) - rating).abs();
            let db = (f64::from(b.rating) - rating).abs();
            da.total_cmp(&db).then_with(|| a.id.cmp(&b.id))
        });
        open.truncate(NEAREST);
        if open.is_empty() {
            return None;
        }
        let pick = splitmix64(seed) % open.len() as u64;
        Some(open[pick as usize])
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
