//! `cargo bench --bench walk_memory`: what a walk shown in the page keeps so that every move
//! steps back exactly, D* Lite's against A*'s (A* from scratch when the path is blocked),
//! after up to 2,000 moves on each 512x512 Moving AI map, from each map's longest scenario
//! (8 directions, no corner cutting, sensor radius 3); then a drawn move of the D* Lite walk
//! against a drawn step of a plain A* search.
//!
//! Memory is the heap the walk holds at the end (an allocator that counts), the map itself
//! included, and the most it held at once; time is thread CPU time per move, each move's
//! step event made as the page makes it, and per step back, every move stepped back one at
//! a time. A* keeps little (it searches again from the cell and the known map it stood on);
//! D* Lite logs its latest moves' repairs and makes its search again past them.

#[path = "support/cpu_time.rs"]
mod cpu_time;
#[path = "support/movingai_maps.rs"]
mod movingai_maps;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use astar_visualizer::dynamic::walk::Walk;
use astar_visualizer::formats::scenario::Scenario;
use astar_visualizer::search::Search;
use astar_visualizer::vocabulary::agent::PlannerKind;
use astar_visualizer::vocabulary::events::StepEvent;
use astar_visualizer::{Algorithm, Finder, Grid, SearchOptions};
use cpu_time::cpu_time;
use movingai_maps::{load, MAPS};

const MOVES: u32 = 2000;
const SENSOR_RADIUS: f64 = 3.0;

/// The system allocator, counting the bytes held.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
/// The most bytes held at once since it was last set to what was held.
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn note_peak() {
    PEAK.fetch_max(HELD.load(Relaxed), Relaxed);
}

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        HELD.fetch_add(layout.size(), Relaxed);
        note_peak();
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Relaxed);
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Both blocks are held while the bytes are copied.
        HELD.fetch_add(new_size, Relaxed);
        note_peak();
        HELD.fetch_sub(layout.size(), Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

struct Measured {
    moves: u32,
    /// Held at the end, and the most held at once, in MiB.
    held: f64,
    peak: f64,
    ms_per_move: f64,
    /// Stepping back the moves one at a time, to the start: the mean and the slowest, in ms.
    back_mean: f64,
    back_max: f64,
}

/// Moves stepped back one at a time at the end of each walk, timed: all of them, past the
/// log D* Lite keeps of its latest repairs.
const BACK: u32 = MOVES;

const MIB: f64 = 1024.0 * 1024.0;

/// Runs `job` on a thread of its own, so that the arrays an earlier search left for the
/// next (per thread) are not taken ready-made and left out of the count.
fn on_own_thread<T: Send>(job: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| scope.spawn(job).join().expect("the job's thread"))
}

fn options_for(planner: PlannerKind) -> SearchOptions {
    let algorithm = match planner {
        PlannerKind::DStarLite => Algorithm::DStarLite,
        _ => Algorithm::AStar,
    };
    SearchOptions {
        algorithm,
        ..SearchOptions::moving_ai()
    }
}

/// A walk between the scenario's ends with the bench's sensor.
fn walk_between(planner: PlannerKind, grid: &Grid, scenario: &Scenario) -> Walk {
    Walk::new(
        grid.clone(),
        scenario.start,
        scenario.goal,
        options_for(planner),
        SENSOR_RADIUS,
        planner,
    )
    .expect("a walk between the scenario's ends")
}

fn walk(planner: PlannerKind, grid: &Grid, scenario: &Scenario) -> Measured {
    on_own_thread(|| {
        let before = HELD.load(Relaxed);
        PEAK.store(before, Relaxed);
        let began = cpu_time();
        let mut walk = walk_between(planner, grid, scenario);
        let mut moves = 0;
        while moves < MOVES && walk.step().is_some() {
            moves += 1;
        }
        let time = cpu_time() - began;
        let held = HELD.load(Relaxed) - before;
        let peak = PEAK.load(Relaxed) - before;
        let mut backs = Vec::new();
        for _ in 0..BACK.min(moves) {
            let began = cpu_time();
            assert!(walk.step_back());
            backs.push((cpu_time() - began).as_secs_f64() * 1000.0);
        }
        Measured {
            moves,
            held: held as f64 / MIB,
            peak: peak as f64 / MIB,
            ms_per_move: time.as_secs_f64() * 1000.0 / f64::from(moves.max(1)),
            back_mean: backs.iter().sum::<f64>() / backs.len().max(1) as f64,
            back_max: backs.iter().copied().fold(0.0, f64::max),
        }
    })
}

