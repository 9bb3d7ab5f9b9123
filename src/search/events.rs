//! The event form of a step: what a person is told happened at the expanded node and at
//! each of its neighbours, in the values shown in the cells.

use super::{Estimate, Search, Seen};
use crate::events::{Neighbour, Outcome, StepEvent};
use crate::finder::Finder;
use crate::grid::Point;
use crate::movement::MOVES;
use crate::record::NO_PARENT;
use crate::status::Status;

/// How many of the nodes an expanded node tied with its event names.
pub const NAMED_TIES: usize = 5;

impl Search {
    /// One step, recorded for `step_back`, with an event describing it; `None` once finished.
    pub fn step(&mut self) -> Option<StepEvent> {
        let mut neighbours = Vec::with_capacity(self.movement.moves().len());
        let mut report = |search: &Search, from: Point, move_index: usize, seen: Seen| {
            neighbours.push(search.neighbour(from, move_index, seen));
        };
        let popped = self.take_step::<true, true>(&mut report)?;
        let step = self.counters.steps;
        let Some(cell) = popped else {
            return Some(StepEvent::NoPath { step });
        };
        let node = self.values(cell);
        Some(match self.status {
            Status::Found => StepEvent::GoalReached {
                step,
                node,
                cost: node.g,
                steps: self.path.len() as u32 - 1,
            },
            _ => StepEvent::Expanded {
                step,
                node,
                neighbours,
                ties: (self.ties.iter().take(NAMED_TIES))
                    .map(|&(_, cell)| self.values(cell))
                    .collect(),
                tied: self.ties.len() as u32,
            },
        })
    }

    /// The event form of what the loop saw at the neighbour reached by the `move_index`-th
    /// move from `from`, in display units.
    fn neighbour(&self, from: Point, move_index: usize, seen: Seen) -> Neighbour {
        let m = MOVES[move_index];
        let (x, y) = (from.x as i64 + m.dx as i64, from.y as i64 + m.dy as i64);
        let at = self.grid.index_of(x, y);
        let scale = self.cost_scale();
        // The neighbour's G (only asked for cells on the grid).
        let g = || at.as_ref().map_or(f64::INFINITY, |&n| self.g[n] / scale);
        let shown = |e: Estimate| (g(), e.h / scale, e.f / self.priority_scale());
        let outcome = match seen {
            // A move onto a free cell on the grid is blocked only by the diagonal rule.
            Seen::Blocked => match at {
                Err(_) => Outcome::OffGrid,
                Ok(n) if !self.grid.is_passable_at(n) => Outcome::Wall,
                Ok(_) => Outcome::CornerBlocked,
            },
            Seen::Closed => Outcome::Closed,
            Seen::NotImproved { candidate_g } => Outcome::NotImproved {
                g: g(),
                candidate_g: candidate_g / scale,
            },
            Seen::AlreadyOpen => Outcome::AlreadyOpen { g: g() },
            // The node being expanded, at `from`, is the new parent.
            Seen::Opened(now) => {
                let (g, h, f) = shown(now);
                Outcome::Opened {
                    g,
                    h,
                    f,
                    parent: from,
                }
            }
            Seen::Improved {
                old_g,
                old_record,
                now,
            } => {
                let (g, h, f) = shown(now);
                let to = at.map_or(NO_PARENT, |n| n as u32);
                let old_parent = self.parent_by(to, old_record).unwrap_or(NO_PARENT);
                Outcome::Improved {
                    old_g: old_g / scale,
                    g,
                    h,
                    f,
                    old_parent: self.grid.point(old_parent as usize),
                    parent: from,
                }
            }
        };
        Neighbour { x, y, outcome }
    }
}
