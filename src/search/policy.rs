//! The best-first loop's policy, read from a finder's catalogue entry: the priority that
//! orders its open list and the rule that breaks ties. Every catalogue value is matched
//! without a catch-all, so a priority or tie rule the loop has no code for builds no search
//! (and fails the tests below), never runs as A*. Jump Point Search and each side of a
//! bidirectional search queue their nodes by the same policy.

use crate::catalogue::{FinderEntry, Priority, Ties};
use crate::checks::search_error::SearchError;
use crate::finder::key::{KeyFields, KeyLayout};
use crate::geometry::grid::{Grid, Point, MAX_WEIGHT};
use crate::geometry::topology::Neighbourhood;
use crate::options::{SearchOptions, TieBreak};

/// What a node is queued by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rank {
    /// F = G + w*H.
    WeightedF,
    G,
    H,
    /// Moves from the start.
    Moves,
}

/// The value that breaks ties on the rank, or none (the entry order decides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TieValue {
    H,
    G,
    /// The entry order alone, newest or oldest first as the tie-break option says.
    EntryOrder,
    /// The entry order alone, oldest first whatever the options.
    FirstIn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Policy {
    pub rank: Rank,
    pub ties: TieValue,
}

impl Policy {
    /// The policy an entry states; refused when the loop cannot order by its priority or
    /// break ties by its rule.
    pub(crate) fn of(entry: &FinderEntry) -> Result<Policy, SearchError> {
        let refused = SearchError::OwnFinder {
            algorithm: entry.id.name(),
        };
        let rank = match entry.priority {
            Priority::F => Rank::WeightedF,
            Priority::G => Rank::G,
            Priority::H => Rank::H,
            Priority::Moves => Rank::Moves,
            Priority::Key => return Err(refused),
        };
        let ties = match entry.ties {
            Ties::ByH => TieValue::H,
            Ties::ByG => TieValue::G,
            Ties::ByEntryOrder => TieValue::EntryOrder,
            Ties::FirstIn => TieValue::FirstIn,
            Ties::NoOpenList => return Err(refused),
        };
        Ok(Policy { rank, ties })
    }

    /// The priority of a node with cost `g`, estimate `h` and `depth` moves from the start.
    #[inline(always)]
    pub fn priority(self, g: f64, h: f64, weight: f64, depth: impl FnOnce() -> u32) -> f64 {
        match self.rank {
            Rank::WeightedF => g + weight * h,
            Rank::G => g,
            Rank::H => h,
            Rank::Moves => f64::from(depth()),
        }
    }

    /// The value that breaks ties on the priority (see [`Policy::key_layout`]).
    #[inline(always)]
    pub fn tie(self, g: f64, h: f64) -> f64 {
        match self.ties {
            TieValue::H => h,
            TieValue::G => g,
            TieValue::EntryOrder | TieValue::FirstIn => 0.0,
        }
    }

    /// Whether a node is queued by its moves from the start: a first-in, first-out search
    /// that keeps the first parent it finds.
    pub fn counts_moves(self) -> bool {
        self.rank == Rank::Moves
    }

