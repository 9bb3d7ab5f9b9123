//! Movement rules: which neighbours a cell has, when a diagonal may cut a corner,
//! and what each step costs.

use crate::grid::{Grid, Point};
use crate::names::named_enum;

/// 4 (straight moves only) or 8 (straight and diagonal) directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Directions {
    Four,
    Eight,
}

named_enum!(Directions, "direction count", { Four => "4", Eight => "8" });

/// When a diagonal step is allowed, judged by the two cells beside it (the corner it cuts).
/// These are the four rules of PathFinding.js.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagonalRule {
    /// Always, even squeezing between two walls.
    Always,
    /// Unless both side cells are walls.
    IfAtMostOneObstacle,
    /// Only when both side cells are free: no corner cutting (the Moving AI benchmark rule).
    OnlyWhenNoObstacles,
    /// Never: 8 directions then behave like 4.
    Never,
}

named_enum!(DiagonalRule, "diagonal rule", {
    Always => "always",
    IfAtMostOneObstacle => "if-at-most-one-obstacle",
    OnlyWhenNoObstacles => "only-when-no-obstacles",
    Never => "never",
});

impl DiagonalRule {
    /// Whether a diagonal step is allowed given how many of its two side cells are walls.
    pub fn allows(self, walls_beside: u8) -> bool {
        match self {
            DiagonalRule::Always => true,
            DiagonalRule::IfAtMostOneObstacle => walls_beside <= 1,
            DiagonalRule::OnlyWhenNoObstacles => walls_beside == 0,
            DiagonalRule::Never => false,
        }
    }
}

/// Step costs. Costs are whole numbers of "cost units" so that sums, comparisons and ties are
/// exact; `scale` converts units to the value shown to people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CostModel {
    /// The classic tutorials' integers: 10 straight, 14 diagonal.
    TenFourteen,
    /// 1 and sqrt(2), as in the Moving AI benchmarks, in fixed point with six decimals.
    Exact,
}

named_enum!(CostModel, "cost mode", { TenFourteen => "10-14", Exact => "exact" });

/// Units per displayed unit in exact mode.
const EXACT_SCALE: f64 = 1_000_000.0;

impl CostModel {
    pub fn straight(self) -> f64 {
        match self {
            CostModel::TenFourteen => 10.0,
            CostModel::Exact => EXACT_SCALE,
        }
    }

    pub fn diagonal(self) -> f64 {
        match self {
            CostModel::TenFourteen => 14.0,
            // sqrt(2) rounded to the nearest unit: 1_414_214.
            CostModel::Exact => (std::f64::consts::SQRT_2 * EXACT_SCALE).round(),
        }
    }

    /// Cost units per displayed unit.
    pub fn scale(self) -> f64 {
        match self {
            CostModel::TenFourteen => 1.0,
            CostModel::Exact => EXACT_SCALE,
        }
    }
}

/// One of the eight moves. `y` grows downwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub dx: i32,
    pub dy: i32,
}

impl Move {
    pub fn is_diagonal(self) -> bool {
        self.dx != 0 && self.dy != 0
    }
}

/// Neighbour order, fixed so that searches are reproducible: the straight moves clockwise
/// from north, then the diagonals clockwise from north-east.
pub const MOVES: [Move; 8] = [
    Move { dx: 0, dy: -1 },
    Move { dx: 1, dy: 0 },
    Move { dx: 0, dy: 1 },
    Move { dx: -1, dy: 0 },
    Move { dx: 1, dy: -1 },
    Move { dx: 1, dy: 1 },
    Move { dx: -1, dy: 1 },
    Move { dx: -1, dy: -1 },
];

/// The movement part of the search options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Movement {
    pub directions: Directions,
    pub diagonal: DiagonalRule,
    pub costs: CostModel,
}

/// Why a neighbour cannot be entered from the current cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    OffGrid,
    Wall,
    CornerCut,
}

