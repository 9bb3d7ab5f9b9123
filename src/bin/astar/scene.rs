//! A map file opened for a command: the map, its start and goal (from the map or the flags)
//! and the search options over the rules its kind of map is searched by.

use astar_visualizer::formats::map_text::{parse_map, MapFormat};
use astar_visualizer::geometry::hex::Tiling;
use astar_visualizer::{new_finder, Algorithm, Finder, Grid, Point, SearchOptions};
use clap::{Arg, ArgMatches};

use crate::search_options::{self, Fields};

/// The map file, the first argument of the commands that take one.
pub fn map_arg() -> Arg {
    Arg::new("map").value_name("MAPFILE").required(true).help(
        "A text map (O X S E, or . + s d; a first line `hex` for a hex map) or a Moving AI .map",
    )
}

/// `--start` and `--goal`, which a Moving AI map needs and which override a text map's own.
pub fn endpoint_args() -> [Arg; 2] {
    ["start", "goal"].map(|end| {
        Arg::new(end)
            .long(end)
            .value_name("X,Y")
            .allow_hyphen_values(true)
            .help(format!("The {end} cell [default: the map's]"))
    })
}

/// A file's text, or a message naming it.
pub fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
}

/// A named argument the parser requires.
pub fn required<'a>(matches: &'a ArgMatches, id: &str) -> &'a str {
    matches
        .get_one::<String>(id)
        .expect("the parser requires it")
}

pub struct Scene {
    pub grid: Grid,
    pub start: Point,
    pub goal: Point,
    pub format: MapFormat,
    pub options: SearchOptions,
}

/// The map of `MAPFILE`, searched with the `fields` given, by `algorithm` when the command
/// chose it (else by the `--algorithm` given, or the default).
pub fn open(
    matches: &ArgMatches,
    fields: Fields,
    algorithm: Option<Algorithm>,
) -> Result<Scene, String> {
    let map_path = required(matches, "map");
    let map = parse_map(&read(map_path)?).map_err(|e| format!("{map_path}: {e}"))?;
    let mut base = rules_for(map.format);
    if let Some(algorithm) = algorithm {
        base.algorithm = algorithm;
    }
    let options = search_options::read(matches, fields, base)?;
    let point = |id: &str| match matches.get_one::<String>(id) {
        Some(text) => parse_point(id, text).map(Some),
        None => Ok(None),
    };
    let (start, goal) = match (point("start")?.or(map.start), point("goal")?.or(map.goal)) {
        (Some(start), Some(goal)) => (start, goal),
        _ => {
            return Err(format!(
                "{map_path}: the map has no start and goal: give --start X,Y and --goal X,Y"
            ))
        }
    };
    Ok(Scene {
        grid: map.grid,
        start,
        goal,
        format: map.format,
        options,
    })
}

/// The rules a map is searched by before any option: a Moving AI map is the benchmark's,
/// searched by the benchmark's rules, as `scen` and the page do; a hex map is hexes.
fn rules_for(format: MapFormat) -> SearchOptions {
    match format {
        MapFormat::MovingAi => SearchOptions::moving_ai(),
        MapFormat::Hex => SearchOptions {
            tiling: Tiling::Hex,
            ..SearchOptions::default()
        },
        _ => SearchOptions::default(),
    }
}

fn parse_point(id: &str, value: &str) -> Result<Point, String> {
    let bad = || format!("--{id}: expected X,Y (two whole numbers), found '{value}'");
    let (x, y) = value.split_once(',').ok_or_else(bad)?;
    Ok(Point::new(
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

/// A warning on standard error when the options make the cost found possibly not the least.
pub fn warn_if_inadmissible(options: &SearchOptions) {
    if let Some(reason) = options.admissibility().reason {
        eprintln!("warning: {reason}");
    }
}

/// A finder from the catalogue over the scene, for `solve` and `trace`.
pub struct Opened {
    pub search: Box<dyn Finder>,
    pub start: Point,
    pub goal: Point,
    pub format: MapFormat,
}

pub fn open_search(matches: &ArgMatches) -> Result<Opened, String> {
    let scene = open(matches, Fields::All, None)?;
    let search = new_finder(scene.grid, scene.start, scene.goal, scene.options)
        .map_err(|e| e.to_string())?;
    if scene.format == MapFormat::MovingAi {
        eprintln!(
            "note: {} is a Moving AI map: the benchmark's rules apply (8 directions, a \
             diagonal only when no side is a wall, costs 1 and sqrt(2)) unless --movement, \
             --diagonal or --costs say otherwise",
            required(matches, "map")
        );
    }
    warn_if_inadmissible(&scene.options);
    Ok(Opened {
        search,
        start: scene.start,
        goal: scene.goal,
        format: scene.format,
    })
}

/// An IDA* search stopped by its node limit, as `solve` and `trace` report it.
pub fn limit_message(visited: u32) -> String {
    format!(
        "idastar stopped after visiting {visited} nodes, its node limit, without reaching the \
         goal; raise the limit with --node-limit N or use another algorithm"
    )
}
