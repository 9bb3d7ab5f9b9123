//! Navigation in unknown terrain, with D* Lite and with both baselines of A* from scratch:
//! every cell the agent stands on is judged against the map as this file works out the
//! agent knows it there (the brute-force oracle in `common` gives the shortest costs): the planned cost is
//! the optimal one, and the next move is legal and on an optimal path of that map. Then the
//! two examples: Koenig and Likhachev's small grid and a wall that forces a long detour.

mod common;

use astar_visualizer::dynamic::navigation::{
    min_sensor_radius, Navigation, NavigationError, Visit,
};
use astar_visualizer::dynamic::walk::Walk;
use astar_visualizer::finder::repairing::QueuedKey;
use astar_visualizer::formats::map_text::parse_map;
use astar_visualizer::vocabulary::agent::{Arrival, PlannerKind};
use astar_visualizer::vocabulary::events::StepEvent;
use astar_visualizer::vocabulary::status::{Counters, FinderInfo};
use astar_visualizer::{Algorithm, Finder, Search};
use astar_visualizer::{CostModel, DiagonalRule, Directions, Grid, Point, SearchOptions, TieBreak};
use common::Rules;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestCaseError;

const DYNAMIC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/dynamic");

fn options(rules: Rules, tie_break: TieBreak) -> SearchOptions {
    SearchOptions {
        tie_break,
        directions: rules.directions,
        diagonal: rules.diagonal,
        costs: rules.costs,
        ..SearchOptions::default()
    }
}

/// Walks to the end; checks each visit against the known map as rebuilt here; returns the
/// visits and how the walk ended.
fn walk_and_check(
    world: &Grid,
    start: Point,
    goal: Point,
    rules: Rules,
    tie_break: TieBreak,
    radius: f64,
    planner: PlannerKind,
) -> Result<(Vec<Visit>, Arrival), TestCaseError> {
    let o = options(rules, tie_break);
    let mut walk = Navigation::new(world.clone(), start, goal, o, radius, planner).unwrap();
    let mut known = Grid::new(world.width(), world.height()).unwrap();
    let mut visits: Vec<Visit> = Vec::new();
    let mut travelled = 0u64;
    let scale = rules.costs.scale();
    while let Some(visit) = walk.advance() {
        let at = known.index(visit.at);
        if let Some(before) = visits.last() {
            // The move just made: legal, and on an optimal path of the map as known
            // where it began.
            let from = known.index(before.at);
            let step = rules
                .moves_from(&known, from)
                .into_iter()
                .find(|&(to, _)| to == at);
            prop_assert!(
                step.is_some(),
                "{:?} -> {:?} is not a move",
                before.at,
                visit.at
            );
            let cost = step.unwrap().1;
            let to_goal = |cell| rules.shortest_costs(&known, cell)[known.index(goal)];
            prop_assert_eq!(
                to_goal(at).map(|rest| cost + rest),
                to_goal(from),
                "{:?} -> {:?} is not on a shortest path",
                before.at,
                visit.at
            );
            travelled += rules
                .moves_from(world, from)
                .iter()
                .find(|m| m.0 == at)
                .unwrap()
                .1;
        }
        prop_assert_eq!(visit.k as usize, visits.len());
        if visit.at != goal || visits.is_empty() {
            // What the sensor sees from here.
            let r = radius.floor() as i64;
            for dy in -r..=r {
                for dx in -r..=r {
                    let (x, y) = (i64::from(visit.at.x) + dx, i64::from(visit.at.y) + dy);
                    if ((dx * dx + dy * dy) as f64) <= radius * radius && world.contains(x, y) {
                        let p = Point::new(x as u32, y as u32);
                        known.set(p, world.get(p).unwrap()).unwrap();
                    }
                }
            }
        }
        let optimal = rules.shortest_costs(&known, at)[known.index(goal)];
        // The planned cost is its path's exact sum; the oracle counts a diagonal as the
        // rounded 1,414,214 units, 0.44 of a unit off sqrt 2 (times the weight of the cell it
        // enters): no more than that apart per diagonal of the path.
        let close = match (visit.planned, optimal) {
            (Some(planned), Some(optimal)) => {
                let units = optimal as f64;
                (planned * scale - units).abs() <= 0.44 * units / 1_414_214.0 + 1e-6
            }
            (planned, optimal) => planned.is_none() && optimal.is_none(),
        };
        prop_assert!(
            close,
            "planned cost {:?} at {:?}, optimal {optimal:?} units",
            visit.planned,
            visit.at
        );
        visits.push(visit);
    }
    let arrival = walk.arrival().expect("ended");
    match arrival {
        Arrival::Arrived {
            travelled: t,
            expanded,
        } => {
            prop_assert_eq!(visits.last().unwrap().at, goal);
            prop_assert_eq!((t * scale).round() as u64, travelled);
            let cells: Vec<u32> = visits.iter().map(|v| world.index(v.at) as u32).collect();
            let walked = rules.path_cost(world, world.index(start), world.index(goal), &cells);
            prop_assert_eq!(walked, Ok(travelled));
            let total: u64 = visits.iter().map(|v| u64::from(v.expanded)).sum();
            prop_assert_eq!(expanded, total);
        }
        Arrival::Unreachable { k } => {
            prop_assert_eq!(visits.last().unwrap().planned, None);
            prop_assert_eq!(k, visits.last().unwrap().k);
        }
    }
    Ok((visits, arrival))
}

