//! Search options: the algorithm, heuristic, movement, costs and tie-breaking, with their
//! defaults. What each finder takes is the catalogue's to say; the checks against it are in
//! `crate::checks`.

use std::sync::Arc;

use crate::geometry::grid::Grid;
use crate::geometry::heuristic::Heuristic;
use crate::geometry::hex::{Hex, Tiling};
use crate::geometry::movement::{CostModel, DiagonalRule, Directions, Movement, NeighbourOrder};
use crate::geometry::sight::AnyAngle;
use crate::geometry::topology::Topology;
use crate::geometry::wide::{Wide, DEFAULT_BLINK_COST};
use crate::text::names::named_enum;

/// The finders. The first four are best-first searches sharing one loop, differing only in
/// the policy below; the others have loops of their own (see `crate::finders`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Priority f = g + w*h.
    AStar,
    /// Priority g: A* without a heuristic.
    Dijkstra,
    /// Priority h: heads for the goal, ignoring the cost so far.
    Greedy,
    /// Priority = number of moves from the start, first in first out, never re-parents.
    BreadthFirst,
    /// Iterative-deepening A*: depth-first searches under a rising threshold on F.
    IdaStar,
    /// A* from both ends, stopping when no open node can lead to a cheaper path.
    BiAStar,
    /// Dijkstra from both ends, stopping when the two smallest G reach the best path's cost.
    BiDijkstra,
    /// Breadth-first search from both ends (fewest moves).
    BiBreadthFirst,
    /// Greedy best-first search from both ends, stopping at the first contact.
    BiGreedy,
    /// Jump Point Search: A*'s priority over jump points only; uniform costs only.
    JumpPoint,
    /// Lifelong Planning A*: g and rhs from the fixed start, repaired after cell changes.
    LpaStar,
    /// D* Lite: LPA* from the goal toward a start that moves.
    DStarLite,
    /// Theta*: A* whose nodes take any cell in line of sight as parent, tested as each
    /// neighbour is relaxed (the parent's parent when it sees the neighbour).
    ThetaStar,
    /// Lazy Theta*: Theta* assuming line of sight when relaxing and testing it once, when
    /// the node is expanded.
    LazyThetaStar,
}

named_enum!(Algorithm, "algorithm", {
    AStar => "astar",
    Dijkstra => "dijkstra",
    Greedy => "greedy",
    BreadthFirst => "bfs",
    IdaStar => "idastar",
    BiAStar => "bi-astar",
    BiDijkstra => "bi-dijkstra",
    BiBreadthFirst => "bi-bfs",
    BiGreedy => "bi-greedy",
    JumpPoint => "jps",
    LpaStar => "lpastar",
    DStarLite => "dstar-lite",
    ThetaStar => "theta-star",
    LazyThetaStar => "lazy-theta-star",
});

impl Algorithm {
    /// Whether its paths are segments between cells in line of sight rather than moves.
    pub fn any_angle(self) -> bool {
        matches!(self, Algorithm::ThetaStar | Algorithm::LazyThetaStar)
    }
}

/// Which of several open nodes with equal priority comes out first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// The larger G (the node further along its path) first; then the newest. Expands far
    /// fewer nodes on open ground.
    LargerG,
    /// The smaller G first; then the oldest.
    SmallerG,
    /// The node that entered the open list first (an improved node re-enters).
    FirstIn,
    /// The node that entered the open list last.
    LastIn,
}

named_enum!(TieBreak, "tie-break", {
    LargerG => "larger-g",
    SmallerG => "smaller-g",
    FirstIn => "first-in",
    LastIn => "last-in",
});

/// When the search stops with the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalTest {
    /// When the goal is taken off the open list: every cheaper route has been tried, so A*
    /// with an admissible heuristic and Dijkstra return a shortest path.
    OffOpen,
    /// As soon as an expansion reaches the goal, as several tutorials do: fewer steps, but
    /// the first route found to the goal need not be the cheapest.
    FirstReached,
}

named_enum!(GoalTest, "goal test", {
    OffOpen => "off-open",
    FirstReached => "first-reached",
});

/// The largest heuristic weight accepted: far beyond it A* is greedy best-first already, and
/// F would lose the precision that keeps ties exact.
pub const MAX_HEURISTIC_WEIGHT: f64 = 100.0;

