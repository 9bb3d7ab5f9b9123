//! `Search` for JavaScript: a finder over a snapshot of the editor's map, read through
//! typed-array views (records, marks, G, H and F) and small serialized values.

use wasm_bindgen::prelude::*;

use super::editor::JsMapEditor;
use super::js::{to_js, JsResult};
use crate::checks::fields::{read_given, Given, OptionProblem, ResolvedOptions};
use crate::session::inspect::cell_info;
use crate::session::search_handle::SearchHandle;
use crate::text::argument::{coord, count};
use crate::vocabulary::record::Step;

#[wasm_bindgen(js_name = Search)]
pub struct JsSearch {
    inner: SearchHandle,
}

/// The options object's fields, in its order, as JavaScript holds them; `read_given` judges
/// them.
fn given_options(value: &JsValue) -> JsResult<Vec<(String, Given)>> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    if !value.is_object() {
        return Err(OptionProblem::OptionsNotObject.into());
    }
    let keys = js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>());
    let field = |key: JsValue| {
        let given = match js_sys::Reflect::get(value, &key) {
            Err(_) => Given::Unreadable,
            Ok(v) if v.is_undefined() || v.is_null() => Given::Absent,
            Ok(v) => match (v.as_string(), v.as_f64()) {
                (Some(text), _) => Given::Text(text),
                (None, Some(number)) => Given::Number(number),
                (None, None) => Given::Other,
            },
        };
        (key.as_string().unwrap_or_default(), given)
    };
    Ok(keys.iter().map(field).collect())
}

#[wasm_bindgen(js_class = Search)]
impl JsSearch {
    /// A search over a snapshot of the editor's map.
    #[wasm_bindgen(constructor)]
    pub fn new(editor: &JsMapEditor, options: JsValue) -> JsResult<JsSearch> {
        let options = read_given(given_options(&options)?)?;
        Ok(JsSearch {
            inner: SearchHandle::new(&editor.inner, options)?,
        })
    }

    /// The walk of the finder the options name (one the catalogue says walks) from the
    /// editor's start to its goal on its map, the real one, with
    /// the sensor radius `sensorRadius` (cells, at least 1.5): each step a move of the agent.
    pub fn walk(editor: &JsMapEditor, options: JsValue, sensor_radius: f64) -> JsResult<JsSearch> {
        let options = read_given(given_options(&options)?)?;
        Ok(JsSearch {
            inner: SearchHandle::walk(&editor.inner, options, sensor_radius)?,
        })
    }

    /// The walk: one byte per cell, 1 where the agent's sensor has seen it.
    #[wasm_bindgen(js_name = seenPtr)]
    pub fn seen_ptr(&self) -> JsResult<*const u8> {
        Ok(self.inner.walking()?.navigation().seen().as_ptr())
    }

    /// The walk: the cells the agent has stood on, in order, its own last.
    pub fn trail(&self) -> JsResult<js_sys::Uint32Array> {
        Ok(js_sys::Uint32Array::from(
            self.inner.walking()?.navigation().trail(),
        ))
    }

