//! Neighbourhoods beyond the square 8-grid: 16 moves (the 8 and the knight's moves (1,2)),
//! 32 (and the moves (1,3) and (2,3)), and the tutorials' "blink": the 24 cells of the 5x5
//! square, where a move of two cells may pass over one wall.
//!
//! Every move costs its length in straight steps, a blink its length plus a penalty, each
//! rounded to a whole cost unit as the square grid's diagonal is (10 and 14, 22 for a
//! knight's move under 10/14; sqrt 2 to six decimals under exact costs): sums and the
//! incremental finders' end test stay exact. Unit costs are refused (every move costing 1
//! is another neighbourhood). On 16 and 32 a move is legal when its segment is in sight
//! under the corner rule (`crate::geometry::sight::walk`). Moves keep the square grid's
//! indices 0 to 7, so a record's parent reads the same for the short moves.

use std::fmt;

use crate::geometry::grid::{Grid, Point};
use crate::geometry::heuristic::{Heuristic, Overestimate};
use crate::geometry::movement::{CostModel, DiagonalRule, Directions, Move, Movement, MOVES};
use crate::geometry::sight;
use crate::geometry::topology::{Estimate, MoveSet, Topology};
use crate::text::number_text::number_text;

/// The largest blink penalty, in straight steps: far beyond it a blink never pays.
pub const MAX_BLINK_COST: f64 = 10.0;
/// The blink penalty unless the options say otherwise, in straight steps: the tutorial's
/// map then blinks through its wall (3 steps for the blink against 2 diagonals round).
pub const DEFAULT_BLINK_COST: f64 = 1.0;

/// The eight moves (±a, ±b) and (±b, ±a), by quadrant clockwise from north-east.
const fn eight(a: i32, b: i32) -> [Move; 8] {
    let mut all = [Move { dx: 0, dy: 0 }; 8];
    let signs = [(1, -1), (1, 1), (-1, 1), (-1, -1)];
    let mut i = 0;
    while i < 4 {
        let (sx, sy) = signs[i];
        all[2 * i] = Move {
            dx: sx * a,
            dy: sy * b,
        };
        all[2 * i + 1] = Move {
            dx: sx * b,
            dy: sy * a,
        };
        i += 1;
    }
    all
}

/// The eight moves twice over: two cells straight or diagonally.
const fn doubled() -> [Move; 8] {
    let mut all = MOVES;
    let mut i = 0;
    while i < 8 {
        all[i] = Move {
            dx: 2 * MOVES[i].dx,
            dy: 2 * MOVES[i].dy,
        };
        i += 1;
    }
    all
}

const fn join<const N: usize>(parts: &[[Move; 8]]) -> [Move; N] {
    let mut all = [Move { dx: 0, dy: 0 }; N];
    let mut i = 0;
    while i < N {
        all[i] = parts[i / 8][i % 8];
        i += 1;
    }
    all
}

static SIXTEEN: [Move; 16] = join(&[MOVES, eight(1, 2)]);
static THIRTY_TWO: [Move; 32] = join(&[MOVES, eight(1, 2), eight(1, 3), eight(2, 3)]);
/// The 8, then the blinks: two straight, two diagonal, and the knight's moves.
static BLINK: [Move; 24] = join(&[MOVES, doubled(), eight(1, 2)]);

/// The moves of the first octant by angle, for the exact open-ground distance.
const FAN_8: &[(u32, u32)] = &[(1, 0), (1, 1)];
const FAN_16: &[(u32, u32)] = &[(1, 0), (2, 1), (1, 1)];
const FAN_32: &[(u32, u32)] = &[(1, 0), (3, 1), (2, 1), (3, 2), (1, 1)];

/// A neighbourhood beyond the 8-grid, with the options it reads.
#[derive(Clone, Copy, PartialEq)]
pub struct Wide {
    /// `Sixteen`, `ThirtyTwo` or `Blink`.
    pub directions: Directions,
    /// The corner rule of moves through a grid point (never `Never`: the options refuse it).
    pub diagonal: DiagonalRule,
    pub costs: CostModel,
    /// What a blink costs beyond its length, in straight steps.
    pub blink: f64,
}

/// Written without Rust's float formatting, which the engine does not carry in the browser.
impl fmt::Debug for Wide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Wide {{ directions: {}, diagonal: {}, costs: {}, blink: {} }}",
            self.directions,
            self.diagonal,
            self.costs,
            number_text(self.blink)
        )
    }
}

fn length(m: Move) -> f64 {
    f64::from(m.dx).hypot(f64::from(m.dy))
}

