//! Finder-specific marks: sixteen bits of flags per cell, set by the finders with loops of
//! their own (see `Finder::marks`), each flag named as the catalogue and the page name it.
//! A bit means one thing for every finder, so each mark has a bit of its own.

use crate::text::names::named_enum;

/// One flag of a cell's marks; its value is the bit it sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u16)]
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
    /// LPA* and D* Lite: over-consistent, g > rhs (a cheaper route has appeared).
    OverConsistent = 1 << 7,
    /// LPA* and D* Lite: under-consistent, g < rhs (the route g counted on got dearer).
    UnderConsistent = 1 << 8,
}

named_enum!(Mark, "mark", {
    Scanned => "scanned",
    JumpPoint => "jump-point",
    Forced => "forced",
    Backward => "backward",
    Meeting => "meeting",
    OnStack => "on-stack",
    Pruned => "pruned",
    OverConsistent => "over-consistent",
    UnderConsistent => "under-consistent",
});

impl Mark {
    pub const fn bit(self) -> u16 {
        self as u16
    }
}

pub const MARK_SCANNED: u16 = Mark::Scanned.bit();
pub const MARK_JUMP_POINT: u16 = Mark::JumpPoint.bit();
pub const MARK_FORCED: u16 = Mark::Forced.bit();
pub const MARK_BACKWARD: u16 = Mark::Backward.bit();
pub const MARK_MEETING: u16 = Mark::Meeting.bit();
pub const MARK_ON_STACK: u16 = Mark::OnStack.bit();
pub const MARK_PRUNED: u16 = Mark::Pruned.bit();
pub const MARK_OVERCONSISTENT: u16 = Mark::OverConsistent.bit();
pub const MARK_UNDERCONSISTENT: u16 = Mark::UnderConsistent.bit();

#[cfg(test)]
mod tests {
    use super::*;

    /// A bit means one mark whatever the finder: no two marks share one.
    #[test]
    fn every_mark_has_a_bit_of_its_own() {
        let mut all = 0u16;
        for mark in Mark::ALL {
            assert_eq!(mark.bit().count_ones(), 1, "{mark}");
            assert_eq!(all & mark.bit(), 0, "{mark} shares its bit");
            all |= mark.bit();
        }
    }
}
