//! Who plays whom: a person against the computer, two people at one screen,
//! or the computer against itself; and the side a person asked for.

use agon_ai::Level;
use agon_rules::{Player, Players, Side};
use serde::{Deserialize, Serialize};

/// Who plays whom.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A person against the computer.
    VsComputer { human: Side, level: Level },
    /// Two people taking turns at one screen.
    PassAndPlay,
    /// The computer against itself, to watch.
    Watch { level: Level },
    /// A person here plays `me`; a friend elsewhere plays the other side,
    /// their actions arriving by link.
    Remote { me: Side },
    /// A game on our server (`game::online`): a person here plays `me`
    /// against someone elsewhere, live; with no seat, this screen watches.
    Online { me: Option<Side> },
    /// A puzzle (`game::puzzle`): the person plays `solver`, the game the
    /// other side's replies.
    Puzzle { solver: Side },
}

impl Mode {
    pub fn players(self) -> Players {
        match self {
            Mode::PassAndPlay => Players::default(),
            Mode::Watch { level } => Players {
                light: Player::computer(level.name()),
                dark: Player::computer(level.name()),
            },
            Mode::Remote { me: Side::Light } => Players {
                light: Player::human(),
                dark: Player::Remote {},
            },
            Mode::Remote { me: Side::Dark }
            | Mode::Online {
                me: Some(Side::Dark),
            } => Players {
                light: Player::Remote {},
                dark: Player::human(),
            },
            Mode::Online {
                me: Some(Side::Light),
            } => Players {
                light: Player::human(),
                dark: Player::Remote {},
            },
            Mode::Online { me: None } => Players {
                light: Player::Remote {},
                dark: Player::Remote {},
            },
            Mode::Puzzle { .. } => Players::default(),
            Mode::VsComputer { human, level } => {
                let computer = Player::computer(level.name());
                if human == Side::Light {
                    Players {
                        light: Player::human(),
                        dark: computer,
                    }
                } else {
                    Players {
                        light: computer,
                        dark: Player::human(),
                    }
                }
            }
        }
    }

    /// The mode a record's players describe.
    pub fn from_players(p: &Players) -> Mode {
        match (&p.light, &p.dark) {
            (Player::Human { .. }, Player::Remote {}) => return Mode::Remote { me: Side::Light },
            (Player::Remote {}, Player::Human { .. }) => return Mode::Remote { me: Side::Dark },
            _ => {}
        }
        // A remote player beside the computer or another remote one is
        // played here, as at one screen.
        let level = |pl: &Player| match pl {
            Player::Computer { level } => level.parse::<Level>().ok().or(Some(Level::Medium)),
            Player::Human { .. } | Player::Remote {} => None,
        };
        match (level(&p.light), level(&p.dark)) {
            (None, Some(l)) => Mode::VsComputer {
                human: Side::Light,
                level: l,
            },
            (Some(l), None) => Mode::VsComputer {
                human: Side::Dark,
                level: l,
            },
            (Some(l), Some(_)) => Mode::Watch { level: l },
            (None, None) => Mode::PassAndPlay,
        }
    }
}

/// The side a person asks for against the computer.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    #[default]
    Light,
    Dark,
    /// Drawn anew for every game.
    Random,
}

impl SideChoice {
    /// The side this choice gives, drawing from `seed` when it is Random.
    pub(crate) fn draw(self, seed: u64) -> Side {
        match self {
            SideChoice::Light => Side::Light,
            SideChoice::Dark => Side::Dark,
            SideChoice::Random => {
                if agon_rules::splitmix64(seed) & 1 == 0 {
                    Side::Light
                } else {
                    Side::Dark
                }
            }
        }
    }
}

impl From<Side> for SideChoice {
    fn from(side: Side) -> SideChoice {
        match side {
            Side::Light => SideChoice::Light,
            Side::Dark => SideChoice::Dark,
        }
    }
}

/// Who plays whom by the name the command line (`--mode`) and links
/// (`mode=`) give it, before a side and a level are chosen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ModeChoice {
    VsComputer,
    PassAndPlay,
    Watch,
    Remote,
}

