//! Every scenario of the five Moving AI benchmark maps must come out at its published optimal
//! length (8 directions, no corner cutting, costs 1 and sqrt 2), for A*, Dijkstra and Jump
//! Point Search run to the end (JPS on every 10th maze scenario) and for A* taken one
//! expansion at a time. One `Search` per map, restarted for
//! each scenario, as the command line does. Run with `--nocapture` to see a line per map.

use std::fmt;
use std::time::Instant;

use astar_visualizer::map_text::parse_map;
use astar_visualizer::scenario::{parse_scenarios, Scenario};
use astar_visualizer::{new_finder, Algorithm, Finder, Grid, SearchOptions, Status, StepEvent};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/movingai");

/// Bidirectional A* and Dijkstra run on every tenth scenario of each map (A* on scenarios
/// 0, 10, 20, ..., Dijkstra on 1, 11, 21, ...: 1,882 each, from every length bucket), which
/// keeps the suite's time in bounds; `BIDIRECTIONAL_SAMPLE=1` in the environment checks
/// every scenario.
fn sample() -> usize {
    std::env::var("BIDIRECTIONAL_SAMPLE")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(10)
}

/// The benchmark's own tolerance for comparing lengths: relative 1e-4.
const TOLERANCE: f64 = 1e-4;

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
            (s.map.as_str(), s.width, s.height),
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
    let first = chosen[0].1;
    let mut search = new_finder(grid, first.start, first.goal, options).unwrap();
    let began = Instant::now();
    let (mut expanded, mut wrong) = (0u64, Vec::new());
    for &(i, s) in &chosen {
        search.restart(s.start, s.goal).unwrap();
        let cost = match mode {
            Mode::Run(_) => {
                assert_ne!(search.run(), Status::Running);
                search.path_cost()
            }
            Mode::Stepped => step_to_the_end(search.as_mut()),
        };
        assert_eq!(cost, search.path_cost(), "scenario {i}");
        expanded += search.counters().expanded as u64;
        let optimal = cost.is_some_and(|c| (c - s.optimal).abs() <= TOLERANCE * s.optimal);
        if !optimal {
            wrong.push((i, cost, s.optimal));
        }
    }
    let share = if parts == 1 {
        String::new()
    } else {
        format!(" (part {} of {parts})", part + 1)
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

/// One module per map, one test per way of searching, so the harness spreads them over its
/// threads; the maze, by far the longest, is split further into alternate scenarios.
macro_rules! benchmark_map {
    ($module:ident, $file:literal, $scenarios:literal) => {
        mod $module {
            use super::*;

            #[test]
            fn a_star() {
                check_map($file, $scenarios, Mode::Run(Algorithm::AStar), (0, 1));
            }

            #[test]
            fn dijkstra() {
                check_map($file, $scenarios, Mode::Run(Algorithm::Dijkstra), (0, 1));
            }

            #[test]
            fn a_star_stepped() {
                check_map($file, $scenarios, Mode::Stepped, (0, 1));
            }

            #[test]
            fn jump_point_search() {
                check_map($file, $scenarios, Mode::Run(Algorithm::JumpPoint), (0, 1));
            }

            #[test]
            fn bidirectional_a_star() {
                let mode = Mode::Run(Algorithm::BiAStar);
                check_map($file, $scenarios, mode, (0, sample()));
            }

            #[test]
            fn bidirectional_dijkstra() {
                let mode = Mode::Run(Algorithm::BiDijkstra);
                check_map($file, $scenarios, mode, (1 % sample(), sample()));
            }
        }
    };
    ($module:ident, $file:literal, $scenarios:literal, in halves) => {
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
            fn dijkstra_even() {
                check_map($file, $scenarios, Mode::Run(Algorithm::Dijkstra), (0, 2));
            }

            #[test]
            fn dijkstra_odd() {
                check_map($file, $scenarios, Mode::Run(Algorithm::Dijkstra), (1, 2));
            }

            /// Every 10th scenario: in a maze one cell wide nearly every cell is a jump
            /// point, so JPS has no edge over A* here and the sample keeps the suite short.
            #[test]
            fn jump_point_search_every_tenth() {
                check_map($file, $scenarios, Mode::Run(Algorithm::JumpPoint), (0, 10));
            }

            #[test]
            fn a_star_stepped_even() {
                check_map($file, $scenarios, Mode::Stepped, (0, 2));
            }

            #[test]
            fn a_star_stepped_odd() {
                check_map($file, $scenarios, Mode::Stepped, (1, 2));
            }

            #[test]
            fn bidirectional_a_star() {
                let mode = Mode::Run(Algorithm::BiAStar);
                check_map($file, $scenarios, mode, (0, sample()));
            }

            #[test]
            fn bidirectional_dijkstra() {
                let mode = Mode::Run(Algorithm::BiDijkstra);
                check_map($file, $scenarios, mode, (1 % sample(), sample()));
            }
        }
    };
}

benchmark_map!(arena2, "arena2.map", 910);
benchmark_map!(maze512_1_0, "maze512-1-0.map", 12_120, in halves);
benchmark_map!(random512_10_0, "random512-10-0.map", 1_780);
benchmark_map!(room8_000, "8room_000.map", 2_140);
benchmark_map!(berlin_0_512, "Berlin_0_512.map", 1_870);

#[test]
fn the_five_maps_hold_18_820_scenarios() {
    let total: usize = [
        "arena2.map",
        "maze512-1-0.map",
        "random512-10-0.map",
        "8room_000.map",
        "Berlin_0_512.map",
    ]
    .iter()
    .map(|m| load(m).1.len())
    .sum();
    assert_eq!(total, 18_820);
}
