//! The search: one best-first loop for A*, Dijkstra, greedy best-first and breadth-first,
//! taken one expansion at a time, with an exact undo of each step. What orders its open
//! list and breaks ties is the finder's catalogue entry's to say (see `policy`).

mod events;
mod finder;
mod history;
mod partway;
pub(crate) mod policy;
pub(crate) mod shared;
pub(crate) mod spare;
mod undo;

use std::sync::Arc;

use crate::catalogue::SightCheck;
use crate::checks::search_error::{endpoint_cells, SearchError};
use crate::finder::key::{Key, KeyLayout};
use crate::finder::open_list::OpenList;
use crate::finder::relaxation::Seen;
use crate::geometry::grid::{Grid, GridError, Point};
use crate::geometry::known_moves::KnownMoves;
use crate::geometry::movement::{DiagonalRule, NeighbourOrder, MOVES};
use crate::geometry::sight;
use crate::geometry::topology::{self, MoveSet, Neighbourhood, Topology, TopologyError};
use crate::options::{GoalTest, SearchOptions};
use crate::vocabulary::events::SightTest;
use crate::vocabulary::record::{
    parent_move, record_of, CLOSED, NO_PARENT, OPEN, STATE_MASK, UNVISITED,
};
use crate::vocabulary::status::{Counters, Status};
use history::{History, Improvement, SightRecord, StepRecord};
use policy::Policy;
use spare::CellArrays;

/// A search in progress over its own copy of a grid.
#[derive(Clone, Debug)]
pub struct Search {
    grid: Grid,
    options: SearchOptions,
    /// The moves, their costs and the heuristic.
    neighbourhood: Neighbourhood,
    /// Whether the priority looks at the heuristic, read from the catalogue once.
    uses_heuristic: bool,
    start: u32,
    goal: u32,
    goal_at: Point,
    status: Status,
    // Per cell, row by row, only what the loop itself reads back: the less memory each
    // expansion touches, the faster it goes. H and F follow from G and the position (see
    // `estimate_at`), all but breadth-first F, a depth, which has an array of its own.
    /// State and parent move, one byte (see `crate::vocabulary::record`).
    record: Vec<u8>,
    /// In cost units (see `CostModel`); `INFINITY` where not reached.
    g: Vec<f64>,
    /// Moves from the start, for breadth-first search only (empty otherwise).
    depth: Vec<u32>,
    /// Finder marks (see `crate::finder`): a best-first search has none, so all zero.
    marks: Vec<u16>,
    /// Per cell, its legal moves as [`Topology::legal_moves`] bits, worked out the first
    /// time the cell is expanded and kept across restarts and, through [`spare`], for the
    /// next search on the same map.
    legal: KnownMoves,
    /// The move indices in the order the neighbours are examined.
    order: &'static [u8],
    /// Whether that order is the moves' own (the default, clockwise).
    in_move_order: bool,
    /// The goal test is made when the goal is first reached, not when it leaves the open list.
    stops_when_reached: bool,
    /// What orders the open list and breaks ties, from the finder's catalogue entry.
    policy: Policy,
    key_layout: KeyLayout,
    open: OpenList,
    /// Every cell opened since the last restart, in order: a restart, or the end of the
    /// search, clears only what it touched.
    visited: Vec<u32>,
    counters: Counters,
    next_order: u32,
    current: u32,
    path: Vec<u32>,
    total_steps: Option<u32>,
    history: History,
    /// Any-angle finders: what each recorded step also keeps, one a step (empty for the others).
    sight_history: Vec<SightRecord>,
    /// For the events: the open entries that had the popped node's priority when it was
    /// taken, in pop order.
    ties: Vec<(Key, u32)>,
    /// Any-angle finders: when line of sight is tested, and a segment's cost per cell of
    /// length (`None` for the others).
    sight: Option<(SightCheck, f64)>,
    /// Any-angle finders: each cell's parent, which need not be a neighbour (empty for the
    /// others, whose record names the move from the parent).
    parents: Vec<u32>,
    sight_checks: u32,
    /// For the events: the step's line-of-sight tests, and Lazy Theta*'s new parent.
    sight_tests: Vec<SightTest>,
    reparent: Option<u32>,
}

/// The H and F a step gave a cell, in units.
#[derive(Clone, Copy)]
struct Estimate {
    h: f64,
    f: f64,
}

