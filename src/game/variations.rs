//! Variations: other lines tried from earlier positions of the game, one
//! level deep. Playing from a browsed position starts one (or follows the
//! game, or a variation, where they hold that action); a variation can be
//! promoted to be the game, its old continuation kept as a variation, or
//! deleted. The game itself changes only by promotion, through the owner.
//! Variations live with the match, not in the saved record.

use agon_rules::{Action, Game, IllegalAction, Played};

use crate::game::the_match::Match;

/// A line that leaves the game before its action `from`: the game's first
/// `from` actions, then its own.
#[derive(Clone, Debug)]
pub struct Variation {
    pub from: usize,
    pub game: Game,
}

impl Variation {
    /// The variation's own actions, after the game's first `from`.
    pub fn actions(&self) -> &[Played] {
        self.game.history().get(self.from..).unwrap_or_default()
    }
}

/// The same actions, one by one.
fn same_actions(a: &[Played], b: &[Played]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.action == y.action)
}

/// `game` as it was after its first `n` actions.
fn game_after(game: &Game, n: usize) -> Game {
    let mut g = game.clone();
    while g.history().len() > n && g.undo().is_some() {}
    g
}

impl Match {
    /// Shows the position after `to` actions of `line` (a variation, or the
    /// game), or the game's own position. A variation's positions before it
    /// leaves the game are the game's. Whether the board changed.
    pub(crate) fn browse_to(&mut self, line: Option<usize>, to: Option<usize>) -> bool {
        let before = (self.line, self.browsing);
        match line.and_then(|v| self.variations.get(v).map(|var| (v, var))) {
            Some((v, var)) => {
                let n = to.unwrap_or(var.game.history().len());
                let n = n.min(var.game.history().len());
                if n <= var.from {
                    self.line = None;
                    self.browsing = (n < self.game.history().len()).then_some(n);
                } else {
                    self.line = Some(v);
                    self.browsing = Some(n);
                }
            }
            None => {
                self.line = None;
                self.browsing = to.filter(|&n| n < self.game.history().len());
            }
        }
        before != (self.line, self.browsing)
    }

    /// Plays `action` from the position on the board, an earlier one: along
    /// the game or a variation where it holds that action, else at the end
    /// of the variation shown, else in a new variation. The game is
    /// unchanged.
    pub(crate) fn vary(&mut self, action: Action) -> Result<(), IllegalAction> {
        let shown = self.shown_actions();
        let mut game = game_after(self.shown_game(), shown);
        game.play(action)?;
        let next = shown + 1;
        // The line on the board, or any other, that already holds it.
        let same = |g: &Game| {
            g.history().len() >= next && same_actions(&g.history()[..next], game.history())
        };
        if same(&self.game) {
            self.browse_to(None, Some(next));
            return Ok(());
        }
        let here = self.line.filter(|&v| same(&self.variations[v].game));
        if let Some(v) = here.or_else(|| self.variations.iter().position(|var| same(&var.game))) {
            self.browse_to(Some(v), Some(next));
            return Ok(());
        }
        match self.line {
            // At the end of the variation shown: it goes on.
            Some(v) if shown == self.variations[v].game.history().len() => {
                self.variations[v].game = game;
            }
            _ => {
                let from = self.line.map_or(shown, |v| self.variations[v].from);
                self.variations.push(Variation { from, game });
                self.line = Some(self.variations.len() - 1);
            }
        }
        self.browsing = Some(next);
        Ok(())
    }

    /// Makes variation `v` the game; the game's old continuation becomes a
    /// variation in its place. An ending through the interface belonged to
    /// the old line and goes. The board stays on the position it showed.
    pub(crate) fn promote(&mut self, v: usize) -> bool {
        if v >= self.variations.len() {
            return false;
        }
        let shown = (self.line, self.shown_actions());
        let var = self.variations.remove(v);
        let from = var.from;
        let old = std::mem::replace(&mut self.game, var.game);
        if old.history().len() > from {
            self.variations.insert(v, Variation { from, game: old });
        }
        self.ending = None;
        let line = match shown.0 {
            Some(l) if l == v => None,
            other => other,
        };
        self.line = None;
        self.browsing = None;
        self.browse_to(line, Some(shown.1));
        true
    }

    /// Deletes variation `v`; if it was shown, the board goes back to where
    /// it left the game.
    pub(crate) fn delete_variation(&mut self, v: usize) -> bool {
        if v >= self.variations.len() {
            return false;
        }
        let var = self.variations.remove(v);
        match self.line {
            Some(l) if l == v => {
                self.line = None;
                self.browse_to(None, Some(var.from));
            }
            Some(l) if l > v => self.line = Some(l - 1),
            _ => {}
        }
        true
    }

