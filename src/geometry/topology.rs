//! The topology seam: which cells a cell neighbours and by which moves, what a move costs,
//! how far apart two cells are estimated to be, and whether one cell sees another. Finders
//! ask these of a [`Neighbourhood`] and of nothing else, so a new neighbourhood (a hex
//! grid, 16 neighbours) is one new [`Topology`], not an edit of every finder. The square
//! grids of 4 and 8 directions are one implementation (`crate::geometry::square`).
//!
//! A `Neighbourhood` turns its topology into tables once per search (each move's index
//! offset and its cost onto each terrain weight, the heuristic as a formula), so the
//! searches' inner loops make no dynamic call per neighbour: they ask the topology itself
//! only for a cell's legal moves, once per cell.

use std::fmt;
use std::sync::Arc;

use crate::geometry::grid::{Grid, Point, MAX_WEIGHT};
use crate::geometry::heuristic::{Heuristic, Overestimate};
use crate::geometry::movement::{CostModel, Move, Movement, NeighbourOrder};

/// A set of moves: bit `i` for the move of index `i`.
pub type MoveSet = u32;

/// The most moves a topology may have: a cell's record keeps the index of the move that
/// reached it in five bits (see `crate::vocabulary::record`), and a [`MoveSet`] has 32.
pub const MAX_MOVES: usize = 32;

/// The move indices in `moves`, lowest first.
pub fn indices(mut moves: MoveSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (moves != 0).then(|| {
            let i = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            i
        })
    })
}

/// A heuristic as a formula on how far apart two cells are across and down, in cost units.
/// Costs are whole numbers below 2^53, so every estimate but the straight line is exact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Estimate {
    /// `diagonal` for each of min(|dx|,|dy|) steps and `straight` for each of the rest.
    Steps { diagonal: f64, straight: f64 },
    /// `unit` times the straight-line distance, rounded down (or `up`) to whole units.
    StraightLine { unit: f64, up: bool },
    /// The cheapest path in open ground on a grid whose moves cost their length in whole
    /// units of `costs` (see `crate::geometry::wide`): `fan` lists the moves of the first
    /// octant, (1,0) to (1,1) by angle, each two neighbours spanning the lattice
    /// (determinant 1), so the offset is a whole combination of the two that bracket it,
    /// and, the costs being convex, no other moves do better.
    Fan {
        fan: &'static [(u32, u32)],
        costs: CostModel,
    },
    /// `unit` per move on the hex grid (`crate::geometry::hex`): the hex distance, which
    /// needs the signs of the differences (the move (1,-1) is one step, (1,1) two).
    Hex { unit: f64 },
    /// `unit` times the distance between hex centres a move apart by one, rounded down (or
    /// `up`).
    HexLine { unit: f64, up: bool },
}

impl Estimate {
    /// No estimate: every cell is 0 away.
    pub const ZERO: Estimate = Estimate::Steps {
        diagonal: 0.0,
        straight: 0.0,
    };

    /// The estimate from `a` to `b`.
    #[inline(always)]
    pub fn between(self, a: Point, b: Point) -> f64 {
        let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
        let (lo, hi) = (dx.min(dy) as f64, dx.max(dy) as f64);
        match self {
            Estimate::Steps { diagonal, straight } => diagonal * lo + straight * (hi - lo),
            Estimate::StraightLine { unit, up: false } => (unit * lo.hypot(hi)).floor(),
            Estimate::StraightLine { unit, up: true } => (unit * lo.hypot(hi)).ceil(),
            Estimate::Hex { unit } => {
                unit * hex_distance(signed(a.x, b.x), signed(a.y, b.y)) as f64
            }
            Estimate::HexLine { unit, up } => {
                let (q, r) = (signed(a.x, b.x) as f64, signed(a.y, b.y) as f64);
                let line = unit * (q * q + q * r + r * r).sqrt();
                if up {
                    line.ceil()
                } else {
                    line.floor()
                }
            }
            Estimate::Fan { fan, costs } => fan_between(fan, costs, lo, hi),
        }
    }
}

