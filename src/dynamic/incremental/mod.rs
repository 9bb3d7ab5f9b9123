//! LPA* and D* Lite (Koenig & Likhachev): one incremental search core. Each cell keeps g
//! and rhs, the one-step lookahead `rhs(s) = min over neighbours s' of c + g(s')`; the queue
//! holds exactly the locally inconsistent cells (g != rhs) under two-part keys
//! `[min(g, rhs) + h + k_m; min(g, rhs)]`. One step takes the vertex with the lowest key
//! (an iteration of ComputeShortestPath, in the optimized form of the IEEE T-RO 2005 paper):
//! an over-consistent vertex (g > rhs) gets g = rhs, an under-consistent one (g < rhs)
//! gets g = infinity, and the neighbours whose rhs depended on it are updated.
//!
//! The two finders differ only in the policy [`Variant`]: LPA* searches from the fixed
//! start toward the goal, so rhs looks at the cells a move comes from and an edge costs the
//! weight of the cell it is measured at; D* Lite searches from the goal toward a start that
//! moves, so rhs looks at the cells a move goes to, the edge costs the weight of that
//! neighbour, the heuristic measures toward the start and k_m keeps queued keys valid when
//! the start moves. After a batch of cell changes ([`Incremental::apply_edits`]) the cells
//! around each change are updated and further steps repair the search.
//!
//! The answer is optimal when the heuristic is admissible and consistent (octile,
//! Chebyshev or zero with diagonals, Manhattan without; terrain weights only raise costs).
//!
//! Every step and every batch of changes is logged so that it can be undone exactly.
//!
//! One job a file: the keys (`key`), the steps of ComputeShortestPath (`compute`), batches
//! of cell changes (`edits`), D* Lite's start moving with the agent (`start_move`), what
//! the journal keeps (`entry`) and how it undoes steps, batches and moves (`undo`), A* from
//! scratch's count beside a repair (`from_scratch`), the invariants the tests check
//! (`invariants`), the arrays a search hands on to the next (`spare`), and the stepwise
//! `Finder` interface with its `Repairing` capability (`finder`). The types the files
//! share (`key`, `entry`, `spare`) import none of the others, so no two files import each
//! other.

mod compute;
mod edits;
mod entry;
mod finder;
mod from_scratch;
mod invariants;
mod key;
mod spare;
mod start_move;
mod undo;

pub use key::TwoPartKey;

use std::cell::OnceCell;
use std::sync::Arc;

use crate::checks::search_error::{endpoint_cells, OptionsError, SearchError};
use crate::finder::journal::Journal;
use crate::finder::open_list::OpenList;
use crate::finders::graph::Graph;
use crate::geometry::grid::{Grid, Point};
use crate::geometry::topology::Topology;
use crate::options::{Algorithm, SearchOptions};
use crate::text::names::named_enum;
use crate::vocabulary::record::UNVISITED;

use entry::{CellChange, Entry, Scalars};
use spare::CellArrays;

/// Which incremental search the core runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// LPA*: from the start (rhs = 0 there) toward the goal.
    LpaStar,
    /// D* Lite: from the goal (rhs = 0 there) toward the agent's position, the start.
    DStarLite,
}

named_enum!(Variant, "incremental search", {
    LpaStar => "lpastar",
    DStarLite => "dstar-lite",
});

impl Variant {
    /// Its finder in the catalogue.
    pub fn algorithm(self) -> Algorithm {
        match self {
            Variant::LpaStar => Algorithm::LpaStar,
            Variant::DStarLite => Algorithm::DStarLite,
        }
    }
}

/// LPA* or D* Lite over its own copy of a grid, which batches of changes edit.
#[derive(Clone, Debug)]
pub struct Incremental {
    graph: Graph,
    options: SearchOptions,
    variant: Variant,
    goal: u32,
    goal_at: Point,
    /// In cost units, `INFINITY` where infinite.
    g: Vec<f64>,
    rhs: Vec<f64>,
    /// State (open = queued, closed = consistent with a finite g) and the move from the
    /// neighbour rhs came through (see `crate::vocabulary::record`).
    record: Vec<u8>,
    marks: Vec<u16>,
    open: OpenList<TwoPartKey>,
    /// Every cell whose g or rhs has been finite (some more than once): what a search
    /// that ends clears before handing its arrays on.
    touched: Vec<u32>,
    s: Scalars,
    /// The path from the start, once the search has found one, worked out when first
    /// asked for: an agent that walks needs only its next cell.
    path: OnceCell<Vec<u32>>,
    /// The expansions of A* from scratch on the map as it is, worked out when first asked
    /// for (see [`Incremental::from_scratch_expanded`]).
    from_scratch: OnceCell<u32>,
    /// Whether steps and changes are recorded for undo (not while [`Incremental::run`]
    /// runs).
    recording: bool,
    journal: Journal<Entry, CellChange>,
    /// Once only whole repairs are logged ([`Incremental::log_whole_repairs`]): a bit per
    /// cell, set for the cells the last entry saved, so that an entry saves a cell once
    /// (cleared, from that entry's changes, when the next begins or it is undone).
    saved: Option<Vec<u64>>,
    /// Cells a repair looks at, gathered once per batch (reused buffer).
    affected: Vec<u32>,
}

