//! A new puzzle's rating, from how hard the engine found it.

use agon_rules::{Action, Position};

use crate::puzzle::Theme;

/// The initial rating, on the Glicko-2 scale: mostly how deep the engine
/// had to look before it settled on the first action (a throne win in `n`
/// is seen at depth `2n - 1`), then how many actions there were to choose
/// from, whether the engine's first impression (depth 1) was another
/// action, whether the first action is quiet (no capture, no win), and a
/// defence (finding what the other side threatens is harder).
pub fn rate(
    depth_needed: u32,
    misleading: bool,
    solution: &[Action],
    themes: &[Theme],
    p: &Position,
) -> u16 {
    let choices = p.count_actions().max(1);
    let quiet = p.captures_of(solution[0]).is_empty() && solution.len() > 1;
    let mut r = 500 + 140 * depth_needed.min(9) as i32 + 35 * choices.ilog2() as i32;
    if misleading {
        r += 150;
    }
    if quiet {
        r += 100;
    }
    if themes.contains(&Theme::Defence) {
        r += 80;
    }
    let r = r.clamp(400, 2600);
    (r / 10 * 10) as u16
}
