//! Maps as text: the two ASCII formats of the classic tutorials (`O X S E` and `. + s d`,
//! told apart automatically) and the Moving AI `.map` format.
//!
//! Tutorial formats, one row per line (spaces between cells are allowed):
//! `O`/`.` ground, `X`/`+` wall, `S`/`s` start, `E`/`d` goal, `*`/`-` a drawn path (ground),
//! and, as an extension, a digit `1`-`9` for ground of that terrain weight.
//!
//! Hex maps (`crate::geometry::hex`): a line `hex`, then the rows in either tutorial
//! format; written in `. + s d`, cells one space apart, each row indented one space more
//! than the row above, so the text shows the rhombus of hexes as it is drawn.

use std::fmt;

use serde::Serialize;

use crate::geometry::grid::{Grid, GridError, Point, MAX_SIDE, WALL};
use crate::text::names::named_enum;
use crate::text::quoted::Quoted;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapFormat {
    /// `O X S E`, as in the first C++ tutorial.
    Ox,
    /// `. + s d`, as in the multimap tutorial.
    Dot,
    /// Moving AI benchmark `.map` (no start or goal).
    MovingAi,
    /// A hex map: `hex`, then tutorial rows, each drawn half a hex right of the one above.
    Hex,
}

named_enum!(MapFormat, "map format", {
    Ox => "ox",
    Dot => "dot",
    MovingAi => "movingai",
    Hex => "hex",
});

/// The first line of a hex map.
const HEX_HEADER: &str = "hex";

/// The symbols of a tutorial format.
struct Symbols {
    ground: char,
    wall: char,
    start: char,
    goal: char,
    path: char,
}

const OX: Symbols = Symbols {
    ground: 'O',
    wall: 'X',
    start: 'S',
    goal: 'E',
    path: '*',
};
const DOT: Symbols = Symbols {
    ground: '.',
    wall: '+',
    start: 's',
    goal: 'd',
    path: '-',
};

impl Symbols {
    fn describe(&self) -> String {
        format!(
            "{} (ground), {} (wall), {} (start), {} (goal), {} (path) or a terrain weight 1-9",
            self.ground, self.wall, self.start, self.goal, self.path
        )
    }
}

/// A malformed map or scenario file: where, and what was expected. Lines and columns count
/// from 1. Serialises as `{ line, column, code, ...values }` for the page, which words it
/// itself; `Display` is the English of the command-line tool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    #[serde(flatten)]
    pub problem: ParseProblem,
}

/// What was wrong, with the values a message needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(
    tag = "code",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase"
)]
pub enum ParseProblem {
    EmptyMap,
    TooManyRows {
        max: u32,
    },
    TooManyColumns {
        max: u32,
    },
    RowTooLong {
        row: usize,
        width: usize,
    },
    RowTooShort {
        row: usize,
        cells: usize,
        width: usize,
    },
    EmptyRow,
    UnknownSymbol {
        symbol: char,
        format: MapFormat,
    },
    SecondEndpoint {
        endpoint: &'static str,
        symbol: char,
        first_line: usize,
        first_column: usize,
    },
    MissingEndpoint {
        endpoint: &'static str,
        symbol: char,
    },
    BadGrid {
        cause: GridError,
    },
    HeaderEnds {
        expected: &'static str,
    },
    HeaderExpected {
        expected: &'static str,
        found: String,
    },
    UnsupportedType {
        found: String,
    },
    HeaderNumber {
        field: &'static str,
        found: String,
    },
    MapNotAlone,
    ExtraRows {
        height: u32,
    },
    RowLongerThanHeader {
        row: u32,
        width: u32,
    },
    UnknownMovingAiSymbol {
        symbol: char,
    },
    RowShorterThanHeader {
        row: u32,
        cells: u32,
        width: u32,
    },
    MissingRows {
        height: u32,
        rows: u32,
    },
    ScenarioVersion {
        found: String,
    },
    ScenarioEmpty,
    ScenarioFields {
        expected: usize,
        names: &'static [&'static str],
        found: usize,
    },
    ScenarioNumber {
        field: &'static str,
        found: String,
    },
    ScenarioOptimal {
        found: String,
    },
    ScenarioOutside {
        x: u32,
        y: u32,
        width: u32,
        height: u32,
    },
}

impl ParseError {
    pub fn new(line: usize, column: usize, problem: ParseProblem) -> Self {
        ParseError {
            line,
            column,
            problem,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.problem
        )
    }
}

