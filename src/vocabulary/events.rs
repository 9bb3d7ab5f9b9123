//! What one step of a search did, in the values a person sees in the cells
//! (cost units divided by the cost scale: integers with 10/14 costs).

use serde::Serialize;

use crate::geometry::grid::Point;
use crate::text::names::named_enum;
use crate::vocabulary::agent::{Arrival, PlannerKind};

/// A cell's numbers: G (cost so far), H (estimate to the goal), F (the priority it was queued by).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct NodeValues {
    pub x: u32,
    pub y: u32,
    pub g: f64,
    pub h: f64,
    pub f: f64,
    /// The side of a bidirectional search an open list entry waits on (none elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
}

impl NodeValues {
    /// A cell's numbers in display units, from the engine's: G and H divided by the cost
    /// scale, F by the priority's (which differs when the heuristic is weighted).
    pub(crate) fn displayed(
        p: Point,
        (g, h, f): (f64, f64, f64),
        cost_scale: f64,
        priority_scale: f64,
    ) -> NodeValues {
        NodeValues {
            x: p.x,
            y: p.y,
            g: g / cost_scale,
            h: h / cost_scale,
            f: f / priority_scale,
            side: None,
        }
    }
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

/// A line-of-sight test between two cell centres: passed or blocked, and the cells the
/// segment passes through (up to the one that blocks it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SightTest {
    pub from: Point,
    pub to: Point,
    pub clear: bool,
    pub cells: Vec<Point>,
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
        /// The open nodes that had the same priority as `node` when it was taken, in the
        /// order they come out (the tie-break's order), the first few only.
        ties: Vec<NodeValues>,
        /// How many open nodes had the same priority, named in `ties` or not.
        tied: u32,
        /// Any-angle finders: the line-of-sight tests the step made, in order.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        sight: Vec<SightTest>,
        /// Lazy Theta*: the expanded neighbour the node took as parent when its own parent
        /// turned out not to see it.
        #[serde(skip_serializing_if = "Option::is_none")]
        reparent: Option<Point>,
    },
    /// The goal left the open list: its parents give the path.
    GoalReached {
        step: u32,
        node: NodeValues,
        cost: f64,
        steps: u32,
        /// Lazy Theta*: the line-of-sight test it made as the goal was taken.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        sight: Vec<SightTest>,
    },
    /// The open list is empty: the goal cannot be reached.
    NoPath { step: u32 },
    /// LPA* and D* Lite: the vertex with the lowest key left the queue. Its key is
    /// displayed as it was queued; g and rhs after the step, `INFINITY` for infinite.
    #[serde(rename_all = "camelCase")]
    VertexTaken {
        step: u32,
        node: NodeValues,
        rhs: f64,
        key: [f64; 2],
        action: VertexAction,
        /// Neighbours whose rhs or place in the queue this step changed.
        updated: Vec<Point>,
    },
    /// IDA*: the depth-first search visited one node.
    #[serde(rename_all = "camelCase")]
    Visited {
        step: u32,
        iteration: u32,
        threshold: f64,
        /// This visit began a new iteration, with `threshold` raised to the smallest F that
        /// exceeded the old one (the first iteration starts at the start's F).
        new_iteration: bool,
        node: NodeValues,
        /// Moves from the start along the depth-first path.
        depth: u32,
        outcome: VisitOutcome,
        /// Cells whose moves were used up, left on the way back up before this visit.
        backtracked: Vec<Point>,
        /// The smallest F above the threshold seen in this iteration: the next threshold.
        next_threshold: Option<f64>,
    },
    /// The finder stopped after visiting its limit of nodes, without an answer.
    NodeLimit { step: u32, limit: u32 },
    /// Bidirectional search: one side took its best open node and relaxed its neighbours
    /// (the backward side's G and H run toward the start, and its moves are reversed).
    SideExpanded {
        step: u32,
        side: Side,
        node: NodeValues,
        neighbours: Vec<Neighbour>,
        /// The stopping test made before this expansion, which said to go on.
        test: StoppingTest,
        /// The best meeting so far, when this step improved it.
        met: Option<Meeting>,
    },
    /// Bidirectional search: the stopping test passed (or a side ran out of open nodes).
    Stopped {
        step: u32,
        test: StoppingTest,
        meeting: Option<Meeting>,
        cost: Option<f64>,
        steps: Option<u32>,
    },
    /// Jump Point Search took the jump point `node` off the open list and jumped from it.
    Jumped {
        step: u32,
        node: NodeValues,
        jumps: Vec<Jump>,
    },
    /// A walk: the agent moved from `from` to `at` (the same cell when the real map changed
    /// and left it no path), sensed, and its planner searched again if it had to.
    #[serde(rename_all = "camelCase")]
    Moved {
        step: u32,
        /// Moves made so far.
        k: u32,
        from: Point,
        at: Point,
        planner: PlannerKind,
        /// Cells whose terrain the sensor found other than the agent thought.
        revealed: Vec<Point>,
        /// Whether the planner searched at this move: D* Lite repaired its search, A*
        /// searched from scratch; and the expansions it took.
        replanned: bool,
        expanded: u32,
        /// Moves so far at which the planner searched, and the expansions of the whole walk
        /// so far (its first plan's among them).
        replans: u32,
        total_expanded: u64,
        /// D* Lite: A* from scratch's expansions on the map as known here.
        #[serde(skip_serializing_if = "Option::is_none")]
        from_scratch: Option<u32>,
        /// D* Lite: the key modifier after the move, in display units.
        #[serde(rename = "km", skip_serializing_if = "Option::is_none")]
        k_m: Option<f64>,
        /// The cost from here to the goal on the map as known; `None`: no path.
        planned: Option<f64>,
        arrival: Option<Arrival>,
    },
}

