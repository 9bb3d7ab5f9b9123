//! The whole-map arrays a search hands on, clean, to the next one on a map of the same size.

use std::cell::RefCell;

use crate::finder::open_list::OpenList;
use crate::search::spare::{keep_spare, take_spare};
use crate::vocabulary::record::UNVISITED;

use super::key::TwoPartKey;

/// The whole-map arrays of an incremental search, all clean: each g and rhs infinite, each
/// record unvisited, no mark, the queue empty.
#[derive(Debug)]
pub(super) struct CellArrays {
    pub(super) g: Vec<f64>,
    pub(super) rhs: Vec<f64>,
    pub(super) record: Vec<u8>,
    pub(super) marks: Vec<u16>,
    pub(super) open: OpenList<TwoPartKey>,
    pub(super) touched: Vec<u32>,
}

thread_local! {
    /// The arrays of the last incremental search that ended, for the next one on a map of
    /// the same size (as A*'s are, see `crate::search::spare`): an agent's walk starts a
    /// new search, and filling megabytes for it cost more than a short walk's repairs.
    static SPARE: RefCell<Option<CellArrays>> = const { RefCell::new(None) };
}

impl CellArrays {
    pub(super) fn take(cells: usize) -> CellArrays {
        take_spare(&SPARE, |a| a.g.len() == cells).unwrap_or_else(|| CellArrays {
            g: vec![f64::INFINITY; cells],
            rhs: vec![f64::INFINITY; cells],
            record: vec![UNVISITED; cells],
            marks: vec![0; cells],
            open: OpenList::new(cells),
            touched: Vec::new(),
        })
    }
}

impl CellArrays {
    /// Keeps the arrays, which must be clean, for the next search.
    pub(super) fn keep(self) {
        keep_spare(&SPARE, self);
    }
}
