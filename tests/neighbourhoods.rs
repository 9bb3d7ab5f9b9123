//! The neighbourhoods beyond the 8-grid (16, 32 and blink) against a Dijkstra written here,
//! apart from the engine: its own move lists, its own segment test (which cell interiors a
//! segment crosses, in integer arithmetic on doubled coordinates, and which grid points it
//! passes through), its own costs. Every finder that takes them finds what it finds (the
//! optimal ones its cost, breadth-first ones its fewest moves, greedy ones a legal path),
//! and every step undoes exactly. The heuristic is that Dijkstra's distance on open ground.
//! On the Moving AI maps 16 and 32 neighbours are optimal and never longer than the
//! scenario's 8-neighbour optimum, on one scenario per map sampled in file order (see
//! `moving_ai_wide_paths_are_optimal_and_no_longer_than_eight`).

#[path = "common/judge.rs"]
mod judge;
#[path = "common/nearest.rs"]
mod nearest;
#[path = "common/random_scene.rs"]
mod random_scene;
#[path = "common/undo.rs"]
mod undo;

use judge::{every_finder, repairs_match, Truth};
use random_scene::{random_numbers, random_scene};

use astar_visualizer::dynamic::navigation::{min_sensor_radius, Navigation};
use astar_visualizer::formats::map_text::parse_map;
use astar_visualizer::formats::scenario::parse_scenarios;
use astar_visualizer::geometry::movement::{CostModel, DiagonalRule, Directions};
use astar_visualizer::vocabulary::agent::{Arrival, PlannerKind};
use astar_visualizer::{
    new_finder, Algorithm, Grid, Heuristic, Point, SearchError, SearchOptions, Status,
};

/// The moves of each neighbourhood, as this file lists them.
fn moves(directions: Directions) -> Vec<(i64, i64)> {
    let all = (-3..=3i64).flat_map(|dx| (-3..=3i64).map(move |dy| (dx, dy)));
    let primitive = |&(dx, dy): &(i64, i64)| {
        let (a, b) = (dx.abs(), dy.abs());
        (a, b) != (0, 0) && (1..=3).all(|k| k == 1 || a % k != 0 || b % k != 0)
    };
    match directions {
        Directions::Sixteen => all
            .filter(primitive)
            .filter(|&(dx, dy)| dx.abs().max(dy.abs()) <= 2)
            .collect(),
        // Primitive and within 3: (1,0), (1,1), (1,2), (1,3), (2,3) and their turns.
        Directions::ThirtyTwo => all.filter(primitive).collect(),
        Directions::Blink => all
            .filter(|&(dx, dy)| (dx, dy) != (0, 0) && dx.abs().max(dy.abs()) <= 2)
            .collect(),
        _ => unreachable!("only the wider neighbourhoods here"),
    }
}

type Cell = (i64, i64);

fn free(grid: &Grid, x: i64, y: i64) -> bool {
    grid.index_of(x, y).is_ok_and(|i| grid.is_passable_at(i))
}

/// The cells strictly between the ends whose interior the segment between the centres of
/// (x, y) and (x + dx, y + dy) crosses, and the number of walls beside each grid point it
/// passes through, by doubled coordinates: the line's side at a cell's four corners has both
/// signs exactly when it crosses the open cell.
fn crossing(x: i64, y: i64, dx: i64, dy: i64) -> (Vec<Cell>, Vec<[Cell; 2]>) {
    let (px, py) = (2 * x + 1, 2 * y + 1);
    let side = |cx: i64, cy: i64| (2 * dx) * (cy - py) - (2 * dy) * (cx - px);
    let mut cells = Vec::new();
    for cx in x.min(x + dx)..=x.max(x + dx) {
        for cy in y.min(y + dy)..=y.max(y + dy) {
            if (cx, cy) == (x, y) || (cx, cy) == (x + dx, y + dy) {
                continue;
            }
            let s = [(0, 0), (2, 0), (0, 2), (2, 2)].map(|(ox, oy)| side(2 * cx + ox, 2 * cy + oy));
            if s.iter().any(|&v| v < 0) && s.iter().any(|&v| v > 0) {
                cells.push((cx, cy));
            }
        }
    }
    let mut corners = Vec::new();
    for gx in x.min(x + dx) + 1..=x.max(x + dx) {
        for gy in y.min(y + dy) + 1..=y.max(y + dy) {
            if side(2 * gx, 2 * gy) == 0 && dx != 0 && dy != 0 {
                // The two cells at the corner the segment does not enter.
                let (ax, ay) = (gx - i64::from(dx > 0), gy - i64::from(dy < 0));
                let (bx, by) = (gx - i64::from(dx < 0), gy - i64::from(dy > 0));
                corners.push([(ax, ay), (bx, by)]);
            }
        }
    }
    (cells, corners)
}

