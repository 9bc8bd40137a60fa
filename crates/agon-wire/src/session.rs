//! The client's session: one seat (or a spectator's place) in one room, kept
//! through dropped connections. No I/O of its own: the host opens and
//! closes the socket when told, and passes in what happened and the time.
//!
//! Each frame, a host (a Bevy system over `ewebsock`, a test's tokio task):
//! 1. `tick(now)`: `Some(Transport::Connect)` → open a socket and later call
//!    `on_open` (or `on_closed` if it failed); `Some(Transport::Close)` →
//!    drop the socket (the session already counts it closed).
//! 2. for each socket event: `on_open(now)`, `on_text(&text, now)`,
//!    `on_closed(now)`;
//! 3. sends every `take_outgoing()` frame as a text frame, in order;
//! 4. shows every `take_notices()` notice (and reads `room()` for the state).
//!
//! The guarantees: game actions are resent after every reconnection until
//! acknowledged or refused (the server plays an id once); events are applied
//! once each and in order, a gap asking for what was missed; the seat token
//! the server gives is reported once in [`Notice::Joined`] for the host to
//! keep, and used by itself on every reconnection.

use std::collections::VecDeque;

use agon_rules::{Side, splitmix64};

use crate::msg::{
    ClientMsg, ClockSpec, ClockState, ErrorCode, Event, MAX_ID, OpenGame, Presence, Role,
    ServerMsg, SideChoice, VERSION, WireError, parse_server,
};
use crate::room::RoomState;

/// Tunings of a session; `SessionConfig::new(seed)` has the defaults.
#[derive(Copy, Clone, Debug)]
pub struct SessionConfig {
    /// Seeds the action ids, idempotency keys and back-off jitter: give a
    /// random value (ids must not repeat for a seat across restarts).
    pub seed: u64,
    /// A `ping` after this long without sending anything.
    pub ping_every_ms: u64,
    /// The connection counts dead after this long without hearing anything.
    pub dead_after_ms: u64,
    /// A socket not open after this long is given up.
    pub connect_timeout_ms: u64,
}

impl SessionConfig {
    pub fn new(seed: u64) -> SessionConfig {
        SessionConfig {
            seed,
            ping_every_ms: 10_000,
            dead_after_ms: 30_000,
            connect_timeout_ms: 10_000,
        }
    }
}

/// What the host must do with its socket.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Transport {
    Connect,
    Close,
}

/// The connection as the session sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// Nothing to do: no room, no request.
    Idle,
    /// Disconnected; the next try at `retry_at_ms`.
    Offline {
        retry_at_ms: u64,
    },
    Connecting {
        since_ms: u64,
    },
    /// Open, `hello` sent, no `welcome` yet.
    Greeting,
    /// Welcomed; entering a room or with none.
    Open,
    /// In the room and caught up with its events.
    Live,
}

/// What happened, for the interface.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The server greeted us (after every reconnection).
    Connected,
    /// The connection is gone; the next try in `retry_in_ms`.
    Disconnected {
        retry_in_ms: u64,
    },
    /// In a room. `token` is present when the server just gave this seat:
    /// keep it (browser storage / data folder) with the room id, never in a
    /// link. `claim` is the code to show the player (takes the seat back on
    /// another device).
    Joined {
        room: String,
        role: Role,
        token: Option<String>,
        claim: Option<String>,
    },
    /// The room's state must be rebuilt: events from 1 follow.
    Reset,
    /// An event, applied to `room().state`; `live` is false while catching
    /// up after a (re)join (no need to animate those).
    Event {
        seq: u64,
        at_ms: u64,
        event: Event,
        live: bool,
    },
    /// Caught up with the room after a (re)join.
    Synced {
        seq: u64,
    },
    Presence(Presence),
    /// A game action was stored as event `seq`.
    Acked {
        id: u64,
        seq: Option<u64>,
    },
    /// A message was refused: nothing changed.
    Refused {
        id: Option<u64>,
        code: ErrorCode,
        message: String,
    },
    Lobby(Vec<OpenGame>),
    /// A claim code was traded for a seat; the session joins it by itself.
    /// Keep the token as for `Joined`.
    Claimed {
        room: String,
        side: Side,
        token: String,
    },
    /// Something the server sent that could not be read or applied.
    ProtocolError(String),
}

/// The room the session is in.
#[derive(Clone, Debug)]
pub struct RoomView {
    pub id: String,
    pub role: Role,
    pub token: Option<String>,
    pub claim: Option<String>,
    pub state: RoomState,
    pub presence: Presence,
}

