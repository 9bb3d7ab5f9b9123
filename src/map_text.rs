//! Maps as text: the two ASCII formats of the classic tutorials (`O X S E` and `. + s d`,
//! told apart automatically) and the Moving AI `.map` format.
//!
//! Tutorial formats, one row per line (spaces between cells are allowed):
//! `O`/`.` ground, `X`/`+` wall, `S`/`s` start, `E`/`d` goal, `*`/`-` a drawn path (ground),
//! and, as an extension, a digit `1`-`9` for ground of that terrain weight.

use std::fmt;

use crate::grid::{Grid, Point, MAX_SIDE, WALL};
use crate::names::named_enum;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapFormat {
    /// `O X S E`, as in the first C++ tutorial.
    Ox,
    /// `. + s d`, as in the multimap tutorial.
    Dot,
    /// Moving AI benchmark `.map` (no start or goal).
    MovingAi,
}

named_enum!(MapFormat, "map format", { Ox => "ox", Dot => "dot", MovingAi => "movingai" });

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
/// from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl ParseError {
    pub fn new(line: usize, column: usize, message: impl Into<String>) -> Self {
        ParseError {
            line,
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
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
        None => Err(ParseError::new(1, 1, "the map is empty")),
        Some(l) if l.trim_start().starts_with("type") => parse_moving_ai(text),
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
        return Err(ParseError::new(line, 1, too_big("rows")));
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
                let msg = format!("row {} has more cells than the first row ({width})", y + 1);
                return Err(ParseError::new(line, col, msg));
            }
            if x == MAX_SIDE as usize {
                return Err(ParseError::new(line, col, too_big("columns")));
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
                    if let Some((_, l, k)) = *slot {
                        let msg =
                            format!("a second {name} '{c}' (the first is at line {l}, column {k})");
                        return Err(ParseError::new(line, col, msg));
                    }
                    *slot = Some((here, line, col));
                    1
                }
                _ => {
                    let msg = format!("unknown character '{c}': expected {}", symbols.describe());
                    return Err(ParseError::new(line, col, msg));
                }
            };
            terrain.push(t);
            x += 1;
        }
        if y == 0 {
            width = x;
        }
        if x == 0 {
            return Err(ParseError::new(line, 1, "empty row inside the map"));
        }
        if x < width {
            let msg = format!("row {} has {x} cells but the first row has {width}", y + 1);
            return Err(ParseError::new(line, raw.chars().count() + 1, msg));
        }
    }
    let grid = Grid::from_terrain(width as u32, height as u32, terrain)
        .map_err(|e| ParseError::new(first_row + 1, 1, e.to_string()))?;
    let end = last_row + 1;
    let missing =
        |name: &str, c: char| ParseError::new(end, 1, format!("the map has no {name} '{c}'"));
    let start = start.ok_or_else(|| missing("start", symbols.start))?.0;
    let goal = goal.ok_or_else(|| missing("goal", symbols.goal))?.0;
    Ok(TextMap {
        grid,
        start: Some(start),
        goal: Some(goal),
        format,
    })
}

fn too_big(what: &str) -> String {
    format!("the map has more than {MAX_SIDE} {what}, the largest size supported")
}

/// Moving AI: `type octile`, `height H`, `width W`, `map`, then H rows of W cells.
fn parse_moving_ai(text: &str) -> Result<TextMap, ParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    let mut header = |want: &str| -> Result<(usize, String), ParseError> {
        loop {
            let Some((n, l)) = lines.next() else {
                return Err(ParseError::new(
                    1,
                    1,
                    format!("the header ends before '{want}'"),
                ));
            };
            if l.trim().is_empty() {
                continue;
            }
            let mut words = l.split_whitespace();
            if words.next() != Some(want) {
                let msg = format!("expected '{want}' in the header, found '{}'", l.trim());
                return Err(ParseError::new(n, 1, msg));
            }
            return Ok((n, words.collect::<Vec<_>>().join(" ")));
        }
    };
    let (n, kind) = header("type")?;
    if kind != "octile" {
        let msg = format!("unsupported map type '{kind}': expected 'type octile'");
        return Err(ParseError::new(n, 6, msg));
    }
    let mut size = |want: &str| -> Result<u32, ParseError> {
        let (n, value) = header(want)?;
        value.parse::<u32>().map_err(|_| {
            ParseError::new(
                n,
                want.len() + 2,
                format!("'{want}' needs a whole number, found '{value}'"),
            )
        })
    };
    let height = size("height")?;
    let width = size("width")?;
    let (n, rest) = header("map")?;
    if !rest.is_empty() {
        return Err(ParseError::new(n, 5, "expected 'map' alone on its line"));
    }
    Grid::check_size(width as u64, height as u64)
        .map_err(|e| ParseError::new(n, 1, e.to_string()))?;
    let mut terrain = Vec::with_capacity(width as usize * height as usize);
    let mut row = 0u32;
    let mut last_line = n;
    for (n, l) in lines {
        last_line = n;
        if row == height {
            if l.trim().is_empty() {
                continue;
            }
            let msg = format!("more rows than the header's height {height}");
            return Err(ParseError::new(n, 1, msg));
        }
        let mut x = 0u32;
        for (col, c) in l.chars().enumerate().map(|(i, c)| (i + 1, c)) {
            if x == width {
                let msg = format!("row {} is longer than the header's width {width}", row + 1);
                return Err(ParseError::new(n, col, msg));
            }
            let t = match c {
                '.' | 'G' | 'S' => 1,
                '@' | 'O' | 'T' | 'W' => WALL,
                _ => {
                    let msg = format!(
                        "unknown character '{c}': expected . G S (passable) or @ O T W (blocked)"
                    );
                    return Err(ParseError::new(n, col, msg));
                }
            };
            terrain.push(t);
            x += 1;
        }
        if x < width {
            let msg = format!(
                "row {} has {x} cells but the header's width is {width}",
                row + 1
            );
            return Err(ParseError::new(n, l.chars().count() + 1, msg));
        }
        row += 1;
    }
    if row < height {
        let msg = format!("expected {height} rows after 'map', found {row}");
        return Err(ParseError::new(last_line + 1, 1, msg));
    }
    let grid = Grid::from_terrain(width, height, terrain)
        .map_err(|e| ParseError::new(n, 1, e.to_string()))?;
    Ok(TextMap {
        grid,
        start: None,
        goal: None,
        format: MapFormat::MovingAi,
    })
}

/// Why a map cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError(pub String);

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
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
    let symbols = match format {
        MapFormat::Ox => OX,
        MapFormat::Dot => DOT,
        MapFormat::MovingAi => {
            if grid.terrain().iter().any(|&t| t > 1) {
                return Err(WriteError(
                    "the Moving AI format cannot hold terrain weights: save as 'ox' or 'dot'"
                        .into(),
                ));
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
        return Err(WriteError(format!(
            "the '{format}' format needs a start and a goal"
        )));
    };
    let mut on_path = vec![false; w * h];
    for &c in path {
        on_path[c as usize] = true;
    }
    for (i, &t) in grid.terrain().iter().enumerate() {
        let p = grid.point(i);
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
            assert!(e.message.contains(needle), "{text:?}: {e}");
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
            assert!(e.message.contains(needle), "{text:?}: {e}");
        }
    }

    #[test]
    fn huge_maps_are_refused_before_allocating() {
        let wide = format!("S{}E\n", "O".repeat(3000));
        assert!(parse_map(&wide)
            .unwrap_err()
            .message
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
