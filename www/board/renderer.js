import { PALETTE, terrainShade, hexToRgb, mixRgb, rgbToCss, isDark } from './palette.js';
import { formatValue, formatFinite, formatKey } from '../i18n/format.js';
import { SQUARE } from './cellshape.js';

// Cells never grow past this (CSS px): a 3x3 map stays a picture, not a wall of colour.
const MAX_CELL_CSS = 120;
// F, G and H are drawn, at full contrast, in every cell that can hold two rows of digits at
// least DIGIT_MIN_FONT_CSS tall (the G and H row) side by side; in smaller cells they would be
// smudges, so there are none. Parent arrows fade out over ARROW_FADE (CSS px).
const DIGIT_MIN_FONT_CSS = 11;
const LABEL_MIN_CELL_CSS = 30;
const ARROW_FADE = [12, 20];
const DIGIT_MIN_CSS = 14;
// Below this size start and goal also get a marker larger than their cell on the overlay,
// so they can be found (and grabbed) on a 512x512 map.
const ENDPOINT_MARKER_BELOW_CSS = 18;
// How much the fog hides of the cells under it.
const FOG_ALPHA = 0.55;

const CURRENT = 1;
const TOUCHED = 2;
const START = 4;
const GOAL = 8;
const DRAW_CURRENT_STATE = 3;

const MARK_STYLES = {
  expanding: { colour: PALETTE.current },
  considered: { colour: PALETTE.path },
  asked: { colour: PALETTE.path, dashed: true },
  picked: { colour: PALETTE.next, dashed: true },
  // A cell a lesson's scene points at.
  lesson: { colour: PALETTE.lessonMark },
};

const FONT_FAMILY = 'system-ui, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif';

// A cell's numbers, named as the catalogue's `cellValues` name them, as written in it: G and
// rhs are ∞ where infinite; a key [k1; k2] only while the cell is queued (k1 from F's array,
// where LPA* and D* Lite put it; k2 = min(g, rhs)).
const CELL_VALUES = {
  f: (view, i) => formatValue(view.f[i] / view.priorityScale),
  g: (view, i) => formatFinite(view.g[i] / view.costScale),
  h: (view, i) => formatValue(view.h[i] / view.costScale),
  rhs: (view, i) => formatFinite(view.rhs[i] / view.costScale),
  key: (view, i) => ((view.records[i] & view.layout.stateMask) === OPEN_STATE
    ? formatKey([view.f[i] / view.priorityScale, Math.min(view.g[i], view.rhs[i]) / view.costScale])
    : ''),
};
// `record & stateMask` of a queued cell (see recordLayout).
const OPEN_STATE = 1;

// The texts of a cell's numbers in their places (top left, bottom left, bottom right).
function cellTexts(view, i) {
  return (view.cellValues ?? ['f', 'g', 'h']).map((name) => CELL_VALUES[name]?.(view, i) ?? '?');
}

// Whether a cell has numbers to show: a finite G, or rhs where cells keep one.
function reached(view, i) {
  return Number.isFinite(view.g[i]) || (view.rhs !== null && view.rhs !== undefined && Number.isFinite(view.rhs[i]));
}

function fade(size, [low, high]) {
  return Math.min(1, Math.max(0, (size - low) / (high - low)));
}

// Fill colour and text colour for every (state, terrain) pair, computed once.
function buildFills() {
  const bases = [PALETTE.ground, PALETTE.open, PALETTE.closed, PALETTE.current].map(hexToRgb);
  const brown = hexToRgb(PALETTE.terrain);
  const wall = hexToRgb(PALETTE.wall);
  const fills = [];
  for (let state = 0; state < bases.length; state++) {
    for (let terrain = 0; terrain <= 9; terrain++) {
      // Visited cells take less of the terrain tint, so open and closed stay apart on heavy
      // ground (the ×N tag still names the weight).
      const shade = terrainShade(terrain) * (state === 0 ? 1 : 0.6);
      const rgb = terrain === 0 ? wall : mixRgb(bases[state], brown, shade);
      fills.push({ fill: rgbToCss(rgb), text: isDark(rgb) ? PALETTE.textOnDark : PALETTE.text });
    }
  }
  return fills;
}

// The records, terrain and marks of a frame view as 32-bit words, or null when one does not
// start on a word's boundary.
function wordsOf({ records, terrain, finderMarks }) {
  const arrays = [records, terrain, finderMarks];
  if (arrays.some((array) => array && array.byteOffset % 4)) return null;
  return arrays.map((array) => array && new Uint32Array(array.buffer, array.byteOffset, array.byteLength >> 2));
}

// Where a cell's parent lies, as (dx, dy): any-angle finders keep the parent cell itself,
// the others the move from it in the record.
function towardParent(view, i, record) {
  if (view.parents) {
    const p = view.parents[i];
    return { dx: (p % view.width) - (i % view.width), dy: Math.floor(p / view.width) - Math.floor(i / view.width) };
  }
  const move = view.moves[(record >> view.layout.parentMoveShift) & view.layout.parentMoveMask];
  return { dx: -move.dx, dy: -move.dy };
}

