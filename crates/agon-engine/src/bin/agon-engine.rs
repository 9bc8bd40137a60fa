//! The Agon engine: the text protocol of PROTOCOL.md on stdin and stdout.

use std::io::BufRead;

use agon_engine::protocol::{Engine, Flow, Output};

fn main() {
    let mut engine = Engine::new(Output::new(std::io::stdout()));
    let stdin = std::io::stdin();
    let mut line = Vec::new();
    let mut input = stdin.lock();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("agon-engine: cannot read input: {e}");
                break;
            }
        }
        // Invalid UTF-8 is garbage like any other: answered, not fatal.
        let text = String::from_utf8_lossy(&line);
        if engine.command(&text) == Flow::Quit {
            break;
        }
    }
    // `quit` and the end of input alike: stop any search, answer what was
    // read, then exit.
    engine.finish();
    std::process::exit(0);
}
