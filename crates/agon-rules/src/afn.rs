//! AFN, the one-line position format: `BOARD SIDE CAPTURED`.

use std::str::FromStr;

use crate::cell::{Cell, FILE_LENGTHS, file_letter};
use crate::error::AfnError;
use crate::piece::{Kind, Piece, Side};
use crate::position::Position;

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
        let mut queens = [0; 2];
        let mut guards = [0; 2];
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
                let s = piece.side.index();
                match piece.kind {
                    Kind::Queen => {
                        queens[s] += 1;
                        if queens[s] > 1 {
                            return Err(AfnError::TooManyQueens(piece.side));
                        }
                    }
                    Kind::Guard => {
                        guards[s] += 1;
                        if guards[s] > 6 {
                            return Err(AfnError::TooManyGuards(piece.side));
                        }
                        if cell == Cell::THRONE {
                            return Err(AfnError::GuardOnThrone);
                        }
                    }
                }
                pos.put(cell, piece, false);
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
