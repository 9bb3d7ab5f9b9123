//! Heuristics: estimates of the remaining cost to the goal, in the same units as the step costs.

use std::fmt;

use crate::geometry::movement::Movement;
use crate::text::names::named_enum;
use crate::text::number_text::number_text;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// Straight steps only: |dx| + |dy| straight steps.
    Manhattan,
    /// Diagonal distance: min(|dx|,|dy|) diagonal steps plus the rest straight.
    Octile,
    /// Straight-line distance, rounded down to whole cost units.
    Euclidean,
    /// Straight-line distance rounded up to whole cost units, as the Unity tutorial's code
    /// does (`Mathf.CeilToInt`): with 10/14 costs one diagonal is 15 away, more than it costs.
    EuclideanUp,
    /// max(|dx|,|dy|) straight steps: every step, even diagonal, priced as straight.
    Chebyshev,
    /// No estimate: A* becomes Dijkstra.
    Zero,
    /// The hex grid's own distance: the number of moves between two hexes.
    Hex,
}

named_enum!(Heuristic, "heuristic", {
    Manhattan => "manhattan",
    Octile => "octile",
    Euclidean => "euclidean",
    EuclideanUp => "euclidean-up",
    Chebyshev => "chebyshev",
    Zero => "zero",
    Hex => "hex",
});

impl Heuristic {
    /// The usual choice for a movement: octile when diagonals are possible, Manhattan otherwise.
    pub fn default_for(movement: Movement) -> Heuristic {
        if movement.has_diagonals() {
            Heuristic::Octile
        } else {
            Heuristic::Manhattan
        }
    }

    /// Why this heuristic can overestimate the true cost under `movement` (so A* may return a
    /// longer path), or `None` if it never does. Terrain weights only raise costs, so the
    /// free-space cost of plain ground is the bound to compare with.
    pub fn overestimate_reason(self, movement: Movement) -> Option<Overestimate> {
        if !movement.has_diagonals() {
            return None;
        }
        let (straight, diagonal) = (movement.costs.straight(), movement.costs.diagonal());
        let scale = movement.costs.scale();
        match self {
            Heuristic::Hex if 2.0 * straight > diagonal => Some(Overestimate::diagonal_as_two(
                self,
                2.0 * straight / scale,
                diagonal / scale,
            )),
            Heuristic::Manhattan if 2.0 * straight > diagonal => Some(Overestimate::Manhattan {
                two_straight: 2.0 * straight / scale,
                diagonal: diagonal / scale,
            }),
            // Rounding up cannot carry a whole number of units past another whole number.
            Heuristic::Euclidean | Heuristic::EuclideanUp
                if std::f64::consts::SQRT_2 * straight > diagonal =>
            {
                let line = straight * 8.0 * std::f64::consts::SQRT_2;
                let rounded = if self == Heuristic::EuclideanUp {
                    line.ceil()
                } else {
                    line.floor()
                };
                Some(Overestimate::Euclidean {
                    diagonal: diagonal / scale,
                    straight_line: rounded / scale,
                    eight_diagonals: 8.0 * diagonal / scale,
                })
            }
            _ => None,
        }
    }
}

/// Why A* may miss the shortest path, with the numbers that show it. Serialises as
/// `{ code, ...values }` for the page, which words it itself.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(
    tag = "code",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase"
)]
pub enum Overestimate {
    /// Manhattan prices a diagonal step as two straight ones, more than it costs.
    Manhattan { two_straight: f64, diagonal: f64 },
    /// With rounded diagonal costs the straight line beats a run of diagonals.
    Euclidean {
        diagonal: f64,
        straight_line: f64,
        eight_diagonals: f64,
    },
    /// A weight above 1 inflates any heuristic.
    Weight { weight: f64 },
    /// A blink penalty so small that a knight's blink costs less than the two steps
    /// (one straight, one diagonal) octile counts for it.
    Blink { penalty: f64, blink: f64, walk: f64 },
    /// One move costs less than this heuristic estimates for it (hex distance on a square
    /// grid prices a diagonal as two steps; Manhattan and octile on hexes price the move
    /// (1,-1) as two steps or a diagonal).
    OneMove {
        heuristic: &'static str,
        dx: i32,
        dy: i32,
        estimate: f64,
        cost: f64,
        instead: &'static str,
    },
    /// Any-angle paths: a straight segment is shorter than the grid steps this heuristic
    /// counts (e.g. 2 across and 1 down).
    Segment {
        heuristic: &'static str,
        steps: f64,
        segment: f64,
    },
}

