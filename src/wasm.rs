//! The JavaScript boundary: `MapEditor` and `Search` objects for the page.
//!
//! Whole-grid data (terrain, each cell's search record, G, and H and F for the cells on
//! show) is read by JavaScript through typed-array views on wasm memory at the pointers
//! returned here; small structured values (options, events, errors) cross with
//! serde-wasm-bindgen. Every argument is checked and every failure becomes a thrown
//! `Error`: a panic would kill the module. The error's `problem` property holds a code and
//! the values a message needs (`{ code, ...values }`), which the page puts into words in the
//! reader's language; its `message` is English, for the console.

use std::fmt;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::editor::{Endpoint, MapEditor};
use crate::events::{NodeValues, StepEvent};
use crate::finder::{
    new_finder, Finder, MARK_BACKWARD, MARK_FORCED, MARK_JUMP_POINT, MARK_MEETING, MARK_ON_STACK,
    MARK_PRUNED, MARK_SCANNED,
};
use crate::grid::Point;
use crate::map_text::MapFormat;
use crate::movement::MOVES;
use crate::number_text::{number_text, parse_number};
use crate::options::SearchOptions;
use crate::scenario;
use crate::search::{CellState, HAS_PARENT, PARENT_MOVE_SHIFT, STATE_MASK};
use crate::trace::{trace_text, TraceError};
use crate::{Algorithm, CostModel, DiagonalRule, Directions, Heuristic, TieBreak};

/// Logs panics to the console: should one ever happen, the page can say what broke.
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("astar-visualizer panicked: {info}").into());
    }));
}

type JsResult<T> = Result<T, JsValue>;

fn to_js<T: Serialize>(value: &T) -> JsResult<JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_sys::Error::new(&e.to_string()).into())
}

/// A thrown `Error` carrying the problem: English message, `problem` = `{ code, ...values }`.
fn fail<P: Serialize + fmt::Display>(problem: P) -> JsValue {
    let error = js_sys::Error::new(&problem.to_string());
    if let Ok(value) = to_js(&problem) {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&error, &"problem".into(), &value);
    }
    error.into()
}

fn edit_error(e: crate::editor::EditError) -> JsValue {
    fail(e)
}

/// Misuse of the boundary itself: arguments JavaScript should not have passed.
#[derive(Serialize)]
#[serde(
    tag = "code",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase"
)]
enum BoundaryProblem {
    NotWhole {
        name: String,
        max: f64,
        value: f64,
    },
    BadCoordinate {
        name: String,
        value: f64,
    },
    OptionsNotObject,
    UnknownOptionField {
        field: String,
        allowed: String,
    },
    OptionUnreadable {
        field: String,
    },
    OptionNotText {
        field: String,
    },
    OptionWeight {
        given: String,
    },
    OptionNodeLimit {
        given: String,
        max: u32,
    },
    /// Writing the trace text failed (it is built in memory, so this is not expected).
    TraceWrite {
        detail: String,
    },
}

impl fmt::Display for BoundaryProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoundaryProblem::NotWhole { name, max, value } => {
                write!(
                    f,
                    "{name} must be a whole number from 0 to {}, got {}",
                    number_text(*max),
                    number_text(*value)
                )
            }
            BoundaryProblem::BadCoordinate { name, value } => {
                write!(
                    f,
                    "{name} must be a whole number, got {}",
                    number_text(*value)
                )
            }
            BoundaryProblem::OptionsNotObject => {
                f.write_str("search options must be an object such as { algorithm: 'astar' }")
            }
            BoundaryProblem::UnknownOptionField { field, allowed } => {
                write!(
                    f,
                    "search options: unknown field '{field}'; expected {allowed}"
                )
            }
            BoundaryProblem::OptionUnreadable { field } => {
                write!(f, "search options: cannot read '{field}'")
            }
            BoundaryProblem::OptionNotText { field } => {
                write!(f, "search options: '{field}' must be a string or a number")
            }
            BoundaryProblem::TraceWrite { detail } => {
                write!(f, "the trace could not be written: {detail}")
            }
            BoundaryProblem::OptionNodeLimit { given, max } => {
                write!(
                    f,
                    "search options: nodeLimit must be a whole number from 1 to {max}, got '{given}'"
                )
            }
            BoundaryProblem::OptionWeight { given } => {
                write!(
                    f,
                    "search options: weight must be a number >= 0, got '{given}'"
                )
            }
        }
    }
}

