//! Search traces in the Posthoc format (the search-trace viewer of ShortestPathLab): a YAML
//! document with a view that draws each event as a grid cell, and one event per thing the
//! search did: `source`, `destination`, then per expansion `expanding`, a `generating` or
//! `updating` for each neighbour opened or improved, and `closing`; `end` when the goal is
//! reached. Built from the step events, so the page and the command line write the same
//! trace, with G, H and F in the values shown in the cells.

use std::fmt;
use std::io::{self, Write};

use crate::events::{JumpOutcome, NodeValues, Outcome, StepEvent, VertexAction, VisitOutcome};
use crate::finder::Finder;
use crate::grid::Point;
use crate::number_text::number_text;

/// The Posthoc search-trace format version written.
pub const TRACE_VERSION: &str = "1.4.0";

/// Each event's cell is a unit square at (x, y) coloured by the event's type; the viewer
/// centres on the cell of the event in focus.
const HEADER_VIEWS: &str = "\
views:
  main:
    - $: rect
      width: 1
      height: 1
      x: ${{ $.x }}
      y: ${{ $.y }}
      fill: ${{ color[$.type] }}
pivot:
  x: ${{ $.x + 0.5 }}
  y: ${{ $.y + 0.5 }}
  scale: 1
";

#[derive(Debug)]
pub enum TraceError {
    Io(io::Error),
    /// The whole search takes more expansions than the caller allows.
    TooManySteps {
        limit: u32,
    },
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceError::Io(e) => e.fmt(f),
            TraceError::TooManySteps { limit } => {
                write!(f, "the search takes more than {limit} steps to trace")
            }
        }
    }
}

impl std::error::Error for TraceError {}

impl From<io::Error> for TraceError {
    fn from(e: io::Error) -> Self {
        TraceError::Io(e)
    }
}

/// What a written trace holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TraceSummary {
    pub steps: u32,
    pub events: u64,
}

/// Writes the whole search between `start` and `goal`, from its first step to its end,
/// whatever step `finder` is at; it is left at that step. With `max_steps`, stops with
/// [`TraceError::TooManySteps`] once the search runs longer than that.
pub fn write_trace<W: Write>(
    finder: &mut dyn Finder,
    start: Point,
    goal: Point,
    out: &mut W,
    max_steps: Option<u32>,
) -> Result<TraceSummary, TraceError> {
    let at = finder.counters().steps;
    finder.seek(0);
    let written = write_events(finder, start, goal, out, max_steps);
    finder.seek(at);
    written
}