impl Search {
    /// A search on the square grid the options describe.
    pub fn new(
        grid: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
    ) -> Result<Search, SearchError> {
        let topology = options.topology();
        Search::with_topology(grid, start, goal, options, topology)
    }

    /// A search over the moves of `topology`.
    pub fn with_topology(
        grid: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
        topology: Arc<dyn Topology>,
    ) -> Result<Search, SearchError> {
        options.validate_for(&grid)?;
        if !options.algorithm.is_best_first() {
            return Err(SearchError::OwnFinder {
                algorithm: options.algorithm.name(),
            });
        }
        let entry = options.algorithm.entry();
        let policy = Policy::of(entry)?;
        let sight = entry.sight.map(|check| (check, options.costs.straight()));
        // Path 1 of an any-angle search is a step of the square grid.
        if sight.is_some() && topology.moves() != MOVES {
            let algorithm = options.algorithm.name();
            return Err(TopologyError::NotSquare { algorithm }.into());
        }
        let neighbourhood = Neighbourhood::new(topology, &grid, options.heuristic)?;
        let order = neighbourhood.order(options.neighbour_order)?;
        let cells = grid.cell_count();
        let CellArrays {
            record,
            g,
            marks,
            legal,
            open,
            visited,
            history,
            path,
        } = CellArrays::take(&grid, neighbourhood.topology().as_ref());
        let mut search = Search {
            uses_heuristic: options.uses_heuristic(),
            options,
            start: 0,
            goal: 0,
            goal_at: Point::new(0, 0),
            status: Status::Running,
            record,
            g,
            depth: if policy.counts_moves() {
                vec![0; cells]
            } else {
                Vec::new()
            },
            marks,
            legal,
            order,
            in_move_order: options.neighbour_order == NeighbourOrder::Clockwise,
            stops_when_reached: options.goal_test == GoalTest::FirstReached,
            policy,
            key_layout: policy.key_layout(&options, &grid, &neighbourhood),
            neighbourhood,
            open,
            visited,
            counters: Counters::default(),
            next_order: 0,
            current: NO_PARENT,
            path,
            total_steps: None,
            history,
            sight_history: Vec::new(),
            ties: Vec::new(),
            sight,
            parents: if sight.is_some() {
                vec![NO_PARENT; cells]
            } else {
                Vec::new()
            },
            sight_checks: 0,
            sight_tests: Vec::new(),
            reparent: None,
            grid,
        };
        search.restart(start, goal)?;
        Ok(search)
    }

    /// Starts again between new endpoints, reusing the buffers: clears only the cells the
    /// previous search touched, so thousands of queries on one map stay cheap.
    pub fn restart(&mut self, start: Point, goal: Point) -> Result<(), SearchError> {
        let (s, t) = endpoint_cells(&self.grid, start, goal)?;
        self.clear_touched();
        (self.start, self.goal, self.goal_at) = (s, t, goal);
        self.status = Status::Running;
        self.counters = Counters::default();
        self.sight_checks = 0;
        self.next_order = 0;
        self.current = NO_PARENT;
        self.total_steps = None;
        // The start enters the open list with G = 0.
        self.open_node(s, start, 0.0, None);
        self.counters.max_open = 1;
        Ok(())
    }

    /// Changes a cell's terrain for the searches that follow: call [`Search::restart`]
    /// next. The legal moves worked out around the cell are forgotten (a wall blocks the
    /// moves into it and, by the corner rules, the diagonals beside it). Returns the
    /// previous terrain.
    pub fn set_terrain(&mut self, p: Point, terrain: u8) -> Result<u8, GridError> {
        let old = self.grid.set(p, terrain)?;
        for cell in self.neighbourhood.around(&self.grid, p) {
            self.legal.forget(cell);
        }
        Ok(old)
    }

    /// Clears what the search wrote, cell by cell, back to unvisited.
    fn clear_touched(&mut self) {
        for cell in self.visited.drain(..) {
            let c = cell as usize;
            self.record[c] = UNVISITED;
            self.g[c] = f64::INFINITY;
            if let Some(parent) = self.parents.get_mut(c) {
                *parent = NO_PARENT;
            }
        }
        self.open.clear();
        self.history.clear();
        self.sight_history.clear();
        self.path.clear();
    }

