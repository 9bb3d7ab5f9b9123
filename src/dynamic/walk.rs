//! A walk as the page steps it, D* Lite's or A*'s: a [`Navigation`] behind the stepwise
//! [`Finder`] interface, one step a move of the agent (with the sensing and the replanning
//! there), each undone exactly. What the cells show is the planner's search over the map as
//! the agent knows it: D* Lite's g, rhs, keys and marks, or A*'s latest search from scratch
//! from the agent's cell; the real map is the one the walk was given, which may change while
//! the agent walks ([`Walk::set_world`]).

use crate::checks::search_error::SearchError;
use crate::dynamic::incremental::Incremental;
use crate::dynamic::navigation::{Navigation, NavigationError, Visit};
use crate::finder::repairing::Repairing;
use crate::finder::{Basics, Finder};
use crate::geometry::grid::{Grid, Point};
use crate::options::SearchOptions;
use crate::vocabulary::agent::{Arrival, PlannerKind};
use crate::vocabulary::events::{NodeValues, StepEvent};
use crate::vocabulary::status::{Counters, FinderInfo, Status};

pub struct Walk {
    navigation: Navigation,
    options: SearchOptions,
    sensor_radius: f64,
    /// The visit at the start, then one per move.
    visits: Vec<Visit>,
    /// Moves of the whole walk, once it has ended, until the real map changes.
    total: Option<u32>,
}

impl Walk {
    /// An agent at `start` that has sensed around it and planned with `planner`, ready to
    /// walk to `goal` on `world` (see [`Navigation::new`]).
    pub fn new(
        world: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
        sensor_radius: f64,
        planner: PlannerKind,
    ) -> Result<Walk, NavigationError> {
        let mut navigation = Navigation::new(world, start, goal, options, sensor_radius, planner)?;
        navigation.remember_moves();
        let visits = navigation.advance().into_iter().collect();
        let mut walk = Walk {
            options: *navigation.options(),
            navigation,
            sensor_radius,
            visits,
            total: None,
        };
        walk.note_end();
        Ok(walk)
    }

    pub fn navigation(&self) -> &Navigation {
        &self.navigation
    }

    /// The real map becomes `grid`; `Ok(false)`, changing nothing, when it is another size
    /// or `start` and `goal` are not the walk's (a new walk is wanted then).
    pub fn set_world(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
    ) -> Result<bool, NavigationError> {
        let first = self.visits.first().map(|v| v.at);
        if first != Some(start) || self.navigation.goal() != goal {
            return Ok(false);
        }
        let changed = self.navigation.world() != grid;
        let same = self.navigation.set_world(grid)?;
        if changed && same {
            self.total = None;
        }
        Ok(same)
    }

    /// The planner's search on show.
    fn shown(&self) -> &dyn Finder {
        self.navigation.shown()
    }

    fn note_end(&mut self) {
        if self.navigation.arrival().is_some() {
            self.total = Some(self.moves());
        }
    }

    fn moves(&self) -> u32 {
        self.visits.len() as u32 - 1
    }

    /// One move, kept; the visit it made.
    fn take_move(&mut self) -> Option<Visit> {
        let visit = self.navigation.advance()?;
        self.visits.push(visit);
        self.note_end();
        Some(visit)
    }
}

impl Finder for Walk {
    /// One move of the agent, in words.
    fn step(&mut self) -> Option<StepEvent> {
        let from = self.navigation.position();
        let visit = self.take_move()?;
        let d_star_lite = self.navigation.finder();
        Some(StepEvent::Moved {
            step: self.moves(),
            k: visit.k,
            from,
            at: visit.at,
            planner: self.navigation.planner(),
            revealed: self.navigation.sensed().collect(),
            replanned: visit.replanned,
            expanded: visit.expanded,
            replans: self.navigation.replans(),
            total_expanded: self.navigation.expanded(),
            from_scratch: d_star_lite.map(Incremental::from_scratch_expanded),
            k_m: d_star_lite.map(|finder| finder.k_m() / finder.cost_scale()),
            planned: visit.planned,
            arrival: self.navigation.arrival(),
        })
    }

    fn step_back(&mut self) -> bool {
        let undone = self.visits.len() > 1 && self.navigation.step_back();
        if undone {
            self.visits.pop();
        }
        undone
    }

    /// Back in one go (the planner makes its search of that move once), or forwards.
    fn seek(&mut self, target: u32) -> u32 {
        let moves = self.moves();
        if target < moves {
            let undone = self.navigation.step_back_by(moves - target);
            self.visits.truncate(self.visits.len() - undone as usize);
        } else {
            self.advance(target - moves);
        }
        self.moves()
    }

