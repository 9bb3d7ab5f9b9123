//! The jumps of Jump Point Search (Harabor and Grastien, 2011): from a node, run along one
//! direction over every cell whose optimal paths can all be taken some other equally short
//! way, and stop at the first cell that is not like that (a jump point), at the goal, or at a
//! wall. Straight runs test 62 cells at a time on bit rows of the map (and bit columns of
//! its transpose); diagonal runs go cell by cell with a straight run each way at each cell.
//!
//! Which neighbours of a cell a path through it needs (its successors) follows from the
//! pruning rule of the paper, worked out once per corner rule on the 3x3 block around the
//! cell: a neighbour is left out when another path from the parent reaches it, inside the
//! block and without the cell, no dearer (strictly cheaper for a diagonal arrival). Without
//! diagonals, paths go vertically first: a vertical run may turn sideways anywhere, a
//! horizontal one only where a wall beside it ends.

use crate::grid::Grid;
use crate::movement::{DiagonalRule, Movement, MOVES};

/// The move indices in [`MOVES`] of the four straight directions.
const NORTH: usize = 0;
const EAST: usize = 1;
const SOUTH: usize = 2;
const WEST: usize = 3;

/// Cells of a straight run tested per 64-bit window: bit 0 is the cell the window starts
/// from and bit 63 is only read as the cell after bit 62.
const WINDOW: u32 = 62;
const IN_WINDOW: u64 = ((1 << WINDOW) - 1) << 1;
/// Blocked bits on each side of a bit line, so that windows and the 3x3 block of a cell on
/// the border read walls and never leave the line.
const PAD: usize = 64;

/// The pruning rules, one per corner rule; 4 directions and `never` share `Straight`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    Always,
    AtMostOne,
    NoCorners,
    Straight,
}

impl Rule {
    pub fn of(movement: Movement) -> Rule {
        if !movement.has_diagonals() {
            return Rule::Straight;
        }
        match movement.diagonal {
            DiagonalRule::Always => Rule::Always,
            DiagonalRule::IfAtMostOneObstacle => Rule::AtMostOne,
            DiagonalRule::OnlyWhenNoObstacles => Rule::NoCorners,
            DiagonalRule::Never => Rule::Straight,
        }
    }

    /// Whether a diagonal move passes with `walls` of its two side cells blocked.
    fn allows(self, walls: u8) -> bool {
        match self {
            Rule::Always => true,
            Rule::AtMostOne => walls <= 1,
            Rule::NoCorners => walls == 0,
            Rule::Straight => false,
        }
    }

    /// Per straight-run cell, from 64-bit windows of the lines beside the run (`a`, `c`) and
    /// of the run itself (`b`), bit k = the k-th cell ahead, 1 = passable: whether cell k
    /// has a forced neighbour. The unit tests check this against [`Pruning`].
    #[inline(always)]
    fn forced_bits(self, a: u64, b: u64, c: u64) -> u64 {
        match self {
            // A side cell that opens after a wall beside the cell behind.
            Rule::NoCorners | Rule::Straight => (a & !(a << 1)) | (c & !(c << 1)),
            // The diagonal ahead opens past a wall beside the cell itself.
            Rule::Always => (!a & (a >> 1)) | (!c & (c >> 1)),
            // The same, when the cell ahead is free so that the diagonal may pass the wall.
            Rule::AtMostOne => (b >> 1) & ((!a & (a >> 1)) | (!c & (c >> 1))),
        }
    }
}

/// The neighbours of a cell, as bits by move index, that a path arriving by each move needs
/// next, for every pattern of passable neighbours (bit i: the cell at `MOVES[i]` is free).
#[derive(Clone, Debug)]
pub struct Pruning {
    /// Legal moves for each pattern.
    legal: [u8; 256],
    /// `[arrival move][pattern]`: the moves a path arriving that way continues by.
    successors: [[u8; 256]; 8],
    /// `[arrival move]`: the moves taken with no wall about (continuing straight on, or along
    /// a diagonal and its two sides; vertical moves also turn sideways without diagonals).
    natural: [u8; 8],
}

