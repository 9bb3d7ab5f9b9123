//! Navigation in unknown terrain, D* Lite's setting: an agent knows the map's size and only
//! the cells within its sensor radius of each cell it has stood on; cells it has not seen
//! count as plain ground. It moves one move at a time along a shortest path of the map as
//! it knows it, senses, and replans when what it learns matters; its sensor reaches every
//! cell a move from its cell depends on ([`min_sensor_radius`]), so it never takes a move
//! over ground it has not seen.
//!
//! The agent (`agent`) walks; a [`Planner`] plans for it, one file each: D* Lite, which
//! repairs its search from the goal (`d_star_lite`), and two baselines of A* from scratch
//! (`from_scratch`): at every cell where what was sensed changed the path
//! (`on_path_change`), and at every cell where sensing changed the known map at all, as
//! repeated A* replans whenever the agent learns something (`on_every_change`).
//!
//! A walk on show keeps its history ([`Navigation::remember_moves`]): each move can be
//! stepped back exactly (the agent's cell, the known map, the search on show: D* Lite's with
//! k_m through its log, A*'s made again from the cell and the known map it was made on),
//! and the real map may change while the agent walks ([`Navigation::set_world`]); a seen
//! cell made cheaper by such a change makes A* replan too.

mod agent;
mod d_star_lite;
mod error;
mod from_scratch;
mod on_every_change;
mod on_path_change;
mod planner;

use std::sync::Arc;

use serde::Serialize;

use crate::checks::search_error::{endpoint_cells, SearchError};
use crate::dynamic::incremental::Incremental;
use crate::finder::journal::Journal;
use crate::finder::repairing::CellEdit;
use crate::finder::Finder;
use crate::geometry::grid::{Grid, Point, WALL};
use crate::geometry::topology::Topology;
use crate::options::SearchOptions;
use crate::vocabulary::agent::{Arrival, PlannerKind};
use agent::{Agent, Discovery, Place};
use d_star_lite::DStarLite;
pub use error::NavigationError;
use on_every_change::AStarOnEveryChange;
use on_path_change::AStarOnPathChange;
pub use planner::Planner;

/// The smallest sensor radius: the agent must see the eight cells around it (a diagonal
/// neighbour is sqrt 2 away), or it could not tell which moves are legal.
pub const MIN_SENSOR_RADIUS: f64 = 1.5;

