//! Why a navigation cannot begin, or a change of its real map is refused.

use std::fmt;

use serde::Serialize;

use crate::checks::search_error::SearchError;
use crate::geometry::grid::GridError;
use crate::text::number_text::number_text;

/// A navigation that cannot begin.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "code", rename_all = "kebab-case")]
pub enum NavigationError {
    /// The radius is below what the moves need ([`super::min_sensor_radius`]) or not a
    /// number.
    SensorRadius {
        radius: f64,
        min: f64,
    },
    Search {
        cause: SearchError,
    },
    /// A change of the real map off the grid or with a bad terrain value.
    Grid {
        cause: GridError,
    },
    /// A wall may not go on the agent's cell or the goal.
    WallOnAgentOrGoal {
        x: u32,
        y: u32,
    },
    /// The finder does not walk (see the catalogue's `walk`).
    NoWalk {
        algorithm: &'static str,
    },
}

impl fmt::Display for NavigationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NavigationError::SensorRadius { radius, min } => write!(
                f,
                "the sensor radius must be at least {} (the agent sees every cell its moves \
                 cross), found {}",
                number_text(*min),
                number_text(*radius)
            ),
            NavigationError::Search { cause } => cause.fmt(f),
            NavigationError::Grid { cause } => cause.fmt(f),
            NavigationError::WallOnAgentOrGoal { x, y } => {
                write!(
                    f,
                    "({x},{y}) is the agent's cell or the goal: a wall may not go there"
                )
            }
            NavigationError::NoWalk { algorithm } => {
                write!(f, "the finder {algorithm} does not walk in Walk mode")
            }
        }
    }
}

impl std::error::Error for NavigationError {}

impl From<SearchError> for NavigationError {
    fn from(cause: SearchError) -> Self {
        NavigationError::Search { cause }
    }
}
