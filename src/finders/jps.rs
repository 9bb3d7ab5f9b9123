//! Jump Point Search (Harabor and Grastien, 2011): A* over jump points only. Expanding a
//! node jumps along each direction a path through it may continue by (see `jump`), and
//! only the cells where jumps stop enter the open list, with the straight or diagonal
//! run from their parent as one edge. Exact like A* on maps of uniform cost, which is all
//! it accepts; the path it returns lists every cell.

use std::sync::Arc;

use crate::checks::search_error::{endpoint_cells, SearchError};
use crate::finder::journal::Journal;
use crate::finder::key::{Key, KeyLayout};
use crate::finder::open_list::OpenList;
use crate::finder::partway::partway;
use crate::finder::relaxation::{self, Seen};
use crate::finder::{Basics, Finder};
use crate::geometry::grid::{Grid, Point};
use crate::geometry::topology::{self, Neighbourhood, Topology, TopologyError};
use crate::options::SearchOptions;
use crate::search::policy::Policy;
use crate::search::shared::StepStart;
use crate::search::spare::{keep_spare, take_spare};
use crate::vocabulary::events::{Jump, JumpOutcome, JumpReason, NodeValues, StepEvent};
use crate::vocabulary::marks::{MARK_FORCED, MARK_JUMP_POINT, MARK_SCANNED};
use crate::vocabulary::record::{
    parent_move, record_of, CLOSED, NO_PARENT, OPEN, STATE_MASK, UNVISITED,
};
use crate::vocabulary::status::{Counters, FinderInfo, Status};

use super::jump::{JumpEnd, Jumper, Reached, Rule, Why};

/// The state of a jump point the run to the end expanded on the spot without putting it on
/// the open list (see `JumpPointSearch::expand_through`).
const PASSED: u8 = 3;

/// One step's undo record.
#[derive(Clone, Debug)]
struct StepRecord {
    popped: Option<(u32, Key)>,
    prev_current: u32,
    prev_max_open: u32,
    prev_next_order: u32,
    prev_scanned: u64,
    prev_jump_points: u32,
    /// Where the step's mark changes begin in `mark_changes`.
    marks_from: usize,
}

/// A jump point's values before a step opened or improved it.
#[derive(Clone, Copy, Debug)]
struct Change {
    cell: u32,
    old_g: f64,
    old_record: u8,
    old_parent: u32,
    old_key: Option<Key>,
}

/// What a search that ends hands on to the next (see `crate::search::spare`): its arrays,
/// clean, and its jump lines with the terrain they were read from, which the next search
/// takes as they are when its map is the same. Building the lines of a 512x512 map took
/// longer than most searches on it.
struct JumpArrays {
    record: Vec<u8>,
    g: Vec<f64>,
    parent: Vec<u32>,
    marks: Vec<u16>,
    open: OpenList,
    visited: Vec<u32>,
    marked: Vec<u32>,
    path: Vec<u32>,
    journal: Journal<StepRecord, Change>,
    mark_changes: Vec<(u32, u16)>,
    reached: Vec<(u32, Reached)>,
    jumper: Jumper,
    /// The width and terrain of the map the lines were read from.
    lines_from: (u32, Vec<u8>),
}

thread_local! {
    static SPARE: std::cell::RefCell<Option<JumpArrays>> = const { std::cell::RefCell::new(None) };
}

/// Jump Point Search in progress over its own copy of a grid.
#[derive(Clone, Debug)]
pub struct JumpPointSearch {
    grid: Grid,
    options: SearchOptions,
    /// The square grid's moves, their costs and the heuristic.
    neighbourhood: Neighbourhood,
    jumper: Jumper,
    start: u32,
    goal: u32,
    goal_at: Point,
    status: Status,
    /// State and the move into the cell along the jump from its parent (see
    /// `crate::vocabulary::record`).
    record: Vec<u8>,
    g: Vec<f64>,
    /// The jump point each node was reached from (`NO_PARENT` for none).
    parent: Vec<u32>,
    marks: Vec<u16>,
    key_layout: KeyLayout,
    open: OpenList,
    /// Cells reached, and cells marked, so that a restart clears only those.
    visited: Vec<u32>,
    marked: Vec<u32>,
    counters: Counters,
    scanned: u64,
    jump_points: u32,
    next_order: u32,
    current: u32,
    path: Vec<u32>,
    total_steps: Option<u32>,
    /// Each recorded step with the jump points it opened or improved.
    journal: Journal<StepRecord, Change>,
    /// (cell, its marks before) for every mark a recorded step changed.
    mark_changes: Vec<(u32, u16)>,
    /// The jump points one expansion of the run to the end found, kept for its allocation.
    reached: Vec<(u32, Reached)>,
}

