import { GIFEncoder, quantize, applyPalette } from 'gifenc';
import { SearchSession } from '../state/session.js';

// Animated GIFs of a search from one step to another, sized for a slide, encoded with the
// gifenc library. The animation runs on a search of its own over the same map and options,
// over a copy of the map, so the page keeps its place on the timeline (and may go on
// editing) while the frames are made.

// Frames fit a 16:9 slide of this size (CSS px, legend included).
export const SLIDE = { width: 960, height: 540 };
// Longer ranges are sampled evenly down to this many frames (the last one always in).
export const MAX_FRAMES = 300;
const FRAME_DELAY_MS = 120;
const LAST_FRAME_DELAY_MS = 2000;

// The steps shown for a range: all of them, or MAX_FRAMES spread evenly with both ends.
export function framesFor(from, to) {
  const count = to - from + 1;
  if (count <= MAX_FRAMES) return Array.from({ length: count }, (_, k) => from + k);
  return Array.from({ length: MAX_FRAMES }, (_, k) => from + Math.round((k * (count - 1)) / (MAX_FRAMES - 1)));
}

// Encodes the frames; onProgress(done, total) after each; resolves to the GIF's bytes, or
// null once cancelled() says so. One palette for all frames, from the first and the last
// (between them they hold every colour the search shows), keeps colours steady.
export async function encodeAnimation({ engine, editor: live, options, pictures, steps, withLegend, onProgress, cancelled }) {
  const editor = engine.MapEditor.fromText(live.toText('ox'));
  let search = null;
  try {
    search = new SearchSession(engine, editor, options);
    const cellCss = Math.min(SLIDE.width / editor.width, (SLIDE.height - (withLegend ? 28 : 0)) / editor.height);
    const { width, height } = pictures.layout(editor.width, editor.height, cellCss, 1, withLegend);
    const canvas = pictures.doc.createElement('canvas');
    const pixelsAt = (step) => {
      search.search.seek(step);
      pictures.draw(search.frameView(pictures.labelCells()), canvas);
      return canvas.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, width, height).data;
    };
    const first = pixelsAt(steps[0]);
    const last = pixelsAt(steps[steps.length - 1]);
    const both = new Uint8ClampedArray(first.length + last.length);
    both.set(first);
    both.set(last, first.length);
    const palette = quantize(both, 256);
    const gif = GIFEncoder();
    for (let k = 0; k < steps.length; k++) {
      if (cancelled()) return null;
      const pixels = pixelsAt(steps[k]);
      const delay = k === steps.length - 1 ? LAST_FRAME_DELAY_MS : FRAME_DELAY_MS;
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
