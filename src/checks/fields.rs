//! Search options read from named text fields: one parser for the command line's flags and
//! the page's option object (its fields as JavaScript gives them judged here too), and the
//! resolved options written back in the same shape.

use std::fmt;

use serde::Serialize;

use crate::catalogue::Takes;
use crate::checks::search_error::OptionsError;
use crate::geometry::heuristic::Heuristic;
use crate::geometry::hex::Tiling;
use crate::geometry::movement::{CostModel, DiagonalRule, Directions, NeighbourOrder};
use crate::geometry::wide::MAX_BLINK_COST;
use crate::options::{
    Algorithm, GoalTest, SearchOptions, TieBreak, DEFAULT_NODE_LIMIT, MAX_HEURISTIC_WEIGHT,
};
use crate::text::names::UnknownName;
use crate::text::number_text::{number_text, parse_number};

/// One search option, as JavaScript names it and as the command line flags it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionField {
    Algorithm,
    Heuristic,
    Weight,
    Topology,
    Directions,
    BlinkCost,
    Diagonal,
    Costs,
    TieBreak,
    NodeLimit,
    GoalTest,
    NeighbourOrder,
}

impl OptionField {
    pub const ALL: [OptionField; 12] = [
        OptionField::Algorithm,
        OptionField::Heuristic,
        OptionField::Weight,
        OptionField::Topology,
        OptionField::Directions,
        OptionField::BlinkCost,
        OptionField::Diagonal,
        OptionField::Costs,
        OptionField::TieBreak,
        OptionField::NodeLimit,
        OptionField::GoalTest,
        OptionField::NeighbourOrder,
    ];