impl Drop for JumpPointSearch {
    /// Hands the arrays on, clean, and the jump lines, to the next search.
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        self.clear();
        keep_spare(
            &SPARE,
            JumpArrays {
                record: std::mem::take(&mut self.record),
                g: std::mem::take(&mut self.g),
                parent: std::mem::take(&mut self.parent),
                marks: std::mem::take(&mut self.marks),
                open: std::mem::replace(&mut self.open, OpenList::new(0)),
                visited: std::mem::take(&mut self.visited),
                marked: std::mem::take(&mut self.marked),
                path: std::mem::take(&mut self.path),
                journal: std::mem::take(&mut self.journal),
                mark_changes: std::mem::take(&mut self.mark_changes),
                reached: std::mem::take(&mut self.reached),
                jumper: std::mem::replace(&mut self.jumper, Jumper::over_nothing()),
                lines_from: (self.grid.width(), self.grid.terrain().to_vec()),
            },
        );
    }
}

impl JumpPointSearch {
    /// Jump Point Search on the square grid the options describe. Refuses a map with
    /// terrain weights: jumps take every cell of a run to cost the same.
    pub fn new(
        grid: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
    ) -> Result<JumpPointSearch, SearchError> {
        let topology = options.topology();
        JumpPointSearch::with_topology(grid, start, goal, options, topology)
    }

    /// Jump Point Search under `topology`, which must be a square grid: the pruning rules
    /// and the jumps are square by nature.
    pub fn with_topology(
        grid: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
        topology: Arc<dyn Topology>,
    ) -> Result<JumpPointSearch, SearchError> {
        options.validate_for(&grid)?;
        let Some(movement) = topology.square_grid() else {
            return Err(TopologyError::NotSquare {
                algorithm: options.algorithm.name(),
            }
            .into());
        };
        let neighbourhood = Neighbourhood::new(topology, &grid, options.heuristic)?;
        let cells = grid.cell_count();
        let rule = Rule::of(movement);
        let JumpArrays {
            record,
            g,
            parent,
            marks,
            open,
            visited,
            marked,
            path,
            journal,
            mark_changes,
            reached,
            jumper,
            lines_from: _,
        } = take_spare(&SPARE, |a| a.record.len() == cells)
            .map(|a| {
                let same_map = a.lines_from.0 == grid.width()
                    && a.lines_from.1 == grid.terrain()
                    && a.jumper.rule() == rule;
                JumpArrays {
                    jumper: if same_map {
                        a.jumper
                    } else {
                        Jumper::new(&grid, rule)
                    },
                    ..a
                }
            })
            .unwrap_or_else(|| JumpArrays {
                record: vec![UNVISITED; cells],
                g: vec![f64::INFINITY; cells],
                parent: vec![NO_PARENT; cells],
                marks: vec![0; cells],
                open: OpenList::new(cells),
                visited: Vec::new(),
                marked: Vec::new(),
                path: Vec::new(),
                journal: Journal::new(),
                mark_changes: Vec::new(),
                reached: Vec::new(),
                jumper: Jumper::new(&grid, rule),
                lines_from: (0, Vec::new()),
            });
        let mut search = JumpPointSearch {
            jumper,
            start: 0,
            goal: 0,
            goal_at: Point::new(0, 0),
            status: Status::Running,
            record,
            g,
            parent,
            marks,
            key_layout: Policy::of(options.algorithm.entry())?.key_layout(
                &options,
                &grid,
                &neighbourhood,
            ),
            neighbourhood,
            open,
            visited,
            marked,
            counters: Counters::default(),
            scanned: 0,
            jump_points: 0,
            next_order: 0,
            current: NO_PARENT,
            path,
            total_steps: None,
            journal,
            mark_changes,
            reached,
            options,
            grid,
        };
        search.restart(start, goal)?;
        Ok(search)
    }

