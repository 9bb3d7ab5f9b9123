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

use std::cell::{OnceCell, RefCell};
use std::sync::Arc;

use crate::checks::search_error::OptionsError;
use crate::checks::search_error::{endpoint_cells, SearchError};
use crate::finder::open_list::{OpenList, QueueKey};
use crate::finder::repairing::{CellEdit, QueuedKey, RepairError, Repairing};
use crate::finder::Finder;
use crate::finders::graph::Graph;
use crate::geometry::grid::{Grid, GridError, Point, MAX_WEIGHT, WALL};
use crate::geometry::topology::{self, Topology};
use crate::options::{Algorithm, SearchOptions, TieBreak};
use crate::search::spare::{keep_spare, take_spare};
use crate::search::Search;
use crate::text::names::named_enum;
use crate::vocabulary::events::{NodeValues, StepEvent, VertexAction};
use crate::vocabulary::marks::{MARK_OVERCONSISTENT, MARK_UNDERCONSISTENT};
use crate::vocabulary::record::{record_of, CLOSED, NO_PARENT, OPEN, STATE_MASK, UNVISITED};
use crate::vocabulary::status::{Counters, FinderInfo, Status};

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

/// A queue key `[k1; k2]` in cost units, ordered by k1, then by `rank` (how ties on k1
/// are broken, see [`Incremental::calculate_key`]), then by the cell, which makes every key
/// distinct so that the pop order never depends on how the heap happens to be arranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct TwoPartKey {
    pub k1: u64,
    rank: u64,
    pub cell: u32,
    pub k2: u64,
}

/// Added to the rank of a vertex that is not under-consistent under the larger-g order,
/// so that every under-consistent vertex with the same k1 comes first.
const AFTER_UNDER_CONSISTENT: u64 = 1 << 63;

impl TwoPartKey {
    /// The order of the key without its cell: what the end test compares.
    fn order(self) -> (u64, u64) {
        (self.k1, self.rank)
    }
}

impl QueueKey for TwoPartKey {
    #[inline(always)]
    fn cell(self) -> u32 {
        self.cell
    }
}

/// A cell's values before a change, to be put back by an undo.
#[derive(Clone, Copy, Debug)]
struct CellChange {
    cell: u32,
    g: f64,
    rhs: f64,
    record: u8,
    mark: u16,
    key: Option<TwoPartKey>,
}

/// The single values, saved whole with each logged entry.
#[derive(Clone, Copy, Debug)]
struct Scalars {
    status: Status,
    start: u32,
    start_at: Point,
    /// D* Lite: where the start was when k_m last grew (s_last).
    last_at: Point,
    k_m: f64,
    current: u32,
    counters: Counters,
    /// Expansions counted when the last repair began (a batch, a move, the first search).
    repair_from: u32,
    total_steps: Option<u32>,
}

/// What a logged entry undoes.
#[derive(Clone, Debug)]
enum EntryKind {
    /// One step of ComputeShortestPath.
    Step,
    /// A batch of cell changes: each cell's previous terrain.
    Edits(Vec<(Point, u8)>),
    /// D* Lite's start moved.
    Move,
}

#[derive(Clone, Debug)]
struct Entry {
    kind: EntryKind,
    scalars: Scalars,
    /// Where this entry's changes begin in `Incremental::changes`.
    changes_from: usize,
}

/// What a step did, before it is put into words.
enum Taken {
    Vertex {
        cell: u32,
        key: TwoPartKey,
        action: VertexAction,
        updated: Vec<u32>,
    },
    Finished,
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
    /// Whether steps and changes are logged for undo (not while [`Incremental::run`] runs).
    recording: bool,
    log: Vec<Entry>,
    changes: Vec<CellChange>,
    /// Cells a repair looks at, gathered once per batch (reused buffer).
    affected: Vec<u32>,
}

/// The whole-map arrays of an incremental search, all clean: each g and rhs infinite, each
/// record unvisited, no mark, the queue empty.
#[derive(Debug)]
struct CellArrays {
    g: Vec<f64>,
    rhs: Vec<f64>,
    record: Vec<u8>,
    marks: Vec<u16>,
    open: OpenList<TwoPartKey>,
    touched: Vec<u32>,
}

thread_local! {
    /// The arrays of the last incremental search that ended, for the next one on a map of
    /// the same size (as A*'s are, see `crate::search::spare`): an agent's walk starts a
    /// new search, and filling megabytes for it cost more than a short walk's repairs.
    static SPARE: RefCell<Option<CellArrays>> = const { RefCell::new(None) };
}

