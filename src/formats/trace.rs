//! Search traces in the Posthoc format (the search-trace viewer of ShortestPathLab): a YAML
//! document with a view that draws each event as a grid cell, and one event per thing the
//! search did: `source`, `destination`, then per expansion `expanding`, a `generating` or
//! `updating` for each neighbour opened or improved, and `closing`; `end` when the goal is
//! reached. Built from the step events, so the page and the command line write the same
//! trace, with G, H and F in the values shown in the cells.
//!
//! Theta* and Lazy Theta* add a `sight` event for each line-of-sight test, in the order the
//! search made it: at the cell tested, before that neighbour's `generating` or `updating`
//! (Lazy Theta*: before the `expanding` or `end` of the node whose parent it tests), with
//! `fromX`, `fromY` the cell it was tested from and `clear` whether it passed; the view draws
//! its segment. It names no parent (`pId: null`): the last event about a node on the path
//! still gives its parent, as each is expanded after its tests.
//!
//! Posthoc follows a path from any event by `pId`, each node's parent being the `pId` of the
//! last event about it. A bidirectional search's events carry `side: forward` or
//! `side: backward` (the view draws the backward side's cells half transparent), and the
//! backward side's parents point toward the goal; so once the two sides have met, a `path`
//! event for each cell from the start to the one before the goal gives it its parent on the
//! path found, and `end` at the goal follows.

use std::fmt::{self, Write};
use std::io;

use crate::finder::Finder;
use crate::geometry::grid::Point;
use crate::geometry::hex::Tiling;
use crate::text::number_text::number_text;
use crate::vocabulary::agent::Arrival;
use crate::vocabulary::events::{
    JumpOutcome, Neighbour, NodeValues, Outcome, Side, SightTest, StepEvent, VertexAction,
    VisitOutcome,
};

/// The Posthoc search-trace format version written.
pub const TRACE_VERSION: &str = "1.4.0";

/// Each event's cell is a unit square at (x, y) coloured by the event's type (a `path` event
/// as `end`), half transparent for the backward side of a bidirectional search; the viewer
/// centres on the cell of the event in focus. Expressions holding `: ` are quoted, which a
/// YAML plain value cannot hold. On the hex grid (axial coordinates, see
/// `crate::geometry::hex`) Posthoc has no hexagon to draw, so each hex is a unit brick
/// shifted half a cell right per row, [`HEX_X`]: a brick then touches exactly the bricks of
/// its six neighbours, as a hex does.
const HEADER_VIEWS: &str = "\
views:
  main:
    - $: rect
      width: 1
      height: 1
      x: ${{ $.x }}
      y: ${{ $.y }}
      fill: \"${{ $.type == 'path' ? color.end : color[$.type] }}\"
      alpha: \"${{ $.side == 'backward' ? 0.5 : 1 }}\"
pivot:
  x: ${{ $.x + 0.5 }}
  y: ${{ $.y + 0.5 }}
  scale: 1
";

