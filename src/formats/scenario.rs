//! Moving AI scenario files (`.scen`): queries on a map with their optimal path lengths.
//!
//! `version 1` files separate fields with tabs; the older `version 1.0` with spaces.
//! Each line: `bucket map width height start_x start_y goal_x goal_y optimal_length`.
//! The optimal length is written to some number of decimals (8 in most files, 2 in some);
//! a cost is judged optimal when it rounds to the same value at that precision.

use std::cmp::Ordering;

use crate::formats::map_text::{ParseError, ParseProblem};
use crate::geometry::grid::Point;
use crate::text::number_text::parse_number;

/// One line of a Moving AI `.scen` file; serialized as the page lists it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Scenario {
    pub bucket: u32,
    pub map: String,
    pub width: u32,
    pub height: u32,
    pub start: Point,
    pub goal: Point,
    /// Shortest path length with straight steps 1 and diagonals sqrt(2), no corner cutting.
    pub optimal: f64,
    /// How many decimals the file gives the optimal length with: the precision it is
    /// compared at.
    pub decimals: u32,
}

/// How far short of its exact value a Moving AI length may be, as a share of it: the files
/// count each diagonal as 1.414213562, 3.7e-10 short of sqrt(2) (every length of the
/// 512x512 maps and arena2 in `tests/maps/movingai` is its straight moves plus its diagonals
/// times 1.414213562, rounded to 8 decimals), so their last decimal may be off by more than
/// rounding on a path of many diagonals.
pub const SQRT2_SHORTFALL: f64 = 2.7e-10;

/// The same for files whose lengths are written to at most 6 significant digits: those
/// (lak304d, ost003d) count each diagonal as sqrt(2) in single precision, 1.41421354, 2.4e-8
/// short, and a length just above a rounding boundary (x.xxxx502 for 96 diagonals) is
/// written rounded down.
pub const SINGLE_PRECISION_SQRT2_SHORTFALL: f64 = 1.72e-8;

/// Significant digits a length written to `decimals` decimals has at most where it is
/// single precision's (a C++ stream's default).
const SINGLE_PRECISION_DIGITS: u32 = 6;

impl Scenario {
    /// The file name of the map the line names, without the folders some files put
    /// before it (`maps/dao/arena2.map`).
    pub fn map_file_name(&self) -> &str {
        self.map.rsplit(['/', '\\']).next().unwrap_or(&self.map)
    }

    /// How `cost` compares with the optimal length at the file's precision (see
    /// [`compare_length`]).
    pub fn compare(&self, cost: f64) -> Ordering {
        compare_length(cost, self.optimal, self.decimals)
    }

    /// The scenario as the page lists it, with the file name of the map it names.
    pub fn listed(&self) -> ListedScenario<'_> {
        ListedScenario {
            scenario: self,
            map_file: self.map_file_name(),
        }
    }
}

/// A scenario as the page lists it: the line's fields and the file name of the map it names.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ListedScenario<'a> {
    #[serde(flatten)]
    pub scenario: &'a Scenario,
    pub map_file: &'a str,
}

/// How `cost` compares with `optimal` as precisely as the file gives it: `Equal` when `cost`
/// rounds to `optimal` at `decimals` decimals, give or take the files' shortfall on sqrt(2)
/// ([`SQRT2_SHORTFALL`], or [`SINGLE_PRECISION_SQRT2_SHORTFALL`] for a length written to at
/// most 6 significant digits).
pub fn compare_length(cost: f64, optimal: f64, decimals: u32) -> Ordering {
    let half_unit = 0.5 / 10f64.powi(decimals.min(i32::MAX as u32) as i32);
    // Digits before the point, counted without `log10` (which would add to the wasm).
    let mut digits = decimals;
    let mut whole = optimal.abs();
    while whole >= 1.0 && digits <= SINGLE_PRECISION_DIGITS {
        digits += 1;
        whole /= 10.0;
    }
    let shortfall = if digits <= SINGLE_PRECISION_DIGITS {
        SINGLE_PRECISION_SQRT2_SHORTFALL
    } else {
        SQRT2_SHORTFALL
    };
    let slack = half_unit + shortfall * optimal;
    if cost > optimal + slack {
        Ordering::Greater
    } else if cost < optimal - slack {
        Ordering::Less
    } else {
        Ordering::Equal
    }
}

