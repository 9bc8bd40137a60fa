//! The player's puzzle rating: Glicko-2 (Glickman, "Example of the
//! Glicko-2 system", 2013), each puzzle a game against an opponent rated
//! at the puzzle's rating, each attempt its own rating period.

use std::fmt;

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// A new player's rating, deviation and volatility (Glickman's defaults).
pub const START_RATING: f64 = 1500.0;
pub const START_DEVIATION: f64 = 350.0;
pub const START_VOLATILITY: f64 = 0.06;
/// How sure the file's ratings are, as a deviation: they come from the
/// search's depth, not from players, so they are treated as fairly wide.
pub const PUZZLE_DEVIATION: f64 = 100.0;
/// The system constant τ: Glickman suggests 0.3 to 1.2; lower keeps the
/// volatility steadier (a few wrong clicks should not swing it).
pub const TAU: f64 = 0.5;

/// The ratings a stored value may hold (Glicko-2 never leaves this range
/// with puzzles rated 0 to 4000).
const RATING_RANGE: std::ops::RangeInclusive<f64> = -1000.0..=6000.0;

/// A player's puzzle rating. Stored by the game; a stored value is checked
/// when read ([`PlayerRating::new`], and through serde).
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawRating", into = "RawRating")]
pub struct PlayerRating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

#[derive(Copy, Clone, Serialize, Deserialize)]
struct RawRating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

/// A stored rating that cannot be one.
#[derive(Clone, Debug, PartialEq)]
pub enum RatingError {
    Rating(f64),
    Deviation(f64),
    Volatility(f64),
}

impl fmt::Display for RatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingError::Rating(r) => write!(
                f,
                "a puzzle rating must be from {} to {}, not {r}",
                RATING_RANGE.start(),
                RATING_RANGE.end()
            ),
            RatingError::Deviation(d) => write!(
                f,
                "a rating deviation must be above 0 and at most {START_DEVIATION}, not {d}"
            ),
            RatingError::Volatility(v) => {
                write!(
                    f,
                    "a rating volatility must be above 0 and below 1, not {v}"
                )
            }
        }
    }
}

impl std::error::Error for RatingError {}

impl TryFrom<RawRating> for PlayerRating {
    type Error = RatingError;
    fn try_from(r: RawRating) -> Result<PlayerRating, RatingError> {
        PlayerRating::new(r.rating, r.deviation, r.volatility)
    }
}

impl From<PlayerRating> for RawRating {
    fn from(r: PlayerRating) -> RawRating {
        RawRating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl Default for PlayerRating {
    fn default() -> Self {
        PlayerRating {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }
}

impl PlayerRating {
    /// A rating from stored numbers, each checked (a NaN is refused).
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Result<PlayerRating, RatingError> {
        if !RATING_RANGE.contains(&rating) {
            return Err(RatingError::Rating(rating));
        }
        if !(deviation > 0.0 && deviation <= START_DEVIATION) {
            return Err(RatingError::Deviation(deviation));
        }
        if !(volatility > 0.0 && volatility < 1.0) {
            return Err(RatingError::Volatility(volatility));
        }
        Ok(PlayerRating {
            rating,
            deviation,
            volatility,
        })
    }

    pub fn rating(&self) -> f64 {
        self.rating
    }

    pub fn deviation(&self) -> f64 {
        self.deviation
    }

    pub fn volatility(&self) -> f64 {
        self.volatility
    }

    /// The rating to show: whole, with `?` while still unsure (as lichess
    /// does past a deviation of 110).
    pub fn display(&self) -> String {
        let shown = self.rating.round() as i64;
        if self.deviation > 110.0 {
            format!("{shown}?")
        } else {
            shown.to_string()
        }
    }

    /// The rating after an attempt at a puzzle rated `puzzle`: `solved`
    /// when it was solved cleanly (no wrong action, no hint).
    pub fn after_attempt(&self, puzzle: u16, solved: bool) -> PlayerRating {
        let outcome = if solved {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        };
        self.after_period(&[(f64::from(puzzle), PUZZLE_DEVIATION, outcome)])
    }

    /// One Glicko-2 rating period: each game an opponent's rating and
    /// deviation and its outcome. An empty period only widens the
    /// deviation (step 6 of the paper).
    pub fn after_period(&self, games: &[(f64, f64, Outcomes)]) -> PlayerRating {
        let me = Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        };
        let results: Vec<(Glicko2Rating, Outcomes)> = games
            .iter()
            .map(|&(rating, deviation, outcome)| {
                let opponent = Glicko2Rating {
                    rating,
                    deviation,
                    volatility: START_VOLATILITY,
                };
                (opponent, outcome)
            })
            .collect();
        let config = Glicko2Config {
            tau: TAU,
            ..Glicko2Config::new()
        };
        let new = glicko2_rating_period(&me, &results, &config);
        // Kept within what a stored rating may be, so a saved value always
        // reads back.
        PlayerRating {
            rating: new.rating.clamp(*RATING_RANGE.start(), *RATING_RANGE.end()),
            deviation: new.deviation.clamp(1.0, START_DEVIATION),
            volatility: new.volatility.clamp(1e-6, 0.999),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example: a 1500 player (deviation 200) beats a
    /// 1400 (30), loses to a 1550 (100) and a 1700 (300), τ = 0.5.
    #[test]
    fn the_papers_example_gives_the_papers_numbers() {
        let player = PlayerRating::new(1500.0, 200.0, 0.06).unwrap();
        let new = player.after_period(&[
            (1400.0, 30.0, Outcomes::WIN),
            (1550.0, 100.0, Outcomes::LOSS),
            (1700.0, 300.0, Outcomes::LOSS),
        ]);
        assert!((new.rating() - 1464.06).abs() < 0.01, "{new:?}");
        assert!((new.deviation() - 151.52).abs() < 0.01, "{new:?}");
        assert!((new.volatility() - 0.05999).abs() < 0.00001, "{new:?}");
    }

    #[test]
    fn solving_raises_failing_lowers_and_both_narrow_the_deviation() {
        let start = PlayerRating::default();
        let up = start.after_attempt(1500, true);
        let down = start.after_attempt(1500, false);
        assert!(
            up.rating() > 1600.0 && down.rating() < 1400.0,
            "{up:?} {down:?}"
        );
        assert!(up.deviation() < START_DEVIATION && down.deviation() < START_DEVIATION);
        // An easy puzzle solved moves a rating less than a hard one.
        let easy = start.after_attempt(900, true);
        let hard = start.after_attempt(2100, true);
        assert!(hard.rating() - start.rating() > easy.rating() - start.rating());
        assert_eq!(start.display(), "1500?");
        let settled = PlayerRating::new(1712.4, 60.0, 0.06).unwrap();
        assert_eq!(settled.display(), "1712");
    }

    #[test]
    fn a_stored_rating_is_checked() {
        assert!(matches!(
            PlayerRating::new(f64::NAN, 100.0, 0.06),
            Err(RatingError::Rating(_))
        ));
        assert!(matches!(
            PlayerRating::new(1500.0, 0.0, 0.06),
            Err(RatingError::Deviation(_))
        ));
        assert!(matches!(
            PlayerRating::new(1500.0, 90.0, 1.5),
            Err(RatingError::Volatility(_))
        ));
        let json = r#"{"rating":1500.0,"deviation":-3.0,"volatility":0.06}"#;
        let e = serde_json::from_str::<PlayerRating>(json).unwrap_err();
        assert!(e.to_string().contains("deviation"), "{e}");
        let r = PlayerRating::default().after_attempt(1700, true);
        let back: PlayerRating = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(back, r);
    }
}
