//! A room's state, rebuilt from its numbered events: the server replays its
//! store through it and the client its event stream, so both agree.

use std::fmt;

use agon_rules::{Game, Position, Side};

use crate::msg::{ClockState, EndReason, Event, RoomConfig, quote};

/// Where a room's game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RoomStatus {
    /// A seat is still free.
    Waiting,
    Playing,
    Over,
}

/// Both clocks, as of the last event that touched them.
pub type Clocks = ClockState;

/// A room's state after its events `1..=seq`.
#[derive(Clone, Debug)]
pub struct RoomState {
    pub config: RoomConfig,
    pub game: Game,
    /// The number of the last event applied (0: none yet).
    pub seq: u64,
    pub started: bool,
    /// Time left as of `turn_at_ms`, when the running clock last started.
    pub clock: Option<Clocks>,
    pub turn_at_ms: u64,
    pub draw_offer: Option<Side>,
    pub rematch_offer: Option<Side>,
    /// The rematch's room, once both asked.
    pub rematch: Option<String>,
    /// An end other than by the rules: winner (None: draw) and reason.
    pub end: Option<(Option<Side>, EndReason)>,
}

/// An event that cannot follow the state it was given to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApplyError {
    /// The room's start position is not valid AFN.
    Start(String),
    /// Events must come in order: `expected` was next.
    OutOfOrder { expected: u64, got: u64 },
    /// The event does not fit the game as it stands.
    Invalid { seq: u64, why: String },
}

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApplyError::Start(e) => write!(f, "the room's start position is invalid: {e}"),
            ApplyError::OutOfOrder { expected, got } => {
                write!(f, "event {got} arrived when {expected} was next")
            }
            ApplyError::Invalid { seq, why } => write!(f, "event {seq} does not fit: {why}"),
        }
    }
}

impl std::error::Error for ApplyError {}

impl RoomState {
    pub fn new(config: RoomConfig) -> Result<RoomState, ApplyError> {
        let start =
            Position::from_afn(&config.start).map_err(|e| ApplyError::Start(e.to_string()))?;
        Ok(RoomState {
            config,
            game: Game::from_position(start),
            seq: 0,
            started: false,
            clock: None,
            turn_at_ms: 0,
            draw_offer: None,
            rematch_offer: None,
            rematch: None,
            end: None,
        })
    }

    pub fn status(&self) -> RoomStatus {
        if self.is_over() {
            RoomStatus::Over
        } else if self.started {
            RoomStatus::Playing
        } else {
            RoomStatus::Waiting
        }
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some() || self.game.is_over()
    }

    /// The actions played (the ply a move must name).
    pub fn ply(&self) -> u32 {
        u32::try_from(self.game.history().len()).unwrap_or(u32::MAX)
    }

    /// The side whose clock runs now, if any.
    pub fn running(&self) -> Option<Side> {
        (self.clock.is_some() && self.status() == RoomStatus::Playing)
            .then(|| self.game.position().to_move())
    }

    /// Time left at `now_ms` (the same clock as the events' `at_ms`): the
    /// running side's time less what passed since its turn began.
    pub fn clock_at(&self, now_ms: u64) -> Option<Clocks> {
        let mut c = self.clock?;
        if let Some(side) = self.running() {
            let spent = now_ms.saturating_sub(self.turn_at_ms);
            c.set(side, c.get(side).saturating_sub(spent));
        }
        Some(c)
    }

    /// The result: winner (None for a draw) and reason word (`throne`,
    /// `forfeit`, `no-moves`, `repetition`, `resignation`, `agreement`,
    /// `time`, `abandonment`).
    pub fn result(&self) -> Option<(Option<Side>, &'static str)> {
        if let Some(o) = self.game.outcome() {
            return Some((o.winner(), o.reason_text()));
        }
        self.end.map(|(w, r)| {
            let word = match r {
                EndReason::Resignation => "resignation",
                EndReason::Agreement => "agreement",
                EndReason::Time => "time",
                EndReason::Abandonment => "abandonment",
            };
            (w, word)
        })
    }

