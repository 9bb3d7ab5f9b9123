//! `astar replan`: a search repaired after each batch of cell changes, its cost and
//! expansions a line per batch.

use astar_visualizer::dynamic::incremental::{Incremental, Variant};
use astar_visualizer::finder::repairing::CellEdit;
use astar_visualizer::geometry::grid::{GROUND, MAX_WEIGHT, WALL};
use astar_visualizer::text::quoted::Quoted;
use astar_visualizer::{Algorithm, Finder, Grid, Point, Search};
use clap::{Arg, ArgMatches, Command};

use crate::costs::cost_or_none;
use crate::planners;
use crate::scene::{read, required, Scene};

/// How `replan` answers after each batch: repairing the search, or A* from scratch.
#[derive(Clone, Copy)]
enum Replanner {
    Repair(Variant),
    FromScratch,
}

const REPLANNERS: [(&str, Replanner); 3] = [
    ("lpastar", Replanner::Repair(Variant::LpaStar)),
    ("dstar-lite", Replanner::Repair(Variant::DStarLite)),
    ("astar", Replanner::FromScratch),
];

pub fn command() -> Command {
    let command = Command::new("replan")
        .about("Repair a search after each batch of cell changes")
        .long_about(
            "Searches, then applies batches of cell changes and repairs the search after each. \
             The edits file has one change a line, 'X Y wall', 'X Y free' or 'X Y W' (ground of \
             terrain weight W, 1-9), and a blank line between batches. Prints \
             'batch<TAB>K<TAB>COST<TAB>EXPANDED' after the first search (K = 0) and after each \
             batch: the optimal cost on the map as edited ('none' without a path) and the \
             expansions of that search. A Moving AI .map is searched by the benchmark's rules.",
        )
        .arg(
            Arg::new("edits")
                .long("edits")
                .value_name("FILE")
                .required(true)
                .allow_hyphen_values(true)
                .help("The file of cell changes"),
        );
    planners::add_args(
        command,
        &REPLANNERS,
        "How each batch is answered: by LPA* or D* Lite repairing their search, or by A* from \
         scratch",
    )
}

pub fn run(matches: &ArgMatches) -> Result<(), String> {
    let (scene, replanner) = planners::open(matches, &REPLANNERS, |replanner| match replanner {
        Replanner::Repair(variant) => variant.algorithm(),
        Replanner::FromScratch => Algorithm::AStar,
    })?;
    let edits_path = required(matches, "edits");
    let batches = parse_edits(
        edits_path,
        &read(edits_path)?,
        &scene.grid,
        scene.start,
        scene.goal,
    )?;
    let Scene {
        mut grid,
        start,
        goal,
        options,
        ..
    } = scene;
    let print = |k: usize, cost: Option<f64>, expanded: u32| {
        println!("batch\t{k}\t{}\t{expanded}", cost_or_none(cost));
    };
    let Replanner::Repair(variant) = replanner else {
        for k in 0..=batches.len() {
            if k > 0 {
                for e in &batches[k - 1] {
                    grid.set(e.at, e.terrain).map_err(|e| e.to_string())?;
                }
            }
            let mut search =
                Search::new(grid.clone(), start, goal, options).map_err(|e| e.to_string())?;
            search.run();
            print(k, search.path_cost(), search.counters().expanded);
        }
        return Ok(());
    };
    let mut finder =
        Incremental::new(grid, start, goal, options, variant).map_err(|e| e.to_string())?;
    finder.run();
    print(0, finder.path_cost(), finder.counters().expanded);
    for (k, batch) in batches.iter().enumerate() {
        finder.apply_edits(batch).map_err(|e| e.to_string())?;
        finder.run();
        print(k + 1, finder.path_cost(), finder.repair_expanded());
    }
    Ok(())
}

/// Batches of cell changes from an edits file: one change a line, a blank line between
/// batches. Every change is checked (on the map, not on the start or goal) before any is
/// made, and a refusal names the line. A byte-order mark before the first line (as some
/// editors write) is not part of it.
fn parse_edits(
    path: &str,
    text: &str,
    grid: &Grid,
    start: Point,
    goal: Point,
) -> Result<Vec<Vec<CellEdit>>, String> {
    let mut batches: Vec<Vec<CellEdit>> = vec![Vec::new()];
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (n, line) in text.lines().enumerate() {
        let at_line = |what: String| format!("{path} line {}: {what}", n + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            if batches.last().is_some_and(|b| !b.is_empty()) {
                batches.push(Vec::new());
            }
            continue;
        }
        let malformed = || {
            at_line(format!(
                "expected 'X Y wall', 'X Y free' or 'X Y W' (a weight 1-9), found {}",
                Quoted(line.trim())
            ))
        };
        let [x, y, what] = words[..] else {
            return Err(malformed());
        };
        let (Ok(x), Ok(y)) = (x.parse::<i64>(), y.parse::<i64>()) else {
            return Err(malformed());
        };
        let terrain = match what {
            "wall" => WALL,
            "free" => GROUND,
            w => match w.parse::<u8>() {
                Ok(w) if (1..=MAX_WEIGHT).contains(&w) => w,
                _ => return Err(malformed()),
            },
        };
        let cell = grid.index_of(x, y).map_err(|e| at_line(e.to_string()))?;
        let at = grid.point(cell);
        for (name, endpoint) in [("start", start), ("goal", goal)] {
            if at == endpoint {
                return Err(at_line(format!(
                    "({x},{y}) is the {name}: edits may not change the start or the goal"
                )));
            }
        }
        batches
            .last_mut()
            .expect("at least one batch")
            .push(CellEdit { at, terrain });
    }
    batches.retain(|b| !b.is_empty());
    Ok(batches)
}
