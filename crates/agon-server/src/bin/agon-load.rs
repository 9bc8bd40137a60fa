//! `agon-load`: N rooms of two bots playing through a server, at full speed
//! or at a set pace, bounded in time. The bots are the game's own session
//! (agon-wire) over WebSockets, so they reconnect as the game does and a run
//! survives the server being killed and restarted under it. At the end it
//! counts every move the bots sent against the database. Its last line:
//!
//! `rooms=<n> actions=<n> lost=<n> duplicated=<n> p50_ms=<x> p99_ms=<x>`
//!
//! and it exits with status 1 when a move was lost or duplicated.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agon_rules::{Side, splitmix64};
use agon_server::client::Driver;
use agon_server::store::{PgStore, SqliteStore, Store};
use agon_wire::{Event, Notice, SessionConfig, SideChoice};

const USAGE: &str = "\
usage: agon-load --server ADDR:PORT|ws://.../ws --db FILE|postgres://URL
                 [--rooms N] [--seconds S] [--pause-ms P] [--ramp N] [--seed N]

  --server    the server (its /ws)
  --db        the server's database, to count the moves against at the end
  --rooms     rooms of two bots (default 100)
  --seconds   how long the bots play once all rooms are open (default 20)
  --pause-ms  a bot's pause before each move (default 0: full speed)
  --ramp      rooms opened a second while starting (default 500)
  --seed      seeds the bots' choices and keys (default: the time; a seed
              used before on the same database finds its old rooms)";

struct Options {
    url: String,
    db: String,
    rooms: u32,
    seconds: u64,
    pause_ms: u64,
    ramp: u32,
    seed: u64,
}

fn number(flag: &str, v: &str, min: u64, max: u64) -> Result<u64, String> {
    let n: u64 = v
        .parse()
        .map_err(|_| format!("{flag} wants a whole number, not {v:?}"))?;
    if n < min || n > max {
        return Err(format!("{flag} {n} is outside {min}..={max}"));
    }
    Ok(n)
}

fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
    let mut o = Options {
        url: String::new(),
        db: String::new(),
        rooms: 100,
        seconds: 20,
        pause_ms: 0,
        ramp: 500,
        seed: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs()),
    };
    let mut it = args.into_iter();
    while let Some(flag) = it.next() {
        if flag == "--help" || flag == "-h" {
            return Err(USAGE.into());
        }
        let v = it
            .next()
            .ok_or_else(|| format!("{flag} wants a value\n{USAGE}"))?;
        match flag.as_str() {
            "--server" => {
                o.url = if v.starts_with("ws://") {
                    v
                } else {
                    format!("ws://{v}/ws")
                }
            }
            "--db" => o.db = v,
            "--rooms" => o.rooms = u32::try_from(number(&flag, &v, 1, 100_000)?).expect("bounded"),
            "--seconds" => o.seconds = number(&flag, &v, 1, 3_600)?,
            "--pause-ms" => o.pause_ms = number(&flag, &v, 0, 600_000)?,
            "--ramp" => o.ramp = u32::try_from(number(&flag, &v, 1, 100_000)?).expect("bounded"),
            "--seed" => o.seed = number(&flag, &v, 0, u64::MAX)?,
            _ => return Err(format!("unknown option {flag:?}\n{USAGE}")),
        }
    }
    if o.url.is_empty() || o.db.is_empty() {
        return Err(format!("--server and --db are needed\n{USAGE}"));
    }
    Ok(o)
}

/// What the bots share: sent moves, acknowledgements, latencies.
#[derive(Default)]
struct Tally {
    /// Move ids sent: id → (room, side).
    sent: HashMap<u64, (String, Side)>,
    /// Move ids acknowledged, with the event number.
    acked: HashMap<u64, u64>,
    refused: HashSet<u64>,
    /// When each move left: (room, ply).
    sent_at: HashMap<(String, u32), Instant>,
    /// Send to the opponent's receipt, in microseconds.
    latencies: Vec<u64>,
    started_rooms: u32,
    reconnects: u64,
    /// Where the bots stood when the play ended (to see a stall's cause).
    states: std::collections::BTreeMap<String, u32>,
}

struct Shared {
    tally: Mutex<Tally>,
    stop_at: Mutex<Option<Instant>>,
}

/// Latencies count once every room is open (the opening's connection
/// storm is not the steady state the goal is about).
fn measuring(shared: &Shared) -> bool {
    shared.stop_at.lock().expect("lock").is_some()
}

fn stopping(shared: &Shared) -> bool {
    shared
        .stop_at
        .lock()
        .expect("lock")
        .is_some_and(|t| Instant::now() >= t)
}

