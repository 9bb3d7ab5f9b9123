//! Movement rules: which neighbours a cell has, when a diagonal may cut a corner,
//! and what each step costs.

use crate::geometry::grid::{Grid, Point, WALL};
use crate::text::names::named_enum;

/// 4 (straight moves only) or 8 (straight and diagonal) directions on the square grid; or
/// the richer neighbourhoods of `crate::geometry::wide`: 16 (with the knight's moves), 32
/// (with the moves (1,3) and (2,3)) and the 24 cells of the 5x5 square with blinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Directions {
    Four,
    Eight,
    Sixteen,
    ThirtyTwo,
    Blink,
}

named_enum!(Directions, "direction count", {
    Four => "4",
    Eight => "8",
    Sixteen => "16",
    ThirtyTwo => "32",
    Blink => "blink",
});

impl Directions {
    /// Whether these are the square grid's 4 or 8 moves.
    pub fn square(self) -> bool {
        matches!(self, Directions::Four | Directions::Eight)
    }
}

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
    /// Every move costs 1, diagonals too, as in Koenig and Likhachev's D* Lite examples and
    /// the 9x10 C++ tutorial; in fixed point with six decimals like exact, so a straight-line
    /// estimate keeps its decimals (that tutorial's sqrt(17) = 4.12).
    Unit,
}

named_enum!(CostModel, "cost mode", { TenFourteen => "10-14", Exact => "exact", Unit => "unit" });

/// Units per displayed unit in exact and unit mode.
const EXACT_SCALE: f64 = 1_000_000.0;

impl CostModel {
    pub fn straight(self) -> f64 {
        match self {
            CostModel::TenFourteen => 10.0,
            CostModel::Exact | CostModel::Unit => EXACT_SCALE,
        }
    }

    pub fn diagonal(self) -> f64 {
        match self {
            CostModel::TenFourteen => 14.0,
            // sqrt(2) rounded to the nearest unit.
            CostModel::Exact => 1_414_214.0,
            CostModel::Unit => EXACT_SCALE,
        }
    }

    /// A length in straight steps as whole cost units, as the diagonal is rounded.
    pub fn units(self, steps: f64) -> f64 {
        (self.straight() * steps).round()
    }

    /// Cost units per displayed unit.
    pub fn scale(self) -> f64 {
        match self {
            CostModel::TenFourteen => 1.0,
            CostModel::Exact | CostModel::Unit => EXACT_SCALE,
        }
    }