    /// The options in force, in the shape they were given in.
    pub fn options(&self) -> JsResult<JsValue> {
        to_js(&ResolvedOptions::of(self.finder().options()))
    }
    pub fn admissibility(&self) -> JsResult<JsValue> {
        to_js(&self.finder().options().admissibility())
    }
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.finder().grid().width()
    }
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.finder().grid().height()
    }

    /// The whole search as a Posthoc search trace (YAML), whatever step it is at; `undefined`
    /// when it takes more than `maxSteps` steps, so the page can say why.
    pub fn trace(&mut self, max_steps: f64) -> JsResult<Option<String>> {
        Ok(self.inner.trace(max_steps)?)
    }

    /// One expansion; its event, or `null` once the search has finished.
    pub fn step(&mut self) -> JsResult<JsValue> {
        match self.inner.finder_mut().step() {
            Some(event) => to_js(&event),
            None => Ok(JsValue::NULL),
        }
    }
    #[wasm_bindgen(js_name = stepBack)]
    pub fn step_back(&mut self) -> bool {
        self.inner.finder_mut().step_back()
    }
    pub fn advance(&mut self, n: f64) -> JsResult<u32> {
        Ok(self.inner.advance(n)?)
    }
    pub fn finish(&mut self) {
        self.inner.finder_mut().finish();
    }
    pub fn seek(&mut self, step: f64) -> JsResult<u32> {
        Ok(self.inner.seek(step)?)
    }
    #[wasm_bindgen(js_name = stepCount)]
    pub fn step_count(&self) -> u32 {
        self.finder().counters().steps
    }
    #[wasm_bindgen(js_name = totalSteps)]
    pub fn total_steps(&self) -> Option<u32> {
        self.finder().total_steps()
    }
    pub fn status(&self) -> JsResult<JsValue> {
        to_js(&self.finder().status())
    }

    /// One byte per cell, row by row: state and parent (see `recordLayout`).
    #[wasm_bindgen(js_name = recordsPtr)]
    pub fn records_ptr(&self) -> *const u8 {
        self.finder().records().as_ptr()
    }

    /// The moves a record's parent field names by index, as `{ dx, dy }`: the square grid's,
    /// or those of 16, 32 or blink.
    pub fn moves(&self) -> JsResult<JsValue> {
        let topology = self.finder().options().topology();
        let steps: Vec<Step> = (topology.moves().iter())
            .map(|m| Step { dx: m.dx, dy: m.dy })
            .collect();
        to_js(&steps)
    }

    /// Any-angle finders: each cell's parent cell, `0xFFFFFFFF` for none, four bytes per
    /// cell; 0 (no array) for the other finders.
    #[wasm_bindgen(js_name = parentsPtr)]
    pub fn parents_ptr(&self) -> *const u32 {
        let parents = self.finder().parents();
        if parents.is_empty() {
            std::ptr::null()
        } else {
            parents.as_ptr()
        }
    }

    /// Sixteen bits of finder marks per cell (see `recordLayout().marks`); all zero for a
    /// finder whose catalogue entry lists no marks.
    #[wasm_bindgen(js_name = marksPtr)]
    pub fn marks_ptr(&self) -> *const u16 {
        self.finder().marks().as_ptr()
    }

    /// The finder's own counters (e.g. cells scanned by jumps); absent ones are left out.
    pub fn info(&self) -> JsResult<JsValue> {
        to_js(&self.finder().info())
    }

    /// LPA* and D* Lite: the map as the editor holds it now, handed to the search as one
    /// batch of cell changes, which it repairs step by step from step 0; the number of
    /// cells changed, or `undefined` when the map is another size or its start or goal
    /// moved (a new search is wanted then). Refused for any other finder.
    /// A walk takes the editor's map as the real one, the agent's knowledge and
    /// timeline kept (1 if it changed, else 0).
    #[wasm_bindgen(js_name = repairFrom)]
    pub fn repair_from(&mut self, editor: &JsMapEditor) -> JsResult<Option<u32>> {
        let map = &editor.inner;
        if let Ok(walk) = self.inner.walking_mut() {
            let changed = walk.navigation().world() != map.grid();
            let same = walk.set_world(map.grid(), map.start(), map.goal())?;
            return Ok(same.then_some(u32::from(changed)));
        }
        let incremental = self.inner.incremental_mut()?;
        let changed = incremental.repair_to(map.grid(), map.start(), map.goal())?;
        Ok(changed.map(|n| n as u32))
    }

    /// D* Lite: the agent moved one legal move, to (x, y), which becomes the start (the
    /// editor's start is moved by the page); refused for LPA* and for a cell that is not
    /// one move away.
    #[wasm_bindgen(js_name = moveStart)]
    pub fn move_start(&mut self, x: f64, y: f64) -> JsResult<()> {
        let to = crate::geometry::grid::Point::new(count(x, "x")?, count(y, "y")?);
        Ok(self.inner.incremental_mut()?.move_start(to)?)
    }

    /// LPA* and D* Lite: rhs per cell in cost units, `Infinity` where infinite.
    #[wasm_bindgen(js_name = rhsPtr)]
    pub fn rhs_ptr(&self) -> JsResult<*const f64> {
        Ok(self.inner.incremental()?.rhs_values().as_ptr())
    }

    /// LPA* and D* Lite: up to `count` queued cells in pop order after skipping the first
    /// `offset`, each `{ x, y, k1, k2, g, rhs }` in display units.
    #[wasm_bindgen(js_name = queuePage)]
    pub fn queue_page(&self, offset: f64, count: f64) -> JsResult<JsValue> {
        to_js(&self.inner.queue_page(offset, count)?)
    }

    /// LPA* and D* Lite: up to `count` queued cells in pop order partway through the next
    /// step, as Step line runs it: only the first `made` of the cells it changes changed
    /// (the vertex taken is the first). `null` once the search has ended.
    #[wasm_bindgen(js_name = queuePartway)]
    pub fn queue_partway(&mut self, made: f64, count: f64) -> JsResult<JsValue> {
        to_js(&self.inner.queue_partway(made, count)?)
    }

    /// G per cell in cost units, `Infinity` where not reached.
    #[wasm_bindgen(js_name = gPtr)]
    pub fn g_ptr(&self) -> *const f64 {
        self.finder().g_values().as_ptr()
    }

    /// Works out H and F for the cells in columns `x0..x1` and rows `y0..y1` (clipped to the
    /// grid) into the arrays at `hPtr` and `fPtr`, one number per cell of the whole grid.
    #[wasm_bindgen(js_name = fillEstimates)]
    pub fn fill_estimates(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) -> JsResult<()> {
        Ok(self.inner.fill_estimates(x0, y0, x1, y1)?)
    }

    /// H per cell in cost units, as last filled by `fillEstimates`.
    #[wasm_bindgen(js_name = hPtr)]
    pub fn h_ptr(&self) -> *const f64 {
        self.inner.shown().h().as_ptr()
    }
    /// F per cell in priority units, as last filled by `fillEstimates`.
    #[wasm_bindgen(js_name = fPtr)]
    pub fn f_ptr(&self) -> *const f64 {
        self.inner.shown().f().as_ptr()
    }
    #[wasm_bindgen(js_name = costScale)]
    pub fn cost_scale(&self) -> f64 {
        self.finder().cost_scale()
    }
    #[wasm_bindgen(js_name = priorityScale)]
    pub fn priority_scale(&self) -> f64 {
        self.finder().priority_scale()
    }
    pub fn current(&self) -> JsResult<JsValue> {
        to_js(&self.finder().current())
    }
    pub fn touched(&self) -> JsResult<JsValue> {
        to_js(&self.finder().touched())
    }
    #[wasm_bindgen(js_name = openList)]
    pub fn open_list(&self, k: f64) -> JsResult<JsValue> {
        to_js(&self.inner.open_list(k)?)
    }

    /// Up to `count` open nodes in pop order, after skipping the first `offset`.
    #[wasm_bindgen(js_name = openListPage)]
    pub fn open_list_page(&self, offset: f64, count: f64) -> JsResult<JsValue> {
        to_js(&self.inner.open_list_page(offset, count)?)
    }

    /// Up to `count` open nodes in pop order partway through the next step, as Step line
    /// runs it: the node being expanded off the list, and only the first `made` of the
    /// entries the step adds or improves in. `null` once finished or for a finder that
    /// does not say (the page then shows the list as it stands).
    #[wasm_bindgen(js_name = openListPartway)]
    pub fn open_list_partway(&mut self, made: f64, count: f64) -> JsResult<JsValue> {
        to_js(&self.inner.open_list_partway(made, count)?)
    }

    /// The events of steps `from` to `from + count - 1` (step 1 is the first), those already
    /// taken only, told again; the search is left exactly as it was.
    #[wasm_bindgen(js_name = stepEvents)]
    pub fn step_events(&mut self, from: f64, count: f64) -> JsResult<JsValue> {
        to_js(&self.inner.step_events(from, count)?)
    }

    /// Takes up to `n` steps forward, like `step` each, and returns their events in one
    /// array: for reading a whole long search (to copy its log) in few calls.
    #[wasm_bindgen(js_name = takeSteps)]
    pub fn take_steps(&mut self, n: f64) -> JsResult<JsValue> {
        to_js(&self.inner.take_steps(n)?)
    }
    #[wasm_bindgen(js_name = openCount)]
    pub fn open_count(&self) -> u32 {
        self.finder().counters().open
    }
    pub fn path(&self) -> js_sys::Uint32Array {
        js_sys::Uint32Array::from(self.finder().path())
    }
    #[wasm_bindgen(js_name = pathCost)]
    pub fn path_cost(&self) -> Option<f64> {
        self.finder().path_cost()
    }
    #[wasm_bindgen(js_name = pathSteps)]
    pub fn path_steps(&self) -> Option<u32> {
        self.finder().path_steps()
    }
    pub fn counters(&self) -> JsResult<JsValue> {
        to_js(&self.finder().counters())
    }

    /// Everything about one cell, for the inspector.
    #[wasm_bindgen(js_name = cellInfo)]
    pub fn cell_info(&self, x: f64, y: f64) -> JsResult<JsValue> {
        to_js(&cell_info(self.finder(), coord(x, "x")?, coord(y, "y")?)?)
    }
}

impl JsSearch {
    fn finder(&self) -> &dyn crate::finder::Finder {
        self.inner.finder()
    }
}
