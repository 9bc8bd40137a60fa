//! A seated player's game actions: the database's part first, then the
//! room's rules judge the action into the event to store.

use super::*;

impl<S: Store> Hub<S> {
    /// A game action by a seated player.
    pub(super) async fn act(
        self: &Arc<Self>,
        sub: &Sub,
        place: &Option<Place>,
        msg: ClientMsg,
    ) -> Result<(), WireError> {
        let p = place.as_ref().ok_or_else(not_joined)?;
        let side = p.role.side().ok_or_else(|| {
            WireError::new(ErrorCode::NotSeated, "spectators cannot act in the game")
        })?;
        let id = msg.id().expect("actions have ids");
        let mut core = self.room(&p.room).await?;
        let lag = self.tuning.lag_ms;
        let grace = self.tuning.grace_ms;
        // Work that needs the database is done before judging.
        let mut gone_since = None;
        let mut rematch_room = None;
        let dup = core
            .loaded
            .as_ref()
            .is_some_and(|l| l.dedup.contains_key(&(side, id)));
        match &msg {
            ClientMsg::Move { .. } if !dup && self.flag_if_out(&mut core).await => {
                return Err(WireError::new(ErrorCode::GameOver, "your time ran out"));
            }
            ClientMsg::ClaimWin { .. } => {
                let pr = self
                    .store
                    .presence(&p.room, self.alive_after())
                    .await
                    .map_err(internal)?;
                let opp = !side;
                gone_since = Some(if pr.presence.seat(opp) {
                    None
                } else {
                    Some(pr.left_ms[opp.index()].unwrap_or(0))
                });
            }
            ClientMsg::Rematch { .. } => {
                let l = core.loaded.as_ref().expect("loaded");
                if l.state.is_over()
                    && l.state.rematch.is_none()
                    && l.state.rematch_offer == Some(!side)
                {
                    rematch_room = Some(self.rematch_room(&l.row).await?);
                }
            }
            _ => {}
        }
        let seq = self
            .append(&mut core, Some(side), Some(id), |l, now| {
                judge(
                    &l.state,
                    side,
                    &msg,
                    now,
                    lag,
                    grace,
                    gone_since,
                    &rematch_room,
                )
            })
            .await?;
        send(sub, &ServerMsg::Ack { id, seq });
        Ok(())
    }
}

/// The rules of the room for one action: the event it makes, nothing to
/// store (None), or the refusal.
#[allow(clippy::too_many_arguments)]
pub(super) fn judge(
    st: &RoomState,
    side: Side,
    msg: &ClientMsg,
    now: u64,
    lag: u64,
    grace: u64,
    gone_since: Option<Option<u64>>,
    rematch_room: &Option<String>,
) -> Result<Option<Event>, WireError> {
    let over = || WireError::new(ErrorCode::GameOver, "the game is over");
    let playing = || match st.status() {
        RoomStatus::Playing => Ok(()),
        RoomStatus::Waiting => Err(WireError::new(
            ErrorCode::NotStarted,
            "the game waits for its second player",
        )),
        RoomStatus::Over => Err(over()),
    };
    match msg {
        ClientMsg::Move { ply, action, .. } => {
            playing()?;
            // The ply first: a move that lost a race is stale, whoever is to move.
            if *ply != st.ply() {
                return Err(WireError::new(
                    ErrorCode::Stale,
                    format!(
                        "the move is for ply {ply} but the game is at ply {}",
                        st.ply()
                    ),
                ));
            }
            if st.game.position().to_move() != side {
                return Err(WireError::new(
                    ErrorCode::NotYourTurn,
                    format!("it is {}'s turn", st.game.position().to_move()),
                ));
            }
            let a = st
                .game
                .position()
                .read_action(action)
                .map_err(|e| WireError::new(ErrorCode::Illegal, e.to_string()))?;
            let clock = match (st.config.clock, st.clock) {
                (Some(spec), Some(mut c)) => {
                    let spent = now.saturating_sub(st.turn_at_ms).saturating_sub(lag);
                    let left = c.get(side).checked_sub(spent).filter(|l| *l > 0);
                    let Some(left) = left else {
                        return Err(WireError::new(ErrorCode::GameOver, "your time ran out"));
                    };
                    c.set(side, left.saturating_add(spec.increment_ms()));
                    Some(c)
                }
                _ => None,
            };
            Ok(Some(Event::Move {
                side,
                action: a.to_string(),
                clock,
            }))
        }
        ClientMsg::Resign { .. } => {
            playing()?;
            Ok(Some(Event::End {
                winner: Some(!side),
                reason: EndReason::Resignation,
                clock: st.clock_at(now),
            }))
        }
        ClientMsg::OfferDraw { .. } => {
            playing()?;
            if st.draw_offer == Some(!side) {
                // Both want it: agreed.
                return Ok(Some(Event::End {
                    winner: None,
                    reason: EndReason::Agreement,
                    clock: st.clock_at(now),
                }));
            }
            if st.draw_offer == Some(side) {
                return Ok(None);
            }
            Ok(Some(Event::DrawOffer { side }))
        }
        ClientMsg::AcceptDraw { .. } => {
            playing()?;
            if st.draw_offer != Some(!side) {
                return Err(WireError::new(ErrorCode::NoOffer, "no draw offer stands"));
            }
            Ok(Some(Event::End {
                winner: None,
                reason: EndReason::Agreement,
                clock: st.clock_at(now),
            }))
        }
        ClientMsg::DeclineDraw { .. } => {
            playing()?;
            if st.draw_offer != Some(!side) {
                return Err(WireError::new(ErrorCode::NoOffer, "no draw offer stands"));
            }
            Ok(Some(Event::DrawDecline { side }))
        }
        ClientMsg::ClaimWin { .. } => {
            playing()?;
            if st.config.clock.is_none() {
                return Err(WireError::new(
                    ErrorCode::NoClock,
                    "without a clock the game waits for the opponent",
                ));
            }
            match gone_since.flatten() {
                None => Err(WireError::new(
                    ErrorCode::OpponentPresent,
                    "the opponent is connected",
                )),
                Some(since) => {
                    let gone = now.saturating_sub(since);
                    if gone < grace {
                        return Err(WireError::new(
                            ErrorCode::TooEarly,
                            format!(
                                "the opponent has been gone {} s of the {} s grace",
                                gone / 1000,
                                grace / 1000
                            ),
                        ));
                    }
                    Ok(Some(Event::End {
                        winner: Some(side),
                        reason: EndReason::Abandonment,
                        clock: st.clock_at(now),
                    }))
                }
            }
        }
        ClientMsg::Rematch { .. } => {
            if !st.is_over() {
                return Err(WireError::new(
                    ErrorCode::NotOver,
                    "a rematch comes after the game",
                ));
            }
            if st.rematch.is_some() || st.rematch_offer == Some(side) {
                return Ok(None);
            }
            if st.rematch_offer == Some(!side) {
                return match rematch_room {
                    Some(room) => Ok(Some(Event::Rematch { room: room.clone() })),
                    // The offer came while we judged: ask again.
                    None => Err(WireError::new(
                        ErrorCode::Conflict,
                        "the opponent's rematch offer just arrived; send it again",
                    )),
                };
            }
            Ok(Some(Event::RematchOffer { side }))
        }
        _ => Err(WireError::new(ErrorCode::BadFrame, "not a game action")),
    }
}
