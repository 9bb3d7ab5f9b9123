//! Properties on random small grids for every movement rule and cost mode, checked against a
//! brute-force oracle and the rules as read in `common`; and fuzzing of the text parsers.

mod common;

use astar_visualizer::formats::map_text::{parse_map, write_map, MapFormat, ParseError, TextMap};
use astar_visualizer::formats::scenario::parse_scenarios;
use astar_visualizer::session::editor::{EditError, EditProblem, MapEditor};
use astar_visualizer::vocabulary::record::{CLOSED, STATE_MASK};
use astar_visualizer::{
    new_finder, Algorithm, CellState, CostModel, Counters, DiagonalRule, Directions, Finder,
    FinderInfo, GoalTest, Grid, Heuristic, JumpOutcome, JumpReason, NeighbourOrder, NodeValues,
    Outcome, Point, SearchError, SearchOptions, Status, StepEvent, TieBreak,
};
use common::Rules;
use proptest::prelude::*;
use proptest::sample::{select, Index};
use proptest::test_runner::TestCaseError;

/// A grid with a start and a goal on passable cells.
#[derive(Clone, Debug)]
struct World {
    grid: Grid,
    start: Point,
    goal: Point,
}

impl World {
    fn start_index(&self) -> usize {
        self.grid.index(self.start)
    }

    fn goal_index(&self) -> usize {
        self.grid.index(self.goal)
    }

    /// The finder for `options`; Jump Point Search and the any-angle finders get the map with
    /// its weights cleared, as they refuse weighted maps (checked on their own below).
    fn search(&self, options: SearchOptions) -> Box<dyn Finder> {
        let grid = if !options.algorithm.entry().options.terrain {
            self.uniform().grid
        } else {
            self.grid.clone()
        };
        new_finder(grid, self.start, self.goal, options).expect("endpoints are passable")
    }

    /// The same map with every terrain weight made 1.
    fn uniform(&self) -> World {
        let terrain = self.grid.terrain().iter().map(|&t| t.min(1)).collect();
        World {
            grid: Grid::from_terrain(self.grid.width(), self.grid.height(), terrain).unwrap(),
            ..self.clone()
        }
    }
}

/// Grids up to `max_side` a side, mostly the larger ones: a wall density from none to
/// about half, and either plain ground everywhere (many ties) or random weights 1..=9.
fn world(max_side: u32) -> impl Strategy<Value = World> {
    let side = move || prop_oneof![1 => 1..=3u32, 4 => 4..=max_side];
    (
        side(),
        side(),
        prop_oneof![1 => Just(0u8), 4 => 0u8..50],
        any::<bool>(),
    )
        .prop_flat_map(|(w, h, density, weighted)| {
            let n = (w * h) as usize;
            let cells = prop::collection::vec((0u8..100, 1u8..=9), n);
            (Just((w, h, density, weighted)), cells, 0..n, 0..n)
        })
        .prop_map(|((w, h, density, weighted), cells, s, g)| {
            let mut terrain: Vec<u8> = cells
                .iter()
                .map(|&(r, weight)| match (r < density, weighted) {
                    (true, _) => 0,
                    (false, true) => weight,
                    (false, false) => 1,
                })
                .collect();
            for i in [s, g] {
                terrain[i] = terrain[i].max(1);
            }
            let grid = Grid::from_terrain(w, h, terrain).unwrap();
            World {
                start: grid.point(s),
                goal: grid.point(g),
                grid,
            }
        })
}

fn options(
    rules: Rules,
    algorithm: Algorithm,
    tie_break: TieBreak,
    heuristic: Option<Heuristic>,
) -> SearchOptions {
    SearchOptions {
        algorithm,
        heuristic,
        weight: 1.0,
        directions: rules.directions,
        diagonal: rules.diagonal,
        costs: rules.costs,
        tie_break,
        ..SearchOptions::default()
    }
}

/// The algorithms of the shared best-first loop, `Search`.
const BEST_FIRST: [Algorithm; 4] = [
    Algorithm::AStar,
    Algorithm::Dijkstra,
    Algorithm::Greedy,
    Algorithm::BreadthFirst,
];

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

/// Fewest moves from the start to every cell, by plain breadth-first search.
fn fewest_moves(rules: Rules, grid: &Grid, start: usize) -> Vec<Option<u32>> {
    let mut moves = vec![None; grid.cell_count()];
    moves[start] = Some(0);
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(c) = queue.pop_front() {
        for (next, _) in rules.moves_from(grid, c) {
            if moves[next].is_none() {
                moves[next] = Some(moves[c].unwrap() + 1);
                queue.push_back(next);
            }
        }
    }
    moves
}