impl Movement {
    /// The moves to try from each cell: 4 or 8. Diagonals forbidden by the `never` rule are
    /// still tried (and reported as blocked corners) so that a learner sees why.
    pub fn moves(self) -> &'static [Move] {
        match self.directions {
            Directions::Four => &MOVES[..4],
            Directions::Eight => &MOVES[..],
        }
    }

    /// Whether any diagonal step can ever be taken.
    pub fn has_diagonals(self) -> bool {
        self.directions == Directions::Eight && self.diagonal != DiagonalRule::Never
    }

    /// The cell reached by `m` from `from`, or why it cannot be entered.
    pub fn target(self, grid: &Grid, from: Point, m: Move) -> Result<usize, Blocked> {
        // Off-grid coordinates wrap to huge unsigned values, failing the bounds test.
        let x = from.x.wrapping_add_signed(m.dx);
        let y = from.y.wrapping_add_signed(m.dy);
        if x >= grid.width() || y >= grid.height() {
            return Err(Blocked::OffGrid);
        }
        let to = grid.index(Point::new(x, y));
        if !grid.is_passable_at(to) {
            return Err(Blocked::Wall);
        }
        if m.is_diagonal() {
            let side_a = grid.index(Point::new(x, from.y));
            let side_b = grid.index(Point::new(from.x, y));
            let walls =
                u8::from(!grid.is_passable_at(side_a)) + u8::from(!grid.is_passable_at(side_b));
            if !self.diagonal.allows(walls) {
                return Err(Blocked::CornerCut);
            }
        }
        Ok(to)
    }

    /// Cost in units of moving by `m` into a cell of terrain weight `weight`.
    pub fn step_cost(self, m: Move, weight: u8) -> f64 {
        let base = if m.is_diagonal() {
            self.costs.diagonal()
        } else {
            self.costs.straight()
        };
        base * weight as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::WALL;

    fn movement(rule: DiagonalRule) -> Movement {
        Movement {
            directions: Directions::Eight,
            diagonal: rule,
            costs: CostModel::TenFourteen,
        }
    }

    #[test]
    fn corner_rules_follow_the_number_of_walls_beside_the_diagonal() {
        // From (0,1) north-east to (1,0); the side cells are (1,1) and (0,0).
        let mut g = Grid::new(2, 2).unwrap();
        let from = Point::new(0, 1);
        let ne = MOVES[4];
        for rule in DiagonalRule::ALL {
            assert_eq!(
                movement(*rule).target(&g, from, ne).is_ok(),
                *rule != DiagonalRule::Never
            );
        }
        g.set(Point::new(0, 0), WALL).unwrap();
        assert!(movement(DiagonalRule::IfAtMostOneObstacle)
            .target(&g, from, ne)
            .is_ok());
        assert_eq!(
            movement(DiagonalRule::OnlyWhenNoObstacles).target(&g, from, ne),
            Err(Blocked::CornerCut)
        );
        g.set(Point::new(1, 1), WALL).unwrap();
        assert_eq!(
            movement(DiagonalRule::IfAtMostOneObstacle).target(&g, from, ne),
            Err(Blocked::CornerCut)
        );
        assert!(movement(DiagonalRule::Always).target(&g, from, ne).is_ok());
    }

    #[test]
    fn terrain_weight_multiplies_the_step_cost() {
        let m = movement(DiagonalRule::Always);
        assert_eq!(m.step_cost(MOVES[0], 1), 10.0);
        assert_eq!(m.step_cost(MOVES[5], 3), 42.0);
        assert_eq!(CostModel::Exact.diagonal(), 1_414_214.0);
    }

    #[test]
    fn names_round_trip_and_unknown_names_list_the_choices() {
        for rule in DiagonalRule::ALL {
            assert_eq!(rule.name().parse::<DiagonalRule>(), Ok(*rule));
        }
        let err = "sometimes".parse::<DiagonalRule>().unwrap_err().to_string();
        assert!(err.contains("always, if-at-most-one-obstacle"), "{err}");
    }
}
