//! D* Lite as the agent's planner: one search from the goal toward the agent, walked on as
//! the agent moves and repaired for what the sensor finds (k_m grows by
//! h(s_last, s_start) at each repair), never made again from scratch.

use crate::checks::search_error::SearchError;
use crate::dynamic::incremental::{Incremental, Variant};
use crate::finder::repairing::CellEdit;
use crate::finder::Finder;
use crate::geometry::grid::{Grid, Point};
use crate::options::SearchOptions;
use crate::vocabulary::agent::PlannerKind;

use super::planner::Planner;

pub(super) struct DStarLite {
    search: Incremental,
    /// Whether each repair is logged, to be undone (see [`Planner::remember_moves`]).
    remembering: bool,
}

impl DStarLite {
    /// D* Lite from `goal` to `start` on `known`, searched: with its expansions.
    pub fn new(
        known: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
    ) -> Result<(DStarLite, u32), SearchError> {
        let mut search = Incremental::new(known, start, goal, options, Variant::DStarLite)?;
        search.run();
        let expanded = search.counters().expanded;
        let planner = DStarLite {
            search,
            remembering: false,
        };
        Ok((planner, expanded))
    }
}

impl Planner for DStarLite {
    fn kind(&self) -> PlannerKind {
        PlannerKind::DStarLite
    }

    fn shown(&self) -> &dyn Finder {
        &self.search
    }

    fn path(&self) -> &[u32] {
        self.search.path()
    }

    fn path_cost(&self) -> Option<f64> {
        self.search.path_cost()
    }

    /// The start of the search moves with the agent.
    fn take_next(&mut self) -> Option<u32> {
        let next = self.search.next_cell()?;
        let to = self.search.grid().point(next as usize);
        // One legal move away on the known map.
        let _ = self.search.move_start(to);
        Some(next)
    }

    /// Repairs the search for the changes, logging each step when moves are remembered.
    fn learn(&mut self, _: Point, changes: &[CellEdit]) -> Option<u32> {
        if changes.is_empty() || self.search.apply_edits(changes).is_err() {
            return None;
        }
        if self.remembering {
            self.search.finish();
        } else {
            self.search.run();
        }
        Some(self.search.repair_expanded())
    }

    /// A walk steps back a move at a time: each move's repair is logged whole.
    fn remember_moves(&mut self) {
        self.remembering = true;
        self.search.log_whole_repairs();
    }

    /// The search's own log: a move's repair and its move of the start are in it.
    fn checkpoint(&mut self) -> usize {
        self.search.checkpoint()
    }

    fn undo_to(&mut self, checkpoint: usize) {
        self.search.undo_to(checkpoint);
    }

    fn incremental(&self) -> Option<&Incremental> {
        Some(&self.search)
    }
}
