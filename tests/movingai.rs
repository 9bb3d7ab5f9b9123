//! Every scenario of the seven Moving AI benchmark maps must come out at its published optimal
//! length, to the file's precision (8 directions, no corner cutting, costs 1 and sqrt 2), for
//! A* and Jump Point Search run to the end (JPS on every 10th maze scenario). The other ways
//! of searching take a fixed spread of each map's scenarios (see [`spread`]): about 200 for
//! Dijkstra and for bidirectional A* and Dijkstra, and 60 for A* taken one expansion at a
//! time. One `Search` per map, restarted for each scenario, as the command line does. Every
//! path found is walked move by move: each move legal, and the moves adding up exactly to the
//! cost the search reports.
//! Run with `--nocapture` to see a line per map.
//!
//! Why the spreads suffice: Dijkstra is A*'s loop with a zero heuristic, and A* one step at a
//! time is the same loop building events, each of its runs here also matched move for move
//! and count for count against `run()` on the same scenario; that loop is checked on every
//! scenario. The bidirectional searches are checked against a brute-force oracle on random
//! maps by the property tests; here they meet the long paths of the big maps, which a few
//! hundred scenarios from every length bucket cover. Their cost is what a spread saves: on
//! the maze nearly every search crosses the whole map, and A* with events scans its open list
//! at every step for the ties it reports.

use std::cmp::Ordering;
use std::fmt;
use std::time::Instant;

// Only the path check: the brute-force oracle beside it is for small maps.
#[allow(dead_code)]
mod common;

use common::Rules;

use astar_visualizer::formats::map_text::parse_map;
use astar_visualizer::formats::scenario::{parse_scenarios, Scenario};
use astar_visualizer::{new_finder, Algorithm, Finder, Grid, SearchOptions, Status, StepEvent};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/movingai");

/// Scenarios `offset`, `offset + n`, `offset + 2n`, ... of a map's `scenarios`, with `n` chosen
/// for about `count` of them: a Moving AI file lists its scenarios by length bucket, shortest
/// first, so the spread takes some of every length. Each way of searching has its own offset
/// (Dijkstra 1, stepped A* 2, ...). `MOVINGAI_SAMPLE=1` in the environment checks every
/// scenario with every one (`MOVINGAI_SAMPLE=n`, every `n`th).
fn spread(scenarios: usize, count: usize, offset: usize) -> (usize, usize) {
    let n = std::env::var("MOVINGAI_SAMPLE")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or((scenarios / count).max(1));
    (offset % n, n)
}

#[derive(Clone, Copy)]
enum Mode {
    Run(Algorithm),
    /// A* through `step()`, building every event.
    Stepped,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mode::Run(a) => write!(f, "{a} run()"),
            Mode::Stepped => f.write_str("astar step()"),
        }
    }
}

fn load(map: &str) -> (Grid, Vec<Scenario>) {
    let read = |file: &str| {
        std::fs::read_to_string(format!("{DIR}/{file}")).unwrap_or_else(|e| panic!("{file}: {e}"))
    };
    let grid = parse_map(&read(map))
        .unwrap_or_else(|e| panic!("{map}: {e}"))
        .grid;
    let scen = format!("{map}.scen");
    let scenarios = parse_scenarios(&read(&scen)).unwrap_or_else(|e| panic!("{scen}: {e}"));
    for s in &scenarios {
        assert_eq!(
            (s.map_file_name(), s.width, s.height),
            (map, grid.width(), grid.height())
        );
    }
    (grid, scenarios)
}

/// Steps until the search is over, checking the events' step numbers; returns the cost the
/// last event reports.
fn step_to_the_end(search: &mut dyn Finder) -> Option<f64> {
    let mut last = None;
    let mut expansions = 0;
    while let Some(event) = search.step() {
        let step = match &event {
            StepEvent::Expanded { step, .. } | StepEvent::Jumped { step, .. } => {
                expansions += 1;
                *step
            }
            StepEvent::GoalReached { step, .. } | StepEvent::NoPath { step } => *step,
            other => panic!("A* takes best-first steps only: {other:?}"),
        };
        assert_eq!(step, search.counters().steps);
        last = Some(event);
    }
    assert_eq!(expansions, search.counters().expanded);
    match last {
        Some(StepEvent::GoalReached { cost, steps, .. }) => {
            assert_eq!(Some(steps), search.path_steps());
            Some(cost)
        }
        Some(StepEvent::NoPath { .. }) => None,
        other => panic!("the last event must end the search: {other:?}"),
    }
}

