//! The session at work each frame: the interface's requests given to it,
//! the person's action sent, the socket driven, what the room says turned
//! into requests for the match's owner, and the next wake-up asked for.

use agon_rules::Ending;
use agon_wire::{EndReason, ErrorCode, Link, Notice, Role, Session, Transport};
use bevy::prelude::*;
use web_time::{Duration, Instant};

use super::{Online, OnlineRequest, SeatTokens, ServerUrl};
use crate::frames::{Alarm, WindowWaker};
use crate::game::messages::{Feedback, MatchCommand, OnlineView};
use crate::game::mode::Mode;
use crate::game::the_match::Match;
use crate::i18n::{Lang, Message};
use crate::socket::{Socket, SocketEvent};

/// How a room's end reads as the match's ending (the rules' own endings
/// follow from the game).
fn ending_of(state: &agon_wire::RoomState) -> Option<Ending> {
    let (winner, reason) = state.end?;
    Some(match (reason, winner) {
        (EndReason::Agreement, _) | (_, None) => Ending::Agreement,
        (EndReason::Resignation, Some(winner)) => Ending::Resignation { winner },
        (EndReason::Time, Some(winner)) => Ending::Time { winner },
        (EndReason::Abandonment, Some(winner)) => Ending::Abandonment { winner },
    })
}

/// A refusal in the player's words, by its code.
fn refusal(code: ErrorCode, message: &str) -> Message {
    match code {
        ErrorCode::UnknownRoom => Message::new("online-refused-unknown-room"),
        ErrorCode::BadToken => Message::new("online-refused-bad-token"),
        ErrorCode::BadCode => Message::new("online-refused-bad-code"),
        ErrorCode::NotStarted => Message::new("online-refused-not-started"),
        ErrorCode::NotYourTurn | ErrorCode::Stale | ErrorCode::Conflict => {
            Message::new("online-refused-stale")
        }
        ErrorCode::GameOver => Message::new("online-refused-game-over"),
        ErrorCode::NoClock => Message::new("online-refused-no-clock"),
        ErrorCode::OpponentPresent => Message::new("online-refused-opponent-present"),
        ErrorCode::TooEarly => Message::new("online-refused-too-early"),
        ErrorCode::RateLimited => Message::new("online-refused-busy"),
        ErrorCode::Internal => Message::new("online-refused-internal"),
        _ => Message::new("online-refused-other").with("detail", message.to_string()),
    }
}

/// Runs the session: the interface's requests, our actions, the socket,
/// and what the room says, for the owner.
#[allow(clippy::too_many_arguments)]
pub(super) fn drive(
    mut online: ResMut<Online>,
    mut requests: MessageReader<OnlineRequest>,
    the_match: Res<Match>,
    server: Res<ServerUrl>,
    waker: Res<WindowWaker>,
    alarm: Res<Alarm>,
    mut tokens: ResMut<SeatTokens>,
    mut commands: MessageWriter<MatchCommand>,
    mut feedback: MessageWriter<Feedback>,
    lang: Res<Lang>,
) {
    let online = &mut *online;
    for request in requests.read() {
        ask(online, request, &tokens);
    }
    let now = online.now_ms();
    let on_board = matches!(the_match.mode, Mode::Online { .. });
    let left = std::mem::replace(&mut online.on_board, on_board) && !on_board;
    let Some(session) = online.session.as_mut() else {
        return;
    };
    if left && session.room().is_some() {
        debug!("agon: the board left the online game; leaving its room");
        session.stop();
        online.followed = None;
        online.in_flight = None;
    }
    send_our_action(session, &the_match, &mut online.in_flight);
    // The transport, as the session wants it.
    match session.tick(now) {
        Some(Transport::Connect) => {
            online.socket = Some(Socket::connect(&server.0, waker.0.clone()));
        }
        Some(Transport::Close) => online.socket = None,
        None => {}
    }
    let events = online.socket.as_mut().map(Socket::poll).unwrap_or_default();
    for event in events {
        match event {
            SocketEvent::Opened => session.on_open(now),
            SocketEvent::Text(text) => session.on_text(&text, now),
            SocketEvent::Closed(why) => {
                debug!("agon: the online connection closed: {why}");
                online.socket = None;
                session.on_closed(now);
                break;
            }
        }
    }
    // Both asked for a rematch: on to its room, the same seat kept.
    if session
        .room()
        .is_some_and(|r| r.role != Role::Watch && r.state.rematch.is_some())
    {
        session.join_rematch();
    }
    for notice in session.take_notices() {
        match notice {
            Notice::Joined {
                room,
                token: Some(token),
                ..
            }
            | Notice::Claimed { room, token, .. } => tokens.keep(&room, &token),
            Notice::Refused {
                id, code, message, ..
            } => {
                let ours = id.is_some() && online.in_flight.is_some();
                let taken_back = matches!(
                    code,
                    ErrorCode::Illegal
                        | ErrorCode::NotYourTurn
                        | ErrorCode::Stale
                        | ErrorCode::GameOver
                );
                if ours && taken_back {
                    online.in_flight = None;
                    online.exact = true;
                }
                let said = refusal(code, &message);
                feedback.write(Feedback(said.text(*lang)));
                online.refused = Some(said);
            }
            Notice::Lobby(games) => online.lobby = Some(games),
            Notice::Synced { .. } | Notice::Reset if session.unacknowledged() == 0 => {
                online.exact = true;
            }
            _ => {}
        }
    }
    if let Some(socket) = &online.socket {
        for frame in session.take_outgoing() {
            socket.send(frame);
        }
    }
    // The next look: the running clock's next second, a retry, a ping.
    let wait = match (session.link(), session.clock_now(now)) {
        (Link::Idle, _) => None,
        (Link::Offline { retry_at_ms }, _) => Some(retry_at_ms.saturating_sub(now)),
        (_, Some(clock)) => {
            let running = session.room().and_then(|r| r.state.running());
            Some(running.map_or(2_000, |side| clock.get(side) % 1_000 + 5))
        }
        (_, None) => Some(2_000),
    };
    if let Some(ms) = wait {
        alarm.wake_at(Instant::now() + Duration::from_millis(ms.clamp(5, 2_000)));
    }
    follow(online, &the_match, &mut commands);
}

