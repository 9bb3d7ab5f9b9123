//! The editable map behind the page: terrain, start and goal, with undo and redo.
//! Painting is grouped in strokes so that one drag of the pointer is one undo entry.

use std::fmt;

use serde::Serialize;

use crate::formats::map_text::{self, MapFormat, ParseError, WriteError};
use crate::geometry::grid::{Grid, GridError, Point, GROUND, MAX_WEIGHT, WALL};

/// Serialises as the `{ code, ...values }` of the error inside, or of its own kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum EditError {
    Grid(GridError),
    Parse(ParseError),
    Write(WriteError),
    Own(EditProblem),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "kebab-case")]
pub enum EditProblem {
    /// An endpoint may not go onto a wall...
    EndpointOnWall {
        endpoint: Endpoint,
        x: u32,
        y: u32,
    },
    /// ...nor onto the other endpoint.
    EndpointOnEndpoint {
        endpoint: Endpoint,
        x: u32,
        y: u32,
    },
    TooSmall,
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::Grid(e) => e.fmt(f),
            EditError::Parse(e) => e.fmt(f),
            EditError::Write(e) => e.fmt(f),
            EditError::Own(EditProblem::EndpointOnWall { endpoint, x, y }) => {
                write!(f, "the {endpoint} cannot go on a wall at ({x},{y})")
            }
            EditError::Own(EditProblem::EndpointOnEndpoint { endpoint, x, y }) => write!(
                f,
                "the {endpoint} cannot go on top of the other endpoint at ({x},{y})"
            ),
            EditError::Own(EditProblem::TooSmall) => {
                f.write_str("the map needs at least two passable cells for a start and a goal")
            }
        }
    }
}

impl std::error::Error for EditError {}

impl From<GridError> for EditError {
    fn from(e: GridError) -> Self {
        EditError::Grid(e)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Endpoint {
    Start,
    Goal,
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Endpoint::Start => "start",
            Endpoint::Goal => "goal",
        })
    }
}

/// The whole map, for edits that change its size or many cells at once.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    grid: Grid,
    start: Point,
    goal: Point,
}

#[derive(Clone, Debug)]
enum Edit {
    /// (cell index, terrain before, terrain after), in the order they were painted.
    Cells(Vec<(u32, u8, u8)>),
    Move {
        which: Endpoint,
        from: Point,
        to: Point,
    },
    Replace {
        before: Box<Snapshot>,
        after: Box<Snapshot>,
    },
}

#[derive(Clone, Debug)]
pub struct MapEditor {
    map: Snapshot,
    /// Each undo entry with its number (see [`MapEditor::last_entry`]).
    undo: Vec<(u32, Edit)>,
    redo: Vec<(u32, Edit)>,
    /// The number the next undo entry gets; numbers are never reused.
    next_entry: u32,
    /// The stroke being painted, if one is open.
    stroke: Option<Vec<(u32, u8, u8)>>,
    /// Whether the next move of the same endpoint joins the last undo entry.
    merge_moves: bool,
    revision: u64,
}

impl MapEditor {
    /// A blank map with the start a quarter in from the left and the goal a quarter in from
    /// the right, both on the middle row.
    pub fn new(width: u32, height: u32) -> Result<MapEditor, EditError> {
        let grid = Grid::new(width, height)?;
        if grid.cell_count() < 2 {
            return Err(EditError::Own(EditProblem::TooSmall));
        }
        let (start, goal) = default_endpoints(&grid, None, None)?;
        Ok(Self::from_snapshot(Snapshot { grid, start, goal }))
    }

    /// The classic tutorial picture: a wall standing between start and goal.
    pub fn default_scene(width: u32, height: u32) -> Result<MapEditor, EditError> {
        let mut editor = Self::new(width, height)?;
        let m = &mut editor.map;
        let x = width / 2;
        for y in height / 4..height - height / 4 {
            let p = Point::new(x, y);
            if p != m.start && p != m.goal {
                m.grid.set(p, WALL)?;
            }
        }
        Ok(editor)
    }