    /// The key layout of a search: fields as wide as its values can grow.
    ///
    /// Ties on the priority are broken by G, as chosen, through the tie value: H for
    /// F = G + w*H with w > 0 (with w = 0 equal F means equal G, and the entry order
    /// decides); G itself for a priority of H alone.
    pub fn key_layout(
        self,
        options: &SearchOptions,
        grid: &Grid,
        neighbourhood: &Neighbourhood,
    ) -> KeyLayout {
        let cells = grid.cell_count();
        // A path enters each cell at most once; heuristics are whole units and grow with
        // distance.
        let max_g = cells as f64 * neighbourhood.steepest() * f64::from(MAX_WEIGHT);
        let far_corner = Point::new(
            grid.width().saturating_sub(1),
            grid.height().saturating_sub(1),
        );
        let max_h = neighbourhood.estimate(Point::new(0, 0), far_corner);
        let weight = options.weight;
        // Segments of any angle cost fractions of a unit.
        let whole_costs =
            (0..neighbourhood.count()).all(|i| neighbourhood.step_cost(i).fract() == 0.0);
        let (max_priority, whole) = match self.rank {
            Rank::G => (max_g, true),
            Rank::H => (max_h, true),
            Rank::Moves => (cells as f64, true),
            Rank::WeightedF => (max_g + weight * max_h, weight.fract() == 0.0),
        };
        let by_g = matches!(options.tie_break, TieBreak::LargerG | TieBreak::SmallerG);
        let (max_tie, larger_tie_first) = match self.ties {
            TieValue::H if by_g && weight > 0.0 => (max_h, options.tie_break == TieBreak::SmallerG),
            TieValue::G if by_g => (max_g, options.tie_break == TieBreak::LargerG),
            TieValue::H | TieValue::G | TieValue::EntryOrder | TieValue::FirstIn => (0.0, false),
        };
        let newest_first = match self.ties {
            TieValue::FirstIn => false,
            TieValue::H | TieValue::G | TieValue::EntryOrder => {
                matches!(options.tie_break, TieBreak::LargerG | TieBreak::LastIn)
            }
        };
        // Step costs are whole units, so G and every whole-number priority are exact in an
        // f64.
        KeyLayout::new(KeyFields {
            max_whole_priority: (whole && whole_costs && max_priority < KeyLayout::WHOLE_LIMIT)
                .then_some(max_priority),
            max_tie,
            larger_tie_first,
            newest_first,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Family, FINDERS};

    /// Every finder the best-first loop runs, Jump Point Search and the bidirectional
    /// searches, which queue by the same policy, states one the loop supports.
    #[test]
    fn every_finder_queued_by_the_policy_states_one_the_loop_supports() {
        for entry in &FINDERS {
            let queued_by_policy = match entry.family {
                Family::BestFirst
                | Family::JumpPoint
                | Family::Bidirectional
                | Family::AnyAngle => true,
                Family::IterativeDeepening | Family::Incremental => false,
            };
            assert_eq!(
                Policy::of(entry).is_ok(),
                queued_by_policy,
                "{}: {:?} with {:?}",
                entry.id,
                entry.priority,
                entry.ties
            );
        }
    }

    /// A finder whose ties go first in, first out takes no tie-break; the others do.
    #[test]
    fn the_tie_rule_and_the_tie_break_option_agree() {
        for entry in &FINDERS {
            let fixed = matches!(entry.ties, Ties::FirstIn | Ties::NoOpenList);
            assert_eq!(entry.options.tie_break, !fixed, "{}", entry.id);
        }
    }

    /// The policies of the four best-first finders, as their names promise.
    #[test]
    fn the_best_first_finders_rank_and_break_ties_as_named() {
        use crate::options::Algorithm;
        let policy = |algorithm: Algorithm| Policy::of(algorithm.entry()).unwrap();
        let expected = [
            (Algorithm::AStar, Rank::WeightedF, TieValue::H),
            (Algorithm::Dijkstra, Rank::G, TieValue::EntryOrder),
            (Algorithm::Greedy, Rank::H, TieValue::G),
            (Algorithm::BreadthFirst, Rank::Moves, TieValue::FirstIn),
        ];
        for (algorithm, rank, ties) in expected {
            assert_eq!(policy(algorithm), Policy { rank, ties }, "{algorithm}");
        }
        let a_star = policy(Algorithm::AStar);
        assert_eq!(a_star.priority(30.0, 14.0, 2.0, || 0), 58.0);
        assert_eq!(
            policy(Algorithm::BreadthFirst).priority(30.0, 14.0, 1.0, || 3),
            3.0
        );
        assert_eq!(policy(Algorithm::Greedy).tie(30.0, 14.0), 30.0);
        assert_eq!(a_star.tie(30.0, 14.0), 14.0);
    }
}