impl fmt::Display for ParseProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseProblem::*;
        match self {
            EmptyMap => f.write_str("the map is empty"),
            TooManyRows { max } => write!(f, "the map has more than {max} rows, the largest size supported"),
            TooManyColumns { max } => write!(f, "the map has more than {max} columns, the largest size supported"),
            RowTooLong { row, width } => write!(f, "row {row} has more cells than the first row ({width})"),
            RowTooShort { row, cells, width } => write!(f, "row {row} has {cells} cells but the first row has {width}"),
            EmptyRow => f.write_str("empty row inside the map"),
            UnknownSymbol { symbol, format } => {
                let s = if *format == MapFormat::Dot { DOT } else { OX };
                write!(f, "unknown character '{symbol}': expected {}", s.describe())
            }
            SecondEndpoint { endpoint, symbol, first_line, first_column } => write!(
                f,
                "a second {endpoint} '{symbol}' (the first is at line {first_line}, column {first_column})"
            ),
            MissingEndpoint { endpoint, symbol } => write!(f, "the map has no {endpoint} '{symbol}'"),
            BadGrid { cause } => cause.fmt(f),
            HeaderEnds { expected } => write!(f, "the header ends before '{expected}'"),
            HeaderExpected { expected, found } => write!(f, "expected '{expected}' in the header, found {}", Quoted(found)),
            UnsupportedType { found } => write!(f, "unsupported map type {}: expected 'type octile'", Quoted(found)),
            HeaderNumber { field, found } => write!(f, "'{field}' needs a whole number, found {}", Quoted(found)),
            MapNotAlone => f.write_str("expected 'map' alone on its line"),
            ExtraRows { height } => write!(f, "more rows than the header's height {height}"),
            RowLongerThanHeader { row, width } => write!(f, "row {row} is longer than the header's width {width}"),
            UnknownMovingAiSymbol { symbol } => write!(
                f,
                "unknown character '{symbol}': expected . G S (passable) or @ O T W (blocked)"
            ),
            RowShorterThanHeader { row, cells, width } => {
                write!(f, "row {row} has {cells} cells but the header's width is {width}")
            }
            MissingRows { height, rows } => write!(f, "expected {height} rows after 'map', found {rows}"),
            ScenarioVersion { found } => write!(f, "expected 'version 1' or 'version 1.0', found {}", Quoted(found)),
            ScenarioEmpty => f.write_str("the scenario file is empty"),
            ScenarioFields { expected, names, found } => {
                let names = names.join(", ");
                write!(f, "a scenario needs {expected} fields ({names}), found {found}")
            }
            ScenarioNumber { field, found } => write!(f, "{field} must be a whole number, found {}", Quoted(found)),
            ScenarioOptimal { found } => write!(f, "optimal length must be a number >= 0, found {}", Quoted(found)),
            ScenarioOutside { x, y, width, height } => {
                write!(f, "({x},{y}) is outside the {width}x{height} map")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// A parsed map: the grid and, for the tutorial formats, its start and goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextMap {
    pub grid: Grid,
    pub start: Option<Point>,
    pub goal: Option<Point>,
    pub format: MapFormat,
}

/// Reads a map in any supported format, detecting which.
pub fn parse_map(text: &str) -> Result<TextMap, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.lines().find(|l| !l.trim().is_empty());
    match first {
        None => Err(ParseError::new(1, 1, ParseProblem::EmptyMap)),
        Some(l) if l.trim_start().starts_with("type") => parse_moving_ai(text),
        // The header blanked, so that lines keep their numbers.
        Some(l) if l.trim() == HEX_HEADER => {
            let rows = text.replacen(HEX_HEADER, "", 1);
            if rows.trim().is_empty() {
                return Err(ParseError::new(1, 1, ParseProblem::EmptyMap));
            }
            let map = parse_tutorial(&rows)?;
            Ok(TextMap {
                format: MapFormat::Hex,
                ..map
            })
        }
        Some(_) => parse_tutorial(text),
    }
}

