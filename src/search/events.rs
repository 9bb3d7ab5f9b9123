//! The event form of a step: what a person is told happened at the expanded node and at
//! each of its neighbours, in the values shown in the cells.

use super::Search;
use crate::finder::relaxation::{self, Seen};
use crate::finder::Finder;
use crate::geometry::grid::Point;
use crate::vocabulary::events::{Neighbour, Outcome, StepEvent};

/// How many of the nodes an expanded node tied with its event names.
pub const NAMED_TIES: usize = 5;

impl Search {
    /// One step, recorded for `step_back`, with an event describing it; `None` once finished.
    pub fn step(&mut self) -> Option<StepEvent> {
        let mut neighbours = Vec::with_capacity(self.neighbourhood.count());
        let mut report = |search: &Search, from: Point, move_index: usize, seen: Seen| {
            neighbours.push(search.neighbour(from, move_index, seen));
        };
        let popped = self.take_step::<true, true>(&mut report)?;
        let mut event = relaxation::step_event(self, popped, |step, node| StepEvent::Expanded {
            step,
            node,
            neighbours,
            ties: (self.ties.iter().take(NAMED_TIES))
                .map(|&(_, cell)| self.values(cell))
                .collect(),
            tied: self.ties.len() as u32,
            sight: Vec::new(),
            reparent: self.reparent.map(|cell| self.grid.point(cell as usize)),
        });
        // Lazy Theta* tests the goal's parent as the goal is taken, too.
        if let StepEvent::Expanded { sight, .. } | StepEvent::GoalReached { sight, .. } = &mut event
        {
            *sight = std::mem::take(&mut self.sight_tests);
        }
        Some(event)
    }

    /// The event form of what the loop saw at the neighbour reached by the `move_index`-th
    /// move from `from`.
    fn neighbour(&self, from: Point, move_index: usize, seen: Seen) -> Neighbour {
        let values = |cell| self.values(cell);
        let mut neighbour = relaxation::neighbour(
            &self.grid,
            from,
            self.neighbourhood.move_of(move_index),
            seen,
            values,
            self.cost_scale(),
        );
        // An any-angle parent need not be the node expanded.
        if let Outcome::Opened { parent, .. } | Outcome::Improved { parent, .. } =
            &mut neighbour.outcome
        {
            let cell = self.neighbourhood.neighbour(self.current, move_index);
            if let Some(p) = self.parents.get(cell as usize) {
                *parent = self.grid.point(*p as usize);
            }
        }
        neighbour
    }
}
