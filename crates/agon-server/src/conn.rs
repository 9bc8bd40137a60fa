//! One WebSocket connection: reads frames one at a time (rate-limited,
//! validated), hands them to the hub, and writes what the hub queues.

use std::sync::Arc;
use std::time::{Duration, Instant};

use agon_wire::{
    ClientMsg, ErrorCode, MAX_FRAME_BYTES, ServerMsg, VERSION, WireError, parse_client,
};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Notify, mpsc};

use crate::hub::{Hub, Out, Place, Sub};
use crate::store::Store;

/// Messages queued for a connection before it counts as too slow.
const QUEUE: usize = 512;
/// A connection silent this long is closed (clients ping every 10 s).
const IDLE: Duration = Duration::from_secs(60);
/// Refused messages (over the rate) before the connection is closed.
const FLOOD_CLOSE: u32 = 100;

/// A token bucket: `rate` a second, `burst` at most.
struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

pub async fn serve<S: Store>(hub: Arc<Hub<S>>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Out>(QUEUE);
    let kick = Arc::new(Notify::new());
    let writer_kick = kick.clone();
    let mut writer = tokio::spawn(async move {
        loop {
            let out = tokio::select! {
                o = rx.recv() => o,
                () = writer_kick.notified() => Some(Out::Close(1013, "too slow to follow; reconnect".into())),
            };
            match out {
                Some(Out::Text(t)) => {
                    if sink.send(Message::Text(t)).await.is_err() {
                        return;
                    }
                }
                Some(Out::Close(code, reason)) => {
                    let frame = CloseFrame {
                        code,
                        reason: reason.into(),
                    };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    return;
                }
                None => return,
            }
        }
    });
    let conn = hub.conn_id();
    let sub = Sub {
        tx: tx.clone(),
        kick,
        role: agon_wire::Role::Watch,
    };
    let mut place: Option<Place> = None;
    let mut welcomed = false;
    let t = hub.tuning;
    let mut bucket = Bucket {
        tokens: f64::from(t.burst),
        rate: f64::from(t.rate_per_s),
        burst: f64::from(t.burst),
        at: Instant::now(),
    };
    let mut refused = 0u32;
    let mut writer_done = false;
    let close = |code: u16, reason: &str| {
        let _ = tx.try_send(Out::Close(code, reason.to_string()));
    };
    // True when the server closed: the client then gets time to read why.
    let closed_by_us = loop {
        let frame = tokio::select! {
            f = tokio::time::timeout(IDLE, stream.next()) => f,
            _ = &mut writer, if !writer_done => {
                writer_done = true;
                break false;
            }
        };
        let text = match frame {
            Err(_) => {
                close(1001, "idle for 60 s");
                break true;
            }
            Ok(None) | Ok(Some(Err(_))) => break false,
            Ok(Some(Ok(Message::Text(t)))) => t,
            Ok(Some(Ok(Message::Binary(_)))) => {
                reply_error(
                    &sub,
                    None,
                    &WireError::new(
                        ErrorCode::BadFrame,
                        "binary frames are not read; send JSON text",
                    ),
                );
                continue;
            }
            Ok(Some(Ok(Message::Close(_)))) => break false,
            Ok(Some(Ok(_))) => continue, // pings: answered by the socket itself
        };
        if text.len() > MAX_FRAME_BYTES {
            close(
                1009,
                &format!("a frame of {} bytes is over {MAX_FRAME_BYTES}", text.len()),
            );
            break true;
        }
        if !bucket.take() {
            refused += 1;
            if refused >= FLOOD_CLOSE {
                close(1008, "flood: too many messages");
                break true;
            }
            let id = parse_client(&text).ok().and_then(|m| m.id());
            reply_error(
                &sub,
                id,
                &WireError::new(
                    ErrorCode::RateLimited,
                    format!(
                        "over {} messages a second; this one was dropped",
                        t.rate_per_s
                    ),
                ),
            );
            continue;
        }
        let msg = match parse_client(&text) {
            Ok(m) => m,
            Err((id, e)) => {
                reply_error(&sub, id, &e);
                continue;
            }
        };
        if !welcomed {
            match msg {
                ClientMsg::Hello { v } if v == VERSION => {
                    welcomed = true;
                    send(
                        &sub,
                        &ServerMsg::Welcome {
                            v: VERSION,
                            server: concat!("agon-server ", env!("CARGO_PKG_VERSION")).to_string(),
                            grace_ms: t.grace_ms,
                            rate_per_s: t.rate_per_s,
                            burst: t.burst,
                        },
                    );
                }
                ClientMsg::Hello { v } => {
                    reply_error(
                        &sub,
                        None,
                        &WireError::new(
                            ErrorCode::Version,
                            format!("this server speaks version {VERSION}, not {v}"),
                        ),
                    );
                    close(1002, "unsupported version");
                    break true;
                }
                other => reply_error(
                    &sub,
                    other.id(),
                    &WireError::new(ErrorCode::HelloFirst, "send hello first"),
                ),
            }
            continue;
        }
        match msg {
            ClientMsg::Ping {} => send(
                &sub,
                &ServerMsg::Pong {
                    server_ms: crate::hub::now_ms(),
                },
            ),
            ClientMsg::Hello { .. } => {}
            msg => {
                let id = msg.id();
                if let Err(e) = hub.handle(conn, &sub, &mut place, msg).await {
                    reply_error(&sub, id, &e);
                }
            }
        }
    };
    hub.leave(conn, &mut place).await;
    drop(sub);
    drop(tx);
    // After our close, keep reading (and dropping) until the client answers
    // it, as RFC 6455 asks: hanging up on unread frames resets the
    // connection, and the client would lose the replies and the reason
    // still queued.
    let drain = async {
        if closed_by_us {
            while let Some(Ok(m)) = stream.next().await {
                if matches!(m, Message::Close(_)) {
                    break;
                }
            }
        }
    };
    // Let the writer send what is queued (a close with its reason).
    let flush = async {
        if !writer_done {
            let _ = writer.await;
        }
    };
    // At once, each bounded: a client that never answers holds the task
    // 2 s, not 2 s after 2 s.
    let _ = tokio::join!(
        tokio::time::timeout(Duration::from_secs(2), drain),
        tokio::time::timeout(Duration::from_secs(2), flush),
    );
}

fn send(sub: &Sub, msg: &ServerMsg) {
    if sub.tx.try_send(Out::msg(msg)).is_err() {
        sub.kick.notify_one();
    }
}

fn reply_error(sub: &Sub, id: Option<u64>, e: &WireError) {
    send(sub, &e.to_msg(id));
}
