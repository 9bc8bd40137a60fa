//! PostgreSQL, shared by every node: a few connections used round-robin
//! (each pipelines its queries), every step one statement, so the database
//! alone decides races between nodes.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use agon_rules::Side;
use agon_wire::{Presence, Role};
use tokio::sync::{Mutex, mpsc, oneshot};
use tokio_postgres::error::SqlState;
use tokio_postgres::{Client, NoTls, Row};

use super::{
    ActionRow, AppendError, OpenRow, PresenceRow, RoomRow, SCHEMA, Seat, Store, StoreError,
    StoredEvent, clock_key, parse_config, parse_event, role_name, side_of, to_i64, to_u64,
};

/// Connections per node (each pipelines; PostgreSQL's default limit is 100).
const CONNECTIONS: usize = 12;
/// The most events one append statement stores.
const BATCH: usize = 256;
/// Append statements in flight at once (each on its own connection).
const APPENDERS: usize = 3;

type AppendJob = (
    String,
    StoredEvent,
    oneshot::Sender<Result<(), AppendError>>,
);

/// A PostgreSQL database (`postgres://user@host:port/db`).
pub struct PgStore {
    url: String,
    slots: Vec<Mutex<Arc<Client>>>,
    next: AtomicUsize,
    appends: mpsc::UnboundedSender<AppendJob>,
}

fn err(what: &str) -> impl Fn(tokio_postgres::Error) -> StoreError + '_ {
    move |e| StoreError(format!("PostgreSQL, {what}: {e}"))
}

async fn connect(url: &str) -> Result<Client, StoreError> {
    let (client, conn) = tokio_postgres::connect(url, NoTls).await.map_err(|e| {
        StoreError(format!(
            "cannot connect to PostgreSQL at {}: {e}",
            redact(url)
        ))
    })?;
    tokio::spawn(async move {
        // Ends when the connection does; the next use reconnects.
        let _ = conn.await;
    });
    Ok(client)
}

/// The URL without its password, for messages.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let user = &url[s + 3..at];
            let user = user.split(':').next().unwrap_or("");
            format!("{}{user}@{}", &url[..s + 3], &url[at + 1..])
        }
        _ => url.to_string(),
    }
}

impl PgStore {
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let first = connect(url).await?;
        // Two nodes starting together must not both create the tables.
        first
            .batch_execute(&format!(
                "BEGIN; SELECT pg_advisory_xact_lock(3434); {SCHEMA} COMMIT;"
            ))
            .await
            .map_err(err("creating the tables"))?;
        let mut slots = vec![Mutex::new(Arc::new(first))];
        for _ in 1..CONNECTIONS {
            slots.push(Mutex::new(Arc::new(connect(url).await?)));
        }
        let (tx, rx) = mpsc::unbounded_channel();
        let rx = Arc::new(Mutex::new(rx));
        for _ in 0..APPENDERS {
            tokio::spawn(appender(url.to_string(), rx.clone()));
        }
        Ok(PgStore {
            url: url.to_string(),
            slots,
            next: AtomicUsize::new(0),
            appends: tx,
        })
    }

    async fn client(&self) -> Result<Arc<Client>, StoreError> {
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.slots.len();
        let mut slot = self.slots[i].lock().await;
        if slot.is_closed() {
            *slot = Arc::new(connect(&self.url).await?);
        }
        Ok(slot.clone())
    }
}

fn constraint(e: &tokio_postgres::Error) -> Option<String> {
    if e.code() != Some(&SqlState::UNIQUE_VIOLATION) {
        return None;
    }
    Some(
        e.as_db_error()
            .and_then(|d| d.constraint())
            .unwrap_or("")
            .to_string(),
    )
}

fn get<'a, T: tokio_postgres::types::FromSql<'a>>(row: &'a Row, i: usize) -> Result<T, StoreError> {
    row.try_get(i)
        .map_err(|e| StoreError(format!("PostgreSQL, reading column {i}: {e}")))
}