    /// A map read from text in any supported format. Moving AI maps carry no start or goal:
    /// they go to the first and last passable cells.
    pub fn from_text(text: &str) -> Result<MapEditor, EditError> {
        Self::from_text_with_format(text).map(|(editor, _)| editor)
    }

    /// Like `from_text`, also telling which format the text was in.
    pub fn from_text_with_format(text: &str) -> Result<(MapEditor, MapFormat), EditError> {
        let parsed = map_text::parse_map(text).map_err(EditError::Parse)?;
        let (start, goal) = match (parsed.start, parsed.goal) {
            (Some(s), Some(g)) => (s, g),
            _ => {
                let passable = |i: &usize| parsed.grid.is_passable_at(*i);
                let mut cells = 0..parsed.grid.cell_count();
                let first = cells.clone().find(passable);
                let last = cells.rfind(passable);
                match (first, last) {
                    (Some(a), Some(b)) if a != b => (parsed.grid.point(a), parsed.grid.point(b)),
                    _ => return Err(EditError::Own(EditProblem::TooSmall)),
                }
            }
        };
        let format = parsed.format;
        let editor = Self::from_snapshot(Snapshot {
            grid: parsed.grid,
            start,
            goal,
        });
        Ok((editor, format))
    }

    /// Opens a map read from text in place of this one, as one undo entry: loading a file or
    /// an example loses nothing. Returns the format the text was in.
    pub fn load_text(&mut self, text: &str) -> Result<MapFormat, EditError> {
        let (loaded, format) = Self::from_text_with_format(text)?;
        self.replace_map(loaded.map);
        Ok(format)
    }

    /// Puts the start and the goal on two cells at once (a benchmark scenario's query), as one
    /// undo entry. Both must be on the map, passable and distinct.
    pub fn place_endpoints(
        &mut self,
        start: (i64, i64),
        goal: (i64, i64),
    ) -> Result<(), EditError> {
        let grid = &self.map.grid;
        let place = |endpoint: Endpoint, (x, y): (i64, i64)| -> Result<Point, EditError> {
            let i = grid.index_of(x, y)?;
            let p = grid.point(i);
            if !grid.is_passable_at(i) {
                return Err(EditError::Own(EditProblem::EndpointOnWall {
                    endpoint,
                    x: p.x,
                    y: p.y,
                }));
            }
            Ok(p)
        };
        let start = place(Endpoint::Start, start)?;
        let goal = place(Endpoint::Goal, goal)?;
        if start == goal {
            return Err(EditError::Own(EditProblem::EndpointOnEndpoint {
                endpoint: Endpoint::Goal,
                x: goal.x,
                y: goal.y,
            }));
        }
        let after = Snapshot {
            grid: self.map.grid.clone(),
            start,
            goal,
        };
        self.replace_map(after);
        Ok(())
    }

    /// Replaces the whole map as one undo entry; nothing happens when it is the same map.
    fn replace_map(&mut self, after: Snapshot) {
        self.end_stroke();
        if after == self.map {
            return;
        }
        let before = std::mem::replace(&mut self.map, after.clone());
        self.revision += 1;
        self.push(Edit::Replace {
            before: Box::new(before),
            after: Box::new(after),
        });
    }

    fn from_snapshot(map: Snapshot) -> MapEditor {
        MapEditor {
            map,
            undo: Vec::new(),
            redo: Vec::new(),
            next_entry: 1,
            stroke: None,
            merge_moves: false,
            revision: 0,
        }
    }

    pub fn to_text(&self, format: MapFormat) -> Result<String, EditError> {
        let m = &self.map;
        map_text::write_map(&m.grid, Some(m.start), Some(m.goal), format, &[])
            .map_err(EditError::Write)
    }

    pub fn grid(&self) -> &Grid {
        &self.map.grid
    }

    pub fn start(&self) -> Point {
        self.map.start
    }

    pub fn goal(&self) -> Point {
        self.map.goal
    }

    /// Increases with every change, undo and redo included.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The undo entry the cells painted last belong to: the number the open stroke will have,
    /// else the last entry (0 for none). A stroke's cells reach a search frame by frame as
    /// they are painted; this ties them together as one batch of changes.
    pub fn stroke_entry(&self) -> u32 {
        if self.stroke.is_some() {
            self.next_entry
        } else {
            self.last_entry()
        }
    }

