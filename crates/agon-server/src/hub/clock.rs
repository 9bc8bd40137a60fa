//! The clock of a room: the timer that wakes when the side to move runs
//! out of time, and the end of the game on time.

use super::*;

impl<S: Store> Hub<S> {
    /// With a clock running, wakes when the side to move runs out of time.
    pub(super) fn arm_timer(self: &Arc<Self>, core: &mut Core) {
        if let Some(t) = core.timer.take() {
            t.abort();
        }
        let Some(l) = &core.loaded else { return };
        let Some(side) = l.state.running() else {
            return;
        };
        let left = l.state.clock.map_or(0, |c| c.get(side));
        let due = l
            .state
            .turn_at_ms
            .saturating_add(left)
            .saturating_add(self.tuning.lag_ms)
            .saturating_add(20);
        let wait = due.saturating_sub(now_ms());
        let hub = Arc::downgrade(self);
        let id = core.id.clone();
        core.timer = Some(tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(wait)).await;
            if let Some(hub) = hub.upgrade() {
                hub.check_flag(&id).await;
            }
        }));
    }

    /// Ends the game on time if the side to move has none left.
    async fn check_flag(self: &Arc<Self>, id: &str) {
        let Ok(mut core) = self.room(id).await else {
            return;
        };
        // The timer that called us is this task: do not abort it.
        core.timer = None;
        let _ = self.flag_if_out(&mut core).await;
    }

    /// True if the game was (or now is) over on time.
    pub(super) async fn flag_if_out(self: &Arc<Self>, core: &mut Core) -> bool {
        let lag = self.tuning.lag_ms;
        let r = self
            .append(core, None, None, |l, now| {
                let Some(side) = l.state.running() else {
                    return Err(WireError::new(ErrorCode::GameOver, "no clock runs"));
                };
                let c = l.state.clock.unwrap_or(ClockState {
                    light_ms: 0,
                    dark_ms: 0,
                });
                let spent = now.saturating_sub(l.state.turn_at_ms);
                if spent < c.get(side).saturating_add(lag) {
                    return Err(WireError::new(ErrorCode::GameOver, "time remains"));
                }
                let mut c = c;
                c.set(side, 0);
                Ok(Some(Event::End {
                    winner: Some(!side),
                    reason: EndReason::Time,
                    clock: Some(c),
                }))
            })
            .await;
        r.is_ok()
    }
}