fn parse_tutorial(text: &str) -> Result<TextMap, ParseError> {
    let symbols = match text
        .chars()
        .find(|c| !c.is_whitespace() && !c.is_ascii_digit())
    {
        Some(c) if "sd.+-".contains(c) => DOT,
        _ => OX,
    };
    let format = if symbols.ground == 'O' {
        MapFormat::Ox
    } else {
        MapFormat::Dot
    };
    let lines: Vec<&str> = text.lines().collect();
    let first_row = lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(0);
    let last_row = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .unwrap_or(0);
    let height = last_row - first_row + 1;
    if height > MAX_SIDE as usize {
        let line = first_row + MAX_SIDE as usize + 1;
        return Err(ParseError::new(
            line,
            1,
            ParseProblem::TooManyRows { max: MAX_SIDE },
        ));
    }
    let mut width = 0;
    let mut terrain = Vec::new();
    let mut start: Option<(Point, usize, usize)> = None;
    let mut goal: Option<(Point, usize, usize)> = None;
    for (y, raw) in lines[first_row..=last_row].iter().enumerate() {
        let line = first_row + y + 1;
        let mut x = 0usize;
        for (col, c) in raw.chars().enumerate().map(|(i, c)| (i + 1, c)) {
            if c == ' ' || c == '\t' || c == '\r' {
                continue;
            }
            if y > 0 && x == width {
                let problem = ParseProblem::RowTooLong { row: y + 1, width };
                return Err(ParseError::new(line, col, problem));
            }
            if x == MAX_SIDE as usize {
                return Err(ParseError::new(
                    line,
                    col,
                    ParseProblem::TooManyColumns { max: MAX_SIDE },
                ));
            }
            let here = Point::new(x as u32, y as u32);
            let t = match c {
                _ if c == symbols.ground || c == symbols.path => 1,
                _ if c == symbols.wall => WALL,
                '1'..='9' => c as u8 - b'0',
                _ if c == symbols.start || c == symbols.goal => {
                    let (slot, name) = if c == symbols.start {
                        (&mut start, "start")
                    } else {
                        (&mut goal, "goal")
                    };
                    if let Some((_, first_line, first_column)) = *slot {
                        let problem = ParseProblem::SecondEndpoint {
                            endpoint: name,
                            symbol: c,
                            first_line,
                            first_column,
                        };
                        return Err(ParseError::new(line, col, problem));
                    }
                    *slot = Some((here, line, col));
                    1
                }
                _ => {
                    let problem = ParseProblem::UnknownSymbol { symbol: c, format };
                    return Err(ParseError::new(line, col, problem));
                }
            };
            terrain.push(t);
            x += 1;
        }
        if y == 0 {
            width = x;
        }
        if x == 0 {
            return Err(ParseError::new(line, 1, ParseProblem::EmptyRow));
        }
        if x < width {
            let problem = ParseProblem::RowTooShort {
                row: y + 1,
                cells: x,
                width,
            };
            return Err(ParseError::new(line, raw.chars().count() + 1, problem));
        }
    }
    let grid = Grid::from_terrain(width as u32, height as u32, terrain)
        .map_err(|cause| ParseError::new(first_row + 1, 1, ParseProblem::BadGrid { cause }))?;
    let end = last_row + 1;
    let missing = |endpoint, symbol| {
        ParseError::new(end, 1, ParseProblem::MissingEndpoint { endpoint, symbol })
    };
    let start = start.ok_or_else(|| missing("start", symbols.start))?.0;
    let goal = goal.ok_or_else(|| missing("goal", symbols.goal))?.0;
    Ok(TextMap {
        grid,
        start: Some(start),
        goal: Some(goal),
        format,
    })
}