impl Drop for Incremental {
    /// Hands the arrays on, clean, to the next search.
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        self.clean();
        CellArrays {
            g: std::mem::take(&mut self.g),
            rhs: std::mem::take(&mut self.rhs),
            record: std::mem::take(&mut self.record),
            marks: std::mem::take(&mut self.marks),
            open: std::mem::replace(&mut self.open, OpenList::new(0)),
            touched: std::mem::take(&mut self.touched),
        }
        .keep();
    }
}

impl Incremental {
    /// LPA* or D* Lite, as `variant` says, under the movement rules, costs, heuristic and
    /// tie-break of `options` (see [`Incremental::checked_options`]).
    pub fn new(
        grid: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
        variant: Variant,
    ) -> Result<Incremental, SearchError> {
        let topology = options.topology();
        Incremental::with_topology(grid, start, goal, options, variant, topology)
    }

    /// LPA* or D* Lite over the moves of `topology` (see [`Incremental::new`]).
    pub fn with_topology(
        grid: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
        variant: Variant,
        topology: Arc<dyn Topology>,
    ) -> Result<Incremental, SearchError> {
        let options = Incremental::checked_options(options, variant)?;
        let (s, t) = endpoint_cells(&grid, start, goal)?;
        let CellArrays {
            g,
            rhs,
            record,
            marks,
            open,
            touched,
        } = CellArrays::take(grid.cell_count());
        let mut finder = Incremental {
            graph: Graph::new(grid, topology, options.heuristic)?,
            options,
            variant,
            goal: t,
            goal_at: goal,
            g,
            rhs,
            record,
            marks,
            open,
            touched,
            s: Scalars::first(s, start),
            path: OnceCell::new(),
            from_scratch: OnceCell::new(),
            recording: true,
            journal: Journal::new(),
            saved: None,
            affected: Vec::new(),
        };
        finder.initialize();
        Ok(finder)
    }

    /// Starts again as [`Incremental::new`] would, over `grid` (of this search's size) from
    /// `start` to the same goal, in the arrays it has: a walk that steps back far makes its
    /// search again from its first one. The log is forgotten; logging stays as it was set.
    pub(crate) fn start_over(&mut self, grid: &Grid, start: Point) -> Result<(), SearchError> {
        let (s, _) = endpoint_cells(grid, start, self.goal_at)?;
        self.clean();
        for i in 0..grid.cell_count() {
            let terrain = grid.terrain()[i];
            if terrain != self.graph.grid.terrain()[i] {
                // The same size: every index is on the grid.
                let _ = self.graph.set_terrain(grid.point(i), terrain);
            }
        }
        self.clear_log();
        self.s = Scalars::first(s, start);
        self.path = OnceCell::new();
        self.from_scratch = OnceCell::new();
        self.initialize();
        Ok(())
    }

    /// Every cell back to infinite g and rhs, unvisited and unmarked, and the queue empty,
    /// clearing only the cells it touched.
    fn clean(&mut self) {
        for cell in self.touched.drain(..) {
            let c = cell as usize;
            (self.g[c], self.rhs[c]) = (f64::INFINITY, f64::INFINITY);
            (self.record[c], self.marks[c]) = (UNVISITED, 0);
        }
        self.open.clear();
    }

    /// The options as the search keeps them: the variant's own algorithm, checked against
    /// its catalogue entry (no weight, no node limit, ties on k1 broken by larger or
    /// smaller g only).
    pub fn checked_options(
        options: SearchOptions,
        variant: Variant,
    ) -> Result<SearchOptions, OptionsError> {
        let options = SearchOptions {
            algorithm: variant.algorithm(),
            ..options
        };
        options.validate()?;
        Ok(options)
    }

    /// Initialize(): every g and rhs infinite but the source's rhs, 0; the source queued.
    fn initialize(&mut self) {
        let source = self.source();
        self.rhs[source as usize] = 0.0;
        self.touched.push(source);
        self.queue_set(source, Some(self.calculate_key(source)));
        self.s.counters.max_open = 1;
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Where the search begins (rhs = 0): the start for LPA*, the goal for D* Lite.
    fn source(&self) -> u32 {
        match self.variant {
            Variant::LpaStar => self.s.start,
            Variant::DStarLite => self.goal,
        }
    }

    /// The cell the search is for: the goal for LPA*, the start for D* Lite.
    fn target(&self) -> u32 {
        match self.variant {
            Variant::LpaStar => self.goal,
            Variant::DStarLite => self.s.start,
        }
    }

    fn target_at(&self) -> Point {
        match self.variant {
            Variant::LpaStar => self.goal_at,
            Variant::DStarLite => self.s.start_at,
        }
    }

    /// Expansions since the last batch of changes or move of the start (or since the
    /// beginning): the work of this repair.
    pub fn repair_expanded(&self) -> u32 {
        self.s.counters.expanded - self.s.repair_from
    }

    pub fn k_m(&self) -> f64 {
        self.s.k_m
    }

    pub fn start(&self) -> Point {
        self.s.start_at
    }

    pub fn goal(&self) -> Point {
        self.goal_at
    }

    /// Per-cell rhs in cost units, `INFINITY` where infinite.
    pub fn rhs_values(&self) -> &[f64] {
        &self.rhs
    }
}
