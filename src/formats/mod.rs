//! Text formats read and written: maps, Moving AI scenarios and step traces.

pub mod map_text;
pub mod scenario;
pub mod trace;
