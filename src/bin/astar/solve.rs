//! `astar solve`: the map with the path drawn, then its cost and the expansions.

use astar_visualizer::formats::map_text::{write_map, MapFormat};
use astar_visualizer::geometry::hex::Tiling;
use astar_visualizer::Status;
use clap::{ArgMatches, Command};

use crate::costs::fmt_cost;
use crate::scene::{self, Opened};
use crate::search_options::{self, Defaults, Fields};

pub fn command() -> Command {
    let command = Command::new("solve")
        .about("Solve a map and draw the path")
        .long_about(
            "Solves a text map (O X S E, . + s d or Moving AI .map), prints it with the path \
             drawn, then 'cost: N' and the expansions, or 'no path'. A Moving AI map has no \
             start or goal: give --start and --goal; it is searched by the benchmark's rules \
             (as scen does) unless options say otherwise.",
        )
        .arg(scene::map_arg())
        .args(scene::endpoint_args());
    search_options::add(command, Fields::All, Defaults::ByMap)
}

pub fn run(matches: &ArgMatches) -> Result<(), String> {
    let Opened {
        mut search,
        start,
        goal,
        format,
    } = scene::open_search(matches)?;
    // A Moving AI map is drawn in the tutorial's dot format, which has a start and a goal;
    // a map searched as hexes, as hexes.
    let format = match format {
        _ if search.options().tiling == Tiling::Hex => MapFormat::Hex,
        MapFormat::MovingAi | MapFormat::Hex => MapFormat::Dot,
        f => f,
    };
    let status = search.run();
    if status == Status::LimitReached {
        return Err(scene::limit_message(search.counters().generated));
    }
    let drawn = write_map(
        search.grid(),
        Some(start),
        Some(goal),
        format,
        search.path(),
    )
    .map_err(|e| e.to_string())?;
    print!("{drawn}");
    let expanded = search.counters().expanded;
    match (status, search.path_cost()) {
        (Status::Found, Some(cost)) => println!("cost: {}\nexpanded: {expanded}", fmt_cost(cost)),
        _ => println!("no path\nexpanded: {expanded}"),
    }
    Ok(())
}
