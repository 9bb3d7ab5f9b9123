//! A stepwise grid pathfinding engine: A*, Dijkstra, greedy best-first and breadth-first
//! search over one best-first loop, IDA*, bidirectional searches and Jump Point Search with
//! loops of their own, all behind one `Finder` interface with every step observable and
//! undoable; a catalogue of the finders, what each takes and emits; LPA* and D* Lite, which
//! repair their search when cells change, and navigation in unknown terrain; and the text
//! map formats of the classic tutorials and of Moving AI.

pub mod catalogue;
pub mod checks;
pub mod dynamic;
pub mod finder;
pub mod finders;
pub mod formats;
pub mod geometry;
pub mod options;
pub mod registry;
pub mod search;
pub mod session;
pub mod text;
pub mod vocabulary;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use catalogue::{catalogue, Catalogue, Family, FinderEntry, Priority, Takes, Ties};
pub use checks::search_error::SearchError;
pub use checks::validation::Admissibility;
pub use finder::Finder;
pub use geometry::grid::{Grid, GridError, Point, MAX_SIDE};
pub use geometry::heuristic::Heuristic;
pub use geometry::movement::{CostModel, DiagonalRule, Directions, Movement, NeighbourOrder};
pub use options::{Algorithm, GoalTest, SearchOptions, TieBreak};
pub use registry::new_finder;
pub use search::Search;
pub use text::names::UnknownName;
pub use vocabulary::events::{
    EventKind, Jump, JumpOutcome, JumpReason, Neighbour, NodeValues, Outcome, OutcomeKind,
    StepEvent, VertexAction,
};
pub use vocabulary::marks::Mark;
pub use vocabulary::record::CellState;
pub use vocabulary::status::{Counter, Counters, FinderInfo, Status};
