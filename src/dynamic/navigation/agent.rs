//! The agent of a navigation: where it stands, the map as it knows it, the cells its sensor
//! has seen and the cells it stood on. What it knows starts as plain ground everywhere (the
//! map's size is all it is told) and grows with each look of its sensor.

use crate::finder::repairing::CellEdit;
use crate::geometry::grid::{Grid, GridError, Point, WALL};
use crate::geometry::topology::Topology;

/// What a look of the sensor found, to put back when the move it was part of is undone.
#[derive(Clone, Copy, Debug)]
pub(super) enum Discovery {
    /// A cell seen for the first time.
    FirstSeen(u32),
    /// A cell of the known map learned to be other than thought: its terrain before.
    Learned { at: Point, old: u8 },
}

/// Where the agent is in its walk: all a move changes but what the sensor finds.
#[derive(Clone, Copy, Debug)]
pub(super) struct Place {
    at: Point,
    k: u32,
    travelled: f64,
    trail: usize,
}

pub(super) struct Agent {
    pub at: Point,
    /// Moves made so far.
    pub k: u32,
    /// Cost units of the moves made, on the real map.
    pub travelled: f64,
    pub known: Grid,
    /// The cells the sensor sees, as offsets from the agent.
    sensor: Vec<(i32, i32)>,
    /// 1 for each cell the sensor has seen, 0 for the others.
    pub seen: Vec<u8>,
    /// The cells stood on, in order.
    pub trail: Vec<u32>,
}

impl Agent {
    /// An agent at `start` on a map the size of `world` that it knows nothing of yet,
    /// seeing the cells within `radius` of it (Euclidean, in cells; at least
    /// [`super::MIN_SENSOR_RADIUS`], checked by the caller).
    pub fn new(world: &Grid, start: Point, radius: f64) -> Result<Agent, GridError> {
        // No farther than the map reaches: a huge radius sees the whole map.
        let reach = radius.min(f64::from(world.width().max(world.height())));
        let r = reach.floor() as i32;
        let sensor = (-r..=r)
            .flat_map(|dy| (-r..=r).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| f64::from(dx * dx + dy * dy) <= reach * reach)
            .collect();
        Ok(Agent {
            at: start,
            k: 0,
            travelled: 0.0,
            known: Grid::new(world.width(), world.height())?,
            sensor,
            seen: vec![0; world.cell_count()],
            trail: vec![world.index(start) as u32],
        })
    }

    /// Looks around: the cells whose terrain the sensor finds on `world` other than the
    /// agent knew (its own cell passable whatever the real map says: it stands there),
    /// learned; each cell seen first and each learned is told to `note`.
    pub fn sense(&mut self, world: &Grid, mut note: impl FnMut(Discovery)) -> Vec<CellEdit> {
        let (x, y) = (i64::from(self.at.x), i64::from(self.at.y));
        let own = world.index(self.at);
        let mut changes = Vec::new();
        for &(dx, dy) in &self.sensor {
            let Ok(cell) = world.index_of(x + i64::from(dx), y + i64::from(dy)) else {
                continue;
            };
            if self.seen[cell] == 0 {
                self.seen[cell] = 1;
                note(Discovery::FirstSeen(cell as u32));
            }
            let terrain = world.terrain()[cell];
            let old = self.known.terrain()[cell];
            if old != terrain && !(cell == own && terrain == WALL) {
                let at = world.point(cell);
                // On the grid: the known map has the world's size.
                let _ = self.known.set(at, terrain);
                note(Discovery::Learned { at, old });
                changes.push(CellEdit { at, terrain });
            }
        }
        changes
    }

    /// Moves to `cell`, one legal move of `topology` away, counting the move's cost on the
    /// real map.
    pub fn step_to(&mut self, cell: u32, world: &Grid, topology: &dyn Topology) {
        let to = world.point(cell as usize);
        let (dx, dy) = (
            to.x as i32 - self.at.x as i32,
            to.y as i32 - self.at.y as i32,
        );
        let step = (topology.moves().iter())
            .position(|m| (m.dx, m.dy) == (dx, dy))
            .map_or(0.0, |i| topology.step_cost(i));
        self.travelled += step * f64::from(world.terrain()[cell as usize]);
        self.at = to;
        self.k += 1;
        self.trail.push(cell);
    }

    pub fn place(&self) -> Place {
        Place {
            at: self.at,
            k: self.k,
            travelled: self.travelled,
            trail: self.trail.len(),
        }
    }

    /// Back to `place`, the cells stood on since forgotten.
    pub fn go_back(&mut self, place: Place) {
        (self.at, self.k, self.travelled) = (place.at, place.k, place.travelled);
        self.trail.truncate(place.trail);
    }

    /// Takes back what a look found.
    pub fn forget(&mut self, discovery: Discovery) {
        match discovery {
            Discovery::FirstSeen(cell) => self.seen[cell as usize] = 0,
            Discovery::Learned { at, old } => {
                // It was learned on this grid.
                let _ = self.known.set(at, old);
            }
        }
    }
}
