//! The true shortest any-angle path between two cell centres, written apart from the engine:
//! A* over a visibility graph whose vertices are the two centres and the convex wall corners
//! (grid points with exactly one wall cell among the four around them), and whose edges are
//! the segments that obey the sight rule: no wall cell's interior crossed (nor the edge
//! between two wall cells), no grid point where two wall cells touch diagonally passed
//! through. Points are in half cells, so that
//! centres and corners have whole coordinates and every test is exact.

use super::nearest::Entry;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

use astar_visualizer::{Grid, Point};

/// A point in half cells: the centre of cell (x, y) is (2x+1, 2y+1), a grid point (X, Y) is
/// (2X, 2Y).
type Half = (i64, i64);

fn wall(grid: &Grid, x: i64, y: i64) -> bool {
    grid.index_of(x, y).is_ok_and(|i| !grid.is_passable_at(i))
}

/// `a/b < c/d` for positive denominators.
fn less(a: (i64, i64), c: (i64, i64)) -> bool {
    a.0 * c.1 < c.0 * a.1
}

/// The open interval of t in (0, 1) where `p + t d` lies strictly between `lo` and `hi` on
/// one axis, as fractions; `None` when it never does.
fn span(p: i64, d: i64, lo: i64, hi: i64) -> Option<((i64, i64), (i64, i64))> {
    match d.cmp(&0) {
        Ordering::Equal => (lo < p && p < hi).then_some(((0, 1), (1, 1))),
        Ordering::Greater => Some(((lo - p, d), (hi - p, d))),
        Ordering::Less => Some(((p - hi, -d), (p - lo, -d))),
    }
}

/// Whether the segment from `p` to `q` obeys the sight rule on `grid` (both inside the map).
pub fn visible(grid: &Grid, p: Half, q: Half) -> bool {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    // Along a grid line, between two wall cells: inside the walls though in neither's
    // interior.
    let seam = |along: (i64, i64), at: i64, cells: &dyn Fn(i64, i64) -> bool| {
        at % 2 == 0
            && (along.0.min(along.1) / 2..along.0.max(along.1) / 2).any(|i| cells(at / 2, i))
    };
    if (dx == 0
        && seam((p.1, q.1), p.0, &|x, y| {
            wall(grid, x - 1, y) && wall(grid, x, y)
        }))
        || (dy == 0
            && seam((p.0, q.0), p.1, &|y, x| {
                wall(grid, x, y - 1) && wall(grid, x, y)
            }))
    {
        return false;
    }
    let (x0, x1) = (p.0.min(q.0) / 2 - 1, p.0.max(q.0) / 2 + 1);
    let (y0, y1) = (p.1.min(q.1) / 2 - 1, p.1.max(q.1) / 2 + 1);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let spans = (
                span(p.0, dx, 2 * x, 2 * x + 2),
                span(p.1, dy, 2 * y, 2 * y + 2),
            );
            if let (true, Some((ax, bx)), Some((ay, by))) = (wall(grid, x, y), spans.0, spans.1) {
                let lo = [ax, ay]
                    .into_iter()
                    .fold((0, 1), |m, v| if less(m, v) { v } else { m });
                let hi = [bx, by]
                    .into_iter()
                    .fold((1, 1), |m, v| if less(v, m) { v } else { m });
                if less(lo, hi) {
                    return false;
                }
            }
            // The grid point at the cell's top-left corner, if two walls touch there.
            let pinch = (wall(grid, x - 1, y - 1) && wall(grid, x, y))
                || (wall(grid, x, y - 1) && wall(grid, x - 1, y));
            let g = (2 * x, 2 * y);
            let on = dx * (g.1 - p.1) == dy * (g.0 - p.0)
                && (g.0 - p.0) * (g.0 - q.0) <= 0
                && (g.1 - p.1) * (g.1 - q.1) <= 0;
            if pinch && on {
                return false;
            }
        }
    }
    true
}

pub fn centre(p: Point) -> Half {
    (2 * i64::from(p.x) + 1, 2 * i64::from(p.y) + 1)
}

fn distance(a: Half, b: Half) -> f64 {
    ((a.0 - b.0) as f64).hypot((a.1 - b.1) as f64) / 2.0
}

/// Whether every segment between consecutive cells of `path` obeys the sight rule.
pub fn legal(grid: &Grid, path: &[Point]) -> bool {
    path.windows(2)
        .all(|w| visible(grid, centre(w[0]), centre(w[1])))
}

/// The length in cells of the segments through `path`.
pub fn length(path: &[Point]) -> f64 {
    path.windows(2)
        .map(|w| distance(centre(w[0]), centre(w[1])))
        .sum()
}

/// The length in cells of the shortest any-angle path from the centre of `start` to that of
/// `goal`, `None` when there is none.
pub fn shortest(grid: &Grid, start: Point, goal: Point) -> Option<f64> {
    let mut points = vec![centre(start), centre(goal)];
    for y in 1..i64::from(grid.height()) {
        for x in 1..i64::from(grid.width()) {
            let around = [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)];
            if around.iter().filter(|&&(a, b)| wall(grid, a, b)).count() == 1 {
                points.push((2 * x, 2 * y));
            }
        }
    }
    let goal_at = points[1];
    let mut g = vec![f64::INFINITY; points.len()];
    let mut done = vec![false; points.len()];
    let mut open = BinaryHeap::from([Entry(distance(points[0], goal_at), 0)]);
    g[0] = 0.0;
    while let Some(Entry(_, u)) = open.pop() {
        if std::mem::replace(&mut done[u], true) {
            continue;
        }
        if u == 1 {
            return Some(g[1]);
        }
        for v in 0..points.len() {
            let through = g[u] + distance(points[u], points[v]);
            if !done[v] && through < g[v] && visible(grid, points[u], points[v]) {
                g[v] = through;
                open.push(Entry(through + distance(points[v], goal_at), v));
            }
        }
    }
    None
}
