//! A* from scratch as the agent's planner: a search from the agent's cell over the map as
//! known, kept as a plan the agent walks and made again where a [`ReplanRule`] says what
//! was sensed asks for it. The baselines D* Lite is measured against differ only in that
//! rule (see `on_path_change` and `on_every_change`).
//!
//! A walk that steps back shows the search of each move again: A* is deterministic, so the
//! search on show is kept as its origin and what the known map learned since it was made,
//! and made again from those.

use std::marker::PhantomData;
use std::sync::Arc;

use crate::checks::search_error::SearchError;
use crate::finder::journal::Journal;
use crate::finder::repairing::CellEdit;
use crate::finder::Finder;
use crate::geometry::grid::{Grid, Point, WALL};
use crate::geometry::topology::Topology;
use crate::options::{Algorithm, SearchOptions};
use crate::search::Search;
use crate::vocabulary::agent::PlannerKind;
use crate::vocabulary::status::Status;

use super::planner::Planner;

/// When A* from scratch searches again.
pub(super) trait ReplanRule {
    const KIND: PlannerKind;

    /// Whether `changes`, just learned (the known map is `known` now), ask for a new plan
    /// in place of `held` (`None`: there is no path to hold); `cheaper` when one of them
    /// made a seen cell cheaper.
    fn must_replan(
        held: Option<Held<'_>>,
        known: &Grid,
        topology: &dyn Topology,
        changes: &[CellEdit],
        cheaper: bool,
    ) -> bool;
}

/// A plan: a path of the known map from where it was made.
#[derive(Clone, Debug)]
struct Plan {
    path: Vec<u32>,
    /// The agent's index on `path`.
    at: usize,
}

/// The plan held, as a rule reads it.
#[derive(Clone, Copy)]
pub(super) struct Held<'a> {
    plan: &'a Plan,
    /// Each cell's index on the plan (`u32::MAX` off it).
    index: &'a [u32],
}

impl Held<'_> {
    /// The cells from the agent's to the goal.
    pub fn rest(&self) -> &[u32] {
        &self.plan.path[self.plan.at..]
    }

    /// The index on the rest of the plan of `cell`, one of its cells.
    pub fn on_rest(&self, cell: usize) -> Option<usize> {
        let i = self.index[cell];
        (i != u32::MAX && i as usize >= self.plan.at).then(|| i as usize - self.plan.at)
    }
}

/// A cell of the known map and the terrain it had before the agent learned otherwise.
type Learned = (Point, u8);

/// Enough to make the search on show again: A* from `origin` over the known map as it is
/// with the changes `since` put back.
#[derive(Clone, Debug)]
struct Shown {
    origin: Point,
    since: Vec<Learned>,
}

/// What undoing a move puts back besides the cells the known map learned in it.
#[derive(Clone, Debug)]
struct MoveRecord {
    /// The plan before the move.
    plan: Option<Plan>,
    /// How many changes the search on show had learned since it was made, before the move.
    since: usize,
    /// The search on show before the move, when the move searched again.
    replaced: Option<Shown>,
}

pub(super) struct FromScratch<R> {
    search: Search,
    /// The moves the agent makes and the search plans with.
    topology: Arc<dyn Topology>,
    plan: Option<Plan>,
    /// The cells' indices on the plan, kept between plans (cleared path by path).
    index: Vec<u32>,
    shown: Shown,
    /// Each move kept, with what the known map learned in it, in order.
    journal: Journal<MoveRecord, Learned>,
    remembering: bool,
    rule: PhantomData<R>,
}

impl<R: ReplanRule> FromScratch<R> {
    /// A* from `start` to `goal` on `known`, searched: with its expansions.
    pub fn new(
        known: Grid,
        start: Point,
        goal: Point,
        options: SearchOptions,
    ) -> Result<(FromScratch<R>, u32), SearchError> {
        let options = SearchOptions {
            algorithm: Algorithm::AStar,
            ..options
        };
        let cells = known.cell_count();
        let mut planner = FromScratch {
            search: Search::new(known, start, goal, options)?,
            topology: options.topology(),
            plan: None,
            index: vec![u32::MAX; cells],
            shown: Shown {
                origin: start,
                since: Vec::new(),
            },
            journal: Journal::new(),
            remembering: false,
            rule: PhantomData,
        };
        let expanded = planner.plan();
        Ok((planner, expanded))
    }

