//! `cargo bench --bench any_angle`: Theta* and Lazy Theta* against octile A* (under the same
//! corner rule: a diagonal step may pass one wall's corner) on the Moving AI maps: path length, expansions, line-of-sight tests and time per search on every 10th
//! scenario of each map (the maze every 100th); and each one's excess over the true
//! shortest any-angle path, found by the tests' visibility graph over the convex wall
//! corners, on every scenario (every 3rd, up to 60 per map) that fits a 64x64 window, each
//! searched on that window cut out of the map, since the graph's every expansion tests every
//! corner. Times are the thread's CPU time. `cargo bench --bench any_angle -- arena`
//! measures only the maps whose names contain "arena".

#[path = "support/cpu_time.rs"]
mod cpu_time;
#[path = "support/movingai_maps.rs"]
#[allow(dead_code)]
mod movingai_maps;
#[path = "../tests/common/nearest.rs"]
mod nearest;
#[path = "../tests/common/visibility.rs"]
#[allow(dead_code)]
mod visibility;

use astar_visualizer::formats::scenario::Scenario;
use astar_visualizer::{new_finder, Algorithm, DiagonalRule, Grid, Point, SearchOptions, Status};
use cpu_time::cpu_time;

const FINDERS: [Algorithm; 3] = [
    Algorithm::AStar,
    Algorithm::ThetaStar,
    Algorithm::LazyThetaStar,
];
const MAPS: [(&str, usize); 7] = [
    ("arena2.map", 10),
    ("maze512-1-0.map", 100),
    ("random512-10-0.map", 10),
    ("8room_000.map", 10),
    ("Berlin_0_512.map", 10),
    ("lak304d.map", 10),
    ("ost003d.map", 10),
];

/// The benchmark's costs (1 and sqrt 2), and for A* the corner rule of the sight rule (a
/// diagonal may pass one wall's corner), so that lengths compare like for like.
fn options(algorithm: Algorithm) -> SearchOptions {
    SearchOptions {
        algorithm,
        diagonal: DiagonalRule::IfAtMostOneObstacle,
        ..SearchOptions::moving_ai()
    }
}

/// The map cut to the 64x64 window round a scenario's endpoints (4 cells round them) and
/// the endpoints on it, or `None` when they do not fit.
fn window(grid: &Grid, s: &Scenario) -> Option<(Grid, Point, Point)> {
    let (x0, y0) = (
        s.start.x.min(s.goal.x).saturating_sub(4),
        s.start.y.min(s.goal.y).saturating_sub(4),
    );
    let x1 = (s.start.x.max(s.goal.x) + 5).min(grid.width());
    let y1 = (s.start.y.max(s.goal.y) + 5).min(grid.height());
    if x1 - x0 > 64 || y1 - y0 > 64 || s.start == s.goal {
        return None;
    }
    let terrain = (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (y * grid.width() + x) as usize))
        .map(|i| grid.terrain()[i])
        .collect();
    let cut = Grid::from_terrain(x1 - x0, y1 - y0, terrain).unwrap();
    let shift = |p: Point| Point::new(p.x - x0, p.y - y0);
    Some((cut, shift(s.start), shift(s.goal)))
}

fn cost(grid: &Grid, start: Point, goal: Point, algorithm: Algorithm) -> f64 {
    let mut finder = new_finder(grid.clone(), start, goal, options(algorithm)).unwrap();
    assert_eq!(finder.run(), Status::Found);
    finder.path_cost().unwrap()
}

fn median_and_worst(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[v.len() - 1])
}

fn main() {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    println!("Times are {}.\n", cpu_time::CLOCK);
    println!("| map | searches | finder | length vs A* | expansions | sight tests | ms |");
    println!("|---|---:|---|---:|---:|---:|---:|");
    let mut excess = [Vec::new(), Vec::new()];
    for (map, stride) in MAPS {
        if !map.contains(filter.as_str()) {
            continue;
        }
        let (grid, all) = movingai_maps::load(map, 1);
        let scenarios: Vec<&Scenario> = all.iter().step_by(stride).collect();
        let mut octile = Vec::new();
        for algorithm in FINDERS {
            let s0 = scenarios[0];
            let mut finder =
                new_finder(grid.clone(), s0.start, s0.goal, options(algorithm)).unwrap();
            let (mut expanded, mut sight, mut length) = (0u64, 0u64, 0.0);
            let began = cpu_time();
            for (i, s) in scenarios.iter().enumerate() {
                finder.restart(s.start, s.goal).unwrap();
                assert_eq!(finder.run(), Status::Found);
                expanded += u64::from(finder.counters().expanded);
                sight += u64::from(finder.info().sight_checks.unwrap_or(0));
                let found = finder.path_cost().unwrap();
                if algorithm == Algorithm::AStar {
                    octile.push(found);
                }
                length += found / octile[i].max(1e-9);
            }
            let ms = (cpu_time() - began).as_secs_f64() * 1000.0 / scenarios.len() as f64;
            let n = scenarios.len() as f64;
            println!(
                "| {} | {} | {algorithm} | {:.4} | {:.0} | {:.0} | {ms:.3} |",
                map.trim_end_matches(".map"),
                scenarios.len(),
                length / n,
                expanded as f64 / n,
                sight as f64 / n,
            );
        }
        let windows = all.iter().step_by(3).filter_map(|s| window(&grid, s));
        for (cut, start, goal) in windows.take(60) {
            let Some(truth) = visibility::shortest(&cut, start, goal) else {
                continue;
            };
            for (i, algorithm) in FINDERS[1..].iter().enumerate() {
                excess[i].push(cost(&cut, start, goal, *algorithm) / truth - 1.0);
            }
        }
    }
    println!("\n| finder | windows | median excess over the true shortest | worst |");
    println!("|---|---:|---:|---:|");
    for (algorithm, excess) in FINDERS[1..].iter().zip(excess) {
        let n = excess.len();
        let (median, worst) = median_and_worst(excess);
        println!(
            "| {algorithm} | {n} | {:.3}% | {:.2}% |",
            median * 100.0,
            worst * 100.0
        );
    }
}