impl Overestimate {
    /// `heuristic` counts the diagonal (1,1) as `estimate` but it costs `cost`: hex
    /// distance on a grid with diagonals.
    pub fn diagonal_as_two(heuristic: Heuristic, estimate: f64, cost: f64) -> Overestimate {
        Overestimate::OneMove {
            heuristic: heuristic.name(),
            dx: 1,
            dy: 1,
            estimate,
            cost,
            instead: Heuristic::Octile.name(),
        }
    }
}

impl fmt::Display for Overestimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Overestimate::Manhattan { two_straight, diagonal } => write!(
                f,
                "Manhattan counts a diagonal step as two straight steps ({two_straight}) but it \
                 costs {diagonal}, so it overestimates and A* may miss the shortest path; use octile"
            ),
            Overestimate::Euclidean {
                diagonal,
                straight_line,
                eight_diagonals,
            } => write!(
                f,
                "with {diagonal} diagonal steps the straight-line distance is longer than the cost \
                 of a run of diagonals (e.g. 8 diagonals: {straight_line} > {eight_diagonals}), so \
                 Euclidean overestimates; use octile"
            ),
            Overestimate::Weight { weight } => write!(
                f,
                "weight {weight} > 1 inflates the heuristic: paths may be up to {weight} times the \
                 shortest"
            ),
            Overestimate::Blink {
                penalty,
                blink,
                walk,
            } => write!(
                f,
                "with a blink penalty of {} a knight's blink costs {}, less than the {} of the \
                 two steps octile counts for it, so octile overestimates; raise the penalty or \
                 use euclidean",
                number_text(*penalty),
                number_text(*blink),
                number_text(*walk)
            ),
            Overestimate::OneMove {
                heuristic,
                dx,
                dy,
                estimate,
                cost,
                instead,
            } => write!(
                f,
                "{heuristic} estimates {} for the move ({dx},{dy}), which costs {}, so it \
                 overestimates; use {instead}",
                number_text(*estimate),
                number_text(*cost)
            ),
            Overestimate::Segment {
                heuristic,
                steps,
                segment,
            } => write!(
                f,
                "{heuristic} counts grid steps ({steps:.2} for 2 across and 1 down) but an \
                 any-angle segment there is {segment:.2}, so it overestimates; use euclidean"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::movement::{CostModel, DiagonalRule, Directions};

    fn eight(costs: CostModel) -> Movement {
        Movement {
            directions: Directions::Eight,
            diagonal: DiagonalRule::Always,
            costs,
        }
    }

    #[test]
    fn admissibility_depends_on_movement_and_costs() {
        let ten = eight(CostModel::TenFourteen);
        let exact = eight(CostModel::Exact);
        let four = Movement {
            directions: Directions::Four,
            ..ten
        };
        assert!(Heuristic::Manhattan.overestimate_reason(ten).is_some());
        assert!(Heuristic::Manhattan.overestimate_reason(four).is_none());
        assert!(Heuristic::Euclidean.overestimate_reason(ten).is_some());
        assert!(Heuristic::Euclidean.overestimate_reason(exact).is_none());
        for h in [Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Zero] {
            assert!(h.overestimate_reason(ten).is_none());
            assert!(h.overestimate_reason(exact).is_none());
        }
    }
}
