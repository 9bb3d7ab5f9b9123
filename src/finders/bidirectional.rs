//! Bidirectional search: a best-first search from the start toward the goal and one from
//! the goal toward the start, taking turns one expansion each (forward first). The
//! backward side walks the moves in reverse: reaching cell `u` from cell `v` it pays for
//! the move from `u` into `v`, by `v`'s terrain, so its G is exactly the cost from `u` to
//! the goal. Each side's H estimates the distance to its own target.
//!
//! Whenever a side reaches a cell the other has reached, the path through it is a
//! candidate; `best` is the cheapest. The first contact is not the answer: before each
//! expansion a stopping test asks whether any path not yet seen could beat `best`
//! (see [`StoppingRule`]). Dijkstra and BFS stop once best <= the sum of the two open
//! lists' smallest G (moves for BFS); A* once best <= the larger of the two smallest F,
//! each a lower bound on every path still to be found when the heuristic is consistent
//! (every heuristic here is, wherever it is admissible). Greedy search stops at the first
//! contact and promises nothing.

use std::sync::Arc;

use crate::checks::search_error::{endpoint_cells, SearchError};
use crate::finder::journal::Journal;
use crate::finder::key::{Key, KeyLayout};
use crate::finder::open_list::OpenList;
use crate::finder::partway::partway;
use crate::finder::relaxation::{self, Seen};
use crate::finder::{Basics, Finder};
use crate::finders::graph::Graph;
use crate::geometry::grid::{Grid, Point};
use crate::geometry::topology::{self, Topology};
use crate::options::SearchOptions;
use crate::search::policy::Policy;
use crate::vocabulary::events::{
    Meeting, Neighbour, NodeValues, Side, StepEvent, StoppingRule, StoppingTest,
};
use crate::vocabulary::marks::{MARK_BACKWARD, MARK_MEETING};
use crate::vocabulary::record::{
    parent_move, record_of, CLOSED, NO_PARENT, OPEN, STATE_MASK, UNVISITED,
};
use crate::vocabulary::status::{Counters, FinderInfo, Status};

/// Which best-first search runs from each end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    AStar,
    Dijkstra,
    BreadthFirst,
    Greedy,
}

impl Kind {
    fn rule(self) -> StoppingRule {
        match self {
            Kind::AStar => StoppingRule::LargerHeadF,
            Kind::Dijkstra | Kind::BreadthFirst => StoppingRule::SumOfHeads,
            Kind::Greedy => StoppingRule::FirstContact,
        }
    }

    fn uses_heuristic(self) -> bool {
        matches!(self, Kind::AStar | Kind::Greedy)
    }
}

const FORWARD: usize = 0;
const BACKWARD: usize = 1;
const SIDES: [Side; 2] = [Side::Forward, Side::Backward];

/// One side's search.
#[derive(Clone, Debug)]
struct SideSearch {
    /// Where this side heads: the goal for the forward side, the start for the backward.
    target: Point,
    /// State and parent move (see [`crate::search::Search::records`]); the backward side's
    /// parent is the next cell toward the goal.
    record: Vec<u8>,
    /// Cost to (forward) or from (backward) this side's origin, in units.
    g: Vec<f64>,
    /// Moves from this side's origin (breadth-first only; empty otherwise).
    depth: Vec<u32>,
    open: OpenList,
    next_order: u32,
}

/// A side's cell values before a step changed them.
#[derive(Clone, Copy, Debug)]
struct Change {
    side: usize,
    cell: u32,
    g: f64,
    record: u8,
    depth: u32,
    key: Option<Key>,
}

/// The cheapest path through a cell both sides have reached.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Best {
    /// What the stopping test compares: cost units, moves for breadth-first search.
    measure: f64,
    cell: u32,
}

#[derive(Clone, Copy, Debug)]
struct Scalars {
    status: Status,
    current: u32,
    best: Option<Best>,
    counters: Counters,
    expansions: [u32; 2],
    next_order: [u32; 2],
    total_steps: Option<u32>,
}

impl Scalars {
    fn fresh() -> Scalars {
        Scalars {
            status: Status::Running,
            current: NO_PARENT,
            best: None,
            counters: Counters::default(),
            expansions: [0; 2],
            next_order: [0; 2],
            total_steps: None,
        }
    }
}

#[derive(Clone, Debug)]
struct StepLog {
    scalars: Scalars,
    popped: Option<(usize, u32, Key)>,
    /// The path shown before this step, when the step changed it.
    old_path: Option<Vec<u32>>,
}

