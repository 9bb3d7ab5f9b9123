//! The check that a finder's every step undoes exactly, for the tests written apart from the
//! engine.

use astar_visualizer::{new_finder, Finder, Grid, Point, SearchOptions};

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
