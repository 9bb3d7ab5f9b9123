//! What `replan` and `navigate` share: a choice of planners under `--algorithm` (they build
//! their finders themselves, not from the catalogue), the other search options as every
//! command takes them, and a start and goal that must be open cells.

use astar_visualizer::Algorithm;
use clap::{Arg, ArgMatches, Command};

use crate::scene::{self, Scene};
use crate::search_options::{self, Defaults, Fields, Words};

/// `command` with the map, the endpoints, `--algorithm` among `choices` (the first by
/// default) and the other search options.
pub fn add_args<T>(command: Command, choices: &[(&'static str, T)], help: &str) -> Command {
    let names: Vec<&'static str> = choices.iter().map(|&(name, _)| name).collect();
    let command = command
        .arg(scene::map_arg())
        .args(scene::endpoint_args())
        .next_help_heading("Search options")
        .arg(
            Arg::new("algorithm")
                .long("algorithm")
                .value_name("ALGORITHM")
                .allow_hyphen_values(true)
                .help(format!("{help} [default: {}]", names[0]))
                .value_parser(Words(names)),
        );
    search_options::add(command, Fields::ButAlgorithm, Defaults::ByMap)
}

/// The planner chosen and the scene, its options checked as the planner's finder
/// (`finder`) takes them, so that a refusal names that finder and comes before any warning.
pub fn open<T: Copy>(
    matches: &ArgMatches,
    choices: &[(&str, T)],
    finder: impl Fn(T) -> Algorithm,
) -> Result<(Scene, T), String> {
    let chosen = match matches.get_one::<String>("algorithm") {
        Some(value) => (choices.iter())
            .find(|(name, _)| *name == value.trim())
            .map(|&(_, planner)| planner)
            .ok_or_else(|| {
                let names: Vec<&str> = choices.iter().map(|&(name, _)| name).collect();
                format!(
                    "--algorithm: expected {}, found '{value}'",
                    names.join(" or ")
                )
            })?,
        None => choices[0].1,
    };
    let scene = scene::open(matches, Fields::ButAlgorithm, Some(finder(chosen)))?;
    endpoint_cells(&scene)?;
    scene::warn_if_inadmissible(&scene.options);
    Ok((scene, chosen))
}

/// The start and goal must be passable cells of the grid.
fn endpoint_cells(scene: &Scene) -> Result<(), String> {
    let grid = &scene.grid;
    for (name, p) in [("start", scene.start), ("goal", scene.goal)] {
        if !grid.is_passable(p) {
            let why = if grid.get(p).is_ok() {
                "is on a wall".to_string()
            } else {
                format!("is outside the {}x{} map", grid.width(), grid.height())
            };
            return Err(format!("the {name} ({},{}) {why}", p.x, p.y));
        }
    }
    Ok(())
}
