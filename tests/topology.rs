//! The topology seam holds: a neighbourhood the engine does not have, a knight's moves with
//! two costs, written here and nowhere else, runs under every finder through the finders'
//! own constructors, and each finds what a plain Dijkstra over the same moves finds (the
//! fewest moves for the breadth-first ones, a real path for the greedy ones). Jump Point
//! Search, square by nature, refuses it through the seam's facts. No finder knows of this
//! neighbourhood: a new one needs no edit of them.

// Only its generator: the maps here are drawn to a plan of their own.
#[path = "common/random_scene.rs"]
#[allow(dead_code)]
mod random_scene;

use random_scene::random_numbers;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use astar_visualizer::dynamic::incremental::{Incremental, Variant};
use astar_visualizer::finder::repairing::CellEdit;
use astar_visualizer::finders::bidirectional::{Bidirectional, Kind};
use astar_visualizer::finders::idastar::IdaStar;
use astar_visualizer::finders::JumpPointSearch;
use astar_visualizer::geometry::heuristic::Overestimate;
use astar_visualizer::geometry::movement::Move;
use astar_visualizer::geometry::topology::{Estimate, MoveSet, Topology, TopologyError};
use astar_visualizer::{
    Algorithm, Finder, Grid, Heuristic, Point, Search, SearchError, SearchOptions, Status,
};

/// A knight's moves: two cells one way and one the other, over whatever lies between.
#[derive(Debug)]
struct Knight;

const KNIGHT: [Move; 8] = [
    Move { dx: 1, dy: -2 },
    Move { dx: 2, dy: -1 },
    Move { dx: 2, dy: 1 },
    Move { dx: 1, dy: 2 },
    Move { dx: -1, dy: 2 },
    Move { dx: -2, dy: 1 },
    Move { dx: -2, dy: -1 },
    Move { dx: -1, dy: -2 },
];

/// Cost units of a move two across, and of one two down.
const ACROSS: f64 = 22.0;
const DOWN: f64 = 23.0;

impl Topology for Knight {
    fn moves(&self) -> &[Move] {
        &KNIGHT
    }

    fn step_cost(&self, i: usize) -> f64 {
        if KNIGHT[i].dx.abs() == 2 {
            ACROSS
        } else {
            DOWN
        }
    }

    fn legal_moves(&self, grid: &Grid, from: Point) -> MoveSet {
        let mut legal = 0;
        for (i, m) in KNIGHT.iter().enumerate() {
            let (x, y) = (
                i64::from(from.x) + i64::from(m.dx),
                i64::from(from.y) + i64::from(m.dy),
            );
            if grid.index_of(x, y).is_ok_and(|c| grid.is_passable_at(c)) {
                legal |= 1 << i;
            }
        }
        legal
    }

    fn change_reach(&self) -> u32 {
        2
    }

    fn default_heuristic(&self) -> Heuristic {
        Heuristic::Chebyshev
    }

    /// A move goes at most two cells along either axis for at least 22: 11 per cell of the
    /// larger difference never overestimates, and changes by at most a move's cost.
    fn estimate(&self, heuristic: Heuristic) -> Estimate {
        match heuristic {
            Heuristic::Chebyshev => Estimate::Steps {
                diagonal: ACROSS / 2.0,
                straight: ACROSS / 2.0,
            },
            _ => Estimate::ZERO,
        }
    }

    fn overestimate(&self, _: Heuristic) -> Option<Overestimate> {
        None
    }

    /// A knight jumps: it sees no further than its own cell.
    fn line_of_sight(&self, _: &Grid, from: Point, to: Point) -> bool {
        from == to
    }

    fn same_moves(&self, _: &dyn Topology) -> bool {
        false
    }
}

fn knight() -> Arc<dyn Topology> {
    Arc::new(Knight)
}

