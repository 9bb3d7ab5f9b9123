//! The undo journal of everything that steps back exactly: for each step (a search's
//! expansion, a batch of cell changes, an agent's move) a record of the values it began
//! from, and the changes it made, in order. Undoing the step takes them back newest first,
//! in time proportional to what the step changed, so a timeline can be scrubbed anywhere.
//!
//! The changes of all steps share one list, each step's record saying where its own begin:
//! recording a change is one push, and a search that records costs little more than one
//! that does not.
//!
//! The oldest steps can be forgotten to bound what the journal holds (an agent's walk of
//! thousands of moves): checkpoints keep counting from the first step ever recorded, and
//! those before the oldest step kept can no longer be undone to.

/// Records of steps (`Step`), each with the changes (`Change`) made while it was the last.
#[derive(Clone, Debug)]
pub struct Journal<Step, Change> {
    /// Each step's record and where its changes begin in `changes`.
    steps: Vec<(Step, usize)>,
    changes: Vec<Change>,
    /// Steps forgotten from the front: the checkpoint of the oldest step kept.
    forgotten: usize,
}

impl<Step, Change> Default for Journal<Step, Change> {
    fn default() -> Self {
        Journal::new()
    }
}

impl<Step, Change> Journal<Step, Change> {
    pub const fn new() -> Self {
        Journal {
            steps: Vec::new(),
            changes: Vec::new(),
            forgotten: 0,
        }
    }

    /// Opens the record of a step: the changes recorded from now on are its own.
    pub fn begin(&mut self, step: Step) {
        self.steps.push((step, self.changes.len()));
    }

    /// Room for `changes` more changes, and no more, before the journal grows.
    pub fn reserve_exact(&mut self, changes: usize) {
        self.changes.reserve_exact(changes);
    }

    /// Notes a change made by the step under way, to be taken back when it is undone.
    pub fn record(&mut self, change: Change) {
        self.changes.push(change);
    }

    /// The last step's record.
    pub fn last(&self) -> Option<&Step> {
        self.steps.last().map(|(step, _)| step)
    }

    /// The last step's record, to complete it while the step is under way.
    pub fn last_mut(&mut self) -> Option<&mut Step> {
        self.steps.last_mut().map(|(step, _)| step)
    }

    /// The changes of the last step, in the order they were made (none before the first).
    pub fn last_changes(&self) -> &[Change] {
        let from = self
            .steps
            .last()
            .map_or(self.changes.len(), |&(_, from)| from);
        &self.changes[from..]
    }

    /// Takes the last step's record off, with its changes newest first: what undoing it
    /// puts back, in the order to put it back. `None` when nothing is recorded.
    pub fn pop(&mut self) -> Option<(Step, impl Iterator<Item = Change> + '_)> {
        let (step, from) = self.steps.pop()?;
        Some((step, self.changes.drain(from..).rev()))
    }

    /// How many steps were recorded, forgotten ones included: undoing back to this count
    /// returns to this moment.
    pub fn checkpoint(&self) -> usize {
        self.forgotten + self.steps.len()
    }

    /// The checkpoint of the oldest step kept: undoing can go back this far and no further.
    pub fn oldest(&self) -> usize {
        self.forgotten
    }

    /// How many changes the steps recorded since `checkpoint` hold (all those kept, when it
    /// is older than the oldest step kept).
    pub fn changes_since(&self, checkpoint: usize) -> usize {
        let from = (self.steps)
            .get(checkpoint.saturating_sub(self.forgotten))
            .map_or(self.changes.len(), |&(_, from)| from);
        self.changes.len() - from
    }

    /// Forgets the steps before `checkpoint` (none past the newest), with their changes.
    pub fn forget_before(&mut self, checkpoint: usize) {
        let n = checkpoint
            .saturating_sub(self.forgotten)
            .min(self.steps.len());
        let from = self
            .steps
            .get(n)
            .map_or(self.changes.len(), |&(_, from)| from);
        self.steps.drain(..n);
        self.changes.drain(..from);
        for (_, begins) in &mut self.steps {
            *begins -= from;
        }
        self.forgotten += n;
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Forgets every step: what came before can no longer be undone, and checkpoints count
    /// from here.
    pub fn clear(&mut self) {
        self.steps.clear();
        self.changes.clear();
        self.forgotten = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter whose steps add to it and to a list, undone from the journal.
    #[derive(Default)]
    struct Counter {
        total: u32,
        seen: Vec<u32>,
        journal: Journal<u32, u32>,
    }

    impl Counter {
        fn step(&mut self, values: &[u32]) {
            self.journal.begin(self.total);
            for &v in values {
                self.journal.record(self.seen.len() as u32);
                self.seen.push(v);
                self.total += v;
            }
        }

        fn step_back(&mut self) -> bool {
            let Some((total, changes)) = self.journal.pop() else {
                return false;
            };
            for len in changes {
                assert_eq!(len as usize, self.seen.len() - 1, "newest first");
                self.seen.pop();
            }
            self.total = total;
            true
        }
    }

    #[test]
    fn each_step_is_undone_with_its_own_changes_newest_first() {
        let mut c = Counter::default();
        c.step(&[1, 2]);
        c.step(&[]);
        c.step(&[3, 4, 5]);
        assert_eq!(c.journal.last_changes(), [2, 3, 4]);
        assert_eq!(c.journal.checkpoint(), 3);
        assert!(c.step_back());
        assert_eq!((c.total, c.seen.as_slice()), (3, [1, 2].as_slice()));
        assert_eq!(c.journal.last_changes(), [] as [u32; 0]);
        assert!(c.step_back());
        assert!(c.step_back());
        assert_eq!((c.total, c.seen.len()), (0, 0));
        assert!(!c.step_back());
        assert!(c.journal.is_empty());
    }

    #[test]
    fn a_step_record_completed_under_way_is_what_undoing_it_puts_back() {
        let mut c = Counter::default();
        c.step(&[7]);
        *c.journal.last_mut().unwrap() = 5;
        assert!(c.step_back());
        assert_eq!((c.total, c.seen.len()), (5, 0));
    }

    #[test]
    fn forgetting_the_oldest_steps_keeps_the_checkpoints_and_the_rest_undoable() {
        let mut c = Counter::default();
        c.step(&[1, 2]);
        c.step(&[3]);
        c.step(&[4, 5, 6]);
        assert_eq!(c.journal.changes_since(1), 4);
        c.journal.forget_before(2);
        assert_eq!((c.journal.oldest(), c.journal.checkpoint()), (2, 3));
        assert_eq!(c.journal.changes_since(0), 3, "only what is kept");
        assert_eq!(c.journal.changes_since(2), 3);
        assert_eq!(c.journal.changes_since(3), 0);
        assert!(c.step_back());
        assert_eq!((c.total, c.seen.as_slice()), (6, [1, 2, 3].as_slice()));
        assert!(!c.step_back(), "the steps before are forgotten");
        c.step(&[7]);
        assert_eq!(c.journal.checkpoint(), 3);
        c.journal.forget_before(10);
        assert_eq!((c.journal.oldest(), c.journal.checkpoint()), (3, 3));
        assert!(c.journal.last_changes().is_empty());
    }

    #[test]
    fn a_cleared_journal_undoes_nothing() {
        let mut c = Counter::default();
        c.step(&[7]);
        c.journal.clear();
        assert!(!c.step_back());
        assert_eq!(c.journal.last(), None);
        assert!(c.journal.last_changes().is_empty());
        assert_eq!((c.total, c.seen.len()), (7, 1));
    }
}
