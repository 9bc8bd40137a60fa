//! The sequential probability ratio test of the arena, as chess engines'
//! testing frameworks run it: game pairs (one opening, each colour once)
//! counted by their five possible scores (the pentanomial model), and the
//! generalised log-likelihood ratio of "A is elo1 stronger" against "A is
//! elo0 stronger", with Elo in the logistic sense. The test stops when the
//! ratio leaves the bounds that alpha and beta give.

use std::fmt;

/// A test's hypotheses and error rates.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SprtConfig {
    /// The Elo (A less B) of the null hypothesis.
    pub elo0: f64,
    /// The Elo of the alternative hypothesis, above `elo0`.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl SprtConfig {
    /// The widest Elo bound the tester takes, either sign: beyond it a
    /// score is within a hair of 0 or 1 and a test means nothing.
    pub const MAX_ELO: f64 = 1000.0;

    /// `elo0 < elo1`, both within ±[`Self::MAX_ELO`]; alpha and beta 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Result<SprtConfig, SprtError> {
        SprtConfig {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
        .checked()
    }

    /// This configuration, if its numbers make a test.
    pub fn checked(self) -> Result<SprtConfig, SprtError> {
        let elo_ok = |e: f64| e.is_finite() && e.abs() <= Self::MAX_ELO;
        if !elo_ok(self.elo0) || !elo_ok(self.elo1) || self.elo0 >= self.elo1 {
            return Err(SprtError::Elo {
                elo0: self.elo0,
                elo1: self.elo1,
            });
        }
        for (name, p) in [("alpha", self.alpha), ("beta", self.beta)] {
            // A rate of a half or more would decide by a coin's toss.
            if !(p > 0.0 && p < 0.5) {
                return Err(SprtError::Rate { name, value: p });
            }
        }
        Ok(self)
    }

    /// The log-likelihood ratio below which H0 is accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The log-likelihood ratio above which H1 is accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// One line of a test's standing: the pairs, the ratio and its bounds,
    /// the score and the Elo with their 95% margins.
    pub fn standing(&self, pairs: &Pentanomial) -> String {
        let (elo, margin) = pairs.elo();
        format!(
            "sprt: {} pairs  LLR {:+.2} [{:+.2}, {:+.2}]  score {:.1}% ± {:.1}  elo {elo:+.1} ± {margin:.1}",
            pairs.pairs(),
            pairs.llr(self.elo0, self.elo1),
            self.lower_bound(),
            self.upper_bound(),
            pairs.score() * 100.0,
            1.96 * pairs.score_error() * 100.0,
        )
    }

    /// What the test says of these pairs.
    pub fn verdict(&self, pairs: &Pentanomial) -> Verdict {
        let llr = pairs.llr(self.elo0, self.elo1);
        if llr >= self.upper_bound() {
            Verdict::H1
        } else if llr <= self.lower_bound() {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// Why a test's numbers make no test.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum SprtError {
    /// The bounds are not finite, beyond ±1000, or not `elo0 < elo1`.
    Elo { elo0: f64, elo1: f64 },
    /// Alpha or beta is not strictly between 0 and 0.5.
    Rate { name: &'static str, value: f64 },
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtError::Elo { elo0, elo1 } => write!(
                f,
                "the SPRT needs elo0 < elo1, each from -{max} to {max}, not {elo0} and {elo1}",
                max = SprtConfig::MAX_ELO
            ),
            SprtError::Rate { name, value } => write!(
                f,
                "the SPRT's {name} must be above 0 and below 0.5, not {value}"
            ),
        }
    }
}

impl std::error::Error for SprtError {}

/// Where a test stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Neither bound reached: play on.
    Continue,
    /// H0 accepted: A's Elo is nearer elo0 than elo1 (wrongly so, when
    /// it is elo1 or more, with a chance of beta).
    H0,
    /// H1 accepted: A's Elo is nearer elo1 than elo0 (wrongly so, when it
    /// is elo0 or less, with a chance of alpha).
    H1,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Continue => "undecided",
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
        }
    }
}

/// Game pairs counted by A's score over the pair: `counts[k]` pairs
/// scored `k / 2` (0, ½, 1, 1½, 2).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u64; 5],
}

