//! Finder-specific marks: one byte of flags per cell, set by the finders with loops of
//! their own (see `Finder::marks`), each flag named as the catalogue and the page name it.

use crate::names::named_enum;

/// One flag of a cell's marks; its value is the bit it sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Mark {
    /// A cell a jump passed over (Jump Point Search).
    Scanned = 1 << 0,
    /// A cell where a jump stopped: a node of Jump Point Search.
    JumpPoint = 1 << 1,
    /// A forced neighbour: a cell reachable optimally only through the jump point beside it.
    Forced = 1 << 2,
    /// Bidirectional search: the cell belongs to the goal-side search (its G and H run
    /// toward the start).
    Backward = 1 << 3,
    /// Bidirectional search: where the two searches meet on the best path so far.
    Meeting = 1 << 4,
    /// IDA*: on the depth-first path being explored.
    OnStack = 1 << 5,
    /// IDA*: cut off by the threshold.
    Pruned = 1 << 6,
}

named_enum!(Mark, "mark", {
    Scanned => "scanned",
    JumpPoint => "jump-point",
    Forced => "forced",
    Backward => "backward",
    Meeting => "meeting",
    OnStack => "on-stack",
    Pruned => "pruned",
});

impl Mark {
    pub const fn bit(self) -> u8 {
        self as u8
    }
}

pub const MARK_SCANNED: u8 = Mark::Scanned.bit();
pub const MARK_JUMP_POINT: u8 = Mark::JumpPoint.bit();
pub const MARK_FORCED: u8 = Mark::Forced.bit();
pub const MARK_BACKWARD: u8 = Mark::Backward.bit();
pub const MARK_MEETING: u8 = Mark::Meeting.bit();
pub const MARK_ON_STACK: u8 = Mark::OnStack.bit();
pub const MARK_PRUNED: u8 = Mark::Pruned.bit();
