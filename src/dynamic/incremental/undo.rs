//! The journal of steps, batches of cell changes and moves of the start, each undone
//! exactly from the values it began from and the cells it changed.

use std::cell::OnceCell;

use super::entry::{CellChange, Entry, EntryKind};
use super::Incremental;

impl Incremental {
    /// Logs a cell's values before they change.
    pub(super) fn save(&mut self, cell: u32) {
        if self.recording {
            let c = cell as usize;
            self.journal.record(CellChange {
                cell,
                g: self.g[c],
                rhs: self.rhs[c],
                record: self.record[c],
                mark: self.marks[c],
                key: self.open.key_of(cell),
            });
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
            (self.g[c], self.rhs[c]) = (change.g, change.rhs);
            (self.record[c], self.marks[c]) = (change.record, change.mark);
            match (self.open.key_of(change.cell), change.key) {
                (None, Some(k)) => self.open.push(change.cell, k),
                (Some(_), Some(k)) => self.open.update(change.cell, k),
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

    /// Undoes every step, batch and move logged since `checkpoint`, exactly.
    pub fn undo_to(&mut self, checkpoint: usize) {
        while self.journal.checkpoint() > checkpoint {
            self.undo_entry();
        }
    }
}
