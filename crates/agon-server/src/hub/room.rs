//! A room on this node: loaded from the store, kept up to date with the
//! events other nodes store, and each new event stored first, then
//! applied and sent.

use super::*;

impl<S: Store> Hub<S> {
    /// The room, locked and loaded (with its events up to date).
    pub(super) async fn room(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<OwnedMutexGuard<Core>, WireError> {
        loop {
            let r = {
                let mut rooms = self.rooms.lock().expect("the rooms' lock");
                rooms
                    .entry(id.to_string())
                    .or_insert_with(|| {
                        Arc::new(Mutex::new(Core {
                            id: id.to_string(),
                            detached: false,
                            loaded: None,
                            subs: HashMap::new(),
                            counts: [0; 3],
                            timer: None,
                        }))
                    })
                    .clone()
            };
            let mut core = r.lock_owned().await;
            if core.detached {
                continue;
            }
            if core.loaded.is_none() {
                let row = match self.store.room(id).await {
                    Ok(Some(row)) => row,
                    Ok(None) => {
                        self.detach(&mut core);
                        return Err(WireError::new(
                            ErrorCode::UnknownRoom,
                            format!("no room {}", agon_wire::quote(id)),
                        ));
                    }
                    Err(e) => {
                        self.detach(&mut core);
                        return Err(internal(e));
                    }
                };
                let state = match RoomState::new(row.config.clone()) {
                    Ok(s) => s,
                    Err(e) => {
                        self.detach(&mut core);
                        return Err(internal(StoreError(e.to_string())));
                    }
                };
                core.loaded = Some(Loaded {
                    row,
                    state,
                    events: Vec::new(),
                    dedup: HashMap::new(),
                });
                if let Err(e) = self.catch_up(&mut core).await {
                    self.detach(&mut core);
                    return Err(internal(e));
                }
            }
            return Ok(core);
        }
    }

    /// Forgets a room this node no longer serves.
    pub(super) fn detach(&self, core: &mut Core) {
        core.detached = true;
        if let Some(t) = core.timer.take() {
            t.abort();
        }
        let mut rooms = self.rooms.lock().expect("the rooms' lock");
        rooms.remove(&core.id);
    }

    /// Reads and applies the events stored after ours (from other nodes),
    /// sending them to our clients.
    pub(super) async fn catch_up(self: &Arc<Self>, core: &mut Core) -> Result<(), StoreError> {
        let after = core.loaded.as_ref().map_or(0, |l| l.state.seq);
        let events = self.store.events(&core.id, after).await?;
        for ev in events {
            self.record(core, &ev, false);
        }
        Ok(())
    }

    /// Applies a stored event and sends it to this node's clients (and to
    /// the other nodes when `publish`).
    pub(super) fn record(self: &Arc<Self>, core: &mut Core, ev: &StoredEvent, publish: bool) {
        let id = core.id.clone();
        let Some(l) = core.loaded.as_mut() else {
            return;
        };
        if ev.seq != l.state.seq + 1 {
            return;
        }
        if let Err(e) = l.state.apply(ev.seq, ev.at_ms, &ev.event) {
            // Never stored unchecked; a bad row is reported, not served.
            eprintln!("agon-server: room {id}: {e}");
            return;
        }
        let msg = ServerMsg::Event {
            room: id.clone(),
            seq: ev.seq,
            at_ms: ev.at_ms,
            event: ev.event.clone(),
        };
        let json = msg.to_json();
        let text: Utf8Bytes = json.clone().into();
        l.events.push(text.clone());
        if let (Some(side), Some(cid)) = (ev.side, ev.client_id) {
            l.dedup.insert((side, cid), ev.seq);
        }
        broadcast(core, Out::Text(text));
        if publish {
            self.publish(
                &id,
                Relay {
                    side: ev.side,
                    client_id: ev.client_id,
                    msg,
                },
            );
        }
        self.arm_timer(core);
    }

    /// Stores the event `make` builds from the state (None: nothing to
    /// store), racing other nodes: when another event took the number, it
    /// catches up and judges again. The stored event's number.
    pub(super) async fn append(
        self: &Arc<Self>,
        core: &mut Core,
        side: Option<Side>,
        client_id: Option<u64>,
        make: impl Fn(&Loaded, u64) -> Result<Option<Event>, WireError>,
    ) -> Result<Option<u64>, WireError> {
        for _ in 0..APPEND_TRIES {
            let l = core.loaded.as_ref().expect("a loaded room");
            if let (Some(s), Some(c)) = (side, client_id)
                && let Some(seq) = l.dedup.get(&(s, c))
            {
                return Ok(Some(*seq));
            }
            let now = now_ms().max(l.state.turn_at_ms);
            let Some(event) = make(l, now)? else {
                return Ok(None);
            };
            let ev = StoredEvent {
                seq: l.state.seq + 1,
                at_ms: now,
                side,
                client_id,
                event,
            };
            match self.store.append(&core.id, &ev).await {
                Ok(()) => {
                    self.record(core, &ev, true);
                    return Ok(Some(ev.seq));
                }
                Err(AppendError::Taken) => {
                    self.catch_up(core).await.map_err(internal)?;
                }
                Err(AppendError::Duplicate(seq)) => {
                    self.catch_up(core).await.map_err(internal)?;
                    return Ok(Some(seq));
                }
                Err(AppendError::Store(e)) => return Err(internal(e)),
            }
        }
        Err(WireError::new(
            ErrorCode::Conflict,
            "other actions kept winning the race for this room; look at the game and try again",
        ))
    }
}