impl CellArrays {
    fn take(cells: usize) -> CellArrays {
        take_spare(&SPARE, |a| a.g.len() == cells).unwrap_or_else(|| CellArrays {
            g: vec![f64::INFINITY; cells],
            rhs: vec![f64::INFINITY; cells],
            record: vec![UNVISITED; cells],
            marks: vec![0; cells],
            open: OpenList::new(cells),
            touched: Vec::new(),
        })
    }
}

impl Drop for Incremental {
    /// Hands the arrays on, clean, to the next search.
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        for cell in self.touched.drain(..) {
            let c = cell as usize;
            (self.g[c], self.rhs[c]) = (f64::INFINITY, f64::INFINITY);
            (self.record[c], self.marks[c]) = (UNVISITED, 0);
        }
        self.open.clear();
        keep_spare(
            &SPARE,
            CellArrays {
                g: std::mem::take(&mut self.g),
                rhs: std::mem::take(&mut self.rhs),
                record: std::mem::take(&mut self.record),
                marks: std::mem::take(&mut self.marks),
                open: std::mem::replace(&mut self.open, OpenList::new(0)),
                touched: std::mem::take(&mut self.touched),
            },
        );
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
            s: Scalars {
                status: Status::Running,
                start: s,
                start_at: start,
                last_at: start,
                k_m: 0.0,
                current: NO_PARENT,
                counters: Counters::default(),
                repair_from: 0,
                total_steps: None,
            },
            path: OnceCell::new(),
            from_scratch: OnceCell::new(),
            recording: true,
            log: Vec::new(),
            changes: Vec::new(),
            affected: Vec::new(),
        };
        finder.initialize();
        Ok(finder)
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

    /// The heuristic from a cell to the target, in units.
    fn h(&self, cell: u32) -> f64 {
        self.graph.estimate(cell, self.target_at())
    }

    /// CalculateKey(s) = [min(g, rhs) + h + k_m; min(g, rhs)]; costs are whole units below
    /// 2^53, an infinite one becomes `u64::MAX`.
    ///
    /// With the smaller-g tie-break keys are ordered as the paper orders them, by k1 and
    /// then k2. The larger-g tie-break keeps k1 first and, among equal k1, takes the
    /// under-consistent vertices first, by smaller k2 as the paper does, and then the rest
    /// by larger k2, as A* breaks its ties: on open ground it goes straight down one
    /// shortest path instead of sweeping every cell on one. The answer stays exact: an
    /// over-consistent vertex with the target's k1 cannot lower the target's g (a
    /// consistent heuristic), so only the under-consistent ones must come before the end
    /// test passes, and they do; a consistent target ranks with the largest k2 there is.
    fn calculate_key(&self, cell: u32) -> TwoPartKey {
        let c = cell as usize;
        let least = self.g[c].min(self.rhs[c]);
        let k2 = least as u64;
        let under_consistent = self.g[c] < self.rhs[c];
        let rank = if self.options.tie_break == TieBreak::SmallerG || under_consistent {
            k2
        } else {
            AFTER_UNDER_CONSISTENT
                | (AFTER_UNDER_CONSISTENT - 1 - k2.min(AFTER_UNDER_CONSISTENT - 1))
        };
        TwoPartKey {
            k1: (least + self.h(cell) + self.s.k_m) as u64,
            rank,
            cell,
            k2,
        }
    }

    /// The cost of the edge between `cell` and its neighbour by the `i`-th move, in the
    /// direction rhs(cell) reads it: into `cell` for LPA*, out of it for D* Lite. Entering
    /// a cell costs its terrain weight times the step.
    #[inline(always)]
    fn edge(&self, cell: u32, i: usize, neighbour: u32) -> f64 {
        let entered = match self.variant {
            Variant::LpaStar => cell,
            Variant::DStarLite => neighbour,
        };
        self.graph.cost_into(i, entered)
    }

    /// rhs from scratch, `min over neighbours s' of c + g(s')`, and the move from the
    /// best neighbour (`None`: no neighbour with a finite g).
    fn lookahead(&mut self, cell: u32) -> (f64, Option<usize>) {
        let legal = self.graph.legal(cell);
        let mut best = (f64::INFINITY, None);
        for i in topology::indices(legal) {
            let v = self.graph.neighbour(cell, i);
            let via = self.g[v as usize] + self.edge(cell, i, v);
            if via < best.0 {
                best = (via, Some(self.graph.neighbourhood.reverse(i)));
            }
        }
        best
    }

    /// Logs a cell's values before they change.
    fn save(&mut self, cell: u32) {
        if self.recording {
            let c = cell as usize;
            self.changes.push(CellChange {
                cell,
                g: self.g[c],
                rhs: self.rhs[c],
                record: self.record[c],
                mark: self.marks[c],
                key: self.open.key_of(cell),
            });
        }
    }

    /// Puts a cell on the queue with `key`, moves it there, or takes it off (`None`).
    fn queue_set(&mut self, cell: u32, key: Option<TwoPartKey>) {
        match (self.open.key_of(cell), key) {
            (None, Some(k)) => {
                self.open.push(cell, k);
                self.s.counters.generated += 1;
            }
            (Some(old), Some(k)) if old != k => self.open.update(cell, k),
            (Some(_), None) => {
                self.open.remove(cell);
            }
            _ => {}
        }
        self.refresh(cell, key.is_some());
    }

    /// The state bits and marks of a cell from its g, rhs and place in the queue. Every
    /// change of g or rhs is followed by a [`Incremental::queue_set`], which calls this.
    fn refresh(&mut self, cell: u32, queued: bool) {
        let c = cell as usize;
        let state = if queued {
            OPEN
        } else if self.g[c].is_finite() {
            CLOSED
        } else {
            UNVISITED
        };
        self.record[c] = self.record[c] & !STATE_MASK | state;
        let (g, rhs) = (self.g[c], self.rhs[c]);
        self.marks[c] = if g > rhs {
            MARK_OVERCONSISTENT
        } else if g < rhs {
            MARK_UNDERCONSISTENT
        } else {
            0
        };
    }

    /// Sets rhs and the move it came through (`None`: no parent).
    fn set_rhs(&mut self, cell: u32, rhs: f64, by: Option<usize>) {
        let c = cell as usize;
        if rhs.is_finite() && self.rhs[c].is_infinite() && self.g[c].is_infinite() {
            self.touched.push(cell);
        }
        self.rhs[c] = rhs;
        self.record[c] = record_of(self.record[c] & STATE_MASK, by);
    }

    /// UpdateVertex(u): queued with a fresh key exactly when locally inconsistent.
    fn update_vertex(&mut self, cell: u32) {
        let c = cell as usize;
        let key = (self.g[c] != self.rhs[c]).then(|| self.calculate_key(cell));
        self.queue_set(cell, key);
    }

    /// For each neighbour `s` of the vertex `u` just taken: unless `s` is the source,
    /// `new_rhs(s, i, c)` may set its rhs (`i`: the move from `u` to `s`; `c`: the edge
    /// between them as rhs(s) reads it) and says whether it did; then UpdateVertex(s). When
    /// the step is logged, the neighbours that changed go into `updated`.
    fn update_neighbours(
        &mut self,
        u: u32,
        updated: &mut Vec<u32>,
        mut new_rhs: impl FnMut(&mut Self, u32, usize, f64) -> bool,
    ) {
        let legal = self.graph.legal(u);
        let source = self.source();
        for i in topology::indices(legal) {
            let s = self.graph.neighbour(u, i);
            self.save(s);
            // Only a logged step is put into words.
            let queued = self.recording.then(|| self.open.key_of(s));
            let cost = self.edge(s, self.graph.neighbourhood.reverse(i), u);
            // UpdateVertex(s) only when rhs(s) changed: with g and rhs as they were, the
            // key is too (a D* Lite key queued before the start moved stays a lower bound,
            // to be raised when it comes to the top).
            if s != source && new_rhs(self, s, i, cost) {
                self.update_vertex(s);
                if queued.is_some() {
                    updated.push(s);
                }
            }
        }
    }

    /// One iteration of ComputeShortestPath, or the test that ends it.
    fn take_step(&mut self) -> Option<Taken> {
        if self.s.status != Status::Running {
            return None;
        }
        if self.recording {
            self.log.push(Entry {
                kind: EntryKind::Step,
                scalars: self.s,
                changes_from: self.changes.len(),
            });
        }
        self.s.counters.steps += 1;
        let target = self.target();
        let t = target as usize;
        let top = self.open.peek().and_then(|cell| self.open.key_of(cell));
        let target_key = self.calculate_key(target);
        let k_old = match top {
            Some(k) if k.order() < target_key.order() || self.rhs[t] != self.g[t] => k,
            // The end test: the top key is not below the target's and the target is
            // consistent (an empty queue leaves nothing inconsistent).
            _ => {
                let found = self.g[t].is_finite() && self.g[t] == self.rhs[t];
                self.s.status = if found { Status::Found } else { Status::NoPath };
                self.s.total_steps = Some(self.s.counters.steps);
                self.path = OnceCell::new();
                return Some(Taken::Finished);
            }
        };
        let u = k_old.cell;
        let c = u as usize;
        self.s.current = u;
        let k_new = self.calculate_key(u);
        self.save(u);
        let mut updated = Vec::new();
        let action = if k_old.order() < k_new.order() {
            self.queue_set(u, Some(k_new));
            VertexAction::Requeued {
                key: [
                    k_new.k1 as f64 / self.cost_scale(),
                    k_new.k2 as f64 / self.cost_scale(),
                ],
            }
        } else if self.g[c] > self.rhs[c] {
            // Over-consistent: g = rhs, and each neighbour's rhs may come through it now.
            self.g[c] = self.rhs[c];
            self.queue_set(u, None);
            self.s.counters.expanded += 1;
            let g_u = self.g[c];
            self.update_neighbours(u, &mut updated, |finder, s, i, cost| {
                let via = g_u + cost;
                if via < finder.rhs[s as usize] {
                    finder.set_rhs(s, via, Some(i));
                    true
                } else {
                    false
                }
            });
            VertexAction::MadeConsistent
        } else {
            // Under-consistent: g = infinity; the neighbours whose rhs came through it
            // look again, and so does the vertex itself.
            let g_old = self.g[c];
            self.g[c] = f64::INFINITY;
            self.s.counters.expanded += 1;
            self.update_neighbours(u, &mut updated, |finder, s, _, cost| {
                if finder.rhs[s as usize] == g_old + cost {
                    let (rhs, by) = finder.lookahead(s);
                    finder.set_rhs(s, rhs, by);
                    true
                } else {
                    false
                }
            });
            self.update_vertex(u);
            VertexAction::MadeInfinite
        };
        let open = self.open.len() as u32;
        self.s.counters.max_open = self.s.counters.max_open.max(open);
        Some(Taken::Vertex {
            cell: u,
            key: k_old,
            action,
            updated,
        })
    }

    /// The neighbour that rhs reads as best from `cell` (the smallest c + g, the first of
    /// equals in move order), `None` when no neighbour has a finite g.
    fn best_neighbour(&self, cell: u32) -> Option<u32> {
        let legal = self.graph.legal_now(cell);
        let mut best = (f64::INFINITY, None);
        for i in topology::indices(legal) {
            let v = self.graph.neighbour(cell, i);
            let via = self.g[v as usize] + self.edge(cell, i, v);
            if via < best.0 {
                best = (via, Some(v));
            }
        }
        best.1
    }

    /// The path, once the search has ended with one: from the target, always the best
    /// neighbour, to the source; start to goal.
    fn extracted_path(&self) -> Vec<u32> {
        if self.s.status != Status::Found {
            return Vec::new();
        }
        let (source, mut cell) = (self.source(), self.target());
        let mut path = vec![cell];
        // A path visits each cell once: a longer walk would mean unsound values.
        while cell != source && path.len() <= self.g.len() {
            let Some(next) = self.best_neighbour(cell) else {
                break;
            };
            cell = next;
            path.push(cell);
        }
        if self.variant == Variant::LpaStar {
            path.reverse();
        }
        path
    }

    /// D* Lite: the cell the start moves to next, the second of the path (`None` until a
    /// path is found, or at the goal), without working out the rest of the path.
    pub fn next_cell(&self) -> Option<u32> {
        let at_goal = self.s.start == self.goal;
        let walking = self.variant == Variant::DStarLite && self.s.status == Status::Found;
        if !walking || at_goal {
            return None;
        }
        self.best_neighbour(self.s.start)
    }

    /// Undoes the last batch of cell changes or move of the start, once the steps after it
    /// are undone; `false` if the last entry is not one.
    pub fn undo_change(&mut self) -> bool {
        match self.log.last() {
            Some(Entry {
                kind: EntryKind::Edits(_) | EntryKind::Move,
                ..
            }) => {
                self.undo_entry();
                true
            }
            _ => false,
        }
    }

    fn undo_entry(&mut self) {
        let Some(entry) = self.log.pop() else {
            return;
        };
        if let EntryKind::Edits(cells) = &entry.kind {
            for &(at, terrain) in cells.iter().rev() {
                // The cell was on the grid with this terrain a moment ago.
                let _ = self.graph.set_terrain(at, terrain);
            }
        }
        if !matches!(entry.kind, EntryKind::Step) {
            self.from_scratch = OnceCell::new();
        }
        for change in self.changes.split_off(entry.changes_from).into_iter().rev() {
            let c = change.cell as usize;
            (self.g[c], self.rhs[c]) = (change.g, change.rhs);
            (self.record[c], self.marks[c]) = (change.record, change.mark);
            match (self.open.key_of(change.cell), change.key) {
                (None, Some(k)) => self.open.push(change.cell, k),
                (Some(_), Some(k)) => self.open.update(change.cell, k),
                (Some(_), None) => {
                    self.open.remove(change.cell);
                }
                (None, None) => {}
            }
        }
        // Stepping back within a repair keeps its length known: steps are exact.
        let total_steps = self.s.total_steps;
        self.s = entry.scalars;
        if matches!(entry.kind, EntryKind::Step) {
            self.s.total_steps = total_steps;
        }
        self.path = OnceCell::new();
    }

    /// Where the log of steps and changes stands: [`Incremental::undo_to`] comes back here.
    pub fn checkpoint(&self) -> usize {
        self.log.len()
    }

    /// Undoes every step, batch and move logged since `checkpoint`, exactly.
    pub fn undo_to(&mut self, checkpoint: usize) {
        while self.log.len() > checkpoint {
            self.undo_entry();
        }
    }

    /// Applies a batch of cell changes, all or none, and updates the vertices whose edges
    /// they changed: the changed cells and the cells around them (a wall also blocks the
    /// diagonals beside it). Further steps repair the search. For D* Lite, k_m first grows
    /// by h(s_last, s_start) and s_last becomes the start. Returns how many cells changed.
    pub fn apply_edits(&mut self, edits: &[CellEdit]) -> Result<usize, RepairError> {
        let endpoints = [self.s.start, self.goal];
        for e in edits {
            let cell = self
                .graph
                .grid
                .index_of(i64::from(e.at.x), i64::from(e.at.y))
                .map_err(|cause| RepairError::Grid { cause })?;
            if e.terrain > MAX_WEIGHT {
                return Err(RepairError::Grid {
                    cause: GridError::bad_terrain(e.terrain),
                });
            }
            if e.terrain == WALL && endpoints.contains(&(cell as u32)) {
                return Err(RepairError::WallOnEndpoint {
                    x: e.at.x,
                    y: e.at.y,
                });
            }
        }
        if self.recording {
            self.log.push(Entry {
                kind: EntryKind::Edits(Vec::new()),
                scalars: self.s,
                changes_from: self.changes.len(),
            });
        }
        let mut previous = Vec::new();
        let mut affected = std::mem::take(&mut self.affected);
        affected.clear();
        for e in edits {
            // Checked above.
            let Ok(old) = self.graph.set_terrain(e.at, e.terrain) else {
                continue;
            };
            if old != e.terrain {
                previous.push((e.at, old));
                affected.extend(self.graph.neighbourhood.around(&self.graph.grid, e.at));
            }
        }
        if let (true, Some(entry)) = (self.recording, self.log.last_mut()) {
            entry.kind = EntryKind::Edits(previous.clone());
        }
        affected.sort_unstable();
        affected.dedup();
        if !previous.is_empty() && self.variant == Variant::DStarLite {
            let (last, start) = (self.s.last_at, self.s.start_at);
            self.s.k_m += self.graph.neighbourhood.estimate(last, start);
            self.s.last_at = start;
        }
        let source = self.source();
        for &cell in &affected {
            self.save(cell);
            if !self.graph.grid.is_passable_at(cell as usize) {
                self.g[cell as usize] = f64::INFINITY;
                self.set_rhs(cell, f64::INFINITY, None);
                self.queue_set(cell, None);
                continue;
            }
            if cell != source {
                let (rhs, by) = self.lookahead(cell);
                self.set_rhs(cell, rhs, by);
            }
            self.update_vertex(cell);
        }
        self.affected = affected;
        self.reopen();
        Ok(previous.len())
    }

    /// After a change, the search runs again to its end test; this repair's counters
    /// begin here, and its steps count from 0: stepping back stops at the change.
    fn reopen(&mut self) {
        self.s.status = Status::Running;
        self.s.total_steps = None;
        self.s.counters.steps = 0;
        self.s.repair_from = self.s.counters.expanded;
        self.path = OnceCell::new();
        self.from_scratch = OnceCell::new();
    }

    /// D* Lite: the agent moved one legal move, to `to`, which becomes the start. The
    /// values stay valid (they measure toward the goal); a path already found is walked
    /// on from there.
    pub fn move_start(&mut self, to: Point) -> Result<(), RepairError> {
        if self.variant != Variant::DStarLite {
            return Err(RepairError::StartFixed);
        }
        let not_a_move = RepairError::NotAMove { x: to.x, y: to.y };
        let from = self.s.start;
        let legal = self.graph.legal(from);
        let moved = topology::indices(legal)
            .map(|i| self.graph.neighbour(from, i))
            .find(|&cell| self.graph.point(cell) == to)
            .ok_or(not_a_move)?;
        if self.recording {
            self.log.push(Entry {
                kind: EntryKind::Move,
                scalars: self.s,
                changes_from: self.changes.len(),
            });
        }
        (self.s.start, self.s.start_at) = (moved, to);
        self.s.repair_from = self.s.counters.expanded;
        self.s.counters.steps = 0;
        self.from_scratch = OnceCell::new();
        if self.s.status == Status::Found {
            self.s.total_steps = Some(0);
            // Walking the path found: the rest of it is the path from here (the best
            // neighbour of each cell is what it was).
            match self.path.get_mut() {
                Some(path) if path.get(1) == Some(&moved) => {
                    path.remove(0);
                }
                _ => self.path = OnceCell::new(),
            }
        } else {
            self.s.total_steps = None;
            self.s.status = Status::Running;
        }
        Ok(())
    }
}