/// The score of a pair count, per game: 0, ¼, ½, ¾, 1.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The expected score of a player `elo` stronger, in the logistic model.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that a score (strictly between 0 and 1) means.
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

impl Pentanomial {
    /// Adds a pair from A's two game scores (each 0, ½ or 1).
    pub fn add(&mut self, first: f64, second: f64) {
        let k = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// A's mean score per game, 0..1 (½ without pairs).
    pub fn score(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.5;
        }
        let sum: f64 = (0..5).map(|k| self.counts[k] as f64 * PAIR_SCORES[k]).sum();
        sum / n as f64
    }

    /// The standard error of [`Pentanomial::score`], from the spread of
    /// the pairs' scores (pairs, not games: an opening's two games are
    /// not independent).
    pub fn score_error(&self) -> f64 {
        let n = self.pairs();
        if n < 2 {
            return 0.5;
        }
        let mean = self.score();
        let var: f64 = (0..5)
            .map(|k| self.counts[k] as f64 * (PAIR_SCORES[k] - mean).powi(2))
            .sum::<f64>()
            / n as f64;
        (var / n as f64).sqrt()
    }

    /// The Elo difference and its 95% margin.
    pub fn elo(&self) -> (f64, f64) {
        let s = self.score();
        let e = 1.96 * self.score_error();
        let clamp = |x: f64| x.clamp(1e-6, 1.0 - 1e-6);
        let elo = elo_of_score(clamp(s));
        let margin = (elo_of_score(clamp(s + e)) - elo_of_score(clamp(s - e))) / 2.0;
        (elo, margin)
    }

    /// The generalised log-likelihood ratio of H1 (Elo `elo1`) against H0
    /// (Elo `elo0`): for each hypothesis, the likelihood of the pairs under
    /// the distribution of pair scores nearest to the one observed whose
    /// mean is that hypothesis' score (the maximum-likelihood estimate
    /// under the constraint, as Michel Van den Bergh's method for
    /// Fishtest). 0 without pairs.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.0;
        }
        // A score never seen would make some hypotheses impossible: every
        // outcome is given a trace of a pair, as Fishtest does.
        let counts = self.counts.map(|c| (c as f64).max(1e-3));
        let total: f64 = counts.iter().sum();
        let p = counts.map(|c| c / total);
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        let log_likelihood = |s: f64| {
            let lambda = constrained_multiplier(&p, s);
            // The constrained estimate is p_i / (1 + λ(a_i - s)).
            -(0..5)
                .map(|i| p[i] * (1.0 + lambda * (PAIR_SCORES[i] - s)).ln())
                .sum::<f64>()
        };
        n as f64 * (log_likelihood(s1) - log_likelihood(s0))
    }
}

