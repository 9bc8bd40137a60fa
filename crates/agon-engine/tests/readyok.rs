//! `readyok` comes after the answers of every command before it (but a
//! search still running), however the threads are scheduled: first with a
//! writer that holds the engine at the moment that matters, then with the
//! engine binary pinned to one processor beside a busy one.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agon_ai::Search;
use agon_engine::protocol::{Engine, Output};

const START: &str = "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -";
const PATIENCE: Duration = Duration::from_secs(20);

/// The engine's output: keeps every line, and holds up the thread writing
/// the first line that `holds` picks, telling the test of it, until the
/// test says to go on (and then a little longer, for the test's commands to
/// arrive while it is held).
struct HoldingWriter {
    partial: Vec<u8>,
    lines: Arc<Mutex<Vec<String>>>,
    holds: fn(&str) -> bool,
    held: bool,
    heard: Sender<String>,
    go_on: Receiver<()>,
}

impl Write for HoldingWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.partial.extend_from_slice(buf);
        while let Some(end) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=end).collect();
            let line = String::from_utf8_lossy(&line[..end]).into_owned();
            self.lines.lock().unwrap().push(line.clone());
            if !self.held && (self.holds)(&line) {
                self.held = true;
                self.heard.send(line).unwrap();
                self.go_on.recv_timeout(PATIENCE).expect("the test goes on");
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

struct Held {
    engine: Engine,
    lines: Arc<Mutex<Vec<String>>>,
    heard: Receiver<String>,
    go_on: Sender<()>,
}

/// An engine whose writer holds at the first line `holds` picks. Its table
/// is large enough that `newgame`, which clears it, takes milliseconds: a
/// `readyok` waiting to be written is then surely written first.
fn held_at(holds: fn(&str) -> bool) -> Held {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let (heard_tx, heard) = channel();
    let (go_on, go_on_rx) = channel();
    let writer = HoldingWriter {
        partial: Vec::new(),
        lines: lines.clone(),
        holds,
        held: false,
        heard: heard_tx,
        go_on: go_on_rx,
    };
    Held {
        engine: Engine::with_search(Output::new(writer), Search::new(64)),
        lines,
        heard,
        go_on,
    }
}

impl Held {
    fn finish(self) -> Vec<String> {
        self.engine.finish();
        self.lines.lock().unwrap().clone()
    }
}

/// The order: the client has the search's answer, then sends
/// `newgame`, `afn` and `isready` at once. The worker wrote the answer, then
/// marked the search over under a second lock: a `readyok` arriving in
/// between was written at once, before `afn` was answered.
#[test]
fn readyok_follows_the_commands_sent_after_a_search_answered() {
    for search in ["perft 1", "go depth 1"] {
        let mut held = held_at(|l| l.starts_with("perft ") || l.starts_with("bestmove "));
        held.engine.command(search);
        let answer = held.heard.recv_timeout(PATIENCE).expect("an answer");
        held.go_on.send(()).unwrap();
        for cmd in ["newgame", "afn", "isready"] {
            held.engine.command(cmd);
        }
        let lines = held.finish();
        let after: Vec<&str> = lines
            .iter()
            .skip_while(|l| **l != answer)
            .map(String::as_str)
            .collect();
        assert_eq!(after, [&answer, START, "readyok"], "{search}: {lines:?}");
    }
}

/// A malformed `go` or `perft` is answered with an error, at once, like any
/// other quick command: `readyok` comes after it. It counted as a search by
/// its first word, so `readyok` went ahead of it.
#[test]
fn readyok_follows_the_error_of_a_malformed_search() {
    let mut held = held_at(|l| l == START);
    held.engine.command("afn");
    held.heard.recv_timeout(PATIENCE).expect("the afn line");
    for cmd in ["go depth 0", "perft 99", "go level grandmaster", "isready"] {
        held.engine.command(cmd);
    }
    held.go_on.send(()).unwrap();
    let lines = held.finish();
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(lines[1].starts_with("error go depth "), "{lines:?}");
    assert!(lines[2].starts_with("error perft depth "), "{lines:?}");
    assert!(
        lines[3].starts_with("error go: unknown level "),
        "{lines:?}"
    );
    assert_eq!(lines[4], "readyok");
}

/// Kills the process it holds when dropped, even when the test fails.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The issue's own trial: the engine on one processor beside a busy
/// process, which made `readyok` overtake the `afn` line in most trials.
#[test]
fn readyok_keeps_its_order_on_one_busy_processor() {
    let pinned = |program: &str, args: &[&str]| {
        let mut c = Command::new("taskset");
        c.args(["-c", "0", program]).args(args);
        c
    };
    let Ok(busy) = pinned("sh", &["-c", "while :; do :; done"]).spawn() else {
        eprintln!("no taskset here: the held writer's tests above stand alone");
        return;
    };
    let _busy = Killed(busy);
    let mut engine = pinned(env!("CARGO_BIN_EXE_agon-engine"), &[])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut stdin = engine.stdin.take().unwrap();
    let mut stdout = BufReader::new(engine.stdout.take().unwrap());
    let _engine = Killed(engine);
    let mut line = || {
        let mut l = String::new();
        stdout.read_line(&mut l).unwrap();
        l.trim_end().to_string()
    };
    let mut overtaken = 0;
    for _ in 0..200 {
        stdin.write_all(b"perft 1\n").unwrap();
        stdin.flush().unwrap();
        assert_eq!(line(), "perft 1 27");
        // In one write, as a client sends what it has queued.
        stdin.write_all(b"newgame\nafn\nisready\n").unwrap();
        stdin.flush().unwrap();
        let replies = [line(), line()];
        if replies != [START, "readyok"] {
            assert_eq!(replies, ["readyok", START], "nothing else");
            overtaken += 1;
        }
    }
    assert_eq!(overtaken, 0, "readyok overtook afn in {overtaken} of 200");
}
