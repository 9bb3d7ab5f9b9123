//! `cargo bench --bench dstar`: D* Lite and LPA* against A* from scratch on the 512x512
//! Moving AI maps (8 directions, no corner cutting, costs 1 and sqrt 2, octile heuristic),
//! in one process, on a sample of each map's scenarios spread through its .scen file.
//!
//! Navigation: an agent with a sensor radius of 3 walks from start to goal over a map it
//! discovers, replanning with D* Lite, or with A* from scratch at every cell where what it
//! sensed changed its path. Both must plan the same optimal cost at the start and arrive.
//! Replanning: LPA* searches once, then takes batches of one wall each, every wall dropped
//! on a cell of the current shortest path (the change that always matters), against A*
//! from scratch on the same map after each batch; both must find the same cost.
//!
//! Expansions and thread CPU time per map, with the ratios A* / incremental and their
//! medians over the maps. `cargo bench --bench dstar -- maze` measures only the maps whose
//! names contain "maze".

#[path = "support/cpu_time.rs"]
mod cpu_time;
#[path = "support/movingai_maps.rs"]
mod movingai_maps;

use std::time::Duration;

use astar_visualizer::finders::incremental::{CellEdit, Incremental};
use astar_visualizer::navigation::{Arrival, Navigation, Planner};
use astar_visualizer::scenario::Scenario;
use astar_visualizer::{Algorithm, Grid, Search, SearchOptions};
use cpu_time::cpu_time;
use movingai_maps::{load, MAPS};

/// Scenarios per map, spread evenly through the file (its buckets run short to long).
const SAMPLE: usize = 12;
const SENSOR_RADIUS: f64 = 3.0;
/// Single-wall batches per replanning scenario.
const WALLS: usize = 10;

#[derive(Clone, Copy, Default)]
struct Tally {
    time: Duration,
    expanded: u64,
}

impl Tally {
    fn add(&mut self, time: Duration, expanded: u64) {
        self.time += time;
        self.expanded += expanded;
    }
}

/// Every `len / SAMPLE`-th scenario whose start and goal differ.
fn sample(scenarios: &[Scenario]) -> Vec<Scenario> {
    let useful: Vec<&Scenario> = scenarios.iter().filter(|s| s.start != s.goal).collect();
    let stride = (useful.len() / SAMPLE).max(1);
    useful
        .into_iter()
        .step_by(stride)
        .take(SAMPLE)
        .cloned()
        .collect()
}

/// One walk: its time, total expansions and the cost planned at the start.
fn navigate(grid: &Grid, s: &Scenario, planner: Planner) -> (Duration, u64, Option<f64>) {
    let began = cpu_time();
    let mut walk = Navigation::new(
        grid.clone(),
        s.start,
        s.goal,
        SearchOptions::moving_ai(),
        SENSOR_RADIUS,
        planner,
    )
    .expect("scenario endpoints");
    let first = walk.advance().expect("a first visit").planned;
    while walk.advance().is_some() {}
    let time = cpu_time() - began;
    match walk.arrival() {
        Some(Arrival::Arrived { expanded, .. }) => (time, expanded, first),
        other => panic!("{planner:?} on {s:?}: {other:?}"),
    }
}

/// A fixed linear congruential sequence: the same walls on every run.
struct Walls(u64);

