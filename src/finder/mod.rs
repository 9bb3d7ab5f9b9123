//! One stepwise interface for every finder: the page, the command line and the tests drive
//! the best-first searches and the finders with loops of their own alike. What every
//! finder does the same way from its other answers (seeking, running to the end, a cell's
//! state and values, the path's length) is written once here, as default methods.

pub mod journal;
pub mod key;
pub mod open_list;
pub(crate) mod partway;
pub(crate) mod relaxation;
pub mod repairing;

use crate::catalogue::Priority;
use crate::checks::search_error::SearchError;
use crate::finder::repairing::Repairing;
use crate::geometry::grid::{Grid, GridError, Point};
use crate::options::SearchOptions;
use crate::vocabulary::events::{NodeValues, StepEvent};
use crate::vocabulary::record::{CellState, NO_PARENT};
use crate::vocabulary::status::{Counters, FinderInfo, Status};

/// The answers every finder keeps as plain fields, handed over in one piece so that each
/// finder writes one method for them.
pub struct Basics<'a> {
    pub status: Status,
    pub total_steps: Option<u32>,
    pub current: Option<Point>,
    pub options: &'a SearchOptions,
    pub grid: &'a Grid,
    pub marks: &'a [u16],
}

impl<'a> Basics<'a> {
    /// For a finder that keeps its current node as a cell index, `NO_PARENT` for none.
    pub fn of_cells(
        grid: &'a Grid,
        options: &'a SearchOptions,
        marks: &'a [u16],
        status: Status,
        total_steps: Option<u32>,
        current: u32,
    ) -> Basics<'a> {
        Basics {
            status,
            total_steps,
            current: (current != NO_PARENT).then(|| grid.point(current as usize)),
            options,
            grid,
            marks,
        }
    }
}

/// A search taken one step at a time, with an exact undo of each step and the queries the
/// page draws from. Cell indices run row by row.
pub trait Finder {
    /// One step with an event describing it, recorded for [`Finder::step_back`]; `None`
    /// once the search has finished.
    fn step(&mut self) -> Option<StepEvent>;
    /// Undoes the last recorded step, restoring the identical state; `false` when there is
    /// nothing to undo.
    fn step_back(&mut self) -> bool;
    /// Takes up to `n` recorded steps without events; returns how many were taken.
    fn advance(&mut self, n: u32) -> u32;
    /// Runs to the end as fast as possible, recording nothing: no undo, no marks.
    fn run(&mut self) -> Status;
    /// Starts again between new endpoints on the same grid.
    fn restart(&mut self, start: Point, goal: Point) -> Result<(), SearchError>;

    /// What the finder answers straight from its fields.
    fn basics(&self) -> Basics<'_>;
    fn counters(&self) -> Counters;
    /// One byte per cell: state and parent move (see `crate::vocabulary::record::HAS_PARENT`).
    fn records(&self) -> &[u8];
    /// Per-cell G in cost units, `INFINITY` where not reached.
    fn g_values(&self) -> &[f64];
    /// A cell's H and F in units, `INFINITY` for a cell not reached.
    fn estimates(&self, cell: u32) -> (f64, f64);
    /// Cells opened or improved by the last recorded step.
    fn touched(&self) -> Vec<Point>;
    /// The first `k` open nodes in the order they will be taken.
    fn open_list(&self, k: usize) -> Vec<NodeValues>;
    /// The first `k` open nodes partway through the next step: its node taken off and only
    /// the first `made` of the entries it adds or improves in (see `partway.rs`); the
    /// search is left as it was. `None` once finished, for a step that takes no node, and for
    /// a finder without an open list (IDA*, a walk) or with a queue of its own (LPA* and
    /// D* Lite: [`Repairing::queue_partway`]).
    fn open_list_partway(&mut self, made: usize, k: usize) -> Option<Vec<NodeValues>> {
        let _ = (made, k);
        None
    }
    /// Cell indices from start to goal, every cell of the path, once found.
    fn path(&self) -> &[u32];
    /// A cell's parent node, if it has one (for Jump Point Search, the jump point it was
    /// reached from, which need not be adjacent).
    fn parent_at(&self, cell: u32) -> Option<u32>;

