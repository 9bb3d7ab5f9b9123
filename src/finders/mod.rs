//! Finders with loops of their own, behind the one stepwise [`Finder`](crate::finder::Finder)
//! interface.

pub mod bidirectional;
mod graph;
pub mod idastar;
pub mod incremental;
pub mod jps;
mod jump;

pub use jps::JumpPointSearch;
