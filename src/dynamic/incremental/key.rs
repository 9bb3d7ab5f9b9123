//! The queue's two-part keys, `[min(g, rhs) + h + k_m; min(g, rhs)]`, and how ties on k1 are
//! broken.

use crate::finder::open_list::QueueKey;
use crate::options::TieBreak;

/// A queue key `[k1; k2]` in cost units, ordered by k1, then by `rank` (how ties on k1
/// are broken, see [`TwoPartKey::calculate`]), then by the cell, which makes every key
/// distinct so that the pop order never depends on how the heap happens to be arranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct TwoPartKey {
    pub k1: u64,
    rank: u64,
    pub cell: u32,
    pub k2: u64,
}

/// Added to the rank of a vertex that is not under-consistent under the larger-g order,
/// so that every under-consistent vertex with the same k1 comes first.
const AFTER_UNDER_CONSISTENT: u64 = 1 << 63;

impl TwoPartKey {
    /// The key without its cell, for a log that keeps the cell already.
    pub(super) fn parts(&self) -> [u64; 3] {
        [self.k1, self.rank, self.k2]
    }

    /// The key of `cell` from its [`TwoPartKey::parts`].
    pub(super) fn from_parts(cell: u32, [k1, rank, k2]: [u64; 3]) -> TwoPartKey {
        TwoPartKey { k1, rank, cell, k2 }
    }

    /// CalculateKey(s) = [min(g, rhs) + h + k_m; min(g, rhs)] for the cell `cell`, each
    /// part kept as its float's bits, which order as the numbers do (none is negative):
    /// moves of any length cost fractions of a unit.
    ///
    /// With the smaller-g tie-break keys are ordered as the paper orders them, by k1 and
    /// then k2. The larger-g tie-break keeps k1 first and, among equal k1, takes the
    /// under-consistent vertices first, by smaller k2 as the paper does, and then the rest
    /// by larger k2, as A* breaks its ties: on open ground it goes straight down one
    /// shortest path instead of sweeping every cell on one. The answer stays exact: an
    /// over-consistent vertex with the target's k1 cannot lower the target's g (a
    /// consistent heuristic), so only the under-consistent ones must come before the end
    /// test passes, and they do; a consistent target ranks with the largest k2 there is.
    pub(super) fn calculate(
        cell: u32,
        g: f64,
        rhs: f64,
        h: f64,
        k_m: f64,
        tie_break: TieBreak,
    ) -> TwoPartKey {
        let least = g.min(rhs);
        let k2 = least.to_bits();
        let under_consistent = g < rhs;
        let rank = if tie_break == TieBreak::SmallerG || under_consistent {
            k2
        } else {
            AFTER_UNDER_CONSISTENT
                | (AFTER_UNDER_CONSISTENT - 1 - k2.min(AFTER_UNDER_CONSISTENT - 1))
        };
        TwoPartKey {
            k1: (least + h + k_m).to_bits(),
            rank,
            cell,
            k2,
        }
    }

    /// k1 in cost units.
    pub fn k1_units(self) -> f64 {
        f64::from_bits(self.k1)
    }

    /// k2 in cost units.
    pub fn k2_units(self) -> f64 {
        f64::from_bits(self.k2)
    }

    /// The order of the key without its cell: what the end test compares.
    pub(super) fn order(self) -> (u64, u64) {
        (self.k1, self.rank)
    }
}

impl QueueKey for TwoPartKey {
    #[inline(always)]
    fn cell(self) -> u32 {
        self.cell
    }
}
