//! IDA* (iterative-deepening A*): depth-first searches bounded by a threshold on
//! F = G + w·H. The first iteration's threshold is the start's F; each next one is the
//! smallest F that exceeded the last. One step visits one node.
//!
//! Within an iteration a cell is entered again only by a cheaper route than the best one
//! this iteration has seen (one G per cell, kept anyway for the page): the textbook
//! version's check against the cells on the path is the special case of a route back to
//! one of them, and without the rest a small open map takes millions of visits. Whatever
//! is cut this way was explored from the same cell with more room under the threshold,
//! so the answer and the thresholds are the textbook ones.
//!
//! A limit on visits (by default [`DEFAULT_NODE_LIMIT`]) stops a search that would take
//! too long, with [`Status::LimitReached`].

use std::sync::Arc;

use crate::checks::search_error::{endpoint_cells, SearchError};
use crate::finder::journal::Journal;
use crate::finder::{Basics, Finder};
use crate::finders::graph::Graph;
use crate::geometry::grid::{Grid, Point};
use crate::geometry::topology::Topology;
use crate::options::SearchOptions;
use crate::vocabulary::events::{NodeValues, StepEvent, VisitOutcome};
use crate::vocabulary::marks::{MARK_ON_STACK, MARK_PRUNED};
use crate::vocabulary::record::{record_of, CLOSED, NO_PARENT, OPEN, STATE_MASK, UNVISITED};
use crate::vocabulary::status::{Counters, FinderInfo, Status};

/// Visits allowed unless the options say otherwise: a second or two natively, several
/// in a browser, and far more than any map up to about 32x32 needs.
pub const DEFAULT_NODE_LIMIT: u32 = 1_000_000;

/// A cell on the depth-first path and the next of its moves to try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    cell: u32,
    next_move: u8,
}

/// A cell's values before a step changed them.
#[derive(Clone, Copy, Debug)]
struct CellChange {
    cell: u32,
    record: u8,
    mark: u16,
    g: f64,
    /// The change was the cell's first this iteration (it joined `touched`).
    first: bool,
}

/// What one step changed, to be undone.
#[derive(Clone, Debug)]
struct StepLog {
    scalars: Scalars,
    /// Where this step's entries begin in `IdaStar::popped` and `advanced`.
    popped_from: usize,
    advanced_from: usize,
    pushed: bool,
    /// The cells the previous iteration had touched, when this step began a new one.
    previous_touched: Option<Vec<u32>>,
}

/// The finder's single values, saved whole at each step.
#[derive(Clone, Copy, Debug)]
struct Scalars {
    status: Status,
    threshold: f64,
    next_threshold: f64,
    iteration: u32,
    current: u32,
    counters: Counters,
    total_steps: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct IdaStar {
    graph: Graph,
    options: SearchOptions,
    start: u32,
    goal: u32,
    goal_at: Point,
    node_limit: u32,
    /// State and parent move as in [`crate::search::Search::records`]: closed = visited
    /// within the threshold this iteration, open = only cut off by it.
    record: Vec<u8>,
    /// The cheapest G this iteration reached each cell with (`INFINITY`: not reached).
    g: Vec<f64>,
    marks: Vec<u16>,
    stack: Vec<Frame>,
    /// Cells changed this iteration, cleared when the next begins.
    touched: Vec<u32>,
    s: Scalars,
    path: Vec<u32>,
    /// Each step with the cell values it changed.
    journal: Journal<StepLog, CellChange>,
    /// Frames taken off the path, in the order they were taken.
    popped: Vec<Frame>,
    /// `(stack index, next_move before)` of frames whose next move advanced, one entry per
    /// frame and step.
    advanced: Vec<(u32, u8)>,
}

/// What a step did, before it is put into words.
enum Visit {
    Node {
        cell: u32,
        outcome: VisitOutcome,
        new_iteration: bool,
        backtracked: Vec<u32>,
    },
    Goal(u32),
    NoPath,
    Limit,
}

impl IdaStar {
    /// IDA* on the square grid the options describe.
    pub fn new(
        grid: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
    ) -> Result<IdaStar, SearchError> {
        let topology = options.topology();
        IdaStar::with_topology(grid, start, goal, options, topology)
    }

