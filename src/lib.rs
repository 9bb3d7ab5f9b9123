//! A stepwise, exact grid pathfinding engine: A*, Dijkstra, greedy best-first and
//! breadth-first search over one best-first loop, finders with loops of their own (IDA*,
//! bidirectional, Jump Point Search, and LPA* and D* Lite, which repair their search when
//! cells change), with every expansion observable and undoable; navigation in unknown
//! terrain; and the text map formats of the classic tutorials and of Moving AI.

pub mod editor;
pub mod events;
pub mod finder;
pub mod finders;
pub mod grid;
pub mod heuristic;
pub mod key;
pub mod map_text;
pub mod movement;
mod names;
pub mod navigation;
pub mod number_text;
pub mod open_list;
pub mod options;
pub mod scenario;
pub mod search;
pub mod trace;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use events::{
    Jump, JumpOutcome, JumpReason, Neighbour, NodeValues, Outcome, StepEvent, VertexAction,
};
pub use finder::{new_finder, Finder, FinderInfo};
pub use grid::{Grid, GridError, Point, MAX_SIDE};
pub use heuristic::Heuristic;
pub use movement::{CostModel, DiagonalRule, Directions, Movement};
pub use names::UnknownName;
pub use options::{Admissibility, Algorithm, SearchOptions, TieBreak};
pub use search::{CellState, Counters, Search, SearchError, Status};