    /// Each cell's parent cell (`NO_PARENT` for none), for a finder whose parents need not
    /// be neighbours (the any-angle finders); empty for the others, whose records name the
    /// move from the parent.
    fn parents(&self) -> &[u32] {
        &[]
    }

    fn status(&self) -> Status {
        self.basics().status
    }

    /// Steps of the whole search, once it has been run to the end.
    fn total_steps(&self) -> Option<u32> {
        self.basics().total_steps
    }

    /// The node taken by the last step.
    fn current(&self) -> Option<Point> {
        self.basics().current
    }

    fn options(&self) -> &SearchOptions {
        self.basics().options
    }

    fn grid(&self) -> &Grid {
        self.basics().grid
    }

    /// One byte of `MARK_*` flags per cell, set by recorded steps; all zero for a finder
    /// without marks.
    fn marks(&self) -> &[u16] {
        self.basics().marks
    }

    /// A search that repairs itself after cell changes (the finders whose catalogue entry
    /// says `repairs`, and a walk planning with one); `None` for the others.
    fn repairing(&self) -> Option<&dyn Repairing> {
        None
    }

    /// The same, to hand it cell changes; `None` also for a walk, whose planner only its
    /// own moves and senses change.
    fn repairing_mut(&mut self) -> Option<&mut dyn Repairing> {
        None
    }

    /// The finder's own counters (see its catalogue entry); none by default.
    fn info(&self) -> FinderInfo {
        FinderInfo::default()
    }

    /// Runs to the end, recorded, so the timeline can still go back.
    fn finish(&mut self) -> Status {
        self.advance(u32::MAX);
        self.status()
    }

    /// Moves to step `target` (0 = before the first), back or forwards; returns the step
    /// reached (less than `target` if the search ends sooner).
    fn seek(&mut self, target: u32) -> u32 {
        while self.counters().steps > target && self.step_back() {}
        let steps = self.counters().steps;
        if steps < target {
            self.advance(target - steps);
        }
        self.counters().steps
    }

    /// Cost units per displayed unit for G and H.
    fn cost_scale(&self) -> f64 {
        self.options().costs.scale()
    }

    /// Units per displayed unit for F: a count of moves is shown as it is.
    fn priority_scale(&self) -> f64 {
        match self.options().algorithm.entry().priority {
            Priority::Moves => 1.0,
            Priority::F | Priority::G | Priority::H | Priority::Key => self.cost_scale(),
        }
    }

    /// A cell's G, H and F in display units.
    fn values(&self, cell: u32) -> NodeValues {
        let p = self.grid().point(cell as usize);
        let (h, f) = self.estimates(cell);
        let g = self.g_values()[cell as usize];
        NodeValues::displayed(p, (g, h, f), self.cost_scale(), self.priority_scale())
    }

    /// Path cost in display units, once found, its moves summed exactly (see
    /// [`CostModel::path_cost`](crate::geometry::movement::CostModel::path_cost)) rather than read from
    /// the goal's fixed-point G.
    fn path_cost(&self) -> Option<f64> {
        (self.status() == Status::Found).then(|| self.shown_path_cost())
    }

    /// The cost of the path held now (the answer, or a bidirectional search's best so far),
    /// summed exactly.
    fn shown_path_cost(&self) -> f64 {
        self.options().path_cost(self.grid(), self.path())
    }

    /// Moves (segments, for an any-angle finder) on the path, once found.
    fn path_steps(&self) -> Option<u32> {
        (self.status() == Status::Found).then(|| self.path().len() as u32 - 1)
    }

    fn cell_state(&self, p: Point) -> Result<CellState, GridError> {
        let i = self.grid().index_of(p.x as i64, p.y as i64)?;
        Ok(CellState::shown(
            self.grid().is_passable_at(i),
            self.path().contains(&(i as u32)),
            self.current() == Some(p),
            self.records()[i],
        ))
    }

    /// A cell's parent position, if it has one.
    fn parent_of(&self, p: Point) -> Result<Option<Point>, GridError> {
        let i = self.grid().index_of(p.x as i64, p.y as i64)?;
        Ok(self
            .parent_at(i as u32)
            .map(|q| self.grid().point(q as usize)))
    }
}