    pub fn begin_stroke(&mut self) {
        self.end_stroke();
        self.stroke = Some(Vec::new());
    }

    /// Closes the open stroke; `true` if it changed anything (it is then one undo entry).
    pub fn end_stroke(&mut self) -> bool {
        self.merge_moves = false;
        match self.stroke.take() {
            Some(cells) if !cells.is_empty() => {
                self.push(Edit::Cells(cells));
                true
            }
            _ => false,
        }
    }

    /// Paints one cell with `brush` (0 = wall, 1 = eraser, 2..=9 = terrain weight). The start
    /// and goal cells are left alone. Outside a stroke, the paint is a stroke of its own.
    pub fn paint(&mut self, x: i64, y: i64, brush: u8) -> Result<(), EditError> {
        self.paint_line(x, y, x, y, brush)
    }

    /// Paints every cell on the straight line between two cells, so fast pointer moves leave
    /// no gaps.
    pub fn paint_line(
        &mut self,
        x0: i64,
        y0: i64,
        x1: i64,
        y1: i64,
        brush: u8,
    ) -> Result<(), EditError> {
        if brush > MAX_WEIGHT {
            return Err(GridError::bad_terrain(brush).into());
        }
        self.map.grid.index_of(x0, y0)?;
        self.map.grid.index_of(x1, y1)?;
        let own_stroke = self.stroke.is_none();
        if own_stroke {
            self.begin_stroke();
        }
        for (x, y) in line_cells(x0, y0, x1, y1) {
            let p = Point::new(x as u32, y as u32);
            if p == self.map.start || p == self.map.goal {
                continue;
            }
            let old = self.map.grid.set(p, brush)?;
            if old != brush {
                let i = self.map.grid.index(p) as u32;
                self.stroke
                    .get_or_insert_with(Vec::new)
                    .push((i, old, brush));
                self.revision += 1;
            }
        }
        if own_stroke {
            self.end_stroke();
        }
        Ok(())
    }

    /// Moves the start or the goal. Consecutive moves of the same endpoint within one stroke
    /// (one drag) are one undo entry.
    pub fn move_endpoint(&mut self, which: Endpoint, x: i64, y: i64) -> Result<(), EditError> {
        let i = self.map.grid.index_of(x, y)?;
        let to = self.map.grid.point(i);
        let (current, other) = match which {
            Endpoint::Start => (self.map.start, self.map.goal),
            Endpoint::Goal => (self.map.goal, self.map.start),
        };
        if to == current {
            return Ok(());
        }
        if !self.map.grid.is_passable_at(i) {
            return Err(EditError::Own(EditProblem::EndpointOnWall {
                endpoint: which,
                x: to.x,
                y: to.y,
            }));
        }
        if to == other {
            return Err(EditError::Own(EditProblem::EndpointOnEndpoint {
                endpoint: which,
                x: to.x,
                y: to.y,
            }));
        }
        self.set_endpoint(which, to);
        self.revision += 1;
        match self.undo.last_mut() {
            Some((
                _,
                Edit::Move {
                    which: w, to: t, ..
                },
            )) if self.merge_moves && *w == which => {
                *t = to;
                self.redo.clear();
            }
            _ => self.push(Edit::Move {
                which,
                from: current,
                to,
            }),
        }
        self.merge_moves = self.stroke.is_some();
        Ok(())
    }

    fn set_endpoint(&mut self, which: Endpoint, p: Point) {
        match which {
            Endpoint::Start => self.map.start = p,
            Endpoint::Goal => self.map.goal = p,
        }
    }

    /// Turns every wall into ground.
    pub fn clear_walls(&mut self) -> bool {
        self.replace_terrain(|t| if t == WALL { GROUND } else { t })
    }

    /// Turns every weighted cell into plain ground.
    pub fn clear_weights(&mut self) -> bool {
        self.replace_terrain(|t| if t > GROUND { GROUND } else { t })
    }