    /// IDA* over the moves of `topology`.
    pub fn with_topology(
        grid: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
        topology: Arc<dyn Topology>,
    ) -> Result<IdaStar, SearchError> {
        options.validate_for(&grid)?;
        let (s, t) = endpoint_cells(&grid, start, goal)?;
        let cells = grid.cell_count();
        Ok(IdaStar {
            graph: Graph::new(grid, topology, options.heuristic)?,
            options,
            start: s,
            goal: t,
            goal_at: goal,
            node_limit: options.node_limit.unwrap_or(DEFAULT_NODE_LIMIT),
            record: vec![UNVISITED; cells],
            g: vec![f64::INFINITY; cells],
            marks: vec![0; cells],
            stack: Vec::new(),
            touched: Vec::new(),
            s: Scalars {
                status: Status::Running,
                threshold: f64::INFINITY,
                next_threshold: f64::INFINITY,
                iteration: 0,
                current: NO_PARENT,
                counters: Counters::default(),
                total_steps: None,
            },
            path: Vec::new(),
            journal: Journal::new(),
            popped: Vec::new(),
            advanced: Vec::new(),
        })
    }

    fn h(&self, cell: u32) -> f64 {
        self.graph.estimate(cell, self.goal_at)
    }

    fn f(&self, cell: u32, g: f64) -> f64 {
        g + self.options.weight * self.h(cell)
    }

    /// Sets a cell's record, mark and G, logging the old values.
    fn set_cell(&mut self, cell: u32, record: u8, mark: u16, g: f64) {
        let c = cell as usize;
        let first = self.record[c] == UNVISITED && self.marks[c] == 0;
        self.journal.record(CellChange {
            cell,
            record: self.record[c],
            mark: self.marks[c],
            g: self.g[c],
            first,
        });
        if first {
            self.touched.push(cell);
        }
        (self.record[c], self.marks[c], self.g[c]) = (record, mark, g);
    }

    /// Clears what the last iteration left on the cells, logging it.
    fn clear_iteration(&mut self) -> Vec<u32> {
        let touched = std::mem::take(&mut self.touched);
        for &cell in &touched {
            let c = cell as usize;
            self.journal.record(CellChange {
                cell,
                record: self.record[c],
                mark: self.marks[c],
                g: self.g[c],
                first: false,
            });
            (self.record[c], self.marks[c], self.g[c]) = (UNVISITED, 0, f64::INFINITY);
        }
        touched
    }

    /// One node visit, recorded for `step_back`.
    fn take_step(&mut self) -> Option<Visit> {
        if self.s.status != Status::Running {
            return None;
        }
        let scalars = self.s;
        self.s.counters.steps += 1;
        self.journal.begin(StepLog {
            scalars,
            popped_from: self.popped.len(),
            advanced_from: self.advanced.len(),
            pushed: false,
            previous_touched: None,
        });
        if self.s.counters.generated >= self.node_limit {
            self.finish_with(Status::LimitReached);
            return Some(Visit::Limit);
        }
        let mut backtracked = Vec::new();
        loop {
            let Some(&top) = self.stack.last() else {
                // An iteration begins: the first at the start's F, the next at the
                // smallest F that exceeded the last threshold.
                let threshold = if self.s.iteration == 0 {
                    self.f(self.start, 0.0)
                } else {
                    self.s.next_threshold
                };
                if threshold == f64::INFINITY {
                    self.finish_with(Status::NoPath);
                    return Some(Visit::NoPath);
                }
                let previous = self.clear_iteration();
                if let Some(log) = self.journal.last_mut() {
                    log.previous_touched = Some(previous);
                }
                self.s.threshold = threshold;
                self.s.next_threshold = f64::INFINITY;
                self.s.iteration += 1;
                return Some(self.visit(self.start, 0.0, None, true, backtracked));
            };
            let depth = self.stack.len() - 1;
            let legal = self.graph.legal(top.cell);
            let moves = self.graph.neighbourhood.count();
            let next = (top.next_move as usize..moves).find(|&i| legal & 1 << i != 0);
            let logged = self.journal.last().map_or(0, |l| l.advanced_from);
            if self.advanced[logged..].last().map(|a| a.0) != Some(depth as u32) {
                self.advanced.push((depth as u32, top.next_move));
            }
            let Some(i) = next else {
                // Every move tried: back up.
                self.stack[depth].next_move = moves as u8;
                let frame = self.stack.pop().expect("the path has a top");
                self.popped.push(frame);
                let c = frame.cell as usize;
                self.set_cell(
                    frame.cell,
                    self.record[c],
                    self.marks[c] & !MARK_ON_STACK,
                    self.g[c],
                );
                backtracked.push(frame.cell);
                continue;
            };
            self.stack[depth].next_move = i as u8 + 1;
            let child = self.graph.neighbour(top.cell, i);
            let g = self.g[top.cell as usize] + self.graph.cost_into(i, child);
            // Reached before by a route at least as cheap: nothing new below it (this
            // includes every cell on the path, reached on the way here more cheaply).
            if self.record[child as usize] & STATE_MASK == CLOSED && g >= self.g[child as usize] {
                continue;
            }
            return Some(self.visit(child, g, Some((top.cell, i)), false, backtracked));
        }
    }