/// Every finder in the catalogue on the knight's moves, each through its own constructor:
/// the match has no wildcard, so a new finder does not compile until it is added here.
fn on_knight(
    grid: &Grid,
    start: Point,
    goal: Point,
    algorithm: Algorithm,
) -> Result<Box<dyn Finder>, SearchError> {
    let options = SearchOptions {
        algorithm,
        ..SearchOptions::default()
    };
    let g = grid.clone();
    let boxed = |f: Box<dyn Finder>| Ok(f);
    match algorithm {
        Algorithm::AStar
        | Algorithm::Dijkstra
        | Algorithm::Greedy
        | Algorithm::BreadthFirst
        | Algorithm::ThetaStar
        | Algorithm::LazyThetaStar => boxed(Box::new(Search::with_topology(
            g,
            start,
            goal,
            options,
            knight(),
        )?)),
        Algorithm::IdaStar => boxed(Box::new(IdaStar::with_topology(
            g,
            start,
            goal,
            options,
            knight(),
        )?)),
        Algorithm::BiAStar
        | Algorithm::BiDijkstra
        | Algorithm::BiBreadthFirst
        | Algorithm::BiGreedy => {
            let kind = match algorithm {
                Algorithm::BiAStar => Kind::AStar,
                Algorithm::BiDijkstra => Kind::Dijkstra,
                Algorithm::BiBreadthFirst => Kind::BreadthFirst,
                _ => Kind::Greedy,
            };
            boxed(Box::new(Bidirectional::with_topology(
                g,
                start,
                goal,
                options,
                kind,
                knight(),
            )?))
        }
        Algorithm::JumpPoint => boxed(Box::new(JumpPointSearch::with_topology(
            g,
            start,
            goal,
            options,
            knight(),
        )?)),
        Algorithm::LpaStar | Algorithm::DStarLite => {
            let variant = if algorithm == Algorithm::LpaStar {
                Variant::LpaStar
            } else {
                Variant::DStarLite
            };
            boxed(Box::new(Incremental::with_topology(
                g,
                start,
                goal,
                options,
                variant,
                knight(),
            )?))
        }
    }
}

/// Cost units from `start` to every cell over the knight's moves (`INFINITY`: unreachable),
/// by a textbook Dijkstra; with `unit` every move costs 1 (fewest moves).
fn dijkstra(grid: &Grid, start: Point, unit: bool) -> Vec<f64> {
    let mut best = vec![f64::INFINITY; grid.cell_count()];
    let mut queue = BinaryHeap::new();
    best[grid.index(start)] = 0.0;
    queue.push(Reverse((0u64, grid.index(start))));
    while let Some(Reverse((cost, cell))) = queue.pop() {
        if cost as f64 > best[cell] {
            continue;
        }
        let p = grid.point(cell);
        for (i, m) in KNIGHT.iter().enumerate() {
            let (x, y) = (
                i64::from(p.x) + i64::from(m.dx),
                i64::from(p.y) + i64::from(m.dy),
            );
            let Ok(next) = grid.index_of(x, y) else {
                continue;
            };
            let weight = grid.terrain()[next];
            if weight == 0 {
                continue;
            }
            let step = if unit {
                1.0
            } else {
                Knight.step_cost(i) * f64::from(weight)
            };
            let through = cost as f64 + step;
            if through < best[next] {
                best[next] = through;
                queue.push(Reverse((through as u64, next)));
            }
        }
    }
    best
}

/// Random maps with walls and weights 1 to 4, and two passable endpoints on each.
fn maps() -> Vec<(Grid, Point, Point)> {
    let mut random = random_numbers(0x5851_f42d_4c95_7f2d);
    let mut maps = Vec::new();
    for (w, h) in [(7, 7), (9, 6), (12, 10)] {
        for density in [0, 15, 30] {
            let terrain: Vec<u8> = (0..w * h)
                .map(|_| match random() % 100 {
                    r if r < density => 0,
                    r => 1 + (r % 4) as u8,
                })
                .collect();
            let grid = Grid::from_terrain(w, h, terrain).unwrap();
            let passable: Vec<usize> = (0..grid.cell_count())
                .filter(|&c| grid.is_passable_at(c))
                .collect();
            for _ in 0..3 {
                let start = passable[random() as usize % passable.len()];
                let goal = passable[random() as usize % passable.len()];
                if start != goal {
                    maps.push((grid.clone(), grid.point(start), grid.point(goal)));
                }
            }
        }
    }
    maps
}

