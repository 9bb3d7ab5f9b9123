//! The end of undoing a recorded step, which the best-first loop and Jump Point Search do
//! alike: the node the step popped goes back on the open list, the path it found is
//! dropped, and the values the step began from come back. Each finder undoes the step's
//! own changes first, then hands over the fields this touches.

use crate::finder::key::Key;
use crate::finder::open_list::OpenList;
use crate::vocabulary::record::{OPEN, STATE_MASK};
use crate::vocabulary::status::{Counters, Status};

/// A best-first finder's fields that the end of undoing a step restores, borrowed.
pub(crate) struct StepStart<'a> {
    pub status: &'a mut Status,
    pub path: &'a mut Vec<u32>,
    pub counters: &'a mut Counters,
    pub open: &'a mut OpenList,
    pub record: &'a mut [u8],
    pub current: &'a mut u32,
}

impl StepStart<'_> {
    /// Puts back the node the step popped (`(cell, key)`, if it popped one), and the
    /// current node and largest open list from before it.
    pub fn put_back(self, popped: Option<(u32, Key)>, prev_current: u32, prev_max_open: u32) {
        // The step that found the goal expanded nothing: it took the goal off the open
        // list, or (goal test on reaching) took nothing at all.
        let found = *self.status == Status::Found;
        if found {
            self.path.clear();
        }
        if let Some((cell, key)) = popped {
            if !found {
                self.counters.expanded -= 1;
            }
            let record = &mut self.record[cell as usize];
            *record = *record & !STATE_MASK | OPEN;
            self.open.push(cell, key);
        }
        *self.status = Status::Running;
        *self.current = prev_current;
        self.counters.max_open = prev_max_open;
        self.counters.steps -= 1;
    }
}
