//! Moving AI scenario files (`.scen`): queries on a map with their optimal path lengths.
//!
//! `version 1` files separate fields with tabs; the older `version 1.0` with spaces.
//! Each line: `bucket map width height start_x start_y goal_x goal_y optimal_length`.

use crate::grid::Point;
use crate::map_text::{ParseError, ParseProblem};
use crate::number_text::parse_number;

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
