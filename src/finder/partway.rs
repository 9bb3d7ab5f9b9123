//! An open list partway through a step, for the page's line-by-line stepping: each finder
//! takes its step, reads the list it left and the changes its journal recorded in the order
//! it made them, and steps back; the changes not yet made by the line being run are undone
//! here, so every finder's list follows the line the same way.

use crate::finder::open_list::QueueKey;

/// The first `k` entries in pop order once only the first `made` of a step's changes are
/// made. `after`: the list when the step ended, in pop order, each key with its entry (at
/// least `k` more than the changes, or all of it); `changes`: each cell the step put on,
/// moved in or took off the list, with its key before the change (`None`: not on the list);
/// `before`: an entry (cell and key) as it was before the step (a step changes a cell once at most).
pub(crate) fn partway<K: QueueKey, V>(
    after: Vec<(u32, K, V)>,
    changes: &[(u32, Option<K>)],
    made: usize,
    k: usize,
    before: &dyn Fn(u32, K) -> V,
) -> Vec<V> {
    let not_yet = changes.get(made..).unwrap_or_default();
    let mut entries: Vec<(K, V)> = (after.into_iter())
        .filter(|(cell, _, _)| not_yet.iter().all(|&(c, _)| c != *cell))
        .map(|(_, key, v)| (key, v))
        .collect();
    for &(cell, old) in not_yet {
        if let Some(key) = old {
            let at = entries.partition_point(|(other, _)| *other < key);
            entries.insert(at, (key, before(cell, key)));
        }
    }
    entries.truncate(k);
    entries.into_iter().map(|(_, v)| v).collect()
}

#[cfg(test)]
mod tests {
    use super::partway;
    use crate::finder::key::Key;
    use crate::finder::repairing::CellEdit;
    use crate::finder::Finder;
    use crate::formats::map_text::parse_map;
    use crate::geometry::grid::Point;
    use crate::options::{Algorithm, SearchOptions};
    use crate::registry::new_finder;
    use crate::vocabulary::events::{NodeValues, StepEvent, VertexAction};
    use crate::vocabulary::status::Status;

    // Terrain makes later routes cheaper, so steps improve open entries as well as add them.
    const TERRAIN: &str = "S3OOOXOOO\nO3O5OXOOO\nOO3OOXO3O\nO5OO3OOOE\n";
    // Jump Point Search takes uniform costs only.
    const WALLS: &str = "SOOOOXOOOO\nOOXOOXOOXO\nOOXOOOOOXO\nOOXXXXOOXO\nOOOOOOOOXE\n";

    fn finder(map: &str, algorithm: Algorithm) -> Box<dyn Finder> {
        let map = parse_map(map).unwrap();
        let options = SearchOptions {
            algorithm,
            ..SearchOptions::default()
        };
        new_finder(map.grid, map.start.unwrap(), map.goal.unwrap(), options).unwrap()
    }

    // An entry as a sortable text: cell, side and numbers.
    fn text(v: &NodeValues) -> String {
        format!("{v:?}")
    }

    fn sorted(list: &[NodeValues]) -> Vec<String> {
        let mut texts: Vec<String> = list.iter().map(text).collect();
        texts.sort();
        texts
    }

    /// Steps `f` to its end, checking the open list partway through each step against the
    /// lists before and after it; returns how many entries were improved along the way.
    fn check_every_step(f: &mut dyn Finder, name: &str) -> usize {
        let mut improved = 0;
        while f.status() == Status::Running {
            let all = f.counters().open as usize + 16;
            let before = f.open_list(all);
            let (records, g) = (f.records().to_vec(), f.g_values().to_vec());
            let partway: Vec<_> = (0..=16)
                .map(|made| f.open_list_partway(made, all))
                .collect();
            assert_eq!(
                (f.records(), f.g_values()),
                (&records[..], &g[..]),
                "{name}: left as it was"
            );
            let event = f.step().unwrap();
            let after = f.open_list(all);
            let Some(first) = &partway[0] else {
                // Only the stopping test of a bidirectional search takes no node.
                assert!(
                    matches!(event, StepEvent::Stopped { .. }),
                    "{name}: {event:?}"
                );
                continue;
            };
            // The node taken is off the list from the start, the rest in their order.
            let taken = f.current().unwrap();
            let at = before
                .iter()
                .position(|v| Point::new(v.x, v.y) == taken)
                .unwrap();
            let mut rest = before.clone();
            rest.remove(at);
            assert_eq!(first, &rest, "{name}: the node taken off");
            // Then one change a line: a cell comes in with its numbers after the step, or
            // moves from its numbers before to those after.
            let changes = f.touched().len();
            for made in 1..=changes {
                let (was, now) = (
                    sorted(partway[made - 1].as_ref().unwrap()),
                    sorted(partway[made].as_ref().unwrap()),
                );
                let gone: Vec<_> = was.iter().filter(|v| !now.contains(v)).collect();
                let came: Vec<_> = now.iter().filter(|v| !was.contains(v)).collect();
                assert_eq!(came.len(), 1, "{name}: change {made}");
                assert!(
                    after.iter().any(|v| &text(v) == came[0]),
                    "{name}: {came:?} in with its new numbers"
                );
                if let [old] = gone[..] {
                    assert!(
                        before.iter().any(|v| &text(v) == old),
                        "{name}: {old} improved from its numbers before"
                    );
                    improved += 1;
                } else {
                    assert!(gone.is_empty(), "{name}: change {made}");
                }
            }
            // All made: the list after the step (a bidirectional search lists the side whose
            // turn is next first, which the step changed).
            for list in &partway[changes..] {
                assert_eq!(
                    sorted(list.as_ref().unwrap()),
                    sorted(&after),
                    "{name}: all made"
                );
            }
        }
        assert_eq!(f.open_list_partway(0, 5), None, "{name}: finished");
        improved
    }

