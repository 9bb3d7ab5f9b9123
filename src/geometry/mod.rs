//! The grid and how to move on it: cells and terrain, moves and their costs, heuristics,
//! and the topology seam every finder reaches them through.

pub mod grid;
pub mod heuristic;
pub mod hex;
pub mod known_moves;
pub mod movement;
pub mod sight;
pub mod square;
pub mod topology;
pub mod wide;
