//! The grid: width x height cells, each a wall or passable ground with a terrain weight.

use std::fmt;

/// Largest width or height accepted. A 2048 x 2048 search keeps about 40 bytes per cell,
/// which still fits comfortably in a browser tab.
pub const MAX_SIDE: u32 = 2048;

/// Terrain value of a wall.
pub const WALL: u8 = 0;
/// Terrain value of plain ground (weight 1).
pub const GROUND: u8 = 1;
/// Heaviest terrain weight: entering such a cell costs 9 times the step cost.
pub const MAX_WEIGHT: u8 = 9;

/// A cell position: `x` is the column, `y` the row, both from 0 at the top-left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Point {
    pub x: u32,
    pub y: u32,
}

impl Point {
    pub const fn new(x: u32, y: u32) -> Self {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// Grid errors serialise as `{ code, ...values }` for the page, which words them itself.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "code", rename_all = "kebab-case")]
pub enum GridError {
    /// A side is zero or larger than [`MAX_SIDE`].
    BadSize { width: u64, height: u64, max: u32 },
    /// A coordinate lies outside the grid.
    OutOfRange {
        x: i64,
        y: i64,
        width: u32,
        height: u32,
    },
    /// A terrain value that is neither a wall nor a weight 1..=9.
    BadTerrain { terrain: u8, max: u8 },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::BadSize { width, height, .. } => write!(
                f,
                "grid size {width}x{height} is not allowed: each side must be between 1 and {MAX_SIDE}"
            ),
            GridError::OutOfRange { x, y, width, height } => write!(
                f,
                "cell ({x},{y}) is outside the {width}x{height} grid (x must be 0..{}, y 0..{})",
                width.saturating_sub(1),
                height.saturating_sub(1)
            ),
            GridError::BadTerrain { terrain: t, .. } => write!(
                f,
                "terrain value {t} is not allowed: use 0 for a wall or a weight from 1 to {MAX_WEIGHT}"
            ),
        }
    }
}

impl std::error::Error for GridError {}

impl GridError {
    pub fn bad_size(width: u64, height: u64) -> GridError {
        GridError::BadSize {
            width,
            height,
            max: MAX_SIDE,
        }
    }

    pub fn bad_terrain(terrain: u8) -> GridError {
        GridError::BadTerrain {
            terrain,
            max: MAX_WEIGHT,
        }
    }
}

/// A rectangular map. Cells are stored row by row; index = y * width + x.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: u32,
    height: u32,
    /// `index / width` is `index * row_multiplier >> ROW_SHIFT` (see [`Grid::point`]).
    row_multiplier: u64,
    terrain: Vec<u8>,
}

/// With indices below 2^22 (at most [`MAX_SIDE`] squared cells) and widths up to 2^11, a
/// multiplier of 2^40 / width rounded up errs by less than 2^-18 < 1/width in the quotient,
/// so the division is exact.
const ROW_SHIFT: u32 = 40;

fn row_multiplier(width: u32) -> u64 {
    (1u64 << ROW_SHIFT).div_ceil(u64::from(width))
}

impl Grid {
    /// An open grid of plain ground.
    pub fn new(width: u32, height: u32) -> Result<Grid, GridError> {
        Self::check_size(width as u64, height as u64)?;
        Ok(Grid {
            width,
            height,
            row_multiplier: row_multiplier(width),
            terrain: vec![GROUND; width as usize * height as usize],
        })
    }

    /// A grid from its terrain values, row by row.
    pub fn from_terrain(width: u32, height: u32, terrain: Vec<u8>) -> Result<Grid, GridError> {
        Self::check_size(width as u64, height as u64)?;
        if let Some(&bad) = terrain.iter().find(|&&t| t > MAX_WEIGHT) {
            return Err(GridError::bad_terrain(bad));
        }
        if terrain.len() != width as usize * height as usize {
            return Err(GridError::bad_size(
                width as u64,
                terrain.len() as u64 / width as u64,
            ));
        }
        Ok(Grid {
            width,
            height,
            row_multiplier: row_multiplier(width),
            terrain,
        })
    }

