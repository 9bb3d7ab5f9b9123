//! Navigation in unknown terrain, D* Lite's setting: an agent knows the map's size and only
//! the cells within its sensor radius of each cell it has stood on; cells it has not seen
//! count as plain ground. It moves one cell at a time along a shortest path of the map as
//! it knows it, senses, and replans when what it learns matters.
//!
//! Three planners: D* Lite, which repairs its search from the goal (k_m grows by
//! h(s_last, s_start) when a change is found), and two baselines of A* from scratch: at
//! every cell where what was sensed changed the path (the laziest correct one: seen cells
//! only ever get dearer, unknown ground being the cheapest there is, so a path whose own
//! moves did not change is still a shortest one), and at every cell where sensing changed
//! the known map at all, as repeated A* replans whenever the agent learns something.
//!
//! A walk on show keeps its history ([`Navigation::remember_moves`]): each move can be
//! stepped back exactly (the agent's cell, the known map, the search on show: D* Lite's with
//! k_m through its log, A*'s made again from the cell and the known map it was made on),
//! and the real map may change while the agent walks ([`Navigation::set_world`]); a seen
//! cell made cheaper by such a change makes A* replan too.

use std::fmt;

use serde::Serialize;

use crate::dynamic::incremental::{Incremental, Variant};

use crate::checks::search_error::{endpoint_cells, SearchError};
use crate::finder::repairing::CellEdit;
use crate::finder::Finder;
use crate::geometry::grid::{Grid, GridError, Point, WALL};
use crate::geometry::movement::Movement;
use crate::options::{Algorithm, SearchOptions};
use crate::search::Search;
use crate::text::number_text::number_text;
use crate::vocabulary::agent::{Arrival, Planner};
use crate::vocabulary::status::Status;

/// The smallest sensor radius: the agent must see the eight cells around it (a diagonal
/// neighbour is sqrt 2 away), or it could not tell which moves are legal.
pub const MIN_SENSOR_RADIUS: f64 = 1.5;

/// A navigation that cannot begin.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "code", rename_all = "kebab-case")]
pub enum NavigationError {
    /// The radius is below [`MIN_SENSOR_RADIUS`] or not a number.
    SensorRadius {
        radius: f64,
        min: f64,
    },
    Search {
        cause: SearchError,
    },
    /// A change of the real map off the grid or with a bad terrain value.
    Grid {
        cause: GridError,
    },
    /// A wall may not go on the agent's cell or the goal.
    WallOnAgentOrGoal {
        x: u32,
        y: u32,
    },
    /// The finder does not walk (see the catalogue's `walk`).
    NoWalk {
        algorithm: &'static str,
    },
}

impl fmt::Display for NavigationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NavigationError::SensorRadius { radius, min } => write!(
                f,
                "the sensor radius must be at least {} (the agent sees the cells around it), \
                 found {}",
                number_text(*min),
                number_text(*radius)
            ),
            NavigationError::Search { cause } => cause.fmt(f),
            NavigationError::Grid { cause } => cause.fmt(f),
            NavigationError::WallOnAgentOrGoal { x, y } => {
                write!(
                    f,
                    "({x},{y}) is the agent's cell or the goal: a wall may not go there"
                )
            }
            NavigationError::NoWalk { algorithm } => {
                write!(f, "the finder {algorithm} does not walk in Walk mode")
            }
        }
    }
}

impl std::error::Error for NavigationError {}

impl From<SearchError> for NavigationError {
    fn from(cause: SearchError) -> Self {
        NavigationError::Search { cause }
    }
}

/// One cell the agent stood on, after sensing and any replanning there.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Visit {
    /// Moves made so far: 0 at the start.
    pub k: u32,
    pub at: Point,
    /// The cost of a shortest path from here to the goal on the map as known here, in
    /// display units; `None` when the known map has none.
    pub planned: Option<f64>,
    /// Expansions of the (re)planning done here.
    pub expanded: u32,
    /// Whether the planner searched here: D* Lite repaired its search for what was sensed,
    /// or A* searched from scratch (always at the start).
    pub replanned: bool,
}

/// The baseline's plan: a path of the known map and its cost so far at each cell.
#[derive(Clone, Debug, Default)]
struct Plan {
    path: Vec<u32>,
    /// The agent's index on `path`.
    at: usize,
}

