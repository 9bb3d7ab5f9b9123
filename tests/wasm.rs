//! The JavaScript API as the page gets it, compiled to wasm and run under Node.js: every
//! misuse must come back as an `Error` with a useful message, never as a panic (which
//! would leave the wasm module dead for the rest of the page's life), and stepping must be
//! exactly reversible.
#![cfg(target_arch = "wasm32")]

use astar_visualizer::wasm::{
    compare_with_optimal, finder_catalogue, parse_scenarios, record_layout, JsMapEditor, JsSearch,
};
use js_sys::{Array, Float64Array, Reflect, Uint16Array, Uint8Array, WebAssembly, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn message(error: JsValue) -> String {
    js_sys::Error::from(error).message().into()
}

fn ok<T>(result: Result<T, JsValue>) -> T {
    result.unwrap_or_else(|error| panic!("unexpected error: {}", message(error)))
}

/// The call failed with an `Error` whose message contains every one of `expected`
/// (case-insensitive) and whose `problem` names a code for the page to put into words.
fn fails<T>(result: Result<T, JsValue>, expected: &[&str]) {
    let error = match result {
        Ok(_) => panic!("expected an error mentioning {expected:?}, but the call succeeded"),
        Err(error) => error,
    };
    let problem = get(&error, "problem");
    assert!(
        get(&problem, "code")
            .as_string()
            .is_some_and(|code| !code.is_empty()),
        "error without a problem code: {}",
        message(error.clone())
    );
    let text = message(error);
    for part in expected {
        assert!(
            text.to_lowercase().contains(&part.to_lowercase()),
            "error {text:?} should mention {part:?}"
        );
    }
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &key.into()).expect("reading a property of an object")
}

fn text(value: &JsValue, key: &str) -> String {
    get(value, key)
        .as_string()
        .unwrap_or_else(|| panic!("`{key}` of {} is not a string", json(value)))
}

fn json(value: &JsValue) -> String {
    JSON::stringify(value)
        .map(String::from)
        .unwrap_or_else(|_| "(not JSON)".into())
}

fn options(json: &str) -> JsValue {
    JSON::parse(json).expect("test options are valid JSON")
}

fn xy(value: &JsValue) -> (f64, f64) {
    (
        get(value, "x").as_f64().expect("x is a number"),
        get(value, "y").as_f64().expect("y is a number"),
    )
}

fn number(value: &JsValue, key: &str) -> f64 {
    get(value, key)
        .as_f64()
        .unwrap_or_else(|| panic!("`{key}` of {} is not a number", json(value)))
}

/// The wasm memory's buffer, which the page views at the pointers the API returns.
fn buffer() -> JsValue {
    wasm_bindgen::memory()
        .unchecked_into::<WebAssembly::Memory>()
        .buffer()
}

fn bytes_at(pointer: *const u8, len: usize) -> Vec<u8> {
    Uint8Array::new_with_byte_offset_and_length(&buffer(), pointer as u32, len as u32).to_vec()
}

/// The finder marks, 16 bits per cell, as the page views them.
fn marks_at(pointer: *const u16, len: usize) -> Vec<u16> {
    Uint16Array::new_with_byte_offset_and_length(&buffer(), pointer as u32, len as u32).to_vec()
}

fn floats_at(pointer: *const f64, len: usize) -> Vec<f64> {
    Float64Array::new_with_byte_offset_and_length(&buffer(), pointer as u32, len as u32).to_vec()
}

/// Everything the API shows about a search, as text, to compare states exactly.
fn snapshot(search: &JsSearch) -> String {
    let mut parts = vec![
        search.step_count().to_string(),
        json(&ok(search.status())),
        json(&ok(search.counters())),
        json(&ok(search.open_list(1e6))),
        json(&ok(search.current())),
        json(&ok(search.touched())),
        format!("{:?}", search.path().to_vec()),
        json(&ok(search.info())),
        format!(
            "{:?}",
            marks_at(
                search.marks_ptr(),
                (search.width() * search.height()) as usize
            )
        ),
    ];
    for y in 0..search.height() {
        for x in 0..search.width() {
            parts.push(json(&ok(search.cell_info(x.into(), y.into()))));
        }
    }
    parts.join("\n")
}

