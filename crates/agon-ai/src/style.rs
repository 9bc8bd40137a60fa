//! How the search plays: its evaluation's weights and the imperfection the
//! lower levels add on purpose ([`Style`]), and the settings a tuning tool
//! changes by name ([`Style::tweak`]).

use std::fmt;

use agon_rules::Quoted;

use crate::eval::Weights;

/// How the search plays: its evaluation, and the imperfection the lower
/// levels add on purpose.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Style {
    pub weights: Weights,
    /// Amplitude of a pseudo-random term added to every evaluation, in
    /// evaluation units; 0 for the best play. Derived from the position's
    /// hash and `seed`, so a search stays deterministic.
    pub noise: i32,
    pub seed: u64,
    /// How much the side searching dislikes a draw by repetition, in
    /// evaluation units: it plays on when it is ahead by less than this.
    pub contempt: i32,
    /// Whether captures are searched beyond the horizon.
    pub quiescence: bool,
    /// Extra cost, per piece of the side searching out of play: it is
    /// ahead in the race against weak opponents, and even trades only
    /// slow the race and crowd the centre.
    pub trade_aversion: i32,
    /// Percent of the actions, at every node of the search, that go
    /// unseen: a capture overlooked, a reply not thought of. Which ones is
    /// drawn from the position, the action and `seed`, so the same
    /// position hides the same actions for the whole game. An action that
    /// ends the game (a throne win, a forfeit) is always seen, and every
    /// node looks at one action at least that does not lose at once, if
    /// it has one. 0 for the best play.
    pub overlook: i32,
    /// How hard late quiet actions are reduced: 0 by one ply; N > 0 by
    /// ln(depth)·ln(index)·100/N plies (a smaller N reduces more), at
    /// least one, and never below a one-ply search.
    pub lmr: i32,
    /// How fast a standstill wears down an advantage of the side
    /// searching: after N plies of sideways steps in a row (no capture,
    /// relocation or step inward, nothing that cannot be undone) an
    /// evaluation in its favour counts half, after 2N a third, as chess
    /// engines scale theirs by the fifty-move counter. Ahead, it prefers
    /// the line that changes the position for good to waiting; behind, it
    /// is unchanged (wearing down its deficit too let it sit in locked
    /// positions all the more). 0: off.
    pub stall: i32,
    /// With `stall`, counts a drought instead of a standstill: the plies
    /// since the side searching last captured, less this many (its grace).
    /// Only its own capture ends the count, so it gains nothing by letting
    /// the opponent capture, where the standstill ended at any capture or
    /// relocation. 0: the standstill.
    pub drought: i32,
    /// A node whose side to move has this many legal actions or fewer is
    /// searched one ply deeper (up to twice the iteration's depth in all):
    /// in the locked centres where won games stall, a side down to one or
    /// two steps is close to running out of them, and the line that shows
    /// it is a forced one. At 4, `master+nodes=1000000` converted as many
    /// standstills of the long games against Hard as without
    /// (`examples/convert.rs`, 31 of 81 against 30). 0: off.
    pub reply_ext: i32,
    /// Whether late quiet relocations are reduced like late quiet steps.
    /// A relocation offers every empty cell of the outer ring (of the
    /// board, for a queen), so each capture in the tree multiplies it by
    /// about thirty full-depth replies; most of those cells are alike.
    /// Those that capture, and the first four, are never reduced.
    pub reduce_relocations: bool,
    /// How much the side searching, while ahead, prefers what ends the
    /// game sooner: its lead counts less by this many evaluation units per
    /// unit of ln(plies left) as `eval/length.rs`'s network reads them, by
    /// at most half. The evaluation alone cannot tell a formation about to
    /// close from a siege that lasts hundreds of plies; the network can,
    /// a little. At 100 the games of `master+nodes=100000` against Hard
    /// past 400 plies fell from 134 of 400 to 108, those of
    /// `master+nodes=1000000` stayed as they were (13 of 120 against 14),
    /// and a node costs a fifth more: 0 for every level. 0: off.
    pub haste: i32,
    /// At the root only, how much more an action is worth that leaves the
    /// opponent a capture: among actions the search finds equal, the one
    /// that offers a piece. The long games of the game's Master against
    /// Hard mostly broke open when Hard took one of Master's guards and
    /// Master relocated it behind the blockers; a bait the search finds
    /// harmless is a chance for the opponent to go wrong. 0: off; 200 for
    /// Master (`Level::style`).
    pub bait: i32,
}

/// Why [`Style::tweak`] refused a setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TweakError {
    /// No setting has this name.
    Unknown(String),
    /// The value is beyond ±[`Style::MAX_TWEAK`].
    OutOfRange { name: String, value: i32 },
    /// A setting that only takes 0 or more was given less.
    Negative { name: String, value: i32 },
}

impl fmt::Display for TweakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TweakError::Unknown(name) => write!(f, "unknown setting {}", Quoted(name)),
            TweakError::OutOfRange { name, value } => write!(
                f,
                "{name}={value} is out of range: a setting is from -{max} to {max}",
                max = Style::MAX_TWEAK
            ),
            TweakError::Negative { name, value } => {
                write!(f, "{name}={value} is out of range: {name} is 0 or more")
            }
        }
    }
}

impl std::error::Error for TweakError {}