/// Each move with what it crosses from (0, 0), worked out once.
type Crossing = ((i64, i64), (Vec<Cell>, Vec<[Cell; 2]>));

fn crossings(directions: Directions) -> Vec<Crossing> {
    let all = moves(directions).into_iter();
    all.map(|(dx, dy)| ((dx, dy), crossing(0, 0, dx, dy)))
        .collect()
}

/// Whether the move `m` from (x, y) is legal under `directions`.
fn legal(grid: &Grid, o: &SearchOptions, x: i64, y: i64, m: &Crossing) -> bool {
    let ((dx, dy), (cells, corners)) = m;
    let free = |(cx, cy): &Cell| free(grid, x + cx, y + cy);
    if !free(&(0, 0)) || !free(&(*dx, *dy)) {
        return false;
    }
    let walls = cells.iter().filter(|c| !free(c)).count();
    let blink = o.directions == Directions::Blink && dx.abs().max(dy.abs()) == 2;
    if blink {
        return walls <= 1;
    }
    let corner_ok = |pair: &[Cell; 2]| {
        let beside = pair.iter().filter(|c| !free(c)).count();
        match o.diagonal {
            DiagonalRule::Always => true,
            DiagonalRule::IfAtMostOneObstacle => beside <= 1,
            DiagonalRule::OnlyWhenNoObstacles => beside == 0,
            DiagonalRule::Never => false,
        }
    };
    walls == 0 && corners.iter().all(corner_ok)
}

/// A move's length onto plain ground in straight steps, a blink's with its penalty.
fn length(o: &SearchOptions, (dx, dy): (i64, i64)) -> f64 {
    let blink = o.directions == Directions::Blink && dx.abs().max(dy.abs()) == 2;
    ((dx * dx + dy * dy) as f64).sqrt() + if blink { o.blink_cost } else { 0.0 }
}

/// A move's cost in whole units: 10 a straight step under 10/14, a million under exact
/// costs, rounded to the nearest unit.
fn units(o: &SearchOptions, m: (i64, i64)) -> f64 {
    let unit = match o.costs {
        CostModel::Exact => 1e6,
        _ => 10.0,
    };
    (unit * length(o, m)).round()
}

/// Cost in units from `start` to every cell (`INFINITY`: unreachable), stopping
/// once `stop` is settled; with `fewest` every move counts 1.
fn dijkstra(
    grid: &Grid,
    o: &SearchOptions,
    start: Point,
    stop: Option<Point>,
    fewest: bool,
) -> Vec<f64> {
    let all = crossings(o.directions);
    let stop = stop.map(|p| grid.index(p));
    nearest::dijkstra(grid.cell_count(), grid.index(start), stop, |cell, reach| {
        let p = grid.point(cell);
        let (x, y) = (i64::from(p.x), i64::from(p.y));
        for crossed in all.iter().filter(|crossed| legal(grid, o, x, y, crossed)) {
            let m = crossed.0;
            let next = grid.index_of(x + m.0, y + m.1).unwrap();
            let step = if fewest {
                1.0
            } else {
                units(o, m) * f64::from(grid.terrain()[next])
            };
            reach(next, step);
        }
    })
}