/// The index in [`MOVES`] of a move, if it is one.
fn move_index(dx: i32, dy: i32) -> Option<usize> {
    MOVES.iter().position(|m| (m.dx, m.dy) == (dx, dy))
}

impl Pruning {
    pub fn new(rule: Rule) -> Pruning {
        let mut legal = [0u8; 256];
        for (pattern, moves) in legal.iter_mut().enumerate() {
            *moves = legal_moves(rule, pattern as u8);
        }
        let natural: [u8; 8] = std::array::from_fn(|d| natural_moves(rule, d));
        let successors = std::array::from_fn(|d| {
            std::array::from_fn(|pattern| successors(rule, d, pattern as u8, &legal))
        });
        Pruning {
            legal,
            successors,
            natural,
        }
    }

    pub fn legal(&self, pattern: u8) -> u8 {
        self.legal[pattern as usize]
    }

    pub fn successors(&self, arrival: usize, pattern: u8) -> u8 {
        self.successors[arrival][pattern as usize]
    }

    /// The forced neighbours: successors a run with no wall about would not take.
    pub fn forced(&self, arrival: usize, pattern: u8) -> u8 {
        self.successors[arrival][pattern as usize] & !self.natural[arrival]
    }
}

fn legal_moves(rule: Rule, pattern: u8) -> u8 {
    let free = |i: usize| pattern & 1 << i != 0;
    let mut moves = pattern & 0x0f;
    if rule != Rule::Straight {
        for (i, m) in MOVES.iter().enumerate().skip(4) {
            let side_x = move_index(m.dx, 0).expect("a straight move");
            let side_y = move_index(0, m.dy).expect("a straight move");
            let walls = u8::from(!free(side_x)) + u8::from(!free(side_y));
            if free(i) && rule.allows(walls) {
                moves |= 1 << i;
            }
        }
    }
    moves
}

fn natural_moves(rule: Rule, arrival: usize) -> u8 {
    let m = MOVES[arrival];
    if rule == Rule::Straight {
        return match arrival {
            NORTH | SOUTH => 1 << arrival | 1 << EAST | 1 << WEST,
            _ => 1 << arrival,
        };
    }
    if !m.is_diagonal() {
        return 1 << arrival;
    }
    let side_x = move_index(m.dx, 0).expect("a straight move");
    let side_y = move_index(0, m.dy).expect("a straight move");
    1 << arrival | 1 << side_x | 1 << side_y
}

/// The successors of a cell reached by move `arrival`, its neighbours free as in `pattern`.
fn successors(rule: Rule, arrival: usize, pattern: u8, legal: &[u8; 256]) -> u8 {
    let moves = legal[pattern as usize];
    let a = MOVES[arrival];
    if rule == Rule::Straight {
        if arrival >= 4 {
            return 0;
        }
        let mut keep = natural_moves(rule, arrival);
        if a.dy == 0 {
            // A horizontal run turns to a side whose cell behind is a wall.
            for side in [NORTH, SOUTH] {
                let behind = move_index(-a.dx, MOVES[side].dy).expect("a diagonal");
                if pattern & 1 << behind == 0 {
                    keep |= 1 << side;
                }
            }
        }
        return keep & moves;
    }
    // The 3x3 block around the cell, (1,1) the cell itself, which other paths avoid.
    let free = |x: i32, y: i32| match move_index(x - 1, y - 1) {
        Some(i) => pattern & 1 << i != 0,
        None => true,
    };
    let cost = |dx: i32, dy: i32| if dx != 0 && dy != 0 { 14 } else { 10 };
    let parent = (1 - a.dx, 1 - a.dy);
    // Cheapest paths from the parent inside the block, avoiding the cell (Bellman-Ford).
    let mut best = [[u32::MAX; 3]; 3];
    best[parent.1 as usize][parent.0 as usize] = 0;
    for _ in 0..9 {
        for y in 0..3i32 {
            for x in 0..3i32 {
                let from = best[y as usize][x as usize];
                if from == u32::MAX || (x, y) == (1, 1) {
                    continue;
                }
                for m in MOVES {
                    let (nx, ny) = (x + m.dx, y + m.dy);
                    if !(0..3).contains(&nx) || !(0..3).contains(&ny) || (nx, ny) == (1, 1) {
                        continue;
                    }
                    if !free(nx, ny) {
                        continue;
                    }
                    if m.is_diagonal() {
                        let walls = u8::from(!free(x + m.dx, y)) + u8::from(!free(x, y + m.dy));
                        if !rule.allows(walls) {
                            continue;
                        }
                    }
                    let to = &mut best[ny as usize][nx as usize];
                    *to = (*to).min(from + cost(m.dx, m.dy));
                }
            }
        }
    }
    let mut keep = 0;
    for (i, m) in MOVES.iter().enumerate() {
        if moves & 1 << i == 0 || (1 + m.dx, 1 + m.dy) == parent {
            continue;
        }
        let through = cost(a.dx, a.dy) + cost(m.dx, m.dy);
        let other = best[(1 + m.dy) as usize][(1 + m.dx) as usize];
        let pruned = if a.is_diagonal() {
            other < through
        } else {
            other <= through
        };
        if !pruned {
            keep |= 1 << i;
        }
    }
    keep
}

