//! A match summed up: wins, draws and losses, the score and Elo with their
//! margins, each colour's results, and how the games ended.

use std::fmt;

use super::{Ending, GameReport};

/// The match summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// A's score, 0..1.
    pub score: f64,
    /// Elo difference A - B and its 95% margin.
    pub elo: f64,
    pub elo_margin: f64,
    pub endings: Vec<(Ending, usize)>,
    pub mean_plies: f64,
    /// The middle game's length (the mean of the two middle ones).
    pub median_plies: f64,
    pub tail: Tail,
    /// A's results with Light, then with Dark.
    pub by_colour: [ColourScore; 2],
}

/// How many games ran long: those that reached each of [`Tail::MARKS`]
/// plies, the share a ply cap there would have cut (goal: under 1% of
/// Master's games against the other levels reach the cap of 400).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tail {
    pub games: usize,
    /// Games of at least `MARKS[i]` plies.
    pub reached: [usize; Tail::MARKS.len()],
    pub longest: usize,
    /// Each time a game reached one of [`Tail::GOING`] plies (and was not
    /// cut by the ply cap within the next hundred), and how many of those
    /// times it lasted another hundred. In Master's games past 100 plies
    /// this share hardly depends on how long the game has already lasted,
    /// so it says in one number how the tail falls: under 1% past 400
    /// needs it below the cube root of 0.01 over the share past 100.
    pub going: usize,
    pub went_on: usize,
}

impl Tail {
    pub const MARKS: [usize; 5] = [200, 300, 400, 600, 1000];
    pub const GOING: [usize; 3] = [100, 200, 300];

    /// A game of `plies` plies; `capped` when the ply cap ended it, so
    /// that a cap within a hundred plies of a mark does not count as the
    /// game ending there.
    pub fn add(&mut self, plies: usize, capped: bool) {
        self.games += 1;
        self.longest = self.longest.max(plies);
        for (mark, n) in Tail::MARKS.iter().zip(&mut self.reached) {
            *n += usize::from(plies >= *mark);
        }
        for mark in Tail::GOING {
            if plies >= mark + 100 {
                self.going += 1;
                self.went_on += 1;
            } else if plies >= mark && !capped {
                self.going += 1;
            }
        }
    }

    pub fn absorb(&mut self, other: &Tail) {
        self.games += other.games;
        self.longest = self.longest.max(other.longest);
        for (mine, theirs) in self.reached.iter_mut().zip(other.reached) {
            *mine += theirs;
        }
        self.going += other.going;
        self.went_on += other.went_on;
    }
}

/// The 95% Wilson interval of a share of `k` in `n`, 0..1: unlike the
/// normal one it stays within 0..1 and says something at 0 of `n`.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let d = 1.0 + z * z / n;
    (
        ((centre - spread) / d).max(0.0),
        ((centre + spread) / d).min(1.0),
    )
}

impl fmt::Display for Tail {
    /// Each mark up to the first that no game reached: that one is worth
    /// its interval too (0 of 80 is not yet under 1%).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "longest {} plies; reached", self.longest)?;
        for (i, (mark, k)) in Tail::MARKS.iter().zip(self.reached).enumerate() {
            let (lo, hi) = wilson(k, self.games);
            write!(
                f,
                "{} {mark}: {k} ({:.1}%, 95% {:.1} to {:.1}%)",
                if i == 0 { "" } else { "," },
                100.0 * k as f64 / self.games.max(1) as f64,
                100.0 * lo,
                100.0 * hi
            )?;
            if k == 0 {
                break;
            }
        }
        if self.going > 0 {
            write!(
                f,
                "; at 100, 200 and 300 plies, {} of {} went on another 100 ({:.0}%)",
                self.went_on,
                self.going,
                100.0 * self.went_on as f64 / self.going as f64
            )?;
        }
        Ok(())
    }
}

/// A's results with one colour.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct ColourScore {
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
}

impl ColourScore {
    /// A's score with this colour, 0..1 (0.5 without games).
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games as f64
    }
}