/// Runs to the end; checks that a found path is legal and costs what the search says, and
/// that "no path" means the oracle cannot reach the goal either. Returns the path's cost.
fn run_checked(
    world: &World,
    rules: Rules,
    o: SearchOptions,
) -> Result<(Box<dyn Finder>, Option<u64>), TestCaseError> {
    let mut s = world.search(o);
    let status = s.run();
    let c = s.counters();
    prop_assert_eq!(
        c.steps,
        c.expanded + 1,
        "the last step finds the goal or an empty list"
    );
    prop_assert!(c.generated >= c.expanded && c.max_open >= c.open);
    match status {
        Status::Found => {
            let cost = rules
                .path_cost(
                    &world.grid,
                    world.start_index(),
                    world.goal_index(),
                    s.path(),
                )
                .map_err(|e| TestCaseError::fail(format!("{o:?}: {e}")))?;
            prop_assert_eq!(s.g_values()[world.goal_index()], cost as f64, "{:?}", o);
            prop_assert_eq!(s.path_steps(), Some(s.path().len() as u32 - 1));
            Ok((s, Some(cost)))
        }
        Status::NoPath => {
            let reachable =
                rules.shortest_costs(&world.grid, world.start_index())[world.goal_index()];
            prop_assert_eq!(reachable, None, "{:?} found no path", o);
            Ok((s, None))
        }
        other => Err(TestCaseError::fail(format!("run() ended {other:?}"))),
    }
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn a_star_and_dijkstra_agree_with_a_brute_force_oracle(
        world in world(12),
        rules in Rules::any(),
        tie_break in select(TieBreak::ALL),
        pick in any::<Index>(),
    ) {
        let oracle = rules.shortest_costs(&world.grid, world.start_index())[world.goal_index()];
        let heuristics = rules.sound_heuristics();
        let heuristic = heuristics[pick.index(heuristics.len())];
        let a_star = options(rules, Algorithm::AStar, tie_break, Some(heuristic));
        prop_assert!(a_star.admissibility().admissible, "{:?}", a_star);
        let (_, cost) = run_checked(&world, rules, a_star)?;
        prop_assert_eq!(cost, oracle, "A* {:?}", a_star);
        let (_, cost) = run_checked(&world, rules, options(rules, Algorithm::AStar, tie_break, None))?;
        prop_assert_eq!(cost, oracle, "A* with the default heuristic");
        let (_, cost) = run_checked(&world, rules, options(rules, Algorithm::Dijkstra, tie_break, None))?;
        prop_assert_eq!(cost, oracle, "Dijkstra");
    }

    #[test]
    fn greedy_and_breadth_first_paths_are_legal(
        world in world(12),
        rules in Rules::any(),
        tie_break in select(TieBreak::ALL),
        heuristic in select(Heuristic::ALL),
    ) {
        let oracle = rules.shortest_costs(&world.grid, world.start_index())[world.goal_index()];
        let greedy = options(rules, Algorithm::Greedy, tie_break, Some(heuristic));
        let (_, cost) = run_checked(&world, rules, greedy)?;
        prop_assert_eq!(cost.is_some(), oracle.is_some());
        prop_assert!(cost >= oracle);
        let bfs = options(rules, Algorithm::BreadthFirst, tie_break, None);
        let (s, cost) = run_checked(&world, rules, bfs)?;
        prop_assert_eq!(cost.is_some(), oracle.is_some());
        let fewest = fewest_moves(rules, &world.grid, world.start_index())[world.goal_index()];
        prop_assert_eq!(s.path_steps(), fewest, "breadth-first takes the fewest moves");
    }

    #[test]
    fn weighted_a_star_stays_within_w_times_the_optimum(
        world in world(12),
        rules in Rules::any(),
        tie_break in select(TieBreak::ALL),
        weight in prop_oneof![Just(1.5), Just(2.0), Just(3.0), 1.0..4.0f64],
    ) {
        let oracle = rules.shortest_costs(&world.grid, world.start_index())[world.goal_index()];
        let o = SearchOptions { weight, ..options(rules, Algorithm::AStar, tie_break, None) };
        let (_, cost) = run_checked(&world, rules, o)?;
        prop_assert_eq!(cost.is_some(), oracle.is_some());
        if let (Some(cost), Some(best)) = (cost, oracle) {
            prop_assert!(cost as f64 <= weight * best as f64 + 1e-9, "{} > {} * {}", cost, weight, best);
        }
    }
}

/// Everything a caller can observe about a search, except the total length of a timeline
/// already run to the end (kept on purpose when stepping back).
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    status: Status,
    counters: Counters,
    records: Vec<u8>,
    g: Vec<u64>,
    /// Each cell's G, H and F as shown, to the bit.
    values: Vec<[u64; 3]>,
    parents: Vec<Option<Point>>,
    marks: Vec<u16>,
    info: FinderInfo,
    open: Vec<NodeValues>,
    current: Option<Point>,
    touched: Vec<Point>,
    path: Vec<u32>,
    path_cost: Option<f64>,
    cells: Vec<CellState>,
}

