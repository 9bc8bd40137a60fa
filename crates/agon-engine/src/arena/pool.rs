//! Pools arena runs from their records. A run stopped before it ends (by
//! hand, or with the session that ran it) prints no final count, and runs
//! over different parts of a book add up pair by pair. A run's games
//! `2k - 1` and `2k` (`game-NNNN.json`) are one opening with the colours
//! swapped, A with Light in the first, as [`super::run_match`] plays them.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use agon_rules::{Ending, Outcome, Player, Record, RecordError};

use super::sprt::Pentanomial;
use super::summary::Tail;
use super::{a_score, pair_scores};
use crate::number::read_number;

/// What records add up to.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pool {
    pub pairs: Pentanomial,
    pub games: usize,
    /// Games whose opening's other game is missing (the run stopped
    /// between them): counted in `games`, not in `pairs`.
    pub unpaired: usize,
    /// Games adjudicated a draw at the ply cap.
    pub capped: usize,
    pub repetitions: usize,
    pub tail: Tail,
}

impl Pool {
    /// Adds another run's games to these.
    pub fn absorb(&mut self, other: &Pool) {
        for (mine, theirs) in self.pairs.counts.iter_mut().zip(other.pairs.counts) {
            *mine += theirs;
        }
        self.games += other.games;
        self.unpaired += other.unpaired;
        self.capped += other.capped;
        self.repetitions += other.repetitions;
        self.tail.absorb(&other.tail);
    }
}

/// A run's players, as its records name them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seats {
    pub a: String,
    pub b: String,
}

/// Why records cannot be pooled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PoolError {
    /// A folder or a file cannot be read.
    Read { path: PathBuf, error: String },
    /// A file named as a game is not a record.
    Record { path: PathBuf, error: RecordError },
    /// `game-…json` without a game number of 1 or more after the dash.
    Name(PathBuf),
    /// A folder without any game.
    Empty(PathBuf),
    /// A game without a result: the arena writes a game only once it ends.
    NoResult { game: u32 },
    /// A game whose players are not the run's A and B in their seats:
    /// records of two runs in one folder.
    Seats {
        game: u32,
        seats: Seats,
        light: String,
        dark: String,
    },
}

impl fmt::Display for PoolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PoolError::Read { path, error } => write!(f, "cannot read {}: {error}", path.display()),
            PoolError::Record { path, error } => write!(f, "{}: {error}", path.display()),
            PoolError::Name(path) => write!(
                f,
                "{}: a game's file is named game-N.json with N a number from 1",
                path.display()
            ),
            PoolError::Empty(path) => write!(f, "{} holds no game-N.json", path.display()),
            PoolError::NoResult { game } => write!(f, "game {game} has no result"),
            PoolError::Seats {
                game,
                seats,
                light,
                dark,
            } => {
                let (a_seat, b_seat) = if game % 2 == 1 {
                    ("light", "dark")
                } else {
                    ("dark", "light")
                };
                write!(
                    f,
                    "game {game} has {light} (light) and {dark} (dark), but the run's A ({}) \
                     plays {a_seat} in it and B ({}) {b_seat}: records of two runs in one folder?",
                    seats.a, seats.b
                )
            }
        }
    }
}

impl std::error::Error for PoolError {}

/// The game number of a file named `game-N.json`; `Ok(None)` for any
/// other name, which is not the arena's.
pub fn game_number(path: &Path) -> Result<Option<u32>, PoolError> {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return Ok(None);
    };
    let Some(digits) = name
        .strip_prefix("game-")
        .and_then(|rest| rest.strip_suffix(".json"))
    else {
        return Ok(None);
    };
    read_number("game number", digits, 1, u32::MAX.into())
        .ok()
        .and_then(|n| u32::try_from(n).ok())
        .map(Some)
        .ok_or_else(|| PoolError::Name(path.to_path_buf()))
}

fn name(player: &Player) -> String {
    match player {
        Player::Computer { level } => level.clone(),
        Player::Human { name: Some(name) } => name.clone(),
        Player::Human { name: None } => "a person".to_string(),
        Player::Remote {} => "a remote player".to_string(),
    }
}

