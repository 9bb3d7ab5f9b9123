//! Going back: each recorded step is undone from its own record, in time proportional to
//! what it changed, so a timeline can be scrubbed anywhere.

use super::shared::StepStart;
use super::Search;
use crate::finder::key::{cell_of, Key};
use crate::vocabulary::record::{NO_PARENT, UNVISITED};

impl Search {
    /// Undoes the last recorded step exactly. `false` at the beginning, or where the steps
    /// before were taken by [`Search::run`], which records nothing.
    pub fn step_back(&mut self) -> bool {
        let Some((record, improvements)) = self.history.pop() else {
            return false;
        };
        // Undo the neighbours' changes, then put the popped node back. Each neighbour was
        // changed once, so the order among them does not matter.
        let mut undone = 0;
        for change in improvements {
            let c = change.cell as usize;
            self.open.update(change.cell, change.old_key.into());
            self.g[c] = change.old_g;
            self.record[c] = change.old_record;
            if let Some(parent) = self.parents.get_mut(c) {
                *parent = change.old_parent;
            }
            undone += 1;
        }
        for cell in self.visited.drain(record.opened_from as usize..) {
            self.open.remove(cell);
            self.g[cell as usize] = f64::INFINITY;
            self.record[cell as usize] = UNVISITED;
            if let Some(parent) = self.parents.get_mut(cell as usize) {
                *parent = NO_PARENT;
            }
            undone += 1;
        }
        let popped = record.popped.map(Key::from);
        if let Some(sight) = self.sight_history.pop() {
            self.sight_checks = sight.prev_sight_checks;
            if let Some(key) = popped {
                let c = cell_of(key) as usize;
                self.parents[c] = sight.popped_parent;
                self.g[c] = sight.popped_g;
            }
        }
        self.counters.generated -= undone;
        // Each change took one entry order.
        self.next_order -= undone;
        let popped = popped.map(|key| (cell_of(key), key));
        StepStart {
            status: &mut self.status,
            path: &mut self.path,
            counters: &mut self.counters,
            open: &mut self.open,
            record: &mut self.record,
            current: &mut self.current,
        }
        .put_back(popped, record.prev_current, record.prev_max_open);
        true
    }
}
