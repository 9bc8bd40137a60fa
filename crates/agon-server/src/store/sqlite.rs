//! SQLite: one file, one thread that owns the connection. Requests queue up
//! and run in one transaction per batch (group commit): one fsync covers
//! every action that arrived meanwhile, and each answer goes out only after
//! the commit that made it durable.

use std::path::Path;
use std::sync::{Arc, Weak, mpsc};
use std::time::Duration;

use agon_rules::Side;
use agon_wire::{Presence, Role};
use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::oneshot;

use super::{
    ActionRow, AppendError, OpenRow, PresenceRow, RoomRow, SCHEMA, Seat, Store, StoreError,
    StoredEvent, clock_key, parse_config, parse_event, role_name, side_of, to_i64, to_u64,
};

/// The most requests one transaction takes.
const BATCH: usize = 512;

type Reply = Box<dyn FnOnce(Result<(), String>) + Send>;
type Job = Box<dyn FnOnce(&Connection) -> Reply + Send>;

/// A SQLite database file, served by its own thread.
#[derive(Clone)]
pub struct SqliteStore {
    jobs: mpsc::Sender<Job>,
    /// While any clone lives, the checkpoint thread runs.
    _alive: Arc<()>,
}

fn err(what: &str) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |e| StoreError(format!("SQLite, {what}: {e}"))
}

impl SqliteStore {
    /// Opens (or creates) the database file.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path).map_err(|e| {
            StoreError(format!(
                "cannot open the SQLite database {}: {e}",
                path.display()
            ))
        })?;
        // WAL: readers never wait on the writer. FULL: a commit is on disk
        // before it is acknowledged (group commit keeps that cheap).
        // 64 MiB of page cache: the default 2 MiB made every batch read its
        // index pages back once the events outgrew it (latency rose with it).
        conn.execute_batch(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;
             PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 0;
             PRAGMA journal_size_limit = 67108864;",
        )
        .map_err(err("setting it up"))?;
        conn.execute_batch(SCHEMA)
            .map_err(err("creating the tables"))?;
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("sqlite".into())
            .spawn(move || writer(conn, rx))
            .map_err(|e| StoreError(format!("cannot start the SQLite thread: {e}")))?;
        let alive = Arc::new(());
        let checkpoints = Connection::open(path).map_err(err("opening it again"))?;
        let weak = Arc::downgrade(&alive);
        std::thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || checkpointer(checkpoints, weak))
            .map_err(|e| StoreError(format!("cannot start the SQLite thread: {e}")))?;
        Ok(SqliteStore {
            jobs: tx,
            _alive: alive,
        })
    }

    /// Runs `f` in the next batch; its answer arrives after the commit.
    async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> T + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = oneshot::channel::<Result<T, String>>();
        let job: Job = Box::new(move |c| {
            let out = f(c);
            Box::new(move |committed| {
                let _ = tx.send(committed.map(|()| out));
            })
        });
        self.jobs
            .send(job)
            .map_err(|_| StoreError("the SQLite thread has stopped".into()))?;
        match rx.await {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(e)) => Err(StoreError(format!("SQLite commit failed: {e}"))),
            Err(_) => Err(StoreError("the SQLite thread has stopped".into())),
        }
    }
}

/// Copies the WAL into the database file every half second, on its own
/// connection: a checkpoint's writes and fsync then never hold up a commit
/// (left to the writer, they did, and the p99 rose with them).
fn checkpointer(conn: Connection, alive: Weak<()>) {
    let _ = conn.busy_timeout(Duration::from_secs(5));
    while alive.strong_count() > 0 {
        std::thread::sleep(Duration::from_millis(500));
        // PASSIVE copies without stopping the writer, but never rewinds a
        // WAL that is always being written: past 16,384 pages (64 MiB), a
        // RESTART waits for one commit, copies the little left, and the
        // next commit starts the WAL over.
        let frames = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get::<_, i64>(1));
        let r = match frames {
            Ok(n) if n > 16_384 => conn
                .query_row("PRAGMA wal_checkpoint(RESTART)", [], |_| Ok(()))
                .map(|_| ()),
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        };
        if let Err(e) = r {
            eprintln!("agon-server: SQLite checkpoint: {e}");
        }
    }
}

