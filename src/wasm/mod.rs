//! The JavaScript boundary: `MapEditor` and `Search` objects for the page, and the
//! catalogue, record layout and scenario reader. Conversion only: what these do is worked
//! out in the native modules, where the command line and the tests use it too.
//!
//! Whole-grid data (terrain, each cell's search record, G, and H and F for the cells on
//! show) is read by JavaScript through typed-array views on wasm memory at the pointers
//! returned here; small structured values (options, events, errors) cross with
//! serde-wasm-bindgen. Every argument is checked and every failure becomes a thrown
//! `Error`: a panic would kill the module. The error's `problem` property holds a code and
//! the values a message needs (`{ code, ...values }`), which the page puts into words in the
//! reader's language; its `message` is English, for the console.

mod editor;
mod js;
mod search;

use wasm_bindgen::prelude::*;

use crate::catalogue::catalogue;
use crate::formats::scenario::{self, Scenario};
use crate::text::argument::count;
use crate::vocabulary::record::RecordLayout;
use js::{to_js, JsResult};

pub use editor::JsMapEditor;
pub use search::JsSearch;

/// Logs panics to the console: should one ever happen, the page can say what broke.
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("astar-visualizer panicked: {info}").into());
    }));
}

/// The finder catalogue: which finders exist, what each takes and emits (see
/// `crate::catalogue`).
#[wasm_bindgen(js_name = finderCatalogue)]
pub fn finder_catalogue() -> JsResult<JsValue> {
    to_js(&catalogue())
}

/// How to read the bytes at `Search.recordsPtr()` and `Search.marksPtr()`.
#[wasm_bindgen(js_name = recordLayout)]
pub fn record_layout() -> JsResult<JsValue> {
    to_js(&RecordLayout::current())
}

/// Reads a Moving AI scenario file; the error names the line and column of the first fault.
#[wasm_bindgen(js_name = parseScenarios)]
pub fn parse_scenarios(text: &str) -> JsResult<JsValue> {
    let scenarios = scenario::parse_scenarios(text)?;
    to_js(&scenarios.iter().map(Scenario::listed).collect::<Vec<_>>())
}

/// How a path cost compares with a scenario's optimal length at the file's precision
/// (`decimals` from `parseScenarios`): -1 shorter, 0 the same, 1 longer.
#[wasm_bindgen(js_name = compareWithOptimal)]
pub fn compare_with_optimal(cost: f64, optimal: f64, decimals: f64) -> JsResult<i32> {
    let decimals = count(decimals, "decimals")?;
    Ok(scenario::compare_length(cost, optimal, decimals) as i32)
}
