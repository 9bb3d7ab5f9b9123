//! The movement rules read independently of the crate's own movement code, so that tests can
//! judge the engine's paths and costs against something it did not compute itself.
//! Only the option names are shared; every rule below is restated from the specification.

use astar_visualizer::{CostModel, DiagonalRule, Directions, Grid, Heuristic};
use proptest::prelude::*;
use proptest::sample::select;

/// The rules a path must obey, in integer cost units.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub directions: Directions,
    pub diagonal: DiagonalRule,
    pub costs: CostModel,
}

impl Rules {
    /// Any square-grid movement rule and cost mode, for the property tests (16, 32 and blink
    /// have their own oracle in `tests/neighbourhoods.rs`).
    // Each test binary compiles its own copy of this module; the map-file ones draw none.
    #[allow(dead_code)]
    pub fn any() -> impl Strategy<Value = Rules> {
        (
            select(vec![Directions::Four, Directions::Eight]),
            select(DiagonalRule::ALL),
            select(CostModel::ALL),
        )
            .prop_map(|(directions, diagonal, costs)| Rules {
                directions,
                diagonal,
                costs,
            })
    }

    /// The heuristics that never overestimate under these rules and are consistent, by this
    /// module's own reasoning: without diagonals every one is at most Manhattan; with them
    /// Manhattan (and the hex distance) counts a diagonal as two straight steps, and the straight-line distance
    /// beats 14 per diagonal (10 * sqrt 2) but not a diagonal costing 1.
    #[allow(dead_code)]
    pub fn sound_heuristics(self) -> Vec<Heuristic> {
        let diagonals =
            self.directions == Directions::Eight && self.diagonal != DiagonalRule::Never;
        Heuristic::ALL
            .iter()
            .copied()
            .filter(|h| match h {
                // Hex distance counts the diagonal (1,1) as two steps.
                Heuristic::Manhattan | Heuristic::Hex => !diagonals,
                Heuristic::Euclidean | Heuristic::EuclideanUp => {
                    !diagonals || self.costs == CostModel::Exact
                }
                _ => true,
            })
            .collect()
    }

    /// Cost units of one straight and one diagonal step on plain ground.
    pub fn unit_costs(self) -> (u64, u64) {
        match self.costs {
            CostModel::TenFourteen => (10, 14),
            CostModel::Exact => (1_000_000, 1_414_214),
            CostModel::Unit => (1_000_000, 1_000_000),
        }
    }

    /// A path's cost in display units as a person would add it up: each move's 1 or sqrt(2)
    /// (10 or 14) times the weight of the cell it enters, without rounding along the way.
    // Each test binary compiles its own copy of this module; the incremental ones check
    // costs in units only.
    #[allow(dead_code)]
    pub fn shown_cost(self, grid: &Grid, path: &[u32]) -> f64 {
        let w = grid.width();
        let (mut straight, mut diagonal) = (0, 0);
        for pair in path.windows(2) {
            let weight = u64::from(grid.terrain()[pair[1] as usize]);
            if pair[0] % w != pair[1] % w && pair[0] / w != pair[1] / w {
                diagonal += weight;
            } else {
                straight += weight;
            }
        }
        match self.costs {
            CostModel::TenFourteen => (10 * straight + 14 * diagonal) as f64,
            CostModel::Exact => straight as f64 + diagonal as f64 * std::f64::consts::SQRT_2,
            CostModel::Unit => (straight + diagonal) as f64,
        }
    }

    /// Every legal move out of `cell` as (target cell, cost units).
    pub fn moves_from(self, grid: &Grid, cell: usize) -> Vec<(usize, u64)> {
        let (w, h) = (grid.width() as i64, grid.height() as i64);
        let terrain = grid.terrain();
        let (x, y) = (cell as i64 % w, cell as i64 / w);
        let free = |x: i64, y: i64| {
            x >= 0 && y >= 0 && x < w && y < h && terrain[(y * w + x) as usize] != 0
        };
        let (straight, diagonal) = self.unit_costs();
        let mut out = Vec::new();
        for dy in -1..=1i64 {
            for dx in -1..=1i64 {
                if (dx, dy) == (0, 0) || !free(x + dx, y + dy) {
                    continue;
                }
                let base = if dx != 0 && dy != 0 {
                    // The two cells beside a diagonal step are the corner it cuts.
                    let walls_beside = u8::from(!free(x + dx, y)) + u8::from(!free(x, y + dy));
                    let allowed = self.directions == Directions::Eight
                        && match self.diagonal {
                            DiagonalRule::Always => true,
                            DiagonalRule::IfAtMostOneObstacle => walls_beside < 2,
                            DiagonalRule::OnlyWhenNoObstacles => walls_beside == 0,
                            DiagonalRule::Never => false,
                        };
                    if !allowed {
                        continue;
                    }
                    diagonal
                } else {
                    straight
                };
                let to = ((y + dy) * w + x + dx) as usize;
                out.push((to, base * terrain[to] as u64));
            }
        }
        out
    }

    /// Cheapest cost from `start` to every cell (`None`: unreachable), by Bellman-Ford:
    /// relax every edge until nothing changes. Slow and obviously right.
    pub fn shortest_costs(self, grid: &Grid, start: usize) -> Vec<Option<u64>> {
        let edges: Vec<Vec<(usize, u64)>> = (0..grid.cell_count())
            .map(|c| self.moves_from(grid, c))
            .collect();
        let mut best = vec![None; grid.cell_count()];
        best[start] = Some(0);
        let mut changed = true;
        while changed {
            changed = false;
            for (from, out) in edges.iter().enumerate() {
                let Some(g) = best[from] else { continue };
                for &(to, cost) in out {
                    let better = match best[to] {
                        Some(old) => g + cost < old,
                        None => true,
                    };
                    if better {
                        best[to] = Some(g + cost);
                        changed = true;
                    }
                }
            }
        }
        best
    }

    /// Checks that `path` (cell indices) goes from `start` to `goal` by legal moves only, and
    /// returns its cost in units.
    pub fn path_cost(
        self,
        grid: &Grid,
        start: usize,
        goal: usize,
        path: &[u32],
    ) -> Result<u64, String> {
        let (first, last) = match (path.first(), path.last()) {
            (Some(&a), Some(&b)) => (a as usize, b as usize),
            _ => return Err("the path is empty".into()),
        };
        if (first, last) != (start, goal) {
            return Err(format!(
                "the path runs {first} -> {last}, not {start} -> {goal}"
            ));
        }
        let mut cost = 0;
        for pair in path.windows(2) {
            let (a, b) = (pair[0] as usize, pair[1] as usize);
            let step = self
                .moves_from(grid, a)
                .into_iter()
                .find(|&(to, _)| to == b);
            let Some((_, c)) = step else {
                let w = grid.width() as usize;
                return Err(format!(
                    "illegal move ({},{}) -> ({},{}) under {self:?}",
                    a % w,
                    a / w,
                    b % w,
                    b / w
                ));
            };
            cost += c;
        }
        Ok(cost)
    }
}
