//! What a finder that repairs itself after cell changes (LPA*, D* Lite) is asked beyond
//! [`Finder`](crate::finder::Finder): its rhs values and queue keys, batches of cell
//! changes, and a start that moves. A capability, reached through
//! `Finder::repairing`, so the interface names no finder.

use std::fmt;

use serde::Serialize;

use crate::geometry::grid::{Grid, GridError, Point};

/// A search that takes batches of cell changes while it runs and repairs itself.
pub trait Repairing {
    /// Per-cell rhs in cost units, `INFINITY` where infinite.
    fn rhs_values(&self) -> &[f64];
    /// A queued cell's key, in display units.
    fn key_of(&self, cell: u32) -> Option<[f64; 2]>;
    /// The first `k` queued cells in the order they will be taken, with their keys.
    fn queue(&self, k: usize) -> Vec<QueuedKey>;
    /// The same partway through the next step: only the first `made` of the cells it changes
    /// changed; the search is left as it was. `None` once it has ended.
    fn queue_partway(&mut self, made: usize, k: usize) -> Option<Vec<QueuedKey>>;
    /// A batch of cell changes, after which further steps repair the search; how many
    /// cells changed.
    fn apply_edits(&mut self, edits: &[CellEdit]) -> Result<usize, RepairError>;
    /// The start moved one legal move to `to` (D* Lite only).
    fn move_start(&mut self, to: Point) -> Result<(), RepairError>;
    /// The batch of cell changes that makes the map searched `grid`, applied; `Ok(None)`,
    /// changing nothing, when `grid` is another size or `start` and `goal` are not this
    /// search's.
    fn repair_to(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
    ) -> Result<Option<usize>, RepairError>;
}

/// One cell's new terrain: [`WALL`](crate::geometry::grid::WALL) or a weight 1..=9.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellEdit {
    pub at: Point,
    pub terrain: u8,
}

/// A batch of changes or a move refused; nothing was changed. Serialises as
/// `{ code, ...values }` for the page, which words it itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "kebab-case")]
pub enum RepairError {
    /// A cell off the grid or a terrain value out of range.
    Grid { cause: GridError },
    /// A wall may not go on the start or the goal.
    WallOnEndpoint { x: u32, y: u32 },
    /// Only D* Lite searches toward a start that moves.
    StartFixed,
    /// The start moves one legal move at a time, onto passable ground.
    NotAMove { x: u32, y: u32 },
}

impl fmt::Display for RepairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RepairError::Grid { cause } => cause.fmt(f),
            RepairError::WallOnEndpoint { x, y } => write!(
                f,
                "({x},{y}) is the start or the goal: a wall may not go there"
            ),
            RepairError::StartFixed => {
                f.write_str("LPA* searches from a fixed start: restart it to move the start")
            }
            RepairError::NotAMove { x, y } => {
                write!(f, "({x},{y}) is not one legal move from the start")
            }
        }
    }
}

impl std::error::Error for RepairError {}

/// What [`Repairing::queue`] shows of a queued cell: its key, g and rhs in display units
/// (`INFINITY` for infinite).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct QueuedKey {
    pub x: u32,
    pub y: u32,
    pub k1: f64,
    pub k2: f64,
    pub g: f64,
    pub rhs: f64,
}