    /// The textbook loop body: take the best open node; stop at the goal; otherwise close it
    /// and relax each neighbour, in the neighbour order. Returns the popped cell (`None`: the
    /// open list was empty), or `None` overall when the search had already finished. `RECORD`
    /// keeps what step back needs; `EVENTS` reports every move, blocked ones too, to `report`.
    ///
    /// When the goal test is made on reaching, an expansion stops at the neighbour that is the
    /// goal, and the next step ends the search there without taking anything off the open
    /// list: that step is the test's answer, as the goal leaving the open list is otherwise.
    fn take_step<const RECORD: bool, const EVENTS: bool>(
        &mut self,
        report: &mut impl FnMut(&Search, Point, usize, Seen),
    ) -> Option<Option<u32>> {
        if self.status != Status::Running {
            return None;
        }
        self.counters.steps += 1;
        // Under the goal test on reaching, the step after the goal was opened takes nothing.
        let goal_reached =
            self.stops_when_reached && self.record[self.goal as usize] & STATE_MASK == OPEN;
        let popped = if goal_reached { None } else { self.open.pop() };
        if RECORD {
            let popped_cell = popped.map_or(0, |(cell, _)| cell as usize);
            self.history.begin(StepRecord {
                popped: popped.map(|(_, key)| key.into()),
                prev_current: self.current,
                prev_max_open: self.counters.max_open,
                opened_from: self.visited.len() as u32,
            });
            if self.sight.is_some() {
                self.sight_history.push(SightRecord {
                    prev_sight_checks: self.sight_checks,
                    popped_g: self.g.get(popped_cell).copied().unwrap_or(0.0),
                    popped_parent: self.parents.get(popped_cell).copied().unwrap_or(NO_PARENT),
                });
            }
        }
        if EVENTS {
            self.sight_tests.clear();
            self.reparent = None;
        }
        if goal_reached {
            self.current = self.goal;
            self.path = self.follow_parents(self.goal);
            self.finish_with(Status::Found);
            return Some(Some(self.goal));
        }
        let Some((current, _)) = popped else {
            self.finish_with(Status::NoPath);
            return Some(None);
        };
        if EVENTS {
            self.gather_ties(current);
        }
        self.current = current;
        self.set_state(current, CLOSED);
        if matches!(self.sight, Some((SightCheck::OnExpand, _))) {
            self.set_vertex(current, EVENTS);
        }
        if current == self.goal {
            self.path = self.follow_parents(current);
            self.finish_with(Status::Found);
            return Some(Some(current));
        }
        self.counters.expanded += 1;
        let from = self.grid.point(current as usize);
        let legal = self.legal_moves(current, from);
        // Events report every move; otherwise only the legal ones need a look.
        let to_visit = if EVENTS {
            self.neighbourhood.all_moves()
        } else {
            legal
        };
        if !EVENTS && self.sight.is_none() && self.in_move_order {
            self.expand_plain::<RECORD>(current, from, legal);
        } else {
            for &i in self.order {
                let i = usize::from(i);
                if to_visit & 1 << i != 0
                    && self.visit::<RECORD, EVENTS>(current, from, legal, i, report)
                {
                    break;
                }
            }
        }
        self.counters.max_open = self.counters.max_open.max(self.open.len() as u32);
        Some(Some(current))
    }

