//! Searches in a changing world: LPA* and D* Lite, which repair themselves after cell
//! changes, navigation in unknown terrain, and the walk the page steps through.

pub mod incremental;
pub mod navigation;
pub mod walk;
