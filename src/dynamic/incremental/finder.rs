//! LPA* and D* Lite behind the stepwise `Finder` interface and its `Repairing`
//! capability, and the queue as the page shows it.

use crate::checks::search_error::SearchError;
use crate::finder::partway::partway;
use crate::finder::repairing::{CellEdit, QueuedKey, RepairError, Repairing};
use crate::finder::{Basics, Finder};
use crate::geometry::grid::{Grid, Point};
use crate::vocabulary::events::{NodeValues, StepEvent};
use crate::vocabulary::status::{Counters, FinderInfo, Status};

use super::compute::Taken;
use super::entry::{Entry, EntryKind};
use super::key::TwoPartKey;
use super::{Incremental, Variant};

impl Incremental {
    /// A queued cell's key, in display units.
    pub fn key_of(&self, cell: u32) -> Option<[f64; 2]> {
        let scale = self.cost_scale();
        self.open
            .key_of(cell)
            .map(|k| [k.k1_units() / scale, k.k2_units() / scale])
    }

    /// The first `k` queued cells in the order they will be taken, with their keys.
    pub fn queue(&self, k: usize) -> Vec<QueuedKey> {
        (self.open.peek_sorted(k).into_iter())
            .map(|(cell, key)| self.queued(cell, key))
            .collect()
    }

    /// The first `k` queued cells partway through the next step, for line-by-line stepping:
    /// only the first `made` of the cells it changes changed, in the order its journal saved
    /// them (the vertex taken first: `U.Remove(u)` is the first change). `None` once the
    /// search has ended, and while whole repairs are logged (a walk's planner).
    pub fn queue_partway(&mut self, made: usize, k: usize) -> Option<Vec<QueuedKey>> {
        if !self.logs_steps() {
            return None;
        }
        self.step()?;
        let changes: Vec<_> = (self.journal.last_changes().iter())
            .map(|c| (c.cell, c.key()))
            .collect();
        let after = (self.open.peek_sorted(k + changes.len()).into_iter())
            .map(|(cell, key)| (cell, key, self.queued(cell, key)))
            .collect();
        self.step_back();
        Some(partway(after, &changes, made, k, &|cell, key| {
            self.queued(cell, key)
        }))
    }

    /// A queued cell with its key, in display units.
    fn queued(&self, cell: u32, key: TwoPartKey) -> QueuedKey {
        let scale = self.cost_scale();
        let p = self.graph.point(cell);
        QueuedKey {
            x: p.x,
            y: p.y,
            k1: key.k1_units() / scale,
            k2: key.k2_units() / scale,
            g: self.g[cell as usize] / scale,
            rhs: self.rhs[cell as usize] / scale,
        }
    }
}

impl Finder for Incremental {
    /// One step with an event describing it; `None` once the search has ended.
    // Neither is inlined into `queue_partway`, their other caller: one copy each in the
    // page's engine.
    #[inline(never)]
    fn step(&mut self) -> Option<StepEvent> {
        let taken = self.take_step()?;
        let step = self.s.counters.steps;
        Some(match taken {
            Taken::Vertex {
                cell,
                key,
                action,
                updated,
            } => StepEvent::VertexTaken {
                step,
                node: self.values(cell),
                rhs: self.rhs[cell as usize] / self.cost_scale(),
                key: [
                    key.k1_units() / self.cost_scale(),
                    key.k2_units() / self.cost_scale(),
                ],
                action,
                updated: self.graph.points(updated.into_iter()),
            },
            Taken::Finished => match self.path_cost() {
                Some(cost) => StepEvent::GoalReached {
                    step,
                    node: self.values(self.target()),
                    cost,
                    steps: self.path().len() as u32 - 1,
                    sight: Vec::new(),
                },
                None => StepEvent::NoPath { step },
            },
        })
    }

    /// Undoes the last step exactly; `false` at the beginning or just after a batch of
    /// changes or a move of the start (see [`Incremental::undo_change`]).
    #[inline(never)]
    fn step_back(&mut self) -> bool {
        match self.journal.last() {
            Some(Entry {
                kind: EntryKind::Step,
                ..
            }) => {
                self.undo_entry();
                true
            }
            _ => false,
        }
    }

    /// Takes up to `n` steps; returns how many were taken.
    fn advance(&mut self, n: u32) -> u32 {
        let mut taken = 0;
        while taken < n && self.take_step().is_some() {
            taken += 1;
        }
        taken
    }

