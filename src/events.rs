//! What one step of a search did, in the values a person sees in the cells
//! (cost units divided by the cost scale: integers with 10/14 costs).

use serde::Serialize;

use crate::grid::Point;

/// A cell's numbers: G (cost so far), H (estimate to the goal), F (the priority it was queued by).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct NodeValues {
    pub x: u32,
    pub y: u32,
    pub g: f64,
    pub h: f64,
    pub f: f64,
}

/// What happened to one neighbour of the expanded node.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(
    tag = "outcome",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase"
)]
pub enum Outcome {
    OffGrid,
    Wall,
    /// The diagonal would cut a corner the diagonal rule forbids.
    CornerBlocked,
    /// Already expanded: its cost is final.
    Closed,
    /// Reached for the first time.
    Opened {
        g: f64,
        h: f64,
        f: f64,
        parent: Point,
    },
    /// Already open, and this route is cheaper.
    Improved {
        old_g: f64,
        g: f64,
        h: f64,
        f: f64,
        old_parent: Point,
        parent: Point,
    },
    /// Already open, and this route is no cheaper.
    NotImproved {
        g: f64,
        candidate_g: f64,
    },
    /// Already open; breadth-first search keeps the first parent it found.
    AlreadyOpen {
        g: f64,
    },
}

/// A neighbour position may lie off the grid, hence signed coordinates.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Neighbour {
    pub x: i64,
    pub y: i64,
    #[serde(flatten)]
    pub outcome: Outcome,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum StepEvent {
    /// The node with the best priority left the open list and its neighbours were relaxed.
    Expanded {
        step: u32,
        node: NodeValues,
        neighbours: Vec<Neighbour>,
    },
    /// The goal left the open list: its parents give the path.
    GoalReached {
        step: u32,
        node: NodeValues,
        cost: f64,
        steps: u32,
    },
    /// The open list is empty: the goal cannot be reached.
    NoPath { step: u32 },
    /// Jump Point Search took the jump point `node` off the open list and jumped from it.
    Jumped {
        step: u32,
        node: NodeValues,
        jumps: Vec<Jump>,
    },
}

/// Why a cell where a jump stopped is a jump point.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum JumpReason {
    /// It is the goal.
    Goal,
    /// Neighbours that only a path through it reaches optimally.
    Forced { neighbours: Vec<Point> },
    /// A straight jump from it reaches the jump point (or goal) at (x, y), so a path may turn here.
    Turn { x: u32, y: u32 },
}

/// How one jump of Jump Point Search ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "end", rename_all = "kebab-case")]
pub enum JumpOutcome {
    /// Stopped at a jump point: why it is one, and what that did to the open list.
    JumpPoint {
        x: u32,
        y: u32,
        reason: JumpReason,
        result: Outcome,
    },
    /// Ran into a wall, the edge or a corner it may not cut, after the cell (x, y).
    DeadEnd { x: u32, y: u32 },
}

/// One jump of Jump Point Search from the expanded node, by the move (dx, dy).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Jump {
    pub dx: i32,
    pub dy: i32,
    /// Cells passed over, the straight runs from a diagonal's cells included.
    pub scanned: u32,
    #[serde(flatten)]
    pub end: JumpOutcome,
}
