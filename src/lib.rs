//! A stepwise grid pathfinding engine: A*, Dijkstra, greedy best-first and breadth-first
//! search over one best-first loop, IDA*, bidirectional searches and Jump Point Search with
//! loops of their own, all behind one `Finder` interface with every step observable and
//! undoable; a catalogue of the finders, what each takes and emits; LPA* and D* Lite, which
//! repair their search when cells change, and navigation in unknown terrain; and the text
//! map formats of the classic tutorials and of Moving AI.

pub mod argument;
pub mod catalogue;
pub mod editor;
pub mod events;
pub mod finder;
pub mod finders;
pub mod grid;
pub mod heuristic;
pub mod inspect;
pub mod key;
pub mod map_text;
pub mod marks;
pub mod movement;
mod names;
pub mod navigation;
pub mod number_text;
pub mod open_list;
pub mod option_fields;
pub mod options;
pub mod record;
mod relaxation;
pub mod scenario;
pub mod search;
pub mod search_error;
pub mod search_handle;
pub mod status;
pub mod trace;
pub mod walk;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use catalogue::{catalogue, new_finder, Catalogue, Family, FinderEntry, Priority, Takes};
pub use events::{
    EventKind, Jump, JumpOutcome, JumpReason, Neighbour, NodeValues, Outcome, OutcomeKind,
    StepEvent, VertexAction,
};
pub use finder::Finder;
pub use grid::{Grid, GridError, Point, MAX_SIDE};
pub use heuristic::Heuristic;
pub use marks::Mark;
pub use movement::{CostModel, DiagonalRule, Directions, Movement, NeighbourOrder};
pub use names::UnknownName;
pub use options::{Admissibility, Algorithm, GoalTest, SearchOptions, TieBreak};
pub use record::CellState;
pub use search::Search;
pub use search_error::SearchError;
pub use status::{Counter, Counters, FinderInfo, Status};
