//! The worked examples of the classic tutorials the project follows, with their 10/14 costs,
//! plus the behaviour each algorithm and option is known for.

mod common;

use astar_visualizer::formats::map_text::{parse_map, MapFormat, TextMap};
use astar_visualizer::geometry::topology::Topology;
use astar_visualizer::{
    new_finder, Algorithm, CellState, CostModel, DiagonalRule, Directions, Finder, GoalTest, Grid,
    GridError, Heuristic, Movement, NeighbourOrder, NodeValues, Outcome, Point, Search,
    SearchError, SearchOptions, Status, StepEvent, TieBreak,
};
use common::Rules;

/// 8x6, S at (2,2), E at (6,2), a wall at x = 4 for y = 1..=3 (the first C++ tutorial).
const WALL_BETWEEN: &str = include_str!("maps/tutorial/wall_between.txt");
/// The same tutorial's second map: the goal is only reachable by squeezing between walls.
const CORNER_SQUEEZE: &str = include_str!("maps/tutorial/corner_squeeze.txt");
/// 14x9 in the `. + s d` format of the multimap tutorial.
const MULTIMAP: &str = include_str!("maps/tutorial/multimap.txt");
/// The same map as the tutorial prints it after the search, the path drawn with `-`.
const MULTIMAP_SOLVED: &str = include_str!("maps/tutorial/multimap_solved.txt");

