//! What a connection asks: rooms created, sought and joined, seats taken
//! and claimed, the lobby, and leaving.

use super::*;

impl<S: Store> Hub<S> {
    /// Handles one message of a welcomed connection. Answers go into `sub`'s
    /// queue (in order with the room's events); an error is the caller's to
    /// send.
    pub async fn handle(
        self: &Arc<Self>,
        conn: u64,
        sub: &Sub,
        place: &mut Option<Place>,
        msg: ClientMsg,
    ) -> Result<(), WireError> {
        match msg {
            ClientMsg::Hello { .. } | ClientMsg::Ping {} => Ok(()),
            ClientMsg::Create {
                id,
                key,
                side,
                clock,
                listed,
            } => {
                let (room, side) = match self.store.by_key(&key).await.map_err(internal)? {
                    Some(found) => found,
                    None => {
                        let side = pick(side);
                        let row = self.new_room_row(clock, u8::from(listed), side);
                        self.store
                            .create_room(&row, &key, side)
                            .await
                            .map_err(internal)?
                    }
                };
                self.enter_by_key(conn, sub, place, id, &room, side).await
            }
            ClientMsg::Seek { id, key, clock } => {
                if let Some((room, side)) = self.store.by_key(&key).await.map_err(internal)? {
                    return self.enter_by_key(conn, sub, place, id, &room, side).await;
                }
                let open = self
                    .store
                    .open_rooms(Some(&clock_key(clock)), self.alive_after(), 20)
                    .await
                    .map_err(internal)?;
                for o in open {
                    if place.as_ref().is_some_and(|p| p.room == o.room) {
                        continue;
                    }
                    let token = random_name(24);
                    let claim = new_claim();
                    if self
                        .store
                        .take_seat(&o.room, o.free, &token, &claim, Some(&key))
                        .await
                        .map_err(internal)?
                    {
                        return self
                            .join(conn, sub, place, id, &o.room, Some(&token), 0, false, true)
                            .await;
                    }
                }
                let side = pick(SideChoice::Random);
                let row = self.new_room_row(clock, 2, side);
                let (room, side) = self
                    .store
                    .create_room(&row, &key, side)
                    .await
                    .map_err(internal)?;
                self.enter_by_key(conn, sub, place, id, &room, side).await
            }
            ClientMsg::Join {
                id,
                room,
                token,
                since,
                watch,
            } => {
                self.join(
                    conn,
                    sub,
                    place,
                    id,
                    &room,
                    token.as_deref(),
                    since,
                    watch,
                    false,
                )
                .await
            }
            ClientMsg::Claim { id, code } => {
                let code = normalize_claim(&code)?;
                match self.store.claim(&code).await.map_err(internal)? {
                    Some((room, side, token)) => {
                        send(
                            sub,
                            &ServerMsg::Claimed {
                                id,
                                room,
                                side,
                                token,
                            },
                        );
                        Ok(())
                    }
                    None => Err(WireError::new(
                        ErrorCode::BadCode,
                        format!("no seat has the claim code {}", display_claim(&code)),
                    )),
                }
            }
            ClientMsg::Lobby { id } => {
                let now = now_ms();
                let games = self
                    .store
                    .open_rooms(None, self.alive_after(), 100)
                    .await
                    .map_err(internal)?
                    .into_iter()
                    .map(|o| OpenGame {
                        room: o.room,
                        free: o.free,
                        clock: o.clock,
                        age_s: now.saturating_sub(o.created_ms) / 1000,
                    })
                    .collect();
                send(sub, &ServerMsg::Lobby { id, games });
                Ok(())
            }
            ClientMsg::Leave { id } => {
                self.leave(conn, place).await;
                send(sub, &ServerMsg::Ack { id, seq: None });
                Ok(())
            }
            ClientMsg::Resync { id, since } => {
                let p = place.as_ref().ok_or_else(not_joined)?;
                let mut core = self.room(&p.room).await?;
                self.catch_up(&mut core).await.map_err(internal)?;
                let l = core.loaded.as_ref().expect("loaded");
                send_events(sub, l, since);
                send(sub, &ServerMsg::Ack { id, seq: None });
                Ok(())
            }
            other => self.act(sub, place, other).await,
        }
    }

