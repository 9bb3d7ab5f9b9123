//! `astar`: solve text maps, trace and repair searches, walk an agent through unknown terrain
//! and run Moving AI scenario files from the command line. A module per command; the search
//! options come from the engine's option table.

// The command line reads files and arguments. The wasm build of it (made only because the
// wasm-side tests build every target of the package) has neither, and is an empty program.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

mod costs;
mod finders;
mod navigate;
mod parse_error;
mod planners;
mod replan;
mod scen;
mod scene;
mod search_options;
mod solve;
mod trace;

use std::process::ExitCode;

use clap::{ArgMatches, Command};

/// What a command does with its arguments; an error is printed as one line.
type Run = fn(&ArgMatches) -> Result<(), String>;

/// Every command and what runs it, in the order the help lists them.
fn commands() -> [(Command, Run); 6] {
    [
        (solve::command(), solve::run),
        (trace::command(), trace::run),
        (replan::command(), replan::run),
        (navigate::command(), navigate::run),
        (scen::command(), scen::run),
        (finders::command(), finders::run),
    ]
}

fn main() -> ExitCode {
    let commands = commands();
    let mut astar = Command::new("astar")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Grid pathfinding from the command line")
        .after_help("'astar help COMMAND' describes a command: its output, arguments and options.")
        .subcommand_required(true)
        // A flag given twice takes its last value, so a script may append to a command line.
        .args_override_self(true)
        .subcommands(commands.iter().map(|(command, _)| command.clone()));
    // Without arguments it says what it does, as `--help` does, and succeeds.
    if std::env::args_os().len() <= 1 {
        return printed(astar.print_long_help());
    }
    let matches = match astar.try_get_matches_from_mut(std::env::args_os()) {
        Ok(matches) => matches,
        // `--help` and `--version`: what was asked for, on standard output.
        Err(shown) if !shown.use_stderr() => return printed(shown.print()),
        Err(refused) => return failed(&parse_error::one_line(&refused, &mut astar)),
    };
    let (name, arguments) = matches.subcommand().expect("clap requires a command");
    let (_, run) = (commands.iter())
        .find(|(command, _)| command.get_name() == name)
        .expect("clap parses only the commands it was given");
    match run(arguments) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => failed(&message),
    }
}

fn printed(written: std::io::Result<()>) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => failed(&format!("writing to standard output: {e}")),
    }
}

/// Anything the command cannot use: one line on standard error and exit code 2.
fn failed(message: &str) -> ExitCode {
    eprintln!("astar: {message}");
    ExitCode::from(2)
}