async fn bot(
    url: String,
    seed: u64,
    pause: Duration,
    room: Option<String>,
    room_tx: Option<tokio::sync::oneshot::Sender<String>>,
    shared: Arc<Shared>,
) {
    let mut cfg = SessionConfig::new(seed);
    // Quiet connections: a 2 s pace keeps them alive anyway.
    cfg.ping_every_ms = 15_000;
    cfg.dead_after_ms = 45_000;
    let mut d = Driver::with_config(&url, cfg);
    d.record = false;
    match &room {
        Some(r) => d.session.join(r, None, false),
        None => {
            d.session.create(SideChoice::Light, None, false);
        }
    }
    let mut room_tx = room_tx;
    let mut rng = seed;
    let mut next_at = Instant::now() + pause;
    let mut counted_start = false;
    let mut drain_until: Option<Instant> = None;
    loop {
        let now = Instant::now();
        for n in d.take_new() {
            match n {
                Notice::Joined { room, .. } => {
                    if let Some(tx) = room_tx.take() {
                        let _ = tx.send(room);
                    }
                }
                Notice::Event {
                    event: Event::Move { side, .. },
                    live: true,
                    ..
                } => {
                    let me = d.session.room().and_then(|r| r.role.side());
                    if Some(side) != me {
                        next_at = now + pause;
                        if let Some(r) = d.session.room() {
                            let key = (r.id.clone(), r.state.ply().saturating_sub(1));
                            let mut t = shared.tally.lock().expect("lock");
                            if let Some(at) = t.sent_at.remove(&key)
                                && measuring(&shared)
                            {
                                let us =
                                    u64::try_from(at.elapsed().as_micros()).unwrap_or(u64::MAX);
                                t.latencies.push(us);
                            }
                        }
                    }
                }
                Notice::Event {
                    event: Event::Start { .. },
                    ..
                } => {
                    next_at = now + pause;
                    if !counted_start {
                        counted_start = true;
                        if d.session
                            .room()
                            .is_some_and(|r| r.role.side() == Some(Side::Light))
                        {
                            shared.tally.lock().expect("lock").started_rooms += 1;
                        }
                    }
                }
                Notice::Acked { id, seq: Some(seq) } => {
                    shared.tally.lock().expect("lock").acked.insert(id, seq);
                }
                Notice::Refused { id: Some(id), .. } => {
                    shared.tally.lock().expect("lock").refused.insert(id);
                }
                Notice::Disconnected { .. } => {
                    shared.tally.lock().expect("lock").reconnects += 1;
                }
                _ => {}
            }
        }
        if stopping(&shared) {
            if drain_until.is_none() {
                let state = match d.session.room() {
                    None => format!("no room, {:?}", d.session.link()),
                    Some(v) => format!(
                        "{:?} {:?} started={} over={} to_move={:?} unacked={}",
                        d.session.link(),
                        v.role,
                        v.state.started,
                        v.state.is_over(),
                        v.state.game.position().to_move(),
                        d.session.unacknowledged()
                    ),
                };
                *shared
                    .tally
                    .lock()
                    .expect("lock")
                    .states
                    .entry(state)
                    .or_default() += 1;
            }
            let until = *drain_until.get_or_insert(now + Duration::from_secs(20));
            if d.session.unacknowledged() == 0 || now >= until {
                break;
            }
            d.step(Duration::from_millis(100)).await;
            continue;
        }
        let mut wait = Duration::from_millis(500);
        if let Some(view) = d.session.room() {
            let st = &view.state;
            let me = view.role.side();
            if st.is_over() {
                if st.rematch.is_some() {
                    d.session.join_rematch();
                } else if st.rematch_offer != me {
                    let _ = d.session.rematch();
                }
            } else if st.started
                && me == Some(st.game.position().to_move())
                && d.session.unacknowledged() == 0
                && d.session.link() == agon_wire::Link::Live
            {
                if now >= next_at {
                    let mut texts = st.game.legal_actions().sorted_texts();
                    rng = splitmix64(rng);
                    let i = usize::try_from(rng % texts.len() as u64).expect("fits");
                    let action = texts.swap_remove(i);
                    let key = (view.id.clone(), st.ply());
                    let room = view.id.clone();
                    if let Ok(id) = d.session.play(&action) {
                        let mut t = shared.tally.lock().expect("lock");
                        t.sent.insert(id, (room, me.expect("seated")));
                        t.sent_at.insert(key, Instant::now());
                    }
                    wait = Duration::from_millis(1);
                } else {
                    wait = next_at - now;
                }
            }
        }
        d.step(wait.min(Duration::from_millis(500))).await;
    }
    d.session.stop();
    d.step(Duration::from_millis(1)).await;
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)] as f64 / 1000.0
}

async fn count_against<S: Store>(store: &S, t: &Tally) -> Result<(u64, u64), String> {
    let rows = store.actions().await.map_err(|e| e.to_string())?;
    let mut stored: HashMap<(String, Side, u64), Vec<u64>> = HashMap::new();
    for r in rows {
        stored
            .entry((r.room, r.side, r.client_id))
            .or_default()
            .push(r.seq);
    }
    let duplicated: u64 = stored.values().map(|v| v.len() as u64 - 1).sum();
    let mut lost = 0u64;
    for (id, (room, side)) in &t.sent {
        if t.refused.contains(id) {
            continue; // refused, so rightly not stored
        }
        match stored.get(&(room.clone(), *side, *id)) {
            None => lost += 1,
            Some(seqs) => {
                if let Some(acked) = t.acked.get(id)
                    && !seqs.contains(acked)
                {
                    lost += 1;
                }
            }
        }
    }
    Ok((lost, duplicated))
}