/// The Lagrange multiplier λ with Σ p_i (a_i - s) / (1 + λ(a_i - s)) = 0:
/// the function falls as λ grows, so bisection finds it between the
/// values where a weight 1 + λ(a_i - s) would reach 0.
fn constrained_multiplier(p: &[f64; 5], s: f64) -> f64 {
    let f = |lambda: f64| -> f64 {
        (0..5)
            .map(|i| {
                let d = PAIR_SCORES[i] - s;
                p[i] * d / (1.0 + lambda * d)
            })
            .sum()
    };
    // 1 + λ(1 - s) > 0 and 1 + λ(0 - s) > 0.
    let mut lo = -1.0 / (1.0 - s) * (1.0 - 1e-12);
    let mut hi = 1.0 / s * (1.0 - 1e-12);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.counts;
        write!(f, "pairs (0, ½, 1, 1½, 2) = ({a}, {b}, {c}, {d}, {e})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_are_those_of_alpha_and_beta() {
        let t = SprtConfig::new(0.0, 10.0).unwrap();
        assert!((t.upper_bound() - 19f64.ln()).abs() < 1e-12);
        assert!((t.lower_bound() + 19f64.ln()).abs() < 1e-12);
        assert!((t.upper_bound() - 2.944).abs() < 1e-3);
    }

    #[test]
    fn bad_numbers_make_no_test() {
        assert!(SprtConfig::new(10.0, 0.0).is_err());
        assert!(SprtConfig::new(5.0, 5.0).is_err());
        assert!(SprtConfig::new(f64::NAN, 5.0).is_err());
        assert!(SprtConfig::new(0.0, 1001.0).is_err());
        let mut t = SprtConfig::new(0.0, 5.0).unwrap();
        t.alpha = 0.5;
        assert_eq!(
            t.checked().unwrap_err().to_string(),
            "the SPRT's alpha must be above 0 and below 0.5, not 0.5"
        );
        t.alpha = 0.0;
        assert!(t.checked().is_err());
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-400.0, -50.0, 0.0, 10.0, 150.0] {
            assert!((elo_of_score(score_of_elo(elo)) - elo).abs() < 1e-9);
        }
        assert!((score_of_elo(150.0) - 0.7034).abs() < 1e-4);
    }

    #[test]
    fn pairs_are_counted_by_their_score() {
        let mut p = Pentanomial::default();
        p.add(1.0, 1.0);
        p.add(0.5, 1.0);
        p.add(0.0, 0.5);
        p.add(1.0, 0.0);
        p.add(0.5, 0.5);
        assert_eq!(p.counts, [0, 1, 2, 1, 1]);
        // Per game: 1, ¾, ¼, ½, ½.
        assert!((p.score() - 0.6).abs() < 1e-12);
        assert_eq!(p.to_string(), "pairs (0, ½, 1, 1½, 2) = (0, 1, 2, 1, 1)");
    }

    /// The exact ratio agrees with the normal approximation used by other
    /// testers, LLR ≈ N (s1 - s0)(2ŝ - s0 - s1) / (2σ²), where the Elo
    /// bounds are close together.
    #[test]
    fn the_ratio_agrees_with_the_normal_approximation() {
        let p = Pentanomial {
            counts: [40, 210, 480, 250, 60],
        };
        let (e0, e1) = (0.0, 5.0);
        let (s0, s1) = (score_of_elo(e0), score_of_elo(e1));
        let n = p.pairs() as f64;
        let s = p.score();
        let var = p.score_error().powi(2) * n;
        let approx = n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
        let exact = p.llr(e0, e1);
        assert!(exact > 0.5, "{exact}");
        assert!(
            (exact - approx).abs() < 0.02 * approx.abs(),
            "{exact} {approx}"
        );
        // Swapping the roles of the hypotheses negates the ratio.
        assert!((p.llr(e1, e0) + exact).abs() < 1e-9);
        assert_eq!(Pentanomial::default().llr(e0, e1), 0.0);
    }

    /// Pairs drawn (with a fixed seed) from a player `elo` stronger, until
    /// the test decides: the verdict and the pairs it took.
    fn simulate(elo: f64, test: &SprtConfig, seed: u64) -> (Verdict, u64) {
        // Each game a win, draw or loss with 30% draws and the score of
        // `elo`; the two games of a pair independent.
        let s = score_of_elo(elo);
        let draw = 0.3;
        let win = s - draw / 2.0;
        let mut rng = seed;
        let mut game = || {
            rng = agon_rules::splitmix64(rng);
            let u = (rng >> 11) as f64 / (1u64 << 53) as f64;
            if u < win {
                1.0
            } else if u < win + draw {
                0.5
            } else {
                0.0
            }
        };
        let mut p = Pentanomial::default();
        loop {
            p.add(game(), game());
            let v = test.verdict(&p);
            if v != Verdict::Continue || p.pairs() >= 100_000 {
                return (v, p.pairs());
            }
        }
    }

    #[test]
    fn a_test_finds_the_stronger_and_the_equal_player() {
        let test = SprtConfig::new(0.0, 30.0).unwrap();
        let (mut missed, mut false_alarms) = (0, 0);
        for seed in 0..40 {
            let (strong, _) = simulate(30.0, &test, seed);
            let (equal, _) = simulate(0.0, &test, seed + 1000);
            missed += (strong != Verdict::H1) as u32;
            false_alarms += (equal != Verdict::H0) as u32;
        }
        // 40 tests each way at error rates of 5%: two wrong expected each
        // way (with these seeds, 5 in all).
        assert!(missed <= 4 && false_alarms <= 4, "{missed} {false_alarms}");
        // A clear difference decides fast.
        let (v, pairs) = simulate(200.0, &test, 7);
        assert_eq!(v, Verdict::H1);
        assert!(pairs < 60, "{pairs}");
    }
}