/// The number of moves between two hexes `dq` across and `dr` down on the hex grid
/// (`crate::geometry::hex`), walls aside.
pub fn hex_distance(dq: i64, dr: i64) -> i64 {
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

fn signed(from: u32, to: u32) -> i64 {
    i64::from(to) - i64::from(from)
}

/// [`Estimate::Fan`] for `lo` <= `hi` cells apart: kept out of line, as the hot loops
/// inline `between` for the square grid's formulas.
#[inline(never)]
fn fan_between(fan: &[(u32, u32)], costs: CostModel, lo: f64, hi: f64) -> f64 {
    let bracket = fan
        .windows(2)
        .find(|w| hi * f64::from(w[1].1) >= lo * f64::from(w[1].0));
    bracket.map_or(0.0, |w| {
        let [(ux, uy), (vx, vy)] = [w[0], w[1]].map(|(x, y)| (f64::from(x), f64::from(y)));
        let a = hi * vy - lo * vx;
        let b = ux * lo - uy * hi;
        a * costs.units(ux.hypot(uy)) + b * costs.units(vx.hypot(vy))
    })
}

/// Every move index in order.
const OWN_ORDER: [u8; MAX_MOVES] = {
    let mut order = [0; MAX_MOVES];
    let mut i = 0;
    while i < MAX_MOVES {
        order[i] = i as u8;
        i += 1;
    }
    order
};

/// Which cells neighbour which, what moves cost, what the heuristics estimate and what a
/// cell sees. Implement it for a new neighbourhood and every finder but Jump Point Search
/// (square by nature, see [`Topology::square_grid`]) runs on it unchanged.
pub trait Topology: Send + Sync {
    /// Every move, by index: a record keeps the index of the move that reached a cell, and
    /// finders without a neighbour order of their own try the moves in index order. At most
    /// [`MAX_MOVES`]; the reverse of each move must be one too (searches from the goal walk
    /// the moves backwards).
    fn moves(&self) -> &[Move];

    /// The cost of the `i`-th move onto plain ground (weight 1), in whole cost units;
    /// entering a cell of weight `w` costs `w` times as much. A move and its reverse cost
    /// the same.
    fn step_cost(&self, i: usize) -> f64;

    /// The moves that may be taken from `from`: each onto a passable cell of `grid` and
    /// allowed by the topology's own rules (such as the corner rules). A move is legal one
    /// way exactly when its reverse is legal the other way.
    fn legal_moves(&self, grid: &Grid, from: Point) -> MoveSet;

    /// How far across and down a change of a cell's terrain reaches: the cells whose legal
    /// moves it can change are at most this far from it.
    fn change_reach(&self) -> u32;

    /// The heuristic for options that name none.
    fn default_heuristic(&self) -> Heuristic;

    /// `heuristic` under these moves and costs.
    fn estimate(&self, heuristic: Heuristic) -> Estimate;

    /// Why `heuristic` can overestimate the cost of a path here, so that A* may miss the
    /// shortest one; `None` when it never does. Terrain weights only raise costs.
    fn overestimate(&self, heuristic: Heuristic) -> Option<Overestimate>;

    /// The move indices in `order`, `None` when this topology has no such order. The
    /// default knows only the moves' own order, [`NeighbourOrder::Clockwise`].
    fn order(&self, order: NeighbourOrder) -> Option<&'static [u8]> {
        (order == NeighbourOrder::Clockwise)
            .then(|| &OWN_ORDER[..self.moves().len().min(MAX_MOVES)])
    }

    /// Whether the straight line between the centres of `from` and `to` stays on ground
    /// the moves could cross, for finders that take any angle.
    fn line_of_sight(&self, grid: &Grid, from: Point, to: Point) -> bool;

    /// Whether legal moves worked out under `other` hold here, so that a search may reuse
    /// those another search left.
    fn same_moves(&self, other: &dyn Topology) -> bool;

    /// The square-grid movement this topology is, if it is one: for finders whose rules
    /// are square by nature (Jump Point Search's pruning), which refuse any other.
    fn square_grid(&self) -> Option<Movement> {
        None
    }
}

/// Why a finder cannot search under a topology.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(
    tag = "code",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase"
)]
pub enum TopologyError {
    /// More moves than a record can name.
    TooManyMoves { moves: usize, max: usize },
    /// A move whose reverse is not among the moves.
    NoReverse { dx: i32, dy: i32 },
    /// A neighbour order the topology has no version of.
    NoSuchOrder { order: &'static str },
    /// A finder whose rules hold only on the square grid.
    NotSquare { algorithm: &'static str },
}

impl fmt::Display for TopologyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TopologyError::TooManyMoves { moves, max } => {
                write!(f, "{moves} moves, but a record names at most {max}")
            }
            TopologyError::NoReverse { dx, dy } => {
                write!(f, "the move ({dx},{dy}) has no reverse among the moves")
            }
            TopologyError::NoSuchOrder { order } => {
                write!(f, "this grid has no neighbour order '{order}'")
            }
            TopologyError::NotSquare { algorithm } => {
                write!(f, "{algorithm} searches only square grids")
            }
        }
    }
}

/// Cost tables cover terrain weights 0..16 (walls are never entered): a mask by 15 spares
/// the hot loops a bounds check.
const WEIGHTS: usize = 16;
const _: () = assert!((MAX_WEIGHT as usize) < WEIGHTS);

/// A topology shown by its moves. Not a supertrait of [`Topology`]: every topology's vtable
/// would then carry a `Debug` the page never calls.
impl fmt::Debug for dyn Topology {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Topology")
            .field("moves", &self.moves())
            .finish_non_exhaustive()
    }
}

/// A topology on one grid, with a heuristic: what the finders ask, as tables.
#[derive(Clone, Debug)]
pub struct Neighbourhood {
    topology: Arc<dyn Topology>,
    moves: [Move; MAX_MOVES],
    count: usize,
    /// How far each move shifts a cell index.
    offsets: [i32; MAX_MOVES],
    /// Each move's cost onto each terrain weight: `[move][weight]`.
    costs: [[f64; WEIGHTS]; MAX_MOVES],
    /// The index of each move's reverse.
    reverse: [u8; MAX_MOVES],
    heuristic: Heuristic,
    estimate: Estimate,
    reach: u32,
}

