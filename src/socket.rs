//! A WebSocket to the online server, off the frame: on the desktop a thread
//! of its own (tungstenite), in the browser the page's `WebSocket`. Text
//! frames only. What arrives waits in a queue for the next frame, and wakes
//! the window (the game draws only when something changes); a frame can
//! also ask to be woken at a time, for a clock that runs or a ping due.
//! Knows nothing of the game: `game::online` speaks the protocol over it.

/// What happened on the socket since the last look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SocketEvent {
    Opened,
    Text(String),
    /// Closed, by either side or by a failure (the reason, for the log).
    Closed(String),
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) use native::Socket;
#[cfg(target_arch = "wasm32")]
pub(crate) use web::Socket;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::io::ErrorKind;
    use std::net::TcpStream;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
    use std::sync::{Arc, Mutex};

    use tungstenite::stream::MaybeTlsStream;
    use tungstenite::{Message, WebSocket};

    use web_time::Duration;

    use crate::frames::Waker;
    use crate::socket::SocketEvent;

    /// How long the thread waits on the network before it looks at what
    /// the game wants sent: the most a sent frame waits.
    const POLL: Duration = Duration::from_millis(5);

    /// A connection; dropping it closes it.
    pub(crate) struct Socket {
        outgoing: Sender<String>,
        // A resource must be shared between threads; only the game's
        // frame reads it.
        incoming: Mutex<Receiver<SocketEvent>>,
        stop: Arc<AtomicBool>,
    }

    impl Socket {
        /// Connects to `url` (`ws://` or `wss://`) on a thread of its own;
        /// `waker` wakes the window when something arrives.
        pub(crate) fn connect(url: &str, waker: Option<Waker>) -> Socket {
            let (outgoing, to_send) = channel::<String>();
            let (arrived, incoming) = channel::<SocketEvent>();
            let stop = Arc::new(AtomicBool::new(false));
            let url = url.to_string();
            let thread_stop = stop.clone();
            let wake = move || {
                if let Some(w) = &waker {
                    w();
                }
            };
            let spawned = std::thread::Builder::new()
                .name("agon-socket".into())
                .spawn(move || {
                    let end = match run(&url, &to_send, &arrived, &thread_stop, &wake) {
                        Ok(()) => "closed".to_string(),
                        Err(e) => e,
                    };
                    let _ = arrived.send(SocketEvent::Closed(end));
                    wake();
                });
            if let Err(e) = spawned {
                let (failed, incoming) = channel();
                let _ = failed.send(SocketEvent::Closed(format!("no thread: {e}")));
                return Socket {
                    outgoing,
                    incoming: Mutex::new(incoming),
                    stop,
                };
            }
            Socket {
                outgoing,
                incoming: Mutex::new(incoming),
                stop,
            }
        }

        pub(crate) fn send(&self, text: String) {
            // A closed socket drops it: the session sends again after
            // reconnecting.
            let _ = self.outgoing.send(text);
        }

        /// What arrived since the last call.
        pub(crate) fn poll(&mut self) -> Vec<SocketEvent> {
            let mut out = Vec::new();
            let Ok(incoming) = self.incoming.get_mut() else {
                return vec![SocketEvent::Closed("the socket's queue broke".into())];
            };
            loop {
                match incoming.try_recv() {
                    Ok(e) => out.push(e),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        if !matches!(out.last(), Some(SocketEvent::Closed(_))) {
                            out.push(SocketEvent::Closed("the thread ended".into()));
                        }
                        break;
                    }
                }
            }
            out
        }
    }

    impl Drop for Socket {
        fn drop(&mut self) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    fn run(
        url: &str,
        to_send: &Receiver<String>,
        arrived: &Sender<SocketEvent>,
        stop: &AtomicBool,
        wake: &dyn Fn(),
    ) -> Result<(), String> {
        let (mut ws, _) = tungstenite::connect(url).map_err(|e| e.to_string())?;
        set_timeout(&ws).map_err(|e| e.to_string())?;
        let _ = arrived.send(SocketEvent::Opened);
        wake();
        loop {
            if stop.load(Ordering::Relaxed) {
                let _ = ws.close(None);
                let _ = ws.flush();
                return Ok(());
            }
            loop {
                match to_send.try_recv() {
                    Ok(text) => ws.send(Message::text(text)).map_err(|e| e.to_string())?,
                    Err(TryRecvError::Empty) => break,
                    // The game let go of the socket.
                    Err(TryRecvError::Disconnected) => {
                        let _ = ws.close(None);
                        return Ok(());
                    }
                }
            }
            match ws.read() {
                Ok(Message::Text(text)) => {
                    let _ = arrived.send(SocketEvent::Text(text.to_string()));
                    wake();
                }
                Ok(Message::Close(frame)) => {
                    return Err(frame.map_or("closed by the server".into(), |f| {
                        format!("closed by the server: {} {}", f.code, f.reason)
                    }));
                }
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(e) => return Err(e.to_string()),
            }
        }
    }

    /// Reads wait at most [`POLL`], so the thread looks at what is to be
    /// sent that often.
    fn set_timeout(ws: &WebSocket<MaybeTlsStream<TcpStream>>) -> std::io::Result<()> {
        let stream = match ws.get_ref() {
            MaybeTlsStream::Plain(s) => s,
            // No TLS is built in on the desktop (README, "Online play").
            _ => return Ok(()),
        };
        stream.set_read_timeout(Some(POLL))
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::rc::Rc;

    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;

    use crate::frames::Waker;
    use crate::socket::SocketEvent;

    type Queue = Rc<RefCell<VecDeque<SocketEvent>>>;

    /// A connection; dropping it closes it.
    pub(crate) struct Socket {
        ws: Option<web_sys::WebSocket>,
        queue: Queue,
        // Kept alive as long as the socket: the page calls them.
        _handlers: Vec<Closure<dyn FnMut(JsValue)>>,
    }

    // The web has one thread: the game's resources need these bounds, which
    // nothing here ever crosses.
    unsafe impl Send for Socket {}
    unsafe impl Sync for Socket {}

    impl Socket {
        pub(crate) fn connect(url: &str, waker: Option<Waker>) -> Socket {
            let queue: Queue = Rc::default();
            let ws = match web_sys::WebSocket::new(url) {
                Ok(ws) => ws,
                Err(e) => {
                    queue
                        .borrow_mut()
                        .push_back(SocketEvent::Closed(format!("{e:?}")));
                    return Socket {
                        ws: None,
                        queue,
                        _handlers: Vec::new(),
                    };
                }
            };
            let handler = |make: fn(JsValue) -> Option<SocketEvent>| {
                let queue = queue.clone();
                let waker = waker.clone();
                Closure::<dyn FnMut(JsValue)>::new(move |v: JsValue| {
                    if let Some(e) = make(v) {
                        queue.borrow_mut().push_back(e);
                    }
                    if let Some(w) = &waker {
                        w();
                    }
                })
            };
            let on_open = handler(|_| Some(SocketEvent::Opened));
            let on_message = handler(|v| {
                v.dyn_into::<web_sys::MessageEvent>()
                    .ok()
                    .and_then(|m| m.data().as_string())
                    .map(SocketEvent::Text)
            });
            let on_close = handler(|v| {
                let why = v
                    .dyn_into::<web_sys::CloseEvent>()
                    .map(|c| format!("closed: {} {}", c.code(), c.reason()))
                    .unwrap_or_else(|_| "closed".into());
                Some(SocketEvent::Closed(why))
            });
            ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
            ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
            Socket {
                ws: Some(ws),
                queue,
                _handlers: vec![on_open, on_message, on_close],
            }
        }

        pub(crate) fn send(&self, text: String) {
            if let Some(ws) = &self.ws {
                let _ = ws.send_with_str(&text);
            }
        }

        pub(crate) fn poll(&mut self) -> Vec<SocketEvent> {
            self.queue.borrow_mut().drain(..).collect()
        }
    }

    impl Drop for Socket {
        fn drop(&mut self) {
            if let Some(ws) = &self.ws {
                ws.set_onopen(None);
                ws.set_onmessage(None);
                ws.set_onclose(None);
                let _ = ws.close();
            }
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use web_time::{Duration, Instant};

    use super::*;

    #[test]
    fn a_socket_to_nowhere_says_it_closed() {
        // A port nothing listens on (bound, then let go).
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut socket = Socket::connect(&format!("ws://127.0.0.1:{port}/ws"), None);
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let events = socket.poll();
            if let Some(SocketEvent::Closed(why)) = events.last() {
                assert!(!why.is_empty());
                break;
            }
            assert!(Instant::now() < deadline, "no word from the socket");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}