/// A room to be in, restored on every reconnection.
#[derive(Clone, Debug)]
struct Target {
    room: String,
    token: Option<String>,
    watch: bool,
}

#[derive(Clone, Debug)]
struct Pending {
    id: u64,
    msg: ClientMsg,
    /// Not sent again before this time (after `rate-limited`).
    hold_until_ms: u64,
    sent: bool,
}

/// The state machine; see the module's documentation.
#[derive(Debug)]
pub struct Session {
    config: SessionConfig,
    rng: u64,
    link: Link,
    failures: u32,
    last_rx_ms: u64,
    last_tx_ms: u64,
    target: Option<Target>,
    /// A `create`, `seek` or `claim` waiting for its answer (same id and key
    /// on every resend).
    entry: Option<ClientMsg>,
    /// The id of the `join` (or entry) whose `joined` we wait for.
    entry_id: Option<u64>,
    /// Requests that need no room (`lobby`).
    requests: VecDeque<Pending>,
    /// Game actions, in order, until acknowledged or refused.
    actions: VecDeque<Pending>,
    room: Option<RoomView>,
    /// The server's last event when we joined; events up to it are catch-up.
    sync_to: u64,
    resync_id: Option<u64>,
    /// The clock as last anchored: time left, the side running, local time.
    anchor: Option<(ClockState, Option<Side>, u64)>,
    outbox: Vec<String>,
    notices: Vec<Notice>,
    /// `stop` asked for the socket to be closed.
    close_pending: bool,
}

/// The delay before reconnection attempt `failures` (0 for the first after a
/// drop): 250 ms doubling to 15 s, less up to a fifth at random (`random`
/// any value), so that clients a server dropped together come back spread.
pub fn backoff_delay_ms(failures: u32, random: u64) -> u64 {
    let base = 250u64
        .checked_shl(failures.min(16))
        .unwrap_or(u64::MAX)
        .min(15_000);
    base - (random % (base / 5 + 1))
}

impl Session {
    pub fn new(config: SessionConfig) -> Session {
        Session {
            config,
            rng: config.seed,
            link: Link::Idle,
            failures: 0,
            last_rx_ms: 0,
            last_tx_ms: 0,
            target: None,
            entry: None,
            entry_id: None,
            requests: VecDeque::new(),
            actions: VecDeque::new(),
            room: None,
            sync_to: 0,
            resync_id: None,
            anchor: None,
            outbox: Vec::new(),
            notices: Vec::new(),
            close_pending: false,
        }
    }

    fn random(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(agon_rules::SPLITMIX64_GAMMA);
        splitmix64(self.rng)
    }

    fn next_id(&mut self) -> u64 {
        loop {
            let id = self.random() & MAX_ID;
            if id != 0 {
                return id;
            }
        }
    }

    fn new_key(&mut self) -> String {
        format!("{:016x}{:016x}", self.random(), self.random())
    }

    // ---- what the player asks for ----

    /// Creates a game (answered by `Joined` with the creator's token).
    pub fn create(&mut self, side: SideChoice, clock: Option<ClockSpec>, listed: bool) -> u64 {
        let id = self.next_id();
        let key = self.new_key();
        self.enter(ClientMsg::Create {
            id,
            key,
            side,
            clock,
            listed,
        });
        id
    }

    /// Quick pairing with this clock.
    pub fn seek(&mut self, clock: Option<ClockSpec>) -> u64 {
        let id = self.next_id();
        let key = self.new_key();
        self.enter(ClientMsg::Seek { id, key, clock });
        id
    }

    /// Takes a seat back with its claim code.
    pub fn claim(&mut self, code: &str) -> u64 {
        let id = self.next_id();
        self.enter(ClientMsg::Claim {
            id,
            code: code.to_string(),
        });
        id
    }

    /// Enters a room: with the seat's token if the host kept one for it.
    pub fn join(&mut self, room: &str, token: Option<&str>, watch: bool) {
        self.entry = None;
        self.target = Some(Target {
            room: room.to_string(),
            token: token.map(str::to_string),
            watch,
        });
        self.actions.clear();
        if self.room.as_ref().is_some_and(|r| r.id != room) {
            self.room = None;
        }
        self.send_entry();
    }

    /// Follows the room's rematch, with the same token.
    pub fn join_rematch(&mut self) -> bool {
        let Some(view) = &self.room else { return false };
        let Some(next) = view.state.rematch.clone() else {
            return false;
        };
        let token = view.token.clone();
        self.join(&next, token.as_deref(), view.role == Role::Watch);
        true
    }

