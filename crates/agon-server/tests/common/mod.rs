//! What the integration tests share: throw-away directories, the server as
//! a child process (so it can be killed with SIGKILL), a throw-away
//! PostgreSQL cluster and Redis on loopback, and players. Every process is
//! stopped by a Drop guard, even when a test fails.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use agon_rules::{Side, splitmix64};
use agon_server::client::Driver;
use agon_wire::{Event, Notice, Role};

/// How long any one wait in a test may take.
pub const WAIT: Duration = Duration::from_secs(20);

pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let p = std::env::temp_dir().join(format!(
            "agon-test-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("a temporary directory");
        TempDir(p)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free loopback port")
        .port()
}

/// The server, killed (SIGKILL) when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
    pub args: Vec<String>,
}

impl Server {
    /// Starts `agon-server` with these arguments (on a free port, or the one
    /// given) and waits for its "listening" line.
    pub fn start(args: &[&str], port: Option<u16>) -> Server {
        let listen = format!("127.0.0.1:{}", port.unwrap_or(0));
        let mut all = vec!["--listen".to_string(), listen];
        all.extend(args.iter().map(|s| s.to_string()));
        let end = Instant::now() + WAIT;
        loop {
            let mut child = Command::new(env!("CARGO_BIN_EXE_agon-server"))
                .args(&all)
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("agon-server starts");
            let out = child.stdout.take().expect("its stdout");
            let mut line = String::new();
            let _ = BufReader::new(out).read_line(&mut line);
            if let Some(addr) = line.trim().strip_prefix("agon-server listening on ") {
                let port = addr
                    .rsplit(':')
                    .next()
                    .and_then(|p| p.parse().ok())
                    .expect("a port in the listening line");
                return Server {
                    child,
                    port,
                    args: args.iter().map(|s| s.to_string()).collect(),
                };
            }
            let _ = child.kill();
            let _ = child.wait();
            // A port just freed by a killed server may take a moment.
            assert!(
                Instant::now() < end,
                "agon-server did not start with {all:?}"
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    pub fn url(&self) -> String {
        format!("ws://127.0.0.1:{}/ws", self.port)
    }

    /// SIGKILL: no goodbye to anyone.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Starts the server again on the same port and database.
    pub fn restart(&mut self) {
        self.kill();
        let args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        let again = Server::start(&args, Some(self.port));
        // The old one is dead; dropping it kills nothing new.
        let _old = std::mem::replace(self, again);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

fn need(program: &str, package: &str) -> PathBuf {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(program))
            .find(|p| p.is_file())
    });
    found.unwrap_or_else(|| {
        panic!(
            "{program} is missing: install the Debian package {package} (apt-get install {package}); scripts/test.sh does"
        )
    })
}

/// The directory of PostgreSQL's server programs (Debian keeps them off PATH).
fn pg_bin() -> PathBuf {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("initdb").is_file() && b.join("pg_ctl").is_file())
        .collect();
    found.sort();
    found.pop().unwrap_or_else(|| {
        panic!(
            "PostgreSQL's initdb is missing: install the Debian package postgresql (apt-get install postgresql); scripts/test.sh does"
        )
    })
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// PostgreSQL refuses to run as root: then it runs as the `postgres` user
/// Debian's package makes (or `nobody`), in a directory that user owns.
fn as_pg_user(program: &Path) -> Command {
    if !is_root() {
        return Command::new(program);
    }
    let user = if Command::new("id")
        .arg("postgres")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
    {
        "postgres"
    } else {
        "nobody"
    };
    let mut c = Command::new("runuser");
    c.args(["-u", user, "--"]).arg(program);
    c
}

fn chown_to_pg_user(dir: &Path) {
    if !is_root() {
        return;
    }
    for user in ["postgres", "nobody"] {
        let ok = Command::new("chown")
            .args(["-R", user])
            .arg(dir)
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return;
        }
    }
    panic!("cannot give {} to a user PostgreSQL runs as", dir.display());
}

/// A throw-away PostgreSQL cluster on a loopback port, stopped on drop.
pub struct Postgres {
    dir: TempDir,
    bin: PathBuf,
    pub port: u16,
}

impl Postgres {
    pub fn start() -> Postgres {
        let bin = pg_bin();
        let dir = TempDir::new("pg");
        // The temp dir's parent must be reachable by the server's user.
        chown_to_pg_user(dir.path());
        let data = dir.path().join("data");
        let out = as_pg_user(&bin.join("initdb"))
            .arg("-D")
            .arg(&data)
            .args(["-U", "agon", "--auth=trust", "--no-sync", "-E", "UTF8"])
            .output()
            .expect("initdb runs");
        assert!(
            out.status.success(),
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let port = free_port();
        let opts = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60",
            dir.path().display()
        );
        let out = as_pg_user(&bin.join("pg_ctl"))
            .arg("-D")
            .arg(&data)
            .args(["-o", &opts, "-l"])
            .arg(dir.path().join("log"))
            .args(["-w", "-t", "30", "start"])
            .output()
            .expect("pg_ctl runs");
        let pg = Postgres { dir, bin, port };
        assert!(
            out.status.success(),
            "pg_ctl start failed: {} {}",
            String::from_utf8_lossy(&out.stdout),
            std::fs::read_to_string(pg.dir.path().join("log")).unwrap_or_default()
        );
        pg
    }

