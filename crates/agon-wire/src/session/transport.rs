//! The transport: when to connect and retry, when a silent connection is
//! dead, what an opened or closed socket changes, and what is sent
//! (requests once welcomed, actions once live).

use super::*;

impl Session {
    fn wants_connection(&self) -> bool {
        self.target.is_some()
            || self.entry.is_some()
            || !self.requests.is_empty()
            || !self.actions.is_empty()
    }

    pub(super) fn is_open(&self) -> bool {
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

    pub(super) fn send(&mut self, msg: &ClientMsg) {
        self.outbox.push(msg.to_json());
    }

    /// Sends the join (or the entry request) if the connection is welcomed.
    pub(super) fn send_entry(&mut self) {
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

    pub(super) fn enter(&mut self, msg: ClientMsg) {
        self.target = None;
        self.room = None;
        self.actions.clear();
        self.entry = Some(msg);
        self.send_entry();
    }

    pub(super) fn flush(&mut self) {
        let now = self.last_tx_ms;
        self.flush_at(now);
    }

    /// Sends what waits: requests once welcomed, actions once live.
    pub(super) fn flush_at(&mut self, now_ms: u64) {
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