    /// Leaves every array as a new search finds it, clearing only the cells reached or marked.
    fn clear(&mut self) {
        for cell in self.visited.drain(..) {
            let c = cell as usize;
            self.record[c] = UNVISITED;
            self.g[c] = f64::INFINITY;
            self.parent[c] = NO_PARENT;
        }
        for cell in self.marked.drain(..) {
            self.marks[cell as usize] = 0;
        }
        self.open.clear();
        self.journal.clear();
        self.mark_changes.clear();
        self.path.clear();
    }

    fn state_at(&self, cell: u32) -> u8 {
        self.record[cell as usize] & STATE_MASK
    }

    fn set_state(&mut self, cell: u32, state: u8) {
        let record = &mut self.record[cell as usize];
        *record = *record & !STATE_MASK | state;
    }

    /// The move by which the jump into a node arrived, if it has a parent.
    fn arrival(&self, cell: u32) -> Option<usize> {
        parent_move(self.record[cell as usize])
    }

    /// The moves a path through the node `cell` continues by: its successors after pruning,
    /// which the way it was entered decides (every legal move from the start).
    fn directions_from(&self, cell: u32) -> u8 {
        let at = self.grid.point(cell as usize);
        let pattern = self.jumper.pattern(at.x, at.y);
        match self.arrival(cell) {
            Some(d) => self.jumper.pruning().successors(d, pattern),
            None => self.jumper.pruning().legal(pattern),
        }
    }

    /// H and F (A*'s F = G + w*H) of the cell at `p` with cost `g`, in units.
    fn estimate_at(&self, p: Point, g: f64) -> (f64, f64) {
        let h = self.neighbourhood.estimate(p, self.goal_at);
        (h, g + self.options.weight * h)
    }

    /// Puts a jump point on the open list, or moves it up, with cost `g`, reached from
    /// `parent` by a run of move `d`.
    fn reach(&mut self, cell: u32, g: f64, parent: u32, d: usize) -> Key {
        let c = cell as usize;
        self.g[c] = g;
        self.parent[c] = parent;
        self.record[c] = record_of(OPEN, Some(d));
        let (h, f) = self.estimate_at(self.grid.point(c), g);
        let order = self.next_order;
        self.next_order += 1;
        self.counters.generated += 1;
        self.key_layout.key(f, h, order, cell)
    }

    fn mark<const RECORD: bool>(&mut self, cell: u32, flag: u16) {
        if RECORD {
            mark_cell(
                &mut self.marks,
                &mut self.mark_changes,
                &mut self.marked,
                cell,
                flag,
            );
        }
    }