/// Pools one run's games, keyed by their numbers. A is the player in
/// A's seat of the first game.
pub fn pool_games(games: &BTreeMap<u32, Record>) -> Result<Option<(Seats, Pool)>, PoolError> {
    let Some((&first, record)) = games.iter().next() else {
        return Ok(None);
    };
    let (light, dark) = (name(&record.players.light), name(&record.players.dark));
    let seats = if first % 2 == 1 {
        Seats { a: light, b: dark }
    } else {
        Seats { a: dark, b: light }
    };
    let mut pool = Pool::default();
    let mut scores: Vec<(usize, f64)> = Vec::with_capacity(games.len());
    for (&game, record) in games {
        let a_light = game % 2 == 1;
        let (light, dark) = (name(&record.players.light), name(&record.players.dark));
        let (a, b) = if a_light {
            (&light, &dark)
        } else {
            (&dark, &light)
        };
        if *a != seats.a || *b != seats.b {
            return Err(PoolError::Seats {
                game,
                seats,
                light,
                dark,
            });
        }
        let ending = record.result.ok_or(PoolError::NoResult { game })?;
        let score = a_score(a_light, ending.winner());
        pool.games += 1;
        let capped = ending == Ending::Adjudication;
        pool.capped += usize::from(capped);
        pool.repetitions += usize::from(ending == Ending::Rules(Outcome::DrawByRepetition));
        pool.tail.add(record.actions.len(), capped);
        // The arena numbers its records from 1 (`game_number` reads no
        // 0): game 1 is index 0; a game 0 has no partner.
        match (game as usize).checked_sub(1) {
            Some(index) => scores.push((index, score)),
            None => pool.unpaired += 1,
        }
    }
    let (pairs, unpaired) = pair_scores(scores);
    pool.pairs = pairs;
    pool.unpaired += unpaired;
    Ok(Some((seats, pool)))
}