/// How a jump ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JumpEnd {
    /// A jump point `distance` moves away.
    Found {
        x: u32,
        y: u32,
        distance: u32,
        why: Why,
    },
    /// A wall, the edge or a corner the rule forbids after `distance` moves; nothing there.
    DeadEnd { distance: u32 },
}

/// Why a cell is a jump point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    Goal,
    /// It has forced neighbours (see [`Pruning::forced`]).
    Forced,
    /// A straight run from it finds the jump point or goal at (x, y): a diagonal (or, without
    /// diagonals, a vertical) run turns here.
    Turn {
        x: u32,
        y: u32,
    },
}

/// The map as bits for the jumps, and the pruning rule.
#[derive(Clone, Debug)]
pub struct Jumper {
    rule: Rule,
    pruning: Pruning,
    goal: (u32, u32),
    /// Words per bit line.
    row_words: usize,
    col_words: usize,
    /// Rows -1..=height, each `PAD` blocked bits, the row, then blocked bits; 1 = passable.
    rows: Vec<u64>,
    /// Columns -1..=width in the same way: the transpose, for vertical runs.
    cols: Vec<u64>,
}

/// Bits `pos..pos + 64` of a line, bit 0 first.
#[inline(always)]
fn window_ahead(line: &[u64], pos: usize) -> u64 {
    let (word, offset) = (pos / 64, pos % 64);
    if offset == 0 {
        line[word]
    } else {
        line[word] >> offset | line[word + 1] << (64 - offset)
    }
}

/// Bits `pos, pos - 1, .., pos - 63` of a line, bit 0 first.
#[inline(always)]
fn window_behind(line: &[u64], pos: usize) -> u64 {
    window_ahead(line, pos - 63).reverse_bits()
}

/// Turns three 3-bit pieces of the rows above, at and below a cell (bit 0 = the column to
/// its left) into a neighbour pattern (bit i = the cell at `MOVES[i]` is free).
const fn pattern_parts() -> [[u8; 8]; 3] {
    // Bit by column -1, 0, +1 for the row above, the cell's row and the row below.
    let moves = [[7, 0, 4], [3, 8, 1], [6, 2, 5]];
    let mut parts = [[0u8; 8]; 3];
    let mut row = 0;
    while row < 3 {
        let mut bits = 0;
        while bits < 8 {
            let mut column = 0;
            while column < 3 {
                let i = moves[row][column];
                if bits & 1 << column != 0 && i < 8 {
                    parts[row][bits] |= 1 << i;
                }
                column += 1;
            }
            bits += 1;
        }
        row += 1;
    }
    parts
}

const PATTERN_PARTS: [[u8; 8]; 3] = pattern_parts();

