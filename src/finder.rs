//! One stepwise interface for every finder: the page, the command line and the tests drive
//! A*, Dijkstra, greedy, breadth-first and the finders with loops of their own alike.

use serde::Serialize;

use crate::events::{NodeValues, StepEvent};
use crate::finders::bidirectional::{Bidirectional, Kind};
use crate::finders::idastar::IdaStar;
use crate::finders::incremental::Incremental;
use crate::finders::JumpPointSearch;
use crate::grid::{Grid, GridError, Point};
use crate::options::{Algorithm, SearchOptions};
use crate::search::{CellState, Counters, Search, SearchError, Status};

/// Finder-specific marks, one byte of flags per cell (see [`Finder::marks`]).
/// A cell a jump passed over (Jump Point Search).
pub const MARK_SCANNED: u8 = 1 << 0;
/// A cell where a jump stopped: a node of Jump Point Search.
pub const MARK_JUMP_POINT: u8 = 1 << 1;
/// A forced neighbour: a cell reachable optimally only through the jump point beside it.
pub const MARK_FORCED: u8 = 1 << 2;
/// Bidirectional search: the cell belongs to the goal-side search (its G and H run toward
/// the start).
pub const MARK_BACKWARD: u8 = 1 << 3;
/// Bidirectional search: where the two searches meet on the best path so far.
pub const MARK_MEETING: u8 = 1 << 4;
/// IDA*: on the depth-first path being explored.
pub const MARK_ON_STACK: u8 = 1 << 5;
/// IDA*: cut off by the threshold.
pub const MARK_PRUNED: u8 = 1 << 6;
/// LPA* and D* Lite: over-consistent, g > rhs (a cheaper route has appeared). The byte has
/// one bit left, so under-consistency shares IDA*'s bit: the two finders never mark the
/// same grid.
pub const MARK_OVERCONSISTENT: u8 = 1 << 7;
/// LPA* and D* Lite: under-consistent, g < rhs (the route g counted on got dearer).
pub const MARK_UNDERCONSISTENT: u8 = MARK_PRUNED;

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
    /// D* Lite: the key modifier k_m, in display units.
    #[serde(rename = "km", skip_serializing_if = "Option::is_none")]
    pub k_m: Option<f64>,
    /// LPA* and D* Lite: expansions since the last change of cells or of the start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repair_expanded: Option<u32>,
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
    /// LPA* and D* Lite, with their g and rhs, keys and repairs after cell changes.
    fn as_incremental(&self) -> Option<&Incremental> {
        None
    }
    fn as_incremental_mut(&mut self) -> Option<&mut Incremental> {
        None
    }
}

/// The finder `options.algorithm` names, searching `grid` from `start` to `goal`.
pub fn new_finder(
    grid: Grid,
    start: Point,
    goal: Point,
    options: SearchOptions,
) -> Result<Box<dyn Finder>, SearchError> {
    match options.algorithm {
        Algorithm::AStar | Algorithm::Dijkstra | Algorithm::Greedy | Algorithm::BreadthFirst => {
            Ok(Box::new(Search::new(grid, start, goal, options)?))
        }
        Algorithm::IdaStar => Ok(Box::new(IdaStar::new(grid, start, goal, options)?)),
        Algorithm::BiAStar => bidirectional(grid, start, goal, options, Kind::AStar),
        Algorithm::BiDijkstra => bidirectional(grid, start, goal, options, Kind::Dijkstra),
        Algorithm::BiBreadthFirst => bidirectional(grid, start, goal, options, Kind::BreadthFirst),
        Algorithm::BiGreedy => bidirectional(grid, start, goal, options, Kind::Greedy),
        Algorithm::JumpPoint => Ok(Box::new(JumpPointSearch::new(grid, start, goal, options)?)),
        Algorithm::LpaStar | Algorithm::DStarLite => {
            Ok(Box::new(Incremental::new(grid, start, goal, options)?))
        }
    }
}

fn bidirectional(
    grid: Grid,
    start: Point,
    goal: Point,
    options: SearchOptions,
    kind: Kind,
) -> Result<Box<dyn Finder>, SearchError> {
    Ok(Box::new(Bidirectional::new(
        grid, start, goal, options, kind,
    )?))
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