    /// The cost of a path through every cell in `path` (cell indices of `grid`), in display
    /// units, summed exactly: straight and diagonal moves are counted, each times the weight
    /// of the cell it enters, and sqrt(2) multiplies the diagonal count once. The search's
    /// fixed-point sum rounds sqrt(2) at every diagonal, which drifts by up to 2.6e-4 on long
    /// paths; this is the length the Moving AI files give.
    pub fn path_cost(self, grid: &Grid, path: &[u32]) -> f64 {
        let (mut straight, mut diagonal) = (0u64, 0u64);
        for pair in path.windows(2) {
            let (a, b) = (grid.point(pair[0] as usize), grid.point(pair[1] as usize));
            let weight = u64::from(grid.terrain()[pair[1] as usize]);
            if a.x != b.x && a.y != b.y {
                diagonal += weight;
            } else {
                straight += weight;
            }
        }
        match self {
            CostModel::TenFourteen => (10 * straight + 14 * diagonal) as f64,
            CostModel::Exact => straight as f64 + diagonal as f64 * std::f64::consts::SQRT_2,
            CostModel::Unit => (straight + diagonal) as f64,
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

/// The order in which a node's neighbours are examined. It decides which of several equal
/// routes sets a cell's parent and which of equal entries is older, so it changes paths on
/// ties: each tutorial has its own, and reproducing its figure takes its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NeighbourOrder {
    /// The straight moves clockwise from north, then the diagonals clockwise from north-east.
    Clockwise,
    /// Left, right, up, down (then the diagonals up-left, up-right, down-left, down-right):
    /// the `. + s d` tutorial's order.
    LeftRightUpDown,
    /// The left column (left, up-left, down-left), the right column, then up and down: the
    /// first C++ tutorial's order.
    LeftThenRight,
    /// Column by column from the left, each from the bottom up (x then y from -1 to 1, y
    /// upwards): the C# and Unity tutorials' nested loops.
    ColumnsBottomUp,
    /// North, south, east, west, then north-east, north-west, south-east, south-west: the
    /// 9x10 C++ tutorial's list of successors.
    NorthSouthEastWest,
}

named_enum!(NeighbourOrder, "neighbour order", {
    Clockwise => "clockwise",
    LeftRightUpDown => "left-right-up-down",
    LeftThenRight => "left-then-right",
    ColumnsBottomUp => "columns-bottom-up",
    NorthSouthEastWest => "n-s-e-w",
});

impl NeighbourOrder {
    /// The indices into [`MOVES`] in this order, for the given directions: 4 directions keep
    /// the straight moves in the same relative order.
    pub fn sequence(self, directions: Directions) -> &'static [u8] {
        let (eight, four): (&'static [u8; 8], &'static [u8; 4]) = match self {
            NeighbourOrder::Clockwise => (&[0, 1, 2, 3, 4, 5, 6, 7], &[0, 1, 2, 3]),
            NeighbourOrder::LeftRightUpDown => (&[3, 1, 0, 2, 7, 4, 6, 5], &[3, 1, 0, 2]),
            NeighbourOrder::LeftThenRight => (&[3, 7, 6, 1, 4, 5, 0, 2], &[3, 1, 0, 2]),
            NeighbourOrder::ColumnsBottomUp => (&[6, 3, 7, 2, 0, 5, 1, 4], &[3, 2, 0, 1]),
            NeighbourOrder::NorthSouthEastWest => (&[0, 2, 1, 3, 4, 7, 5, 6], &[0, 2, 1, 3]),
        };
        if directions == Directions::Four {
            four
        } else {
            eight
        }
    }
}

/// The movement part of the search options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Movement {
    pub directions: Directions,
    pub diagonal: DiagonalRule,
    pub costs: CostModel,
}

impl Movement {
    /// Whether any diagonal step can ever be taken.
    pub fn has_diagonals(self) -> bool {
        self.directions != Directions::Four && self.diagonal != DiagonalRule::Never
    }

