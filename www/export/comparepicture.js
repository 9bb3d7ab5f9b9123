import { PictureMaker, FONT } from './picture.js';
import { PALETTE } from '../board/palette.js';

// The compare view as one picture: each pane's map under its method's name, laid out as on
// screen (side by side, two rows of two for four), and when asked one legend under them
// for every pane's finder.

const TITLE = 24;
const GAP = 10;

// panes: [{ name, session }]; cellCss: a cell's side (CSS px) in every pane; scale: device px
// per CSS px. Returns a canvas.
export function comparePicture(doc, panes, { cellCss, scale, withLegend }) {
  const pictures = panes.map(({ name, session }) => {
    const maker = new PictureMaker(doc);
    maker.layout(session.editor.width, session.editor.height, cellCss, scale, false, session.finder, session.shape);
    return { name, canvas: maker.draw(session.frameView(maker.labelCells())) };
  });
  const columns = panes.length === 4 ? 2 : panes.length;
  const rows = Math.ceil(panes.length / columns);
  const cellWidth = Math.max(...pictures.map((p) => p.canvas.width));
  const cellHeight = Math.max(...pictures.map((p) => p.canvas.height)) + TITLE * scale;
  const gap = GAP * scale;
  const target = doc.createElement('canvas');
  target.width = columns * cellWidth + (columns - 1) * gap;
  const mapsHeight = rows * cellHeight + (rows - 1) * gap;
  const legend = withLegend ? new PictureMaker(doc).legendCanvas(target.width, scale, panes.map(({ session }) => session.finder)) : null;
  target.height = mapsHeight + (legend?.height ?? 0);
  const ctx = target.getContext('2d');
  ctx.fillStyle = PALETTE.ground;
  ctx.fillRect(0, 0, target.width, target.height);
  ctx.fillStyle = PALETTE.text;
  ctx.font = `700 ${14 * scale}px ${FONT}`;
  ctx.textBaseline = 'middle';
  pictures.forEach(({ name, canvas }, k) => {
    const x = (k % columns) * (cellWidth + gap);
    const y = Math.floor(k / columns) * (cellHeight + gap);
    ctx.fillText(name, x + 4 * scale, y + (TITLE * scale) / 2, cellWidth - 8 * scale);
    ctx.drawImage(canvas, x, y + TITLE * scale);
  });
  if (legend) ctx.drawImage(legend, 0, mapsHeight);
  return target;
}