    /// Visits `cell` reached with cost `g` from a parent by a move (`by`): cuts it off if
    /// its F exceeds the threshold, stops at the goal, or puts it on the path.
    fn visit(
        &mut self,
        cell: u32,
        g: f64,
        by: Option<(u32, usize)>,
        new_iteration: bool,
        backtracked: Vec<u32>,
    ) -> Visit {
        let c = cell as usize;
        self.s.counters.generated += 1;
        self.s.current = cell;
        let by = by.map(|(_, i)| i);
        let f = self.f(cell, g);
        if f > self.s.threshold {
            self.s.next_threshold = self.s.next_threshold.min(f);
            // The cheapest cut-off route is the one shown (its F is the smallest).
            if self.record[c] == UNVISITED || g < self.g[c] {
                self.set_cell(cell, record_of(OPEN, by), self.marks[c] | MARK_PRUNED, g);
            }
            return Visit::Node {
                cell,
                outcome: VisitOutcome::Pruned,
                new_iteration,
                backtracked,
            };
        }
        self.set_cell(cell, record_of(CLOSED, by), MARK_ON_STACK, g);
        self.s.counters.expanded += 1;
        self.stack.push(Frame { cell, next_move: 0 });
        if let Some(log) = self.journal.last_mut() {
            log.pushed = true;
        }
        let depth = self.stack.len() as u32;
        self.s.counters.max_open = self.s.counters.max_open.max(depth);
        if cell == self.goal {
            self.path = self.stack.iter().map(|f| f.cell).collect();
            self.finish_with(Status::Found);
            return Visit::Goal(cell);
        }
        Visit::Node {
            cell,
            outcome: VisitOutcome::Pushed,
            new_iteration,
            backtracked,
        }
    }

    fn finish_with(&mut self, status: Status) {
        self.s.status = status;
        self.s.total_steps = Some(self.s.counters.steps);
    }
}

impl Finder for IdaStar {
    /// One visit with an event describing it; `None` once finished.
    fn step(&mut self) -> Option<StepEvent> {
        let visit = self.take_step()?;
        let step = self.s.counters.steps;
        Some(match visit {
            Visit::Node {
                cell,
                outcome,
                new_iteration,
                backtracked,
            } => StepEvent::Visited {
                step,
                iteration: self.s.iteration,
                threshold: self.s.threshold / self.cost_scale(),
                new_iteration,
                node: self.values(cell),
                depth: match outcome {
                    VisitOutcome::Pushed => self.stack.len() as u32 - 1,
                    VisitOutcome::Pruned => self.stack.len() as u32,
                },
                outcome,
                backtracked: backtracked
                    .into_iter()
                    .map(|c| self.graph.point(c))
                    .collect(),
                next_threshold: (self.s.next_threshold.is_finite())
                    .then(|| self.s.next_threshold / self.cost_scale()),
            },
            Visit::Goal(cell) => {
                let node = self.values(cell);
                StepEvent::GoalReached {
                    step,
                    node,
                    cost: self.shown_path_cost(),
                    steps: self.path.len() as u32 - 1,
                    sight: Vec::new(),
                }
            }
            Visit::NoPath => StepEvent::NoPath { step },
            Visit::Limit => StepEvent::NodeLimit {
                step,
                limit: self.node_limit,
            },
        })
    }