    /// Asks for the open games (`Notice::Lobby`).
    pub fn lobby(&mut self) -> u64 {
        let id = self.next_id();
        self.requests.push_back(Pending {
            id,
            msg: ClientMsg::Lobby { id },
            hold_until_ms: 0,
            sent: false,
        });
        self.flush();
        id
    }

    /// Leaves the room and closes the connection (the next `tick` answers
    /// `Transport::Close`): back to idle. True if it was connected.
    pub fn stop(&mut self) -> bool {
        if self.is_open() && self.room.is_some() {
            let id = self.next_id();
            self.send(&ClientMsg::Leave { id });
        }
        self.target = None;
        self.entry = None;
        self.entry_id = None;
        self.actions.clear();
        self.requests.clear();
        self.room = None;
        let was_connected = !matches!(self.link, Link::Idle | Link::Offline { .. });
        self.link = Link::Idle;
        self.close_pending = was_connected;
        was_connected
    }

    /// Plays an action (its text, `f1-f2`) in the current room, checked here
    /// first against the rules and the turn. The id, or why not.
    pub fn play(&mut self, action: &str) -> Result<u64, WireError> {
        let ply = {
            let view = self.seated()?;
            let side = view.role.side().expect("seated");
            let state = &view.state;
            if state.is_over() {
                return Err(WireError::new(ErrorCode::GameOver, "the game is over"));
            }
            if !state.started {
                return Err(WireError::new(
                    ErrorCode::NotStarted,
                    "the game waits for its second player",
                ));
            }
            if state.game.position().to_move() != side {
                return Err(WireError::new(
                    ErrorCode::NotYourTurn,
                    "it is not your turn",
                ));
            }
            state
                .game
                .position()
                .read_action(action)
                .map_err(|e| WireError::new(ErrorCode::Illegal, e.to_string()))?;
            state.ply()
        };
        if self
            .actions
            .iter()
            .any(|p| matches!(p.msg, ClientMsg::Move { .. }))
        {
            return Err(WireError::new(
                ErrorCode::NotYourTurn,
                "a move of yours is still on its way",
            ));
        }
        let id = self.next_id();
        Ok(self.push_action(ClientMsg::Move {
            id,
            ply,
            action: action.to_string(),
        }))
    }

    pub fn resign(&mut self) -> Result<u64, WireError> {
        self.seated()?;
        let id = self.next_id();
        Ok(self.push_action(ClientMsg::Resign { id }))
    }

    pub fn offer_draw(&mut self) -> Result<u64, WireError> {
        self.seated()?;
        let id = self.next_id();
        Ok(self.push_action(ClientMsg::OfferDraw { id }))
    }

    pub fn accept_draw(&mut self) -> Result<u64, WireError> {
        self.seated()?;
        let id = self.next_id();
        Ok(self.push_action(ClientMsg::AcceptDraw { id }))
    }

    pub fn decline_draw(&mut self) -> Result<u64, WireError> {
        self.seated()?;
        let id = self.next_id();
        Ok(self.push_action(ClientMsg::DeclineDraw { id }))
    }

    pub fn claim_win(&mut self) -> Result<u64, WireError> {
        self.seated()?;
        let id = self.next_id();
        Ok(self.push_action(ClientMsg::ClaimWin { id }))
    }

    pub fn rematch(&mut self) -> Result<u64, WireError> {
        self.seated()?;
        let id = self.next_id();
        Ok(self.push_action(ClientMsg::Rematch { id }))
    }

    fn seated(&self) -> Result<&RoomView, WireError> {
        match &self.room {
            None => Err(WireError::new(ErrorCode::NotJoined, "not in a room")),
            Some(v) if v.role == Role::Watch => Err(WireError::new(
                ErrorCode::NotSeated,
                "spectators do not play",
            )),
            Some(v) => Ok(v),
        }
    }

    fn push_action(&mut self, msg: ClientMsg) -> u64 {
        let id = msg.id().expect("actions have ids");
        self.actions.push_back(Pending {
            id,
            msg,
            hold_until_ms: 0,
            sent: false,
        });
        self.flush();
        id
    }

    // ---- what the host reads ----

    pub fn link(&self) -> Link {
        self.link
    }

    pub fn room(&self) -> Option<&RoomView> {
        self.room.as_ref()
    }

    /// Game actions not yet acknowledged.
    pub fn unacknowledged(&self) -> usize {
        self.actions.len()
    }