/// A JavaScript number that must be a whole number in `0..=max`.
fn whole(value: f64, name: &str, max: f64) -> JsResult<i64> {
    if value.fract() != 0.0 || !(0.0..=max).contains(&value) {
        return Err(fail(BoundaryProblem::NotWhole {
            name: name.into(),
            max,
            value,
        }));
    }
    Ok(value as i64)
}

/// A coordinate: whole and not absurd; the grid then says whether it is on the map.
fn coord(value: f64, name: &str) -> JsResult<i64> {
    if value.fract() != 0.0 || !value.is_finite() || value.abs() > 1e9 {
        return Err(fail(BoundaryProblem::BadCoordinate {
            name: name.into(),
            value,
        }));
    }
    Ok(value as i64)
}

#[derive(Serialize)]
struct Xy {
    x: u32,
    y: u32,
}

impl From<Point> for Xy {
    fn from(p: Point) -> Self {
        Xy { x: p.x, y: p.y }
    }
}

#[wasm_bindgen(js_name = MapEditor)]
pub struct JsMapEditor {
    inner: MapEditor,
}

#[wasm_bindgen(js_class = MapEditor)]
impl JsMapEditor {
    /// A blank map.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64) -> JsResult<JsMapEditor> {
        let (w, h) = sides(width, height)?;
        MapEditor::new(w, h)
            .map(|inner| JsMapEditor { inner })
            .map_err(fail)
    }

    /// A map with a wall standing between start and goal, as in the tutorials.
    #[wasm_bindgen(js_name = defaultScene)]
    pub fn default_scene(width: f64, height: f64) -> JsResult<JsMapEditor> {
        let (w, h) = sides(width, height)?;
        MapEditor::default_scene(w, h)
            .map(|inner| JsMapEditor { inner })
            .map_err(fail)
    }

    /// Reads any supported text map; the error names the line and column.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(text: &str) -> JsResult<JsMapEditor> {
        MapEditor::from_text(text)
            .map(|inner| JsMapEditor { inner })
            .map_err(fail)
    }

    /// `format`: "ox", "dot" or "movingai".
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self, format: &str) -> JsResult<String> {
        let format: MapFormat = format.parse().map_err(fail)?;
        self.inner.to_text(format).map_err(fail)
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.inner.grid().width()
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.inner.grid().height()
    }

    #[wasm_bindgen(js_name = cellCount)]
    pub fn cell_count(&self) -> u32 {
        self.inner.grid().cell_count() as u32
    }

    pub fn start(&self) -> JsResult<JsValue> {
        to_js(&Xy::from(self.inner.start()))
    }

    pub fn goal(&self) -> JsResult<JsValue> {
        to_js(&Xy::from(self.inner.goal()))
    }

    /// Offset in wasm memory of the terrain bytes (0 wall, 1..9 weight), row by row.
    #[wasm_bindgen(js_name = terrainPtr)]
    pub fn terrain_ptr(&self) -> *const u8 {
        self.inner.grid().terrain().as_ptr()
    }

    #[wasm_bindgen(js_name = terrainAt)]
    pub fn terrain_at(&self, x: f64, y: f64) -> JsResult<u8> {
        let grid = self.inner.grid();
        let i = grid
            .index_of(coord(x, "x")?, coord(y, "y")?)
            .map_err(fail)?;
        Ok(grid.terrain()[i])
    }

    #[wasm_bindgen(js_name = beginStroke)]
    pub fn begin_stroke(&mut self) {
        self.inner.begin_stroke();
    }

    #[wasm_bindgen(js_name = endStroke)]
    pub fn end_stroke(&mut self) -> bool {
        self.inner.end_stroke()
    }

    /// `brush`: 0 wall, 1 eraser, 2..9 terrain weight.
    pub fn paint(&mut self, x: f64, y: f64, brush: f64) -> JsResult<()> {
        let brush = whole(brush, "brush", 9.0)? as u8;
        self.inner
            .paint(coord(x, "x")?, coord(y, "y")?, brush)
            .map_err(fail)
    }

    #[wasm_bindgen(js_name = paintLine)]
    pub fn paint_line(&mut self, x0: f64, y0: f64, x1: f64, y1: f64, brush: f64) -> JsResult<()> {
        let brush = whole(brush, "brush", 9.0)? as u8;
        let (x0, y0) = (coord(x0, "x0")?, coord(y0, "y0")?);
        let (x1, y1) = (coord(x1, "x1")?, coord(y1, "y1")?);
        self.inner.paint_line(x0, y0, x1, y1, brush).map_err(fail)
    }

    #[wasm_bindgen(js_name = moveStart)]
    pub fn move_start(&mut self, x: f64, y: f64) -> JsResult<()> {
        self.inner
            .move_endpoint(Endpoint::Start, coord(x, "x")?, coord(y, "y")?)
            .map_err(fail)
    }

    #[wasm_bindgen(js_name = moveGoal)]
    pub fn move_goal(&mut self, x: f64, y: f64) -> JsResult<()> {
        self.inner
            .move_endpoint(Endpoint::Goal, coord(x, "x")?, coord(y, "y")?)
            .map_err(fail)
    }

    /// Opens a map read from text in place of this one, as one undo entry; returns the
    /// format it was in ("ox", "dot" or "movingai"). A text that cannot be read changes
    /// nothing and the error names the line and column.
    #[wasm_bindgen(js_name = loadText)]
    pub fn load_text(&mut self, text: &str) -> JsResult<String> {
        self.inner
            .load_text(text)
            .map(|format| format.name().to_string())
            .map_err(edit_error)
    }

    /// Puts the start and the goal at once (a benchmark scenario), as one undo entry.
    #[wasm_bindgen(js_name = placeEndpoints)]
    pub fn place_endpoints(
        &mut self,
        start_x: f64,
        start_y: f64,
        goal_x: f64,
        goal_y: f64,
    ) -> JsResult<()> {
        let start = (coord(start_x, "start x")?, coord(start_y, "start y")?);
        let goal = (coord(goal_x, "goal x")?, coord(goal_y, "goal y")?);
        self.inner.place_endpoints(start, goal).map_err(edit_error)
    }

    #[wasm_bindgen(js_name = clearWalls)]
    pub fn clear_walls(&mut self) -> bool {
        self.inner.clear_walls()
    }

    #[wasm_bindgen(js_name = clearWeights)]
    pub fn clear_weights(&mut self) -> bool {
        self.inner.clear_weights()
    }

    pub fn resize(&mut self, width: f64, height: f64) -> JsResult<()> {
        let (w, h) = sides(width, height)?;
        self.inner.resize(w, h).map_err(fail)
    }

    /// Takes back the last entry; its number, 0 when there was nothing to undo.
    pub fn undo(&mut self) -> u32 {
        self.inner.undo().unwrap_or(0)
    }

    /// Makes the last undone entry again; its number, 0 when there was nothing to redo.
    pub fn redo(&mut self) -> u32 {
        self.inner.redo().unwrap_or(0)
    }

    /// The number of the undo entry the map is at, 0 for none.
    #[wasm_bindgen(js_name = lastEntry)]
    pub fn last_entry(&self) -> u32 {
        self.inner.last_entry()
    }

    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.inner.can_undo()
    }

    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.inner.can_redo()
    }

    pub fn revision(&self) -> f64 {
        self.inner.revision() as f64
    }
}