fn snapshot(s: &dyn Finder) -> Snapshot {
    let grid = s.grid();
    let cells = 0..grid.cell_count() as u32;
    Snapshot {
        status: s.status(),
        counters: s.counters(),
        records: s.records().to_vec(),
        g: s.g_values().iter().map(|g| g.to_bits()).collect(),
        values: cells
            .clone()
            .map(|i| {
                let v = s.values(i);
                [v.g.to_bits(), v.h.to_bits(), v.f.to_bits()]
            })
            .collect(),
        parents: cells
            .map(|i| s.parent_of(grid.point(i as usize)).unwrap())
            .collect(),
        marks: s.marks().to_vec(),
        info: s.info(),
        open: s.open_list(usize::MAX),
        current: s.current(),
        touched: s.touched(),
        path: s.path().to_vec(),
        path_cost: s.path_cost(),
        cells: (0..grid.cell_count())
            .map(|i| s.cell_state(grid.point(i)).unwrap())
            .collect(),
    }
}

/// Checks one step's event against the search's tables just after it and against the rules
/// as read in `common`: the same neighbours are enterable, and blocked ones for the right reason.
fn check_event(
    world: &World,
    rules: Rules,
    s: &dyn Finder,
    event: &StepEvent,
) -> Result<(), TestCaseError> {
    let grid = &world.grid;
    let scale = s.cost_scale();
    if let StepEvent::Jumped { node, jumps, .. } = event {
        return check_jumps(world, rules, s, node, jumps);
    }
    let StepEvent::Expanded {
        node, neighbours, ..
    } = event
    else {
        if let StepEvent::GoalReached {
            node, cost, steps, ..
        } = event
        {
            prop_assert_eq!((node.x, node.y), (world.goal.x, world.goal.y));
            prop_assert_eq!(Some(*cost), s.path_cost());
            prop_assert_eq!(Some(*steps), s.path_steps());
        }
        return Ok(());
    };
    let from = grid.index(Point::new(node.x, node.y));
    prop_assert_eq!(*node, s.values(from as u32));
    let legal = rules.moves_from(grid, from);
    let expected = if rules.directions == Directions::Four {
        4
    } else {
        8
    };
    // Stopping on reaching the goal leaves the neighbours after it unexamined.
    let goal = (world.goal.x as i64, world.goal.y as i64);
    let stopped_at_goal = s.options().goal_test == GoalTest::FirstReached
        && neighbours
            .last()
            .is_some_and(|n| (n.x, n.y) == goal && matches!(n.outcome, Outcome::Opened { .. }));
    if stopped_at_goal {
        prop_assert!(neighbours.len() <= expected);
    } else {
        prop_assert_eq!(neighbours.len(), expected);
    }
    for n in neighbours {
        let inside = grid.contains(n.x, n.y);
        let diagonal = n.x != node.x as i64 && n.y != node.y as i64;
        let at = inside.then(|| grid.index(Point::new(n.x as u32, n.y as u32)));
        let step = at.and_then(|i| legal.iter().find(|&&(to, _)| to == i));
        let here = Point::new(node.x, node.y);
        match (&n.outcome, at, step) {
            (Outcome::OffGrid, None, _) => {}
            (Outcome::Wall, Some(i), _) => prop_assert_eq!(grid.terrain()[i], 0),
            (Outcome::CornerBlocked, Some(i), None) => {
                prop_assert!(diagonal && grid.terrain()[i] != 0, "{:?}", n)
            }
            (Outcome::Closed, Some(i), Some(_)) => {
                prop_assert_eq!(s.records()[i] & STATE_MASK, CLOSED)
            }
            (Outcome::Opened { g, h, f, parent }, Some(i), Some(&(_, cost)))
            | (
                Outcome::Improved {
                    g, h, f, parent, ..
                },
                Some(i),
                Some(&(_, cost)),
            ) => {
                prop_assert_eq!(*parent, here);
                prop_assert_eq!(s.parent_of(grid.point(i)).unwrap(), Some(here));
                prop_assert_eq!(s.g_values()[i], s.g_values()[from] + cost as f64);
                prop_assert_eq!(
                    s.values(i as u32),
                    NodeValues {
                        x: n.x as u32,
                        y: n.y as u32,
                        g: *g,
                        h: *h,
                        f: *f,
                        side: None,
                    }
                );
                if let Outcome::Improved {
                    old_g, old_parent, ..
                } = n.outcome
                {
                    prop_assert!(old_g > *g && old_parent != here, "{:?}", n);
                }
            }
            (Outcome::NotImproved { g, candidate_g }, Some(i), Some(&(_, cost))) => {
                prop_assert_eq!(*g, s.g_values()[i] / scale);
                prop_assert_eq!(*candidate_g, (s.g_values()[from] + cost as f64) / scale);
                prop_assert!(candidate_g >= g);
            }
            (Outcome::AlreadyOpen { g }, Some(i), Some(_)) => {
                prop_assert_eq!(s.options().algorithm, Algorithm::BreadthFirst);
                prop_assert_eq!(*g, s.g_values()[i] / scale);
            }
            _ => prop_assert!(false, "{:?} from {:?}: legal move {:?}", n, here, step),
        }
    }
    Ok(())
}