/// A cell of the known map and the terrain it had before the agent learned otherwise.
type Learned = (Point, u8);

/// The baselines' agent: A* from scratch, restarted from the agent's cell to replan, over
/// the known map it holds.
struct Replanner {
    search: Box<Search>,
    plan: Option<Plan>,
    /// The cells' indices on the plan, kept between plans (cleared path by path).
    index: Vec<u32>,
    /// Where the search on show started, and what the known map learned since.
    shown: Shown,
}

/// Enough to make the search on show again: A* from `origin` over the known map as it is
/// with the changes `since` put back.
#[derive(Clone, Debug)]
struct Shown {
    origin: Point,
    since: Vec<Learned>,
}

enum Agent {
    DStarLite(Box<Incremental>),
    AStar(Replanner),
}

/// What one move changed, to put back exactly.
#[derive(Clone, Debug)]
struct Moment {
    at: Point,
    k: u32,
    travelled: f64,
    expanded: u64,
    replans: u32,
    /// D* Lite: the search's log before the move (see [`Incremental::checkpoint`]).
    checkpoint: usize,
    /// A*: what the known map learned in the move, in order.
    learned: Vec<Learned>,
    /// A*: the plan before the move, and the search on show before it when the move
    /// replanned.
    plan: Option<Plan>,
    replaced: Option<Shown>,
    /// A*: how many changes the search on show had learned since it was made, before the
    /// move.
    since: usize,
    /// The cells the move saw first.
    seen: Vec<u32>,
    /// What the visit before it sensed.
    sensed: Vec<CellEdit>,
    trail: usize,
}

/// An agent walking from a start to a goal over a map it discovers.
pub struct Navigation {
    world: Grid,
    options: SearchOptions,
    movement: Movement,
    goal: Point,
    /// The cells the sensor sees, as offsets from the agent.
    sensor: Vec<(i32, i32)>,
    agent: Agent,
    planner: Planner,
    at: Point,
    k: u32,
    /// Cost units of the moves made.
    travelled: f64,
    expanded: u64,
    /// Moves at which the planner searched (the first plan not counted).
    replans: u32,
    arrival: Option<Arrival>,
    /// The visit at the start, made with the navigation, until [`Navigation::advance`]
    /// hands it over.
    first: Option<Visit>,
    /// 1 for each cell the sensor has seen, 0 for the others.
    seen: Vec<u8>,
    /// Cells seen first during the visit under way.
    newly_seen: Vec<u32>,
    /// The changes the last visit sensed.
    sensed: Vec<CellEdit>,
    /// The cells stood on, in order.
    trail: Vec<u32>,
    /// The real map changed since the agent last sensed: it looks again before it moves.
    world_changed: bool,
    /// The moves made, to step back; `None` when not kept.
    history: Option<Vec<Moment>>,
}

/// The cells whose terrain the sensor at `at` finds on `world` different from `known` (the
/// agent's own cell passable whatever the real map says: it stands there); marks the cells
/// it sees in `seen`, listing those seen first in `newly_seen`.
fn sense(
    world: &Grid,
    sensor: &[(i32, i32)],
    at: Point,
    known: &Grid,
    seen: &mut [u8],
    newly_seen: &mut Vec<u32>,
) -> Vec<CellEdit> {
    let (x, y) = (i64::from(at.x), i64::from(at.y));
    let own = world.index(at);
    let mut changes = Vec::new();
    for &(dx, dy) in sensor {
        let Ok(cell) = world.index_of(x + i64::from(dx), y + i64::from(dy)) else {
            continue;
        };
        if seen[cell] == 0 {
            seen[cell] = 1;
            newly_seen.push(cell as u32);
        }
        let terrain = world.terrain()[cell];
        if known.terrain()[cell] != terrain && !(cell == own && terrain == WALL) {
            let at = world.point(cell);
            changes.push(CellEdit { at, terrain });
        }
    }
    changes
}