    pub(super) fn new_room_row(&self, clock: Option<ClockSpec>, listed: u8, side: Side) -> RoomRow {
        let mut seats: [Seat; 2] = Default::default();
        seats[side.index()] = Seat {
            token: Some(random_name(24)),
            claim: Some(new_claim()),
            left_ms: None,
        };
        RoomRow {
            id: random_name(10),
            config: RoomConfig {
                clock,
                start: START_AFN.to_string(),
            },
            listed,
            created_ms: now_ms(),
            seats,
        }
    }

    /// Enters the room and seat an idempotency key names, giving the token
    /// (again: the first answer may have been lost).
    async fn enter_by_key(
        self: &Arc<Self>,
        conn: u64,
        sub: &Sub,
        place: &mut Option<Place>,
        id: u64,
        room: &str,
        side: Side,
    ) -> Result<(), WireError> {
        let row = self
            .store
            .room(room)
            .await
            .map_err(internal)?
            .ok_or_else(|| WireError::new(ErrorCode::Internal, "a keyed room is missing"))?;
        let token = row.seat(side).token.clone();
        self.join(conn, sub, place, id, room, token.as_deref(), 0, false, true)
            .await
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) async fn join(
        self: &Arc<Self>,
        conn: u64,
        sub: &Sub,
        place: &mut Option<Place>,
        id: u64,
        room: &str,
        token: Option<&str>,
        since: u64,
        watch: bool,
        give_token: bool,
    ) -> Result<(), WireError> {
        self.leave(conn, place).await;
        let mut core = self.room(room).await?;
        // Another node may have stored events our broker missed (a room
        // with no client here was loaded just now, and read whole).
        if !core.subs.is_empty() {
            self.catch_up(&mut core).await.map_err(internal)?;
        }
        let mut new_token = None;
        // A seat taken through another room handle or node: read it again.
        if let Some(t) = token {
            let l = core.loaded.as_ref().expect("loaded");
            let known = Side::BOTH
                .iter()
                .any(|s| l.row.seat(*s).token.as_deref() == Some(t));
            if !known && let Some(row) = self.store.room(room).await.map_err(internal)? {
                core.loaded.as_mut().expect("loaded").row = row;
            }
        }
        let role = {
            let l = core.loaded.as_ref().expect("loaded");
            match token {
                Some(t) => {
                    let side = Side::BOTH
                        .into_iter()
                        .find(|s| l.row.seat(*s).token.as_deref() == Some(t));
                    match side {
                        Some(s) => {
                            if give_token {
                                new_token = Some(t.to_string());
                            }
                            Role::of(s)
                        }
                        None => {
                            return Err(WireError::new(
                                ErrorCode::BadToken,
                                "that seat token is no seat of this room",
                            ));
                        }
                    }
                }
                None => {
                    let free = Side::BOTH
                        .into_iter()
                        .find(|s| l.row.seat(*s).token.is_none());
                    match free {
                        Some(side) if !watch && !l.state.started => {
                            let t = random_name(24);
                            let claim = new_claim();
                            if self
                                .store
                                .take_seat(room, side, &t, &claim, None)
                                .await
                                .map_err(internal)?
                            {
                                let l = core.loaded.as_mut().expect("loaded");
                                l.row.seats[side.index()] = Seat {
                                    token: Some(t.clone()),
                                    claim: Some(claim),
                                    left_ms: None,
                                };
                                new_token = Some(t);
                                Role::of(side)
                            } else {
                                // Someone else was quicker: read who.
                                if let Some(row) = self.store.room(room).await.map_err(internal)? {
                                    core.loaded.as_mut().expect("loaded").row = row;
                                }
                                Role::Watch
                            }
                        }
                        _ => Role::Watch,
                    }
                }
            }
        };
        // In: counted, told everything since `since`, then live.
        core.subs.insert(
            conn,
            Sub {
                tx: sub.tx.clone(),
                kick: sub.kick.clone(),
                role,
            },
        );
        let i = role_index(role);
        core.counts[i] += 1;
        let count = core.counts[i];
        // Placed first: whatever fails next, leaving undoes the count.
        *place = Some(Place {
            room: room.to_string(),
            role,
        });
        self.store
            .set_presence(&self.node, room, role, count, now_ms())
            .await
            .map_err(internal)?;
        let presence = self
            .store
            .presence(room, self.alive_after())
            .await
            .map_err(internal)?;
        let now = now_ms();
        {
            let l = core.loaded.as_ref().expect("loaded");
            let claim = role
                .side()
                .and_then(|s| l.row.seat(s).claim.as_deref().map(display_claim));
            send(
                sub,
                &ServerMsg::Joined {
                    id,
                    room: room.to_string(),
                    role,
                    token: new_token,
                    claim,
                    config: l.row.config.clone(),
                    last_seq: l.state.seq,
                    clock: l.state.clock_at(now),
                    running: l.state.running(),
                    presence: presence.presence,
                },
            );
            send_events(sub, l, since);
        }
        let msg = ServerMsg::Presence {
            room: room.to_string(),
            presence: presence.presence,
        };
        broadcast(&mut core, Out::msg(&msg));
        self.publish(
            room,
            Relay {
                side: None,
                client_id: None,
                msg,
            },
        );
        // Both seats taken and both players here: the game begins.
        let p = presence.presence;
        let clock = core.loaded.as_ref().expect("loaded").row.config.clock;
        let both = p.light && p.dark;
        let r = self
            .append(&mut core, None, None, |l, _| {
                let taken = Side::BOTH.iter().all(|s| l.row.seat(*s).token.is_some());
                if l.state.started || !taken || !both {
                    return Ok(None);
                }
                Ok(Some(Event::Start {
                    clock: clock.map(|c| ClockState {
                        light_ms: c.initial_ms(),
                        dark_ms: c.initial_ms(),
                    }),
                }))
            })
            .await;
        if let Err(e) = r {
            eprintln!("agon-server: starting room {room}: {e}");
        }
        // A game whose time ran out while nobody watched ends now.
        if core
            .loaded
            .as_ref()
            .is_some_and(|l| l.state.running().is_some())
        {
            self.flag_if_out(&mut core).await;
            self.arm_timer(&mut core);
        }
        Ok(())
    }

