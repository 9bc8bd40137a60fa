//! Zobrist keys: a position's hash is the XOR of one key per piece (by side,
//! kind, in play or not, and cell) and one for Dark to move, so an action
//! updates it in a few XORs.

use crate::cell::Cell;
use crate::piece::{Kind, Side};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

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
            let (s, k) = splitmix64(state);
            state = s;
            keys.pieces[p][i] = k;
            i += 1;
        }
        p += 1;
    }
    let (_, k) = splitmix64(state);
    keys.dark_to_move = k;
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
