//! AFN, the one-line position format: `BOARD SIDE CAPTURED`.

use std::fmt;
use std::str::FromStr;

use crate::cell::{Cell, CellError, FILE_LENGTHS, file_letter};
use crate::piece::{Piece, Side};
use crate::position::Position;
use crate::quote::Quoted;

/// The starting position in AFN.
pub const START_AFN: &str = "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -";

impl Position {
    /// Reads an AFN position, naming the first problem found.
    pub fn from_afn(text: &str) -> Result<Position, AfnError> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 3 {
            return Err(AfnError::FieldCount(fields.len()));
        }
        let to_move = match fields[1] {
            "l" => Side::Light,
            "d" => Side::Dark,
            other => return Err(AfnError::BadSide(other.to_string())),
        };
        let mut pos = Position::empty(to_move);
        let files: Vec<&str> = fields[0].split('/').collect();
        if files.len() != 11 {
            return Err(AfnError::FileCount(files.len()));
        }
        for (f, desc) in files.iter().enumerate() {
            let file = file_letter(f);
            let expected = FILE_LENGTHS[f];
            let mut rank = 0usize;
            let mut chars = desc.char_indices().peekable();
            while let Some((i, ch)) = chars.next() {
                if ch.is_ascii_digit() {
                    let mut end = i + 1;
                    while let Some(&(j, d)) = chars.peek() {
                        if !d.is_ascii_digit() {
                            break;
                        }
                        end = j + 1;
                        chars.next();
                    }
                    let run = &desc[i..end];
                    let too_long = || AfnError::RunTooLong {
                        file,
                        run: run.to_string(),
                        cells: expected,
                    };
                    if run.starts_with('0') {
                        return Err(AfnError::BadRun {
                            file,
                            run: run.to_string(),
                        });
                    }
                    // All digits, so the only parse failure is a number
                    // beyond usize: longer than the file like any run > 11.
                    let n = run.parse::<usize>().map_err(|_| too_long())?;
                    if n > expected {
                        return Err(too_long());
                    }
                    rank = rank.checked_add(n).ok_or_else(too_long)?;
                    continue;
                }
                let piece = Piece::from_letter(ch).ok_or(AfnError::UnknownChar { file, ch })?;
                // Counts at most one a character of the text: cannot overflow.
                rank += 1;
                if rank > expected {
                    continue; // reported below with the file's full length
                }
                let cell = Cell::from_name(&format!("{file}{rank}")).expect("rank within file");
                pos.put(cell, piece, false);
                // After each piece, so the first one too many is named.
                pos.check_pieces()?;
            }
            if rank != expected {
                return Err(AfnError::FileLength {
                    file,
                    expected,
                    found: rank,
                });
            }
        }
        if fields[2] != "-" {
            let mut seen = crate::CellSet::EMPTY;
            for name in fields[2].split(',') {
                let cell = Cell::from_name(name).map_err(AfnError::BadCapturedCell)?;
                if seen.contains(cell) {
                    return Err(AfnError::DuplicateCaptured(cell));
                }
                seen.insert(cell);
                if pos.piece_at(cell).is_none() {
                    return Err(AfnError::CapturedEmpty(cell));
                }
                pos.mark_out_of_play(cell);
            }
        }
        Ok(pos)
    }

    /// Writes the position as AFN.
    pub fn to_afn(&self) -> String {
        let mut s = String::with_capacity(64);
        let mut cells = Cell::all().peekable();
        for (f, &len) in FILE_LENGTHS.iter().enumerate() {
            if f > 0 {
                s.push('/');
            }
            let mut run = 0;
            for _ in 0..len {
                let c = cells.next().expect("91 cells");
                match self.piece_at(c) {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            s.push_str(&run.to_string());
                            run = 0;
                        }
                        s.push(p.letter());
                    }
                }
            }
            if run > 0 {
                s.push_str(&run.to_string());
            }
        }
        s.push(' ');
        s.push(match self.to_move() {
            Side::Light => 'l',
            Side::Dark => 'd',
        });
        s.push(' ');
        let out = self.out_of_play();
        if out.is_empty() {
            s.push('-');
        } else {
            let names: Vec<String> = out.iter().map(|c| c.to_string()).collect();
            s.push_str(&names.join(","));
        }
        s
    }
}

impl FromStr for Position {
    type Err = AfnError;
    fn from_str(s: &str) -> Result<Position, AfnError> {
        Position::from_afn(s)
    }
}

/// A malformed AFN position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfnError {
    /// Not three space-separated fields.
    FieldCount(usize),
    /// The board does not have eleven files.
    FileCount(usize),
    /// A file describes the wrong number of cells.
    FileLength {
        file: char,
        expected: usize,
        found: usize,
    },
    /// A character that is neither a piece letter nor a digit.
    UnknownChar {
        file: char,
        ch: char,
    },
    /// A run of zero empty cells, or a number with a leading zero.
    BadRun {
        file: char,
        run: String,
    },
    /// A run of more empty cells than the file has, however many digits
    /// it takes (it is never added up, so it cannot overflow).
    RunTooLong {
        file: char,
        run: String,
        cells: usize,
    },
    TooManyQueens(Side),
    TooManyGuards(Side),
    GuardOnThrone,
    /// The side field is not `l` or `d`.
    BadSide(String),
    /// A name in the captured field is not a cell.
    BadCapturedCell(CellError),
    /// A captured mark on an empty cell.
    CapturedEmpty(Cell),
    /// A cell named twice in the captured field.
    DuplicateCaptured(Cell),
}

