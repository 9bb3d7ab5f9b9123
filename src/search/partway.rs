//! The open list partway through a step, for the page's line-by-line stepping: the node
//! being expanded is off the list as soon as it is chosen, and each neighbour's entry comes
//! in (or changes) at the line that adds (or improves) it, not when the step ends.

use super::Search;
use crate::finder::key::Key;
use crate::finder::relaxation::Seen;
use crate::finder::Finder;
use crate::geometry::grid::Point;
use crate::vocabulary::events::NodeValues;

impl Search {
    /// The first `k` entries of the open list, in pop order, partway through the next step:
    /// its node taken off and only the first `made` of the openings and improvements it makes,
    /// in the order it makes them. `None` once the search has finished. The search is left
    /// exactly as it was (the step is taken, read and undone).
    pub fn open_list_partway(&mut self, made: usize, k: usize) -> Option<Vec<NodeValues>> {
        // The cells the step opens or improves, in order (true: improved).
        let mut changes: Vec<(u32, bool)> = Vec::new();
        let mut report = |search: &Search, from: Point, move_index: usize, seen: Seen| {
            let improved = match seen {
                Seen::Opened => false,
                Seen::Improved { .. } => true,
                _ => return,
            };
            let at = search.neighbourhood.step(from, move_index);
            changes.push((search.grid.index(at) as u32, improved));
        };
        self.take_step::<true, true>(&mut report)?;
        let not_yet = changes.get(made..).unwrap_or_default();
        let improvements = self.history.last_changes();
        let mut entries: Vec<(Key, NodeValues)> = (self.open.entries())
            .filter_map(
                |(cell, key)| match not_yet.iter().find(|&&(c, _)| c == cell) {
                    None => Some((key, self.values_with(cell, self.g[cell as usize]))),
                    // Not opened yet: not on the list.
                    Some((_, false)) => None,
                    // Not improved yet: its entry as it was.
                    Some((_, true)) => {
                        let old = improvements.iter().find(|change| change.cell == cell)?;
                        Some((old.old_key, self.values_with(cell, old.old_g)))
                    }
                },
            )
            .collect();
        self.step_back();
        let k = k.min(entries.len());
        if k > 0 && k < entries.len() {
            entries.select_nth_unstable_by_key(k - 1, |&(key, _)| key);
        }
        entries.truncate(k);
        entries.sort_unstable_by_key(|&(key, _)| key);
        Some(entries.into_iter().map(|(_, values)| values).collect())
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
