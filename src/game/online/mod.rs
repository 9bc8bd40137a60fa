//! Live play through our server (`agon-server`, wire format in ONLINE.md).
//! `agon_wire::Session` keeps the seat through dropped connections; this
//! module runs it over a [`Socket`] off the frame, and turns what the room
//! says into requests for the match's owner
//! ([`MatchCommand::Online`](crate::game::MatchCommand::Online)): a new match when a room is entered, then the
//! room's actions as they arrive (shown arriving like any other), its end,
//! and, when an action of ours was refused, the room's game in place of
//! ours. The person's own actions are played at once here (the owner applies
//! them as at one screen) and sent; the server judges them.
//!
//! The interface asks through [`OnlineRequest`]s and reads [`Online`]: the
//! connection, the clocks, who is there, the claim code, offers, the lobby.

mod session;

use agon_rules::{Ending, Side};
use agon_wire::{ClockSpec, ClockState, Link, OpenGame, Presence, Role, Session, SessionConfig};
use bevy::prelude::*;
use web_time::Instant;

use crate::frames::{AppSystems, wake_on};
use crate::i18n::Message;
use crate::socket::Socket;

/// Where the desktop game plays online when neither `--server` nor
/// `AGON_SERVER_URL` (at build time) says otherwise: `agon-server` on this
/// machine, as the README starts it.
const LOCAL_SERVER: &str = "ws://127.0.0.1:8080/ws";

/// What the interface asks of online play.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum OnlineRequest {
    /// A new game that waits for whoever opens its link; `listed`: shown in
    /// the lobby for anyone to join.
    Create {
        side: agon_wire::SideChoice,
        clock: Option<ClockSpec>,
        listed: bool,
    },
    /// A room by its id (from a link): the seat kept for it, else a free
    /// one, else a place to watch.
    Join {
        room: String,
    },
    /// A game with anyone asking for the same clock.
    Seek {
        clock: Option<ClockSpec>,
    },
    /// A seat taken back on this device by the code shown on another.
    Claim {
        code: String,
    },
    /// The open games, for the lobby.
    Lobby,
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// The opponent is gone past the grace, in a game with a clock.
    ClaimWin,
    /// After the end: a new game, sides swapped (the opponent's offer, or
    /// ours).
    Rematch,
    /// Out of the room and off the server.
    Leave,
}

/// Seats kept on this device: room id to token, as the server gave them.
/// Kept by the store (the data folder, the browser's storage), never in a
/// link: whoever has the token has the seat.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct SeatTokens(pub Vec<(String, String)>);

impl SeatTokens {
    /// The most seats kept: the oldest goes first.
    const KEPT: usize = 50;

    pub fn get(&self, room: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(r, _)| r == room)
            .map(|(_, t)| t.as_str())
    }

    fn keep(&mut self, room: &str, token: &str) {
        self.0.retain(|(r, _)| r != room);
        self.0.push((room.to_string(), token.to_string()));
        let over = self.0.len().saturating_sub(Self::KEPT);
        self.0.drain(..over);
    }
}

/// The server to play on: `--server`, else on the web the page's own
/// (its `/ws`), else `AGON_SERVER_URL` as it was at build time, else
/// [`LOCAL_SERVER`].
#[derive(Resource, Clone, Debug)]
pub struct ServerUrl(pub String);

impl Default for ServerUrl {
    fn default() -> Self {
        let page = crate::page::address().and_then(|a| {
            let (scheme, rest) = a.split_once("://")?;
            let host = rest.split('/').next()?;
            let ws = if scheme == "https" { "wss" } else { "ws" };
            Some(format!("{ws}://{host}/ws"))
        });
        ServerUrl(page.unwrap_or_else(|| {
            option_env!("AGON_SERVER_URL")
                .unwrap_or(LOCAL_SERVER)
                .to_string()
        }))
    }
}

/// Online play as it stands, for the interface to show.
#[derive(Resource)]
pub struct Online {
    session: Option<Session>,
    socket: Option<Socket>,
    epoch: Instant,
    /// The open games, as the server last listed them.
    pub lobby: Option<Vec<OpenGame>>,
    /// Our action sent and not yet in the room's game: its ply.
    in_flight: Option<usize>,
    /// The room's event the match follows, and the seat: what was last
    /// asked of the owner.
    followed: Option<(String, u64, Role, Option<Ending>)>,
    /// The match must become the room's game exactly (an action of ours
    /// was refused, or a reconnection caught up).
    exact: bool,
    /// Whether the board showed an online game last frame: when it stops
    /// (a new game, a record loaded, a puzzle), the player has left the
    /// room, and the room must not pull the board back.
    on_board: bool,
    /// The last refusal, in words, for the interface.
    pub refused: Option<Message>,
}

