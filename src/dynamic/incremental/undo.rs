//! The journal of steps, batches of cell changes and moves of the start, each undone
//! exactly from the values it began from and the cells it changed.

use std::cell::OnceCell;

use super::entry::{CellChange, Entry, EntryKind};
use super::Incremental;

impl Incremental {
    /// From now on a batch of changes or a move of the start is logged as one entry with
    /// the steps that repair it, each cell's values once: undo goes back a repair at a
    /// time, and the log grows with the cells a repair changes rather than with its steps
    /// (an agent's walk steps back move by move, and a walk of thousands of moves on a
    /// large map would otherwise keep every step of every repair). The log has room for
    /// `room` cells' values at once.
    pub fn log_whole_repairs(&mut self, room: usize) {
        self.saved = Some(vec![0; self.g.len().div_ceil(64)]);
        self.journal.reserve_exact(room);
    }

    /// Whether each step is an entry of its own, put into words.
    pub(super) fn logs_steps(&self) -> bool {
        self.recording && self.saved.is_none()
    }

    /// Clears the saved bits of the cells in `changes`, the last entry's.
    fn unmark_saved(saved: &mut Option<Vec<u64>>, changes: &[CellChange]) {
        if let Some(saved) = saved.as_mut() {
            for change in changes {
                saved[change.cell as usize / 64] &= !(1 << (change.cell % 64));
            }
        }
    }

    /// Opens a journal entry, when logging.
    pub(super) fn begin_entry(&mut self, kind: EntryKind) {
        if !self.recording {
            return;
        }
        Incremental::unmark_saved(&mut self.saved, self.journal.last_changes());
        self.journal.begin(Entry {
            kind,
            scalars: self.s,
        });
    }

    /// Forgets the whole log: nothing before can be undone.
    pub(super) fn clear_log(&mut self) {
        Incremental::unmark_saved(&mut self.saved, self.journal.last_changes());
        self.journal.clear();
    }

    /// Logs a cell's values before they change (once per entry when whole repairs are
    /// logged).
    pub(super) fn save(&mut self, cell: u32) {
        if self.recording {
            let c = cell as usize;
            if let Some(saved) = self.saved.as_mut() {
                let bit = 1 << (c % 64);
                if saved[c / 64] & bit != 0 {
                    return;
                }
                saved[c / 64] |= bit;
            }
            self.journal.record(CellChange::new(
                cell,
                (self.g[c], self.rhs[c]),
                self.record[c],
                self.marks[c],
                self.open.key_of(cell),
            ));
        }
    }

    /// Undoes the last batch of cell changes or move of the start, once the steps after it
    /// are undone; `false` if the last entry is not one.
    pub fn undo_change(&mut self) -> bool {
        match self.journal.last() {
            Some(Entry {
                kind: EntryKind::Edits(_) | EntryKind::Move,
                ..
            }) => {
                self.undo_entry();
                true
            }
            _ => false,
        }
    }

    pub(super) fn undo_entry(&mut self) {
        let Some((entry, changes)) = self.journal.pop() else {
            return;
        };
        if let EntryKind::Edits(cells) = &entry.kind {
            for &(at, terrain) in cells.iter().rev() {
                // The cell was on the grid with this terrain a moment ago.
                let _ = self.graph.set_terrain(at, terrain);
            }
        }
        if !matches!(entry.kind, EntryKind::Step) {
            self.from_scratch = OnceCell::new();
        }
        for change in changes {
            let c = change.cell as usize;
            if let Some(saved) = self.saved.as_mut() {
                saved[c / 64] &= !(1 << (c % 64));
            }
            // A cell the touched list let go of once it was clean is listed again.
            let clean = self.g[c] == f64::INFINITY && self.rhs[c] == f64::INFINITY;
            if clean && (change.g.is_finite() || change.rhs.is_finite()) {
                self.touched.push(change.cell);
            }
            (self.g[c], self.rhs[c]) = (change.g, change.rhs);
            (self.record[c], self.marks[c]) = (change.record, change.mark);
            match (self.open.key_of(change.cell), change.key()) {
                (None, Some(k)) => self.open.push(change.cell, k),
                (Some(_), Some(k)) => {
                    self.open.update(change.cell, k);
                }
                (Some(_), None) => {
                    self.open.remove(change.cell);
                }
                (None, None) => {}
            }
        }
        // Stepping back within a repair keeps its length known: steps are exact.
        let total_steps = self.s.total_steps;
        self.s = entry.scalars;
        if matches!(entry.kind, EntryKind::Step) {
            self.s.total_steps = total_steps;
        }
        self.path = OnceCell::new();
    }

    /// Where the journal of steps and changes stands: [`Incremental::undo_to`] comes back
    /// here.
    pub fn checkpoint(&self) -> usize {
        self.journal.checkpoint()
    }

    /// Undoes every step, batch and move logged since `checkpoint`, exactly; `false`,
    /// undoing nothing, when the log no longer reaches back to it (see
    /// [`Incremental::forget_log_before`]).
    pub fn undo_to(&mut self, checkpoint: usize) -> bool {
        if checkpoint < self.journal.oldest() {
            return false;
        }
        while self.journal.checkpoint() > checkpoint {
            self.undo_entry();
        }
        true
    }

    /// Whether [`Incremental::undo_to`] can go back to `checkpoint`.
    pub fn logged_since(&self, checkpoint: usize) -> bool {
        checkpoint >= self.journal.oldest()
    }

    /// How many cells' values the log holds since `checkpoint`.
    pub fn logged_changes(&self, checkpoint: usize) -> usize {
        self.journal.changes_since(checkpoint)
    }

    /// Forgets what the log holds before `checkpoint` (never the last entry): what came
    /// before can no longer be undone, and the log holds less.
    pub fn forget_log_before(&mut self, checkpoint: usize) {
        self.journal
            .forget_before(checkpoint.min(self.journal.checkpoint().saturating_sub(1)));
    }

    /// Logs nothing from now on (`false`; the log is forgotten) or again (`true`).
    pub fn set_logging(&mut self, on: bool) {
        if !on {
            self.clear_log();
        }
        self.recording = on;
    }
}