/// The cost of a path by the knight's moves, `None` if two of its cells are not one legal
/// move apart.
fn knight_path_cost(grid: &Grid, path: &[u32]) -> Option<f64> {
    let mut total = 0.0;
    for pair in path.windows(2) {
        let (a, b) = (grid.point(pair[0] as usize), grid.point(pair[1] as usize));
        let legal = Knight.legal_moves(grid, a);
        let i = (0..KNIGHT.len()).find(|&i| {
            legal & 1 << i != 0
                && a.x.wrapping_add_signed(KNIGHT[i].dx) == b.x
                && a.y.wrapping_add_signed(KNIGHT[i].dy) == b.y
        })?;
        total += Knight.step_cost(i) * f64::from(grid.terrain()[pair[1] as usize]);
    }
    Some(total)
}

#[test]
fn every_finder_but_jump_point_search_runs_on_a_neighbourhood_it_never_saw() {
    let mut found = 0;
    for (grid, start, goal) in maps() {
        let cheapest = dijkstra(&grid, start, false)[grid.index(goal)];
        let fewest = dijkstra(&grid, start, true)[grid.index(goal)];
        for &algorithm in Algorithm::ALL {
            if algorithm == Algorithm::JumpPoint || algorithm.any_angle() {
                continue;
            }
            let mut finder = on_knight(&grid, start, goal, algorithm).unwrap();
            let status = finder.finish();
            let case = format!("{algorithm:?} from {start:?} to {goal:?} on {grid:?}");
            if cheapest.is_infinite() {
                assert_eq!(status, Status::NoPath, "{case}");
                continue;
            }
            assert_eq!(status, Status::Found, "{case}");
            let path = finder.path().to_vec();
            assert_eq!(
                (path.first(), path.last()),
                (
                    Some(&(grid.index(start) as u32)),
                    Some(&(grid.index(goal) as u32))
                ),
                "{case}"
            );
            let cost = knight_path_cost(&grid, &path);
            let cost = cost.unwrap_or_else(|| panic!("{case}: not a knight's path {path:?}"));
            match algorithm {
                Algorithm::BreadthFirst | Algorithm::BiBreadthFirst => {
                    assert_eq!((path.len() - 1) as f64, fewest, "{case}")
                }
                Algorithm::Greedy | Algorithm::BiGreedy => {}
                _ => assert_eq!(cost, cheapest, "{case}"),
            }
            found += 1;
        }
    }
    assert!(found > 100, "only {found} searches found a path");
}

/// Step by step, with every neighbour put into words and each step undone and taken again,
/// the best-first loop ends where its run to the end does.
#[test]
fn steps_with_events_and_undo_follow_the_knight_too() {
    for (grid, start, goal) in maps().into_iter().step_by(4) {
        for algorithm in [
            Algorithm::AStar,
            Algorithm::BreadthFirst,
            Algorithm::BiAStar,
        ] {
            let mut ran = on_knight(&grid, start, goal, algorithm).unwrap();
            ran.finish();
            let mut stepped = on_knight(&grid, start, goal, algorithm).unwrap();
            while stepped.step().is_some() {
                assert!(stepped.step_back());
                assert!(stepped.step().is_some());
            }
            let case = format!("{algorithm:?} from {start:?} to {goal:?}");
            assert_eq!(stepped.status(), ran.status(), "{case}");
            assert_eq!(stepped.path(), ran.path(), "{case}");
        }
    }
}

