//! The engine's state between commands and what each command does to it,
//! one command at a time on the calling thread. [`Engine`](super::Engine)
//! runs a session on a thread of its own; tests can drive one directly.

use std::sync::atomic::AtomicBool;

use agon_ai::{DESKTOP_TT_MIB, Level, Limits, Search, Style, side_seed};
use agon_rules::{Game, perft_until};

use super::command::{Command, Go};
use super::output::Output;

/// The level `go` uses when given no limit.
pub const DEFAULT_LEVEL: Level = Level::Hard;

pub struct Session {
    out: Output,
    game: Game,
    search: Search,
}

impl Session {
    pub fn new(out: Output) -> Session {
        Session::with_search(out, Search::new(DESKTOP_TT_MIB))
    }

    /// A session searching with `search`: a smaller table for tests.
    pub fn with_search(out: Output, search: Search) -> Session {
        Session {
            out,
            game: Game::new(),
            search,
        }
    }

    /// Reads and runs one line. `stop`, once set, ends a `go` (which still
    /// answers `bestmove`) or a `perft` (`perft <n> stopped`).
    pub fn handle(&mut self, line: &str, stop: &AtomicBool) {
        if let Some(answer) = self.handle_but_answer(line, stop) {
            self.out.line(&answer);
        }
    }

    /// [`Session::handle`], but the last line of a `go` or a `perft`, its
    /// answer, is returned rather than written: the engine writes it in the
    /// same step as it marks the search over, so `isready` never finds a
    /// search running whose answer is already out.
    pub(crate) fn handle_but_answer(&mut self, line: &str, stop: &AtomicBool) -> Option<String> {
        match Command::parse(line) {
            Ok(Some(command)) => self.run_but_answer(command, stop),
            Ok(None) => None,
            Err(e) => {
                self.out.error(e);
                None
            }
        }
    }

    /// Runs one command. `stop` and `quit` do nothing here: they act on a
    /// session from outside it (see [`Engine`](super::Engine)).
    pub fn run(&mut self, command: Command, stop: &AtomicBool) {
        if let Some(answer) = self.run_but_answer(command, stop) {
            self.out.line(&answer);
        }
    }

    /// [`Session::run`], returning the answer of a `go` or a `perft`.
    fn run_but_answer(&mut self, command: Command, stop: &AtomicBool) -> Option<String> {
        match command {
            Command::Agon => {
                self.out.line(&format!(
                    "id name agon-engine {}",
                    env!("CARGO_PKG_VERSION")
                ));
                self.out.line("agonok");
            }
            Command::IsReady => self.out.line("readyok"),
            Command::NewGame => {
                self.game = Game::new();
                self.search.clear();
            }
            Command::Position(game) => self.game = game,
            Command::Afn => self.out.line(&self.game.position().to_afn()),
            Command::Legal => {
                let texts = self.game.legal_actions().sorted_texts();
                let mut line = format!("legal {}", texts.len());
                for t in texts {
                    line.push(' ');
                    line.push_str(&t);
                }
                self.out.line(&line);
            }
            Command::Result => match self.game.outcome() {
                None => self.out.line("result ongoing"),
                Some(o) => self.out.line(&format!("result {o}")),
            },
            Command::Perft(depth) => {
                return Some(match perft_until(self.game.position(), depth, stop) {
                    Some(n) => format!("perft {depth} {n}"),
                    None => format!("perft {depth} stopped"),
                });
            }
            Command::Go(go) => return Some(self.go(go, stop)),
            Command::Threads(n) => self.search.set_threads(n),
            Command::Stop | Command::Quit => {}
        }
        None
    }

    /// After a panic in a command: a search cut off mid-way is not to be
    /// trusted, so it is replaced; the game is only ever replaced whole.
    pub fn reset_search(&mut self) {
        let threads = self.search.threads();
        self.search = Search::new(DESKTOP_TT_MIB);
        self.search.set_threads(threads);
    }

    /// Searches, writing the `info` lines; returns the `bestmove` line.
    fn go(&mut self, go: Go, stop: &AtomicBool) -> String {
        let Go { mut limits, level } = go;
        let explicit = limits != Limits::default();
        let style = match level {
            Some(l) => l.style(level_seed(&self.game)),
            None if explicit => Style::default(),
            None => DEFAULT_LEVEL.style(0),
        };
        if let Some(l) = level.or((!explicit).then_some(DEFAULT_LEVEL)) {
            limits = combine(limits, l.limits());
        }
        if self.game.is_over() {
            return "bestmove none".to_string();
        }
        self.search.set_style(style);
        self.search.start(&self.game, limits);
        let out = &self.out;
        let result = self.search.run(stop, |info| {
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
            Some(a) => format!("bestmove {a}"),
            None => "bestmove none".to_string(),
        }
    }
}

/// The seed of a level's misjudgements: the game's start position, made
/// one a game and side by `side_seed` as in the game and the arena.
fn level_seed(game: &Game) -> u64 {
    side_seed(game.start().hash(), game.position().to_move())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_keeps_its_seed_through_a_game_and_differs_by_side() {
        let mut game = Game::new();
        let light = level_seed(&game);
        let first = *game.legal_actions().iter().next().unwrap();
        game.play(first).unwrap();
        let dark = level_seed(&game);
        assert_ne!(light, dark);
        let reply = *game.legal_actions().iter().next().unwrap();
        game.play(reply).unwrap();
        assert_eq!(level_seed(&game), light);
        let reply = *game.legal_actions().iter().next().unwrap();
        game.play(reply).unwrap();
        assert_eq!(level_seed(&game), dark);
    }
}