/// What LPA* and D* Lite did with the vertex taken off the queue: the step's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum VertexAction {
    /// Over-consistent (g > rhs): g became rhs, and the neighbours' rhs were lowered
    /// through it.
    MadeConsistent,
    /// Under-consistent (g < rhs): g became infinite, and the vertex and the neighbours
    /// whose rhs came through it were updated.
    MadeInfinite,
    /// D* Lite: its key had grown since it was queued (k_m or the start moved), so it went
    /// back with the new key `[k1; k2]`.
    Requeued { key: [f64; 2] },
}

/// What an IDA* visit did with its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum VisitOutcome {
    /// F within the threshold: the node joins the depth-first path.
    Pushed,
    /// F above the threshold: cut off, its F a candidate for the next threshold.
    Pruned,
}

/// The two searches of a bidirectional finder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// From the start toward the goal.
    Forward,
    /// From the goal toward the start.
    Backward,
}

/// Where the two searches of a bidirectional finder meet on the best path found so far.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Meeting {
    pub x: u32,
    pub y: u32,
    /// The cost of the path through it.
    pub cost: f64,
    /// Its moves.
    pub moves: u32,
}

/// How a bidirectional finder decides that no better meeting can come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StoppingRule {
    /// Dijkstra and BFS: stop once best <= the forward head's G + the backward head's G
    /// (in moves for BFS): every path not found yet costs at least that.
    SumOfHeads,
    /// A*: stop once best <= the larger of the two heads' F, each a lower bound on every
    /// path not found yet (consistent heuristics).
    LargerHeadF,
    /// Greedy: stop at the first contact; no promise of the shortest path.
    FirstContact,
}

/// The stopping test made at the start of a bidirectional step, in display units (moves
/// for BFS); `None` stands for infinity (no meeting yet, an empty open list).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoppingTest {
    pub rule: StoppingRule,
    pub best: Option<f64>,
    /// The forward open list's head: its G (sum rule) or F (larger-F rule).
    pub forward: Option<f64>,
    pub backward: Option<f64>,
    /// The bound `best` is compared with: the sum or the larger of the two heads.
    pub bound: Option<f64>,
    pub stop: bool,
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

/// The kinds of [`StepEvent`], named by their `kind` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    Expanded,
    GoalReached,
    NoPath,
    Visited,
    NodeLimit,
    SideExpanded,
    Stopped,
    Jumped,
    VertexTaken,
    Moved,
}

named_enum!(EventKind, "event kind", {
    Expanded => "expanded",
    GoalReached => "goal-reached",
    NoPath => "no-path",
    Visited => "visited",
    NodeLimit => "node-limit",
    SideExpanded => "side-expanded",
    Stopped => "stopped",
    Jumped => "jumped",
    VertexTaken => "vertex-taken",
    Moved => "moved",
});

