//! A queue entry for the tests' own Dijkstra and A* searches, written apart from the engine.

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
