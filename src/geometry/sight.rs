//! Line of sight between cell centres, and the any-angle grid built on it.
//!
//! The rule any-angle paths follow: the segment between two cell centres stays inside the
//! map, passes through no wall cell's interior, and does not pass through a grid point where
//! two wall cells touch diagonally (it may pass a corner beside one wall). On adjacent cells
//! this is the diagonal rule "if at most one obstacle", so [`AnyAngle`] moves by it.

use crate::geometry::grid::{Grid, Point};
use crate::geometry::heuristic::{Heuristic, Overestimate};
use crate::geometry::movement::{CostModel, DiagonalRule, Directions, Move, Movement, MOVES};
use crate::geometry::topology::{Estimate, MoveSet, Topology};

/// Walks the segment between the centres of `from` and `to`, handing `cell` each cell it
/// passes through (from first, the blocking cell last); false where it leaves the map,
/// enters a wall or passes a corner of four cells between two cells beside it that `rule`
/// does not allow.
pub fn walk(
    grid: &Grid,
    from: Point,
    to: Point,
    rule: DiagonalRule,
    cell: &mut dyn FnMut(Point),
) -> bool {
    let free = |x: i64, y: i64| grid.index_of(x, y).is_ok_and(|i| grid.is_passable_at(i));
    let (dx, dy) = (
        i64::from(to.x) - i64::from(from.x),
        i64::from(to.y) - i64::from(from.y),
    );
    let (sx, sy, ax, ay) = (dx.signum(), dy.signum(), dx.abs(), dy.abs());
    let (mut x, mut y) = (i64::from(from.x), i64::from(from.y));
    let mut enter = |x: i64, y: i64| {
        let ok = free(x, y);
        if x >= 0 && y >= 0 {
            cell(Point::new(x as u32, y as u32));
        }
        ok
    };
    if !enter(x, y) {
        return false;
    }
    // The segment crosses its i-th column boundary at t = (2i+1)/(2ax) and its j-th row
    // boundary at t = (2j+1)/(2ay): compared as (2i+1)ay against (2j+1)ax.
    let (mut i, mut j) = (0, 0);
    while i < ax || j < ay {
        let across = if i < ax { (2 * i + 1) * ay } else { i64::MAX };
        let down = if j < ay { (2 * j + 1) * ax } else { i64::MAX };
        if across == down {
            let walls = u8::from(!free(x + sx, y)) + u8::from(!free(x, y + sy));
            if !rule.allows(walls) {
                return false;
            }
        }
        if across <= down {
            x += sx;
            i += 1;
        }
        if down <= across {
            y += sy;
            j += 1;
        }
        if !enter(x, y) {
            return false;
        }
    }
    true
}

/// Whether the segment between the centres of `from` and `to` is a legal any-angle segment.
pub fn line_of_sight(grid: &Grid, from: Point, to: Point) -> bool {
    walk(
        grid,
        from,
        to,
        DiagonalRule::IfAtMostOneObstacle,
        &mut |_| {},
    )
}

/// The straight-line distance between two cell centres, in cells.
pub fn length(a: Point, b: Point) -> f64 {
    f64::from(a.x.abs_diff(b.x)).hypot(f64::from(a.y.abs_diff(b.y)))
}

/// The grid any-angle finders search: the 8 moves under the sight rule, each segment costing
/// its Euclidean length times the cost model's straight step (10 under 10/14, 1 under unit
/// costs, one unit of display under exact costs); the straight line is the heuristic that
/// never overestimates a path of segments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnyAngle {
    pub costs: CostModel,
}

impl AnyAngle {
    fn square(self) -> Movement {
        Movement {
            directions: Directions::Eight,
            diagonal: DiagonalRule::IfAtMostOneObstacle,
            costs: self.costs,
        }
    }

    /// The cost of the segment between two cell centres, in cost units.
    pub fn segment_cost(self, a: Point, b: Point) -> f64 {
        self.costs.straight() * length(a, b)
    }
}

impl Topology for AnyAngle {
    fn moves(&self) -> &[Move] {
        &MOVES
    }

