//! What a search says about itself: its status and counters, the byte per cell it keeps,
//! the marks it sets and the events of its steps.

pub mod agent;
pub mod events;
pub mod marks;
pub mod record;
pub mod status;
