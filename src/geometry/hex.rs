//! The hex grid: pointy-top hexagons with six neighbours, in axial coordinates.
//!
//! A cell `(q, r)` is column `q` and row `r` of the rectangular map as stored; row `r` is
//! drawn shifted half a hex right of row `r - 1`, so the map is a rhombus of hexes. The six
//! moves are then fixed offsets, as the seam needs: east (1,0) and west (-1,0) along a row,
//! north-west (0,-1) and north-east (1,-1) to the row above, south-west (-1,1) and
//! south-east (0,1) to the row below. (A row-offset layout, "odd-r", would need moves that
//! depend on the row.) Every move costs one straight step (10 under 10/14, 1 under unit
//! costs) times the weight of the hex it enters; there are no corners to cut.

use crate::geometry::grid::{Grid, Point};
use crate::geometry::heuristic::{Heuristic, Overestimate};
use crate::geometry::movement::{CostModel, Move};
use crate::geometry::topology::{hex_distance, Estimate, MoveSet, Topology};
use crate::text::names::named_enum;

/// The shape of the cells: the square grid, or hexagons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tiling {
    Square,
    Hex,
}

named_enum!(Tiling, "topology", { Square => "square", Hex => "hex" });

/// The six moves clockwise from north-east.
pub const HEX_MOVES: [Move; 6] = [
    Move { dx: 1, dy: -1 },
    Move { dx: 1, dy: 0 },
    Move { dx: 0, dy: 1 },
    Move { dx: -1, dy: 1 },
    Move { dx: -1, dy: 0 },
    Move { dx: 0, dy: -1 },
];

/// The hex grid under a cost model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hex {
    pub costs: CostModel,
}

impl Hex {
    /// What each of the six moves costs onto an unweighted hex, in display units.
    pub fn step(self) -> f64 {
        self.costs.straight() / self.costs.scale()
    }

    /// The cost of a path through the cells `path` of `grid`, in display units: a step per
    /// move times the weight of the hex it enters.
    pub fn path_cost(self, grid: &Grid, path: &[u32]) -> f64 {
        let step = self.step();
        // Whole weights, summed exactly (and +0 for a path of one hex, where a float sum
        // gives -0).
        let weights: u64 = (path.iter().skip(1))
            .map(|&c| u64::from(grid.terrain()[c as usize]))
            .sum();
        step * weights as f64
    }

    /// The hexes the straight line between the centres of `from` and `to` passes, one per
    /// move of the hex distance: the line sampled at each step and rounded to the nearest
    /// hex, nudged off the edges it runs along so that it takes the same side each time.
    pub fn line(from: Point, to: Point) -> impl Iterator<Item = (i64, i64)> {
        let (q0, r0) = (i64::from(from.x), i64::from(from.y));
        let (dq, dr) = (i64::from(to.x) - q0, i64::from(to.y) - r0);
        let n = hex_distance(dq, dr);
        (0..=n).map(move |i| {
            let t = if n == 0 { 0.0 } else { i as f64 / n as f64 };
            let q = q0 as f64 + dq as f64 * t + 1e-6;
            let r = r0 as f64 + dr as f64 * t + 1e-6;
            round_hex(q, r)
        })
    }
}

/// The hex nearest the point `(q, r)` in axial coordinates (cube rounding).
fn round_hex(q: f64, r: f64) -> (i64, i64) {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (eq, er, es) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if eq > er && eq > es {
        rq = -rr - rs;
    } else if er > es {
        rr = -rq - rs;
    }
    (rq as i64, rr as i64)
}

impl Topology for Hex {
    fn moves(&self) -> &[Move] {
        &HEX_MOVES
    }

    fn step_cost(&self, _i: usize) -> f64 {
        self.costs.straight()
    }

    fn legal_moves(&self, grid: &Grid, from: Point) -> MoveSet {
        let (x, y) = (i64::from(from.x), i64::from(from.y));
        (HEX_MOVES.iter().enumerate())
            .filter(|(_, m)| {
                let at = grid.index_of(x + i64::from(m.dx), y + i64::from(m.dy));
                at.is_ok_and(|i| grid.is_passable_at(i))
            })
            .fold(0, |set, (i, _)| set | 1 << i)
    }

    /// A wall blocks only the moves into it.
    fn change_reach(&self) -> u32 {
        1
    }

    fn default_heuristic(&self) -> Heuristic {
        Heuristic::Hex
    }

