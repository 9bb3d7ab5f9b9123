//! Whole-map arrays handed on from a search that ends to the next one on a map of the same
//! size. The page makes a new search for every run, and allocating and filling megabytes of
//! arrays for it (a 512x512 map) took longer than many a search itself. A search leaves its
//! arrays clean, clearing only the cells it touched, and the next one takes them as they are.
//! The legal moves worked out so far are kept with the map they were worked out on: the next
//! search on the same map (the page's usual case) reuses them, and one on another map forgets
//! them first.

use std::cell::RefCell;
use std::sync::Arc;
use std::thread::LocalKey;

use super::history::History;
use crate::finder::open_list::OpenList;
use crate::geometry::grid::Grid;
use crate::geometry::known_moves::KnownMoves;
use crate::geometry::topology::Topology;
use crate::vocabulary::record::UNVISITED;

/// The arrays a search needs for every cell, and its lists, all clean but for the legal
/// moves, which are those of the search's own map.
#[derive(Debug)]
pub(super) struct CellArrays {
    pub record: Vec<u8>,
    pub g: Vec<f64>,
    /// Never written: a best-first search has no finder marks.
    pub marks: Vec<u16>,
    /// Each cell's legal moves, those worked out.
    pub legal: KnownMoves,
    pub open: OpenList,
    pub visited: Vec<u32>,
    pub history: History,
    pub path: Vec<u32>,
}

/// Where what one search hands on waits for the next.
pub(crate) type Slot<T> = LocalKey<RefCell<Option<T>>>;

/// What waits in `slot`, if `fits` accepts it.
pub(crate) fn take_spare<T>(slot: &'static Slot<T>, fits: impl FnOnce(&T) -> bool) -> Option<T> {
    slot.with(|spare| spare.borrow_mut().take_if(|kept| fits(kept)))
}

/// Leaves `value` in `slot` for the next search, in place of anything left before.
pub(crate) fn keep_spare<T>(slot: &'static Slot<T>, value: T) {
    slot.with(|spare| *spare.borrow_mut() = Some(value));
}

/// The arrays of a search that ended, with the map and topology its legal moves are for.
struct Kept {
    arrays: CellArrays,
    grid: Grid,
    topology: Arc<dyn Topology>,
}

thread_local! {
    /// The arrays of the last search that ended, waiting for the next.
    static SPARE: RefCell<Option<Kept>> = const { RefCell::new(None) };
}

impl CellArrays {
    /// Arrays for a search on `grid` under `topology`: the spare ones when they are the
    /// size of the grid, with their legal moves if those hold on the same map under it.
    pub fn take(grid: &Grid, topology: &dyn Topology) -> CellArrays {
        let cells = grid.cell_count();
        let moves = topology.moves().len();
        if let Some(mut kept) = take_spare(&SPARE, |k| k.arrays.record.len() == cells) {
            if !(kept.grid.same_map(grid) && topology.same_moves(kept.topology.as_ref())) {
                let legal = &mut kept.arrays.legal;
                if legal.fits(cells, moves) {
                    legal.forget_all();
                } else {
                    *legal = KnownMoves::new(cells, moves);
                }
            }
            return kept.arrays;
        }
        CellArrays {
            record: vec![UNVISITED; cells],
            g: vec![f64::INFINITY; cells],
            marks: vec![0; cells],
            legal: KnownMoves::new(cells, moves),
            open: OpenList::new(cells),
            visited: Vec::new(),
            history: History::default(),
            path: Vec::new(),
        }
    }