#[wasm_bindgen_test]
fn a_new_map_has_the_documented_size_and_endpoints() {
    let editor = ok(JsMapEditor::new(10.0, 5.0));
    assert_eq!(
        (editor.width(), editor.height(), editor.cell_count()),
        (10, 5, 50)
    );
    assert_eq!(xy(&ok(editor.start())), (2.0, 2.0));
    assert_eq!(xy(&ok(editor.goal())), (7.0, 2.0));
    assert!(!editor.can_undo());
}

#[wasm_bindgen_test]
fn impossible_map_sizes_are_errors() {
    fails(JsMapEditor::new(0.0, 5.0), &["0x5", "2048"]);
    fails(JsMapEditor::new(4.0, 2049.0), &["2049", "2048"]);
    fails(JsMapEditor::default_scene(2.5, 4.0), &["width", "whole"]);
    fails(JsMapEditor::new(4.0, f64::NAN), &["height"]);
    fails(JsMapEditor::new(-3.0, 4.0), &["width"]);
    let mut editor = ok(JsMapEditor::new(6.0, 4.0));
    fails(editor.resize(0.0, 4.0), &["2048"]);
    assert_eq!((editor.width(), editor.height()), (6, 4));
}

#[wasm_bindgen_test]
fn text_maps_say_where_they_are_wrong() {
    fails(
        JsMapEditor::from_text("SOOO\nOOQE\n"),
        &["line 2, column 3", "'Q'"],
    );
    let editor = ok(JsMapEditor::from_text("SOX\nOOE\n"));
    assert_eq!(ok(editor.to_text("ox")).trim_end(), "SOX\nOOE");
    assert_eq!(ok(editor.terrain_at(2.0, 0.0)), 0);
    fails(editor.to_text("png"), &["png", "ox", "dot", "movingai"]);
}

#[wasm_bindgen_test]
fn edits_off_the_map_or_with_bad_values_are_errors_that_change_nothing() {
    let mut editor = ok(JsMapEditor::new(8.0, 6.0));
    let revision = editor.revision();
    fails(editor.terrain_at(8.0, 0.0), &["(8,0)", "8x6"]);
    fails(editor.terrain_at(0.0, -1.0), &["(0,-1)"]);
    fails(editor.terrain_at(0.5, 0.0), &["whole"]);
    editor.begin_stroke();
    fails(editor.paint(0.0, 6.0, 0.0), &["(0,6)"]);
    fails(editor.paint(0.0, 0.0, 10.0), &["brush"]);
    fails(editor.paint_line(0.0, 0.0, 99.0, 0.0, 0.0), &["(99,0)"]);
    assert!(
        !editor.end_stroke(),
        "failed paints must not change the map"
    );
    fails(editor.move_start(-1.0, 0.0), &["(-1,0)"]);
    let goal = xy(&ok(editor.goal()));
    fails(editor.move_start(goal.0, goal.1), &["endpoint"]);

    editor.begin_stroke();
    ok(editor.paint(0.0, 0.0, 0.0));
    assert!(editor.end_stroke());
    fails(editor.move_goal(0.0, 0.0), &["wall"]);
    assert_eq!(editor.revision(), revision + 1.0);
    assert_ne!(editor.undo(), 0);
    assert_eq!(ok(editor.terrain_at(0.0, 0.0)), 1);
}