impl Incremental {
    /// Expansions since the last batch of changes or move of the start (or since the
    /// beginning): the work of this repair.
    pub fn repair_expanded(&self) -> u32 {
        self.s.counters.expanded - self.s.repair_from
    }

    pub fn k_m(&self) -> f64 {
        self.s.k_m
    }

    /// How many nodes A* expands searching from scratch, with the same options, from the
    /// start to the goal of the map as it is now: what this repair saves.
    pub fn from_scratch_expanded(&self) -> u32 {
        *self.from_scratch.get_or_init(|| {
            let options = SearchOptions {
                algorithm: Algorithm::AStar,
                ..self.options
            };
            // The same grid, endpoints and checked options a search was made with.
            match Search::with_topology(
                self.graph.grid.clone(),
                self.s.start_at,
                self.goal_at,
                options,
                Arc::clone(self.graph.neighbourhood.topology()),
            ) {
                Ok(mut search) => {
                    search.run();
                    search.counters().expanded
                }
                Err(_) => 0,
            }
        })
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

    /// A queued cell's key, in display units.
    pub fn key_of(&self, cell: u32) -> Option<[f64; 2]> {
        let scale = self.cost_scale();
        self.open
            .key_of(cell)
            .map(|k| [k.k1 as f64 / scale, k.k2 as f64 / scale])
    }

    /// The first `k` queued cells in the order they will be taken, with their keys.
    pub fn queue(&self, k: usize) -> Vec<QueuedKey> {
        let scale = self.cost_scale();
        self.open
            .peek_sorted(k)
            .into_iter()
            .map(|(cell, key)| {
                let p = self.graph.point(cell);
                QueuedKey {
                    x: p.x,
                    y: p.y,
                    k1: key.k1 as f64 / scale,
                    k2: key.k2 as f64 / scale,
                    g: self.g[cell as usize] / scale,
                    rhs: self.rhs[cell as usize] / scale,
                }
            })
            .collect()
    }

    /// The batch of cell changes that makes the map searched `grid`, applied (see
    /// [`Incremental::apply_edits`]); `Ok(None)`, changing nothing, when `grid` is another
    /// size or `start` and `goal` are not this search's: a new search is wanted then. A
    /// grid the same as the one searched changes nothing: `Ok(Some(0))`.
    pub fn repair_to(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
    ) -> Result<Option<usize>, RepairError> {
        let searched = &self.graph.grid;
        let same_size = (grid.width(), grid.height()) == (searched.width(), searched.height());
        if !same_size || start != self.s.start_at || goal != self.goal_at {
            return Ok(None);
        }
        let edits: Vec<CellEdit> = (grid.terrain().iter().zip(searched.terrain()))
            .enumerate()
            .filter(|(_, (new, old))| new != old)
            .map(|(i, (&terrain, _))| CellEdit {
                at: grid.point(i),
                terrain,
            })
            .collect();
        if edits.is_empty() {
            return Ok(Some(0));
        }
        self.apply_edits(&edits).map(Some)
    }

    /// The invariants of the algorithm, checked over every cell: the first broken one.
    /// rhs is the one-step lookahead (0 at the source; a wall has g = rhs = infinity); the
    /// queue holds exactly the locally inconsistent cells, LPA*'s under their current
    /// keys and D* Lite's under keys no higher than their current ones (k_m makes up for
    /// the start's moves); the marks and states say the same; and once the search has
    /// ended the top key is not below the target's and the target is consistent.
    pub fn check_invariants(&mut self) -> Result<(), String> {
        let source = self.source();
        for cell in 0..self.g.len() as u32 {
            let c = cell as usize;
            let at = self.graph.point(cell);
            let (g, rhs) = (self.g[c], self.rhs[c]);
            let queued = self.open.key_of(cell);
            if !self.graph.grid.is_passable_at(c) {
                if g.is_finite() || rhs.is_finite() || queued.is_some() {
                    return Err(format!("wall {at}: g {g}, rhs {rhs}, queued {queued:?}"));
                }
                continue;
            }
            let expected = if cell == source {
                0.0
            } else {
                self.lookahead(cell).0
            };
            if rhs != expected {
                return Err(format!("{at}: rhs {rhs}, lookahead {expected}"));
            }
            if queued.is_some() != (g != rhs) {
                return Err(format!("{at}: g {g}, rhs {rhs}, queued {queued:?}"));
            }
            if let Some(key) = queued {
                let now = self.calculate_key(cell);
                let fits = match self.variant {
                    Variant::LpaStar => key == now,
                    Variant::DStarLite => key <= now,
                };
                if !fits {
                    return Err(format!("{at}: queued under {key:?}, key now {now:?}"));
                }
            }
            let mark = match g.partial_cmp(&rhs) {
                Some(std::cmp::Ordering::Greater) => MARK_OVERCONSISTENT,
                Some(std::cmp::Ordering::Less) => MARK_UNDERCONSISTENT,
                _ => 0,
            };
            if self.marks[c] != mark {
                return Err(format!("{at}: g {g}, rhs {rhs}, mark {}", self.marks[c]));
            }
        }
        if self.s.status != Status::Running {
            let target = self.target();
            let t = target as usize;
            let top = self.open.peek().and_then(|cell| self.open.key_of(cell));
            let target_key = self.calculate_key(target);
            if top.is_some_and(|k| k.order() < target_key.order()) || self.g[t] != self.rhs[t] {
                return Err(format!(
                    "ended with top key {top:?} below the target's {target_key:?} or the \
                     target inconsistent"
                ));
            }
        }
        Ok(())
    }
}

impl Finder for Incremental {
    fn status(&self) -> Status {
        self.s.status
    }