    /// The field of the page's option object.
    pub fn name(self) -> &'static str {
        match self {
            OptionField::Algorithm => "algorithm",
            OptionField::Heuristic => "heuristic",
            OptionField::Weight => "weight",
            OptionField::Topology => "topology",
            OptionField::Directions => "directions",
            OptionField::BlinkCost => "blinkCost",
            OptionField::Diagonal => "diagonal",
            OptionField::Costs => "costs",
            OptionField::TieBreak => "tieBreak",
            OptionField::NodeLimit => "nodeLimit",
            OptionField::GoalTest => "goalTest",
            OptionField::NeighbourOrder => "neighbourOrder",
        }
    }

    /// The command-line flag.
    pub fn flag(self) -> &'static str {
        match self {
            OptionField::Algorithm => "--algorithm",
            OptionField::Heuristic => "--heuristic",
            OptionField::Weight => "--weight",
            OptionField::Topology => "--topology",
            OptionField::Directions => "--movement",
            OptionField::BlinkCost => "--blink-cost",
            OptionField::Diagonal => "--diagonal",
            OptionField::Costs => "--costs",
            OptionField::TieBreak => "--tie-break",
            OptionField::NodeLimit => "--node-limit",
            OptionField::GoalTest => "--goal-test",
            OptionField::NeighbourOrder => "--neighbour-order",
        }
    }

    /// The field of this name, or a problem that lists the names there are.
    pub fn named(name: &str) -> Result<OptionField, OptionProblem> {
        let found = OptionField::ALL.into_iter().find(|f| f.name() == name);
        found.ok_or_else(|| OptionProblem::UnknownOptionField {
            field: name.into(),
            allowed: OptionField::ALL.map(OptionField::name).join(", "),
        })
    }

    pub fn by_flag(flag: &str) -> Option<OptionField> {
        OptionField::ALL.into_iter().find(|f| f.flag() == flag)
    }

    /// What the option decides, in a line for a help text.
    pub fn about(self) -> &'static str {
        match self {
            OptionField::Algorithm => "The finder (astar finders lists what each takes)",
            OptionField::Heuristic => {
                "The estimate of the cost to the goal (by default the one that fits the \
                 movement: octile with diagonals, else manhattan; hex on hexes)"
            }
            OptionField::Weight => "The heuristic's weight W in f = g + W*h",
            OptionField::Topology => {
                "The cells: square, or hex (pointy-top hexagons with six neighbours, in axial \
                 coordinates: row r drawn half a hex right of row r-1)"
            }
            OptionField::Directions => {
                "The moves: 4 or 8 directions; 16 or 32, each move costing its length; or \
                 blink, the 24 cells of the 5x5 square, a move of two passing over one wall"
            }
            OptionField::BlinkCost => {
                "What a blink costs beyond its length, in straight steps (directions blink)"
            }
            OptionField::Diagonal => "When a diagonal move may pass a wall's corner",
            OptionField::Costs => {
                "The costs of a straight and a diagonal move: 10 and 14, 1 and sqrt(2), or 1 and 1"
            }
            OptionField::TieBreak => "Which of the open nodes with equal priority comes first",
            OptionField::NodeLimit => "Give up after visiting this many nodes",
            OptionField::GoalTest => {
                "Stop when the goal is taken off the open list (the shortest path) or when it \
                 is first reached (as some tutorials do; can miss the shortest path)"
            }
            OptionField::NeighbourOrder => {
                "The order a node's neighbours are examined in, which decides among equal routes"
            }
        }
    }

    /// The texts [`OptionField::set`] reads.
    pub fn accepts(self) -> Accepts {
        match self {
            OptionField::Algorithm => Accepts::Names(Algorithm::NAMES),
            OptionField::Heuristic => Accepts::Names(Heuristic::NAMES),
            OptionField::Weight => Accepts::Number {
                min: 0.0,
                max: MAX_HEURISTIC_WEIGHT,
            },
            OptionField::Topology => Accepts::Names(Tiling::NAMES),
            OptionField::Directions => Accepts::Names(Directions::NAMES),
            OptionField::BlinkCost => Accepts::Number {
                min: 0.0,
                max: MAX_BLINK_COST,
            },
            OptionField::Diagonal => Accepts::Names(DiagonalRule::NAMES),
            OptionField::Costs => Accepts::Names(CostModel::NAMES),
            OptionField::TieBreak => Accepts::Names(TieBreak::NAMES),
            OptionField::NodeLimit => Accepts::WholeNumber {
                min: 1,
                max: u32::MAX,
            },
            OptionField::GoalTest => Accepts::Names(GoalTest::NAMES),
            OptionField::NeighbourOrder => Accepts::Names(NeighbourOrder::NAMES),
        }
    }

    /// This option of `options` as the text [`OptionField::set`] reads back; `None` for a
    /// heuristic left to the movement.
    pub fn text(self, options: &SearchOptions) -> Option<String> {
        Some(match self {
            OptionField::Algorithm => options.algorithm.name().into(),
            OptionField::Heuristic => options.heuristic?.name().into(),
            OptionField::Weight => number_text(options.weight),
            OptionField::Topology => options.tiling.name().into(),
            OptionField::Directions => options.directions.name().into(),
            OptionField::BlinkCost => number_text(options.blink_cost),
            OptionField::Diagonal => options.diagonal.name().into(),
            OptionField::Costs => options.costs.name().into(),
            OptionField::TieBreak => options.tie_break.name().into(),
            OptionField::NodeLimit => options.node_limit.unwrap_or(DEFAULT_NODE_LIMIT).to_string(),
            OptionField::GoalTest => options.goal_test.name().into(),
            OptionField::NeighbourOrder => options.neighbour_order.name().into(),
        })
    }

    /// Whether a finder that takes these options takes this one (the algorithm names the
    /// finder, so every finder takes it).
    pub fn taken_by(self, takes: &Takes) -> bool {
        match self {
            OptionField::Algorithm | OptionField::Topology => true,
            OptionField::Heuristic => takes.heuristic,
            OptionField::Weight => takes.weight,
            OptionField::Directions | OptionField::BlinkCost => takes.directions,
            OptionField::Diagonal => takes.diagonal,
            OptionField::Costs => takes.costs,
            OptionField::TieBreak => takes.tie_break,
            OptionField::NodeLimit => takes.node_limit,
            OptionField::GoalTest => takes.goal_test,
            OptionField::NeighbourOrder => takes.neighbour_order,
        }
    }

    /// Sets this option of `options` from `text`; the values are checked together
    /// afterwards by [`SearchOptions::validate`].
    pub fn set(self, options: &mut SearchOptions, text: &str) -> Result<(), OptionProblem> {
        match self {
            OptionField::Algorithm => options.algorithm = text.parse()?,
            OptionField::Heuristic => options.heuristic = Some(text.parse()?),
            OptionField::Weight => {
                options.weight = parse_number(text)
                    .ok_or_else(|| OptionProblem::OptionWeight { given: text.into() })?
            }
            OptionField::Topology => options.tiling = text.parse()?,
            OptionField::Directions => options.directions = text.parse()?,
            // Not a number: refused with the range by the checks.
            OptionField::BlinkCost => options.blink_cost = parse_number(text).unwrap_or(f64::NAN),
            OptionField::Diagonal => options.diagonal = text.parse()?,
            OptionField::Costs => options.costs = text.parse()?,
            OptionField::TieBreak => options.tie_break = text.parse()?,
            OptionField::GoalTest => options.goal_test = text.parse()?,
            OptionField::NeighbourOrder => options.neighbour_order = text.parse()?,
            OptionField::NodeLimit => {
                options.node_limit =
                    Some(text.parse().map_err(|_| OptionProblem::OptionNodeLimit {
                        given: text.into(),
                        max: u32::MAX,
                    })?)
            }
        }
        Ok(())
    }
}