    /// Both clocks now (`now_ms` the host's clock, as passed to `tick`).
    pub fn clock_now(&self, now_ms: u64) -> Option<ClockState> {
        let (mut c, running, at) = self.anchor?;
        if let Some(side) = running {
            c.set(side, c.get(side).saturating_sub(now_ms.saturating_sub(at)));
        }
        Some(c)
    }

    pub fn take_outgoing(&mut self) -> Vec<String> {
        std::mem::take(&mut self.outbox)
    }

    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    // ---- the transport ----

    fn wants_connection(&self) -> bool {
        self.target.is_some()
            || self.entry.is_some()
            || !self.requests.is_empty()
            || !self.actions.is_empty()
    }

    fn is_open(&self) -> bool {
        matches!(self.link, Link::Greeting | Link::Open | Link::Live)
    }

    /// Called every frame (or on a timer).
    pub fn tick(&mut self, now_ms: u64) -> Option<Transport> {
        if std::mem::take(&mut self.close_pending) {
            return Some(Transport::Close);
        }
        match self.link {
            Link::Idle => {
                if self.wants_connection() {
                    self.link = Link::Connecting { since_ms: now_ms };
                    return Some(Transport::Connect);
                }
            }
            Link::Offline { retry_at_ms } => {
                if !self.wants_connection() {
                    self.link = Link::Idle;
                } else if now_ms >= retry_at_ms {
                    self.link = Link::Connecting { since_ms: now_ms };
                    return Some(Transport::Connect);
                }
            }
            Link::Connecting { since_ms } => {
                if now_ms.saturating_sub(since_ms) >= self.config.connect_timeout_ms {
                    self.on_closed(now_ms);
                    return Some(Transport::Close);
                }
            }
            Link::Greeting | Link::Open | Link::Live => {
                if now_ms.saturating_sub(self.last_rx_ms) >= self.config.dead_after_ms {
                    self.on_closed(now_ms);
                    return Some(Transport::Close);
                }
                if now_ms.saturating_sub(self.last_tx_ms) >= self.config.ping_every_ms {
                    self.send(&ClientMsg::Ping {});
                    self.last_tx_ms = now_ms;
                }
                // Actions held after `rate-limited` go once their time comes.
                if self.link == Link::Live
                    && self
                        .actions
                        .iter()
                        .any(|p| !p.sent && p.hold_until_ms <= now_ms)
                {
                    self.flush_at(now_ms);
                }
            }
        }
        None
    }

    /// The socket opened.
    pub fn on_open(&mut self, now_ms: u64) {
        self.close_pending = false;
        self.link = Link::Greeting;
        self.last_rx_ms = now_ms;
        self.last_tx_ms = now_ms;
        self.send(&ClientMsg::Hello { v: VERSION });
    }

    /// The socket closed or failed (any number of times: once counts).
    pub fn on_closed(&mut self, now_ms: u64) {
        if matches!(self.link, Link::Idle | Link::Offline { .. }) {
            return;
        }
        let r = self.random();
        let delay = backoff_delay_ms(self.failures, r);
        self.failures = self.failures.saturating_add(1);
        self.link = Link::Offline {
            retry_at_ms: now_ms.saturating_add(delay),
        };
        self.resync_id = None;
        self.entry_id = None;
        for p in self.actions.iter_mut().chain(self.requests.iter_mut()) {
            p.sent = false;
        }
        self.outbox.clear();
        self.notices
            .push(Notice::Disconnected { retry_in_ms: delay });
    }