fn write_events<W: Write>(
    run: &mut dyn Finder,
    start: Point,
    goal: Point,
    out: &mut W,
    max_steps: Option<u32>,
) -> Result<TraceSummary, TraceError> {
    let mut writer = EventWriter {
        out,
        width: run.grid().width(),
        events: 0,
    };
    writeln!(writer.out, "version: {TRACE_VERSION}")?;
    writer.out.write_all(HEADER_VIEWS.as_bytes())?;
    writeln!(writer.out, "events:")?;
    let start_values = run.values(run.grid().index(start) as u32);
    writer.event("source", start, None, Some(start_values))?;
    writer.event("destination", goal, None, None)?;
    writer.event("generating", start, None, Some(start_values))?;
    let mut steps = 0;
    while let Some(event) = run.step() {
        steps += 1;
        if let Some(limit) = max_steps.filter(|&limit| steps > limit) {
            return Err(TraceError::TooManySteps { limit });
        }
        match event {
            // Either side of a bidirectional search expands as a best-first search does.
            StepEvent::Expanded {
                node, neighbours, ..
            }
            | StepEvent::SideExpanded {
                node, neighbours, ..
            } => {
                let at = Point::new(node.x, node.y);
                let parent = run.parent_of(at).ok().flatten();
                writer.event("expanding", at, parent, Some(node))?;
                for n in &neighbours {
                    let (kind, g, h, f, parent) = match n.outcome {
                        Outcome::Opened { g, h, f, parent } => ("generating", g, h, f, parent),
                        Outcome::Improved {
                            g, h, f, parent, ..
                        } => ("updating", g, h, f, parent),
                        _ => continue,
                    };
                    let to = Point::new(n.x as u32, n.y as u32);
                    let values = NodeValues {
                        x: to.x,
                        y: to.y,
                        g,
                        h,
                        f,
                    };
                    writer.event(kind, to, Some(parent), Some(values))?;
                }
                writer.event("closing", at, parent, Some(node))?;
            }
            StepEvent::Jumped { node, jumps, .. } => {
                let at = Point::new(node.x, node.y);
                let parent = run.parent_of(at).ok().flatten();
                writer.event("expanding", at, parent, Some(node))?;
                for jump in &jumps {
                    let JumpOutcome::JumpPoint { x, y, result, .. } = &jump.end else {
                        continue;
                    };
                    let (kind, g, h, f, parent) = match *result {
                        Outcome::Opened { g, h, f, parent } => ("generating", g, h, f, parent),
                        Outcome::Improved {
                            g, h, f, parent, ..
                        } => ("updating", g, h, f, parent),
                        _ => continue,
                    };
                    let values = NodeValues {
                        x: *x,
                        y: *y,
                        g,
                        h,
                        f,
                    };
                    writer.event(kind, Point::new(*x, *y), Some(parent), Some(values))?;
                }
                writer.event("closing", at, parent, Some(node))?;
            }
            StepEvent::GoalReached { node, .. } => {
                let at = Point::new(node.x, node.y);
                let parent = run.parent_of(at).ok().flatten();
                writer.event("end", at, parent, Some(node))?;
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
                writer.event(kind, at, parent, Some(node))?;
            }
            StepEvent::Stopped {
                meeting: Some(_),
                cost: Some(_),
                ..
            } => {
                let values = run.values(run.grid().index(goal) as u32);
                let parent = run.parent_of(goal).ok().flatten();
                writer.event("end", goal, parent, Some(values))?;
            }
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
                    writer.event("updating", at, parent, Some(node))?;
                    continue;
                }
                writer.event("expanding", at, parent, Some(node))?;
                for to in updated {
                    let values = run.values(run.grid().index(to) as u32);
                    let by = run.parent_of(to).ok().flatten();
                    writer.event("updating", to, by, Some(values))?;
                }
                writer.event("closing", at, parent, Some(node))?;
            }
            StepEvent::NoPath { .. } | StepEvent::NodeLimit { .. } | StepEvent::Stopped { .. } => {}
        }
    }
    writer.out.flush()?;
    Ok(TraceSummary {
        steps,
        events: writer.events,
    })
}

struct EventWriter<'a, W: Write> {
    out: &'a mut W,
    width: u32,
    events: u64,
}

impl<W: Write> EventWriter<'_, W> {
    /// One event as a one-line YAML mapping. A node's id is its cell index, so the viewer
    /// links each node to its parent by `pId`; unknown values are `null`.
    fn event(
        &mut self,
        kind: &str,
        at: Point,
        parent: Option<Point>,
        values: Option<NodeValues>,
    ) -> io::Result<()> {
        let id = |p: Point| p.y as u64 * self.width as u64 + p.x as u64;
        let p_id = parent.map_or("null".to_string(), |p| id(p).to_string());
        let (g, h, f) = values.map_or(("null".into(), "null".into(), "null".into()), |v| {
            (number(v.g), number(v.h), number(v.f))
        });
        writeln!(
            self.out,
            "  - {{ type: {kind}, id: {}, pId: {p_id}, x: {}, y: {}, g: {g}, h: {h}, f: {f} }}",
            id(at),
            at.x,
            at.y
        )?;
        self.events += 1;
        Ok(())
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
) -> Result<String, TraceError> {
    let mut bytes = Vec::new();
    write_trace(finder, start, goal, &mut bytes, max_steps)?;
    // Everything written above is ASCII.
    Ok(String::from_utf8(bytes).unwrap_or_default())
}
