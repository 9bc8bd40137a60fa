//! Between nodes: the broker that carries each room's events and
//! presence to the other nodes, what they say, and the heartbeat that
//! tells the living from the dead.

use super::*;

impl<S: Store> Hub<S> {
    /// Joins the nodes through the broker.
    pub fn attach_broker(self: &Arc<Self>, addr: String) {
        let heard = {
            let hub = Arc::downgrade(self);
            move |h: Heard| {
                if let Some(hub) = hub.upgrade() {
                    tokio::spawn(async move { hub.heard(h).await });
                }
            }
        };
        let reconnected = {
            let hub = Arc::downgrade(self);
            move || {
                if let Some(hub) = hub.upgrade() {
                    tokio::spawn(async move { hub.catch_up_all().await });
                }
            }
        };
        let b = Broker::start(addr, self.node.clone(), heard, reconnected);
        let _ = self.broker.set(b);
    }

    /// Sends a room's message to the other nodes, when there are any.
    pub(super) fn publish(&self, room: &str, relay: Relay) {
        if let Some(b) = self.broker.get() {
            b.publish(
                room,
                &serde_json::to_string(&relay).expect("a relay serializes"),
            );
        }
    }

    /// Says this node is alive, and forgets the presence of dead ones;
    /// runs until the process ends.
    pub async fn heartbeat_loop(self: Arc<Self>) {
        loop {
            let now = now_ms();
            if let Err(e) = self.store.heartbeat(&self.node, now).await {
                eprintln!("agon-server: {e}");
            }
            match self.store.sweep(now.saturating_sub(NODE_DEAD_MS)).await {
                Ok(rooms) => {
                    for room in rooms {
                        let hub = self.clone();
                        tokio::spawn(async move { hub.announce_presence(&room).await });
                    }
                }
                Err(e) => eprintln!("agon-server: {e}"),
            }
            tokio::time::sleep(Duration::from_millis(HEARTBEAT_MS)).await;
        }
    }

    /// A message from another node.
    async fn heard(self: &Arc<Self>, h: Heard) {
        let r = {
            let rooms = self.rooms.lock().expect("the rooms' lock");
            rooms.get(&h.room).cloned()
        };
        let Some(r) = r else { return };
        let Ok(relay) = serde_json::from_str::<Relay>(&h.json) else {
            eprintln!("agon-server: an unreadable message from node {}", h.node);
            return;
        };
        let mut core = r.lock().await;
        if core.detached || core.loaded.is_none() {
            return;
        }
        match relay.msg {
            ServerMsg::Event {
                seq, at_ms, event, ..
            } => {
                let have = core.loaded.as_ref().map_or(0, |l| l.state.seq);
                if seq == have + 1 {
                    let ev = StoredEvent {
                        seq,
                        at_ms,
                        side: relay.side,
                        client_id: relay.client_id,
                        event,
                    };
                    self.record(&mut core, &ev, false);
                } else if seq > have + 1
                    && let Err(e) = self.catch_up(&mut core).await
                {
                    eprintln!("agon-server: {e}");
                }
            }
            msg @ ServerMsg::Presence { .. } => broadcast(&mut core, Out::msg(&msg)),
            _ => {}
        }
    }

    /// After the broker reconnected: what was published meanwhile is in
    /// the database.
    async fn catch_up_all(self: &Arc<Self>) {
        let rooms: Vec<RoomRef> = {
            let rooms = self.rooms.lock().expect("the rooms' lock");
            rooms.values().cloned().collect()
        };
        for r in rooms {
            let mut core = r.lock().await;
            if !core.detached
                && core.loaded.is_some()
                && let Err(e) = self.catch_up(&mut core).await
            {
                eprintln!("agon-server: {e}");
            }
        }
    }

    /// Reads who is connected and tells this node's clients and the others.
    pub(super) async fn announce_presence(self: &Arc<Self>, room: &str) {
        let p = match self.store.presence(room, self.alive_after()).await {
            Ok(p) => p.presence,
            Err(e) => {
                eprintln!("agon-server: {e}");
                return;
            }
        };
        let msg = ServerMsg::Presence {
            room: room.to_string(),
            presence: p,
        };
        let r = {
            let rooms = self.rooms.lock().expect("the rooms' lock");
            rooms.get(room).cloned()
        };
        if let Some(r) = r {
            let mut core = r.lock().await;
            broadcast(&mut core, Out::msg(&msg));
        }
        self.publish(
            room,
            Relay {
                side: None,
                client_id: None,
                msg,
            },
        );
    }
}