/// Any-angle finders: each `sight` event drawn as its segment between the two cell centres,
/// green where it passed, red where it was blocked, and no cell; inserted
/// before the cell's rule. (Theta* and Lazy Theta* search squares only, never hexes.)
const SIGHT_VIEW: &str = "    - $: path
      $if: \"${{ $.type == 'sight' }}\"
      points:
        - { x: \"${{ $.fromX + 0.5 }}\", y: \"${{ $.fromY + 0.5 }}\" }
        - { x: \"${{ $.x + 0.5 }}\", y: \"${{ $.y + 0.5 }}\" }
      lineWidth: 0.15
      fill: \"${{ $.clear ? '#009e73' : '#b3261e' }}\"
    - $: rect
      $if: \"${{ $.type != 'sight' }}\"
";

/// Where a hex's brick stands across: half a cell right per row.
const HEX_X: &str = "($.x + $.y / 2)";

/// Why a trace was not written whole: `E` is the output's error, a stream's for
/// [`write_trace`] and a formatting error for [`trace_text`] (which the page uses, so that the
/// engine carries none of the standard library's stream code).
#[derive(Debug)]
pub enum TraceError<E = io::Error> {
    /// The output refused the text (a `String` never does).
    Write(E),
    /// The whole search takes more expansions than the caller allows.
    TooManySteps { limit: u32 },
}

impl<E: fmt::Display> fmt::Display for TraceError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceError::Write(e) => e.fmt(f),
            TraceError::TooManySteps { limit } => {
                write!(f, "the search takes more than {limit} steps to trace")
            }
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for TraceError<E> {}

impl From<fmt::Error> for TraceError<fmt::Error> {
    fn from(e: fmt::Error) -> Self {
        TraceError::Write(e)
    }
}

/// What a written trace holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TraceSummary {
    pub steps: u32,
    pub events: u64,
    /// IDA*: the node limit it stopped at without an answer (the trace is complete, without
    /// `end`).
    pub node_limit: Option<u32>,
}

/// Writes the whole search between `start` and `goal`, from its first step to its end,
/// whatever step `finder` is at; it is left at that step. With `max_steps`, stops with
/// [`TraceError::TooManySteps`] once the search runs longer than that.
pub fn write_trace<W: io::Write>(
    finder: &mut dyn Finder,
    start: Point,
    goal: Point,
    out: &mut W,
    max_steps: Option<u32>,
) -> Result<TraceSummary, TraceError> {
    let mut stream = Stream { out, error: None };
    let written = from_the_start(finder, |finder| {
        write_events(finder, start, goal, &mut stream, max_steps)
    });
    let refused = |error: Option<io::Error>| error.unwrap_or_else(|| io::Error::other(fmt::Error));
    match written {
        Ok(summary) => match stream.out.flush() {
            Ok(()) => Ok(summary),
            Err(e) => Err(TraceError::Write(e)),
        },
        Err(TraceError::Write(fmt::Error)) => Err(TraceError::Write(refused(stream.error))),
        Err(TraceError::TooManySteps { limit }) => Err(TraceError::TooManySteps { limit }),
    }
}

/// A stream as the text output the trace is written to, keeping the stream's error.
struct Stream<'a, W: io::Write> {
    out: &'a mut W,
    error: Option<io::Error>,
}

impl<W: io::Write> Write for Stream<'_, W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.out.write_all(text.as_bytes()).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}

/// `write` run on the search from its first step; the search is then left at the step it
/// was at.
fn from_the_start<T>(finder: &mut dyn Finder, write: impl FnOnce(&mut dyn Finder) -> T) -> T {
    let at = finder.counters().steps;
    finder.seek(0);
    let written = write(&mut *finder);
    finder.seek(at);
    written
}

