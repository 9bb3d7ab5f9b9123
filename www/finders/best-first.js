import { t } from '../i18n/i18n.js';
import { formatValue } from '../i18n/format.js';
import { NEIGHBOUR_OUTCOMES, NO_PATH, PRIORITY_NAMES, describeExpansion, describeGoal, lineMaker, skipLine, stopsWhenReached, tieRule, traceExpansion } from './common.js';
import { describeMove, moveParams } from './walk.js';

// The best-first finders (A*, Dijkstra, greedy best-first, breadth-first and any other the
// engine runs on its shared loop): one open list taken in priority order, one expansion a
// step. What tells them apart on the page is the priority the catalogue gives each; its texts
// are those of the classic finder with that priority.

// The text keys' stem for each priority: the pseudocode lines, the open list's caption.
export const PRIORITY_STEMS = { f: 'astar', g: 'dijkstra', h: 'greedy', moves: 'bfs' };

// `reached`: the goal test is made when a neighbour is first reached (goalTest
// first-reached), right after it is added, instead of when a node leaves the open list.
const PRIORITY_LISTING = (stem, reached, skip) => [
  ['init', 0, 'code.init'],
  ['start', 0, `code.${stem}.start`],
  ['loop', 0, 'code.loop'],
  ['pop', 1, `code.${stem}.pop`],
  ...(reached ? [] : [['goal', 1, 'code.goal']]),
  ['each', 1, 'code.each'],
  ['skip', 2, skip],
  ['cost', 2, 'code.cost'],
  ['new', 2, 'code.new'],
  ['set', 3, `code.${stem}.set`],
  ['add', 3, 'code.add'],
  ...(reached ? [['reached', 3, 'code.reached']] : []),
  ['better', 2, 'code.better'],
  ['update', 3, `code.${stem}.update`],
  ['close', 1, 'code.close'],
  ['fail', 0, 'code.fail'],
];

// First in, first out: a neighbour already open keeps its first parent.
const FIRST_IN_LISTING = (reached, skip) => [
  ['init', 0, 'code.bfs.init'],
  ['start', 0, 'code.bfs.start'],
  ['loop', 0, 'code.loop'],
  ['pop', 1, 'code.bfs.pop'],
  ...(reached ? [] : [['goal', 1, 'code.goal']]),
  ['each', 1, 'code.each'],
  ['skip', 2, skip],
  ['cost', 2, 'code.cost'],
  ['new', 2, 'code.new'],
  ['set', 3, 'code.bfs.set'],
  ['add', 3, 'code.bfs.add'],
  ...(reached ? [['reached', 3, 'code.reached']] : []),
  ['keep', 2, 'code.bfs.keep'],
  ['close', 1, 'code.close'],
  ['fail', 0, 'code.fail'],
];

// "lowest F = G + 2·H first; larger G first among equals": the priority, and the tie-break
// rule when the finder takes one.
export function describePriority(finder, options) {
  const stem = PRIORITY_STEMS[finder.priority];
  const weighted = finder.options.weight && options.weight !== undefined && options.weight !== 1;
  const priority = weighted ? t(`order.${stem}-weighted`, { weight: formatValue(options.weight, 2) }) : t(`order.${stem}`);
  if (!finder.options.tieBreak) return priority;
  return t('order.with-ties', { priority, ties: t(`ties.${tieRule(finder, options.tieBreak)}`, { name: PRIORITY_NAMES[finder.priority] }) });
}

// A*'s walk: one move of the agent in words (see walk.js); in the listing, the search made
// again from scratch from the agent's cell, or none.
const MOVED = {
  describe: describeMove,
  trace(event) {
    const lines = [];
    const p = moveParams(event);
    lineMaker(lines, event.at)('init', event.replanned ? 'code.note.walk-astar-replan' : 'code.note.walk-astar-kept', p);
    return lines;
  },
};

export const bestFirst = {
  family: 'best-first',
  listing(finder, rules) {
    const reached = stopsWhenReached(rules);
    const skip = skipLine('code.skip', rules);
    return finder.priority === 'moves' ? FIRST_IN_LISTING(reached, skip) : PRIORITY_LISTING(PRIORITY_STEMS[finder.priority], reached, skip);
  },
  events: {
    expanded: { describe: describeExpansion, trace: traceExpansion },
    'goal-reached': { describe: describeGoal, trace: traceExpansion },
    'no-path': NO_PATH,
    moved: MOVED,
  },
  outcomes: NEIGHBOUR_OUTCOMES,
  marks: {},
  order: describePriority,
  relaxed: (event) => (event.kind === 'expanded' ? event.neighbours : []),
  tentativePath: false,
};