    fn total_steps(&self) -> Option<u32> {
        self.s.total_steps
    }

    fn marks(&self) -> &[u16] {
        &self.marks
    }

    fn current(&self) -> Option<Point> {
        self.graph.point_of(self.s.current)
    }

    fn options(&self) -> &SearchOptions {
        &self.options
    }

    fn grid(&self) -> &Grid {
        &self.graph.grid
    }

    /// One step with an event describing it; `None` once the search has ended.
    fn step(&mut self) -> Option<StepEvent> {
        let taken = self.take_step()?;
        let step = self.s.counters.steps;
        Some(match taken {
            Taken::Vertex {
                cell,
                key,
                action,
                updated,
            } => StepEvent::VertexTaken {
                step,
                node: self.values(cell),
                rhs: self.rhs[cell as usize] / self.cost_scale(),
                key: [
                    key.k1 as f64 / self.cost_scale(),
                    key.k2 as f64 / self.cost_scale(),
                ],
                action,
                updated: self.graph.points(updated.into_iter()),
            },
            Taken::Finished => match self.path_cost() {
                Some(cost) => StepEvent::GoalReached {
                    step,
                    node: self.values(self.target()),
                    cost,
                    steps: self.path().len() as u32 - 1,
                },
                None => StepEvent::NoPath { step },
            },
        })
    }

