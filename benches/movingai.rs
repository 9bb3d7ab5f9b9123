//! `cargo bench --bench movingai`: this crate's A* against the `pathfinding` crate's `astar`
//! on the Moving AI benchmark scenarios, under the same rules (8 directions, no corner
//! cutting) and the same integer costs (1_000_000 straight, 1_414_214 diagonal, octile
//! heuristic), in one process. Both must return the same cost for every scenario. Then the
//! cost of watching: A* taken step by step with events, and with `advance` (recorded, no
//! events), against `run()`.

#[path = "support/cpu_time.rs"]
mod cpu_time;
#[path = "support/movingai_maps.rs"]
mod movingai_maps;

use std::cell::Cell;
use std::hint::black_box;
use std::time::{Duration, Instant};

use astar_visualizer::formats::scenario::Scenario;
use astar_visualizer::{Finder, Grid, Search, SearchOptions};
use cpu_time::{cpu_time, CLOCK};
use movingai_maps::{load, MAPS};

const STRAIGHT: u64 = 1_000_000;
const DIAGONAL: u64 = 1_414_214;

/// Total time and node expansions of one way of running every scenario of a map.
#[derive(Clone, Copy, Default)]
struct Tally {
    time: Duration,
    expanded: u64,
}

impl Tally {
    fn ms_per_search(self, searches: usize) -> f64 {
        self.time.as_secs_f64() * 1000.0 / searches as f64
    }

    fn million_per_second(self) -> f64 {
        self.expanded as f64 / self.time.as_secs_f64() / 1e6
    }
}

/// The grid as the peer sees it: passable cells and their neighbours under the benchmark rules.
struct PeerGrid {
    width: u32,
    height: u32,
    free: Vec<bool>,
}

impl PeerGrid {
    fn new(grid: &Grid) -> Self {
        PeerGrid {
            width: grid.width(),
            height: grid.height(),
            free: grid.terrain().iter().map(|&t| t != 0).collect(),
        }
    }

    fn is_free(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && x < self.width as i64
            && y < self.height as i64
            && self.free[(y * self.width as i64 + x) as usize]
    }

    /// Legal moves from a cell, without allocating: a diagonal needs both side cells free.
    fn successors(&self, cell: u32) -> impl Iterator<Item = (u32, u64)> {
        let w = self.width as i64;
        let (x, y) = (cell as i64 % w, cell as i64 / w);
        let mut out = [(0u32, 0u64); 8];
        let mut n = 0;
        for (dx, dy) in [
            (0, -1),
            (1, 0),
            (0, 1),
            (-1, 0),
            (1, -1),
            (1, 1),
            (-1, 1),
            (-1, -1),
        ] {
            let (nx, ny) = (x + dx, y + dy);
            let diagonal = dx != 0 && dy != 0;
            if self.is_free(nx, ny) && (!diagonal || (self.is_free(nx, y) && self.is_free(x, ny))) {
                out[n] = (
                    (ny * w + nx) as u32,
                    if diagonal { DIAGONAL } else { STRAIGHT },
                );
                n += 1;
            }
        }
        out.into_iter().take(n)
    }

    fn octile(&self, a: u32, b: u32) -> u64 {
        let w = self.width;
        let (dx, dy) = (
            (a % w).abs_diff(b % w) as u64,
            (a / w).abs_diff(b / w) as u64,
        );
        DIAGONAL * dx.min(dy) + STRAIGHT * (dx.max(dy) - dx.min(dy))
    }
}

/// Times one way of running a search to its end over some scenarios, with one `Search`
/// restarted each time; returns the tally and each scenario's cost in units.
fn time_ours(
    search: &mut Search,
    scenarios: &[Scenario],
    finish: impl Fn(&mut Search),
) -> (Tally, Vec<Option<u64>>) {
    let mut tally = Tally::default();
    let mut costs = Vec::with_capacity(scenarios.len());
    let began = cpu_time();
    for s in scenarios {
        search
            .restart(s.start, s.goal)
            .expect("benchmark endpoints are passable");
        finish(search);
        tally.expanded += search.counters().expanded as u64;
        costs.push(search.path_cost_units().map(|c| c as u64));
    }
    tally.time = cpu_time() - began;
    (tally, costs)
}

fn time_peer(grid: &PeerGrid, scenarios: &[Scenario]) -> (Tally, Vec<Option<u64>>) {
    let expanded = Cell::new(0u64);
    let mut costs = Vec::with_capacity(scenarios.len());
    let began = cpu_time();
    for s in scenarios {
        let (start, goal) = (
            s.start.y * grid.width + s.start.x,
            s.goal.y * grid.width + s.goal.x,
        );
        let found = pathfinding::prelude::astar(
            &start,
            |&c| {
                expanded.set(expanded.get() + 1);
                grid.successors(c)
            },
            |&c| grid.octile(c, goal),
            |&c| c == goal,
        );
        costs.push(found.map(|(_, cost)| cost));
    }
    let tally = Tally {
        time: cpu_time() - began,
        expanded: expanded.get(),
    };
    (tally, costs)
}

