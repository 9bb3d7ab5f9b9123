import { GridRenderer } from '../board/renderer.js';
import { SQUARE } from '../board/cellshape.js';
import { PALETTE, mixHex, terrainShade } from '../board/palette.js';
import { markBits } from '../finders/catalogue.js';
import { markPainter } from '../finders/marks.js';
import { t } from '../i18n/i18n.js';

// Pictures of the whole map as the page draws it (numbers, arrows, path, markers), for the
// PNG and animation exports: a renderer of its own on detached canvases, so the page's
// view, zoom and scroll stay as they are. The legend under the map names every colour and
// mark the board shows (the finder's own marks too) and the key to a cell's numbers.

// No side of a picture goes past this (device px): browsers refuse larger canvases.
const MAX_SIDE = 8192;
export const FONT = 'system-ui, "Segoe UI", Roboto, "DejaVu Sans", "Noto Sans CJK SC", Arial, sans-serif';
// The legend's measures, in CSS px: a row's height, a swatch's side (the cell key's), the
// margin, the gap between entries.
const ROW = 24;
const SWATCH = 14;
const KEY_SWATCH = 22;
const MARGIN = 6;
const GAP = 12;

// A swatch filled with one colour, outlined.
const filled = (colour) => (ctx, x, y, side, s) => {
  ctx.fillStyle = colour;
  ctx.fillRect(x, y, side, side);
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.3)';
  ctx.lineWidth = s;
  ctx.strokeRect(x + s / 2, y + s / 2, side - s, side - s);
};

// An open cell with a frame, as the board marks a cell just opened or the next to expand.
const framed = (colour, dashed) => (ctx, x, y, side, s) => {
  filled(PALETTE.open)(ctx, x, y, side, s);
  const width = Math.max(2 * s, Math.round(side * 0.16));
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dashed ? [Math.max(2, side * 0.25), Math.max(2, side * 0.15)] : []);
  ctx.strokeRect(x + width / 2, y + width / 2, side - width, side - width);
  ctx.setLineDash([]);
};

// The letters of the numbers a cell shows (its finder's catalogue entry's cellValues).
const VALUE_LETTERS = { f: 'F', g: 'G', h: 'H', key: 'k', rhs: 'rhs' };

// The key to a cell's numbers in their places: F (or a key) at the top left, G at the bottom
// left, H (or rhs) at the bottom right.
const cellKey = (values) => (ctx, x, y, side, s) => {
  const [top, left, right] = values.map((name) => VALUE_LETTERS[name] ?? name);
  filled(PALETTE.open)(ctx, x, y, side, s);
  ctx.fillStyle = PALETTE.text;
  ctx.font = `700 ${Math.round(side * 0.34)}px ${FONT}`;
  const pad = side * 0.08;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.fillText(top, x + pad, y + pad, side - 2 * pad);
  ctx.textBaseline = 'bottom';
  ctx.fillText(left, x + pad, y + side - pad);
  ctx.textAlign = 'right';
  ctx.fillText(right, x + side - pad, y + side - pad, side / 2);
  ctx.textAlign = 'left';
};

// The legend's entries for a finder: { key (text key), draw(ctx, x, y, side, scale), large }
// (a larger swatch, for the letters of the cell key).
export function legendEntries(finder) {
  // Several finders (the compare view's): each entry once, the keys to the numbers last.
  if (Array.isArray(finder)) {
    const seen = new Set();
    return finder.flatMap((one) => legendEntries(one)).filter((e) => !seen.has(e.key) && seen.add(e.key)).sort((a, b) => a.large - b.large);
  }
  const entries = [
    ['legend.start', filled(PALETTE.start)],
    ['legend.goal', filled(PALETTE.goal)],
    ['legend.wall', filled(PALETTE.wall)],
    ['legend.terrain', filled(mixHex(PALETTE.ground, PALETTE.terrain, terrainShade(5)))],
    ['legend.open', filled(PALETTE.open)],
    ['legend.closed', filled(PALETTE.closed)],
    ['legend.current', filled(PALETTE.current)],
    ['legend.touched', framed(PALETTE.touched, false)],
    ['legend.next', framed(PALETTE.next, true)],
    ['legend.path', filled(PALETTE.path)],
  ].map(([key, draw]) => ({ key, draw, large: false }));
  const painter = finder ? markPainter(finder) : null;
  for (const name of finder?.marks ?? []) {
    const bit = markBits()[name];
    entries.push({
      key: `legend.${name}`,
      large: false,
      draw(ctx, x, y, side, s) {
        filled(painter.fill(bit, 0, 1)?.fill ?? PALETTE.ground)(ctx, x, y, side, s);
        painter.draw(ctx, x, y, side, bit, 0);
      },
    });
  }
  const values = finder?.cellValues ?? ['f', 'g', 'h'];
  const key = values.includes('rhs') ? 'legend.cell-key-inc' : 'legend.cell-key';
  entries.push({ key, draw: cellKey(values), large: true });
  return entries;
}