    /// Undoes the last step exactly; `false` at the beginning or just after a batch of
    /// changes or a move of the start (see [`Incremental::undo_change`]).
    fn step_back(&mut self) -> bool {
        match self.log.last() {
            Some(Entry {
                kind: EntryKind::Step,
                ..
            }) => {
                self.undo_entry();
                true
            }
            _ => false,
        }
    }

    /// Takes up to `n` steps; returns how many were taken.
    fn advance(&mut self, n: u32) -> u32 {
        let mut taken = 0;
        while taken < n && self.take_step().is_some() {
            taken += 1;
        }
        taken
    }

    /// Runs to the end as fast as possible, logging nothing: what came before can no
    /// longer be undone.
    fn run(&mut self) -> Status {
        self.log.clear();
        self.changes.clear();
        self.recording = false;
        while self.take_step().is_some() {}
        self.recording = true;
        self.s.status
    }

    /// Starts again from scratch between new endpoints on the grid as edited.
    fn restart(&mut self, start: Point, goal: Point) -> Result<(), SearchError> {
        *self = Incremental::new(
            self.graph.grid.clone(),
            start,
            goal,
            self.options,
            self.variant,
        )?;
        Ok(())
    }

    /// `expanded`: vertices whose g changed (over- or under-consistent); steps also count
    /// the requeued vertices and the end test.
    fn counters(&self) -> Counters {
        Counters {
            open: self.open.len() as u32,
            ..self.s.counters
        }
    }