    /// A* from scratch from the origin of the search on show (set just before): the plan
    /// (`None`: no path), with its cells' indices in `index`; the expansions.
    fn plan(&mut self) -> u32 {
        self.set_plan(None);
        let goal = self.search.goal();
        if self.search.restart(self.shown.origin, goal).is_err() {
            // The origin is ground the agent stands on, the goal its own.
            return 0;
        }
        let found = self.search.run() == Status::Found;
        let plan = found.then(|| Plan {
            path: self.search.path().to_vec(),
            at: 0,
        });
        self.set_plan(plan);
        self.search.counters().expanded
    }

    /// The plan becomes `plan`, its cells' indices written in place of the old one's.
    fn set_plan(&mut self, plan: Option<Plan>) {
        for &cell in self.plan.iter().flat_map(|p| &p.path) {
            self.index[cell as usize] = u32::MAX;
        }
        for (i, &cell) in plan.iter().flat_map(|p| p.path.iter().enumerate()) {
            self.index[cell as usize] = i as u32;
        }
        self.plan = plan;
    }

    /// Puts the last move kept back: what the known map learned in it, its plan, and,
    /// when it searched again, the search on show before it (made again: A* is
    /// deterministic).
    fn undo_move(&mut self) {
        let Some((record, learned)) = self.journal.pop() else {
            return;
        };
        for (at, old) in learned {
            let _ = self.search.set_terrain(at, old);
        }
        let Some(shown) = record.replaced else {
            self.shown.since.truncate(record.since);
            self.set_plan(record.plan);
            return;
        };
        // The known map as that search saw it, the search, then the map as it is.
        let now: Vec<Learned> = (shown.since.iter().rev())
            .map(|&(at, old)| {
                let terrain = self.search.grid().terrain()[self.search.grid().index(at)];
                let _ = self.search.set_terrain(at, old);
                (at, terrain)
            })
            .collect();
        self.shown = shown;
        self.plan();
        for &(at, terrain) in now.iter().rev() {
            let _ = self.search.set_terrain(at, terrain);
        }
        self.set_plan(record.plan);
    }
}

impl<R: ReplanRule> Planner for FromScratch<R> {
    fn kind(&self) -> PlannerKind {
        R::KIND
    }

    /// A*'s latest search from scratch.
    fn shown(&self) -> &dyn Finder {
        &self.search
    }

    fn path(&self) -> &[u32] {
        self.plan.as_ref().map_or(&[], |p| &p.path[p.at..])
    }

    /// Summed exactly as every finder reports a path's cost.
    fn path_cost(&self) -> Option<f64> {
        let options = self.search.options();
        (self.plan.as_ref()).map(|p| options.path_cost(self.search.grid(), &p.path[p.at..]))
    }

    fn take_next(&mut self) -> Option<u32> {
        let plan = self.plan.as_mut().filter(|p| p.at + 1 < p.path.len())?;
        plan.at += 1;
        Some(plan.path[plan.at])
    }

    /// Learns the changes, and searches again from scratch from `at` if the rule says so.
    fn learn(&mut self, at: Point, changes: &[CellEdit]) -> Option<u32> {
        let mut cheaper = false;
        for change in changes {
            // On the grid: the known map has the world's size.
            if let Ok(old) = self.search.set_terrain(change.at, change.terrain) {
                // Unknown ground is the cheapest there is, so only a real map changed under
                // the agent's eyes makes a seen cell cheaper.
                cheaper |= old == WALL || (change.terrain != WALL && change.terrain < old);
                self.shown.since.push((change.at, old));
                if self.remembering {
                    self.journal.record((change.at, old));
                }
            }
        }
        let held = (self.plan.as_ref()).map(|plan| Held {
            plan,
            index: &self.index,
        });
        let known = self.search.grid();
        if !R::must_replan(held, known, &*self.topology, changes, cheaper) {
            return None;
        }
        let shown = Shown {
            origin: at,
            since: Vec::new(),
        };
        let mut before = std::mem::replace(&mut self.shown, shown);
        if let (true, Some(record)) = (self.remembering, self.journal.last_mut()) {
            // What this move learned is put back on its own.
            before.since.truncate(record.since);
            record.replaced.get_or_insert(before);
        }
        Some(self.plan())
    }

    fn remember_moves(&mut self) {
        self.remembering = true;
    }

    fn checkpoint(&mut self) -> usize {
        let checkpoint = self.journal.checkpoint();
        self.journal.begin(MoveRecord {
            plan: self.plan.clone(),
            since: self.shown.since.len(),
            replaced: None,
        });
        checkpoint
    }

    fn undo_to(&mut self, checkpoint: usize) {
        while self.journal.checkpoint() > checkpoint {
            self.undo_move();
        }
    }
}
