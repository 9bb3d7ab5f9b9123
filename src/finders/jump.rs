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

use crate::geometry::grid::{Grid, WALL};
use crate::geometry::movement::{DiagonalRule, Movement, MOVES};

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
    /// One set of bit lines per straight direction, indexed by move (north, east, south,
    /// west): the rows for east, the columns for south, and both read backwards for west
    /// and north, so that every run reads its line forwards.
    lines: [Lines; 4],
}

/// Bit lines -1..=count (the outer two all blocked), each `PAD` blocked bits, the line's
/// cells in the order a run along it meets them, then blocked bits; 1 = passable.
#[derive(Clone, Debug, Default)]
struct Lines {
    /// Cells per line.
    len: u32,
    words: usize,
    bits: Vec<u64>,
}

impl Lines {
    /// `count` lines of `len` cells, all blocked.
    fn blocked(count: usize, len: usize) -> Lines {
        // One word more than the bits need: a window may read the word after its start.
        let words = (len + 2 * PAD).div_ceil(64) + 1;
        Lines {
            len: len as u32,
            words,
            bits: vec![0u64; (count + 2) * words],
        }
    }

    /// Marks the k-th cell of a line passable.
    #[inline(always)]
    fn set_free(&mut self, line: usize, k: usize) {
        let at = PAD + k;
        self.bits[(line + 1) * self.words + at / 64] |= 1 << (at % 64);
    }

    /// Line `line` (-1..=count) as a slice.
    #[inline(always)]
    fn line(&self, line: i64) -> &[u64] {
        let start = (line + 1) as usize * self.words;
        &self.bits[start..start + self.words]
    }
}

/// Bits `pos..pos + 64` of a line, bit 0 first (the line has a word after `pos`'s).
#[inline(always)]
fn window_ahead(line: &[u64], pos: usize) -> u64 {
    let (word, offset) = (pos / 64, pos % 64);
    // Shifting the next word twice keeps an offset of 0 from shifting it by 64.
    line[word] >> offset | (line[word + 1] << 1) << (63 - offset)
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

/// A jump point reached by [`Jumper::jump_through`]: `lead` moves by `lead_move`, the
/// jump's own direction, then `tail` moves by `turn` (the same direction, and no tail, when
/// the jump did not turn). `turn` is the move the jump point was entered by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reached {
    pub x: u32,
    pub y: u32,
    pub lead_move: usize,
    pub lead: u32,
    pub turn: usize,
    pub tail: u32,
}

impl Reached {
    /// A jump point reached `distance` moves straight on by move `d`, with no turn.
    fn ahead(x: u32, y: u32, d: usize, distance: u32) -> Reached {
        Reached {
            x,
            y,
            lead_move: d,
            lead: distance,
            turn: d,
            tail: 0,
        }
    }
}

impl Jumper {
    pub fn new(grid: &Grid, rule: Rule) -> Jumper {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let mut lines = [
            Lines::blocked(w, h),
            Lines::blocked(h, w),
            Lines::blocked(w, h),
            Lines::blocked(h, w),
        ];
        // One pass over the map in memory order: each line set is small enough to stay in
        // cache, where reading the map column by column for the vertical ones was not.
        for (y, row) in grid.terrain().chunks_exact(w).enumerate() {
            for (x, _) in row.iter().enumerate().filter(|&(_, &t)| t != WALL) {
                lines[NORTH].set_free(x, h - 1 - y);
                lines[EAST].set_free(y, x);
                lines[SOUTH].set_free(x, y);
                lines[WEST].set_free(y, w - 1 - x);
            }
        }
        Jumper {
            rule,
            pruning: Pruning::new(rule),
            goal: (0, 0),
            lines,
        }
    }

    /// A jumper over no map, standing in for one handed on to the next search.
    pub fn over_nothing() -> Jumper {
        Jumper {
            rule: Rule::Straight,
            pruning: Pruning {
                legal: [0; 256],
                successors: [[0; 256]; 8],
                natural: [0; 8],
            },
            goal: (0, 0),
            lines: Default::default(),
        }
    }

    /// Whether (x, y), on the map, is passable.
    #[cfg(not(target_arch = "wasm32"))]
    fn is_free(&self, x: u32, y: u32) -> bool {
        let row = self.lines[EAST].line(i64::from(y));
        window_ahead(row, PAD + x as usize) & 1 != 0
    }