/// The decimals a number is written with, counting an exponent: `3.41` has 2, `1.5e-3` 4,
/// `12` and `1.5e1` none.
fn decimals_written(text: &str) -> u32 {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], text[at + 1..].parse::<i64>().unwrap_or(0)),
        None => (text, 0),
    };
    let fraction = mantissa.split_once('.').map_or(0, |(_, f)| f.len() as i64);
    (fraction - exponent).clamp(0, i64::from(u32::MAX)) as u32
}

const FIELDS: [&str; 9] = [
    "bucket",
    "map",
    "width",
    "height",
    "start x",
    "start y",
    "goal x",
    "goal y",
    "optimal length",
];

pub fn parse_scenarios(text: &str) -> Result<Vec<Scenario>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    match lines.next() {
        Some((_, l))
            if matches!(
                l.split_whitespace().collect::<Vec<_>>()[..],
                ["version", "1" | "1.0"]
            ) => {}
        Some((_, l)) => {
            let problem = ParseProblem::ScenarioVersion {
                found: l.trim().to_string(),
            };
            return Err(ParseError::new(1, 1, problem));
        }
        None => return Err(ParseError::new(1, 1, ParseProblem::ScenarioEmpty)),
    }
    let mut out = Vec::new();
    for (n, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        out.push(parse_line(n, line)?);
    }
    Ok(out)
}

