//! How long a game has left: a small network that reads the pieces and the
//! evaluation and estimates the natural logarithm of the plies still to
//! play. The evaluation says who is ahead; it cannot tell a formation two
//! actions from closing from a siege that Hard holds for three hundred
//! plies (a Texel fit of its terms to labels that fade with the plies left
//! fitted no better than without, README "The strength of Master"). The
//! network, fitted to the lengths of Master's games against Hard by
//! `examples/length.rs`, tells them apart better, and `Style::haste` lets
//! the side searching prefer, while ahead, what ends the game sooner.
//!
//! Inputs: one per kind of piece in play (the side to move's queen and
//! guards, the other side's) and cell, 1 where such a piece stands; one
//! per kind, counting those out of play; the evaluation for the side to
//! move, in thousands. One hidden layer of [`HIDDEN`] rectified units.

use std::sync::OnceLock;

use agon_rules::{Cell, Position};

/// Inputs of the network: four kinds of piece in play on each cell, the
/// four counts of pieces out of play, and the evaluation.
pub const INPUTS: usize = 4 * Cell::COUNT + 4 + 1;
/// Units of the hidden layer.
pub const HIDDEN: usize = 32;
/// The input of the evaluation.
const EVAL: usize = INPUTS - 1;
/// Fourteen pieces and the evaluation.
const MAX_ENTRIES: usize = 15;

/// The cells in file-then-rank order: `ORDINAL[c.index()]` is a cell's
/// place among the 91.
static ORDINAL: [u8; 128] = ordinals();

const fn ordinals() -> [u8; 128] {
    let mut out = [u8::MAX; 128];
    let (mut n, mut i) = (0, 0);
    while i < 128 {
        if Cell::from_index(i).is_some() {
            out[i as usize] = n;
            n += 1;
        }
        i += 1;
    }
    out
}

/// A position as the network reads it: the inputs that are not 0, as
/// (input, value).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inputs {
    entries: [(u16, f32); MAX_ENTRIES],
    len: u8,
}

impl Inputs {
    /// `p` with `v`, the evaluation for the side to move, each cell taken
    /// to `map(cell)` (one of the board's symmetries, for a fit; the
    /// identity in play).
    pub fn of(p: &Position, v: i32, map: impl Fn(Cell) -> Cell) -> Inputs {
        let mut x = Inputs {
            entries: [(0, 0.0); MAX_ENTRIES],
            len: 0,
        };
        let us = p.to_move();
        for (kind, side) in [(0, us), (2, !us)] {
            let captured = p.captured(side);
            let queen = p.queen(side).map(|q| (kind, q));
            let guards = p.guards(side).iter().map(|g| (kind + 1, g));
            for (k, cell) in queen.into_iter().chain(guards) {
                let input = if captured.contains(cell) {
                    4 * Cell::COUNT + k
                } else {
                    k * Cell::COUNT + ORDINAL[map(cell).index()] as usize
                };
                x.push(input, 1.0);
            }
        }
        x.push(EVAL, v as f32 / 1000.0);
        x
    }

    fn push(&mut self, input: usize, value: f32) {
        self.entries[self.len as usize] = (input as u16, value);
        self.len += 1;
    }

    /// The inputs that are not 0, as (input, value); an input may come
    /// more than once (two guards out of play), and then counts twice.
    pub fn entries(&self) -> &[(u16, f32)] {
        &self.entries[..self.len as usize]
    }
}

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// Per input, its weight into each hidden unit.
    pub w1: Vec<[f32; HIDDEN]>,
    pub b1: [f32; HIDDEN],
    pub w2: [f32; HIDDEN],
    pub b2: f32,
}

/// The first line of a weights file.
const HEADER: &str = "agon-length-net 1";

impl Net {
    /// The network that ships with the game (`length.net` beside this file).
    pub fn shipped() -> &'static Net {
        static NET: OnceLock<Net> = OnceLock::new();
        NET.get_or_init(|| {
            Net::read(include_str!("length.net")).expect("the shipped length.net is valid")
        })
    }

    /// The hidden layer before rectifying.
    pub fn hidden(&self, x: &Inputs) -> [f32; HIDDEN] {
        let mut h = self.b1;
        for &(input, value) in x.entries() {
            for (hj, w) in h.iter_mut().zip(&self.w1[input as usize]) {
                *hj += w * value;
            }
        }
        h
    }

    /// The output from the hidden layer before rectifying ([`Net::hidden`]).
    pub fn output(&self, h: &[f32; HIDDEN]) -> f32 {
        let mut out = self.b2;
        for (hj, w) in h.iter().zip(&self.w2) {
            out += hj.max(0.0) * w;
        }
        out
    }

    /// ln(plies left) as the network reads `x`.
    pub fn ln_plies_left(&self, x: &Inputs) -> f32 {
        self.output(&self.hidden(x))
    }

    /// The weights as text: [`HEADER`], then `b1`, `w2` and `b2` a line
    /// each, then one line of `w1` per input.
    pub fn write(&self) -> String {
        let line = |v: &[f32]| {
            v.iter()
                .map(|x| format!("{x:.5e}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut out = format!(
            "{HEADER}\n{}\n{}\n{:.5e}\n",
            line(&self.b1),
            line(&self.w2),
            self.b2
        );
        for row in &self.w1 {
            out.push_str(&line(row));
            out.push('\n');
        }
        out
    }

    /// Reads [`Net::write`]'s text; an error names the line and what is
    /// wrong with it.
    pub fn read(text: &str) -> Result<Net, String> {
        let mut lines = text.lines().enumerate();
        let mut next = |what: &str| {
            lines
                .next()
                .ok_or_else(|| format!("the file ends before {what}"))
        };
        let (_, header) = next("its header")?;
        if header.trim() != HEADER {
            return Err(format!("line 1 is {header:?}, not {HEADER:?}"));
        }
        fn numbers<const N: usize>(n: usize, line: &str) -> Result<[f32; N], String> {
            let mut out = [0.0; N];
            let mut words = line.split_whitespace();
            for (i, slot) in out.iter_mut().enumerate() {
                let word = words
                    .next()
                    .ok_or_else(|| format!("line {}: {i} numbers where {N} are due", n + 1))?;
                *slot = word
                    .parse::<f32>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| format!("line {}: {word:?} is not a finite number", n + 1))?;
            }
            if words.next().is_some() {
                return Err(format!("line {}: more than {N} numbers", n + 1));
            }
            Ok(out)
        }
        let (n, line) = next("b1")?;
        let b1 = numbers::<HIDDEN>(n, line)?;
        let (n, line) = next("w2")?;
        let w2 = numbers::<HIDDEN>(n, line)?;
        let (n, line) = next("b2")?;
        let [b2] = numbers::<1>(n, line)?;
        let mut w1 = Vec::with_capacity(INPUTS);
        for i in 0..INPUTS {
            let (n, line) = next(&format!("the weights of input {i}"))?;
            w1.push(numbers::<HIDDEN>(n, line)?);
        }
        if let Some((n, _)) = lines.find(|(_, l)| !l.trim().is_empty()) {
            return Err(format!("line {}: more lines than {INPUTS} inputs", n + 1));
        }
        Ok(Net { w1, b1, w2, b2 })
    }
}

