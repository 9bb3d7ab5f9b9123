//! Why a search could not start: an endpoint off the grid or on a wall, options out of
//! range or not taken by the finder, a map the finder cannot search.

use std::fmt;

use crate::geometry::grid::{Grid, GridError, Point};
use crate::geometry::topology::TopologyError;
use crate::options::Algorithm;
use crate::text::number_text::number_text;

/// Serialises as `{ code, ...values }` for the page (the grid or options error inside as
/// `cause`), which words it itself.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "code", rename_all = "kebab-case")]
pub enum SearchError {
    Start {
        cause: GridError,
    },
    Goal {
        cause: GridError,
    },
    StartOnWall {
        x: u32,
        y: u32,
    },
    GoalOnWall {
        x: u32,
        y: u32,
    },
    Options {
        cause: OptionsError,
    },
    /// The finder takes no terrain weights (Jump Point Search assumes every step of a kind
    /// costs the same; an any-angle segment costs its length), and the map has one (the
    /// first, row by row).
    WeightedMap {
        algorithm: &'static str,
        x: u32,
        y: u32,
        weight: u8,
    },
    /// This algorithm has a finder of its own (see `crate::registry::new_finder`).
    OwnFinder {
        algorithm: &'static str,
    },
    /// The finder cannot search under the topology it was given.
    Topology {
        cause: TopologyError,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Start { cause } => write!(f, "start: {cause}"),
            SearchError::Goal { cause } => write!(f, "goal: {cause}"),
            SearchError::StartOnWall { x, y } => write!(f, "the start ({x},{y}) is on a wall"),
            SearchError::GoalOnWall { x, y } => write!(f, "the goal ({x},{y}) is on a wall"),
            SearchError::Options { cause } => cause.fmt(f),
            SearchError::WeightedMap {
                algorithm,
                x,
                y,
                weight,
            } => write!(
                f,
                "{algorithm} takes no terrain weights (jump point search assumes uniform step \
                 costs; an any-angle segment costs its length), but the map has terrain weight \
                 {weight} at ({x},{y}): clear the weights or choose another algorithm"
            ),
            SearchError::OwnFinder { algorithm } => {
                write!(f, "{algorithm} has a finder of its own: use new_finder")
            }
            SearchError::Topology { cause } => cause.fmt(f),
        }
    }
}

impl std::error::Error for SearchError {}

impl From<OptionsError> for SearchError {
    fn from(cause: OptionsError) -> Self {
        SearchError::Options { cause }
    }
}

impl From<TopologyError> for SearchError {
    fn from(cause: TopologyError) -> Self {
        SearchError::Topology { cause }
    }
}

