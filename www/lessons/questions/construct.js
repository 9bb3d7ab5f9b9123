import { optionsFor } from './truth.js';
import { formatValue } from '../../i18n/format.js';

// Construct tasks: the student edits the map until a finder behaves as asked; the engine
// runs the finders on the student's map and the verdict says whether the condition holds,
// and what the map gives either way ({ right, key, params }, as judge.js).

const num = (v) => formatValue(v, 2);
// The reference searches stop when the goal leaves the open list: their paths are shortest.
const SHORTEST = { goalTest: 'off-open' };

// Runs `algorithm` (with `over` on the scene's options) to its end on `editor`: { cost
// (null without a path), expanded }.
function run(engine, editor, options, algorithm, over = {}) {
  const search = new engine.Search(editor, optionsFor(options, algorithm, over));
  try {
    search.finish();
    return { cost: search.pathCost() ?? null, expanded: search.counters().expanded };
  } finally {
    search.free();
  }
}

// The cells whose ground differs between two maps of the same size; null when the size,
// start or goal differ.
function changedCells(a, b) {
  if (a.width !== b.width || a.height !== b.height) return null;
  if (JSON.stringify([a.start(), a.goal()]) !== JSON.stringify([b.start(), b.goal()])) return null;
  const cells = [];
  for (let y = 0; y < a.height; y += 1) {
    for (let x = 0; x < a.width; x += 1) if (a.terrainAt(x, y) !== b.terrainAt(x, y)) cells.push({ x, y, to: b.terrainAt(x, y) });
  }
  return cells;
}

// Two runs compared: both must find a path.
function compared(a, b, holds, key) {
  if (a.cost === null || b.cost === null) return { right: false, key: 'question.why.no-path', params: {} };
  return { right: holds(a, b), key, params: { a: num(a.cost), b: num(b.cost), ea: a.expanded, eb: b.expanded } };
}

const TASKS = {
  'greedy-longer': (engine, { editor, options }) =>
    compared(run(engine, editor, options, 'greedy'), run(engine, editor, options, 'astar', SHORTEST), (g, a) => g.cost > a.cost, 'question.why.greedy-longer'),
  'manhattan-8': (engine, { editor, options }) => {
    const manhattan = run(engine, editor, options, 'astar', { heuristic: 'manhattan', directions: 8, weight: 1 });
    const shortest = run(engine, editor, options, 'dijkstra', { ...SHORTEST, directions: 8 });
    return compared(manhattan, shortest, (m, s) => m.cost > s.cost, 'question.why.manhattan-8');
  },
  'jps-third': (engine, { editor, options }) =>
    compared(run(engine, editor, options, 'jps'), run(engine, editor, options, 'astar'), (j, a) => j.expanded * 3 < a.expanded, 'question.why.jps-third'),
  // One wall added to the scene's map: D* Lite searches the scene's map, repairs for the
  // wall, and its repair's expansions are set against A*'s on the new map from scratch.
  'dstar-repair': (engine, { editor, original, options }) => {
    const changed = changedCells(original, editor);
    if (changed === null || changed.length !== 1 || changed[0].to !== 0) {
      return { right: false, key: 'question.why.one-wall', params: { count: changed?.length ?? '?' } };
    }
    const search = new engine.Search(original, optionsFor(options, 'dstar-lite'));
    let repair;
    try {
      search.finish();
      const before = search.counters().expanded;
      search.repairFrom(editor);
      search.finish();
      repair = { cost: search.pathCost() ?? null, expanded: search.counters().expanded - before };
    } finally {
      search.free();
    }
    return compared(repair, run(engine, editor, options, 'astar'), (r, a) => r.expanded > a.expanded, 'question.why.dstar-repair');
  },
};

// setup: { editor (the student's map), original (the scene's), options (the scene's) }.
export function judgeConstruct(engine, setup, task) {
  return TASKS[task](engine, setup);
}
