//! `cargo bench --bench dstar`: D* Lite and LPA* against A* from scratch on the 512x512
//! Moving AI maps (8 directions, no corner cutting, costs 1 and sqrt 2, octile heuristic),
//! in one process, on a sample of each map's scenarios spread through its .scen file.
//!
//! Navigation: an agent with a sensor radius of 3 walks from start to goal over a map it
//! discovers, replanning with D* Lite, or with A* from scratch under either baseline: at
//! every cell where what it sensed changed its path (the lazy one), or at every cell where
//! it changed the known map at all. All must plan the same optimal cost at the start and
//! arrive.
//! Replanning: LPA* searches once, then takes batches of one wall each, every wall dropped
//! on a cell of the current shortest path (the change that always matters), against A*
//! from scratch on the same map after each batch; both must find the same cost.
//!
//! Expansions and thread CPU time per map, with the ratios A* / incremental and their
//! medians over the maps. `cargo bench --bench dstar -- maze` measures only the maps whose
//! names contain "maze"; `-- --lengths=256-512` samples the scenarios of optimal length
//! 256 to 512 instead, the same rule for every map.

#[path = "support/cpu_time.rs"]
mod cpu_time;
#[path = "support/movingai_maps.rs"]
mod movingai_maps;

use std::time::Duration;

use astar_visualizer::dynamic::incremental::{Incremental, Variant};
use astar_visualizer::dynamic::navigation::Navigation;
use astar_visualizer::finder::repairing::CellEdit;
use astar_visualizer::formats::scenario::Scenario;
use astar_visualizer::vocabulary::agent::{Arrival, PlannerKind};
use astar_visualizer::{Finder, Grid, Search, SearchOptions};
use cpu_time::cpu_time;
use movingai_maps::{load, MAPS};

/// Scenarios per map, spread evenly through those of optimal length in the sampled range
/// (the file's buckets run short to long).
const SAMPLE: usize = 12;
/// The optimal lengths sampled unless `--lengths=LO-HI` says otherwise: an agent that
/// does not know the maze walks tens of times the optimal length, and A* from scratch
/// replans at nearly every cell of it (one maze scenario of length 1196 takes it six
/// minutes, one of 195 over a minute).
const LENGTHS: (f64, f64) = (0.0, 128.0);
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

/// Every `len / SAMPLE`-th scenario of optimal length within `lengths` whose start and
/// goal differ.
fn sample(scenarios: &[Scenario], (shortest, longest): (f64, f64)) -> Vec<Scenario> {
    let useful: Vec<&Scenario> = scenarios
        .iter()
        .filter(|s| s.start != s.goal && (shortest..=longest).contains(&s.optimal))
        .collect();
    let stride = (useful.len() / SAMPLE).max(1);
    useful
        .into_iter()
        .step_by(stride)
        .take(SAMPLE)
        .cloned()
        .collect()
}

/// One walk: its time, the cost planned at the start, and its expansions split by where
/// they were spent.
fn navigate(grid: &Grid, s: &Scenario, planner: PlannerKind) -> (Duration, Option<f64>, Split) {
    let options = SearchOptions::moving_ai();
    let began = cpu_time();
    let mut walk = Navigation::new(
        grid.clone(),
        s.start,
        s.goal,
        options,
        SENSOR_RADIUS,
        planner,
    )
    .expect("scenario endpoints");
    let mut visits = Vec::new();
    while let Some(visit) = walk.advance() {
        visits.push(visit);
    }
    let time = cpu_time() - began;
    let Some(Arrival::Arrived { expanded, .. }) = walk.arrival() else {
        panic!("{planner:?} on {s:?}: {:?}", walk.arrival());
    };
    let mut split = Split {
        first: u64::from(visits[0].expanded),
        ..Split::default()
    };
    for pair in visits.windows(2) {
        let [before, after] = pair else { continue };
        let cells = [before.at, after.at].map(|p| grid.index(p) as u32);
        let step = options.costs.path_cost(grid, &cells);
        let rose = match (before.planned, after.planned) {
            (Some(b), Some(a)) => a > b - step + 1e-9 * b.max(1.0),
            _ => true,
        };
        let spent = u64::from(after.expanded);
        if rose {
            split.rises += 1;
            split.on_rise += spent;
        } else {
            split.elsewhere += spent;
        }
    }
    assert_eq!(split.total(), expanded, "{planner:?} on {s:?}");
    (time, visits[0].planned, split)
}