/// The texts an option field reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Accepts {
    /// One of these words.
    Names(&'static [&'static str]),
    /// A number from `min` to `max`.
    Number { min: f64, max: f64 },
    /// A whole number from `min` to `max`.
    WholeNumber { min: u32, max: u32 },
}

/// Options read from fields, over `defaults`, and checked together.
pub fn read_options<'a>(
    defaults: SearchOptions,
    fields: impl IntoIterator<Item = (OptionField, &'a str)>,
) -> Result<SearchOptions, OptionProblem> {
    let mut options = defaults;
    for (field, text) in fields {
        field.set(&mut options, text)?;
    }
    options.validate()?;
    Ok(options)
}

/// The value of one field of the page's option object, as JavaScript holds it.
#[derive(Clone, Debug, PartialEq)]
pub enum Given {
    /// `undefined` or `null`: the field is left at its default.
    Absent,
    Text(String),
    /// Read as the text it would be written as (`directions: 4` from code, `"4"` from a
    /// select element or a URL).
    Number(f64),
    /// Reading the field threw (a getter that fails).
    Unreadable,
    /// Anything else: an object, a boolean, a function.
    Other,
}

/// Options read from the page's option object, field by field in the object's order, over
/// the defaults; the first field that cannot be read is the problem.
pub fn read_given(
    fields: impl IntoIterator<Item = (String, Given)>,
) -> Result<SearchOptions, OptionProblem> {
    let mut texts = Vec::new();
    for (name, given) in fields {
        let field = OptionField::named(&name)?;
        let text = match given {
            Given::Absent => continue,
            Given::Text(text) => text,
            Given::Number(number) => number_text(number),
            Given::Unreadable => return Err(OptionProblem::OptionUnreadable { field: name }),
            Given::Other => return Err(OptionProblem::OptionNotText { field: name }),
        };
        texts.push((field, text));
    }
    let texts = texts.iter().map(|(field, text)| (*field, text.as_str()));
    read_options(SearchOptions::default(), texts)
}