/// ln(plies left) as the shipped network reads `p`, `v` its evaluation
/// for the side to move.
pub fn ln_plies_left(p: &Position, v: i32) -> f32 {
    Net::shipped().ln_plies_left(&Inputs::of(p, v, |c| c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Weights, evaluate};
    use agon_rules::{Action, Game};

    fn read(p: &Position) -> f32 {
        ln_plies_left(p, evaluate(p, &Weights::MASTER))
    }

    /// The shipped network tells a formation one step from closing from
    /// the start of a game, and a game's last positions from its first.
    #[test]
    fn the_shipped_network_reads_the_end_of_a_game_as_near() {
        let close = Position::from_afn("g4g/7/g7/9/4GG4/4GQG3q/4G5/5G3/g7/7/g4g l -").unwrap();
        let last: Action = "h6-g6".parse().unwrap();
        let mut won = Game::from_position(close);
        won.play(last).unwrap();
        assert_eq!(
            won.outcome().and_then(|o| o.winner()),
            Some(agon_rules::Side::Light),
            "one step wins"
        );
        let (start, near) = (read(&Position::start()), read(&close));
        assert!(near + 1.0 < start, "near {near} start {start}");
        assert!(
            (2.0..7.0).contains(&start),
            "{start}: a game lasts tens to hundreds of plies"
        );
    }

    /// Each piece in play is one input, by kind and cell; one out of play
    /// counts by kind; the evaluation is the last.
    #[test]
    fn inputs_name_each_piece_by_kind_and_cell() {
        let p = Position::start();
        let x = Inputs::of(&p, 500, |c| c);
        assert_eq!(x.entries().len(), 15);
        assert_eq!(x.entries()[14], (EVAL as u16, 0.5));
        let light_queen = ORDINAL[p.queen(agon_rules::Side::Light).unwrap().index()] as u16;
        assert_eq!(
            x.entries()[0],
            (light_queen, 1.0),
            "the side to move's queen, kind 0"
        );
        let kinds: Vec<usize> = x.entries()[..14]
            .iter()
            .map(|&(i, _)| i as usize / Cell::COUNT)
            .collect();
        assert_eq!(kinds, [0, 1, 1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3, 3]);
        let captured_queen =
            Position::from_afn("g4g/7/g7/9/4GG4/4GQG3q/4G5/5G3/g7/7/g4g l f6").unwrap();
        let x = Inputs::of(&captured_queen, 0, |c| c);
        assert!(x.entries().contains(&((4 * Cell::COUNT) as u16, 1.0)));
    }

    /// Weights written and read back are the same, and a damaged file is
    /// refused with the line and what is wrong with it.
    #[test]
    fn weights_read_back_as_written_and_damage_is_named() {
        let net = Net::shipped();
        let text = net.write();
        assert_eq!(&Net::read(&text).unwrap(), net);
        let lines: Vec<&str> = text.lines().collect();
        let with = |i: usize, line: &str| {
            let mut l = lines.clone();
            l[i] = line;
            l.join("\n")
        };
        let cases = [
            (with(0, "agon-length-net 2"), "line 1"),
            (with(1, "1 2 3"), "line 2: 3 numbers where 32 are due"),
            (with(3, "1 2"), "line 4: more than 1 numbers"),
            (with(5, &lines[5].replacen('e', "x", 1)), "line 6"),
            (
                with(7, &lines[7].replacen("e", "e99", 1)),
                "not a finite number",
            ),
            (
                lines[..100].join("\n"),
                "the file ends before the weights of input 96",
            ),
            (format!("{text}1 2 3\n"), "more lines than 369 inputs"),
        ];
        for (damaged, named) in cases {
            let e = Net::read(&damaged).unwrap_err();
            assert!(e.contains(named), "{e:?} should name {named:?}");
        }
    }
}
