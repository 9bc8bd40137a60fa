//! Room events fanned out between nodes through Redis pub/sub (as lichess's
//! lila-ws does). Redis is a Debian package, one process, no cluster to set
//! up; its pub/sub forgets what nobody hears, which is fine here: the
//! database holds every event, and a client that misses one sees the gap
//! and asks for it. A tiny RESP client (PUBLISH, SUBSCRIBE) keeps the
//! dependencies lean; it reconnects by itself.

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::mpsc;

/// The one channel every node publishes on and listens to.
const CHANNEL: &str = "agon:rooms";

/// What a node hears: from which node, for which room, the message's JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heard {
    pub node: String,
    pub room: String,
    pub json: String,
}

/// The publishing side; cloning shares the connection.
#[derive(Clone)]
pub struct Broker {
    tx: mpsc::UnboundedSender<Vec<u8>>,
    node: Arc<str>,
}

/// `redis://host:port` → `host:port`.
pub fn parse_url(url: &str) -> Result<String, String> {
    let rest = url
        .strip_prefix("redis://")
        .ok_or_else(|| format!("the broker URL {url:?} does not start with redis://"))?;
    let rest = rest.trim_end_matches('/');
    let (host, port) = rest
        .rsplit_once(':')
        .ok_or_else(|| format!("the broker URL {url:?} has no :port"))?;
    if host.is_empty() || host.contains('@') || host.contains('/') {
        return Err(format!(
            "the broker URL {url:?} must be redis://HOST:PORT (no user, password or database)"
        ));
    }
    let port: u16 = port
        .parse()
        .map_err(|_| format!("the broker URL {url:?} has no port number 1-65535"))?;
    if port == 0 {
        return Err(format!("the broker URL {url:?} has port 0"));
    }
    Ok(format!("{host}:{port}"))
}

fn command(parts: &[&[u8]]) -> Vec<u8> {
    let mut out = format!("*{}\r\n", parts.len()).into_bytes();
    for p in parts {
        out.extend_from_slice(format!("${}\r\n", p.len()).as_bytes());
        out.extend_from_slice(p);
        out.extend_from_slice(b"\r\n");
    }
    out
}

/// One RESP reply, as much as we need of it (values read by tests).
#[derive(Debug)]
#[allow(dead_code)]
enum Resp {
    Simple(String),
    Int(i64),
    Bulk(Option<Vec<u8>>),
    Array(Vec<Resp>),
}

/// Bulk strings are at most this long (our payloads are a few hundred bytes).
const MAX_BULK: usize = 1 << 20;

async fn read_resp<R: AsyncBufReadExt + Unpin>(r: &mut R) -> std::io::Result<Resp> {
    let bad = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
    let mut line = String::new();
    if r.read_line(&mut line).await? == 0 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            "Redis closed the connection",
        ));
    }
    let line = line.trim_end_matches(['\r', '\n']);
    let (kind, rest) = line.split_at(line.len().min(1));
    match kind {
        "+" => Ok(Resp::Simple(rest.to_string())),
        "-" => Err(bad(&format!("Redis error: {rest}"))),
        ":" => rest
            .parse()
            .map(Resp::Int)
            .map_err(|_| bad("a bad integer")),
        "$" => {
            let n: i64 = rest.parse().map_err(|_| bad("a bad length"))?;
            if n < 0 {
                return Ok(Resp::Bulk(None));
            }
            let n = usize::try_from(n).map_err(|_| bad("a bad length"))?;
            if n > MAX_BULK {
                return Err(bad("a message too long"));
            }
            let mut buf = vec![0; n + 2];
            r.read_exact(&mut buf).await?;
            buf.truncate(n);
            Ok(Resp::Bulk(Some(buf)))
        }
        "*" => {
            let n: i64 = rest.parse().map_err(|_| bad("a bad count"))?;
            let n = usize::try_from(n).unwrap_or(0).min(16);
            let mut items = Vec::with_capacity(n);
            for _ in 0..n {
                items.push(Box::pin(read_resp(r)).await?);
            }
            Ok(Resp::Array(items))
        }
        _ => Err(bad("an unknown reply type")),
    }
}

impl Broker {
    /// Starts publishing and listening. `heard` gets every other node's
    /// message; `reconnected` is called after each (re)subscription, when
    /// messages may have been missed.
    pub fn start(
        addr: String,
        node: String,
        heard: impl Fn(Heard) + Send + Sync + 'static,
        reconnected: impl Fn() + Send + Sync + 'static,
    ) -> Broker {
        let (tx, rx) = mpsc::unbounded_channel::<Vec<u8>>();
        tokio::spawn(publisher(addr.clone(), rx));
        let me: Arc<str> = node.into();
        tokio::spawn(subscriber(addr, me.clone(), heard, reconnected));
        Broker { tx, node: me }
    }