#[derive(Clone, Debug)]
pub struct Bidirectional {
    graph: Graph,
    options: SearchOptions,
    kind: Kind,
    start: u32,
    sides: [SideSearch; 2],
    key_layout: KeyLayout,
    /// What the page is shown per cell: the forward side's record and G where it has
    /// reached the cell, else the backward side's (marked [`MARK_BACKWARD`]).
    shown_record: Vec<u8>,
    shown_g: Vec<f64>,
    marks: Vec<u16>,
    s: Scalars,
    /// The best path so far (the answer once found), start to goal.
    path: Vec<u32>,
    /// Each recorded step with the side values it changed.
    journal: Journal<StepLog, Change>,
    /// Cells either side has reached since the last restart (some perhaps undone since),
    /// so that a restart clears only those.
    reached: Vec<u32>,
    /// Whether steps keep what undoing them needs (not while `run` goes to the end).
    recording: bool,
}

impl Bidirectional {
    /// A search from each end on the square grid the options describe.
    pub fn new(
        grid: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
        kind: Kind,
    ) -> Result<Bidirectional, SearchError> {
        let topology = options.topology();
        Bidirectional::with_topology(grid, start, goal, options, kind, topology)
    }

    /// A search from each end over the moves of `topology`.
    pub fn with_topology(
        grid: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
        kind: Kind,
        topology: Arc<dyn Topology>,
    ) -> Result<Bidirectional, SearchError> {
        options.validate_for(&grid)?;
        endpoint_cells(&grid, start, goal)?;
        let cells = grid.cell_count();
        let side = |target| SideSearch {
            target,
            record: vec![UNVISITED; cells],
            g: vec![f64::INFINITY; cells],
            depth: if kind == Kind::BreadthFirst {
                vec![0; cells]
            } else {
                Vec::new()
            },
            open: OpenList::new(cells),
            next_order: 0,
        };
        let graph = Graph::new(grid, topology, options.heuristic)?;
        let mut finder = Bidirectional {
            key_layout: key_layout(&options, &graph)?,
            graph,
            options,
            kind,
            start: 0,
            sides: [side(goal), side(start)],
            shown_record: vec![UNVISITED; cells],
            shown_g: vec![f64::INFINITY; cells],
            marks: vec![0; cells],
            s: Scalars::fresh(),
            path: Vec::new(),
            journal: Journal::new(),
            reached: Vec::new(),
            recording: true,
        };
        finder.restart(start, goal)?;
        Ok(finder)
    }

    fn open_count(&self) -> u32 {
        (self.sides[0].open.len() + self.sides[1].open.len()) as u32
    }

    /// H of a cell for one side, toward that side's target, in units.
    fn h(&self, side: usize, cell: u32) -> f64 {
        if self.kind.uses_heuristic() {
            self.graph.estimate(cell, self.sides[side].target)
        } else {
            0.0
        }
    }

    /// A side's priority for a reached cell: F by the kind of search.
    fn priority(&self, side: usize, cell: u32) -> f64 {
        let c = cell as usize;
        let sd = &self.sides[side];
        match self.kind {
            Kind::AStar => sd.g[c] + self.h(side, cell),
            Kind::Dijkstra => sd.g[c],
            Kind::BreadthFirst => f64::from(sd.depth[c]),
            Kind::Greedy => self.h(side, cell),
        }
    }

