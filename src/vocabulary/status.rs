//! Where a search stands: its status, the counters every finder keeps, and the ones only
//! some finders have.

use serde::Serialize;

use crate::geometry::grid::Point;
use crate::text::names::named_enum;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Running,
    Found,
    NoPath,
    /// Stopped at the finder's limit of visited nodes, without an answer.
    LimitReached,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counters {
    pub steps: u32,
    /// Nodes whose neighbours were examined (the goal, once reached, is not expanded).
    pub expanded: u32,
    /// Times a node entered the open list, first opened or re-queued after an improvement.
    pub generated: u32,
    pub open: u32,
    pub max_open: u32,
}

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
    /// LPA* and D* Lite: the expansions A* from scratch makes on the map as it is now, with
    /// the same options, for comparison.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_scratch_expanded: Option<u32>,
    /// A walk: the expansions of the planning at the agent's last move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_expanded: Option<u32>,
    /// A walk: the moves so far at which the planner searched again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replans: Option<u32>,
    /// Theta* and Lazy Theta*: line-of-sight tests made so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sight_checks: Option<u32>,
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
    Km,
    RepairExpanded,
    FromScratchExpanded,
    MoveExpanded,
    Replans,
    SightChecks,
}

named_enum!(Counter, "counter", {
    Scanned => "scanned",
    JumpPoints => "jumpPoints",
    Threshold => "threshold",
    Iteration => "iteration",
    BestCost => "bestCost",
    Meeting => "meeting",
    Km => "km",
    RepairExpanded => "repairExpanded",
    FromScratchExpanded => "fromScratchExpanded",
    MoveExpanded => "moveExpanded",
    Replans => "replans",
    SightChecks => "sightChecks",
});