impl Jumper {
    pub fn new(grid: &Grid, rule: Rule) -> Jumper {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let row_words = (w + 2 * PAD).div_ceil(64) + 1;
        let col_words = (h + 2 * PAD).div_ceil(64) + 1;
        let mut rows = vec![0u64; (h + 2) * row_words];
        let mut cols = vec![0u64; (w + 2) * col_words];
        for (i, &t) in grid.terrain().iter().enumerate() {
            if t != 0 {
                let (x, y) = (i % w, i / w);
                let (rx, cy) = (x + PAD, y + PAD);
                rows[(y + 1) * row_words + rx / 64] |= 1 << (rx % 64);
                cols[(x + 1) * col_words + cy / 64] |= 1 << (cy % 64);
            }
        }
        Jumper {
            rule,
            pruning: Pruning::new(rule),
            goal: (0, 0),
            row_words,
            col_words,
            rows,
            cols,
        }
    }

    pub fn set_goal(&mut self, x: u32, y: u32) {
        self.goal = (x, y);
    }

    pub fn pruning(&self) -> &Pruning {
        &self.pruning
    }

    fn row(&self, y: i64) -> &[u64] {
        let start = (y + 1) as usize * self.row_words;
        &self.rows[start..start + self.row_words]
    }

    /// Which neighbours of (x, y) are free (bit i: the cell at `MOVES[i]`).
    #[inline(always)]
    pub fn pattern(&self, x: u32, y: u32) -> u8 {
        let pos = x as usize + PAD - 1;
        let (y, mut pattern) = (y as i64, 0);
        for (dy, parts) in PATTERN_PARTS.iter().enumerate() {
            let bits = window_ahead(self.row(y + dy as i64 - 1), pos) & 7;
            pattern |= parts[bits as usize];
        }
        pattern
    }

    /// The straight run from (x, y) by move `d` (0..4; without diagonals only east or west):
    /// how far it goes and how it ends.
    #[inline]
    pub fn run_straight(&self, x: u32, y: u32, d: usize) -> JumpEnd {
        let m = MOVES[d];
        let (gx, gy) = self.goal;
        let vertical = m.dx == 0;
        // The run's line, the lines beside it, where it starts and which way it goes.
        let (lines, words, line, pos, ahead, goal_distance) = if vertical {
            let goal_ahead = gx == x && (gy as i64 - y as i64) * m.dy as i64 > 0;
            (
                &self.cols,
                self.col_words,
                x as usize + 1,
                y as usize,
                m.dy > 0,
                { goal_ahead.then(|| gy.abs_diff(y)) },
            )
        } else {
            let goal_ahead = gy == y && (gx as i64 - x as i64) * m.dx as i64 > 0;
            (
                &self.rows,
                self.row_words,
                y as usize + 1,
                x as usize,
                m.dx > 0,
                { goal_ahead.then(|| gx.abs_diff(x)) },
            )
        };
        let line_at = |l: usize| &lines[l * words..(l + 1) * words];
        let (side_a, run, side_c) = (line_at(line - 1), line_at(line), line_at(line + 1));
        let mut base = 0u32;
        loop {
            let at = if ahead {
                pos + PAD + base as usize
            } else {
                pos + PAD - base as usize
            };
            let window = |l: &[u64]| {
                if ahead {
                    window_ahead(l, at)
                } else {
                    window_behind(l, at)
                }
            };
            let (a, b, c) = (window(side_a), window(run), window(side_c));
            let mut stop = (self.rule.forced_bits(a, b, c) | !b) & IN_WINDOW;
            if let Some(k) = goal_distance.and_then(|g| g.checked_sub(base)) {
                if (1..=WINDOW).contains(&k) {
                    stop |= 1 << k;
                }
            }
            if stop != 0 {
                let k = stop.trailing_zeros();
                let distance = base + k;
                let (ex, ey) = (
                    x.wrapping_add_signed(m.dx * distance as i32),
                    y.wrapping_add_signed(m.dy * distance as i32),
                );
                return if Some(distance) == goal_distance {
                    JumpEnd::Found {
                        x: ex,
                        y: ey,
                        distance,
                        why: Why::Goal,
                    }
                } else if b & 1 << k == 0 {
                    JumpEnd::DeadEnd {
                        distance: distance - 1,
                    }
                } else {
                    JumpEnd::Found {
                        x: ex,
                        y: ey,
                        distance,
                        why: Why::Forced,
                    }
                };
            }
            base += WINDOW;
        }
    }

