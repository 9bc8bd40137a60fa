//! The 91 cells of the board, their names, rings, neighbours and lines.
//!
//! A cell is stored as an index into an 11×11 rhombus of axial coordinates,
//! `(q + 5) * 11 + (r + 5)`, of which the 91 cells with
//! `max(|q|, |r|, |q + r|) <= 5` are the board. The padding lets a [`CellSet`]
//! move a whole set one cell along a direction with a single shift; the
//! tables below, computed at compile time, keep that shift on the board.

use std::fmt;
use std::str::FromStr;

use crate::cellset::CellSet;
use crate::quote::Quoted;

/// Cells in a file, counted from `a`.
const FILE_LETTERS: [u8; 11] = *b"abcdefghikl";

/// One of the 91 cells.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// One of the six directions from a cell to a neighbour. `d` and `d.opposite()`
/// form one of the three axes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dir(u8);

impl Dir {
    /// The six directions, as axial offsets `(dq, dr)`, in opposite pairs.
    pub const OFFSETS: [(i8, i8); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
    pub const ALL: [Dir; 6] = [Dir(0), Dir(1), Dir(2), Dir(3), Dir(4), Dir(5)];
    /// One direction of each of the three axes: a cell's three lines run
    /// from `d` to `d.opposite()`.
    pub const AXES: [Dir; 3] = [Dir(0), Dir(2), Dir(4)];

    pub const fn opposite(self) -> Dir {
        Dir(self.0 ^ 1)
    }

    pub const fn offset(self) -> (i8, i8) {
        Self::OFFSETS[self.0 as usize]
    }

    /// The index of this direction in [`Dir::ALL`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// An index that is never a cell; lookups off the board land here and find
/// nothing, since no set ever holds it.
pub(crate) const NONE: u8 = 127;

const fn axial_of(index: u8) -> (i8, i8) {
    ((index / 11) as i8 - 5, (index % 11) as i8 - 5)
}

const fn ring_of(q: i8, r: i8) -> i8 {
    let s = -(q + r);
    let (a, b, c) = (q.abs(), r.abs(), s.abs());
    let m = if a > b { a } else { b };
    if m > c { m } else { c }
}

const fn on_board(q: i8, r: i8) -> bool {
    q >= -5 && q <= 5 && r >= -5 && r <= 5 && ring_of(q, r) <= 5
}

const fn index_of(q: i8, r: i8) -> u8 {
    ((q + 5) as u8) * 11 + (r + 5) as u8
}

/// Every table derived from the geometry, built once at compile time.
pub(crate) struct Tables {
    /// The neighbour in each direction, or [`NONE`].
    pub neighbour: [[u8; 6]; 128],
    /// For each cell, the cells a piece standing there may step to, ignoring
    /// occupancy: neighbours on the same ring or one ring inward.
    pub step_targets: [u128; 128],
    /// The cells whose neighbour in a direction is on the board: the sources
    /// a shift along that direction may keep.
    pub shiftable: [u128; 6],
    pub board: u128,
    pub rings: [u128; 6],
}

pub(crate) const TABLES: Tables = build_tables();

const fn build_tables() -> Tables {
    let mut t = Tables {
        neighbour: [[NONE; 6]; 128],
        step_targets: [0; 128],
        shiftable: [0; 6],
        board: 0,
        rings: [0; 6],
    };
    let mut i = 0u8;
    while i < 121 {
        let (q, r) = axial_of(i);
        if on_board(q, r) {
            let ring = ring_of(q, r);
            t.board |= 1u128 << i;
            t.rings[ring as usize] |= 1u128 << i;
            let mut d = 0;
            while d < 6 {
                let (dq, dr) = Dir::OFFSETS[d];
                let (nq, nr) = (q + dq, r + dr);
                if on_board(nq, nr) {
                    let n = index_of(nq, nr);
                    t.neighbour[i as usize][d] = n;
                    t.shiftable[d] |= 1u128 << i;
                    if ring_of(nq, nr) <= ring {
                        t.step_targets[i as usize] |= 1u128 << n;
                    }
                }
                d += 1;
            }
        }
        i += 1;
    }
    t
}

impl Cell {
    /// The central cell, `f6`.
    pub const THRONE: Cell = Cell(index_of(0, 0));
    /// Number of cells on the board.
    pub const COUNT: usize = 91;

    /// The cell at axial coordinates `(q, r)`, if it is on the board.
    pub const fn from_axial(q: i32, r: i32) -> Option<Cell> {
        if q < -5 || q > 5 || r < -5 || r > 5 || !on_board(q as i8, r as i8) {
            None
        } else {
            Some(Cell(index_of(q as i8, r as i8)))
        }
    }

    /// The cell at a raw layout index (see [`Cell::index`]), if that index is a cell.
    pub const fn from_index(index: u8) -> Option<Cell> {
        if index < 128 && (TABLES.board >> index) & 1 == 1 {
            Some(Cell(index))
        } else {
            None
        }
    }

    /// The cell at `index`, known to be one (a bit of a set masked by the
    /// board).
    #[inline]
    pub(crate) const fn on_board(index: u8) -> Cell {
        debug_assert!(index < 128 && (TABLES.board >> index) & 1 == 1);
        Cell(index)
    }

    /// The raw index in the 11×11 layout (0..121); also the bit in a [`CellSet`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn q(self) -> i32 {
        axial_of(self.0).0 as i32
    }

    pub const fn r(self) -> i32 {
        axial_of(self.0).1 as i32
    }

    /// Hex distance from the throne: 0 for the throne, 5 for the outer ring.
    pub const fn ring(self) -> u8 {
        let (q, r) = axial_of(self.0);
        ring_of(q, r) as u8
    }

    /// Hex distance between two cells.
    pub const fn distance(self, other: Cell) -> u8 {
        let (q1, r1) = axial_of(self.0);
        let (q2, r2) = axial_of(other.0);
        ring_of(q1 - q2, r1 - r2) as u8
    }

    pub fn neighbour(self, dir: Dir) -> Option<Cell> {
        let n = TABLES.neighbour[self.index()][dir.index()];
        (n != NONE).then_some(Cell(n))
    }

    /// The cells next to this one.
    pub fn neighbours(self) -> impl Iterator<Item = Cell> {
        Dir::ALL.into_iter().filter_map(move |d| self.neighbour(d))
    }

    /// The direction from this cell to an adjacent one.
    pub fn direction_to(self, other: Cell) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|&d| self.neighbour(d) == Some(other))
    }

    /// The file letter, `a` to `l` (no `j`).
    pub const fn file(self) -> char {
        FILE_LETTERS[(self.0 / 11) as usize] as char
    }

    /// The rank, counted up the file from 1.
    pub const fn rank(self) -> u8 {
        let (q, r) = axial_of(self.0);
        let bottom = if -5 - q > -5 { -5 - q } else { -5 };
        (r - bottom + 1) as u8
    }

    /// This cell turned about the throne by `sixths` sixths of a full
    /// turn (counterclockwise in axial coordinates). With
    /// [`Cell::mirrored`], the twelve symmetries of the board: the rules
    /// treat every cell alike under them, so a tool that learns from
    /// positions may count each one twelve times.
    pub const fn turned(self, sixths: u8) -> Cell {
        let (mut q, mut r) = axial_of(self.0);
        let mut k = sixths % 6;
        while k > 0 {
            (q, r) = (-r, q + r);
            k -= 1;
        }
        Cell(index_of(q, r))
    }

    /// This cell reflected across the line of the cells whose axial
    /// coordinates are equal, through the throne: `(q, r)` to `(r, q)`.
    pub const fn mirrored(self) -> Cell {
        let (q, r) = axial_of(self.0);
        Cell(index_of(r, q))
    }

    /// All 91 cells in file-then-rank order.
    pub fn all() -> impl Iterator<Item = Cell> {
        CellSet::BOARD.iter()
    }

    /// The cell named `name` (`f6`, `a1`, `l6`...).
    pub fn from_name(name: &str) -> Result<Cell, CellError> {
        let bad = || CellError(name.to_string());
        let bytes = name.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 {
            return Err(bad());
        }
        let file = FILE_LETTERS
            .iter()
            .position(|&f| f == bytes[0])
            .ok_or_else(bad)? as i32;
        let digits = &name[1..];
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return Err(bad());
        }
        let rank: i32 = digits.parse().map_err(|_| bad())?;
        let q = file - 5;
        let r = rank - 1 + (-5).max(-5 - q);
        Cell::from_axial(q, r).ok_or_else(bad)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Cell {
    type Err = CellError;
    fn from_str(s: &str) -> Result<Cell, CellError> {
        Cell::from_name(s)
    }
}

