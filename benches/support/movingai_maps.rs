//! The Moving AI maps the native benchmarks run, and how to read one with its scenarios.

use astar_visualizer::formats::map_text::parse_map;
use astar_visualizer::formats::scenario::{parse_scenarios, Scenario};
use astar_visualizer::Grid;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/movingai");

/// The maps, and for each the stride through its scenarios: the maze's 12,120 scenarios
/// mostly cross the whole maze, so every 10th of them (all buckets, in file order) keeps the
/// run to a few minutes.
pub const MAPS: [(&str, usize); 5] = [
    ("arena2.map", 1),
    ("maze512-1-0.map", 10),
    ("random512-10-0.map", 1),
    ("8room_000.map", 1),
    ("Berlin_0_512.map", 1),
];

/// A map and every `stride`-th of its scenarios, in file order.
pub fn load(map: &str, stride: usize) -> (Grid, Vec<Scenario>) {
    let read = |file: &str| {
        std::fs::read_to_string(format!("{DIR}/{file}")).unwrap_or_else(|e| panic!("{file}: {e}"))
    };
    let grid = parse_map(&read(map))
        .unwrap_or_else(|e| panic!("{map}: {e}"))
        .grid;
    let scenarios = parse_scenarios(&read(&format!("{map}.scen")))
        .unwrap_or_else(|e| panic!("{map}.scen: {e}"));
    (grid, scenarios.into_iter().step_by(stride).collect())
}