// Draws the grid on two stacked canvases. The bottom one is updated cell by cell: each frame
// only the cells whose drawn content changed are repainted (a 512x512 search touches a few
// hundred cells per frame, not 262,144). The top one holds what spans cells (the path line,
// markers, hover) and is cheap to redraw whole.
export class GridRenderer {
  constructor(gridCanvas, overlayCanvas) {
    this.gridCanvas = gridCanvas;
    this.overlayCanvas = overlayCanvas;
    this.ctx = gridCanvas.getContext('2d', { alpha: false });
    this.overlay = overlayCanvas.getContext('2d');
    this.fills = buildFills();
    this.cols = 0;
    this.rows = 0;
    this.cell = 0;
    this.dpr = 1;
    this.flagged = [];
    this.shape = SQUARE;
  }

  // Squares or hexes (see cellshape.js); the next fit() lays the map out anew.
  setShape(shape) {
    if (shape === this.shape) return;
    this.shape = shape;
    this.cell = 0;
  }

  // The map's extent in device px.
  get fullWidth() {
    return this.cell * this.shape.width(this.cols, this.rows);
  }

  get fullHeight() {
    return this.cell * this.shape.height(this.cols, this.rows);
  }

  // The top-left corner of cell (x, y)'s box in device px of the whole map.
  boxX(x, y) {
    return this.shape.left(x, y) * this.cell;
  }

  boxY(y) {
    return this.shape.top(y) * this.cell;
  }

  // Adds cell (x, y)'s outline, `size` device px wide, to ctx's path.
  outline(ctx, x, y, size, inset = 0) {
    this.shape.outline(ctx, this.boxX(x, y) + inset, this.boxY(y) + inset, size);
  }

  // Sizes the canvases for a cols x rows grid shown in a box of boxWidth x boxHeight CSS px,
  // zoom times larger than the size that fits. Cells are a whole number of device pixels, so
  // edges stay crisp on high-DPI screens. The canvases cover only the part of the grid in
  // the box (the viewport; see setOrigin), so a zoomed 512x512 map costs no more to draw
  // than one that fits. Returns whether anything changed.
  fit(cols, rows, boxWidth, boxHeight, dpr, zoom = 1) {
    const fitted = Math.min(MAX_CELL_CSS, boxWidth / this.shape.width(cols, rows), boxHeight / this.shape.height(cols, rows));
    const cellCss = Math.min(MAX_CELL_CSS, fitted * zoom);
    const cell = Math.max(1, Math.floor(cellCss * dpr));
    // Below one device pixel per cell the picture is scaled down to fit instead.
    const shrink = Math.min(1, (cellCss * dpr) / cell);
    // The viewport: as much of the grid as the box shows (all of it when it fits).
    const viewWidth = Math.min(Math.ceil(cell * this.shape.width(cols, rows)), Math.ceil((boxWidth * dpr) / shrink));
    const viewHeight = Math.min(Math.ceil(cell * this.shape.height(cols, rows)), Math.ceil((boxHeight * dpr) / shrink));
    this.zoomLimited = fitted * zoom >= MAX_CELL_CSS;
    if (cell === this.cell && cols === this.cols && rows === this.rows && dpr === this.dpr &&
        shrink === this.shrink && viewWidth === this.viewWidth && viewHeight === this.viewHeight) {
      return false;
    }
    this.shrink = shrink;
    this.cols = cols;
    this.rows = rows;
    this.cell = cell;
    this.dpr = dpr;
    this.viewWidth = viewWidth;
    this.viewHeight = viewHeight;
    this.originX = 0;
    this.originY = 0;
    const size = cell / dpr;
    // A hex holds its numbers in a band 0.6 of its height: it needs a larger cell for the
    // same readable digits.
    this.labelsShown = size >= LABEL_MIN_CELL_CSS * (this.shape.hex ? 1.5 : 1);
    // G and H in 26% of the cell, F in 31%, never under the readable minimum: digits grow
    // with the cell, so a projector's larger cells are read from further away.
    // A hex's band for numbers is 0.6 of its box tall: smaller digits.
    const band = this.shape.hex ? 0.8 : 1;
    this.smallFont = Math.max(DIGIT_MIN_FONT_CSS * dpr, cell * 0.26 * band);
    this.largeFont = Math.max((DIGIT_MIN_FONT_CSS + 1) * dpr, cell * 0.31 * band);
    this.arrowAlpha = fade(size, ARROW_FADE);
    this.showDigits = size >= DIGIT_MIN_CSS;
    this.bigEndpointMarkers = size < ENDPOINT_MARKER_BELOW_CSS;
    this.gridLine = size >= 6 ? Math.max(1, Math.round(dpr)) : 0;
    for (const canvas of [this.gridCanvas, this.overlayCanvas]) {
      canvas.width = viewWidth;
      canvas.height = viewHeight;
      canvas.style.width = `${(viewWidth * shrink) / dpr}px`;
      canvas.style.height = `${(viewHeight * shrink) / dpr}px`;
    }
    this.allocate(cols * rows);
    this.clearOutside();
    this.showOrigin();
    return true;
  }

  // The whole grid's size in CSS px, of which the canvases show a viewport.
  get fullCssWidth() {
    return (this.fullWidth * this.shrink) / this.dpr;
  }

  get fullCssHeight() {
    return (this.fullHeight * this.shrink) / this.dpr;
  }