impl Wide {
    fn square(self) -> Movement {
        Movement {
            directions: Directions::Eight,
            diagonal: self.diagonal,
            costs: self.costs,
        }
    }

    /// The cost of a path through the cells `path` of `grid`, in display units: each move's
    /// cost times the weight of the cell it enters; under exact costs each move's length
    /// unrounded, as the square grid's exact path cost counts sqrt 2.
    pub fn path_cost(self, grid: &Grid, path: &[u32]) -> f64 {
        let steps: f64 = (path.windows(2))
            .map(|pair| {
                let (a, b) = (grid.point(pair[0] as usize), grid.point(pair[1] as usize));
                let m = Move {
                    dx: b.x as i32 - a.x as i32,
                    dy: b.y as i32 - a.y as i32,
                };
                let blink = self.directions == Directions::Blink && m.dx.abs().max(m.dy.abs()) == 2;
                let steps = length(m) + if blink { self.blink } else { 0.0 };
                let cost = match self.costs {
                    CostModel::Exact => steps,
                    _ => self.costs.units(steps) / self.costs.scale(),
                };
                cost * f64::from(grid.terrain()[pair[1] as usize])
            })
            // From +0: an empty sum is -0, which a path of one cell (a walk at its goal)
            // would show as "-0".
            .fold(0.0, |sum, cost| sum + cost);
        steps
    }

    /// Whether a blink from `from` by `m` lands on a free cell, passing over at most one
    /// wall: the cells between are those of the half move, each odd part of it either way
    /// (two straight: one cell; two diagonal: one; a knight's: two). A blink jumps, so no
    /// corner rule applies.
    fn blink_clear(grid: &Grid, from: Point, m: Move) -> bool {
        let (x, y) = (i64::from(from.x), i64::from(from.y));
        let free = |dx: i32, dy: i32| {
            let (x, y) = (x + i64::from(dx), y + i64::from(dy));
            grid.index_of(x, y).is_ok_and(|i| grid.is_passable_at(i))
        };
        let half = |d: i32| if d % 2 == 0 { [d / 2; 2] } else { [0, d] };
        let (across, down) = (half(m.dx), half(m.dy));
        let between = [(across[0], down[0]), (across[1], down[1])];
        let walls = (if between[0] == between[1] {
            &between[..1]
        } else {
            &between[..]
        })
        .iter()
        .filter(|&&(dx, dy)| !free(dx, dy))
        .count();
        walls <= 1 && free(m.dx, m.dy)
    }
}

impl Topology for Wide {
    fn moves(&self) -> &[Move] {
        match self.directions {
            Directions::ThirtyTwo => &THIRTY_TWO,
            Directions::Blink => &BLINK,
            _ => &SIXTEEN,
        }
    }

    fn step_cost(&self, i: usize) -> f64 {
        let blink = if i >= 8 && self.directions == Directions::Blink {
            self.blink
        } else {
            0.0
        };
        self.costs.units(length(self.moves()[i]) + blink)
    }

    fn legal_moves(&self, grid: &Grid, from: Point) -> MoveSet {
        let near = MoveSet::from(self.square().legal_moves(grid, from));
        let far = self.moves()[8..].iter().enumerate().filter(|(_, &m)| {
            if self.directions == Directions::Blink {
                return Wide::blink_clear(grid, from, m);
            }
            let (x, y) = (
                i64::from(from.x) + i64::from(m.dx),
                i64::from(from.y) + i64::from(m.dy),
            );
            grid.index_of(x, y).is_ok()
                && sight::walk(
                    grid,
                    from,
                    Point::new(x as u32, y as u32),
                    self.diagonal,
                    &mut |_| {},
                )
        });
        far.fold(near, |set, (i, _)| set | 1 << (i + 8))
    }

    /// A wall blocks the moves whose segment crosses it: up to 2 cells away (3 with the
    /// moves (2,3)).
    fn change_reach(&self) -> u32 {
        if self.directions == Directions::ThirtyTwo {
            3
        } else {
            2
        }
    }

    fn default_heuristic(&self) -> Heuristic {
        Heuristic::Octile
    }

    /// Octile is the neighbourhood's own distance on open ground.
    fn estimate(&self, heuristic: Heuristic) -> Estimate {
        let unit = self.costs.straight();
        match heuristic {
            Heuristic::Octile => Estimate::Fan {
                fan: match self.directions {
                    Directions::Sixteen => FAN_16,
                    Directions::ThirtyTwo => FAN_32,
                    _ => FAN_8,
                },
                costs: self.costs,
            },
            Heuristic::Manhattan => Estimate::Steps {
                diagonal: 2.0 * unit,
                straight: unit,
            },
            Heuristic::Euclidean => Estimate::StraightLine { unit, up: false },
            Heuristic::EuclideanUp => Estimate::StraightLine { unit, up: true },
            Heuristic::Chebyshev => Estimate::Steps {
                diagonal: unit,
                straight: unit,
            },
            Heuristic::Zero => Estimate::ZERO,
            Heuristic::Hex => Estimate::Hex { unit },
        }
    }

