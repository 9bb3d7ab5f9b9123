// The shape of the board's cells, in units of one cell's box (a cell is `size` device px
// wide): squares, or pointy-top hexes in axial coordinates, where hex (q, r) is column q of
// row r and row r is drawn half a hex right of row r - 1, the map a rhombus. A hex fills a
// box as wide and as tall as a square's, rows 3/4 of a box apart, so six hexes meet each
// one along its edges. The renderer draws, and the pointer finds cells, through these.

const HEX_PITCH = 0.75;

export const SQUARE = {
  hex: false,
  // The whole map's extent, in boxes.
  width: (cols) => cols,
  height: (cols, rows) => rows,
  // The top-left corner of cell (x, y)'s box, in boxes.
  left: (x) => x,
  top: (y) => y,
  // Adds the cell's outline, its box at (px, py) `size` wide, to the current path.
  outline(ctx, px, py, size) {
    ctx.rect(px, py, size, size);
  },
  // Where a cell's numbers go in its box: { x, y, w, h }.
  textBox: (px, py, inner) => ({ x: px, y: py, w: inner, h: inner }),
  // The cell at (fx, fy), in boxes from the map's top-left corner.
  at: (fx, fy) => ({ x: Math.floor(fx), y: Math.floor(fy) }),
  // A move of (dx, dy) cells as drawn.
  screen: (dx, dy) => ({ dx, dy }),
  // The cells a stroke from a to b paints, as runs the editor paints straight (its
  // paintLine): the whole line at once.
  strokes: (a, b) => [[a, b]],
};

export const HEX = {
  hex: true,
  width: (cols, rows) => cols + Math.max(0, rows - 1) / 2,
  height: (cols, rows) => HEX_PITCH * Math.max(0, rows - 1) + 1,
  left: (x, y) => x + y / 2,
  top: (y) => HEX_PITCH * y,
  outline(ctx, px, py, size) {
    const q = size / 4;
    ctx.moveTo(px + size / 2, py);
    ctx.lineTo(px + size, py + q);
    ctx.lineTo(px + size, py + 3 * q);
    ctx.lineTo(px + size / 2, py + size);
    ctx.lineTo(px, py + 3 * q);
    ctx.lineTo(px, py + q);
    ctx.closePath();
  },
  // The band between the slanted edges, where F, G and H fit whole.
  textBox: (px, py, inner) => ({ x: px + inner * 0.06, y: py + inner * 0.2, w: inner * 0.88, h: inner * 0.6 }),
  // The box's affine map of regular hexes, then cube rounding.
  at(fx, fy) {
    const r = (fy - 0.5) / HEX_PITCH;
    const q = fx - 0.5 - r / 2;
    const s = -q - r;
    let [rq, rr] = [Math.round(q), Math.round(r)];
    const rs = Math.round(s);
    const [eq, er, es] = [Math.abs(rq - q), Math.abs(rr - r), Math.abs(rs - s)];
    if (eq > er && eq > es) rq = -rr - rs;
    else if (er > es) rr = -rq - rs;
    // + 0: no -0 from rounding a small negative.
    return { x: rq + 0, y: rr + 0 };
  },
  screen: (dx, dy) => ({ dx: dx + dy / 2, dy: HEX_PITCH * dy }),
  // Hex by hex along the line between the centres, so a fast stroke leaves no gap a path
  // could slip through (the editor's straight line may step to a hex two moves away).
  strokes(a, b) {
    const [dq, dr] = [b.x - a.x, b.y - a.y];
    const n = (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
    const cells = [a];
    for (let i = 1; i <= n; i++) {
      const t = i / n;
      // Nudged off the edges the line may run along, to the same side each time.
      const q = a.x + dq * t + 1e-6;
      const r = a.y + dr * t + 1e-6;
      cells.push(this.at(q + r / 2 + 0.5, HEX_PITCH * r + 0.5));
    }
    return cells.slice(1).map((cell, i) => [cells[i], cell]);
  },
};

// The shape of cells under resolved options `{ topology }`.
export function cellShape(options) {
  return options?.topology === 'hex' ? HEX : SQUARE;
}
