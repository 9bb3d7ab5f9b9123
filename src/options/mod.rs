//! Search options: the algorithm, heuristic, movement, costs and tie-breaking, with their
//! defaults and the admissibility verdict the page shows.

pub mod fields;
pub mod search_error;

use std::fmt;
use std::sync::Arc;

use crate::catalogue::Family;
use crate::geometry::grid::{Grid, GROUND, WALL};
use crate::geometry::heuristic::{Heuristic, Overestimate};
use crate::geometry::movement::{CostModel, DiagonalRule, Directions, Movement, NeighbourOrder};
use crate::geometry::topology::Topology;
use crate::options::search_error::SearchError;
use crate::text::names::named_enum;
use crate::text::number_text::number_text;

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
});

impl Algorithm {
    /// Whether the shared best-first loop (`crate::search::Search`) runs it.
    pub fn is_best_first(self) -> bool {
        self.entry().family == Family::BestFirst
    }

    /// Whether two searches run, one from each end.
    pub fn is_bidirectional(self) -> bool {
        self.entry().family == Family::Bidirectional
    }

    /// Whether a batch of cell changes repairs the search rather than starting a new one.
    pub fn repairs(self) -> bool {
        self.entry().repairs
    }

    /// Whether the priority adds a weighted heuristic to the cost so far, so that a weight
    /// means something.
    pub fn takes_weight(self) -> bool {
        self.entry().options.weight
    }

    /// The finders that take an option, by name.
    fn takers(takes: fn(crate::catalogue::Takes) -> bool) -> String {
        let takers = Algorithm::ALL.iter().filter(|a| takes(a.entry().options));
        takers.map(|a| a.name()).collect::<Vec<_>>().join(", ")
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

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchOptions {
    pub algorithm: Algorithm,
    /// `None` picks the usual heuristic for the movement (octile with diagonals, else Manhattan).
    pub heuristic: Option<Heuristic>,
    /// Heuristic weight w in f = g + w*h (A* only).
    pub weight: f64,
    pub directions: Directions,
    pub diagonal: DiagonalRule,
    pub costs: CostModel,
    pub tie_break: TieBreak,
    /// IDA* only: how many nodes it may visit before it gives up (`None`: the default,
    /// `crate::finders::idastar::DEFAULT_NODE_LIMIT`).
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
            directions: Directions::Eight,
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

    /// The topology the finders search under: the square grid of these movement options.
    pub fn topology(&self) -> Arc<dyn Topology> {
        Arc::new(self.movement())
    }

    /// The heuristic in force: the chosen one or the default for the movement.
    pub fn resolved_heuristic(&self) -> Heuristic {
        self.heuristic
            .unwrap_or_else(|| self.movement().default_heuristic())
    }

    pub fn uses_heuristic(&self) -> bool {
        self.algorithm.entry().options.heuristic
    }

    /// Checks the values and refuses a weight or a node limit the finder does not take (see
    /// its entry in [`crate::catalogue`]).
    pub fn validate(&self) -> Result<(), OptionsError> {
        if !(0.0..=MAX_HEURISTIC_WEIGHT).contains(&self.weight) {
            return Err(OptionsError::BadWeight {
                weight: self.weight,
                max: MAX_HEURISTIC_WEIGHT,
            });
        }
        if self.weight != 1.0 && !self.algorithm.takes_weight() {
            return Err(OptionsError::WeightUnused {
                weight: self.weight,
                algorithm: self.algorithm.name(),
            });
        }
        let takes = self.algorithm.entry().options;
        if self.goal_test != GoalTest::OffOpen && !takes.goal_test {
            return Err(OptionsError::GoalTestUnused {
                test: self.goal_test.name(),
                algorithm: self.algorithm.name(),
            });
        }
        let only = self.algorithm.entry().only;
        if let Some(taken) = only
            .tie_break
            .filter(|taken| !taken.contains(&self.tie_break))
        {
            return Err(OptionsError::TieBreakUnused {
                tie_break: self.tie_break.name(),
                algorithm: self.algorithm.name(),
                allowed: taken.iter().map(|t| t.name()).collect(),
            });
        }
        if self.neighbour_order != NeighbourOrder::Clockwise && !takes.neighbour_order {
            return Err(OptionsError::NeighbourOrderUnused {
                order: self.neighbour_order.name(),
                algorithm: self.algorithm.name(),
            });
        }
        match self.node_limit {
            Some(0) => Err(OptionsError::NodeLimitZero),
            Some(limit) if !self.algorithm.entry().options.node_limit => {
                Err(OptionsError::NodeLimitUnused {
                    limit,
                    algorithm: self.algorithm.name(),
                })
            }
            _ => Ok(()),
        }
    }

    /// [`SearchOptions::validate`], and for a finder that does not take terrain weights, a
    /// map without them.
    pub fn validate_for(&self, grid: &Grid) -> Result<(), SearchError> {
        self.validate()?;
        if self.algorithm.entry().options.terrain {
            return Ok(());
        }
        match grid
            .terrain()
            .iter()
            .position(|&t| t != WALL && t != GROUND)
        {
            Some(i) => {
                let at = grid.point(i);
                Err(SearchError::WeightedMap {
                    x: at.x,
                    y: at.y,
                    weight: grid.terrain()[i],
                })
            }
            None => Ok(()),
        }
    }

    /// Whether A*'s answer is guaranteed shortest as far as the heuristic is concerned, and if
    /// not, why: the heuristic overestimates for this movement, or the weight inflates it.
    pub fn admissibility(&self) -> Admissibility {
        let reason = if !self.uses_heuristic() {
            None
        } else {
            let h = self.resolved_heuristic();
            self.movement().overestimate(h).or_else(|| {
                (self.algorithm.takes_weight() && self.weight > 1.0 && h != Heuristic::Zero)
                    .then_some(Overestimate::Weight {
                        weight: self.weight,
                    })
            })
        };
        Admissibility {
            admissible: reason.is_none(),
            reason,
            stops_when_reached: self.goal_test == GoalTest::FirstReached,
        }
    }
}

#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Admissibility {
    pub admissible: bool,
    pub reason: Option<Overestimate>,
    /// The goal test is made when the goal is first reached, so the path found can be longer
    /// than the shortest whatever the heuristic.
    pub stops_when_reached: bool,
}

/// An option value that is out of range, or that the finder cannot use.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(
    tag = "code",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase"
)]
pub enum OptionsError {
    BadWeight {
        weight: f64,
        max: f64,
    },
    /// A weight other than 1 for a finder whose priority adds no weighted heuristic (greedy and
    /// bidirectional A* use a heuristic, but not weighted into f = g + w*h).
    WeightUnused {
        weight: f64,
        algorithm: &'static str,
    },
    NodeLimitZero,
    /// A node limit for a finder that keeps to none.
    NodeLimitUnused {
        limit: u32,
        algorithm: &'static str,
    },
    /// A goal test other than "off the open list" for a finder whose stopping rule is its own.
    GoalTestUnused {
        test: &'static str,
        algorithm: &'static str,
    },
    /// A neighbour order other than the default for a finder that does not take one.
    NeighbourOrderUnused {
        order: &'static str,
        algorithm: &'static str,
    },
    /// A tie-break the finder does not take (LPA* and D* Lite order ties on k1 by larger
    /// or smaller g only).
    TieBreakUnused {
        tie_break: &'static str,
        algorithm: &'static str,
        allowed: Vec<&'static str>,
    },
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // A huge weight is written in scientific notation, not with hundreds of digits.
            OptionsError::BadWeight { weight, max } => write!(
                f,
                "heuristic weight must be a number from 0 to {}, got {}",
                number_text(*max),
                number_text(*weight)
            ),
            OptionsError::WeightUnused { weight, algorithm } => write!(
                f,
                "a heuristic weight of {} means nothing to {algorithm}: its priority has no \
                 weighted heuristic term (the weight applies only to finders whose priority is \
                 f = g + w*h; leave it at 1)",
                number_text(*weight)
            ),
            OptionsError::NodeLimitZero => f.write_str("the node limit must be at least 1"),
            OptionsError::NodeLimitUnused { limit, algorithm } => write!(
                f,
                "a node limit ({limit}) applies to {} only, not to {algorithm}",
                Algorithm::takers(|t| t.node_limit)
            ),
            OptionsError::GoalTestUnused { test, algorithm } => write!(
                f,
                "the goal test {test} applies to {} only; {algorithm} has a stopping rule \
                 of its own (leave it at off-open)",
                Algorithm::takers(|t| t.goal_test)
            ),
            OptionsError::NeighbourOrderUnused { order, algorithm } => write!(
                f,
                "the neighbour order {order} applies to {} only, not to {algorithm} (leave it \
                 at clockwise)",
                Algorithm::takers(|t| t.neighbour_order)
            ),
            OptionsError::TieBreakUnused {
                tie_break,
                algorithm,
                allowed,
            } => write!(
                f,
                "{algorithm} breaks ties by {} only, not {tie_break}",
                allowed.join(" or ")
            ),
        }
    }
}