    /// Applies event `seq`, which must be the next, and must fit.
    pub fn apply(&mut self, seq: u64, at_ms: u64, event: &Event) -> Result<(), ApplyError> {
        let expected = self.seq.saturating_add(1);
        if seq != expected {
            return Err(ApplyError::OutOfOrder { expected, got: seq });
        }
        let invalid = |why: String| ApplyError::Invalid { seq, why };
        let playing = self.status() == RoomStatus::Playing;
        match event {
            Event::Start { clock } => {
                if self.started {
                    return Err(invalid("the game has already started".into()));
                }
                if clock.is_some() != self.config.clock.is_some() {
                    return Err(invalid(
                        "the start's clock does not match the room's".into(),
                    ));
                }
                self.started = true;
                self.clock = *clock;
                self.turn_at_ms = at_ms;
            }
            Event::Move {
                side,
                action,
                clock,
            } => {
                if !playing {
                    return Err(invalid("a move while no game is being played".into()));
                }
                if *side != self.game.position().to_move() {
                    return Err(invalid(format!("{side} moved out of turn")));
                }
                if clock.is_some() != self.config.clock.is_some() {
                    return Err(invalid("the move's clock does not match the room's".into()));
                }
                self.game
                    .play_text(action)
                    .map_err(|e| invalid(format!("{}: {e}", quote(action))))?;
                self.clock = *clock;
                self.turn_at_ms = at_ms;
                self.draw_offer = None;
            }
            Event::DrawOffer { side } => {
                if !playing {
                    return Err(invalid("a draw offer while no game is being played".into()));
                }
                self.draw_offer = Some(*side);
            }
            Event::DrawDecline { side } => {
                if self.draw_offer != Some(!*side) {
                    return Err(invalid(format!("{side} declined no offer")));
                }
                self.draw_offer = None;
            }
            Event::End {
                winner,
                reason,
                clock,
            } => {
                if !playing {
                    return Err(invalid("an end while no game is being played".into()));
                }
                self.end = Some((*winner, *reason));
                if clock.is_some() {
                    self.clock = *clock;
                }
                self.turn_at_ms = at_ms;
                self.draw_offer = None;
            }
            Event::RematchOffer { side } => {
                if !self.is_over() {
                    return Err(invalid("a rematch offer before the end".into()));
                }
                self.rematch_offer = Some(*side);
            }
            Event::Rematch { room } => {
                if !self.is_over() || self.rematch.is_some() {
                    return Err(invalid("a rematch before the end, or a second one".into()));
                }
                self.rematch = Some(room.clone());
            }
        }
        self.seq = seq;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::msg::ClockSpec;
    use agon_rules::START_AFN;

    fn config(clock: Option<ClockSpec>) -> RoomConfig {
        RoomConfig {
            clock,
            start: START_AFN.into(),
        }
    }

    #[test]
    fn a_clocked_game_runs_the_side_to_move() {
        let spec = ClockSpec {
            minutes: 1,
            increment: 2,
        };
        let mut r = RoomState::new(config(Some(spec))).unwrap();
        let full = ClockState {
            light_ms: 60_000,
            dark_ms: 60_000,
        };
        assert_eq!(r.running(), None);
        r.apply(1, 1000, &Event::Start { clock: Some(full) })
            .unwrap();
        assert_eq!(r.running(), Some(Side::Light));
        assert_eq!(r.clock_at(4000).unwrap().light_ms, 57_000);
        assert_eq!(r.clock_at(999_999).unwrap().light_ms, 0);
        let after = ClockState {
            light_ms: 59_000,
            dark_ms: 60_000,
        };
        r.apply(
            2,
            4000,
            &Event::Move {
                side: Side::Light,
                action: "f1-f2".into(),
                clock: Some(after),
            },
        )
        .unwrap();
        assert_eq!(r.ply(), 1);
        assert_eq!(r.running(), Some(Side::Dark));
        assert_eq!(
            r.clock_at(5000).unwrap(),
            ClockState {
                light_ms: 59_000,
                dark_ms: 59_000
            }
        );
    }

    #[test]
    fn events_out_of_order_or_out_of_place_are_refused() {
        let mut r = RoomState::new(config(None)).unwrap();
        let mv = Event::Move {
            side: Side::Light,
            action: "f1-f2".into(),
            clock: None,
        };
        assert!(matches!(
            r.apply(1, 0, &mv),
            Err(ApplyError::Invalid { .. })
        ));
        assert_eq!(
            r.apply(2, 0, &Event::Start { clock: None }),
            Err(ApplyError::OutOfOrder {
                expected: 1,
                got: 2
            })
        );
        r.apply(1, 0, &Event::Start { clock: None }).unwrap();
        let dark = Event::Move {
            side: Side::Dark,
            action: "f11-f10".into(),
            clock: None,
        };
        assert!(r.apply(2, 0, &dark).is_err());
        assert!(
            r.apply(
                2,
                0,
                &Event::Move {
                    side: Side::Light,
                    action: "f1-f9".into(),
                    clock: None
                }
            )
            .is_err()
        );
        assert_eq!(r.seq, 1, "a refused event changes nothing");
        r.apply(2, 0, &mv).unwrap();
        r.apply(3, 0, &Event::DrawOffer { side: Side::Light })
            .unwrap();
        assert!(
            r.apply(4, 0, &Event::DrawDecline { side: Side::Light })
                .is_err()
        );
        r.apply(4, 0, &Event::DrawDecline { side: Side::Dark })
            .unwrap();
        assert!(
            r.apply(5, 0, &Event::RematchOffer { side: Side::Dark })
                .is_err()
        );
        r.apply(
            5,
            0,
            &Event::End {
                winner: Some(Side::Dark),
                reason: EndReason::Resignation,
                clock: None,
            },
        )
        .unwrap();
        assert_eq!(r.result(), Some((Some(Side::Dark), "resignation")));
        assert_eq!(r.status(), RoomStatus::Over);
        assert!(r.apply(6, 0, &dark).is_err());
    }
}
