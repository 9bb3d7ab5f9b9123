//! One stepwise interface for every finder: the page, the command line and the tests drive
//! A*, Dijkstra, greedy, breadth-first and the finders with loops of their own alike.

use serde::Serialize;

use crate::names::named_enum;

use crate::events::{NodeValues, StepEvent};
use crate::grid::{Grid, GridError, Point};
use crate::options::SearchOptions;
use crate::search::{CellState, Counters, Search, SearchError, Status};

/// Counters only some finders have; absent ones are left out when serialized.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FinderInfo {
    /// Jump Point Search: cells passed over by jumps so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scanned: Option<u64>,
    /// Jump Point Search: jump points found so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jump_points: Option<u32>,
    /// IDA*: the current f threshold, in display units.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threshold: Option<f64>,
    /// IDA*: the depth-first iteration under way, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iteration: Option<u32>,
    /// Bidirectional search: the cost of the best path found so far, in display units.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_cost: Option<f64>,
    /// Bidirectional search: where the best path so far joins the two searches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub meeting: Option<Point>,
}

/// The fields of [`FinderInfo`], as they are named when serialized.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    Scanned,
    JumpPoints,
    Threshold,
    Iteration,
    BestCost,
    Meeting,
}

named_enum!(Counter, "counter", {
    Scanned => "scanned",
    JumpPoints => "jumpPoints",
    Threshold => "threshold",
    Iteration => "iteration",
    BestCost => "bestCost",
    Meeting => "meeting",
});

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
    /// Runs to the end, recorded, so the timeline can still go back.
    fn finish(&mut self) -> Status;
    /// Runs to the end as fast as possible, recording nothing: no undo, no marks.
    fn run(&mut self) -> Status;
    /// Moves to step `target` (0 = before the first), back or forwards; returns the step reached.
    fn seek(&mut self, target: u32) -> u32;
    /// Starts again between new endpoints on the same grid.
    fn restart(&mut self, start: Point, goal: Point) -> Result<(), SearchError>;

    fn status(&self) -> Status;
    fn counters(&self) -> Counters;
    /// Steps of the whole search, once it has been run to the end.
    fn total_steps(&self) -> Option<u32>;
    /// One byte per cell: state and parent move (see `crate::search::HAS_PARENT`).
    fn records(&self) -> &[u8];
    /// Per-cell G in cost units, `INFINITY` where not reached.
    fn g_values(&self) -> &[f64];
    /// A cell's H and F in units, `INFINITY` for a cell not reached.
    fn estimates(&self, cell: u32) -> (f64, f64);
    /// A cell's G, H and F in display units.
    fn values(&self, cell: u32) -> NodeValues;
    /// Cost units per displayed unit for G and H.
    fn cost_scale(&self) -> f64;
    /// Units per displayed unit for F.
    fn priority_scale(&self) -> f64;
    /// The node taken by the last step.
    fn current(&self) -> Option<Point>;
    /// Cells opened or improved by the last recorded step.
    fn touched(&self) -> Vec<Point>;
    /// The first `k` open nodes in the order they will be taken.
    fn open_list(&self, k: usize) -> Vec<NodeValues>;
    /// Cell indices from start to goal, every cell of the path, once found.
    fn path(&self) -> &[u32];
    /// Path cost in display units, once found.
    fn path_cost(&self) -> Option<f64>;
    /// Moves on the path, once found.
    fn path_steps(&self) -> Option<u32>;
    fn cell_state(&self, p: Point) -> Result<CellState, GridError>;
    /// A cell's parent node, if it has one (for Jump Point Search, the jump point it was
    /// reached from, which need not be adjacent).
    fn parent_of(&self, p: Point) -> Result<Option<Point>, GridError>;
    fn options(&self) -> &SearchOptions;
    fn grid(&self) -> &Grid;
    /// One byte of `MARK_*` flags per cell, set by recorded steps; all zero for a finder
    /// without marks.
    fn marks(&self) -> &[u8];
    /// The finder's own counters.
    fn info(&self) -> FinderInfo;
}

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

    fn finish(&mut self) -> Status {
        Search::finish(self)
    }

    fn run(&mut self) -> Status {
        Search::run(self)
    }

    fn seek(&mut self, target: u32) -> u32 {
        Search::seek(self, target)
    }

    fn restart(&mut self, start: Point, goal: Point) -> Result<(), SearchError> {
        Search::restart(self, start, goal)
    }

    fn status(&self) -> Status {
        Search::status(self)
    }

    fn counters(&self) -> Counters {
        Search::counters(self)
    }

    fn total_steps(&self) -> Option<u32> {
        Search::total_steps(self)
    }

    fn records(&self) -> &[u8] {
        Search::records(self)
    }

    fn g_values(&self) -> &[f64] {
        Search::g_values(self)
    }

    fn estimates(&self, cell: u32) -> (f64, f64) {
        Search::estimates(self, cell)
    }

    fn values(&self, cell: u32) -> NodeValues {
        Search::values(self, cell)
    }

    fn cost_scale(&self) -> f64 {
        Search::cost_scale(self)
    }

    fn priority_scale(&self) -> f64 {
        Search::priority_scale(self)
    }

    fn current(&self) -> Option<Point> {
        Search::current(self)
    }

    fn touched(&self) -> Vec<Point> {
        Search::touched(self)
    }

    fn open_list(&self, k: usize) -> Vec<NodeValues> {
        Search::open_list(self, k)
    }

    fn path(&self) -> &[u32] {
        Search::path(self)
    }

    fn path_cost(&self) -> Option<f64> {
        Search::path_cost(self)
    }

    fn path_steps(&self) -> Option<u32> {
        Search::path_steps(self)
    }

    fn cell_state(&self, p: Point) -> Result<CellState, GridError> {
        Search::cell_state(self, p)
    }

    fn parent_of(&self, p: Point) -> Result<Option<Point>, GridError> {
        Search::parent_of(self, p)
    }

    fn options(&self) -> &SearchOptions {
        Search::options(self)
    }

    fn grid(&self) -> &Grid {
        Search::grid(self)
    }

    fn marks(&self) -> &[u8] {
        Search::marks(self)
    }

    fn info(&self) -> FinderInfo {
        FinderInfo::default()
    }
}

/// The cell indices of a start and a goal, each of which must be on the grid and passable
/// (the start is checked first).
pub(crate) fn endpoint_cells(
    grid: &Grid,
    start: Point,
    goal: Point,
) -> Result<(u32, u32), SearchError> {
    let cell =
        |p: Point, off_grid: fn(GridError) -> SearchError, on_wall: fn(Point) -> SearchError| {
            let i = grid.index_of(p.x as i64, p.y as i64).map_err(off_grid)?;
            if grid.is_passable_at(i) {
                Ok(i as u32)
            } else {
                Err(on_wall(p))
            }
        };
    Ok((
        cell(
            start,
            |cause| SearchError::Start { cause },
            |p| SearchError::StartOnWall { x: p.x, y: p.y },
        )?,
        cell(
            goal,
            |cause| SearchError::Goal { cause },
            |p| SearchError::GoalOnWall { x: p.x, y: p.y },
        )?,
    ))
}