fn write_events(
    run: &mut dyn Finder,
    start: Point,
    goal: Point,
    out: &mut dyn Write,
    max_steps: Option<u32>,
) -> Result<TraceSummary, TraceError<fmt::Error>> {
    let mut writer = EventWriter {
        out,
        width: run.grid().width(),
        events: 0,
        side: None,
    };
    writeln!(writer.out, "version: {TRACE_VERSION}")?;
    let views = if run.options().tiling == Tiling::Hex {
        HEADER_VIEWS.replace("$.x", HEX_X)
    } else if run.options().algorithm.entry().sight.is_some() {
        HEADER_VIEWS.replace("    - $: rect\n", SIGHT_VIEW)
    } else {
        HEADER_VIEWS.into()
    };
    writer.out.write_str(&views)?;
    writeln!(writer.out, "events:")?;
    let start_values = run.values(run.grid().index(start) as u32);
    writer.node("source", start, None, Some(start_values))?;
    writer.node("destination", goal, None, None)?;
    let bidirectional = run.options().algorithm.is_bidirectional();
    if bidirectional {
        writer.side = Some(Side::Forward);
    }
    writer.node("generating", start, None, Some(start_values))?;
    if bidirectional {
        // The backward search starts at the goal.
        writer.side = Some(Side::Backward);
        let goal_values = run.values(run.grid().index(goal) as u32);
        writer.node("generating", goal, None, Some(goal_values))?;
    }
    let mut steps = 0;
    let mut node_limit = None;
    while let Some(event) = run.step() {
        steps += 1;
        if let Some(limit) = max_steps.filter(|&limit| steps > limit) {
            return Err(TraceError::TooManySteps { limit });
        }
        match event {
            StepEvent::Expanded {
                node,
                neighbours,
                sight,
                ..
            } => writer.expansion(run, node, &neighbours, &sight)?,
            StepEvent::SideExpanded {
                side,
                node,
                neighbours,
                ..
            } => {
                writer.side = Some(side);
                writer.expansion(run, node, &neighbours, &[])?;
            }
            StepEvent::Jumped { node, jumps, .. } => {
                let at = Point::new(node.x, node.y);
                let parent = run.parent_of(at).ok().flatten();
                writer.node("expanding", at, parent, Some(node))?;
                for jump in &jumps {
                    let JumpOutcome::JumpPoint { x, y, result, .. } = &jump.end else {
                        continue;
                    };
                    writer.outcome(Point::new(*x, *y), result)?;
                }
                writer.node("closing", at, parent, Some(node))?;
            }
            // LPA* and D* Lite choose a cell's parent among its neighbours when asked, so
            // the pIds their expansions gave may name another of two equal ways: the path
            // they settled on goes out as path events, as a bidirectional search's does.
            StepEvent::GoalReached { cost, .. } if run.options().algorithm.repairs() => {
                writer.joined_path(run, cost)?
            }
            StepEvent::GoalReached { node, sight, .. } => {
                let at = Point::new(node.x, node.y);
                writer.sight(&mut &sight[..], at)?;
                let parent = run.parent_of(at).ok().flatten();
                writer.node("end", at, parent, Some(node))?;
            }
            // IDA*: a node joining the depth-first path is expanded, one cut off is
            // generated (with the F that exceeded the threshold).
            StepEvent::Visited { node, outcome, .. } => {
                let at = Point::new(node.x, node.y);
                let parent = run.parent_of(at).ok().flatten();
                let kind = match outcome {
                    VisitOutcome::Pushed => "expanding",
                    VisitOutcome::Pruned => "generating",
                };
                writer.node(kind, at, parent, Some(node))?;
            }
            StepEvent::Stopped {
                meeting: Some(_),
                cost: Some(cost),
                ..
            } => writer.joined_path(run, cost)?,
            StepEvent::NodeLimit { limit, .. } => node_limit = Some(limit),
            // LPA* and D* Lite: a vertex whose g changed is expanded and its neighbours with
            // a new rhs or key updated; a vertex requeued under a larger key is updated.
            StepEvent::VertexTaken {
                node,
                action,
                updated,
                ..
            } => {
                let at = Point::new(node.x, node.y);
                let parent = run.parent_of(at).ok().flatten();
                if let VertexAction::Requeued { .. } = action {
                    writer.node("updating", at, parent, Some(node))?;
                    continue;
                }
                writer.node("expanding", at, parent, Some(node))?;
                for to in updated {
                    let values = run.values(run.grid().index(to) as u32);
                    let by = run.parent_of(to).ok().flatten();
                    writer.node("updating", to, by, Some(values))?;
                }
                writer.node("closing", at, parent, Some(node))?;
            }
            // A walk: the agent's move, from the cell it left; each cell its sensor found
            // other than the agent thought, updated from where it stood; `end` on arrival,
            // so that following the parents from it gives the trail.
            StepEvent::Moved {
                from,
                at,
                revealed,
                arrival,
                ..
            } => {
                writer.node("expanding", at, Some(from), None)?;
                for cell in revealed {
                    writer.node("updating", cell, Some(at), None)?;
                }
                if let Some(Arrival::Arrived { travelled, .. }) = arrival {
                    writer.event("end", at, Some(from), [Some(travelled), None, None], None)?;
                }
            }
            StepEvent::NoPath { .. } | StepEvent::Stopped { .. } => {}
        }
    }
    Ok(TraceSummary {
        steps,
        events: writer.events,
        node_limit,
    })
}

struct EventWriter<'a> {
    out: &'a mut dyn Write,
    width: u32,
    events: u64,
    /// The side of a bidirectional search the events being written belong to.
    side: Option<Side>,
}

