import { GIFEncoder, quantize, applyPalette } from 'gifenc';
import { SearchSession } from '../state/session.js';
import { PALETTE, hexToRgb } from '../board/palette.js';

// Animated GIFs of a search from one step to another, sized for a slide, encoded with the
// gifenc library. The animation runs on a search of its own over the same map and options,
// over a copy of the map, so the page keeps its place on the timeline (and may go on
// editing) while the frames are made.

// Frames fit a 16:9 slide of this size (CSS px, legend included).
export const SLIDE = { width: 960, height: 540 };
// Longer ranges are sampled evenly down to this many frames (the last one always in).
export const MAX_FRAMES = 300;
// How long each step shows and how long the last frame is held, in seconds: the settings'
// ranges and defaults.
export const FRAME_SECONDS = { min: 0.2, max: 3, default: 0.5 };
export const HOLD_SECONDS = { min: 0, max: 10, default: 3 };
// Frames sampled for the palette's shades besides the page's own colours.
const PALETTE_SAMPLES = 5;

// Every colour the board fills or strokes with, exactly: the page's palette and the fills of
// each cell state on each terrain. Put in the GIF's palette as they are, so a colour that
// shows in few frames (the ring of a cell just opened) never comes out as a near neighbour.
function pageColours(renderer) {
  const css = [...Object.values(PALETTE), ...renderer.fills.map((f) => f.fill)];
  const rgb = css.map((c) => (c.startsWith('#') ? hexToRgb(c) : c.match(/\d+/g).slice(0, 3).map(Number)));
  return [...new Map(rgb.map((c) => [c.join(), c])).values()];
}

// The steps shown for a range: all of them, or MAX_FRAMES spread evenly with both ends.
export function framesFor(from, to) {
  const count = to - from + 1;
  if (count <= MAX_FRAMES) return Array.from({ length: count }, (_, k) => from + k);
  return Array.from({ length: MAX_FRAMES }, (_, k) => from + Math.round((k * (count - 1)) / (MAX_FRAMES - 1)));
}

// Encodes the frames, each shown `frameSeconds` and the last held `holdSeconds` longer;
// onProgress(done, total) after each; resolves to the GIF's bytes, or null once cancelled()
// says so. One palette for all frames keeps colours steady: the page's own colours exactly,
// and the shades between them (antialiased edges, digits) from a few frames spread over
// the range.
export async function encodeAnimation({ engine, editor: live, options, walk = null, pictures, steps, withLegend, frameSeconds, holdSeconds, onProgress, cancelled }) {
  const editor = engine.MapEditor.fromText(live.toText('ox'));
  let search = null;
  try {
    // In Walk mode the frames are the walk's moves: its fog, agent, trail and plan.
    search = new SearchSession(engine, editor, options, walk);
    // The legend takes as many rows as the picture's width needs, and the cells shrink to
    // leave it room: settled in a few rounds.
    let legendHeight = 0;
    let size = null;
    for (let round = 0; round < 3; round++) {
      const cellCss = Math.floor(Math.min(SLIDE.width / editor.width, (SLIDE.height - legendHeight) / editor.height));
      size = pictures.layout(editor.width, editor.height, Math.max(1, cellCss), 1, withLegend, search.finder);
      if (pictures.legendHeight === legendHeight) break;
      legendHeight = pictures.legendHeight;
    }
    const { width, height } = size;
    const canvas = pictures.doc.createElement('canvas');
    const pixelsAt = (step) => {
      search.seek(step);
      pictures.draw(search.frameView(pictures.labelCells()), canvas);
      return canvas.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, width, height).data;
    };
    const exact = pageColours(pictures.renderer);
    const samples = Math.min(PALETTE_SAMPLES, steps.length);
    const sampled = Array.from({ length: samples }, (_, k) => pixelsAt(steps[Math.round((k * (steps.length - 1)) / Math.max(1, samples - 1))]));
    const joined = new Uint8ClampedArray(sampled.reduce((n, p) => n + p.length, 0));
    sampled.reduce((at, p) => (joined.set(p, at), at + p.length), 0);
    const palette = [...exact, ...quantize(joined, 256 - exact.length)];
    const gif = GIFEncoder();
    const frameMs = Math.round(frameSeconds * 1000);
    for (let k = 0; k < steps.length; k++) {
      if (cancelled()) return null;
      const pixels = pixelsAt(steps[k]);
      const delay = k === steps.length - 1 ? frameMs + Math.round(holdSeconds * 1000) : frameMs;
      gif.writeFrame(applyPalette(pixels, palette), width, height, { palette, delay, first: k === 0 });
      onProgress(k + 1, steps.length);
      // Lets the page paint the progress bar and take a click on Cancel.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    gif.finish();
    return gif.bytes();
  } finally {
    search?.search.free();
    editor.free();
  }
}