impl Summary {
    /// How many games ended this way.
    pub fn count(&self, ending: Ending) -> usize {
        self.endings
            .iter()
            .find(|(e, _)| *e == ending)
            .map_or(0, |(_, n)| *n)
    }

    /// The share of games that ended this way, 0..1.
    pub fn rate(&self, ending: Ending) -> f64 {
        self.count(ending) as f64 / self.games.max(1) as f64
    }
}

pub fn summarize(reports: &[GameReport]) -> Summary {
    let n = reports.len().max(1) as f64;
    let wins = reports.iter().filter(|r| r.a_score() == 1.0).count();
    let losses = reports.iter().filter(|r| r.a_score() == 0.0).count();
    let draws = reports.len() - wins - losses;
    let score = (wins as f64 + 0.5 * draws as f64) / n;
    // Per-game variance of the score, for the margin.
    let var = reports
        .iter()
        .map(|r| (r.a_score() - score).powi(2))
        .sum::<f64>()
        / n;
    let se = (var / n).sqrt();
    let elo_of = |s: f64| {
        let s = s.clamp(1e-3, 1.0 - 1e-3);
        -400.0 * (1.0 / s - 1.0).log10()
    };
    let elo = elo_of(score);
    let elo_margin =
        (elo_of((score + 1.96 * se).min(0.999)) - elo_of((score - 1.96 * se).max(0.001))) / 2.0;
    let mut endings: Vec<(Ending, usize)> = Vec::new();
    for r in reports {
        match endings.iter_mut().find(|(e, _)| *e == r.ending) {
            Some((_, c)) => *c += 1,
            None => endings.push((r.ending, 1)),
        }
    }
    endings.sort();
    let mean_plies = reports.iter().map(|r| r.plies as f64).sum::<f64>() / n;
    let mut lengths: Vec<usize> = reports.iter().map(|r| r.plies).collect();
    lengths.sort_unstable();
    let median_plies = match lengths.len() {
        0 => 0.0,
        len if len % 2 == 1 => lengths[len / 2] as f64,
        len => (lengths[len / 2 - 1] + lengths[len / 2]) as f64 / 2.0,
    };
    let mut tail = Tail::default();
    for r in reports {
        tail.add(r.plies, r.ending == Ending::PlyCap);
    }
    let mut by_colour = [ColourScore::default(); 2];
    for r in reports {
        let c = &mut by_colour[usize::from(!r.a_light)];
        c.games += 1;
        match r.a_score() {
            1.0 => c.wins += 1,
            0.0 => c.losses += 1,
            _ => c.draws += 1,
        }
    }
    Summary {
        games: reports.len(),
        wins,
        draws,
        losses,
        score,
        elo,
        elo_margin,
        endings,
        mean_plies,
        median_plies,
        tail,
        by_colour,
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "games {}  A wins {}  draws {}  losses {}  score {:.1}%",
            self.games,
            self.wins,
            self.draws,
            self.losses,
            self.score * 100.0
        )?;
        writeln!(f, "elo A-B {:+.0} ± {:.0} (95%)", self.elo, self.elo_margin)?;
        let colour = |c: &ColourScore| {
            format!(
                "{:.1}% ({}/{}/{} of {})",
                c.score() * 100.0,
                c.wins,
                c.draws,
                c.losses,
                c.games
            )
        };
        writeln!(
            f,
            "A as light {}  A as dark {}",
            colour(&self.by_colour[0]),
            colour(&self.by_colour[1])
        )?;
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(e, n)| format!("{} {n}", e.name()))
            .collect();
        writeln!(f, "endings: {}", endings.join(", "))?;
        writeln!(
            f,
            "ply cap {:.1}%  repetition {:.1}%",
            self.rate(Ending::PlyCap) * 100.0,
            self.rate(Ending::Repetition) * 100.0
        )?;
        writeln!(
            f,
            "mean length {:.1} plies, median {:.1}",
            self.mean_plies, self.median_plies
        )?;
        write!(f, "{}", self.tail)
    }
}