impl Walls {
    fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// LPA* repairing after each single-wall batch, and A* from scratch on the same map:
/// (LPA* tally, A* tally).
fn replan(grid: &Grid, s: &Scenario, walls: &mut Walls) -> (Tally, Tally) {
    let options = |algorithm| SearchOptions {
        algorithm,
        ..SearchOptions::moving_ai()
    };
    let (mut lpa, mut a_star) = (Tally::default(), Tally::default());
    // The first search is not counted: only the repairs, against searches from scratch.
    let mut finder = Incremental::new(grid.clone(), s.start, s.goal, options(Algorithm::LpaStar))
        .expect("scenario endpoints");
    finder.run();
    let mut edited = grid.clone();
    for _ in 0..WALLS {
        let path = finder.path();
        if path.len() < 3 {
            break;
        }
        let cell = path[1 + walls.pick(path.len() - 2)];
        let at = edited.point(cell as usize);
        edited.set(at, 0).expect("on the map");
        let began = cpu_time();
        finder
            .apply_edits(&[CellEdit { at, terrain: 0 }])
            .expect("a wall off the endpoints");
        finder.run();
        lpa.add(cpu_time() - began, u64::from(finder.repair_expanded()));
        let began = cpu_time();
        let mut search = Search::new(edited.clone(), s.start, s.goal, options(Algorithm::AStar))
            .expect("scenario endpoints");
        search.run();
        a_star.add(cpu_time() - began, u64::from(search.counters().expanded));
        let (x, y) = (finder.path_cost(), search.path_cost());
        let same = match (x, y) {
            (Some(x), Some(y)) => (x - y).abs() <= 1e-9 * x.max(1.0),
            (None, None) => true,
            _ => false,
        };
        assert!(same, "{s:?} after a wall at {at}: LPA* {x:?}, A* {y:?}");
        if x.is_none() {
            break;
        }
    }
    (lpa, a_star)
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

fn ratio(a: f64, b: f64) -> f64 {
    a / b.max(f64::MIN_POSITIVE)
}

fn ms(t: Duration) -> f64 {
    t.as_secs_f64() * 1000.0
}

fn main() {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    println!(
        "Times are {}; {SAMPLE} scenarios per map, sensor radius {SENSOR_RADIUS}, \
         {WALLS} single-wall batches per replanning scenario.\n",
        cpu_time::CLOCK
    );
    println!(
        "| map | walks | A* nav expansions | D* Lite nav expansions | ratio | A* nav ms | \
         D* Lite nav ms | ratio | A* replan expansions | LPA* replan expansions | ratio | \
         A* replan ms | LPA* replan ms | ratio |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut ratios: [Vec<f64>; 4] = Default::default();
    let mut walls = Walls(0x2545_f491);
    for (map, _) in MAPS {
        if !map.contains(filter.as_str()) {
            continue;
        }
        let (grid, scenarios) = load(map, 1);
        if (grid.width(), grid.height()) != (512, 512) {
            continue;
        }
        let scenarios = sample(&scenarios);
        let (mut nav_a, mut nav_d) = (Tally::default(), Tally::default());
        let (mut re_a, mut re_l) = (Tally::default(), Tally::default());
        for s in &scenarios {
            let (time, expanded, planned_d) = navigate(&grid, s, Planner::DStarLite);
            nav_d.add(time, expanded);
            let (time, expanded, planned_a) = navigate(&grid, s, Planner::AStar);
            nav_a.add(time, expanded);
            assert_eq!(planned_a, planned_d, "{map} {s:?}: the first plans differ");
            let (l, a) = replan(&grid, s, &mut walls);
            re_l.add(l.time, l.expanded);
            re_a.add(a.time, a.expanded);
        }
        let row = [
            ratio(nav_a.expanded as f64, nav_d.expanded as f64),
            ratio(ms(nav_a.time), ms(nav_d.time)),
            ratio(re_a.expanded as f64, re_l.expanded as f64),
            ratio(ms(re_a.time), ms(re_l.time)),
        ];
        for (all, r) in ratios.iter_mut().zip(row) {
            all.push(r);
        }
        println!(
            "| {} | {} | {} | {} | {:.1}x | {:.0} | {:.0} | {:.1}x | {} | {} | {:.1}x | {:.1} | \
             {:.1} | {:.1}x |",
            map.trim_end_matches(".map"),
            scenarios.len(),
            nav_a.expanded,
            nav_d.expanded,
            row[0],
            ms(nav_a.time),
            ms(nav_d.time),
            row[1],
            re_a.expanded,
            re_l.expanded,
            row[2],
            ms(re_a.time),
            ms(re_l.time),
            row[3],
        );
    }
    if ratios[0].is_empty() {
        return;
    }
    let [nav_expanded, nav_time, replan_expanded, replan_time] = &mut ratios;
    println!("\nMedians over the maps:");
    println!(
        "- navigation, A* from scratch / D* Lite: {:.1}x the expansions (target: at least 5x), \
         {:.1}x the time (target: at least 3x)",
        median(nav_expanded),
        median(nav_time)
    );
    println!(
        "- replanning after a wall, A* from scratch / LPA*: {:.1}x the expansions (target: at \
         least 10x), {:.1}x the time",
        median(replan_expanded),
        median(replan_time)
    );
}
