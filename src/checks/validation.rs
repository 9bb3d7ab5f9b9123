//! Options checked against the catalogue: a value out of range, or one the finder does
//! not take, is refused with the finders that do take it; and the admissibility verdict the
//! page shows.

use crate::checks::search_error::{OptionsError, SearchError};
use crate::geometry::grid::{Grid, GROUND, WALL};
use crate::geometry::heuristic::{Heuristic, Overestimate};
use crate::geometry::hex::Tiling;
use crate::geometry::movement::{CostModel, DiagonalRule, NeighbourOrder};
use crate::geometry::wide::MAX_BLINK_COST;
use crate::options::{GoalTest, SearchOptions, MAX_HEURISTIC_WEIGHT};

impl SearchOptions {
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
        if !(0.0..=MAX_BLINK_COST).contains(&self.blink_cost) {
            return Err(OptionsError::BadBlinkCost {
                cost: self.blink_cost,
                max: MAX_BLINK_COST,
            });
        }
        if self.tiling == Tiling::Hex && !self.directions.square() {
            return Err(OptionsError::NotForHex {
                directions: self.directions.name(),
            });
        }
        if self.wide().is_some() {
            let refused = if self.diagonal == DiagonalRule::Never {
                Some(("diagonal rule", self.diagonal.name()))
            } else {
                (self.costs == CostModel::Unit).then_some(("cost mode", self.costs.name()))
            };
            if let Some((option, value)) = refused {
                return Err(OptionsError::NotForWide {
                    directions: self.directions.name(),
                    option,
                    value,
                });
            }
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
        if let Some(taken) = only
            .directions
            .filter(|taken| !taken.contains(&self.directions))
        {
            return Err(OptionsError::DirectionsUnused {
                directions: self.directions.name(),
                algorithm: self.algorithm.name(),
                allowed: taken.iter().map(|d| d.name()).collect(),
            });
        }
        if let Some(taken) = only.topology.filter(|taken| !taken.contains(&self.tiling)) {
            return Err(OptionsError::TopologyUnused {
                topology: self.tiling.name(),
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
                    algorithm: self.algorithm.name(),
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
            self.topology().overestimate(h).or_else(|| {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Algorithm;

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