/// An option value that is out of range, or that the finder cannot use.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(
    tag = "code",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase"
)]
pub enum OptionsError {
    BadWeight {
        weight: f64,
        max: f64,
    },
    /// A blink penalty out of range (or not a number).
    BadBlinkCost {
        cost: f64,
        max: f64,
    },
    /// An option value the wider neighbourhoods (16, 32, blink) have no version of: the
    /// corner rule `never` (their moves pass corners at many angles) or unit costs (their
    /// moves cost their length).
    NotForWide {
        directions: &'static str,
        option: &'static str,
        value: &'static str,
    },
    /// A weight other than 1 for a finder whose priority adds no weighted heuristic (greedy and
    /// bidirectional A* use a heuristic, but not weighted into f = g + w*h).
    WeightUnused {
        weight: f64,
        algorithm: &'static str,
    },
    NodeLimitZero,
    /// A node limit for a finder that keeps to none.
    NodeLimitUnused {
        limit: u32,
        algorithm: &'static str,
    },
    /// A goal test other than "off the open list" for a finder whose stopping rule is its own.
    GoalTestUnused {
        test: &'static str,
        algorithm: &'static str,
    },
    /// A neighbour order other than the default for a finder that does not take one.
    NeighbourOrderUnused {
        order: &'static str,
        algorithm: &'static str,
    },
    /// A tie-break the finder does not take (LPA* and D* Lite order ties on k1 by larger
    /// or smaller g only).
    TieBreakUnused {
        tie_break: &'static str,
        algorithm: &'static str,
        allowed: Vec<&'static str>,
    },
    /// A neighbourhood of the square grid (16, 32, blink) asked of the hex grid.
    NotForHex {
        directions: &'static str,
    },
    /// Cells the finder does not search (Jump Point Search and the any-angle finders: square
    /// cells only).
    TopologyUnused {
        topology: &'static str,
        algorithm: &'static str,
        allowed: Vec<&'static str>,
    },
    /// Moves the finder does not search by (Jump Point Search: the square grid's only).
    DirectionsUnused {
        directions: &'static str,
        algorithm: &'static str,
        allowed: Vec<&'static str>,
    },
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // A huge weight is written in scientific notation, not with hundreds of digits.
            OptionsError::BadWeight { weight, max } => write!(
                f,
                "heuristic weight must be a number from 0 to {}, got {}",
                number_text(*max),
                number_text(*weight)
            ),
            OptionsError::BadBlinkCost { cost, max } => write!(
                f,
                "blink cost must be a number from 0 to {}, got {}",
                number_text(*max),
                number_text(*cost)
            ),
            OptionsError::NotForWide {
                directions,
                option,
                value,
            } => write!(
                f,
                "directions {directions} has no {option} '{value}': its moves pass corners at \
                 many angles and cost their length"
            ),
            OptionsError::WeightUnused { weight, algorithm } => write!(
                f,
                "a heuristic weight of {} means nothing to {algorithm}: its priority has no \
                 weighted heuristic term (the weight applies only to finders whose priority is \
                 f = g + w*h; leave it at 1)",
                number_text(*weight)
            ),
            OptionsError::NodeLimitZero => f.write_str("the node limit must be at least 1"),
            OptionsError::NodeLimitUnused { limit, algorithm } => write!(
                f,
                "a node limit ({limit}) applies to {} only, not to {algorithm}",
                Algorithm::takers(|t| t.node_limit)
            ),
            OptionsError::GoalTestUnused { test, algorithm } => write!(
                f,
                "the goal test {test} applies to {} only; {algorithm} has a stopping rule \
                 of its own (leave it at off-open)",
                Algorithm::takers(|t| t.goal_test)
            ),
            OptionsError::NeighbourOrderUnused { order, algorithm } => write!(
                f,
                "the neighbour order {order} applies to {} only, not to {algorithm} (leave it \
                 at clockwise)",
                Algorithm::takers(|t| t.neighbour_order)
            ),
            OptionsError::TieBreakUnused {
                tie_break,
                algorithm,
                allowed,
            } => write!(
                f,
                "{algorithm} breaks ties by {} only, not {tie_break}",
                allowed.join(" or ")
            ),
            OptionsError::NotForHex { directions } => write!(
                f,
                "directions {directions} are moves of square cells; a hex has six neighbours \
                 (use topology square, or directions 4 or 8, which hexes ignore)"
            ),
            OptionsError::TopologyUnused {
                topology,
                algorithm,
                allowed,
            } => write!(
                f,
                "{algorithm} searches {} cells only, not {topology}: {}",
                allowed.join(" or "),
                if *algorithm == Algorithm::JumpPoint.name() {
                    "its pruning rules are the square grid's symmetries"
                } else {
                    "its line of sight is drawn across square cells"
                }
            ),
            OptionsError::DirectionsUnused {
                directions,
                algorithm,
                allowed,
            } => write!(
                f,
                "{algorithm} prunes by the square grid's symmetries: directions {} only, not \
                 {directions}",
                allowed.join(" or ")
            ),
        }
    }
}

impl std::error::Error for OptionsError {}

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
