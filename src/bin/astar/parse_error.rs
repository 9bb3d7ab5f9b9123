//! The parser's refusals in one line, as the commands write theirs: what is wrong, naming the
//! flag, value or command, then the usage of the command it was given to.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Command, Error};

/// `astar` is the command line as built by the parse that refused.
pub fn one_line(error: &Error, astar: &mut Command) -> String {
    let text = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.as_str()),
        _ => None,
    };
    let argument = text(ContextKind::InvalidArg).unwrap_or_default();
    let mut message = match error.kind() {
        ErrorKind::UnknownArgument if argument.starts_with('-') => {
            format!("unknown option '{argument}'")
        }
        ErrorKind::UnknownArgument => format!("unexpected argument '{argument}'"),
        ErrorKind::InvalidSubcommand => {
            let names: Vec<&str> = astar.get_subcommands().map(Command::get_name).collect();
            format!(
                "unknown command '{}': expected {}",
                text(ContextKind::InvalidSubcommand).unwrap_or_default(),
                listed(&names, "or")
            )
        }
        ErrorKind::MissingRequiredArgument => {
            let missing: Vec<&str> = match error.get(ContextKind::InvalidArg) {
                Some(ContextValue::Strings(missing)) => missing.iter().map(|m| flag(m)).collect(),
                _ => Vec::new(),
            };
            let verb = if missing.len() == 1 { "is" } else { "are" };
            format!("{} {verb} required", listed(&missing, "and"))
        }
        ErrorKind::InvalidValue if text(ContextKind::InvalidValue) == Some("") => {
            format!("{} needs a value", flag(argument))
        }
        // Kinds these commands do not meet (arguments that are not UTF-8, say): the parser's
        // own first line.
        _ => {
            let rendered = error.render().to_string();
            let first = rendered.lines().next().unwrap_or_default();
            first.trim_start_matches("error: ").to_string()
        }
    };
    // The parser's tips: how to pass a file whose name starts with dashes. Not for a cluster
    // of one-letter flags, where it would name the first letter alone.
    match error.get(ContextKind::Suggested) {
        Some(ContextValue::StyledStrs(tips)) if argument.starts_with("--") => {
            for tip in tips {
                message += &format!(" ({tip})");
            }
        }
        _ => {}
    }
    match usage(error, astar) {
        Some(usage) => format!("{message}; usage: {usage}"),
        None => message,
    }
}

/// The whole usage of the command refused, where the parser's shows the arguments given.
fn usage(error: &Error, astar: &mut Command) -> Option<String> {
    let Some(ContextValue::StyledStr(shown)) = error.get(ContextKind::Usage) else {
        return None;
    };
    // `Usage: astar solve <MAPFILE>`, `Usage: astar <COMMAND>`
    let shown = shown.to_string();
    let usage = match shown.split_whitespace().nth(2) {
        Some(name) if astar.find_subcommand(name).is_some() => {
            astar.find_subcommand_mut(name)?.render_usage()
        }
        _ => astar.render_usage(),
    };
    let usage = usage.to_string();
    Some(usage.trim_start_matches("Usage: ").trim().to_string())
}

/// An argument as the parser shows it, `--edits <FILE>`, by its flag alone; a positional
/// argument, `<MAPFILE>`, as it is.
fn flag(shown: &str) -> &str {
    match shown.split_once(' ') {
        Some((flag, _)) if flag.starts_with('-') => flag,
        _ => shown,
    }
}

/// `a`, `a or b`, `a, b or c` (`last` the word before the last).
fn listed(words: &[&str], last: &str) -> String {
    match words {
        [init @ .., end] if !init.is_empty() => format!("{} {last} {end}", init.join(", ")),
        _ => words.join(""),
    }
}