/// Checks the jumps of one Jump Point Search step against the rules as read in `common`:
/// each runs straight or diagonally from the node by legal moves, and a jump point it
/// reaches is offered the node's G plus the cost of that run.
fn check_jumps(
    world: &World,
    rules: Rules,
    s: &dyn Finder,
    node: &NodeValues,
    jumps: &[astar_visualizer::Jump],
) -> Result<(), TestCaseError> {
    let grid = s.grid();
    let here = Point::new(node.x, node.y);
    let from = grid.index(here);
    prop_assert_eq!(*node, s.values(from as u32));
    let (straight, diagonal) = rules.unit_costs();
    let scale = s.cost_scale();
    for jump in jumps {
        let (JumpOutcome::JumpPoint { x, y, .. } | JumpOutcome::DeadEnd { x, y }) = &jump.end;
        let end = Point::new(*x, *y);
        let (mut at, mut moves) = (from, 0u64);
        let mut p = (here.x as i64, here.y as i64);
        while p != (end.x as i64, end.y as i64) {
            p = (p.0 + jump.dx as i64, p.1 + jump.dy as i64);
            prop_assert!(
                grid.contains(p.0, p.1),
                "{:?} from {:?} leaves the grid",
                jump,
                here
            );
            let next = grid.index(Point::new(p.0 as u32, p.1 as u32));
            prop_assert!(
                rules.moves_from(grid, at).iter().any(|&(to, _)| to == next),
                "{:?} from {:?} makes an illegal move at {:?}",
                jump,
                here,
                p
            );
            (at, moves) = (next, moves + 1);
        }
        let JumpOutcome::JumpPoint { reason, result, .. } = &jump.end else {
            continue;
        };
        prop_assert!(moves >= 1);
        match reason {
            JumpReason::Goal => prop_assert_eq!(end, world.goal),
            JumpReason::Forced { neighbours } => prop_assert!(!neighbours.is_empty()),
            JumpReason::Turn { .. } => {}
        }
        let step = if jump.dx != 0 && jump.dy != 0 {
            diagonal
        } else {
            straight
        };
        let offered = s.g_values()[from] + (moves * step) as f64;
        match result {
            Outcome::Opened { parent, .. } | Outcome::Improved { parent, .. } => {
                prop_assert_eq!(*parent, here);
                prop_assert_eq!(s.parent_of(end).unwrap(), Some(here));
                prop_assert_eq!(s.g_values()[at], offered);
            }
            Outcome::NotImproved { g, candidate_g } => {
                prop_assert_eq!(*candidate_g, offered / scale);
                prop_assert!(candidate_g >= g);
            }
            Outcome::Closed => prop_assert_eq!(s.records()[at] & STATE_MASK, CLOSED),
            other => prop_assert!(false, "{:?} at a jump point", other),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(2000))]

    /// Jump Point Search finds the cheapest path under every movement rule, on maps of
    /// uniform cost, whether run to the end (which also prunes intermediate jump points) or
    /// taken step by step.
    #[test]
    fn jump_point_search_agrees_with_a_brute_force_oracle(
        world in world(14),
        rules in Rules::any(),
        tie_break in select(TieBreak::ALL),
    ) {
        let world = world.uniform();
        let oracle = rules.shortest_costs(&world.grid, world.start_index())[world.goal_index()];
        let o = options(rules, Algorithm::JumpPoint, tie_break, None);
        let (ran, cost) = run_checked(&world, rules, o)?;
        prop_assert_eq!(cost, oracle, "{:?}", o);
        let mut stepped = world.search(o);
        while let Some(event) = stepped.step() {
            check_event(&world, rules, stepped.as_ref(), &event)?;
        }
        prop_assert_eq!(stepped.status(), ran.status());
        if stepped.status() == Status::Found {
            let stepped_cost = rules
                .path_cost(&world.grid, world.start_index(), world.goal_index(), stepped.path())
                .map_err(TestCaseError::fail)?;
            prop_assert_eq!(Some(stepped_cost), oracle);
            prop_assert_eq!(stepped.path_cost(), ran.path_cost());
        }
    }

    /// On a map with a terrain weight it refuses, naming the first weighted cell.
    #[test]
    fn jump_point_search_refuses_weighted_maps(world in world(8), rules in Rules::any()) {
        let o = options(rules, Algorithm::JumpPoint, TieBreak::LargerG, None);
        let terrain = world.grid.terrain();
        let weighted = terrain.iter().position(|&t| t > 1);
        let made = new_finder(world.grid.clone(), world.start, world.goal, o).err();
        match (made, weighted) {
            (Some(SearchError::WeightedMap { x, y, weight, .. }), Some(i)) => {
                prop_assert_eq!(Point::new(x, y), world.grid.point(i));
                prop_assert_eq!(weight, terrain[i]);
            }
            (None, None) => {}
            (made, _) => prop_assert!(false, "{:?} with a weight at {:?}", made, weighted),
        }
    }
}

#[derive(Clone, Debug)]
enum Op {
    Step,
    Back,
    Seek(Index),
    Advance(u8),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => Just(Op::Step),
        3 => Just(Op::Back),
        2 => any::<Index>().prop_map(Op::Seek),
        1 => (0u8..20).prop_map(Op::Advance),
    ]
}

