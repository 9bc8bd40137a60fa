//! The transposition table: a fixed-size, always-replace-if-deeper hash table
//! of search results, keyed by the rules crate's Zobrist hash.

use std::fmt;

use agon_rules::{Action, Cell};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The score is at least this (a beta cutoff).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub struct Entry {
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    pub action: Option<Action>,
}

/// One slot: 16 bytes.
#[derive(Copy, Clone, Default)]
#[repr(C)]
struct Slot {
    key: u64,
    score: i16,
    depth: i8,
    /// Bound in the low 2 bits (0 = empty), generation above.
    flags: u8,
    from: u8,
    to: u8,
    _pad: u16,
}

pub struct Tt {
    slots: Slots,
    mask: usize,
    generation: u8,
    /// Mixed into every key: see `new_search`.
    salt: u64,
}

/// The table's memory. On Linux it is mapped directly and backed by huge
/// pages where the kernel allows: the table is probed at random, and with
/// 4 KiB pages most probes would also miss the TLB.
struct Slots {
    #[cfg(target_os = "linux")]
    map: Option<Mapping>,
    fallback: Vec<Slot>,
}

/// The slots in an anonymous mapping of their own.
#[cfg(target_os = "linux")]
struct Mapping {
    /// The first slot, at the first huge-page boundary inside the mapping.
    slots: *mut Slot,
    /// How many slots there are from `slots`.
    len: usize,
    /// The mapping as `mmap` returned it, for `munmap`.
    base: *mut libc::c_void,
    /// The mapping's size in bytes, for `munmap`.
    bytes: usize,
}

// SAFETY: the mapping is owned by this value alone, like a Vec's buffer.
unsafe impl Send for Slots {}
unsafe impl Sync for Slots {}

impl Slots {
    /// `len` empty slots, or `None` when the memory cannot be had.
    fn new(len: usize) -> Option<Slots> {
        #[cfg(target_os = "linux")]
        {
            const HUGE: usize = 2 << 20;
            // `len` comes from a size of at most MAX_TT_MIB: no overflow.
            let bytes = len * std::mem::size_of::<Slot>();
            let total = bytes + HUGE;
            // SAFETY: an anonymous private mapping, checked for failure;
            // the kernel zeroes it, which is an empty slot.
            unsafe {
                let base = libc::mmap(
                    std::ptr::null_mut(),
                    total,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                );
                if base != libc::MAP_FAILED {
                    let aligned = (base as usize).div_ceil(HUGE) * HUGE;
                    libc::madvise(aligned as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE);
                    return Some(Slots {
                        map: Some(Mapping {
                            slots: aligned as *mut Slot,
                            len,
                            base,
                            bytes: total,
                        }),
                        fallback: Vec::new(),
                    });
                }
            }
        }
        // Asked, not assumed: a failed allocation would abort the process.
        let mut fallback = Vec::new();
        fallback.try_reserve_exact(len).ok()?;
        fallback.resize(len, Slot::default());
        Some(Slots {
            #[cfg(target_os = "linux")]
            map: None,
            fallback,
        })
    }
}

impl std::ops::Deref for Slots {
    type Target = [Slot];
    fn deref(&self) -> &[Slot] {
        #[cfg(target_os = "linux")]
        if let Some(m) = &self.map {
            // SAFETY: `m.len` slots were mapped at `m.slots` and live as long as self.
            return unsafe { std::slice::from_raw_parts(m.slots, m.len) };
        }
        &self.fallback
    }
}

impl std::ops::DerefMut for Slots {
    fn deref_mut(&mut self) -> &mut [Slot] {
        #[cfg(target_os = "linux")]
        if let Some(m) = &self.map {
            // SAFETY: as above, and `&mut self` makes the access exclusive.
            return unsafe { std::slice::from_raw_parts_mut(m.slots, m.len) };
        }
        &mut self.fallback
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some(m) = self.map.take() {
            // SAFETY: unmapping exactly what `new` mapped, once.
            unsafe {
                libc::munmap(m.base, m.bytes);
            }
        }
    }
}

/// The largest table, in MiB: 4 GiB, 2^28 slots, far more than a search of
/// seconds fills, and small enough that asking for it is never absurd.
pub const MAX_TT_MIB: usize = 4096;

/// Why a table could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TtError {
    /// The size is not from 1 to [`MAX_TT_MIB`] MiB.
    Size(usize),
    /// The system would not give the memory.
    Memory(usize),
}

impl fmt::Display for TtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TtError::Size(mib) => write!(
                f,
                "a transposition table of {mib} MiB is out of range: from 1 to {MAX_TT_MIB} MiB"
            ),
            TtError::Memory(mib) => {
                write!(f, "cannot allocate a transposition table of {mib} MiB")
            }
        }
    }
}

impl std::error::Error for TtError {}