/// The smallest sensor radius for the moves of `topology`, in cells to two decimals: the agent must see
/// every cell that decides whether a move from its cell is legal, or it could take a move
/// over ground it has not seen. Those cells (the landing cell, the cells and corners a long
/// move's segment crosses, the cells a blink passes over) lie in the box between the
/// move's ends, whose farthest cell is the landing one: the longest move decides.
pub fn min_sensor_radius(topology: &dyn Topology) -> f64 {
    let longest = (topology.moves().iter())
        .map(|m| f64::from(m.dx).hypot(f64::from(m.dy)))
        .fold(MIN_SENSOR_RADIUS, f64::max);
    (longest * 100.0).ceil() / 100.0
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

/// The planner `kind` names, over `known` from `start` to `goal` under `options` (its
/// algorithm is the planner's), with the expansions of its first plan, made from `start`.
fn first_plan(
    kind: PlannerKind,
    known: Grid,
    start: Point,
    goal: Point,
    options: SearchOptions,
) -> Result<(Box<dyn Planner>, u32), SearchError> {
    fn boxed(planner: impl Planner + 'static, expanded: u32) -> (Box<dyn Planner>, u32) {
        (Box::new(planner), expanded)
    }
    Ok(match kind {
        PlannerKind::DStarLite => {
            let (planner, expanded) = DStarLite::new(known, start, goal, options)?;
            boxed(planner, expanded)
        }
        PlannerKind::AStar => {
            let (planner, expanded) = AStarOnPathChange::new(known, start, goal, options)?;
            boxed(planner, expanded)
        }
        PlannerKind::AStarOnEveryChange => {
            let (planner, expanded) = AStarOnEveryChange::new(known, start, goal, options)?;
            boxed(planner, expanded)
        }
    })
}

/// What a move changed besides what the sensor found in it, to put back exactly.
#[derive(Clone, Debug)]
struct Moment {
    place: Place,
    expanded: u64,
    replans: u32,
    /// The planner's record of the move (see [`Planner::checkpoint`]).
    checkpoint: usize,
    /// What the visit before it sensed.
    sensed: Vec<CellEdit>,
}

/// An agent walking from a start to a goal over a map it discovers.
pub struct Navigation {
    world: Grid,
    options: SearchOptions,
    /// The moves the agent makes, with their costs.
    topology: Arc<dyn Topology>,
    goal: Point,
    agent: Agent,
    planner: Box<dyn Planner>,
    expanded: u64,
    /// Moves at which the planner searched (the first plan not counted).
    replans: u32,
    arrival: Option<Arrival>,
    /// The visit at the start, made with the navigation, until [`Navigation::advance`]
    /// hands it over.
    first: Option<Visit>,
    /// The changes the last visit sensed.
    sensed: Vec<CellEdit>,
    /// The real map changed since the agent last sensed: it looks again before it moves.
    world_changed: bool,
    /// The moves made, each with what its looks found, to step back; `None` when not kept.
    history: Option<Journal<Moment, Discovery>>,
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
        planner: PlannerKind,
    ) -> Result<Navigation, NavigationError> {
        let topology = options.topology();
        let min = min_sensor_radius(&*topology);
        if sensor_radius.is_nan() || sensor_radius < min {
            return Err(NavigationError::SensorRadius {
                radius: sensor_radius,
                min,
            });
        }
        endpoint_cells(&world, start, goal)?;
        // Sense at the start, then plan from it.
        let mut agent = Agent::new(&world, start, sensor_radius)
            .map_err(|cause| NavigationError::Grid { cause })?;
        let sensed = agent.sense(&world, |_| {});
        let known = agent.known.clone();
        let (planner, expanded) = first_plan(planner, known, start, goal, options)?;
        let options = *planner.shown().options();
        Ok(Navigation {
            topology,
            options,
            goal,
            first: Some(Visit {
                k: 0,
                at: start,
                planned: planner.path_cost(),
                expanded,
                replanned: true,
            }),
            agent,
            planner,
            expanded: 0,
            replans: 0,
            arrival: None,
            sensed,
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
        &self.agent.known
    }

    pub fn planner(&self) -> PlannerKind {
        self.planner.kind()
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
        self.planner.incremental()
    }

    /// The planner's search on show: D* Lite's, or A*'s latest from scratch.
    pub fn shown(&self) -> &dyn Finder {
        self.planner.shown()
    }

    /// The path planned from the agent's cell on the map as known (empty: none).
    pub fn planned_path(&self) -> &[u32] {
        self.planner.path()
    }

    /// Its cost in display units, while there is one.
    pub fn planned_cost(&self) -> Option<f64> {
        self.planner.path_cost()
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
        self.agent.at
    }

    pub fn arrival(&self) -> Option<Arrival> {
        self.arrival
    }

    /// One byte per cell, row by row: 1 where the sensor has seen the cell.
    pub fn seen(&self) -> &[u8] {
        &self.agent.seen
    }

    /// The cells whose terrain the last visit found other than the agent thought.
    pub fn sensed(&self) -> impl Iterator<Item = Point> + '_ {
        self.sensed.iter().map(|change| change.at)
    }

    /// The cells the agent has stood on, in order, the one it stands on last.
    pub fn trail(&self) -> &[u32] {
        &self.agent.trail
    }

    /// Keeps each move from now on, so that [`Navigation::step_back`] can undo it (D* Lite's
    /// repairs are logged then, which costs memory and time).
    pub fn remember_moves(&mut self) {
        self.history.get_or_insert_with(Journal::new);
        self.planner.remember_moves();
    }

    /// Undoes the last move kept: the agent's cell, what it knows and has seen, the search
    /// on show (and k_m) as they were; `false` when there is none. The real map stays as it
    /// is.
    pub fn step_back(&mut self) -> bool {
        self.step_back_by(1) == 1
    }

    /// Undoes the last `n` moves kept, or as many as there are, as [`Navigation::step_back`]
    /// one at a time would (the planner is asked once): how many.
    pub fn step_back_by(&mut self, n: u32) -> u32 {
        let mut undone = 0;
        let mut earliest = None;
        while undone < n {
            let Some((moment, discoveries)) = self.history.as_mut().and_then(Journal::pop) else {
                break;
            };
            for discovery in discoveries {
                self.agent.forget(discovery);
            }
            earliest = Some(moment);
            undone += 1;
        }
        let Some(moment) = earliest else {
            return 0;
        };
        self.planner.undo_to(moment.checkpoint);
        self.agent.go_back(moment.place);
        (self.expanded, self.replans, self.sensed) =
            (moment.expanded, moment.replans, moment.sensed);
        self.arrival = None;
        // The real map may have changed since: the agent looks again before it moves.
        self.world_changed = true;
        undone
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
        if terrain == WALL && (at == self.agent.at || at == self.goal) {
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
            self.end_visit(first);
            return Some(first);
        }
        if self.arrival.is_some() {
            return None;
        }
        if let Some(history) = self.history.as_mut() {
            history.begin(Moment {
                place: self.agent.place(),
                expanded: self.expanded,
                replans: self.replans,
                checkpoint: self.planner.checkpoint(),
                sensed: std::mem::take(&mut self.sensed),
            });
        }
        self.sensed.clear();
        let visit = self.walk();
        self.replans += u32::from(visit.replanned);
        self.end_visit(visit);
        Some(visit)
    }

    /// Counts the visit's expansions and tells whether the walk ended there.
    fn end_visit(&mut self, visit: Visit) {
        self.expanded += u64::from(visit.expanded);
        if visit.planned.is_none() {
            self.arrival = Some(Arrival::Unreachable { k: self.agent.k });
        } else if self.agent.at == self.goal {
            self.arrival = Some(Arrival::Arrived {
                travelled: self.agent.travelled / self.options.costs.scale(),
                expanded: self.expanded,
            });
        }
    }

    /// One move along the plan, then sensing and replanning as the planner does.
    fn walk(&mut self) -> Visit {
        let (mut replanned, mut expanded) = (false, 0);
        // The real map changed where the agent may already have looked: it looks again
        // before it moves, and may find no path left.
        if std::mem::take(&mut self.world_changed) {
            (replanned, expanded) = self.sense_and_plan();
        }
        if let Some(next) = self.planner.take_next() {
            self.agent.step_to(next, &self.world, &*self.topology);
            if self.agent.at != self.goal {
                let (again, more) = self.sense_and_plan();
                replanned |= again;
                expanded += more;
            }
        }
        Visit {
            k: self.agent.k,
            at: self.agent.at,
            planned: self.planned_cost(),
            expanded,
            replanned,
        }
    }

    /// Senses at the agent's cell and has the planner learn what it found: whether it
    /// searched, and the expansions it took.
    fn sense_and_plan(&mut self) -> (bool, u32) {
        let history = &mut self.history;
        let changes = self.agent.sense(&self.world, |discovery| {
            if let Some(history) = history.as_mut() {
                history.record(discovery);
            }
        });
        let searched = self.planner.learn(self.agent.at, &changes);
        self.sensed.extend(changes);
        searched.map_or((false, 0), |expanded| (true, expanded))
    }
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
    fn walk(planner: PlannerKind) -> (Vec<(u32, bool)>, f64) {
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
        let (visits, travelled) = walk(PlannerKind::AStarOnEveryChange);
        // The first plan is made at the start whatever is seen there.
        assert!(visits[0].0 > 0);
        for (k, &(expanded, changed)) in visits.iter().enumerate().skip(1) {
            assert_eq!(expanded > 0, changed, "visit {k}: {expanded} expansions");
        }
        let replans = |visits: &[(u32, bool)]| visits.iter().filter(|v| v.0 > 0).count();
        let (lazy, lazy_travelled) = walk(PlannerKind::AStar);
        // The lazy baseline skips the changes off its path, the walls seen beside it: it
        // plans at the start and where the wall on its path comes into view.
        assert_eq!(replans(&lazy), 2, "{lazy:?}");
        assert!(replans(&visits) > 2, "{visits:?}");
        let (_, d_star_travelled) = walk(PlannerKind::DStarLite);
        assert_eq!(travelled, lazy_travelled);
        assert_eq!(travelled, d_star_travelled);
    }
}
