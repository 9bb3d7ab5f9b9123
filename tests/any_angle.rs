//! Theta* and Lazy Theta* against the true shortest any-angle path, found apart from the
//! engine by a visibility graph over the convex wall corners (`common/visibility.rs`), and
//! against the octile A* path on the Moving AI maps. Every segment must obey the sight rule,
//! by that module's test, not the engine's.
//!
//! To keep the run short the Moving AI scenarios are sampled in file order: about 60 per map
//! against octile A*, and for the visibility graph, whose every expansion tests every corner,
//! the first 40 per map (every 7th scenario) that fit a 48x48 window, each searched on that
//! window cut out of the map as a map of its own.

#[path = "common/nearest.rs"]
mod nearest;
#[path = "common/random_scene.rs"]
mod random_scene;
#[path = "common/undo.rs"]
mod undo;
#[path = "common/visibility.rs"]
mod visibility;

use random_scene::{random_numbers, random_scene};
use undo::undo_is_exact;

use astar_visualizer::formats::map_text::parse_map;
use astar_visualizer::formats::scenario::parse_scenarios;
use astar_visualizer::{new_finder, Algorithm, Grid, Point, SearchOptions, Status};

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
const ANY_ANGLE: [Algorithm; 2] = [Algorithm::ThetaStar, Algorithm::LazyThetaStar];

fn options(algorithm: Algorithm) -> SearchOptions {
    SearchOptions {
        algorithm,
        ..SearchOptions::moving_ai()
    }
}

/// The path found, as points, and its reported cost in cells, `None` for no path.
fn solve(
    grid: &Grid,
    start: Point,
    goal: Point,
    algorithm: Algorithm,
) -> Option<(Vec<Point>, f64)> {
    let mut finder = new_finder(grid.clone(), start, goal, options(algorithm)).unwrap();
    (finder.run() == Status::Found).then(|| {
        let path = finder
            .path()
            .iter()
            .map(|&c| grid.point(c as usize))
            .collect();
        (path, finder.path_cost().unwrap())
    })
}

fn load(map: &str) -> (Grid, Vec<astar_visualizer::formats::scenario::Scenario>) {
    let read = |file: String| std::fs::read_to_string(format!("{DIR}/{file}")).unwrap();
    let grid = parse_map(&read(map.to_string())).unwrap().grid;
    (grid, parse_scenarios(&read(format!("{map}.scen"))).unwrap())
}

/// The median and the largest of `values`.
fn median_and_worst(mut values: Vec<f64>) -> (f64, f64) {
    values.sort_by(f64::total_cmp);
    (values[values.len() / 2], values[values.len() - 1])
}

/// On random small maps: a path exactly when there is one, its segments legal, its reported
/// cost its length, never shorter than the true shortest; and every step undone exactly.
#[test]
fn random_maps_legal_segments_never_below_the_true_shortest_and_exact_undo() {
    let mut random = random_numbers(0x1234_5678_9abc_def1);
    let mut excess = Vec::new();
    for round in 0..240 {
        let Some((grid, start, goal)) = random_scene(&mut random, 4, 10, 40, false) else {
            continue;
        };
        let truth = visibility::shortest(&grid, start, goal);
        for algorithm in ANY_ANGLE {
            let case = format!("{algorithm} {start:?} -> {goal:?} on {grid:?}");
            let found = solve(&grid, start, goal, algorithm);
            assert_eq!(found.is_some(), truth.is_some(), "{case}");
            let (Some((path, cost)), Some(truth)) = (found, truth) else {
                continue;
            };
            assert!(visibility::legal(&grid, &path), "{case}: {path:?}");
            assert!((cost - visibility::length(&path)).abs() < 1e-6, "{case}");
            assert!(cost >= truth - 1e-9, "{case}: {cost} < {truth}");
            excess.push(cost / truth.max(1e-9) - 1.0);
            if round % 4 == 0 {
                undo_is_exact(&grid, start, goal, options(algorithm));
            }
        }
    }
    let (median, worst) = median_and_worst(excess);
    println!("random maps: excess over the true shortest, median {median:.4}, worst {worst:.4}");
    assert!(median < 0.01, "median excess {median}");
}

