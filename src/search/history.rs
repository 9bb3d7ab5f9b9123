//! What the undo journal of a search keeps for each step: what it popped, and the values of
//! each open cell it improved, so that `step_back` costs time proportional to that step alone.
//!
//! A cell a step opened needs no entry of its own: it was unvisited before (no G, no parent,
//! not on the open list), and the search's list of opened cells holds it in order. Only
//! improved cells keep their old values, so recording a whole search costs little more
//! than running it.

use crate::finder::journal::Journal;
use crate::finder::key::Key;

/// The undo journal of a search.
pub type History = Journal<StepRecord, Improvement>;

/// A key as two 64-bit words: aligned to 8 bytes rather than a `Key`'s 16, so that a step's
/// record takes 48 bytes in the journal instead of 80, and an improvement 40 instead of 48.
/// A recorded search writes one record a step.
#[derive(Clone, Copy, Debug)]
pub struct StoredKey([u64; 2]);

impl From<Key> for StoredKey {
    #[inline(always)]
    fn from(key: Key) -> Self {
        StoredKey([(key >> 64) as u64, key as u64])
    }
}

impl From<StoredKey> for Key {
    #[inline(always)]
    fn from(StoredKey([high, low]): StoredKey) -> Self {
        Key::from(high) << 64 | Key::from(low)
    }
}

/// One step's record, made once its node is popped: one write of the whole record per step.
#[derive(Clone, Copy, Debug)]
pub struct StepRecord {
    /// The key taken from the open list, its cell in the low bits (`None`: the list was
    /// empty).
    pub popped: Option<StoredKey>,
    pub prev_current: u32,
    pub prev_max_open: u32,
    /// Where the cells the step opened start in the search's list of opened cells.
    pub opened_from: u32,
}

/// What an any-angle search's step also keeps, apart from [`StepRecord`] so that the
/// others' records stay small: the line-of-sight tests before the step, and the popped
/// node's G and parent before Lazy Theta* set them.
#[derive(Clone, Copy, Debug)]
pub struct SightRecord {
    pub prev_sight_checks: u32,
    pub popped_g: f64,
    pub popped_parent: u32,
}

/// An open cell's values before a step lowered its G.
#[derive(Clone, Copy, Debug)]
pub struct Improvement {
    pub old_key: StoredKey,
    pub old_g: f64,
    pub cell: u32,
    /// Its state and parent (see `Search::records`).
    pub old_record: u8,
    /// Any-angle searches: its parent cell.
    pub old_parent: u32,
}
