//! `MapEditor` for JavaScript: the editable map, its arguments checked and its errors
//! thrown with their codes.

use wasm_bindgen::prelude::*;

use super::js::{to_js, JsResult};
use crate::session::editor::{EditError, Endpoint, MapEditor};
use crate::text::argument::{self, coord, sides};

#[wasm_bindgen(js_name = MapEditor)]
pub struct JsMapEditor {
    pub(super) inner: MapEditor,
}

#[wasm_bindgen(js_class = MapEditor)]
impl JsMapEditor {
    /// A blank map.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64) -> JsResult<JsMapEditor> {
        let (w, h) = sides(width, height)?;
        editor(MapEditor::new(w, h))
    }

    /// A map with a wall standing between start and goal, as in the tutorials.
    #[wasm_bindgen(js_name = defaultScene)]
    pub fn default_scene(width: f64, height: f64) -> JsResult<JsMapEditor> {
        let (w, h) = sides(width, height)?;
        editor(MapEditor::default_scene(w, h))
    }

    /// Reads any supported text map; the error names the line and column.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(text: &str) -> JsResult<JsMapEditor> {
        editor(MapEditor::from_text(text))
    }

    /// `format`: "ox", "dot" or "movingai".
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self, format: &str) -> JsResult<String> {
        Ok(self.inner.to_text(format.parse()?)?)
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
        to_js(&self.inner.start())
    }
    pub fn goal(&self) -> JsResult<JsValue> {
        to_js(&self.inner.goal())
    }

    /// Offset in wasm memory of the terrain bytes (0 wall, 1..9 weight), row by row.
    #[wasm_bindgen(js_name = terrainPtr)]
    pub fn terrain_ptr(&self) -> *const u8 {
        self.inner.grid().terrain().as_ptr()
    }

    #[wasm_bindgen(js_name = terrainAt)]
    pub fn terrain_at(&self, x: f64, y: f64) -> JsResult<u8> {
        let grid = self.inner.grid();
        let i = grid.index_of(coord(x, "x")?, coord(y, "y")?)?;
        Ok(grid.terrain()[i])
    }

    #[wasm_bindgen(js_name = beginStroke)]
    pub fn begin_stroke(&mut self) {
        self.inner.begin_stroke();
    }
    /// The undo entry the cells painted last belong to (the open stroke's number to be).
    #[wasm_bindgen(js_name = strokeEntry)]
    pub fn stroke_entry(&self) -> u32 {
        self.inner.stroke_entry()
    }
    #[wasm_bindgen(js_name = endStroke)]
    pub fn end_stroke(&mut self) -> bool {
        self.inner.end_stroke()
    }

    /// `brush`: 0 wall, 1 eraser, 2..9 terrain weight.
    pub fn paint(&mut self, x: f64, y: f64, brush: f64) -> JsResult<()> {
        Ok(self
            .inner
            .paint(coord(x, "x")?, coord(y, "y")?, argument::brush(brush)?)?)
    }

    #[wasm_bindgen(js_name = paintLine)]
    pub fn paint_line(&mut self, x0: f64, y0: f64, x1: f64, y1: f64, brush: f64) -> JsResult<()> {
        let brush = argument::brush(brush)?;
        let (x0, y0) = (coord(x0, "x0")?, coord(y0, "y0")?);
        let (x1, y1) = (coord(x1, "x1")?, coord(y1, "y1")?);
        Ok(self.inner.paint_line(x0, y0, x1, y1, brush)?)
    }

    #[wasm_bindgen(js_name = moveStart)]
    pub fn move_start(&mut self, x: f64, y: f64) -> JsResult<()> {
        Ok(self
            .inner
            .move_endpoint(Endpoint::Start, coord(x, "x")?, coord(y, "y")?)?)
    }
    #[wasm_bindgen(js_name = moveGoal)]
    pub fn move_goal(&mut self, x: f64, y: f64) -> JsResult<()> {
        Ok(self
            .inner
            .move_endpoint(Endpoint::Goal, coord(x, "x")?, coord(y, "y")?)?)
    }

    /// Opens a map read from text in place of this one, as one undo entry; returns the
    /// format it was in ("ox", "dot" or "movingai"). A text that cannot be read changes
    /// nothing and the error names the line and column.
    #[wasm_bindgen(js_name = loadText)]
    pub fn load_text(&mut self, text: &str) -> JsResult<String> {
        Ok(self.inner.load_text(text)?.name().to_string())
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
        Ok(self.inner.place_endpoints(start, goal)?)
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
        Ok(self.inner.resize(w, h)?)
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

/// The page's handle on a map the engine made, or the thrown error.
fn editor(made: Result<MapEditor, EditError>) -> JsResult<JsMapEditor> {
    Ok(JsMapEditor { inner: made? })
}