fn map(text: &str) -> TextMap {
    parse_map(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn options(directions: Directions, diagonal: DiagonalRule) -> SearchOptions {
    SearchOptions {
        directions,
        diagonal,
        ..SearchOptions::default()
    }
}

fn search(map: &TextMap, options: SearchOptions) -> Search {
    Search::new(
        map.grid.clone(),
        map.start.unwrap(),
        map.goal.unwrap(),
        options,
    )
    .unwrap()
}

fn rules(o: &SearchOptions) -> Rules {
    Rules {
        directions: o.directions,
        diagonal: o.diagonal,
        costs: o.costs,
    }
}

/// Runs to the end and checks the path against the rules read independently (and, for the
/// optimal algorithms, its cost against a brute-force search); returns the cost in display
/// units, or `None` for no path.
fn solve(map: &TextMap, options: SearchOptions) -> Option<f64> {
    let mut s = new_finder(
        map.grid.clone(),
        map.start.unwrap(),
        map.goal.unwrap(),
        options,
    )
    .unwrap();
    let (start, goal) = (
        map.grid.index(map.start.unwrap()),
        map.grid.index(map.goal.unwrap()),
    );
    let rules = rules(&options);
    let cheapest = rules.shortest_costs(&map.grid, start)[goal];
    let optimal = matches!(
        options.algorithm,
        Algorithm::AStar
            | Algorithm::Dijkstra
            | Algorithm::JumpPoint
            | Algorithm::IdaStar
            | Algorithm::BiAStar
            | Algorithm::BiDijkstra
    );
    match s.run() {
        Status::Found => {
            let units = rules
                .path_cost(&map.grid, start, goal, s.path())
                .unwrap_or_else(|e| panic!("{options:?}: {e}"));
            let shown = rules.shown_cost(&map.grid, s.path());
            assert_eq!(Some(shown), s.path_cost(), "{options:?}");
            if optimal {
                assert_eq!(Some(units), cheapest, "{options:?}");
            }
            s.path_cost()
        }
        Status::NoPath => {
            assert_eq!(cheapest, None, "{options:?}");
            None
        }
        other => panic!("run() returned {other:?}"),
    }
}

/// An expansion's step, node, and each neighbour's position and outcome in order.
fn expansion(event: Option<StepEvent>) -> (u32, NodeValues, Vec<(i64, i64, Outcome)>) {
    let Some(StepEvent::Expanded {
        step,
        node,
        neighbours,
        ..
    }) = event
    else {
        panic!("expected an expansion, got {event:?}")
    };
    let seen = neighbours
        .into_iter()
        .map(|n| (n.x, n.y, n.outcome))
        .collect();
    (step, node, seen)
}

fn every_event(s: &mut dyn Finder) -> Vec<StepEvent> {
    std::iter::from_fn(|| s.step()).collect()
}

fn values(x: u32, y: u32, g: f64, h: f64, f: f64) -> NodeValues {
    NodeValues {
        x,
        y,
        g,
        h,
        f,
        side: None,
    }
}

const P: fn(u32, u32) -> Point = Point::new;

#[test]
fn wall_between_costs_56_56_68_80_and_80_for_every_exact_finder() {
    let m = map(WALL_BETWEEN);
    assert_eq!((m.start, m.goal), (Some(P(2, 2)), Some(P(6, 2))));
    let cases = [
        (Directions::Eight, DiagonalRule::Always, 56.0),
        (Directions::Eight, DiagonalRule::IfAtMostOneObstacle, 56.0),
        (Directions::Eight, DiagonalRule::OnlyWhenNoObstacles, 68.0),
        (Directions::Eight, DiagonalRule::Never, 80.0),
        (Directions::Four, DiagonalRule::Always, 80.0),
    ];
    for (directions, diagonal, cost) in cases {
        for algorithm in [
            Algorithm::AStar,
            Algorithm::Dijkstra,
            Algorithm::JumpPoint,
            Algorithm::IdaStar,
            Algorithm::BiAStar,
            Algorithm::BiDijkstra,
        ] {
            let o = SearchOptions {
                algorithm,
                ..options(directions, diagonal)
            };
            assert_eq!(solve(&m, o), Some(cost), "{o:?}");
        }
    }
}

#[test]
fn corner_squeeze_costs_84_only_when_corners_may_be_cut() {
    let m = map(CORNER_SQUEEZE);
    let mut s = search(&m, options(Directions::Eight, DiagonalRule::Always));
    assert_eq!(s.run(), Status::Found);
    assert_eq!(s.path_cost(), Some(84.0));
    // The only way in: six diagonals, two of them between two walls, as the tutorial draws it.
    let drawn = [
        P(2, 2),
        P(3, 3),
        P(4, 4),
        P(5, 5),
        P(6, 4),
        P(7, 3),
        P(6, 2),
    ];
    assert_eq!(s.path_points(), drawn);
    for diagonal in [
        DiagonalRule::IfAtMostOneObstacle,
        DiagonalRule::OnlyWhenNoObstacles,
        DiagonalRule::Never,
    ] {
        assert_eq!(
            solve(&m, options(Directions::Eight, diagonal)),
            None,
            "{diagonal}"
        );
    }
    assert_eq!(
        solve(&m, options(Directions::Four, DiagonalRule::Always)),
        None
    );
}

#[test]
fn multimap_takes_38_steps_with_4_directions() {
    let m = map(MULTIMAP);
    assert_eq!((m.grid.width(), m.grid.height()), (14, 9));
    assert_eq!((m.start, m.goal), (Some(P(4, 2)), Some(P(9, 3))));
    for algorithm in [
        Algorithm::AStar,
        Algorithm::Dijkstra,
        Algorithm::BreadthFirst,
    ] {
        let o = SearchOptions {
            algorithm,
            ..options(Directions::Four, DiagonalRule::Always)
        };
        let mut s = search(&m, o);
        assert_eq!(s.run(), Status::Found, "{algorithm}");
        assert_eq!(s.path_steps(), Some(38), "{algorithm}");
        assert_eq!(s.path_cost(), Some(380.0), "{algorithm}");
    }
}

/// The multimap tutorial's rules: 4 directions, steps of 1, Manhattan H, a std::multimap
/// keyed by F (of equal F the first added comes out first), neighbours examined left, right,
/// up, down, and the search stops as soon as an expansion reaches the goal.
fn multimap_rules() -> SearchOptions {
    SearchOptions {
        heuristic: Some(Heuristic::Manhattan),
        costs: CostModel::Exact,
        tie_break: TieBreak::FirstIn,
        goal_test: GoalTest::FirstReached,
        neighbour_order: NeighbourOrder::LeftRightUpDown,
        ..options(Directions::Four, DiagonalRule::Always)
    }
}

/// The cells of a drawn path (`-`, `*`), with the start and the goal, row by row.
fn drawn_path(text: &str) -> Vec<Point> {
    let mut cells = Vec::new();
    for (y, row) in text.lines().enumerate() {
        for (x, c) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            if "-*sdSE".contains(c) {
                cells.push(P(x as u32, y as u32));
            }
        }
    }
    cells
}

/// With its own rules the search takes the tutorial's printed path cell for cell (through
/// (9,4) into the goal from below), 38 steps; the defaults find another path of the same cost.
#[test]
fn multimap_takes_the_printed_path_with_the_tutorials_rules() {
    let m = map(MULTIMAP);
    let printed = map(MULTIMAP_SOLVED);
    assert_eq!(printed.grid, m.grid);
    let mut s = search(&m, multimap_rules());
    assert_eq!(s.run(), Status::Found);
    let mut cells = s.path_points();
    assert_eq!((s.path_steps(), s.path_cost()), (Some(38), Some(38.0)));
    assert_eq!(cells[cells.len() - 2], P(9, 4));
    cells.sort_by_key(|p| (p.y, p.x));
    assert_eq!(cells, drawn_path(MULTIMAP_SOLVED));

    let mut plain = search(
        &m,
        SearchOptions {
            goal_test: GoalTest::OffOpen,
            neighbour_order: NeighbourOrder::Clockwise,
            ..multimap_rules()
        },
    );
    assert_eq!(plain.run(), Status::Found);
    let path = plain.path_points();
    assert_eq!(
        (path[path.len() - 2], plain.path_cost()),
        (P(10, 3), Some(38.0))
    );
}

/// The first tutorial's example: the cell right of the start has G = 10, Manhattan H = 30
/// and F = 40 after the first expansion.
#[test]
fn first_step_values_of_the_first_tutorial() {
    let m = map(WALL_BETWEEN);
    let o = SearchOptions {
        heuristic: Some(Heuristic::Manhattan),
        ..options(Directions::Eight, DiagonalRule::Always)
    };
    let mut s = search(&m, o);
    let Some(StepEvent::Expanded {
        step,
        node,
        neighbours,
        ties,
        tied,
        ..
    }) = s.step()
    else {
        panic!("the first step expands the start");
    };
    assert_eq!((step, node), (1, values(2, 2, 0.0, 40.0, 40.0)));
    // The start was alone on the open list: chosen among no others.
    assert_eq!((ties, tied), (vec![], 0));
    assert_eq!(neighbours.len(), 8);
    let right = neighbours.iter().find(|n| (n.x, n.y) == (3, 2)).unwrap();
    let opened = |g, h, f| Outcome::Opened {
        g,
        h,
        f,
        parent: P(2, 2),
    };
    assert_eq!(right.outcome, opened(10.0, 30.0, 40.0));
    for n in &neighbours {
        let g = if n.x != 2 && n.y != 2 { 14.0 } else { 10.0 };
        let h = 10.0 * ((n.x - 6).abs() + (n.y - 2).abs()) as f64;
        assert_eq!(n.outcome, opened(g, h, g + h), "({},{})", n.x, n.y);
    }
    let at = |x, y| {
        let v = s.values(m.grid.index(P(x, y)) as u32);
        (v.g, v.h, v.f)
    };
    assert_eq!(at(3, 2), (10.0, 30.0, 40.0));
    assert_eq!(s.cell_state(P(2, 2)), Ok(CellState::Current));
    assert_eq!(s.cell_state(P(3, 2)), Ok(CellState::Open));
}

/// The C# tutorial's 4x4 walk-through. It puts (0,0) at the bottom-left, so its (x, y) is our
/// (x, 3 - y): start (0,1) -> our (0,2), goal (3,1) -> our (3,2), walls at its (1,1), (1,2).
#[test]
fn the_four_by_four_walk_through_of_the_csharp_tutorial() {
    let m = map("OOOO\nOXOO\nSXOE\nOOOO\n");
    let tut = |x: u32, y: u32| P(x, 3 - y);
    let mut s = search(&m, options(Directions::Eight, DiagonalRule::Always));

    // Step 1: three neighbours open; its (0,2) has G 10, H 34 (right, right, down-right), F 44.
    let Some(StepEvent::Expanded { neighbours, .. }) = s.step() else {
        panic!("expands the start")
    };
    let opened: Vec<(Point, Outcome)> = neighbours
        .iter()
        .filter(|n| matches!(n.outcome, Outcome::Opened { .. }))
        .map(|n| (P(n.x as u32, n.y as u32), n.outcome.clone()))
        .collect();
    let from_start = |g, h| Outcome::Opened {
        g,
        h,
        f: g + h,
        parent: tut(0, 1),
    };
    assert_eq!(opened.len(), 3, "{opened:?}");
    for (p, g, h) in [
        (tut(0, 2), 10.0, 34.0),
        (tut(0, 0), 10.0, 34.0),
        (tut(1, 0), 14.0, 24.0),
    ] {
        assert!(opened.contains(&(p, from_start(g, h))), "{p}: {opened:?}");
    }
    let walls = neighbours
        .iter()
        .filter(|n| n.outcome == Outcome::Wall)
        .count();
    assert_eq!(walls, 2);
    assert_eq!(
        s.open_list(1)[0],
        values(1, 3, 14.0, 24.0, 38.0),
        "its (1,0) has the least F, 38"
    );

    // Step 2: its (1,0); reaching its (0,0) again would cost G 24 (F 58) > 10, so it stays.
    let Some(StepEvent::Expanded {
        node, neighbours, ..
    }) = s.step()
    else {
        panic!("expands its (1,0)")
    };
    assert_eq!((node.x, node.y, node.f), (1, 3, 38.0));
    let left = neighbours
        .iter()
        .find(|n| P(n.x as u32, n.y as u32) == tut(0, 0))
        .unwrap();
    assert_eq!(
        left.outcome,
        Outcome::NotImproved {
            g: 10.0,
            candidate_g: 24.0
        }
    );
    // Two nodes share the least F, 38: its (2,0) with G 24 and its (2,1) with G 28. The
    // tutorial takes (2,1); so does the default tie-break, the larger G.
    let best: Vec<NodeValues> = s.open_list(2);
    assert_eq!(
        best,
        [
            values(2, 2, 28.0, 10.0, 38.0),
            values(2, 3, 24.0, 14.0, 38.0)
        ]
    );

    // Step 3 expands its (2,1), chosen over its (2,0) by the tie-break, as its event says,
    // and opens the goal with F 38; step 4 takes the goal.
    let Some(StepEvent::Expanded {
        node, ties, tied, ..
    }) = s.step()
    else {
        panic!("expands its (2,1)")
    };
    assert_eq!((node.x, node.y), (2, 2));
    assert_eq!((ties, tied), (vec![values(2, 3, 24.0, 14.0, 38.0)], 1));
    let Some(StepEvent::GoalReached {
        step,
        node,
        cost,
        steps,
        ..
    }) = s.step()
    else {
        panic!("reaches the goal")
    };
    assert_eq!(
        (step, node, cost, steps),
        (4, values(3, 2, 38.0, 0.0, 38.0), 38.0, 3)
    );
    assert_eq!(
        s.path_points(),
        [tut(0, 1), tut(1, 0), tut(2, 1), tut(3, 1)]
    );
    assert_eq!(s.step(), None);
}

/// The Unity tutorial's numbers comparing Manhattan and diagonal (octile) estimates.
#[test]
fn heuristic_values_of_the_unity_tutorial() {
    let m = Movement {
        directions: Directions::Eight,
        diagonal: DiagonalRule::Always,
        costs: CostModel::TenFourteen,
    };
    for ((dx, dy), manhattan, octile) in [
        ((6, 0), 60.0, 60.0),
        ((3, 3), 60.0, 42.0),
        ((10, 9), 190.0, 136.0),
        ((7, 2), 90.0, 78.0),
    ] {
        let estimate = |h| m.estimate(h).between(Point::new(0, 0), Point::new(dx, dy));
        assert_eq!(estimate(Heuristic::Manhattan), manhattan);
        assert_eq!(estimate(Heuristic::Octile), octile);
    }
}

/// Every kind of neighbour outcome, in the fixed neighbour order (N, E, S, W, then the
/// diagonals clockwise from NE), on a map small enough to follow by hand.
#[test]
fn events_report_each_neighbour_and_its_outcome() {
    let m = map("XOO\nSOO\nOOE\n");
    let mut s = search(
        &m,
        options(Directions::Eight, DiagonalRule::OnlyWhenNoObstacles),
    );
    let from = |x, y| P(x, y);
    let (step, node, seen) = expansion(s.step());
    assert_eq!((step, node), (1, values(0, 1, 0.0, 24.0, 24.0)));
    let opened = |g: f64, h: f64| Outcome::Opened {
        g,
        h,
        f: g + h,
        parent: from(0, 1),
    };
    assert_eq!(
        seen,
        [
            (0, 0, Outcome::Wall),
            (1, 1, opened(10.0, 14.0)),
            (0, 2, opened(10.0, 20.0)),
            (-1, 1, Outcome::OffGrid),
            (1, 0, Outcome::CornerBlocked),
            (1, 2, opened(14.0, 10.0)),
            (-1, 2, Outcome::OffGrid),
            (-1, 0, Outcome::OffGrid),
        ]
    );

    // Two open nodes have F 24; the larger G, (1,2), goes first.
    let (step, node, seen) = expansion(s.step());
    assert_eq!((step, node), (2, values(1, 2, 14.0, 10.0, 24.0)));
    let not_improved = |g, candidate_g| Outcome::NotImproved { g, candidate_g };
    let from_here = |g: f64, h: f64| Outcome::Opened {
        g,
        h,
        f: g + h,
        parent: from(1, 2),
    };
    assert_eq!(
        seen,
        [
            (1, 1, not_improved(10.0, 24.0)),
            (2, 2, from_here(24.0, 0.0)),
            (1, 3, Outcome::OffGrid),
            (0, 2, not_improved(10.0, 24.0)),
            (2, 1, from_here(28.0, 10.0)),
            (2, 3, Outcome::OffGrid),
            (0, 3, Outcome::OffGrid),
            (0, 1, Outcome::Closed),
        ]
    );

    assert_eq!(
        s.step(),
        Some(StepEvent::GoalReached {
            step: 3,
            node: values(2, 2, 24.0, 0.0, 24.0),
            cost: 24.0,
            steps: 2,
            sight: Vec::new(),
        })
    );
    assert_eq!(s.step(), None);
    assert_eq!(s.status(), Status::Found);
    assert_eq!(s.path_points(), [P(0, 1), P(1, 2), P(2, 2)]);
    let c = s.counters();
    assert_eq!(
        (c.steps, c.expanded, c.generated, c.open, c.max_open),
        (3, 2, 6, 3, 4)
    );
    assert_eq!(s.cell_state(P(1, 2)), Ok(CellState::Path));
    assert_eq!(s.cell_state(P(1, 1)), Ok(CellState::Open));
    assert_eq!(s.cell_state(P(0, 0)), Ok(CellState::Wall));
    assert_eq!(s.parent_of(P(2, 1)), Ok(Some(P(1, 2))));
    assert_eq!(s.parent_of(P(0, 1)), Ok(None));
}

/// An improvement lowers an open node's G, moves its parent to the expanded node and leaves
/// its H alone; the search's tables agree with the event.
#[test]
fn improved_neighbours_get_the_cheaper_route() {
    // Beside the wall, cells first reached diagonally are later reached more cheaply.
    let m = map(WALL_BETWEEN);
    let mut s = search(&m, SearchOptions::default());
    let mut improvements = 0;
    while let Some(event) = s.step() {
        let StepEvent::Expanded {
            node, neighbours, ..
        } = event
        else {
            continue;
        };
        for n in neighbours {
            if let Outcome::Improved {
                old_g,
                g,
                h,
                f,
                old_parent,
                parent,
            } = n.outcome
            {
                improvements += 1;
                assert!(g < old_g, "{n:?}");
                assert_eq!(parent, P(node.x, node.y));
                assert_ne!(old_parent, parent);
                let dx = (n.x - node.x as i64).abs();
                let dy = (n.y - node.y as i64).abs();
                let step = if dx + dy == 2 { 14.0 } else { 10.0 };
                assert_eq!(g, node.g + step, "{n:?}");
                assert_eq!(f, g + h);
                let v = s.values(m.grid.index(P(n.x as u32, n.y as u32)) as u32);
                assert_eq!((v.g, v.h), (g, h));
                assert_eq!(s.parent_of(P(n.x as u32, n.y as u32)), Ok(Some(parent)));
            }
        }
    }
    assert!(improvements > 0, "A* on this map improves some open nodes");
}

fn open_ground(
    width: u32,
    height: u32,
    start: Point,
    goal: Point,
    o: SearchOptions,
) -> Box<dyn Finder> {
    new_finder(Grid::new(width, height).unwrap(), start, goal, o).unwrap()
}

#[test]
fn larger_g_tie_break_expands_fewer_nodes_than_smaller_g_on_open_ground() {
    for directions in [Directions::Eight, Directions::Four] {
        let expanded = |tie_break| {
            let o = SearchOptions {
                tie_break,
                directions,
                ..SearchOptions::default()
            };
            let mut s = open_ground(40, 30, P(3, 5), P(35, 24), o);
            assert_eq!(s.run(), Status::Found);
            (s.counters().expanded, s.path_cost().unwrap())
        };
        let (larger, cost) = expanded(TieBreak::LargerG);
        let (smaller, cost_smaller) = expanded(TieBreak::SmallerG);
        assert_eq!(cost, cost_smaller);
        assert!(
            2 * larger < smaller,
            "{directions}: larger-g expanded {larger}, smaller-g {smaller}"
        );
        for other in [TieBreak::FirstIn, TieBreak::LastIn] {
            assert_eq!(expanded(other).1, cost, "{other}");
        }
    }
}

#[test]
fn dijkstra_ignores_the_goal_direction_and_a_star_with_zero_heuristic_is_dijkstra() {
    let o = SearchOptions::default();
    let mut a_star = open_ground(30, 30, P(5, 5), P(25, 20), o);
    let dijkstra_options = SearchOptions {
        algorithm: Algorithm::Dijkstra,
        ..o
    };
    let mut dijkstra = open_ground(30, 30, P(5, 5), P(25, 20), dijkstra_options);
    let dijkstra_events = every_event(dijkstra.as_mut());
    a_star.run();
    assert_eq!(dijkstra.path_cost(), a_star.path_cost());
    assert!(dijkstra.counters().expanded > 5 * a_star.counters().expanded);
    // Dijkstra's H is 0 and its F is G.
    let mut reached = 0;
    for i in 0..dijkstra.grid().cell_count() as u32 {
        let v = dijkstra.values(i);
        if v.g.is_finite() {
            reached += 1;
            assert_eq!((v.h, v.f), (0.0, v.g));
        }
    }
    assert!(reached > 5 * a_star.counters().expanded);
    let zero = SearchOptions {
        heuristic: Some(Heuristic::Zero),
        ..o
    };
    let mut a_star_zero = open_ground(30, 30, P(5, 5), P(25, 20), zero);
    assert_eq!(every_event(a_star_zero.as_mut()), dijkstra_events);
}

/// Mud (terrain weight 9) between start and goal: the cheapest route walks around it,
/// breadth-first search (fewest moves) wades through.
#[test]
fn a_muddy_band_is_walked_around() {
    let m = map("OOOOO\nS999E\nOOOOO\n");
    let four = options(Directions::Four, DiagonalRule::Always);
    for algorithm in [Algorithm::AStar, Algorithm::Dijkstra] {
        let o = SearchOptions { algorithm, ..four };
        let mut s = search(&m, o);
        s.run();
        assert_eq!(
            (s.path_cost(), s.path_steps()),
            (Some(60.0), Some(6)),
            "{algorithm}"
        );
        assert!(
            s.path().iter().all(|&c| m.grid.terrain()[c as usize] == 1),
            "{algorithm}"
        );
    }
    let o = SearchOptions {
        algorithm: Algorithm::BreadthFirst,
        ..four
    };
    let mut s = search(&m, o);
    s.run();
    assert_eq!(
        (s.path_cost(), s.path_steps()),
        (Some(3.0 * 90.0 + 10.0), Some(4))
    );

    // With diagonals the detour is 2 diagonals and 2 straight steps (48).
    assert_eq!(solve(&m, SearchOptions::default()), Some(48.0));
    // Entering a weight-w cell costs w times the step, diagonal or straight.
    assert_eq!(solve(&map("S5E\n"), SearchOptions::default()), Some(60.0));
    let squeeze = TextMap {
        grid: Grid::from_terrain(2, 2, vec![1, 0, 0, 3]).unwrap(),
        start: Some(P(0, 0)),
        goal: Some(P(1, 1)),
        format: MapFormat::Ox,
    };
    assert_eq!(
        solve(&squeeze, options(Directions::Eight, DiagonalRule::Always)),
        Some(42.0)
    );
    assert_eq!(
        solve(
            &map("S3\nXE\n"),
            options(Directions::Four, DiagonalRule::Always)
        ),
        Some(40.0)
    );
}

#[test]
fn breadth_first_counts_moves_and_keeps_its_first_parent() {
    let o = SearchOptions {
        algorithm: Algorithm::BreadthFirst,
        ..SearchOptions::default()
    };
    let mut s = open_ground(9, 9, P(4, 4), P(8, 0), o);
    let Some(StepEvent::Expanded { neighbours, .. }) = s.step() else {
        panic!("expands the start")
    };
    // F is the number of moves from the start.
    assert!(neighbours
        .iter()
        .all(|n| matches!(n.outcome, Outcome::Opened { f, .. } if f == 1.0)));
    let events = every_event(s.as_mut());
    let already_open = events
        .iter()
        .filter_map(|e| match e {
            StepEvent::Expanded { neighbours, .. } => Some(neighbours),
            _ => None,
        })
        .flatten()
        .filter(|n| matches!(n.outcome, Outcome::AlreadyOpen { .. }))
        .count();
    assert!(already_open > 0);
    assert!(!events
        .iter()
        .any(|e| matches!(e, StepEvent::Expanded { neighbours, .. }
            if neighbours.iter().any(|n| matches!(n.outcome, Outcome::Improved { .. })))));
    assert_eq!(s.path_steps(), Some(4), "four diagonal moves");
    // First in, first out: nodes leave the open list by depth.
    let depths: Vec<f64> = events
        .iter()
        .map(|e| match e {
            StepEvent::Expanded { node, .. } | StepEvent::GoalReached { node, .. } => node.f,
            other => panic!("breadth-first on open ground: {other:?}"),
        })
        .collect();
    assert!(depths.windows(2).all(|d| d[0] <= d[1]), "{depths:?}");
}

#[test]
fn greedy_search_can_be_lured_into_a_longer_path() {
    // The goal is straight ahead behind a cup-shaped wall; greedy walks into the cup.
    let m = map(concat!(
        "OOOOOOOOOOOO\n",
        "OOOOOOOOXOOO\n",
        "OOOOOOOOXOOO\n",
        "OSOOOOOOXOEO\n",
        "OOOOOOOOXOOO\n",
        "OOOOOOOOXOOO\n",
        "OXXXXXXXXOOO\n",
        "OOOOOOOOOOOO\n",
    ));
    let greedy = SearchOptions {
        algorithm: Algorithm::Greedy,
        ..SearchOptions::default()
    };
    let greedy_cost = solve(&m, greedy).unwrap();
    let best = solve(&m, SearchOptions::default()).unwrap();
    let mut g = search(&m, greedy);
    g.run();
    let mut d = search(
        &m,
        SearchOptions {
            algorithm: Algorithm::Dijkstra,
            ..SearchOptions::default()
        },
    );
    d.run();
    assert!(greedy_cost > best, "greedy {greedy_cost}, best {best}");
    assert!(g.counters().expanded < d.counters().expanded);
}

#[test]
fn start_equal_to_goal_is_found_at_once() {
    let best_first = Algorithm::ALL.iter().filter(|a| a.is_best_first());
    for algorithm in best_first {
        let o = SearchOptions {
            algorithm: *algorithm,
            ..SearchOptions::default()
        };
        let mut s = open_ground(3, 3, P(1, 1), P(1, 1), o);
        assert_eq!(
            s.step(),
            Some(StepEvent::GoalReached {
                step: 1,
                node: NodeValues {
                    x: 1,
                    y: 1,
                    g: 0.0,
                    h: 0.0,
                    f: 0.0,
                    side: None,
                },
                cost: 0.0,
                steps: 0,
                sight: Vec::new(),
            }),
            "{algorithm}"
        );
        assert_eq!(s.step(), None);
        assert_eq!((s.path(), s.path_cost()), (&[4][..], Some(0.0)));
        assert_eq!(s.counters().expanded, 0);
    }
}

#[test]
fn endpoints_on_walls_or_off_the_grid_are_errors() {
    let m = map(WALL_BETWEEN);
    let o = SearchOptions::default();
    let new = |start, goal| Search::new(m.grid.clone(), start, goal, o).map(drop);
    let wall = P(4, 2);
    assert_eq!(
        new(wall, P(6, 2)),
        Err(SearchError::StartOnWall {
            x: wall.x,
            y: wall.y
        })
    );
    assert_eq!(
        new(P(2, 2), wall),
        Err(SearchError::GoalOnWall {
            x: wall.x,
            y: wall.y
        })
    );
    let off = |x, y| GridError::OutOfRange {
        x,
        y,
        width: 8,
        height: 6,
    };
    assert_eq!(
        new(P(8, 0), P(6, 2)),
        Err(SearchError::Start { cause: off(8, 0) })
    );
    assert_eq!(
        new(P(2, 2), P(0, 6)),
        Err(SearchError::Goal { cause: off(0, 6) })
    );
    let msg = new(wall, P(6, 2)).unwrap_err().to_string();
    assert!(msg.contains("(4,2)") && msg.contains("wall"), "{msg}");
    let msg = new(P(2, 2), P(0, 6)).unwrap_err().to_string();
    assert!(
        msg.starts_with("goal") && msg.contains("outside the 8x6 grid"),
        "{msg}"
    );

    // A refused restart leaves the search as it was.
    let mut s = search(&m, o);
    s.advance(3);
    let before = (s.records().to_vec(), s.counters(), s.current());
    assert!(s.restart(P(2, 2), wall).is_err());
    assert!(s.restart(P(99, 0), P(6, 2)).is_err());
    assert_eq!((s.records().to_vec(), s.counters(), s.current()), before);
    assert_eq!(s.run(), Status::Found);
    assert_eq!(s.path_cost(), Some(56.0));

    let bad_weight = SearchOptions { weight: -1.0, ..o };
    let e = Search::new(m.grid.clone(), P(2, 2), P(6, 2), bad_weight).unwrap_err();
    assert!(matches!(e, SearchError::Options { .. }), "{e}");
}

/// The example map of the goal test: Dijkstra stopping when it first reaches the goal takes a
/// route that costs 80, where the shortest costs 78. A* with the octile estimate, exact one
/// step from the goal, loses nothing by stopping early.
const GOAL_TEST: &str = "OOOOOO\nXXOOOO\nSXOOXE\nOXOOXO\nOOOOOO\n";

#[test]
fn stopping_when_the_goal_is_first_reached_can_miss_the_shortest_path() {
    let m = map(GOAL_TEST);
    let dijkstra = SearchOptions {
        algorithm: Algorithm::Dijkstra,
        ..SearchOptions::default()
    };
    let early = |o: SearchOptions| SearchOptions {
        goal_test: GoalTest::FirstReached,
        ..o
    };
    assert_eq!(solve(&m, dijkstra), Some(78.0));
    let mut s = search(&m, early(dijkstra));
    assert_eq!(s.run(), Status::Found);
    assert_eq!(s.path_cost(), Some(80.0));
    let astar = SearchOptions::default();
    assert_eq!(solve(&m, astar), Some(78.0));
    let mut s = search(&m, early(astar));
    assert_eq!(s.run(), Status::Found);
    assert_eq!(s.path_cost(), Some(78.0));
}

/// Stopping on reaching: the expansion that reaches the goal stops at it, the next step ends
/// the search there (taking nothing off the open list), and stepping back undoes both.
#[test]
fn the_goal_test_on_reaching_stops_at_the_goal_and_steps_back_exactly() {
    let m = map(GOAL_TEST);
    let o = SearchOptions {
        algorithm: Algorithm::Dijkstra,
        goal_test: GoalTest::FirstReached,
        ..SearchOptions::default()
    };
    let mut s = search(&m, o);
    let events = every_event(&mut s);
    let goal = m.goal.unwrap();
    let Some(StepEvent::Expanded { neighbours, .. }) = events.iter().rev().nth(1) else {
        panic!("the step before the last expands: {events:?}")
    };
    let last = neighbours.last().unwrap();
    assert_eq!((last.x, last.y), (goal.x as i64, goal.y as i64));
    assert!(matches!(last.outcome, Outcome::Opened { .. }));
    let Some(StepEvent::GoalReached { node, cost, .. }) = events.last() else {
        panic!("ends at the goal: {events:?}")
    };
    assert_eq!(((node.x, node.y), *cost), ((goal.x, goal.y), 80.0));
    let expanded = s.counters().expanded;
    assert_eq!(expanded as usize, events.len() - 1);
    let open_at_end = s.open_list(100);
    for _ in 0..events.len() {
        assert!(s.step_back());
    }
    assert!(!s.step_back());
    assert_eq!(s.counters().expanded, 0);
    assert_eq!(every_event(&mut s), events);
    assert_eq!(s.open_list(100), open_at_end);
}

/// The C# tutorial's 4x4 map with its rules (8 directions, corners never checked, 10/14,
/// octile, neighbours column by column from the bottom up) takes the printed path: its
/// (0,1), (1,0), (2,1), (3,1), cost 38. Of the two F = 38 nodes it "picks either": the
/// printed figures took the one with the larger G, the default tie-break.
#[test]
fn the_four_by_four_example_takes_the_printed_path() {
    let m = map("OOOO\nOXOO\nSXOE\nOOOO\n");
    let tut = |x: u32, y: u32| P(x, 3 - y);
    let o = SearchOptions {
        neighbour_order: NeighbourOrder::ColumnsBottomUp,
        ..options(Directions::Eight, DiagonalRule::Always)
    };
    let mut s = search(&m, o);
    assert_eq!(s.run(), Status::Found);
    assert_eq!(
        s.path_points(),
        [tut(0, 1), tut(1, 0), tut(2, 1), tut(3, 1)]
    );
    assert_eq!(s.path_cost(), Some(38.0));
}

/// The first C++ tutorial's rules: 8 directions, corners never checked, 10/14, Manhattan H
/// (x10), of equal F the last added (a vector scanned with `F <=`), neighbours examined left
/// column, right column, up, down.
fn first_tutorial_rules() -> SearchOptions {
    SearchOptions {
        heuristic: Some(Heuristic::Manhattan),
        tie_break: TieBreak::LastIn,
        neighbour_order: NeighbourOrder::LeftThenRight,
        ..options(Directions::Eight, DiagonalRule::Always)
    }
}

/// Both maps of the first C++ tutorial take the paths it prints (`*`), cell for cell: over
/// the wall's upper end (not the lower one, which costs the same), and between the walls.
#[test]
fn the_first_tutorials_maps_take_its_printed_paths() {
    for (text, printed, cost) in [
        (
            WALL_BETWEEN,
            [(2, 2), (3, 1), (4, 0), (5, 1), (6, 2)].as_slice(),
            56.0,
        ),
        (
            CORNER_SQUEEZE,
            [(2, 2), (3, 3), (4, 4), (5, 5), (6, 4), (7, 3), (6, 2)].as_slice(),
            84.0,
        ),
    ] {
        let mut s = search(&map(text), first_tutorial_rules());
        assert_eq!(s.run(), Status::Found);
        let expected: Vec<Point> = printed.iter().map(|&(x, y)| P(x, y)).collect();
        assert_eq!(s.path_points(), expected);
        assert_eq!(s.path_cost(), Some(cost));
    }
}