    pub fn set_goal(&mut self, x: u32, y: u32) {
        self.goal = (x, y);
    }

    pub fn pruning(&self) -> &Pruning {
        &self.pruning
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Which neighbours of (x, y) are free (bit i: the cell at `MOVES[i]`).
    #[inline(always)]
    pub fn pattern(&self, x: u32, y: u32) -> u8 {
        let rows = &self.lines[EAST];
        let pos = x as usize + PAD - 1;
        let (y, mut pattern) = (y as i64, 0);
        for (dy, parts) in PATTERN_PARTS.iter().enumerate() {
            let bits = window_ahead(rows.line(y + dy as i64 - 1), pos) & 7;
            pattern |= parts[bits as usize];
        }
        pattern
    }

    /// The straight run from (x, y) by move `d` (0..4; without diagonals only east or west):
    /// how far it goes and how it ends. Called, not inlined: copies of it in every loop
    /// that runs straight were slower natively and 4 KiB more wasm.
    #[inline(never)]
    pub fn run_straight(&self, x: u32, y: u32, d: usize) -> JumpEnd {
        self.run_straight_inline(x, y, d)
    }

    /// [`Jumper::run_straight`] where the caller knows the direction, so that the choice
    /// of lines and of the goal's test is made when the code is compiled.
    #[inline(always)]
    fn run_straight_inline(&self, x: u32, y: u32, d: usize) -> JumpEnd {
        let m = MOVES[d];
        let (gx, gy) = self.goal;
        let lines = &self.lines[d];
        // The run's line, how far along it the run starts, and the goal's distance when
        // the goal lies ahead on it.
        let (line, k, goal_distance) = match d {
            NORTH => (
                x,
                self.lines[NORTH].len - 1 - y,
                (gx == x && gy < y).then(|| y - gy),
            ),
            EAST => (y, x, (gy == y && gx > x).then(|| gx - x)),
            SOUTH => (x, y, (gx == x && gy > y).then(|| gy - y)),
            _ => (
                y,
                self.lines[WEST].len - 1 - x,
                (gy == y && gx < x).then(|| x - gx),
            ),
        };
        let line = i64::from(line);
        let (side_a, run, side_c) = (lines.line(line - 1), lines.line(line), lines.line(line + 1));
        let start = k as usize + PAD;
        let mut base = 0u32;
        loop {
            let at = start + base as usize;
            let (a, b, c) = (
                window_ahead(side_a, at),
                window_ahead(run, at),
                window_ahead(side_c, at),
            );
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

    /// The straight runs a jump by move `d` makes from every cell it reaches: both sides of
    /// a diagonal, east and west of a vertical jump without diagonals; `None` for a jump
    /// that is one straight run.
    fn turns(&self, d: usize) -> Option<[usize; 2]> {
        let m = MOVES[d];
        if m.is_diagonal() {
            Some([
                move_index(m.dx, 0).expect("a straight move"),
                move_index(0, m.dy).expect("a straight move"),
            ])
        } else if self.rule == Rule::Straight && m.dx == 0 {
            Some([EAST, WEST])
        } else {
            None
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
        let Some(turns) = self.turns(d) else {
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

impl Jumper {
    /// The jump from (x, y) by move `d` as the run to the end makes it, with the
    /// intermediate jump points of Harabor and Grastien (2014) pruned: where a diagonal (or,
    /// without diagonals, a vertical) jump would stop because a straight run from the cell
    /// finds a jump point, it reports that jump point (reached by a turn) and goes on, as
    /// expanding the cell at once would; such a cell has no forced neighbours, so its
    /// successors are exactly the jump's two turns and its continuation. `reach` hears of
    /// every jump point found; returns how many cells the jump passed over.
    ///
    /// Natively, each direction of the commonest jumps gets code of its own, with the run's
    /// line and the cell's next neighbour fixed when it is compiled: this took a sixth off
    /// the time of a search to the end on mazes and a tenth on rooms. The page never runs a
    /// search to the end (it steps, to show each jump), so its wasm keeps one copy of each
    /// jump: the copies per direction would be 14 KiB of it.
    #[inline]
    pub fn jump_through(&self, x: u32, y: u32, d: usize, reach: &mut impl FnMut(Reached)) -> u32 {
        let Some(turns) = self.turns(d) else {
            #[cfg(target_arch = "wasm32")]
            let end = self.run_straight(x, y, d);
            #[cfg(not(target_arch = "wasm32"))]
            let end = match d {
                NORTH => self.run_straight_inline(x, y, NORTH),
                EAST => self.run_straight_inline(x, y, EAST),
                SOUTH => self.run_straight_inline(x, y, SOUTH),
                _ => self.run_straight_inline(x, y, WEST),
            };
            return match end {
                JumpEnd::Found { x, y, distance, .. } => {
                    reach(Reached::ahead(x, y, d, distance));
                    distance - 1
                }
                JumpEnd::DeadEnd { distance } => distance,
            };
        };
        #[cfg(not(target_arch = "wasm32"))]
        if self.rule == Rule::NoCorners {
            // Only diagonal jumps turn when diagonals are allowed.
            return match d {
                4 => self.diagonal_without_corners::<4>(x, y, reach),
                5 => self.diagonal_without_corners::<5>(x, y, reach),
                6 => self.diagonal_without_corners::<6>(x, y, reach),
                _ => self.diagonal_without_corners::<7>(x, y, reach),
            };
        }
        self.turning_jump_through(x, y, d, turns, reach)
    }

    /// [`Jumper::jump_through`] for a jump that makes the straight runs `turns` from every
    /// cell it reaches.
    fn turning_jump_through(
        &self,
        x: u32,
        y: u32,
        d: usize,
        turns: [usize; 2],
        reach: &mut impl FnMut(Reached),
    ) -> u32 {
        let m = MOVES[d];
        let (mut cx, mut cy) = (x, y);
        let mut pattern = self.pattern(x, y);
        let (mut distance, mut scanned) = (0, 0);
        loop {
            if self.pruning.legal(pattern) & 1 << d == 0 {
                return scanned;
            }
            cx = cx.wrapping_add_signed(m.dx);
            cy = cy.wrapping_add_signed(m.dy);
            distance += 1;
            pattern = self.pattern(cx, cy);
            if (cx, cy) == self.goal || self.pruning.forced(d, pattern) != 0 {
                reach(Reached::ahead(cx, cy, d, distance));
                return scanned;
            }
            scanned += 1;
            for turn in turns {
                let end = self.run_straight(cx, cy, turn);
                scanned += report_turn(d, distance, turn, end, reach);
            }
        }
    }

    /// [`Jumper::jump_through`] for diagonal move `D` without corner cutting, where no cell
    /// has forced neighbours for a diagonal arrival: the two straight runs from each cell
    /// also tell whether the cells beside the next diagonal move are free, so the pattern
    /// of neighbours is read only at the start.
    #[cfg(not(target_arch = "wasm32"))]
    fn diagonal_without_corners<const D: usize>(
        &self,
        x: u32,
        y: u32,
        reach: &mut impl FnMut(Reached),
    ) -> u32 {
        let m = MOVES[D];
        let sideways = if m.dx > 0 { EAST } else { WEST };
        let upright = if m.dy > 0 { SOUTH } else { NORTH };
        let (mut cx, mut cy) = (x, y);
        let (mut distance, mut scanned) = (0, 0);
        let mut open = self.pruning.legal(self.pattern(x, y)) & 1 << D != 0;
        while open {
            cx = cx.wrapping_add_signed(m.dx);
            cy = cy.wrapping_add_signed(m.dy);
            distance += 1;
            if (cx, cy) == self.goal {
                reach(Reached::ahead(cx, cy, D, distance));
                return scanned;
            }
            scanned += 1;
            let across = self.run_straight_inline(cx, cy, sideways);
            let up = self.run_straight_inline(cx, cy, upright);
            let blocked = |end| matches!(end, JumpEnd::DeadEnd { distance: 0 });
            // With both cells beside the next move free, the cell it lands on is on the map.
            open = !blocked(across)
                && !blocked(up)
                && self.is_free(cx.wrapping_add_signed(m.dx), cy.wrapping_add_signed(m.dy));
            scanned += report_turn(D, distance, sideways, across, reach);
            scanned += report_turn(D, distance, upright, up, reach);
        }
        scanned
    }
}

/// Reports the jump point that `end`, a turn by move `turn` from the cell `distance` moves
/// along a jump by move `d`, found, if any; returns the cells the turn passed over.
#[inline(always)]
fn report_turn(
    d: usize,
    distance: u32,
    turn: usize,
    end: JumpEnd,
    reach: &mut impl FnMut(Reached),
) -> u32 {
    match end {
        JumpEnd::Found {
            x, y, distance: n, ..
        } => {
            reach(Reached {
                x,
                y,
                lead_move: d,
                lead: distance,
                turn,
                tail: n,
            });
            n - 1
        }
        JumpEnd::DeadEnd { distance: n } => n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Which neighbours of (x, y) are free, read cell by cell from the map.
    fn pattern_of(grid: &Grid, x: u32, y: u32) -> u8 {
        let mut pattern = 0;
        for (i, m) in MOVES.iter().enumerate() {
            let (nx, ny) = (
                i64::from(x) + i64::from(m.dx),
                i64::from(y) + i64::from(m.dy),
            );
            if grid.index_of(nx, ny).is_ok_and(|c| grid.is_passable_at(c)) {
                pattern |= 1 << i;
            }
        }
        pattern
    }

    /// A straight run taken one cell at a time: the definition the bit windows must meet.
    fn run_cell_by_cell(
        grid: &Grid,
        pruning: &Pruning,
        goal: (u32, u32),
        x: u32,
        y: u32,
        d: usize,
    ) -> JumpEnd {
        let m = MOVES[d];
        let mut distance = 0;
        loop {
            let (nx, ny) = (
                i64::from(x) + i64::from(m.dx) * i64::from(distance + 1),
                i64::from(y) + i64::from(m.dy) * i64::from(distance + 1),
            );
            if !grid.index_of(nx, ny).is_ok_and(|c| grid.is_passable_at(c)) {
                return JumpEnd::DeadEnd { distance };
            }
            distance += 1;
            let (nx, ny) = (nx as u32, ny as u32);
            let found = |why| JumpEnd::Found {
                x: nx,
                y: ny,
                distance,
                why,
            };
            if (nx, ny) == goal {
                return found(Why::Goal);
            }
            if pruning.forced(d, pattern_of(grid, nx, ny)) != 0 {
                return found(Why::Forced);
            }
        }
    }

    /// A xorshift generator: the same numbers on every run.
    fn random_numbers(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    const RULES: [Rule; 4] = [
        Rule::Always,
        Rule::AtMostOne,
        Rule::NoCorners,
        Rule::Straight,
    ];

    /// Block jumps (62 cells a window, on rows, columns and both read backwards) stop
    /// exactly where cell-by-cell jumps do, from every cell in every straight direction of
    /// every rule, on random maps of many shapes and densities, with the goal anywhere.
    #[test]
    fn block_jumps_match_cell_by_cell_jumps_on_random_maps() {
        let mut random = random_numbers(0x2545_f491_4f6c_dd1du64);
        for (w, h) in [
            (1, 1),
            (3, 200),
            (200, 3),
            (63, 65),
            (64, 64),
            (130, 7),
            (7, 129),
        ] {
            for density in [0, 10, 35, 60] {
                let mut terrain: Vec<u8> = (0..w * h)
                    .map(|_| u8::from(random() % 100 >= density))
                    .collect();
                // The goal is always on a passable cell.
                let goal = (
                    (random() % u64::from(w)) as u32,
                    (random() % u64::from(h)) as u32,
                );
                terrain[(goal.1 * w + goal.0) as usize] = 1;
                let grid = Grid::from_terrain(w, h, terrain).expect("a grid");
                for rule in RULES {
                    let mut jumper = Jumper::new(&grid, rule);
                    jumper.set_goal(goal.0, goal.1);
                    let directions: &[usize] = match rule {
                        Rule::Straight => &[EAST, WEST],
                        _ => &[NORTH, EAST, SOUTH, WEST],
                    };
                    for y in 0..h {
                        for x in 0..w {
                            assert_eq!(jumper.pattern(x, y), pattern_of(&grid, x, y), "({x},{y})");
                            for &d in directions {
                                assert_eq!(
                                    jumper.run_straight(x, y, d),
                                    run_cell_by_cell(&grid, &jumper.pruning, goal, x, y, d),
                                    "{rule:?} {w}x{h} density {density}: from ({x},{y}) by move {d}, goal {goal:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// The run to the end's jump taken one cell at a time from the map itself, with both
    /// turns from every cell: the definition [`Jumper::jump_through`] must meet.
    fn jump_through_cell_by_cell(
        grid: &Grid,
        jumper: &Jumper,
        (x, y): (u32, u32),
        d: usize,
    ) -> (u32, Vec<Reached>) {
        let (pruning, goal) = (&jumper.pruning, jumper.goal);
        let mut reached = Vec::new();
        let Some(turns) = jumper.turns(d) else {
            let end = run_cell_by_cell(grid, pruning, goal, x, y, d);
            return match end {
                JumpEnd::Found { x, y, distance, .. } => {
                    reached.push(Reached::ahead(x, y, d, distance));
                    (distance - 1, reached)
                }
                JumpEnd::DeadEnd { distance } => (distance, reached),
            };
        };
        let m = MOVES[d];
        let (mut cx, mut cy, mut distance, mut scanned) = (x, y, 0, 0);
        while pruning.legal(pattern_of(grid, cx, cy)) & 1 << d != 0 {
            cx = cx.wrapping_add_signed(m.dx);
            cy = cy.wrapping_add_signed(m.dy);
            distance += 1;
            if (cx, cy) == goal || pruning.forced(d, pattern_of(grid, cx, cy)) != 0 {
                reached.push(Reached::ahead(cx, cy, d, distance));
                break;
            }
            scanned += 1;
            for turn in turns {
                match run_cell_by_cell(grid, pruning, goal, cx, cy, turn) {
                    JumpEnd::Found {
                        x, y, distance: n, ..
                    } => {
                        scanned += n - 1;
                        reached.push(Reached {
                            x,
                            y,
                            lead_move: d,
                            lead: distance,
                            turn,
                            tail: n,
                        });
                    }
                    JumpEnd::DeadEnd { distance: n } => scanned += n,
                }
            }
        }
        (scanned, reached)
    }

    /// The run to the end's jumps, with the code of their own that some directions and
    /// rules get, find the same jump points in the same order and scan as many cells as
    /// jumps made cell by cell: from every cell by every move of every rule, on random
    /// maps of many shapes and densities, with the goal anywhere.
    #[test]
    fn run_to_the_end_jumps_match_cell_by_cell_jumps_on_random_maps() {
        let mut random = random_numbers(0x9e37_79b9_7f4a_7c15u64);
        for (w, h) in [(1, 1), (2, 70), (70, 2), (63, 65), (66, 40)] {
            for density in [0, 8, 30, 55] {
                let terrain: Vec<u8> = (0..w * h)
                    .map(|_| u8::from(random() % 100 >= density))
                    .collect();
                let grid = Grid::from_terrain(w, h, terrain).expect("a grid");
                for rule in RULES {
                    let mut jumper = Jumper::new(&grid, rule);
                    let moves = if rule == Rule::Straight { 4 } else { 8 };
                    // Three goals, each on a passable cell, as a search's goal always is.
                    let goals = std::iter::repeat_with(|| {
                        (
                            (random() % u64::from(w)) as u32,
                            (random() % u64::from(h)) as u32,
                        )
                    })
                    .take(1000)
                    .filter(|&(x, y)| grid.is_passable_at((y * w + x) as usize))
                    .take(3)
                    .collect::<Vec<_>>();
                    for goal in goals {
                        jumper.set_goal(goal.0, goal.1);
                        for y in 0..h {
                            for x in 0..w {
                                if pattern_of(&grid, x, y) == 0 && (w, h) != (1, 1) {
                                    continue;
                                }
                                for d in 0..moves {
                                    let mut reached = Vec::new();
                                    let scanned =
                                        jumper.jump_through(x, y, d, &mut |r| reached.push(r));
                                    assert_eq!(
                                        (scanned, reached),
                                        jump_through_cell_by_cell(&grid, &jumper, (x, y), d),
                                        "{rule:?} {w}x{h} density {density}: from ({x},{y}) by move {d}, goal {goal:?}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The bit test a straight run makes at each cell agrees with the pruning table: a cell
    /// stops the run exactly when it has forced neighbours, for every 3x3 block.
    #[test]
    fn straight_runs_stop_where_the_pruning_table_forces_a_neighbour() {
        for rule in RULES {
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
