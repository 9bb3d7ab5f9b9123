//! Random maps with two passable endpoints, the same on every machine, for the tests written
//! apart from the engine.

use astar_visualizer::{Grid, Point};

/// A xorshift generator: the same numbers from the same seed everywhere.
pub fn random_numbers(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// A map `least` to `least + spread - 1` cells a side, each cell a wall with a chance drawn
/// below `densest` percent, and, when `weighted`, about a fifth of the others weighted 2 to 9;
/// then a start and a goal among its passable cells (`None` when it has fewer than two).
pub fn random_scene(
    random: &mut impl FnMut() -> u64,
    least: u64,
    spread: u64,
    densest: u64,
    weighted: bool,
) -> Option<(Grid, Point, Point)> {
    let (w, h) = (least + random() % spread, least + random() % spread);
    let density = random() % densest;
    let terrain: Vec<u8> = (0..w * h)
        .map(|_| match random() % 100 {
            r if r < density => 0,
            r if weighted && r % 5 == 0 => 1 + (r % 9) as u8,
            _ => 1,
        })
        .collect();
    let grid = Grid::from_terrain(w as u32, h as u32, terrain).unwrap();
    let open: Vec<usize> = (0..grid.cell_count())
        .filter(|&c| grid.is_passable_at(c))
        .collect();
    if open.len() < 2 {
        return None;
    }
    let mut pick = || grid.point(open[random() as usize % open.len()]);
    let (start, goal) = (pick(), pick());
    Some((grid, start, goal))
}