    fn replace_terrain(&mut self, f: impl Fn(u8) -> u8) -> bool {
        self.end_stroke();
        let mut cells = Vec::new();
        for i in 0..self.map.grid.cell_count() {
            let p = self.map.grid.point(i);
            let old = self.map.grid.terrain()[i];
            let new = f(old);
            if new != old && self.map.grid.set(p, new).is_ok() {
                cells.push((i as u32, old, new));
            }
        }
        if cells.is_empty() {
            return false;
        }
        self.revision += 1;
        self.push(Edit::Cells(cells));
        true
    }

    /// Resizes keeping the top-left content; an endpoint that falls outside returns to its
    /// default spot.
    pub fn resize(&mut self, width: u32, height: u32) -> Result<(), EditError> {
        self.end_stroke();
        let grid = self.map.grid.resized(width, height)?;
        if grid.cell_count() < 2 {
            return Err(EditError::Own(EditProblem::TooSmall));
        }
        let inside = |p: Point| p.x < width && p.y < height;
        let keep_start = inside(self.map.start).then_some(self.map.start);
        let keep_goal = inside(self.map.goal).then_some(self.map.goal);
        let mut grid = grid;
        let (start, goal) = default_endpoints(&grid, keep_start, keep_goal)?;
        grid.set(start, grid.get(start)?.max(GROUND))?;
        grid.set(goal, grid.get(goal)?.max(GROUND))?;
        self.replace_map(Snapshot { grid, start, goal });
        Ok(())
    }

    fn push(&mut self, edit: Edit) {
        self.undo.push((self.next_entry, edit));
        self.next_entry = self.next_entry.wrapping_add(1).max(1);
        self.redo.clear();
    }

    /// The number of the undo entry the map is at (the one an undo would take back), 0 for
    /// none. It lets the page tie what it keeps beside the map, such as the options a loaded
    /// file brought, to the load's entry.
    pub fn last_entry(&self) -> u32 {
        self.undo.last().map_or(0, |&(entry, _)| entry)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty() || self.stroke.as_ref().is_some_and(|s| !s.is_empty())
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last entry; its number, or `None` when there was nothing to undo.
    pub fn undo(&mut self) -> Option<u32> {
        self.end_stroke();
        let (entry, edit) = self.undo.pop()?;
        self.apply(&edit, true);
        self.redo.push((entry, edit));
        Some(entry)
    }

    /// Makes the last undone entry again; its number, or `None` when there was nothing to redo.
    pub fn redo(&mut self) -> Option<u32> {
        self.end_stroke();
        let (entry, edit) = self.redo.pop()?;
        self.apply(&edit, false);
        self.undo.push((entry, edit));
        Some(entry)
    }

    fn apply(&mut self, edit: &Edit, backwards: bool) {
        self.revision += 1;
        match edit {
            Edit::Cells(cells) => {
                let mut set = |&(i, old, new): &(u32, u8, u8)| {
                    let p = self.map.grid.point(i as usize);
                    // Cannot fail: the cell and both values were valid when recorded.
                    let _ = self.map.grid.set(p, if backwards { old } else { new });
                };
                if backwards {
                    cells.iter().rev().for_each(&mut set);
                } else {
                    cells.iter().for_each(&mut set);
                }
            }
            Edit::Move { which, from, to } => {
                self.set_endpoint(*which, if backwards { *from } else { *to })
            }
            Edit::Replace { before, after } => {
                self.map = if backwards {
                    (**before).clone()
                } else {
                    (**after).clone()
                };
            }
        }
    }
}

/// Start and goal for a grid: the ones to keep, else the default spots (a quarter in from
/// each side on the middle row), else the first free cells in reading order.
fn default_endpoints(
    grid: &Grid,
    start: Option<Point>,
    goal: Option<Point>,
) -> Result<(Point, Point), EditError> {
    let (w, h) = (grid.width(), grid.height());
    let start = start.unwrap_or(Point::new(w / 4, h / 2));
    let mut goal = goal.unwrap_or(Point::new(w - 1 - w / 4, h / 2));
    if goal == start {
        let other = (0..grid.cell_count())
            .map(|i| grid.point(i))
            .find(|&p| p != start);
        goal = other.ok_or(EditError::Own(EditProblem::TooSmall))?;
    }
    Ok((start, goal))
}

/// The cells on the segment between two cells (Bresenham), both ends included.
fn line_cells(x0: i64, y0: i64, x1: i64, y1: i64) -> impl Iterator<Item = (i64, i64)> {
    let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
    let (sx, sy) = ((x1 - x0).signum(), (y1 - y0).signum());
    let (mut x, mut y, mut err) = (x0, y0, dx + dy);
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let here = (x, y);
        if x == x1 && y == y1 {
            done = true;
        } else {
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x += sx;
            }
            if e2 <= dx {
                err += dx;
                y += sy;
            }
        }
        Some(here)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_stroke_leaves_no_gaps_and_is_one_undo_entry() {
        let mut e = MapEditor::new(10, 10).unwrap();
        e.begin_stroke();
        e.paint_line(0, 0, 9, 3, WALL).unwrap();
        assert!(e.end_stroke());
        let walls: Vec<Point> = (0..100)
            .map(|i| e.grid().point(i))
            .filter(|&p| !e.grid().is_passable(p))
            .collect();
        assert_eq!(walls.len(), 10, "one wall per column: {walls:?}");
        assert!(e.undo().is_some());
        assert!(e.grid().terrain().iter().all(|&t| t == GROUND));
        assert!(e.redo().is_some());
        assert_eq!(
            e.grid().terrain().iter().filter(|&&t| t == WALL).count(),
            10
        );
    }