    /// Runs to the end as fast as possible, logging nothing: what came before can no
    /// longer be undone.
    fn run(&mut self) -> Status {
        self.clear_log();
        let recording = std::mem::replace(&mut self.recording, false);
        while self.take_step().is_some() {}
        self.recording = recording;
        self.s.status
    }

    /// Starts again from scratch between new endpoints on the grid as edited.
    fn restart(&mut self, start: Point, goal: Point) -> Result<(), SearchError> {
        *self = Incremental::new(
            self.graph.grid.clone(),
            start,
            goal,
            self.options,
            self.variant,
        )?;
        Ok(())
    }

    fn basics(&self) -> Basics<'_> {
        Basics::of_cells(
            &self.graph.grid,
            &self.options,
            &self.marks,
            self.s.status,
            self.s.total_steps,
            self.s.current,
        )
    }

    /// `expanded`: vertices whose g changed (over- or under-consistent); steps also count
    /// the requeued vertices and the end test.
    fn counters(&self) -> Counters {
        Counters {
            open: self.open.len() as u32,
            ..self.s.counters
        }
    }

    fn records(&self) -> &[u8] {
        &self.record
    }

    fn g_values(&self) -> &[f64] {
        &self.g
    }

    /// k1 is a cost, like g and h.
    fn priority_scale(&self) -> f64 {
        self.cost_scale()
    }

    /// A cell's h (toward the target: the goal for LPA*, the start for D* Lite) and k1 in
    /// units: the key it is queued under, else the one it would get; `INFINITY` where g and
    /// rhs are.
    fn estimates(&self, cell: u32) -> (f64, f64) {
        let c = cell as usize;
        let h = self.h(cell);
        let k1 = match self.open.key_of(cell) {
            Some(key) => key.k1_units(),
            None => self.g[c].min(self.rhs[c]) + h + self.s.k_m,
        };
        (h, k1)
    }

    /// Cells the last recorded step or change touched.
    fn touched(&self) -> Vec<Point> {
        let changes = self.journal.last_changes();
        let mut cells: Vec<u32> = changes.iter().map(|c| c.cell).collect();
        cells.sort_unstable();
        cells.dedup();
        self.graph.points(cells.into_iter())
    }

    /// The first `k` queued cells in pop order, F being k1.
    fn open_list(&self, k: usize) -> Vec<NodeValues> {
        self.open
            .peek_sorted(k)
            .into_iter()
            .map(|(cell, _)| self.values(cell))
            .collect()
    }

    /// Cell indices from the start to the goal, once found.
    fn path(&self) -> &[u32] {
        self.path.get_or_init(|| self.extracted_path())
    }

    /// The path's cost in display units: g of the target.
    /// The neighbour a cell's rhs comes through: its predecessor on a shortest path from
    /// the start (LPA*), its successor on one to the goal (D* Lite).
    fn parent_at(&self, cell: u32) -> Option<u32> {
        self.graph.parent(cell, self.record[cell as usize])
    }

    fn repairing(&self) -> Option<&dyn Repairing> {
        Some(self)
    }

    fn repairing_mut(&mut self) -> Option<&mut dyn Repairing> {
        Some(self)
    }

    fn info(&self) -> FinderInfo {
        FinderInfo {
            k_m: (self.variant == Variant::DStarLite).then(|| self.s.k_m / self.cost_scale()),
            repair_expanded: Some(self.repair_expanded()),
            from_scratch_expanded: Some(self.from_scratch_expanded()),
            ..FinderInfo::default()
        }
    }
}

/// What the page asks of a search that repairs itself, answered by the methods of the
/// files beside this one.
impl Repairing for Incremental {
    fn rhs_values(&self) -> &[f64] {
        Incremental::rhs_values(self)
    }

    fn key_of(&self, cell: u32) -> Option<[f64; 2]> {
        Incremental::key_of(self, cell)
    }

    fn queue(&self, k: usize) -> Vec<QueuedKey> {
        Incremental::queue(self, k)
    }

    fn queue_partway(&mut self, made: usize, k: usize) -> Option<Vec<QueuedKey>> {
        Incremental::queue_partway(self, made, k)
    }

    fn apply_edits(&mut self, edits: &[CellEdit]) -> Result<usize, RepairError> {
        Incremental::apply_edits(self, edits)
    }

    fn move_start(&mut self, to: Point) -> Result<(), RepairError> {
        Incremental::move_start(self, to)
    }

    fn repair_to(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
    ) -> Result<Option<usize>, RepairError> {
        Incremental::repair_to(self, grid, start, goal)
    }
}