impl Neighbourhood {
    /// `topology` on grids as wide as `grid`, estimating by `heuristic` (`None`: the
    /// topology's usual one); refuses a topology with more moves than a record can name or
    /// a move without its reverse.
    pub fn new(
        topology: Arc<dyn Topology>,
        grid: &Grid,
        heuristic: Option<Heuristic>,
    ) -> Result<Neighbourhood, TopologyError> {
        let heuristic = heuristic.unwrap_or_else(|| topology.default_heuristic());
        let own = topology.moves();
        let count = own.len();
        if count > MAX_MOVES {
            return Err(TopologyError::TooManyMoves {
                moves: count,
                max: MAX_MOVES,
            });
        }
        let mut moves = [Move { dx: 0, dy: 0 }; MAX_MOVES];
        moves[..count].copy_from_slice(own);
        let mut reverse = [0; MAX_MOVES];
        for (i, m) in own.iter().enumerate() {
            let back = own.iter().position(|b| (b.dx, b.dy) == (-m.dx, -m.dy));
            let back = back.ok_or(TopologyError::NoReverse { dx: m.dx, dy: m.dy })?;
            reverse[i] = back as u8;
        }
        let width = grid.width() as i32;
        Ok(Neighbourhood {
            offsets: moves.map(|m| m.dy * width + m.dx),
            costs: std::array::from_fn(|i| {
                let cost = if i < count {
                    topology.step_cost(i)
                } else {
                    0.0
                };
                std::array::from_fn(|weight| cost * weight as f64)
            }),
            reverse,
            heuristic,
            estimate: topology.estimate(heuristic),
            reach: topology.change_reach(),
            moves,
            count,
            topology,
        })
    }

    pub fn topology(&self) -> &Arc<dyn Topology> {
        &self.topology
    }

    /// The heuristic the estimates follow.
    pub fn heuristic(&self) -> Heuristic {
        self.heuristic
    }

    /// How many moves there are.
    pub fn count(&self) -> usize {
        self.count
    }

    pub fn all_moves(&self) -> MoveSet {
        ((1u64 << self.count) - 1) as MoveSet
    }

    /// The `i`-th move.
    #[inline(always)]
    pub fn move_of(&self, i: usize) -> Move {
        self.moves[i]
    }

    /// The moves that may be taken from `from` (see [`Topology::legal_moves`]).
    #[inline]
    pub fn legal_moves(&self, grid: &Grid, from: Point) -> MoveSet {
        self.topology.legal_moves(grid, from)
    }

    /// The cell the `i`-th move from `cell` leads to (the move must be legal from it).
    #[inline(always)]
    pub fn neighbour(&self, cell: u32, i: usize) -> u32 {
        cell.wrapping_add_signed(self.offsets[i])
    }

    /// The cell the `i`-th move came from to reach `cell`: the parent a record names.
    #[inline(always)]
    pub fn source(&self, cell: u32, i: usize) -> u32 {
        cell.wrapping_add_signed(-self.offsets[i])
    }

    /// The point the `i`-th move from `from` leads to (the move must be legal from it).
    #[inline(always)]
    pub fn step(&self, from: Point, i: usize) -> Point {
        let m = self.moves[i];
        Point::new(
            from.x.wrapping_add_signed(m.dx),
            from.y.wrapping_add_signed(m.dy),
        )
    }

    /// The cost of the `i`-th move into a cell of terrain `weight`.
    #[inline(always)]
    pub fn cost(&self, i: usize, weight: u8) -> f64 {
        self.costs[i][usize::from(weight) & (WEIGHTS - 1)]
    }

    /// The cost of the `i`-th move onto plain ground.
    pub fn step_cost(&self, i: usize) -> f64 {
        self.costs[i][1]
    }

    /// The dearest move onto plain ground.
    pub fn steepest(&self) -> f64 {
        (0..self.count)
            .map(|i| self.step_cost(i))
            .fold(0.0, f64::max)
    }

    /// The index of the move that undoes the `i`-th.
    pub fn reverse(&self, i: usize) -> usize {
        usize::from(self.reverse[i])
    }

    /// The heuristic's estimate from `a` to `b`, in cost units.
    #[inline(always)]
    pub fn estimate(&self, a: Point, b: Point) -> f64 {
        self.estimate.between(a, b)
    }

    /// The cells whose legal moves a change of terrain at `p` can alter.
    pub fn around(&self, grid: &Grid, p: Point) -> impl Iterator<Item = u32> {
        grid.within(p, self.reach)
    }

    /// The move indices in `order` (see [`Topology::order`]).
    pub fn order(&self, order: NeighbourOrder) -> Result<&'static [u8], TopologyError> {
        (self.topology.order(order)).ok_or(TopologyError::NoSuchOrder {
            order: order.name(),
        })
    }
}