    /// A text frame from the server.
    pub fn on_text(&mut self, text: &str, now_ms: u64) {
        self.last_rx_ms = now_ms;
        let msg = match parse_server(text) {
            Ok(m) => m,
            Err(e) => {
                self.notices.push(Notice::ProtocolError(e));
                return;
            }
        };
        match msg {
            ServerMsg::Welcome { v, .. } => {
                if v != VERSION {
                    self.notices.push(Notice::ProtocolError(format!(
                        "the server speaks version {v}, this client {VERSION}"
                    )));
                }
                self.failures = 0;
                self.link = Link::Open;
                self.notices.push(Notice::Connected);
                self.send_entry();
                self.flush_at(now_ms);
            }
            ServerMsg::Joined {
                id,
                room,
                role,
                token,
                claim,
                config,
                last_seq,
                clock,
                running,
                presence,
            } => {
                if self.entry_id != Some(id) {
                    return; // the answer to an entry given up since
                }
                self.entry_id = None;
                self.entry = None;
                let kept_token = token.clone().or_else(|| {
                    self.target
                        .as_ref()
                        .filter(|t| t.room == room)
                        .and_then(|t| t.token.clone())
                });
                self.target = Some(Target {
                    room: room.clone(),
                    token: kept_token.clone(),
                    watch: role == Role::Watch,
                });
                let keep = self
                    .room
                    .as_ref()
                    .is_some_and(|v| v.id == room && v.state.seq <= last_seq);
                if !keep {
                    if self.room.as_ref().is_some_and(|v| v.id == room) {
                        self.notices.push(Notice::Reset);
                    }
                    match RoomState::new(config) {
                        Ok(state) => {
                            self.room = Some(RoomView {
                                id: room.clone(),
                                role,
                                token: kept_token.clone(),
                                claim: claim.clone(),
                                state,
                                presence,
                            })
                        }
                        Err(e) => {
                            self.notices.push(Notice::ProtocolError(e.to_string()));
                            self.room = None;
                            return;
                        }
                    }
                }
                let view = self.room.as_mut().expect("just set");
                view.role = role;
                view.token = kept_token;
                view.claim = claim.clone().or(view.claim.take());
                view.presence = presence;
                self.sync_to = last_seq;
                self.anchor = clock.map(|c| (c, running, now_ms));
                self.notices.push(Notice::Joined {
                    room,
                    role,
                    token,
                    claim,
                });
                self.check_synced(now_ms);
            }
            ServerMsg::Event {
                room,
                seq,
                at_ms,
                event,
            } => self.on_event(&room, seq, at_ms, event, now_ms),
            ServerMsg::Claimed {
                id,
                room,
                side,
                token,
            } => {
                if self.entry_id != Some(id) {
                    return;
                }
                self.notices.push(Notice::Claimed {
                    room: room.clone(),
                    side,
                    token: token.clone(),
                });
                self.join(&room, Some(&token), false);
            }
            ServerMsg::Lobby { id, games } => {
                self.requests.retain(|p| p.id != id);
                self.notices.push(Notice::Lobby(games));
            }
            ServerMsg::Ack { id, seq } => {
                if self.resync_id == Some(id) {
                    self.resync_id = None;
                    return;
                }
                let before = self.actions.len();
                self.actions.retain(|p| p.id != id);
                self.requests.retain(|p| p.id != id);
                if self.actions.len() != before {
                    self.notices.push(Notice::Acked { id, seq });
                }
            }
            ServerMsg::Presence { room, presence } => {
                if let Some(v) = self.room.as_mut().filter(|v| v.id == room) {
                    v.presence = presence;
                    self.notices.push(Notice::Presence(presence));
                }
            }
            ServerMsg::Pong { .. } => {}
            ServerMsg::Error { id, code, message } => self.on_error(id, code, message, now_ms),
        }
    }

    fn on_error(&mut self, id: Option<u64>, code: ErrorCode, message: String, now_ms: u64) {
        if let Some(id) = id {
            if code == ErrorCode::RateLimited {
                for p in self.actions.iter_mut().chain(self.requests.iter_mut()) {
                    if p.id == id {
                        p.sent = false;
                        p.hold_until_ms = now_ms.saturating_add(1000);
                    }
                }
                return;
            }
            if self.entry_id == Some(id) {
                // The room or seat cannot be had: nothing to restore.
                self.entry_id = None;
                self.entry = None;
                self.target = None;
                self.room = None;
                self.actions.clear();
            }
            if self.resync_id == Some(id) {
                self.resync_id = None;
            }
            self.actions.retain(|p| p.id != id);
            self.requests.retain(|p| p.id != id);
        }
        self.notices.push(Notice::Refused { id, code, message });
    }

