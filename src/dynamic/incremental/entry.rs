//! What the journal keeps: each entry's kind and the single values it began from, saved
//! whole, and each cell's values before a change.

use crate::geometry::grid::Point;
use crate::vocabulary::record::NO_PARENT;
use crate::vocabulary::status::{Counters, Status};

use super::key::TwoPartKey;

/// The single values, saved whole with each logged entry.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scalars {
    pub(super) status: Status,
    pub(super) start: u32,
    pub(super) start_at: Point,
    /// D* Lite: where the start was when k_m last grew (s_last).
    pub(super) last_at: Point,
    pub(super) k_m: f64,
    pub(super) current: u32,
    pub(super) counters: Counters,
    /// Expansions counted when the last repair began (a batch, a move, the first search).
    pub(super) repair_from: u32,
    pub(super) total_steps: Option<u32>,
}

impl Scalars {
    /// Before the first step, from the start `start` (its index) at `start_at`.
    pub(super) fn first(start: u32, start_at: Point) -> Scalars {
        Scalars {
            status: Status::Running,
            start,
            start_at,
            last_at: start_at,
            k_m: 0.0,
            current: NO_PARENT,
            counters: Counters::default(),
            repair_from: 0,
            total_steps: None,
        }
    }
}

/// A cell's values before a change, to be put back by an undo: 48 bytes, as a walk on a
/// large map logs many (the key's parts without the cell, and whether it was queued).
#[derive(Clone, Copy, Debug)]
pub(super) struct CellChange {
    pub(super) cell: u32,
    pub(super) mark: u16,
    pub(super) record: u8,
    queued: bool,
    pub(super) g: f64,
    pub(super) rhs: f64,
    key: [u64; 3],
}

impl CellChange {
    pub(super) fn new(
        cell: u32,
        (g, rhs): (f64, f64),
        record: u8,
        mark: u16,
        key: Option<TwoPartKey>,
    ) -> CellChange {
        CellChange {
            cell,
            mark,
            record,
            queued: key.is_some(),
            g,
            rhs,
            key: key.map_or([0; 3], |k| k.parts()),
        }
    }

    /// The cell's key in the queue, if it was queued.
    pub(super) fn key(&self) -> Option<TwoPartKey> {
        self.queued
            .then(|| TwoPartKey::from_parts(self.cell, self.key))
    }
}

/// What a journal entry undoes.
#[derive(Clone, Debug)]
pub(super) enum EntryKind {
    /// One step of ComputeShortestPath.
    Step,
    /// A batch of cell changes: each cell's previous terrain.
    Edits(Vec<(Point, u8)>),
    /// D* Lite's start moved.
    Move,
}

/// A journal entry: what it undoes and the single values it began from, saved whole.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub(super) kind: EntryKind,
    pub(super) scalars: Scalars,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_logged_cell_takes_48_bytes() {
        assert_eq!(std::mem::size_of::<CellChange>(), 48);
    }
}