    /// Relaxes each legal move from `current`, at `from`, in the moves' own order, up to the
    /// goal if the goal test is on reaching: [`Search::visit`] for a step that reports no
    /// events and tests no line of sight (A* as the page runs it to the end), written over
    /// the search's fields held in locals. On wasm32 nothing tells the engine that a store
    /// into one of the arrays leaves the search's own fields alone, so the general loop
    /// reads every array's place and length back from the search after each store.
    #[inline(always)]
    fn expand_plain<const RECORD: bool>(&mut self, current: u32, from: Point, legal: MoveSet) {
        let Search {
            grid,
            neighbourhood,
            record,
            g,
            depth,
            open,
            visited,
            history,
            counters,
            next_order,
            key_layout,
            policy,
            options,
            goal,
            goal_at,
            stops_when_reached,
            uses_heuristic,
            ..
        } = self;
        let (goal, goal_at, weight) = (*goal, *goal_at, options.weight);
        let stop_at_goal = *stops_when_reached;
        let uses_heuristic = *uses_heuristic;
        let policy = *policy;
        let key_layout = *key_layout;
        let cells = record.len();
        let (record, g, terrain) = (&mut record[..], &mut g[..cells], &grid.terrain()[..cells]);
        // A move never leads back to its own cell, so G of `current` stays as it is.
        let g_current = g[current as usize];
        let mut order = *next_order;
        for i in topology::indices(legal) {
            let next = neighbourhood.neighbour(current, i);
            let n = next as usize;
            let old_record = record[n];
            let state = old_record & STATE_MASK;
            if state == CLOSED {
                continue;
            }
            let new_g = g_current + neighbourhood.cost(i, terrain[n]);
            let opened = state != OPEN;
            let old_g = g[n];
            if !opened && (policy.counts_moves() || new_g >= old_g) {
                continue;
            }
            if opened {
                visited.push(next);
            }
            g[n] = new_g;
            record[n] = record_of(OPEN, Some(i));
            if policy.counts_moves() {
                depth[n] = depth[current as usize] + 1;
            }
            let at = neighbourhood.step(from, i);
            let h = if uses_heuristic {
                neighbourhood.estimate(at, goal_at)
            } else {
                0.0
            };
            let f = policy.priority(new_g, h, weight, || depth[n]);
            let key = key_layout.key(f, policy.tie(new_g, h), order, next);
            order += 1;
            counters.generated += 1;
            if opened {
                open.push(next, key);
                if stop_at_goal && next == goal {
                    break;
                }
            } else if let Some(old_key) = open.update(next, key) {
                if RECORD {
                    history.record(Improvement {
                        old_key: old_key.into(),
                        old_g,
                        cell: next,
                        old_record,
                        // Only any-angle searches keep parents apart from the records.
                        old_parent: NO_PARENT,
                    });
                }
            }
        }
        *next_order = order;
    }

    /// Looks at the `i`-th move from `current`, at `from`, whose legal moves are `legal`;
    /// true when it reached the goal and the search stops there.
    // Inlined: a closure here was left a call of its own on wasm32, a third of the time of a
    // search on a 194x194 map.
    #[inline(always)]
    fn visit<const RECORD: bool, const EVENTS: bool>(
        &mut self,
        current: u32,
        from: Point,
        legal: MoveSet,
        i: usize,
        report: &mut impl FnMut(&Search, Point, usize, Seen),
    ) -> bool {
        let seen = if legal & 1 << i == 0 {
            Seen::Blocked
        } else {
            self.relax::<RECORD, EVENTS>(current, from, i)
        };
        let reached_goal = self.stops_when_reached
            && matches!(seen, Seen::Opened)
            && self.neighbourhood.neighbour(current, i) == self.goal;
        if EVENTS {
            report(self, from, i, seen);
        }
        reached_goal
    }

    /// Relaxes the edge from `current`, at `from`, by the `i`-th move: opens the neighbour
    /// there or lowers its G if this route is cheaper.
    // Inlined: on wasm32 a call here passes its result through memory, at every neighbour.
    #[inline(always)]
    fn relax<const RECORD: bool, const EVENTS: bool>(
        &mut self,
        current: u32,
        from: Point,
        i: usize,
    ) -> Seen {
        let next = self.neighbourhood.neighbour(current, i);
        let n = next as usize;
        let state = self.record[n] & STATE_MASK;
        if state == CLOSED {
            return Seen::Closed;
        }
        let at = self.neighbourhood.step(from, i);
        let (parent, g) = match self.sight {
            None => (
                current,
                self.g[current as usize] + self.neighbourhood.cost(i, self.grid.terrain()[n]),
            ),
            Some((check, unit)) => self.any_angle_route(check, unit, current, at, EVENTS),
        };
        if state == OPEN {
            if self.policy.counts_moves() {
                return Seen::AlreadyOpen;
            }
            if g >= self.g[n] {
                return Seen::NotImproved { candidate_g: g };
            }
        }
        if state == OPEN {
            let (old_g, old_record) = (self.g[n], self.record[n]);
            let old_parent = match self.parents.get(n) {
                Some(&p) => p,
                None => self.parent_by(next, old_record).unwrap_or(NO_PARENT),
            };
            if RECORD {
                if let Some(old_key) = self.open.key_of(next) {
                    self.history.record(Improvement {
                        old_key: old_key.into(),
                        old_g,
                        cell: next,
                        old_record,
                        old_parent,
                    });
                }
            }
            let (key, _) = self.reach(next, at, g, Some((current, i)));
            self.open.update(next, key);
            self.counters.generated += 1;
            self.set_parent(n, parent);
            Seen::Improved { old_g, old_parent }
        } else {
            self.open_node(next, at, g, Some((current, i)));
            self.set_parent(n, parent);
            Seen::Opened
        }
    }