  // Moves the viewport to scrollLeft, scrollTop (CSS px into the whole grid); everything in
  // it is drawn afresh.
  setOrigin(scrollLeft, scrollTop) {
    const x = Math.max(0, Math.min(Math.ceil(this.fullWidth) - this.viewWidth, Math.round(scrollLeft * this.dpr)));
    const y = Math.max(0, Math.min(Math.ceil(this.fullHeight) - this.viewHeight, Math.round(scrollTop * this.dpr)));
    if (x === this.originX && y === this.originY) return;
    this.originX = x;
    this.originY = y;
    this.redrawAll();
    this.clearOutside();
    this.showOrigin();
  }

  // The next frame draws every cell on show, and looks at each to know it.
  redrawAll() {
    this.prevSig.fill(-1);
    this.drawnWords = null;
  }

  // Where the viewport is, in device px, for anything that reads the canvas back.
  showOrigin() {
    const data = this.gridCanvas.dataset;
    data.cell = String(this.cell);
    data.originX = String(this.originX);
    data.originY = String(this.originY);
    // The size of the G and H digits, and of F, in CSS px, 0 when cells show no numbers.
    // As drawn: whole device pixels.
    data.digitFont = this.labelsShown ? String(Math.round(this.smallFont) / this.dpr) : '0';
    data.fFont = this.labelsShown ? String(Math.round(this.largeFont) / this.dpr) : '0';
  }

  // Hexes leave the corners of the canvas bare: painted once, as cells are drawn over it.
  clearOutside() {
    if (!this.shape.hex) return;
    this.ctx.fillStyle = PALETTE.outside;
    this.ctx.fillRect(0, 0, this.gridCanvas.width, this.gridCanvas.height);
  }

  allocate(count) {
    this.prevSig = new Float64Array(count).fill(-1);
    this.drawnWords = null;
    this.prevG = new Float64Array(count);
    this.prevRhs = new Float64Array(count);
    this.flags = new Uint8Array(count);
    this.flagged = [];
  }

  get cellCssSize() {
    return this.cell / this.dpr;
  }

  get labelsVisible() {
    return this.labelsShown;
  }

  // The cell under a pointer, or null off the grid; with clamp, the nearest cell instead
  // (a drag that leaves the grid keeps painting along its edge).
  // Where cell (x, y) is on the screen: { left, top, right, bottom } in client px.
  cellClientRect(x, y) {
    const rect = this.gridCanvas.getBoundingClientRect();
    const scaleX = rect.width / this.viewWidth;
    const scaleY = rect.height / this.viewHeight;
    const left = rect.left + (this.boxX(x, y) - this.originX) * scaleX;
    const top = rect.top + (this.boxY(y) - this.originY) * scaleY;
    return { left, top, right: left + this.cell * scaleX, bottom: top + this.cell * scaleY };
  }

  cellFromPoint(clientX, clientY, clamp = false) {
    const rect = this.gridCanvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const deviceX = ((clientX - rect.left) / rect.width) * this.viewWidth + this.originX;
    const deviceY = ((clientY - rect.top) / rect.height) * this.viewHeight + this.originY;
    let { x, y } = this.shape.at(deviceX / this.cell, deviceY / this.cell);
    const inside = x >= 0 && y >= 0 && x < this.cols && y < this.rows;
    if (!inside && !clamp) return null;
    x = Math.min(this.cols - 1, Math.max(0, x));
    y = Math.min(this.rows - 1, Math.max(0, y));
    return { x, y };
  }

  // The cells in the viewport: { x0, y0, x1, y1 }, ends excluded.
  visibleCells() {
    const { cols, rows, cell } = this;
    if (this.shape.hex) {
      // Rows overlap and shift: every hex whose box meets the viewport, and a few more.
      const y0 = Math.max(0, Math.floor(this.originY / (0.75 * cell)) - 1);
      const y1 = Math.min(rows, Math.ceil((this.originY + this.viewHeight) / (0.75 * cell)) + 1);
      return {
        x0: Math.max(0, Math.floor(this.originX / cell - y1 / 2) - 1),
        y0,
        x1: Math.min(cols, Math.ceil((this.originX + this.viewWidth) / cell - y0 / 2) + 1),
        y1,
      };
    }
    return {
      x0: Math.floor(this.originX / cell),
      y0: Math.floor(this.originY / cell),
      x1: Math.min(cols, Math.ceil((this.originX + this.viewWidth) / cell)),
      y1: Math.min(rows, Math.ceil((this.originY + this.viewHeight) / cell)),
    };
  }

  // The cells whose F, G and H are on show, or null when cells are too small for numbers.
  labelCells() {
    return this.labelsVisible ? this.visibleCells() : null;
  }

  // view: { width, height, terrain, records, g, h, f, layout, generation, start, goal,
  // current, touched, path, next, hover, cursor }, where the arrays are views on wasm memory
  // for this frame (h and f only for labelCells()) and layout says how to read a record.
  render(view) {
    // A new search (another goal, say) changes H without touching records or G: numbers on
    // show are then redrawn, which with cells large enough for numbers is a screenful.
    if (this.labelsVisible && view.generation !== this.drawnGeneration) this.redrawAll();
    this.drawnGeneration = view.generation;
    const wasFlagged = this.flagged;
    this.markFlags(view);
    // Without arrows or numbers a cell's look is its signature alone, and the cells whose
    // record, terrain and marks are as drawn are skipped four at a time (two of marks): a
    // step of a 2048x2048 map on show changes a few cells of four million.
    const words = this.arrowAlpha > 0 ? null : wordsOf(view);
    const area = this.visibleCells();
    const drawn = this.drawnWords;
    if (words && drawn && words.every((word, k) => word?.length === drawn[k]?.length)) {
      this.drawChanged(view, area, words, wasFlagged);
    } else {
      this.drawArea(view, area);
      // What the next frame's words are compared with.
      this.drawnWords = words && words.map((word) => word?.slice());
    }
    this.drawOverlay(view);
  }

