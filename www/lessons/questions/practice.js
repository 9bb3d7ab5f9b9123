import { randomWallsText, seededRandom } from '../../maps/mapgen.js';
import { PageError } from '../../i18n/errors.js';
import { truthOf } from './truth.js';

// Practice on random maps: `question: practice 12x8 30 7` asks questions of the first kinds
// (the next node, a cell's values or parent, the path, the closed cells) on maps of 12x8
// cells with 30% walls, made from seed 7. Instance n of a seed is the same for everyone, so
// a class that shares the lesson gets the same maps and the same questions.

export const PRACTICE_KINDS = ['next', 'values', 'parent', 'path', 'closed'];
// Maps without a path are passed over; this many are tried for one instance.
const TRIES = 20;

// Instance n (from 1) of a practice question, over the scene's options: { text (the map),
// step (the one shown), q (the question) }, or null when no map of TRIES has a path and a
// question with an answer.
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
      const instance = ask(search, text, total, seededRandom(mapSeed), n);
      if (instance === null) continue;
      // Only a question with an answer (IDA*'s last iteration has no next threshold).
      try {
        truthOf(engine, { editor, options }, instance.step, instance.q);
        return instance;
      } catch (error) {
        if (!(error instanceof PageError)) throw error;
      }
    } finally {
      search.free();
      editor.free();
    }
  }
  return null;
}

// The question of instance n on a map whose search (finished) took `total` steps, or null.
function ask(search, text, total, random, n) {
  const kind = PRACTICE_KINDS[(n - 1) % PRACTICE_KINDS.length];
  const step = Math.floor(random() * (total - 1));
  if (kind === 'path') return { text, step: 0, q: { kind } };
  if (kind === 'closed') return { text, step, q: { kind, step: step + 1 } };
  if (kind === 'next') return { text, step, q: { kind } };
  // A cell with a parent and a G after the next step: one the step touches where there is one.
  search.seek(step + 1);
  const cells = [];
  for (let y = 0; y < search.height; y += 1) {
    for (let x = 0; x < search.width; x += 1) {
      const info = search.cellInfo(x, y);
      if (info.parent && info.g !== null) cells.push({ x, y });
    }
  }
  const touched = search.touched().filter((c) => cells.some((p) => p.x === c.x && p.y === c.y));
  const from = touched.length > 0 ? touched : cells;
  return from.length === 0 ? null : { text, step, q: { kind, cell: from[Math.floor(random() * from.length)] } };
}
