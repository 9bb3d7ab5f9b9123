//! `astar trace`: the whole search as a Posthoc search trace.

use astar_visualizer::catalogue;
use astar_visualizer::formats::trace::write_trace;
use clap::{Arg, ArgMatches, Command};

use crate::scene::{self, Opened};
use crate::search_options::{self, Defaults, Fields};

pub fn command() -> Command {
    let limited: Vec<&str> = (catalogue().finders.iter())
        .filter(|entry| entry.options.node_limit)
        .map(|entry| entry.id.name())
        .collect();
    let command = Command::new("trace")
        .about("Write the whole search as a Posthoc search trace")
        .long_about(format!(
            "Writes the whole search as a Posthoc search trace (YAML, version 1.4.0) to FILE or \
             standard output: source, destination, then expanding, generating, updating and \
             closing events with id, pId, x, y, g, h, f, and end at the goal, from which pId \
             leads back to the start (bidirectional searches: events with side: forward or \
             backward, and path events joining the two halves before end). A search stopped by \
             its node limit ({}) is written whole, without end, then reported as solve reports \
             it (exit code 2).",
            limited.join(", ")
        ))
        .arg(scene::map_arg())
        .args(scene::endpoint_args())
        .arg(
            Arg::new("output")
                .long("output")
                .value_name("FILE")
                .allow_hyphen_values(true)
                .help("The file to write [default: standard output]"),
        );
    search_options::add(command, Fields::All, Defaults::ByMap)
}

pub fn run(matches: &ArgMatches) -> Result<(), String> {
    let Opened {
        mut search,
        start,
        goal,
        ..
    } = scene::open_search(matches)?;
    let written = match matches.get_one::<String>("output") {
        Some(path) => {
            let file = std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?;
            let mut out = std::io::BufWriter::new(file);
            write_trace(search.as_mut(), start, goal, &mut out, None)
        }
        None => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            write_trace(search.as_mut(), start, goal, &mut out, None)
        }
    };
    // The trace is whole either way; a search stopped by the node limit is reported as
    // `solve` reports it.
    match written
        .map_err(|e| format!("writing the trace: {e}"))?
        .node_limit
    {
        Some(limit) => Err(scene::limit_message(limit)),
        None => Ok(()),
    }
}
