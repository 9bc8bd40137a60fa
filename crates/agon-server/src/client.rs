//! A client of the server over tokio-tungstenite, driving `agon-wire`'s
//! session exactly as the game drives it over its own socket: the tests'
//! players and the load tool's bots.

use std::time::{Duration, Instant};

use agon_wire::{Notice, Session, SessionConfig, Transport};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A session with its socket.
pub struct Driver {
    pub session: Session,
    url: String,
    ws: Option<Ws>,
    start: Instant,
    /// Every notice so far, for tests to look through (kept while `record`).
    pub seen: Vec<Notice>,
    pub record: bool,
    /// Notices not yet taken by `take_new`.
    fresh: Vec<Notice>,
}

impl Driver {
    /// `url`: `ws://127.0.0.1:PORT/ws`.
    pub fn new(url: &str, seed: u64) -> Driver {
        Driver::with_config(url, SessionConfig::new(seed))
    }

    pub fn with_config(url: &str, config: SessionConfig) -> Driver {
        Driver {
            session: Session::new(config),
            url: url.to_string(),
            ws: None,
            start: Instant::now(),
            seen: Vec::new(),
            record: true,
            fresh: Vec::new(),
        }
    }

    /// Points the next connections elsewhere (another node).
    pub fn set_url(&mut self, url: &str) {
        self.url = url.to_string();
    }

    pub fn now(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    pub fn is_connected(&self) -> bool {
        self.ws.is_some()
    }

    /// Drops the socket without a word, as a lost network does.
    pub fn drop_connection(&mut self) {
        self.ws = None;
        let now = self.now();
        self.session.on_closed(now);
    }

    /// The notices since the last call.
    pub fn take_new(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.fresh)
    }

    fn note(&mut self) {
        let n = self.session.take_notices();
        if self.record {
            self.seen.extend(n.iter().cloned());
        }
        self.fresh.extend(n);
    }

    async fn flush(&mut self) {
        let out = self.session.take_outgoing();
        if out.is_empty() {
            return;
        }
        let mut failed = false;
        if let Some(ws) = self.ws.as_mut() {
            for text in out {
                if ws.feed(Message::text(text)).await.is_err() {
                    failed = true;
                    break;
                }
            }
            if !failed && ws.flush().await.is_err() {
                failed = true;
            }
        }
        if failed {
            self.ws = None;
            let now = self.now();
            self.session.on_closed(now);
        }
    }

    /// One turn: the session's timers, its socket, what it sends, and one
    /// received frame (waiting at most `wait`).
    pub async fn step(&mut self, wait: Duration) {
        let now = self.now();
        match self.session.tick(now) {
            Some(Transport::Connect) => {
                let r = tokio::time::timeout(
                    Duration::from_secs(5),
                    tokio_tungstenite::connect_async(&self.url),
                )
                .await;
                let now = self.now();
                match r {
                    Ok(Ok((ws, _))) => {
                        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
                            let _ = s.set_nodelay(true);
                        }
                        self.ws = Some(ws);
                        self.session.on_open(now);
                    }
                    _ => self.session.on_closed(now),
                }
            }
            Some(Transport::Close) => self.ws = None,
            None => {}
        }
        self.flush().await;
        self.note();
        let Some(ws) = self.ws.as_mut() else {
            tokio::time::sleep(wait).await;
            return;
        };
        let got = tokio::time::timeout(wait, ws.next()).await;
        let now = self.now();
        match got {
            Err(_) => {}
            Ok(Some(Ok(Message::Text(t)))) => {
                self.session.on_text(t.as_str(), now);
                // Read what else has arrived without waiting.
                while let Some(Some(Ok(Message::Text(t)))) =
                    self.ws.as_mut().and_then(|ws| ws.next().now_or_never())
                {
                    self.session.on_text(t.as_str(), now);
                }
            }
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => {
                self.ws = None;
                self.session.on_closed(now);
            }
            Ok(Some(Ok(_))) => {}
        }
        self.flush().await;
        self.note();
    }

    /// Steps until `done` holds, or fails after `limit`.
    pub async fn run_until(
        &mut self,
        limit: Duration,
        what: &str,
        mut done: impl FnMut(&Driver) -> bool,
    ) -> Result<(), String> {
        let end = Instant::now() + limit;
        while !done(self) {
            if Instant::now() >= end {
                return Err(format!(
                    "gave up after {limit:?} waiting for {what}; last notices: {:?}",
                    self.seen.iter().rev().take(6).collect::<Vec<_>>()
                ));
            }
            self.step(Duration::from_millis(20)).await;
        }
        Ok(())
    }
}

trait NowOrNever: futures_util::Future + Sized {
    fn now_or_never(self) -> Option<Self::Output> {
        futures_util::FutureExt::now_or_never(self)
    }
}

impl<F: futures_util::Future> NowOrNever for F {}