/// Moving AI: `type octile`, `height H`, `width W`, `map`, then H rows of W cells.
fn parse_moving_ai(text: &str) -> Result<TextMap, ParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    let mut header = |want: &'static str| -> Result<(usize, String), ParseError> {
        loop {
            let Some((n, l)) = lines.next() else {
                let problem = ParseProblem::HeaderEnds { expected: want };
                return Err(ParseError::new(1, 1, problem));
            };
            if l.trim().is_empty() {
                continue;
            }
            let mut words = l.split_whitespace();
            if words.next() != Some(want) {
                let problem = ParseProblem::HeaderExpected {
                    expected: want,
                    found: l.trim().to_string(),
                };
                return Err(ParseError::new(n, 1, problem));
            }
            return Ok((n, words.collect::<Vec<_>>().join(" ")));
        }
    };
    let (n, kind) = header("type")?;
    if kind != "octile" {
        let problem = ParseProblem::UnsupportedType { found: kind };
        return Err(ParseError::new(n, 6, problem));
    }
    let mut size = |want: &'static str| -> Result<u32, ParseError> {
        let (n, value) = header(want)?;
        value.parse::<u32>().map_err(|_| {
            let problem = ParseProblem::HeaderNumber {
                field: want,
                found: value.clone(),
            };
            ParseError::new(n, want.len() + 2, problem)
        })
    };
    let height = size("height")?;
    let width = size("width")?;
    let (n, rest) = header("map")?;
    if !rest.is_empty() {
        return Err(ParseError::new(n, 5, ParseProblem::MapNotAlone));
    }
    Grid::check_size(width as u64, height as u64)
        .map_err(|cause| ParseError::new(n, 1, ParseProblem::BadGrid { cause }))?;
    let mut terrain = Vec::with_capacity(width as usize * height as usize);
    let mut row = 0u32;
    let mut last_line = n;
    for (n, l) in lines {
        last_line = n;
        if row == height {
            if l.trim().is_empty() {
                continue;
            }
            return Err(ParseError::new(n, 1, ParseProblem::ExtraRows { height }));
        }
        let mut x = 0u32;
        for (col, c) in l.chars().enumerate().map(|(i, c)| (i + 1, c)) {
            if x == width {
                let problem = ParseProblem::RowLongerThanHeader {
                    row: row + 1,
                    width,
                };
                return Err(ParseError::new(n, col, problem));
            }
            let t = match c {
                '.' | 'G' | 'S' => 1,
                '@' | 'O' | 'T' | 'W' => WALL,
                _ => {
                    let problem = ParseProblem::UnknownMovingAiSymbol { symbol: c };
                    return Err(ParseError::new(n, col, problem));
                }
            };
            terrain.push(t);
            x += 1;
        }
        if x < width {
            let problem = ParseProblem::RowShorterThanHeader {
                row: row + 1,
                cells: x,
                width,
            };
            return Err(ParseError::new(n, l.chars().count() + 1, problem));
        }
        row += 1;
    }
    if row < height {
        let problem = ParseProblem::MissingRows { height, rows: row };
        return Err(ParseError::new(last_line + 1, 1, problem));
    }
    let grid = Grid::from_terrain(width, height, terrain)
        .map_err(|cause| ParseError::new(n, 1, ParseProblem::BadGrid { cause }))?;
    Ok(TextMap {
        grid,
        start: None,
        goal: None,
        format: MapFormat::MovingAi,
    })
}

/// Why a map cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "kebab-case")]
pub enum WriteError {
    /// Moving AI maps have walls and ground only.
    WeightsInMovingAi,
    /// The tutorial formats mark a start and a goal.
    NeedsEndpoints { format: MapFormat },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::WeightsInMovingAi => f.write_str(
                "the Moving AI format cannot hold terrain weights: save as 'ox' or 'dot'",
            ),
            WriteError::NeedsEndpoints { format } => {
                write!(f, "the '{format}' format needs a start and a goal")
            }
        }
    }
}

impl std::error::Error for WriteError {}