    /// The jump from (x, y) by move `d`. `passed(x, y, d, n)` hears of every straight stretch
    /// of `n` cells passed over after (x, y) by move `d`, as the jump goes.
    #[inline]
    pub fn jump(
        &self,
        x: u32,
        y: u32,
        d: usize,
        passed: &mut impl FnMut(u32, u32, usize, u32),
    ) -> JumpEnd {
        let m = MOVES[d];
        let turns: [usize; 2] = if m.is_diagonal() {
            [
                move_index(m.dx, 0).expect("a straight move"),
                move_index(0, m.dy).expect("a straight move"),
            ]
        } else if self.rule == Rule::Straight && m.dx == 0 {
            [EAST, WEST]
        } else {
            let end = self.run_straight(x, y, d);
            let distance = match end {
                JumpEnd::Found { distance, .. } => distance - 1,
                JumpEnd::DeadEnd { distance } => distance,
            };
            passed(x, y, d, distance);
            return end;
        };
        // Cell by cell, with a straight run each way from every cell reached.
        let (mut cx, mut cy) = (x, y);
        let mut pattern = self.pattern(x, y);
        let mut distance = 0;
        loop {
            if self.pruning.legal(pattern) & 1 << d == 0 {
                return JumpEnd::DeadEnd { distance };
            }
            cx = cx.wrapping_add_signed(m.dx);
            cy = cy.wrapping_add_signed(m.dy);
            distance += 1;
            pattern = self.pattern(cx, cy);
            let found = |why| JumpEnd::Found {
                x: cx,
                y: cy,
                distance,
                why,
            };
            if (cx, cy) == self.goal {
                return found(Why::Goal);
            }
            if self.pruning.forced(d, pattern) != 0 {
                return found(Why::Forced);
            }
            for turn in turns {
                match self.run_straight(cx, cy, turn) {
                    JumpEnd::Found {
                        x: tx,
                        y: ty,
                        distance: n,
                        ..
                    } => {
                        passed(cx, cy, turn, n - 1);
                        return found(Why::Turn { x: tx, y: ty });
                    }
                    JumpEnd::DeadEnd { distance: n } => passed(cx, cy, turn, n),
                }
            }
            passed(
                cx.wrapping_add_signed(-m.dx),
                cy.wrapping_add_signed(-m.dy),
                d,
                1,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit test a straight run makes at each cell agrees with the pruning table: a cell
    /// stops the run exactly when it has forced neighbours, for every 3x3 block.
    #[test]
    fn straight_runs_stop_where_the_pruning_table_forces_a_neighbour() {
        for rule in [
            Rule::Always,
            Rule::AtMostOne,
            Rule::NoCorners,
            Rule::Straight,
        ] {
            let pruning = Pruning::new(rule);
            for pattern in 0..=255u8 {
                let free = |dx: i32, dy: i32| match move_index(dx, dy) {
                    Some(i) => u64::from(pattern >> i & 1),
                    None => 1,
                };
                let directions: &[usize] = match rule {
                    Rule::Straight => &[EAST, WEST],
                    _ => &[NORTH, EAST, SOUTH, WEST],
                };
                for &d in directions {
                    let m = MOVES[d];
                    // Bit k of a line: the cell k - 1 steps ahead of the cell tested (k = 1).
                    let line = |side: i32| {
                        (0..3).fold(0u64, |bits, k| {
                            let ahead = k - 1;
                            let (dx, dy) = if m.dy == 0 {
                                (ahead * m.dx, side * m.dx)
                            } else {
                                (-side * m.dy, ahead * m.dy)
                            };
                            bits | free(dx, dy) << k
                        })
                    };
                    let bits = rule.forced_bits(line(-1), line(0), line(1));
                    assert_eq!(
                        bits >> 1 & 1 == 1,
                        pruning.forced(d, pattern) != 0,
                        "{rule:?}, move {d}, pattern {pattern:08b}"
                    );
                }
            }
        }
    }
}
