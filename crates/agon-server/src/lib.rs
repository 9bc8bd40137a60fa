//! Agon's live play server: WebSockets (axum + tokio), the rules judged by
//! `agon-rules`, clocks on the server, every action stored (SQLite or
//! PostgreSQL) before it is broadcast or acknowledged, rooms shared between
//! nodes through Redis. The wire format is `agon-wire`'s (ONLINE.md).

pub mod broker;
pub mod client;
mod conn;
mod files;
pub mod hub;
pub mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::{State, WebSocketUpgrade};
use axum::http::{HeaderMap, Method, Uri};
use axum::response::Response;
use axum::routing::get;

use crate::hub::{Hub, Tuning};
use crate::store::{PgStore, SqliteStore, Store};

/// The command line's options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub listen: SocketAddr,
    /// A file path (SQLite) or a `postgres://` URL.
    pub db: String,
    pub dist: Option<PathBuf>,
    /// `redis://HOST:PORT`, for many nodes.
    pub broker: Option<String>,
    pub grace_ms: u64,
    pub lag_ms: u64,
    pub rate_per_s: u32,
    pub burst: u32,
}

pub const USAGE: &str = "\
usage: agon-server [--listen ADDR:PORT] [--db FILE|postgres://URL] [--dist DIR]
                   [--broker redis://HOST:PORT] [--grace-secs N] [--lag-ms N]
                   [--rate N] [--burst N]

  --listen      where to listen (default 127.0.0.1:8080); the WebSocket is /ws
  --db          a file path: SQLite (default agon.db); a postgres:// URL: PostgreSQL
  --dist        a folder served as the web site (the web build, dist/)
  --broker      Redis, to share rooms with the other nodes of one PostgreSQL
  --grace-secs  how long a player may be gone before, with a clock, the
                opponent may claim the win (default 60)
  --lag-ms      network lag forgiven on each move's clock (default 300)
  --rate        client messages a second per connection (default 20)
  --burst       messages allowed at once above the rate (default 40)";

fn number<T: std::str::FromStr>(flag: &str, v: &str, max: u64) -> Result<T, String> {
    let n: u64 = v
        .parse()
        .map_err(|_| format!("{flag} wants a whole number, not {v:?}"))?;
    if n > max {
        return Err(format!("{flag} {n} is over its limit {max}"));
    }
    v.parse()
        .map_err(|_| format!("{flag} wants a whole number, not {v:?}"))
}

impl Options {
    /// Reads the arguments (without the program's name).
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let t = Tuning::default();
        let mut o = Options {
            listen: "127.0.0.1:8080".parse().expect("a literal address"),
            db: "agon.db".into(),
            dist: None,
            broker: None,
            grace_ms: t.grace_ms,
            lag_ms: t.lag_ms,
            rate_per_s: t.rate_per_s,
            burst: t.burst,
        };
        let mut it = args.into_iter();
        while let Some(flag) = it.next() {
            if flag == "--help" || flag == "-h" {
                return Err(USAGE.to_string());
            }
            let value = it
                .next()
                .ok_or_else(|| format!("{flag} wants a value\n{USAGE}"))?;
            match flag.as_str() {
                "--listen" => {
                    o.listen = value.parse().map_err(|_| {
                        format!("--listen wants ADDR:PORT such as 127.0.0.1:8080, not {value:?}")
                    })?
                }
                "--db" => {
                    if value.is_empty() {
                        return Err("--db wants a file path or a postgres:// URL".into());
                    }
                    o.db = value
                }
                "--dist" => o.dist = Some(PathBuf::from(value)),
                "--broker" => {
                    broker::parse_url(&value)?;
                    o.broker = Some(value)
                }
                "--grace-secs" => {
                    let s: u64 = number(&flag, &value, 86_400)?;
                    o.grace_ms = s * 1000;
                }
                "--lag-ms" => o.lag_ms = number(&flag, &value, 10_000)?,
                "--rate" => {
                    o.rate_per_s = number(&flag, &value, 10_000)?;
                    if o.rate_per_s == 0 {
                        return Err("--rate 0 would refuse everything".into());
                    }
                }
                "--burst" => {
                    o.burst = number(&flag, &value, 100_000)?;
                    if o.burst == 0 {
                        return Err("--burst 0 would refuse everything".into());
                    }
                }
                _ => return Err(format!("unknown option {flag:?}\n{USAGE}")),
            }
        }
        Ok(o)
    }

    fn tuning(&self) -> Tuning {
        Tuning {
            grace_ms: self.grace_ms,
            lag_ms: self.lag_ms,
            rate_per_s: self.rate_per_s,
            burst: self.burst,
        }
    }

    pub fn is_postgres(&self) -> bool {
        self.db.starts_with("postgres://") || self.db.starts_with("postgresql://")
    }
}

