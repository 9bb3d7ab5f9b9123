//! The square grid as a [`Topology`]: 4 or 8 directions, the corner rules of diagonal
//! steps, and the cost models, as [`Movement`] holds them.

use crate::geometry::grid::{Grid, Point};
use crate::geometry::heuristic::{Heuristic, Overestimate};
use crate::geometry::movement::{DiagonalRule, Directions, Move, Movement, NeighbourOrder, MOVES};
use crate::geometry::sight;
use crate::geometry::topology::{Estimate, MoveSet, Topology};

impl Topology for Movement {
    /// 4 or 8 moves. Diagonals forbidden by the `never` rule are still tried (and reported
    /// as blocked corners) so that a learner sees why.
    fn moves(&self) -> &[Move] {
        if self.directions == Directions::Four {
            &MOVES[..4]
        } else {
            &MOVES
        }
    }

    fn step_cost(&self, i: usize) -> f64 {
        if MOVES[i].is_diagonal() {
            self.costs.diagonal()
        } else {
            self.costs.straight()
        }
    }

    fn legal_moves(&self, grid: &Grid, from: Point) -> MoveSet {
        MoveSet::from(Movement::legal_moves(*self, grid, from))
    }

    /// A wall blocks the moves into it and, by the corner rules, the diagonals beside it.
    fn change_reach(&self) -> u32 {
        1
    }

    fn default_heuristic(&self) -> Heuristic {
        Heuristic::default_for(*self)
    }

    fn estimate(&self, heuristic: Heuristic) -> Estimate {
        let (straight, diagonal) = (self.costs.straight(), self.costs.diagonal());
        match heuristic {
            // A diagonal counted as two straight steps.
            Heuristic::Manhattan => Estimate::Steps {
                diagonal: 2.0 * straight,
                straight,
            },
            Heuristic::Octile => Estimate::Steps { diagonal, straight },
            Heuristic::Euclidean => Estimate::StraightLine {
                unit: straight,
                up: false,
            },
            Heuristic::EuclideanUp => Estimate::StraightLine {
                unit: straight,
                up: true,
            },
            // Every step, even diagonal, priced as straight.
            Heuristic::Chebyshev => Estimate::Steps {
                diagonal: straight,
                straight,
            },
            Heuristic::Zero => Estimate::ZERO,
            Heuristic::Hex => Estimate::Hex { unit: straight },
        }
    }

    fn overestimate(&self, heuristic: Heuristic) -> Option<Overestimate> {
        heuristic.overestimate_reason(*self)
    }