    /// The moves that may be taken from `from`: bit `i` set when `MOVES[i]` is legal.
    /// Each cell around is read once: a diagonal's two side cells are the targets of the
    /// straight moves beside it. Written out move by move, without loops or tables: it runs
    /// once for every node a search expands.
    pub fn legal_moves(self, grid: &Grid, from: Point) -> u8 {
        let terrain = grid.terrain();
        let width = grid.width() as usize;
        let at = grid.index(from);
        let (x, y) = (from.x, from.y);
        let (up, down) = (y > 0, y + 1 < grid.height());
        let (left, right) = (x > 0, x + 1 < grid.width());
        // Whether the cell `at - back + ahead` is passable, given it is on the grid.
        let free = |on_grid: bool, back: usize, ahead: usize| {
            on_grid && terrain[(at + ahead).wrapping_sub(back)] != WALL
        };
        let north = free(up, width, 0);
        let east = free(right, 0, 1);
        let south = free(down, 0, width);
        let west = free(left, 1, 0);
        let straight =
            u8::from(north) | u8::from(east) << 1 | u8::from(south) << 2 | u8::from(west) << 3;
        if self.directions == Directions::Four {
            return straight;
        }
        // Each diagonal with the two straight moves beside it, whose targets it squeezes between.
        let diagonal = |on_grid: bool, back: usize, ahead: usize, a: bool, b: bool| {
            free(on_grid, back, ahead) && self.diagonal.allows(u8::from(!a) + u8::from(!b))
        };
        let north_east = diagonal(up && right, width, 1, east, north);
        let south_east = diagonal(down && right, 0, width + 1, east, south);
        let south_west = diagonal(down && left, 1, width, west, south);
        let north_west = diagonal(up && left, width + 1, 0, west, north);
        straight
            | u8::from(north_east) << 4
            | u8::from(south_east) << 5
            | u8::from(south_west) << 6
            | u8::from(north_west) << 7
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::grid::WALL;

    fn movement(rule: DiagonalRule) -> Movement {
        Movement {
            directions: Directions::Eight,
            diagonal: rule,
            costs: CostModel::TenFourteen,
        }
    }

    #[test]
    fn corner_rules_follow_the_number_of_walls_beside_the_diagonal() {
        // From (0,1) north-east (move 4) to (1,0); the side cells are (1,1) and (0,0).
        let mut g = Grid::new(2, 2).unwrap();
        let from = Point::new(0, 1);
        let north_east =
            |rule: DiagonalRule, g: &Grid| movement(rule).legal_moves(g, from) & 1 << 4 != 0;
        for rule in DiagonalRule::ALL {
            assert_eq!(north_east(*rule, &g), *rule != DiagonalRule::Never);
        }
        g.set(Point::new(0, 0), WALL).unwrap();
        assert!(north_east(DiagonalRule::IfAtMostOneObstacle, &g));
        assert!(!north_east(DiagonalRule::OnlyWhenNoObstacles, &g));
        g.set(Point::new(1, 1), WALL).unwrap();
        assert!(!north_east(DiagonalRule::IfAtMostOneObstacle, &g));
        assert!(north_east(DiagonalRule::Always, &g));
    }

    #[test]
    fn legal_moves_stay_on_the_grid_and_off_walls() {
        // From the top-left corner only east, south and south-east lead anywhere.
        let mut g = Grid::new(3, 3).unwrap();
        let always = movement(DiagonalRule::Always);
        assert_eq!(always.legal_moves(&g, Point::new(0, 0)), 0b0010_0110);
        g.set(Point::new(1, 1), WALL).unwrap();
        assert_eq!(always.legal_moves(&g, Point::new(0, 0)), 0b0000_0110);
        let four = Movement {
            directions: Directions::Four,
            ..always
        };
        assert_eq!(four.legal_moves(&g, Point::new(1, 0)), 0b0000_1010);
    }

    /// Each order visits every move once, and with 4 directions keeps its straight moves in
    /// the same relative order.
    #[test]
    fn neighbour_orders_are_permutations_and_four_directions_follow_eight() {
        for order in NeighbourOrder::ALL {
            let eight = order.sequence(Directions::Eight);
            let mut sorted = eight.to_vec();
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6, 7], "{order}");
            let straight: Vec<u8> = eight.iter().copied().filter(|&i| i < 4).collect();
            assert_eq!(order.sequence(Directions::Four), straight, "{order}");
        }
        // The default is the moves' own order, which the search loop relies on.
        let own: Vec<u8> = (0..8).collect();
        assert_eq!(NeighbourOrder::Clockwise.sequence(Directions::Eight), own);
        // The C# tutorial: x from -1 to 1, then y from -1 to 1 with y upwards; our y grows
        // downwards, so its first neighbour, (-1,-1), is our south-west.
        let first = MOVES[NeighbourOrder::ColumnsBottomUp.sequence(Directions::Eight)[0] as usize];
        assert_eq!((first.dx, first.dy), (-1, 1));
    }

    #[test]
    fn a_path_costs_its_moves_summed_exactly() {
        // 1000 diagonals east-south then 3 straight moves east, the last onto weight 4.
        let mut g = Grid::new(1004, 1001).unwrap();
        let mut path: Vec<u32> = (0..=1000)
            .map(|i| g.index(Point::new(i, i)) as u32)
            .collect();
        path.extend((1001..=1003).map(|x| g.index(Point::new(x, 1000)) as u32));
        g.set(Point::new(1003, 1000), 4).unwrap();
        let exact = CostModel::Exact.path_cost(&g, &path);
        assert_eq!(exact, 6.0 + 1000.0 * std::f64::consts::SQRT_2);
        // The fixed-point sum would be 1000 * 1.414214 + 6, 4.4e-4 more.
        assert!((exact - 1420.213562373095).abs() < 1e-9, "{exact}");
        assert_eq!(CostModel::TenFourteen.path_cost(&g, &path), 14060.0);
        assert_eq!(CostModel::Exact.path_cost(&g, &path[..1]), 0.0);
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
