//! D* Lite as the agent's planner: one search from the goal toward the agent, walked on as
//! the agent moves and repaired for what the sensor finds (k_m grows by
//! h(s_last, s_start) at each repair), never searched again from scratch as it walks.
//!
//! A walk that steps back keeps what the planner was told at each move (the cells the
//! sensor found changed, and each move along the plan): D* Lite is deterministic, so the
//! search at any move can be made again from the first one by telling it the same again.
//! The log of repairs, which undoes a move at once, is kept for the latest moves only, up to
//! a budget of cells' values in proportion to the map ([`LOG_BUDGET`]); stepping back past
//! it makes the search again from the first one, logging the moves before the one stepped
//! back to that fit the budget, so that the next steps back are undone at once again.

use crate::checks::search_error::SearchError;
use crate::dynamic::incremental::{Incremental, Variant};
use crate::finder::repairing::CellEdit;
use crate::finder::Finder;
use crate::geometry::grid::{Grid, Point, GROUND};
use crate::options::SearchOptions;
use crate::vocabulary::agent::PlannerKind;

use super::planner::Planner;

/// The log of repairs holds the values of at most one cell in this many of the map's (48
/// bytes each: 0.75 MiB on a 512x512 map, where a move's repair logs a few hundred cells);
/// when a move takes it over, the oldest moves' are forgotten down to half of that.
pub const LOG_BUDGET: usize = 16;

/// What the planner was asked, in order: enough to ask it again.
#[derive(Clone, Copy, Debug)]
enum Call {
    /// The agent moved to the next cell of the plan.
    TakeNext,
    /// The sensor found this many changes (the next ones in [`History::edits`]), learned.
    Learn(u32),
}

/// A move as the record keeps it.
#[derive(Clone, Copy, Debug)]
struct Move {
    /// Where its calls and their changes begin in [`History::calls`] and
    /// [`History::edits`].
    calls: usize,
    edits: usize,
    /// The search's log when it began (see [`Incremental::checkpoint`]); `None` when the
    /// log no longer holds it.
    log: Option<usize>,
    /// The cells' values its repairs logged, known once the next move begins.
    logged: usize,
}

/// What a walk that steps back keeps: how to make the search again, from the first one.
struct History {
    /// The cells of the map as known at the start that are not plain ground, and the
    /// start: the first search's.
    known: Vec<CellEdit>,
    start: Point,
    calls: Vec<Call>,
    edits: Vec<CellEdit>,
    moves: Vec<Move>,
    /// The most cells' values the log holds.
    budget: usize,
}