/// Width and height as whole numbers; the grid itself enforces the size limit.
fn sides(width: f64, height: f64) -> JsResult<(u32, u32)> {
    let w = whole(width, "width", u32::MAX as f64)?;
    let h = whole(height, "height", u32::MAX as f64)?;
    Ok((w as u32, h as u32))
}

/// The option fields JavaScript may pass; anything else is a misspelling worth reporting.
const OPTION_FIELDS: [&str; 8] = [
    "algorithm",
    "heuristic",
    "weight",
    "directions",
    "diagonal",
    "costs",
    "tieBreak",
    "nodeLimit",
];

/// The resolved options, in the same shape as the input.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OptionsOutput {
    algorithm: &'static str,
    heuristic: &'static str,
    weight: f64,
    directions: u8,
    diagonal: &'static str,
    costs: &'static str,
    tie_break: &'static str,
    /// IDA*'s limit on visited nodes, the default filled in; absent for other finders.
    #[serde(skip_serializing_if = "Option::is_none")]
    node_limit: Option<u32>,
}

/// One option field as text: a string, or a number where that reads naturally
/// (`directions: 4` from code, `"4"` from a select element or a URL).
fn option_text(options: &JsValue, field: &str) -> JsResult<Option<String>> {
    let value = js_sys::Reflect::get(options, &field.into()).map_err(|_| {
        fail(BoundaryProblem::OptionUnreadable {
            field: field.into(),
        })
    })?;
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else if let Some(text) = value.as_string() {
        Ok(Some(text))
    } else if let Some(number) = value.as_f64() {
        Ok(Some(number_text(number)))
    } else {
        Err(fail(BoundaryProblem::OptionNotText {
            field: field.into(),
        }))
    }
}