    fn set_parent(&mut self, cell: usize, parent: u32) {
        if let Some(p) = self.parents.get_mut(cell) {
            *p = parent;
        }
    }

    /// An any-angle route to the neighbour at `at` of `current`: path 2, from the parent of
    /// `current` in a straight segment, where that parent sees the neighbour (Theta*) or
    /// always (Lazy Theta*, which tests the segment when it expands the neighbour); else
    /// path 1, from `current`. Returns the parent and the G it gives, `unit` the cost of a
    /// segment one cell long.
    // One copy for every instance of the loop: the engine's size is budgeted.
    #[inline(never)]
    fn any_angle_route(
        &mut self,
        check: SightCheck,
        unit: f64,
        current: u32,
        at: Point,
        events: bool,
    ) -> (u32, f64) {
        let grand = self.parents[current as usize];
        let via = if grand != NO_PARENT
            && (check == SightCheck::OnExpand || self.sees(grand, at, events))
        {
            grand
        } else {
            current
        };
        let g = self.g[via as usize] + unit * sight::length(self.grid.point(via as usize), at);
        (via, g)
    }

    /// Whether the cell `from` sees the cell at `to` (the rule of [`sight`]), counted and,
    /// with events, told with the cells the segment crosses.
    fn sees(&mut self, from: u32, to: Point, events: bool) -> bool {
        self.sight_checks += 1;
        let from = self.grid.point(from as usize);
        let mut cells = Vec::new();
        let rule = DiagonalRule::IfAtMostOneObstacle;
        let clear = sight::walk(&self.grid, from, to, rule, &mut |p| {
            if events {
                cells.push(p)
            }
        });
        if events {
            (self.sight_tests).push(SightTest {
                from,
                to,
                clear,
                cells,
            });
        }
        clear
    }

    /// Lazy Theta* at the expansion of `cell`: where its parent does not see it after all,
    /// its parent becomes the expanded neighbour that gives it the least G (the one whose
    /// expansion queued it is one).
    fn set_vertex(&mut self, cell: u32, events: bool) {
        let c = cell as usize;
        let at = self.grid.point(c);
        let parent = self.parents[c];
        if parent == NO_PARENT || self.sees(parent, at, events) {
            return;
        }
        let mut best = (f64::INFINITY, NO_PARENT);
        for i in topology::indices(self.legal_moves(cell, at)) {
            let n = self.neighbourhood.neighbour(cell, i);
            let g = self.g[n as usize] + self.neighbourhood.step_cost(i);
            if self.record[n as usize] & STATE_MASK == CLOSED && g < best.0 {
                best = (g, n);
            }
        }
        (self.g[c], self.parents[c]) = best;
        if events {
            self.reparent = Some(best.1);
        }
    }

    /// The open entries whose priority equals that of `popped`, just taken off the list: the
    /// nodes it was chosen among by the tie-break. A scan of the open list, made only when
    /// the step is told as an event.
    fn gather_ties(&mut self, popped: u32) {
        let priority = |s: &Search, cell: u32| {
            let c = cell as usize;
            s.estimate_at(c, s.grid.point(c), s.g[c]).f
        };
        let f = priority(self, popped);
        let mut ties = std::mem::take(&mut self.ties);
        ties.clear();
        ties.extend(
            (self.open.entries())
                .filter(|&(cell, _)| priority(self, cell) == f)
                .map(|(cell, key)| (key, cell)),
        );
        ties.sort_unstable();
        self.ties = ties;
    }

    /// The legal moves from a cell, worked out on its first expansion.
    fn legal_moves(&mut self, cell: u32, at: Point) -> MoveSet {
        let (neighbourhood, grid) = (&self.neighbourhood, &self.grid);
        (self.legal).get_or_work_out(cell, || neighbourhood.legal_moves(grid, at))
    }

    /// Puts an unvisited cell, at `p`, on the open list (see [`Search::reach`]).
    #[inline(always)]
    fn open_node(&mut self, cell: u32, p: Point, g: f64, by: Option<(u32, usize)>) -> Estimate {
        self.visited.push(cell);
        let (key, now) = self.reach(cell, p, g, by);
        self.open.push(cell, key);
        self.counters.generated += 1;
        now
    }

