//! Where replies go, shared by the thread that reads commands and the one
//! that runs them. Every line is flushed.

use std::fmt;
use std::io::Write;
use std::sync::{Arc, Mutex};

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

    /// An `error <message>` line.
    pub fn error(&self, e: impl fmt::Display) {
        self.line(&format!("error {e}"));
    }
}