/// A path's moves are legal moves of the neighbourhood; returns its cost in units and its
/// length in straight steps (each times the weight entered).
fn check_path(grid: &Grid, o: &SearchOptions, path: &[u32], case: &str) -> (f64, f64) {
    let all = crossings(o.directions);
    path.windows(2)
        .map(|pair| {
            let (a, b) = (grid.point(pair[0] as usize), grid.point(pair[1] as usize));
            let m = (
                i64::from(b.x) - i64::from(a.x),
                i64::from(b.y) - i64::from(a.y),
            );
            let crossed = all.iter().find(|c| c.0 == m);
            let crossed = crossed.unwrap_or_else(|| panic!("{case}: move {m:?} is not a move"));
            assert!(
                legal(grid, o, a.x.into(), a.y.into(), crossed),
                "{case}: {a:?} by {m:?}"
            );
            let weight = f64::from(grid.terrain()[pair[1] as usize]);
            (units(o, m) * weight, length(o, m) * weight)
        })
        .fold((0.0, 0.0), |(u, l), (a, b)| (u + a, l + b))
}

fn neighbourhoods() -> Vec<SearchOptions> {
    let with = |directions, diagonal, blink_cost, heuristic| SearchOptions {
        directions,
        diagonal,
        blink_cost,
        heuristic,
        ..SearchOptions::default()
    };
    vec![
        with(
            Directions::Sixteen,
            DiagonalRule::IfAtMostOneObstacle,
            1.0,
            None,
        ),
        with(
            Directions::Sixteen,
            DiagonalRule::OnlyWhenNoObstacles,
            1.0,
            None,
        ),
        with(
            Directions::ThirtyTwo,
            DiagonalRule::IfAtMostOneObstacle,
            1.0,
            None,
        ),
        with(Directions::ThirtyTwo, DiagonalRule::Always, 1.0, None),
        with(
            Directions::Blink,
            DiagonalRule::IfAtMostOneObstacle,
            1.0,
            None,
        ),
        with(
            Directions::Blink,
            DiagonalRule::OnlyWhenNoObstacles,
            0.5,
            None,
        ),
        // Below 1 + sqrt 2 - sqrt 5 octile overestimates: the straight line does not.
        with(
            Directions::Blink,
            DiagonalRule::IfAtMostOneObstacle,
            0.0,
            Some(Heuristic::Euclidean),
        ),
    ]
}

/// On random maps with terrain weights, every finder that takes the neighbourhood: optimal
/// costs, fewest moves or a path, legal moves, the reported cost the path's, exact undo. Costs
/// are whole units, so they are compared exactly.
#[test]
fn random_maps_every_finder_against_the_independent_dijkstra() {
    let mut random = random_numbers(0x5eed_0f16_3232_b114);
    for round in 0..60 {
        let Some((grid, start, goal)) = random_scene(&mut random, 4, 7, 35, true) else {
            continue;
        };
        for base in neighbourhoods() {
            let truth = Truth::at(grid.index(goal), |fewest| {
                dijkstra(&grid, &base, start, None, fewest)
            });
            every_finder(
                &grid,
                start,
                goal,
                base,
                &truth,
                1.0,
                round % 6 == 0,
                |o, path, case| check_path(&grid, o, path, case).0,
            );
        }
    }
}

/// Walks in unknown terrain with the sensor radius the neighbourhood needs (the longest
/// move's length: sqrt 5, sqrt 13, sqrt 8, to two decimals up) and more, every planner, on
/// random maps, judged against the map as known here, rebuilt from what a sensor of that
/// radius sees: the agent had seen every cell a move depends on (its landing cell, the
/// cells and corners its segment crosses, the cells a blink passes over) before it took it,
/// each move is legal on the real map and on a shortest path of the map as known, and the
/// cost travelled is that of its moves.
#[test]
fn walks_move_only_over_ground_seen_along_shortest_paths_of_the_known_map() {
    let mut random = random_numbers(0x0a1c_5eed_2024_0016);
    for _ in 0..25 {
        let Some((world, start, goal)) = random_scene(&mut random, 4, 9, 35, true) else {
            continue;
        };
        for o in neighbourhoods() {
            let least = min_sensor_radius(&*o.topology());
            let length = |&((dx, dy), _): &Crossing| ((dx * dx + dy * dy) as f64).sqrt();
            let longest = crossings(o.directions)
                .iter()
                .map(length)
                .fold(0.0, f64::max);
            assert_eq!(
                least,
                (longest * 100.0).ceil() / 100.0,
                "{:?}",
                o.directions
            );
            for (planner, radius) in [
                (PlannerKind::DStarLite, least),
                (PlannerKind::AStar, least),
                (PlannerKind::AStarOnEveryChange, least + 1.0),
            ] {
                let case = format!(
                    "{planner} {:?} r {radius} {start:?}->{goal:?} on {world:?}",
                    o.directions
                );
                walk_over_seen_ground(&world, start, goal, o, radius, planner, &case);
            }
        }
    }
}

