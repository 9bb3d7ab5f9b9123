import { PageError } from '../../i18n/errors.js';
import { finderOf } from '../../finders/catalogue.js';
import { paneOptions } from '../../compare/pane.js';
import { PRIORITY_NAMES, tieRule } from '../../finders/common.js';

// The right answer to a scene's question, from the engine: a search of its own over the
// scene's map and options, taken to the scene's step (`step`) and on. Throws a PageError
// when the question has no answer there (a step past the end, a cell never reached).

// The scene's options for another finder, as a compare pane runs it (`over`: options set).
export function optionsFor(options, algorithm, over = {}) {
  const { heuristic = options.heuristic ?? 'auto', weight = finderOf(algorithm).options.weight ? options.weight : 1, ...own } = over;
  return paneOptions({ algorithm, heuristic, weight, options: own }, options);
}

function searchAt(engine, { editor, options }, step) {
  const search = new engine.Search(editor, options);
  if (search.seek(step) < step) {
    search.free();
    throw new PageError('question.no-step', { step });
  }
  return search;
}

function using(search, fn) {
  try {
    return fn(search);
  } finally {
    search.free();
  }
}

const cellOf = ({ x, y }) => ({ x, y });
// The node a step has just expanded is closed too (the board marks it as the current one).
const closed = (info) => info.state === 'closed' || info.state === 'current';

// Each cell of the map where `test(info)` holds.
function cellsWhere(search, test) {
  const cells = [];
  for (let y = 0; y < search.height; y += 1) {
    for (let x = 0; x < search.width; x += 1) if (test(search.cellInfo(x, y))) cells.push({ x, y });
  }
  return cells;
}

// The true cost from each cell to the goal, where the engine settled it: D* Lite searches
// from the goal, and with H = 0 the cells it closes hold their exact costs.
function costsToGoal(engine, editor, options) {
  const backward = optionsFor(options, 'dstar-lite', { heuristic: 'zero', weight: 1 });
  return using(new engine.Search(editor, backward), (search) => {
    search.finish();
    return cellsWhere(search, closed).map((cell) => ({ ...cell, cost: search.cellInfo(cell.x, cell.y).g }));
  });
}

// H of every cell as the scene's heuristic gives it (LPA* knows H of each cell at once).
function estimates(engine, editor, options) {
  const forward = optionsFor(options, 'lpastar', { weight: 1 });
  const h = using(new engine.Search(editor, forward), (search) => cellsWhere(search, () => true).map(({ x, y }) => search.cellInfo(x, y).h));
  return (x, y) => h[y * editor.width + x];
}

const KINDS = {
  next(engine, setup, step) {
    const finder = finderOf(setup.options.algorithm);
    return using(searchAt(engine, setup, step), (search) => {
      if (finder.family === 'iterative-deepening') {
        const now = step > 0 ? search.stepEvents(step, 1)[0]?.iteration ?? 0 : 0;
        for (let event = search.step(); event; event = search.step()) {
          if (event.iteration > now) return { threshold: event.threshold, iteration: event.iteration };
        }
        throw new PageError('question.no-next');
      }
      // The whole list, so a cell picked from deep in it is told as open.
      const open = search.openCount();
      const entries = finder.family === 'incremental' ? search.queuePage(0, open) : search.openList(open);
      const event = search.step();
      if (!event?.node) throw new PageError('question.no-next');
      return {
        cell: cellOf(event.node),
        side: event.side,
        key: event.key,
        value: event.node.f,
        entries,
        name: PRIORITY_NAMES[finder.priority],
        rule: tieRule(finder, setup.options.tieBreak),
      };
    });
  },

  values(engine, setup, step, q) {
    return using(searchAt(engine, setup, step), (search) => {
      const before = search.cellInfo(q.cell.x, q.cell.y);
      if (!search.step()) throw new PageError('question.no-next');
      const after = search.cellInfo(q.cell.x, q.cell.y);
      if (after.g === null) throw new PageError('question.not-reached', { step: step + 1 });
      const improved = before.g !== null && after.g < before.g;
      return { g: after.g, h: after.h, f: after.f, parent: after.parent, old: improved ? { g: before.g, parent: before.parent } : null };
    });
  },

  parent(engine, setup, step, q) {
    return using(searchAt(engine, setup, step + 1), (search) => {
      const info = search.cellInfo(q.cell.x, q.cell.y);
      if (!info.parent) throw new PageError('question.not-reached', { step: step + 1 });
      return { cell: cellOf(info.parent), g: info.g };
    });
  },

  path(engine, setup) {
    return using(searchAt(engine, setup, 0), (search) => {
      search.finish();
      const path = [...search.path()];
      if (path.length === 0) throw new PageError('question.no-path');
      return { cells: path.map((i) => ({ x: i % search.width, y: Math.floor(i / search.width) })), cost: search.pathCost() };
    });
  },

  closed(engine, setup, step, q) {
    return using(searchAt(engine, setup, q.step), (search) => ({ cells: cellsWhere(search, closed) }));
  },

  // The engine's verdict for the options, and where H overestimates on this map: the cell
  // where it overestimates most, with its H and true cost.
  admissible(engine, { editor, options }) {
    const verdict = using(new engine.Search(editor, options), (search) => search.admissibility());
    if (verdict.admissible) return { admissible: true };
    const weight = verdict.reason?.code === 'weight' ? options.weight : 1;
    const h = estimates(engine, editor, options);
    let worst = null;
    for (const { x, y, cost } of costsToGoal(engine, editor, options)) {
      const over = weight * h(x, y) - cost;
      if (over > 1e-9 && (worst === null || over > worst.over)) worst = { cell: { x, y }, h: weight * h(x, y), cost, over };
    }
    return { admissible: false, reason: verdict.reason, worst };
  },
};

// The right answer to question `q` of a scene opened at `step` (setup: { editor, options }).
export function truthOf(engine, setup, step, q) {
  return KINDS[q.kind](engine, setup, step, q);
}