/// Number of cells in each file, `a` to `l`.
pub const FILE_LENGTHS: [usize; 11] = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6];

/// The file letters in order.
pub fn file_letter(file: usize) -> char {
    FILE_LETTERS[file] as char
}

/// A cell name that is not one of the 91 cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellError(pub String);

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a cell name (files a-l without j, ranks from 1)",
            Quoted(&self.0)
        )
    }
}

impl std::error::Error for CellError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ninety_one_cells_in_six_rings() {
        assert_eq!(Cell::all().count(), 91);
        let mut per_ring = [0; 6];
        for c in Cell::all() {
            per_ring[c.ring() as usize] += 1;
        }
        assert_eq!(per_ring, [1, 6, 12, 18, 24, 30]);
    }

    #[test]
    fn names_match_notation() {
        assert_eq!(Cell::THRONE.to_string(), "f6");
        assert_eq!(Cell::from_axial(0, -5).unwrap().to_string(), "f1");
        assert_eq!(Cell::from_axial(0, 5).unwrap().to_string(), "f11");
        assert_eq!(Cell::from_axial(-5, 0).unwrap().to_string(), "a1");
        assert_eq!(Cell::from_axial(-5, 5).unwrap().to_string(), "a6");
        assert_eq!(Cell::from_axial(5, -5).unwrap().to_string(), "l1");
        assert_eq!(Cell::from_axial(5, 0).unwrap().to_string(), "l6");
        let mut ring1: Vec<String> = Cell::all()
            .filter(|c| c.ring() == 1)
            .map(|c| c.to_string())
            .collect();
        ring1.sort();
        assert_eq!(ring1, ["e5", "e6", "f5", "f7", "g5", "g6"]);
        for (file, len) in FILE_LENGTHS.iter().enumerate() {
            let n = Cell::all()
                .filter(|c| c.file() == file_letter(file))
                .count();
            assert_eq!(n, *len);
        }
    }

    #[test]
    fn names_round_trip_and_reject_garbage() {
        for c in Cell::all() {
            assert_eq!(Cell::from_name(&c.to_string()), Ok(c));
        }
        for bad in [
            "", "f", "j1", "f0", "f12", "a7", "l7", "f06", "F6", "f6 ", "ff", "f-1", "z9",
        ] {
            assert!(Cell::from_name(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn outer_ring_order_from_notation_is_a_cycle() {
        let names = "f1 g1 h1 i1 k1 l1 l2 l3 l4 l5 l6 k7 i8 h9 g10 f11 \
                     e10 d9 c8 b7 a6 a5 a4 a3 a2 a1 b1 c1 d1 e1";
        let cells: Vec<Cell> = names.split(' ').map(|n| n.parse().unwrap()).collect();
        assert_eq!(cells.len(), 30);
        for (i, c) in cells.iter().enumerate() {
            assert_eq!(c.ring(), 5);
            assert_eq!(c.distance(cells[(i + 1) % 30]), 1);
        }
    }

    /// Turning and mirroring keep the board, the rings and adjacency:
    /// each is one of the board's symmetries, six turns make none, and
    /// a mirror twice is none.
    #[test]
    fn turns_and_mirrors_are_symmetries_of_the_board() {
        for sixths in 0..6u8 {
            for mirror in [false, true] {
                let map = |c: Cell| {
                    let c = if mirror { c.mirrored() } else { c };
                    c.turned(sixths)
                };
                let image: std::collections::HashSet<Cell> = Cell::all().map(map).collect();
                assert_eq!(image.len(), Cell::COUNT);
                for c in Cell::all() {
                    assert_eq!(map(c).ring(), c.ring());
                    for n in c.neighbours() {
                        assert_eq!(map(c).distance(map(n)), 1);
                    }
                }
            }
        }
        for c in Cell::all() {
            assert_eq!(c.turned(6), c);
            assert_eq!(c.turned(3).turned(3), c);
            assert_eq!(c.mirrored().mirrored(), c);
        }
        // A half turn takes each side's queen to the other's (the setup's
        // symmetry); a turn by a sixth moves every cell but the throne.
        let light: Cell = "f1".parse().unwrap();
        assert_eq!(light.turned(3), "f11".parse().unwrap());
        assert!(Cell::all().all(|c| c == Cell::THRONE || c.turned(1) != c));
    }

    #[test]
    fn neighbours_are_symmetric() {
        for c in Cell::all() {
            for d in Dir::ALL {
                if let Some(n) = c.neighbour(d) {
                    assert_eq!(n.neighbour(d.opposite()), Some(c));
                    assert_eq!(c.distance(n), 1);
                }
            }
        }
        assert_eq!(Cell::THRONE.neighbours().count(), 6);
        assert_eq!("f1".parse::<Cell>().unwrap().neighbours().count(), 3);
        assert_eq!("a1".parse::<Cell>().unwrap().neighbours().count(), 3);
        assert_eq!("c1".parse::<Cell>().unwrap().neighbours().count(), 4);
    }

    #[test]
    fn step_targets_never_point_outward() {
        for c in Cell::all() {
            for t in CellSet(TABLES.step_targets[c.index()]).iter() {
                assert_eq!(c.distance(t), 1);
                assert!(t.ring() <= c.ring());
            }
        }
    }
}