fn walk_over_seen_ground(
    world: &Grid,
    start: Point,
    goal: Point,
    o: SearchOptions,
    radius: f64,
    planner: PlannerKind,
    case: &str,
) {
    let all = crossings(o.directions);
    let mut walk = Navigation::new(world.clone(), start, goal, o, radius, planner).unwrap();
    let mut known = Grid::new(world.width(), world.height()).unwrap();
    let mut seen = vec![false; world.cell_count()];
    let (mut travelled, mut last) = (0.0, None::<Point>);
    while let Some(visit) = walk.advance() {
        let at = visit.at;
        if let Some(from) = last {
            let m = (
                i64::from(at.x) - i64::from(from.x),
                i64::from(at.y) - i64::from(from.y),
            );
            let crossed = all.iter().find(|c| c.0 == m);
            let crossed = crossed.unwrap_or_else(|| panic!("{case}: {m:?} is not a move"));
            let (x, y) = (i64::from(from.x), i64::from(from.y));
            let (cells, corners) = &crossed.1;
            for &(dx, dy) in cells.iter().chain(corners.iter().flatten()).chain([&m]) {
                if let Ok(cell) = world.index_of(x + dx, y + dy) {
                    assert!(
                        seen[cell],
                        "{case}: {from:?} by {m:?} over unseen {:?}",
                        world.point(cell)
                    );
                }
            }
            assert!(legal(world, &o, x, y, crossed), "{case}: {from:?} by {m:?}");
            let to_goal = |p: Point| dijkstra(&known, &o, p, None, false)[known.index(goal)];
            let step = units(&o, m) * f64::from(known.get(at).unwrap());
            assert_eq!(
                step + to_goal(at),
                to_goal(from),
                "{case}: {from:?} by {m:?}"
            );
            travelled += units(&o, m) * f64::from(world.get(at).unwrap());
        }
        // What the sensor sees from here.
        for (cell, seen) in seen.iter_mut().enumerate() {
            let p = world.point(cell);
            let (dx, dy) = (
                f64::from(p.x) - f64::from(at.x),
                f64::from(p.y) - f64::from(at.y),
            );
            if dx * dx + dy * dy <= radius * radius {
                *seen = true;
                known.set(p, world.terrain()[cell]).unwrap();
            }
        }
        last = Some(at);
    }
    match walk.arrival() {
        Some(Arrival::Arrived { travelled: t, .. }) => {
            assert_eq!(last, Some(goal), "{case}");
            // Nothing left to go, written "0" (not the "-0" of an empty float sum).
            assert_eq!(walk.planned_cost().map(f64::to_bits), Some(0), "{case}");
            assert_eq!((t * o.costs.scale()).round(), travelled, "{case}");
        }
        other => {
            let from = last.unwrap();
            let cost = dijkstra(&known, &o, from, None, false)[known.index(goal)];
            assert!(
                cost.is_infinite(),
                "{case}: {other:?} with a path of {cost}"
            );
        }
    }
}

/// On open ground the heuristic is the exact distance (Dijkstra's), and consistent: it
/// drops by at most a move's cost across any move.
#[test]
fn octile_is_the_exact_open_ground_distance_and_consistent() {
    let grid = Grid::new(31, 31).unwrap();
    let centre = Point::new(15, 15);
    for o in neighbourhoods()
        .into_iter()
        .filter(|o| o.heuristic.is_none())
    {
        let truth = dijkstra(&grid, &o, centre, None, false);
        assert!(o.admissibility().admissible, "{:?}", o.directions);
        for (cell, &truth) in truth.iter().enumerate() {
            let p = grid.point(cell);
            let goal = new_finder(grid.clone(), p, centre, o).unwrap();
            let (h, _) = goal.estimates(grid.index(p) as u32);
            assert_eq!(h, truth, "{:?} {p:?}", o.directions);
        }
    }
    // A penalty too small for octile is reported, not hidden.
    let cheap = SearchOptions {
        directions: Directions::Blink,
        blink_cost: 0.1,
        ..SearchOptions::default()
    };
    assert!(!cheap.admissibility().admissible);
}

