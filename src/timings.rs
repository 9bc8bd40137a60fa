//! A bounded list of recent timings, shared by the frame statistics and the
//! computer's slices of search on the web.

/// Timings kept: the most recent `2 * RECENT` at most, so a long session
/// neither grows them without bound nor makes their summaries slow to sort.
const RECENT: usize = 1000;

/// The most recent timings, in milliseconds.
#[derive(Clone, Debug, Default)]
pub struct Recent(Vec<f32>);

impl Recent {
    /// Adds a timing, dropping the oldest half once there are `2 * RECENT`.
    pub fn push(&mut self, ms: f32) {
        if self.0.len() >= 2 * RECENT {
            self.0.drain(..RECENT);
        }
        self.0.push(ms);
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The median, 0 when there is none.
    pub(crate) fn median(&self) -> f32 {
        if self.0.is_empty() {
            return 0.0;
        }
        let mut s = self.0.clone();
        s.sort_by(|a, b| a.total_cmp(b));
        s[s.len() / 2]
    }

    /// The longest, 0 when there is none.
    pub fn max(&self) -> f32 {
        self.0.iter().copied().fold(0.0, f32::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timings_keep_only_the_recent_ones() {
        let mut r = Recent::default();
        for i in 0..5 * RECENT {
            r.push(i as f32);
        }
        assert!(r.len() <= 2 * RECENT && r.len() >= RECENT);
        assert_eq!(*r.0.last().unwrap(), (5 * RECENT - 1) as f32);
        // In order, with nothing missing since the oldest kept.
        assert!(r.0.windows(2).all(|w| w[1] == w[0] + 1.0));
        assert_eq!(r.max(), (5 * RECENT - 1) as f32);
    }

    #[test]
    fn the_median_is_the_middle_one() {
        let mut r = Recent::default();
        assert_eq!(r.median(), 0.0);
        for ms in [5.0, 1.0, 9.0] {
            r.push(ms);
        }
        assert_eq!(r.median(), 5.0);
    }
}