impl EventWriter<'_> {
    /// One event as a one-line YAML mapping. A node's id is its cell index, so the viewer
    /// links each node to its parent by `pId`; unknown values are `null`. A line-of-sight
    /// test's event adds the cell it was tested from and whether it passed.
    fn event(
        &mut self,
        kind: &str,
        at: Point,
        parent: Option<Point>,
        [g, h, f]: [Option<f64>; 3],
        tested: Option<&SightTest>,
    ) -> fmt::Result {
        let id = |p: Point| p.y as u64 * self.width as u64 + p.x as u64;
        let p_id = parent.map_or("null".to_string(), |p| id(p).to_string());
        let [g, h, f] = [g, h, f].map(|v| v.map_or("null".to_string(), number));
        write!(
            self.out,
            "  - {{ type: {kind}, id: {}, pId: {p_id}, x: {}, y: {}, g: {g}, h: {h}, f: {f}",
            id(at),
            at.x,
            at.y
        )?;
        if let Some(SightTest { from, clear, .. }) = tested {
            write!(
                self.out,
                ", fromX: {}, fromY: {}, clear: {clear}",
                from.x, from.y
            )?;
        }
        match self.side {
            Some(Side::Forward) => writeln!(self.out, ", side: forward }}")?,
            Some(Side::Backward) => writeln!(self.out, ", side: backward }}")?,
            None => writeln!(self.out, " }}")?,
        }
        self.events += 1;
        Ok(())
    }

    /// An event about a node with its G, H and F (all unknown without values).
    fn node(
        &mut self,
        kind: &str,
        at: Point,
        parent: Option<Point>,
        values: Option<NodeValues>,
    ) -> fmt::Result {
        let values = values.map_or([None; 3], |v| [Some(v.g), Some(v.h), Some(v.f)]);
        self.event(kind, at, parent, values, None)
    }

    /// A neighbour opened (`generating`) or improved (`updating`); nothing for the others.
    fn outcome(&mut self, to: Point, outcome: &Outcome) -> fmt::Result {
        let (kind, g, h, f, parent) = match *outcome {
            Outcome::Opened { g, h, f, parent } => ("generating", g, h, f, parent),
            Outcome::Improved {
                g, h, f, parent, ..
            } => ("updating", g, h, f, parent),
            _ => return Ok(()),
        };
        let values = NodeValues {
            x: to.x,
            y: to.y,
            g,
            h,
            f,
            side: None,
        };
        self.node(kind, to, Some(parent), Some(values))
    }

    /// The line-of-sight tests next in `tests` made toward `to`, each a `sight` event.
    fn sight(&mut self, tests: &mut &[SightTest], to: Point) -> fmt::Result {
        while let [test, rest @ ..] = tests {
            if test.to != to {
                break;
            }
            self.event("sight", to, None, [None; 3], Some(test))?;
            *tests = rest;
        }
        Ok(())
    }

    /// A best-first expansion: `expanding`, each neighbour opened or improved, `closing`;
    /// each line-of-sight test where the search made it, before the node or the neighbour
    /// it was made toward.
    fn expansion(
        &mut self,
        run: &dyn Finder,
        node: NodeValues,
        neighbours: &[Neighbour],
        sight: &[SightTest],
    ) -> fmt::Result {
        let at = Point::new(node.x, node.y);
        let parent = run.parent_of(at).ok().flatten();
        let tests = &mut &sight[..];
        self.sight(tests, at)?;
        self.node("expanding", at, parent, Some(node))?;
        for n in neighbours {
            let to = Point::new(n.x as u32, n.y as u32);
            self.sight(tests, to)?;
            self.outcome(to, &n.outcome)?;
        }
        self.node("closing", at, parent, Some(node))
    }

    /// The end of a bidirectional search that found a path: a `path` event for each cell
    /// before the goal, with its parent on the path (none for the start) and its cost from
    /// the start, then `end` at the goal with the path's cost.
    fn joined_path(&mut self, run: &dyn Finder, cost: f64) -> fmt::Result {
        self.side = None;
        let (grid, options) = (run.grid(), run.options());
        let path: Vec<Point> = run.path().iter().map(|&c| grid.point(c as usize)).collect();
        let mut g = 0.0;
        for i in 0..path.len().saturating_sub(1) {
            let parent = i.checked_sub(1).map(|before| path[before]);
            if i > 0 {
                g += options.path_cost(grid, &run.path()[i - 1..=i]);
            }
            self.event("path", path[i], parent, [Some(g), None, None], None)?;
        }
        // The goal's parent: the cell before it (none when the start is the goal).
        let (goal, before) = match path[..] {
            [.., before, goal] => (goal, Some(before)),
            [goal] => (goal, None),
            [] => return Ok(()),
        };
        self.event("end", goal, before, [Some(cost), None, None], None)
    }
}

/// A YAML number: whole values without a decimal point, others in the shortest form that
/// reads back exactly (see [`number_text`]), infinities as YAML spells them.
fn number(v: f64) -> String {
    if v.is_infinite() {
        if v > 0.0 { ".inf" } else { "-.inf" }.to_string()
    } else if v.is_nan() {
        ".nan".to_string()
    } else {
        number_text(v)
    }
}

/// The trace as a string, for callers without a stream (the page).
pub fn trace_text(
    finder: &mut dyn Finder,
    start: Point,
    goal: Point,
    max_steps: Option<u32>,
) -> Result<String, TraceError<fmt::Error>> {
    let mut text = String::new();
    from_the_start(finder, |finder| {
        write_events(finder, start, goal, &mut text, max_steps)
    })?;
    Ok(text)
}