    /// Takes the best jump point off the open list; stops at the goal; otherwise closes it
    /// and jumps from it in each direction a path through it continues by. `report` hears
    /// of each jump (only when recording). Returns the popped cell, as `Search` does.
    fn take_step<const RECORD: bool>(
        &mut self,
        report: &mut impl FnMut(&JumpPointSearch, usize, u32, JumpEnd, Option<Seen>),
    ) -> Option<Option<u32>> {
        if self.status != Status::Running {
            return None;
        }
        self.counters.steps += 1;
        if RECORD {
            self.journal.begin(StepRecord {
                popped: None,
                prev_current: self.current,
                prev_max_open: self.counters.max_open,
                prev_next_order: self.next_order,
                prev_scanned: self.scanned,
                prev_jump_points: self.jump_points,
                marks_from: self.mark_changes.len(),
            });
        }
        let Some((current, key)) = self.open.pop() else {
            self.finish_with(Status::NoPath);
            return Some(None);
        };
        if RECORD {
            if let Some(last) = self.journal.last_mut() {
                last.popped = Some((current, key));
            }
        }
        self.current = current;
        self.set_state(current, CLOSED);
        if current == self.goal {
            self.path = self.follow_parents(current);
            self.finish_with(Status::Found);
            return Some(Some(current));
        }
        self.counters.expanded += 1;
        let at = self.grid.point(current as usize);
        for d in topology::indices(self.directions_from(current).into()) {
            let before = self.scanned;
            let end = {
                let (jumper, neighbourhood, marks, changes, marked, scanned, width) = (
                    &self.jumper,
                    &self.neighbourhood,
                    &mut self.marks,
                    &mut self.mark_changes,
                    &mut self.marked,
                    &mut self.scanned,
                    self.grid.width(),
                );
                jumper.jump(at.x, at.y, d, &mut |x, y, d, n| {
                    *scanned += u64::from(n);
                    if RECORD {
                        let m = neighbourhood.move_of(d);
                        for k in 1..=n as i32 {
                            let cell = y.wrapping_add_signed(m.dy * k) * width
                                + x.wrapping_add_signed(m.dx * k);
                            mark_cell(marks, changes, marked, cell, MARK_SCANNED);
                        }
                    }
                })
            };
            let passed = (self.scanned - before) as u32;
            let seen = match end {
                JumpEnd::Found {
                    x,
                    y,
                    distance,
                    why,
                } => Some(self.arrive::<RECORD>(current, d, x, y, distance, why)),
                JumpEnd::DeadEnd { .. } => None,
            };
            if RECORD {
                report(self, d, passed, end, seen);
            }
        }
        self.counters.max_open = self.counters.max_open.max(self.open.len() as u32);
        Some(Some(current))
    }

    /// A jump from `from` by move `d` stopped at the jump point (x, y), `distance` moves away:
    /// open it, improve it, or leave it.
    fn arrive<const RECORD: bool>(
        &mut self,
        from: u32,
        d: usize,
        x: u32,
        y: u32,
        distance: u32,
        why: Why,
    ) -> Seen {
        let cell = y * self.grid.width() + x;
        let c = cell as usize;
        self.jump_points += 1;
        if RECORD {
            self.mark::<RECORD>(cell, MARK_JUMP_POINT);
            if why == Why::Forced {
                let forced = self.jumper.pruning().forced(d, self.jumper.pattern(x, y));
                for i in topology::indices(forced.into()) {
                    let n = self
                        .grid
                        .index(self.neighbourhood.step(Point::new(x, y), i));
                    self.mark::<RECORD>(n as u32, MARK_FORCED);
                }
            }
        }
        let state = self.state_at(cell);
        if state == CLOSED {
            return Seen::Closed;
        }
        let g = self.g[from as usize] + self.neighbourhood.step_cost(d) * f64::from(distance);
        if state == OPEN && g >= self.g[c] {
            return Seen::NotImproved { candidate_g: g };
        }
        let (old_g, old_parent) = (self.g[c], self.parent[c]);
        if RECORD {
            self.journal.record(Change {
                cell,
                old_g,
                old_record: self.record[c],
                old_parent,
                old_key: self.open.key_of(cell),
            });
        }
        let key = self.reach(cell, g, from, d);
        if state == OPEN {
            self.open.update(cell, key);
            Seen::Improved { old_g, old_parent }
        } else {
            self.visited.push(cell);
            self.open.push(cell, key);
            Seen::Opened
        }
    }

