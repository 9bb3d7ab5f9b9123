import { t } from '../i18n/i18n.js';
import { familyOf, markBits } from './catalogue.js';

// The marks a finder sets on cells (one byte of flags per cell, each mark's bit from the
// catalogue), drawn by the painters its family module holds for the marks the catalogue
// says it sets. The renderer, the legend and the cell inspector get them from here and know
// no finder.

// The painter of a finder's marks, or null when it sets none:
//   fill(mark, state, terrain) -> { fill, text } for a cell whose marks colour it, or null;
//   draw(ctx, px, py, inner, mark, state) draws a cell's marks over its fill.
// A mark the family has no painter for is drawn as a question mark: seen, never a blank.
export function markPainter(finder) {
  if (finder.marks.length === 0) return null;
  const bits = markBits();
  const painters = finder.marks.map((name) => ({ bit: bits[name], paint: familyOf(finder)?.marks[name] ?? UNKNOWN_MARK }));
  const filling = painters.filter((p) => p.paint.fill);
  return {
    fill(mark, state, terrain) {
      for (const { bit, paint } of filling) {
        if (mark & bit) return paint.fill(state, terrain);
      }
      return null;
    },
    draw(ctx, px, py, inner, mark, state) {
      if (!mark) return;
      const cell = { state, has: (name) => (mark & bits[name]) !== 0 };
      ctx.save();
      for (const { bit, paint } of painters) {
        if (mark & bit) paint.draw(ctx, px, py, inner, cell);
      }
      ctx.restore();
    },
  };
}

const UNKNOWN_MARK = {
  draw(ctx, px, py, inner) {
    ctx.fillStyle = '#d00';
    ctx.font = `700 ${Math.round(inner * 0.5)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('?', px + inner / 2, py + inner / 2);
  },
};

// Shows the legend entries (`data-mark="name"`) of the marks the finders on show set, only.
// Also the keys to a cell's numbers (`data-cell-values="f,g,h"`), those for what their cells
// show (their catalogue entries' cellValues). finders: the one in use, or the compare view's.
export function showMarkLegend(root, finders) {
  const shown = [finders].flat();
  for (const item of root.querySelectorAll('[data-mark]')) {
    const on = shown.some((finder) => finder.marks.includes(item.dataset.mark));
    if (item.hidden === on) item.hidden = !on;
  }
  const values = new Set(shown.map((finder) => finder.cellValues.join(',')));
  for (const item of root.querySelectorAll('[data-cell-values]')) {
    const on = values.has(item.dataset.cellValues);
    if (item.hidden === on) item.hidden = !on;
  }
}

// What a cell's marks say, for the cell inspector: [label, text] rows.
export function markRows(finder, mark) {
  const bits = markBits();
  const family = familyOf(finder);
  const notes = finder.marks
    .filter((name) => mark & bits[name])
    .map((name) => family?.marks[name])
    .filter((paint) => paint?.note)
    .map((paint) => t(paint.note));
  return notes.length === 0 ? [] : [[t('inspector.finder'), notes.join(' ')]];
}
