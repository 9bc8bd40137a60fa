//! Agon's online play, on the wire: every message of version 1 both ways
//! (serde JSON, documented in `ONLINE.md` at the repository's root), the room
//! state both the server and the client rebuild from the numbered events, and
//! the client's session: a transport-agnostic state machine that keeps a
//! player in a room through dropped connections (action ids resent until
//! acknowledged, gaps in the events filled, back-off between reconnections).
//!
//! Pure: no I/O, no clock of its own (the caller passes the time), no
//! randomness of its own (the caller passes a seed), so it runs in wasm.
//!
//! ```
//! use agon_wire::{ClientMsg, parse_client};
//!
//! let msg = parse_client(r#"{"t":"move","id":7,"ply":0,"action":"f1-f2"}"#).unwrap();
//! assert_eq!(msg, ClientMsg::Move { id: 7, ply: 0, action: "f1-f2".into() });
//! ```

mod msg;
mod room;
mod session;

pub use msg::*;
pub use room::{ApplyError, Clocks, RoomState, RoomStatus};
pub use session::{Link, Notice, RoomView, Session, SessionConfig, Transport, backoff_delay_ms};