impl Navigation {
    /// An agent at `start` that has sensed around it and planned, to walk to `goal` on
    /// `world`, seeing cells within `sensor_radius` (Euclidean, in cells); `options` give
    /// the movement rules, costs and heuristic (the algorithm is the planner's).
    pub fn new(
        world: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
        sensor_radius: f64,
        planner: Planner,
    ) -> Result<Navigation, NavigationError> {
        if sensor_radius.is_nan() || sensor_radius < MIN_SENSOR_RADIUS {
            return Err(NavigationError::SensorRadius {
                radius: sensor_radius,
                min: MIN_SENSOR_RADIUS,
            });
        }
        endpoint_cells(&world, start, goal)?;
        let options = match planner {
            Planner::DStarLite => Incremental::checked_options(options, Variant::DStarLite),
            Planner::AStar | Planner::AStarOnEveryChange => {
                let options = SearchOptions {
                    algorithm: Algorithm::AStar,
                    ..options
                };
                options.validate().map(|()| options)
            }
        }
        .map_err(SearchError::from)?;
        // No farther than the map reaches: a huge radius sees the whole map.
        let reach = sensor_radius.min(f64::from(world.width().max(world.height())));
        let r = reach.floor() as i32;
        let sensor: Vec<(i32, i32)> = (-r..=r)
            .flat_map(|dy| (-r..=r).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| f64::from(dx * dx + dy * dy) <= reach * reach)
            .collect();
        // Sense at the start, then plan from it.
        let mut known = Grid::new(world.width(), world.height())
            .map_err(|cause| NavigationError::Grid { cause })?;
        let mut seen = vec![0; world.cell_count()];
        let mut newly_seen = Vec::new();
        let sensed = sense(&world, &sensor, start, &known, &mut seen, &mut newly_seen);
        for change in &sensed {
            // On the grid: `known` has the world's size.
            let _ = known.set(change.at, change.terrain);
        }
        let (agent, planned, expanded) = match planner {
            Planner::DStarLite => {
                let mut finder = Incremental::new(known, start, goal, options, Variant::DStarLite)?;
                finder.run();
                let (planned, expanded) = (finder.path_cost(), finder.counters().expanded);
                (Agent::DStarLite(Box::new(finder)), planned, expanded)
            }
            Planner::AStar | Planner::AStarOnEveryChange => {
                let search = Box::new(Search::new(known, start, goal, options)?);
                let mut replanner = Replanner {
                    search,
                    plan: None,
                    index: vec![u32::MAX; world.cell_count()],
                    shown: Shown {
                        origin: start,
                        since: Vec::new(),
                    },
                };
                let expanded = replanner.plan();
                let planned = replanner.remaining(&options);
                (Agent::AStar(replanner), planned, expanded)
            }
        };
        Ok(Navigation {
            movement: options.movement(),
            options,
            goal,
            sensor,
            agent,
            planner,
            at: start,
            k: 0,
            travelled: 0.0,
            expanded: 0,
            replans: 0,
            arrival: None,
            first: Some(Visit {
                k: 0,
                at: start,
                planned,
                expanded,
                replanned: true,
            }),
            seen,
            newly_seen,
            sensed,
            trail: vec![world.index(start) as u32],
            world_changed: false,
            history: None,
            world,
        })
    }

    /// The map as it really is.
    pub fn world(&self) -> &Grid {
        &self.world
    }

    /// The map as the agent knows it.
    pub fn known(&self) -> &Grid {
        self.shown().grid()
    }

    pub fn planner(&self) -> Planner {
        self.planner
    }

    /// The options the planner searches with (its algorithm named).
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    pub fn goal(&self) -> Point {
        self.goal
    }

    /// D* Lite's search, for its g, rhs, keys and k_m; `None` for A*.
    pub fn finder(&self) -> Option<&Incremental> {
        match &self.agent {
            Agent::DStarLite(finder) => Some(finder),
            Agent::AStar(_) => None,
        }
    }

    /// The planner's search on show: D* Lite's, or A*'s latest from scratch.
    pub fn shown(&self) -> &dyn Finder {
        match &self.agent {
            Agent::DStarLite(finder) => finder.as_ref(),
            Agent::AStar(replanner) => replanner.search.as_ref(),
        }
    }

    /// The path planned from the agent's cell on the map as known (empty: none).
    pub fn planned_path(&self) -> &[u32] {
        match &self.agent {
            Agent::DStarLite(finder) => finder.path(),
            Agent::AStar(replanner) => replanner.plan.as_ref().map_or(&[], |p| &p.path[p.at..]),
        }
    }

