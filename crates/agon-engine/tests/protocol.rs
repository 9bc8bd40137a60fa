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
        self.line_within(Duration::from_secs(20))
    }

    /// The next line, or a failure (not a hang) if the engine stays silent.
    fn line_within(&self, patience: Duration) -> String {
        self.lines
            .recv_timeout(patience)
            .unwrap_or_else(|e| panic!("no reply within {patience:?}: {e}"))
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str, patience: Duration) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let l = self.line_within(patience);
            let done = l.starts_with(prefix);
            out.push(l);
            if done {
                return out;
            }
        }
    }

    /// Waits for the engine to exit, failing if it has not within `patience`.
    fn exit_within(&mut self, patience: Duration) -> std::process::ExitStatus {
        let deadline = Instant::now() + patience;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "still running after {patience:?}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
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

/// `setoption threads`: the search runs on that many threads, still
/// answers within its time, and a bad count is refused.
#[test]
fn setoption_threads_runs_a_parallel_search() {
    let mut e = EngineProc::start();
    assert_eq!(e.sync(), Vec::<String>::new());
    e.send("setoption threads 3");
    e.send("position startpos moves f1-f2");
    let started = Instant::now();
    let (infos, best) = e.go("go movetime 200");
    assert!(started.elapsed() < Duration::from_millis(2000));
    assert!(!infos.is_empty());
    let action = best.strip_prefix("bestmove ").unwrap();
    let legal = e.ask("legal");
    assert!(legal.split(' ').skip(2).any(|a| a == action), "{action}");
    assert_eq!(
        e.ask("setoption threads 0"),
        "error setoption threads must be from 1 to 64, not \"0\""
    );
    assert_eq!(
        e.ask("setoption hash 64"),
        "error setoption: unknown option \"hash\" (threads)"
    );
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

/// How long an answer that must come at once may take: generous, for a
/// loaded machine, yet far shorter than the searches and perfts below.
const AT_ONCE: Duration = Duration::from_secs(10);

#[test]
fn isready_and_quit_after_a_search_that_ended() {
    let mut e = EngineProc::start();
    let (_, best) = e.go("go depth 3");
    assert!(best.starts_with("bestmove "));
    assert!(e.sync().is_empty());
    e.send("quit");
    assert!(e.exit_within(AT_ONCE).success());
}

/// The repro: the input thread joined the search, so `isready`
/// waited for a depth 64 search and `stop` and `quit` were never read.
#[test]
fn isready_stop_and_quit_are_answered_during_a_search() {
    let mut e = EngineProc::start();
    e.send("go depth 64");
    assert!(e.line_within(AT_ONCE).starts_with("info depth 1 "));
    e.send("isready");
    let lines = e.until("readyok", AT_ONCE);
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| l.starts_with("info ")),
        "readyok came after the search ended: {lines:?}"
    );
    e.send("stop");
    let lines = e.until("bestmove ", AT_ONCE);
    assert_ne!(lines.last().unwrap(), "bestmove none");
    e.send("quit");
    assert!(e.exit_within(AT_ONCE).success());
}

/// A command queued behind the search used to block the input thread, so
/// a `quit` after it was never read.
#[test]
fn quit_behind_a_waiting_command_stops_the_search_and_exits() {
    let mut e = EngineProc::start();
    e.send("go depth 64");
    assert!(e.line_within(AT_ONCE).starts_with("info depth 1 "));
    e.send("afn");
    e.send("quit");
    e.until("bestmove ", AT_ONCE);
    assert_eq!(e.line_within(AT_ONCE), START, "what was read is answered");
    assert!(e.exit_within(AT_ONCE).success());
}

#[test]
fn commands_sent_during_a_search_wait_for_it_in_order() {
    let mut e = EngineProc::start();
    e.send("go depth 64");
    for cmd in [
        "legal",
        "position startpos moves f1-f2",
        "afn",
        "hello",
        "isready",
    ] {
        e.send(cmd);
    }
    // readyok at once; the rest only once the search is stopped.
    let lines = e.until("readyok", AT_ONCE);
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| l.starts_with("info ")),
        "{lines:?}"
    );
    e.send("stop");
    let lines = e.until("bestmove ", AT_ONCE);
    assert!(lines.iter().all(|l| !l.starts_with("legal ")), "{lines:?}");
    assert!(e.line().starts_with("legal 27 "));
    assert_eq!(
        e.line(),
        "1g2G1/G5g/8/g7G/10/1Q8q/10/g7G/8/G5g/1g2G1 d -",
        "the position command ran before afn"
    );
    assert!(e.line().starts_with("error unknown command \"hello\""));
    assert!(e.sync().is_empty());
}