    /// Sets a side's values for a cell it reaches with cost `g` (from a neighbour by a move,
    /// `by`, or as its origin), queues it, and checks for a better meeting.
    fn reach(&mut self, side: usize, cell: u32, g: f64, by: Option<(u32, usize)>) {
        let c = cell as usize;
        let sd = &self.sides[side];
        let old_key = sd.open.key_of(cell);
        if self.recording {
            self.journal.record(Change {
                side,
                cell,
                g: sd.g[c],
                record: sd.record[c],
                depth: sd.depth.get(c).copied().unwrap_or(0),
                key: old_key,
            });
        }
        if sd.record[c] == UNVISITED {
            self.reached.push(cell);
        }
        let sd = &mut self.sides[side];
        sd.g[c] = g;
        sd.record[c] = record_of(OPEN, by.map(|(_, i)| i));
        if self.kind == Kind::BreadthFirst {
            sd.depth[c] = by.map_or(0, |(from, _)| sd.depth[from as usize] + 1);
        }
        let tie = match self.kind {
            Kind::AStar => self.h(side, cell),
            Kind::Greedy => g,
            Kind::Dijkstra | Kind::BreadthFirst => 0.0,
        };
        let key = self.key_layout.key(
            self.priority(side, cell),
            tie,
            self.sides[side].next_order,
            cell,
        );
        let sd = &mut self.sides[side];
        sd.next_order += 1;
        if old_key.is_some() {
            sd.open.update(cell, key);
        } else {
            sd.open.push(cell, key);
        }
        self.s.counters.generated += 1;
        let other = &self.sides[1 - side];
        if other.record[c] != UNVISITED {
            let measure = match self.kind {
                Kind::BreadthFirst => f64::from(self.sides[0].depth[c] + self.sides[1].depth[c]),
                _ => self.sides[0].g[c] + self.sides[1].g[c],
            };
            if self.s.best.map_or(true, |b| measure < b.measure) {
                let old = self.s.best.replace(Best { measure, cell });
                let path = self.path_through(cell);
                let old_path = std::mem::replace(&mut self.path, path);
                if let (true, Some(log)) = (self.recording, self.journal.last_mut()) {
                    log.old_path.get_or_insert(old_path);
                }
                if let Some(old) = old {
                    self.refresh(old.cell);
                }
            }
        }
        self.refresh(cell);
    }

    /// Works out what the page is shown for a cell from the two sides.
    fn refresh(&mut self, cell: u32) {
        let c = cell as usize;
        let side = if self.sides[FORWARD].record[c] != UNVISITED {
            FORWARD
        } else {
            BACKWARD
        };
        let sd = &self.sides[side];
        self.shown_record[c] = sd.record[c];
        self.shown_g[c] = sd.g[c];
        let backward = side == BACKWARD && sd.record[c] != UNVISITED;
        let meeting = self.s.best.is_some_and(|b| b.cell == cell);
        self.marks[c] =
            if backward { MARK_BACKWARD } else { 0 } | if meeting { MARK_MEETING } else { 0 };
    }

    fn parent_on(&self, side: usize, cell: u32) -> Option<u32> {
        self.graph
            .parent(cell, self.sides[side].record[cell as usize])
    }

    /// The path from the start through `cell` to the goal, by the two sides' parents.
    fn path_through(&self, cell: u32) -> Vec<u32> {
        let mut path = vec![cell];
        let mut at = cell;
        while let Some(p) = self.parent_on(FORWARD, at) {
            path.push(p);
            at = p;
        }
        path.reverse();
        at = cell;
        while let Some(p) = self.parent_on(BACKWARD, at) {
            path.push(p);
            at = p;
        }
        path
    }

    /// The head of a side's open list: its G (sum rule) or F (A*), `None` when empty.
    fn head(&self, side: usize) -> Option<f64> {
        let cell = self.sides[side].open.peek()?;
        let c = cell as usize;
        let sd = &self.sides[side];
        Some(match self.kind {
            Kind::AStar => sd.g[c] + self.h(side, cell),
            Kind::BreadthFirst => f64::from(sd.depth[c]),
            Kind::Dijkstra | Kind::Greedy => sd.g[c],
        })
    }

    /// The stopping test in units (moves for BFS).
    fn stopping_test(&self) -> StoppingTest {
        let rule = self.kind.rule();
        let best = self.s.best.map(|b| b.measure);
        let (forward, backward) = (self.head(FORWARD), self.head(BACKWARD));
        let bound = match (rule, forward, backward) {
            (StoppingRule::SumOfHeads, Some(a), Some(b)) => Some(a + b),
            (StoppingRule::LargerHeadF, Some(a), Some(b)) => Some(a.max(b)),
            _ => None,
        };
        let exhausted = forward.is_none() || backward.is_none();
        let stop = exhausted
            || match rule {
                StoppingRule::FirstContact => best.is_some(),
                _ => matches!((best, bound), (Some(m), Some(b)) if m <= b),
            };
        StoppingTest {
            rule,
            best,
            forward,
            backward,
            bound,
            stop,
        }
    }

    /// The test in display units.
    fn shown_test(&self, t: StoppingTest) -> StoppingTest {
        let scale = self.measure_scale();
        let shown = |v: Option<f64>| v.map(|v| v / scale);
        StoppingTest {
            best: shown(t.best),
            forward: shown(t.forward),
            backward: shown(t.backward),
            bound: shown(t.bound),
            ..t
        }
    }

    /// Units per displayed unit of the stopping test's values.
    fn measure_scale(&self) -> f64 {
        match self.kind {
            Kind::BreadthFirst => 1.0,
            _ => self.cost_scale(),
        }
    }