/// Pools the games of one run's records folder (`--records DIR`).
pub fn pool_folder(dir: &Path) -> Result<(Seats, Pool), PoolError> {
    let read_error = |path: &Path, e: std::io::Error| PoolError::Read {
        path: path.to_path_buf(),
        error: e.to_string(),
    };
    let mut games = BTreeMap::new();
    for entry in std::fs::read_dir(dir).map_err(|e| read_error(dir, e))? {
        let path = entry.map_err(|e| read_error(dir, e))?.path();
        let Some(game) = game_number(&path)? else {
            continue;
        };
        let text = std::fs::read_to_string(&path).map_err(|e| read_error(&path, e))?;
        let (record, _) = Record::from_json(&text).map_err(|error| PoolError::Record {
            path: path.clone(),
            error,
        })?;
        games.insert(game, record);
    }
    pool_games(&games)?.ok_or_else(|| PoolError::Empty(dir.to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use agon_rules::{Game, Players, Side};

    const A: &str = "master:200ms";
    const B: &str = "master:200ms@old";

    /// Game `n` of a run, A with Light in odd games, ended as `ending`.
    fn game(n: u32, ending: Option<Ending>) -> Record {
        let (light, dark) = if n % 2 == 1 { (A, B) } else { (B, A) };
        let players = Players {
            light: Player::computer(light),
            dark: Player::computer(dark),
        };
        Record::from_game(&Game::new(), players, ending)
    }

    fn a_wins(n: u32) -> Record {
        let winner = if n % 2 == 1 { Side::Light } else { Side::Dark };
        game(n, Some(Ending::Resignation { winner }))
    }

    fn b_wins(n: u32) -> Record {
        let winner = if n % 2 == 1 { Side::Dark } else { Side::Light };
        game(n, Some(Ending::Resignation { winner }))
    }

    fn run(records: Vec<Record>) -> BTreeMap<u32, Record> {
        (1..).zip(records).collect()
    }

    #[test]
    fn pairs_are_counted_by_as_score_over_both_colours() {
        let games = run(vec![
            a_wins(1),
            a_wins(2), // 2
            a_wins(3),
            game(4, Some(Ending::Adjudication)), // 1½
            b_wins(5),
            game(6, Some(Ending::Rules(Outcome::DrawByRepetition))), // ½
            b_wins(7),
            a_wins(8), // 1
            b_wins(9),
            b_wins(10), // 0
        ]);
        let (seats, pool) = pool_games(&games).unwrap().unwrap();
        assert_eq!(
            seats,
            Seats {
                a: A.into(),
                b: B.into()
            }
        );
        assert_eq!(pool.pairs.counts, [1, 1, 1, 1, 1]);
        assert_eq!((pool.games, pool.unpaired), (10, 0));
        assert_eq!((pool.capped, pool.repetitions), (1, 1));
    }

    #[test]
    fn a_game_without_its_partner_is_counted_but_not_paired() {
        // The run stopped with game 4 under way, and game 5's partner not begun.
        let games: BTreeMap<u32, Record> = [
            (1, a_wins(1)),
            (2, a_wins(2)),
            (3, b_wins(3)),
            (5, a_wins(5)),
        ]
        .into_iter()
        .collect();
        let (_, pool) = pool_games(&games).unwrap().unwrap();
        assert_eq!(pool.pairs.counts, [0, 0, 0, 0, 1]);
        assert_eq!((pool.games, pool.unpaired), (4, 2));
    }

    #[test]
    fn a_game_numbered_zero_is_counted_but_never_paired() {
        // `game_number` reads no 0, but a caller of `pool_games` may pass
        // one: it must neither panic nor take the place of game 1's partner.
        let games: BTreeMap<u32, Record> = [(0, a_wins(0)), (1, a_wins(1)), (2, b_wins(2))]
            .into_iter()
            .collect();
        let (_, pool) = pool_games(&games).unwrap().unwrap();
        assert_eq!(pool.pairs.counts, [0, 0, 1, 0, 0]);
        assert_eq!((pool.games, pool.unpaired), (3, 1));
    }

    #[test]
    fn the_last_game_number_there_is_pools_without_room_for_every_number_below() {
        let last = u32::MAX;
        let games: BTreeMap<u32, Record> = [
            (1, a_wins(1)),
            (2, a_wins(2)),
            (last - 1, b_wins(last - 1)),
            (last, a_wins(last)),
        ]
        .into_iter()
        .collect();
        let (_, pool) = pool_games(&games).unwrap().unwrap();
        // Games 1 and 2 pair (2); the last two are of different pairs.
        assert_eq!(pool.pairs.counts, [0, 0, 0, 0, 1]);
        assert_eq!((pool.games, pool.unpaired), (4, 2));
    }

    #[test]
    fn a_folder_that_starts_at_an_even_game_still_seats_a_rightly() {
        let games: BTreeMap<u32, Record> = [(2, b_wins(2))].into_iter().collect();
        let (seats, pool) = pool_games(&games).unwrap().unwrap();
        assert_eq!(seats.a, A);
        assert_eq!((pool.games, pool.unpaired), (1, 1));
    }

    #[test]
    fn records_of_two_runs_or_without_a_result_are_refused() {
        let mut games = run(vec![a_wins(1), a_wins(2)]);
        // Game 3 with B in A's seat.
        games.insert(3, a_wins(4));
        let err = pool_games(&games).unwrap_err();
        assert!(matches!(err, PoolError::Seats { game: 3, .. }), "{err:?}");
        assert!(err.to_string().contains("two runs"), "{err}");
        let games = run(vec![a_wins(1), game(2, None)]);
        assert_eq!(
            pool_games(&games).unwrap_err(),
            PoolError::NoResult { game: 2 }
        );
        assert_eq!(pool_games(&BTreeMap::new()).unwrap(), None);
    }

    #[test]
    fn runs_add_up() {
        let (_, mut first) = pool_games(&run(vec![a_wins(1), b_wins(2)]))
            .unwrap()
            .unwrap();
        let (_, second) = pool_games(&run(vec![a_wins(1), a_wins(2), a_wins(3)]))
            .unwrap()
            .unwrap();
        first.absorb(&second);
        assert_eq!(first.pairs.counts, [0, 0, 1, 0, 1]);
        assert_eq!((first.games, first.unpaired), (5, 1));
    }

    #[test]
    fn game_numbers_come_from_the_arenas_names_only() {
        let n = |s: &str| game_number(Path::new(s));
        assert_eq!(n("runs/game-0042.json"), Ok(Some(42)));
        assert_eq!(n("game-7.json"), Ok(Some(7)));
        assert_eq!(n("notes.txt"), Ok(None));
        assert_eq!(n("summary.json"), Ok(None));
        for bad in [
            "game-.json",
            "game-0000.json",
            "game-x1.json",
            "game--1.json",
            "game-99999999999.json",
        ] {
            assert_eq!(n(bad), Err(PoolError::Name(bad.into())), "{bad}");
        }
    }

    #[test]
    fn a_folder_is_read_and_a_corrupt_record_is_named() {
        let dir = std::env::temp_dir().join(format!("agon-pool-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (n, record) in [(1, a_wins(1)), (2, game(2, Some(Ending::Adjudication)))] {
            std::fs::write(dir.join(format!("game-{n:04}.json")), record.to_json()).unwrap();
        }
        std::fs::write(dir.join("arena.txt"), "not a record").unwrap();
        let (seats, pool) = pool_folder(&dir).unwrap();
        assert_eq!(seats.b, B);
        assert_eq!(pool.pairs.counts, [0, 0, 0, 1, 0]);
        std::fs::write(dir.join("game-0003.json"), "{ truncated").unwrap();
        let err = pool_folder(&dir).unwrap_err();
        assert!(matches!(&err, PoolError::Record { path, .. } if path.ends_with("game-0003.json")));
        assert!(err.to_string().contains("game-0003.json"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
        let err = pool_folder(&dir).unwrap_err();
        assert!(matches!(err, PoolError::Read { .. }), "{err:?}");
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(
            pool_folder(&dir).unwrap_err(),
            PoolError::Empty(dir.clone())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