impl fmt::Display for AfnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use AfnError::*;
        match self {
            FieldCount(n) => write!(
                f,
                "AFN needs three fields (board, side, captured) separated by single spaces, found {n}"
            ),
            FileCount(n) => write!(f, "the board needs 11 files separated by '/', found {n}"),
            FileLength {
                file,
                expected,
                found,
            } => {
                write!(f, "file {file} has {expected} cells but describes {found}")
            }
            UnknownChar { file, ch } => write!(
                f,
                "unknown character {ch:?} in file {file} (expected Q G q g or a number)"
            ),
            BadRun { file, run } => {
                write!(f, "bad run of empty cells {} in file {file}", Quoted(run))
            }
            RunTooLong { file, run, cells } => write!(
                f,
                "run of empty cells {} in file {file} is longer than the file's {cells} cells",
                Quoted(run)
            ),
            TooManyQueens(s) => write!(f, "{s} has more than one queen"),
            TooManyGuards(s) => write!(f, "{s} has more than six guards"),
            GuardOnThrone => write!(f, "a guard stands on the throne f6"),
            BadSide(s) => write!(f, "side to move must be 'l' or 'd', found {}", Quoted(s)),
            BadCapturedCell(e) => write!(f, "in the captured field: {e}"),
            CapturedEmpty(c) => write!(f, "{c} is marked captured but is empty"),
            DuplicateCaptured(c) => write!(f, "{c} is marked captured twice"),
        }
    }
}

impl std::error::Error for AfnError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        assert_eq!(Position::start().to_afn(), START_AFN);
        assert_eq!(Position::from_afn(START_AFN).unwrap(), Position::start());
    }

    #[test]
    fn captured_pieces_round_trip() {
        let text = "5Q/2G2G1/4G3/9/g3ggg3/3gGq5/4GG4/5g3/8/7/6 l f5,g6";
        let p = Position::from_afn(text).unwrap();
        assert!(p.is_out_of_play("f5".parse().unwrap()));
        assert!(p.is_out_of_play("g6".parse().unwrap()));
        assert_eq!(p.to_afn(), text);
        assert_eq!(p.hash(), p.recompute_hash());
    }

    /// Runs used to be added unchecked: the first overflowed (a panic, exit
    /// status 101 in the engine), the second wrapped back to 6 cells in a
    /// release build and the guard after `6` vanished.
    #[test]
    fn a_run_too_long_to_count_is_an_error_not_an_overflow() {
        let max = usize::MAX.to_string();
        for (text, file, run) in [
            (
                format!("G{max}G5/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -"),
                'a',
                max.clone(),
            ),
            (
                format!("6G{max}/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -"),
                'a',
                max.clone(),
            ),
            (
                format!("1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G{max}0 l -"),
                'l',
                format!("{max}0"),
            ),
        ] {
            let err = Position::from_afn(&text).unwrap_err();
            assert_eq!(
                err,
                AfnError::RunTooLong {
                    file,
                    run,
                    cells: 6
                },
                "{text}"
            );
            assert!(err.to_string().contains("longer than the file's 6 cells"));
        }
    }

    #[test]
    fn rejects_each_malformed_form_by_name() {
        use AfnError::*;
        let start = START_AFN;
        let cases: Vec<(String, AfnError)> = vec![
            ("".into(), FieldCount(1)),
            (
                "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l".into(),
                FieldCount(2),
            ),
            (format!("{start} x"), FieldCount(4)),
            (start.replacen(' ', "  ", 1), FieldCount(4)),
            (
                "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g l -".into(),
                FileCount(10),
            ),
            (
                "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1/6 l -".into(),
                FileCount(12),
            ),
            (
                "1g2G2/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -".into(),
                FileLength {
                    file: 'a',
                    expected: 6,
                    found: 7,
                },
            ),
            (
                "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G l -".into(),
                FileLength {
                    file: 'l',
                    expected: 6,
                    found: 5,
                },
            ),
            (
                "1g2G1/G5g/8/g7G/10/Q9x/10/g7G/8/G5g/1g2G1 l -".into(),
                UnknownChar { file: 'f', ch: 'x' },
            ),
            (
                "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/0g2G1 l -".into(),
                BadRun {
                    file: 'l',
                    run: "0".into(),
                },
            ),
            (
                "1g2G1/G5g/8/g7G/10/Q4Q4q/10/g7G/8/G5g/1g2G1 l -".into(),
                TooManyQueens(Side::Light),
            ),
            (
                "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1gG1G1 l -".into(),
                TooManyGuards(Side::Light),
            ),
            (
                "1g2G1/G5g/8/g7G/10/Q4g4q/10/g7G/8/G5g/1g2G1 l -".into(),
                GuardOnThrone,
            ),
            (start.replace(" l ", " w "), BadSide("w".into())),
            (
                "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -".replacen("10", "12", 1),
                RunTooLong {
                    file: 'e',
                    run: "12".into(),
                    cells: 10,
                },
            ),
            (
                format!("{}f6", &start[..start.len() - 1]),
                CapturedEmpty("f6".parse().unwrap()),
            ),
            (
                format!("{}f1,f1", &start[..start.len() - 1]),
                DuplicateCaptured("f1".parse().unwrap()),
            ),
        ];
        for (text, want) in cases {
            let got = Position::from_afn(&text);
            assert_eq!(got, Err(want.clone()), "{text:?}");
            assert!(!want.to_string().is_empty());
        }
        let bad_cell = format!("{}j1", &start[..start.len() - 1]);
        assert!(matches!(
            Position::from_afn(&bad_cell),
            Err(BadCapturedCell(_))
        ));
    }
}