/// About 60 scenarios per Moving AI map: Theta* is no longer than the octile A* path (the
/// scenario's optimal length) on at least 99% of them and never more than 1% longer, Lazy
/// Theta* likewise; every segment is legal.
#[test]
fn moving_ai_any_angle_paths_are_legal_and_no_longer_than_octile() {
    for algorithm in ANY_ANGLE {
        let (mut longer, mut total, mut worst) = (0, 0, 0.0f64);
        for map in MAPS {
            let (grid, scenarios) = load(map);
            let mut finder = new_finder(
                grid.clone(),
                scenarios[0].start,
                scenarios[0].goal,
                options(algorithm),
            )
            .unwrap();
            for s in scenarios.iter().step_by(scenarios.len() / 60) {
                finder.restart(s.start, s.goal).unwrap();
                assert_eq!(finder.run(), Status::Found, "{map} {s:?}");
                let path: Vec<Point> = finder
                    .path()
                    .iter()
                    .map(|&c| grid.point(c as usize))
                    .collect();
                assert!(visibility::legal(&grid, &path), "{algorithm} {map} {s:?}");
                let cost = finder.path_cost().unwrap();
                let octile = s.optimal;
                total += 1;
                longer += usize::from(cost > octile + 1e-6);
                worst = worst.max(cost / octile.max(1e-9) - 1.0);
            }
        }
        println!("{algorithm}: {longer} of {total} longer than octile A*, worst by {worst:.5}");
        assert!(
            longer * 100 <= total,
            "{algorithm}: {longer} of {total} longer"
        );
        assert!(worst <= 0.01, "{algorithm}: {worst} longer");
    }
}

/// The first 40 scenarios per map (every 7th) whose endpoints fit a 48x48 window with 4
/// cells round them, on that window: each finder's path at least the true shortest, the
/// true shortest no longer than octile A*'s; Theta*'s median excess under 1%.
#[test]
fn moving_ai_windows_against_the_true_shortest() {
    let mut excess = [Vec::new(), Vec::new()];
    for map in MAPS {
        let (grid, scenarios) = load(map);
        let mut taken = 0;
        for s in scenarios.iter().step_by(7) {
            let (x0, y0) = (
                s.start.x.min(s.goal.x).saturating_sub(4),
                s.start.y.min(s.goal.y).saturating_sub(4),
            );
            let (x1, y1) = (
                (s.start.x.max(s.goal.x) + 5).min(grid.width()),
                (s.start.y.max(s.goal.y) + 5).min(grid.height()),
            );
            if x1 - x0 > 48 || y1 - y0 > 48 || s.start == s.goal {
                continue;
            }
            let terrain = (y0..y1)
                .flat_map(|y| (x0..x1).map(move |x| (x, y)))
                .map(|(x, y)| grid.terrain()[(y * grid.width() + x) as usize])
                .collect();
            let window = Grid::from_terrain(x1 - x0, y1 - y0, terrain).unwrap();
            let shift = |p: Point| Point::new(p.x - x0, p.y - y0);
            let (start, goal) = (shift(s.start), shift(s.goal));
            let Some(truth) = visibility::shortest(&window, start, goal) else {
                assert!(solve(&window, start, goal, Algorithm::ThetaStar).is_none());
                continue;
            };
            let octile = solve(&window, start, goal, Algorithm::AStar).unwrap().1;
            assert!(truth <= octile + 1e-9, "{map} {s:?}: {truth} > {octile}");
            for (i, algorithm) in ANY_ANGLE.into_iter().enumerate() {
                let (path, cost) = solve(&window, start, goal, algorithm).unwrap();
                assert!(visibility::legal(&window, &path));
                assert!(
                    cost >= truth - 1e-9,
                    "{algorithm} {map} {s:?}: {cost} < {truth}"
                );
                excess[i].push(cost / truth - 1.0);
            }
            taken += 1;
            if taken == 40 {
                break;
            }
        }
    }
    for (algorithm, excess) in ANY_ANGLE.into_iter().zip(excess) {
        let n = excess.len();
        let (median, worst) = median_and_worst(excess);
        println!("{algorithm}: {n} windows, excess over the true shortest: median {median:.5}, worst {worst:.5}");
        assert!(median < 0.01, "{algorithm}: median {median}");
    }
}
