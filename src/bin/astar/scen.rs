//! `astar scen`: every scenario of a Moving AI scenario file, a line each, and a summary.

use std::cmp::Ordering;
use std::path::Path;
use std::time::Instant;

use astar_visualizer::formats::map_text::parse_map;
use astar_visualizer::formats::scenario::{parse_scenarios, Scenario};
use astar_visualizer::{catalogue, new_finder, SearchOptions, Status};
use clap::{Arg, ArgMatches, Command};

use crate::scene::{self, read, required};
use crate::search_options::{self, Defaults, Fields};

pub fn command() -> Command {
    let command = Command::new("scen")
        .about("Run every scenario of a Moving AI scenario file")
        .long_about(
            "Runs every scenario in file order and prints one tab-separated line per scenario, \
             'index cost optimal expanded' ('-' for the cost when there is no path), then a \
             summary. A cost is optimal when it rounds to the file's optimal length at the \
             number of decimals the file gives it with. Defaults follow the Moving AI rules.",
        )
        .arg(scene::map_arg())
        .arg(
            Arg::new("scen")
                .value_name("SCENFILE")
                .required(true)
                .help("A Moving AI .scen file for the map"),
        );
    search_options::add(command, Fields::All, Defaults::MovingAi)
}

pub fn run(matches: &ArgMatches) -> Result<(), String> {
    let (map_path, scen_path) = (required(matches, "map"), required(matches, "scen"));
    let options = search_options::read(matches, Fields::All, SearchOptions::moving_ai())?;
    let map = parse_map(&read(map_path)?).map_err(|e| format!("{map_path}: {e}"))?;
    let scenarios = parse_scenarios(&read(scen_path)?).map_err(|e| format!("{scen_path}: {e}"))?;
    let (w, h) = (map.grid.width(), map.grid.height());
    if let Some((i, s)) = scenarios
        .iter()
        .enumerate()
        .find(|(_, s)| (s.width, s.height) != (w, h))
    {
        return Err(format!(
            "{scen_path}: scenario {i} is for a {}x{} map but {map_path} is {w}x{h}",
            s.width, s.height
        ));
    }
    warn_of_other_maps(map_path, scen_path, &scenarios);
    let Some(first) = scenarios.first() else {
        println!("no scenarios");
        return Ok(());
    };
    let mut search = new_finder(map.grid, first.start, first.goal, options)
        .map_err(|e| format!("scenario 0: {e}"))?;
    let (mut solved, mut matching, mut stopped, mut expanded_total) = (0, 0, 0, 0u64);
    let began = Instant::now();
    for (i, s) in scenarios.iter().enumerate() {
        search
            .restart(s.start, s.goal)
            .map_err(|e| format!("scenario {i}: {e}"))?;
        if search.run() == Status::LimitReached {
            stopped += 1;
        }
        let expanded = search.counters().expanded;
        expanded_total += expanded as u64;
        let cost = search.path_cost();
        if let Some(c) = cost {
            solved += 1;
            if s.compare(c) == Ordering::Equal {
                matching += 1;
            }
        }
        let cost = cost.map_or("-".to_string(), |c| format!("{c:.8}"));
        // As the file writes it, up to what an f64 holds.
        let decimals = s.decimals.min(15) as usize;
        println!("{i}\t{cost}\t{:.decimals$}\t{expanded}", s.optimal);
    }
    let ms = began.elapsed().as_secs_f64() * 1000.0;
    println!(
        "# scenarios: {}  solved: {solved}  optimal: {matching}  expanded: {expanded_total}  \
         time: {ms:.1} ms ({:.3} ms per search)",
        scenarios.len(),
        ms / scenarios.len() as f64
    );
    if stopped > 0 {
        let limit = (options.node_limit).unwrap_or(catalogue().limits.default_node_limit);
        println!("# {stopped} searches stopped at the node limit ({limit}) without an answer");
    }
    Ok(())
}

/// A scenario file made for another map of the same size would judge this map by that
/// map's lengths: says so when a line names another map file than the one opened.
fn warn_of_other_maps(map_path: &str, scen_path: &str, scenarios: &[Scenario]) {
    let opened = Path::new(map_path)
        .file_name()
        .map_or_else(|| map_path.into(), |name| name.to_string_lossy());
    let others = scenarios
        .iter()
        .filter(|s| s.map_file_name() != opened)
        .count();
    if let Some((i, s)) = (scenarios.iter().enumerate()).find(|(_, s)| s.map_file_name() != opened)
    {
        eprintln!(
            "warning: {scen_path}: {others} of {} scenarios name another map than {opened}, \
             the first (scenario {i}) {}; their optimal lengths are that map's",
            scenarios.len(),
            s.map
        );
    }
}