/// Writes a map, with `path` (cell indices) drawn if given. The tutorial formats need a
/// start and a goal; Moving AI cannot hold terrain weights, so those are refused rather than
/// silently lost.
pub fn write_map(
    grid: &Grid,
    start: Option<Point>,
    goal: Option<Point>,
    format: MapFormat,
    path: &[u32],
) -> Result<String, WriteError> {
    let (w, h) = (grid.width() as usize, grid.height() as usize);
    let mut out = String::with_capacity((w + 1) * h + 40);
    let hex = format == MapFormat::Hex;
    let symbols = match format {
        MapFormat::Ox => OX,
        MapFormat::Dot | MapFormat::Hex => DOT,
        MapFormat::MovingAi => {
            if grid.terrain().iter().any(|&t| t > 1) {
                return Err(WriteError::WeightsInMovingAi);
            }
            out.push_str(&format!("type octile\nheight {h}\nwidth {w}\nmap\n"));
            for row in grid.terrain().chunks(w) {
                out.extend(row.iter().map(|&t| if t == WALL { '@' } else { '.' }));
                out.push('\n');
            }
            return Ok(out);
        }
    };
    let (Some(start), Some(goal)) = (start, goal) else {
        return Err(WriteError::NeedsEndpoints { format });
    };
    let mut on_path = vec![false; w * h];
    for &c in path {
        on_path[c as usize] = true;
    }
    if hex {
        out.push_str(HEX_HEADER);
        out.push('\n');
    }
    for (i, &t) in grid.terrain().iter().enumerate() {
        let p = grid.point(i);
        if hex {
            let indent = if p.x == 0 { p.y as usize } else { 1 };
            out.extend(std::iter::repeat(' ').take(indent));
        }
        out.push(match t {
            _ if p == start => symbols.start,
            _ if p == goal => symbols.goal,
            _ if on_path[i] => symbols.path,
            WALL => symbols.wall,
            1 => symbols.ground,
            weight => (b'0' + weight) as char,
        });
        if p.x as usize == w - 1 {
            out.push('\n');
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_first_tutorial_map_with_or_without_spaces() {
        let tight = parse_map("OOOO\nOSXE\nOO9O\n").unwrap();
        let spaced = parse_map("O O O O\nO S X E\nO O 9 O\n").unwrap();
        assert_eq!(tight, spaced);
        assert_eq!(tight.format, MapFormat::Ox);
        assert_eq!(
            (tight.start, tight.goal),
            (Some(Point::new(1, 1)), Some(Point::new(3, 1)))
        );
        assert_eq!(tight.grid.get(Point::new(2, 1)), Ok(WALL));
        assert_eq!(tight.grid.get(Point::new(2, 2)), Ok(9));
    }

    #[test]
    fn reads_the_dot_format_and_writes_it_back() {
        let text = "....\n.s+d\n.-..\n";
        let map = parse_map(text).unwrap();
        assert_eq!(map.format, MapFormat::Dot);
        let out = write_map(&map.grid, map.start, map.goal, MapFormat::Dot, &[]).unwrap();
        assert_eq!(out, "....\n.s+d\n....\n");
    }

    #[test]
    fn errors_name_line_column_and_expectation() {
        let cases = [
            ("OOO\nOSQ\nOOE\n", (2, 3), "unknown character 'Q'"),
            ("OOO\nOS\nOOE\n", (2, 3), "row 2 has 2 cells"),
            ("OOO\nOSOO\nOOE\n", (2, 4), "more cells than the first row"),
            (
                "OSO\nOSE\n",
                (2, 2),
                "a second start 'S' (the first is at line 1, column 2)",
            ),
            ("OOO\nOSO\n", (2, 1), "no goal 'E'"),
            ("  \n\n", (1, 1), "empty"),
            ("..s\n.Xd\n", (2, 2), "unknown character 'X'"),
        ];
        for (text, (line, column), needle) in cases {
            let e = parse_map(text).unwrap_err();
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
            assert!(e.to_string().contains(needle), "{text:?}: {e}");
        }
    }

    #[test]
    fn reads_moving_ai_maps_with_crlf() {
        let text = "type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n.@T\r\nGSW\r\n";
        let map = parse_map(text).unwrap();
        assert_eq!(map.format, MapFormat::MovingAi);
        assert_eq!(map.grid.terrain(), &[1, 0, 0, 1, 1, 0]);
        let out = write_map(&map.grid, None, None, MapFormat::MovingAi, &[]).unwrap();
        assert_eq!(parse_map(&out).unwrap().grid, map.grid);
    }

    #[test]
    fn moving_ai_header_errors() {
        let cases = [
            ("type octile\nwidth 2\n", (2, 1), "expected 'height'"),
            (
                "type hex\nheight 1\nwidth 1\nmap\n.\n",
                (1, 6),
                "unsupported map type",
            ),
            (
                "type octile\nheight x\nwidth 1\nmap\n.\n",
                (2, 8),
                "whole number",
            ),
            ("type octile\nheight 1\nwidth 5000\nmap\n", (4, 1), "5000"),
            (
                "type octile\nheight 2\nwidth 2\nmap\n..\n",
                (6, 1),
                "expected 2 rows",
            ),
            (
                "type octile\nheight 1\nwidth 2\nmap\n.x\n",
                (5, 2),
                "unknown character 'x'",
            ),
        ];
        for (text, (line, column), needle) in cases {
            let e = parse_map(text).unwrap_err();
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
            assert!(e.to_string().contains(needle), "{text:?}: {e}");
        }
    }

    #[test]
    fn huge_maps_are_refused_before_allocating() {
        let wide = format!("S{}E\n", "O".repeat(3000));
        assert!(parse_map(&wide)
            .unwrap_err()
            .to_string()
            .contains("more than 2048"));
        let tall = "S\n".to_string() + &"O\n".repeat(3000);
        assert_eq!(parse_map(&tall).unwrap_err().line, 2049);
    }

    #[test]
    fn moving_ai_cannot_hold_weights() {
        let map = parse_map("S5E\n").unwrap();
        assert!(write_map(&map.grid, None, None, MapFormat::MovingAi, &[]).is_err());
    }
}