    fn records(&self) -> &[u8] {
        &self.record
    }

    fn g_values(&self) -> &[f64] {
        &self.g
    }

    /// k1 is a cost, like g and h.
    fn priority_scale(&self) -> f64 {
        self.cost_scale()
    }

    /// A cell's h (toward the target: the goal for LPA*, the start for D* Lite) and k1 in
    /// units: the key it is queued under, else the one it would get; `INFINITY` where g and
    /// rhs are.
    fn estimates(&self, cell: u32) -> (f64, f64) {
        let c = cell as usize;
        let h = self.h(cell);
        let k1 = match self.open.key_of(cell) {
            Some(key) => key.k1 as f64,
            None => self.g[c].min(self.rhs[c]) + h + self.s.k_m,
        };
        (h, k1)
    }

    /// Cells the last logged step or change touched.
    fn touched(&self) -> Vec<Point> {
        let from = self
            .log
            .last()
            .map_or(self.changes.len(), |l| l.changes_from);
        let mut cells: Vec<u32> = self.changes[from..].iter().map(|c| c.cell).collect();
        cells.sort_unstable();
        cells.dedup();
        self.graph.points(cells.into_iter())
    }

    /// The first `k` queued cells in pop order, F being k1.
    fn open_list(&self, k: usize) -> Vec<NodeValues> {
        self.open
            .peek_sorted(k)
            .into_iter()
            .map(|(cell, _)| self.values(cell))
            .collect()
    }

