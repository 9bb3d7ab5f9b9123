//! Finders with loops of their own, behind the same stepwise interface as the best-first
//! search.

pub mod bidirectional;
mod graph;
pub mod idastar;
mod marks;
