//! What a finder saw at a cell it relaxed an edge toward, in the engine's units, and its
//! event form: one conversion for the best-first loop, the bidirectional sides and the ends
//! of Jump Point Search's jumps; and the event of a best-first step.

use crate::finder::Finder;
use crate::geometry::grid::{Grid, Point};
use crate::geometry::movement::Move;
use crate::vocabulary::events::{Neighbour, NodeValues, Outcome, StepEvent};
use crate::vocabulary::status::Status;

pub(crate) enum Seen {
    /// Off the grid, a wall, or a move the topology's own rules forbid (on the square grid,
    /// a corner the diagonal rule forbids cutting).
    Blocked,
    Closed,
    NotImproved {
        candidate_g: f64,
    },
    /// Already open; breadth-first search keeps the first parent.
    AlreadyOpen,
    Opened,
    Improved {
        old_g: f64,
        old_parent: u32,
    },
}

impl Seen {
    /// The event form, for the cell `at` (`None`: off the grid) reached from `from`; `now`
    /// gives the cell's values after the step in display units, and `scale` is the cost
    /// scale.
    pub(crate) fn outcome(
        self,
        grid: &Grid,
        at: Option<usize>,
        from: Point,
        now: impl Fn() -> NodeValues,
        scale: f64,
    ) -> Outcome {
        match self {
            // A move onto a free cell on the grid is blocked only by the topology's rules.
            Seen::Blocked => match at {
                None => Outcome::OffGrid,
                Some(n) if !grid.is_passable_at(n) => Outcome::Wall,
                Some(_) => Outcome::CornerBlocked,
            },
            Seen::Closed => Outcome::Closed,
            Seen::NotImproved { candidate_g } => Outcome::NotImproved {
                g: now().g,
                candidate_g: candidate_g / scale,
            },
            Seen::AlreadyOpen => Outcome::AlreadyOpen { g: now().g },
            // The node being expanded, at `from`, is the new parent.
            Seen::Opened => {
                let NodeValues { g, h, f, .. } = now();
                Outcome::Opened {
                    g,
                    h,
                    f,
                    parent: from,
                }
            }
            Seen::Improved { old_g, old_parent } => {
                let NodeValues { g, h, f, .. } = now();
                Outcome::Improved {
                    old_g: old_g / scale,
                    g,
                    h,
                    f,
                    old_parent: grid.point(old_parent as usize),
                    parent: from,
                }
            }
        }
    }
}

/// The event form of what an expansion from `from` saw by the move `m`; `values` gives a
/// cell's values after the step in display units.
pub(crate) fn neighbour(
    grid: &Grid,
    from: Point,
    m: Move,
    seen: Seen,
    values: impl Fn(u32) -> NodeValues,
    scale: f64,
) -> Neighbour {
    let (x, y) = (from.x as i64 + m.dx as i64, from.y as i64 + m.dy as i64);
    let at = grid.index_of(x, y).ok();
    let now = || values(at.map_or(0, |n| n as u32));
    let outcome = seen.outcome(grid, at, from, now, scale);
    Neighbour { x, y, outcome }
}

/// The event of a best-first step that took `popped` off the open list (`None`: the list
/// was empty): no path, the goal reached, or else what `expanded` makes of the step number
/// and the node's values.
pub(crate) fn step_event(
    finder: &impl Finder,
    popped: Option<u32>,
    expanded: impl FnOnce(u32, NodeValues) -> StepEvent,
) -> StepEvent {
    let step = finder.counters().steps;
    let Some(cell) = popped else {
        return StepEvent::NoPath { step };
    };
    let node = finder.values(cell);
    match finder.status() {
        Status::Found => StepEvent::GoalReached {
            step,
            node,
            cost: finder.shown_path_cost(),
            steps: finder.path().len() as u32 - 1,
            sight: Vec::new(),
        },
        _ => expanded(step, node),
    }
}
