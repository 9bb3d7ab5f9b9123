// What a worksheet asks: the scene's next steps that give cells new numbers, and at each the
// cells it opened or improved, up to a few, with their F, G and H for the answer key.

export const SHEET_STEPS = 4;
const CELLS_PER_STEP = 3;
// Steps that open nothing are passed over, up to this many steps after the scene's.
const LOOK_AHEAD = 40;

// [{ step, cells: [{ x, y, f, g, h }] }] for up to SHEET_STEPS steps after `step`.
// search: the scene's search (left at the last step looked at).
export function sheetSteps(search, step) {
  const steps = [];
  for (let s = step + 1; s <= step + LOOK_AHEAD && steps.length < SHEET_STEPS; s += 1) {
    if (search.seek(s) < s) break;
    const cells = search.touched()
      .map(({ x, y }) => search.cellInfo(x, y))
      .filter((info) => info.g !== null && info.state === 'open')
      .slice(0, CELLS_PER_STEP)
      .map(({ x, y, f, g, h }) => ({ x, y, f, g, h }));
    if (cells.length > 0) steps.push({ step: s, cells });
  }
  return steps;
}
