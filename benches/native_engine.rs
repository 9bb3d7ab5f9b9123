//! The engine natively, doing what the page does for one search: the endpoints placed on a
//! `MapEditor`, a new `Search` over the editor's map, `finish()` (recorded, so the timeline
//! could still go back), the path cost read.
//!
//! `cargo xtask bench` runs this as a worker (`--worker`) beside the same work in
//! WebAssembly and in PathFinding.js, and sends it the scenarios chunk by chunk on standard
//! input, so that all three take turns on a machine whose load changes:
//!
//! - `map PATH` loads a map (any text format); the answer is `ok` or `error MESSAGE`;
//! - `run SX SY GX GY [SX SY GX GY ...]` searches each pair in turn; the answer is the
//!   thread CPU time in nanoseconds, then each path cost (`-` for none), space-separated.
//!
//! Alone, `cargo bench --bench native_engine` times every Moving AI map by itself.

#[path = "support/cpu_time.rs"]
mod cpu_time;

use std::io::{BufRead, Write};

use astar_visualizer::formats::scenario::parse_scenarios;
use astar_visualizer::session::editor::{EditError, EditProblem, Endpoint, MapEditor};
use astar_visualizer::{Finder, Point, Search, SearchOptions};
use cpu_time::{cpu_time, CLOCK};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/movingai");

/// Scenarios per map when run alone, spread over the whole file.
const SAMPLE: usize = 100;
const ROUNDS: usize = 3;

/// A map in an editor, as the page holds it.
struct Map {
    editor: MapEditor,
    /// Passable cells to park the goal on while the start moves onto its old place.
    spare: [Point; 3],
}

impl Map {
    fn load(text: &str) -> Result<Map, EditError> {
        let editor = MapEditor::from_text(text)?;
        let grid = editor.grid();
        let mut passable = (0..grid.cell_count())
            .filter(|&i| grid.is_passable_at(i))
            .map(|i| grid.point(i));
        let mut spare = [Point::new(0, 0); 3];
        for cell in &mut spare {
            *cell = passable
                .next()
                .ok_or(EditError::Own(EditProblem::TooSmall))?;
        }
        Ok(Map { editor, spare })
    }

    /// Moves the endpoints as a person dragging them would; the editor refuses to put one
    /// on the other, so a goal standing where the start must go steps aside first.
    fn place(&mut self, start: Point, goal: Point) -> Result<(), EditError> {
        let editor = &mut self.editor;
        if start == editor.goal() {
            let aside = self
                .spare
                .into_iter()
                .find(|&p| p != start && p != editor.start());
            let aside = aside.expect("three distinct spare cells");
            editor.move_endpoint(Endpoint::Goal, aside.x.into(), aside.y.into())?;
        }
        editor.move_endpoint(Endpoint::Start, start.x.into(), start.y.into())?;
        editor.move_endpoint(Endpoint::Goal, goal.x.into(), goal.y.into())
    }

    /// One search as the page makes it; its path cost in display units.
    fn search(&mut self, start: Point, goal: Point) -> Result<Option<f64>, String> {
        self.place(start, goal).map_err(|e| e.to_string())?;
        let editor = &self.editor;
        let options = std::hint::black_box(SearchOptions::moving_ai());
        let mut search = Search::new(
            editor.grid().clone(),
            editor.start(),
            editor.goal(),
            options,
        )
        .map_err(|e| e.to_string())?;
        search.finish();
        Ok(search.path_cost())
    }

    /// Runs the searches in turn; the thread CPU time they took and their costs.
    fn run(&mut self, pairs: &[(Point, Point)]) -> Result<(u128, Vec<Option<f64>>), String> {
        let mut costs = Vec::with_capacity(pairs.len());
        let began = cpu_time();
        for &(start, goal) in pairs {
            costs.push(self.search(start, goal)?);
        }
        Ok(((cpu_time() - began).as_nanos(), costs))
    }
}

fn main() {
    if std::env::args().any(|a| a == "--worker") {
        serve_requests();
    } else {
        time_every_map();
    }
}

fn serve_requests() {
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    let mut map: Option<Map> = None;
    for line in stdin.lines() {
        let line = line.expect("reading a request");
        let answer = answer(&mut map, line.trim()).unwrap_or_else(|e| format!("error {e}"));
        writeln!(stdout, "{answer}").expect("writing an answer");
        stdout.flush().expect("writing an answer");
    }
}

fn answer(map: &mut Option<Map>, request: &str) -> Result<String, String> {
    let (command, rest) = request.split_once(' ').unwrap_or((request, ""));
    match command {
        "map" => {
            let text = std::fs::read_to_string(rest).map_err(|e| format!("{rest}: {e}"))?;
            *map = Some(Map::load(&text).map_err(|e| format!("{rest}: {e}"))?);
            Ok("ok".into())
        }
        "run" => {
            let map = map.as_mut().ok_or("no map loaded")?;
            let numbers = rest
                .split_whitespace()
                .map(str::parse::<u32>)
                .collect::<Result<Vec<u32>, _>>()
                .map_err(|e| format!("coordinates: {e}"))?;
            if numbers.len() % 4 != 0 {
                return Err("coordinates come in fours: SX SY GX GY".into());
            }
            let pairs: Vec<(Point, Point)> = numbers
                .chunks(4)
                .map(|c| (Point::new(c[0], c[1]), Point::new(c[2], c[3])))
                .collect();
            let (nanoseconds, costs) = map.run(&pairs)?;
            let mut out = nanoseconds.to_string();
            for cost in costs {
                out.push(' ');
                match cost {
                    Some(c) => out.push_str(&c.to_string()),
                    None => out.push('-'),
                }
            }
            Ok(out)
        }
        other => Err(format!("unknown request '{other}'")),
    }
}

/// Alone: up to [`SAMPLE`] scenarios of each map, the fastest of [`ROUNDS`] rounds.
fn time_every_map() {
    println!("The engine as the page drives it, natively: new Search + finish() per scenario.");
    println!("Times are {CLOCK}, the fastest of {ROUNDS} rounds.\n");
    let mut maps: Vec<_> = std::fs::read_dir(DIR)
        .expect("the Moving AI maps")
        .map(|entry| entry.expect("a map file").path())
        .filter(|path| path.extension().is_some_and(|e| e == "map"))
        .collect();
    maps.sort();
    for path in maps {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let read = |p: &std::path::Path| std::fs::read_to_string(p).expect("a readable file");
        let mut map = Map::load(&read(&path)).expect("a valid map");
        let scenarios = parse_scenarios(&read(&path.with_extension("map.scen"))).unwrap();
        let stride = scenarios.len().div_ceil(SAMPLE);
        let pairs: Vec<(Point, Point)> = (scenarios.iter().step_by(stride))
            .filter(|s| s.start != s.goal)
            .map(|s| (s.start, s.goal))
            .collect();
        let mut best = u128::MAX;
        for _ in 0..ROUNDS {
            let (time, costs) = map.run(&pairs).expect("every scenario can be searched");
            assert!(
                costs.iter().all(Option::is_some),
                "{name}: a path is missing"
            );
            best = best.min(time);
        }
        let ms = best as f64 / 1e6 / pairs.len() as f64;
        println!(
            "{name:<24} {:>4} searches {ms:>9.3} ms per search",
            pairs.len()
        );
    }
}