#[tokio::main]
async fn main() {
    let o = match parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) if e == USAGE => {
            println!("{e}");
            return;
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let shared = Arc::new(Shared {
        tally: Mutex::new(Tally::default()),
        stop_at: Mutex::new(None),
    });
    let pause = Duration::from_millis(o.pause_ms);
    let mut tasks = Vec::new();
    let began = Instant::now();
    eprintln!(
        "agon-load: opening {} rooms at {} a second (seed {})",
        o.rooms, o.ramp, o.seed
    );
    for i in 0..o.rooms {
        let (tx, rx) = tokio::sync::oneshot::channel::<String>();
        // The run's seed mixed first: nearby seeds (times) must not share rooms'.
        let seed = splitmix64(splitmix64(o.seed) ^ u64::from(i));
        tasks.push(tokio::spawn(bot(
            o.url.clone(),
            seed,
            pause,
            None,
            Some(tx),
            shared.clone(),
        )));
        let url = o.url.clone();
        let sh = shared.clone();
        let seed2 = splitmix64(seed);
        tasks.push(tokio::spawn(async move {
            if let Ok(room) = rx.await {
                bot(url, seed2, pause, Some(room), None, sh).await;
            }
        }));
        if (i + 1) % 50 == 0 {
            tokio::time::sleep(Duration::from_millis(50_000 / u64::from(o.ramp))).await;
        }
    }
    // Wait until every room has started (bounded), then play for --seconds.
    let ramp_end = Instant::now() + Duration::from_secs(120);
    loop {
        let started = shared.tally.lock().expect("lock").started_rooms;
        if started >= o.rooms || Instant::now() >= ramp_end {
            eprintln!(
                "agon-load: {started} rooms playing after {:.1} s",
                began.elapsed().as_secs_f64()
            );
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let play_began = Instant::now();
    let acked_before = {
        let t = shared.tally.lock().expect("lock");
        t.acked.keys().filter(|id| t.sent.contains_key(id)).count()
    };
    *shared.stop_at.lock().expect("lock") = Some(play_began + Duration::from_secs(o.seconds));
    let mut last_report = Instant::now();
    while !stopping(&shared) {
        tokio::time::sleep(Duration::from_millis(200)).await;
        if last_report.elapsed() >= Duration::from_secs(5) {
            last_report = Instant::now();
            let t = shared.tally.lock().expect("lock");
            let mut l = t.latencies.clone();
            l.sort_unstable();
            eprintln!(
                "agon-load: {:.0} s: {} moves acknowledged, p50 {:.1} ms, p99 {:.1} ms, reconnections {}",
                play_began.elapsed().as_secs_f64(),
                t.acked.len(),
                percentile(&l, 0.5),
                percentile(&l, 0.99),
                t.reconnects
            );
        }
    }
    let played_for = play_began.elapsed().as_secs_f64();
    for t in tasks {
        let _ = t.await;
    }
    // Every bot has ended: the tally is whole.
    let t = std::mem::take(&mut *shared.tally.lock().expect("lock"));
    let mut l = t.latencies.clone();
    l.sort_unstable();
    // Moves only (rematch offers are acknowledged too).
    let moves_acked = t.acked.keys().filter(|id| t.sent.contains_key(id)).count();
    let in_window = moves_acked.saturating_sub(acked_before);
    eprintln!(
        "agon-load: {} moves sent, {} acknowledged, {} refused, {} reconnections; {:.0} moves a second while playing",
        t.sent.len(),
        moves_acked,
        t.refused.len(),
        t.reconnects,
        in_window as f64 / played_for
    );
    for (state, n) in &t.states {
        eprintln!("agon-load: {n} bots at the end: {state}");
    }
    let counted = if o.db.starts_with("postgres://") || o.db.starts_with("postgresql://") {
        match PgStore::open(&o.db).await {
            Ok(s) => count_against(&s, &t).await,
            Err(e) => Err(e.to_string()),
        }
    } else {
        match SqliteStore::open(std::path::Path::new(&o.db)) {
            Ok(s) => count_against(&s, &t).await,
            Err(e) => Err(e.to_string()),
        }
    };
    let (lost, duplicated) = match counted {
        Ok(c) => c,
        Err(e) => {
            eprintln!("agon-load: cannot count against the database: {e}");
            std::process::exit(1);
        }
    };
    println!(
        "rooms={} actions={} lost={} duplicated={} p50_ms={:.1} p99_ms={:.1}",
        t.started_rooms,
        moves_acked,
        lost,
        duplicated,
        percentile(&l, 0.5),
        percentile(&l, 0.99)
    );
    if lost > 0 || duplicated > 0 {
        std::process::exit(1);
    }
}
