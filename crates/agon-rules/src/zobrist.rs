//! Zobrist keys: a position's hash is the XOR of one key per piece (by side,
//! kind, in play or not, and cell) and one for Dark to move, so an action
//! updates it in a few XORs.

use crate::cell::Cell;
use crate::piece::{Kind, Side};
use crate::random::{SPLITMIX64_GAMMA, splitmix64};

struct Keys {
    pieces: [[u64; 128]; 8],
    dark_to_move: u64,
}

const KEYS: Keys = {
    let mut keys = Keys {
        pieces: [[0; 128]; 8],
        dark_to_move: 0,
    };
    let mut state = 0x4147_4F4E_1842_u64; // "AGON" 1842
    let mut p = 0;
    while p < 8 {
        let mut i = 0;
        while i < 128 {
            keys.pieces[p][i] = splitmix64(state);
            state = state.wrapping_add(SPLITMIX64_GAMMA);
            i += 1;
        }
        p += 1;
    }
    keys.dark_to_move = splitmix64(state);
    keys
};

#[inline]
pub(crate) fn piece_key(side: Side, kind: Kind, out_of_play: bool, cell: Cell) -> u64 {
    let p = side.index() * 4 + kind.index() * 2 + out_of_play as usize;
    KEYS.pieces[p][cell.index()]
}

#[inline]
pub(crate) const fn dark_to_move_key() -> u64 {
    KEYS.dark_to_move
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    /// The keys are part of every stored hash (transposition tables, saved
    /// tests): pinned so a change to their generation cannot pass unseen.
    #[test]
    fn keys_are_pinned() {
        assert_eq!(KEYS.pieces[0][0], 0x4BFE_56B1_B293_6B3F);
        assert_eq!(KEYS.pieces[7][127], 0xA6AF_BA16_CC80_2294);
        assert_eq!(dark_to_move_key(), 0xBDCB_FC9C_DA7C_AA1C);
        let folded = KEYS.pieces.iter().flatten().fold(0, |x, k| x ^ k);
        assert_eq!(folded, 0x4C70_B9C4_EFA6_6ADB);
        assert_eq!(Position::start().hash(), 0xF6BF_902C_0361_5747);
    }
}