export class PictureMaker {
  constructor(doc) {
    this.doc = doc;
    this.gridCanvas = doc.createElement('canvas');
    this.overlayCanvas = doc.createElement('canvas');
    this.renderer = new GridRenderer(this.gridCanvas, this.overlayCanvas);
    this.measure = doc.createElement('canvas').getContext('2d');
    this.legend = [];
  }

  // The height (device px) of the legend under a picture `width` device px wide, at `scale`.
  legendHeight(width, scale, finder) {
    return this.placeLegend(width, scale, finder).height;
  }

  // Lays out a picture of a cols x rows map with cells of cellCss CSS px at `scale` device
  // px per CSS px (cells shrink if the picture would be too large), the legend (for the
  // finder's marks) in as many rows as its width needs. Returns its size.
  layout(cols, rows, cellCss, scale, withLegend, finder = null, shape = SQUARE) {
    const cell = Math.max(1, Math.min(cellCss, MAX_SIDE / scale / cols, MAX_SIDE / scale / rows));
    // Drawn by the board's renderer, hexes too (see cellshape.js).
    this.renderer.setShape(shape);
    this.renderer.fit(cols, rows, shape.width(cols, rows) * cell, shape.height(cols, rows) * cell, scale, 1);
    this.renderer.setOrigin(0, 0);
    this.scale = scale;
    this.withLegend = withLegend;
    const mapWidth = this.gridCanvas.width;
    const mapHeight = this.gridCanvas.height;
    const legend = withLegend ? this.placeLegend(mapWidth, scale, finder) : { entries: [], height: 0 };
    this.legend = legend.entries;
    this.legendHeight = legend.height;
    this.width = mapWidth;
    this.height = mapHeight + this.legendHeight;
    return { width: this.width, height: this.height };
  }

  // Where each entry goes: rows filled left to right, a new row when the next would pass
  // the edge. Entries get { key, label, x, row, side } in device px.
  placeLegend(width, scale, finder) {
    const s = scale;
    this.measure.font = `${12 * s}px ${FONT}`;
    const entries = [];
    let x = MARGIN * s;
    let row = 0;
    for (const entry of legendEntries(finder)) {
      const label = t(entry.key);
      const side = (entry.large ? KEY_SWATCH : SWATCH) * s;
      const span = side + 4 * s + this.measure.measureText(label).width;
      if (x > MARGIN * s && x + span > width - MARGIN * s) {
        row += 1;
        x = MARGIN * s;
      }
      entries.push({ ...entry, label, x, row, side });
      x += span + GAP * s;
    }
    const rows = row + 1;
    return { entries, height: Math.round((rows * ROW + 4) * s) };
  }

  // The legend as drawn in the last picture: [{ key, label, x, y, side }] in device px.
  legendLayout(top = this.gridCanvas.height) {
    const s = this.scale;
    return this.legend.map(({ key, label, x, row, side }) => ({ key, label, x, y: Math.round(top + (2 + row * ROW) * s + (ROW * s - side) / 2), side }));
  }

  // The cells whose numbers the picture shows, for SearchSession.frameView.
  labelCells() {
    return this.renderer.labelCells();
  }

  // Draws a frame view (from SearchSession.frameView) into a canvas of the laid-out size.
  draw(view, target = this.doc.createElement('canvas')) {
    // Each picture is drawn whole: nothing is carried over from the previous one.
    this.renderer.redrawAll();
    this.renderer.render({ ...view, hover: null, cursor: null });
    target.width = this.width;
    target.height = this.height;
    const ctx = target.getContext('2d');
    ctx.fillStyle = PALETTE.ground;
    ctx.fillRect(0, 0, target.width, target.height);
    ctx.drawImage(this.gridCanvas, 0, 0);
    ctx.drawImage(this.overlayCanvas, 0, 0);
    if (this.withLegend) this.drawLegend(ctx);
    return target;
  }

  // The legend alone, `width` device px wide, for a picture of several maps; finder: one
  // finder or several.
  legendCanvas(width, scale, finder) {
    const legend = this.placeLegend(width, scale, finder);
    this.legend = legend.entries;
    this.scale = scale;
    const target = this.doc.createElement('canvas');
    Object.assign(target, { width, height: legend.height });
    const ctx = target.getContext('2d');
    ctx.fillStyle = PALETTE.ground;
    ctx.fillRect(0, 0, width, legend.height);
    this.drawLegend(ctx, 0);
    return target;
  }

  drawLegend(ctx, top = this.gridCanvas.height) {
    const s = this.scale;
    ctx.save();
    ctx.textBaseline = 'middle';
    for (const [k, { x, y, side, label }] of this.legendLayout(top).entries()) {
      this.legend[k].draw(ctx, x, y, side, s);
      ctx.font = `${12 * s}px ${FONT}`;
      ctx.textBaseline = 'middle';
      ctx.textAlign = 'left';
      ctx.fillStyle = PALETTE.text;
      ctx.fillText(label, x + side + 4 * s, y + side / 2);
    }
    ctx.restore();
  }
}
