//! The search: one best-first loop for A*, Dijkstra, greedy best-first and breadth-first,
//! taken one expansion at a time, with an exact undo of each step.

use std::fmt;

use serde::Serialize;

use crate::events::{Neighbour, NodeValues, Outcome, StepEvent};
use crate::grid::{Grid, GridError, Point};
use crate::heuristic::Heuristic;
use crate::history::{Change, History};
use crate::movement::{Blocked, Movement, Targets, MOVES};
use crate::open_list::{Key, OpenList};
use crate::options::{Algorithm, OptionsError, SearchOptions, TieBreak};

/// Per-cell search state, as stored in [`Search::states`].
pub const UNVISITED: u8 = 0;
pub const OPEN: u8 = 1;
pub const CLOSED: u8 = 2;

/// Parent of a cell that has none.
pub const NO_PARENT: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Running,
    Found,
    NoPath,
}

/// What a cell looks like to a person: its search state with the path and the node being
/// expanded picked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CellState {
    Wall,
    Unvisited,
    Open,
    Closed,
    Current,
    Path,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counters {
    pub steps: u32,
    /// Nodes whose neighbours were examined (the goal, once reached, is not expanded).
    pub expanded: u32,
    /// Times a node entered the open list, first opened or re-queued after an improvement.
    pub generated: u32,
    pub open: u32,
    pub max_open: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    Start(GridError),
    Goal(GridError),
    StartOnWall(Point),
    GoalOnWall(Point),
    Options(OptionsError),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Start(e) => write!(f, "start: {e}"),
            SearchError::Goal(e) => write!(f, "goal: {e}"),
            SearchError::StartOnWall(p) => write!(f, "the start {p} is on a wall"),
            SearchError::GoalOnWall(p) => write!(f, "the goal {p} is on a wall"),
            SearchError::Options(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SearchError {}

impl From<OptionsError> for SearchError {
    fn from(e: OptionsError) -> Self {
        SearchError::Options(e)
    }
}

/// A search in progress over its own copy of a grid.
#[derive(Clone, Debug)]
pub struct Search {
    grid: Grid,
    options: SearchOptions,
    movement: Movement,
    heuristic: Heuristic,
    start: u32,
    goal: u32,
    goal_at: Point,
    status: Status,
    // Per cell. Costs are in units (see `CostModel`); `INFINITY` where unknown.
    state: Vec<u8>,
    g: Vec<f64>,
    h: Vec<f64>,
    f: Vec<f64>,
    parent: Vec<u32>,
    /// Per cell, its legal moves as [`Movement::legal_moves`] bits, worked out the first
    /// time the cell is expanded ([`MOVES_UNKNOWN`] until then) and kept across restarts.
    legal: Vec<u16>,
    /// How far each move shifts a cell index.
    offsets: [i32; 8],
    /// Each move's cost onto plain ground.
    step_costs: [f64; 8],
    open: OpenList,
    /// Every cell ever opened, so a restart clears only what the last search touched.
    visited: Vec<u32>,
    counters: Counters,
    next_order: u32,
    current: u32,
    path: Vec<u32>,
    total_steps: Option<u32>,
    history: History,
}

/// Marks a cell of [`Search::legal`] whose moves are not worked out yet.
const MOVES_UNKNOWN: u16 = 1 << 8;

/// What the loop saw at one neighbour, in raw units; turned into an [`Outcome`] only when
/// events are wanted.
enum Seen {
    /// Off the grid, a wall, or a corner the diagonal rule forbids cutting.
    Blocked,
    Closed,
    NotImproved {
        candidate_g: f64,
    },
    AlreadyOpen,
    Opened,
    Improved {
        old_g: f64,
        old_parent: u32,
    },
}

impl Search {
    pub fn new(
        grid: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
    ) -> Result<Search, SearchError> {
        options.validate()?;
        let cells = grid.cell_count();
        let mut search = Search {
            movement: options.movement(),
            heuristic: options.resolved_heuristic(),
            options,
            start: 0,
            goal: 0,
            goal_at: Point::new(0, 0),
            status: Status::Running,
            state: vec![UNVISITED; cells],
            g: vec![f64::INFINITY; cells],
            h: vec![f64::INFINITY; cells],
            f: vec![f64::INFINITY; cells],
            parent: vec![NO_PARENT; cells],
            legal: vec![MOVES_UNKNOWN; cells],
            offsets: Movement::index_offsets(grid.width()),
            step_costs: options.movement().step_costs(),
            open: OpenList::new(cells),
            visited: Vec::new(),
            counters: Counters::default(),
            next_order: 0,
            current: NO_PARENT,
            path: Vec::new(),
            total_steps: None,
            history: History::default(),
            grid,
        };
        search.restart(start, goal)?;
        Ok(search)
    }

    /// Starts again between new endpoints, reusing the buffers: clears only the cells the
    /// previous search touched, so thousands of queries on one map stay cheap.
    pub fn restart(&mut self, start: Point, goal: Point) -> Result<(), SearchError> {
        let s = self.endpoint(start, SearchError::Start, SearchError::StartOnWall)?;
        let t = self.endpoint(goal, SearchError::Goal, SearchError::GoalOnWall)?;
        for cell in self.visited.drain(..) {
            let c = cell as usize;
            self.state[c] = UNVISITED;
            self.g[c] = f64::INFINITY;
            self.h[c] = f64::INFINITY;
            self.f[c] = f64::INFINITY;
            self.parent[c] = NO_PARENT;
        }
        self.open.clear();
        self.history.clear();
        self.path.clear();
        (self.start, self.goal, self.goal_at) = (s, t, goal);
        self.status = Status::Running;
        self.counters = Counters::default();
        self.next_order = 0;
        self.current = NO_PARENT;
        self.total_steps = None;
        // The start enters the open list with G = 0.
        self.open_node(s, start, 0.0, NO_PARENT);
        self.counters.max_open = 1;
        Ok(())
    }

    fn endpoint(
        &self,
        p: Point,
        off_grid: fn(GridError) -> SearchError,
        on_wall: fn(Point) -> SearchError,
    ) -> Result<u32, SearchError> {
        let i = self
            .grid
            .index_of(p.x as i64, p.y as i64)
            .map_err(off_grid)?;
        if self.grid.is_passable_at(i) {
            Ok(i as u32)
        } else {
            Err(on_wall(p))
        }
    }

    /// One step, recorded for `step_back`, with an event describing it; `None` once finished.
    pub fn step(&mut self) -> Option<StepEvent> {
        let mut neighbours = Vec::with_capacity(self.movement.moves().len());
        // Why a move is blocked is worked out for the event only, once for the expansion.
        let mut around: Option<Targets> = None;
        let mut report = |search: &Search, from: Point, move_index: usize, seen: Seen| {
            let targets = around.get_or_insert_with(|| search.movement.targets(&search.grid, from));
            neighbours.push(search.neighbour(from, move_index, seen, targets));
        };
        let popped = self.take_step::<true>(&mut report)?;
        let step = self.counters.steps;
        let Some(cell) = popped else {
            return Some(StepEvent::NoPath { step });
        };
        let node = self.values(cell);
        Some(match self.status {
            Status::Found => StepEvent::GoalReached {
                step,
                node,
                cost: node.g,
                steps: self.path.len() as u32 - 1,
            },
            _ => StepEvent::Expanded {
                step,
                node,
                neighbours,
            },
        })
    }

    /// The event form of what the loop saw at the neighbour reached by the `move_index`-th
    /// move from `from`, in display units.
    fn neighbour(
        &self,
        from: Point,
        move_index: usize,
        seen: Seen,
        targets: &Targets,
    ) -> Neighbour {
        let m = MOVES[move_index];
        let (x, y) = (from.x as i64 + m.dx as i64, from.y as i64 + m.dy as i64);
        let next = self.grid.index_of(x, y).map_or(NO_PARENT, |n| n as u32);
        let scale = self.cost_scale();
        // G, H and F of the neighbour in display units (only for cells on the grid).
        let g = || self.g[next as usize] / scale;
        let gh_f = || {
            let n = next as usize;
            (g(), self.h[n] / scale, self.f[n] / self.priority_scale())
        };
        let outcome = match seen {
            Seen::Blocked => match targets.get(move_index) {
                Some(Err(Blocked::Wall)) => Outcome::Wall,
                Some(Err(Blocked::CornerCut)) => Outcome::CornerBlocked,
                _ => Outcome::OffGrid,
            },
            Seen::Closed => Outcome::Closed,
            Seen::NotImproved { candidate_g } => Outcome::NotImproved {
                g: g(),
                candidate_g: candidate_g / scale,
            },
            Seen::AlreadyOpen => Outcome::AlreadyOpen { g: g() },
            // The node being expanded, at `from`, is the new parent.
            Seen::Opened => {
                let (g, h, f) = gh_f();
                Outcome::Opened {
                    g,
                    h,
                    f,
                    parent: from,
                }
            }
            Seen::Improved { old_g, old_parent } => {
                let (g, h, f) = gh_f();
                Outcome::Improved {
                    old_g: old_g / scale,
                    g,
                    h,
                    f,
                    old_parent: self.grid.point(old_parent as usize),
                    parent: from,
                }
            }
        };
        Neighbour { x, y, outcome }
    }

    /// The textbook loop body: take the best open node; stop at the goal; otherwise close it
    /// and relax each neighbour. Returns the popped cell (`None`: the open list was empty),
    /// or `None` overall when the search had already finished.
    fn take_step<const RECORD: bool>(
        &mut self,
        report: &mut impl FnMut(&Search, Point, usize, Seen),
    ) -> Option<Option<u32>> {
        if self.status != Status::Running {
            return None;
        }
        self.counters.steps += 1;
        if RECORD {
            self.history
                .begin(self.current, self.counters.max_open, self.next_order);
        }
        let Some((current, key)) = self.open.pop() else {
            self.finish_with(Status::NoPath);
            return Some(None);
        };
        if RECORD {
            self.history.set_popped(current, key);
        }
        self.current = current;
        self.state[current as usize] = CLOSED;
        if current == self.goal {
            self.path = self.follow_parents(current);
            self.finish_with(Status::Found);
            return Some(Some(current));
        }
        self.counters.expanded += 1;
        let from = self.grid.point(current as usize);
        let legal = self.legal_moves(current, from);
        // Events report every move; otherwise only the legal ones need a look.
        let to_visit = if RECORD {
            self.movement.all_moves()
        } else {
            legal
        };
        for i in Movement::indices(to_visit) {
            let seen = if legal & 1 << i == 0 {
                Seen::Blocked
            } else {
                let m = MOVES[i];
                let next = current.wrapping_add_signed(self.offsets[i]);
                let next_at = Point::new(
                    from.x.wrapping_add_signed(m.dx),
                    from.y.wrapping_add_signed(m.dy),
                );
                self.relax::<RECORD>(current, next, next_at, self.step_costs[i])
            };
            if RECORD {
                report(self, from, i, seen);
            }
        }
        self.counters.max_open = self.counters.max_open.max(self.open.len() as u32);
        Some(Some(current))
    }

    /// Relaxes the edge current -> next: opens `next` or lowers its G if this route is cheaper.
    fn relax<const RECORD: bool>(
        &mut self,
        current: u32,
        next: u32,
        next_at: Point,
        step_cost: f64,
    ) -> Seen {
        let n = next as usize;
        if self.state[n] == CLOSED {
            return Seen::Closed;
        }
        let weight = self.grid.terrain()[n];
        let g = self.g[current as usize] + step_cost * weight as f64;
        let was_open = self.state[n] == OPEN;
        if was_open {
            if self.options.algorithm == Algorithm::BreadthFirst {
                return Seen::AlreadyOpen;
            }
            if g >= self.g[n] {
                return Seen::NotImproved { candidate_g: g };
            }
        }
        let (old_g, old_parent) = (self.g[n], self.parent[n]);
        if RECORD {
            self.history.push_change(Change {
                cell: next,
                old_g,
                old_parent,
                old_key: self.open.key_of(next),
            });
        }
        if was_open {
            self.set_cost(next, g, current);
            let key = self.key(next);
            self.open.update(next, key);
            self.counters.generated += 1;
            Seen::Improved { old_g, old_parent }
        } else {
            self.open_node(next, next_at, g, current);
            Seen::Opened
        }
    }

    /// The legal moves from a cell, worked out on its first expansion.
    fn legal_moves(&mut self, cell: u32, at: Point) -> u8 {
        let known = &mut self.legal[cell as usize];
        if *known == MOVES_UNKNOWN {
            *known = self.movement.legal_moves(&self.grid, at).into();
        }
        *known as u8
    }

    /// Puts an unvisited cell, at `p`, on the open list.
    fn open_node(&mut self, cell: u32, p: Point, g: f64, parent: u32) {
        let c = cell as usize;
        let goal = self.goal_at;
        self.h[c] = if self.options.uses_heuristic() {
            self.heuristic
                .estimate(self.movement, p.x.abs_diff(goal.x), p.y.abs_diff(goal.y))
        } else {
            0.0
        };
        self.state[c] = OPEN;
        self.visited.push(cell);
        self.set_cost(cell, g, parent);
        let key = self.key(cell);
        self.open.push(cell, key);
        self.counters.generated += 1;
    }

    fn set_cost(&mut self, cell: u32, g: f64, parent: u32) {
        let c = cell as usize;
        self.g[c] = g;
        self.parent[c] = parent;
        self.f[c] = match self.options.algorithm {
            Algorithm::AStar => g + self.options.weight * self.h[c],
            Algorithm::Dijkstra => g,
            Algorithm::Greedy => self.h[c],
            // The depth: one more than the parent's.
            Algorithm::BreadthFirst => match parent {
                NO_PARENT => 0.0,
                p => self.f[p as usize] + 1.0,
            },
        };
    }

    /// The open-list key of a cell: its F, then the tie-break, then its entry order.
    fn key(&mut self, cell: u32) -> Key {
        let c = cell as usize;
        let order = self.next_order;
        self.next_order += 1;
        let g = self.g[c].to_bits();
        let tie_break = match self.options.algorithm {
            Algorithm::BreadthFirst => TieBreak::FirstIn,
            _ => self.options.tie_break,
        };
        let (tie, order) = match tie_break {
            TieBreak::LargerG => (!g, !order),
            TieBreak::SmallerG => (g, order),
            TieBreak::FirstIn => (0, order),
            TieBreak::LastIn => (0, !order),
        };
        Key {
            priority: self.f[c].to_bits(),
            tie,
            order,
        }
    }

    fn finish_with(&mut self, status: Status) {
        self.status = status;
        self.total_steps = Some(self.counters.steps);
    }

    fn follow_parents(&self, goal: u32) -> Vec<u32> {
        let mut path = vec![goal];
        let mut cell = goal;
        while self.parent[cell as usize] != NO_PARENT {
            cell = self.parent[cell as usize];
            path.push(cell);
        }
        path.reverse();
        path
    }

    /// Undoes the last recorded step exactly. `false` at the beginning, or where the steps
    /// before were taken by [`Search::run`], which records nothing.
    pub fn step_back(&mut self) -> bool {
        let Some((record, changes)) = self.history.pop() else {
            return false;
        };
        // Undo the neighbours' changes newest first, then put the popped node back.
        for change in changes.iter().rev() {
            let c = change.cell as usize;
            match change.old_key {
                Some(key) => self.open.update(change.cell, key),
                None => {
                    self.open.remove(change.cell);
                    self.state[c] = UNVISITED;
                    self.h[c] = f64::INFINITY;
                    self.visited.pop();
                }
            }
            self.g[c] = change.old_g;
            self.f[c] = change
                .old_key
                .map_or(f64::INFINITY, |k| f64::from_bits(k.priority));
            self.parent[c] = change.old_parent;
            self.counters.generated -= 1;
        }
        if let Some((cell, key)) = record.popped {
            if self.status == Status::Found {
                self.path.clear();
            } else {
                self.counters.expanded -= 1;
            }
            self.state[cell as usize] = OPEN;
            self.open.push(cell, key);
        }
        self.status = Status::Running;
        self.current = record.prev_current;
        self.counters.max_open = record.prev_max_open;
        self.next_order = record.prev_next_order;
        self.counters.steps -= 1;
        true
    }

    /// Takes up to `n` recorded steps without building events; returns how many were taken.
    pub fn advance(&mut self, n: u32) -> u32 {
        let mut taken = 0;
        while taken < n && self.take_step::<true>(&mut |_, _, _, _| {}).is_some() {
            taken += 1;
        }
        taken
    }

    /// Runs to the end, recorded, so that the timeline can still go back.
    pub fn finish(&mut self) -> Status {
        self.advance(u32::MAX);
        self.status
    }

    /// Runs to the end as fast as possible, recording nothing: earlier steps can no longer
    /// be undone.
    pub fn run(&mut self) -> Status {
        self.history.clear();
        while self.take_step::<false>(&mut |_, _, _, _| {}).is_some() {}
        self.status
    }

    /// Moves to step number `target` (0 = before the first step), back or forwards, and
    /// returns the step reached (less than `target` if the search ends sooner).
    pub fn seek(&mut self, target: u32) -> u32 {
        while self.counters.steps > target && self.step_back() {}
        if self.counters.steps < target {
            self.advance(target - self.counters.steps);
        }
        self.counters.steps
    }
}

// Queries.
impl Search {
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    pub fn heuristic(&self) -> Heuristic {
        self.heuristic
    }

    pub fn start(&self) -> Point {
        self.grid.point(self.start as usize)
    }

    pub fn goal(&self) -> Point {
        self.grid.point(self.goal as usize)
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn counters(&self) -> Counters {
        Counters {
            open: self.open.len() as u32,
            ..self.counters
        }
    }

    /// Steps of the whole search, once it has been run to the end.
    pub fn total_steps(&self) -> Option<u32> {
        self.total_steps
    }

    /// Cost units per displayed unit for G and H.
    pub fn cost_scale(&self) -> f64 {
        self.options.costs.scale()
    }

    /// Units per displayed unit for F: breadth-first F is a plain move count.
    pub fn priority_scale(&self) -> f64 {
        match self.options.algorithm {
            Algorithm::BreadthFirst => 1.0,
            _ => self.cost_scale(),
        }
    }

    /// Per-cell search state ([`UNVISITED`], [`OPEN`], [`CLOSED`]), row by row.
    pub fn states(&self) -> &[u8] {
        &self.state
    }

    /// Per-cell G, H and F in units (`INFINITY` where unknown).
    pub fn g_values(&self) -> &[f64] {
        &self.g
    }

    pub fn h_values(&self) -> &[f64] {
        &self.h
    }

    pub fn f_values(&self) -> &[f64] {
        &self.f
    }

    /// Per-cell parent index ([`NO_PARENT`] for none).
    pub fn parents(&self) -> &[u32] {
        &self.parent
    }

    /// The node taken by the last step.
    pub fn current(&self) -> Option<Point> {
        (self.current != NO_PARENT).then(|| self.grid.point(self.current as usize))
    }

    /// Cells opened or improved by the last recorded step.
    pub fn touched(&self) -> Vec<Point> {
        self.history
            .last_changes()
            .iter()
            .map(|c| self.grid.point(c.cell as usize))
            .collect()
    }

    /// A cell's G, H and F in display units.
    pub fn values(&self, cell: u32) -> NodeValues {
        let c = cell as usize;
        let p = self.grid.point(c);
        NodeValues {
            x: p.x,
            y: p.y,
            g: self.g[c] / self.cost_scale(),
            h: self.h[c] / self.cost_scale(),
            f: self.f[c] / self.priority_scale(),
        }
    }

    /// The first `k` open nodes in the order they will be taken.
    pub fn open_list(&self, k: usize) -> Vec<NodeValues> {
        self.open
            .peek_sorted(k)
            .into_iter()
            .map(|(cell, _)| self.values(cell))
            .collect()
    }

    /// Cell indices from start to goal, once found.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    pub fn path_points(&self) -> Vec<Point> {
        self.path
            .iter()
            .map(|&c| self.grid.point(c as usize))
            .collect()
    }

    /// Path cost in units, once found.
    pub fn path_cost_units(&self) -> Option<f64> {
        (self.status == Status::Found).then(|| self.g[self.goal as usize])
    }

    /// Path cost in display units, once found.
    pub fn path_cost(&self) -> Option<f64> {
        self.path_cost_units().map(|g| g / self.cost_scale())
    }

    /// Moves on the path, once found.
    pub fn path_steps(&self) -> Option<u32> {
        (self.status == Status::Found).then(|| self.path.len() as u32 - 1)
    }

    pub fn cell_state(&self, p: Point) -> Result<CellState, GridError> {
        let i = self.grid.index_of(p.x as i64, p.y as i64)?;
        Ok(if !self.grid.is_passable_at(i) {
            CellState::Wall
        } else if self.path.contains(&(i as u32)) {
            CellState::Path
        } else if self.current == i as u32 {
            CellState::Current
        } else {
            match self.state[i] {
                OPEN => CellState::Open,
                CLOSED => CellState::Closed,
                _ => CellState::Unvisited,
            }
        })
    }

    /// A cell's parent position, if it has one.
    pub fn parent_of(&self, p: Point) -> Result<Option<Point>, GridError> {
        let i = self.grid.index_of(p.x as i64, p.y as i64)?;
        Ok(match self.parent[i] {
            NO_PARENT => None,
            q => Some(self.grid.point(q as usize)),
        })
    }
}
