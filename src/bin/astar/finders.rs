//! `astar finders`: the catalogue, a block per finder.

use astar_visualizer::catalogue;
use clap::{ArgMatches, Command};

pub fn command() -> Command {
    Command::new("finders")
        .about("List the finders: what each takes and emits")
        .long_about(
            "Lists the finders: what each takes (options) and what it emits (events, outcomes, \
             cell marks, counters).",
        )
}

pub fn run(_: &ArgMatches) -> Result<(), String> {
    let names = |words: Vec<&str>| {
        if words.is_empty() {
            "-".to_string()
        } else {
            words.join(", ")
        }
    };
    let mut out = String::new();
    for entry in catalogue().finders {
        let t = entry.options;
        // An option it takes only some values of names them: tie-break (larger-g, smaller-g).
        let tie_break = match entry.only.tie_break {
            Some(values) => {
                let values: Vec<&str> = values.iter().map(|v| v.name()).collect();
                format!("tie-break ({})", values.join(", "))
            }
            None => "tie-break".to_string(),
        };
        let taken = [
            ("heuristic", t.heuristic),
            ("weight", t.weight),
            ("node-limit", t.node_limit),
            (tie_break.as_str(), t.tie_break),
            ("terrain", t.terrain),
            ("movement", t.directions),
            ("diagonal", t.diagonal),
            ("costs", t.costs),
            ("goal-test", t.goal_test),
            ("neighbour-order", t.neighbour_order),
        ];
        out += &format!(
            "{}\n  family:   {}\n  priority: {}\n  takes:    {}\n  cells:    {}\n  repairs:  {}\n  events:   {}\n  outcomes: {}\n  marks:    {}\n  counters: {}\n",
            entry.id,
            entry.family.name(),
            entry.priority.name(),
            names(taken.iter().filter(|(_, on)| *on).map(|(n, _)| *n).collect()),
            names(entry.cell_values.iter().map(|v| v.name()).collect()),
            if entry.repairs { "yes" } else { "no" },
            names(entry.events.iter().map(|k| k.name()).collect()),
            names(entry.outcomes.iter().map(|k| k.name()).collect()),
            names(entry.marks.iter().map(|m| m.name()).collect()),
            names(entry.counters.iter().map(|c| c.name()).collect()),
        );
    }
    print!("{out}");
    Ok(())
}