pub(super) struct DStarLite {
    search: Incremental,
    /// Whether each repair is logged, to be undone (see [`Planner::remember_moves`]).
    remembering: bool,
    /// What the moves were, to make the search of any of them again; `Some` once
    /// remembering.
    history: Option<History>,
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
            history: None,
        };
        Ok((planner, expanded))
    }

    /// The start of the search moves to the next cell of the plan: that cell.
    fn move_on(&mut self) -> Option<u32> {
        let next = self.search.next_cell()?;
        let to = self.search.grid().point(next as usize);
        // One legal move away on the known map.
        let _ = self.search.move_start(to);
        Some(next)
    }

    /// Repairs the search for `changes`, logged when moves are remembered; `false` when
    /// there was nothing to repair.
    fn repair(&mut self, changes: &[CellEdit]) -> bool {
        if changes.is_empty() || self.search.apply_edits(changes).is_err() {
            return false;
        }
        if self.remembering {
            self.search.finish();
        } else {
            self.search.run();
        }
        true
    }

    /// Keeps the log within its budget: when it holds more, the oldest moves' part is
    /// forgotten, down to half the budget or to the last move alone.
    fn trim_log(&mut self) {
        let Some(history) = self.history.as_mut() else {
            return;
        };
        if self.search.logged_changes(0) <= history.budget {
            return;
        }
        let last = history.moves.len().saturating_sub(1);
        let search = &self.search;
        let keep = (history.moves.iter().enumerate())
            .filter_map(|(k, m)| m.log.map(|log| (k, log)))
            .find(|&(k, log)| k == last || search.logged_changes(log) <= history.budget / 2);
        if let Some((keep, log)) = keep {
            self.search.forget_log_before(log);
            for m in &mut history.moves[..keep] {
                m.log = None;
            }
        }
    }

    /// Makes the search after the moves in the record again, from the first search: the
    /// latest moves that fit the log's budget logged (the last one at least), those
    /// before not.
    fn replay(&mut self) {
        let searched = self.search.grid();
        // The size of a grid made before.
        let Ok(mut known) = Grid::new(searched.width(), searched.height()) else {
            return;
        };
        let Some(mut history) = self.history.take() else {
            return;
        };
        for edit in &history.known {
            // On the grid: it was read off a grid of this size.
            let _ = known.set(edit.at, edit.terrain);
        }
        // The first search was made on this map from this start.
        let _ = self.search.start_over(&known, history.start);
        drop(known);
        self.search.run();
        let mut logged_from = history.moves.len();
        let mut kept = 0;
        while let Some(k) = logged_from.checked_sub(1) {
            kept += history.moves[k].logged;
            if kept > history.budget && logged_from < history.moves.len() {
                break;
            }
            logged_from = k;
        }
        self.search.set_logging(false);
        for k in 0..history.moves.len() {
            if k == logged_from {
                self.search.set_logging(true);
            }
            history.moves[k].log = (k >= logged_from).then(|| self.search.checkpoint());
            let Move { calls, edits, .. } = history.moves[k];
            let end = history
                .moves
                .get(k + 1)
                .map_or(history.calls.len(), |m| m.calls);
            let mut edits = edits;
            for &call in &history.calls[calls..end] {
                match call {
                    Call::TakeNext => {
                        self.move_on();
                    }
                    Call::Learn(n) => {
                        let changes = &history.edits[edits..edits + n as usize];
                        self.repair(changes);
                        edits += n as usize;
                    }
                }
            }
        }
        self.search.set_logging(true);
        self.history = Some(history);
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
        let next = self.move_on()?;
        if let Some(history) = self.history.as_mut() {
            history.calls.push(Call::TakeNext);
        }
        Some(next)
    }

    /// Repairs the search for the changes, logging it when moves are remembered.
    fn learn(&mut self, _: Point, changes: &[CellEdit]) -> Option<u32> {
        if !self.repair(changes) {
            return None;
        }
        if let Some(history) = self.history.as_mut() {
            history.calls.push(Call::Learn(changes.len() as u32));
            history.edits.extend_from_slice(changes);
        }
        Some(self.search.repair_expanded())
    }

    /// A walk steps back a move at a time: each move's repair is logged whole, and what
    /// the planner is told kept, from the first search (made just before).
    fn remember_moves(&mut self) {
        self.remembering = true;
        let known = self.search.grid();
        let budget = known.cell_count() / LOG_BUDGET;
        let not_ground = (known.terrain().iter().enumerate())
            .filter(|&(_, &terrain)| terrain != GROUND)
            .map(|(i, &terrain)| CellEdit {
                at: known.point(i),
                terrain,
            })
            .collect();
        self.history.get_or_insert_with(|| History {
            known: not_ground,
            start: self.search.start(),
            calls: Vec::new(),
            edits: Vec::new(),
            moves: Vec::new(),
            budget,
        });
        // Room for a move over the budget before the oldest moves are forgotten.
        self.search.log_whole_repairs(budget + budget / 2);
    }

    /// The move's number: the search's log, and what the planner is told, from here on are
    /// the move's.
    fn checkpoint(&mut self) -> usize {
        let Some(history) = self.history.as_mut() else {
            return self.search.checkpoint();
        };
        if let Some(last) = history.moves.last_mut() {
            if let Some(log) = last.log {
                last.logged = self.search.logged_changes(log);
            }
        }
        self.trim_log();
        let Some(history) = self.history.as_mut() else {
            return 0;
        };
        history.moves.push(Move {
            calls: history.calls.len(),
            edits: history.edits.len(),
            log: Some(self.search.checkpoint()),
            logged: 0,
        });
        history.moves.len() - 1
    }

    /// Undoes the moves from `checkpoint` on: from the log while it holds them, else by
    /// making the search again from the first one.
    fn undo_to(&mut self, checkpoint: usize) {
        let Some(history) = self.history.as_mut() else {
            self.search.undo_to(checkpoint);
            return;
        };
        let Some(&from) = history.moves.get(checkpoint) else {
            return;
        };
        history.calls.truncate(from.calls);
        history.edits.truncate(from.edits);
        history.moves.truncate(checkpoint);
        if !from.log.is_some_and(|log| self.search.undo_to(log)) {
            self.replay();
        }
    }

    fn incremental(&self) -> Option<&Incremental> {
        Some(&self.search)
    }
}
