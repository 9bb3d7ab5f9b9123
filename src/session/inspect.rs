//! What the page asks of a finder beyond single steps, worked out here so that the command
//! line and the tests can ask too: a stretch of past events told again, one page of the
//! open list, H and F for the cells on show, and everything about one cell.

use serde::Serialize;

use crate::finder::Finder;
use crate::geometry::grid::{GridError, Point};
use crate::vocabulary::events::{NodeValues, StepEvent};
use crate::vocabulary::record::CellState;

/// The events of steps `from` to `from + count - 1` (step 1 is the first), those already
/// taken only, told again: the finder steps back to just before `from`, replays them and
/// returns to where it was, exactly as it was. This is how the log shows any part of a long
/// search without keeping every event.
pub fn replay(finder: &mut dyn Finder, from: u32, count: u32) -> Vec<StepEvent> {
    let here = finder.counters().steps;
    let first = from.max(1);
    let last = from.saturating_add(count).saturating_sub(1).min(here);
    let mut events = Vec::new();
    if count > 0 && first <= last {
        finder.seek(first - 1);
        while finder.counters().steps < last {
            match finder.step() {
                Some(event) => events.push(event),
                None => break,
            }
        }
        finder.seek(here);
    }
    events
}

/// Up to `count` open nodes in the order they will be taken, after skipping the first
/// `offset`: one page of the open list, so that a large list never crosses at once.
pub fn open_list_page(finder: &dyn Finder, offset: usize, count: usize) -> Vec<NodeValues> {
    let open = finder.counters().open as usize;
    let end = offset.saturating_add(count).min(open);
    if offset < end {
        finder.open_list(end).into_iter().skip(offset).collect()
    } else {
        Vec::new()
    }
}

/// H and F for the cells last asked for (`INFINITY` elsewhere), one number per cell of the
/// whole grid, for the page to read in place. Finders keep neither: both follow from G.
#[derive(Clone, Debug, Default)]
pub struct ShownEstimates {
    h: Vec<f64>,
    f: Vec<f64>,
}

impl ShownEstimates {
    /// Works out H and F for the cells in columns `x0..x1` and rows `y0..y1`, clipped to
    /// the grid. The page asks for the cells it shows numbers in, a few thousand at most.
    pub fn fill(&mut self, finder: &dyn Finder, (x0, y0): (i64, i64), (x1, y1): (i64, i64)) {
        let grid = finder.grid();
        let (width, height) = (i64::from(grid.width()), i64::from(grid.height()));
        if self.h.is_empty() {
            self.h = vec![f64::INFINITY; grid.cell_count()];
            self.f = vec![f64::INFINITY; grid.cell_count()];
        }
        let columns = x0.clamp(0, width)..x1.clamp(0, width);
        for y in y0.clamp(0, height)..y1.clamp(0, height) {
            for x in columns.clone() {
                let cell = (y * width + x) as u32;
                let (h, f) = finder.estimates(cell);
                self.h[cell as usize] = h;
                self.f[cell as usize] = f;
            }
        }
    }

    /// H per cell in cost units (empty until the first fill).
    pub fn h(&self) -> &[f64] {
        &self.h
    }

    /// F per cell in priority units (empty until the first fill).
    pub fn f(&self) -> &[f64] {
        &self.f
    }
}

/// One cell as the inspector shows it; G, H and F absent where not reached.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CellInfo {
    pub x: u32,
    pub y: u32,
    pub terrain: u8,
    pub state: CellState,
    pub g: Option<f64>,
    pub h: Option<f64>,
    pub f: Option<f64>,
    pub parent: Option<Point>,
    /// LPA* and D* Lite: g, rhs and the key while queued.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub incremental: Option<IncrementalCell>,
}

/// A cell's g and rhs in display units (`INFINITY` for infinite) and its key `[k1; k2]`
/// while it is queued.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct IncrementalCell {
    pub g: f64,
    pub rhs: f64,
    pub key: Option<[f64; 2]>,
}