/// Steps `reference` to the end, checking each event; its events, and a snapshot before the
/// first step and after each.
fn record_run(
    reference: &mut dyn Finder,
    mut check: impl FnMut(&dyn Finder, &StepEvent) -> Result<(), TestCaseError>,
) -> Result<(Vec<StepEvent>, Vec<Snapshot>), TestCaseError> {
    let mut snaps = vec![snapshot(reference)];
    let mut events = Vec::new();
    while let Some(e) = reference.step() {
        check(reference, &e)?;
        events.push(e);
        snaps.push(snapshot(reference));
    }
    Ok((events, snaps))
}

/// Another search over the same world must match the reference run at every point, whichever
/// way it gets there: each step undone and redone, every step walked back, then `ops`.
fn check_replay(
    s: &mut dyn Finder,
    events: &[StepEvent],
    snaps: &[Snapshot],
    ops: &[Op],
) -> Result<(), TestCaseError> {
    let total = events.len();
    for k in 0..total {
        prop_assert_eq!(&snapshot(s), &snaps[k], "before step {}", k + 1);
        prop_assert_eq!(s.step(), Some(events[k].clone()));
        prop_assert!(s.step_back());
        prop_assert_eq!(&snapshot(s), &snaps[k], "after undoing step {}", k + 1);
        prop_assert_eq!(s.step(), Some(events[k].clone()), "redoing step {}", k + 1);
        prop_assert_eq!(&snapshot(s), &snaps[k + 1]);
    }
    prop_assert_eq!(s.step(), None);
    for k in (0..total).rev() {
        prop_assert!(s.step_back());
        prop_assert_eq!(&snapshot(s), &snaps[k], "walking back to step {}", k);
    }
    prop_assert!(!s.step_back());
    for op in ops {
        let at = s.counters().steps as usize;
        match op {
            Op::Step => prop_assert_eq!(s.step(), events.get(at).cloned()),
            Op::Back => prop_assert_eq!(s.step_back(), at > 0),
            Op::Seek(i) => {
                let target = i.index(total + 3) as u32;
                prop_assert_eq!(s.seek(target), target.min(total as u32));
            }
            Op::Advance(n) => {
                let taken = s.advance(u32::from(*n)) as usize;
                prop_assert_eq!(taken, usize::from(*n).min(total - at));
            }
        }
        let at = s.counters().steps as usize;
        prop_assert_eq!(&snapshot(s), &snaps[at], "after {:?}", op);
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(1000))]

    /// Steps a reference search to the end, keeping a snapshot after each step; then another
    /// search must match it at every point whichever way it gets there.
    #[test]
    fn stepping_back_and_seeking_reproduce_every_observable(
        world in world(10),
        rules in Rules::any(),
        algorithm in select(BEST_FIRST.to_vec()),
        tie_break in select(TieBreak::ALL),
        heuristic in select(Heuristic::ALL),
        goal_test in select(GoalTest::ALL),
        neighbour_order in select(NeighbourOrder::ALL),
        ops in prop::collection::vec(op(), 1..40),
    ) {
        let o = SearchOptions {
            goal_test,
            neighbour_order,
            ..options(rules, algorithm, tie_break, Some(heuristic))
        };
        let mut reference = world.search(o);
        let (events, snaps) =
            record_run(reference.as_mut(), |s, e| check_event(&world, rules, s, e))?;
        let total = events.len();
        prop_assert_eq!(reference.total_steps(), Some(total as u32));

        check_replay(world.search(o).as_mut(), &events, &snaps, &ops)?;

        // A fresh search advanced to a point, and one run to the end, match the reference.
        let k = total / 2;
        let mut fresh = world.search(o);
        prop_assert_eq!(fresh.advance(k as u32) as usize, k);
        prop_assert_eq!(&snapshot(fresh.as_ref()), &snaps[k]);
        let mut ran = world.search(o);
        ran.run();
        let mut end = snaps[total].clone();
        end.touched.clear();
        end.marks.fill(0);
        prop_assert_eq!(
            snapshot(ran.as_ref()),
            end,
            "run() records nothing, so nothing is touched or marked"
        );
        prop_assert_eq!(ran.total_steps(), Some(total as u32));
        prop_assert!(!ran.step_back());
    }

    /// A search restarted between new endpoints is indistinguishable from a new one, for
    /// every finder.
    #[test]
    fn restart_is_a_fresh_search(
        world in world(10),
        rules in Rules::any(),
        algorithm in select(Algorithm::ALL.to_vec()),
        steps_before in 0u32..200,
        back in 0u32..5,
        next in (any::<Index>(), any::<Index>()),
    ) {
        let o = options(rules, algorithm, TieBreak::LargerG, None);
        let mut s = world.search(o);
        s.advance(steps_before);
        for _ in 0..back {
            s.step_back();
        }
        let passable: Vec<usize> = (0..world.grid.cell_count()).filter(|&i| world.grid.terrain()[i] != 0).collect();
        let other = World {
            start: world.grid.point(passable[next.0.index(passable.len())]),
            goal: world.grid.point(passable[next.1.index(passable.len())]),
            grid: world.grid.clone(),
        };
        s.restart(other.start, other.goal).unwrap();
        let mut fresh = other.search(o);
        prop_assert_eq!(snapshot(s.as_ref()), snapshot(fresh.as_ref()));
        prop_assert_eq!(s.total_steps(), None);
        prop_assert_eq!(s.run(), fresh.run());
        prop_assert_eq!(snapshot(s.as_ref()), snapshot(fresh.as_ref()));
    }
}

