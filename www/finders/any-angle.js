import { t } from '../i18n/i18n.js';
import { formatCell } from '../i18n/format.js';
import { NEIGHBOUR_OUTCOMES, NO_PATH, describeExpansion, describeGoal, traceExpansion, value } from './common.js';
import { describePriority } from './best-first.js';

// The any-angle finders (Theta*, Lazy Theta*): A*'s loop, where a neighbour's parent may be
// the parent of the node expanded when that one sees it (path 2) rather than the node
// itself (path 1). The catalogue's `sight` says when line of sight is tested: as each
// neighbour is relaxed ('relax'), or once when a node is expanded ('expand', Lazy Theta*).
// The engine tells each test (`event.sight`: from, to, clear, the cells crossed), which the
// board draws and these lines and words tell.

const same = (a, b) => a.x === b.x && a.y === b.y;
const lazy = (finder) => finder.sight === 'expand';

function listing(finder) {
  return [
    ['init', 0, 'code.init'],
    ['start', 0, 'code.astar.start'],
    ['loop', 0, 'code.loop'],
    ['pop', 1, 'code.astar.pop'],
    ...(lazy(finder) ? [['sight', 1, 'code.lazy.sight']] : []),
    ['goal', 1, 'code.goal'],
    ['each', 1, 'code.each'],
    ['skip', 2, 'code.skip'],
    ...(lazy(finder)
      ? [['path2', 2, 'code.lazy.path2']]
      : [['sight', 2, 'code.theta.sight'], ['path2', 3, 'code.theta.path2'], ['path1', 2, 'code.theta.path1']]),
    ['new', 2, 'code.new'],
    ['set', 3, 'code.theta.set'],
    ['add', 3, 'code.add'],
    ['better', 2, 'code.better'],
    ['update', 3, 'code.theta.update'],
    ['close', 1, 'code.close'],
    ['fail', 0, 'code.fail'],
  ];
}

// A*'s lines for the step, with each neighbour's cost line told as the route it took, and
// the parent each new G goes with; a line that tests line of sight carries the test (Step
// line draws it from that line on). Lazy Theta* tests the goal too as it is taken.
function trace(event, finder, rules) {
  const lines = traceExpansion(event, finder, rules);
  const tests = event.sight ?? [];
  const node = event.node;
  const cell = formatCell(node);
  const out = [];
  const add = (item, line, key, params, sight) => out.push({ ...item, line, note: { key, params }, sight });
  for (const item of lines) {
    const nb = item.neighbour && event.neighbours.find((n) => same(n, item.neighbour));
    if (item.line === 'cost' && nb) {
      const params = { cell: formatCell(nb), g: value(nb.outcome === 'not-improved' ? nb.candidateG : nb.g) };
      const test = tests.find((s) => same(s.to, nb));
      if (test) add(item, 'sight', test.clear ? 'code.note.sight-clear' : 'code.note.sight-blocked', { ...params, from: formatCell(test.from), crossed: test.cells.length }, test);
      // Lazy Theta* always takes path 2 (from the start, its own parent).
      if (lazy(finder) || test?.clear) add(item, 'path2', 'code.note.path2', params);
      else add(item, 'path1', 'code.note.path1', params);
      continue;
    }
    if ((item.line === 'set' || item.line === 'update') && nb?.parent) item.note.params.parent = formatCell(nb.parent);
    out.push(item);
    if (item.line === 'pop' && lazy(finder)) {
      const test = tests.find((s) => same(s.to, node));
      if (!test) continue;
      const params = { cell, parent: formatCell(test.from), from: formatCell(test.from), crossed: test.cells.length, g: value(node.g), via: event.reparent && formatCell(event.reparent) };
      // The goal's event names no new parent: the path that follows shows it.
      add(item, 'sight', test.clear ? 'code.note.lazy-kept' : params.via ? 'code.note.lazy-reparent' : 'code.note.sight-blocked', params, test);
    }
  }
  return out;
}

// A*'s sentence, and what the line-of-sight tests found.
function describe(event, finder, rules) {
  const parts = [describeExpansion(event, finder, rules)];
  const tests = event.sight ?? [];
  const clear = tests.filter((s) => s.clear).length;
  if (tests.length) parts.push(t('step.sight', { clear, blocked: tests.length - clear }));
  if (event.reparent) parts.push(t('step.reparent', { cell: formatCell(event.node), via: formatCell(event.reparent), g: value(event.node.g) }));
  return parts.join(t('sentence.separator'));
}

export const anyAngle = {
  family: 'any-angle',
  listing,
  events: {
    expanded: { describe, trace },
    'goal-reached': { describe: describeGoal, trace },
    'no-path': NO_PATH,
  },
  outcomes: NEIGHBOUR_OUTCOMES,
  marks: {},
  order: describePriority,
  relaxed: (event) => (event.kind === 'expanded' ? event.neighbours : []),
  tentativePath: false,
};