    fn advance(&mut self, n: u32) -> u32 {
        let mut taken = 0;
        while taken < n && self.take_move().is_some() {
            taken += 1;
        }
        taken
    }

    /// Walks to the end, every move kept (a walk is stepped back move by move).
    fn run(&mut self) -> Status {
        self.finish()
    }

    /// A new walk between `start` and `goal` on the real map as it is.
    fn restart(&mut self, start: Point, goal: Point) -> Result<(), SearchError> {
        let world = self.navigation.world().clone();
        let planner = self.navigation.planner();
        match Walk::new(
            world,
            start,
            goal,
            self.options,
            self.sensor_radius,
            planner,
        ) {
            Ok(walk) => *self = walk,
            Err(NavigationError::Search { cause }) => return Err(cause),
            // The radius and the options were accepted once.
            Err(_) => {}
        }
        Ok(())
    }

    fn basics(&self) -> Basics<'_> {
        Basics {
            status: match self.navigation.arrival() {
                None => Status::Running,
                Some(Arrival::Arrived { .. }) => Status::Found,
                Some(Arrival::Unreachable { .. }) => Status::NoPath,
            },
            total_steps: self.total,
            // The agent's cell, on the map as it knows it.
            current: Some(self.navigation.position()),
            options: &self.options,
            grid: self.navigation.known(),
            marks: self.shown().marks(),
        }
    }

    /// Steps are moves; `expanded` counts every search of the walk so far.
    fn counters(&self) -> Counters {
        Counters {
            steps: self.moves(),
            expanded: u32::try_from(self.navigation.expanded()).unwrap_or(u32::MAX),
            ..self.shown().counters()
        }
    }

    fn records(&self) -> &[u8] {
        self.shown().records()
    }

    fn g_values(&self) -> &[f64] {
        self.shown().g_values()
    }

    fn estimates(&self, cell: u32) -> (f64, f64) {
        self.shown().estimates(cell)
    }

    /// The cells the last visit found changed.
    fn touched(&self) -> Vec<Point> {
        self.navigation.sensed().collect()
    }

    fn open_list(&self, k: usize) -> Vec<NodeValues> {
        self.shown().open_list(k)
    }

    /// The path planned from the agent's cell, on the map as it knows it.
    fn path(&self) -> &[u32] {
        self.navigation.planned_path()
    }

    /// The cost from the agent's cell to the goal on the map as known, while it has a path.
    fn path_cost(&self) -> Option<f64> {
        self.navigation.planned_cost()
    }

    fn parent_at(&self, cell: u32) -> Option<u32> {
        self.shown().parent_at(cell)
    }

    fn repairing(&self) -> Option<&dyn Repairing> {
        self.navigation
            .finder()
            .map(|d_star_lite| d_star_lite as &dyn Repairing)
    }

    /// The planner's, with this move's expansions and the replans so far.
    fn info(&self) -> FinderInfo {
        let this_move = self.visits.last().map(|v| v.expanded);
        FinderInfo {
            move_expanded: this_move,
            replans: Some(self.navigation.replans()),
            // D* Lite's repair is the one at this move.
            repair_expanded: self.navigation.finder().and(this_move),
            ..self.shown().info()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::map_text::parse_map;
    use crate::geometry::movement::{CostModel, Directions};
    use crate::options::{Algorithm, TieBreak};

    /// A map text with its start and goal.
    fn map(text: &str) -> (Grid, Point, Point) {
        let map = parse_map(text).unwrap();
        (map.grid, map.start.unwrap(), map.goal.unwrap())
    }

    /// A D* Lite walk with the default options on a map text, with the map's grid and ends.
    fn d_star_lite_walk(text: &str, sensor: f64) -> (Walk, Grid, Point, Point) {
        let (grid, start, goal) = map(text);
        let options = SearchOptions {
            algorithm: Algorithm::DStarLite,
            ..SearchOptions::default()
        };
        let walk = Walk::new(
            grid.clone(),
            start,
            goal,
            options,
            sensor,
            PlannerKind::DStarLite,
        )
        .unwrap();
        (walk, grid, start, goal)
    }

    fn paper() -> Walk {
        let (grid, start, goal) = map("OOOOO\nSOXOE\nOOOOO");
        let options = SearchOptions {
            algorithm: Algorithm::DStarLite,
            directions: Directions::Eight,
            costs: CostModel::Unit,
            tie_break: TieBreak::SmallerG,
            ..SearchOptions::default()
        };
        Walk::new(grid, start, goal, options, 1.5, PlannerKind::DStarLite).unwrap()
    }

    /// Everything a step back must put back, read through the interface the page reads.
    #[derive(Debug, PartialEq)]
    struct State {
        at: Point,
        known: Vec<u8>,
        seen: Vec<u8>,
        g: Vec<f64>,
        rhs: Vec<f64>,
        records: Vec<u8>,
        queue: Vec<crate::finder::repairing::QueuedKey>,
        k_m: f64,
        counters: Counters,
    }

    fn state(walk: &Walk) -> State {
        let finder = walk.navigation.finder().unwrap();
        State {
            at: walk.navigation.position(),
            known: walk.navigation.known().terrain().to_vec(),
            seen: walk.navigation.seen().to_vec(),
            g: walk.g_values().to_vec(),
            rhs: finder.rhs_values().to_vec(),
            records: walk.records().to_vec(),
            queue: finder.queue(usize::MAX),
            k_m: finder.k_m(),
            counters: walk.counters(),
        }
    }

    #[test]
    fn the_papers_walk_finds_the_wall_and_steps_back_exactly() {
        let mut walk = paper();
        assert_eq!(walk.counters().steps, 0);
        assert_eq!(walk.navigation.finder().unwrap().k_m(), 0.0);
        let mut states = vec![state(&walk)];
        let mut events = Vec::new();
        while let Some(event) = walk.step() {
            events.push(event);
            states.push(state(&walk));
        }
        let cells: Vec<(u32, u32)> = states.iter().map(|s| (s.at.x, s.at.y)).collect();
        assert_eq!(cells, [(0, 1), (1, 1), (2, 0), (3, 0), (4, 1)]);
        assert_eq!(walk.status(), Status::Found);
        assert_eq!(walk.total_steps(), Some(4));
        // The wall is found from (1,1): k_m grows by h((0,1), (1,1)) = 1.
        let StepEvent::Moved { revealed, k_m, .. } = &events[0] else {
            panic!("{:?}", events[0])
        };
        assert_eq!(
            (revealed.as_slice(), *k_m),
            ([Point::new(2, 1)].as_slice(), Some(1.0))
        );
        let Some(StepEvent::Moved { arrival, .. }) = events.last() else {
            panic!()
        };
        assert!(matches!(arrival, Some(Arrival::Arrived { travelled, .. }) if *travelled == 4.0));
        for expected in states.iter().rev().skip(1) {
            assert!(walk.step_back());
            assert_eq!(&state(&walk), expected);
        }
        assert!(!walk.step_back(), "not before the start");
        // Stepping forward again tells the same moves.
        let again: Vec<StepEvent> = std::iter::from_fn(|| walk.step()).collect();
        assert_eq!(again, events);
    }

    /// Walks to the end keeping the state after each move, then steps back to the start
    /// checking each one.
    fn walk_and_step_back(walk: &mut Walk) -> Vec<StepEvent> {
        let mut states = vec![state(walk)];
        let mut events = Vec::new();
        while let Some(event) = walk.step() {
            events.push(event);
            states.push(state(walk));
        }
        for expected in states.iter().rev().skip(1) {
            assert!(walk.step_back());
            assert_eq!(
                &state(walk),
                expected,
                "after stepping back to move {}",
                walk.moves()
            );
        }
        events
    }

    #[test]
    fn a_d_star_lite_walk_logged_a_repair_at_a_time_steps_back_exactly_again_and_again() {
        let mut walk = detour(PlannerKind::DStarLite);
        let events = walk_and_step_back(&mut walk);
        assert!(events.len() > 20, "a walk of some length");
        // Half way again, back a few moves and on, then the whole way and back: an entry
        // made after an undo saves every cell it changes, as the first one did.
        walk.seek(events.len() as u32 / 2);
        walk.seek(events.len() as u32 / 2 - 5);
        let again = walk_and_step_back(&mut walk);
        assert_eq!(again, events[events.len() / 2 - 5..]);
        walk.seek(0);
        assert_eq!(walk_and_step_back(&mut walk), events);
    }

    #[test]
    fn a_wall_dropped_ahead_is_found_when_sensed_and_the_agent_goes_round() {
        let (mut walk, grid, start, goal) = d_star_lite_walk("OOOOOOO\nSOOOOOE\nOOOOOOO", 1.5);
        walk.finish();
        let straight = walk.navigation.trail().to_vec();
        walk.seek(1);
        let mut world = grid.clone();
        world
            .set(Point::new(4, 1), crate::geometry::grid::WALL)
            .unwrap();
        assert_eq!(walk.set_world(&world, start, goal), Ok(true));
        assert_eq!(walk.total_steps(), None, "the rest of the walk is new");
        assert_eq!(
            walk.navigation.known().terrain()[world.index(Point::new(4, 1))],
            1
        );
        let mut found = None;
        while let Some(StepEvent::Moved { revealed, at, .. }) = walk.step() {
            if revealed.contains(&Point::new(4, 1)) {
                found.get_or_insert(at);
            }
        }
        assert_eq!(
            found,
            Some(Point::new(3, 1)),
            "seen from the cell before it"
        );
        assert_eq!(walk.status(), Status::Found);
        assert_ne!(walk.navigation.trail(), straight);
        assert!(!walk
            .navigation
            .trail()
            .contains(&(world.index(Point::new(4, 1)) as u32)));
        // A wall on the agent's own cell waits until it has left it; the goal stays open.
        walk.seek(2);
        let here = walk.navigation.position();
        world.set(here, crate::geometry::grid::WALL).unwrap();
        assert_eq!(walk.set_world(&world, start, goal), Ok(true));
        assert_eq!(walk.finish(), Status::Found);
        world.set(goal, crate::geometry::grid::WALL).unwrap();
        assert!(walk.set_world(&world, start, goal).is_err());
        let other = Grid::new(3, 3).unwrap();
        assert_eq!(walk.set_world(&other, start, goal), Ok(false));
    }

    #[test]
    fn a_wall_that_cuts_the_agent_off_ends_the_walk_where_it_stands() {
        let (mut walk, grid, start, goal) = d_star_lite_walk("OOOOO\nSOOOE\nOOOOO", 2.0);
        let mut world = grid.clone();
        for y in 0..3 {
            world
                .set(Point::new(1, y), crate::geometry::grid::WALL)
                .unwrap();
        }
        walk.set_world(&world, start, goal).unwrap();
        let Some(StepEvent::Moved {
            from,
            at,
            planned,
            arrival,
            ..
        }) = walk.step()
        else {
            panic!()
        };
        assert_eq!((from, at, planned), (start, start, None));
        assert_eq!(arrival, Some(Arrival::Unreachable { k: 0 }));
        assert_eq!(walk.status(), Status::NoPath);
        assert!(walk.step_back());
        assert_eq!(walk.status(), Status::Running);
    }

    #[test]
    fn a_sensor_radius_below_the_least_is_refused() {
        let (grid, start, goal) = map("SOE");
        let refused = Walk::new(
            grid,
            start,
            goal,
            SearchOptions::default(),
            1.4,
            PlannerKind::DStarLite,
        );
        assert!(matches!(refused, Err(NavigationError::SensorRadius { .. })));
    }

    /// The detour map: a wall across the middle, open only along the bottom row.
    fn detour(planner: PlannerKind) -> Walk {
        let (grid, start, goal) = map(include_str!("../../tests/maps/dynamic/detour_20x15.txt"));
        Walk::new(grid, start, goal, SearchOptions::default(), 3.0, planner).unwrap()
    }

    /// The cost of a shortest path from the agent's cell on the map as it knows it, found by
    /// A* from scratch.
    fn optimal(walk: &Walk) -> Option<f64> {
        let known = walk.navigation.known().clone();
        let options = SearchOptions {
            algorithm: Algorithm::AStar,
            ..*walk.options()
        };
        let at = walk.navigation.position();
        let mut search = crate::search::Search::new(known, at, walk.navigation.goal(), options)
            .expect("a search from the agent's cell");
        search.run();
        search.path_cost()
    }

    /// What the page reads of an A* walk, to compare before and after a step back.
    #[derive(Debug, PartialEq)]
    struct Shown {
        at: Point,
        known: Vec<u8>,
        seen: Vec<u8>,
        trail: Vec<u32>,
        records: Vec<u8>,
        g: Vec<f64>,
        open: Vec<NodeValues>,
        path: Vec<u32>,
        cost: Option<f64>,
        counters: Counters,
        info: FinderInfo,
        touched: Vec<Point>,
    }

    fn shown(walk: &Walk) -> Shown {
        Shown {
            at: walk.navigation.position(),
            known: walk.grid().terrain().to_vec(),
            seen: walk.navigation.seen().to_vec(),
            trail: walk.navigation.trail().to_vec(),
            records: walk.records().to_vec(),
            g: walk.g_values().to_vec(),
            open: walk.open_list(usize::MAX),
            path: walk.path().to_vec(),
            cost: walk.path_cost(),
            counters: walk.counters(),
            info: walk.info(),
            touched: walk.touched(),
        }
    }

    #[test]
    fn both_planners_arrive_planning_optimally_on_the_map_as_known_at_every_move() {
        for planner in [PlannerKind::DStarLite, PlannerKind::AStar] {
            let mut walk = detour(planner);
            assert_eq!(walk.path_cost(), optimal(&walk), "{planner} at the start");
            let mut replans = 0;
            while let Some(StepEvent::Moved {
                planned,
                replanned,
                replans: so_far,
                from_scratch,
                k_m,
                ..
            }) = walk.step()
            {
                assert_eq!(planned, optimal(&walk), "{planner}, move {}", walk.moves());
                assert_eq!(planned, walk.path_cost());
                replans += u32::from(replanned);
                assert_eq!(so_far, replans);
                assert_eq!(from_scratch.is_some(), planner == PlannerKind::DStarLite);
                assert_eq!(k_m.is_some(), planner == PlannerKind::DStarLite);
            }
            // Their shortest paths tie differently, so each finds the wall from its own cell.
            assert!(
                matches!(walk.navigation.arrival(), Some(Arrival::Arrived { .. })),
                "{planner}: {:?}",
                walk.navigation.arrival()
            );
            assert!(replans >= 1, "{planner} found the wall and planned again");
            assert_eq!(walk.info().replans, Some(replans));
        }
    }

    #[test]
    fn an_a_star_walk_shows_its_latest_search_and_steps_back_exactly() {
        let mut walk = detour(PlannerKind::AStar);
        let mut states = vec![shown(&walk)];
        let mut events = Vec::new();
        while let Some(event) = walk.step() {
            let StepEvent::Moved { replanned, .. } = &event else {
                panic!("{event:?}")
            };
            let state = shown(&walk);
            if *replanned {
                // A search from scratch from the agent's cell: it starts there, with G 0.
                let here = walk.grid().index(walk.navigation.position());
                assert_eq!(state.g[here], 0.0);
            } else {
                let before = states.last().unwrap();
                assert_eq!((&state.records, &state.g), (&before.records, &before.g));
            }
            events.push(event);
            states.push(state);
        }
        assert!(events.iter().any(|e| matches!(
            e,
            StepEvent::Moved {
                replanned: true,
                ..
            }
        )));
        for expected in states.iter().rev().skip(1) {
            assert!(walk.step_back());
            assert_eq!(&shown(&walk), expected);
        }
        assert!(!walk.step_back());
        let again: Vec<StepEvent> = std::iter::from_fn(|| walk.step()).collect();
        assert_eq!(again, events);
    }

    #[test]
    fn an_a_star_walk_finds_a_wall_dropped_ahead_and_steps_back_over_it_exactly() {
        let (grid, start, goal) = map("OOOOOOO\nSOOOOOE\nOOOOOOO");
        let options = SearchOptions::default();
        let mut walk =
            Walk::new(grid.clone(), start, goal, options, 1.5, PlannerKind::AStar).unwrap();
        walk.seek(1);
        let before = shown(&walk);
        let mut world = grid.clone();
        world
            .set(Point::new(2, 1), crate::geometry::grid::WALL)
            .unwrap();
        assert_eq!(walk.set_world(&world, start, goal), Ok(true));
        // The wall is beside the agent: it looks again before it moves, and goes round.
        let Some(StepEvent::Moved {
            revealed,
            replanned,
            at,
            ..
        }) = walk.step()
        else {
            panic!()
        };
        assert_eq!((revealed[0], replanned), (Point::new(2, 1), true));
        assert_ne!(at, Point::new(2, 1));
        assert_eq!(walk.path_cost(), optimal(&walk));
        assert!(walk.step_back());
        assert_eq!(shown(&walk), before);
        assert_eq!(walk.finish(), Status::Found);
        assert!(!walk
            .navigation
            .trail()
            .contains(&(world.index(Point::new(2, 1)) as u32)));
        // Opening the wall again makes a seen cell cheaper: A* plans again for it.
        walk.seek(2);
        assert_eq!(walk.set_world(&grid, start, goal), Ok(true));
        let Some(StepEvent::Moved { replanned, .. }) = walk.step() else {
            panic!()
        };
        assert!(replanned);
        assert_eq!(walk.path_cost(), optimal(&walk));
    }
}