    /// Drops the variations that no longer leave this game (an action it
    /// led through was taken back).
    pub(crate) fn keep_variations(&mut self) {
        let game = &self.game;
        let leaves = |var: &Variation| {
            var.from <= game.history().len()
                && game.start() == var.game.start()
                && same_actions(&game.history()[..var.from], &var.game.history()[..var.from])
        };
        let kept: Vec<bool> = self.variations.iter().map(leaves).collect();
        // The variation shown keeps its place among those kept, or goes.
        if let Some(v) = self.line {
            if kept.get(v).copied().unwrap_or(false) {
                self.line = Some(kept[..v].iter().filter(|&&k| k).count());
            } else {
                self.line = None;
                self.browsing = None;
            }
        }
        let mut keep = kept.into_iter();
        self.variations.retain(|_| keep.next().unwrap_or(false));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Mode;

    fn a(t: &str) -> Action {
        t.parse().unwrap()
    }

    fn game_of(actions: &[&str]) -> Game {
        let mut g = Game::new();
        for t in actions {
            g.play_text(t).unwrap();
        }
        g
    }

    fn actions(g: &Game) -> Vec<String> {
        g.actions().map(|a| a.to_string()).collect()
    }

    #[test]
    fn playing_from_an_earlier_position_starts_follows_and_extends_variations() {
        let main = game_of(&["f1-f2", "f11-f10", "f2-f3", "f10-f9"]);
        let mut m = Match::new(main.clone(), Mode::PassAndPlay);
        m.browse_to(None, Some(2));
        // The game's own next action follows the game.
        m.vary(a("f2-f3")).unwrap();
        assert_eq!((m.line, m.browsing), (None, Some(3)));
        assert!(m.variations.is_empty());
        // Another one starts a variation, which goes on at its end.
        m.browse_to(None, Some(2));
        m.vary(a("b1-b2")).unwrap();
        assert_eq!((m.line, m.browsing), (Some(0), Some(3)));
        m.vary(a("f10-f9")).unwrap();
        assert_eq!(m.variations.len(), 1);
        assert_eq!(m.variations[0].from, 2);
        assert_eq!(
            actions(&m.variations[0].game),
            ["f1-f2", "f11-f10", "b1-b2", "f10-f9"]
        );
        // The game is as it was.
        assert_eq!(actions(&m.game), actions(&main));
        // Back into the variation, another action is a sibling variation
        // from the same point; the same action again only follows.
        m.browse_to(Some(0), Some(3));
        m.vary(a("f10-f9")).unwrap();
        assert_eq!(m.variations.len(), 1);
        m.browse_to(Some(0), Some(3));
        m.vary(a("d1-d2")).unwrap();
        assert_eq!(m.variations.len(), 2);
        assert_eq!(m.variations[1].from, 2);
        assert_eq!(m.line, Some(1));
        // Stepping back to where it leaves the game shows the game.
        m.browse_to(Some(1), Some(2));
        assert_eq!((m.line, m.browsing), (None, Some(2)));
    }

    #[test]
    fn a_variation_promoted_becomes_the_game_and_the_old_line_a_variation() {
        let main = game_of(&["f1-f2", "f11-f10", "f2-f3"]);
        let mut m = Match::new(main, Mode::PassAndPlay);
        m.browse_to(None, Some(1));
        m.vary(a("d1-d2")).unwrap();
        m.vary(a("b1-b2")).unwrap();
        assert!(m.promote(0));
        assert_eq!(actions(&m.game), ["f1-f2", "d1-d2", "b1-b2"]);
        assert_eq!(m.variations.len(), 1);
        assert_eq!(m.variations[0].from, 1);
        assert_eq!(
            actions(&m.variations[0].game),
            ["f1-f2", "f11-f10", "f2-f3"]
        );
        // The board stays on the position it showed, now the game's own.
        assert_eq!((m.line, m.browsing), (None, None));
        assert_eq!(m.shown_position(), m.game.position());
        // Deleting the variation shown goes back to where it left.
        m.browse_to(Some(0), Some(3));
        assert!(m.delete_variation(0));
        assert!(m.variations.is_empty());
        assert_eq!((m.line, m.browsing), (None, Some(1)));
        assert!(!m.delete_variation(0));
    }

    #[test]
    fn taking_back_what_a_variation_leaves_from_drops_it() {
        let main = game_of(&["f1-f2", "f11-f10", "f2-f3", "f10-f9"]);
        let mut m = Match::new(main, Mode::PassAndPlay);
        m.browse_to(None, Some(3));
        m.vary(a("d1-d2")).unwrap();
        m.browse_to(None, Some(1));
        m.vary(a("d1-d2")).unwrap();
        assert_eq!(m.variations.len(), 2);
        // One undo: the variation from 3 still leaves the game.
        m.undo();
        assert_eq!(m.variations.len(), 2);
        m.undo();
        m.undo();
        assert_eq!(m.variations.len(), 1);
        assert_eq!(m.variations[0].from, 1);
        assert_eq!((m.line, m.browsing), (None, None));
    }
}