    /// Its cost in display units, while there is one.
    pub fn planned_cost(&self) -> Option<f64> {
        match &self.agent {
            Agent::DStarLite(finder) => finder.path_cost(),
            Agent::AStar(replanner) => replanner.remaining(&self.options),
        }
    }

    /// Expansions of every search of the walk so far, the first plan's among them.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// Moves at which the planner searched again, the first plan not counted.
    pub fn replans(&self) -> u32 {
        self.replans
    }

    pub fn position(&self) -> Point {
        self.at
    }

    pub fn arrival(&self) -> Option<Arrival> {
        self.arrival
    }

    /// One byte per cell, row by row: 1 where the sensor has seen the cell.
    pub fn seen(&self) -> &[u8] {
        &self.seen
    }

    /// The cells whose terrain the last visit found other than the agent thought.
    pub fn sensed(&self) -> impl Iterator<Item = Point> + '_ {
        self.sensed.iter().map(|change| change.at)
    }

    /// The cells the agent has stood on, in order, the one it stands on last.
    pub fn trail(&self) -> &[u32] {
        &self.trail
    }

    /// Keeps each move from now on, so that [`Navigation::step_back`] can undo it (D* Lite's
    /// repairs are logged then, which costs memory and time).
    pub fn remember_moves(&mut self) {
        self.history.get_or_insert_with(Vec::new);
    }

    /// Undoes the last move kept: the agent's cell, what it knows and has seen, the search
    /// on show (and k_m) as they were; `false` when there is none. The real map stays as it
    /// is.
    pub fn step_back(&mut self) -> bool {
        let Some(moment) = self.history.as_mut().and_then(Vec::pop) else {
            return false;
        };
        match &mut self.agent {
            Agent::DStarLite(finder) => finder.undo_to(moment.checkpoint),
            Agent::AStar(replanner) => replanner.undo(&moment),
        }
        for cell in moment.seen {
            self.seen[cell as usize] = 0;
        }
        self.trail.truncate(moment.trail);
        (self.at, self.k, self.travelled) = (moment.at, moment.k, moment.travelled);
        (self.expanded, self.replans, self.sensed) =
            (moment.expanded, moment.replans, moment.sensed);
        self.arrival = None;
        // The real map may have changed since: the agent looks again before it moves.
        self.world_changed = true;
        true
    }

    /// The real map becomes `world` (the same size; `false`, changing nothing, otherwise),
    /// while the agent walks; it learns of the changes when its sensor reaches them. A wall
    /// on the agent's cell is found once it has left it; the goal stays passable.
    pub fn set_world(&mut self, world: &Grid) -> Result<bool, NavigationError> {
        let same_size =
            (world.width(), world.height()) == (self.world.width(), self.world.height());
        if !same_size {
            return Ok(false);
        }
        if !world.is_passable_at(world.index(self.goal)) {
            let (x, y) = (self.goal.x, self.goal.y);
            return Err(NavigationError::WallOnAgentOrGoal { x, y });
        }
        if world != &self.world {
            self.world = world.clone();
            self.world_changed = true;
        }
        Ok(true)
    }

    /// Changes the real map while the agent walks (a wall dropped in front of it, say);
    /// the agent learns of it when its sensor reaches the cell. Its own cell and the goal
    /// may not become walls.
    pub fn set_world_terrain(&mut self, at: Point, terrain: u8) -> Result<u8, NavigationError> {
        if terrain == WALL && (at == self.at || at == self.goal) {
            return Err(NavigationError::WallOnAgentOrGoal { x: at.x, y: at.y });
        }
        let old = self
            .world
            .set(at, terrain)
            .map_err(|cause| NavigationError::Grid { cause })?;
        self.world_changed |= old != terrain;
        Ok(old)
    }

    /// The agent moves to the next cell of its path (the first call hands over the visit
    /// at the start, made with the navigation), senses, and replans if it must; `None` once
    /// it has arrived or is stuck.
    pub fn advance(&mut self) -> Option<Visit> {
        if let Some(first) = self.first.take() {
            self.newly_seen.clear();
            self.end_visit(first);
            return Some(first);
        }
        if self.arrival.is_some() {
            return None;
        }
        let mut moment = self.history.is_some().then(|| Moment {
            at: self.at,
            k: self.k,
            travelled: self.travelled,
            expanded: self.expanded,
            replans: self.replans,
            checkpoint: match &self.agent {
                Agent::DStarLite(finder) => finder.checkpoint(),
                Agent::AStar(_) => 0,
            },
            learned: Vec::new(),
            plan: match &self.agent {
                Agent::AStar(replanner) => replanner.plan.clone(),
                Agent::DStarLite(_) => None,
            },
            replaced: None,
            since: match &self.agent {
                Agent::AStar(replanner) => replanner.shown.since.len(),
                Agent::DStarLite(_) => 0,
            },
            seen: Vec::new(),
            sensed: std::mem::take(&mut self.sensed),
            trail: self.trail.len(),
        });
        self.newly_seen.clear();
        self.sensed.clear();
        let visit = self.walk(moment.as_mut());
        if let (Some(mut moment), Some(history)) = (moment, self.history.as_mut()) {
            moment.seen = std::mem::take(&mut self.newly_seen);
            history.push(moment);
        }
        self.replans += u32::from(visit.replanned);
        self.end_visit(visit);
        Some(visit)
    }

    /// Counts the visit's expansions and tells whether the walk ended there.
    fn end_visit(&mut self, visit: Visit) {
        self.expanded += u64::from(visit.expanded);
        if visit.planned.is_none() {
            self.arrival = Some(Arrival::Unreachable { k: self.k });
        } else if self.at == self.goal {
            self.arrival = Some(Arrival::Arrived {
                travelled: self.travelled / self.options.costs.scale(),
                expanded: self.expanded,
            });
        }
    }

    /// D* Lite senses at the agent's cell and, if it found changes, repairs its search:
    /// whether it did, and the expansions it took.
    fn sense_and_repair(&mut self) -> (bool, u32) {
        let Agent::DStarLite(finder) = &mut self.agent else {
            return (false, 0);
        };
        let changes = sense(
            &self.world,
            &self.sensor,
            self.at,
            finder.grid(),
            &mut self.seen,
            &mut self.newly_seen,
        );
        let repaired = !changes.is_empty() && finder.apply_edits(&changes).is_ok();
        self.sensed.extend(changes);
        if !repaired {
            return (false, 0);
        }
        if self.history.is_some() {
            finder.finish();
        } else {
            finder.run();
        }
        (true, finder.repair_expanded())
    }

    /// A*: senses at the agent's cell, learns what changed and searches again from scratch
    /// if the planner must; whether it did, and the expansions it took.
    fn sense_and_replan(&mut self, mut moment: Option<&mut Moment>) -> (bool, u32) {
        let Agent::AStar(replanner) = &mut self.agent else {
            return (false, 0);
        };
        let changes = sense(
            &self.world,
            &self.sensor,
            self.at,
            replanner.search.grid(),
            &mut self.seen,
            &mut self.newly_seen,
        );
        let mut cheaper = false;
        for change in &changes {
            // On the grid: the known map has the world's size.
            if let Ok(old) = replanner.search.set_terrain(change.at, change.terrain) {
                // Unknown ground is the cheapest there is, so only a real map changed under
                // the agent's eyes makes a seen cell cheaper.
                cheaper |= old == WALL || (change.terrain != WALL && change.terrain < old);
                replanner.shown.since.push((change.at, old));
                if let Some(moment) = moment.as_deref_mut() {
                    moment.learned.push((change.at, old));
                }
            }
        }
        let replan = match (&replanner.plan, self.planner) {
            (_, Planner::AStarOnEveryChange) => !changes.is_empty(),
            (None, _) => !changes.is_empty(),
            (Some(plan), _) => {
                cheaper
                    || changes_path(
                        &self.movement,
                        replanner.search.grid(),
                        plan,
                        &replanner.index,
                        &changes,
                    )
            }
        };
        self.sensed.extend(changes);
        if !replan {
            return (false, 0);
        }
        let shown = Shown {
            origin: self.at,
            since: Vec::new(),
        };
        let mut before = std::mem::replace(&mut replanner.shown, shown);
        if let Some(moment) = moment {
            // What this move learned is put back on its own.
            before.since.truncate(moment.since);
            moment.replaced.get_or_insert(before);
        }
        (true, replanner.plan())
    }

    /// One move along the plan, then sensing and replanning: D* Lite repairs its search,
    /// A* searches again from scratch where it must.
    fn walk(&mut self, mut moment: Option<&mut Moment>) -> Visit {
        let (mut replanned, mut expanded) = (false, 0);
        // The real map changed where the agent may already have looked: it looks again
        // before it moves, and may find no path left.
        if std::mem::take(&mut self.world_changed) {
            (replanned, expanded) = self.sense_and_plan(moment.as_deref_mut());
        }
        if let Some(next) = self.next_cell() {
            self.step_to(next);
            if let Agent::DStarLite(finder) = &mut self.agent {
                // The next cell is one legal move away on the known map.
                let _ = finder.move_start(self.at);
            }
            if self.at != self.goal {
                let (again, more) = self.sense_and_plan(moment);
                replanned |= again;
                expanded += more;
            }
        }
        self.visit(expanded, replanned)
    }

    /// Senses at the agent's cell and plans for what it found, as the planner does: whether
    /// it searched, and the expansions it took.
    fn sense_and_plan(&mut self, moment: Option<&mut Moment>) -> (bool, u32) {
        match self.agent {
            Agent::DStarLite(_) => self.sense_and_repair(),
            Agent::AStar(_) => self.sense_and_replan(moment),
        }
    }

    /// The next cell of the plan from the agent's (A*'s place on its plan moved on to it);
    /// `None` when there is none.
    fn next_cell(&mut self) -> Option<u32> {
        match &mut self.agent {
            Agent::DStarLite(finder) => finder.next_cell(),
            Agent::AStar(Replanner {
                plan: Some(plan), ..
            }) if plan.at + 1 < plan.path.len() => {
                plan.at += 1;
                Some(plan.path[plan.at])
            }
            Agent::AStar(_) => None,
        }
    }

    /// The visit the agent makes where it now stands.
    fn visit(&self, expanded: u32, replanned: bool) -> Visit {
        Visit {
            k: self.k,
            at: self.at,
            planned: self.planned_cost(),
            expanded,
            replanned,
        }
    }

    /// Moves the agent to `cell`, counting the move's cost on the real map.
    fn step_to(&mut self, cell: u32) {
        let to = self.world.point(cell as usize);
        let diagonal = to.x != self.at.x && to.y != self.at.y;
        let step = if diagonal {
            self.movement.costs.diagonal()
        } else {
            self.movement.costs.straight()
        };
        self.travelled += step * f64::from(self.world.terrain()[cell as usize]);
        self.at = to;
        self.k += 1;
        self.trail.push(cell);
    }
}