  // Looks at every cell on show and draws those whose look changed.
  drawArea(view, { x0, y0, x1, y1 }) {
    const { g } = view;
    const detailed = this.arrowAlpha > 0;
    const { prevSig, prevG, prevRhs, cols } = this;
    const rhs = view.rhs ?? null;
    for (let y = y0; y < y1; y++) {
      for (let x = x0, i = y * cols + x0; x < x1; x++, i++) {
        const sig = this.signature(view, i);
        const changed = sig !== prevSig[i] || (detailed && (g[i] !== prevG[i] || (rhs !== null && rhs[i] !== prevRhs[i])));
        if (!changed) continue;
        prevSig[i] = sig;
        prevG[i] = g[i];
        if (rhs !== null) prevRhs[i] = rhs[i];
        this.drawCell(x, y, i, view);
      }
    }
  }

  // Looks only at the cells on show in words that changed since drawn, at the last cells
  // of the map (past the last whole word), and at those flagged before or now.
  drawChanged(view, { x0, y0, x1, y1 }, words, wasFlagged) {
    const { cols, prevSig } = this;
    const count = this.cols * this.rows;
    const look = (i) => {
      const x = i % cols;
      const y = (i - x) / cols;
      if (i >= count || x < x0 || x >= x1 || y < y0 || y >= y1) return;
      const sig = this.signature(view, i);
      if (sig === prevSig[i]) return;
      prevSig[i] = sig;
      this.drawCell(x, y, i, view);
    };
    // Records and terrain: four cells a word; marks: two.
    words.forEach((word, k) => {
      if (!word) return;
      const drawn = this.drawnWords[k];
      const cells = k === 2 ? 2 : 4;
      const last = Math.min(word.length, Math.ceil((y1 * cols) / cells));
      for (let w = Math.floor((y0 * cols) / cells); w < last; w++) {
        if (word[w] === drawn[w]) continue;
        drawn[w] = word[w];
        for (let i = w * cells; i < (w + 1) * cells; i++) look(i);
      }
    });
    for (let i = (count >> 2) << 2; i < count; i++) look(i);
    for (const i of wasFlagged) look(i);
    for (const i of this.flagged) look(i);
  }

  // What a cell shows when it has no arrow or numbers: its terrain, record (state and
  // parent), flags and marks; within one search H and F change only with G. Marks are 16
  // bits, past what a 32-bit int holds beside the rest: added, not shifted.
  signature({ terrain, records, finderMarks }, i) {
    return (terrain[i] | (records[i] << 4) | (this.flags[i] << 12)) + (finderMarks ? finderMarks[i] * 2 ** 20 : 0);
  }

  markFlags(view) {
    const { flags, cols } = this;
    for (const i of this.flagged) flags[i] = 0;
    const flagged = [];
    const mark = (p, bit) => {
      if (!p) return;
      const i = p.y * cols + p.x;
      flags[i] |= bit;
      flagged.push(i);
    };
    mark(view.current, CURRENT);
    for (const p of view.touched) mark(p, TOUCHED);
    mark(view.start, START);
    mark(view.goal, GOAL);
    this.flagged = flagged;
  }

