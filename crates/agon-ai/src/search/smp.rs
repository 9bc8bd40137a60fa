//! Lazy SMP: the threads of a parallel search each run the whole
//! iterative deepening of the same root, sharing only the transposition
//! table, where each finds what the others have already searched. Half of
//! the helpers search one ply deeper than the main thread, so the threads
//! spread over two depths instead of repeating one another. The main
//! thread keeps the limits and reports; when it stops, so do the helpers,
//! and the answer is that of the thread that completed the deepest
//! iteration (the main thread's on a tie).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use super::{Info, Limits, Progress, Search, SearchResult};

/// Nodes a thread searches between two looks at its stop flag.
const SLICE: u64 = 4096;

impl Search {
    pub(super) fn run_parallel(
        &mut self,
        cancel: &AtomicBool,
        mut on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let wanted = self.threads - 1;
        while self.helpers.len() < wanted {
            self.helpers.push(Search::with_table(self.tt.clone()));
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        for (i, h) in helpers.iter_mut().take(wanted).enumerate() {
            h.follow(self, (i % 2 == 0) as u32);
        }
        let done = AtomicBool::new(false);
        let counters: Vec<AtomicU64> = (0..wanted).map(|_| AtomicU64::new(0)).collect();
        let (mut result, others) = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .iter_mut()
                .zip(&counters)
                .map(|(h, counter)| {
                    let done = &done;
                    scope.spawn(move || h.help(done, counter))
                })
                .collect();
            let result = loop {
                if cancel.load(Relaxed) {
                    self.stop();
                }
                let progress = self.step(SLICE);
                let helped: u64 = counters.iter().map(|c| c.load(Relaxed)).sum();
                for mut info in self.take_infos() {
                    info.nodes += helped;
                    on_info(&info);
                }
                if let Progress::Done(r) = progress {
                    break r;
                }
            };
            done.store(true, Relaxed);
            let others: Vec<SearchResult> = running
                .into_iter()
                .map(|t| t.join().expect("a helper thread does not panic"))
                .collect();
            (result, others)
        });
        self.helpers = helpers;
        let helped: u64 = others.iter().map(|r| r.nodes).sum();
        if let Some(deeper) = others
            .into_iter()
            .filter(|r| r.best.is_some() && r.depth > result.depth)
            .max_by_key(|r| r.depth)
        {
            result.best = deeper.best;
            result.score = deeper.score;
            result.depth = deeper.depth;
            result.pv = deeper.pv;
        }
        result.nodes += helped;
        // A later `step` answers as this run did.
        self.finished = Some(result.clone());
        result
    }

    /// Sets up this helper to search `main`'s root, `offset` plies deeper.
    fn follow(&mut self, main: &Search, offset: u32) {
        self.style = main.style;
        self.prepare(main.root, &main.path[..main.game_len], Limits::default());
        // The first iteration is `offset + 1`.
        self.iteration = offset;
        if self.finished.is_none() {
            self.begin_iteration();
        }
    }

    /// Searches until `done`, publishing its node count in `counter`.
    fn help(&mut self, done: &AtomicBool, counter: &AtomicU64) -> SearchResult {
        loop {
            if done.load(Relaxed) {
                self.stop();
            }
            let progress = self.step(SLICE);
            counter.store(self.nodes, Relaxed);
            if let Progress::Done(r) = progress {
                return r;
            }
        }
    }
}