    /// Cell indices from the start to the goal, once found.
    fn path(&self) -> &[u32] {
        self.path.get_or_init(|| self.extracted_path())
    }

    /// The path's cost in display units: g of the target.
    /// The neighbour a cell's rhs comes through: its predecessor on a shortest path from
    /// the start (LPA*), its successor on one to the goal (D* Lite).
    fn parent_at(&self, cell: u32) -> Option<u32> {
        self.graph.parent(cell, self.record[cell as usize])
    }

    fn repairing(&self) -> Option<&dyn Repairing> {
        Some(self)
    }

    fn repairing_mut(&mut self) -> Option<&mut dyn Repairing> {
        Some(self)
    }

    fn info(&self) -> FinderInfo {
        FinderInfo {
            k_m: (self.variant == Variant::DStarLite).then(|| self.s.k_m / self.cost_scale()),
            repair_expanded: Some(self.repair_expanded()),
            from_scratch_expanded: Some(self.from_scratch_expanded()),
            ..FinderInfo::default()
        }
    }
}

/// What the page asks of a search that repairs itself, answered by the methods above.
impl Repairing for Incremental {
    fn rhs_values(&self) -> &[f64] {
        Incremental::rhs_values(self)
    }

    fn key_of(&self, cell: u32) -> Option<[f64; 2]> {
        Incremental::key_of(self, cell)
    }

    fn queue(&self, k: usize) -> Vec<QueuedKey> {
        Incremental::queue(self, k)
    }

    fn apply_edits(&mut self, edits: &[CellEdit]) -> Result<usize, RepairError> {
        Incremental::apply_edits(self, edits)
    }

    fn move_start(&mut self, to: Point) -> Result<(), RepairError> {
        Incremental::move_start(self, to)
    }

    fn repair_to(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
    ) -> Result<Option<usize>, RepairError> {
        Incremental::repair_to(self, grid, start, goal)
    }
}