    fn order(&self, order: NeighbourOrder) -> Option<&'static [u8]> {
        Some(order.sequence(self.directions))
    }

    /// The segment between the centres crosses only passable cells, and where it passes
    /// exactly through a corner of four cells it squeezes between the two beside it as a
    /// diagonal step may under the corner rule (without diagonal steps, only between two
    /// free cells).
    fn line_of_sight(&self, grid: &Grid, from: Point, to: Point) -> bool {
        let rule = if self.has_diagonals() {
            self.diagonal
        } else {
            DiagonalRule::OnlyWhenNoObstacles
        };
        sight::walk(grid, from, to, rule, &mut |_| {})
    }

    /// Legal moves depend on the directions and the corner rule, not on the costs.
    fn same_moves(&self, other: &dyn Topology) -> bool {
        other
            .square_grid()
            .is_some_and(|o| (o.directions, o.diagonal) == (self.directions, self.diagonal))
    }

    fn square_grid(&self) -> Option<Movement> {
        Some(*self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::movement::CostModel;

    fn square(directions: Directions, diagonal: DiagonalRule) -> Movement {
        Movement {
            directions,
            diagonal,
            costs: CostModel::TenFourteen,
        }
    }

    /// Line of sight by another method: the segment sampled once between every two points
    /// where it can cross a cell boundary (all at multiples of 1/(2 |dx| |dy|) of its
    /// length), and checked at every corner of four cells it passes exactly through.
    fn sight_by_sampling(grid: &Grid, rule: DiagonalRule, from: Point, to: Point) -> bool {
        let free = |x: i64, y: i64| grid.index_of(x, y).is_ok_and(|i| grid.is_passable_at(i));
        let (x0, y0) = (i64::from(from.x), i64::from(from.y));
        let (dx, dy) = (i64::from(to.x) - x0, i64::from(to.y) - y0);
        let m = 2 * dx.abs().max(1) * dy.abs().max(1);
        // Centre-based coordinates times 4m at t = (2n+1)/(2m), times 2m at t = n/m.
        let samples = (0..m).all(|n| {
            let at =
                |c0: i64, d: i64| ((2 * c0 + 1) * 2 * m + 2 * d * (2 * n + 1)).div_euclid(4 * m);
            free(at(x0, dx), at(y0, dy))
        });
        let corners = (1..m).all(|n| {
            let (x2, y2) = ((2 * x0 + 1) * m + 2 * dx * n, (2 * y0 + 1) * m + 2 * dy * n);
            if dx == 0 || dy == 0 || x2 % (2 * m) != 0 || y2 % (2 * m) != 0 {
                return true;
            }
            // At the corner (cx, cy): the cells before and after it on the segment.
            let (cx, cy) = (x2 / (2 * m), y2 / (2 * m));
            let before = (cx - i64::from(dx > 0), cy - i64::from(dy > 0));
            let after = (cx - i64::from(dx < 0), cy - i64::from(dy < 0));
            let walls = u8::from(!free(after.0, before.1)) + u8::from(!free(before.0, after.1));
            rule.allows(walls)
        });
        samples && corners
    }

    /// A xorshift generator: the same maps on every run.
    fn random_numbers(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    #[test]
    fn line_of_sight_matches_sampling_the_segment_on_random_maps() {
        let mut random = random_numbers(0x2f6b_3c1d_9a4e_8705);
        for (w, h) in [(1, 1), (6, 6), (9, 4), (3, 11)] {
            for density in [0, 20, 45] {
                let terrain: Vec<u8> = (0..w * h)
                    .map(|_| u8::from(random() % 100 >= density))
                    .collect();
                let grid = Grid::from_terrain(w, h, terrain).unwrap();
                for directions in &[Directions::Four, Directions::Eight] {
                    for &diagonal in DiagonalRule::ALL {
                        let movement = square(*directions, diagonal);
                        let rule = if movement.has_diagonals() {
                            diagonal
                        } else {
                            DiagonalRule::OnlyWhenNoObstacles
                        };
                        for a in 0..grid.cell_count() {
                            for b in 0..grid.cell_count() {
                                let (from, to) = (grid.point(a), grid.point(b));
                                assert_eq!(
                                    movement.line_of_sight(&grid, from, to),
                                    sight_by_sampling(&grid, rule, from, to),
                                    "{movement:?} {w}x{h} from {from:?} to {to:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// With diagonal steps, a neighbour is in sight exactly when the move to it is legal.
    #[test]
    fn a_neighbour_is_in_sight_when_the_move_to_it_is_legal() {
        let mut random = random_numbers(0x7c15_9e37_79b9_4a7c);
        let terrain: Vec<u8> = (0..64).map(|_| u8::from(random() % 3 != 0)).collect();
        let grid = Grid::from_terrain(8, 8, terrain).unwrap();
        for &diagonal in &DiagonalRule::ALL[..3] {
            let movement = square(Directions::Eight, diagonal);
            for cell in (0..grid.cell_count()).filter(|&c| grid.is_passable_at(c)) {
                let from = grid.point(cell);
                let legal = Topology::legal_moves(&movement, &grid, from);
                for (i, m) in MOVES.iter().enumerate() {
                    let (x, y) = (
                        i64::from(from.x) + i64::from(m.dx),
                        i64::from(from.y) + i64::from(m.dy),
                    );
                    if grid.index_of(x, y).is_err() {
                        continue;
                    }
                    let to = Point::new(x as u32, y as u32);
                    assert_eq!(
                        movement.line_of_sight(&grid, from, to),
                        legal & 1 << i != 0,
                        "{diagonal:?} from {from:?} by {m:?}"
                    );
                }
            }
        }
    }

    /// Each heuristic's formula gives what it says, in the cost model's units.
    #[test]
    fn estimates_use_the_step_cost_units() {
        let m = square(Directions::Eight, DiagonalRule::Always);
        let at = |h: Heuristic, dx: u32, dy: u32| {
            m.estimate(h).between(Point::new(0, 0), Point::new(dx, dy))
        };
        assert_eq!(at(Heuristic::Manhattan, 3, 1), 40.0);
        assert_eq!(at(Heuristic::Octile, 3, 1), 34.0);
        assert_eq!(at(Heuristic::Chebyshev, 1, 3), 30.0);
        assert_eq!(at(Heuristic::Euclidean, 3, 4), 50.0);
        // The Unity tutorial's rounding: sqrt(17) cells is 41.23 units, 42 rounded up.
        assert_eq!(at(Heuristic::Euclidean, 4, 1), 41.0);
        assert_eq!(at(Heuristic::EuclideanUp, 4, 1), 42.0);
        assert_eq!(at(Heuristic::EuclideanUp, 3, 4), 50.0);
        assert_eq!(at(Heuristic::Zero, 3, 4), 0.0);
        // With 14 per diagonal the straight line is longer than 8 diagonals cost.
        assert!(at(Heuristic::Euclidean, 8, 8) > 8.0 * 14.0);
    }

    #[test]
    fn steps_cost_straight_or_diagonal_units_and_four_directions_have_no_diagonals() {
        let m = square(Directions::Eight, DiagonalRule::Always);
        assert_eq!((m.step_cost(0), m.step_cost(5)), (10.0, 14.0));
        assert_eq!(CostModel::Exact.diagonal(), 1_414_214.0);
        assert_eq!(m.moves(), &MOVES);
        let four = square(Directions::Four, DiagonalRule::Always);
        assert!(four.moves().iter().all(|m| !m.is_diagonal()));
    }
}