    #[test]
    fn every_finder_with_an_open_list_follows_the_lines_that_change_it() {
        let mut improved = 0;
        for algorithm in [
            Algorithm::AStar,
            Algorithm::Dijkstra,
            Algorithm::Greedy,
            Algorithm::BreadthFirst,
            Algorithm::BiAStar,
            Algorithm::BiDijkstra,
            Algorithm::BiBreadthFirst,
            Algorithm::BiGreedy,
        ] {
            improved += check_every_step(finder(TERRAIN, algorithm).as_mut(), algorithm.name());
        }
        assert!(improved > 0, "the map improves some entries");
        let mut jps = finder(WALLS, Algorithm::JumpPoint);
        check_every_step(jps.as_mut(), "JPS");
        // IDA* keeps a path, not an open list.
        let mut ida = finder(WALLS, Algorithm::IdaStar);
        assert_eq!(ida.open_list_partway(0, 5), None);
    }

    #[test]
    fn the_incremental_queue_loses_its_vertex_first_then_takes_the_rest() {
        let mut actions = [0; 3];
        for algorithm in [Algorithm::LpaStar, Algorithm::DStarLite] {
            let mut f = finder(TERRAIN, algorithm);
            for repair in [false, true] {
                if repair {
                    // A wall across the path found: steps that raise g and requeue.
                    let edits = [(6, 2), (6, 3), (7, 1)].map(|(x, y)| CellEdit {
                        at: Point::new(x, y),
                        terrain: 0,
                    });
                    f.repairing_mut().unwrap().apply_edits(&edits).unwrap();
                }
                while f.status() == Status::Running {
                    let all = f.counters().open as usize + 16;
                    let q = f.repairing_mut().unwrap();
                    let before = q.queue(all);
                    let partway: Vec<_> = (0..=1)
                        .map(|made| q.queue_partway(made, all).unwrap())
                        .collect();
                    let whole = q.queue_partway(usize::MAX, all).unwrap();
                    assert_eq!(q.queue(all), before, "{algorithm:?}: left as it was");
                    let Some(StepEvent::VertexTaken { node, action, .. }) = f.step() else {
                        continue;
                    };
                    let after = f.repairing().unwrap().queue(all);
                    assert_eq!(partway[0], before, "{algorithm:?}: nothing changed yet");
                    assert_eq!(whole, after, "{algorithm:?}: all changed");
                    let mut rest = before.clone();
                    rest.retain(|q| (q.x, q.y) != (node.x, node.y));
                    // "g(u) = rhs(u); U.Remove(u)": the vertex leaves U first.
                    if action == VertexAction::MadeConsistent {
                        assert_eq!(partway[1], rest, "{algorithm:?}: U.Remove(u)");
                    }
                    actions[match action {
                        VertexAction::MadeConsistent => 0,
                        VertexAction::MadeInfinite => 1,
                        VertexAction::Requeued { .. } => 2,
                    }] += 1;
                }
            }
            assert_eq!(f.repairing_mut().unwrap().queue_partway(0, 5), None);
        }
        assert!(actions[0] > 0 && actions[1] > 0, "{actions:?}");
    }

    // Keys whose low bits are the cell, as the open list's are.
    fn key(rank: u128, cell: u32) -> Key {
        rank << 64 | Key::from(cell)
    }

    #[test]
    fn changes_not_yet_made_are_undone_in_pop_order() {
        // After the step: 7 opened (rank 1), 5 improved from rank 9 to 2, 3 untouched,
        // 8 taken off (it was at rank 0).
        let after = vec![
            (7, key(1, 7), "7"),
            (5, key(2, 5), "5 new"),
            (3, key(4, 3), "3"),
        ];
        let changes = [(8, Some(key(0, 8))), (7, None), (5, Some(key(9, 5)))];
        let old = |cell: u32, _| if cell == 5 { "5 old" } else { "8" };
        let at = |made| partway(after.clone(), &changes, made, 10, &old);
        assert_eq!(at(0), ["8", "3", "5 old"]);
        assert_eq!(at(1), ["3", "5 old"]);
        assert_eq!(at(2), ["7", "3", "5 old"]);
        assert_eq!(at(3), ["7", "5 new", "3"]);
        assert_eq!(partway(after, &changes, 1, 1, &old), ["3"]);
    }
}
