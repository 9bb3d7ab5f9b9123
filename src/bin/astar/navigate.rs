//! `astar navigate`: an agent that senses the map as it walks, a line per cell it stands on.

use astar_visualizer::dynamic::navigation::{
    min_sensor_radius, Navigation, NavigationError, MIN_SENSOR_RADIUS,
};
use astar_visualizer::vocabulary::agent::{Arrival, PlannerKind};
use astar_visualizer::{Algorithm, Directions, SearchOptions};
use clap::{Arg, ArgMatches, Command};

use astar_visualizer::text::number_text::number_text;
use astar_visualizer::text::quoted::Quoted;

use crate::costs::{cost_or_none, fmt_cost};
use crate::planners;
use crate::scene::required;

pub fn command() -> Command {
    // The engine's least radius for each long neighbourhood.
    let least = |directions| {
        let options = SearchOptions {
            directions,
            ..SearchOptions::default()
        };
        number_text(min_sensor_radius(&*options.topology()))
    };
    let sensor_help = format!(
        "The sensor radius in cells, at least {} ({} for 16 directions, {} for 32, {} for \
         blink)",
        number_text(MIN_SENSOR_RADIUS),
        least(Directions::Sixteen),
        least(Directions::ThirtyTwo),
        least(Directions::Blink)
    );
    let command = Command::new("navigate")
        .about("Walk an agent to the goal, sensing the map as it goes")
        .long_about(
            "An agent walks from start to goal knowing only the cells within R (Euclidean, at \
             least 1.5; with 16, 32 or blink directions at least the longest move's length, \
             so that it sees every cell its moves cross) of each cell it has stood on; unseen \
             cells count as ground. Prints \
             'move<TAB>K<TAB>X<TAB>Y<TAB>PLANNED<TAB>EXPANDED' for every cell it stands on (K \
             moves made; PLANNED the optimal cost to the goal on the map as known there, or \
             'none'; EXPANDED the replanning done there), then \
             'arrived<TAB>TRAVELLED<TAB>TOTAL_EXPANDED' (TRAVELLED: the cost of its moves) or \
             'unreachable<TAB>K'. A Moving AI .map is searched by the benchmark's rules.",
        )
        .arg(
            Arg::new("sensor")
                .long("sensor")
                .value_name("R")
                .required(true)
                .allow_hyphen_values(true)
                .help(sensor_help),
        );
    planners::add_args(
        command,
        &planner_choices(),
        "How the agent plans: D* Lite, A* from scratch at every cell where what it sensed \
         changed its path, or A* from scratch at every cell where what it sensed changed the \
         known map",
    )
}

fn planner_choices() -> Vec<(&'static str, PlannerKind)> {
    (PlannerKind::ALL.iter()).map(|&p| (p.name(), p)).collect()
}

pub fn run(matches: &ArgMatches) -> Result<(), String> {
    let (scene, planner) = planners::open(matches, &planner_choices(), |planner| match planner {
        PlannerKind::DStarLite => Algorithm::DStarLite,
        PlannerKind::AStar | PlannerKind::AStarOnEveryChange => Algorithm::AStar,
    })?;
    let radius = required(matches, "sensor");
    // A radius that is no finite number is refused, as the page refuses it.
    let radius: f64 = (radius.parse().ok())
        .filter(|r: &f64| r.is_finite())
        .ok_or_else(|| {
            format!(
                "--sensor: expected a number of cells (at least 1.5), found {}",
                Quoted(radius)
            )
        })?;
    let mut walk = Navigation::new(
        scene.grid,
        scene.start,
        scene.goal,
        scene.options,
        radius,
        planner,
    )
    .map_err(|e| match e {
        NavigationError::SensorRadius { .. } => format!("--sensor: {e}"),
        _ => e.to_string(),
    })?;
    while let Some(visit) = walk.advance() {
        println!(
            "move\t{}\t{}\t{}\t{}\t{}",
            visit.k,
            visit.at.x,
            visit.at.y,
            cost_or_none(visit.planned),
            visit.expanded
        );
    }
    match walk.arrival() {
        Some(Arrival::Arrived {
            travelled,
            expanded,
        }) => println!("arrived\t{}\t{expanded}", fmt_cost(travelled)),
        Some(Arrival::Unreachable { k }) => println!("unreachable\t{k}"),
        None => {}
    }
    Ok(())
}
