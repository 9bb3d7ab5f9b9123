//! The open list partway through a step, for the page's line-by-line stepping: the node
//! being expanded is off the list as soon as it is chosen, and each neighbour's entry comes
//! in (or changes) at the line that adds (or improves) it, not when the step ends.

use super::Search;
use crate::finder::partway::partway;
use crate::finder::Finder;
use crate::vocabulary::events::{NodeValues, Outcome, StepEvent};

impl Search {
    /// The first `k` entries of the open list, in pop order, partway through the next step:
    /// its node taken off and only the first `made` of the openings and improvements it makes,
    /// in the order it makes them. `None` once the search has finished. The search is left
    /// exactly as it was (the step is taken, read and undone).
    pub fn open_list_partway(&mut self, made: usize, k: usize) -> Option<Vec<NodeValues>> {
        // The step as the page takes it, its neighbours in the order it looked at them.
        let event = self.step()?;
        let improvements = self.history.last_changes();
        // The cells the step opens or improves, in order, with their keys before.
        let changes: Vec<_> = match &event {
            StepEvent::Expanded { neighbours, .. } => neighbours
                .iter()
                .filter(|n| matches!(n.outcome, Outcome::Opened { .. } | Outcome::Improved { .. }))
                .filter_map(|n| {
                    let cell = self.grid.index_of(n.x, n.y).ok()? as u32;
                    let old = improvements.iter().find(|c| c.cell == cell);
                    Some((cell, old.map(|c| c.old_key.into())))
                })
                .collect(),
            _ => Vec::new(),
        };
        let after = (self.open.peek_sorted(k + changes.len()).into_iter())
            .map(|(cell, key)| (cell, key, self.values(cell)))
            .collect();
        self.step_back();
        Some(partway(after, &changes, made, k, &|cell, _| {
            self.values(cell)
        }))
    }
}

#[cfg(test)]
mod tests {
    use crate::formats::map_text::parse_map;
    use crate::options::{Algorithm, SearchOptions};
    use crate::registry::new_finder;
    use crate::vocabulary::events::{NodeValues, Outcome, StepEvent};

    // Terrain makes later routes cheaper, so steps improve open entries as well as add them.
    const MAP: &str = "S3OOOXOOO\nO3O5OXOOO\nOO3OOXO3O\nO5OO3OOOE\n";

    fn at(values: &NodeValues) -> (u32, u32) {
        (values.x, values.y)
    }

    #[test]
    fn entries_leave_and_come_in_at_the_lines_that_take_add_or_improve_them() {
        let mut improved = 0;
        for algorithm in [
            Algorithm::AStar,
            Algorithm::Dijkstra,
            Algorithm::Greedy,
            Algorithm::BreadthFirst,
        ] {
            let map = parse_map(MAP).unwrap();
            let options = SearchOptions {
                algorithm,
                ..SearchOptions::default()
            };
            let mut f =
                new_finder(map.grid, map.start.unwrap(), map.goal.unwrap(), options).unwrap();
            while f.status() == crate::vocabulary::status::Status::Running {
                let all = f.counters().open as usize + 8;
                let before = f.open_list(all);
                let (records, g) = (f.records().to_vec(), f.g_values().to_vec());
                let partway: Vec<Vec<NodeValues>> = (0..=8)
                    .map(|made| f.open_list_partway(made, all).unwrap())
                    .collect();
                assert_eq!(
                    (f.records(), f.g_values()),
                    (&records[..], &g[..]),
                    "{algorithm:?}: left as it was"
                );
                let Some(StepEvent::Expanded {
                    node, neighbours, ..
                }) = f.step()
                else {
                    break;
                };
                let after = f.open_list(all);
                // The node being expanded is off the list from the start.
                let rest: Vec<NodeValues> = before
                    .iter()
                    .filter(|v| at(v) != at(&node))
                    .cloned()
                    .collect();
                assert_eq!(partway[0], rest, "{algorithm:?}");
                let mut expected = rest;
                let changes = neighbours.iter().filter(|n| {
                    matches!(n.outcome, Outcome::Opened { .. } | Outcome::Improved { .. })
                });
                for (made, n) in changes.enumerate() {
                    let cell = (n.x as u32, n.y as u32);
                    if matches!(n.outcome, Outcome::Improved { .. }) {
                        improved += 1;
                        assert!(
                            expected.iter().any(|v| at(v) == cell),
                            "{algorithm:?}: improved while open"
                        );
                    }
                    expected.retain(|v| at(v) != cell);
                    let shown = &partway[made + 1];
                    let entry = after.iter().find(|v| at(v) == cell).unwrap();
                    assert!(
                        shown.contains(entry),
                        "{algorithm:?}: {cell:?} in with its new numbers"
                    );
                    expected.push(*entry);
                    let mut sorted: Vec<_> = shown.iter().map(at).collect();
                    let mut wanted: Vec<_> = expected.iter().map(at).collect();
                    sorted.sort_unstable();
                    wanted.sort_unstable();
                    assert_eq!(
                        sorted,
                        wanted,
                        "{algorithm:?}: the entries after {} changes",
                        made + 1
                    );
                }
                assert_eq!(
                    partway[8], after,
                    "{algorithm:?}: all made, the list after the step"
                );
            }
            assert_eq!(f.open_list_partway(0, 5), None, "{algorithm:?}: finished");
        }
        assert!(improved > 0, "the map improves some entries");
    }
}
