//! D* Lite's start moving with the agent, one legal move at a time.

use std::cell::OnceCell;

use crate::finder::repairing::RepairError;
use crate::geometry::grid::Point;
use crate::geometry::topology;
use crate::vocabulary::status::Status;

use super::entry::EntryKind;
use super::{Incremental, Variant};

impl Incremental {
    /// D* Lite: the agent moved one legal move, to `to`, which becomes the start. The
    /// values stay valid (they measure toward the goal); a path already found is walked
    /// on from there.
    pub fn move_start(&mut self, to: Point) -> Result<(), RepairError> {
        if self.variant != Variant::DStarLite {
            return Err(RepairError::StartFixed);
        }
        let not_a_move = RepairError::NotAMove { x: to.x, y: to.y };
        let from = self.s.start;
        let legal = self.graph.legal(from);
        let moved = topology::indices(legal)
            .map(|i| self.graph.neighbour(from, i))
            .find(|&cell| self.graph.point(cell) == to)
            .ok_or(not_a_move)?;
        self.begin_entry(EntryKind::Move);
        (self.s.start, self.s.start_at) = (moved, to);
        self.s.repair_from = self.s.counters.expanded;
        self.s.counters.steps = 0;
        self.from_scratch = OnceCell::new();
        if self.s.status == Status::Found {
            self.s.total_steps = Some(0);
            // Walking the path found: the rest of it is the path from here (the best
            // neighbour of each cell is what it was).
            match self.path.get_mut() {
                Some(path) if path.get(1) == Some(&moved) => {
                    path.remove(0);
                }
                _ => self.path = OnceCell::new(),
            }
        } else {
            self.s.total_steps = None;
            self.s.status = Status::Running;
        }
        Ok(())
    }
}
