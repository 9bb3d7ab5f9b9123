//! The search options every searching command takes, as flags built from the engine's option
//! table: a new option there is a new flag here, its help drawn from the same table (what it
//! decides, its values, range and default, the finders that take it), and its text read by
//! the engine as the page's option object is.

use std::ffi::OsStr;

use astar_visualizer::catalogue;
use astar_visualizer::checks::fields::{Accepts, OptionField, OptionProblem};
use astar_visualizer::SearchOptions;
use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use clap::{Arg, ArgMatches, Command};

/// The options a command searches by before any flag.
#[derive(Clone, Copy)]
pub enum Defaults {
    /// The page's, but the Moving AI benchmark's on a Moving AI `.map` (see
    /// [`crate::scene::rules_for`]).
    ByMap,
    /// The Moving AI benchmark's, on every map.
    MovingAi,
}

/// The fields of the table a command takes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Fields {
    All,
    /// All but the algorithm, for a command that offers its own planners under that flag.
    ButAlgorithm,
}

impl Fields {
    fn iter(self) -> impl Iterator<Item = OptionField> {
        (OptionField::ALL.into_iter())
            .filter(move |field| self == Fields::All || *field != OptionField::Algorithm)
    }
}

/// `command` with a flag for each of `fields`, under a heading of their own.
pub fn add(command: Command, fields: Fields, defaults: Defaults) -> Command {
    let finders = catalogue().finders;
    command
        .next_help_heading("Search options")
        .args(fields.iter().map(|field| {
            let mut help = field.about().to_string();
            match field.accepts() {
                Accepts::Names(_) => {}
                Accepts::Number { min, max } => help += &format!(", a number from {min} to {max}"),
                Accepts::WholeNumber { min, max } => {
                    help += &format!(", a whole number from {min} to {max}")
                }
            }
            if let Some(default) = default_text(field, defaults) {
                help += &format!(" [default: {default}]");
            }
            let takers: Vec<&str> = (finders.iter())
                .filter(|entry| field.taken_by(&entry.options))
                .map(|entry| entry.id.name())
                .collect();
            if takers.len() < finders.len() {
                help += &format!(" [only for {}]", takers.join(", "));
            }
            let long = field.flag().trim_start_matches("--");
            let arg = Arg::new(field.name())
                .long(long)
                .value_name(long.to_uppercase().replace('-', "_"))
                .allow_hyphen_values(true)
                .help(help);
            // The page's links name the moves `directions`.
            let arg = match field {
                OptionField::Directions => arg.visible_alias("directions"),
                _ => arg,
            };
            match field.accepts() {
                Accepts::Names(names) => arg.value_parser(Words(names.to_vec())),
                _ => arg,
            }
        }))
}

/// The field's default for the command: `8`, or `10-14; Moving AI .map: exact` when a
/// Moving AI map has another.
fn default_text(field: OptionField, defaults: Defaults) -> Option<String> {
    let moving_ai = field.text(&SearchOptions::moving_ai());
    match defaults {
        Defaults::MovingAi => moving_ai,
        Defaults::ByMap => {
            let plain = field.text(&SearchOptions::default())?;
            Some(match moving_ai {
                Some(other) if other != plain => format!("{plain}; Moving AI .map: {other}"),
                _ => plain,
            })
        }
    }
}

/// The options given, over `base`, read in the order given and checked together.
pub fn read(
    matches: &ArgMatches,
    fields: Fields,
    base: SearchOptions,
) -> Result<SearchOptions, String> {
    let mut given: Vec<(usize, OptionField, &String)> = (fields.iter())
        .filter_map(|field| {
            let at = matches.index_of(field.name())?;
            Some((at, field, matches.get_one::<String>(field.name())?))
        })
        .collect();
    given.sort_by_key(|&(at, ..)| at);
    let mut options = base;
    for (_, field, text) in given {
        (field.set(&mut options, text)).map_err(|problem| flag_message(field.flag(), problem))?;
    }
    options.validate().map_err(|e| e.to_string())?;
    Ok(options)
}

/// A flag's value that cannot be read, worded for the command line.
fn flag_message(flag: &str, problem: OptionProblem) -> String {
    match problem {
        OptionProblem::OptionWeight { given } => {
            format!("{flag}: expected a number >= 0, found '{given}'")
        }
        OptionProblem::OptionNodeLimit { given, max } => {
            format!("{flag}: expected a whole number from 1 to {max}, found '{given}'")
        }
        other => format!("{flag}: {other}"),
    }
}

/// The words an option takes, listed in its help and usage. The text given is left to the
/// command to read (the engine, for a search option, as it reads the page's), so that a
/// refusal is worded as the page words it.
#[derive(Clone)]
pub struct Words(pub Vec<&'static str>);

impl TypedValueParser for Words {
    type Value = String;

    fn parse_ref(
        &self,
        command: &Command,
        arg: Option<&Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(command, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            self.0.iter().map(|&word| PossibleValue::new(word)),
        ))
    }
}