    /// Whether `other` is the same map: the same width and terrain. Compares eight cells at a
    /// time: on wasm32 a slice comparison calls a `memcmp` that goes byte by byte, which
    /// took a few percent of a search's time on every new search of a 512x512 map.
    pub fn same_map(&self, other: &Grid) -> bool {
        // Every chunk has eight cells, so the fallback is never taken.
        let word = |cells: &[u8]| u64::from_ne_bytes(cells.try_into().unwrap_or_default());
        let (words, other_words) = (self.terrain.chunks_exact(8), other.terrain.chunks_exact(8));
        self.width == other.width
            && self.terrain.len() == other.terrain.len()
            && words.remainder() == other_words.remainder()
            && (words.zip(other_words)).all(|(a, b)| word(a) == word(b))
    }

    /// Takes the grid out of a place that no longer needs it, leaving one cell of plain
    /// ground, so that its terrain can be kept without a copy.
    pub fn take(&mut self) -> Grid {
        std::mem::replace(
            self,
            Grid {
                width: 1,
                height: 1,
                row_multiplier: row_multiplier(1),
                terrain: vec![GROUND],
            },
        )
    }

    /// Checks a size before anything is allocated for it.
    pub fn check_size(width: u64, height: u64) -> Result<(), GridError> {
        let side_ok = |s: u64| (1..=MAX_SIDE as u64).contains(&s);
        if side_ok(width) && side_ok(height) {
            Ok(())
        } else {
            Err(GridError::bad_size(width, height))
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn cell_count(&self) -> usize {
        self.terrain.len()
    }

    /// Terrain of every cell, row by row (0 = wall, 1..=9 = weight).
    pub fn terrain(&self) -> &[u8] {
        &self.terrain
    }

    pub fn contains(&self, x: i64, y: i64) -> bool {
        (0..self.width as i64).contains(&x) && (0..self.height as i64).contains(&y)
    }

    /// The index of a position, or an error naming it if it is off the grid.
    pub fn index_of(&self, x: i64, y: i64) -> Result<usize, GridError> {
        if self.contains(x, y) {
            Ok(y as usize * self.width as usize + x as usize)
        } else {
            Err(GridError::OutOfRange {
                x,
                y,
                width: self.width,
                height: self.height,
            })
        }
    }

    /// The position of a cell index. The search asks this at every expansion, so the row
    /// is found by a multiplication rather than a division, which takes several times as long.
    pub fn point(&self, index: usize) -> Point {
        let i = index as u64;
        let y = (i * self.row_multiplier) >> ROW_SHIFT;
        Point::new((i - y * u64::from(self.width)) as u32, y as u32)
    }

    pub fn index(&self, p: Point) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }

    /// The indices of the 3x3 block of cells centred on `p` (clipped to the grid), `p`
    /// included: the cells whose moves a change at `p` can alter, as a wall there blocks
    /// the moves into it and, by the corner rules, the diagonals beside it.
    pub fn around(&self, p: Point) -> impl Iterator<Item = u32> {
        self.within(p, 1)
    }

    /// The indices of the cells at most `reach` across and down from `p` (clipped to the
    /// grid), `p` included, row by row.
    pub fn within(&self, p: Point, reach: u32) -> impl Iterator<Item = u32> {
        let (w, h) = (self.width, self.height);
        let xs = p.x.saturating_sub(reach)..=p.x.saturating_add(reach).min(w - 1);
        (p.y.saturating_sub(reach)..=p.y.saturating_add(reach).min(h - 1))
            .flat_map(move |y| xs.clone().map(move |x| y * w + x))
    }

    /// Terrain at a position inside the grid.
    pub fn get(&self, p: Point) -> Result<u8, GridError> {
        Ok(self.terrain[self.index_of(p.x as i64, p.y as i64)?])
    }

    pub fn is_passable_at(&self, index: usize) -> bool {
        self.terrain[index] != WALL
    }

    pub fn is_passable(&self, p: Point) -> bool {
        self.get(p).is_ok_and(|t| t != WALL)
    }

    /// Sets a cell's terrain; returns the previous value.
    pub fn set(&mut self, p: Point, terrain: u8) -> Result<u8, GridError> {
        if terrain > MAX_WEIGHT {
            return Err(GridError::bad_terrain(terrain));
        }
        let i = self.index_of(p.x as i64, p.y as i64)?;
        Ok(std::mem::replace(&mut self.terrain[i], terrain))
    }

    /// A copy resized to `width` x `height`, keeping the top-left content; new cells are ground.
    pub fn resized(&self, width: u32, height: u32) -> Result<Grid, GridError> {
        let mut out = Grid::new(width, height)?;
        let keep_w = self.width.min(width) as usize;
        for y in 0..self.height.min(height) as usize {
            let src = y * self.width as usize;
            let dst = y * width as usize;
            out.terrain[dst..dst + keep_w].copy_from_slice(&self.terrain[src..src + keep_w]);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_map_has_the_same_width_and_every_cell_alike() {
        // 3x7 = 21 cells: two whole words of eight and a remainder of five.
        let grid = Grid::new(3, 7).unwrap();
        assert!(grid.same_map(&grid.clone()));
        assert!(!grid.same_map(&Grid::new(7, 3).unwrap()));
        for cell in [0, 9, 20] {
            let mut other = grid.clone();
            other.set(other.point(cell), WALL).unwrap();
            assert!(!grid.same_map(&other), "cell {cell}");
        }
        assert!(!grid.same_map(&Grid::new(3, 6).unwrap()));
    }

    #[test]
    fn out_of_range_names_the_last_valid_cell() {
        let grid = Grid::new(3, 2).unwrap();
        let message = grid.index_of(3, 1).unwrap_err().to_string();
        assert!(message.contains("x must be 0..2, y 0..1"), "{message}");
    }

    #[test]
    fn point_inverts_index_on_every_width() {
        for width in 1..=MAX_SIDE {
            // `point` does not look at the height, so one row stands for the tallest grid.
            let grid = Grid::new(width, 1).unwrap();
            let last = width * MAX_SIDE - 1;
            for i in [0, width - 1, width, width + 1, last / 2, last - width, last] {
                let p = grid.point(i as usize);
                assert!(
                    p.x < width && p.y * width + p.x == i,
                    "width {width}, index {i}: {p}"
                );
            }
        }
    }

    #[test]
    fn rejects_sizes_outside_the_limit() {
        assert!(Grid::new(0, 5).is_err());
        assert!(Grid::new(MAX_SIDE + 1, 5).is_err());
        assert!(Grid::new(MAX_SIDE, 1).is_ok());
        let msg = Grid::new(3000, 3000).unwrap_err().to_string();
        assert!(msg.contains("3000x3000") && msg.contains("2048"), "{msg}");
    }

    #[test]
    fn set_validates_position_and_terrain() {
        let mut g = Grid::new(3, 2).unwrap();
        assert_eq!(g.set(Point::new(2, 1), WALL), Ok(GROUND));
        assert!(!g.is_passable(Point::new(2, 1)));
        assert!(g.set(Point::new(3, 0), WALL).is_err());
        assert_eq!(g.set(Point::new(0, 0), 10), Err(GridError::bad_terrain(10)));
    }

    #[test]
    fn resize_keeps_top_left_content() {
        let mut g = Grid::new(3, 3).unwrap();
        g.set(Point::new(1, 1), 5).unwrap();
        g.set(Point::new(2, 2), WALL).unwrap();
        let small = g.resized(2, 2).unwrap();
        assert_eq!(small.get(Point::new(1, 1)), Ok(5));
        let big = g.resized(4, 5).unwrap();
        assert_eq!(big.get(Point::new(2, 2)), Ok(WALL));
        assert_eq!(big.get(Point::new(3, 4)), Ok(GROUND));
    }
}