/// Jump Point Search refuses them with its reason.
#[test]
fn jump_point_search_refuses_the_wider_neighbourhoods() {
    for directions in [
        Directions::Sixteen,
        Directions::ThirtyTwo,
        Directions::Blink,
    ] {
        let o = SearchOptions {
            algorithm: Algorithm::JumpPoint,
            directions,
            ..SearchOptions::default()
        };
        let grid = Grid::new(4, 4).unwrap();
        let refused = new_finder(grid, Point::new(0, 0), Point::new(3, 3), o)
            .err()
            .unwrap();
        assert!(
            matches!(refused, SearchError::Options { .. }),
            "{refused:?}"
        );
        assert!(refused.to_string().contains("square grid"), "{refused}");
    }
}

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/movingai");
const MAPS: [&str; 7] = [
    "arena2.map",
    "maze512-1-0.map",
    "random512-10-0.map",
    "8room_000.map",
    "Berlin_0_512.map",
    "lak304d.map",
    "ost003d.map",
];

/// One scenario per map, halfway through its file (the Dijkstra here tests every move's
/// segment cell by cell, and the native test run is near its time limit): under the benchmark's rules (no corner cutting, exact costs) A* with 16 and 32
/// neighbours finds the Dijkstra's cost, no more than the scenario's 8-neighbour optimum.
#[test]
fn moving_ai_wide_paths_are_optimal_and_no_longer_than_eight() {
    for map in MAPS {
        let read = |file: String| std::fs::read_to_string(format!("{DIR}/{file}")).unwrap();
        let grid = parse_map(&read(map.to_string())).unwrap().grid;
        let scenarios = parse_scenarios(&read(format!("{map}.scen"))).unwrap();
        for s in [&scenarios[scenarios.len() / 2]] {
            for directions in [Directions::Sixteen, Directions::ThirtyTwo] {
                let o = SearchOptions {
                    directions,
                    ..SearchOptions::moving_ai()
                };
                assert_eq!(o.costs, CostModel::Exact);
                let mut finder = new_finder(grid.clone(), s.start, s.goal, o).unwrap();
                assert_eq!(finder.run(), Status::Found, "{map} {s:?}");
                let case = format!("{map} {directions:?} {s:?}");
                let (cost, length) = check_path(&grid, &o, finder.path(), &case);
                let truth = dijkstra(&grid, &o, s.start, Some(s.goal), false)[grid.index(s.goal)];
                assert_eq!(cost, truth, "{case}");
                // Shown unrounded, as the square grid's exact costs are.
                assert!(
                    (finder.path_cost().unwrap() - length).abs() < 1e-9,
                    "{case}"
                );
                let cost = length;
                // The files give the optimum to a few decimals (lak304d and ost003d in single
                // precision): compared at that.
                let slack = 1e-5 * s.optimal + 10f64.powi(-(s.decimals as i32));
                assert!(cost <= s.optimal + slack, "{case}: {cost} > {}", s.optimal);
            }
        }
    }
}

/// LPA* and D* Lite repair after walls come and go (a wall changes the moves whose
/// segments cross it, two or three cells away): each answer is the Dijkstra's on the map as
/// edited, and the path's moves are legal there.
#[test]
fn incremental_repairs_match_the_dijkstra_on_the_edited_map() {
    let mut random = random_numbers(0x0dd_ba11_2b10_c4e5);
    for round in 0..40 {
        let base = neighbourhoods()[round % neighbourhoods().len()];
        repairs_match(
            &mut random,
            6,
            80,
            base,
            |world, start, goal| dijkstra(world, &base, start, None, false)[world.index(goal)],
            |world, path, case| check_path(world, &base, path, case).0,
        );
    }
}