    /// The run to the end's expansion of `current`: every jump from it with intermediate
    /// jump points pruned (see [`Jumper::jump_through`]), and each jump point found opened,
    /// improved or left. A jump point other than the goal is expanded on the spot instead of
    /// waiting on the open list, as the pruned intermediate ones are, when a path through it
    /// can leave only one way (a bend in a corridor) or none, or when its F is no higher
    /// than `current`'s (it would be taken next): it becomes [`PASSED`], and is reached
    /// again if a cheaper path comes to it later.
    fn expand_through(&mut self, current: u32) {
        let mut work = std::mem::take(&mut self.reached);
        let f_limit = self.estimates(current).1;
        self.jump_from(current, self.directions_from(current), &mut work);
        while let Some((from, r)) = work.pop() {
            let cell = r.y * self.grid.width() + r.x;
            // Summed in the order the steps would: to the turning cell, then on.
            let cost = |d| self.neighbourhood.step_cost(d);
            let g = self.g[from as usize] + cost(r.lead_move) * f64::from(r.lead);
            let g = if r.tail == 0 {
                g
            } else {
                g + cost(r.turn) * f64::from(r.tail)
            };
            self.jump_points += 1;
            let state = self.state_at(cell);
            if state == CLOSED || (state != UNVISITED && g >= self.g[cell as usize]) {
                continue;
            }
            if state != OPEN && cell != self.goal {
                let successors = self
                    .jumper
                    .pruning()
                    .successors(r.turn, self.jumper.pattern(r.x, r.y));
                let one_way = successors & successors.wrapping_sub(1) == 0;
                if one_way || self.estimate_at(self.grid.point(cell as usize), g).1 <= f_limit {
                    let c = cell as usize;
                    if state == UNVISITED {
                        self.visited.push(cell);
                    }
                    self.g[c] = g;
                    self.parent[c] = from;
                    self.record[c] = record_of(PASSED, Some(r.turn));
                    self.jump_from(cell, successors, &mut work);
                    continue;
                }
            }
            let key = self.reach(cell, g, from, r.turn);
            if state == OPEN {
                self.open.update(cell, key);
            } else {
                if state == UNVISITED {
                    self.visited.push(cell);
                }
                self.open.push(cell, key);
            }
        }
        self.reached = work;
    }

    /// Jumps from `cell` by each of the moves `directions`, noting what they reach in `work`.
    fn jump_from(&mut self, cell: u32, directions: u8, work: &mut Vec<(u32, Reached)>) {
        let at = self.grid.point(cell as usize);
        for d in topology::indices(directions.into()) {
            let scanned = self
                .jumper
                .jump_through(at.x, at.y, d, &mut |r| work.push((cell, r)));
            self.scanned += u64::from(scanned);
        }
    }

    fn finish_with(&mut self, status: Status) {
        self.status = status;
        self.total_steps = Some(self.counters.steps);
    }

    /// Every cell from the start to `goal`: the jump points and the runs between them. A
    /// run from a parent goes diagonally (without diagonals: vertically) first and then
    /// straight, which covers the straight and diagonal runs of the steps and the turning
    /// ones of the run to the end (see [`Jumper::jump_through`]).
    fn follow_parents(&self, goal: u32) -> Vec<u32> {
        let width = self.grid.width() as i64;
        let straight_only = self.jumper.rule() == Rule::Straight;
        let mut path = vec![goal];
        let mut cell = goal;
        while self.parent[cell as usize] != NO_PARENT {
            let parent = self.parent[cell as usize];
            let (a, b) = (
                self.grid.point(parent as usize),
                self.grid.point(cell as usize),
            );
            // Back toward the parent: the straight leg first, then the leading one.
            let (dx, dy) = (a.x as i64 - b.x as i64, a.y as i64 - b.y as i64);
            let (sx, sy) = (dx.signum(), dy.signum());
            let legs = if straight_only {
                [(sx, 0, dx.abs()), (0, sy, dy.abs())]
            } else {
                let lead = dx.abs().min(dy.abs());
                let tail = dx.abs().max(dy.abs()) - lead;
                let (tx, ty) = if dx.abs() > dy.abs() {
                    (sx, 0)
                } else {
                    (0, sy)
                };
                [(tx, ty, tail), (sx, sy, lead)]
            };
            let mut at = cell as i64;
            for (step_x, step_y, moves) in legs {
                for _ in 0..moves {
                    at += step_y * width + step_x;
                    path.push(at as u32);
                }
            }
            cell = parent;
        }
        path.reverse();
        path
    }

