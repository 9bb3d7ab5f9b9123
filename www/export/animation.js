import { GIFEncoder, quantize, nearestColorIndex } from 'gifenc';
import { SearchSession } from '../state/session.js';
import { PALETTE, hexToRgb } from '../board/palette.js';
import { PictureMaker } from './picture.js';
import { comparePicture } from './comparepicture.js';

// Animated GIFs of the view on show (a search, a walk, or the compare view's panes) from one
// step to another, sized for a slide, encoded with the gifenc library. The animation runs on
// searches of its own over a copy of the map with the same options, so the page keeps its
// place on the timeline (and may go on editing) while the frames are made.

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

// Each pixel's index in the palette: the colour nearest its own. (gifenc's applyPalette
// maps a bucket of like colours to the one nearest the first it meets in a frame, so a page
// colour could come out as a neighbour's, and differently from frame to frame.) The cache,
// kept for every frame, holds each colour met and its index.
function indexed(pixels, palette, cache) {
  const rgba = new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length / 4);
  const indices = new Uint8Array(rgba.length);
  for (let i = 0; i < rgba.length; i++) {
    const key = rgba[i] & 0xffffff;
    let index = cache.get(key);
    if (index === undefined) {
      index = nearestColorIndex(palette, [key & 255, (key >> 8) & 255, (key >> 16) & 255]);
      cache.set(key, index);
    }
    indices[i] = index;
  }
  return indices;
}

// The steps shown for a range: all of them, or MAX_FRAMES spread evenly with both ends.
export function framesFor(from, to) {
  const count = to - from + 1;
  if (count <= MAX_FRAMES) return Array.from({ length: count }, (_, k) => from + k);
  return Array.from({ length: MAX_FRAMES }, (_, k) => from + Math.round((k * (count - 1)) / (MAX_FRAMES - 1)));
}

// The single view's frames: a search (in Walk mode, the walk: its fog, agent, trail and
// plan per move) of its own over a copy of the map, cells as large as a slide allows with
// the legend under them. Returns { width, height, colours, draw(step, canvas), dispose() }.
export function singleFilm({ engine, editor: live, options, walk = null, pictures, withLegend }) {
  const editor = engine.MapEditor.fromText(live.toText('ox'));
  let search;
  try {
    search = new SearchSession(engine, editor, options, walk);
  } catch (error) {
    editor.free();
    throw error;
  }
  // The legend takes as many rows as the picture's width needs, and the cells shrink to
  // leave it room: settled in a few rounds.
  let legendHeight = 0;
  let size = null;
  for (let round = 0; round < 3; round++) {
    const cellCss = Math.floor(Math.min(SLIDE.width / editor.width, (SLIDE.height - legendHeight) / editor.height));
    size = pictures.layout(editor.width, editor.height, Math.max(1, cellCss), 1, withLegend, search.finder, search.shape);
    if (pictures.legendHeight === legendHeight) break;
    legendHeight = pictures.legendHeight;
  }
  return {
    ...size,
    colours: pageColours(pictures.renderer),
    draw(step, canvas) {
      search.seek(step);
      pictures.draw(search.frameView(pictures.labelCells()), canvas);
    },
    dispose() {
      search.dispose();
      editor.free();
    },
  };
}

// The compare view's frames: each pane's method searching (or walking) a copy of the map,
// all at the same step as in lockstep, laid out as comparePicture lays out the panes, cells
// as large as a slide allows. panes: [{ name, options }].
export function compareFilm({ doc, engine, editor: live, panes, walk = null, withLegend }) {
  const editor = engine.MapEditor.fromText(live.toText('ox'));
  const sessions = [];
  const dispose = () => {
    for (const { session } of sessions) session.dispose();
    editor.free();
  };
  try {
    for (const { name, options } of panes) sessions.push({ name, session: new SearchSession(engine, editor, options, walk) });
  } catch (error) {
    dispose();
    throw error;
  }
  const columns = panes.length === 4 ? 2 : panes.length;
  const rows = Math.ceil(panes.length / columns);
  const picture = (cellCss) => comparePicture(doc, sessions, { cellCss, scale: 1, withLegend });
  // A first guess from the maps alone, then smaller until the titles and legends fit too.
  let cellCss = Math.max(1, Math.floor(Math.min(SLIDE.width / (columns * editor.width), SLIDE.height / (rows * editor.height))));
  let size = picture(cellCss);
  while (cellCss > 1 && (size.width > SLIDE.width || size.height > SLIDE.height)) {
    const shrink = Math.min(SLIDE.width / size.width, SLIDE.height / size.height);
    cellCss = Math.max(1, Math.min(cellCss - 1, Math.floor(cellCss * shrink)));
    size = picture(cellCss);
  }
  return {
    width: size.width,
    height: size.height,
    colours: pageColours(new PictureMaker(doc).renderer),
    draw(step, canvas) {
      for (const { session } of sessions) session.seek(step);
      const drawn = picture(cellCss);
      Object.assign(canvas, { width: drawn.width, height: drawn.height });
      canvas.getContext('2d').drawImage(drawn, 0, 0);
    },
    dispose,
  };
}

// Encodes a film's frames at the given steps, each shown `frameSeconds` and the last held
// `holdSeconds` longer; onProgress(done, total) after each; resolves to the GIF's bytes, or
// null once cancelled() says so. The film is disposed of either way. One palette for all
// frames keeps colours steady: the page's own colours exactly, and the shades between them
// (antialiased edges, digits) from a few frames spread over the range.
export async function encodeAnimation({ doc, film, steps, frameSeconds, holdSeconds, onProgress, cancelled }) {
  try {
    const { width, height } = film;
    const canvas = doc.createElement('canvas');
    const pixelsAt = (step) => {
      film.draw(step, canvas);
      return canvas.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, width, height).data;
    };
    const exact = film.colours;
    const samples = Math.min(PALETTE_SAMPLES, steps.length);
    const sampled = Array.from({ length: samples }, (_, k) => pixelsAt(steps[Math.round((k * (steps.length - 1)) / Math.max(1, samples - 1))]));
    const joined = new Uint8ClampedArray(sampled.reduce((n, p) => n + p.length, 0));
    sampled.reduce((at, p) => (joined.set(p, at), at + p.length), 0);
    const palette = [...exact, ...quantize(joined, 256 - exact.length)];
    const gif = GIFEncoder();
    const cache = new Map();
    const frameMs = Math.round(frameSeconds * 1000);
    for (let k = 0; k < steps.length; k++) {
      if (cancelled()) return null;
      const pixels = pixelsAt(steps[k]);
      const delay = k === steps.length - 1 ? frameMs + Math.round(holdSeconds * 1000) : frameMs;
      gif.writeFrame(indexed(pixels, palette, cache), width, height, { palette, delay, first: k === 0 });
      onProgress(k + 1, steps.length);
      // Lets the page paint the progress bar and take a click on Cancel.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    gif.finish();
    return gif.bytes();
  } finally {
    film.dispose();
  }
}
