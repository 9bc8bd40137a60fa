//! The engine binary driven through stdin and stdout, as a GUI would.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

struct EngineProc {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProc {
    fn start() -> EngineProc {
        let mut child = Command::new(env!("CARGO_BIN_EXE_agon-engine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout: ChildStdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        EngineProc {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, text: &str) {
        self.stdin.write_all(text.as_bytes()).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    fn line(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(20))
            .expect("a reply line")
    }

    /// Sends a command and returns its one-line reply.
    fn ask(&mut self, cmd: &str) -> String {
        self.send(cmd);
        self.line()
    }

    /// Sends `isready` and returns every line before `readyok`.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut out = Vec::new();
        loop {
            let l = self.line();
            if l == "readyok" {
                return out;
            }
            out.push(l);
        }
    }

    fn go(&mut self, cmd: &str) -> (Vec<String>, String) {
        self.send(cmd);
        let mut infos = Vec::new();
        loop {
            let l = self.line();
            if l.starts_with("bestmove ") {
                return (infos, l);
            }
            infos.push(l);
        }
    }
}

impl Drop for EngineProc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const START: &str = "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -";

#[test]
fn handshake_and_readiness() {
    let mut e = EngineProc::start();
    e.send("agon");
    assert!(e.line().starts_with("id name agon-engine "));
    assert_eq!(e.line(), "agonok");
    assert!(e.sync().is_empty());
}

#[test]
fn positions_legal_actions_results_and_perft() {
    let mut e = EngineProc::start();
    assert_eq!(e.ask("afn"), START);
    e.send("position startpos moves f1-f2 f11-f10");
    assert_eq!(
        e.ask("afn"),
        "1g2G1/G5g/8/g7G/10/1Q7q1/10/g7G/8/G5g/1g2G1 l -"
    );
    e.send("position startpos");
    let legal = e.ask("legal");
    let words: Vec<&str> = legal.split(' ').collect();
    assert_eq!(words[0], "legal");
    assert_eq!(words[1], "27");
    assert_eq!(words.len(), 29);
    let mut sorted = words[2..].to_vec();
    sorted.sort();
    assert_eq!(sorted, words[2..]);
    assert_eq!(e.ask("result"), "result ongoing");
    assert_eq!(e.ask("perft 1"), "perft 1 27");
    assert_eq!(e.ask("perft 3"), "perft 3 18417");
    // From an AFN position with actions.
    e.send("position afn 6/7/5G2/5G3/4gg4/4gq1g3/2G1gg4/5Q3/3G1G2/5G1/6 d - moves f8-f7");
    assert_eq!(e.ask("result"), "result dark throne");
    assert_eq!(e.ask("legal"), "legal 0");
    let (_, best) = e.go("go depth 2");
    assert_eq!(best, "bestmove none");
    // Repetition counts from the position command's start.
    e.send("position startpos moves f1-g1 f11-g10 g1-f1 g10-f11 f1-g1 f11-g10 g1-f1 g10-f11");
    assert_eq!(e.ask("result"), "result draw repetition");
    e.send("newgame");
    assert_eq!(e.ask("afn"), START);
}

#[test]
fn an_illegal_action_is_named_and_changes_nothing() {
    let mut e = EngineProc::start();
    e.send("position startpos moves f1-f2");
    let before = e.ask("afn");
    let err = e.ask("position startpos moves f1-f2 f11-f10 f2-f4");
    assert!(
        err.starts_with("error illegal action f2-f4 at index 2"),
        "{err}"
    );
    assert_eq!(e.ask("afn"), before);
    let err = e.ask("position startpos moves f1-f2 zz");
    assert!(
        err.starts_with("error illegal action zz at index 1"),
        "{err}"
    );
    assert_eq!(e.ask("afn"), before);
    let err = e.ask("position afn 1g2G1/G5g l -");
    assert!(err.starts_with("error bad AFN"), "{err}");
    assert_eq!(e.ask("afn"), before);
}

#[test]
fn garbage_gets_an_error_and_the_engine_lives_on() {
    let mut e = EngineProc::start();
    for junk in [
        "hello",
        "position",
        "position sideways",
        "position startpos jumps f1-f2",
        "perft",
        "perft x",
        "perft -1",
        "perft 99",
        "go movetime",
        "go movetime soon",
        "go depth 0",
        "go level grandmaster",
        "go sideways 3",
        "agon please",
        "legal",
    ] {
        let reply = e.ask(junk);
        if junk == "legal" {
            assert!(reply.starts_with("legal "));
        } else {
            assert!(reply.starts_with("error "), "{junk:?} -> {reply}");
        }
    }
    // Binary garbage and an overlong line.
    e.send_bytes(b"\xff\xfe\x00garbage\n");
    assert!(e.line().starts_with("error "));
    e.send(&"x".repeat(100_000));
    assert!(e.line().starts_with("error "));
    assert!(e.sync().is_empty());
    assert_eq!(e.ask("afn"), START);
}

#[test]
fn go_answers_with_info_lines_and_a_legal_bestmove() {
    let mut e = EngineProc::start();
    e.send("position startpos moves f1-f2");
    let (infos, best) = e.go("go depth 4");
    assert_eq!(infos.len(), 4);
    for (i, info) in infos.iter().enumerate() {
        let w: Vec<&str> = info.split(' ').collect();
        assert_eq!(w[0], "info");
        assert_eq!((w[1], w[2]), ("depth", (i + 1).to_string().as_str()));
        assert_eq!(w[3], "score");
        w[4].parse::<i32>().unwrap();
        assert_eq!((w[5], w[7], w[9], w[11]), ("nodes", "nps", "time", "pv"));
    }
    let action = best.strip_prefix("bestmove ").unwrap();
    let legal = e.ask("legal");
    assert!(
        legal.split(' ').skip(2).any(|a| a == action),
        "{action} not in {legal}"
    );
    let (_, best) = e.go("go nodes 5000 level easy");
    assert!(best.starts_with("bestmove "));
}

#[test]
fn go_returns_within_movetime_and_stop_ends_it_early() {
    let mut e = EngineProc::start();
    e.send("position startpos");
    // Median of three, against the protocol's 50 ms margin.
    let mut times = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        let (_, best) = e.go("go movetime 300");
        times.push(t.elapsed().as_millis());
        assert!(best.starts_with("bestmove "));
    }
    times.sort();
    assert!(
        times[1] <= 350 + 30,
        "median {} ms for movetime 300",
        times[1]
    );
    // A long search, stopped.
    let t = Instant::now();
    e.send("go movetime 60000");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    loop {
        let l = e.line();
        if l.starts_with("bestmove ") {
            assert_ne!(l, "bestmove none");
            break;
        }
    }
    assert!(t.elapsed() < Duration::from_secs(5));
    assert!(e.sync().is_empty());
}

#[test]
fn isready_waits_for_the_search_and_quit_exits_cleanly() {
    let mut e = EngineProc::start();
    e.send("go depth 5");
    let lines = e.sync();
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    e.send("go movetime 60000");
    e.send("quit");
    let status = e.child.wait().unwrap();
    assert!(status.success());
}