/// Runs the scenarios whose index is `part` modulo `parts` (every one when `parts` is 1).
fn check_map(map: &str, expected_scenarios: usize, mode: Mode, (part, parts): (usize, usize)) {
    let (grid, scenarios) = load(map);
    assert_eq!(scenarios.len(), expected_scenarios, "{map}");
    let chosen: Vec<(usize, &Scenario)> = scenarios
        .iter()
        .enumerate()
        .skip(part)
        .step_by(parts)
        .collect();
    let algorithm = match mode {
        Mode::Run(a) => a,
        Mode::Stepped => Algorithm::AStar,
    };
    let options = SearchOptions {
        algorithm,
        ..SearchOptions::moving_ai()
    };
    // The paths are judged by the rules restated in tests/common, not by the crate's own.
    let rules = Rules {
        directions: options.directions,
        diagonal: options.diagonal,
        costs: options.costs,
    };
    let first = chosen[0].1;
    let mut search = new_finder(grid.clone(), first.start, first.goal, options).unwrap();
    // Stepped: the same search run to the end, which the steps must match.
    let mut reference = matches!(mode, Mode::Stepped)
        .then(|| new_finder(grid.clone(), first.start, first.goal, options).unwrap());
    let began = Instant::now();
    let (mut expanded, mut wrong) = (0u64, Vec::new());
    for &(i, s) in &chosen {
        search.restart(s.start, s.goal).unwrap();
        let cost = match mode {
            Mode::Run(_) => {
                assert_ne!(search.run(), Status::Running);
                search.path_cost()
            }
            Mode::Stepped => {
                let cost = step_to_the_end(search.as_mut());
                let run = reference.as_mut().expect("made for stepped searches");
                run.restart(s.start, s.goal).unwrap();
                assert_ne!(run.run(), Status::Running);
                let same = (run.status(), run.path(), run.counters());
                assert_eq!(
                    (search.status(), search.path(), search.counters()),
                    same,
                    "{map}, scenario {i}: stepped and run to the end differ"
                );
                cost
            }
        };
        assert_eq!(cost, search.path_cost(), "scenario {i}");
        if let Some(cost) = cost {
            let (start, goal) = (grid.index(s.start), grid.index(s.goal));
            rules
                .path_cost(&grid, start, goal, search.path())
                .unwrap_or_else(|e| panic!("{map}, {mode}, scenario {i}: {e}"));
            let walked = rules.shown_cost(&grid, search.path());
            assert_eq!(walked, cost, "scenario {i}");
        }
        expanded += search.counters().expanded as u64;
        let optimal = cost.is_some_and(|c| s.compare(c) == Ordering::Equal);
        if !optimal {
            wrong.push((i, cost, s.optimal));
        }
    }
    let share = if parts == 1 {
        String::new()
    } else {
        format!(" (from scenario {part}, one in {parts})")
    };
    println!(
        "{map}{share}: {mode}: {} scenarios, {} optimal, {expanded} expansions, {:.2} s",
        chosen.len(),
        chosen.len() - wrong.len(),
        began.elapsed().as_secs_f64()
    );
    assert!(
        wrong.is_empty(),
        "{map}, {mode}: {} of {} scenarios off their optimal length; the first (index, cost, optimal): {:?}",
        wrong.len(),
        chosen.len(),
        &wrong[..wrong.len().min(5)]
    );
}

/// About how many scenarios of each map the sampled ways of searching take (see [`spread`]).
const DIJKSTRA: usize = 200;
const BIDIRECTIONAL: usize = 200;
const STEPPED: usize = 60;

/// One module per map, one test per way of searching (A* in two halves), so the harness
/// spreads them over its threads. `jps` says which scenarios JPS takes: in the maze, one cell
/// wide, nearly every cell is a jump point, so JPS has no edge over A* and takes every 10th.
macro_rules! benchmark_map {
    ($module:ident, $file:literal, $scenarios:literal, jps: $jps:expr) => {
        mod $module {
            use super::*;

            #[test]
            fn a_star_even() {
                check_map($file, $scenarios, Mode::Run(Algorithm::AStar), (0, 2));
            }

            #[test]
            fn a_star_odd() {
                check_map($file, $scenarios, Mode::Run(Algorithm::AStar), (1, 2));
            }

            #[test]
            fn dijkstra() {
                check_map(
                    $file,
                    $scenarios,
                    Mode::Run(Algorithm::Dijkstra),
                    spread($scenarios, DIJKSTRA, 1),
                );
            }

            #[test]
            fn a_star_stepped() {
                check_map(
                    $file,
                    $scenarios,
                    Mode::Stepped,
                    spread($scenarios, STEPPED, 2),
                );
            }

            #[test]
            fn jump_point_search() {
                check_map($file, $scenarios, Mode::Run(Algorithm::JumpPoint), $jps);
            }

            #[test]
            fn bidirectional_a_star() {
                check_map(
                    $file,
                    $scenarios,
                    Mode::Run(Algorithm::BiAStar),
                    spread($scenarios, BIDIRECTIONAL, 0),
                );
            }

            #[test]
            fn bidirectional_dijkstra() {
                check_map(
                    $file,
                    $scenarios,
                    Mode::Run(Algorithm::BiDijkstra),
                    spread($scenarios, BIDIRECTIONAL, 1),
                );
            }
        }
    };
}

benchmark_map!(arena2, "arena2.map", 910, jps: (0, 1));
benchmark_map!(maze512_1_0, "maze512-1-0.map", 12_120, jps: spread(12_120, 1_212, 0));
benchmark_map!(random512_10_0, "random512-10-0.map", 1_780, jps: (0, 1));
benchmark_map!(room8_000, "8room_000.map", 2_140, jps: (0, 1));
benchmark_map!(berlin_0_512, "Berlin_0_512.map", 1_870, jps: (0, 1));
benchmark_map!(lak304d, "lak304d.map", 773, jps: (0, 1));
benchmark_map!(ost003d, "ost003d.map", 846, jps: (0, 1));

#[test]
fn the_seven_maps_hold_20_439_scenarios() {
    let total: usize = [
        "arena2.map",
        "maze512-1-0.map",
        "random512-10-0.map",
        "8room_000.map",
        "Berlin_0_512.map",
        "lak304d.map",
        "ost003d.map",
    ]
    .iter()
    .map(|m| load(m).1.len())
    .sum();
    assert_eq!(total, 20_439);
}
