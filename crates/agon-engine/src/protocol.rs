//! The engine's text protocol (see PROTOCOL in the docs): one command a line
//! in, replies out. A `go` searches on a worker thread, so `stop` and
//! `isready` are answered while it runs.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use agon_ai::{DESKTOP_TT_MIB, Level, Limits, Search, Style};
use agon_rules::{Game, Position, perft};

/// Where replies go; shared with the search thread. Every line is flushed.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(w: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(w))))
    }

    pub fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A closed output is not worth dying for: the next read will end us.
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }
}

/// The level `go` uses when given no limit.
pub const DEFAULT_LEVEL: Level = Level::Hard;

struct Running {
    cancel: Arc<AtomicBool>,
    handle: JoinHandle<Search>,
}

/// The engine's state between commands.
pub struct Engine {
    out: Output,
    game: Game,
    /// Present while no search runs; a running search owns it.
    search: Option<Search>,
    running: Option<Running>,
}

/// What the caller should do after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

impl Engine {
    pub fn new(out: Output) -> Engine {
        Engine {
            out,
            game: Game::new(),
            search: Some(Search::new(DESKTOP_TT_MIB)),
            running: None,
        }
    }

    /// Waits for a running search to end and takes its engine back.
    fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            let search = r
                .handle
                .join()
                .unwrap_or_else(|_| Search::new(DESKTOP_TT_MIB));
            self.search = Some(search);
        }
    }

    fn error(&self, msg: impl AsRef<str>) {
        self.out.line(&format!("error {}", msg.as_ref()));
    }

    /// Handles one command line.
    pub fn command(&mut self, line: &str) -> Flow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return Flow::Continue;
        };
        match cmd {
            "stop" => {
                if let Some(r) = &self.running {
                    r.cancel.store(true, Ordering::Relaxed);
                }
                self.wait();
            }
            "isready" => {
                self.wait();
                self.out.line("readyok");
            }
            "quit" => {
                if let Some(r) = &self.running {
                    r.cancel.store(true, Ordering::Relaxed);
                }
                self.wait();
                return Flow::Quit;
            }
            _ => {
                // Every other command waits for the search to end first, so
                // replies never interleave with a `bestmove`.
                self.wait();
                self.dispatch(cmd, args);
            }
        }
        Flow::Continue
    }

    fn dispatch(&mut self, cmd: &str, args: &[&str]) {
        match cmd {
            "agon" => {
                if !args.is_empty() {
                    return self.error("agon takes no arguments");
                }
                self.out.line(&format!(
                    "id name agon-engine {}",
                    env!("CARGO_PKG_VERSION")
                ));
                self.out.line("agonok");
            }
            "newgame" => {
                if !args.is_empty() {
                    return self.error("newgame takes no arguments");
                }
                self.game = Game::new();
                if let Some(s) = &mut self.search {
                    s.clear();
                }
            }
            "position" => self.position(args),
            "afn" => self.out.line(&self.game.position().to_afn()),
            "legal" => {
                let list = self.game.legal_actions();
                let texts = list.sorted_texts();
                let mut line = format!("legal {}", texts.len());
                for t in texts {
                    line.push(' ');
                    line.push_str(&t);
                }
                self.out.line(&line);
            }
            "result" => match self.game.outcome() {
                None => self.out.line("result ongoing"),
                Some(o) => self.out.line(&format!("result {o}")),
            },
            "perft" => match args {
                [n] => match n.parse::<u32>() {
                    Ok(d) if d <= 12 => {
                        let n = perft(self.game.position(), d);
                        self.out.line(&format!("perft {d} {n}"));
                    }
                    _ => self.error(format!("perft needs a depth from 0 to 12, not {n:?}")),
                },
                _ => self.error("usage: perft <depth>"),
            },
            "go" => self.go(args),
            _ => self.error(format!("unknown command {cmd:?}")),
        }
    }

    fn position(&mut self, args: &[&str]) {
        let (start, rest) = match args {
            ["startpos", rest @ ..] => (Position::start(), rest),
            ["afn", board, side, captured, rest @ ..] => {
                let text = format!("{board} {side} {captured}");
                match Position::from_afn(&text) {
                    Ok(p) => (p, rest),
                    Err(e) => return self.error(format!("bad AFN: {e}")),
                }
            }
            ["afn", ..] => {
                return self.error("usage: position afn <BOARD> <SIDE> <CAPTURED> [moves ...]");
            }
            _ => return self.error("usage: position startpos|afn ... [moves A1 A2 ...]"),
        };
        let actions = match rest {
            [] => &[][..],
            ["moves", actions @ ..] => actions,
            [other, ..] => return self.error(format!("expected \"moves\", found {other:?}")),
        };
        let mut game = Game::from_position(start);
        for (i, text) in actions.iter().enumerate() {
            if let Err(e) = game.play_text(text) {
                return self.error(format!("illegal action {text} at index {i}: {e}"));
            }
        }
        self.game = game;
    }

    fn go(&mut self, args: &[&str]) {
        let mut limits = Limits::default();
        let mut level = None;
        let mut it = args.iter();
        while let Some(&key) = it.next() {
            let Some(&value) = it.next() else {
                return self.error(format!("go: {key} needs a value"));
            };
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("go: {key} needs a whole number, not {value:?}"))
            };
            let parsed: Result<(), String> = match key {
                "movetime" => number().map(|n| limits.time = Some(Duration::from_millis(n))),
                "depth" => number().and_then(|n| {
                    if n == 0 || n > 64 {
                        Err("go: depth must be from 1 to 64".to_string())
                    } else {
                        limits.depth = Some(n as u32);
                        Ok(())
                    }
                }),
                "nodes" => number().map(|n| limits.nodes = Some(n.max(1))),
                "level" => value.parse::<Level>().map(|l| level = Some(l)),
                _ => Err(format!(
                    "go: unknown limit {key:?} (movetime, depth, nodes, level)"
                )),
            };
            if let Err(e) = parsed {
                return self.error(e);
            }
        }
        let explicit = limits != Limits::default();
        let style = match level {
            Some(l) => l.style(self.game.position().hash()),
            None if explicit => Style::default(),
            None => DEFAULT_LEVEL.style(0),
        };
        if let Some(l) = level.or((!explicit).then_some(DEFAULT_LEVEL)) {
            limits = combine(limits, l.limits());
        }
        if self.game.is_over() {
            self.out.line("bestmove none");
            return;
        }
        let mut search = self.search.take().expect("no search is running");
        search.set_style(style);
        search.start(&self.game, limits);
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let out = self.out.clone();
        let handle = std::thread::spawn(move || {
            let result = search.run(&flag, |info| {
                let pv: Vec<String> = info.pv.iter().map(|a| a.to_string()).collect();
                out.line(&format!(
                    "info depth {} score {} nodes {} nps {} time {} pv {}",
                    info.depth,
                    info.score,
                    info.nodes,
                    info.nps(),
                    info.time_ms,
                    pv.join(" ")
                ));
            });
            match result.best {
                Some(a) => out.line(&format!("bestmove {a}")),
                None => out.line("bestmove none"),
            }
            search
        });
        self.running = Some(Running { cancel, handle });
    }
}

/// The tighter of two sets of limits, limit by limit.
fn combine(a: Limits, b: Limits) -> Limits {
    fn min<T: Ord>(x: Option<T>, y: Option<T>) -> Option<T> {
        match (x, y) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, None) => x,
            (None, y) => y,
        }
    }
    Limits {
        depth: min(a.depth, b.depth),
        nodes: min(a.nodes, b.nodes),
        time: min(a.time, b.time),
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(r) = &self.running {
            r.cancel.store(true, Ordering::Relaxed);
        }
        self.wait();
    }
}