    /// Each heuristic on the hexes' coordinates: hex distance counts the moves; Euclidean
    /// measures between the hexes' centres (a move is one unit long); Manhattan, octile and
    /// Chebyshev read the axial coordinates as if they were square ones.
    fn estimate(&self, heuristic: Heuristic) -> Estimate {
        let unit = self.costs.straight();
        match heuristic {
            Heuristic::Hex => Estimate::Hex { unit },
            Heuristic::Euclidean => Estimate::HexLine { unit, up: false },
            Heuristic::EuclideanUp => Estimate::HexLine { unit, up: true },
            Heuristic::Manhattan => Estimate::Steps {
                diagonal: 2.0 * unit,
                straight: unit,
            },
            Heuristic::Octile => Estimate::Steps {
                diagonal: self.costs.diagonal(),
                straight: unit,
            },
            Heuristic::Chebyshev => Estimate::Steps {
                diagonal: unit,
                straight: unit,
            },
            Heuristic::Zero => Estimate::ZERO,
        }
    }

    /// Manhattan and octile price the move north-east (1,-1) as two steps or a diagonal; it
    /// is one step.
    fn overestimate(&self, heuristic: Heuristic) -> Option<Overestimate> {
        let scale = self.costs.scale();
        let (a, b) = (Point::new(0, 1), Point::new(1, 0));
        let estimate = self.estimate(heuristic).between(a, b);
        (estimate > self.costs.straight()).then(|| Overestimate::OneMove {
            heuristic: heuristic.name(),
            dx: 1,
            dy: -1,
            estimate: estimate / scale,
            cost: self.costs.straight() / scale,
            instead: Heuristic::Hex.name(),
        })
    }

    /// Every hex the line between the centres passes (see [`Hex::line`]) is passable.
    fn line_of_sight(&self, grid: &Grid, from: Point, to: Point) -> bool {
        Hex::line(from, to).all(|(q, r)| grid.index_of(q, r).is_ok_and(|i| grid.is_passable_at(i)))
    }

    /// Legal moves depend only on the walls: another hex search's hold.
    fn same_moves(&self, other: &dyn Topology) -> bool {
        other.moves() == HEX_MOVES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_distance_counts_the_moves_between_hexes() {
        let hex = Hex {
            costs: CostModel::TenFourteen,
        };
        let at = |h, q, r| hex.estimate(h).between(Point::new(3, 3), Point::new(q, r));
        // Breadth-first over the six moves from (3,3) agrees everywhere on a 7x7 rhombus.
        let mut steps = [[u32::MAX; 7]; 7];
        steps[3][3] = 0;
        let mut frontier = vec![(3i64, 3i64)];
        while let Some((q, r)) = frontier.first().copied() {
            frontier.remove(0);
            for m in HEX_MOVES {
                let (nq, nr) = (q + i64::from(m.dx), r + i64::from(m.dy));
                if (0..7).contains(&nq)
                    && (0..7).contains(&nr)
                    && steps[nr as usize][nq as usize] == u32::MAX
                {
                    steps[nr as usize][nq as usize] = steps[r as usize][q as usize] + 1;
                    frontier.push((nq, nr));
                }
            }
        }
        for r in 0..7u32 {
            for q in 0..7u32 {
                let moves = f64::from(steps[r as usize][q as usize]);
                assert_eq!(at(Heuristic::Hex, q, r), 10.0 * moves, "({q},{r})");
                assert!(at(Heuristic::Euclidean, q, r) <= 10.0 * moves);
                assert!(at(Heuristic::Chebyshev, q, r) <= 10.0 * moves);
            }
        }
        assert!(hex.overestimate(Heuristic::Hex).is_none());
        assert!(hex.overestimate(Heuristic::Euclidean).is_none());
        assert!(hex.overestimate(Heuristic::Manhattan).is_some());
        assert!(hex.overestimate(Heuristic::Octile).is_some());
    }

    #[test]
    fn the_line_takes_one_hex_per_move_and_stops_at_walls() {
        let mut grid = Grid::new(6, 6).unwrap();
        let hex = Hex {
            costs: CostModel::Unit,
        };
        let (a, b) = (Point::new(0, 5), Point::new(5, 0));
        // Along the north-east move: (0,5), (1,4), ..., (5,0).
        let line: Vec<_> = Hex::line(a, b).collect();
        assert_eq!(line, (0..6).map(|i| (i, 5 - i)).collect::<Vec<_>>());
        assert!(hex.line_of_sight(&grid, a, b));
        grid.set(Point::new(2, 3), 0).unwrap();
        assert!(!hex.line_of_sight(&grid, a, b));
        assert!(hex.line_of_sight(&grid, Point::new(0, 0), Point::new(5, 0)));
    }
}