/// Everything about the cell at (x, y), which must be on the grid.
pub fn cell_info(finder: &dyn Finder, x: i64, y: i64) -> Result<CellInfo, GridError> {
    let grid = finder.grid();
    let i = grid.index_of(x, y)?;
    let p = grid.point(i);
    let values = finder.values(i as u32);
    let known = |v: f64| v.is_finite().then_some(v);
    Ok(CellInfo {
        x: p.x,
        y: p.y,
        terrain: grid.terrain()[i],
        state: finder.cell_state(p)?,
        g: known(values.g),
        h: known(values.h),
        f: known(values.f),
        parent: finder.parent_of(p)?,
        incremental: finder.repairing().map(|search| IncrementalCell {
            g: values.g,
            rhs: search.rhs_values()[i] / finder.cost_scale(),
            key: search.key_of(i as u32),
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::map_text::parse_map;
    use crate::options::{Algorithm, SearchOptions};
    use crate::registry::new_finder;

    fn finder(algorithm: Algorithm) -> Box<dyn Finder> {
        let map =
            parse_map("SOOOOXOOOOOO\nOOOOOXOOOOOO\nOOOOOXOOOOOO\nOOOOOXOOOOOO\nOOOOOOOOOOOE\n")
                .unwrap();
        let options = SearchOptions {
            algorithm,
            ..SearchOptions::default()
        };
        new_finder(map.grid, map.start.unwrap(), map.goal.unwrap(), options).unwrap()
    }

    #[test]
    fn replayed_events_are_the_ones_first_told_and_leave_the_finder_where_it_was() {
        for algorithm in Algorithm::ALL.iter().copied() {
            let mut f = finder(algorithm);
            let told: Vec<StepEvent> = std::iter::from_fn(|| f.step()).take(9).collect();
            let n = told.len();
            assert!(n >= 4, "{algorithm:?}");
            let (records, g) = (f.records().to_vec(), f.g_values().to_vec());
            let here = f.counters();
            assert_eq!(replay(f.as_mut(), 2, 3), told[1..4], "{algorithm:?}");
            assert_eq!(
                replay(f.as_mut(), 0, 2),
                told[..1],
                "{algorithm:?}: step 0 is none"
            );
            let last = n as u32;
            assert_eq!(
                replay(f.as_mut(), last, 50),
                told[n - 1..],
                "{algorithm:?}: only steps taken"
            );
            assert!(replay(f.as_mut(), 20, 5).is_empty());
            assert!(replay(f.as_mut(), 2, 0).is_empty());
            assert_eq!(
                (f.counters(), f.records(), f.g_values()),
                (here, &records[..], &g[..])
            );
        }
    }

    #[test]
    fn open_list_pages_cut_the_whole_list_in_order() {
        let mut f = finder(Algorithm::AStar);
        f.advance(6);
        let open = f.counters().open as usize;
        let whole = f.open_list(open);
        assert!(open > 3);
        let pages: Vec<NodeValues> = (0..open)
            .step_by(2)
            .flat_map(|offset| open_list_page(f.as_ref(), offset, 2))
            .collect();
        assert_eq!(pages, whole);
        assert!(open_list_page(f.as_ref(), open, 5).is_empty());
        assert!(open_list_page(f.as_ref(), usize::MAX, usize::MAX).is_empty());
    }

    #[test]
    fn estimates_are_filled_for_the_cells_asked_for_only() {
        let mut f = finder(Algorithm::AStar);
        f.advance(3);
        let mut shown = ShownEstimates::default();
        assert!(shown.h().is_empty());
        shown.fill(f.as_ref(), (-5, -5), (2, 1));
        let width = f.grid().width() as usize;
        for cell in 0..f.grid().cell_count() {
            let asked = cell / width < 1 && cell % width < 2;
            let (h, fv) = f.estimates(cell as u32);
            let expected = if asked {
                (h, fv)
            } else {
                (f64::INFINITY, f64::INFINITY)
            };
            assert_eq!((shown.h()[cell], shown.f()[cell]), expected, "cell {cell}");
        }
        assert!(shown.h()[1].is_finite());
    }

    #[test]
    fn a_cell_is_told_in_full_and_a_cell_off_the_grid_refused() {
        let mut f = finder(Algorithm::AStar);
        f.finish();
        let start = cell_info(f.as_ref(), 0, 0).unwrap();
        assert_eq!(
            (start.state, start.g, start.parent),
            (CellState::Path, Some(0.0), None)
        );
        let wall = cell_info(f.as_ref(), 5, 0).unwrap();
        assert_eq!(
            (wall.state, wall.terrain, wall.g),
            (CellState::Wall, 0, None)
        );
        let next = cell_info(f.as_ref(), 1, 1).unwrap();
        assert_eq!(next.parent, Some(Point::new(0, 0)));
        assert!(cell_info(f.as_ref(), 12, 0).is_err());
        assert!(cell_info(f.as_ref(), -1, 0).is_err());
    }
}