#[test]
fn stop_ends_every_search_sent_before_it() {
    let mut e = EngineProc::start();
    e.send("go depth 64");
    e.send("go depth 64");
    e.send("stop");
    e.until("bestmove ", AT_ONCE);
    e.until("bestmove ", AT_ONCE);
    assert!(e.sync().is_empty());
}

/// perft ran on the input thread: nothing was read until it finished, and
/// perft 9 takes hours.
#[test]
fn perft_hears_isready_and_stops_on_stop_and_on_quit() {
    let mut e = EngineProc::start();
    e.send("perft 9");
    assert_eq!(e.ask("isready"), "readyok");
    e.send("stop");
    assert_eq!(e.line_within(AT_ONCE), "perft 9 stopped");
    assert_eq!(
        e.ask("perft 2"),
        "perft 2 713",
        "a new perft is not stopped"
    );
    e.send("perft 9");
    e.send("quit");
    assert_eq!(e.line_within(AT_ONCE), "perft 9 stopped");
    assert!(e.exit_within(AT_ONCE).success());
}

#[test]
fn commands_without_arguments_refuse_them() {
    let mut e = EngineProc::start();
    for cmd in [
        "quit x",
        "isready x",
        "stop x",
        "afn x",
        "legal x",
        "result x",
        "newgame x",
        "agon x",
    ] {
        let word = cmd.split(' ').next().unwrap();
        assert_eq!(
            e.ask(cmd),
            format!("error {word} takes no arguments, found \"x\""),
            "{cmd}"
        );
    }
    // `quit x` did not quit.
    assert_eq!(e.ask("afn"), START);
    // During a search too: answered at once, and the search goes on.
    e.send("go depth 64");
    e.send("stop now");
    let lines = e.until("error ", AT_ONCE);
    assert_eq!(
        lines.last().unwrap(),
        "error stop takes no arguments, found \"now\""
    );
    assert!(
        lines.iter().all(|l| !l.starts_with("bestmove ")),
        "{lines:?}"
    );
    e.send("stop");
    e.until("bestmove ", AT_ONCE);
}

#[test]
fn an_error_line_quotes_at_most_eighty_characters() {
    let mut e = EngineProc::start();
    let huge = "é".repeat(8 << 20); // 16 MB
    for line in [
        huge.clone(),
        format!("perft {huge}"),
        format!("position startpos moves {huge}"),
        format!("go level {huge}"),
    ] {
        let reply = e.ask(&line);
        let head: String = reply.chars().take(100).collect();
        assert!(reply.starts_with("error "), "{head}");
        // A quote or two of 80 two-byte characters, and the message.
        assert!(reply.len() < 600, "{} bytes", reply.len());
        assert!(reply.contains(&format!("{}…", "é".repeat(80))), "{reply}");
    }
}

/// The AFN repros: the first run overflowed (exit status 101), the
/// second wrapped in a release build and lost the guard after it.
#[test]
fn an_afn_run_too_long_to_count_is_an_error() {
    let mut e = EngineProc::start();
    for afn in [
        "G18446744073709551615G5/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -",
        "6G18446744073709551615/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -",
    ] {
        let reply = e.ask(&format!("position afn {afn}"));
        assert_eq!(
            reply,
            "error bad AFN: run of empty cells \"18446744073709551615\" in file a \
             is longer than the file's 6 cells"
        );
        assert_eq!(e.ask("afn"), START);
    }
}

#[test]
fn protocol_numbers_out_of_range_are_named() {
    let mut e = EngineProc::start();
    for (cmd, reply) in [
        (
            "perft 18446744073709551616",
            "error perft depth must be from 0 to 12, not \"18446744073709551616\"",
        ),
        (
            "go depth 65",
            "error go depth must be from 1 to 64, not \"65\"",
        ),
        (
            "go movetime 99999999999999999999",
            "error go movetime must be from 0 to 18446744073709551615, not \"99999999999999999999\"",
        ),
        (
            "go nodes -5",
            "error go nodes needs a whole number from 1 to 18446744073709551615, not \"-5\"",
        ),
        // Rust's parsing takes a leading plus; the protocol does not.
        (
            "perft +2",
            "error perft depth takes digits alone, without a plus sign, not \"+2\"",
        ),
        (
            "go nodes +5",
            "error go nodes takes digits alone, without a plus sign, not \"+5\"",
        ),
        // A repeated limit kept the last, silently.
        (
            "go movetime 100 movetime 5",
            "error go: movetime is given twice (each limit at most once)",
        ),
        (
            "go level hard level easy",
            "error go: level is given twice (each limit at most once)",
        ),
    ] {
        assert_eq!(e.ask(cmd), reply);
    }
    assert!(e.sync().is_empty());
}
