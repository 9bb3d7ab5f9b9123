import { PALETTE, terrainShade, hexToRgb, mixRgb, rgbToCss, isDark } from '../board/palette.js';

// The engine's per-cell marks (one byte of flags, as in src/finder.rs) and how a cell
// carrying them is drawn: the backward side of a bidirectional search in colours of its own
// (darker than the forward side's, so the two also stay apart in greyscale) with stripes, the
// meeting point as a diamond, IDA*'s path being explored as a thick outline, cells it pruned
// crossed out.
export const MARK = {
  scanned: 1,
  jumpPoint: 2,
  forced: 4,
  backward: 8,
  meeting: 16,
  onStack: 32,
  pruned: 64,
};

// Fill and text colour of a backward cell for each (state, terrain): state 1 open, 2 closed.
function buildBackwardFills() {
  const bases = [PALETTE.ground, PALETTE.backwardOpen, PALETTE.backwardClosed, PALETTE.current].map(hexToRgb);
  const brown = hexToRgb(PALETTE.terrain);
  const fills = [];
  for (let state = 0; state < bases.length; state++) {
    for (let terrain = 0; terrain <= 9; terrain++) {
      const rgb = mixRgb(bases[state], brown, terrainShade(terrain) * 0.6);
      fills.push({ fill: rgbToCss(rgb), text: isDark(rgb) ? PALETTE.textOnDark : PALETTE.text });
    }
  }
  return fills;
}

const BACKWARD_FILLS = buildBackwardFills();

// The fill for a cell of the backward side, or null for any other cell.
export function backwardFill(mark, state, terrain) {
  if (!(mark & MARK.backward) || state === 0 || terrain === 0) return null;
  return BACKWARD_FILLS[state * 10 + terrain];
}

// Draws a cell's marks over its fill; (px, py) its top-left corner, `inner` its side.
export function drawCellMarks(ctx, px, py, inner, mark) {
  if (!mark) return;
  ctx.save();
  if (mark & MARK.backward && inner >= 6) {
    // Stripes: the backward side reads as such without colour.
    ctx.beginPath();
    ctx.rect(px, py, inner, inner);
    ctx.clip();
    ctx.strokeStyle = PALETTE.backwardStripe;
    ctx.lineWidth = Math.max(1, inner * 0.04);
    const gap = Math.max(4, inner / 4);
    ctx.beginPath();
    for (let d = gap / 2; d < 2 * inner; d += gap) {
      ctx.moveTo(px + d, py);
      ctx.lineTo(px + d - inner, py + inner);
    }
    ctx.stroke();
  }
  if (mark & MARK.onStack) {
    const width = Math.max(2, Math.round(inner * 0.14));
    ctx.strokeStyle = PALETTE.onStack;
    ctx.lineWidth = width;
    ctx.strokeRect(px + width / 2, py + width / 2, inner - width, inner - width);
  }
  if (mark & MARK.pruned && !(mark & MARK.onStack)) {
    ctx.strokeStyle = PALETTE.pruned;
    ctx.lineWidth = Math.max(1, inner * 0.06);
    const m = inner * 0.18;
    ctx.beginPath();
    ctx.moveTo(px + m, py + m);
    ctx.lineTo(px + inner - m, py + inner - m);
    ctx.moveTo(px + inner - m, py + m);
    ctx.lineTo(px + m, py + inner - m);
    ctx.globalAlpha = 0.55;
    ctx.stroke();
    ctx.globalAlpha = 1;
  }
  if (mark & MARK.meeting) {
    const cx = px + inner / 2;
    const cy = py + inner / 2;
    const r = Math.max(3, inner * 0.36);
    ctx.beginPath();
    ctx.moveTo(cx, cy - r);
    ctx.lineTo(cx + r, cy);
    ctx.lineTo(cx, cy + r);
    ctx.lineTo(cx - r, cy);
    ctx.closePath();
    ctx.lineWidth = Math.max(2, inner * 0.08);
    ctx.strokeStyle = PALETTE.pathCasing;
    ctx.stroke();
    ctx.lineWidth = Math.max(1, inner * 0.05);
    ctx.strokeStyle = PALETTE.meeting;
    ctx.stroke();
  }
  ctx.restore();
}