    /// Keeps the arrays, clean but for the legal moves on `grid` under `topology`, for the
    /// next search, in place of any kept before.
    pub fn keep(self, grid: Grid, topology: Arc<dyn Topology>) {
        keep_spare(
            &SPARE,
            Kept {
                arrays: self,
                grid,
                topology,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::formats::map_text::parse_map;
    use crate::{new_finder, Algorithm, Counters, Finder, Point, SearchOptions};

    fn search(map: &str, algorithm: Algorithm) -> Box<dyn Finder> {
        let map = parse_map(map).unwrap();
        let options = SearchOptions {
            algorithm,
            ..SearchOptions::default()
        };
        new_finder(map.grid, map.start.unwrap(), map.goal.unwrap(), options).unwrap()
    }

    /// Everything a finished search shows, to compare two of them.
    type Outcome = (Option<f64>, Counters, Vec<u8>, Vec<u64>, Vec<u16>, Vec<u32>);

    fn outcome(s: &dyn Finder) -> Outcome {
        let g = s.g_values().iter().map(|g| g.to_bits()).collect();
        (
            s.path_cost(),
            s.counters(),
            s.records().to_vec(),
            g,
            s.marks().to_vec(),
            s.path().to_vec(),
        )
    }

    /// A* hands on its arrays; Jump Point Search its arrays and, for the same map, its lines.
    #[test]
    fn a_search_on_handed_on_arrays_sees_only_its_own_map() {
        let walled = "SOXOO\nOOXOO\nOOXOO\nOOOOO\nOOXOE\n";
        let open = "SOOOO\nOOOOO\nOOOOO\nOOOOO\nOOOOE\n";
        for algorithm in [Algorithm::AStar, Algorithm::JumpPoint] {
            let finished = |map| {
                let mut s = search(map, algorithm);
                s.finish();
                outcome(s.as_ref())
            };
            let expected = finished(walled);
            assert_eq!(
                finished(walled),
                expected,
                "{algorithm:?}: the same map again"
            );
            // Leave legal moves worked out and marks set for cells that are no longer
            // opened (after steps back and a restart), on a map of the same size with other
            // walls.
            let mut other = search(open, algorithm);
            other.finish();
            while other.counters().steps > 1 {
                other.step_back();
            }
            other.restart(Point::new(4, 0), Point::new(0, 4)).unwrap();
            other.advance(2);
            drop(other);
            assert_eq!(finished(walled), expected, "{algorithm:?}");
            // The same cells in another shape: 6x1 after 1x6.
            finished("S\nO\nO\nO\nO\nE\n");
            assert_eq!(finished("SOOOOE\n").0, Some(50.0), "{algorithm:?}");
        }
    }

    /// Legal moves kept from a search on the same map under another corner rule or in four
    /// directions must not be reused.
    #[test]
    fn legal_moves_are_reused_only_under_the_same_movement() {
        use crate::{DiagonalRule, Directions};
        let map = "SOOOO\nOXXXO\nOXOXO\nOOOXO\nXXOOE\n";
        let finished = |directions, diagonal| {
            let map = parse_map(map).unwrap();
            let options = SearchOptions {
                directions,
                diagonal,
                ..SearchOptions::default()
            };
            let mut s =
                new_finder(map.grid, map.start.unwrap(), map.goal.unwrap(), options).unwrap();
            s.finish();
            outcome(s.as_ref())
        };
        let movements = [
            (Directions::Eight, DiagonalRule::Always),
            (Directions::Eight, DiagonalRule::OnlyWhenNoObstacles),
            (Directions::Four, DiagonalRule::Always),
            (Directions::Eight, DiagonalRule::IfAtMostOneObstacle),
        ];
        let alone: Vec<Outcome> = movements
            .iter()
            .map(|&(d, r)| {
                // After another map of the same size, whose legal moves are forgotten.
                search("SOOOO\nOOOOO\nOOOOO\nOOOOO\nOOOOE\n", Algorithm::AStar).finish();
                finished(d, r)
            })
            .collect();
        for (i, &(d, r)) in movements.iter().enumerate() {
            for &(other_d, other_r) in &movements {
                finished(other_d, other_r);
                assert_eq!(
                    finished(d, r),
                    alone[i],
                    "{d:?} {r:?} after {other_d:?} {other_r:?}"
                );
            }
        }
    }
}