impl std::error::Error for OptionsError {}

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
    }

    #[test]
    fn admissibility_names_the_reason() {
        let mut o = SearchOptions {
            heuristic: Some(Heuristic::Manhattan),
            ..SearchOptions::default()
        };
        assert!(o
            .admissibility()
            .reason
            .unwrap()
            .to_string()
            .contains("Manhattan"));
        o.heuristic = None;
        assert!(o.admissibility().admissible);
        o.weight = 1.5;
        assert!(o
            .admissibility()
            .reason
            .unwrap()
            .to_string()
            .contains("1.5"));
        o.algorithm = Algorithm::Dijkstra;
        assert!(o.admissibility().admissible);
    }

    #[test]
    fn negative_or_nan_weight_is_refused() {
        for w in [-1.0, f64::NAN, f64::INFINITY, 100.5, 1e300] {
            let o = SearchOptions {
                weight: w,
                ..SearchOptions::default()
            };
            assert!(o.validate().is_err());
        }
        let huge = SearchOptions {
            weight: 1e300,
            ..SearchOptions::default()
        };
        let message = huge.validate().unwrap_err().to_string();
        assert!(message.contains("from 0 to 100, got 1e300"), "{message}");
        for w in [0.0, 2.5, 100.0] {
            let o = SearchOptions {
                weight: w,
                ..SearchOptions::default()
            };
            assert!(o.validate().is_ok());
        }
    }
}