/// What a step can tell of a cell it looked at, named by its tag: a neighbour's [`Outcome`],
/// an IDA* visit's [`VisitOutcome`], or how a jump ended ([`JumpOutcome`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutcomeKind {
    OffGrid,
    Wall,
    CornerBlocked,
    Closed,
    Opened,
    Improved,
    NotImproved,
    AlreadyOpen,
    Pushed,
    Pruned,
    JumpPoint,
    DeadEnd,
    MadeConsistent,
    MadeInfinite,
    Requeued,
}

named_enum!(OutcomeKind, "outcome kind", {
    OffGrid => "off-grid",
    Wall => "wall",
    CornerBlocked => "corner-blocked",
    Closed => "closed",
    Opened => "opened",
    Improved => "improved",
    NotImproved => "not-improved",
    AlreadyOpen => "already-open",
    Pushed => "pushed",
    Pruned => "pruned",
    JumpPoint => "jump-point",
    DeadEnd => "dead-end",
    MadeConsistent => "made-consistent",
    MadeInfinite => "made-infinite",
    Requeued => "requeued",
});

impl StepEvent {
    pub fn kind(&self) -> EventKind {
        match self {
            StepEvent::Expanded { .. } => EventKind::Expanded,
            StepEvent::GoalReached { .. } => EventKind::GoalReached,
            StepEvent::NoPath { .. } => EventKind::NoPath,
            StepEvent::Visited { .. } => EventKind::Visited,
            StepEvent::NodeLimit { .. } => EventKind::NodeLimit,
            StepEvent::SideExpanded { .. } => EventKind::SideExpanded,
            StepEvent::Stopped { .. } => EventKind::Stopped,
            StepEvent::Jumped { .. } => EventKind::Jumped,
            StepEvent::VertexTaken { .. } => EventKind::VertexTaken,
            StepEvent::Moved { .. } => EventKind::Moved,
        }
    }

    /// The kinds of outcome the event tells of, one per neighbour, visit or jump (a jump
    /// that stopped at a jump point tells of what that did to the open list too).
    pub fn outcome_kinds(&self) -> Vec<OutcomeKind> {
        match self {
            StepEvent::Expanded { neighbours, .. } | StepEvent::SideExpanded { neighbours, .. } => {
                neighbours.iter().map(|n| n.outcome.kind()).collect()
            }
            StepEvent::Visited { outcome, .. } => vec![outcome.kind()],
            StepEvent::VertexTaken { action, .. } => vec![action.kind()],
            StepEvent::Jumped { jumps, .. } => jumps
                .iter()
                .flat_map(|jump| match &jump.end {
                    JumpOutcome::JumpPoint { result, .. } => {
                        vec![OutcomeKind::JumpPoint, result.kind()]
                    }
                    JumpOutcome::DeadEnd { .. } => vec![OutcomeKind::DeadEnd],
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

impl Outcome {
    pub fn kind(&self) -> OutcomeKind {
        match self {
            Outcome::OffGrid => OutcomeKind::OffGrid,
            Outcome::Wall => OutcomeKind::Wall,
            Outcome::CornerBlocked => OutcomeKind::CornerBlocked,
            Outcome::Closed => OutcomeKind::Closed,
            Outcome::Opened { .. } => OutcomeKind::Opened,
            Outcome::Improved { .. } => OutcomeKind::Improved,
            Outcome::NotImproved { .. } => OutcomeKind::NotImproved,
            Outcome::AlreadyOpen { .. } => OutcomeKind::AlreadyOpen,
        }
    }
}

impl VertexAction {
    pub fn kind(self) -> OutcomeKind {
        match self {
            VertexAction::MadeConsistent => OutcomeKind::MadeConsistent,
            VertexAction::MadeInfinite => OutcomeKind::MadeInfinite,
            VertexAction::Requeued { .. } => OutcomeKind::Requeued,
        }
    }
}

impl VisitOutcome {
    pub fn kind(self) -> OutcomeKind {
        match self {
            VisitOutcome::Pushed => OutcomeKind::Pushed,
            VisitOutcome::Pruned => OutcomeKind::Pruned,
        }
    }
}
