//! The invariants of the algorithm, checked over every cell (for the tests).

use crate::vocabulary::marks::{MARK_OVERCONSISTENT, MARK_UNDERCONSISTENT};
use crate::vocabulary::status::Status;

use super::{Incremental, Variant};

impl Incremental {
    /// The invariants of the algorithm, checked over every cell: the first broken one.
    /// rhs is the one-step lookahead (0 at the source; a wall has g = rhs = infinity); the
    /// queue holds exactly the locally inconsistent cells, LPA*'s under their current
    /// keys and D* Lite's under keys no higher than their current ones (k_m makes up for
    /// the start's moves); the marks and states say the same; and once the search has
    /// ended the top key is not below the target's and the target is consistent.
    pub fn check_invariants(&mut self) -> Result<(), String> {
        let source = self.source();
        for cell in 0..self.g.len() as u32 {
            let c = cell as usize;
            let at = self.graph.point(cell);
            let (g, rhs) = (self.g[c], self.rhs[c]);
            let queued = self.open.key_of(cell);
            if !self.graph.grid.is_passable_at(c) {
                if g.is_finite() || rhs.is_finite() || queued.is_some() {
                    return Err(format!("wall {at}: g {g}, rhs {rhs}, queued {queued:?}"));
                }
                continue;
            }
            let expected = if cell == source {
                0.0
            } else {
                self.lookahead(cell).0
            };
            if rhs != expected {
                return Err(format!("{at}: rhs {rhs}, lookahead {expected}"));
            }
            if queued.is_some() != (g != rhs) {
                return Err(format!("{at}: g {g}, rhs {rhs}, queued {queued:?}"));
            }
            if let Some(key) = queued {
                let now = self.calculate_key(cell);
                let fits = match self.variant {
                    Variant::LpaStar => key == now,
                    Variant::DStarLite => key <= now,
                };
                if !fits {
                    return Err(format!("{at}: queued under {key:?}, key now {now:?}"));
                }
            }
            let mark = match g.partial_cmp(&rhs) {
                Some(std::cmp::Ordering::Greater) => MARK_OVERCONSISTENT,
                Some(std::cmp::Ordering::Less) => MARK_UNDERCONSISTENT,
                _ => 0,
            };
            if self.marks[c] != mark {
                return Err(format!("{at}: g {g}, rhs {rhs}, mark {}", self.marks[c]));
            }
        }
        if self.s.status != Status::Running {
            let target = self.target();
            let t = target as usize;
            let top = self.open.peek().and_then(|cell| self.open.key_of(cell));
            let target_key = self.calculate_key(target);
            if top.is_some_and(|k| k.order() < target_key.order()) || self.g[t] != self.rhs[t] {
                return Err(format!(
                    "ended with top key {top:?} below the target's {target_key:?} or the \
                     target inconsistent"
                ));
            }
        }
        Ok(())
    }
}