/// Visits allowed unless the options say otherwise: a second or two natively, several
/// in a browser, and far more than any map up to about 32x32 needs.
pub const DEFAULT_NODE_LIMIT: u32 = 1_000_000;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchOptions {
    pub algorithm: Algorithm,
    /// `None` picks the usual heuristic for the movement (octile with diagonals, else Manhattan).
    pub heuristic: Option<Heuristic>,
    /// Heuristic weight w in f = g + w*h (A* only).
    pub weight: f64,
    /// Square cells or hexagons (whose six moves take no directions or corner rule).
    pub tiling: Tiling,
    pub directions: Directions,
    /// What a blink costs beyond its length, in straight steps (directions `blink`).
    pub blink_cost: f64,
    pub diagonal: DiagonalRule,
    pub costs: CostModel,
    pub tie_break: TieBreak,
    /// IDA* only: how many nodes it may visit before it gives up (`None`: the default,
    /// [`DEFAULT_NODE_LIMIT`]).
    pub node_limit: Option<u32>,
    /// When the search stops with the goal (best-first finders only).
    pub goal_test: GoalTest,
    /// The order in which a node's neighbours are examined (best-first finders only).
    pub neighbour_order: NeighbourOrder,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            algorithm: Algorithm::AStar,
            heuristic: None,
            weight: 1.0,
            tiling: Tiling::Square,
            directions: Directions::Eight,
            blink_cost: DEFAULT_BLINK_COST,
            diagonal: DiagonalRule::IfAtMostOneObstacle,
            costs: CostModel::TenFourteen,
            tie_break: TieBreak::LargerG,
            node_limit: None,
            goal_test: GoalTest::OffOpen,
            neighbour_order: NeighbourOrder::Clockwise,
        }
    }
}

impl SearchOptions {
    /// The Moving AI benchmark rules: 8 directions, no corner cutting, costs 1 and sqrt(2).
    pub fn moving_ai() -> Self {
        SearchOptions {
            diagonal: DiagonalRule::OnlyWhenNoObstacles,
            costs: CostModel::Exact,
            ..SearchOptions::default()
        }
    }

    pub fn movement(&self) -> Movement {
        Movement {
            directions: self.directions,
            diagonal: self.diagonal,
            costs: self.costs,
        }
    }

    /// The topology the finders search under: the hex grid, the square grid of these
    /// movement options, a wider neighbourhood (16, 32, blink), or for an any-angle finder
    /// the grid of segments in line of sight.
    pub fn topology(&self) -> Arc<dyn Topology> {
        if let Some(hex) = self.hex() {
            Arc::new(hex)
        } else if self.algorithm.any_angle() {
            Arc::new(AnyAngle { costs: self.costs })
        } else if let Some(wide) = self.wide() {
            Arc::new(wide)
        } else {
            Arc::new(self.movement())
        }
    }

    /// The hex grid, if these options choose it.
    pub fn hex(&self) -> Option<Hex> {
        (self.tiling == Tiling::Hex).then_some(Hex { costs: self.costs })
    }

    /// The neighbourhood beyond the 8-grid these options choose, if they choose one.
    pub fn wide(&self) -> Option<Wide> {
        let square = self.tiling == Tiling::Square;
        (square && !self.directions.square() && !self.algorithm.any_angle()).then_some(Wide {
            directions: self.directions,
            diagonal: self.diagonal,
            costs: self.costs,
            blink: self.blink_cost,
        })
    }

    /// The cost of a path through the cells `path` of `grid`, in display units, summed
    /// exactly (see [`CostModel::path_cost`]).
    pub fn path_cost(&self, grid: &Grid, path: &[u32]) -> f64 {
        if let Some(hex) = self.hex() {
            return hex.path_cost(grid, path);
        }
        match self.wide() {
            Some(wide) => wide.path_cost(grid, path),
            None => self.costs.path_cost(grid, path),
        }
    }

    /// The heuristic in force: the chosen one or the default for the topology.
    pub fn resolved_heuristic(&self) -> Heuristic {
        self.heuristic
            .unwrap_or_else(|| self.topology().default_heuristic())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_heuristic_follows_the_movement() {
        let mut o = SearchOptions::default();
        assert_eq!(o.resolved_heuristic(), Heuristic::Octile);
        o.directions = Directions::Four;
        assert_eq!(o.resolved_heuristic(), Heuristic::Manhattan);
        o.directions = Directions::Eight;
        o.diagonal = DiagonalRule::Never;
        assert_eq!(o.resolved_heuristic(), Heuristic::Manhattan);
        o.tiling = Tiling::Hex;
        assert_eq!(o.resolved_heuristic(), Heuristic::Hex);
    }
}
