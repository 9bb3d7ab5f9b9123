//! What the tests written apart from the engine share: a queue entry for their own Dijkstra
//! and A* searches, and the check that a finder's every step undoes exactly.

use astar_visualizer::{new_finder, Finder, Grid, Point, SearchOptions};
use std::cmp::Ordering;

/// A cost and a cell, ordered so that `BinaryHeap` pops the cheapest first.
#[derive(PartialEq)]
pub struct Entry(pub f64, pub usize);
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.total_cmp(&self.0)
    }
}

/// Every step taken, then undone, gives back the state before it: records, G values,
/// parents, path, counters and the step's information.
pub fn undo_is_exact(grid: &Grid, start: Point, goal: Point, o: SearchOptions) {
    let mut finder = new_finder(grid.clone(), start, goal, o).unwrap();
    let snapshot = |f: &dyn Finder| {
        (
            f.records().to_vec(),
            f.g_values().iter().map(|g| g.to_bits()).collect::<Vec<_>>(),
            f.parents().to_vec(),
            f.path().to_vec(),
            f.counters(),
            f.info(),
        )
    };
    let mut states = vec![snapshot(finder.as_ref())];
    while finder.step().is_some() {
        states.push(snapshot(finder.as_ref()));
    }
    states.pop();
    while let Some(before) = states.pop() {
        assert!(finder.step_back());
        assert!(
            snapshot(finder.as_ref()) == before,
            "{} undo at step {}",
            o.algorithm,
            states.len()
        );
    }
}
