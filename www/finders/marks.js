import { PALETTE } from '../board/palette.js';

// Marks a finder leaves on cells, drawn over the state colour. Jump Point Search: cells a
// jump passed over are greyed (unless they are nodes themselves), a jump point gets a
// black corner, and a forced neighbour an orange ring.
const UNVISITED = 0;

export function drawMarks(ctx, px, py, size, marks, state, flags) {
  if (marks === 0) return;
  if (marks & flags.scanned && state === UNVISITED) {
    ctx.fillStyle = PALETTE.scanned;
    ctx.fillRect(px, py, size, size);
  }
  if (marks & flags.jumpPoint && size >= 6) {
    const corner = Math.max(3, Math.round(size * 0.22));
    ctx.fillStyle = PALETTE.jumpPoint;
    ctx.beginPath();
    ctx.moveTo(px + size - corner, py);
    ctx.lineTo(px + size, py);
    ctx.lineTo(px + size, py + corner);
    ctx.closePath();
    ctx.fill();
  }
  if (marks & flags.forced && size >= 5) {
    ctx.strokeStyle = PALETTE.forced;
    ctx.lineWidth = Math.max(1.5, size * 0.08);
    ctx.beginPath();
    ctx.arc(px + size / 2, py + size / 2, size * 0.3, 0, 2 * Math.PI);
    ctx.stroke();
  }
}