/// Maps up to 12 a side, walls up to about 40%, some with terrain weights.
fn world() -> impl Strategy<Value = (Grid, Point, Point)> {
    (2..=12u32, 2..=12u32, 0u8..40, any::<bool>())
        .prop_flat_map(|(w, h, density, weighted)| {
            let n = (w * h) as usize;
            (
                Just((w, h, density, weighted)),
                prop::collection::vec((0u8..100, 1u8..=9), n),
                0..n,
                0..n,
            )
        })
        .prop_map(|((w, h, density, weighted), cells, s, g)| {
            let mut terrain: Vec<u8> = cells
                .iter()
                .map(|&(r, k)| match (r < density, weighted) {
                    (true, _) => 0,
                    (false, true) => k,
                    (false, false) => 1,
                })
                .collect();
            terrain[s] = terrain[s].max(1);
            terrain[g] = terrain[g].max(1);
            let grid = Grid::from_terrain(w, h, terrain).unwrap();
            let (start, goal) = (grid.point(s), grid.point(g));
            (grid, start, goal)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_move_is_on_a_shortest_path_of_the_known_map(
        (world, start, goal) in world(),
        rules in Rules::any(),
        radius in select(vec![1.5, 2.0, 2.5, 3.0, 4.5]),
        planner in select(PlannerKind::ALL.to_vec()),
        tie_break in select(vec![TieBreak::LargerG, TieBreak::SmallerG]),
    ) {
        walk_and_check(&world, start, goal, rules, tie_break, radius, planner)?;
    }
}

/// The options and sensor radius of a walk: any square-grid rule, or 16, 32 or blink (costs
/// 10/14 or exact, a corner rule that lets a diagonal pass, a blink penalty octile does not
/// overestimate with), with the least radius the moves need or more.
fn walk_options() -> impl Strategy<Value = (SearchOptions, f64)> {
    let square = Rules::any().prop_map(|rules| options(rules, TieBreak::LargerG));
    let wide = (
        select(vec![
            Directions::Sixteen,
            Directions::ThirtyTwo,
            Directions::Blink,
        ]),
        select(vec![
            DiagonalRule::Always,
            DiagonalRule::IfAtMostOneObstacle,
            DiagonalRule::OnlyWhenNoObstacles,
        ]),
        select(vec![CostModel::TenFourteen, CostModel::Exact]),
        select(vec![0.5, 1.0]),
    )
        .prop_map(|(directions, diagonal, costs, blink_cost)| SearchOptions {
            directions,
            diagonal,
            costs,
            blink_cost,
            ..SearchOptions::default()
        });
    (prop_oneof![square, wide], select(vec![0.0, 0.5, 1.5]))
        .prop_map(|(o, more)| (o, min_sensor_radius(&*o.topology()) + more))
}

/// Everything a step back must put back in a D* Lite walk, as the page reads it.
#[derive(Debug, PartialEq)]
struct Shown {
    at: Point,
    known: Vec<u8>,
    seen: Vec<u8>,
    trail: Vec<u32>,
    g: Vec<f64>,
    rhs: Vec<f64>,
    records: Vec<u8>,
    marks: Vec<u16>,
    queue: Vec<QueuedKey>,
    k_m: f64,
    path: Vec<u32>,
    counters: Counters,
    info: FinderInfo,
}

fn shown(walk: &Walk) -> Shown {
    let navigation = walk.navigation();
    let d_star_lite = navigation.finder().unwrap();
    Shown {
        at: navigation.position(),
        known: navigation.known().terrain().to_vec(),
        seen: navigation.seen().to_vec(),
        trail: navigation.trail().to_vec(),
        g: walk.g_values().to_vec(),
        rhs: d_star_lite.rhs_values().to_vec(),
        records: walk.records().to_vec(),
        marks: walk.marks().to_vec(),
        queue: d_star_lite.queue(usize::MAX),
        k_m: d_star_lite.k_m(),
        path: walk.path().to_vec(),
        counters: walk.counters(),
        info: walk.info(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A D* Lite walk keeps the log of its latest repairs only, up to a budget a small
    /// map soon fills, and makes its search again from the first one to step back past
    /// it: wherever it is taken, back or on, by a move or in one go, it shows what it
    /// showed there, and tells the same moves again; on the square grid and with 16, 32 or
    /// blink moves alike.
    #[test]
    fn a_d_star_lite_walk_is_exact_wherever_it_is_taken(
        (world, start, goal) in world(),
        (base, radius) in walk_options(),
        tie_break in select(vec![TieBreak::LargerG, TieBreak::SmallerG]),
        targets in prop::collection::vec((0.0..=1.0f64, any::<bool>()), 1..12),
    ) {
        let o = SearchOptions { algorithm: Algorithm::DStarLite, tie_break, ..base };
        let mut walk = Walk::new(world, start, goal, o, radius, PlannerKind::DStarLite).unwrap();
        let mut states = vec![shown(&walk)];
        let mut events = Vec::new();
        while let Some(event) = walk.step() {
            events.push(event);
            states.push(shown(&walk));
            // What A* from scratch would expand, from a search of its own made now.
            let navigation = walk.navigation();
            let a_star = SearchOptions { algorithm: Algorithm::AStar, ..o };
            let fresh = Search::new(navigation.known().clone(), navigation.position(), goal, a_star)
                .map_or(0, |mut search| {
                    search.run();
                    search.counters().expanded
                });
            prop_assert_eq!(walk.info().from_scratch_expanded, Some(fresh));
        }
        let moves = events.len() as u32;
        for (share, one_at_a_time) in targets {
            let target = (share * f64::from(moves)).round() as u32;
            if one_at_a_time {
                while walk.counters().steps > target {
                    prop_assert!(walk.step_back());
                    let k = walk.counters().steps as usize;
                    prop_assert_eq!(&shown(&walk), &states[k], "stepped back to move {}", k);
                }
                while walk.counters().steps < target {
                    let k = walk.counters().steps as usize;
                    prop_assert_eq!(walk.step(), Some(events[k].clone()));
                    prop_assert_eq!(&shown(&walk), &states[k + 1], "stepped on to move {}", k + 1);
                }
            } else {
                prop_assert_eq!(walk.seek(target), target);
                prop_assert_eq!(&shown(&walk), &states[target as usize], "sought move {}", target);
            }
        }
        walk.seek(0);
        prop_assert_eq!(&shown(&walk), &states[0]);
        let again: Vec<StepEvent> = std::iter::from_fn(|| walk.step()).collect();
        prop_assert_eq!(again, events);
    }
}

fn load(name: &str) -> (Grid, Point, Point) {
    let text = std::fs::read_to_string(format!("{DYNAMIC}/{name}")).unwrap();
    let map = parse_map(&text).unwrap();
    (map.grid, map.start.unwrap(), map.goal.unwrap())
}

fn positions(visits: &[Visit]) -> Vec<(u32, u32)> {
    visits.iter().map(|v| (v.at.x, v.at.y)).collect()
}

/// Koenig and Likhachev's small example (IEEE T-RO 2005): three rows of five cells, a
/// wall in the middle the agent cannot see from the start, 8-connected with every move
/// costing 1 and diagonals free to pass the wall's corner, sensor radius 1.5, ties broken
/// as the paper breaks them. The agent
/// plans the straight row (cost 4), steps in, sees the wall, and D* Lite repairs without a
/// single expansion: every cell keeps a route of the same cost around it. The walk costs 4.
#[test]
fn the_d_star_lite_paper_example() {
    let (world, start, goal) = load("koenig_likhachev_3x5.txt");
    let rules = Rules {
        directions: Directions::Eight,
        diagonal: DiagonalRule::Always,
        costs: CostModel::Unit,
    };
    // The paper's order: ties on k1 go to the smaller k2.
    let paper = TieBreak::SmallerG;
    let (visits, arrival) = walk_and_check(
        &world,
        start,
        goal,
        rules,
        paper,
        1.5,
        PlannerKind::DStarLite,
    )
    .unwrap();
    assert_eq!(positions(&visits), [(0, 1), (1, 1), (2, 0), (3, 0), (4, 1)]);
    let planned: Vec<Option<f64>> = visits.iter().map(|v| v.planned).collect();
    assert_eq!(
        planned,
        [Some(4.0), Some(3.0), Some(2.0), Some(1.0), Some(0.0)]
    );
    // The first search expands the five cells of the middle row and the six around the
    // start and the cells beside it; after the wall is seen nothing needs expanding.
    assert_eq!(visits[1].expanded, 0);
    assert!(matches!(arrival, Arrival::Arrived { travelled, .. } if travelled == 4.0));
    // The same walk with A* from scratch: the wall lies on its path, so it replans.
    let (visits, arrival) =
        walk_and_check(&world, start, goal, rules, paper, 1.5, PlannerKind::AStar).unwrap();
    assert!(visits[1].expanded > 0);
    assert!(matches!(arrival, Arrival::Arrived { travelled, .. } if travelled == 4.0));
}

/// A wall across the map, open only along the bottom row: the agent heads straight for
/// the goal, finds the wall, follows it, and has to go round by the bottom row.
#[test]
fn a_wall_found_late_forces_a_long_detour() {
    let (world, start, goal) = load("detour_20x15.txt");
    let rules = Rules {
        directions: Directions::Eight,
        diagonal: DiagonalRule::IfAtMostOneObstacle,
        costs: CostModel::TenFourteen,
    };
    let known_optimum = rules.shortest_costs(&world, world.index(start))[world.index(goal)];
    assert_eq!(known_optimum, Some(246));
    for &planner in PlannerKind::ALL {
        let (visits, arrival) =
            walk_and_check(&world, start, goal, rules, TieBreak::LargerG, 3.0, planner).unwrap();
        assert_eq!(visits[0].planned, Some(190.0), "the straight line at first");
        let Arrival::Arrived { travelled, .. } = arrival else {
            panic!("{planner:?} did not arrive");
        };
        // Longer than the shortest path of the real map, through the gap at the bottom.
        assert!(travelled > 246.0, "{planner:?} travelled {travelled}");
        assert!(
            visits.iter().any(|v| v.at == Point::new(10, 14)),
            "{planner:?}"
        );
        if planner == PlannerKind::DStarLite {
            // Its ties lead it up along the wall to the top edge before it knows the way
            // is below.
            assert!(visits.iter().any(|v| v.at.y <= 2));
            assert_eq!(travelled, 376.0);
        }
    }
}

#[test]
fn a_sensor_that_cannot_see_the_cells_around_is_refused() {
    let (world, start, goal) = load("koenig_likhachev_3x5.txt");
    for radius in [1.0, 1.49, f64::NAN] {
        let refused = Navigation::new(
            world.clone(),
            start,
            goal,
            SearchOptions::default(),
            radius,
            PlannerKind::DStarLite,
        );
        assert!(
            matches!(refused, Err(NavigationError::SensorRadius { .. })),
            "{radius}"
        );
    }
}

/// A move of 16, 32 or blink depends on cells as far as its landing cell: a sensor that
/// does not reach the longest move's is refused, naming the radius needed.
#[test]
fn a_sensor_that_cannot_see_a_long_moves_cells_is_refused() {
    let (world, start, goal) = load("detour_20x15.txt");
    for (directions, min) in [
        (Directions::Sixteen, 2.24),
        (Directions::ThirtyTwo, 3.61),
        (Directions::Blink, 2.83),
    ] {
        let o = SearchOptions {
            directions,
            ..SearchOptions::default()
        };
        let walk = |radius| {
            Navigation::new(
                world.clone(),
                start,
                goal,
                o,
                radius,
                PlannerKind::DStarLite,
            )
        };
        for radius in [1.0, min - 0.01] {
            let Err(refused) = walk(radius) else {
                panic!("{directions:?} took a radius of {radius}");
            };
            assert_eq!(
                refused.to_string(),
                format!(
                    "the sensor radius must be at least {min} (the agent sees every cell its \
                     moves cross), found {radius}"
                )
            );
        }
        let mut walk = walk(min).unwrap();
        while walk.advance().is_some() {}
        assert!(matches!(walk.arrival(), Some(Arrival::Arrived { .. })));
    }
}