    /// Manhattan prices a diagonal as two steps; with a penalty under about 1 + sqrt 2 -
    /// sqrt 5, a knight's blink is cheaper than the two steps octile counts for it.
    fn overestimate(&self, heuristic: Heuristic) -> Option<Overestimate> {
        let scale = self.costs.scale();
        let (straight, diagonal) = (self.step_cost(0), self.step_cost(4));
        // The first knight's blink, after the 8 moves and the 8 of two cells.
        let blink = self.directions == Directions::Blink;
        let knight = if blink { self.step_cost(16) } else { 0.0 };
        match heuristic {
            Heuristic::Hex => Some(Overestimate::diagonal_as_two(
                heuristic,
                2.0 * straight / scale,
                diagonal / scale,
            )),
            Heuristic::Manhattan => Some(Overestimate::Manhattan {
                two_straight: 2.0 * straight / scale,
                diagonal: diagonal / scale,
            }),
            Heuristic::Octile if blink && knight < straight + diagonal => {
                Some(Overestimate::Blink {
                    penalty: self.blink,
                    blink: knight / scale,
                    walk: (straight + diagonal) / scale,
                })
            }
            _ => None,
        }
    }

    fn line_of_sight(&self, grid: &Grid, from: Point, to: Point) -> bool {
        sight::walk(grid, from, to, self.diagonal, &mut |_| {})
    }

    /// Never: the moves of another search are worked out again, which keeps this seam free
    /// of a way to compare corner rules across topologies.
    fn same_moves(&self, _other: &dyn Topology) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wide(directions: Directions, blink: f64) -> Wide {
        Wide {
            directions,
            diagonal: DiagonalRule::IfAtMostOneObstacle,
            costs: CostModel::TenFourteen,
            blink,
        }
    }

    #[test]
    fn the_fan_is_the_cheapest_combination_of_the_bracketing_moves() {
        let at = |d, dx, dy| {
            wide(d, 1.0)
                .estimate(Heuristic::Octile)
                .between(Point::new(0, 0), Point::new(dx, dy))
        };
        // Under 10/14: 10 straight, 14 diagonal, 22 for (1,2), 32 for (1,3), 36 for (2,3).
        assert_eq!(at(Directions::Sixteen, 5, 2), 10.0 + 2.0 * 22.0);
        assert_eq!(at(Directions::Sixteen, 2, 5), 10.0 + 2.0 * 22.0);
        assert_eq!(at(Directions::Sixteen, 5, 4), 22.0 + 3.0 * 14.0);
        assert_eq!(at(Directions::ThirtyTwo, 7, 2), 10.0 + 2.0 * 32.0);
        assert_eq!(at(Directions::ThirtyTwo, 5, 2), 32.0 + 22.0);
        assert_eq!(at(Directions::ThirtyTwo, 7, 4), 2.0 * 22.0 + 36.0);
        assert_eq!(at(Directions::ThirtyTwo, 4, 3), 36.0 + 14.0);
        assert_eq!(at(Directions::Blink, 3, 1), 2.0 * 10.0 + 14.0);
    }

    #[test]
    fn a_blink_passes_one_wall_and_no_more() {
        let mut g = Grid::new(5, 3).unwrap();
        let from = Point::new(0, 1);
        let east_two = 8 + BLINK[8..]
            .iter()
            .position(|m| (m.dx, m.dy) == (2, 0))
            .unwrap();
        let knight = 8 + BLINK[8..]
            .iter()
            .position(|m| (m.dx, m.dy) == (2, 1))
            .unwrap();
        let blink = wide(Directions::Blink, 1.0);
        g.set(Point::new(1, 1), 0).unwrap();
        assert_ne!(blink.legal_moves(&g, from) & 1 << east_two, 0);
        assert_ne!(blink.legal_moves(&g, from) & 1 << knight, 0);
        g.set(Point::new(1, 2), 0).unwrap();
        // The knight's segment crosses (1,1) and (1,2): two walls.
        assert_eq!(blink.legal_moves(&g, from) & 1 << knight, 0);
        assert_eq!(blink.step_cost(east_two), 30.0);
        assert!(blink.overestimate(Heuristic::Octile).is_none());
        assert!(wide(Directions::Blink, 0.1)
            .overestimate(Heuristic::Octile)
            .is_some());
    }
}