    /// The cells of one stroke are tied to one entry while it is painted and after it ends;
    /// the next stroke has another, and an undo goes back to the entry before.
    #[test]
    fn a_stroke_has_one_entry_while_painted_and_after() {
        let mut e = MapEditor::new(10, 10).unwrap();
        assert_eq!(e.stroke_entry(), 0);
        e.begin_stroke();
        e.paint(1, 1, WALL).unwrap();
        let first = e.stroke_entry();
        e.paint(2, 1, WALL).unwrap();
        assert_eq!(e.stroke_entry(), first);
        assert!(e.end_stroke());
        assert_eq!(e.stroke_entry(), first);
        e.begin_stroke();
        e.paint(3, 1, WALL).unwrap();
        let second = e.stroke_entry();
        assert_ne!(second, first);
        assert!(e.end_stroke());
        assert_eq!(e.stroke_entry(), second);
        assert!(e.undo().is_some());
        assert_eq!(e.stroke_entry(), first);
    }

    #[test]
    fn endpoints_are_never_painted_and_never_moved_onto_walls() {
        let mut e = MapEditor::default_scene(20, 12).unwrap();
        let (s, g) = (e.start(), e.goal());
        assert_eq!((s, g), (Point::new(5, 6), Point::new(14, 6)));
        e.paint(s.x as i64, s.y as i64, WALL).unwrap();
        assert!(e.grid().is_passable(s));
        assert!(
            e.move_endpoint(Endpoint::Start, 10, 6).is_err(),
            "the scene's wall"
        );
        assert!(e
            .move_endpoint(Endpoint::Start, g.x as i64, g.y as i64)
            .is_err());
        assert!(e.move_endpoint(Endpoint::Start, 20, 0).is_err());
    }

    #[test]
    fn a_drag_of_an_endpoint_is_one_undo_entry() {
        let mut e = MapEditor::new(10, 5).unwrap();
        let s = e.start();
        e.begin_stroke();
        for x in 3..7 {
            e.move_endpoint(Endpoint::Start, x, 0).unwrap();
        }
        e.end_stroke();
        assert_eq!(e.start(), Point::new(6, 0));
        assert!(e.undo().is_some());
        assert_eq!(e.start(), s);
        assert!(!e.can_undo());
    }

    #[test]
    fn resize_moves_endpoints_back_inside_and_undoes() {
        let mut e = MapEditor::new(20, 10).unwrap();
        e.resize(4, 3).unwrap();
        assert_eq!((e.grid().width(), e.grid().height()), (4, 3));
        assert_eq!((e.start(), e.goal()), (Point::new(1, 1), Point::new(2, 1)));
        assert!(e.undo().is_some());
        assert_eq!(e.grid().width(), 20);
        assert!(e.resize(5000, 3).is_err());
        assert!(e.resize(1, 1).is_err());
    }

