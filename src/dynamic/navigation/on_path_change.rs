//! A* from scratch wherever what was sensed changed the path: the laziest correct baseline.
//! Seen cells only ever get dearer, unknown ground being the cheapest there is, so a path
//! whose own moves did not change is still a shortest one; only a real map changed under
//! the agent's eyes makes a seen cell cheaper, and then it searches again too.

use crate::finder::repairing::CellEdit;
use crate::geometry::grid::Grid;
use crate::geometry::topology::{self, Topology};
use crate::vocabulary::agent::PlannerKind;

use super::from_scratch::{FromScratch, Held, ReplanRule};

pub(super) type AStarOnPathChange = FromScratch<OnPathChange>;

pub(super) struct OnPathChange;

impl ReplanRule for OnPathChange {
    const KIND: PlannerKind = PlannerKind::AStar;

    fn must_replan(
        held: Option<Held<'_>>,
        known: &Grid,
        topology: &dyn Topology,
        changes: &[CellEdit],
        cheaper: bool,
    ) -> bool {
        match held {
            None => !changes.is_empty(),
            Some(held) => cheaper || changes_path(topology, known, held, changes),
        }
    }
}

/// Whether the changes just sensed touch the rest of the plan: a cell of it changed terrain
/// (its cost or passability), or a move of it is no longer legal (a wall now beside a
/// diagonal).
fn changes_path(
    topology: &dyn Topology,
    known: &Grid,
    held: Held<'_>,
    changes: &[CellEdit],
) -> bool {
    let rest = held.rest();
    let legal_move = |i: usize| {
        let (p, q) = (
            known.point(rest[i] as usize),
            known.point(rest[i + 1] as usize),
        );
        let moves = topology.moves();
        topology::indices(topology.legal_moves(known, p)).any(|m| {
            p.x.wrapping_add_signed(moves[m].dx) == q.x
                && p.y.wrapping_add_signed(moves[m].dy) == q.y
        })
    };
    changes.iter().any(|change| {
        // The agent's own cell is not ahead of it.
        if held.on_rest(known.index(change.at)).is_some_and(|i| i > 0) {
            return true;
        }
        let reach = topology.change_reach();
        known.within(change.at, reach).any(|around| {
            held.on_rest(around as usize)
                .is_some_and(|i| i + 1 < rest.len() && !legal_move(i))
        })
    })
}