/// A walk's expansions: the first plan, the moves after which the cost still to go was
/// more than planned one move before (something sensed made the way dearer), and the
/// other moves.
#[derive(Clone, Copy, Default)]
struct Split {
    first: u64,
    rises: u64,
    on_rise: u64,
    elsewhere: u64,
}

impl Split {
    fn total(&self) -> u64 {
        self.first + self.on_rise + self.elsewhere
    }

    fn add(&mut self, other: Split) {
        self.first += other.first;
        self.rises += other.rises;
        self.on_rise += other.on_rise;
        self.elsewhere += other.elsewhere;
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

/// Where the single walls go.
#[derive(Clone, Copy)]
enum Drop {
    /// On a passable cell anywhere on the map: a change that may or may not matter.
    Anywhere,
    /// On a cell of the current shortest path: a change that always matters.
    OnPath,
}

/// LPA* repairing after each single-wall batch, and A* from scratch on the same map:
/// (LPA* tally, A* tally).
fn replan(grid: &Grid, s: &Scenario, walls: &mut Walls, drop: Drop) -> (Tally, Tally) {
    let options = SearchOptions::moving_ai();
    let (mut lpa, mut a_star) = (Tally::default(), Tally::default());
    // The first search is not counted: only the repairs, against searches from scratch.
    let mut finder = Incremental::new(grid.clone(), s.start, s.goal, options, Variant::LpaStar)
        .expect("scenario endpoints");
    finder.run();
    let mut edited = grid.clone();
    for _ in 0..WALLS {
        let path = finder.path();
        if path.len() < 3 {
            break;
        }
        let cell = match drop {
            Drop::OnPath => path[1 + walls.pick(path.len() - 2)] as usize,
            Drop::Anywhere => loop {
                let cell = walls.pick(edited.cell_count());
                let endpoint = [s.start, s.goal].contains(&edited.point(cell));
                if edited.is_passable_at(cell) && !endpoint {
                    break cell;
                }
            },
        };
        let at = edited.point(cell);
        edited.set(at, 0).expect("on the map");
        let began = cpu_time();
        finder
            .apply_edits(&[CellEdit { at, terrain: 0 }])
            .expect("a wall off the endpoints");
        finder.run();
        lpa.add(cpu_time() - began, u64::from(finder.repair_expanded()));
        let began = cpu_time();
        let mut search =
            Search::new(edited.clone(), s.start, s.goal, options).expect("scenario endpoints");
        search.run();
        a_star.add(cpu_time() - began, u64::from(search.counters().expanded));
        // Both paths' moves summed exactly, as A* gives its cost: LPA*'s is its fixed-point g,
        // which rounds sqrt(2) at every diagonal.
        let exact = |finder: &dyn Finder| {
            let found = finder.path_cost().is_some();
            found.then(|| options.costs.path_cost(&edited, finder.path()))
        };
        let (x, y) = (exact(&finder), exact(&search));
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

/// A ratio as printed: "12.6x", or what it means when the incremental finder expanded
/// nothing at all.
fn times(r: f64) -> String {
    if r.is_finite() {
        format!("{r:.1}x")
    } else {
        "none by the incremental finder".to_string()
    }
}

fn ms(t: Duration) -> f64 {
    t.as_secs_f64() * 1000.0
}

/// `--lengths=LO-HI`, if given.
fn lengths_argument(args: &[String]) -> (f64, f64) {
    let Some(range) = args.iter().find_map(|a| a.strip_prefix("--lengths=")) else {
        return LENGTHS;
    };
    let bounds = range
        .split_once('-')
        .and_then(|(lo, hi)| Some((lo.parse().ok()?, hi.parse().ok()?)));
    bounds.unwrap_or_else(|| panic!("--lengths={range}: expected LO-HI, such as 256-512"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let filter = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .cloned()
        .unwrap_or_default();
    let lengths = lengths_argument(&args);
    println!(
        "Times are {}; {SAMPLE} scenarios per map spread through those of optimal length \
         {} to {}, sensor radius {SENSOR_RADIUS}, {WALLS} single-wall batches per replanning \
         scenario.\n",
        cpu_time::CLOCK,
        lengths.0,
        lengths.1
    );
    println!(
        "| map | walks | navigation expansions A* on a path change / D* Lite | ms | \
         navigation expansions A* on every change / D* Lite | ms | wall anywhere: expansions \
         A* / LPA* | ms | wall on the path: expansions A* / LPA* | ms |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut ratios: [Vec<f64>; 8] = Default::default();
    let mut walls = Walls(0x2545_f491);
    let mut spent = Vec::new();
    for (map, _) in MAPS {
        if !map.contains(filter.as_str()) {
            continue;
        }
        let (grid, scenarios) = load(map, 1);
        if (grid.width(), grid.height()) != (512, 512) {
            continue;
        }
        let scenarios = sample(&scenarios, lengths);
        // A* first, then the incremental finder, in each pair.
        let mut tallies = [[Tally::default(); 2]; 4];
        // D* Lite's, then A*'s on a path change.
        let mut splits = [Split::default(); 2];
        for s in &scenarios {
            let (time, planned_d, split) = navigate(&grid, s, PlannerKind::DStarLite);
            splits[0].add(split);
            for pair in &mut tallies[..2] {
                pair[1].add(time, split.total());
            }
            for (pair, baseline) in
                (tallies[..2].iter_mut()).zip([PlannerKind::AStar, PlannerKind::AStarOnEveryChange])
            {
                let (time, planned_a, split) = navigate(&grid, s, baseline);
                pair[0].add(time, split.total());
                if baseline == PlannerKind::AStar {
                    splits[1].add(split);
                }
                assert_eq!(planned_a, planned_d, "{map} {s:?}: the first plans differ");
            }
            for (pair, drop) in tallies[2..].iter_mut().zip([Drop::Anywhere, Drop::OnPath]) {
                let (l, a) = replan(&grid, s, &mut walls, drop);
                pair[0].add(a.time, a.expanded);
                pair[1].add(l.time, l.expanded);
            }
        }
        let mut cells = Vec::new();
        for (i, [a, d]) in tallies.iter().enumerate() {
            let by_expansions = ratio(a.expanded as f64, d.expanded as f64);
            let by_time = ratio(ms(a.time), ms(d.time));
            ratios[2 * i].push(by_expansions);
            ratios[2 * i + 1].push(by_time);
            cells.push(format!(
                "{} / {} = **{}**",
                a.expanded,
                d.expanded,
                times(by_expansions)
            ));
            cells.push(format!(
                "{:.0} / {:.0} = **{by_time:.1}x**",
                ms(a.time),
                ms(d.time)
            ));
        }
        println!(
            "| {} | {} | {} |",
            map.trim_end_matches(".map"),
            scenarios.len(),
            cells.join(" | ")
        );
        let [d, a] = splits;
        spent.push(format!(
            "| {} | {} / {} | {} / {} | {} / {} | {} / {} |",
            map.trim_end_matches(".map"),
            a.first,
            d.first,
            a.rises,
            d.rises,
            a.on_rise,
            d.on_rise,
            a.elsewhere,
            d.elsewhere
        ));
    }
    if ratios[0].is_empty() {
        return;
    }
    println!(
        "\nWhere the navigation expansions go, A* on a path change / D* Lite: the first plan, \
         the moves after which the cost still to go was more than planned one move before, \
         and the other moves.\n"
    );
    println!("| map | first plan | moves with a dearer way | expansions there | other moves |");
    println!("|---|---:|---:|---:|---:|");
    for row in &spent {
        println!("{row}");
    }
    let medians: Vec<f64> = ratios.iter_mut().map(|r| median(r)).collect();
    println!("\nMedians over the maps, A* from scratch / incremental:");
    for (baseline, m) in [("on a path change", 0), ("on every change", 2)] {
        println!(
            "- navigation, A* {baseline}: {:.1}x the expansions (target: at least 5x), {:.1}x \
             the time (target: at least 3x)",
            medians[m],
            medians[m + 1]
        );
    }
    let anywhere = match medians[4] {
        m if m.is_finite() => format!("{m:.1}x the expansions"),
        _ => "no LPA* expansion at all".to_string(),
    };
    println!(
        "- replanning after a wall anywhere: {anywhere} (target: at least 10x fewer), {:.1}x \
         the time",
        medians[5]
    );
    println!(
        "- replanning after a wall on the path: {:.1}x the expansions, {:.1}x the time",
        medians[6], medians[7]
    );
}
