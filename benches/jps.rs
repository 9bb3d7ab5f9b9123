//! `cargo bench --bench jps`: Jump Point Search against this crate's A* on the Moving AI
//! benchmark scenarios (8 directions, no corner cutting, costs 1 and sqrt 2, octile
//! heuristic), in one process: node expansions and time per search for each map, and the
//! speed-up. Both must return the same cost for every scenario.
//!
//! The two take turns on chunks of 40 scenarios, three rounds over each map, and each
//! one's fastest time on each chunk counts, so that a busy moment on a shared machine
//! spoils one chunk of one round rather than a whole side. `cargo bench --bench jps -- maze`
//! measures only the maps whose names contain "maze".

#[path = "support/cpu_time.rs"]
mod cpu_time;
#[path = "support/movingai_maps.rs"]
mod movingai_maps;

use std::hint::black_box;
use std::time::Duration;

use astar_visualizer::formats::scenario::Scenario;
use astar_visualizer::{new_finder, Algorithm, Finder, SearchOptions};
use cpu_time::cpu_time;
use movingai_maps::{load, MAPS};

const CHUNK: usize = 40;
const ROUNDS: usize = 3;

/// Time and expansions of one side over a map's scenarios.
#[derive(Clone, Copy, Default)]
struct Tally {
    time: Duration,
    expanded: u64,
}

/// Runs the scenarios in `chunk`; returns the elapsed time, the expansions and the costs.
fn run_chunk(finder: &mut dyn Finder, chunk: &[Scenario]) -> (Duration, u64, Vec<Option<f64>>) {
    let mut costs = Vec::with_capacity(chunk.len());
    let mut expanded = 0;
    let began = cpu_time();
    for s in chunk {
        finder.restart(s.start, s.goal).expect("scenario endpoints");
        black_box(finder.run());
        expanded += u64::from(finder.counters().expanded);
        costs.push(finder.path_cost());
    }
    (cpu_time() - began, expanded, costs)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

fn main() {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    println!(
        "Times are {}, the fastest of {ROUNDS} rounds per chunk.\n",
        cpu_time::CLOCK
    );
    println!("| map | searches | A* expansions | JPS expansions | A* ms | JPS ms | speed-up |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut large = Vec::new();
    for (map, stride) in MAPS {
        if !map.contains(filter.as_str()) {
            continue;
        }
        let (grid, scenarios) = load(map, stride);
        let first = &scenarios[0];
        let finder = |algorithm| {
            let options = SearchOptions {
                algorithm,
                ..SearchOptions::moving_ai()
            };
            new_finder(grid.clone(), first.start, first.goal, options).expect("a finder")
        };
        let (mut a_star, mut jps) = (finder(Algorithm::AStar), finder(Algorithm::JumpPoint));
        let (mut a, mut j) = (Tally::default(), Tally::default());
        for chunk in scenarios.chunks(CHUNK) {
            let (mut best_a, mut best_j) = (Duration::MAX, Duration::MAX);
            let mut expansions = (0, 0);
            for _ in 0..ROUNDS {
                let (time, expanded_a, costs_a) = run_chunk(a_star.as_mut(), chunk);
                best_a = best_a.min(time);
                let (time, expanded_j, costs_j) = run_chunk(jps.as_mut(), chunk);
                best_j = best_j.min(time);
                for ((x, y), s) in costs_a.iter().zip(&costs_j).zip(chunk) {
                    let same = match (x, y) {
                        (Some(x), Some(y)) => (x - y).abs() <= 1e-9 * x.max(1.0),
                        (None, None) => true,
                        _ => false,
                    };
                    assert!(same, "{map} {s:?}: A* {x:?}, JPS {y:?}");
                }
                expansions = (expanded_a, expanded_j);
            }
            // Expansions are the same every round: counted once per chunk.
            a.expanded += expansions.0;
            j.expanded += expansions.1;
            a.time += best_a;
            j.time += best_j;
        }
        let searches = scenarios.len();
        let ms = |t: Tally| t.time.as_secs_f64() * 1000.0 / searches as f64;
        let speed_up = a.time.as_secs_f64() / j.time.as_secs_f64();
        if grid.width() == 512 && grid.height() == 512 {
            large.push(speed_up);
        }
        println!(
            "| {} | {searches} | {} | {} | {:.3} | {:.3} | {speed_up:.2}x |",
            map.trim_end_matches(".map"),
            a.expanded,
            j.expanded,
            ms(a),
            ms(j),
        );
    }
    if !large.is_empty() {
        println!(
            "\nmedian speed-up over the 512x512 maps: {:.2}x (target: at least 5x)",
            median(&mut large)
        );
    }
}