impl Replanner {
    /// A* from scratch from the origin of the search on show (set just before): the plan
    /// (`None`: no path), with its cells' indices in `index`; the expansions.
    fn plan(&mut self) -> u32 {
        self.set_plan(None);
        let goal = self.search.goal();
        if self.search.restart(self.shown.origin, goal).is_err() {
            // The origin is ground the agent stands on, the goal its own.
            return 0;
        }
        let found = self.search.run() == Status::Found;
        let plan = found.then(|| Plan {
            path: self.search.path().to_vec(),
            at: 0,
        });
        self.set_plan(plan);
        self.search.counters().expanded
    }

    /// The plan becomes `plan`, its cells' indices written in place of the old one's.
    fn set_plan(&mut self, plan: Option<Plan>) {
        for &cell in self.plan.iter().flat_map(|p| &p.path) {
            self.index[cell as usize] = u32::MAX;
        }
        for (i, &cell) in plan.iter().flat_map(|p| p.path.iter().enumerate()) {
            self.index[cell as usize] = i as u32;
        }
        self.plan = plan;
    }

    /// What is left of the plan from the agent's cell, in display units, summed exactly as
    /// every finder reports a path's cost.
    fn remaining(&self, options: &SearchOptions) -> Option<f64> {
        (self.plan.as_ref()).map(|p| options.costs.path_cost(self.search.grid(), &p.path[p.at..]))
    }

