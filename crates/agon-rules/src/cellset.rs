//! A set of cells as a 128-bit mask.

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::cell::{Cell, Dir, TABLES};

/// A set of cells, one bit per cell index (see [`Cell::index`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct CellSet(pub u128);

impl CellSet {
    pub const EMPTY: CellSet = CellSet(0);
    /// All 91 cells.
    pub const BOARD: CellSet = CellSet(TABLES.board);
    /// The throne ring: the six cells around the throne.
    pub const THRONE_RING: CellSet = CellSet(TABLES.rings[1]);
    /// The outer ring, where guards are relocated.
    pub const OUTER_RING: CellSet = CellSet(TABLES.rings[5]);

    /// The cells of ring `n` (0 is the throne alone).
    pub const fn ring(n: u8) -> CellSet {
        CellSet(TABLES.rings[n as usize])
    }

    pub const fn single(cell: Cell) -> CellSet {
        CellSet(1u128 << cell.index())
    }

    pub const fn contains(self, cell: Cell) -> bool {
        (self.0 >> cell.index()) & 1 == 1
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn any(self) -> bool {
        self.0 != 0
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1u128 << cell.index();
    }

    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1u128 << cell.index());
    }

    /// The lowest cell in file-then-rank order: the first that [`iter`]
    /// yields, so a complement's first is its first cell, not `None`.
    ///
    /// [`iter`]: CellSet::iter
    pub fn first(self) -> Option<Cell> {
        self.iter().next()
    }

    /// The set's cells in index order. Bits that are not cells (a
    /// complement such as `!occupied` has them) are left out here, so
    /// that `next` need not check each index: the search iterates sets
    /// millions of times a second.
    pub fn iter(self) -> CellSetIter {
        CellSetIter(self.0 & TABLES.board)
    }

    /// Every cell of this set moved one step along `dir`; cells that would
    /// leave the board are dropped.
    pub const fn shift(self, dir: Dir) -> CellSet {
        let kept = self.0 & TABLES.shiftable[dir.index()];
        let (dq, dr) = dir.offset();
        let step = dq as i32 * 11 + dr as i32;
        if step > 0 {
            CellSet(kept << step)
        } else {
            CellSet(kept >> -step)
        }
    }

    /// The cells lying directly between two members of this set along one of
    /// the three axes: the cells no enemy of this set may enter (clause 10).
    #[inline]
    pub const fn between_pairs(self) -> CellSet {
        let mut out = 0u128;
        let mut axis = 0;
        while axis < 3 {
            let d = Dir::AXES[axis];
            out |= self.shift(d).0 & self.shift(d.opposite()).0;
            axis += 1;
        }
        CellSet(out)
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

pub struct CellSetIter(u128);

impl Iterator for CellSetIter {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Cell::on_board(i as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSetIter {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl From<Cell> for CellSet {
    fn from(c: Cell) -> Self {
        CellSet::single(c)
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for CellSet {
            type Output = CellSet;
            #[inline]
            fn $f(self, rhs: CellSet) -> CellSet {
                CellSet(self.0 $op rhs.0)
            }
        }
        impl $tra for CellSet {
            #[inline]
            fn $fa(&mut self, rhs: CellSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for CellSet {
    type Output = CellSet;
    #[inline]
    fn sub(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & !rhs.0)
    }
}

impl SubAssign for CellSet {
    #[inline]
    fn sub_assign(&mut self, rhs: CellSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CellSet {
    type Output = CellSet;
    /// The complement within the board.
    #[inline]
    fn not(self) -> CellSet {
        CellSet(!self.0 & TABLES.board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn shift_matches_neighbour_table_everywhere() {
        for cell in Cell::all() {
            for d in Dir::ALL {
                let moved = CellSet::single(cell).shift(d);
                match cell.neighbour(d) {
                    Some(n) => assert_eq!(moved, CellSet::single(n)),
                    None => assert!(moved.is_empty(), "{cell} {d:?} wrapped to {moved:?}"),
                }
            }
        }
    }

    #[test]
    fn between_pairs_finds_cells_flanked_on_an_axis() {
        // f5 and f7 flank the throne along a file; so do e5 and g6 across it.
        let s: CellSet = [c("f5"), c("f7")].into_iter().collect();
        assert_eq!(s.between_pairs(), CellSet::single(c("f6")));
        let s: CellSet = [c("e5"), c("g6")].into_iter().collect();
        assert_eq!(s.between_pairs(), CellSet::single(c("f6")));
        // Two cells two apart but not on a line flank nothing.
        let s: CellSet = [c("f5"), c("g6")].into_iter().collect();
        assert!(s.between_pairs().is_empty());
        // Adjacent cells flank nothing.
        let s: CellSet = [c("f5"), c("f6")].into_iter().collect();
        assert!(s.between_pairs().is_empty());
    }

    #[test]
    fn iteration_yields_the_cells_of_a_complement_and_nothing_else() {
        // `!occupied` holds the bits of the layout that are not cells too.
        let not_f6 = !CellSet::single(c("f6"));
        let cells: Vec<Cell> = not_f6.iter().collect();
        assert_eq!(cells.len(), 90);
        assert_eq!(not_f6.iter().len(), 90);
        assert!(
            cells
                .iter()
                .all(|&x| x != c("f6") && CellSet::BOARD.contains(x))
        );
        assert_eq!(
            cells,
            (CellSet::BOARD - CellSet::single(c("f6")))
                .iter()
                .collect::<Vec<_>>()
        );
        // The lowest bit of a complement is not a cell; `first` skips it too.
        assert_eq!(not_f6.first(), Some(cells[0]));
        assert_eq!((!CellSet::BOARD).first(), None);
        assert_eq!(CellSet::single(c("f6")).first(), Some(c("f6")));
    }

    #[test]
    fn iteration_is_file_then_rank() {
        let names: Vec<String> = CellSet::BOARD
            .iter()
            .take(8)
            .map(|c| c.to_string())
            .collect();
        assert_eq!(names, ["a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2"]);
        assert_eq!(CellSet::BOARD.len(), 91);
        assert_eq!((!CellSet::EMPTY), CellSet::BOARD);
    }
}
