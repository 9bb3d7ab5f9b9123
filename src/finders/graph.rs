//! The grid as a graph for the finders outside the best-first loop: each cell's legal
//! moves (worked out once), where a move leads, and what it costs.

use std::cell::RefCell;
use std::sync::Arc;

use crate::geometry::grid::{Grid, GridError, Point};
use crate::geometry::heuristic::Heuristic;
use crate::geometry::known_moves::KnownMoves;
use crate::geometry::topology::{MoveSet, Neighbourhood, Topology, TopologyError};
use crate::search::spare::{keep_spare, take_spare};
use crate::vocabulary::record::parent_move;

#[derive(Clone, Debug)]
pub struct Graph {
    pub grid: Grid,
    /// The moves, their costs and the heuristic.
    pub neighbourhood: Neighbourhood,
    legal: KnownMoves,
}

thread_local! {
    /// The legal-move array of the last graph that ended, all unknown, for the next one on
    /// a map of the same size: filling half a megabyte for every search of a 512x512 map
    /// costs more than many a repair.
    static SPARE: RefCell<Option<KnownMoves>> = const { RefCell::new(None) };
}

impl Graph {
    /// The grid under the moves of `topology`, estimating by `heuristic` (`None`: the
    /// topology's usual one).
    pub fn new(
        grid: Grid,
        topology: Arc<dyn Topology>,
        heuristic: Option<Heuristic>,
    ) -> Result<Graph, TopologyError> {
        let neighbourhood = Neighbourhood::new(topology, &grid, heuristic)?;
        let cells = grid.cell_count();
        let moves = neighbourhood.topology().moves().len();
        let legal = take_spare(&SPARE, |legal| legal.fits(cells, moves))
            .unwrap_or_else(|| KnownMoves::new(cells, moves));
        Ok(Graph {
            neighbourhood,
            legal,
            grid,
        })
    }

    /// The legal moves out of `cell` (see [`Topology::legal_moves`]), worked out once: a
    /// move is legal one way exactly when its reverse is legal the other way.
    pub fn legal(&mut self, cell: u32) -> MoveSet {
        let (neighbourhood, grid) = (&self.neighbourhood, &self.grid);
        (self.legal).get_or_work_out(cell, || {
            neighbourhood.legal_moves(grid, grid.point(cell as usize))
        })
    }

    /// [`Graph::legal`] without keeping what it works out, for readers that only borrow.
    pub fn legal_now(&self, cell: u32) -> MoveSet {
        self.legal.known(cell).unwrap_or_else(|| {
            (self.neighbourhood).legal_moves(&self.grid, self.grid.point(cell as usize))
        })
    }

    /// Sets a cell's terrain and forgets the legal moves of the cells around it (see
    /// [`Neighbourhood::around`]). Returns the previous terrain.
    pub fn set_terrain(&mut self, p: Point, terrain: u8) -> Result<u8, GridError> {
        let old = self.grid.set(p, terrain)?;
        for cell in self.neighbourhood.around(&self.grid, p) {
            self.legal.forget(cell);
        }
        Ok(old)
    }

    /// The cell the `i`-th move leads to (the move must be legal from `cell`).
    pub fn neighbour(&self, cell: u32, i: usize) -> u32 {
        self.neighbourhood.neighbour(cell, i)
    }

    /// The cell the `i`-th move came from to reach `cell`.
    pub fn source(&self, cell: u32, i: usize) -> u32 {
        self.neighbourhood.source(cell, i)
    }

    /// The cost of the `i`-th move into `cell`: entering a cell costs its terrain weight
    /// times the step.
    pub fn cost_into(&self, i: usize, cell: u32) -> f64 {
        self.neighbourhood
            .cost(i, self.grid.terrain()[cell as usize])
    }

    /// The heuristic's estimate from `cell` to `target`, in units.
    pub fn estimate(&self, cell: u32, target: Point) -> f64 {
        self.neighbourhood.estimate(self.point(cell), target)
    }

    /// The parent of `cell` by the move its `record` says it was reached by, if any.
    pub fn parent(&self, cell: u32, record: u8) -> Option<u32> {
        parent_move(record).map(|i| self.source(cell, i))
    }

    /// The points of the cells a step changed.
    pub fn points(&self, cells: impl Iterator<Item = u32>) -> Vec<Point> {
        cells.map(|cell| self.point(cell)).collect()
    }

    pub fn point(&self, cell: u32) -> Point {
        self.grid.point(cell as usize)
    }
}

impl Drop for Graph {
    /// Hands the legal-move array on, all unknown again, to the next graph.
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        self.legal.forget_all();
        keep_spare(
            &SPARE,
            std::mem::replace(&mut self.legal, KnownMoves::new(0, 0)),
        );
    }
}
