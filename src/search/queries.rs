//! What a search can be asked: cell states and values, the open list, the path, counters.

use super::{CellState, Counters, Estimate, Search, Status, NO_PARENT, STATE_MASK, UNVISITED};
use crate::events::NodeValues;
use crate::grid::{Grid, GridError, Point};
use crate::heuristic::Heuristic;
use crate::options::{Algorithm, SearchOptions};

impl Search {
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    pub fn heuristic(&self) -> Heuristic {
        self.heuristic
    }

    pub fn start(&self) -> Point {
        self.grid.point(self.start as usize)
    }

    pub fn goal(&self) -> Point {
        self.grid.point(self.goal as usize)
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn counters(&self) -> Counters {
        Counters {
            open: self.open.len() as u32,
            ..self.counters
        }
    }

    /// Steps of the whole search, once it has been run to the end.
    pub fn total_steps(&self) -> Option<u32> {
        self.total_steps
    }

    /// Cost units per displayed unit for G and H.
    pub fn cost_scale(&self) -> f64 {
        self.options.costs.scale()
    }

    /// Units per displayed unit for F: breadth-first F is a plain move count.
    pub fn priority_scale(&self) -> f64 {
        match self.options.algorithm {
            Algorithm::BreadthFirst => 1.0,
            _ => self.cost_scale(),
        }
    }

    /// Per-cell record, row by row: the state ([`UNVISITED`], [`OPEN`], [`CLOSED`]) under
    /// [`STATE_MASK`], and the move from the parent (see [`HAS_PARENT`]).
    pub fn records(&self) -> &[u8] {
        &self.record
    }

    /// Finder marks, one byte per cell: none for a best-first search.
    pub fn marks(&self) -> &[u8] {
        &self.marks
    }

    /// A cell's state: [`UNVISITED`], [`OPEN`] or [`CLOSED`].
    pub fn state_at(&self, cell: u32) -> u8 {
        self.record[cell as usize] & STATE_MASK
    }

    /// A cell's parent, if it has one.
    pub fn parent_at(&self, cell: u32) -> Option<u32> {
        self.parent_by(cell, self.record[cell as usize])
    }

    /// Per-cell G in units (`INFINITY` where not reached); see [`Search::values`] for H and F.
    pub fn g_values(&self) -> &[f64] {
        &self.g
    }

    /// The node taken by the last step.
    pub fn current(&self) -> Option<Point> {
        (self.current != NO_PARENT).then(|| self.grid.point(self.current as usize))
    }

    /// Cells opened or improved by the last recorded step.
    pub fn touched(&self) -> Vec<Point> {
        let opened = match self.history.last() {
            Some(last) => &self.visited[last.opened_from as usize..],
            None => &[],
        };
        let improved = self.history.last_improvements().iter().map(|c| c.cell);
        (opened.iter().copied().chain(improved))
            .map(|cell| self.grid.point(cell as usize))
            .collect()
    }

    /// A cell's H and F in units, `INFINITY` for a cell not reached yet, worked out as the
    /// loop worked out the priority the cell was queued by.
    pub fn estimates(&self, cell: u32) -> (f64, f64) {
        let c = cell as usize;
        if self.state_at(cell) == UNVISITED {
            return (f64::INFINITY, f64::INFINITY);
        }
        let Estimate { h, f } = self.estimate_at(c, self.grid.point(c), self.g[c]);
        (h, f)
    }

    /// A cell's G, H and F in display units, `INFINITY` for a cell not reached yet.
    pub fn values(&self, cell: u32) -> NodeValues {
        let p = self.grid.point(cell as usize);
        let (h, f) = self.estimates(cell);
        let g = self.g[cell as usize];
        NodeValues::displayed(p, (g, h, f), self.cost_scale(), self.priority_scale())
    }

    /// The first `k` open nodes in the order they will be taken.
    pub fn open_list(&self, k: usize) -> Vec<NodeValues> {
        self.open
            .peek_sorted(k)
            .into_iter()
            .map(|(cell, _)| self.values(cell))
            .collect()
    }

    /// Cell indices from start to goal, once found.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    pub fn path_points(&self) -> Vec<Point> {
        self.path
            .iter()
            .map(|&c| self.grid.point(c as usize))
            .collect()
    }

    /// Path cost in units, once found.
    pub fn path_cost_units(&self) -> Option<f64> {
        (self.status == Status::Found).then(|| self.g[self.goal as usize])
    }

    /// Path cost in display units, once found, summed exactly (see
    /// [`CostModel::path_cost`](crate::movement::CostModel::path_cost)).
    pub fn path_cost(&self) -> Option<f64> {
        (self.status == Status::Found).then(|| self.options.costs.path_cost(&self.grid, &self.path))
    }

    /// Moves on the path, once found.
    pub fn path_steps(&self) -> Option<u32> {
        (self.status == Status::Found).then(|| self.path.len() as u32 - 1)
    }

    pub fn cell_state(&self, p: Point) -> Result<CellState, GridError> {
        let i = self.grid.index_of(p.x as i64, p.y as i64)?;
        Ok(CellState::shown(
            self.grid.is_passable_at(i),
            self.path.contains(&(i as u32)),
            self.current == i as u32,
            self.record[i],
        ))
    }

    /// A cell's parent position, if it has one.
    pub fn parent_of(&self, p: Point) -> Result<Option<Point>, GridError> {
        let i = self.grid.index_of(p.x as i64, p.y as i64)?;
        Ok(self
            .parent_at(i as u32)
            .map(|q| self.grid.point(q as usize)))
    }
}