/// Splits on tabs when there are any (so a map name may hold spaces), else on spaces;
/// keeps each field's starting column for error messages.
fn fields(line: &str) -> Vec<(usize, &str)> {
    let tabbed = line.contains('\t');
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain([(line.len(), '\t')]) {
        let sep = if tabbed { c == '\t' } else { c.is_whitespace() };
        match (sep, start) {
            (true, Some(s)) => {
                out.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out.into_iter()
        .map(|(s, f)| (line[..s].chars().count() + 1, f.trim()))
        .collect()
}

fn parse_line(n: usize, line: &str) -> Result<Scenario, ParseError> {
    let f = fields(line);
    if f.len() != FIELDS.len() {
        let column = f
            .get(FIELDS.len())
            .map_or(line.chars().count() + 1, |x| x.0);
        let problem = ParseProblem::ScenarioFields {
            expected: FIELDS.len(),
            names: &FIELDS,
            found: f.len(),
        };
        return Err(ParseError::new(n, column, problem));
    }
    let number = |i: usize| -> Result<u32, ParseError> {
        f[i].1.parse().map_err(|_| {
            let problem = ParseProblem::ScenarioNumber {
                field: FIELDS[i],
                found: f[i].1.to_string(),
            };
            ParseError::new(n, f[i].0, problem)
        })
    };
    let optimal: f64 = match parse_number(f[8].1) {
        Some(v) if v.is_finite() && v >= 0.0 => v,
        _ => {
            let problem = ParseProblem::ScenarioOptimal {
                found: f[8].1.to_string(),
            };
            return Err(ParseError::new(n, f[8].0, problem));
        }
    };
    let (width, height) = (number(2)?, number(3)?);
    let point = |ix: usize| -> Result<Point, ParseError> {
        let (x, y) = (number(ix)?, number(ix + 1)?);
        if x >= width || y >= height {
            let problem = ParseProblem::ScenarioOutside {
                x,
                y,
                width,
                height,
            };
            return Err(ParseError::new(n, f[ix].0, problem));
        }
        Ok(Point::new(x, y))
    };
    Ok(Scenario {
        bucket: number(0)?,
        map: f[1].1.to_string(),
        width,
        height,
        start: point(4)?,
        goal: point(6)?,
        optimal,
        decimals: decimals_written(f[8].1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_versions() {
        let v1 = "version 1\n0\tarena2.map\t281\t209\t99\t159\t101\t162\t3.82842712\n";
        let v10 = "version 1.0\r\n0 arena2.map 281 209 99 159 101 162 3.82842712\r\n\r\n";
        let a = parse_scenarios(v1).unwrap();
        assert_eq!(a, parse_scenarios(v10).unwrap());
        assert_eq!(a[0].start, Point::new(99, 159));
        assert_eq!(a[0].goal, Point::new(101, 162));
        assert!((a[0].optimal - 3.82842712).abs() < 1e-12);
        assert_eq!(a[0].decimals, 8);
        assert_eq!(a[0].map_file_name(), "arena2.map");
        let foldered = "version 1\n0\tmaps/dao/arena2.map\t281\t209\t99\t159\t101\t162\t3.8\n";
        assert_eq!(
            parse_scenarios(foldered).unwrap()[0].map_file_name(),
            "arena2.map"
        );
    }

    #[test]
    fn lengths_are_judged_at_the_files_precision() {
        let text = "version 1\n0\tm.map\t9\t9\t0\t0\t2\t1\t2.41\n\
                    0\tm.map\t9\t9\t0\t0\t2\t1\t2.41421356\n\
                    0\tm.map\t9\t9\t0\t0\t2\t1\t241.4e-2\n\
                    0\tm.map\t9\t9\t0\t0\t2\t0\t2\n";
        let s = parse_scenarios(text).unwrap();
        let decimals: Vec<u32> = s.iter().map(|s| s.decimals).collect();
        assert_eq!(decimals, [2, 8, 3, 0]);
        let cost = 1.0 + std::f64::consts::SQRT_2;
        // 2.4142: the same as 2.41 to 2 decimals, but not as 2.414 to 3, nor 2.41421356 to 8.
        assert_eq!(s[0].compare(cost), Ordering::Equal);
        assert_eq!(s[1].compare(cost), Ordering::Equal);
        assert_eq!(s[1].compare(cost + 1e-8), Ordering::Greater);
        assert_eq!(s[1].compare(cost - 1e-8), Ordering::Less);
        assert_eq!(s[2].compare(cost), Ordering::Equal);
        assert_eq!(s[2].compare(2.4151), Ordering::Greater);
        assert_eq!(s[3].compare(2.4), Ordering::Equal);
        assert_eq!(s[3].compare(2.6), Ordering::Greater);
        // The files' 1.414213562 for sqrt(2): 500 diagonals are 1.9e-7 short, which is
        // still the same length at 8 decimals.
        // The files' own rounding of sqrt(2), on purpose.
        #[allow(clippy::approx_constant)]
        let benchmark = (500.0 * 1.414213562_f64 * 1e8).round() / 1e8;
        let exact = 500.0 * std::f64::consts::SQRT_2;
        assert_eq!(compare_length(exact, benchmark, 8), Ordering::Equal);
        assert_eq!(
            compare_length(exact + 1e-6, benchmark, 8),
            Ordering::Greater
        );
        // lak304d's 268.764: 133 straight moves and 96 diagonals, 268.764502 exactly, but
        // 268.764500 with single precision's sqrt(2), written to 6 significant digits.
        let single = 133.0 + 96.0 * std::f64::consts::SQRT_2;
        assert_eq!(compare_length(single, 268.764, 3), Ordering::Equal);
        assert_eq!(compare_length(single + 1e-5, 268.764, 3), Ordering::Greater);
        // Written to 7 significant digits, the same length is judged as exactly as ever.
        assert_eq!(compare_length(single, 268.7644, 4), Ordering::Greater);
    }

    #[test]
    fn bad_lines_name_the_field() {
        let cases = [
            ("version 2\n", (1, 1), "expected 'version 1'"),
            (
                "version 1\n0\tm\t10\t10\t1\t2\t3\n",
                (2, 16),
                "needs 9 fields",
            ),
            (
                "version 1\n0\tm\t10\t10\tx\t2\t3\t4\t5\n",
                (2, 11),
                "start x must be a whole number",
            ),
            (
                "version 1\n0\tm\t10\t10\t1\t2\t30\t4\t5\n",
                (2, 15),
                "(30,4) is outside",
            ),
            (
                "version 1\n0\tm\t10\t10\t1\t2\t3\t4\tnan\n",
                (2, 19),
                "optimal length",
            ),
        ];
        for (text, (line, column), needle) in cases {
            let e = parse_scenarios(text).unwrap_err();
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
            assert!(e.to_string().contains(needle), "{text:?}: {e}");
        }
    }
}