impl Tt {
    /// A table of at most `mib` mebibytes (a power-of-two number of slots).
    ///
    /// # Panics
    ///
    /// When [`Tt::try_new`] fails: a size out of range, or no memory.
    pub fn new(mib: usize) -> Tt {
        Tt::try_new(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of at most `mib` mebibytes, `mib` from 1 to [`MAX_TT_MIB`].
    pub fn try_new(mib: usize) -> Result<Tt, TtError> {
        if !(1..=MAX_TT_MIB).contains(&mib) {
            return Err(TtError::Size(mib));
        }
        let fits =
            mib.checked_mul(1024 * 1024).ok_or(TtError::Size(mib))? / std::mem::size_of::<Slot>();
        // The largest power of two that fits; `fits` is at least 65536.
        let n = 1usize << fits.ilog2();
        Ok(Tt {
            slots: Slots::new(n).ok_or(TtError::Memory(mib))?,
            mask: n - 1,
            generation: 0,
            salt: 0,
        })
    }

    /// Memory used by the slots, in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.generation = 0;
    }

    /// Marks a new search: older entries become preferred victims, and
    /// `salt` is mixed into every key until the next one, so searches whose
    /// scores mean different things keep apart in one table.
    pub fn new_search(&mut self, salt: u64) {
        self.generation = self.generation.wrapping_add(1) & 0x3F;
        self.salt = salt;
    }

    /// Starts loading a key's slot into the cache, so a later probe does
    /// not stall on memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let key = key ^ self.salt;
            let slot = &self.slots[key as usize & self.mask] as *const Slot as *const i8;
            // SAFETY: a prefetch only hints the cache; the pointer is in bounds.
            unsafe {
                std::arch::x86_64::_mm_prefetch(slot, std::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let key = key ^ self.salt;
        let s = &self.slots[key as usize & self.mask];
        if s.key != key || s.flags & 3 == 0 {
            return None;
        }
        let bound = match s.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let action = match (Cell::from_index(s.from), Cell::from_index(s.to)) {
            (Some(f), Some(t)) if f != t => Some(Action::new(f, t)),
            _ => None,
        };
        Some(Entry {
            score: s.score as i32,
            depth: s.depth as i32,
            bound,
            action,
        })
    }

    pub fn store(
        &mut self,
        key: u64,
        depth: i32,
        score: i32,
        bound: Bound,
        action: Option<Action>,
    ) {
        let key = key ^ self.salt;
        let gen_bits = self.generation << 2;
        let s = &mut self.slots[key as usize & self.mask];
        let same = s.key == key;
        let stale = (s.flags >> 2) != self.generation;
        if !same && !stale && s.flags & 3 != 0 && (s.depth as i32) > depth {
            return;
        }
        let (from, to) = match action {
            Some(a) => (a.from.index() as u8, a.to.index() as u8),
            // Keep the old move for the same position when this result has none.
            None if same => (s.from, s.to),
            None => (0, 0),
        };
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        *s = Slot {
            key,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(-1, 127) as i8,
            flags: gen_bits | b,
            from,
            to,
            _pad: 0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn action(text: &str) -> Action {
        text.parse().expect("an action")
    }

    #[test]
    fn the_table_has_the_size_asked_for_and_every_slot_works() {
        let mut tt = Tt::new(1);
        assert_eq!(tt.bytes(), 1024 * 1024);
        let slots = tt.bytes() / std::mem::size_of::<Slot>();
        // The first and the last slot, and one between.
        for (i, key) in [0, slots as u64 / 3, slots as u64 - 1]
            .into_iter()
            .enumerate()
        {
            let key = key | (0xA5 << 40);
            assert!(tt.probe(key).is_none());
            let a = action(["f1-f2", "a5-b5", "k1-i1"][i]);
            tt.store(key, 5, -40 + i as i32, Bound::Lower, Some(a));
            let e = tt.probe(key).expect("the stored entry");
            assert_eq!(
                (e.score, e.depth, e.bound, e.action),
                (-40 + i as i32, 5, Bound::Lower, Some(a))
            );
        }
        tt.clear();
        assert!(tt.probe(0xA5 << 40).is_none());
    }

    #[test]
    fn sizes_out_of_range_are_refused_and_odd_sizes_round_down() {
        // usize::MAX MiB used to wrap the size arithmetic and loop forever.
        for mib in [0, MAX_TT_MIB + 1, usize::MAX / (1 << 20) + 1, usize::MAX] {
            assert_eq!(Tt::try_new(mib).err(), Some(TtError::Size(mib)), "{mib}");
        }
        assert!(
            TtError::Size(usize::MAX)
                .to_string()
                .contains("from 1 to 4096 MiB")
        );
        // 3 MiB holds 2 MiB of power-of-two slots.
        assert_eq!(Tt::try_new(3).unwrap().bytes(), 2 << 20);
    }

    #[test]
    fn a_salted_search_does_not_read_another_searchs_entries() {
        let mut tt = Tt::new(1);
        tt.new_search(1);
        tt.store(77, 3, 12, Bound::Exact, None);
        assert_eq!(tt.probe(77).map(|e| e.score), Some(12));
        tt.new_search(2);
        assert!(tt.probe(77).is_none());
        tt.new_search(1);
        assert_eq!(tt.probe(77).map(|e| e.score), Some(12));
    }
}