fn writer(conn: Connection, jobs: mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match jobs.try_recv() {
                Ok(j) => batch.push(j),
                Err(_) => break,
            }
        }
        let began = conn
            .execute_batch("BEGIN IMMEDIATE")
            .map_err(|e| e.to_string());
        let replies: Vec<Reply> = batch.into_iter().map(|j| j(&conn)).collect();
        let committed =
            began.and_then(|()| conn.execute_batch("COMMIT").map_err(|e| e.to_string()));
        if committed.is_err() {
            let _ = conn.execute_batch("ROLLBACK");
        }
        for r in replies {
            r(committed.clone());
        }
    }
}

fn read_room(c: &Connection, id: &str) -> Result<Option<RoomRow>, StoreError> {
    let row = c
        .query_row(
            "SELECT config, listed, created_ms FROM rooms WHERE id = ?1",
            params![id],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                ))
            },
        )
        .optional()
        .map_err(err("reading a room"))?;
    let Some((config, listed, created)) = row else {
        return Ok(None);
    };
    let mut seats: [Seat; 2] = Default::default();
    let mut st = c
        .prepare_cached("SELECT side, token, claim, left_ms FROM seats WHERE room = ?1")
        .map_err(err("reading seats"))?;
    let rows = st
        .query_map(params![id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, Option<String>>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, Option<i64>>(3)?,
            ))
        })
        .map_err(err("reading seats"))?;
    for row in rows {
        let (side, token, claim, left) = row.map_err(err("reading seats"))?;
        let side = side_of(&side)?;
        seats[side.index()] = Seat {
            token,
            claim,
            left_ms: left.map(|l| to_u64(l, "time")).transpose()?,
        };
    }
    Ok(Some(RoomRow {
        id: id.to_string(),
        config: parse_config(&config)?,
        listed: u8::try_from(listed).unwrap_or(0),
        created_ms: to_u64(created, "time")?,
        seats,
    }))
}

fn by_key(c: &Connection, key: &str) -> Result<Option<(String, Side)>, StoreError> {
    let row = c
        .query_row(
            "SELECT room, side FROM keys WHERE key = ?1",
            params![key],
            |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)),
        )
        .optional()
        .map_err(err("reading a key"))?;
    row.map(|(room, side)| Ok((room, side_of(&side)?)))
        .transpose()
}

/// Runs `f` all or nothing inside the batch's transaction.
fn atomic<T>(
    c: &Connection,
    f: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    c.execute_batch("SAVEPOINT step")
        .map_err(err("a savepoint"))?;
    let out = f(c);
    let end = if out.is_ok() {
        "RELEASE step"
    } else {
        "ROLLBACK TO step; RELEASE step"
    };
    c.execute_batch(end).map_err(err("a savepoint"))?;
    out
}

fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::ConstraintViolation)
}