    fn step_cost(&self, i: usize) -> f64 {
        let m = MOVES[i];
        self.costs.straight() * f64::from(m.dx).hypot(f64::from(m.dy))
    }

    fn legal_moves(&self, grid: &Grid, from: Point) -> MoveSet {
        MoveSet::from(self.square().legal_moves(grid, from))
    }

    fn change_reach(&self) -> u32 {
        1
    }

    fn default_heuristic(&self) -> Heuristic {
        Heuristic::Euclidean
    }

    /// Octile with a diagonal of sqrt(2) straight steps: the 8-neighbour distance.
    fn estimate(&self, heuristic: Heuristic) -> Estimate {
        match heuristic {
            Heuristic::Octile => Estimate::Steps {
                diagonal: self.step_cost(4),
                straight: self.costs.straight(),
            },
            _ => self.square().estimate(heuristic),
        }
    }

    /// Steps along the grid are longer than the segment between their ends.
    fn overestimate(&self, heuristic: Heuristic) -> Option<Overestimate> {
        if heuristic == Heuristic::Hex {
            let scale = self.costs.scale();
            let diagonal = self.segment_cost(Point::new(0, 0), Point::new(1, 1));
            return Some(Overestimate::diagonal_as_two(
                heuristic,
                2.0 * self.costs.straight() / scale,
                diagonal / scale,
            ));
        }
        matches!(heuristic, Heuristic::Manhattan | Heuristic::Octile).then(|| {
            let scale = self.costs.scale();
            Overestimate::Segment {
                heuristic: heuristic.name(),
                steps: self
                    .estimate(heuristic)
                    .between(Point::new(0, 0), Point::new(2, 1))
                    / scale,
                segment: self.segment_cost(Point::new(0, 0), Point::new(2, 1)) / scale,
            }
        })
    }

    fn line_of_sight(&self, grid: &Grid, from: Point, to: Point) -> bool {
        line_of_sight(grid, from, to)
    }

    fn same_moves(&self, other: &dyn Topology) -> bool {
        self.square().same_moves(other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        let terrain = rows.concat().bytes().map(|b| u8::from(b == b'.')).collect();
        Grid::from_terrain(rows[0].len() as u32, rows.len() as u32, terrain).unwrap()
    }

    #[test]
    fn two_walls_touching_diagonally_block_one_wall_beside_does_not() {
        let at = |x, y| Point::new(x, y);
        let pinch = grid(&["..#", ".#.", "..."]);
        // Through the centre of the wall (1,1).
        assert!(!line_of_sight(&pinch, at(0, 2), at(2, 0)));
        let touch = grid(&[".#", "#."]);
        assert!(!line_of_sight(&touch, at(0, 0), at(1, 1)));
        let one = grid(&[".#", ".."]);
        assert!(line_of_sight(&one, at(0, 0), at(1, 1)));
        // A knight's segment crosses the two cells between its ends.
        let mut crossed = Vec::new();
        let open = grid(&["...", "..."]);
        assert!(walk(
            &open,
            at(0, 0),
            at(2, 1),
            DiagonalRule::IfAtMostOneObstacle,
            &mut |p| crossed.push((p.x, p.y))
        ));
        assert_eq!(crossed, [(0, 0), (1, 0), (1, 1), (2, 1)]);
        assert!(!line_of_sight(&grid(&["...", ".#."]), at(0, 0), at(2, 1)));
    }

    #[test]
    fn segments_cost_their_length_in_straight_steps() {
        let ten = AnyAngle {
            costs: CostModel::TenFourteen,
        };
        assert_eq!(ten.segment_cost(Point::new(0, 0), Point::new(3, 4)), 50.0);
        assert_eq!(ten.step_cost(4), 10.0 * std::f64::consts::SQRT_2);
        assert!(ten.overestimate(Heuristic::Octile).is_some());
        assert!(ten.overestimate(Heuristic::Euclidean).is_none());
        assert!(ten.overestimate(Heuristic::Chebyshev).is_none());
    }
}