    /// Publishes a room's message (lost if Redis is down: the database has it).
    pub fn publish(&self, room: &str, json: &str) {
        let payload = format!("{}\n{room}\n{json}", self.node);
        let _ = self.tx.send(command(&[
            b"PUBLISH",
            CHANNEL.as_bytes(),
            payload.as_bytes(),
        ]));
    }
}

async fn publisher(addr: String, mut rx: mpsc::UnboundedReceiver<Vec<u8>>) {
    let mut delay = Duration::from_millis(100);
    loop {
        let stream = match TcpStream::connect(&addr).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("agon-server: the broker at {addr} is unreachable: {e}");
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_secs(2));
                continue;
            }
        };
        delay = Duration::from_millis(100);
        let _ = stream.set_nodelay(true);
        let (read, mut write) = stream.into_split();
        // Replies (subscriber counts) are read and dropped.
        let reader = tokio::spawn(async move {
            let mut r = BufReader::new(read);
            while read_resp(&mut r).await.is_ok() {}
        });
        loop {
            let Some(first) = rx.recv().await else {
                reader.abort();
                return;
            };
            let mut buf = first;
            while let Ok(more) = rx.try_recv() {
                buf.extend_from_slice(&more);
                if buf.len() > 64 * 1024 {
                    break;
                }
            }
            if write.write_all(&buf).await.is_err() || reader.is_finished() {
                break;
            }
        }
        reader.abort();
    }
}

async fn subscriber(
    addr: String,
    me: Arc<str>,
    heard: impl Fn(Heard) + Send + Sync + 'static,
    reconnected: impl Fn() + Send + Sync + 'static,
) {
    let mut delay = Duration::from_millis(100);
    loop {
        match listen(&addr, &me, &heard, &reconnected).await {
            Ok(()) => {}
            Err(e) => eprintln!("agon-server: the broker at {addr}: {e}"),
        }
        tokio::time::sleep(delay).await;
        delay = (delay * 2).min(Duration::from_secs(2));
    }
}

async fn listen(
    addr: &str,
    me: &str,
    heard: &(impl Fn(Heard) + Send + Sync),
    reconnected: &(impl Fn() + Send + Sync),
) -> std::io::Result<()> {
    let mut stream = TcpStream::connect(addr).await?;
    stream
        .write_all(&command(&[b"SUBSCRIBE", CHANNEL.as_bytes()]))
        .await?;
    let mut r = BufReader::new(stream);
    let mut subscribed = false;
    loop {
        let Resp::Array(items) = read_resp(&mut r).await? else {
            continue;
        };
        let kind = match items.first() {
            Some(Resp::Bulk(Some(k))) => k.as_slice(),
            _ => continue,
        };
        if kind == b"subscribe" && !subscribed {
            subscribed = true;
            reconnected();
            continue;
        }
        if kind != b"message" {
            continue;
        }
        let Some(Resp::Bulk(Some(payload))) = items.get(2) else {
            continue;
        };
        let Ok(text) = std::str::from_utf8(payload) else {
            continue;
        };
        let mut parts = text.splitn(3, '\n');
        let (Some(node), Some(room), Some(json)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        if node == me {
            continue;
        }
        heard(Heard {
            node: node.to_string(),
            room: room.to_string(),
            json: json.to_string(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_read_strictly() {
        assert_eq!(
            parse_url("redis://127.0.0.1:6379"),
            Ok("127.0.0.1:6379".into())
        );
        assert_eq!(
            parse_url("redis://localhost:7000/"),
            Ok("localhost:7000".into())
        );
        assert!(parse_url("127.0.0.1:6379").is_err());
        assert!(parse_url("redis://127.0.0.1").is_err());
        assert!(parse_url("redis://127.0.0.1:70000").is_err());
        assert!(parse_url("redis://127.0.0.1:0").is_err());
        assert!(parse_url("redis://u:p@127.0.0.1:6379").is_err());
    }

    #[test]
    fn commands_are_resp_arrays() {
        assert_eq!(
            command(&[b"PUBLISH", b"c", b"hi"]),
            b"*3\r\n$7\r\nPUBLISH\r\n$1\r\nc\r\n$2\r\nhi\r\n".to_vec()
        );
    }

    #[tokio::test]
    async fn replies_are_read() {
        let data: &[u8] = b"*3\r\n$7\r\nmessage\r\n$1\r\nc\r\n$5\r\nab\ncd\r\n:7\r\n";
        let mut r = BufReader::new(data);
        match read_resp(&mut r).await.unwrap() {
            Resp::Array(items) => {
                assert_eq!(items.len(), 3);
                assert!(matches!(&items[2], Resp::Bulk(Some(b)) if b == b"ab\ncd"));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(read_resp(&mut r).await.unwrap(), Resp::Int(7)));
        assert!(read_resp(&mut r).await.is_err());
    }
}
