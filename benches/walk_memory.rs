//! `cargo bench --bench walk_memory`: what a walk shown in the page keeps so that every move
//! steps back exactly, D* Lite's against A*'s (A* from scratch when the path is blocked),
//! after up to 2,000 moves on each 512x512 Moving AI map, from each map's longest scenario
//! (8 directions, no corner cutting, sensor radius 3).
//!
//! Memory is the heap the walk holds at the end (an allocator that counts), the map itself
//! included; time is thread CPU time per move, each move's step event made as the page
//! makes it. A* keeps little (it searches again from the cell and the known map it stood
//! on); D* Lite logs each move's repair, every cell it changed once.

#[path = "support/cpu_time.rs"]
mod cpu_time;
#[path = "support/movingai_maps.rs"]
mod movingai_maps;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use astar_visualizer::dynamic::walk::Walk;
use astar_visualizer::vocabulary::agent::PlannerKind;
use astar_visualizer::{Algorithm, Finder, SearchOptions};
use cpu_time::cpu_time;
use movingai_maps::{load, MAPS};

const MOVES: u32 = 2000;
fn moves_limit() -> u32 {
    std::env::var("WM_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(MOVES)
}
const SENSOR_RADIUS: f64 = 3.0;

/// The system allocator, counting the bytes held.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        HELD.fetch_add(layout.size(), Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Relaxed);
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        HELD.fetch_add(new_size, Relaxed);
        HELD.fetch_sub(layout.size(), Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

struct Measured {
    moves: u32,
    megabytes: f64,
    ms_per_move: f64,
}

/// Walks `planner` on a thread of its own, so that the arrays an earlier search left for the
/// next (per thread) are not taken ready-made and left out of the count.
fn walk(
    planner: PlannerKind,
    grid: &astar_visualizer::Grid,
    scenario: &astar_visualizer::formats::scenario::Scenario,
) -> Measured {
    std::thread::scope(|scope| {
        scope
            .spawn(|| walk_here(planner, grid, scenario))
            .join()
            .expect("the walk's thread")
    })
}

fn walk_here(
    planner: PlannerKind,
    grid: &astar_visualizer::Grid,
    scenario: &astar_visualizer::formats::scenario::Scenario,
) -> Measured {
    let algorithm = match planner {
        PlannerKind::DStarLite => Algorithm::DStarLite,
        _ => Algorithm::AStar,
    };
    let options = SearchOptions {
        algorithm,
        ..SearchOptions::moving_ai()
    };
    let before = HELD.load(Relaxed);
    let began = cpu_time();
    let mut walk = Walk::new(
        grid.clone(),
        scenario.start,
        scenario.goal,
        options,
        SENSOR_RADIUS,
        planner,
    )
    .expect("a walk between the scenario's ends");
    let mut moves = 0;
    while moves < moves_limit() && walk.step().is_some() {
        moves += 1;
    }
    let time = cpu_time() - began;
    let held = HELD.load(Relaxed) - before;
    drop(walk);
    Measured {
        moves,
        megabytes: held as f64 / (1024.0 * 1024.0),
        ms_per_move: time.as_secs_f64() * 1000.0 / f64::from(moves.max(1)),
    }
}

fn main() {
    println!(
        "Heap held by the walk after up to {MOVES} moves; times are {} per move.\n",
        cpu_time::CLOCK
    );
    println!(
        "{:<20} {:>7} {:>9} {:>9} {:>7} {:>10} {:>10}",
        "map", "moves", "A* MiB", "D* MiB", "ratio", "A* ms/mv", "D* ms/mv"
    );
    for (map, _) in MAPS {
        let (grid, scenarios) = load(map, 1);
        if grid.width() != 512 {
            continue;
        }
        let scenario = scenarios.last().expect("a scenario");
        let a_star = walk(PlannerKind::AStar, &grid, scenario);
        let d_star = walk(PlannerKind::DStarLite, &grid, scenario);
        println!(
            "{:<20} {:>7} {:>9.1} {:>9.1} {:>7.2} {:>10.3} {:>10.3}",
            map.trim_end_matches(".map"),
            format!("{}/{}", a_star.moves, d_star.moves),
            a_star.megabytes,
            d_star.megabytes,
            d_star.megabytes / a_star.megabytes,
            a_star.ms_per_move,
            d_star.ms_per_move,
        );
    }
}