/// An option field that cannot be read. Serialises as `{ code, ...values }`.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionProblem {
    /// The page's options are not an object at all.
    OptionsNotObject,
    OptionUnreadable {
        field: String,
    },
    OptionNotText {
        field: String,
    },
    /// A field no option has: a misspelling worth reporting.
    UnknownOptionField {
        field: String,
        allowed: String,
    },
    OptionWeight {
        given: String,
    },
    OptionNodeLimit {
        given: String,
        max: u32,
    },
    /// A word that names no value of the option.
    Name(UnknownName),
    /// Values out of range or not taken by the finder.
    Value(OptionsError),
}

impl From<UnknownName> for OptionProblem {
    fn from(e: UnknownName) -> Self {
        OptionProblem::Name(e)
    }
}

impl From<OptionsError> for OptionProblem {
    fn from(e: OptionsError) -> Self {
        OptionProblem::Value(e)
    }
}

/// The field problems' own codes; the others keep theirs.
#[derive(Serialize)]
#[serde(
    tag = "code",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase"
)]
enum FieldCode<'a> {
    OptionsNotObject,
    OptionUnreadable { field: &'a str },
    OptionNotText { field: &'a str },
    UnknownOptionField { field: &'a str, allowed: &'a str },
    OptionWeight { given: &'a str },
    OptionNodeLimit { given: &'a str, max: u32 },
}

impl Serialize for OptionProblem {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            OptionProblem::OptionsNotObject => FieldCode::OptionsNotObject.serialize(serializer),
            OptionProblem::OptionUnreadable { field } => {
                FieldCode::OptionUnreadable { field }.serialize(serializer)
            }
            OptionProblem::OptionNotText { field } => {
                FieldCode::OptionNotText { field }.serialize(serializer)
            }
            OptionProblem::UnknownOptionField { field, allowed } => {
                FieldCode::UnknownOptionField { field, allowed }.serialize(serializer)
            }
            OptionProblem::OptionWeight { given } => {
                FieldCode::OptionWeight { given }.serialize(serializer)
            }
            OptionProblem::OptionNodeLimit { given, max } => {
                FieldCode::OptionNodeLimit { given, max: *max }.serialize(serializer)
            }
            OptionProblem::Name(e) => e.serialize(serializer),
            OptionProblem::Value(e) => e.serialize(serializer),
        }
    }
}

impl fmt::Display for OptionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionProblem::OptionsNotObject => {
                f.write_str("search options must be an object such as { algorithm: 'astar' }")
            }
            OptionProblem::OptionUnreadable { field } => {
                write!(f, "search options: cannot read '{field}'")
            }
            OptionProblem::OptionNotText { field } => {
                write!(f, "search options: '{field}' must be a string or a number")
            }
            OptionProblem::UnknownOptionField { field, allowed } => {
                write!(
                    f,
                    "search options: unknown field '{field}'; expected {allowed}"
                )
            }
            OptionProblem::OptionWeight { given } => write!(
                f,
                "search options: weight must be a number >= 0, got '{given}'"
            ),
            OptionProblem::OptionNodeLimit { given, max } => write!(
                f,
                "search options: nodeLimit must be a whole number from 1 to {max}, got '{given}'"
            ),
            OptionProblem::Name(e) => e.fmt(f),
            OptionProblem::Value(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for OptionProblem {}

/// The options in force, in the shape they are given in: the heuristic resolved, and the
/// node limit (its default filled in) for a finder that takes one.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResolvedOptions {
    pub algorithm: &'static str,
    pub heuristic: &'static str,
    pub weight: f64,
    pub topology: &'static str,
    pub directions: &'static str,
    pub blink_cost: f64,
    pub diagonal: &'static str,
    pub costs: &'static str,
    pub tie_break: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_limit: Option<u32>,
    pub goal_test: &'static str,
    pub neighbour_order: &'static str,
}

impl ResolvedOptions {
    pub fn of(o: &SearchOptions) -> ResolvedOptions {
        ResolvedOptions {
            algorithm: o.algorithm.name(),
            heuristic: o.resolved_heuristic().name(),
            weight: o.weight,
            topology: o.tiling.name(),
            directions: o.directions.name(),
            blink_cost: o.blink_cost,
            diagonal: o.diagonal.name(),
            costs: o.costs.name(),
            tie_break: o.tie_break.name(),
            node_limit: (o.algorithm.entry().options.node_limit)
                .then(|| o.node_limit.unwrap_or(DEFAULT_NODE_LIMIT)),
            goal_test: o.goal_test.name(),
            neighbour_order: o.neighbour_order.name(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(fields: &[(&str, &str)]) -> Result<SearchOptions, OptionProblem> {
        let named: Result<Vec<_>, _> = fields
            .iter()
            .map(|&(name, text)| OptionField::named(name).map(|f| (f, text)))
            .collect();
        read_options(SearchOptions::default(), named?)
    }

    #[test]
    fn every_field_is_read_and_checked_with_the_others() {
        let o = read(&[
            ("algorithm", "idastar"),
            ("heuristic", "euclidean"),
            ("weight", "2.5"),
            ("directions", "4"),
            ("diagonal", "never"),
            ("costs", "exact"),
            ("tieBreak", "first-in"),
            ("nodeLimit", "77"),
        ])
        .unwrap();
        let tutorial = read(&[
            ("goalTest", "first-reached"),
            ("neighbourOrder", "left-right-up-down"),
        ])
        .unwrap();
        let resolved_tutorial = ResolvedOptions::of(&tutorial);
        assert_eq!(
            (
                resolved_tutorial.goal_test,
                resolved_tutorial.neighbour_order
            ),
            ("first-reached", "left-right-up-down")
        );
        let resolved = ResolvedOptions::of(&o);
        assert_eq!(
            (resolved.algorithm, resolved.heuristic, resolved.weight),
            ("idastar", "euclidean", 2.5)
        );
        assert_eq!((resolved.directions, resolved.node_limit), ("4", Some(77)));
        assert_eq!(o.algorithm, Algorithm::IdaStar);
        let astar = ResolvedOptions::of(&read(&[]).unwrap());
        assert_eq!((astar.heuristic, astar.node_limit), ("octile", None));
        let idastar = ResolvedOptions::of(&read(&[("algorithm", "idastar")]).unwrap());
        assert_eq!(idastar.node_limit, Some(DEFAULT_NODE_LIMIT));
    }

    #[test]
    fn a_field_that_cannot_be_read_says_which_and_why() {
        let message = |fields: &[(&str, &str)]| read(fields).unwrap_err().to_string();
        assert!(message(&[("speed", "3")]).contains("unknown field 'speed'; expected algorithm"));
        assert!(
            message(&[("weight", "2.5.1")]).contains("weight must be a number >= 0, got '2.5.1'")
        );
        assert!(message(&[("nodeLimit", "many")]).contains("nodeLimit must be a whole number"));
        assert!(message(&[("costs", "11-15")]).contains("expected one of 10-14, exact"));
        assert!(message(&[("algorithm", "bfs"), ("weight", "2")])
            .contains("no weighted heuristic term"));
        assert!(
            message(&[("goalTest", "soon")]).contains("expected one of off-open, first-reached")
        );
        assert!(
            message(&[("algorithm", "jps"), ("goalTest", "first-reached")])
                .contains("applies to astar, dijkstra, greedy, bfs only; jps has a stopping rule")
        );
        assert!(message(&[
            ("algorithm", "bi-astar"),
            ("neighbourOrder", "left-then-right")
        ])
        .contains("not to bi-astar"));
        assert!(message(&[("algorithm", "jps"), ("directions", "16")])
            .contains("directions 8 or 4 only, not 16"));
        assert!(message(&[("directions", "blink"), ("blinkCost", "11")])
            .contains("blink cost must be a number from 0 to 10, got 11"));
        assert!(
            message(&[("directions", "32"), ("diagonal", "never")]).contains("32 has no diagonal")
        );
        assert_eq!(
            OptionField::by_flag("--movement"),
            Some(OptionField::Directions)
        );
        assert_eq!(OptionField::by_flag("--colour"), None);
    }

    /// What the table says of each field (its text, its values) is what `set` reads.
    #[test]
    fn every_field_writes_back_what_it_reads_and_accepts_its_values() {
        let chosen = SearchOptions {
            algorithm: Algorithm::IdaStar,
            heuristic: Some(Heuristic::Euclidean),
            weight: 2.5,
            node_limit: Some(77),
            goal_test: GoalTest::FirstReached,
            ..SearchOptions::default()
        };
        for options in [SearchOptions::default(), SearchOptions::moving_ai(), chosen] {
            for field in OptionField::ALL {
                let Some(text) = field.text(&options) else {
                    assert_eq!((field, options.heuristic), (OptionField::Heuristic, None));
                    continue;
                };
                let mut read = SearchOptions::default();
                field.set(&mut read, &text).unwrap();
                assert_eq!(
                    field.text(&read).as_deref(),
                    Some(text.as_str()),
                    "{field:?}"
                );
                match field.accepts() {
                    Accepts::Names(names) => assert!(names.contains(&text.as_str()), "{text}"),
                    Accepts::Number { min, max } => {
                        assert!((min..=max).contains(&text.parse::<f64>().unwrap()))
                    }
                    Accepts::WholeNumber { min, max } => {
                        assert!((min..=max).contains(&text.parse::<u32>().unwrap()))
                    }
                }
            }
        }
        // Every word of an option is read, and the others refused.
        for field in OptionField::ALL {
            if let Accepts::Names(names) = field.accepts() {
                for name in names {
                    assert!(field.set(&mut SearchOptions::default(), name).is_ok());
                }
                assert!(field
                    .set(&mut SearchOptions::default(), "none-such")
                    .is_err());
            }
        }
        let takes = Algorithm::IdaStar.entry().options;
        assert!(OptionField::NodeLimit.taken_by(&takes));
        assert!(!OptionField::NodeLimit.taken_by(&Algorithm::AStar.entry().options));
    }

    #[test]
    fn the_page_object_fields_are_read_as_given_or_refused_with_their_code() {
        let given = |fields: Vec<(&str, Given)>| {
            read_given(fields.into_iter().map(|(name, g)| (name.to_string(), g)))
        };
        let o = given(vec![
            ("algorithm", Given::Text("dijkstra".into())),
            ("directions", Given::Number(4.0)),
            ("weight", Given::Absent),
        ])
        .unwrap();
        assert_eq!(
            (o.algorithm, o.directions),
            (Algorithm::Dijkstra, Directions::Four)
        );
        assert_eq!(o.weight, SearchOptions::default().weight);
        let code = |problem: OptionProblem| {
            let value = serde_json::to_value(&problem).unwrap();
            (
                value["code"].as_str().unwrap().to_string(),
                problem.to_string(),
            )
        };
        let (unknown, _) = code(given(vec![("speed", Given::Absent)]).unwrap_err());
        assert_eq!(unknown, "unknown-option-field");
        let (unreadable, message) = code(given(vec![("weight", Given::Unreadable)]).unwrap_err());
        assert_eq!(unreadable, "option-unreadable");
        assert_eq!(message, "search options: cannot read 'weight'");
        // The first bad field in the object's order is the one reported.
        let (not_text, message) =
            code(given(vec![("costs", Given::Other), ("weight", Given::Unreadable)]).unwrap_err());
        assert_eq!(not_text, "option-not-text");
        assert!(message.contains("'costs' must be a string or a number"));
        assert_eq!(
            code(OptionProblem::OptionsNotObject).0,
            "options-not-object"
        );
    }
}
