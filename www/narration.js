import { formatValue, formatCell } from './format.js';
import { describeJumps, describeJumpOrder } from './jumps.js';
import { FINDER_EVENT_KINDS, describeFinderStep, describeFinderOrder } from './finder_narration.js';

const value = (v) => formatValue(v, 2);

const SKIP_WORDS = {
  wall: ['wall', 'walls'],
  closed: ['closed cell', 'closed cells'],
  'corner-blocked': ['cut corner', 'cut corners'],
};

// One step event of the core, told in plain language, e.g.
// "Expanded (3,2): F=40 G=10 H=30. Opened (4,2) with G=20, H=20. Improved (2,3): G 28 → 24,
// parent now (3,2). Skipped 1 wall."
export function describeStep(event) {
  if (FINDER_EVENT_KINDS.has(event.kind)) return describeFinderStep(event, (e) => describeStep({ ...e, kind: 'expanded' }));
  if (event.kind === 'goal-reached') {
    const n = event.node;
    return `Reached the goal ${formatCell(n)}: path cost ${value(event.cost)} in ${event.steps} ${event.steps === 1 ? 'move' : 'moves'}.`;
  }
  if (event.kind === 'jumped') return describeJumps(event);
  if (event.kind === 'no-path') {
    return 'The open list is empty: the goal cannot be reached, there is no path.';
  }
  const n = event.node;
  const parts = [`Expanded ${formatCell(n)}: F=${value(n.f)} G=${value(n.g)} H=${value(n.h)}.`];
  const skipped = new Map();
  for (const nb of event.neighbours) {
    switch (nb.outcome) {
      case 'opened':
        parts.push(`Opened ${formatCell(nb)} with G=${value(nb.g)}, H=${value(nb.h)}.`);
        break;
      case 'improved':
        parts.push(`Improved ${formatCell(nb)}: G ${value(nb.oldG)} → ${value(nb.g)}, parent now ${formatCell(nb.parent)}.`);
        break;
      case 'not-improved':
        parts.push(`Kept ${formatCell(nb)}: G=${value(nb.g)} is no worse than ${value(nb.candidateG)} through here.`);
        break;
      case 'already-open':
        parts.push(`${formatCell(nb)} is already open: breadth-first search keeps its first parent.`);
        break;
      default:
        if (SKIP_WORDS[nb.outcome]) skipped.set(nb.outcome, (skipped.get(nb.outcome) || 0) + 1);
    }
  }
  if (skipped.size > 0) {
    const list = [...skipped].map(([kind, count]) => `${count} ${SKIP_WORDS[kind][count === 1 ? 0 : 1]}`);
    parts.push(`Skipped ${list.join(', ')}.`);
  }
  return parts.join(' ');
}

const TIE_RULES = {
  'larger-g': 'ties go to the larger G (the node further along)',
  'smaller-g': 'ties go to the smaller G',
  'first-in': 'ties go to the node that entered first',
  'last-in': 'ties go to the node that entered last',
};

const PRIORITIES = {
  astar: (weight) => (weight === 1 ? 'lowest F = G + H first' : `lowest F = G + ${formatValue(weight, 2)}·H first`),
  dijkstra: () => 'lowest G first',
  greedy: () => 'lowest H first',
  bfs: () => 'fewest moves first, in the order found',
  jps: describeJumpOrder,
};

// Why the head of the open list comes next, for the caption above it.
export function describeOrder(options) {
  const finderOrder = describeFinderOrder(options.algorithm);
  if (finderOrder) return finderOrder;
  const priority = PRIORITIES[options.algorithm](options.weight);
  return options.algorithm === 'bfs' ? priority : `${priority}; ${TIE_RULES[options.tieBreak]}`;
}
