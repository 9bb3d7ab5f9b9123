//! What the journal keeps: each entry's kind and the single values it began from, saved
//! whole, and each cell's values before a change.

use crate::geometry::grid::Point;
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

/// A cell's values before a change, to be put back by an undo.
#[derive(Clone, Copy, Debug)]
pub(super) struct CellChange {
    pub(super) cell: u32,
    pub(super) g: f64,
    pub(super) rhs: f64,
    pub(super) record: u8,
    pub(super) mark: u16,
    pub(super) key: Option<TwoPartKey>,
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