impl Store for PgStore {
    async fn create_room(
        &self,
        room: &RoomRow,
        key: &str,
        key_side: Side,
    ) -> Result<(String, Side), StoreError> {
        if let Some(found) = self.by_key(key).await? {
            return Ok(found);
        }
        let c = self.client().await?;
        let config = serde_json::to_string(&room.config).expect("a config serializes");
        let light = room.seat(Side::Light);
        let dark = room.seat(Side::Dark);
        let r = c
            .execute(
                "WITH r AS (INSERT INTO rooms (id, config, listed, clock, created_ms)
                            VALUES ($1, $2, $3, $4, $5) RETURNING id),
                      s AS (INSERT INTO seats (room, side, token, claim)
                            SELECT id, 'light', $6::text, $7::text FROM r
                            UNION ALL SELECT id, 'dark', $8::text, $9::text FROM r RETURNING room)
                 INSERT INTO keys (key, room, side) SELECT $10, id, $11 FROM r",
                &[
                    &room.id,
                    &config,
                    &i32::from(room.listed),
                    &clock_key(room.config.clock),
                    &to_i64(room.created_ms, "time")?,
                    &light.token,
                    &light.claim,
                    &dark.token,
                    &dark.claim,
                    &key,
                    &key_side.name(),
                ],
            )
            .await;
        match r {
            Ok(_) => Ok((room.id.clone(), key_side)),
            Err(e) if constraint(&e).as_deref() == Some("keys_pkey") => self
                .by_key(key)
                .await?
                .ok_or_else(|| StoreError("a key both taken and missing".into())),
            Err(e) => Err(err("creating a room")(e)),
        }
    }

    async fn by_key(&self, key: &str) -> Result<Option<(String, Side)>, StoreError> {
        let c = self.client().await?;
        let row = c
            .query_opt("SELECT room, side FROM keys WHERE key = $1", &[&key])
            .await
            .map_err(err("reading a key"))?;
        row.map(|r| Ok((get(&r, 0)?, side_of(get(&r, 1)?)?)))
            .transpose()
    }

    async fn room(&self, id: &str) -> Result<Option<RoomRow>, StoreError> {
        let c = self.client().await?;
        let Some(r) = c
            .query_opt(
                "SELECT config, listed, created_ms FROM rooms WHERE id = $1",
                &[&id],
            )
            .await
            .map_err(err("reading a room"))?
        else {
            return Ok(None);
        };
        let mut seats: [Seat; 2] = Default::default();
        for s in c
            .query(
                "SELECT side, token, claim, left_ms FROM seats WHERE room = $1",
                &[&id],
            )
            .await
            .map_err(err("reading seats"))?
        {
            let side = side_of(get(&s, 0)?)?;
            seats[side.index()] = Seat {
                token: get(&s, 1)?,
                claim: get(&s, 2)?,
                left_ms: get::<Option<i64>>(&s, 3)?
                    .map(|l| to_u64(l, "time"))
                    .transpose()?,
            };
        }
        Ok(Some(RoomRow {
            id: id.to_string(),
            config: parse_config(get(&r, 0)?)?,
            listed: u8::try_from(get::<i32>(&r, 1)?).unwrap_or(0),
            created_ms: to_u64(get(&r, 2)?, "time")?,
            seats,
        }))
    }

    async fn events(&self, room: &str, after: u64) -> Result<Vec<StoredEvent>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT seq, at_ms, side, client_id, body FROM events
                 WHERE room = $1 AND seq > $2 ORDER BY seq",
                &[&room, &to_i64(after, "seq")?],
            )
            .await
            .map_err(err("reading events"))?;
        rows.iter()
            .map(|r| {
                Ok(StoredEvent {
                    seq: to_u64(get(r, 0)?, "seq")?,
                    at_ms: to_u64(get(r, 1)?, "time")?,
                    side: get::<Option<&str>>(r, 2)?.map(side_of).transpose()?,
                    client_id: get::<Option<i64>>(r, 3)?
                        .map(|i| to_u64(i, "client id"))
                        .transpose()?,
                    event: parse_event(get(r, 4)?)?,
                })
            })
            .collect()
    }

    async fn append(&self, room: &str, ev: &StoredEvent) -> Result<(), AppendError> {
        let (tx, rx) = oneshot::channel();
        self.appends
            .send((room.to_string(), ev.clone(), tx))
            .map_err(|_| AppendError::Store(StoreError("the appender has stopped".into())))?;
        rx.await
            .map_err(|_| AppendError::Store(StoreError("the appender has stopped".into())))?
    }

    async fn take_seat(
        &self,
        room: &str,
        side: Side,
        token: &str,
        claim: &str,
        key: Option<&str>,
    ) -> Result<bool, StoreError> {
        let c = self.client().await?;
        let row = c
            .query_one(
                "WITH t AS (UPDATE seats SET token = $3, claim = $4
                            WHERE room = $1 AND side = $2 AND token IS NULL RETURNING room),
                      k AS (INSERT INTO keys (key, room, side)
                            SELECT $5::text, room, $2 FROM t WHERE $5::text IS NOT NULL RETURNING key)
                 SELECT count(*) FROM t",
                &[&room, &side.name(), &token, &claim, &key],
            )
            .await
            .map_err(err("taking a seat"))?;
        Ok(get::<i64>(&row, 0)? == 1)
    }

    async fn claim(&self, code: &str) -> Result<Option<(String, Side, String)>, StoreError> {
        let c = self.client().await?;
        let row = c
            .query_opt(
                "SELECT room, side, token FROM seats WHERE claim = $1 AND token IS NOT NULL",
                &[&code],
            )
            .await
            .map_err(err("reading a claim code"))?;
        row.map(|r| Ok((get(&r, 0)?, side_of(get(&r, 1)?)?, get(&r, 2)?)))
            .transpose()
    }

    async fn open_rooms(
        &self,
        clock: Option<&str>,
        alive_after_ms: u64,
        limit: u32,
    ) -> Result<Vec<OpenRow>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT r.id, s.side, r.config, r.created_ms FROM rooms r
                 JOIN seats s ON s.room = r.id AND s.token IS NULL
                 WHERE r.listed > 0 AND ($1::text IS NULL OR r.clock = $1)
                   AND EXISTS (SELECT 1 FROM presence p JOIN nodes n ON n.id = p.node
                               WHERE p.room = r.id AND p.role <> s.side AND p.role <> 'watch'
                                 AND p.count > 0 AND n.alive_ms > $2)
                 ORDER BY r.created_ms LIMIT $3",
                &[&clock, &to_i64(alive_after_ms, "time")?, &i64::from(limit)],
            )
            .await
            .map_err(err("listing open games"))?;
        rows.iter()
            .map(|r| {
                Ok(OpenRow {
                    room: get(r, 0)?,
                    free: side_of(get(r, 1)?)?,
                    clock: parse_config(get(r, 2)?)?.clock,
                    created_ms: to_u64(get(r, 3)?, "time")?,
                })
            })
            .collect()
    }

    async fn set_presence(
        &self,
        node: &str,
        room: &str,
        role: Role,
        count: u32,
        now_ms: u64,
    ) -> Result<(), StoreError> {
        let c = self.client().await?;
        let role_s = role_name(role);
        if count == 0 {
            c.execute(
                "WITH d AS (DELETE FROM presence WHERE room = $1 AND role = $2 AND node = $3)
                 UPDATE seats SET left_ms = $4 WHERE room = $1 AND side = $2",
                &[&room, &role_s, &node, &to_i64(now_ms, "time")?],
            )
            .await
            .map_err(err("updating presence"))?;
        } else {
            let n = i32::try_from(count).unwrap_or(i32::MAX);
            c.execute(
                "INSERT INTO presence (room, role, node, count) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (room, role, node) DO UPDATE SET count = excluded.count",
                &[&room, &role_s, &node, &n],
            )
            .await
            .map_err(err("updating presence"))?;
        }
        Ok(())
    }

    async fn presence(&self, room: &str, alive_after_ms: u64) -> Result<PresenceRow, StoreError> {
        let c = self.client().await?;
        // One round trip: the seats' departures and the live connections.
        let rows = c
            .query(
                "SELECT side, left_ms, NULL::bigint FROM seats WHERE room = $1
                 UNION ALL
                 SELECT p.role, NULL::bigint, SUM(p.count)::bigint
                 FROM presence p JOIN nodes n ON n.id = p.node
                 WHERE p.room = $1 AND n.alive_ms > $2 GROUP BY p.role",
                &[&room, &to_i64(alive_after_ms, "time")?],
            )
            .await
            .map_err(err("reading presence"))?;
        let mut p = Presence::default();
        let mut left = [None, None];
        for r in &rows {
            let name: &str = get(r, 0)?;
            match get::<Option<i64>>(r, 2)? {
                // A seat's row.
                None => {
                    let side = side_of(name)?;
                    left[side.index()] = get::<Option<i64>>(r, 1)?
                        .map(|l| to_u64(l, "time"))
                        .transpose()?;
                }
                Some(n) => match name {
                    "light" => p.light = n > 0,
                    "dark" => p.dark = n > 0,
                    _ => p.watchers = u32::try_from(n).unwrap_or(u32::MAX),
                },
            }
        }
        Ok(PresenceRow {
            presence: p,
            left_ms: left,
        })
    }

    async fn heartbeat(&self, node: &str, now_ms: u64) -> Result<(), StoreError> {
        let c = self.client().await?;
        c.execute(
            "INSERT INTO nodes (id, alive_ms) VALUES ($1, $2)
             ON CONFLICT (id) DO UPDATE SET alive_ms = excluded.alive_ms",
            &[&node, &to_i64(now_ms, "time")?],
        )
        .await
        .map_err(err("heartbeat"))?;
        Ok(())
    }

    async fn sweep(&self, alive_after_ms: u64) -> Result<Vec<String>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "WITH dead AS (SELECT id, alive_ms FROM nodes WHERE alive_ms <= $1),
                      gone AS (DELETE FROM presence p USING dead WHERE p.node = dead.id
                               RETURNING p.room, p.role, dead.alive_ms),
                      upd AS (UPDATE seats s SET left_ms = g.alive_ms FROM gone g
                              WHERE s.room = g.room AND s.side = g.role RETURNING s.room),
                      dn AS (DELETE FROM nodes WHERE id IN (SELECT id FROM dead) RETURNING id)
                 SELECT DISTINCT room FROM gone",
                &[&to_i64(alive_after_ms, "time")?],
            )
            .await
            .map_err(err("sweeping"))?;
        rows.iter().map(|r| get(r, 0)).collect()
    }

    async fn actions(&self) -> Result<Vec<ActionRow>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT room, seq, side, client_id FROM events WHERE client_id IS NOT NULL",
                &[],
            )
            .await
            .map_err(err("counting actions"))?;
        rows.iter()
            .map(|r| {
                Ok(ActionRow {
                    room: get(r, 0)?,
                    seq: to_u64(get(r, 1)?, "seq")?,
                    side: side_of(get(r, 2)?)?,
                    client_id: to_u64(get(r, 3)?, "client id")?,
                })
            })
            .collect()
    }
}