/// Parses an optional named value, falling back to the default when absent.
fn parse_option<T: std::str::FromStr>(options: &JsValue, field: &str, default: T) -> JsResult<T>
where
    T::Err: fmt::Display + Serialize,
{
    match option_text(options, field)? {
        None => Ok(default),
        Some(text) => text.parse().map_err(fail),
    }
}

fn read_options(value: JsValue) -> JsResult<SearchOptions> {
    let defaults = SearchOptions::default();
    if value.is_undefined() || value.is_null() {
        return Ok(defaults);
    }
    if !value.is_object() {
        return Err(fail(BoundaryProblem::OptionsNotObject));
    }
    for key in js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if !OPTION_FIELDS.contains(&key.as_str()) {
            return Err(fail(BoundaryProblem::UnknownOptionField {
                field: key,
                allowed: OPTION_FIELDS.join(", "),
            }));
        }
    }
    let weight = match option_text(&value, "weight")? {
        None => defaults.weight,
        Some(text) => parse_number(&text)
            .ok_or_else(|| fail(BoundaryProblem::OptionWeight { given: text }))?,
    };
    let heuristic = match option_text(&value, "heuristic")? {
        None => None,
        Some(text) => Some(text.parse::<Heuristic>().map_err(fail)?),
    };
    let options = SearchOptions {
        algorithm: parse_option::<Algorithm>(&value, "algorithm", defaults.algorithm)?,
        heuristic,
        weight,
        directions: parse_option::<Directions>(&value, "directions", defaults.directions)?,
        diagonal: parse_option::<DiagonalRule>(&value, "diagonal", defaults.diagonal)?,
        costs: parse_option::<CostModel>(&value, "costs", defaults.costs)?,
        tie_break: parse_option::<TieBreak>(&value, "tieBreak", defaults.tie_break)?,
        node_limit: match option_text(&value, "nodeLimit")? {
            None => None,
            Some(text) => Some(text.parse::<u32>().map_err(|_| {
                fail(BoundaryProblem::OptionNodeLimit {
                    given: text,
                    max: u32::MAX,
                })
            })?),
        },
    };
    options.validate().map_err(fail)?;
    Ok(options)
}

/// How to read the byte per cell at `Search.recordsPtr()`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RecordLayout {
    /// `record & stateMask`: 0 unvisited, 1 open, 2 closed.
    state_mask: u8,
    /// Set when the cell has a parent, which is then the cell minus
    /// `moves[(record >> parentMoveShift) & 7]`.
    has_parent: u8,
    parent_move_shift: u8,
    moves: Vec<Step>,
    /// The flags of the byte per cell at `Search.marksPtr()`.
    marks: MarkLayout,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MarkLayout {
    scanned: u8,
    jump_point: u8,
    forced: u8,
    backward: u8,
    meeting: u8,
    on_stack: u8,
    pruned: u8,
}

#[derive(Serialize)]
struct Step {
    dx: i32,
    dy: i32,
}

#[wasm_bindgen(js_name = recordLayout)]
pub fn record_layout() -> JsResult<JsValue> {
    to_js(&RecordLayout {
        state_mask: STATE_MASK,
        has_parent: HAS_PARENT,
        parent_move_shift: PARENT_MOVE_SHIFT,
        moves: MOVES.iter().map(|m| Step { dx: m.dx, dy: m.dy }).collect(),
        marks: MarkLayout {
            scanned: MARK_SCANNED,
            jump_point: MARK_JUMP_POINT,
            forced: MARK_FORCED,
            backward: MARK_BACKWARD,
            meeting: MARK_MEETING,
            on_stack: MARK_ON_STACK,
            pruned: MARK_PRUNED,
        },
    })
}

