//! Eased motions of pieces: a step slides with a small lift, a relocation
//! flies on an arc, a captured piece tips over. The game's state never waits
//! for them: they only move what is already decided.

use bevy::math::curve::{Curve, EaseFunction};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::frames::AppSystems;
use crate::game::BoardBusy;
use crate::scene::SceneSystems;

/// A piece moving from one placement to another.
#[derive(Component, Debug, Clone)]
pub struct Motion {
    pub from: Transform,
    pub to: Transform,
    /// Height of the arc's top above the straight path.
    pub lift: f32,
    /// Seconds to wait before moving (a capture waits for the capturer).
    pub delay: f32,
    pub duration: f32,
    pub elapsed: f32,
}

impl Motion {
    pub fn new(from: Transform, to: Transform, duration: f32) -> Motion {
        Motion {
            from,
            to,
            lift: 0.0,
            delay: 0.0,
            duration,
            elapsed: 0.0,
        }
    }

    pub fn with_lift(mut self, lift: f32) -> Motion {
        self.lift = lift;
        self
    }

    pub fn with_delay(mut self, delay: f32) -> Motion {
        self.delay = delay;
        self
    }

    /// Progress from 0 to 1, eased in and out (cubic).
    pub fn progress(&self) -> f32 {
        if self.duration <= 0.0 {
            return 1.0;
        }
        let t = (self.elapsed - self.delay) / self.duration;
        EaseFunction::CubicInOut.sample_clamped(t)
    }

    pub fn done(&self) -> bool {
        self.elapsed >= self.delay + self.duration
    }

    /// The placement at the current progress.
    pub(crate) fn sample(&self) -> Transform {
        let t = self.progress();
        let mut tr = Transform {
            translation: self.from.translation.lerp(self.to.translation, t),
            rotation: self.from.rotation.slerp(self.to.rotation, t),
            scale: self.from.scale.lerp(self.to.scale, t),
        };
        tr.translation.y += self.lift * 4.0 * t * (1.0 - t);
        tr
    }
}

/// Finishes every motion at once (a click during an animation).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SkipAnimations;

pub(crate) fn advance_motions(
    mut commands: Commands,
    time: Res<Time>,
    mut skip: MessageReader<SkipAnimations>,
    mut motions: Query<(Entity, &mut Motion, &mut Transform)>,
    mut busy: ResMut<BoardBusy>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let skipping = skip.read().count() > 0;
    let dt = time.delta_secs();
    let mut any = false;
    for (e, mut m, mut tr) in &mut motions {
        m.elapsed += dt;
        if skipping {
            m.elapsed = m.delay + m.duration;
        }
        *tr = m.sample();
        if m.done() {
            *tr = m.to;
            commands.entity(e).remove::<Motion>();
        } else {
            any = true;
        }
    }
    busy.set_if_neq(BoardBusy(any));
    if any {
        redraw.write(RequestRedraw);
    }
}

/// The motions, headless too (the board's order is `scene::plugin`'s).
pub fn plugin(app: &mut App) {
    app.add_message::<SkipAnimations>()
        .configure_sets(Update, SceneSystems::Motion.in_set(AppSystems::Present))
        .add_systems(Update, advance_motions.in_set(SceneSystems::Motion));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_motion_starts_and_ends_still_and_is_halfway_at_half_time() {
        let from = Transform::from_xyz(0.0, 0.0, 0.0);
        let to = Transform::from_xyz(2.0, 0.0, 0.0);
        let mut m = Motion::new(from, to, 1.0).with_delay(0.5);
        assert_eq!(m.progress(), 0.0);
        m.elapsed = 0.5 + 0.5;
        assert!((m.progress() - 0.5).abs() < 1e-6);
        assert!((m.sample().translation.x - 1.0).abs() < 1e-5);
        // Eased: slow at the ends.
        m.elapsed = 0.5 + 0.1;
        assert!(m.progress() < 0.1);
        m.elapsed = 0.5 + 1.0;
        assert_eq!(m.progress(), 1.0);
        assert!(m.done());
    }
}
