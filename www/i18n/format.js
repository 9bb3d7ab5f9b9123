// Numbers and cells as the page writes them.

// A value in display units: integers as they are (10/14 costs), others rounded (exact costs),
// so a cell never shows 24.142135623730951.
export function formatValue(v, decimals = 1) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(decimals)));
}

// A value that may be infinite (LPA*'s and D* Lite's g and rhs): ∞ for infinite.
export function formatFinite(v, decimals = 1) {
  return Number.isFinite(v) ? formatValue(v, decimals) : '∞';
}

// A two-part key [k1; k2].
export function formatKey([k1, k2], decimals = 1) {
  return `[${formatFinite(k1, decimals)}; ${formatFinite(k2, decimals)}]`;
}

// Where (0,0) is when a cell is written: the top-left corner, as the engine and most
// tutorials count (y grows downwards), or the bottom-left, as the C# tutorial does (y grows
// upwards). Only the writing changes; cells are held top-left first everywhere.
export const CELL_ORIGINS = ['top-left', 'bottom-left'];
let origin = CELL_ORIGINS[0];
// The rows of the map on show, which the bottom-left origin counts from.
let rows = 0;

export function cellOrigin() {
  return origin;
}

export function setCellOrigin(value) {
  if (CELL_ORIGINS.includes(value)) origin = value;
}

export function setMapRows(count) {
  rows = count;
}

export function formatCell(p) {
  const y = origin === 'bottom-left' && rows > 0 ? rows - 1 - p.y : p.y;
  return `(${p.x},${y})`;
}
