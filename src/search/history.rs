//! The undo log of a search: for each step, what it popped and what it changed, so that
//! `step_back` costs time proportional to that step alone.

use crate::key::Key;

/// One step's record. Its neighbour changes are `History::changes[changes_from..]` up to the
/// next step's `changes_from`.
#[derive(Clone, Debug)]
pub struct StepRecord {
    /// The node taken from the open list with its key (`None`: the list was empty).
    pub popped: Option<(u32, Key)>,
    pub prev_current: u32,
    pub prev_max_open: u32,
    pub prev_next_order: u32,
    pub changes_from: usize,
}

/// A neighbour's values before a step opened it (`old_key` = `None`) or improved it.
#[derive(Clone, Copy, Debug)]
pub struct Change {
    pub cell: u32,
    pub old_g: f64,
    /// Its state and parent (see `Search::records`).
    pub old_record: u8,
    pub old_key: Option<Key>,
}

#[derive(Clone, Debug, Default)]
pub struct History {
    steps: Vec<StepRecord>,
    changes: Vec<Change>,
}

impl History {
    /// Opens the record of a new step with the values it may change.
    pub fn begin(&mut self, current: u32, max_open: u32, next_order: u32) {
        self.steps.push(StepRecord {
            popped: None,
            prev_current: current,
            prev_max_open: max_open,
            prev_next_order: next_order,
            changes_from: self.changes.len(),
        });
    }

    pub fn set_popped(&mut self, cell: u32, key: Key) {
        if let Some(last) = self.steps.last_mut() {
            last.popped = Some((cell, key));
        }
    }

    pub fn push_change(&mut self, change: Change) {
        self.changes.push(change);
    }

    /// Removes the last step's record and returns it with its changes.
    pub fn pop(&mut self) -> Option<(StepRecord, Vec<Change>)> {
        let record = self.steps.pop()?;
        let changes = self.changes.split_off(record.changes_from);
        Some((record, changes))
    }

    pub fn last_changes(&self) -> &[Change] {
        self.steps
            .last()
            .map_or(&[], |r| &self.changes[r.changes_from..])
    }

    pub fn clear(&mut self) {
        self.steps.clear();
        self.changes.clear();
    }
}