/// LPA* and D* Lite repair after walls appear: the cells whose moves changed are found
/// through the topology's reach (two cells for a knight), and the repaired cost is the
/// one a new Dijkstra finds.
#[test]
fn repairs_after_walls_appear_find_what_a_new_search_finds() {
    let mut random = random_numbers(0x9e6c_63d0_676a_9a99);
    for (grid, start, goal) in maps() {
        for algorithm in [Algorithm::LpaStar, Algorithm::DStarLite] {
            let mut finder = on_knight(&grid, start, goal, algorithm).unwrap();
            finder.finish();
            let mut changed = grid.clone();
            let edits: Vec<CellEdit> = std::iter::repeat_with(|| {
                let cell = random() as usize % grid.cell_count();
                grid.point(cell)
            })
            .filter(|&p| p != start && p != goal)
            .take(4)
            .map(|at| CellEdit { at, terrain: 0 })
            .collect();
            for e in &edits {
                changed.set(e.at, 0).unwrap();
            }
            let repairing = finder.repairing_mut().expect("a repairing finder");
            repairing.apply_edits(&edits).unwrap();
            finder.finish();
            let cheapest = dijkstra(&changed, start, false)[changed.index(goal)];
            let case = format!("{algorithm:?} from {start:?} to {goal:?} after {edits:?}");
            if cheapest.is_infinite() {
                assert_eq!(finder.status(), Status::NoPath, "{case}");
            } else {
                assert_eq!(finder.status(), Status::Found, "{case}");
                assert_eq!(
                    knight_path_cost(&changed, finder.path()),
                    Some(cheapest),
                    "{case}"
                );
            }
        }
    }
}

/// Jump Point Search's pruning is square by nature: it asks the topology whether it is a
/// square grid and refuses the knight; so do the any-angle finders, whose segments run
/// between square cells.
#[test]
fn jump_point_search_refuses_a_topology_that_is_not_a_square_grid() {
    let grid = Grid::new(5, 5).unwrap();
    for algorithm in [
        Algorithm::JumpPoint,
        Algorithm::ThetaStar,
        Algorithm::LazyThetaStar,
    ] {
        let refused = on_knight(&grid, Point::new(0, 0), Point::new(4, 4), algorithm);
        assert_eq!(
            refused.err(),
            Some(SearchError::Topology {
                cause: TopologyError::NotSquare {
                    algorithm: algorithm.name()
                }
            })
        );
    }
}

/// Moves a record cannot name, or a move that cannot be walked backwards, are refused
/// before any finder starts.
#[test]
fn too_many_moves_or_a_move_without_its_reverse_is_refused() {
    /// The knight's moves cut or extended, over the same legal moves.
    #[derive(Debug)]
    struct Shaped(Vec<Move>);
    impl Topology for Shaped {
        fn moves(&self) -> &[Move] {
            &self.0
        }
        fn step_cost(&self, _: usize) -> f64 {
            1.0
        }
        fn legal_moves(&self, grid: &Grid, from: Point) -> MoveSet {
            Knight.legal_moves(grid, from)
        }
        fn change_reach(&self) -> u32 {
            2
        }
        fn default_heuristic(&self) -> Heuristic {
            Heuristic::Zero
        }
        fn estimate(&self, _: Heuristic) -> Estimate {
            Estimate::ZERO
        }
        fn overestimate(&self, _: Heuristic) -> Option<Overestimate> {
            None
        }
        fn line_of_sight(&self, _: &Grid, from: Point, to: Point) -> bool {
            from == to
        }
        fn same_moves(&self, _: &dyn Topology) -> bool {
            false
        }
    }
    let refusal = |moves: Vec<Move>| {
        let grid = Grid::new(5, 5).unwrap();
        let (start, goal) = (Point::new(0, 0), Point::new(4, 4));
        let options = SearchOptions::default();
        Search::with_topology(grid, start, goal, options, Arc::new(Shaped(moves))).err()
    };
    // Every move up to 3 cells each way: 48, more than the 32 a record names.
    let within_three = (-3..=3)
        .flat_map(|dx| (-3..=3).map(move |dy| Move { dx, dy }))
        .filter(|m| (m.dx, m.dy) != (0, 0))
        .collect();
    assert_eq!(
        refusal(within_three),
        Some(SearchError::Topology {
            cause: TopologyError::TooManyMoves { moves: 48, max: 32 }
        })
    );
    assert_eq!(
        refusal(KNIGHT[..1].to_vec()),
        Some(SearchError::Topology {
            cause: TopologyError::NoReverse { dx: 1, dy: -2 }
        })
    );
}
