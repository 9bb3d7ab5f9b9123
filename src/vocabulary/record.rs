//! The byte per cell every finder keeps and the page reads: the cell's search state and the
//! move it was reached by, and what a cell looks like to a person.

use serde::Serialize;

use crate::geometry::movement::MOVES;
use crate::geometry::topology::MAX_MOVES;
use crate::vocabulary::marks::Mark;

/// Search states, in the low bits of a cell's record (see `Finder::records`).
pub const UNVISITED: u8 = 0;
pub const OPEN: u8 = 1;
pub const CLOSED: u8 = 2;
/// The state bits of a record.
pub const STATE_MASK: u8 = 0b11;
pub const PARENT_MOVE_SHIFT: u8 = 2;
/// The parent move field, wide enough for the index of any move of a topology.
const PARENT_MOVE_MASK: u8 = (MAX_MOVES - 1) as u8;
/// Set in the record of a reached cell other than the start, whose bits from
/// [`PARENT_MOVE_SHIFT`] then hold the index of the move from its parent (see
/// `crate::geometry::topology::Topology::moves`).
pub const HAS_PARENT: u8 = 1 << (PARENT_MOVE_SHIFT + PARENT_MOVE_MASK.count_ones() as u8);
// Five bits for 32 moves, and the flag in the byte's top bit.
const _: () = assert!(MAX_MOVES == 32 && HAS_PARENT == 1 << 7);

/// Parent of a cell that has none.
pub const NO_PARENT: u32 = u32::MAX;

/// The index of the move a record says its cell was reached by, if any.
#[inline(always)]
pub fn parent_move(record: u8) -> Option<usize> {
    (record & HAS_PARENT != 0)
        .then_some(usize::from(record >> PARENT_MOVE_SHIFT & PARENT_MOVE_MASK))
}

/// The record of a cell in `state`, reached by the move of index `by` (`None`: no parent).
#[inline(always)]
pub fn record_of(state: u8, by: Option<usize>) -> u8 {
    state | by.map_or(0, |i| HAS_PARENT | (i as u8) << PARENT_MOVE_SHIFT)
}

/// What a cell looks like to a person: its search state with the path and the node being
/// expanded picked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CellState {
    Wall,
    Unvisited,
    Open,
    Closed,
    Current,
    Path,
}

impl CellState {
    /// What the page shows for a cell: a wall, a cell of the path, the node
    /// being expanded, else the state its record byte holds (open, closed, not reached).
    pub fn shown(passable: bool, on_path: bool, current: bool, record: u8) -> CellState {
        if !passable {
            CellState::Wall
        } else if on_path {
            CellState::Path
        } else if current {
            CellState::Current
        } else {
            match record & STATE_MASK {
                OPEN => CellState::Open,
                CLOSED => CellState::Closed,
                _ => CellState::Unvisited,
            }
        }
    }
}

/// How to read the byte per cell at `Search.recordsPtr()` and the marks at `marksPtr()`
/// (sixteen bits per cell).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordLayout {
    /// `record & stateMask`: 0 unvisited, 1 open, 2 closed.
    pub state_mask: u8,
    /// Set when the cell has a parent, which is then the cell minus
    /// `moves[(record >> parentMoveShift) & parentMoveMask]`.
    pub has_parent: u8,
    pub parent_move_shift: u8,
    /// The parent move field after the shift: `moves[(record >> parentMoveShift) & mask]`,
    /// the moves the search's `moves()` lists.
    pub parent_move_mask: u8,
    pub moves: Vec<Step>,
    /// The flags of the sixteen bits per cell at `Search.marksPtr()`.
    pub marks: MarkLayout,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MarkLayout {
    pub scanned: u16,
    pub jump_point: u16,
    pub forced: u16,
    pub backward: u16,
    pub meeting: u16,
    pub on_stack: u16,
    pub pruned: u16,
    pub over_consistent: u16,
    pub under_consistent: u16,
}

#[derive(Debug, Serialize)]
pub struct Step {
    pub dx: i32,
    pub dy: i32,
}

impl RecordLayout {
    /// The layout this engine writes.
    pub fn current() -> RecordLayout {
        RecordLayout {
            state_mask: STATE_MASK,
            has_parent: HAS_PARENT,
            parent_move_shift: PARENT_MOVE_SHIFT,
            parent_move_mask: PARENT_MOVE_MASK,
            moves: MOVES.iter().map(|m| Step { dx: m.dx, dy: m.dy }).collect(),
            marks: MarkLayout {
                scanned: Mark::Scanned.bit(),
                jump_point: Mark::JumpPoint.bit(),
                forced: Mark::Forced.bit(),
                backward: Mark::Backward.bit(),
                meeting: Mark::Meeting.bit(),
                on_stack: Mark::OnStack.bit(),
                pruned: Mark::Pruned.bit(),
                over_consistent: Mark::OverConsistent.bit(),
                under_consistent: Mark::UnderConsistent.bit(),
            },
        }
    }
}