impl Style {
    /// The largest setting [`Style::tweak`] takes, either sign: a hundred
    /// times the largest default weight, and far from overflowing the
    /// evaluation's sums of weight times count.
    pub const MAX_TWEAK: i32 = 10_000;

    /// Changes one setting by name, for tuning: an evaluation weight
    /// (`distance`, `exposed`...), `contempt`, `noise`, `overlook` (percent),
    /// `lmr`, `stall`, `drought`, `reply_ext`, `haste` or `bait` (0 or more), or `quiescence`
    /// or `reduce_relocations` (0 or 1).
    pub fn tweak(&mut self, name: &str, value: i32) -> Result<(), TweakError> {
        if value.unsigned_abs() > Style::MAX_TWEAK as u32 {
            return Err(TweakError::OutOfRange {
                name: name.to_string(),
                value,
            });
        }
        if matches!(
            name,
            "lmr" | "stall" | "drought" | "reply_ext" | "haste" | "bait"
        ) && value < 0
        {
            return Err(TweakError::Negative {
                name: name.to_string(),
                value,
            });
        }
        let slot = match name {
            "contempt" => &mut self.contempt,
            "trade_aversion" => &mut self.trade_aversion,
            "noise" => &mut self.noise,
            "overlook" => &mut self.overlook,
            "lmr" => &mut self.lmr,
            "stall" => &mut self.stall,
            "drought" => &mut self.drought,
            "reply_ext" => &mut self.reply_ext,
            "haste" => &mut self.haste,
            "bait" => &mut self.bait,
            "quiescence" => {
                self.quiescence = value != 0;
                return Ok(());
            }
            "reduce_relocations" => {
                self.reduce_relocations = value != 0;
                return Ok(());
            }
            _ => match self.weights.named_mut(name) {
                Some(weight) => weight,
                None => return Err(TweakError::Unknown(name.to_string())),
            },
        };
        *slot = value;
        Ok(())
    }
}

impl Default for Style {
    fn default() -> Self {
        Style {
            weights: Weights::DEFAULT,
            noise: 0,
            seed: 0,
            contempt: 300,
            quiescence: true,
            trade_aversion: 0,
            overlook: 0,
            lmr: 0,
            stall: 0,
            drought: 0,
            reply_ext: 0,
            reduce_relocations: false,
            haste: 0,
            bait: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weight_is_tweaked_by_its_own_name_and_no_other() {
        for (i, name) in Weights::NAMES.iter().enumerate() {
            let value = 1_000 + i as i32;
            let mut style = Style::default();
            style.tweak(name, value).unwrap();
            let mut expected = Weights::DEFAULT;
            *expected.named_mut(name).unwrap() = value;
            assert_eq!(style.weights, expected, "{name}");
            // Only this weight changed.
            let changed = Weights::NAMES
                .iter()
                .filter(|other| {
                    let mut w = style.weights;
                    let mut d = Weights::DEFAULT;
                    w.named_mut(other) != d.named_mut(other)
                })
                .count();
            assert_eq!(changed, 1, "{name}");
        }
        assert_eq!(Weights::NAMES.len(), 18);
        let mut weights = Weights::DEFAULT;
        assert!(weights.named_mut("contempt").is_none());
    }

    #[test]
    fn the_late_reduction_is_a_setting_of_zero_or_more() {
        let mut style = Style::default();
        assert_eq!(style.lmr, 0, "today's one-ply reduction by default");
        style.tweak("lmr", 225).unwrap();
        assert_eq!(style.lmr, 225);
        assert_eq!(
            style.tweak("lmr", -1),
            Err(TweakError::Negative {
                name: "lmr".into(),
                value: -1
            })
        );
        assert_eq!(
            style.tweak("lmr", -1).unwrap_err().to_string(),
            "lmr=-1 is out of range: lmr is 0 or more"
        );
        assert_eq!(style.lmr, 225, "a refused setting changes nothing");
    }

    #[test]
    fn the_bait_is_a_setting_of_zero_or_more_and_masters_alone() {
        let mut style = Style::default();
        assert_eq!(style.bait, 0);
        for level in crate::Level::ALL {
            let want = if level == crate::Level::Master {
                200
            } else {
                0
            };
            assert_eq!(level.style(7).bait, want, "{level}");
        }
        style.tweak("bait", 80).unwrap();
        assert_eq!(
            (style.bait, style.haste, style.weights),
            (80, 0, Weights::DEFAULT)
        );
        assert_eq!(
            style.tweak("bait", -1).unwrap_err().to_string(),
            "bait=-1 is out of range: bait is 0 or more"
        );
        assert_eq!(style.bait, 80, "a refused setting changes nothing");
    }

    #[test]
    fn the_standstill_settings_are_zero_or_more_and_off_by_default() {
        let mut style = Style::default();
        assert_eq!(style.stall, 0);
        style.tweak("stall", 15).unwrap();
        assert_eq!((style.stall, style.lmr), (15, 0));
        assert_eq!(
            style.tweak("stall", -1).unwrap_err().to_string(),
            "stall=-1 is out of range: stall is 0 or more"
        );
        assert_eq!(style.stall, 15);
        assert_eq!(style.drought, 0);
        style.tweak("drought", 40).unwrap();
        assert_eq!((style.stall, style.drought), (15, 40));
        assert_eq!(
            style.tweak("drought", -3).unwrap_err().to_string(),
            "drought=-3 is out of range: drought is 0 or more"
        );
        assert_eq!(style.drought, 40);
    }
}