#[test]
fn the_engine_and_this_file_agree_on_which_heuristics_are_admissible() {
    for &directions in &[Directions::Four, Directions::Eight] {
        for &diagonal in DiagonalRule::ALL {
            for &costs in CostModel::ALL {
                let rules = Rules {
                    directions,
                    diagonal,
                    costs,
                };
                let ours = rules.sound_heuristics();
                for &h in Heuristic::ALL {
                    let o = options(rules, Algorithm::AStar, TieBreak::LargerG, Some(h));
                    let verdict = o.admissibility();
                    assert_eq!(
                        verdict.admissible,
                        ours.contains(&h),
                        "{rules:?} {h}: {verdict:?}"
                    );
                    assert_eq!(verdict.admissible, verdict.reason.is_none());
                }
            }
        }
    }
}

// ---- Text formats ----

/// Lines and columns count from 1, and the line exists (or is the one just past the end,
/// for something missing).
fn check_position(text: &str, e: &ParseError) -> Result<(), TestCaseError> {
    prop_assert!(e.line >= 1 && e.column >= 1, "{:?}", e);
    prop_assert!(
        e.line <= text.lines().count() + 1,
        "{:?} in {} lines",
        e,
        text.lines().count()
    );
    prop_assert!(!e.problem.to_string().is_empty());
    Ok(())
}

/// Feeds `text` to every reader; none may panic, errors must say where, and a map that
/// reads must write back and read again unchanged.
fn read_everything(text: &str) -> Result<(), TestCaseError> {
    match parse_map(text) {
        Ok(map) => {
            let again = rewrite(&map).map_err(TestCaseError::fail)?;
            prop_assert_eq!(again, map);
        }
        Err(e) => check_position(text, &e)?,
    }
    if let Err(e) = parse_scenarios(text) {
        check_position(text, &e)?;
    }
    match MapEditor::from_text(text) {
        Err(EditError::Parse(e)) => check_position(text, &e)?,
        Err(EditError::Own(EditProblem::TooSmall)) | Ok(_) => {}
        Err(other) => prop_assert!(false, "unexpected error {:?}", other),
    }
    Ok(())
}

/// Writes a map in its own format and reads it back.
fn rewrite(map: &TextMap) -> Result<TextMap, String> {
    let text =
        write_map(&map.grid, map.start, map.goal, map.format, &[]).map_err(|e| e.to_string())?;
    parse_map(&text).map_err(|e| format!("{e}\n{text}"))
}

const TUTORIAL_MAPS: [&str; 4] = [
    include_str!("maps/tutorial/wall_between.txt"),
    include_str!("maps/tutorial/corner_squeeze.txt"),
    include_str!("maps/tutorial/multimap.txt"),
    "O O 5 O\nS X 9 E\n",
];
const MOVING_AI_MAP: &str = "type octile\nheight 4\nwidth 5\nmap\n..@..\n.@T..\nGS.W.\n.....\n";
const SCENARIOS: &str = "version 1\n\
    0\tarena2.map\t281\t209\t99\t159\t101\t162\t3.82842712\n\
    3\tarena2.map\t281\t209\t64\t128\t76\t118\t15.24264069\n";
const OLD_SCENARIOS: &str = "version 1.0\n1 maze.map 512 512 10 20 30 40 55.5\n";

fn valid_text() -> impl Strategy<Value = String> {
    let mut texts: Vec<String> = TUTORIAL_MAPS.iter().map(|t| t.to_string()).collect();
    texts.extend([MOVING_AI_MAP, SCENARIOS, OLD_SCENARIOS].map(String::from));
    select(texts)
}

/// Edits that keep a text almost valid, where the parsers' edge cases live.
#[derive(Clone, Debug)]
enum Mutation {
    Insert(Index, char),
    Delete(Index),
    Replace(Index, char),
    Truncate(Index),
    Crlf,
    Number(Index, &'static str),
    DuplicateLine(Index),
    DropLine(Index),
}

const NUMBERS: [&str; 12] = [
    "0",
    "1",
    "2048",
    "2049",
    "4294967295",
    "4294967296",
    "99999999999999999999999",
    "-1",
    "1e308",
    "NaN",
    "inf",
    "",
];

fn near_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => select("OXSE.+sd*-@GTW0123456789 \t\r\n\u{feff}\u{a0}é".chars().collect::<Vec<_>>()),
        1 => any::<char>(),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<Index>(), near_char()).prop_map(|(i, c)| Mutation::Insert(i, c)),
        any::<Index>().prop_map(Mutation::Delete),
        (any::<Index>(), near_char()).prop_map(|(i, c)| Mutation::Replace(i, c)),
        any::<Index>().prop_map(Mutation::Truncate),
        Just(Mutation::Crlf),
        (any::<Index>(), select(NUMBERS.to_vec())).prop_map(|(i, n)| Mutation::Number(i, n)),
        any::<Index>().prop_map(Mutation::DuplicateLine),
        any::<Index>().prop_map(Mutation::DropLine),
    ]
}

