//! Finders with loops of their own, behind the one stepwise [`Finder`](crate::finder::Finder)
//! interface.

pub mod bidirectional;
pub(crate) mod graph;
pub mod idastar;
pub mod jps;
mod jump;

pub use jps::JumpPointSearch;
