//! Going back: each recorded step is undone from its own record, in time proportional to
//! what it changed, so a timeline can be scrubbed anywhere.

use super::{Search, Status, OPEN};

impl Search {
    /// Undoes the last recorded step exactly. `false` at the beginning, or where the steps
    /// before were taken by [`Search::run`], which records nothing.
    pub fn step_back(&mut self) -> bool {
        let Some((record, changes)) = self.history.pop() else {
            return false;
        };
        // Undo the neighbours' changes newest first, then put the popped node back.
        for change in changes.iter().rev() {
            let c = change.cell as usize;
            match change.old_key {
                Some(key) => self.open.update(change.cell, key),
                None => {
                    self.open.remove(change.cell);
                    self.visited.pop();
                }
            }
            self.g[c] = change.old_g;
            self.record[c] = change.old_record;
            self.counters.generated -= 1;
        }
        if let Some((cell, key)) = record.popped {
            if self.status == Status::Found {
                self.path.clear();
            } else {
                self.counters.expanded -= 1;
            }
            self.set_state(cell, OPEN);
            self.open.push(cell, key);
        }
        self.status = Status::Running;
        self.current = record.prev_current;
        self.counters.max_open = record.prev_max_open;
        self.next_order = record.prev_next_order;
        self.counters.steps -= 1;
        true
    }
}