/// One line of a Moving AI `.scen` file, as the page lists it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ScenarioOutput {
    bucket: u32,
    map: String,
    width: u32,
    height: u32,
    start: Xy,
    goal: Xy,
    optimal: f64,
    /// The decimals the file gives the optimal length with.
    decimals: u32,
    /// The file name of the map the line names, without folders.
    map_file: String,
}

/// Reads a Moving AI scenario file; the error names the line and column of the first fault.
#[wasm_bindgen(js_name = parseScenarios)]
pub fn parse_scenarios(text: &str) -> JsResult<JsValue> {
    let scenarios = scenario::parse_scenarios(text).map_err(fail)?;
    let out: Vec<ScenarioOutput> = scenarios
        .into_iter()
        .map(|s| ScenarioOutput {
            bucket: s.bucket,
            map_file: s.map_file_name().to_string(),
            map: s.map,
            width: s.width,
            height: s.height,
            start: s.start.into(),
            goal: s.goal.into(),
            optimal: s.optimal,
            decimals: s.decimals,
        })
        .collect();
    to_js(&out)
}

/// How a path cost compares with a scenario's optimal length at the file's precision
/// (`decimals` from `parseScenarios`): -1 shorter, 0 the same, 1 longer.
#[wasm_bindgen(js_name = compareWithOptimal)]
pub fn compare_with_optimal(cost: f64, optimal: f64, decimals: u32) -> i32 {
    scenario::compare_length(cost, optimal, decimals) as i32
}

#[wasm_bindgen(js_name = Search)]
pub struct JsSearch {
    inner: Box<dyn Finder>,
    /// Where the search runs, for its trace.
    start: Point,
    goal: Point,
    /// H and F in cost units for the cells last asked for by `fillEstimates` (`INFINITY`
    /// elsewhere); empty until then. The search itself keeps neither: they follow from G.
    shown_h: Vec<f64>,
    shown_f: Vec<f64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CellInfo {
    x: u32,
    y: u32,
    terrain: u8,
    state: CellState,
    g: Option<f64>,
    h: Option<f64>,
    f: Option<f64>,
    parent: Option<Xy>,
}

#[wasm_bindgen(js_class = Search)]
impl JsSearch {
    /// A search over a snapshot of the editor's map.
    #[wasm_bindgen(constructor)]
    pub fn new(editor: &JsMapEditor, options: JsValue) -> JsResult<JsSearch> {
        let options = read_options(options)?;
        let map = &editor.inner;
        new_finder(map.grid().clone(), map.start(), map.goal(), options)
            .map(|inner| JsSearch {
                inner,
                start: map.start(),
                goal: map.goal(),
                shown_h: Vec::new(),
                shown_f: Vec::new(),
            })
            .map_err(fail)
    }

    pub fn options(&self) -> JsResult<JsValue> {
        let o = self.inner.options();
        to_js(&OptionsOutput {
            algorithm: o.algorithm.name(),
            heuristic: o.resolved_heuristic().name(),
            weight: o.weight,
            directions: match o.directions {
                Directions::Four => 4,
                Directions::Eight => 8,
            },
            diagonal: o.diagonal.name(),
            costs: o.costs.name(),
            tie_break: o.tie_break.name(),
            node_limit: (o.algorithm == Algorithm::IdaStar).then(|| {
                o.node_limit
                    .unwrap_or(crate::finders::idastar::DEFAULT_NODE_LIMIT)
            }),
        })
    }

    pub fn admissibility(&self) -> JsResult<JsValue> {
        to_js(&self.inner.options().admissibility())
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.inner.grid().width()
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.inner.grid().height()
    }

    /// The whole search as a Posthoc search trace (YAML), whatever step it is at; `undefined`
    /// when it takes more than `maxSteps` steps, so the page can say why.
    pub fn trace(&mut self, max_steps: f64) -> JsResult<Option<String>> {
        let limit = whole(max_steps, "maxSteps", u32::MAX as f64)? as u32;
        match trace_text(self.inner.as_mut(), self.start, self.goal, Some(limit)) {
            Ok(text) => Ok(Some(text)),
            Err(TraceError::TooManySteps { .. }) => Ok(None),
            Err(e) => Err(fail(BoundaryProblem::TraceWrite {
                detail: e.to_string(),
            })),
        }
    }