impl ModeChoice {
    pub fn name(self) -> &'static str {
        match self {
            ModeChoice::VsComputer => "vs-computer",
            ModeChoice::PassAndPlay => "pass-and-play",
            ModeChoice::Watch => "watch",
            ModeChoice::Remote => "remote",
        }
    }

    pub fn of(mode: Mode) -> ModeChoice {
        match mode {
            Mode::VsComputer { .. } => ModeChoice::VsComputer,
            Mode::PassAndPlay => ModeChoice::PassAndPlay,
            Mode::Watch { .. } => ModeChoice::Watch,
            // An online game's link is its room (`online=`); by a game
            // link it goes on with a friend elsewhere.
            Mode::Remote { .. } | Mode::Online { .. } => ModeChoice::Remote,
            // A puzzle's position, by a game link, is two people's to play.
            Mode::Puzzle { .. } => ModeChoice::PassAndPlay,
        }
    }

    /// The setup of this mode; `side` is the person's, against the computer
    /// or a friend by link.
    pub fn setup(self, side: SideChoice, level: Level) -> Setup {
        match self {
            ModeChoice::VsComputer => Setup::VsComputer { side, level },
            ModeChoice::PassAndPlay => Setup::PassAndPlay,
            ModeChoice::Watch => Setup::Watch { level },
            ModeChoice::Remote => Setup::Remote { side },
        }
    }
}

impl std::str::FromStr for ModeChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<ModeChoice, String> {
        [
            ModeChoice::VsComputer,
            ModeChoice::PassAndPlay,
            ModeChoice::Watch,
            ModeChoice::Remote,
        ]
        .into_iter()
        .find(|m| m.name() == s)
        .ok_or_else(|| format!("{s:?} is not a mode (vs-computer, pass-and-play, watch or remote)"))
    }
}

/// What a new game is to be: the mode, with the side still a choice.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    VsComputer {
        side: SideChoice,
        level: Level,
    },
    PassAndPlay,
    Watch {
        level: Level,
    },
    Remote {
        side: SideChoice,
    },
    /// A room on our server; the seat is the server's to give.
    Online,
}

impl Setup {
    /// The mode of one game of this setup, a Random side drawn from `seed`.
    pub fn mode(self, seed: u64) -> Mode {
        match self {
            Setup::VsComputer { side, level } => Mode::VsComputer {
                human: side.draw(seed),
                level,
            },
            Setup::PassAndPlay => Mode::PassAndPlay,
            Setup::Watch { level } => Mode::Watch { level },
            Setup::Remote { side } => Mode::Remote {
                me: side.draw(seed),
            },
            Setup::Online => Mode::Online { me: None },
        }
    }
}

impl From<Mode> for Setup {
    fn from(mode: Mode) -> Setup {
        match mode {
            Mode::VsComputer { human, level } => Setup::VsComputer {
                side: human.into(),
                level,
            },
            Mode::PassAndPlay => Setup::PassAndPlay,
            Mode::Watch { level } => Setup::Watch { level },
            Mode::Remote { me } => Setup::Remote { side: me.into() },
            Mode::Online { .. } => Setup::Online,
            Mode::Puzzle { .. } => Setup::PassAndPlay,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_side_gives_both_sides_over_seeds() {
        let sides: Vec<Side> = (0..64).map(|s| SideChoice::Random.draw(s)).collect();
        assert!(sides.contains(&Side::Light) && sides.contains(&Side::Dark));
        for s in 0..8 {
            assert_eq!(SideChoice::Dark.draw(s), Side::Dark);
            assert_eq!(SideChoice::Light.draw(s), Side::Light);
        }
    }

    #[test]
    fn a_mode_survives_its_record_players() {
        for mode in [
            Mode::PassAndPlay,
            Mode::Watch { level: Level::Hard },
            Mode::VsComputer {
                human: Side::Dark,
                level: Level::Beginner,
            },
            Mode::Remote { me: Side::Light },
            Mode::Remote { me: Side::Dark },
        ] {
            assert_eq!(Mode::from_players(&mode.players()), mode);
        }
    }
}