impl Store for SqliteStore {
    async fn create_room(
        &self,
        room: &RoomRow,
        key: &str,
        key_side: Side,
    ) -> Result<(String, Side), StoreError> {
        let room = room.clone();
        let key = key.to_string();
        self.run(move |c| atomic(c, |c| {
            if let Some(found) = by_key(c, &key)? {
                return Ok(found);
            }
            let config = serde_json::to_string(&room.config).expect("a config serializes");
            c.execute(
                "INSERT INTO rooms (id, config, listed, clock, created_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    room.id,
                    config,
                    i64::from(room.listed),
                    clock_key(room.config.clock),
                    to_i64(room.created_ms, "time")?
                ],
            )
            .map_err(err("creating a room"))?;
            for side in Side::BOTH {
                let s = room.seat(side);
                c.execute(
                    "INSERT INTO seats (room, side, token, claim) VALUES (?1, ?2, ?3, ?4)",
                    params![room.id, side.name(), s.token, s.claim],
                )
                .map_err(err("creating a seat"))?;
            }
            c.execute(
                "INSERT INTO keys (key, room, side) VALUES (?1, ?2, ?3)",
                params![key, room.id, key_side.name()],
            )
            .map_err(err("storing a key"))?;
            Ok((room.id.clone(), key_side))
        }))
        .await?
    }

    async fn by_key(&self, key: &str) -> Result<Option<(String, Side)>, StoreError> {
        let key = key.to_string();
        self.run(move |c| by_key(c, &key)).await?
    }

    async fn room(&self, id: &str) -> Result<Option<RoomRow>, StoreError> {
        let id = id.to_string();
        self.run(move |c| read_room(c, &id)).await?
    }

    async fn events(&self, room: &str, after: u64) -> Result<Vec<StoredEvent>, StoreError> {
        let room = room.to_string();
        self.run(move |c| {
            let mut st = c
                .prepare_cached(
                    "SELECT seq, at_ms, side, client_id, body FROM events WHERE room = ?1 AND seq > ?2 ORDER BY seq",
                )
                .map_err(err("reading events"))?;
            let rows = st
                .query_map(params![room, to_i64(after, "seq")?], |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, Option<String>>(2)?,
                        r.get::<_, Option<i64>>(3)?,
                        r.get::<_, String>(4)?,
                    ))
                })
                .map_err(err("reading events"))?;
            let mut out = Vec::new();
            for row in rows {
                let (seq, at, side, id, body) = row.map_err(err("reading events"))?;
                out.push(StoredEvent {
                    seq: to_u64(seq, "seq")?,
                    at_ms: to_u64(at, "time")?,
                    side: side.as_deref().map(side_of).transpose()?,
                    client_id: id.map(|i| to_u64(i, "client id")).transpose()?,
                    event: parse_event(&body)?,
                });
            }
            Ok(out)
        })
        .await?
    }

    async fn append(&self, room: &str, ev: &StoredEvent) -> Result<(), AppendError> {
        let room = room.to_string();
        let ev = ev.clone();
        let store = |e: StoreError| AppendError::Store(e);
        let seq = to_i64(ev.seq, "seq").map_err(store)?;
        let at = to_i64(ev.at_ms, "time").map_err(store)?;
        let id = ev
            .client_id
            .map(|i| to_i64(i, "client id"))
            .transpose()
            .map_err(store)?;
        self.run(move |c| {
            if let (Some(side), Some(id)) = (ev.side, id) {
                let found: Option<i64> = c
                    .query_row(
                        "SELECT seq FROM events WHERE room = ?1 AND side = ?2 AND client_id = ?3",
                        params![room, side.name(), id],
                        |r| r.get(0),
                    )
                    .optional()
                    .map_err(|e| store(err("reading an event")(e)))?;
                if let Some(s) = found {
                    return Err(AppendError::Duplicate(to_u64(s, "seq").map_err(store)?));
                }
            }
            let body = ev.event.to_json();
            match c.execute(
                "INSERT INTO events (room, seq, at_ms, side, client_id, body) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![room, seq, at, ev.side.map(Side::name), id, body],
            ) {
                Ok(_) => Ok(()),
                Err(e) if is_unique_violation(&e) => Err(AppendError::Taken),
                Err(e) => Err(store(err("appending an event")(e))),
            }
        })
        .await
        .map_err(store)?
    }

    async fn take_seat(
        &self,
        room: &str,
        side: Side,
        token: &str,
        claim: &str,
        key: Option<&str>,
    ) -> Result<bool, StoreError> {
        let (room, token, claim) = (room.to_string(), token.to_string(), claim.to_string());
        let key = key.map(str::to_string);
        self.run(move |c| atomic(c, |c| {
            let n = c
                .execute(
                    "UPDATE seats SET token = ?3, claim = ?4 WHERE room = ?1 AND side = ?2 AND token IS NULL",
                    params![room, side.name(), token, claim],
                )
                .map_err(err("taking a seat"))?;
            if n == 1
                && let Some(key) = key
            {
                c.execute(
                    "INSERT INTO keys (key, room, side) VALUES (?1, ?2, ?3)",
                    params![key, room, side.name()],
                )
                .map_err(err("storing a key"))?;
            }
            Ok(n == 1)
        }))
        .await?
    }

    async fn claim(&self, code: &str) -> Result<Option<(String, Side, String)>, StoreError> {
        let code = code.to_string();
        self.run(move |c| {
            let row = c
                .query_row(
                    "SELECT room, side, token FROM seats WHERE claim = ?1",
                    params![code],
                    |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, String>(1)?,
                            r.get::<_, Option<String>>(2)?,
                        ))
                    },
                )
                .optional()
                .map_err(err("reading a claim code"))?;
            match row {
                Some((room, side, Some(token))) => Ok(Some((room, side_of(&side)?, token))),
                _ => Ok(None),
            }
        })
        .await?
    }

    async fn open_rooms(
        &self,
        clock: Option<&str>,
        alive_after_ms: u64,
        limit: u32,
    ) -> Result<Vec<OpenRow>, StoreError> {
        let clock = clock.map(str::to_string);
        let alive = to_i64(alive_after_ms, "time")?;
        self.run(move |c| {
            let mut st = c
                .prepare_cached(
                    "SELECT r.id, s.side, r.config, r.created_ms FROM rooms r
                     JOIN seats s ON s.room = r.id AND s.token IS NULL
                     WHERE r.listed > 0 AND (?1 IS NULL OR r.clock = ?1)
                       AND EXISTS (SELECT 1 FROM presence p JOIN nodes n ON n.id = p.node
                                   WHERE p.room = r.id AND p.role <> s.side AND p.role <> 'watch'
                                     AND p.count > 0 AND n.alive_ms > ?2)
                     ORDER BY r.created_ms LIMIT ?3",
                )
                .map_err(err("listing open games"))?;
            let rows = st
                .query_map(params![clock, alive, i64::from(limit)], |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, i64>(3)?,
                    ))
                })
                .map_err(err("listing open games"))?;
            let mut out = Vec::new();
            for row in rows {
                let (room, side, config, created) = row.map_err(err("listing open games"))?;
                out.push(OpenRow {
                    room,
                    free: side_of(&side)?,
                    clock: parse_config(&config)?.clock,
                    created_ms: to_u64(created, "time")?,
                });
            }
            Ok(out)
        })
        .await?
    }

    async fn set_presence(
        &self,
        node: &str,
        room: &str,
        role: Role,
        count: u32,
        now_ms: u64,
    ) -> Result<(), StoreError> {
        let (node, room) = (node.to_string(), room.to_string());
        let now = to_i64(now_ms, "time")?;
        self.run(move |c| {
            if count == 0 {
                c.execute(
                    "DELETE FROM presence WHERE room = ?1 AND role = ?2 AND node = ?3",
                    params![room, role_name(role), node],
                )
                .map_err(err("updating presence"))?;
                if let Some(side) = role.side() {
                    c.execute(
                        "UPDATE seats SET left_ms = ?3 WHERE room = ?1 AND side = ?2",
                        params![room, side.name(), now],
                    )
                    .map_err(err("updating presence"))?;
                }
            } else {
                c.execute(
                    "INSERT INTO presence (room, role, node, count) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (room, role, node) DO UPDATE SET count = excluded.count",
                    params![room, role_name(role), node, i64::from(count)],
                )
                .map_err(err("updating presence"))?;
            }
            Ok(())
        })
        .await?
    }

    async fn presence(&self, room: &str, alive_after_ms: u64) -> Result<PresenceRow, StoreError> {
        let room = room.to_string();
        let alive = to_i64(alive_after_ms, "time")?;
        self.run(move |c| {
            let mut p = Presence::default();
            let mut st = c
                .prepare_cached(
                    "SELECT p.role, SUM(p.count) FROM presence p JOIN nodes n ON n.id = p.node
                     WHERE p.room = ?1 AND n.alive_ms > ?2 GROUP BY p.role",
                )
                .map_err(err("reading presence"))?;
            let rows = st
                .query_map(params![room, alive], |r| {
                    Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
                })
                .map_err(err("reading presence"))?;
            for row in rows {
                let (role, n) = row.map_err(err("reading presence"))?;
                match role.as_str() {
                    "light" => p.light = n > 0,
                    "dark" => p.dark = n > 0,
                    _ => p.watchers = u32::try_from(n).unwrap_or(u32::MAX),
                }
            }
            let mut left = [None, None];
            if let Some(r) = read_room(c, &room)? {
                for side in Side::BOTH {
                    left[side.index()] = r.seat(side).left_ms;
                }
            }
            Ok(PresenceRow {
                presence: p,
                left_ms: left,
            })
        })
        .await?
    }

    async fn heartbeat(&self, node: &str, now_ms: u64) -> Result<(), StoreError> {
        let node = node.to_string();
        let now = to_i64(now_ms, "time")?;
        self.run(move |c| {
            c.execute(
                "INSERT INTO nodes (id, alive_ms) VALUES (?1, ?2)
                 ON CONFLICT (id) DO UPDATE SET alive_ms = excluded.alive_ms",
                params![node, now],
            )
            .map_err(err("heartbeat"))?;
            Ok(())
        })
        .await?
    }

    async fn sweep(&self, alive_after_ms: u64) -> Result<Vec<String>, StoreError> {
        let alive = to_i64(alive_after_ms, "time")?;
        self.run(move |c| {
            let mut st = c
                .prepare_cached(
                    "DELETE FROM presence WHERE node IN (SELECT id FROM nodes WHERE alive_ms <= ?1)
                     RETURNING room, role, (SELECT alive_ms FROM nodes WHERE id = node)",
                )
                .map_err(err("sweeping"))?;
            let rows = st
                .query_map(params![alive], |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, i64>(2)?,
                    ))
                })
                .map_err(err("sweeping"))?
                .collect::<Result<Vec<_>, _>>()
                .map_err(err("sweeping"))?;
            let mut rooms = Vec::new();
            for (room, role, last) in rows {
                if role != "watch" {
                    c.execute(
                        "UPDATE seats SET left_ms = ?3 WHERE room = ?1 AND side = ?2",
                        params![room, role, last],
                    )
                    .map_err(err("sweeping"))?;
                }
                if !rooms.contains(&room) {
                    rooms.push(room);
                }
            }
            c.execute("DELETE FROM nodes WHERE alive_ms <= ?1", params![alive])
                .map_err(err("sweeping"))?;
            Ok(rooms)
        })
        .await?
    }

    async fn actions(&self) -> Result<Vec<ActionRow>, StoreError> {
        self.run(move |c| {
            let mut st = c
                .prepare(
                    "SELECT room, seq, side, client_id FROM events WHERE client_id IS NOT NULL",
                )
                .map_err(err("counting actions"))?;
            let rows = st
                .query_map([], |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, i64>(3)?,
                    ))
                })
                .map_err(err("counting actions"))?;
            let mut out = Vec::new();
            for row in rows {
                let (room, seq, side, id) = row.map_err(err("counting actions"))?;
                out.push(ActionRow {
                    room,
                    seq: to_u64(seq, "seq")?,
                    side: side_of(&side)?,
                    client_id: to_u64(id, "client id")?,
                });
            }
            Ok(out)
        })
        .await?
    }
}
