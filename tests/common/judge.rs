//! Every finder that takes a setting, judged on one scene against the tests' own Dijkstra:
//! the optimal finders find its cost, the breadth-first ones its fewest moves, the greedy
//! ones a legal path; each reports its path's cost, and (when asked) every step undoes
//! exactly; and LPA*'s and D* Lite's repairs judged the same way.

use super::undo::undo_is_exact;
use astar_visualizer::dynamic::incremental::{Incremental, Variant};
use astar_visualizer::finder::repairing::CellEdit;
use astar_visualizer::{new_finder, Algorithm, Finder, Grid, Point, SearchOptions, Status};

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

impl Truth {
    /// At `goal`, from `dijkstra(fewest)`: the costs to every node, by cost or by moves.
    pub fn at(goal: usize, dijkstra: impl Fn(bool) -> Vec<f64>) -> Self {
        Truth {
            cost: dijkstra(false)[goal],
            fewest_moves: dijkstra(true)[goal],
        }
    }
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

/// LPA* and D* Lite on a random map (`least` to `least + 4` cells a side, each cell open with
/// a chance of `open_percent`, the corners its ends) repair three times after three cells
/// each toggle between wall and open (the ends kept free): each answer is `truth` of the map
/// as edited (infinite when unreachable), and `path_cost` of its path, checked move by move.
pub fn repairs_match(
    random: &mut impl FnMut() -> u64,
    least: u64,
    open_percent: u64,
    base: SearchOptions,
    truth: impl Fn(&Grid, Point, Point) -> f64,
    path_cost: impl Fn(&Grid, &[u32], &str) -> f64,
) {
    let (w, h) = (least + random() % 5, least + random() % 5);
    let terrain: Vec<u8> = (0..w * h)
        .map(|_| u8::from(random() % 100 >= 100 - open_percent))
        .collect();
    let mut grid = Grid::from_terrain(w as u32, h as u32, terrain).unwrap();
    let (start, goal) = (Point::new(0, 0), Point::new(w as u32 - 1, h as u32 - 1));
    for end in [start, goal] {
        grid.set(end, 1).unwrap();
    }
    for variant in [Variant::LpaStar, Variant::DStarLite] {
        let mut finder = Incremental::new(grid.clone(), start, goal, base, variant).unwrap();
        let mut world = grid.clone();
        finder.run();
        for _ in 0..3 {
            let mut edits = Vec::new();
            for _ in 0..3 {
                let at = Point::new((random() % w) as u32, (random() % h) as u32);
                if at != start && at != goal {
                    let terrain = u8::from(!world.is_passable(at));
                    world.set(at, terrain).unwrap();
                    edits.push(CellEdit { at, terrain });
                }
            }
            finder.apply_edits(&edits).unwrap();
            let status = finder.run();
            let truth = truth(&world, start, goal);
            let case = format!("{variant:?} {base:?} on {world:?}");
            assert_eq!(status == Status::Found, truth.is_finite(), "{case}");
            if status == Status::Found {
                assert_eq!(path_cost(&world, finder.path(), &case), truth, "{case}");
            }
        }
    }
}
