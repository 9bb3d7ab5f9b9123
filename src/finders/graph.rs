//! The grid as a graph for the finders outside the best-first loop: each cell's legal
//! moves (worked out once), where a move leads, and what it costs.

use std::cell::RefCell;
use std::sync::Arc;

use crate::geometry::grid::{Grid, GridError, Point};
use crate::geometry::heuristic::Heuristic;
use crate::geometry::topology::{
    KnownMoves, MoveSet, Neighbourhood, Topology, TopologyError, MOVES_UNKNOWN,
};
use crate::search::spare::{keep_spare, take_spare};
use crate::vocabulary::record::parent_move;

#[derive(Clone, Debug)]
pub struct Graph {
    pub grid: Grid,
    /// The moves, their costs and the heuristic.
    pub neighbourhood: Neighbourhood,
    legal: Vec<KnownMoves>,
    /// The cells whose legal moves are worked out, so that a graph that ends clears only
    /// those before handing `legal` on.
    legal_known: Vec<u32>,
}

thread_local! {
    /// The legal-move array of the last graph that ended, all unknown, for the next one on
    /// a map of the same size: filling half a megabyte for every search of a 512x512 map
    /// costs more than many a repair.
    static SPARE: RefCell<Option<(Vec<KnownMoves>, Vec<u32>)>> = const { RefCell::new(None) };
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
        let (legal, legal_known) = take_spare(&SPARE, |(legal, _)| legal.len() == cells)
            .unwrap_or_else(|| (vec![MOVES_UNKNOWN; cells], Vec::new()));
        Ok(Graph {
            neighbourhood,
            legal,
            legal_known,
            grid,
        })
    }

    /// The legal moves out of `cell` (see [`Topology::legal_moves`]), worked out once: a
    /// move is legal one way exactly when its reverse is legal the other way.
    pub fn legal(&mut self, cell: u32) -> MoveSet {
        let known = &mut self.legal[cell as usize];
        if *known == MOVES_UNKNOWN {
            let at = self.grid.point(cell as usize);
            *known = self.neighbourhood.legal_moves(&self.grid, at);
            if *known != MOVES_UNKNOWN {
                self.legal_known.push(cell);
            }
        }
        *known
    }

    /// [`Graph::legal`] without keeping what it works out, for readers that only borrow.
    pub fn legal_now(&self, cell: u32) -> MoveSet {
        match self.legal[cell as usize] {
            MOVES_UNKNOWN => self
                .neighbourhood
                .legal_moves(&self.grid, self.grid.point(cell as usize)),
            known => known,
        }
    }

    /// Sets a cell's terrain and forgets the legal moves of the cells around it (see
    /// [`Neighbourhood::around`]). Returns the previous terrain.
    pub fn set_terrain(&mut self, p: Point, terrain: u8) -> Result<u8, GridError> {
        let old = self.grid.set(p, terrain)?;
        for cell in self.neighbourhood.around(&self.grid, p) {
            self.legal[cell as usize] = MOVES_UNKNOWN;
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
        for cell in self.legal_known.drain(..) {
            self.legal[cell as usize] = MOVES_UNKNOWN;
        }
        keep_spare(
            &SPARE,
            (
                std::mem::take(&mut self.legal),
                std::mem::take(&mut self.legal_known),
            ),
        );
    }
}