    /// One step: the stopping test, then (if it says go on) one expansion by the side
    /// whose turn it is. `None` once finished.
    fn take_step(&mut self, neighbours: Option<&mut Vec<Neighbour>>) -> Option<Step> {
        if self.s.status != Status::Running {
            return None;
        }
        self.s.next_order = [self.sides[0].next_order, self.sides[1].next_order];
        if self.recording {
            self.journal.begin(StepLog {
                scalars: self.s,
                popped: None,
                old_path: None,
            });
        }
        self.s.counters.steps += 1;
        let test = self.stopping_test();
        if test.stop {
            let status = if self.s.best.is_some() {
                Status::Found
            } else {
                Status::NoPath
            };
            self.s.status = status;
            self.s.total_steps = Some(self.s.counters.steps);
            return Some(Step::Stopped(test));
        }
        let side = if self.s.expansions[FORWARD] <= self.s.expansions[BACKWARD] {
            FORWARD
        } else {
            BACKWARD
        };
        let (cell, key) = self.sides[side]
            .open
            .pop()
            .expect("the stopping test stops when a side has no open node");
        if let (true, Some(log)) = (self.recording, self.journal.last_mut()) {
            log.popped = Some((side, cell, key));
        }
        let record = &mut self.sides[side].record[cell as usize];
        *record = *record & !STATE_MASK | CLOSED;
        self.refresh(cell);
        self.s.expansions[side] += 1;
        self.s.counters.expanded += 1;
        self.s.current = cell;
        let best_before = self.s.best;
        let legal = self.graph.legal(cell);
        let from = self.graph.point(cell);
        let mut neighbours = neighbours;
        let to_visit = if neighbours.is_some() {
            self.graph.neighbourhood.all_moves()
        } else {
            legal
        };
        for i in topology::indices(to_visit) {
            let seen = if legal & 1 << i == 0 {
                Seen::Blocked
            } else {
                self.relax(side, cell, i)
            };
            if let Some(list) = neighbours.as_deref_mut() {
                list.push(self.neighbour(side, from, i, seen));
            }
        }
        self.s.counters.max_open = self.s.counters.max_open.max(self.open_count());
        Some(Step::Expanded {
            side,
            cell,
            test,
            met: self.s.best != best_before,
        })
    }

    fn relax(&mut self, side: usize, cell: u32, i: usize) -> Seen {
        let next = self.graph.neighbour(cell, i);
        let n = next as usize;
        let sd = &self.sides[side];
        let state = sd.record[n] & STATE_MASK;
        if state == CLOSED {
            return Seen::Closed;
        }
        // Forward: the move into `next`. Backward: the same move reversed, from `next`
        // into `cell`, paid by `cell`'s terrain.
        let entered = if side == FORWARD { next } else { cell };
        let g = sd.g[cell as usize] + self.graph.cost_into(i, entered);
        if state == OPEN {
            if self.kind == Kind::BreadthFirst {
                return Seen::AlreadyOpen;
            }
            if g >= sd.g[n] {
                return Seen::NotImproved { candidate_g: g };
            }
        }
        let (old_g, old_record) = (sd.g[n], sd.record[n]);
        self.reach(side, next, g, Some((cell, i)));
        if state == OPEN {
            let old_parent = parent_move(old_record).map(|j| self.graph.source(next, j));
            Seen::Improved {
                old_g,
                old_parent: old_parent.unwrap_or(self.start),
            }
        } else {
            Seen::Opened
        }
    }

    fn neighbour(&self, side: usize, from: Point, i: usize, seen: Seen) -> Neighbour {
        let values = |cell| self.side_values(side, cell);
        let m = self.graph.neighbourhood.move_of(i);
        relaxation::neighbour(&self.graph.grid, from, m, seen, values, self.cost_scale())
    }

    /// A cell's values on one side, in display units.
    fn side_values(&self, side: usize, cell: u32) -> NodeValues {
        let p = self.graph.point(cell);
        let c = cell as usize;
        let reached = self.sides[side].record[c] != UNVISITED;
        let (h, f) = if reached {
            (self.h(side, cell), self.priority(side, cell))
        } else {
            (f64::INFINITY, f64::INFINITY)
        };
        let g = self.sides[side].g[c];
        NodeValues::displayed(p, (g, h, f), self.cost_scale(), self.priority_scale())
    }