/// Group commit: the appends waiting are stored by one statement (one
/// commit, one WAL flush). `ON CONFLICT DO NOTHING` leaves out an event whose
/// number or client id is taken; each left out is then told which.
async fn appender(url: String, rx: Arc<Mutex<mpsc::UnboundedReceiver<AppendJob>>>) {
    let mut client: Option<Client> = None;
    loop {
        // One appender takes what waits; the others wait for the next batch.
        let jobs = {
            let mut rx = rx.lock().await;
            let Some(first) = rx.recv().await else { return };
            let mut jobs = vec![first];
            while jobs.len() < BATCH {
                match rx.try_recv() {
                    Ok(j) => jobs.push(j),
                    Err(_) => break,
                }
            }
            jobs
        };
        if client.as_ref().is_none_or(Client::is_closed) {
            client = connect(&url).await.ok();
        }
        let Some(c) = client.as_ref() else {
            for (_, _, tx) in jobs {
                let _ = tx.send(Err(AppendError::Store(StoreError(
                    "PostgreSQL is unreachable".into(),
                ))));
            }
            continue;
        };
        let results = append_batch(c, &jobs).await;
        for ((_, _, tx), r) in jobs.into_iter().zip(results) {
            let _ = tx.send(r);
        }
    }
}

async fn append_batch(c: &Client, jobs: &[AppendJob]) -> Vec<Result<(), AppendError>> {
    let fail = |e: StoreError| vec![Err(AppendError::Store(e)); jobs.len()];
    struct Row {
        seq: i64,
        at: i64,
        side: Option<&'static str>,
        id: Option<i64>,
        body: String,
    }
    let mut rows = Vec::with_capacity(jobs.len());
    for (_, ev, _) in jobs {
        let r = (|| {
            Ok::<_, StoreError>(Row {
                seq: to_i64(ev.seq, "seq")?,
                at: to_i64(ev.at_ms, "time")?,
                side: ev.side.map(Side::name),
                id: ev.client_id.map(|i| to_i64(i, "client id")).transpose()?,
                body: ev.event.to_json(),
            })
        })();
        match r {
            Ok(r) => rows.push(r),
            Err(e) => return fail(e),
        }
    }
    let mut sql =
        String::from("INSERT INTO events (room, seq, at_ms, side, client_id, body) VALUES ");
    let mut params: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = Vec::new();
    for (i, ((room, _, _), r)) in jobs.iter().zip(&rows).enumerate() {
        let b = i * 6;
        if i > 0 {
            sql.push(',');
        }
        sql.push_str(&format!(
            "(${}, ${}, ${}, ${}, ${}, ${})",
            b + 1,
            b + 2,
            b + 3,
            b + 4,
            b + 5,
            b + 6
        ));
        params.extend([
            room as &(dyn tokio_postgres::types::ToSql + Sync),
            &r.seq,
            &r.at,
            &r.side,
            &r.id,
            &r.body,
        ]);
    }
    sql.push_str(" ON CONFLICT DO NOTHING RETURNING room, seq");
    let stored = match c.query(sql.as_str(), &params).await {
        Ok(rows) => rows,
        Err(e) => return fail(err("appending events")(e)),
    };
    let mut done = std::collections::HashSet::new();
    for row in &stored {
        if let (Ok(room), Ok(seq)) = (row.try_get::<_, String>(0), row.try_get::<_, i64>(1)) {
            done.insert((room, seq));
        }
    }
    let mut out = Vec::with_capacity(jobs.len());
    for ((room, _, _), r) in jobs.iter().zip(&rows) {
        if done.contains(&(room.clone(), r.seq)) {
            out.push(Ok(()));
            continue;
        }
        // Left out: its client id stored already, or its number taken.
        let dup = match (r.side, r.id) {
            (Some(side), Some(id)) => c
                .query_opt(
                    "SELECT seq FROM events WHERE room = $1 AND side = $2 AND client_id = $3",
                    &[room, &side, &id],
                )
                .await
                .map_err(|e| AppendError::Store(err("reading an event")(e))),
            _ => Ok(None),
        };
        out.push(match dup {
            Ok(Some(row)) => match row.try_get::<_, i64>(0).map(|s| to_u64(s, "seq")) {
                Ok(Ok(seq)) => Err(AppendError::Duplicate(seq)),
                _ => Err(AppendError::Store(StoreError("an unreadable seq".into()))),
            },
            Ok(None) => Err(AppendError::Taken),
            Err(e) => Err(e),
        });
    }
    out
}