    pub fn url(&self) -> String {
        format!("postgres://agon@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = as_pg_user(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(self.dir.path().join("data"))
            .args(["-m", "immediate", "-w", "stop"])
            .output();
    }
}

/// A throw-away Redis on a loopback port, killed on drop.
pub struct Redis {
    child: Child,
    _dir: TempDir,
    pub port: u16,
}

impl Redis {
    pub fn start() -> Redis {
        let program = need("redis-server", "redis-server");
        let dir = TempDir::new("redis");
        let port = free_port();
        let child = Command::new(program)
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no", "--dir"])
            .arg(dir.path())
            .stdout(Stdio::null())
            .spawn()
            .expect("redis-server starts");
        let end = Instant::now() + WAIT;
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < end, "redis-server did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        Redis {
            child,
            _dir: dir,
            port,
        }
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ---- players ----

pub fn joined(d: &Driver) -> bool {
    d.session.room().is_some() && d.session.link() == agon_wire::Link::Live
}

pub fn role(d: &Driver) -> Role {
    d.session.room().expect("in a room").role
}

pub fn seq(d: &Driver) -> u64 {
    d.session.room().map_or(0, |r| r.state.seq)
}

pub fn started(d: &Driver) -> bool {
    d.session.room().is_some_and(|r| r.state.started)
}

/// The token the server gave this player.
pub fn token(d: &Driver) -> String {
    d.session
        .room()
        .and_then(|r| r.token.clone())
        .expect("a seat token")
}

/// Steps every driver until `done` holds for all.
pub async fn run_all(
    ds: &mut [&mut Driver],
    what: &str,
    done: impl Fn(&Driver) -> bool,
) -> Result<(), String> {
    let end = Instant::now() + WAIT;
    loop {
        if ds.iter().all(|d| done(d)) {
            return Ok(());
        }
        if Instant::now() >= end {
            let tails: Vec<_> = ds
                .iter()
                .map(|d| d.seen.iter().rev().take(4).cloned().collect::<Vec<_>>())
                .collect();
            return Err(format!("gave up waiting for {what}: {tails:?}"));
        }
        for d in ds.iter_mut() {
            d.step(Duration::from_millis(5)).await;
        }
    }
}

/// A legal action for the side to move, chosen by `seed`.
pub fn pick_action(d: &Driver, seed: u64) -> String {
    let st = &d.session.room().expect("in a room").state;
    let mut texts = st.game.legal_actions().sorted_texts();
    assert!(!texts.is_empty(), "no legal action");
    let i = usize::try_from(splitmix64(seed) % texts.len() as u64).expect("fits");
    texts.swap_remove(i)
}

/// Plays up to `plies` actions between the two seats (whoever's turn it
/// is), each chosen by the seed; stops early at the game's end. Every
/// action must be acknowledged and seen by both.
pub async fn play_plies(
    a: &mut Driver,
    b: &mut Driver,
    plies: u32,
    seed: u64,
) -> Result<u32, String> {
    let mut played = 0;
    for i in 0..plies {
        let st = &a.session.room().expect("a in a room").state;
        if st.is_over() {
            break;
        }
        let to_move = st.game.position().to_move();
        let target = seq(a) + 1;
        let mover: &mut Driver = if role(a).side() == Some(to_move) {
            a
        } else {
            b
        };
        let action = pick_action(mover, seed.wrapping_add(u64::from(i)));
        mover
            .session
            .play(&action)
            .map_err(|e| format!("{action}: {e}"))?;
        run_all(
            &mut [&mut *a, &mut *b],
            &format!("ply {i} ({action})"),
            |d| seq(d) >= target && d.session.unacknowledged() == 0,
        )
        .await?;
        played += 1;
    }
    Ok(played)
}

/// The actions each side saw, as text, for comparing.
pub fn actions(d: &Driver) -> Vec<String> {
    d.session
        .room()
        .expect("in a room")
        .state
        .game
        .actions()
        .map(|a| a.to_string())
        .collect()
}

pub fn events_seen(d: &Driver) -> Vec<(u64, Event)> {
    d.seen
        .iter()
        .filter_map(|n| match n {
            Notice::Event { seq, event, .. } => Some((*seq, event.clone())),
            _ => None,
        })
        .collect()
}

pub fn refusals(d: &Driver) -> Vec<agon_wire::ErrorCode> {
    d.seen
        .iter()
        .filter_map(|n| match n {
            Notice::Refused { code, .. } => Some(*code),
            _ => None,
        })
        .collect()
}

pub fn side(d: &Driver) -> Side {
    role(d).side().expect("a seat")
}