    /// Undoes the last step exactly; `false` at the beginning.
    fn step_back(&mut self) -> bool {
        let Some((log, changes)) = self.journal.pop() else {
            return false;
        };
        if log.pushed {
            self.stack.pop();
        }
        for frame in self.popped.drain(log.popped_from..).rev() {
            self.stack.push(frame);
        }
        for (depth, next_move) in self.advanced.drain(log.advanced_from..).rev() {
            self.stack[depth as usize].next_move = next_move;
        }
        for change in changes {
            let c = change.cell as usize;
            (self.record[c], self.marks[c], self.g[c]) = (change.record, change.mark, change.g);
            if change.first {
                self.touched.pop();
            }
        }
        if let Some(previous) = log.previous_touched {
            self.touched = previous;
        }
        if self.s.status == Status::Found {
            self.path.clear();
        }
        self.s = log.scalars;
        true
    }

    /// Takes up to `n` steps; returns how many were taken.
    fn advance(&mut self, n: u32) -> u32 {
        let mut taken = 0;
        while taken < n && self.take_step().is_some() {
            taken += 1;
        }
        taken
    }

    /// Runs to the end keeping no record: earlier steps can no longer be undone.
    fn run(&mut self) -> Status {
        let status = self.finish();
        self.journal.clear();
        self.popped.clear();
        self.advanced.clear();
        status
    }

    /// Starts again between new endpoints on the same grid.
    fn restart(&mut self, start: Point, goal: Point) -> Result<(), SearchError> {
        *self = IdaStar::new(self.graph.grid.clone(), start, goal, self.options)?;
        Ok(())
    }

    fn basics(&self) -> Basics<'_> {
        Basics::of_cells(
            &self.graph.grid,
            &self.options,
            &self.marks,
            self.s.status,
            self.s.total_steps,
            self.s.current,
        )
    }

    /// `expanded`: visits within the threshold; `generated`: every visit (what the node
    /// limit counts); `open`: the depth-first path's length.
    fn counters(&self) -> Counters {
        Counters {
            open: self.stack.len() as u32,
            ..self.s.counters
        }
    }

    fn records(&self) -> &[u8] {
        &self.record
    }

    fn g_values(&self) -> &[f64] {
        &self.g
    }

    /// A cell's H and F in units, `INFINITY` where not reached this iteration.
    fn estimates(&self, cell: u32) -> (f64, f64) {
        let c = cell as usize;
        if self.record[c] == UNVISITED {
            return (f64::INFINITY, f64::INFINITY);
        }
        (self.h(cell), self.f(cell, self.g[c]))
    }

    /// Cells the last step changed.
    fn touched(&self) -> Vec<Point> {
        let changes = self.journal.last_changes();
        self.graph.points(changes.iter().map(|c| c.cell))
    }

    /// What IDA* keeps instead of an open list: the depth-first path, deepest first.
    fn open_list(&self, k: usize) -> Vec<NodeValues> {
        self.stack
            .iter()
            .rev()
            .take(k)
            .map(|f| self.values(f.cell))
            .collect()
    }

    fn path(&self) -> &[u32] {
        &self.path
    }

    fn parent_at(&self, cell: u32) -> Option<u32> {
        self.graph.parent(cell, self.record[cell as usize])
    }

    fn info(&self) -> FinderInfo {
        FinderInfo {
            threshold: self.threshold(),
            iteration: (self.s.iteration > 0).then_some(self.s.iteration),
            ..FinderInfo::default()
        }
    }
}

impl IdaStar {
    pub fn threshold(&self) -> Option<f64> {
        (self.s.iteration > 0).then(|| self.s.threshold / self.cost_scale())
    }

    pub fn iteration(&self) -> u32 {
        self.s.iteration
    }

    pub fn node_limit(&self) -> u32 {
        self.node_limit
    }
}
