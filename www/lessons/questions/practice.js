import { randomWallsText, seededRandom } from '../../maps/mapgen.js';

// Practice on random maps: `question: practice 12x8 30 7` asks questions of the first kinds
// (the next node, a cell's values or parent, the path, the closed cells) on maps of 12x8
// cells with 30% walls, made from seed 7. Instance n of a seed is the same for everyone, so
// a class that shares the lesson gets the same maps and the same questions.

export const PRACTICE_KINDS = ['next', 'values', 'parent', 'path', 'closed'];
// Maps without a path are passed over; this many are tried for one instance.
const TRIES = 20;

// Instance n (from 1) of a practice question, over the scene's options: { text (the map),
// step (the one shown), q (the question) }, or null when no map of TRIES has a path.
export function practiceInstance(engine, options, { width, height, density, seed }, n) {
  for (let tries = 0; tries < TRIES; tries += 1) {
    const mapSeed = (seed * 7919 + n * TRIES + tries) >>> 0;
    const text = randomWallsText(width, height, density / 100, mapSeed);
    const editor = engine.MapEditor.fromText(text);
    const search = new engine.Search(editor, options);
    try {
      search.finish();
      const total = search.stepCount();
      if (search.pathCost() == null || total < 2) continue;
      const random = seededRandom(mapSeed);
      const kind = PRACTICE_KINDS[(n - 1) % PRACTICE_KINDS.length];
      const step = Math.floor(random() * (total - 1));
      if (kind === 'path') return { text, step: 0, q: { kind } };
      if (kind === 'closed') return { text, step, q: { kind, step: step + 1 } };
      if (kind === 'next') return { text, step, q: { kind } };
      // A cell with a parent after the next step: one the step touches where there is one.
      search.seek(step + 1);
      const cells = [];
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) if (search.cellInfo(x, y).parent) cells.push({ x, y });
      }
      const touched = search.touched().filter((c) => cells.some((p) => p.x === c.x && p.y === c.y));
      const from = touched.length > 0 ? touched : cells;
      return { text, step, q: { kind, cell: from[Math.floor(random() * from.length)] } };
    } finally {
      search.free();
      editor.free();
    }
  }
  return null;
}
