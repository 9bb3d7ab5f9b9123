//! `Search` for JavaScript: a finder over a snapshot of the editor's map, read through
//! typed-array views (records, marks, G, H and F) and small serialized values.

use wasm_bindgen::prelude::*;

use super::{fail, to_js, JsMapEditor, JsResult};
use crate::argument::{coord, count, whole, ArgumentProblem};
use crate::catalogue::new_finder;
use crate::events::StepEvent;
use crate::finder::Finder;
use crate::grid::Point;
use crate::inspect::{cell_info, open_list_page, replay, ShownEstimates};
use crate::number_text::number_text;
use crate::option_fields::{read_options, OptionField, ResolvedOptions};
use crate::options::SearchOptions;
use crate::trace::{trace_text, TraceError};

#[wasm_bindgen(js_name = Search)]
pub struct JsSearch {
    inner: Box<dyn Finder>,
    /// Where the search runs, for its trace.
    start: Point,
    goal: Point,
    /// H and F for the cells last asked for by `fillEstimates`.
    shown: ShownEstimates,
}

/// The options object's fields as text: a string, or a number where that reads naturally
/// (`directions: 4` from code, `"4"` from a select element or a URL); absent ones left out.
fn option_fields(value: &JsValue) -> JsResult<Vec<(OptionField, String)>> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    if !value.is_object() {
        return Err(fail(ArgumentProblem::OptionsNotObject));
    }
    let mut fields = Vec::new();
    for key in js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter() {
        let name = key.as_string().unwrap_or_default();
        let field = OptionField::named(&name)?;
        let unreadable = || {
            fail(ArgumentProblem::OptionUnreadable {
                field: name.clone(),
            })
        };
        let given = js_sys::Reflect::get(value, &key).map_err(|_| unreadable())?;
        let text = if given.is_undefined() || given.is_null() {
            continue;
        } else if let Some(text) = given.as_string() {
            text
        } else if let Some(number) = given.as_f64() {
            number_text(number)
        } else {
            return Err(fail(ArgumentProblem::OptionNotText { field: name }));
        };
        fields.push((field, text));
    }
    Ok(fields)
}

#[wasm_bindgen(js_class = Search)]
impl JsSearch {
    /// A search over a snapshot of the editor's map.
    #[wasm_bindgen(constructor)]
    pub fn new(editor: &JsMapEditor, options: JsValue) -> JsResult<JsSearch> {
        let fields = option_fields(&options)?;
        let given = fields.iter().map(|(field, text)| (*field, text.as_str()));
        let options = read_options(SearchOptions::default(), given)?;
        let map = &editor.inner;
        Ok(JsSearch {
            inner: new_finder(map.grid().clone(), map.start(), map.goal(), options)?,
            start: map.start(),
            goal: map.goal(),
            shown: ShownEstimates::default(),
        })
    }

    /// The options in force, in the shape they were given in.
    pub fn options(&self) -> JsResult<JsValue> {
        to_js(&ResolvedOptions::of(self.inner.options()))
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
        let limit = count(max_steps, "maxSteps")?;
        match trace_text(self.inner.as_mut(), self.start, self.goal, Some(limit)) {
            Ok(text) => Ok(Some(text)),
            Err(TraceError::TooManySteps { .. }) => Ok(None),
            Err(e) => Err(fail(ArgumentProblem::TraceWrite {
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
        Ok(self.inner.advance(count(n, "n")?))
    }
    pub fn finish(&mut self) {
        self.inner.finish();
    }
    pub fn seek(&mut self, step: f64) -> JsResult<u32> {
        Ok(self.inner.seek(count(step, "step")?))
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

    /// Sixteen bits of finder marks per cell (see `recordLayout().marks`); all zero for a
    /// finder whose catalogue entry lists no marks.
    #[wasm_bindgen(js_name = marksPtr)]
    pub fn marks_ptr(&self) -> *const u16 {
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
    #[wasm_bindgen(js_name = fillEstimates)]
    pub fn fill_estimates(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) -> JsResult<()> {
        let from = (coord(x0, "x0")?, coord(y0, "y0")?);
        let to = (coord(x1, "x1")?, coord(y1, "y1")?);
        self.shown.fill(self.inner.as_ref(), from, to);
        Ok(())
    }

    /// H per cell in cost units, as last filled by `fillEstimates`.
    #[wasm_bindgen(js_name = hPtr)]
    pub fn h_ptr(&self) -> *const f64 {
        self.shown.h().as_ptr()
    }
    /// F per cell in priority units, as last filled by `fillEstimates`.
    #[wasm_bindgen(js_name = fPtr)]
    pub fn f_ptr(&self) -> *const f64 {
        self.shown.f().as_ptr()
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
        to_js(&self.inner.current())
    }
    pub fn touched(&self) -> JsResult<JsValue> {
        to_js(&self.inner.touched())
    }
    #[wasm_bindgen(js_name = openList)]
    pub fn open_list(&self, k: f64) -> JsResult<JsValue> {
        let k = whole(k, "k", 1e6)? as usize;
        to_js(&self.inner.open_list(k))
    }

    /// Up to `count` open nodes in pop order, after skipping the first `offset`.
    #[wasm_bindgen(js_name = openListPage)]
    pub fn open_list_page(&self, offset: f64, count: f64) -> JsResult<JsValue> {
        let offset = whole(offset, "offset", u32::MAX as f64)? as usize;
        let count = whole(count, "count", 1e6)? as usize;
        to_js(&open_list_page(self.inner.as_ref(), offset, count))
    }

    /// The events of steps `from` to `from + count - 1` (step 1 is the first), those already
    /// taken only, told again; the search is left exactly as it was.
    #[wasm_bindgen(js_name = stepEvents)]
    pub fn step_events(&mut self, from: f64, count: f64) -> JsResult<JsValue> {
        let from = whole(from, "from", u32::MAX as f64)? as u32;
        let count = whole(count, "count", 1e5)? as u32;
        to_js(&replay(self.inner.as_mut(), from, count))
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

    /// Everything about one cell, for the inspector.
    #[wasm_bindgen(js_name = cellInfo)]
    pub fn cell_info(&self, x: f64, y: f64) -> JsResult<JsValue> {
        let info = cell_info(self.inner.as_ref(), coord(x, "x")?, coord(y, "y")?);
        to_js(&info?)
    }
}