    #[test]
    fn moving_ai_maps_get_endpoints_on_passable_cells() {
        let e = MapEditor::from_text("type octile\nheight 2\nwidth 3\nmap\n@..\n..@\n").unwrap();
        assert_eq!((e.start(), e.goal()), (Point::new(1, 0), Point::new(1, 1)));
        assert!(MapEditor::from_text("type octile\nheight 1\nwidth 2\nmap\n@.\n").is_err());
    }

    #[test]
    fn loading_a_map_is_one_undo_entry() {
        let mut e = MapEditor::default_scene(8, 6).unwrap();
        e.paint(0, 0, 5).unwrap();
        let before = (e.grid().clone(), e.start(), e.goal());
        let format = e
            .load_text("type octile\nheight 2\nwidth 3\nmap\n@..\n..@\n")
            .unwrap();
        assert_eq!(format, MapFormat::MovingAi);
        assert_eq!((e.grid().width(), e.grid().height()), (3, 2));
        assert!(e.undo().is_some());
        assert_eq!((e.grid().clone(), e.start(), e.goal()), before);
        assert!(e.redo().is_some());
        assert_eq!(e.grid().width(), 3);
        let revision = e.revision();
        assert!(e.load_text("OX\nSE\nQ").is_err());
        assert_eq!(e.revision(), revision, "a bad file changes nothing");
    }

    #[test]
    fn placing_both_endpoints_checks_them_and_undoes() {
        let mut e = MapEditor::default_scene(8, 6).unwrap();
        let (s, g) = (e.start(), e.goal());
        e.place_endpoints((g.x.into(), g.y.into()), (s.x.into(), s.y.into()))
            .unwrap();
        assert_eq!((e.start(), e.goal()), (g, s));
        assert!(e.place_endpoints((0, 0), (0, 0)).is_err());
        assert!(e.place_endpoints((4, 2), (0, 0)).is_err(), "a wall");
        assert!(e.place_endpoints((8, 0), (0, 0)).is_err());
        assert!(e.undo().is_some());
        assert_eq!((e.start(), e.goal()), (s, g));
    }

    #[test]
    fn clearing_is_undoable_and_reports_no_change() {
        let mut e = MapEditor::default_scene(8, 6).unwrap();
        e.paint(0, 0, 5).unwrap();
        assert!(e.clear_walls());
        assert!(!e.clear_walls());
        assert!(e.clear_weights());
        assert!(e.grid().terrain().iter().all(|&t| t == GROUND));
        e.undo();
        e.undo();
        assert_eq!(e.grid().get(Point::new(0, 0)), Ok(5));
        assert_eq!(e.grid().get(Point::new(4, 2)), Ok(WALL));
    }

    #[test]
    fn each_undo_entry_keeps_its_number_through_undo_and_redo() {
        let mut e = MapEditor::default_scene(8, 6).unwrap();
        assert_eq!((e.last_entry(), e.undo()), (0, None));
        let text = MapEditor::new(5, 4)
            .unwrap()
            .to_text(MapFormat::Ox)
            .unwrap();
        e.load_text(&text).unwrap();
        let load = e.last_entry();
        assert_ne!(load, 0);
        // Two moves of one drag are one entry, with one number.
        e.begin_stroke();
        e.move_endpoint(Endpoint::Start, 1, 1).unwrap();
        e.move_endpoint(Endpoint::Start, 1, 2).unwrap();
        e.end_stroke();
        let drag = e.last_entry();
        assert!(drag > load);
        assert_eq!(e.undo(), Some(drag));
        assert_eq!(e.undo(), Some(load));
        assert_eq!(e.last_entry(), 0);
        assert_eq!(e.redo(), Some(load));
        assert_eq!(e.last_entry(), load);
        // A new edit drops the undone drag; its number is not given out again.
        e.paint(3, 3, WALL).unwrap();
        assert!(e.last_entry() > drag);
        assert_eq!(e.redo(), None);
    }
}