    /// An open list entry: a cell's values on one side, with the side.
    fn entry(&self, side: usize, cell: u32) -> NodeValues {
        NodeValues {
            side: Some(SIDES[side]),
            ..self.side_values(side, cell)
        }
    }

    /// The first `k` entries of one side's open list.
    fn entries(&self, side: usize, k: usize) -> Vec<NodeValues> {
        (self.sides[side].open.peek_sorted(k).into_iter())
            .map(|(cell, _)| self.entry(side, cell))
            .collect()
    }

    fn shown_side(&self, cell: u32) -> usize {
        if self.sides[FORWARD].record[cell as usize] != UNVISITED {
            FORWARD
        } else {
            BACKWARD
        }
    }

    fn meeting(&self) -> Option<Meeting> {
        let best = self.s.best?;
        let p = self.graph.point(best.cell);
        Some(Meeting {
            x: p.x,
            y: p.y,
            cost: self.shown_path_cost(),
            moves: self.path.len() as u32 - 1,
        })
    }
}

/// What a step did, before it is put into words.
enum Step {
    Stopped(StoppingTest),
    Expanded {
        side: usize,
        cell: u32,
        test: StoppingTest,
        met: bool,
    },
}

/// Each side queues its nodes by the entry's policy, as the unweighted best-first search of
/// the same priority would: the same key fields and ties.
fn key_layout(options: &SearchOptions, graph: &Graph) -> Result<KeyLayout, SearchError> {
    let one_side = SearchOptions {
        weight: 1.0,
        ..*options
    };
    Ok(Policy::of(options.algorithm.entry())?.key_layout(
        &one_side,
        &graph.grid,
        &graph.neighbourhood,
    ))
}

impl Finder for Bidirectional {
    /// Starts again between new endpoints on the same grid, clearing only the cells the
    /// last search reached (the moves worked out per cell are kept).
    fn restart(&mut self, start: Point, goal: Point) -> Result<(), SearchError> {
        let (s, t) = endpoint_cells(&self.graph.grid, start, goal)?;
        for cell in self.reached.drain(..) {
            let c = cell as usize;
            for sd in &mut self.sides {
                sd.record[c] = UNVISITED;
                sd.g[c] = f64::INFINITY;
                if let Some(depth) = sd.depth.get_mut(c) {
                    *depth = 0;
                }
            }
            self.shown_record[c] = UNVISITED;
            self.shown_g[c] = f64::INFINITY;
            self.marks[c] = 0;
        }
        for (sd, target) in self.sides.iter_mut().zip([goal, start]) {
            sd.open.clear();
            sd.next_order = 0;
            sd.target = target;
        }
        self.start = s;
        self.s = Scalars::fresh();
        self.path.clear();
        self.journal.clear();
        self.reach(FORWARD, s, 0.0, None);
        self.reach(BACKWARD, t, 0.0, None);
        self.s.counters.max_open = self.open_count();
        // Reaching the two origins is where the search begins, not a step to undo.
        self.journal.clear();
        Ok(())
    }

    /// One step with an event describing it; `None` once finished.
    // Neither is inlined into `open_list_partway`, their other caller: one copy each in the
    // page's engine.
    #[inline(never)]
    fn step(&mut self) -> Option<StepEvent> {
        let mut neighbours = Vec::with_capacity(8);
        let step = self.take_step(Some(&mut neighbours))?;
        let number = self.s.counters.steps;
        Some(match step {
            Step::Stopped(test) => StepEvent::Stopped {
                step: number,
                test: self.shown_test(test),
                meeting: self.meeting(),
                cost: self.path_cost(),
                steps: self.path_steps(),
            },
            Step::Expanded {
                side,
                cell,
                test,
                met,
            } => StepEvent::SideExpanded {
                step: number,
                side: SIDES[side],
                node: self.side_values(side, cell),
                neighbours,
                test: self.shown_test(test),
                met: if met { self.meeting() } else { None },
            },
        })
    }

