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

/// The least cost from `start` to each of `count` nodes (`INFINITY`: unreachable), stopping
/// once `stop` is settled. `moves(node, reach)` calls `reach(next, cost)` for each move out of
/// `node`.
#[allow(dead_code)] // The any-angle benchmark takes only the entry, for its visibility graph.
pub fn dijkstra(
    count: usize,
    start: usize,
    stop: Option<usize>,
    mut moves: impl FnMut(usize, &mut dyn FnMut(usize, f64)),
) -> Vec<f64> {
    let mut best = vec![f64::INFINITY; count];
    let mut queue = std::collections::BinaryHeap::from([Entry(0.0, start)]);
    best[start] = 0.0;
    while let Some(Entry(cost, node)) = queue.pop() {
        if cost > best[node] {
            continue;
        }
        if Some(node) == stop {
            break;
        }
        moves(node, &mut |next, step| {
            if cost + step < best[next] {
                best[next] = cost + step;
                queue.push(Entry(cost + step, next));
            }
        });
    }
    best
}
