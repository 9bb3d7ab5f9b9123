//! A* from scratch wherever sensing changed the known map, path or not: repeated A*, which
//! replans whenever the agent learns something.

use crate::finder::repairing::CellEdit;
use crate::geometry::grid::Grid;
use crate::geometry::topology::Topology;
use crate::vocabulary::agent::PlannerKind;

use super::from_scratch::{FromScratch, Held, ReplanRule};

pub(super) type AStarOnEveryChange = FromScratch<OnEveryChange>;

pub(super) struct OnEveryChange;

impl ReplanRule for OnEveryChange {
    const KIND: PlannerKind = PlannerKind::AStarOnEveryChange;

    fn must_replan(
        _: Option<Held<'_>>,
        _: &Grid,
        _: &dyn Topology,
        changes: &[CellEdit],
        _: bool,
    ) -> bool {
        !changes.is_empty()
    }
}
