//! The open list partway through a step, for the page's line-by-line stepping: the node
//! being expanded is off the list as soon as it is chosen, and each neighbour's entry comes
//! in (or changes) at the line that adds (or improves) it, not when the step ends.

use super::Search;
use crate::finder::key::Key;
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
        // The cells the step opens or improves, in order (true: improved).
        let changes: Vec<(u32, bool)> = match &event {
            StepEvent::Expanded { neighbours, .. } => neighbours
                .iter()
                .filter_map(|n| {
                    let improved = match n.outcome {
                        Outcome::Opened { .. } => false,
                        Outcome::Improved { .. } => true,
                        _ => return None,
                    };
                    let cell = self.grid.index_of(n.x, n.y).ok()?;
                    Some((cell as u32, improved))
                })
                .collect(),
            _ => Vec::new(),
        };
        let not_yet = changes.get(made..).unwrap_or_default();
        let improvements = self.history.last_changes();
        // The list after the whole step, in pop order (the order the page reads it in), less
        // the cells not opened yet; the cells not improved yet go back in at their old keys.
        let mut entries: Vec<(Key, u32, f64)> = Vec::new();
        let mut not_improved: Vec<(Key, u32, f64)> = Vec::new();
        for (cell, key) in self.open.peek_sorted(self.open.len()) {
            match not_yet.iter().find(|&&(c, _)| c == cell) {
                None => entries.push((key, cell, self.g[cell as usize])),
                Some((_, false)) => {}
                Some((_, true)) => {
                    if let Some(old) = improvements.iter().find(|change| change.cell == cell) {
                        not_improved.push((old.old_key, cell, old.old_g));
                    }
                }
            }
        }
        for entry in not_improved {
            let at = entries.partition_point(|&(key, _, _)| key < entry.0);
            entries.insert(at, entry);
        }
        entries.truncate(k);
        let values = entries
            .into_iter()
            .map(|(_, cell, g)| self.values_with(cell, g))
            .collect();
        self.step_back();
        Some(values)
    }

    /// A cell's numbers in display units as they are with cost `g`.
    fn values_with(&self, cell: u32, g: f64) -> NodeValues {
        let c = cell as usize;
        let p = self.grid.point(c);
        let now = self.estimate_at(c, p, g);
        NodeValues::displayed(
            p,
            (g, now.h, now.f),
            self.cost_scale(),
            self.priority_scale(),
        )
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
