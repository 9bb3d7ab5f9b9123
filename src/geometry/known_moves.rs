//! Each cell's legal moves as the finders keep them: worked out the first time a cell is
//! expanded, then read back. Every expansion reads its cell's entry, and on a large map most
//! of those reads miss the processor's cache, so an entry takes the fewest bytes the moves
//! need: one a cell for up to eight moves (four or eight directions, hexes), four beyond. On a
//! 512x512 map that is a quarter of a megabyte instead of a whole one, which stays in the
//! cache beside the search's other arrays.

use crate::geometry::topology::MoveSet;

/// A cell whose legal moves are not worked out yet. A cell without any legal move reads the
/// same, and is worked out again at each expansion: no bit is spent on "unknown".
const UNKNOWN: MoveSet = 0;

#[derive(Clone, Debug)]
enum Entries {
    /// Up to eight moves.
    Byte(Vec<u8>),
    Word(Vec<MoveSet>),
}

/// The legal moves of every cell of a map, those worked out so far.
#[derive(Clone, Debug)]
pub struct KnownMoves {
    entries: Entries,
    /// The cells worked out, so that forgetting them all clears only those.
    known: Vec<u32>,
}

// What runs off the search loop (new, fits, forget, forget_all) is kept out of line: copied
// into every finder and search that keeps legal moves, it cost the page 0.2 KiB.
impl KnownMoves {
    /// None known yet, for `cells` cells and a topology of `moves` moves.
    #[inline(never)]
    pub fn new(cells: usize, moves: usize) -> KnownMoves {
        let entries = if moves <= 8 {
            Entries::Byte(vec![0; cells])
        } else {
            Entries::Word(vec![UNKNOWN; cells])
        };
        KnownMoves {
            entries,
            known: Vec::new(),
        }
    }

    /// Whether these entries can hold the moves of a topology of `moves` moves on `cells`
    /// cells.
    #[inline(never)]
    pub fn fits(&self, cells: usize, moves: usize) -> bool {
        match &self.entries {
            Entries::Byte(entries) => entries.len() == cells && moves <= 8,
            Entries::Word(entries) => entries.len() == cells,
        }
    }

    /// The legal moves of `cell`, if worked out.
    pub fn known(&self, cell: u32) -> Option<MoveSet> {
        Some(self.entry(cell)).filter(|&moves| moves != UNKNOWN)
    }

    #[inline(always)]
    fn entry(&self, cell: u32) -> MoveSet {
        match &self.entries {
            Entries::Byte(entries) => MoveSet::from(entries[cell as usize]),
            Entries::Word(entries) => entries[cell as usize],
        }
    }

    /// The legal moves of `cell`, worked out by `work_out` the first time.
    pub fn get_or_work_out(&mut self, cell: u32, work_out: impl FnOnce() -> MoveSet) -> MoveSet {
        let known = self.entry(cell);
        if known != UNKNOWN {
            return known;
        }
        let moves = work_out();
        if moves != UNKNOWN {
            self.set(cell, moves);
            self.known.push(cell);
        }
        moves
    }

    /// Forgets the legal moves of `cell` (a wall came or went beside it).
    #[inline(never)]
    pub fn forget(&mut self, cell: u32) {
        self.set(cell, UNKNOWN);
    }

    /// Forgets every cell worked out.
    #[inline(never)]
    pub fn forget_all(&mut self) {
        let mut known = std::mem::take(&mut self.known);
        for cell in known.drain(..) {
            self.forget(cell);
        }
        self.known = known;
    }

    fn set(&mut self, cell: u32, moves: MoveSet) {
        match &mut self.entries {
            Entries::Byte(entries) => {
                // Made for a topology of at most eight moves, whose sets fit.
                debug_assert!(moves <= 0xff);
                entries[cell as usize] = moves as u8
            }
            Entries::Word(entries) => entries[cell as usize] = moves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::KnownMoves;

    #[test]
    fn keeps_what_it_worked_out_in_the_width_the_moves_need() {
        for moves in [4, 6, 8, 16, 32] {
            let all = if moves == 32 {
                u32::MAX
            } else {
                (1 << moves) - 1
            };
            let mut known = KnownMoves::new(3, moves);
            assert_eq!(known.get_or_work_out(1, || all), all);
            // Read back, not worked out again.
            assert_eq!(known.get_or_work_out(1, || unreachable!()), all);
            assert_eq!(known.known(0), None);
            // No legal move is worked out each time.
            assert_eq!(known.get_or_work_out(2, || 0), 0);
            assert_eq!(known.get_or_work_out(2, || 5), 5);
            known.forget_all();
            assert_eq!((known.known(1), known.known(2)), (None, None));
            assert!(known.fits(3, moves) && !known.fits(4, moves));
        }
        assert!(!KnownMoves::new(3, 8).fits(3, 16));
        assert!(KnownMoves::new(3, 16).fits(3, 8));
    }
}