/// What the page reads of a finder to draw a frame, besides the step: the counters and
/// status the panels show, the cells on show (the path, the last step's cells, a page of
/// the open list), and every cell of each array the board is drawn from, read through
/// views on memory (summed here so that the reads are made). A walk adds its own: the
/// trail, the seen cells, and D* Lite's rhs and queue.
fn read_frame(finder: &dyn Finder, walk: Option<&Walk>) -> f64 {
    const PAGE: usize = 20;
    let counters = finder.counters();
    let mut sum = f64::from(counters.steps + counters.expanded + counters.open);
    sum += f64::from(finder.total_steps().unwrap_or(0));
    sum += finder.path_cost().unwrap_or(0.0);
    sum += finder.info().replans.map_or(0.0, f64::from);
    sum += finder.current().map_or(0.0, |p| f64::from(p.x));
    sum += finder.touched().len() as f64 + finder.path().to_vec().len() as f64;
    sum += (finder.records().iter().map(|&r| u32::from(r)).sum::<u32>()) as f64;
    sum += (finder.marks().iter().map(|&m| u32::from(m)).sum::<u32>()) as f64;
    sum += finder
        .g_values()
        .iter()
        .filter(|g| g.is_finite())
        .sum::<f64>();
    sum += (finder
        .grid()
        .terrain()
        .iter()
        .map(|&t| u32::from(t))
        .sum::<u32>()) as f64;
    match walk {
        None => sum += finder.open_list(PAGE).len() as f64,
        Some(walk) => {
            let navigation = walk.navigation();
            sum += navigation.trail().to_vec().len() as f64;
            sum += (navigation.seen().iter().map(|&s| u32::from(s)).sum::<u32>()) as f64;
            if let Some(d_star_lite) = navigation.finder() {
                sum += d_star_lite
                    .rhs_values()
                    .iter()
                    .filter(|r| r.is_finite())
                    .sum::<f64>();
                sum += d_star_lite.queue(PAGE).len() as f64;
            }
        }
    }
    sum
}

/// CPU time per frame of up to `frames` frames, each `frame()` (`None`: no more), in ms;
/// with the frames made.
fn per_frame(frames: u32, mut frame: impl FnMut() -> Option<f64>) -> (u32, f64) {
    let mut sink = 0.0;
    let mut done = 0;
    let began = cpu_time();
    while done < frames {
        let Some(read) = frame() else { break };
        sink += read;
        done += 1;
    }
    std::hint::black_box(sink);
    let ms = (cpu_time() - began).as_secs_f64() * 1000.0 / f64::from(done.max(1));
    (done, ms)
}

/// A step's event in the shape the page gets it (serialized), and its size.
fn told(event: &StepEvent) -> f64 {
    serde_json::to_string(event).expect("an event").len() as f64
}

/// Frames drawn in each way, timed on the same scenario.
const FRAMES: u32 = 500;

/// A drawn move of a D* Lite walk, and a drawn step of A* on the same map between the same
/// ends (the plain search the page shows), in ms per frame.
fn frames(grid: &Grid, scenario: &Scenario) -> ((u32, f64), (u32, f64)) {
    let drawn_move = on_own_thread(|| {
        let planner = PlannerKind::DStarLite;
        let mut walk = walk_between(planner, grid, scenario);
        per_frame(FRAMES, || {
            let event = walk.step()?;
            Some(told(&event) + read_frame(&walk, Some(&walk)))
        })
    });
    let search_step = on_own_thread(|| {
        let options = options_for(PlannerKind::AStar);
        let mut search = Search::new(grid.clone(), scenario.start, scenario.goal, options)
            .expect("a search between the scenario's ends");
        per_frame(FRAMES, || {
            let event = search.step()?;
            Some(told(&event) + read_frame(&search, None))
        })
    });
    (drawn_move, search_step)
}

fn main() {
    println!(
        "Heap held by each walk after up to {MOVES} moves and the most it held at once, in \
         MiB; then\nevery move stepped back one at a time. Times are {}.\n",
        cpu_time::CLOCK
    );
    println!(
        "{:<16} {:>9} {:>7} {:>7} {:>7} {:>7} {:>6} {:>6} {:>9} {:>9} {:>9} {:>9}",
        "map",
        "moves",
        "A* MiB",
        "D* MiB",
        "A* peak",
        "D* peak",
        "D*/A*",
        "peaks",
        "A* ms/mv",
        "D* ms/mv",
        "back mean",
        "back max"
    );
    let mut maps = Vec::new();
    for (map, _) in MAPS {
        let (grid, scenarios) = load(map, 1);
        if grid.width() != 512 {
            continue;
        }
        let scenario = scenarios.last().expect("a scenario").clone();
        let a_star = walk(PlannerKind::AStar, &grid, &scenario);
        let d_star = walk(PlannerKind::DStarLite, &grid, &scenario);
        println!(
            "{:<16} {:>9} {:>7.1} {:>7.1} {:>7.1} {:>7.1} {:>6.2} {:>6.2} {:>9.3} {:>9.3} {:>9.2} {:>9.1}",
            map.trim_end_matches(".map"),
            format!("{}/{}", a_star.moves, d_star.moves),
            a_star.held,
            d_star.held,
            a_star.peak,
            d_star.peak,
            d_star.held / a_star.held,
            d_star.peak / a_star.peak,
            a_star.ms_per_move,
            d_star.ms_per_move,
            d_star.back_mean,
            d_star.back_max,
        );
        maps.push((map, grid, scenario));
    }
    println!(
        "\nA drawn move of a D* Lite walk against a drawn step of A* (the same scenario): \
         the step\nor move, its event serialized, and the frame read as the page reads it; \
         ms per frame over\nthe first {FRAMES}.\n"
    );
    println!(
        "{:<16} {:>8} {:>12} {:>8} {:>12} {:>7}",
        "map", "moves", "ms per move", "steps", "ms per step", "ratio"
    );
    for (map, grid, scenario) in &maps {
        let ((moves, move_ms), (steps, step_ms)) = frames(grid, scenario);
        println!(
            "{:<16} {:>8} {:>12.3} {:>8} {:>12.3} {:>7.2}",
            map.trim_end_matches(".map"),
            moves,
            move_ms,
            steps,
            step_ms,
            move_ms / step_ms,
        );
    }
}
