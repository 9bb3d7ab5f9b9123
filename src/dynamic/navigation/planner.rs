//! How an agent plans: the [`Planner`] trait, and the planner each [`PlannerKind`] names.
//! A planner keeps a search over the map as the agent knows it, from cell to cell: it
//! hands the agent the next cell of its plan, learns what the sensor found and searches
//! again when it must, and can undo each move exactly for a walk that steps back.

use crate::dynamic::incremental::{CellEdit, Incremental};
use crate::finder::Finder;
use crate::geometry::grid::{Grid, Point};
use crate::options::search_error::SearchError;
use crate::options::SearchOptions;

use super::d_star_lite::DStarLite;
use super::on_every_change::AStarOnEveryChange;
use super::on_path_change::AStarOnPathChange;
use super::PlannerKind;

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

/// The planner `kind` names, over `known` from `start` to `goal` under `options` (its
/// algorithm is the planner's), with the expansions of its first plan, made from `start`.
pub(super) fn first_plan(
    kind: PlannerKind,
    known: Grid,
    start: Point,
    goal: Point,
    options: SearchOptions,
) -> Result<(Box<dyn Planner>, u32), SearchError> {
    fn boxed(planner: impl Planner + 'static, expanded: u32) -> (Box<dyn Planner>, u32) {
        (Box::new(planner), expanded)
    }
    Ok(match kind {
        PlannerKind::DStarLite => {
            let (planner, expanded) = DStarLite::new(known, start, goal, options)?;
            boxed(planner, expanded)
        }
        PlannerKind::AStar => {
            let (planner, expanded) = AStarOnPathChange::new(known, start, goal, options)?;
            boxed(planner, expanded)
        }
        PlannerKind::AStarOnEveryChange => {
            let (planner, expanded) = AStarOnEveryChange::new(known, start, goal, options)?;
            boxed(planner, expanded)
        }
    })
}
