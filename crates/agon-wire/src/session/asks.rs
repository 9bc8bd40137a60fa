//! What the player asks for: entering a room (created, sought, claimed or
//! joined), the lobby, leaving, and the game's actions, each queued until
//! the server answers.

use super::*;

impl Session {
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
        self.seated_action(|id| ClientMsg::Resign { id })
    }

    pub fn offer_draw(&mut self) -> Result<u64, WireError> {
        self.seated_action(|id| ClientMsg::OfferDraw { id })
    }

    pub fn accept_draw(&mut self) -> Result<u64, WireError> {
        self.seated_action(|id| ClientMsg::AcceptDraw { id })
    }

    pub fn decline_draw(&mut self) -> Result<u64, WireError> {
        self.seated_action(|id| ClientMsg::DeclineDraw { id })
    }

    pub fn claim_win(&mut self) -> Result<u64, WireError> {
        self.seated_action(|id| ClientMsg::ClaimWin { id })
    }

    pub fn rematch(&mut self) -> Result<u64, WireError> {
        self.seated_action(|id| ClientMsg::Rematch { id })
    }

    /// A game action with nothing but its id, for a seated player.
    fn seated_action(&mut self, make: fn(u64) -> ClientMsg) -> Result<u64, WireError> {
        self.seated()?;
        let id = self.next_id();
        Ok(self.push_action(make(id)))
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
}