    /// Puts a move back: what the known map learned in it, its plan, and, when it replanned,
    /// the search on show before it (made again: A* is deterministic).
    fn undo(&mut self, moment: &Moment) {
        for &(at, old) in moment.learned.iter().rev() {
            let _ = self.search.set_terrain(at, old);
        }
        let Some(shown) = moment.replaced.clone() else {
            self.shown.since.truncate(moment.since);
            self.set_plan(moment.plan.clone());
            return;
        };
        // The known map as that search saw it, the search, then the map as it is.
        let now: Vec<Learned> = (shown.since.iter().rev())
            .map(|&(at, old)| {
                let terrain = self.search.grid().terrain()[self.search.grid().index(at)];
                let _ = self.search.set_terrain(at, old);
                (at, terrain)
            })
            .collect();
        self.shown = shown;
        self.plan();
        for &(at, terrain) in now.iter().rev() {
            let _ = self.search.set_terrain(at, terrain);
        }
        self.set_plan(moment.plan.clone());
    }
}

/// Whether the changes just sensed touch the rest of the plan: a cell of it changed terrain
/// (its cost or passability), or a move of it is no longer legal (a wall now beside a
/// diagonal).
fn changes_path(
    movement: &Movement,
    known: &Grid,
    plan: &Plan,
    index: &[u32],
    changes: &[CellEdit],
) -> bool {
    let on_rest = |cell: usize| {
        let i = index[cell];
        (i != u32::MAX && i as usize >= plan.at).then_some(i as usize)
    };
    let legal_move = |i: usize| {
        let (from, to) = (plan.path[i], plan.path[i + 1]);
        let p = known.point(from as usize);
        let q = known.point(to as usize);
        let legal = movement.legal_moves(known, p);
        crate::geometry::movement::MOVES
            .iter()
            .enumerate()
            .any(|(m, mv)| {
                legal & 1 << m != 0
                    && p.x.wrapping_add_signed(mv.dx) == q.x
                    && p.y.wrapping_add_signed(mv.dy) == q.y
            })
    };
    changes.iter().any(|change| {
        let cell = known.index(change.at);
        if on_rest(cell).is_some_and(|i| i > plan.at) {
            return true;
        }
        known.around(change.at).any(|around| {
            on_rest(around as usize).is_some_and(|i| i + 1 < plan.path.len() && !legal_move(i))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::map_text::parse_map;

    /// A corridor between two walls the agent sees as it walks, off its straight path, and a
    /// wall on that path, which it has to go round, above or below at the same cost.
    const CORRIDOR: &str = "\
....................
++++++++++..........
....................
s..........+.......d
....................
++++++++++..........
....................
";

    /// Walks `planner` to the end on [`CORRIDOR`]: for each visit, its expansions and
    /// whether sensing there changed the known map; then the cost travelled.
    fn walk(planner: Planner) -> (Vec<(u32, bool)>, f64) {
        let map = parse_map(CORRIDOR).unwrap();
        let (start, goal) = (map.start.unwrap(), map.goal.unwrap());
        let options = SearchOptions::moving_ai();
        let mut walk = Navigation::new(map.grid, start, goal, options, 3.0, planner).unwrap();
        let mut visits = Vec::new();
        loop {
            let before = walk.known().clone();
            let Some(visit) = walk.advance() else { break };
            visits.push((visit.expanded, walk.known() != &before));
        }
        match walk.arrival() {
            Some(Arrival::Arrived { travelled, .. }) => (visits, travelled),
            other => panic!("{planner}: {other:?}"),
        }
    }

    #[test]
    fn a_star_on_every_change_replans_exactly_where_the_known_map_changed() {
        let (visits, travelled) = walk(Planner::AStarOnEveryChange);
        // The first plan is made at the start whatever is seen there.
        assert!(visits[0].0 > 0);
        for (k, &(expanded, changed)) in visits.iter().enumerate().skip(1) {
            assert_eq!(expanded > 0, changed, "visit {k}: {expanded} expansions");
        }
        let replans = |visits: &[(u32, bool)]| visits.iter().filter(|v| v.0 > 0).count();
        let (lazy, lazy_travelled) = walk(Planner::AStar);
        // The lazy baseline skips the changes off its path, the walls seen beside it: it
        // plans at the start and where the wall on its path comes into view.
        assert_eq!(replans(&lazy), 2, "{lazy:?}");
        assert!(replans(&visits) > 2, "{visits:?}");
        let (_, d_star_travelled) = walk(Planner::DStarLite);
        assert_eq!(travelled, lazy_travelled);
        assert_eq!(travelled, d_star_travelled);
    }
}
