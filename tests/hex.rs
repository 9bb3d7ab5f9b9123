//! The hex grid against a Dijkstra written here, apart from the engine: two hexes are
//! neighbours when their cube coordinates (q, r, -q-r) differ by at most 1 each, every move
//! costs one step (10 under 10/14, 1 under unit costs, a million units under exact costs)
//! times the weight of the hex it enters. Every finder that takes hexes finds what it finds
//! (the optimal ones its cost, breadth-first ones its fewest moves, greedy ones a legal
//! path), every step undoes exactly, LPA* and D* Lite repair to it, D* Lite walks to it, and
//! the hex distance is its distance on open ground. Jump Point Search and the any-angle
//! finders refuse hexes with their reasons.

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

use astar_visualizer::dynamic::navigation::Navigation;
use astar_visualizer::formats::map_text::{parse_map, write_map, MapFormat};
use astar_visualizer::geometry::hex::Tiling;
use astar_visualizer::vocabulary::agent::{Arrival, PlannerKind};
use astar_visualizer::{new_finder, Algorithm, CostModel, Grid, Heuristic, Point, SearchOptions};

/// Whether the hexes `a` and `b` are neighbours: one apart in cube coordinates.
fn adjacent(a: Point, b: Point) -> bool {
    let (dq, dr) = (
        i64::from(b.x) - i64::from(a.x),
        i64::from(b.y) - i64::from(a.y),
    );
    let ds = -dq - dr;
    (dq, dr) != (0, 0) && dq.abs() <= 1 && dr.abs() <= 1 && ds.abs() <= 1
}

fn unit(o: &SearchOptions) -> f64 {
    match o.costs {
        CostModel::TenFourteen => 10.0,
        CostModel::Unit => 1.0,
        CostModel::Exact => 1e6,
    }
}

/// Cost in units from `start` to every hex (`INFINITY`: unreachable); with `fewest` every
/// move counts 1. Neighbours are found by trying every hex of the 3x3 block around.
fn dijkstra(grid: &Grid, o: &SearchOptions, start: Point, fewest: bool) -> Vec<f64> {
    nearest::dijkstra(grid.cell_count(), grid.index(start), None, |cell, reach| {
        let p = grid.point(cell);
        for dy in -1..=1 {
            for dx in -1..=1 {
                let Ok(next) = grid.index_of(i64::from(p.x) + dx, i64::from(p.y) + dy) else {
                    continue;
                };
                if grid.is_passable_at(next) && adjacent(p, grid.point(next)) {
                    let step = if fewest {
                        1.0
                    } else {
                        unit(o) * f64::from(grid.terrain()[next])
                    };
                    reach(next, step);
                }
            }
        }
    })
}

/// A path's moves join neighbouring passable hexes; returns its cost in units.
fn check_path(grid: &Grid, o: &SearchOptions, path: &[u32], case: &str) -> f64 {
    path.windows(2)
        .map(|pair| {
            let (a, b) = (grid.point(pair[0] as usize), grid.point(pair[1] as usize));
            assert!(adjacent(a, b), "{case}: {a:?} -> {b:?} is not a hex move");
            assert!(grid.is_passable(b), "{case}: {b:?} is a wall");
            unit(o) * f64::from(grid.terrain()[pair[1] as usize])
        })
        .sum()
}

fn hex(costs: CostModel, heuristic: Option<Heuristic>) -> SearchOptions {
    SearchOptions {
        tiling: Tiling::Hex,
        costs,
        heuristic,
        ..SearchOptions::default()
    }
}

/// The hex settings tested: each cost model with the hex distance, and the admissible
/// others (the straight line between centres, Chebyshev on the axial coordinates, zero).
fn settings() -> Vec<SearchOptions> {
    vec![
        hex(CostModel::TenFourteen, None),
        hex(CostModel::Unit, None),
        hex(CostModel::Exact, None),
        hex(CostModel::TenFourteen, Some(Heuristic::Euclidean)),
        hex(CostModel::Unit, Some(Heuristic::Chebyshev)),
        hex(CostModel::TenFourteen, Some(Heuristic::Zero)),
    ]
}

/// Random hex maps with terrain weights, every finder that takes hexes: optimal costs,
/// fewest moves or a legal path, the reported cost the path's, exact undo.
#[test]
fn random_hex_maps_every_finder_against_the_independent_dijkstra() {
    let mut random = random_numbers(0x4e8a_90c1_77d2_3b15);
    for round in 0..60 {
        let Some((grid, start, goal)) = random_scene(&mut random, 3, 8, 40, true) else {
            continue;
        };
        let base = settings()[round % settings().len()];
        let truth = Truth::at(grid.index(goal), |fewest| {
            dijkstra(&grid, &base, start, fewest)
        });
        let scale = if base.costs == CostModel::Exact {
            1e6
        } else {
            1.0
        };
        every_finder(
            &grid,
            start,
            goal,
            base,
            &truth,
            scale,
            round % 5 == 0,
            |o, path, case| check_path(&grid, o, path, case),
        );
    }
}

/// On open ground the hex distance is the Dijkstra's distance exactly, and admissible; the
/// heuristics that read axial coordinates as square ones overestimate and say so.
#[test]
fn hex_distance_is_the_open_ground_distance() {
    let grid = Grid::new(13, 13).unwrap();
    let centre = Point::new(6, 6);
    for o in [
        hex(CostModel::TenFourteen, None),
        hex(CostModel::Unit, None),
    ] {
        let truth = dijkstra(&grid, &o, centre, false);
        assert!(o.admissibility().admissible);
        for (cell, &truth) in truth.iter().enumerate() {
            let p = grid.point(cell);
            let goal = new_finder(grid.clone(), p, centre, o).unwrap();
            let (h, _) = goal.estimates(grid.index(p) as u32);
            assert_eq!(h / o.costs.scale(), truth, "{p:?}");
        }
    }
    for h in [Heuristic::Manhattan, Heuristic::Octile] {
        let verdict = hex(CostModel::TenFourteen, Some(h)).admissibility();
        assert!(!verdict.admissible, "{h}");
        assert!(verdict.reason.unwrap().to_string().contains("use hex"));
    }
}

