//! The engine's text protocol (PROTOCOL.md): one command a line in, replies
//! out.
//!
//! Two threads. The one that reads input calls [`Engine::command`], which
//! never waits: it answers `stop`, `isready` and `quit` at once and queues
//! every other line for a worker thread, which runs them in order through a
//! [`Session`]. So a search or a perft in progress never keeps the engine
//! from hearing that it should stop.

mod command;
mod output;
mod session;

pub use command::{Command, CommandError, Go, MAX_PERFT_DEPTH};
pub use output::Output;
pub use session::{DEFAULT_LEVEL, Session};

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use agon_ai::{DESKTOP_TT_MIB, Search};

/// What the caller should do after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The protocol on two threads: see the module's documentation.
pub struct Engine {
    out: Output,
    shared: Arc<Shared>,
    worker: Option<JoinHandle<()>>,
}

struct Shared {
    queue: Mutex<Queue>,
    /// Wakes the worker when a job arrives or the queue closes.
    wake: Condvar,
}

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    /// The stop flag of the `go` or `perft` the worker is running, if any.
    running: Option<Arc<AtomicBool>>,
    /// No job will come any more: the worker ends once the queue is empty.
    closed: bool,
}

enum Job {
    /// A line for the session, with the flag that stops it if it is a `go`
    /// or a `perft` (`search`).
    Line {
        text: String,
        search: bool,
        stop: Arc<AtomicBool>,
    },
    /// A reply that follows the quick commands before it but never waits
    /// for a search: `readyok`, and errors in `stop`, `isready`, `quit`.
    Reply(String),
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A panic never happens while the lock is held; if it did, the
        // queue itself would still be whole.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Engine {
    pub fn new(out: Output) -> Engine {
        Engine::with_search(out, Search::new(DESKTOP_TT_MIB))
    }

    /// An engine searching with `search`: a smaller table for tests.
    pub fn with_search(out: Output, search: Search) -> Engine {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            wake: Condvar::new(),
        });
        let session = Session::with_search(out.clone(), search);
        let worker = {
            let (shared, out) = (shared.clone(), out.clone());
            std::thread::spawn(move || work(&shared, session, &out))
        };
        Engine {
            out,
            shared,
            worker: Some(worker),
        }
    }

    /// Takes one command line; never waits for a search or a perft.
    pub fn command(&mut self, line: &str) -> Flow {
        let Some(word) = line.split_whitespace().next() else {
            return Flow::Continue;
        };
        if !matches!(word, "stop" | "isready" | "quit") {
            // Only a well-formed search is one: a malformed `go` is answered
            // at once with its error, which `readyok` must follow. Reading
            // a `go` or a `perft` twice costs nothing next to running it.
            let search = matches!(word, "go" | "perft") && Command::parse(line).is_ok();
            self.queue(Job::Line {
                text: line.to_string(),
                search,
                stop: Arc::new(AtomicBool::new(false)),
            });
            return Flow::Continue;
        }
        match Command::parse(line) {
            Ok(Some(Command::Stop)) => self.stop_all(),
            Ok(Some(Command::IsReady)) => self.reply("readyok".to_string()),
            Ok(Some(Command::Quit)) => {
                self.close();
                return Flow::Quit;
            }
            Ok(_) => unreachable!("{word} reads as stop, isready or quit"),
            Err(e) => self.reply(format!("error {e}")),
        }
        Flow::Continue
    }

    /// Stops every search and perft, answers the commands already taken,
    /// and waits for the worker to end: `quit`, or the end of input.
    pub fn finish(mut self) {
        self.close();
        self.join();
    }

    fn queue(&self, job: Job) {
        self.shared.lock().jobs.push_back(job);
        self.shared.wake.notify_one();
    }

    /// Stops the search or perft running and every one still queued: all
    /// were sent before the `stop`.
    fn stop_all(&self) {
        let q = self.shared.lock();
        for job in &q.jobs {
            if let Job::Line { stop, .. } = job {
                stop.store(true, Ordering::Relaxed);
            }
        }
        if let Some(stop) = &q.running {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Answers at once during a search (until its answer is out: see
    /// [`work`]); otherwise after the commands before it, up to the first
    /// search queued, so that `readyok` still follows their replies.
    fn reply(&self, text: String) {
        let mut q = self.shared.lock();
        if q.running.is_some() {
            drop(q);
            self.out.line(&text);
            return;
        }
        let first_search = q
            .jobs
            .iter()
            .position(|j| matches!(j, Job::Line { search: true, .. }));
        match first_search {
            Some(i) => q.jobs.insert(i, Job::Reply(text)),
            None => q.jobs.push_back(Job::Reply(text)),
        }
        drop(q);
        self.shared.wake.notify_one();
    }

    fn close(&self) {
        self.stop_all();
        self.shared.lock().closed = true;
        self.shared.wake.notify_one();
    }

    fn join(&mut self) {
        if let Some(worker) = self.worker.take() {
            // The worker catches every command's panic; a panic here would
            // be the queue's own, with nothing left to answer.
            let _ = worker.join();
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.close();
        self.join();
    }
}

/// The worker: runs the queued jobs in order until the queue is closed and
/// empty.
fn work(shared: &Shared, mut session: Session, out: &Output) {
    loop {
        let job = {
            let mut q = shared.lock();
            loop {
                if let Some(job) = q.jobs.pop_front() {
                    if let Job::Line {
                        search: true, stop, ..
                    } = &job
                    {
                        q.running = Some(stop.clone());
                    }
                    break job;
                }
                if q.closed {
                    return;
                }
                q = shared.wake.wait(q).unwrap_or_else(|e| e.into_inner());
            }
        };
        let answer = match job {
            Job::Reply(text) => {
                out.line(&text);
                None
            }
            Job::Line { text, stop, .. } => {
                // A bug in one command must not leave the engine deaf.
                let ran =
                    catch_unwind(AssertUnwindSafe(|| session.handle_but_answer(&text, &stop)));
                ran.unwrap_or_else(|_| {
                    session.reset_search();
                    Some(
                        "error internal failure: the command was abandoned and the search reset"
                            .to_string(),
                    )
                })
            }
        };
        // A search's last line and its end are one step under the lock:
        // once a client has read the answer, an `isready` it sends finds no
        // search running and waits behind the commands sent before it. (The
        // answer written, then `running` cleared under a second lock, let
        // `readyok` overtake them on a busy machine.)
        let mut q = shared.lock();
        if let Some(answer) = answer {
            out.line(&answer);
        }
        q.running = None;
    }
}