    /// One expansion; its event, or `null` once the search has finished.
    pub fn step(&mut self) -> JsResult<JsValue> {
        match self.inner.step() {
            Some(event) => to_js(&event),
            None => Ok(JsValue::NULL),
        }
    }

    #[wasm_bindgen(js_name = stepBack)]
    pub fn step_back(&mut self) -> bool {
        self.inner.step_back()
    }

    pub fn advance(&mut self, n: f64) -> JsResult<u32> {
        Ok(self.inner.advance(whole(n, "n", u32::MAX as f64)? as u32))
    }

    pub fn finish(&mut self) {
        self.inner.finish();
    }

    pub fn seek(&mut self, step: f64) -> JsResult<u32> {
        Ok(self
            .inner
            .seek(whole(step, "step", u32::MAX as f64)? as u32))
    }

    #[wasm_bindgen(js_name = stepCount)]
    pub fn step_count(&self) -> u32 {
        self.inner.counters().steps
    }

    #[wasm_bindgen(js_name = totalSteps)]
    pub fn total_steps(&self) -> Option<u32> {
        self.inner.total_steps()
    }

    pub fn status(&self) -> JsResult<JsValue> {
        to_js(&self.inner.status())
    }

    /// One byte per cell, row by row: state and parent (see `recordLayout`).
    #[wasm_bindgen(js_name = recordsPtr)]
    pub fn records_ptr(&self) -> *const u8 {
        self.inner.records().as_ptr()
    }

    /// One byte of finder marks per cell (see `recordLayout().marks`); all zero for A*,
    /// Dijkstra, greedy and breadth-first search.
    #[wasm_bindgen(js_name = marksPtr)]
    pub fn marks_ptr(&self) -> *const u8 {
        self.inner.marks().as_ptr()
    }

    /// The finder's own counters (e.g. cells scanned by jumps); absent ones are left out.
    pub fn info(&self) -> JsResult<JsValue> {
        to_js(&self.inner.info())
    }

    /// G per cell in cost units, `Infinity` where not reached.
    #[wasm_bindgen(js_name = gPtr)]
    pub fn g_ptr(&self) -> *const f64 {
        self.inner.g_values().as_ptr()
    }

    /// Works out H and F for the cells in columns `x0..x1` and rows `y0..y1` (clipped to the
    /// grid) into the arrays at `hPtr` and `fPtr`, one number per cell of the whole grid.
    /// The page asks for the cells it shows numbers in, a few thousand at most.
    #[wasm_bindgen(js_name = fillEstimates)]
    pub fn fill_estimates(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) -> JsResult<()> {
        let (width, height) = (self.width(), self.height());
        let column = |v: f64, name| coord(v, name).map(|v| v.clamp(0, width.into()) as u32);
        let row = |v: f64, name| coord(v, name).map(|v| v.clamp(0, height.into()) as u32);
        let (x0, x1) = (column(x0, "x0")?, column(x1, "x1")?);
        let (y0, y1) = (row(y0, "y0")?, row(y1, "y1")?);
        if self.shown_h.is_empty() {
            let cells = self.inner.grid().cell_count();
            self.shown_h = vec![f64::INFINITY; cells];
            self.shown_f = vec![f64::INFINITY; cells];
        }
        for y in y0..y1 {
            for x in x0..x1 {
                let cell = y * width + x;
                let (h, f) = self.inner.estimates(cell);
                self.shown_h[cell as usize] = h;
                self.shown_f[cell as usize] = f;
            }
        }
        Ok(())
    }

    /// H per cell in cost units, as last filled by `fillEstimates`.
    #[wasm_bindgen(js_name = hPtr)]
    pub fn h_ptr(&self) -> *const f64 {
        self.shown_h.as_ptr()
    }

    /// F per cell in priority units, as last filled by `fillEstimates`.
    #[wasm_bindgen(js_name = fPtr)]
    pub fn f_ptr(&self) -> *const f64 {
        self.shown_f.as_ptr()
    }

    #[wasm_bindgen(js_name = costScale)]
    pub fn cost_scale(&self) -> f64 {
        self.inner.cost_scale()
    }

    #[wasm_bindgen(js_name = priorityScale)]
    pub fn priority_scale(&self) -> f64 {
        self.inner.priority_scale()
    }