/// LPA* and D* Lite repair after walls come and go: each answer is the Dijkstra's on the
/// map as edited.
#[test]
fn incremental_repairs_match_the_dijkstra_on_the_edited_map() {
    let mut random = random_numbers(0x6e3c_19d2_a07f_5b21);
    for round in 0..30 {
        let base = settings()[round % 3];
        repairs_match(
            &mut random,
            5,
            75,
            base,
            |world, start, goal| dijkstra(world, &base, start, false)[world.index(goal)],
            |world, path, case| check_path(world, &base, path, case),
        );
    }
}

/// D* Lite in Walk mode: with a sensor that sees the whole map the agent walks a shortest
/// path (north-east, where x and y both change in one move) and pays for it hex by hex; with a short one it discovers the wall in its way and
/// still arrives, each move a hex move.
#[test]
fn d_star_lite_walks_the_hexes() {
    let map = parse_map(
        "hex\n\
         . . . . d\n \
          . + + + .\n  \
           . . . + .\n   \
            s + . . .\n",
    )
    .unwrap();
    assert_eq!(map.format, MapFormat::Hex);
    let (start, goal) = (map.start.unwrap(), map.goal.unwrap());
    let o = hex(CostModel::TenFourteen, None);
    let truth = dijkstra(&map.grid, &o, start, false)[map.grid.index(goal)];
    for radius in [10.0, 1.5] {
        let mut walk = Navigation::new(
            map.grid.clone(),
            start,
            goal,
            o,
            radius,
            PlannerKind::DStarLite,
        )
        .unwrap();
        let mut at = start;
        while let Some(visit) = walk.advance() {
            assert!(
                visit.at == at || adjacent(at, visit.at),
                "{at:?} -> {:?}",
                visit.at
            );
            at = visit.at;
        }
        let Some(Arrival::Arrived { travelled, .. }) = walk.arrival() else {
            panic!("radius {radius}: {:?}", walk.arrival());
        };
        assert_eq!(at, goal);
        if radius > 5.0 {
            assert_eq!(travelled, truth, "radius {radius}");
        } else {
            assert!(travelled >= truth);
        }
    }
}

/// Jump Point Search and the any-angle finders refuse hexes, each with its reason; the
/// square neighbourhoods beyond 8 are refused with them.
#[test]
fn square_only_finders_and_neighbourhoods_refuse_hexes() {
    let grid = Grid::new(4, 4).unwrap();
    for (algorithm, reason) in [
        (Algorithm::JumpPoint, "symmetries"),
        (Algorithm::ThetaStar, "line of sight"),
        (Algorithm::LazyThetaStar, "line of sight"),
    ] {
        let o = SearchOptions {
            algorithm,
            ..hex(CostModel::TenFourteen, None)
        };
        let refused = new_finder(grid.clone(), Point::new(0, 0), Point::new(3, 3), o)
            .err()
            .unwrap()
            .to_string();
        assert!(refused.contains("square cells only, not hex"), "{refused}");
        assert!(refused.contains(reason), "{refused}");
    }
    let sixteen = SearchOptions {
        directions: astar_visualizer::Directions::Sixteen,
        ..hex(CostModel::TenFourteen, None)
    };
    let refused = new_finder(grid, Point::new(0, 0), Point::new(3, 3), sixteen);
    assert!(refused
        .err()
        .unwrap()
        .to_string()
        .contains("six neighbours"));
}

/// A hex map reads back as written, each row indented one more space.
#[test]
fn hex_maps_round_trip() {
    let text = "hex\ns . 3 +\n . + . .\n  . . . d\n";
    let map = parse_map(text).unwrap();
    assert_eq!((map.grid.width(), map.grid.height()), (4, 3));
    assert_eq!(map.grid.terrain()[2], 3);
    let written = write_map(&map.grid, map.start, map.goal, MapFormat::Hex, &[]).unwrap();
    assert_eq!(written, text);
    assert!(parse_map("hex\n").is_err());
}

/// The command line searches a hex map as hexes and draws the path in the hex format;
/// `--topology hex` searches a square map's cells as hexes.
#[test]
fn the_command_line_searches_hexes() {
    let dir = std::env::temp_dir().join(format!("hex-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |map: &str, args: &[&str]| {
        let path = dir.join("map.txt");
        std::fs::write(&path, map).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_astar"))
            .arg("solve")
            .arg(&path)
            .args(args)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
        (out.status.success(), text)
    };
    // North-east along the diagonal of the rhombus: three moves.
    let hex_map = "hex\n. . . d\n . . . .\n  . . . .\n   s . . .\n";
    let (ok, text) = run(hex_map, &[]);
    assert!(
        ok && text.starts_with("hex\n. . . d\n . . - .\n  . - . .\n") && text.contains("cost: 30"),
        "{text}"
    );
    let square = ". . . d\n. . . .\n. . . .\ns . . .\n";
    let (ok, text) = run(square, &["--topology", "hex", "--costs", "unit"]);
    assert!(
        ok && text.contains("cost: 3") && text.starts_with("hex\n"),
        "{text}"
    );
    let (ok, text) = run(square, &[]);
    assert!(ok && text.contains("cost: 42"), "{text}");
    let (ok, text) = run(hex_map, &["--algorithm", "jps"]);
    assert!(!ok && text.contains("square cells only, not hex"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
