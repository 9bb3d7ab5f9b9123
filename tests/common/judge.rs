//! Every finder that takes a setting, judged on one scene against the tests' own Dijkstra:
//! the optimal finders find its cost, the breadth-first ones its fewest moves, the greedy
//! ones a legal path; each reports its path's cost, and (when asked) every step undoes
//! exactly.

use super::undo::undo_is_exact;
use astar_visualizer::{new_finder, Algorithm, Grid, Point, SearchOptions, Status};

const OPTIMAL: [Algorithm; 7] = [
    Algorithm::AStar,
    Algorithm::Dijkstra,
    Algorithm::BiAStar,
    Algorithm::BiDijkstra,
    Algorithm::IdaStar,
    Algorithm::LpaStar,
    Algorithm::DStarLite,
];
const FEWEST: [Algorithm; 2] = [Algorithm::BreadthFirst, Algorithm::BiBreadthFirst];
const ANY: [Algorithm; 2] = [Algorithm::Greedy, Algorithm::BiGreedy];

/// What the tests' Dijkstra found on a scene: the least cost, in its units, and the fewest
/// moves (both infinite when the goal cannot be reached).
pub struct Truth {
    pub cost: f64,
    pub fewest_moves: f64,
}

/// `path_cost(o, path, case)` checks each move of a path as the test's own rules read it and
/// gives its cost in the truth's units; `scale` is how many of those units the finder reports
/// as one.
#[allow(clippy::too_many_arguments)]
pub fn every_finder(
    grid: &Grid,
    start: Point,
    goal: Point,
    base: SearchOptions,
    truth: &Truth,
    scale: f64,
    check_undo: bool,
    path_cost: impl Fn(&SearchOptions, &[u32], &str) -> f64,
) {
    for algorithm in OPTIMAL.iter().chain(&FEWEST).chain(&ANY) {
        // IDA* repeats its searches at each threshold: small maps only.
        if *algorithm == Algorithm::IdaStar && grid.cell_count() > 36 {
            continue;
        }
        let o = SearchOptions {
            algorithm: *algorithm,
            ..base
        };
        let case = format!("{o:?} {start:?}->{goal:?} on {grid:?}");
        let mut finder = new_finder(grid.clone(), start, goal, o).unwrap();
        let status = finder.run();
        assert_eq!(status == Status::Found, truth.cost.is_finite(), "{case}");
        if status != Status::Found {
            continue;
        }
        let cost = path_cost(&o, finder.path(), &case);
        assert_eq!(finder.path_cost(), Some(cost / scale), "{case}");
        if OPTIMAL.contains(algorithm) {
            assert_eq!(cost, truth.cost, "{case}");
        } else if FEWEST.contains(algorithm) {
            assert_eq!(
                finder.path().len() as f64 - 1.0,
                truth.fewest_moves,
                "{case}"
            );
        }
        if check_undo {
            undo_is_exact(grid, start, goal, o);
        }
    }
}