    /// The event form of one jump.
    fn jump_event(
        &self,
        from: Point,
        d: usize,
        passed: u32,
        end: JumpEnd,
        seen: Option<Seen>,
    ) -> Jump {
        let m = self.neighbourhood.move_of(d);
        let scale = self.options.costs.scale();
        let outcome = match (end, seen) {
            (JumpEnd::Found { x, y, why, .. }, Some(seen)) => {
                let cell = y * self.grid.width() + x;
                let values = self.values(cell);
                let reason = match why {
                    Why::Goal => JumpReason::Goal,
                    Why::Turn { x, y } => JumpReason::Turn { x, y },
                    Why::Forced => {
                        let forced = self.jumper.pruning().forced(d, self.jumper.pattern(x, y));
                        JumpReason::Forced {
                            neighbours: topology::indices(forced.into())
                                .map(|i| self.neighbourhood.step(Point::new(x, y), i))
                                .collect(),
                        }
                    }
                };
                let result = seen.outcome(&self.grid, Some(cell as usize), from, || values, scale);
                JumpOutcome::JumpPoint {
                    x,
                    y,
                    reason,
                    result,
                }
            }
            (JumpEnd::DeadEnd { distance }, _) | (JumpEnd::Found { distance, .. }, None) => {
                JumpOutcome::DeadEnd {
                    x: from.x.wrapping_add_signed(m.dx * distance as i32),
                    y: from.y.wrapping_add_signed(m.dy * distance as i32),
                }
            }
        };
        Jump {
            dx: m.dx,
            dy: m.dy,
            scanned: passed,
            end: outcome,
        }
    }
}

/// Sets `flag` on a cell's marks, noting the old value for undo and the cell for restarts.
fn mark_cell(
    marks: &mut [u16],
    changes: &mut Vec<(u32, u16)>,
    marked: &mut Vec<u32>,
    cell: u32,
    flag: u16,
) {
    let old = marks[cell as usize];
    if old & flag == 0 {
        if old == 0 {
            marked.push(cell);
        }
        changes.push((cell, old));
        marks[cell as usize] = old | flag;
    }
}

impl Finder for JumpPointSearch {
    // Neither is inlined into `open_list_partway`, their other caller: one copy each in the
    // page's engine.
    #[inline(never)]
    fn step(&mut self) -> Option<StepEvent> {
        let mut jumps = Vec::new();
        let mut report = |search: &JumpPointSearch, d, passed, end, seen| {
            let from = search.grid.point(search.current as usize);
            jumps.push(search.jump_event(from, d, passed, end, seen));
        };
        let popped = self.take_step::<true>(&mut report)?;
        Some(relaxation::step_event(self, popped, |step, node| {
            StepEvent::Jumped { step, node, jumps }
        }))
    }

    #[inline(never)]
    fn step_back(&mut self) -> bool {
        let Some((record, changes)) = self.journal.pop() else {
            return false;
        };
        for (cell, old) in self.mark_changes.drain(record.marks_from..).rev() {
            if old == 0 {
                self.marked.pop();
            }
            self.marks[cell as usize] = old;
        }
        for change in changes {
            let c = change.cell as usize;
            match change.old_key {
                Some(key) => {
                    self.open.update(change.cell, key);
                }
                None => {
                    self.open.remove(change.cell);
                    self.visited.pop();
                }
            }
            self.g[c] = change.old_g;
            self.record[c] = change.old_record;
            self.parent[c] = change.old_parent;
            self.counters.generated -= 1;
        }
        StepStart {
            status: &mut self.status,
            path: &mut self.path,
            counters: &mut self.counters,
            open: &mut self.open,
            record: &mut self.record,
            current: &mut self.current,
        }
        .put_back(record.popped, record.prev_current, record.prev_max_open);
        self.next_order = record.prev_next_order;
        self.scanned = record.prev_scanned;
        self.jump_points = record.prev_jump_points;
        true
    }

    fn advance(&mut self, n: u32) -> u32 {
        let mut taken = 0;
        while taken < n && self.take_step::<true>(&mut |_, _, _, _, _| {}).is_some() {
            taken += 1;
        }
        taken
    }

