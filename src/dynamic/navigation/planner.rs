//! How an agent plans: the [`Planner`] trait. A planner keeps a search over the map as the agent knows it, from cell to cell: it
//! hands the agent the next cell of its plan, learns what the sensor found and searches
//! again when it must, and can undo each move exactly for a walk that steps back.

use crate::dynamic::incremental::Incremental;
use crate::finder::repairing::CellEdit;
use crate::finder::Finder;
use crate::geometry::grid::Point;
use crate::vocabulary::agent::PlannerKind;

pub trait Planner {
    fn kind(&self) -> PlannerKind;

    /// The search on show: its values and marks over the map as known.
    fn shown(&self) -> &dyn Finder;

    /// The path planned from the agent's cell, to the goal (empty: none).
    fn path(&self) -> &[u32];

    /// Its cost in display units, while there is one.
    fn path_cost(&self) -> Option<f64>;

    /// The next cell of the plan, which the agent moves to: the plan goes on from there.
    /// `None` when there is none (no path, or at the goal).
    fn take_next(&mut self) -> Option<u32>;

    /// The sensor at `at`, the agent's cell, found `changes` to the map as known: the
    /// planner learns them and searches again if it must. The expansions, when it
    /// searched.
    fn learn(&mut self, at: Point, changes: &[CellEdit]) -> Option<u32>;

    /// Keeps what undoing each move needs from now on (see [`Planner::checkpoint`]).
    fn remember_moves(&mut self);

    /// Opens the record of a move about to be made: [`Planner::undo_to`] with what it
    /// returns undoes the move exactly.
    fn checkpoint(&mut self) -> usize;

    /// Undoes every move recorded since `checkpoint`.
    fn undo_to(&mut self, checkpoint: usize);

    /// The incremental search a planner that repairs its search keeps, for its rhs, keys
    /// and k_m; `None` for one that searches from scratch.
    fn incremental(&self) -> Option<&Incremental> {
        None
    }
}
