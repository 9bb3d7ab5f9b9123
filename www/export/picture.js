import { GridRenderer } from '../board/renderer.js';
import { PALETTE } from '../board/palette.js';
import { t } from '../i18n/i18n.js';

// Pictures of the whole map as the page draws it (numbers, arrows, path, markers), for the
// PNG and animation exports: a renderer of its own on detached canvases, so the page's
// view, zoom and scroll stay as they are.

// No side of a picture goes past this (device px): browsers refuse larger canvases.
const MAX_SIDE = 8192;
const LEGEND_ITEMS = [
  ['export.legendStart', PALETTE.start],
  ['export.legendGoal', PALETTE.goal],
  ['export.legendWall', PALETTE.wall],
  ['export.legendOpen', PALETTE.open],
  ['export.legendClosed', PALETTE.closed],
  ['export.legendCurrent', PALETTE.current],
  ['export.legendPath', PALETTE.path],
];
const FONT = 'system-ui, "Segoe UI", Roboto, "DejaVu Sans", "Noto Sans CJK SC", Arial, sans-serif';

export class PictureMaker {
  constructor(doc) {
    this.doc = doc;
    this.gridCanvas = doc.createElement('canvas');
    this.overlayCanvas = doc.createElement('canvas');
    this.renderer = new GridRenderer(this.gridCanvas, this.overlayCanvas);
  }

  // Lays out a picture of a cols x rows map with cells of cellCss CSS px at `scale` device
  // px per CSS px (cells shrink if the picture would be too large). Returns its size.
  layout(cols, rows, cellCss, scale, withLegend) {
    const cell = Math.max(1, Math.min(cellCss, MAX_SIDE / scale / cols, MAX_SIDE / scale / rows));
    this.renderer.fit(cols, rows, cols * cell, rows * cell, scale, 1);
    this.renderer.setOrigin(0, 0);
    this.scale = scale;
    this.withLegend = withLegend;
    const mapWidth = this.gridCanvas.width;
    const mapHeight = this.gridCanvas.height;
    this.legendHeight = withLegend ? Math.round(28 * scale) : 0;
    this.width = mapWidth;
    this.height = mapHeight + this.legendHeight;
    return { width: this.width, height: this.height };
  }

  // The cells whose numbers the picture shows, for SearchSession.frameView.
  labelCells() {
    return this.renderer.labelCells();
  }

  // Draws a frame view (from SearchSession.frameView) into a canvas of the laid-out size.
  draw(view, target = this.doc.createElement('canvas')) {
    // Each picture is drawn whole: nothing is carried over from the previous one.
    this.renderer.prevSig.fill(-1);
    this.renderer.render({ ...view, hover: null, cursor: null });
    target.width = this.width;
    target.height = this.height;
    const ctx = target.getContext('2d');
    ctx.fillStyle = PALETTE.ground;
    ctx.fillRect(0, 0, target.width, target.height);
    ctx.drawImage(this.gridCanvas, 0, 0);
    ctx.drawImage(this.overlayCanvas, 0, 0);
    if (this.withLegend) this.drawLegend(ctx, this.gridCanvas.height);
    return target;
  }

  // One row of swatches and names under the map; it stops at the picture's edge.
  drawLegend(ctx, top) {
    const s = this.scale;
    const swatch = 14 * s;
    ctx.font = `${12 * s}px ${FONT}`;
    ctx.textBaseline = 'middle';
    const middle = top + this.legendHeight / 2;
    let x = 6 * s;
    for (const [key, colour] of LEGEND_ITEMS) {
      const label = t(key);
      const width = swatch + 4 * s + ctx.measureText(label).width;
      if (x + width > this.width) break;
      ctx.fillStyle = colour;
      ctx.fillRect(x, middle - swatch / 2, swatch, swatch);
      ctx.strokeStyle = 'rgba(0, 0, 0, 0.3)';
      ctx.lineWidth = s;
      ctx.strokeRect(x + s / 2, middle - swatch / 2 + s / 2, swatch - s, swatch - s);
      ctx.fillStyle = PALETTE.text;
      ctx.fillText(label, x + swatch + 4 * s, middle);
      x += width + 12 * s;
    }
  }
}
