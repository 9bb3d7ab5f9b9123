//! The agent's words, which its walk's events and the catalogue use too: the kinds of
//! planner it can plan with, and how its walk ended.

use serde::Serialize;

use crate::text::names::named_enum;

/// Which planner the agent plans with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlannerKind {
    DStarLite,
    /// A* from scratch wherever what was sensed changed the path.
    AStar,
    /// A* from scratch wherever what was sensed changed the known map, path or not.
    AStarOnEveryChange,
}

named_enum!(PlannerKind, "planner", {
    DStarLite => "dstar-lite",
    AStar => "astar",
    AStarOnEveryChange => "astar-every-change",
});

/// How a navigation ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "end", rename_all = "kebab-case")]
pub enum Arrival {
    /// At the goal: the cost of the moves made, in display units, and all expansions.
    Arrived { travelled: f64, expanded: u64 },
    /// The known map has no path from the agent's cell, after `k` moves.
    Unreachable { k: u32 },
}