/// Opens the database and serves until the process ends.
pub async fn run(o: Options) -> Result<(), String> {
    if o.is_postgres() {
        let store = PgStore::open(&o.db).await.map_err(|e| e.to_string())?;
        serve(store, o).await
    } else {
        if o.broker.is_some() {
            return Err("--broker shares rooms between nodes of one PostgreSQL; a SQLite file serves one node".into());
        }
        let store = SqliteStore::open(std::path::Path::new(&o.db)).map_err(|e| e.to_string())?;
        serve(store, o).await
    }
}

struct App<S: Store> {
    hub: Arc<Hub<S>>,
    dist: Option<Arc<PathBuf>>,
}

impl<S: Store> Clone for App<S> {
    fn clone(&self) -> Self {
        App {
            hub: self.hub.clone(),
            dist: self.dist.clone(),
        }
    }
}

async fn serve<S: Store>(store: S, o: Options) -> Result<(), String> {
    let hub = Hub::new(store, o.tuning());
    // Alive before the first client: presence counts only living nodes.
    hub.store
        .heartbeat(&hub.node, hub::now_ms())
        .await
        .map_err(|e| e.to_string())?;
    if let Some(url) = &o.broker {
        hub.attach_broker(broker::parse_url(url)?);
    }
    tokio::spawn(hub.clone().heartbeat_loop());
    let app = App {
        hub,
        dist: o.dist.clone().map(Arc::new),
    };
    let router = Router::new()
        .route("/ws", get(ws::<S>))
        .route("/healthz", get(|| async { "ok\n" }))
        .fallback(static_file::<S>)
        .with_state(app);
    let listener = tokio::net::TcpListener::bind(o.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", o.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    // Tests and scripts read this line for the port.
    println!("agon-server listening on {addr}");
    axum::serve(listener, router)
        .await
        .map_err(|e| format!("serving: {e}"))
}

async fn ws<S: Store>(State(app): State<App<S>>, upgrade: WebSocketUpgrade) -> Response {
    let hub = app.hub.clone();
    // Frames over 64 KiB are cut off by the socket itself; over 4 KiB, closed
    // with a reason by conn.rs.
    upgrade
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        .on_upgrade(move |socket| conn::serve(hub, socket))
}

async fn static_file<S: Store>(
    State(app): State<App<S>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    match &app.dist {
        Some(root) => files::serve_file(root, &method, &uri, &headers).await,
        None => {
            let mut r = Response::new(axum::body::Body::from(
                "agon-server: no --dist folder; the game's socket is /ws\n",
            ));
            *r.status_mut() = axum::http::StatusCode::NOT_FOUND;
            r
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Options, String> {
        Options::parse(s.split_whitespace().map(str::to_string))
    }

    #[test]
    fn options_are_read_and_checked() {
        let o = parse("--listen 0.0.0.0:9000 --db postgres://u@h:5432/agon --broker redis://h:6379 --grace-secs 30 --lag-ms 100").unwrap();
        assert_eq!(o.listen.port(), 9000);
        assert!(o.is_postgres());
        assert_eq!(o.grace_ms, 30_000);
        assert_eq!(o.lag_ms, 100);
        assert!(
            parse("--listen 127.0.0.1")
                .unwrap_err()
                .contains("ADDR:PORT")
        );
        assert!(
            parse("--grace-secs -1")
                .unwrap_err()
                .contains("whole number")
        );
        assert!(
            parse("--grace-secs 18446744073709551616")
                .unwrap_err()
                .contains("whole number")
        );
        assert!(parse("--grace-secs 86401").unwrap_err().contains("limit"));
        assert!(parse("--rate 0").is_err());
        assert!(parse("--broker 127.0.0.1:6379").is_err());
        assert!(parse("--db").unwrap_err().contains("wants a value"));
        assert!(parse("--what 1").unwrap_err().contains("unknown option"));
    }
}