    /// Records that the cell at `p` is open with cost `g`, reached from a parent by a move
    /// (`by`: the parent and the move's index; `None` for the start), and returns its
    /// open-list key (F by the finder's policy, then the tie-break, then the entry order)
    /// with the H and F it got.
    #[inline(always)]
    fn reach(&mut self, cell: u32, p: Point, g: f64, by: Option<(u32, usize)>) -> (Key, Estimate) {
        let c = cell as usize;
        self.g[c] = g;
        self.record[c] = record_of(OPEN, by.map(|(_, i)| i));
        if self.policy.counts_moves() {
            self.depth[c] = by.map_or(0, |(parent, _)| self.depth[parent as usize] + 1);
        }
        let now = self.estimate_at(c, p, g);
        let tie = self.policy.tie(g, now.h);
        let order = self.next_order;
        self.next_order += 1;
        (self.key_layout.key(now.f, tie, order, cell), now)
    }

    /// H and F of a reached cell at `p` with cost `g`, in units: the priority policy that
    /// makes the one loop A* (F = G + w*H), Dijkstra (F = G), greedy best-first (F = H) or
    /// breadth-first (F = moves from the start), as the finder's catalogue entry says.
    #[inline(always)]
    fn estimate_at(&self, cell: usize, p: Point, g: f64) -> Estimate {
        let h = if self.uses_heuristic {
            self.estimate(p)
        } else {
            0.0
        };
        let f = (self.policy).priority(g, h, self.options.weight, || self.depth[cell]);
        Estimate { h, f }
    }

    fn set_state(&mut self, cell: u32, state: u8) {
        let record = &mut self.record[cell as usize];
        *record = *record & !STATE_MASK | state;
    }

    /// The parent of `cell` according to `record`, one of its records.
    fn parent_by(&self, cell: u32, record: u8) -> Option<u32> {
        match self.parents.get(cell as usize) {
            Some(&p) => (p != NO_PARENT).then_some(p),
            None => parent_move(record).map(|i| self.neighbourhood.source(cell, i)),
        }
    }

    /// H of the cell at `p`, in units: the heuristic's estimate of the cost to the goal.
    #[inline(always)]
    fn estimate(&self, p: Point) -> f64 {
        self.neighbourhood.estimate(p, self.goal_at)
    }

    fn finish_with(&mut self, status: Status) {
        self.status = status;
        self.total_steps = Some(self.counters.steps);
    }

    fn follow_parents(&self, goal: u32) -> Vec<u32> {
        let mut path = vec![goal];
        let mut cell = goal;
        while let Some(parent) = self.parent_by(cell, self.record[cell as usize]) {
            cell = parent;
            path.push(cell);
        }
        path.reverse();
        path
    }

    /// Takes up to `n` recorded steps without building events; returns how many were taken.
    pub fn advance(&mut self, n: u32) -> u32 {
        let mut taken = 0;
        while taken < n && self.take_step::<true, false>(&mut no_events).is_some() {
            taken += 1;
        }
        taken
    }

    /// Runs to the end as fast as possible, recording nothing: earlier steps can no longer
    /// be undone.
    pub fn run(&mut self) -> Status {
        self.history.clear();
        self.sight_history.clear();
        while self.take_step::<false, false>(&mut no_events).is_some() {}
        self.status
    }
}

/// What a step without events reports to.
fn no_events(_: &Search, _: Point, _: usize, _: Seen) {}

impl Drop for Search {
    /// Hands the arrays on, clean, and the legal moves with their map, to the next search
    /// (see [`spare`]).
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        self.clear_touched();
        CellArrays {
            record: std::mem::take(&mut self.record),
            g: std::mem::take(&mut self.g),
            marks: std::mem::take(&mut self.marks),
            legal: std::mem::replace(&mut self.legal, KnownMoves::new(0, 0)),
            open: std::mem::replace(&mut self.open, OpenList::new(0)),
            visited: std::mem::take(&mut self.visited),
            history: std::mem::take(&mut self.history),
            path: std::mem::take(&mut self.path),
        }
        .keep(self.grid.take(), Arc::clone(self.neighbourhood.topology()));
    }
}