/// The interface's request, given to the session.
fn ask(online: &mut Online, request: &OnlineRequest, tokens: &SeatTokens) {
    online.refused = None;
    let session = online.session();
    let result = match request {
        OnlineRequest::Create {
            side,
            clock,
            listed,
        } => {
            session.create(*side, *clock, *listed);
            Ok(())
        }
        OnlineRequest::Join { room } => {
            session.join(room, tokens.get(room), false);
            Ok(())
        }
        OnlineRequest::Seek { clock } => {
            session.seek(*clock);
            Ok(())
        }
        OnlineRequest::Claim { code } => {
            session.claim(code);
            Ok(())
        }
        OnlineRequest::Lobby => {
            session.lobby();
            Ok(())
        }
        OnlineRequest::Resign => session.resign().map(drop),
        OnlineRequest::OfferDraw => session.offer_draw().map(drop),
        OnlineRequest::AcceptDraw => session.accept_draw().map(drop),
        OnlineRequest::DeclineDraw => session.decline_draw().map(drop),
        OnlineRequest::ClaimWin => session.claim_win().map(drop),
        OnlineRequest::Rematch => {
            // Both asked: the new room is there to go to.
            if session.join_rematch() {
                Ok(())
            } else {
                session.rematch().map(drop)
            }
        }
        OnlineRequest::Leave => {
            session.stop();
            online.followed = None;
            Ok(())
        }
    };
    if let Err(e) = result {
        debug!("agon: online request {request:?} not sent: {e}");
    }
}

/// The person's action, played on the board ahead of the room's game,
/// goes to the server once (the session resends it after a drop).
fn send_our_action(session: &mut Session, the_match: &Match, in_flight: &mut Option<usize>) {
    let Mode::Online { me: Some(me) } = the_match.mode else {
        return;
    };
    let Some(room) = session.room() else {
        return;
    };
    let room_game = &room.state.game;
    let ply = room_game.history().len();
    if in_flight.is_some_and(|p| p < ply) {
        // The room has it now.
        *in_flight = None;
    }
    let ours = the_match.game.history();
    if in_flight.is_some() || ours.len() != ply + 1 || !the_match.game.follows_on_from(room_game) {
        return;
    }
    let played = ours[ply];
    if the_match.game.position_at(ply).map(|p| p.to_move()) != Some(me) {
        return;
    }
    if session.play(&played.action.to_string()).is_ok() {
        *in_flight = Some(ply);
    }
}

/// Asks the owner to bring the match in line with the room, when the room
/// changed (an event, a seat, an end) or must be taken exactly.
fn follow(online: &mut Online, the_match: &Match, commands: &mut MessageWriter<MatchCommand>) {
    let Some(room) = online.session.as_ref().and_then(|s| s.room()) else {
        return;
    };
    let ending = ending_of(&room.state);
    let key = (room.id.clone(), room.state.seq, room.role, ending);
    let on_board = the_match.room.as_deref() == Some(room.id.as_str());
    if online.followed.as_ref() == Some(&key) && !online.exact && on_board {
        return;
    }
    // Not while our own action waits for the room: the match is ahead.
    if online.in_flight.is_some() && !online.exact && on_board {
        online.followed = Some(key);
        return;
    }
    commands.write(MatchCommand::Online(Box::new(OnlineView {
        room: room.id.clone(),
        seat: room.role.side(),
        game: room.state.game.clone(),
        ending,
        exact: std::mem::take(&mut online.exact),
        confirmed: false,
    })));
    online.followed = Some(key);
}

#[cfg(test)]
mod tests {
    use super::*;
    use agon_rules::Side;

    #[test]
    fn a_room_ends_as_the_match_does() {
        let end = |winner, reason| {
            let mut s = agon_wire::RoomState::new(agon_wire::RoomConfig {
                clock: None,
                start: agon_rules::Position::start().to_afn(),
            })
            .unwrap();
            s.end = Some((winner, reason));
            ending_of(&s)
        };
        assert_eq!(
            end(Some(Side::Dark), EndReason::Time),
            Some(Ending::Time { winner: Side::Dark })
        );
        assert_eq!(
            end(Some(Side::Light), EndReason::Resignation),
            Some(Ending::Resignation {
                winner: Side::Light
            })
        );
        assert_eq!(end(None, EndReason::Agreement), Some(Ending::Agreement));
        assert_eq!(
            end(Some(Side::Light), EndReason::Abandonment),
            Some(Ending::Abandonment {
                winner: Side::Light
            })
        );
    }
}
