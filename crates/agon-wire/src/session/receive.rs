//! What the server says: answers, refusals and the room's events, each
//! applied once and in order.

use super::*;

impl Session {
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
}