impl Default for Online {
    fn default() -> Self {
        Online {
            session: None,
            socket: None,
            epoch: Instant::now(),
            lobby: None,
            in_flight: None,
            followed: None,
            exact: false,
            on_board: false,
            refused: None,
        }
    }
}

/// The connection, in a word for the panel.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    /// Not online.
    Off,
    Connecting,
    /// In touch, in the room or on the way in.
    Connected,
    /// Lost; trying again in this many seconds.
    Retrying {
        in_s: u64,
    },
}

impl Online {
    fn now_ms(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    pub fn connection(&self) -> Connection {
        let Some(s) = &self.session else {
            return Connection::Off;
        };
        match s.link() {
            Link::Idle => Connection::Off,
            Link::Connecting { .. } | Link::Greeting => Connection::Connecting,
            Link::Open | Link::Live => Connection::Connected,
            Link::Offline { retry_at_ms } => Connection::Retrying {
                in_s: retry_at_ms.saturating_sub(self.now_ms()).div_ceil(1000),
            },
        }
    }

    fn room(&self) -> Option<&agon_wire::RoomView> {
        self.session.as_ref()?.room()
    }

    /// The room's id, to share as a link.
    pub fn room_id(&self) -> Option<&str> {
        self.room().map(|r| r.id.as_str())
    }

    /// The code that takes this seat back on another device.
    pub fn claim_code(&self) -> Option<&str> {
        self.room()?.claim.as_deref()
    }

    /// Who is connected, and how many watch.
    pub fn presence(&self) -> Option<Presence> {
        self.room().map(|r| r.presence)
    }

    /// Both clocks now, and the side whose clock runs.
    pub fn clocks(&self) -> Option<(ClockState, Option<Side>)> {
        let s = self.session.as_ref()?;
        let running = s.room()?.state.running();
        Some((s.clock_now(self.now_ms())?, running))
    }

    /// Whether the room has started (both players came).
    pub fn started(&self) -> bool {
        self.room().is_some_and(|r| r.state.started)
    }

    /// The side whose draw offer stands.
    pub fn draw_offer(&self) -> Option<Side> {
        self.room()?.state.draw_offer
    }

    /// The side whose rematch offer stands.
    pub fn rematch_offer(&self) -> Option<Side> {
        self.room()?.state.rematch_offer
    }

    /// The room of the rematch both asked for, once it exists.
    pub fn rematch_room(&self) -> Option<&str> {
        self.room()?.state.rematch.as_deref()
    }

    fn session(&mut self) -> &mut Session {
        let seed = random_seed();
        self.session
            .get_or_insert_with(|| Session::new(SessionConfig::new(seed)))
    }
}

/// A seed for the session's ids and keys: they must not repeat for a seat
/// across devices and restarts.
fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_ok() {
        return u64::from_le_bytes(bytes);
    }
    // No system randomness (never seen): the time, mixed.
    let nanos = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    agon_rules::splitmix64(nanos)
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Online>()
        .init_resource::<SeatTokens>()
        .init_resource::<ServerUrl>()
        .add_message::<OnlineRequest>()
        .add_systems(Update, session::drive.in_set(AppSystems::Follow));
    // A request written after the session ran is taken in the next frame.
    wake_on::<OnlineRequest>(app);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_kept_by_room_the_latest_last_and_bounded() {
        let mut t = SeatTokens::default();
        t.keep("room-one", "token-1");
        t.keep("room-two", "token-2");
        t.keep("room-one", "token-1b");
        assert_eq!(t.get("room-one"), Some("token-1b"));
        assert_eq!(t.0.last().map(|(r, _)| r.as_str()), Some("room-one"));
        for i in 0..2 * SeatTokens::KEPT {
            t.keep(&format!("room-{i}"), "t");
        }
        assert_eq!(t.0.len(), SeatTokens::KEPT);
        assert_eq!(t.get("room-two"), None, "the oldest went first");
    }
}
