//! The grid and how to move on it: cells and terrain, moves and their costs, heuristics.

pub mod grid;
pub mod heuristic;
pub mod movement;