    fn on_event(&mut self, room: &str, seq: u64, at_ms: u64, event: Event, now_ms: u64) {
        let Some(view) = self.room.as_mut().filter(|v| v.id == room) else {
            return;
        };
        if seq <= view.state.seq {
            return; // seen already (a resend of the catch-up)
        }
        if seq > view.state.seq.saturating_add(1) {
            // A gap: ask once for what was missed; it comes in order.
            if self.resync_id.is_none() && self.is_open() {
                let id = self.next_id();
                let since = self.room.as_ref().map_or(0, |v| v.state.seq);
                self.resync_id = Some(id);
                self.send(&ClientMsg::Resync { id, since });
            }
            return;
        }
        if let Err(e) = view.state.apply(seq, at_ms, &event) {
            self.notices.push(Notice::ProtocolError(e.to_string()));
            // Rebuild from the start rather than show a game that is wrong.
            if let Ok(state) = RoomState::new(view.state.config.clone()) {
                view.state = state;
                self.notices.push(Notice::Reset);
                if self.resync_id.is_none() && self.is_open() {
                    let id = self.next_id();
                    self.resync_id = Some(id);
                    self.send(&ClientMsg::Resync { id, since: 0 });
                }
            }
            return;
        }
        let live = seq > self.sync_to;
        if live {
            let view = self.room.as_ref().expect("checked");
            let clock = match &event {
                Event::Start { clock } | Event::Move { clock, .. } => *clock,
                Event::End { clock, .. } => clock.or(self.anchor.map(|a| a.0)),
                _ => self.anchor.map(|a| a.0),
            };
            if let Some(c) = clock {
                // The server's event is fresh: its values hold as of now.
                let running = if matches!(event, Event::End { .. }) {
                    None
                } else {
                    view.state.running()
                };
                let c = if matches!(event, Event::DrawOffer { .. } | Event::DrawDecline { .. }) {
                    self.clock_now(now_ms).unwrap_or(c)
                } else {
                    c
                };
                self.anchor = Some((c, running, now_ms));
            }
        }
        self.notices.push(Notice::Event {
            seq,
            at_ms,
            event,
            live,
        });
        self.check_synced(now_ms);
    }

    fn check_synced(&mut self, now_ms: u64) {
        if self.link == Link::Live || !self.is_open() {
            return;
        }
        let Some(view) = &self.room else { return };
        if self.entry_id.is_none() && view.state.seq >= self.sync_to {
            self.link = Link::Live;
            self.notices.push(Notice::Synced {
                seq: view.state.seq,
            });
            self.flush_at(now_ms);
        }
    }

    // ---- sending ----

    fn send(&mut self, msg: &ClientMsg) {
        self.outbox.push(msg.to_json());
    }

    /// Sends the join (or the entry request) if the connection is welcomed.
    fn send_entry(&mut self) {
        if !matches!(self.link, Link::Open | Link::Live) {
            return;
        }
        if self.link == Link::Live {
            self.link = Link::Open;
        }
        if let Some(t) = self.target.clone() {
            let id = self.next_id();
            let since = self
                .room
                .as_ref()
                .filter(|v| v.id == t.room)
                .map_or(0, |v| v.state.seq);
            self.entry_id = Some(id);
            self.send(&ClientMsg::Join {
                id,
                room: t.room,
                token: t.token,
                since,
                watch: t.watch,
            });
        } else if let Some(e) = self.entry.clone() {
            self.entry_id = e.id();
            self.send(&e);
        }
    }

    fn enter(&mut self, msg: ClientMsg) {
        self.target = None;
        self.room = None;
        self.actions.clear();
        self.entry = Some(msg);
        self.send_entry();
    }

    fn flush(&mut self) {
        let now = self.last_tx_ms;
        self.flush_at(now);
    }