    /// Without a record of the steps, the jumps also prune intermediate jump points (see
    /// [`Jumper::jump_through`]): fewer nodes, the same cost.
    fn run(&mut self) -> Status {
        self.journal.clear();
        self.mark_changes.clear();
        while self.status == Status::Running {
            self.counters.steps += 1;
            let Some((current, _)) = self.open.pop() else {
                self.finish_with(Status::NoPath);
                break;
            };
            self.current = current;
            self.set_state(current, CLOSED);
            if current == self.goal {
                self.path = self.follow_parents(current);
                self.finish_with(Status::Found);
                break;
            }
            self.counters.expanded += 1;
            self.expand_through(current);
            self.counters.max_open = self.counters.max_open.max(self.open.len() as u32);
        }
        self.status
    }

    fn restart(&mut self, start: Point, goal: Point) -> Result<(), SearchError> {
        let (s, t) = endpoint_cells(&self.grid, start, goal)?;
        self.clear();
        (self.start, self.goal, self.goal_at) = (s, t, goal);
        self.jumper.set_goal(goal.x, goal.y);
        self.status = Status::Running;
        self.counters = Counters::default();
        self.scanned = 0;
        self.jump_points = 0;
        self.next_order = 0;
        self.current = NO_PARENT;
        self.total_steps = None;
        // The start enters the open list with G = 0.
        let c = s as usize;
        self.visited.push(s);
        self.g[c] = 0.0;
        self.record[c] = OPEN;
        let (h, f) = self.estimate_at(start, 0.0);
        self.next_order = 1;
        self.counters.generated = 1;
        self.open.push(s, self.key_layout.key(f, h, 0, s));
        self.counters.max_open = 1;
        Ok(())
    }

    fn basics(&self) -> Basics<'_> {
        Basics::of_cells(
            &self.grid,
            &self.options,
            &self.marks,
            self.status,
            self.total_steps,
            self.current,
        )
    }

    fn counters(&self) -> Counters {
        Counters {
            open: self.open.len() as u32,
            ..self.counters
        }
    }

    /// Per-cell record, row by row: the state under `STATE_MASK`, and the move from the
    /// parent (see `crate::vocabulary::record`).
    fn records(&self) -> &[u8] {
        &self.record
    }

    fn g_values(&self) -> &[f64] {
        &self.g
    }

    fn open_list(&self, k: usize) -> Vec<NodeValues> {
        self.open
            .peek_sorted(k)
            .into_iter()
            .map(|(cell, _)| self.values(cell))
            .collect()
    }

    /// The jump points a step opens or improves come in one by one, as its journal records
    /// them.
    fn open_list_partway(&mut self, made: usize, k: usize) -> Option<Vec<NodeValues>> {
        self.step()?;
        let changes: Vec<_> = (self.journal.last_changes().iter())
            .map(|c| (c.cell, c.old_key))
            .collect();
        let after = (self.open.peek_sorted(k + changes.len()).into_iter())
            .map(|(cell, key)| (cell, key, self.values(cell)))
            .collect();
        self.step_back();
        Some(partway(after, &changes, made, k, &|cell, _| {
            self.values(cell)
        }))
    }

    fn path(&self) -> &[u32] {
        &self.path
    }

    fn estimates(&self, cell: u32) -> (f64, f64) {
        let c = cell as usize;
        if self.state_at(cell) == UNVISITED {
            return (f64::INFINITY, f64::INFINITY);
        }
        self.estimate_at(self.grid.point(c), self.g[c])
    }

    fn touched(&self) -> Vec<Point> {
        (self.journal.last_changes().iter())
            .map(|c| self.grid.point(c.cell as usize))
            .collect()
    }

    fn parent_at(&self, cell: u32) -> Option<u32> {
        let parent = self.parent[cell as usize];
        (parent != NO_PARENT).then_some(parent)
    }

    fn info(&self) -> FinderInfo {
        FinderInfo {
            scanned: Some(self.scanned),
            jump_points: Some(self.jump_points),
            ..FinderInfo::default()
        }
    }
}
