//! Search options: the algorithm, heuristic, movement, costs and tie-breaking, with their
//! defaults and the admissibility verdict the page shows.

use std::fmt;

use crate::heuristic::Heuristic;
use crate::movement::{CostModel, DiagonalRule, Directions, Movement};
use crate::names::named_enum;
use crate::number_text::number_text;

/// The four best-first searches; they share one loop and differ only in the policy below.
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
    /// Jump Point Search: A*'s priority over jump points only; uniform costs only.
    JumpPoint,
}

named_enum!(Algorithm, "algorithm", {
    AStar => "astar",
    Dijkstra => "dijkstra",
    Greedy => "greedy",
    BreadthFirst => "bfs",
    JumpPoint => "jps",
});

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

    /// The heuristic in force: the chosen one or the default for the movement.
    pub fn resolved_heuristic(&self) -> Heuristic {
        self.heuristic
            .unwrap_or_else(|| Heuristic::default_for(self.movement()))
    }

    pub fn uses_heuristic(&self) -> bool {
        matches!(
            self.algorithm,
            Algorithm::AStar | Algorithm::Greedy | Algorithm::JumpPoint
        )
    }

    pub fn validate(&self) -> Result<(), OptionsError> {
        if !self.weight.is_finite() || self.weight < 0.0 {
            return Err(OptionsError(format!(
                "heuristic weight must be a number >= 0, got {}",
                number_text(self.weight)
            )));
        }
        Ok(())
    }

    /// Whether A*'s answer is guaranteed shortest as far as the heuristic is concerned, and if
    /// not, why: the heuristic overestimates for this movement, or the weight inflates it.
    pub fn admissibility(&self) -> Admissibility {
        let reason = if !self.uses_heuristic() {
            None
        } else {
            let h = self.resolved_heuristic();
            h.overestimate_reason(self.movement()).or_else(|| {
                (matches!(self.algorithm, Algorithm::AStar | Algorithm::JumpPoint)
                    && self.weight > 1.0
                    && h != Heuristic::Zero)
                    .then(|| {
                        format!(
                            "weight {} > 1 inflates the heuristic: paths may be up to {} times \
                             the shortest",
                            number_text(self.weight),
                            number_text(self.weight)
                        )
                    })
            })
        };
        Admissibility {
            admissible: reason.is_none(),
            reason,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Admissibility {
    pub admissible: bool,
    pub reason: Option<String>,
}

/// An option value that is out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsError(pub String);

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
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
        assert!(o.admissibility().reason.unwrap().contains("Manhattan"));
        o.heuristic = None;
        assert!(o.admissibility().admissible);
        o.weight = 1.5;
        assert!(o.admissibility().reason.unwrap().contains("1.5"));
        o.algorithm = Algorithm::Dijkstra;
        assert!(o.admissibility().admissible);
    }

    #[test]
    fn negative_or_nan_weight_is_refused() {
        for w in [-1.0, f64::NAN, f64::INFINITY] {
            let o = SearchOptions {
                weight: w,
                ..SearchOptions::default()
            };
            assert!(o.validate().is_err());
        }
    }
}