    pub fn current(&self) -> JsResult<JsValue> {
        to_js(&self.inner.current().map(Xy::from))
    }

    pub fn touched(&self) -> JsResult<JsValue> {
        let points: Vec<Xy> = self.inner.touched().into_iter().map(Xy::from).collect();
        to_js(&points)
    }

    #[wasm_bindgen(js_name = openList)]
    pub fn open_list(&self, k: f64) -> JsResult<JsValue> {
        let k = whole(k, "k", 1e6)? as usize;
        to_js(&self.inner.open_list(k))
    }

    /// Up to `count` open nodes in pop order, after skipping the first `offset`: one page of
    /// the open list, so the page never has to carry all of a large list across at once.
    #[wasm_bindgen(js_name = openListPage)]
    pub fn open_list_page(&self, offset: f64, count: f64) -> JsResult<JsValue> {
        let offset = whole(offset, "offset", u32::MAX as f64)? as usize;
        let count = whole(count, "count", 1e6)? as usize;
        let open = self.inner.counters().open as usize;
        let end = offset.saturating_add(count).min(open);
        let page: Vec<NodeValues> = if offset < end {
            self.inner.open_list(end).into_iter().skip(offset).collect()
        } else {
            Vec::new()
        };
        to_js(&page)
    }

    /// The events of steps `from` to `from + count - 1` (step 1 is the first), those already
    /// taken only, told again: the search steps back to just before `from`, replays them and
    /// returns to where it was, exactly as it was. This is how the log shows any part of a
    /// long search without the page keeping every event.
    #[wasm_bindgen(js_name = stepEvents)]
    pub fn step_events(&mut self, from: f64, count: f64) -> JsResult<JsValue> {
        let from = whole(from, "from", u32::MAX as f64)? as u32;
        let count = whole(count, "count", 1e5)? as u32;
        let here = self.step_count();
        let first = from.max(1);
        let last = from.saturating_add(count).saturating_sub(1).min(here);
        let mut events = Vec::new();
        if count > 0 && first <= last {
            self.inner.seek(first - 1);
            while self.step_count() < last {
                match self.inner.step() {
                    Some(event) => events.push(event),
                    None => break,
                }
            }
            self.inner.seek(here);
        }
        to_js(&events)
    }

    /// Takes up to `n` steps forward, like `step` each, and returns their events in one
    /// array: for reading a whole long search (to copy its log) in few calls.
    #[wasm_bindgen(js_name = takeSteps)]
    pub fn take_steps(&mut self, n: f64) -> JsResult<JsValue> {
        let n = whole(n, "n", 1e6)? as usize;
        let events: Vec<StepEvent> = std::iter::from_fn(|| self.inner.step()).take(n).collect();
        to_js(&events)
    }

    #[wasm_bindgen(js_name = openCount)]
    pub fn open_count(&self) -> u32 {
        self.inner.counters().open
    }

    pub fn path(&self) -> js_sys::Uint32Array {
        js_sys::Uint32Array::from(self.inner.path())
    }

    #[wasm_bindgen(js_name = pathCost)]
    pub fn path_cost(&self) -> Option<f64> {
        self.inner.path_cost()
    }

    #[wasm_bindgen(js_name = pathSteps)]
    pub fn path_steps(&self) -> Option<u32> {
        self.inner.path_steps()
    }

    pub fn counters(&self) -> JsResult<JsValue> {
        to_js(&self.inner.counters())
    }

    #[wasm_bindgen(js_name = cellInfo)]
    pub fn cell_info(&self, x: f64, y: f64) -> JsResult<JsValue> {
        let grid = self.inner.grid();
        let i = grid
            .index_of(coord(x, "x")?, coord(y, "y")?)
            .map_err(fail)?;
        let p = grid.point(i);
        let state = self.inner.cell_state(p).map_err(fail)?;
        let values = self.inner.values(i as u32);
        let known = |v: f64| v.is_finite().then_some(v);
        let parent = self.inner.parent_of(p).map_err(fail)?;
        to_js(&CellInfo {
            x: p.x,
            y: p.y,
            terrain: grid.terrain()[i],
            state,
            g: known(values.g),
            h: known(values.h),
            f: known(values.f),
            parent: parent.map(Xy::from),
        })
    }
}