    /// Sends what waits: requests once welcomed, actions once live.
    fn flush_at(&mut self, now_ms: u64) {
        if !matches!(self.link, Link::Open | Link::Live) {
            return;
        }
        let live = self.link == Link::Live;
        let mut out = Vec::new();
        for p in self.requests.iter_mut() {
            if !p.sent && p.hold_until_ms <= now_ms {
                p.sent = true;
                out.push(p.msg.to_json());
            }
        }
        if live {
            for p in self.actions.iter_mut() {
                if !p.sent && p.hold_until_ms <= now_ms {
                    p.sent = true;
                    out.push(p.msg.to_json());
                }
            }
        }
        if !out.is_empty() {
            self.last_tx_ms = self.last_tx_ms.max(now_ms);
        }
        self.outbox.extend(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::msg::{ClockSpec, RoomConfig, parse_client};
    use agon_rules::START_AFN;

    fn sent(s: &mut Session) -> Vec<ClientMsg> {
        s.take_outgoing()
            .iter()
            .map(|t| parse_client(t).expect("the session sends valid frames"))
            .collect()
    }

    fn feed(s: &mut Session, m: ServerMsg, now: u64) {
        s.on_text(&m.to_json(), now);
    }

    fn welcome() -> ServerMsg {
        ServerMsg::Welcome {
            v: VERSION,
            server: "test".into(),
            grace_ms: 1000,
            rate_per_s: 20,
            burst: 40,
        }
    }

    fn joined(id: u64, last_seq: u64, token: Option<&str>) -> ServerMsg {
        ServerMsg::Joined {
            id,
            room: "room0001".into(),
            role: Role::Light,
            token: token.map(str::to_string),
            claim: Some("K7QM-3XTP".into()),
            config: RoomConfig {
                clock: None,
                start: START_AFN.into(),
            },
            last_seq,
            clock: None,
            running: None,
            presence: Presence::default(),
        }
    }

    fn event(seq: u64, event: Event) -> ServerMsg {
        ServerMsg::Event {
            room: "room0001".into(),
            seq,
            at_ms: 0,
            event,
        }
    }

    fn mv(side: Side, action: &str) -> Event {
        Event::Move {
            side,
            action: action.into(),
            clock: None,
        }
    }

    fn join_id(msgs: &[ClientMsg]) -> (u64, u64, Option<String>) {
        msgs.iter()
            .find_map(|m| match m {
                ClientMsg::Join {
                    id, since, token, ..
                } => Some((*id, *since, token.clone())),
                _ => None,
            })
            .expect("a join")
    }

    /// A session in room0001 as Light, live after events 1..=`upto`.
    fn live(upto: u64) -> Session {
        let mut s = Session::new(SessionConfig::new(42));
        s.join("room0001", Some("tok-tok-tok"), false);
        assert_eq!(s.tick(0), Some(Transport::Connect));
        s.on_open(0);
        assert_eq!(sent(&mut s), vec![ClientMsg::Hello { v: VERSION }]);
        feed(&mut s, welcome(), 1);
        let (id, since, token) = join_id(&sent(&mut s));
        assert_eq!((since, token.as_deref()), (0, Some("tok-tok-tok")));
        feed(&mut s, joined(id, upto, None), 2);
        let evs = [
            Event::Start { clock: None },
            mv(Side::Light, "f1-f2"),
            mv(Side::Dark, "f11-f10"),
        ];
        for seq in 1..=upto {
            feed(&mut s, event(seq, evs[(seq - 1) as usize].clone()), 3);
        }
        assert_eq!(s.link(), Link::Live);
        s.take_notices();
        s
    }

    #[test]
    fn it_greets_joins_catches_up_and_goes_live() {
        let mut s = Session::new(SessionConfig::new(1));
        assert_eq!(s.tick(0), None, "idle until asked");
        s.create(
            SideChoice::Light,
            Some(ClockSpec {
                minutes: 5,
                increment: 3,
            }),
            true,
        );
        assert_eq!(s.tick(5), Some(Transport::Connect));
        s.on_open(10);
        assert_eq!(sent(&mut s), vec![ClientMsg::Hello { v: VERSION }]);
        feed(&mut s, welcome(), 20);
        let create = sent(&mut s);
        let ClientMsg::Create { id, .. } = create[0] else {
            panic!("{create:?}")
        };
        feed(&mut s, joined(id, 1, Some("new-token-1")), 30);
        feed(&mut s, event(1, Event::Start { clock: None }), 31);
        let n = s.take_notices();
        assert!(n.contains(&Notice::Joined {
            room: "room0001".into(),
            role: Role::Light,
            token: Some("new-token-1".into()),
            claim: Some("K7QM-3XTP".into()),
        }));
        assert!(n.iter().any(|n| matches!(
            n,
            Notice::Event {
                seq: 1,
                live: false,
                ..
            }
        )));
        assert!(n.contains(&Notice::Synced { seq: 1 }));
        assert_eq!(s.link(), Link::Live);
        assert_eq!(s.room().unwrap().token.as_deref(), Some("new-token-1"));
    }

    #[test]
    fn an_action_is_resent_after_a_drop_until_acknowledged() {
        let mut s = live(1);
        let id = s.play("f1-f2").unwrap();
        assert!(matches!(sent(&mut s)[..], [ClientMsg::Move { id: i, ply: 0, .. }] if i == id));
        assert!(s.play("f1-f3").is_err(), "one move on its way at a time");
        s.on_closed(100);
        assert!(matches!(s.link(), Link::Offline { retry_at_ms } if retry_at_ms > 100));
        assert_eq!(s.tick(101), None, "the back-off is kept");
        assert_eq!(s.tick(100 + 300), Some(Transport::Connect));
        s.on_open(400);
        sent(&mut s);
        feed(&mut s, welcome(), 401);
        let (jid, since, token) = join_id(&sent(&mut s));
        assert_eq!(since, 1, "asks only for what it missed");
        assert_eq!(token.as_deref(), Some("tok-tok-tok"));
        assert!(sent(&mut s).is_empty(), "actions wait for the join");
        feed(&mut s, joined(jid, 1, None), 402);
        let again = sent(&mut s);
        assert!(
            matches!(again[..], [ClientMsg::Move { id: i, .. }] if i == id),
            "the same id again: {again:?}"
        );
        feed(&mut s, event(2, mv(Side::Light, "f1-f2")), 403);
        feed(&mut s, ServerMsg::Ack { id, seq: Some(2) }, 404);
        assert_eq!(s.unacknowledged(), 0);
        assert!(
            s.take_notices()
                .contains(&Notice::Acked { id, seq: Some(2) })
        );
    }

    #[test]
    fn a_gap_asks_for_what_was_missed_and_duplicates_are_dropped() {
        let mut s = live(1);
        feed(&mut s, event(3, mv(Side::Dark, "f11-f10")), 10);
        let asked = sent(&mut s);
        assert!(
            matches!(asked[..], [ClientMsg::Resync { since: 1, .. }]),
            "{asked:?}"
        );
        feed(&mut s, event(3, mv(Side::Dark, "f11-f10")), 11);
        assert!(sent(&mut s).is_empty(), "asked once");
        assert_eq!(s.room().unwrap().state.seq, 1);
        feed(&mut s, event(2, mv(Side::Light, "f1-f2")), 12);
        feed(&mut s, event(3, mv(Side::Dark, "f11-f10")), 13);
        feed(&mut s, event(2, mv(Side::Light, "f1-f2")), 14);
        assert_eq!(s.room().unwrap().state.seq, 3);
        let seqs: Vec<u64> = s
            .take_notices()
            .iter()
            .filter_map(|n| match n {
                Notice::Event { seq, .. } => Some(*seq),
                _ => None,
            })
            .collect();
        assert_eq!(seqs, vec![2, 3], "each event once, in order");
    }

    #[test]
    fn a_silent_connection_is_closed_and_refusals_end_actions() {
        let mut s = live(1);
        assert_eq!(s.tick(10_000), None);
        assert!(matches!(sent(&mut s)[..], [ClientMsg::Ping {}]));
        assert_eq!(s.tick(30_003), Some(Transport::Close));
        assert!(matches!(s.link(), Link::Offline { .. }));
        let mut s = live(1);
        let id = s.play("f1-f2").unwrap();
        feed(
            &mut s,
            ServerMsg::Error {
                id: Some(id),
                code: ErrorCode::Stale,
                message: "moved on".into(),
            },
            5,
        );
        assert_eq!(s.unacknowledged(), 0);
        // Held after rate-limited, then sent again.
        let id = s.resign().unwrap();
        sent(&mut s);
        feed(
            &mut s,
            ServerMsg::Error {
                id: Some(id),
                code: ErrorCode::RateLimited,
                message: "slow down".into(),
            },
            100,
        );
        assert_eq!(s.tick(200), None);
        assert!(sent(&mut s).is_empty());
        s.tick(1100);
        assert!(matches!(sent(&mut s)[..], [ClientMsg::Resign { id: i }] if i == id));
    }

    #[test]
    fn stop_leaves_closes_and_stays_idle() {
        let mut s = live(1);
        assert!(s.stop());
        assert!(matches!(sent(&mut s)[..], [ClientMsg::Leave { .. }]));
        assert_eq!(s.tick(10), Some(Transport::Close));
        assert_eq!(s.tick(20), None);
        assert_eq!(s.tick(100_000), None, "no reconnection with nothing to do");
        assert_eq!(s.link(), Link::Idle);
        assert!(s.room().is_none());
    }

    #[test]
    fn the_backoff_doubles_to_fifteen_seconds_with_jitter() {
        for r in [0, 1, u64::MAX, 12345] {
            let d0 = backoff_delay_ms(0, r);
            assert!((200..=250).contains(&d0), "{d0}");
            let d = backoff_delay_ms(3, r);
            assert!((1600..=2000).contains(&d), "{d}");
            for f in [6, 7, 20, u32::MAX] {
                let d = backoff_delay_ms(f, r);
                assert!((12_000..=15_000).contains(&d), "{f}: {d}");
            }
        }
        assert_ne!(backoff_delay_ms(4, 1), backoff_delay_ms(4, 2));
    }

    #[test]
    fn ids_are_distinct_and_fit_javascript() {
        let mut s = Session::new(SessionConfig::new(7));
        let ids: std::collections::HashSet<u64> = (0..1000).map(|_| s.next_id()).collect();
        assert_eq!(ids.len(), 1000);
        assert!(ids.iter().all(|&i| i > 0 && i <= MAX_ID));
    }
}
