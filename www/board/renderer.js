import { PALETTE, terrainShade, hexToRgb, mixRgb, rgbToCss, isDark } from './palette.js';
import { formatValue, formatFinite, formatKey } from '../i18n/format.js';

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

// Draws the grid on two stacked canvases. The bottom one is updated cell by cell: each frame
// only the cells whose drawn content changed are repainted (a 512x512 search touches a few
// hundred cells per frame, not 262,144). The top one holds what spans cells (the path line,
// markers, hover) and is cheap to redraw whole.
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
  }

  // Sizes the canvases for a cols x rows grid shown in a box of boxWidth x boxHeight CSS px,
  // zoom times larger than the size that fits. Cells are a whole number of device pixels, so
  // edges stay crisp on high-DPI screens. The canvases cover only the part of the grid in
  // the box (the viewport; see setOrigin), so a zoomed 512x512 map costs no more to draw
  // than one that fits. Returns whether anything changed.
  fit(cols, rows, boxWidth, boxHeight, dpr, zoom = 1) {
    const fitted = Math.min(MAX_CELL_CSS, boxWidth / cols, boxHeight / rows);
    const cellCss = Math.min(MAX_CELL_CSS, fitted * zoom);
    const cell = Math.max(1, Math.floor(cellCss * dpr));
    // Below one device pixel per cell the picture is scaled down to fit instead.
    const shrink = Math.min(1, (cellCss * dpr) / cell);
    // The viewport: as much of the grid as the box shows (all of it when it fits).
    const viewWidth = Math.min(cell * cols, Math.ceil((boxWidth * dpr) / shrink));
    const viewHeight = Math.min(cell * rows, Math.ceil((boxHeight * dpr) / shrink));
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
    this.labelsShown = size >= LABEL_MIN_CELL_CSS;
    // G and H in 26% of the cell, F in 31%, never under the readable minimum: digits grow
    // with the cell, so a projector's larger cells are read from further away.
    this.smallFont = Math.max(DIGIT_MIN_FONT_CSS * dpr, cell * 0.26);
    this.largeFont = Math.max((DIGIT_MIN_FONT_CSS + 1) * dpr, cell * 0.31);
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
    this.showOrigin();
    return true;
  }

  // The whole grid's size in CSS px, of which the canvases show a viewport.
  get fullCssWidth() {
    return (this.cell * this.cols * this.shrink) / this.dpr;
  }

  get fullCssHeight() {
    return (this.cell * this.rows * this.shrink) / this.dpr;
  }

  // Moves the viewport to scrollLeft, scrollTop (CSS px into the whole grid); everything in
  // it is drawn afresh.
  setOrigin(scrollLeft, scrollTop) {
    const x = Math.max(0, Math.min(this.cell * this.cols - this.viewWidth, Math.round(scrollLeft * this.dpr)));
    const y = Math.max(0, Math.min(this.cell * this.rows - this.viewHeight, Math.round(scrollTop * this.dpr)));
    if (x === this.originX && y === this.originY) return;
    this.originX = x;
    this.originY = y;
    this.prevSig.fill(-1);
    this.showOrigin();
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

  allocate(count) {
    this.prevSig = new Float64Array(count).fill(-1);
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
    const left = rect.left + (x * this.cell - this.originX) * scaleX;
    const top = rect.top + (y * this.cell - this.originY) * scaleY;
    return { left, top, right: left + this.cell * scaleX, bottom: top + this.cell * scaleY };
  }

  cellFromPoint(clientX, clientY, clamp = false) {
    const rect = this.gridCanvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const deviceX = ((clientX - rect.left) / rect.width) * this.viewWidth + this.originX;
    const deviceY = ((clientY - rect.top) / rect.height) * this.viewHeight + this.originY;
    let x = Math.floor(deviceX / this.cell);
    let y = Math.floor(deviceY / this.cell);
    const inside = x >= 0 && y >= 0 && x < this.cols && y < this.rows;
    if (!inside && !clamp) return null;
    x = Math.min(this.cols - 1, Math.max(0, x));
    y = Math.min(this.rows - 1, Math.max(0, y));
    return { x, y };
  }

  // The cells in the viewport: { x0, y0, x1, y1 }, ends excluded.
  visibleCells() {
    const { cols, rows, cell } = this;
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
    if (this.labelsVisible && view.generation !== this.drawnGeneration) this.prevSig.fill(-1);
    this.drawnGeneration = view.generation;
    this.markFlags(view);
    const { terrain, records, g } = view;
    const marks = view.finderMarks;
    const detailed = this.arrowAlpha > 0;
    const { prevSig, prevG, prevRhs, flags, cols } = this;
    const rhs = view.rhs ?? null;
    const { x0, y0, x1, y1 } = this.visibleCells();
    for (let y = y0; y < y1; y++) {
      for (let x = x0, i = y * cols + x0; x < x1; x++, i++) {
        // A record holds the state and the parent; within one search H and F change only
        // with G.
        // Marks are 16 bits, past what a 32-bit int holds beside the rest: added, not shifted.
        const sig = (terrain[i] | (records[i] << 4) | (flags[i] << 12)) + (marks ? marks[i] * 2 ** 20 : 0);
        const changed = sig !== prevSig[i] || (detailed && (g[i] !== prevG[i] || (rhs !== null && rhs[i] !== prevRhs[i])));
        if (!changed) continue;
        prevSig[i] = sig;
        prevG[i] = g[i];
        if (rhs !== null) prevRhs[i] = rhs[i];
        this.drawCell(x, y, i, view);
      }
    }
    this.drawOverlay(view);
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
    const px = x * c - this.originX;
    const py = y * c - this.originY;
    const inner = c - this.gridLine;
    if (this.gridLine) {
      ctx.fillStyle = PALETTE.gridLine;
      ctx.fillRect(px, py, c, c);
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
    ctx.fillRect(px, py, inner, inner);
    if (terrain === 0) return;
    // The finder's own marks, drawn by the painter its catalogue entry chose.
    if (view.markPainter) view.markPainter.draw(ctx, px, py, inner, view.finderMarks[i], state);

    if (flag & TOUCHED && c >= 5) {
      const width = c >= 24 ? Math.round(c * 0.08) : 1;
      ctx.strokeStyle = PALETTE.touched;
      ctx.lineWidth = width;
      ctx.strokeRect(px + width / 2, py + width / 2, inner - width, inner - width);
    }
    if (c / this.dpr < DIGIT_MIN_CSS) return;

    const visited = state !== 0 && reached(view, i);
    const withLabels = visited && this.labelsShown;
    ctx.save();
    ctx.beginPath();
    ctx.rect(px, py, inner, inner);
    ctx.clip();
    ctx.fillStyle = text;
    ctx.strokeStyle = text;
    const endpoint = flag & START ? 'start' : flag & GOAL ? 'goal' : null;
    const digit = terrain > 1 ? `×${terrain}` : '';
    if (withLabels) {
      this.drawLabels(px, py, inner, i, view);
      if (endpoint) drawEndpointIcon(ctx, endpoint, px + inner * 0.8, py + inner * 0.2, inner * 0.26);
      else if (digit) this.drawCornerDigit(px, py, inner, digit);
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

  drawLabels(px, py, inner, i, view) {
    writeLabels(this.ctx, px, py, inner, this, cellTexts(view, i));
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
      ctx.strokeRect(view.next.x * c + width / 2, view.next.y * c + width / 2, c - width - this.gridLine, c - width - this.gridLine);
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
      ctx.strokeRect(p.x * c - width / 2, p.y * c - width / 2, c + width, c + width);
      ctx.lineWidth = Math.max(1, width / 2);
      ctx.strokeStyle = PALETTE.next;
      ctx.strokeRect(p.x * c - width / 2, p.y * c - width / 2, c + width, c + width);
    }
    ctx.restore();
  }

  // A frame on the edge of a cell the lesson points at: the node being expanded, the neighbour
  // being considered, a student's pick. It straddles the cell's border, clear of the
  // numbers inside, with a white casing so it shows on any fill.
  drawMark({ x, y, kind }) {
    const ctx = this.overlay;
    const c = this.cell;
    const width = Math.max(3 * this.dpr, Math.round(c * 0.07));
    const size = c - this.gridLine;
    ctx.save();
    ctx.setLineDash(MARK_STYLES[kind].dashed ? [width * 1.5, width] : []);
    ctx.lineWidth = width + 2 * this.dpr;
    ctx.strokeStyle = PALETTE.pathCasing;
    ctx.strokeRect(x * c, y * c, size, size);
    ctx.lineWidth = width;
    ctx.strokeStyle = MARK_STYLES[kind].colour;
    ctx.strokeRect(x * c, y * c, size, size);
    ctx.restore();
  }

  // A neighbour given new numbers by a line of an expansion that is not finished yet (Step
  // line): drawn as open, with those numbers, over what the search shows so far.
  drawPending({ x, y, f, g, h, parent }) {
    const ctx = this.overlay;
    const c = this.cell;
    const inner = c - this.gridLine;
    ctx.fillStyle = PALETTE.open;
    ctx.fillRect(x * c, y * c, inner, inner);
    if (!this.labelsShown) return;
    ctx.fillStyle = PALETTE.text;
    writeLabels(ctx, x * c, y * c, inner, this, [f, g, h].map((v) => formatValue(v)));
    if (parent && this.arrowAlpha > 0) {
      ctx.save();
      ctx.strokeStyle = PALETTE.text;
      this.drawArrow(x * c, y * c, inner, parent.x - x, parent.y - y, ctx);
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
      ctx.save();
      ctx.beginPath();
      ctx.rect(x * c, y * c, inner, inner);
      ctx.clip();
      ctx.fillStyle = endpoint ? PALETTE.textOnDark : shown.text;
      ctx.strokeStyle = fill;
      ctx.lineWidth = Math.max(2, this.smallFont * 0.25);
      ctx.lineJoin = 'round';
      writeLabels(ctx, x * c, y * c, inner, this, cellTexts(view, i), true);
      if (endpoint) {
        const kind = flag & START ? 'start' : 'goal';
        ctx.fillStyle = fill;
        ctx.beginPath();
        ctx.arc(x * c + inner * 0.8, y * c + inner * 0.2, inner * 0.17, 0, Math.PI * 2);
        ctx.fill();
        drawEndpointIcon(ctx, kind, x * c + inner * 0.8, y * c + inner * 0.2, inner * 0.26);
      } else if (this.arrowAlpha > 0 && record & layout.hasParent) {
        const to = towardParent(view, i, record);
        const ink = ctx.fillStyle;
        this.drawArrow(x * c, y * c, inner, to.dx, to.dy, ctx, fill);
        ctx.fillStyle = ink;
        ctx.strokeStyle = ink;
        this.drawArrow(x * c, y * c, inner, to.dx, to.dy, ctx);
      }
      ctx.restore();
    }
  }

  // A walk: fog over the cells the agent has not seen, the real walls dimmed under
  // it; the cells it walked; the agent, a disc on its cell (drawn over the planned path).
  drawWalk(view) {
    const ctx = this.overlay;
    const c = this.cell;
    const { x0, y0, x1, y1 } = this.visibleCells();
    ctx.fillStyle = PALETTE.fog;
    ctx.globalAlpha = 0.55;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        if (!view.seen[y * this.cols + x]) ctx.fillRect(x * c, y * c, c, c);
      }
    }
    ctx.globalAlpha = 1;
    if (view.trail.length > 1) this.drawPath(view.trail, false, PALETTE.walked);
  }

  drawAgent(view) {
    const ctx = this.overlay;
    const c = this.cell;
    const i = view.trail[view.trail.length - 1];
    ctx.beginPath();
    ctx.arc((i % this.cols) * c + c / 2, ((i / this.cols) | 0) * c + c / 2, Math.max(4 * this.dpr, c * 0.3), 0, Math.PI * 2);
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
      const x = (i % this.cols) * c + half;
      const y = ((i / this.cols) | 0) * c + half;
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
    const cx = inside(p.x * c + c / 2, c * this.cols);
    const cy = inside(p.y * c + c / 2, c * this.rows);
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

// F top-left (larger), G bottom-left and H bottom-right of a cell, in the sizes `fonts`
// holds (largeFont, smallFont).
// With `edged`, each text is first stroked in the context's stroke style, as a halo.
function writeLabels(ctx, px, py, inner, fonts, [f, g, h], edged = false) {
  const pad = Math.max(2, inner * 0.07);
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
  write(g, px + pad, py + inner - pad * 0.6, half);
  ctx.textAlign = 'right';
  write(h, px + inner - pad, py + inner - pad * 0.6, half);
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
