//! A* from scratch wherever sensing changed the known map, path or not: repeated A*, which
//! replans whenever the agent learns something.

use crate::dynamic::incremental::CellEdit;
use crate::geometry::grid::Grid;
use crate::geometry::movement::Movement;

use super::from_scratch::{FromScratch, Held, ReplanRule};
use super::PlannerKind;

pub(super) type AStarOnEveryChange = FromScratch<OnEveryChange>;

pub(super) struct OnEveryChange;

impl ReplanRule for OnEveryChange {
    const KIND: PlannerKind = PlannerKind::AStarOnEveryChange;

    fn must_replan(
        _: Option<Held<'_>>,
        _: &Grid,
        _: &Movement,
        changes: &[CellEdit],
        _: bool,
    ) -> bool {
        !changes.is_empty()
    }
}
