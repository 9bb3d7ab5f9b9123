//! The best-first search as a [`Finder`]: its steps, and the queries answered from its
//! state.

use super::{Estimate, Search};
use crate::checks::search_error::SearchError;
use crate::finder::{Basics, Finder};
use crate::geometry::grid::Point;
use crate::geometry::heuristic::Heuristic;
use crate::geometry::sight;
use crate::vocabulary::events::{NodeValues, StepEvent};
use crate::vocabulary::record::{STATE_MASK, UNVISITED};
use crate::vocabulary::status::{Counters, FinderInfo, Status};

impl Finder for Search {
    fn step(&mut self) -> Option<StepEvent> {
        Search::step(self)
    }

    fn step_back(&mut self) -> bool {
        Search::step_back(self)
    }

    fn advance(&mut self, n: u32) -> u32 {
        Search::advance(self, n)
    }

    fn run(&mut self) -> Status {
        Search::run(self)
    }

    fn restart(&mut self, start: Point, goal: Point) -> Result<(), SearchError> {
        Search::restart(self, start, goal)
    }

    fn basics(&self) -> Basics<'_> {
        Basics::of_cells(
            &self.grid,
            &self.options,
            &self.marks,
            self.status,
            self.total_steps,
            self.current,
        )
    }

    fn counters(&self) -> Counters {
        Counters {
            open: self.open.len() as u32,
            ..self.counters
        }
    }

    /// Per-cell record, row by row: the state under `STATE_MASK`, and the move from the
    /// parent (see `crate::vocabulary::record`).
    fn records(&self) -> &[u8] {
        &self.record
    }

    fn g_values(&self) -> &[f64] {
        &self.g
    }

    fn open_list(&self, k: usize) -> Vec<NodeValues> {
        self.open
            .peek_sorted(k)
            .into_iter()
            .map(|(cell, _)| self.values(cell))
            .collect()
    }

    fn open_list_partway(&mut self, made: usize, k: usize) -> Option<Vec<NodeValues>> {
        Search::open_list_partway(self, made, k)
    }

    fn path(&self) -> &[u32] {
        &self.path
    }

    /// Worked out as the loop worked out the priority the cell was queued by.
    fn estimates(&self, cell: u32) -> (f64, f64) {
        let c = cell as usize;
        if self.state_at(cell) == UNVISITED {
            return (f64::INFINITY, f64::INFINITY);
        }
        let Estimate { h, f } = self.estimate_at(c, self.grid.point(c), self.g[c]);
        (h, f)
    }

    fn touched(&self) -> Vec<Point> {
        let opened = match self.history.last() {
            Some(last) => &self.visited[last.opened_from as usize..],
            None => &[],
        };
        let improved = self.history.last_changes().iter().map(|c| c.cell);
        (opened.iter().copied().chain(improved))
            .map(|cell| self.grid.point(cell as usize))
            .collect()
    }

    fn parent_at(&self, cell: u32) -> Option<u32> {
        self.parent_by(cell, self.record[cell as usize])
    }

    fn parents(&self) -> &[u32] {
        &self.parents
    }

    fn info(&self) -> FinderInfo {
        FinderInfo {
            sight_checks: self.sight.map(|_| self.sight_checks),
            ..FinderInfo::default()
        }
    }

    /// An any-angle path's segments cost their length, added up as the search added them.
    fn shown_path_cost(&self) -> f64 {
        match self.sight {
            Some((_, unit)) => {
                let points = self.path.iter().map(|&c| self.grid.point(c as usize));
                let cost = (points.clone().zip(points.skip(1)))
                    .fold(0.0, |g, (a, b)| g + unit * sight::length(a, b));
                cost / self.cost_scale()
            }
            None => self.options.path_cost(&self.grid, &self.path),
        }
    }
}

impl Search {
    pub fn heuristic(&self) -> Heuristic {
        self.neighbourhood.heuristic()
    }

    pub fn start(&self) -> Point {
        self.grid.point(self.start as usize)
    }

    pub fn goal(&self) -> Point {
        self.grid.point(self.goal as usize)
    }

    /// A cell's state: `UNVISITED`, `OPEN` or `CLOSED`.
    pub fn state_at(&self, cell: u32) -> u8 {
        self.record[cell as usize] & STATE_MASK
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
}
