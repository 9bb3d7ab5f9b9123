// Numbers and cells as the page writes them.

// A value in display units: integers as they are (10/14 costs), others rounded (exact costs),
// so a cell never shows 24.142135623730951.
export function formatValue(v, decimals = 1) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(decimals)));
}

export function formatCell(p) {
  return `(${p.x},${p.y})`;
}
