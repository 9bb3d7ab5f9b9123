// The page's colours, in one place: the canvas reads them here and the legend gets them as
// CSS custom properties. Based on the Okabe-Ito palette so open, closed, current and path
// stay apart for colour-blind viewers (blue against yellow/orange is the safest pair); start
// green and goal red follow the tutorials, darkened so white letters on them stay legible,
// and they also carry the letters S and G so they are never told apart by colour alone.
// Open cells are a mid blue and closed ones a pale yellow, so they also differ in lightness
// (about 50 grey levels of 255 apart) and stay apart printed or seen in greyscale; the
// backward side of a bidirectional search keeps the same order, open darker than closed.
export const PALETTE = {
  ground: '#ffffff',
  gridLine: '#c8cdd3',
  // Beside a map of hexes, in the corners of its rhombus.
  outside: '#eceef1',
  wall: '#3a3a3a',
  terrain: '#7a5230',
  open: '#7fc1ea',
  closed: '#f5eb99',
  current: '#e69f00',
  touched: '#cc79a7',
  path: '#0072b2',
  scanned: '#c9ccd1',
  jumpPoint: '#1a1a1a',
  forced: '#d55e00',
  pathCasing: '#ffffff',
  start: '#00785a',
  goal: '#c04a00',
  next: '#1a1a1a',
  text: '#1a1a1a',
  textOnDark: '#ffffff',
  // Bidirectional search: the backward side, darker than the forward side's open and closed
  // and striped; the meeting point.
  backwardOpen: '#a77cc2',
  backwardClosed: '#e8c4d0',
  backwardStripe: '#5b3a6e',
  meeting: '#009e73',
  sightClear: '#009e73',
  sightBlocked: '#b3261e',
  // IDA*: the path being explored, and cells pruned by the threshold.
  onStack: '#d55e00',
  pruned: '#4a4a4a',
  // LPA* and D* Lite: over-consistent cells hatched, under-consistent ones dotted.
  overConsistent: '#0b4f7a',
  underConsistent: '#b3261e',
  // A walk: the fog over cells the agent has not seen (the real walls show dimmed
  // through it), the cells it walked, the agent.
  fog: '#6b7380',
  walked: '#009e73',
  agent: '#e69f00',
  // The frame around a cell a lesson's scene points at: a purple no state fill uses.
  lessonMark: '#7b2cbf',
};

// Terrain weight w (2..9) darkens a cell towards PALETTE.terrain by this fraction, so heavier
// ground reads darker whatever the state colour underneath.
export function terrainShade(weight) {
  return weight <= 1 ? 0 : 0.14 + (weight - 2) * 0.085;
}

export function applyPaletteToCss(root) {
  for (const [name, value] of Object.entries(PALETTE)) {
    root.style.setProperty(`--c-${name}`, value);
  }
  for (let w = 2; w <= 9; w++) {
    root.style.setProperty(`--c-terrain-${w}`, mixHex(PALETTE.ground, PALETTE.terrain, terrainShade(w)));
  }
}

export function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function mixRgb(a, b, t) {
  return a.map((v, i) => Math.round(v + (b[i] - v) * t));
}

export function rgbToCss(rgb) {
  return `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
}

export function mixHex(a, b, t) {
  return rgbToCss(mixRgb(hexToRgb(a), hexToRgb(b), t));
}

// Relative luminance (WCAG) decides whether dark or white text goes on a fill.
export function isDark(rgb) {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.22;
}