fn mutate(text: &str, m: &Mutation) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    match m {
        Mutation::Insert(i, c) => chars.insert(i.index(n + 1), *c),
        Mutation::Delete(i) if n > 0 => {
            chars.remove(i.index(n));
        }
        Mutation::Replace(i, c) if n > 0 => chars[i.index(n)] = *c,
        Mutation::Truncate(i) => chars.truncate(i.index(n + 1)),
        Mutation::Crlf => return text.replace('\n', "\r\n"),
        Mutation::Number(i, with) => {
            // Replace the i-th run of digits.
            let runs: Vec<(usize, usize)> = chars
                .iter()
                .enumerate()
                .filter(|&(k, c)| c.is_ascii_digit() && (k == 0 || !chars[k - 1].is_ascii_digit()))
                .map(|(k, _)| {
                    (
                        k,
                        chars[k..].iter().take_while(|c| c.is_ascii_digit()).count(),
                    )
                })
                .collect();
            if !runs.is_empty() {
                let (at, len) = runs[i.index(runs.len())];
                chars.splice(at..at + len, with.chars());
            }
        }
        Mutation::DuplicateLine(i) if !lines.is_empty() => {
            let k = i.index(lines.len());
            let mut out: Vec<&str> = lines.clone();
            out.insert(k, lines[k]);
            return out.concat();
        }
        Mutation::DropLine(i) if !lines.is_empty() => {
            let mut out = lines.clone();
            out.remove(i.index(lines.len()));
            return out.concat();
        }
        _ => {}
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn readers_survive_arbitrary_text(text in any::<String>()) {
        read_everything(&text)?;
    }

    #[test]
    fn readers_survive_text_made_of_map_characters(
        text in "[OXSE.+sd*@GTW0-9 \t\r\n-]{0,120}",
        header in prop_oneof![Just(""), Just("type octile\nheight 3\nwidth 4\nmap\n"), Just("version 1\n")],
    ) {
        read_everything(&format!("{header}{text}"))?;
    }

    #[test]
    fn readers_survive_edits_of_valid_files(
        text in valid_text(),
        edits in prop::collection::vec(mutation(), 1..5),
    ) {
        let edited = edits.iter().fold(text, |t, m| mutate(&t, m));
        read_everything(&edited)?;
    }
}

/// Random worlds as text: start and goal on plain ground (the letters carry no weight).
fn text_world() -> impl Strategy<Value = World> {
    world(16)
        .prop_filter("start and goal need their own cells", |w| w.start != w.goal)
        .prop_map(|mut w| {
            let mut terrain = w.grid.terrain().to_vec();
            terrain[w.start_index()] = 1;
            terrain[w.goal_index()] = 1;
            w.grid = Grid::from_terrain(w.grid.width(), w.grid.height(), terrain).unwrap();
            w
        })
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn writing_then_reading_a_map_is_the_identity(world in text_world()) {
        for format in [MapFormat::Ox, MapFormat::Dot] {
            let text = write_map(&world.grid, Some(world.start), Some(world.goal), format, &[]).unwrap();
            let map = parse_map(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(&map.grid, &world.grid);
            prop_assert_eq!((map.start, map.goal, map.format), (Some(world.start), Some(world.goal), format));
            // Read from the editor and written again: the same text, CRLF or not.
            let editor = MapEditor::from_text(&text.replace('\n', "\r\n")).unwrap();
            prop_assert_eq!(editor.to_text(format).unwrap(), text);
        }
        // Moving AI holds walls and plain ground only.
        let plain: Vec<u8> = world.grid.terrain().iter().map(|&t| t.min(1)).collect();
        let grid = Grid::from_terrain(world.grid.width(), world.grid.height(), plain).unwrap();
        let text = write_map(&grid, None, None, MapFormat::MovingAi, &[]).unwrap();
        let map = parse_map(&text).unwrap();
        prop_assert_eq!((map.grid, map.start, map.goal, map.format), (grid, None, None, MapFormat::MovingAi));
        if world.grid.terrain().iter().any(|&t| t > 1) {
            prop_assert!(write_map(&world.grid, None, None, MapFormat::MovingAi, &[]).is_err());
        }
    }

    #[test]
    fn scenario_lines_read_back_their_values(
        rows in prop::collection::vec((0u32..100, 1u32..=2048, 1u32..=2048, any::<(Index, Index, Index, Index)>(), 0.0..3000.0f64), 1..20),
        old_version in any::<bool>(),
    ) {
        let (header, sep) = if old_version { ("version 1.0", " ") } else { ("version 1", "\t") };
        let mut text = format!("{header}\n");
        let mut expected = Vec::new();
        for (bucket, width, height, (sx, sy, gx, gy), optimal) in rows {
            let start = Point::new(sx.index(width as usize) as u32, sy.index(height as usize) as u32);
            let goal = Point::new(gx.index(width as usize) as u32, gy.index(height as usize) as u32);
            let fields = [bucket.to_string(), "some.map".into(), width.to_string(), height.to_string(),
                start.x.to_string(), start.y.to_string(), goal.x.to_string(), goal.y.to_string(), optimal.to_string()];
            text.push_str(&fields.join(sep));
            text.push('\n');
            expected.push((bucket, width, height, start, goal, optimal));
        }
        let read: Vec<_> = parse_scenarios(&text)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?
            .into_iter()
            .map(|s| {
                prop_assert_eq!(s.map.as_str(), "some.map");
                Ok((s.bucket, s.width, s.height, s.start, s.goal, s.optimal))
            })
            .collect::<Result<_, TestCaseError>>()?;
        prop_assert_eq!(read, expected);
    }
}

#[test]
fn the_benchmark_maps_write_back_unchanged() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/movingai");
    for name in ["arena2.map", "Berlin_0_512.map"] {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
        let map = parse_map(&text).unwrap();
        assert_eq!(rewrite(&map).unwrap(), map, "{name}");
    }
}