/// How many times each way runs every scenario.
const ROUNDS: usize = 3;

/// Scenarios timed together: enough that each way runs with its data warm in the caches, as
/// when it goes through a whole map, and few enough (a fraction of a second) that all the
/// ways meet the same conditions on a machine whose load changes from second to second.
const CHUNK: usize = 40;

/// The four ways, in the order of [`Ways`].
const WAYS: usize = 4;

/// One tally per way: this crate's `run()`, the peer, `step()` with events, `advance()`.
type Ways = [Tally; WAYS];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn main() {
    println!("Moving AI scenarios: 8 directions, no corner cutting, costs 1 and sqrt(2) in integer units.");
    println!("ms = milliseconds per search; Mexp/s = million node expansions per second.");
    println!(
        "speed-up = pathfinding's time / this crate's run() time. Times are {CLOCK}: each way \
         runs chunks of {CHUNK} scenarios in turn with the others, {ROUNDS} times, and its \
         fastest time on each chunk counts.\n"
    );
    println!(
        "{:<24} {:>9} | {:>10} {:>8} | {:>10} {:>8} | {:>8} | {:>11} {:>13}",
        "map",
        "searches",
        "run() ms",
        "Mexp/s",
        "peer ms",
        "Mexp/s",
        "speed-up",
        "step()/run",
        "advance/run"
    );
    let (mut speedups, mut step_ratios, mut advance_ratios) = (Vec::new(), Vec::new(), Vec::new());
    let began = Instant::now();
    // `cargo bench --bench movingai -- maze` measures only the maps whose names contain "maze".
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    for (map, stride) in MAPS {
        if !only.is_empty() && !only.iter().any(|o| map.contains(o.as_str())) {
            continue;
        }
        let (grid, scenarios) = load(map, stride);
        let peer_grid = PeerGrid::new(&grid);
        let first = &scenarios[0];
        let mut search =
            Search::new(grid, first.start, first.goal, SearchOptions::moving_ai()).unwrap();

        // Each chunk of scenarios is run by every way in turn, ROUNDS times; for each way
        // and chunk the fastest round counts. A slow moment of a shared machine then spoils
        // only the chunks it falls on, in one round, and not a whole way.
        let mut totals: Ways = Default::default();
        for (c, chunk) in scenarios.chunks(CHUNK).enumerate() {
            let mut best: Ways = Default::default();
            // Every way must find the cost the first one timed found, scenario by scenario.
            let mut expected: Option<Vec<Option<u64>>> = None;
            for round in 0..ROUNDS {
                // A different way goes first each time, so none always meets the caches
                // another one left.
                for w in (0..WAYS).map(|w| (w + c + round) % WAYS) {
                    let (tally, costs) = match w {
                        0 => time_ours(&mut search, chunk, |s| {
                            black_box(s.run());
                        }),
                        1 => time_peer(&peer_grid, chunk),
                        2 => time_ours(&mut search, chunk, |s| {
                            while let Some(event) = s.step() {
                                black_box(event);
                            }
                        }),
                        _ => time_ours(&mut search, chunk, |s| {
                            black_box(s.advance(u32::MAX));
                        }),
                    };
                    match &expected {
                        None => expected = Some(costs),
                        Some(expected) => assert_eq!(
                            expected,
                            &costs,
                            "{map}: way {w} disagrees on a cost among scenarios {} to {}",
                            c * CHUNK * stride,
                            (c * CHUNK + chunk.len() - 1) * stride
                        ),
                    }
                    if round == 0 || tally.time < best[w].time {
                        best[w] = tally;
                    }
                }
            }
            for (total, chunk_best) in totals.iter_mut().zip(best) {
                total.time += chunk_best.time;
                total.expanded += chunk_best.expanded;
            }
        }
        let [run, peer, stepped, advanced] = totals;

        let n = scenarios.len();
        let speedup = peer.time.as_secs_f64() / run.time.as_secs_f64();
        let step_ratio = stepped.time.as_secs_f64() / run.time.as_secs_f64();
        let advance_ratio = advanced.time.as_secs_f64() / run.time.as_secs_f64();
        let label = if stride == 1 {
            map.to_string()
        } else {
            format!("{map} (1/{stride})")
        };
        println!(
            "{label:<24} {n:>9} | {:>10.3} {:>8.2} | {:>10.3} {:>8.2} | {speedup:>7.2}x | {step_ratio:>10.2}x {advance_ratio:>12.2}x",
            run.ms_per_search(n),
            run.million_per_second(),
            peer.ms_per_search(n),
            peer.million_per_second(),
        );
        speedups.push(speedup);
        step_ratios.push(step_ratio);
        advance_ratios.push(advance_ratio);
    }
    println!(
        "\nmedian over the maps: speed-up over pathfinding {:.2}x (target >= 2x); \
         step() with events {:.2}x run() (target <= 3x); advance {:.2}x run()",
        median(speedups),
        median(step_ratios),
        median(advance_ratios)
    );
    println!(
        "same cost as pathfinding on every scenario; {:.0} s in all (wall clock)",
        began.elapsed().as_secs_f64()
    );
}