    /// Takes the connection out of its room, if any.
    pub async fn leave(self: &Arc<Self>, conn: u64, place: &mut Option<Place>) {
        let Some(p) = place.take() else { return };
        let r = {
            let rooms = self.rooms.lock().expect("the rooms' lock");
            rooms.get(&p.room).cloned()
        };
        let Some(r) = r else { return };
        let mut core = r.lock().await;
        if core.detached || core.subs.remove(&conn).is_none() {
            return;
        }
        let i = role_index(p.role);
        core.counts[i] = core.counts[i].saturating_sub(1);
        let count = core.counts[i];
        if let Err(e) = self
            .store
            .set_presence(&self.node, &p.room, p.role, count, now_ms())
            .await
        {
            eprintln!("agon-server: {e}");
        }
        if core.subs.is_empty() {
            self.detach(&mut core);
        }
        drop(core);
        self.announce_presence(&p.room).await;
    }

    /// The rematch's room: sides swapped, the same tokens, new claim codes;
    /// one per room whichever node makes it.
    pub(super) async fn rematch_room(&self, old: &RoomRow) -> Result<String, WireError> {
        let mut row = self.new_room_row(old.config.clock, 0, Side::Light);
        for side in Side::BOTH {
            row.seats[(!side).index()] = Seat {
                token: old.seat(side).token.clone(),
                claim: Some(new_claim()),
                left_ms: None,
            };
        }
        // A ':' no client key may hold: nobody can take this key first.
        let key = format!("rematch:{}", old.id);
        let (room, _) = self
            .store
            .create_room(&row, &key, Side::Light)
            .await
            .map_err(internal)?;
        Ok(room)
    }
}