// IDA* and the bidirectional searches, through the stepwise interface every finder shares.

/// The finders with loops of their own, by name.
const OWN_LOOPS: [&str; 5] = ["idastar", "bi-astar", "bi-dijkstra", "bi-bfs", "bi-greedy"];

fn make(world: &World, o: SearchOptions, name: &str) -> Box<dyn Finder> {
    let o = SearchOptions {
        algorithm: name.parse().unwrap(),
        ..o
    };
    new_finder(world.grid.clone(), world.start, world.goal, o).unwrap()
}

fn finder_cost(
    world: &World,
    rules: Rules,
    f: &mut dyn Finder,
) -> Result<Option<u64>, TestCaseError> {
    match f.finish() {
        Status::Found => {
            let cost = rules
                .path_cost(
                    &world.grid,
                    world.start_index(),
                    world.goal_index(),
                    f.path(),
                )
                .map_err(TestCaseError::fail)?;
            prop_assert_eq!(f.path_cost(), Some(rules.shown_cost(&world.grid, f.path())));
            prop_assert_eq!(f.path_steps(), Some(f.path().len() as u32 - 1));
            Ok(Some(cost))
        }
        Status::NoPath => Ok(None),
        other => Err(TestCaseError::fail(format!("ended {other:?}"))),
    }
}

proptest! {
    #![proptest_config(config(150))]

    #[test]
    fn ida_star_and_bidirectional_a_star_and_dijkstra_are_optimal(
        world in world(16),
        rules in Rules::any(),
        tie_break in select(TieBreak::ALL),
        pick in any::<Index>(),
    ) {
        let oracle = rules.shortest_costs(&world.grid, world.start_index())[world.goal_index()];
        let heuristics = rules.sound_heuristics();
        let heuristic = heuristics[pick.index(heuristics.len())];
        let a_star = options(rules, Algorithm::AStar, tie_break, Some(heuristic));
        for which in ["idastar", "bi-astar", "bi-dijkstra"] {
            let mut f = make(&world, a_star, which);
            if which == "idastar" && f.finish() == Status::LimitReached {
                // IDA* makes one iteration per distinct F (many with terrain weights or exact
                // costs), so it may stop at its stated node limit; when it ends, it is optimal.
                continue;
            }
            prop_assert_eq!(finder_cost(&world, rules, f.as_mut())?, oracle, "{:?} {:?}", which, heuristic);
        }
        let fewest = fewest_moves(rules, &world.grid, world.start_index())[world.goal_index()];
        let mut bfs = make(&world, a_star, "bi-bfs");
        let cost = finder_cost(&world, rules, bfs.as_mut())?;
        prop_assert_eq!(cost.is_some(), oracle.is_some());
        prop_assert_eq!(bfs.path_steps(), fewest, "bidirectional BFS takes the fewest moves");
        let mut greedy = make(&world, a_star, "bi-greedy");
        let cost = finder_cost(&world, rules, greedy.as_mut())?;
        prop_assert_eq!(cost.is_some(), oracle.is_some());
        prop_assert!(cost >= oracle);
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn ida_star_and_bidirectional_steps_undo_exactly(
        world in world(10),
        rules in Rules::any(),
        which in select(OWN_LOOPS.to_vec()),
        tie_break in select(TieBreak::ALL),
        ops in prop::collection::vec(op(), 1..40),
    ) {
        let o = options(rules, Algorithm::AStar, tie_break, None);
        let mut reference = make(&world, o, which);
        let (events, snaps) = record_run(reference.as_mut(), |_, _| Ok(()))?;
        prop_assert_eq!(reference.total_steps(), Some(events.len() as u32));
        check_replay(make(&world, o, which).as_mut(), &events, &snaps, &ops)?;
    }
}
