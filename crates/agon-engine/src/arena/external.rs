//! An engine in a process of its own, spoken to through the protocol of
//! PROTOCOL.md: how the arena plays a baseline built from an earlier
//! commit against the code it was built with.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use agon_rules::{Action, Game, Quoted};

/// How long an engine may take to answer `agon`, or a `go` beyond the time
/// it was given, before it is taken for hung.
pub const GRACE: Duration = Duration::from_secs(30);

/// Why an engine could not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The program could not be started.
    Spawn { path: PathBuf, error: String },
    /// The engine closed its output, or could not be written to.
    Gone { path: PathBuf },
    /// No answer within the time allowed.
    Timeout { path: PathBuf, waiting_for: String },
    /// An answer that is not the protocol's.
    Protocol { path: PathBuf, line: String },
    /// An action that cannot be played in the game.
    Illegal {
        path: PathBuf,
        action: String,
        afn: String,
    },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |p: &Path| Quoted(&p.to_string_lossy()).to_string();
        match self {
            EngineError::Spawn { path, error } => {
                write!(f, "cannot start the engine {}: {error}", name(path))
            }
            EngineError::Gone { path } => write!(f, "the engine {} has exited", name(path)),
            EngineError::Timeout { path, waiting_for } => write!(
                f,
                "the engine {} did not answer {} in time",
                name(path),
                Quoted(waiting_for)
            ),
            EngineError::Protocol { path, line } => write!(
                f,
                "the engine {} answered {}, which the protocol does not allow here",
                name(path),
                Quoted(line)
            ),
            EngineError::Illegal { path, action, afn } => write!(
                f,
                "the engine {} played {}, illegal in {afn}",
                name(path),
                Quoted(action)
            ),
        }
    }
}

impl std::error::Error for EngineError {}

/// A running engine. Dropping it sends `quit` and reaps the process.
pub struct External {
    path: PathBuf,
    child: Child,
    input: ChildStdin,
    /// The engine's output, a line at a time, read on a thread of its own
    /// so that a silent engine can be waited for with a timeout.
    lines: Receiver<String>,
}

impl External {
    /// Starts the engine at `path` and waits for `agonok`.
    pub fn start(path: &Path) -> Result<External, EngineError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Spawn {
                path: path.to_path_buf(),
                error: e.to_string(),
            })?;
        let input = child.stdin.take().expect("stdin was piped");
        let output = child.stdout.take().expect("stdout was piped");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = External {
            path: path.to_path_buf(),
            child,
            input,
            lines,
        };
        engine.send("agon")?;
        engine.wait_for("agon", GRACE, |l| l == "agonok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|_| EngineError::Gone {
                path: self.path.clone(),
            })
    }

    /// Reads lines until one that `done` takes, which it returns.
    fn wait_for(
        &mut self,
        waiting_for: &str,
        within: Duration,
        done: impl Fn(&str) -> bool,
    ) -> Result<String, EngineError> {
        let deadline = std::time::Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(&line) => return Ok(line),
                Ok(line) if line.starts_with("error ") => {
                    return Err(EngineError::Protocol {
                        path: self.path.clone(),
                        line,
                    });
                }
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout {
                        path: self.path.clone(),
                        waiting_for: waiting_for.to_string(),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineError::Gone {
                        path: self.path.clone(),
                    });
                }
            }
        }
    }

    /// Sets the threads of the engine's search (`setoption threads`).
    pub fn set_threads(&mut self, threads: usize) -> Result<(), EngineError> {
        self.send(&format!("setoption threads {threads}"))?;
        self.send("isready")?;
        self.wait_for("setoption threads", GRACE, |l| l == "readyok")?;
        Ok(())
    }

    /// Forgets the last game: the engine's `newgame`.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("newgame")
    }

    /// The engine's action in `game` (played from the start position),
    /// searched with `go <limits>`; `think` is the longest it is expected
    /// to take, to which [`GRACE`] is added.
    pub fn act(
        &mut self,
        game: &Game,
        limits: &str,
        think: Duration,
    ) -> Result<Action, EngineError> {
        let mut position = String::from("position startpos");
        if !game.history().is_empty() {
            position.push_str(" moves");
            for a in game.actions() {
                position.push(' ');
                position.push_str(&a.to_string());
            }
        }
        self.send(&position)?;
        let go = format!("go {limits}");
        self.send(&go)?;
        let line = self.wait_for(&go, think.saturating_add(GRACE), |l| {
            l.starts_with("bestmove ")
        })?;
        let text = line["bestmove ".len()..].trim();
        let illegal = || EngineError::Illegal {
            path: self.path.clone(),
            action: text.to_string(),
            afn: game.position().to_afn(),
        };
        let action: Action = text.parse().map_err(|_| illegal())?;
        if !game.position().is_legal(action) {
            return Err(illegal());
        }
        Ok(action)
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // An engine answers `quit` at once; one that does not is ended.
        for _ in 0..100 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
