//! Batches of cell changes: applied all or none, then the vertices whose edges they
//! changed are updated and further steps repair the search.

use std::cell::OnceCell;

use crate::finder::repairing::{CellEdit, RepairError};
use crate::geometry::grid::{Grid, GridError, Point, MAX_WEIGHT, WALL};
use crate::vocabulary::status::Status;

use super::entry::EntryKind;
use super::{Incremental, Variant};

impl Incremental {
    /// Applies a batch of cell changes, all or none, and updates the vertices whose edges
    /// they changed: the changed cells and the cells around them (a wall also blocks the
    /// diagonals beside it). Further steps repair the search. For D* Lite, k_m first grows
    /// by h(s_last, s_start) and s_last becomes the start. Returns how many cells changed.
    pub fn apply_edits(&mut self, edits: &[CellEdit]) -> Result<usize, RepairError> {
        let endpoints = [self.s.start, self.goal];
        for e in edits {
            let cell = self
                .graph
                .grid
                .index_of(i64::from(e.at.x), i64::from(e.at.y))
                .map_err(|cause| RepairError::Grid { cause })?;
            if e.terrain > MAX_WEIGHT {
                return Err(RepairError::Grid {
                    cause: GridError::bad_terrain(e.terrain),
                });
            }
            if e.terrain == WALL && endpoints.contains(&(cell as u32)) {
                return Err(RepairError::WallOnEndpoint {
                    x: e.at.x,
                    y: e.at.y,
                });
            }
        }
        self.begin_entry(EntryKind::Edits(Vec::new()));
        let mut previous = Vec::new();
        let mut affected = std::mem::take(&mut self.affected);
        affected.clear();
        for e in edits {
            // Checked above.
            let Ok(old) = self.graph.set_terrain(e.at, e.terrain) else {
                continue;
            };
            if old != e.terrain {
                previous.push((e.at, old));
                affected.extend(self.graph.neighbourhood.around(&self.graph.grid, e.at));
            }
        }
        if let (true, Some(entry)) = (self.recording, self.journal.last_mut()) {
            entry.kind = EntryKind::Edits(previous.clone());
        }
        affected.sort_unstable();
        affected.dedup();
        if !previous.is_empty() && self.variant == Variant::DStarLite {
            let (last, start) = (self.s.last_at, self.s.start_at);
            self.s.k_m += self.graph.neighbourhood.estimate(last, start);
            self.s.last_at = start;
        }
        let source = self.source();
        for &cell in &affected {
            self.save(cell);
            if !self.graph.grid.is_passable_at(cell as usize) {
                self.g[cell as usize] = f64::INFINITY;
                self.set_rhs(cell, f64::INFINITY, None);
                self.queue_set(cell, None);
                continue;
            }
            if cell != source {
                let (rhs, by) = self.lookahead(cell);
                self.set_rhs(cell, rhs, by);
            }
            self.update_vertex(cell);
        }
        self.affected = affected;
        self.reopen();
        Ok(previous.len())
    }

    /// After a change, the search runs again to its end test; this repair's counters
    /// begin here, and its steps count from 0: stepping back stops at the change.
    fn reopen(&mut self) {
        self.s.status = Status::Running;
        self.s.total_steps = None;
        self.s.counters.steps = 0;
        self.s.repair_from = self.s.counters.expanded;
        self.path = OnceCell::new();
        self.from_scratch = OnceCell::new();
    }

    /// The batch of cell changes that makes the map searched `grid`, applied (see
    /// [`Incremental::apply_edits`]); `Ok(None)`, changing nothing, when `grid` is another
    /// size or `start` and `goal` are not this search's: a new search is wanted then. A
    /// grid the same as the one searched changes nothing: `Ok(Some(0))`.
    pub fn repair_to(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
    ) -> Result<Option<usize>, RepairError> {
        let searched = &self.graph.grid;
        let same_size = (grid.width(), grid.height()) == (searched.width(), searched.height());
        if !same_size || start != self.s.start_at || goal != self.goal_at {
            return Ok(None);
        }
        let edits: Vec<CellEdit> = (grid.terrain().iter().zip(searched.terrain()))
            .enumerate()
            .filter(|(_, (new, old))| new != old)
            .map(|(i, (&terrain, _))| CellEdit {
                at: grid.point(i),
                terrain,
            })
            .collect();
        if edits.is_empty() {
            return Ok(Some(0));
        }
        self.apply_edits(&edits).map(Some)
    }
}