  drawCell(x, y, i, view) {
    const ctx = this.ctx;
    const c = this.cell;
    const px = this.boxX(x, y) - this.originX;
    const py = this.boxY(y) - this.originY;
    const inner = c - this.gridLine;
    const hex = this.shape.hex;
    if (this.gridLine || hex) {
      ctx.fillStyle = PALETTE.gridLine;
      ctx.beginPath();
      this.shape.outline(ctx, px, py, c);
      ctx.fill();
    }
    const terrain = view.terrain[i];
    const flag = this.flags[i];
    const record = view.records[i];
    const state = record & view.layout.stateMask;
    let fill;
    let text;
    if (flag & (START | GOAL)) {
      fill = flag & START ? PALETTE.start : PALETTE.goal;
      text = PALETTE.textOnDark;
    } else {
      const drawnState = flag & CURRENT ? DRAW_CURRENT_STATE : state;
      const mark = view.markPainter ? view.finderMarks[i] : 0;
      const shown = (mark && view.markPainter.fill(mark, drawnState, terrain)) || this.fills[drawnState * 10 + terrain];
      fill = shown.fill;
      text = shown.text;
    }
    ctx.fillStyle = fill;
    // A hex's fill is inset all round, so that its outline shows on every side.
    const at = hex ? this.gridLine / 2 : 0;
    if (hex) {
      ctx.beginPath();
      this.shape.outline(ctx, px + at, py + at, inner);
      ctx.fill();
    } else {
      ctx.fillRect(px, py, inner, inner);
    }
    if (terrain === 0) return;
    // The finder's own marks, drawn by the painter its catalogue entry chose.
    if (view.markPainter) {
      // Painters fill the cell's box: a hex's corners of it are its neighbours'.
      if (hex) {
        ctx.save();
        ctx.beginPath();
        this.shape.outline(ctx, px + at, py + at, inner);
        ctx.clip();
      }
      view.markPainter.draw(ctx, px, py, inner, view.finderMarks[i], state);
      if (hex) ctx.restore();
    }

    if (flag & TOUCHED && c >= 5) {
      const width = c >= 24 ? Math.round(c * 0.08) : 1;
      ctx.strokeStyle = PALETTE.touched;
      ctx.lineWidth = width;
      ctx.beginPath();
      this.shape.outline(ctx, px + at + width / 2, py + at + width / 2, inner - width);
      ctx.stroke();
    }
    if (c / this.dpr < DIGIT_MIN_CSS) return;

    const visited = state !== 0 && reached(view, i);
    const withLabels = visited && this.labelsShown;
    ctx.save();
    ctx.beginPath();
    this.shape.outline(ctx, px + at, py + at, inner);
    ctx.clip();
    ctx.fillStyle = text;
    ctx.strokeStyle = text;
    const endpoint = flag & START ? 'start' : flag & GOAL ? 'goal' : null;
    const digit = terrain > 1 ? `×${terrain}` : '';
    if (withLabels) {
      const box = this.shape.textBox(px, py, inner);
      writeLabels(ctx, box, this, cellTexts(view, i));
      // The icon or the weight in the top-right corner, by F (a hex's top-right edge).
      const [ix, iy] = hex ? [px + inner * 0.76, py + inner * 0.3] : [px + inner * 0.8, py + inner * 0.2];
      if (endpoint) drawEndpointIcon(ctx, endpoint, ix, iy, inner * (hex ? 0.2 : 0.26));
      else if (digit) this.drawCornerDigit(box.x, box.y, box.w, digit);
    } else if (endpoint) {
      if (!this.bigEndpointMarkers) drawEndpointIcon(ctx, endpoint, px + inner / 2, py + inner / 2, inner * 0.55);
    } else if (digit) {
      this.drawCentredDigit(px, py, inner, digit);
    }
    if (visited && this.arrowAlpha > 0 && record & view.layout.hasParent) {
      const to = towardParent(view, i, record);
      this.drawArrow(px, py, inner, to.dx, to.dy);
    }
    ctx.restore();
  }


  drawCornerDigit(px, py, inner, digit) {
    const ctx = this.ctx;
    const pad = Math.max(2, inner * 0.07);
    ctx.font = `700 ${Math.round(inner * 0.19)}px ${FONT_FAMILY}`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'top';
    ctx.fillText(digit, px + inner - pad, py + pad, inner * 0.34);
  }