    /// Undoes the last step exactly; `false` at the beginning.
    #[inline(never)]
    fn step_back(&mut self) -> bool {
        let Some((log, changes)) = self.journal.pop() else {
            return false;
        };
        let mut refresh = Vec::new();
        for change in changes {
            let c = change.cell as usize;
            let sd = &mut self.sides[change.side];
            match change.key {
                Some(key) => {
                    sd.open.update(change.cell, key);
                }
                None => {
                    sd.open.remove(change.cell);
                }
            }
            sd.g[c] = change.g;
            sd.record[c] = change.record;
            if let Some(d) = sd.depth.get_mut(c) {
                *d = change.depth;
            }
            refresh.push(change.cell);
        }
        if let Some((side, cell, key)) = log.popped {
            let sd = &mut self.sides[side];
            let record = &mut sd.record[cell as usize];
            *record = *record & !STATE_MASK | OPEN;
            sd.open.push(cell, key);
            refresh.push(cell);
        }
        if let Some(path) = log.old_path {
            self.path = path;
        }
        refresh.extend(self.s.best.map(|b| b.cell));
        self.s = log.scalars;
        for (sd, order) in self.sides.iter_mut().zip(self.s.next_order) {
            sd.next_order = order;
        }
        refresh.extend(self.s.best.map(|b| b.cell));
        for cell in refresh {
            self.refresh(cell);
        }
        true
    }

    fn advance(&mut self, n: u32) -> u32 {
        let mut taken = 0;
        while taken < n && self.take_step(None).is_some() {
            taken += 1;
        }
        taken
    }

    /// Runs to the end keeping no record: earlier steps can no longer be undone.
    fn run(&mut self) -> Status {
        self.journal.clear();
        self.recording = false;
        while self.take_step(None).is_some() {}
        self.recording = true;
        self.s.status
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

    /// `open`: both open lists together.
    fn counters(&self) -> Counters {
        Counters {
            open: self.open_count(),
            ..self.s.counters
        }
    }

    fn records(&self) -> &[u8] {
        &self.shown_record
    }

    fn g_values(&self) -> &[f64] {
        &self.shown_g
    }

    /// H and F in units of the side shown for the cell (`INFINITY` where unreached).
    fn estimates(&self, cell: u32) -> (f64, f64) {
        let side = self.shown_side(cell);
        if self.sides[side].record[cell as usize] == UNVISITED {
            return (f64::INFINITY, f64::INFINITY);
        }
        (self.h(side, cell), self.priority(side, cell))
    }

    fn touched(&self) -> Vec<Point> {
        let changes = self.journal.last_changes();
        self.graph.points(changes.iter().map(|c| c.cell))
    }

    /// Both open lists: the heads of the side whose turn is next, then the other's, each
    /// entry with its side.
    fn open_list(&self, k: usize) -> Vec<NodeValues> {
        let next = if self.s.expansions[FORWARD] <= self.s.expansions[BACKWARD] {
            FORWARD
        } else {
            BACKWARD
        };
        let mut out = self.entries(next, k.div_ceil(2));
        out.extend(self.entries(1 - next, k - out.len()));
        out
    }

    /// Both open lists as `open_list` gives them partway through the next step: the side
    /// expanding first, its node off its list and its entries coming in one by one as the
    /// journal records them; the other side's as it is.
    fn open_list_partway(&mut self, made: usize, k: usize) -> Option<Vec<NodeValues>> {
        self.step()?;
        let Some((side, _, _)) = self.journal.last().and_then(|log| log.popped) else {
            // The stopping test ended the search: no node is taken.
            self.step_back();
            return None;
        };
        let first = k.div_ceil(2);
        let changes: Vec<_> = (self.journal.last_changes().iter())
            .filter(|c| c.side == side)
            .map(|c| (c.cell, c.key))
            .collect();
        let after = (self.sides[side].open.peek_sorted(first + changes.len()))
            .into_iter()
            .map(|(cell, key)| (cell, key, self.entry(side, cell)))
            .collect();
        self.step_back();
        let mut out = partway(after, &changes, made, first, &|cell, _| {
            self.entry(side, cell)
        });
        out.extend(self.entries(1 - side, k - out.len()));
        Some(out)
    }

    /// The best path so far, start to goal (the answer once found; empty before the two
    /// sides meet).
    fn path(&self) -> &[u32] {
        &self.path
    }

    /// A cell's parent on the side shown for it (toward the goal on the backward side).
    fn parent_at(&self, cell: u32) -> Option<u32> {
        self.parent_on(self.shown_side(cell), cell)
    }

    fn info(&self) -> FinderInfo {
        FinderInfo {
            best_cost: self.best_cost(),
            meeting: self.meeting_point(),
            ..FinderInfo::default()
        }
    }
}

impl Bidirectional {
    /// The cost of the best path so far in display units, summed exactly.
    pub fn best_cost(&self) -> Option<f64> {
        self.s.best.map(|_| self.shown_path_cost())
    }

    pub fn meeting_point(&self) -> Option<Point> {
        self.s.best.map(|b| self.graph.point(b.cell))
    }
}
