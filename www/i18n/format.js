// Numbers and cells as the page writes them.

// A value in display units: integers as they are (10/14 costs), others to two decimals as the
// tutorials print them (sqrt 2 + sqrt 17 = 5.54), so a cell never shows 24.142135623730951.
export function formatValue(v, decimals = 2) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(decimals)));
}

// A value that may be infinite (LPA*'s and D* Lite's g and rhs): ∞ for infinite.
export function formatFinite(v, decimals = 2) {
  return Number.isFinite(v) ? formatValue(v, decimals) : '∞';
}

// A two-part key [k1; k2].
export function formatKey([k1, k2], decimals = 2) {
  return `[${formatFinite(k1, decimals)}; ${formatFinite(k2, decimals)}]`;
}

// Where (0,0) is when a cell is written: the top-left corner, as the engine and most
// tutorials count (y grows downwards), the bottom-left, as the C# tutorial does (y grows
// upwards), or the top-left counted from 1, as the first C++ tutorial writes "(4,3)". Only
// the writing changes; cells are held top-left from 0 everywhere.
export const CELL_ORIGINS = ['top-left', 'bottom-left', 'top-left-1'];
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
  const base = origin === 'top-left-1' ? 1 : 0;
  return `(${p.x + base},${y + base})`;
}
