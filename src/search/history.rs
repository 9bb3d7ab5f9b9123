//! The undo log of a search: for each step, what it popped and what it changed, so that
//! `step_back` costs time proportional to that step alone.
//!
//! A cell a step opened needs no entry of its own: it was unvisited before (no G, no parent,
//! not on the open list), and the search's list of opened cells holds it in order. Only
//! improved cells keep their old values here, so recording a whole search costs little more
//! than running it.

use crate::finder::key::Key;

/// One step's record.
#[derive(Clone, Copy, Debug)]
pub struct StepRecord {
    /// The key taken from the open list, its cell in the low bits (`None`: the list was
    /// empty).
    pub popped: Option<Key>,
    pub prev_current: u32,
    pub prev_max_open: u32,
    /// Where the step's entries start in [`History::improved`].
    pub improved_from: u32,
    /// Where the cells the step opened start in the search's list of opened cells.
    pub opened_from: u32,
}

/// An open cell's values before a step lowered its G.
#[derive(Clone, Copy, Debug)]
pub struct Improvement {
    pub old_key: Key,
    pub old_g: f64,
    pub cell: u32,
    /// Its state and parent (see `Search::records`).
    pub old_record: u8,
}

#[derive(Clone, Debug, Default)]
pub struct History {
    steps: Vec<StepRecord>,
    improved: Vec<Improvement>,
}

impl History {
    /// Opens the record of a new step, made once its node is popped: one write of the
    /// whole record per step.
    pub fn record_step(&mut self, record: StepRecord) {
        self.steps.push(record);
    }

    /// Where the improvements of a step that starts now will begin.
    pub fn improvement_count(&self) -> u32 {
        self.improved.len() as u32
    }

    pub fn push_improvement(&mut self, improvement: Improvement) {
        self.improved.push(improvement);
    }

    /// Removes the last step's record; its improvements follow from
    /// [`History::pop_improvement`].
    pub fn pop(&mut self) -> Option<StepRecord> {
        self.steps.pop()
    }

    /// The newest improvement of the step whose record says `from`, removed.
    pub fn pop_improvement(&mut self, from: u32) -> Option<Improvement> {
        if self.improved.len() > from as usize {
            self.improved.pop()
        } else {
            None
        }
    }

    pub fn last(&self) -> Option<&StepRecord> {
        self.steps.last()
    }

    /// The improvements of the last step.
    pub fn last_improvements(&self) -> &[Improvement] {
        self.steps
            .last()
            .map_or(&[], |r| &self.improved[r.improved_from as usize..])
    }

    pub fn clear(&mut self) {
        self.steps.clear();
        self.improved.clear();
    }
}
