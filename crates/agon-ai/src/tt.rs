//! The transposition table: a fixed-size, always-replace-if-deeper hash table
//! of search results, keyed by the rules crate's Zobrist hash.
//!
//! The threads of a parallel search share one table without locks: each
//! slot is two atomic words, the entry and the key XORed with it, so an
//! entry torn by two threads writing at once fails the key check and reads
//! as a miss (Hyatt and Mann's lockless hashing). On x86 a relaxed atomic
//! access is a plain load or store: one thread pays nothing for it.

use std::fmt;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

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

/// One slot: 16 bytes, zero when empty.
#[derive(Default)]
#[repr(C)]
struct Slot {
    /// The key XORed with `data`.
    check: AtomicU64,
    /// A [`Data`] packed.
    data: AtomicU64,
}

/// What a slot holds besides its key.
#[derive(Copy, Clone, Default)]
struct Data {
    score: i16,
    depth: i8,
    /// Bound in the low 2 bits (0 = empty), generation above.
    flags: u8,
    from: u8,
    to: u8,
}

impl Data {
    fn pack(self) -> u64 {
        (self.score as u16 as u64)
            | (self.depth as u8 as u64) << 16
            | (self.flags as u64) << 24
            | (self.from as u64) << 32
            | (self.to as u64) << 40
    }

    fn unpack(w: u64) -> Data {
        Data {
            score: w as u16 as i16,
            depth: (w >> 16) as u8 as i8,
            flags: (w >> 24) as u8,
            from: (w >> 32) as u8,
            to: (w >> 40) as u8,
        }
    }
}

pub struct Tt {
    slots: Slots,
    mask: usize,
    generation: AtomicU8,
    /// Mixed into every key: see `new_search`.
    salt: AtomicU64,
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
        fallback.resize_with(len, Slot::default);
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
            generation: AtomicU8::new(0),
            salt: AtomicU64::new(0),
        })
    }

    /// Memory used by the slots, in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    /// Empties every slot. Not while a search uses the table: an entry
    /// stored meanwhile would survive.
    pub fn clear(&self) {
        for s in self.slots.iter() {
            s.check.store(0, Relaxed);
            s.data.store(0, Relaxed);
        }
        self.generation.store(0, Relaxed);
    }

    /// Marks a new search: older entries become preferred victims, and
    /// `salt` is mixed into every key until the next one, so searches whose
    /// scores mean different things keep apart in one table. Called before
    /// the threads of the search start.
    pub fn new_search(&self, salt: u64) {
        let g = self.generation.load(Relaxed).wrapping_add(1) & 0x3F;
        self.generation.store(g, Relaxed);
        self.salt.store(salt, Relaxed);
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[key as usize & self.mask]
    }

    /// Starts loading a key's slot into the cache, so a later probe does
    /// not stall on memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let key = key ^ self.salt.load(Relaxed);
            let slot = self.slot(key) as *const Slot as *const i8;
            // SAFETY: a prefetch only hints the cache; the pointer is in bounds.
            unsafe {
                std::arch::x86_64::_mm_prefetch(slot, std::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let key = key ^ self.salt.load(Relaxed);
        let s = self.slot(key);
        let w = s.data.load(Relaxed);
        if s.check.load(Relaxed) ^ w != key {
            return None;
        }
        let d = Data::unpack(w);
        let bound = match d.flags & 3 {
            0 => return None,
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let action = match (Cell::from_index(d.from), Cell::from_index(d.to)) {
            (Some(f), Some(t)) if f != t => Some(Action::new(f, t)),
            _ => None,
        };
        Some(Entry {
            score: d.score as i32,
            depth: d.depth as i32,
            bound,
            action,
        })
    }

    pub fn store(&self, key: u64, depth: i32, score: i32, bound: Bound, action: Option<Action>) {
        let key = key ^ self.salt.load(Relaxed);
        let generation = self.generation.load(Relaxed);
        let s = self.slot(key);
        let w = s.data.load(Relaxed);
        let old = Data::unpack(w);
        let same = s.check.load(Relaxed) ^ w == key;
        let stale = (old.flags >> 2) != generation;
        if !same && !stale && old.flags & 3 != 0 && (old.depth as i32) > depth {
            return;
        }
        let (from, to) = match action {
            Some(a) => (a.from.index() as u8, a.to.index() as u8),
            // Keep the old move for the same position when this result has none.
            None if same => (old.from, old.to),
            None => (0, 0),
        };
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = Data {
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(-1, 127) as i8,
            flags: generation << 2 | b,
            from,
            to,
        }
        .pack();
        s.data.store(data, Relaxed);
        s.check.store(key ^ data, Relaxed);
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
        let tt = Tt::new(1);
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
        let tt = Tt::new(1);
        tt.new_search(1);
        tt.store(77, 3, 12, Bound::Exact, None);
        assert_eq!(tt.probe(77).map(|e| e.score), Some(12));
        tt.new_search(2);
        assert!(tt.probe(77).is_none());
        tt.new_search(1);
        assert_eq!(tt.probe(77).map(|e| e.score), Some(12));
    }

    /// A slot whose entry was overwritten half-way (the data of one
    /// store, the check of another) reads as a miss, not as a wrong entry.
    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let tt = Tt::new(1);
        tt.store(1234, 4, 77, Bound::Exact, None);
        let s = tt.slot(1234);
        let other = Data {
            score: -5,
            depth: 9,
            flags: 1,
            from: 0,
            to: 0,
        }
        .pack();
        s.data.store(other, Relaxed);
        assert!(tt.probe(1234).is_none());
    }

    /// Threads storing and probing the same few slots at once: every hit
    /// is an entry stored for that key.
    #[test]
    fn threads_sharing_the_table_never_read_another_keys_entry() {
        let tt = Tt::new(1);
        let slots = (tt.mask + 1) as u64;
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let tt = &tt;
                scope.spawn(move || {
                    let mut x = t + 1;
                    for _ in 0..200_000 {
                        x = agon_rules::splitmix64(x);
                        // 64 keys over 8 slots: constant collisions.
                        let key = (x % 64) / 8 * (slots / 8) + (x % 8) * slots;
                        let score = (key % 1000) as i32;
                        if x & 1 == 0 {
                            tt.store(key, (x % 20) as i32, score, Bound::Lower, None);
                        } else if let Some(e) = tt.probe(key) {
                            assert_eq!(e.score, score, "key {key}");
                        }
                    }
                });
            }
        });
    }
}