  drawCentredDigit(px, py, inner, digit) {
    const ctx = this.ctx;
    ctx.font = `700 ${Math.round(inner * 0.34)}px ${FONT_FAMILY}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(digit, px + inner / 2, py + inner / 2, inner * 0.9);
  }

  // An arrow from the cell's centre towards its parent, one step away by (dx, dy), as in the
  // tutorials' figures.
  // With `halo` (a colour), a wider arrow in that colour, to lay under the arrow itself.
  drawArrow(px, py, inner, dx, dy, ctx = this.ctx, halo = null) {
    ({ dx, dy } = this.shape.screen(dx, dy));
    const len = Math.hypot(dx, dy);
    dx /= len;
    dy /= len;
    const cx = px + inner / 2;
    const cy = py + inner / 2;
    const half = inner * 0.15;
    const head = Math.max(3, inner * 0.1);
    const tipX = cx + dx * half;
    const tipY = cy + dy * half;
    ctx.globalAlpha = halo ? 1 : this.arrowAlpha * 0.8;
    ctx.lineWidth = Math.max(1, inner * 0.035) * (halo ? 4 : 1);
    if (halo) {
      ctx.strokeStyle = halo;
      ctx.fillStyle = halo;
    }
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(cx - dx * half, cy - dy * half);
    ctx.lineTo(tipX, tipY);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(tipX + dx * head * 0.3, tipY + dy * head * 0.3);
    ctx.lineTo(tipX - dx * head + dy * head * 0.6, tipY - dy * head - dx * head * 0.6);
    ctx.lineTo(tipX - dx * head - dy * head * 0.6, tipY - dy * head + dx * head * 0.6);
    ctx.closePath();
    ctx.fill();
    if (halo) ctx.stroke();
    ctx.globalAlpha = 1;
  }

  drawOverlay(view) {
    const ctx = this.overlay;
    const c = this.cell;
    ctx.clearRect(0, 0, this.overlayCanvas.width, this.overlayCanvas.height);
    ctx.save();
    ctx.translate(-this.originX, -this.originY);
    if (view.seen) this.drawWalk(view);
    for (const test of view.sight ?? []) this.drawSight(test);
    if (view.path && view.path.length > 1) {
      this.drawPath(view.path, view.pathTentative);
      if (this.labelsShown) this.redrawPathLabels(view);
    }
    if (view.next) {
      const width = Math.max(2, Math.round(c * 0.06));
      ctx.setLineDash([Math.max(2, c * 0.12), Math.max(2, c * 0.08)]);
      ctx.strokeStyle = PALETTE.next;
      ctx.lineWidth = width;
      ctx.beginPath();
      this.outline(ctx, view.next.x, view.next.y, c - width - this.gridLine, width / 2);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    if (view.trail) this.drawAgent(view);
    for (const mark of view.marks ?? []) {
      if (mark.kind === 'pending') this.drawPending(mark);
      else this.drawMark(mark);
    }
    if (this.bigEndpointMarkers) {
      this.drawEndpointMarker(view.start, 'start');
      this.drawEndpointMarker(view.goal, 'goal');
    }
    for (const p of [view.hover, view.cursor]) {
      if (!p) continue;
      const width = Math.max(2, Math.round(this.dpr * 2));
      ctx.lineWidth = width;
      ctx.strokeStyle = PALETTE.pathCasing;
      ctx.beginPath();
      this.outline(ctx, p.x, p.y, c + width, -width / 2);
      ctx.stroke();
      ctx.lineWidth = Math.max(1, width / 2);
      ctx.strokeStyle = PALETTE.next;
      ctx.stroke();
    }
    ctx.restore();
  }

  // A frame on the edge of a cell the lesson points at: the node being expanded, the neighbour
  // being considered, a student's pick. It straddles the cell's border, clear of the
  // numbers inside, with a white casing so it shows on any fill.
  drawMark({ x, y, kind, label }) {
    const ctx = this.overlay;
    const c = this.cell;
    const width = Math.max(3 * this.dpr, Math.round(c * 0.07));
    const size = c - this.gridLine;
    ctx.save();
    ctx.setLineDash(MARK_STYLES[kind].dashed ? [width * 1.5, width] : []);
    ctx.lineWidth = width + 2 * this.dpr;
    ctx.strokeStyle = PALETTE.pathCasing;
    ctx.beginPath();
    this.outline(ctx, x, y, size);
    ctx.stroke();
    ctx.lineWidth = width;
    ctx.strokeStyle = MARK_STYLES[kind].colour;
    ctx.stroke();
    ctx.restore();
    if (label) this.drawMarkLabel(x, y, label, MARK_STYLES[kind].colour);
  }

  // A mark's label: a tag in the mark's colour just above the cell (below it on the top row),
  // so the numbers of the cell the lesson points at stay in view.
  drawMarkLabel(x, y, label, colour) {
    const ctx = this.overlay;
    const c = this.cell;
    const font = Math.round(Math.max(11 * this.dpr, this.smallFont));
    ctx.save();
    ctx.font = `700 ${font}px ${FONT_FAMILY}`;
    const pad = Math.round(font * 0.3);
    const w = ctx.measureText(label).width + 2 * pad;
    const h = font + pad;
    const left = Math.max(0, Math.min(x * c + c / 2 - w / 2, this.cols * c - w));
    const top = y === 0 ? c : y * c - h;
    ctx.fillStyle = PALETTE.pathCasing;
    ctx.fillRect(left - this.dpr, top - this.dpr, w + 2 * this.dpr, h + 2 * this.dpr);
    ctx.fillStyle = colour;
    ctx.fillRect(left, top, w, h);
    ctx.fillStyle = '#fff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(label, left + w / 2, top + h / 2);
    ctx.restore();
  }

  // A neighbour given new numbers by a line of an expansion that is not finished yet (Step
  // line): drawn as open, with those numbers, over what the search shows so far.
  drawPending({ x, y, f, g, h, parent }) {
    const ctx = this.overlay;
    const c = this.cell;
    const inner = c - this.gridLine;
    const [px, py] = [this.boxX(x, y), this.boxY(y)];
    ctx.fillStyle = PALETTE.open;
    ctx.beginPath();
    this.shape.outline(ctx, px, py, inner);
    ctx.fill();
    if (!this.labelsShown) return;
    ctx.fillStyle = PALETTE.text;
    writeLabels(ctx, this.shape.textBox(px, py, inner), this, [f, g, h].map((v) => formatValue(v)));
    if (parent && this.arrowAlpha > 0) {
      ctx.save();
      ctx.strokeStyle = PALETTE.text;
      this.drawArrow(px, py, inner, parent.x - x, parent.y - y, ctx);
      ctx.restore();
    }
  }

  // The path line runs under the numbers and arrows of its cells: they are written again over
  // it, each digit edged in its cell's own colour, so the line seems to pass beneath them.
  redrawPathLabels(view) {
    const ctx = this.overlay;
    const c = this.cell;
    const inner = c - this.gridLine;
    const { x0, y0, x1, y1 } = this.visibleCells();
    const { layout } = view;
    for (const i of view.path) {
      const x = i % this.cols;
      const y = (i / this.cols) | 0;
      const record = view.records[i];
      if (x < x0 || x >= x1 || y < y0 || y >= y1 || !reached(view, i)) continue;
      const flag = this.flags[i];
      const state = flag & CURRENT ? DRAW_CURRENT_STATE : record & layout.stateMask;
      const endpoint = flag & (START | GOAL);
      const shown = this.fills[state * 10 + view.terrain[i]];
      const fill = endpoint ? (flag & START ? PALETTE.start : PALETTE.goal) : shown.fill;
      const [px, py] = [this.boxX(x, y), this.boxY(y)];
      const hex = this.shape.hex;
      ctx.save();
      ctx.beginPath();
      this.shape.outline(ctx, px, py, inner);
      ctx.clip();
      ctx.fillStyle = endpoint ? PALETTE.textOnDark : shown.text;
      ctx.strokeStyle = fill;
      ctx.lineWidth = Math.max(2, this.smallFont * 0.25);
      ctx.lineJoin = 'round';
      writeLabels(ctx, this.shape.textBox(px, py, inner), this, cellTexts(view, i), true);
      if (endpoint) {
        const kind = flag & START ? 'start' : 'goal';
        const [ix, iy] = hex ? [px + inner * 0.76, py + inner * 0.3] : [px + inner * 0.8, py + inner * 0.2];
        ctx.fillStyle = fill;
        ctx.beginPath();
        ctx.arc(ix, iy, inner * (hex ? 0.13 : 0.17), 0, Math.PI * 2);
        ctx.fill();
        drawEndpointIcon(ctx, kind, ix, iy, inner * (hex ? 0.2 : 0.26));
      } else if (this.arrowAlpha > 0 && record & layout.hasParent) {
        const to = towardParent(view, i, record);
        const ink = ctx.fillStyle;
        this.drawArrow(px, py, inner, to.dx, to.dy, ctx, fill);
        ctx.fillStyle = ink;
        ctx.strokeStyle = ink;
        this.drawArrow(px, py, inner, to.dx, to.dy, ctx);
      }
      ctx.restore();
    }
  }

  // A walk: fog over the cells the agent has not seen, the real walls dimmed under
  // it; the cells it walked; the agent, a disc on its cell (drawn over the planned path).
  // The fog is a picture of one pixel per cell on show, scaled up whole: a rectangle per
  // fogged cell took most of a drawn move on a 512x512 map.
  drawWalk(view) {
    const ctx = this.overlay;
    const c = this.cell;
    const { x0, y0, x1, y1 } = this.visibleCells();
    const w = x1 - x0;
    const h = y1 - y0;
    if (this.shape.hex) {
      // Hexes do not tile a picture's pixels: each fogged hex is filled in its outline.
      ctx.save();
      ctx.fillStyle = PALETTE.fog;
      ctx.globalAlpha = FOG_ALPHA;
      ctx.beginPath();
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) if (!view.seen[y * this.cols + x]) this.outline(ctx, x, y, c);
      }
      ctx.fill();
      ctx.restore();
    } else if (w > 0 && h > 0) {
      const fog = this.fogPicture(w, h);
      const pixels = new Uint32Array(fog.image.data.buffer);
      const { seen } = view;
      const colour = this.fogPixel();
      for (let y = 0; y < h; y++) {
        const row = (y0 + y) * this.cols + x0;
        const out = y * w;
        for (let x = 0; x < w; x++) pixels[out + x] = seen[row + x] ? 0 : colour;
      }
      fog.context.putImageData(fog.image, 0, 0);
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(fog.canvas, 0, 0, w, h, x0 * c, y0 * c, w * c, h * c);
    }
    if (view.trail.length > 1) this.drawPath(view.trail, false, PALETTE.walked);
  }

  // A w x h canvas and its pixels, kept from frame to frame while the view keeps its size.
  fogPicture(w, h) {
    if (!this.fog || this.fog.image.width !== w || this.fog.image.height !== h) {
      const canvas = this.fog?.canvas ?? this.overlayCanvas.ownerDocument.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      this.fog = { canvas, context, image: context.createImageData(w, h) };
    }
    return this.fog;
  }

  // The fog's colour at its opacity, as one pixel of an ImageData's Uint32 view (the
  // platform's byte order), read back from a canvas so any CSS colour the palette holds works.
  fogPixel() {
    if (this.fogColour?.css !== PALETTE.fog) {
      const probe = this.overlayCanvas.ownerDocument.createElement('canvas').getContext('2d');
      probe.fillStyle = PALETTE.fog;
      probe.globalAlpha = FOG_ALPHA;
      probe.fillRect(0, 0, 1, 1);
      this.fogColour = { css: PALETTE.fog, pixel: new Uint32Array(probe.getImageData(0, 0, 1, 1).data.buffer)[0] };
    }
    return this.fogColour.pixel;
  }

  drawAgent(view) {
    const ctx = this.overlay;
    const c = this.cell;
    const i = view.trail[view.trail.length - 1];
    ctx.beginPath();
    const [x, y] = [i % this.cols, (i / this.cols) | 0];
    ctx.arc(this.boxX(x, y) + c / 2, this.boxY(y) + c / 2, Math.max(4 * this.dpr, c * 0.3), 0, Math.PI * 2);
    ctx.fillStyle = PALETTE.agent;
    ctx.fill();
    ctx.lineWidth = Math.max(1.5 * this.dpr, c * 0.06);
    ctx.strokeStyle = PALETTE.next;
    ctx.stroke();
  }

  // A tentative path (a bidirectional search's best so far) is dashed.
  // A line-of-sight test: the cells its segment crosses tinted, and the segment, solid where
  // it passed, dashed where a wall or a pinch between two walls blocked it.
  drawSight({ from, to, clear, cells }) {
    const ctx = this.overlay;
    const c = this.cell;
    const colour = clear ? PALETTE.sightClear : PALETTE.sightBlocked;
    ctx.save();
    ctx.fillStyle = colour;
    ctx.globalAlpha = 0.18;
    for (const p of cells) ctx.fillRect(p.x * c, p.y * c, c, c);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(1.5 * this.dpr, c * 0.05);
    if (!clear) ctx.setLineDash([c * 0.15, c * 0.1]);
    ctx.beginPath();
    ctx.moveTo(from.x * c + c / 2, from.y * c + c / 2);
    ctx.lineTo(to.x * c + c / 2, to.y * c + c / 2);
    ctx.stroke();
    ctx.restore();
  }

  drawPath(path, tentative = false, colour = PALETTE.path) {
    const ctx = this.overlay;
    const c = this.cell;
    const half = (c - this.gridLine) / 2;
    const width = Math.max(2 * this.dpr, c * 0.08);
    ctx.save();
    ctx.beginPath();
    for (let k = 0; k < path.length; k++) {
      const i = path[k];
      const row = (i / this.cols) | 0;
      const x = this.boxX(i % this.cols, row) + half;
      const y = this.boxY(row) + half;
      if (k === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.strokeStyle = PALETTE.pathCasing;
    ctx.lineWidth = width + 2 * this.dpr;
    ctx.stroke();
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    if (tentative) ctx.setLineDash([width * 2, width * 1.5]);
    ctx.stroke();
    ctx.restore();
  }

  // A disc (start) or a square (goal) at least 8 CSS px in radius, with the same icon as the
  // cell. On a cell at the map's edge or corner it moves inwards just enough to be drawn
  // whole (a Moving AI query often starts in a corner).
  drawEndpointMarker(p, kind) {
    const ctx = this.overlay;
    const c = this.cell;
    const r = Math.max(8 * this.dpr, c * 0.6);
    const lineWidth = Math.max(1, this.dpr * 1.5);
    const inside = (centre, extent) => {
      const margin = r + lineWidth;
      return extent < 2 * margin ? extent / 2 : Math.min(extent - margin, Math.max(margin, centre));
    };
    const cx = inside(this.boxX(p.x, p.y) + c / 2, this.fullWidth);
    const cy = inside(this.boxY(p.y) + c / 2, this.fullHeight);
    ctx.beginPath();
    if (kind === 'start') ctx.arc(cx, cy, r, 0, Math.PI * 2);
    else ctx.rect(cx - r, cy - r, 2 * r, 2 * r);
    ctx.fillStyle = kind === 'start' ? PALETTE.start : PALETTE.goal;
    ctx.fill();
    ctx.lineWidth = lineWidth;
    ctx.strokeStyle = PALETTE.pathCasing;
    ctx.stroke();
    drawEndpointIcon(ctx, kind, cx, cy, r * 1.3);
  }
}

// F top-left (larger), G bottom-left and H bottom-right of a cell's text box
// `{ x, y, w, h }` (the cell's box, or a hex's band between its slanted edges), in the sizes
// `fonts` holds (largeFont, smallFont).
// With `edged`, each text is first stroked in the context's stroke style, as a halo.
function writeLabels(ctx, { x: px, y: py, w: inner, h: tall }, fonts, [f, g, h], edged = false) {
  const pad = Math.max(2, Math.min(inner, tall) * 0.07);
  const write = (text, x, y, width) => {
    // A number a cell does not have now (a key while not queued) leaves its place empty.
    if (text === '') return;
    if (edged) ctx.strokeText(text, x, y, width);
    ctx.fillText(text, x, y, width);
  };
  ctx.font = `700 ${Math.round(fonts.largeFont)}px ${FONT_FAMILY}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  write(f, px + pad, py + pad, inner * 0.62);
  ctx.font = `500 ${Math.round(fonts.smallFont)}px ${FONT_FAMILY}`;
  ctx.textBaseline = 'bottom';
  // G and H share the row between the paddings, with a gap kept between them so that
  // two long numbers are squeezed rather than run together into one.
  const half = (inner - 2 * pad) * 0.44;
  write(g, px + pad, py + tall - pad * 0.6, half);
  ctx.textAlign = 'right';
  write(h, px + inner - pad, py + tall - pad * 0.6, half);
}

// The marks that tell start and goal apart without colour: a ring with a dot (where the
// walk begins) and a flag (where it ends), drawn as shapes so no font is needed.
export function drawEndpointIcon(ctx, kind, cx, cy, size) {
  ctx.save();
  ctx.fillStyle = PALETTE.textOnDark;
  ctx.strokeStyle = PALETTE.textOnDark;
  ctx.lineWidth = Math.max(1, size * 0.12);
  ctx.beginPath();
  if (kind === 'start') {
    ctx.arc(cx, cy, size * 0.38, 0, Math.PI * 2);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(cx, cy, size * 0.14, 0, Math.PI * 2);
    ctx.fill();
  } else {
    const pole = cx - size * 0.3;
    ctx.moveTo(pole, cy + size * 0.48);
    ctx.lineTo(pole, cy - size * 0.48);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(pole, cy - size * 0.48);
    ctx.lineTo(cx + size * 0.42, cy - size * 0.24);
    ctx.lineTo(pole, cy);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}