#[wasm_bindgen_test]
fn search_options_are_checked_field_by_field() {
    let editor = ok(JsMapEditor::default_scene(12.0, 7.0));
    let bad: &[(&str, &[&str])] = &[
        (
            r#"{"algorithm":"dfs"}"#,
            &["algorithm", "'dfs'", "astar, dijkstra, greedy, bfs"],
        ),
        (
            r#"{"heuristic":"taxi"}"#,
            &["heuristic", "'taxi'", "manhattan"],
        ),
        (r#"{"directions":6}"#, &["direction", "'6'", "4, 8"]),
        (
            r#"{"diagonal":"sometimes"}"#,
            &["diagonal", "'sometimes'", "never"],
        ),
        (r#"{"costs":"11-15"}"#, &["cost", "'11-15'", "10-14, exact"]),
        (r#"{"tieBreak":"random"}"#, &["tie", "'random'", "larger-g"]),
        (r#"{"weight":-1}"#, &["weight", "-1", "from 0 to 100"]),
        (r#"{"weight":"2.5.1"}"#, &["weight", "'2.5.1'"]),
        (r#"{"weight":"-inf"}"#, &["weight", "-inf"]),
        (
            r#"{"weight":1e300}"#,
            &["weight", "from 0 to 100, got 1e300"],
        ),
        // Values a finder cannot use, refused with a code like every other.
        (
            r#"{"algorithm":"bfs","weight":2}"#,
            &["weight of 2", "bfs", "no weighted heuristic term"],
        ),
        (
            r#"{"algorithm":"astar","nodeLimit":5}"#,
            &["node limit (5)", "idastar only", "astar"],
        ),
        (r#"{"algorithm":"idastar","nodeLimit":0}"#, &["at least 1"]),
        (
            r#"{"goalTest":"soon"}"#,
            &["goal test", "'soon'", "off-open, first-reached"],
        ),
        (
            r#"{"algorithm":"jps","goalTest":"first-reached"}"#,
            &["first-reached", "jps has a stopping rule of its own"],
        ),
        (
            r#"{"algorithm":"idastar","neighbourOrder":"left-then-right"}"#,
            &["neighbour order left-then-right", "not to idastar"],
        ),
        (r#"{"nodeLimit":"many"}"#, &["nodeLimit", "'many'"]),
        // A misspelt field or a value of the wrong type must be named too, not ignored.
        (r#"{"speed":3}"#, &["speed"]),
        (r#"{"algorithm":7}"#, &["algorithm"]),
    ];
    for (given, expected) in bad {
        fails(JsSearch::new(&editor, options(given)), expected);
    }
    fails(JsSearch::new(&editor, JsValue::from(5)), &["options"]);

    let defaults = ok(JsSearch::new(&editor, JsValue::UNDEFINED));
    let resolved = ok(defaults.options());
    assert_eq!(text(&resolved, "algorithm"), "astar");
    assert_eq!(text(&resolved, "heuristic"), "octile");
    assert_eq!(text(&resolved, "directions"), "8");
    let four = ok(JsSearch::new(&editor, options(r#"{"directions":4}"#)));
    assert_eq!(text(&ok(four.options()), "heuristic"), "manhattan");
}

#[wasm_bindgen_test]
fn stepping_back_restores_exactly_what_was_there() {
    let mut editor = ok(JsMapEditor::default_scene(12.0, 7.0));
    let mut search = ok(JsSearch::new(&editor, JsValue::UNDEFINED));
    let before = snapshot(&search);
    assert!(!search.step_back(), "nothing to undo before the first step");

    let event = ok(search.step());
    assert_eq!(text(&event, "kind"), "expanded");
    assert_eq!(get(&event, "step").as_f64(), Some(1.0));
    let start = xy(&ok(editor.start()));
    assert_eq!(xy(&get(&event, "node")), start);
    let after_one = snapshot(&search);
    assert_ne!(before, after_one);

    assert!(search.step_back());
    assert_eq!(snapshot(&search), before);
    ok(search.step());
    assert_eq!(snapshot(&search), after_one, "stepping is deterministic");

    assert_eq!(ok(search.advance(5.0)), 5);
    assert_eq!(search.step_count(), 6);
    for _ in 0..6 {
        assert!(search.step_back());
    }
    assert_eq!(snapshot(&search), before);

    // The search works on a snapshot: editing the map afterwards leaves it alone.
    editor.begin_stroke();
    ok(editor.paint(0.0, 0.0, 0.0));
    assert!(editor.end_stroke());
    assert_eq!(snapshot(&search), before);
}

#[wasm_bindgen_test]
fn a_finished_search_can_be_scrubbed_both_ways() {
    let editor = ok(JsMapEditor::default_scene(12.0, 7.0));
    let mut search = ok(JsSearch::new(&editor, JsValue::UNDEFINED));
    assert_eq!(search.total_steps(), None);
    search.finish();
    assert_eq!(ok(search.status()).as_string().as_deref(), Some("found"));
    let total = search.total_steps().expect("known once finished");
    assert_eq!(search.step_count(), total);
    assert!(search.step().unwrap_or(JsValue::UNDEFINED).is_null());

    let path = search.path().to_vec();
    let (start, goal) = (xy(&ok(editor.start())), xy(&ok(editor.goal())));
    let index = |(x, y): (f64, f64)| (y as u32) * editor.width() + x as u32;
    assert_eq!(path.first(), Some(&index(start)));
    assert_eq!(path.last(), Some(&index(goal)));
    assert!(search.path_cost().is_some_and(|cost| cost > 0.0));
    let finished = snapshot(&search);

    assert_eq!(ok(search.seek(0.0)), 0);
    assert_eq!(ok(search.status()).as_string().as_deref(), Some("running"));
    assert!(search.path().to_vec().is_empty());
    assert_eq!(ok(search.seek(f64::from(total) + 50.0)), total);
    assert_eq!(snapshot(&search), finished);
}

#[wasm_bindgen_test]
fn past_steps_are_told_again_without_moving_the_search() {
    for algorithm in ["astar", "jps", "idastar", "bi-astar"] {
        let editor = ok(JsMapEditor::default_scene(12.0, 7.0));
        let mut search = ok(JsSearch::new(
            &editor,
            options(&format!(r#"{{"algorithm":"{algorithm}"}}"#)),
        ));
        let mut told = Vec::new();
        while let Some(event) = Some(ok(search.step())).filter(|e| !e.is_null()) {
            told.push(json(&event));
        }
        let total = told.len() as f64;
        assert!(total >= 3.0, "{algorithm}: a search of several steps");
        ok(search.seek(total - 1.0));
        let here = snapshot(&search);

        let all: Array = ok(search.step_events(1.0, 1e5)).unchecked_into();
        assert_eq!(
            all.length() as f64,
            total - 1.0,
            "{algorithm}: only steps taken"
        );
        let middle: Array = ok(search.step_events(2.0, 2.0)).unchecked_into();
        assert_eq!(
            middle.iter().map(|e| json(&e)).collect::<Vec<_>>(),
            told[1..3],
            "{algorithm}: steps 2 and 3, as first told"
        );
        assert_eq!(snapshot(&search), here, "{algorithm}: the search stays put");
        let none: Array = ok(search.step_events(total, 5.0)).unchecked_into();
        assert_eq!(none.length(), 0, "{algorithm}: the step not yet taken");
        let zero: Array = ok(search.step_events(0.0, 2.0)).unchecked_into();
        assert_eq!(zero.length(), 1, "{algorithm}: step 0 is no step");
    }
    let editor = ok(JsMapEditor::default_scene(12.0, 7.0));
    let mut search = ok(JsSearch::new(&editor, JsValue::UNDEFINED));
    ok(search.advance(4.0));
    fails(search.step_events(-1.0, 2.0), &["from", "-1"]);
    fails(search.step_events(1.0, 0.5), &["count", "0.5"]);
    fails(search.step_events(f64::NAN, 1.0), &["NaN"]);
    assert_eq!(
        search.step_count(),
        4,
        "failed calls must not move the search"
    );
}

#[wasm_bindgen_test]
fn many_steps_at_once_are_the_steps_one_at_a_time() {
    let runs = ["astar", "jps", "idastar", "bi-astar", "bfs"]
        .map(|algorithm| format!(r#"{{"algorithm":"{algorithm}"}}"#))
        .into_iter()
        // Exact costs give G, H and F with decimals (1.414214 a diagonal).
        .chain([r#"{"algorithm":"astar","costs":"exact","weight":1.5}"#.to_string()]);
    for algorithm in runs {
        let editor = ok(JsMapEditor::default_scene(12.0, 7.0));
        let settings = options(&algorithm);
        let mut one_by_one = ok(JsSearch::new(&editor, settings.clone()));
        let mut told = Vec::new();
        while let Some(event) = Some(ok(one_by_one.step())).filter(|e| !e.is_null()) {
            told.push(json(&event));
        }
        let mut batched = ok(JsSearch::new(&editor, settings));
        let first: Array = ok(batched.take_steps(3.0)).unchecked_into();
        assert_eq!(batched.step_count(), 3, "{algorithm}: three steps taken");
        let rest: Array = ok(batched.take_steps(1e6)).unchecked_into();
        let all: Vec<String> = first.iter().chain(rest.iter()).map(|e| json(&e)).collect();
        assert_eq!(all, told, "{algorithm}: the same events");
        assert_eq!(
            snapshot(&batched),
            snapshot(&one_by_one),
            "{algorithm}: the same end"
        );
        let after: Array = ok(batched.take_steps(5.0)).unchecked_into();
        assert_eq!(after.length(), 0, "{algorithm}: nothing after the end");
    }
    let editor = ok(JsMapEditor::default_scene(12.0, 7.0));
    let mut search = ok(JsSearch::new(&editor, JsValue::UNDEFINED));
    fails(search.take_steps(-1.0), &["n", "-1"]);
    fails(search.take_steps(2e6), &["n"]);
    assert_eq!(search.step_count(), 0);
}

#[wasm_bindgen_test]
fn the_open_list_comes_in_pages_in_pop_order() {
    let editor = ok(JsMapEditor::default_scene(12.0, 7.0));
    let mut search = ok(JsSearch::new(&editor, JsValue::UNDEFINED));
    ok(search.advance(6.0));
    let whole = json(&ok(search.open_list(1e6)));
    let open = search.open_count() as f64;
    assert!(open >= 6.0, "a list long enough to page");
    let mut pages = Vec::new();
    let mut offset = 0.0;
    while offset < open {
        let page: Array = ok(search.open_list_page(offset, 4.0)).unchecked_into();
        assert!(page.length() > 0 && page.length() <= 4);
        pages.extend(page.iter().map(|e| json(&e)));
        offset += 4.0;
    }
    assert_eq!(format!("[{}]", pages.join(",")), whole);
    let past: Array = ok(search.open_list_page(open, 4.0)).unchecked_into();
    assert_eq!(past.length(), 0, "past the end: an empty page");
    let far: Array = ok(search.open_list_page(4e9, 1e6)).unchecked_into();
    assert_eq!(far.length(), 0);
    fails(search.open_list_page(-1.0, 4.0), &["offset"]);
    fails(search.open_list_page(0.0, 2e6), &["count"]);
}

#[wasm_bindgen_test]
fn a_walled_off_goal_ends_in_no_path() {
    let editor = ok(JsMapEditor::from_text("SXE\n"));
    let mut search = ok(JsSearch::new(&editor, JsValue::UNDEFINED));
    let mut last = JsValue::NULL;
    loop {
        let event = ok(search.step());
        if event.is_null() {
            break;
        }
        last = event;
    }
    assert_eq!(text(&last, "kind"), "no-path");
    assert_eq!(ok(search.status()).as_string().as_deref(), Some("no-path"));
    assert_eq!(search.path_cost(), None);
    assert!(search.path().to_vec().is_empty());
}

#[wasm_bindgen_test]
fn bad_step_counts_and_cells_are_errors() {
    let editor = ok(JsMapEditor::new(5.0, 4.0));
    let mut search = ok(JsSearch::new(&editor, JsValue::UNDEFINED));
    fails(search.advance(-1.0), &["-1"]);
    fails(search.advance(1.5), &["1.5"]);
    fails(search.seek(f64::NAN), &["NaN"]);
    fails(search.open_list(-2.0), &["-2"]);
    fails(search.cell_info(5.0, 0.0), &["(5,0)", "5x4"]);
    fails(search.cell_info(0.0, 0.25), &["0.25"]);
    assert_eq!(
        search.step_count(),
        0,
        "failed calls must not move the search"
    );
}

#[wasm_bindgen_test]
fn the_arrays_the_page_views_agree_with_each_cell() {
    let editor = ok(JsMapEditor::default_scene(12.0, 7.0));
    let mut search = ok(JsSearch::new(&editor, JsValue::UNDEFINED));
    assert_eq!(ok(search.advance(9.0)), 9);
    let (width, height) = (search.width(), search.height());
    let cells = (width * height) as usize;
    ok(search.fill_estimates(0.0, 0.0, width.into(), height.into()));

    let layout = ok(record_layout());
    let state_mask = number(&layout, "stateMask") as u8;
    let has_parent = number(&layout, "hasParent") as u8;
    let move_shift = number(&layout, "parentMoveShift") as u8;
    let moves: Vec<(f64, f64)> = Array::from(&get(&layout, "moves"))
        .iter()
        .map(|m| (number(&m, "dx"), number(&m, "dy")))
        .collect();
    assert_eq!(moves.len(), 8);

    let records = bytes_at(search.records_ptr(), cells);
    let g = floats_at(search.g_ptr(), cells);
    let h = floats_at(search.h_ptr(), cells);
    let f = floats_at(search.f_ptr(), cells);
    let (cost_scale, priority_scale) = (search.cost_scale(), search.priority_scale());
    let mut reached = 0;
    for y in 0..height {
        for x in 0..width {
            let i = (y * width + x) as usize;
            let info = ok(search.cell_info(x.into(), y.into()));
            let state = match text(&info, "state").as_str() {
                "open" => 1,
                "closed" | "current" | "path" => 2,
                _ => 0,
            };
            let here = format!("({x},{y}) {}", json(&info));
            assert_eq!(records[i] & state_mask, state, "{here}");
            if state == 0 {
                assert!(g[i].is_infinite() && get(&info, "g").is_null(), "{here}");
                continue;
            }
            reached += 1;
            assert_eq!(g[i] / cost_scale, number(&info, "g"), "{here}");
            assert_eq!(h[i] / cost_scale, number(&info, "h"), "{here}");
            assert_eq!(f[i] / priority_scale, number(&info, "f"), "{here}");
            let parent = get(&info, "parent");
            if records[i] & has_parent == 0 {
                assert!(parent.is_null(), "only the start has no parent: {here}");
            } else {
                let (dx, dy) = moves[usize::from(records[i] >> move_shift & 7)];
                assert_eq!(
                    xy(&parent),
                    (f64::from(x) - dx, f64::from(y) - dy),
                    "{here}"
                );
            }
        }
    }
    assert!(reached > 9, "nine expansions reach more than nine cells");

    // Corners beyond the grid are clipped to it; fractions are refused.
    ok(search.fill_estimates(-5.0, -5.0, 1e6, 1e6));
    fails(search.fill_estimates(0.5, 0.0, 1.0, 1.0), &["x0", "whole"]);
    fails(search.fill_estimates(0.0, 0.0, 1.0, f64::INFINITY), &["y1"]);
}

#[wasm_bindgen_test]
fn jump_point_search_marks_its_jumps_and_refuses_weights_with_a_code() {
    let mut editor = ok(JsMapEditor::from_text("SOOOO\nOOXOO\nOOXOE\n"));
    let mut search = ok(JsSearch::new(&editor, options(r#"{"algorithm":"jps"}"#)));
    let cells = (search.width() * search.height()) as usize;
    let layout = ok(record_layout());
    let scanned = number(&get(&layout, "marks"), "scanned") as u16;
    assert!(marks_at(search.marks_ptr(), cells).iter().all(|&m| m == 0));
    let event = ok(search.step());
    assert_eq!(text(&event, "kind"), "jumped");
    assert!(marks_at(search.marks_ptr(), cells)
        .iter()
        .any(|&m| m & scanned != 0));
    assert!(number(&ok(search.info()), "scanned") > 0.0);
    search.finish();
    assert_eq!(search.path_cost(), Some(48.0));

    ok(editor.paint(1.0, 0.0, 3.0));
    let error = JsSearch::new(&editor, options(r#"{"algorithm":"jps"}"#))
        .err()
        .expect("a weighted map is refused");
    let problem = get(&error, "problem");
    assert_eq!(text(&problem, "code"), "weighted-map");
    assert_eq!((number(&problem, "x"), number(&problem, "y")), (1.0, 0.0));
    assert_eq!(number(&problem, "weight"), 3.0);
    assert!(message(error).contains("uniform"));
}

#[wasm_bindgen_test]
fn loads_and_scenarios_are_undoable_edits_and_bad_input_is_an_error() {
    let mut editor = ok(JsMapEditor::default_scene(8.0, 6.0));
    let format = ok(editor.load_text("type octile\nheight 2\nwidth 3\nmap\n...\n..@\n"));
    assert_eq!(format, "movingai");
    assert_eq!((editor.width(), editor.height()), (3, 2));
    fails(editor.load_text("OQ\nSE\n"), &["line 1, column 2"]);
    assert_eq!(editor.width(), 3, "a bad text changes nothing");
    ok(editor.place_endpoints(2.0, 0.0, 0.0, 1.0));
    assert_eq!(xy(&ok(editor.start())), (2.0, 0.0));
    fails(editor.place_endpoints(2.0, 1.0, 0.0, 0.0), &["wall"]);
    fails(
        editor.place_endpoints(3.0, 0.0, 0.0, 0.0),
        &["x must be 0..2"],
    );
    fails(
        editor.place_endpoints(0.5, 0.0, 0.0, 0.0),
        &["whole number"],
    );
    assert_ne!(editor.undo(), 0);
    assert_ne!(editor.undo(), 0);
    assert_eq!((editor.width(), editor.height()), (8, 6));

    let scenarios = ok(parse_scenarios(
        "version 1\n3\tm.map\t3\t2\t0\t0\t2\t0\t2\n",
    ));
    let list: Array = scenarios.dyn_into().unwrap();
    assert_eq!(list.length(), 1);
    let first = list.get(0);
    assert_eq!(get(&first, "bucket").as_f64(), Some(3.0));
    assert_eq!(xy(&get(&first, "goal")), (2.0, 0.0));
    assert_eq!(get(&first, "optimal").as_f64(), Some(2.0));
    assert_eq!(get(&first, "decimals").as_f64(), Some(0.0));
    assert_eq!(get(&first, "mapFile").as_string().as_deref(), Some("m.map"));
    fails(parse_scenarios("version 9\n"), &["line 1", "version 1"]);
    // The map a line names, without its folders, and its length judged at the file's
    // precision: 1 + sqrt(2) is 2.41 to 2 decimals, longer than 2.414 to 3.
    let text = "version 1\n0\tmaps/dao/arena2.map\t3\t2\t0\t0\t2\t1\t2.41\n";
    let first = Array::from(&ok(parse_scenarios(text))).get(0);
    assert_eq!(
        get(&first, "mapFile").as_string().as_deref(),
        Some("arena2.map")
    );
    assert_eq!(
        get(&first, "map").as_string().as_deref(),
        Some("maps/dao/arena2.map")
    );
    assert_eq!(get(&first, "decimals").as_f64(), Some(2.0));
    let cost = 1.0 + std::f64::consts::SQRT_2;
    assert_eq!(ok(compare_with_optimal(cost, 2.41, 2.0)), 0);
    assert_eq!(ok(compare_with_optimal(cost, 2.413, 3.0)), 1);
    assert_eq!(ok(compare_with_optimal(cost, 2.415, 3.0)), -1);
    for decimals in [-1.0, 2.5, f64::NAN] {
        fails(compare_with_optimal(cost, 2.41, decimals), &["decimals"]);
    }
    // Optimal lengths are read as Rust reads numbers, though JavaScript converts them.
    for (optimal, expected) in [
        (".5", 0.5),
        ("2.", 2.0),
        ("1.5E1", 15.0),
        ("2.82842712", 2.82842712),
    ] {
        let text = format!("version 1\n0\tm.map\t3\t2\t0\t0\t2\t0\t{optimal}\n");
        let first = Array::from(&ok(parse_scenarios(&text))).get(0);
        assert_eq!(get(&first, "optimal").as_f64(), Some(expected), "{optimal}");
    }
    for optimal in ["1e", "0x2", "2,5", "inf", "-1"] {
        let text = format!("version 1\n0\tm.map\t3\t2\t0\t0\t2\t0\t{optimal}\n");
        fails(parse_scenarios(&text), &["optimal", optimal]);
    }
}

/// The catalogue crosses as plain objects the page reads by name: bidirectional A* takes no
/// weight, Jump Point Search one, and the marks' bits are those of `marksPtr`.
#[wasm_bindgen_test]
fn the_finder_catalogue_crosses_as_plain_objects() {
    let catalogue = ok(finder_catalogue());
    let finders = Array::from(&get(&catalogue, "finders"));
    assert_eq!(finders.length(), 14);
    let dstar = finders.get(11);
    assert_eq!(text(&dstar, "id"), "dstar-lite");
    assert_eq!(get(&dstar, "repairs").as_bool(), Some(true));
    assert_eq!(
        json(&get(&get(&dstar, "only"), "tieBreak")),
        r#"["larger-g","smaller-g"]"#
    );
    let weight = |i: u32| get(&get(&finders.get(i), "options"), "weight").as_bool();
    assert_eq!(text(&finders.get(5), "id"), "bi-astar");
    assert_eq!(weight(5), Some(false));
    assert_eq!(text(&finders.get(9), "id"), "jps");
    assert_eq!(weight(9), Some(true));
    let marks = get(&catalogue, "marks");
    let layout = get(&ok(record_layout()), "marks");
    assert_eq!(
        get(&marks, "jump-point").as_f64(),
        get(&layout, "jumpPoint").as_f64()
    );
    assert_eq!(get(&marks, "pruned").as_f64(), Some(64.0));
    assert_eq!(get(&marks, "under-consistent").as_f64(), Some(256.0));
    assert_eq!(
        get(&marks, "under-consistent").as_f64(),
        get(&layout, "underConsistent").as_f64()
    );
    let limits = get(&catalogue, "limits");
    assert_eq!(get(&limits, "maxNodeLimit").as_f64(), Some(4294967295.0));
}

/// D* Lite takes the editor's map as a batch and shows rhs and its queue; a finder that does
/// not repair refuses them with the code the page words, and a bad move changes nothing.
#[wasm_bindgen_test]
fn an_incremental_search_takes_the_editors_map_as_a_batch() {
    let mut editor = ok(JsMapEditor::from_text("SOOOE\nOOOOO\nOOOOO"));
    let mut search = ok(JsSearch::new(
        &editor,
        options(r#"{"algorithm":"dstar-lite"}"#),
    ));
    search.finish();
    ok(editor.paint(2.0, 0.0, 0.0));
    assert_eq!(ok(search.repair_from(&editor)), Some(1));
    assert_eq!(search.step_count(), 0);
    assert!(!search.step_back(), "not across the batch");
    let rhs = floats_at(ok(search.rhs_ptr()), 15);
    assert_eq!(rhs[4], 0.0, "the goal's rhs");
    assert!(rhs[2].is_infinite(), "the wall's rhs");
    let queue = Array::from(&ok(search.queue_page(0.0, 3.0)));
    assert!(queue.length() > 0);
    assert!(get(&queue.get(0), "k1").as_f64().is_some());
    fails(search.move_start(4.0, 2.0), &["not one legal move"]);
    fails(search.queue_page(0.5, 1.0), &["offset"]);
    ok(editor.move_goal(4.0, 2.0));
    assert_eq!(
        ok(search.repair_from(&editor)),
        None,
        "a new search is wanted"
    );
    let mut astar = ok(JsSearch::new(&editor, JsValue::UNDEFINED));
    fails(astar.repair_from(&editor), &["keeps no g and rhs"]);
    fails(astar.rhs_ptr(), &["keeps no g and rhs"]);
}
