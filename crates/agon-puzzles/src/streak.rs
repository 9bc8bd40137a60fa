//! The streak mode: puzzles in a row, each a little harder, until the
//! first mistake.

use serde::{Deserialize, Serialize};

/// The rating the first puzzle of a streak is near, and how much each
/// solved puzzle adds.
pub const STREAK_START: f64 = 900.0;
pub const STREAK_STEP: f64 = 60.0;

/// A streak in progress and the record, as the game stores them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Streak {
    /// Solved in a row in the streak going on (0 when none is).
    pub current: u32,
    /// The longest streak ever.
    pub best: u32,
}

/// What an attempt did to the streak.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StreakEvent {
    /// Solved: the streak goes on, `current` long now.
    Extended { current: u32, new_record: bool },
    /// A mistake: the streak of `length` is over.
    Ended { length: u32 },
}

impl Streak {
    /// Records an attempt at the streak's puzzle: `solved` when solved
    /// with no wrong action.
    pub fn record(&mut self, solved: bool) -> StreakEvent {
        if solved {
            self.current = self.current.saturating_add(1);
            let new_record = self.current > self.best;
            self.best = self.best.max(self.current);
            StreakEvent::Extended {
                current: self.current,
                new_record,
            }
        } else {
            let length = self.current;
            self.current = 0;
            StreakEvent::Ended { length }
        }
    }

    /// The rating the streak's next puzzle should be near.
    pub fn target_rating(&self) -> f64 {
        STREAK_START + STREAK_STEP * f64::from(self.current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streak_grows_keeps_its_record_and_ends_at_a_mistake() {
        let mut s = Streak::default();
        assert_eq!(
            s.record(true),
            StreakEvent::Extended {
                current: 1,
                new_record: true
            }
        );
        assert_eq!(
            s.record(true),
            StreakEvent::Extended {
                current: 2,
                new_record: true
            }
        );
        assert!(s.target_rating() > STREAK_START);
        assert_eq!(s.record(false), StreakEvent::Ended { length: 2 });
        assert_eq!(
            s,
            Streak {
                current: 0,
                best: 2
            }
        );
        assert_eq!(s.target_rating(), STREAK_START);
        assert_eq!(
            s.record(true),
            StreakEvent::Extended {
                current: 1,
                new_record: false
            }
        );
        assert_eq!(s.best, 2);
    }
}
