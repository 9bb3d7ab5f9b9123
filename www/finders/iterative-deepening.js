import { t } from '../i18n/i18n.js';
import { formatCell } from '../i18n/format.js';
import { PALETTE } from '../board/palette.js';
import { NO_PATH, describeGoal, lineMaker, nodeParams, skipLine, unknownOutcome, value } from './common.js';

// IDA*: depth-first searches from the start under a threshold on F that rises after each
// one. Its steps in words (each new threshold, what a visit did, the node limit), its
// pseudocode and the lines a visit runs, and its marks: the path being explored as a thick
// outline, cells it pruned crossed out.

// What a visit did with its node, in words and in the lines after "F = G + H".
const VISITS = {
  pushed: {
    words: (params) => t('finder.ida.pushed', params),
    lines(at, node) {
      at('goal', 'code.note.not-goal', { cell: formatCell(node) });
      at('each', 'code.note.ida-each', { cell: formatCell(node) });
    },
  },
  pruned: {
    words: (params, event) => t('finder.ida.pruned', { ...params, next: value(event.nextThreshold) }),
    lines: (at, node, params) => at('prune', 'code.note.ida-prune', params),
  },
};

function describeVisit(event) {
  const parts = [];
  if (event.newIteration) {
    const key = event.iteration === 1 ? 'finder.ida.first' : 'finder.ida.raised';
    parts.push(t(key, { iteration: event.iteration, threshold: value(event.threshold) }));
  }
  if (event.backtracked.length > 0) {
    parts.push(t('finder.ida.back', { cells: event.backtracked.map(formatCell).join(' ') }));
  }
  const params = { ...nodeParams(event.node), threshold: value(event.threshold), depth: event.depth };
  const visit = VISITS[event.outcome];
  parts.push(visit ? visit.words(params, event) : unknownOutcome(event.node, event.outcome));
  return parts.join(' ');
}

// One visit of the depth-first search (the goal's too).
function traceVisit(event) {
  const node = event.node;
  const lines = [];
  const at = lineMaker(lines, node);
  const params = { ...nodeParams(node), threshold: value(event.threshold ?? node.f) };
  if (event.newIteration) {
    if (event.iteration > 1) at('raise', 'code.note.ida-raise', { threshold: value(event.threshold) });
    at('loop', 'code.note.ida-iteration', { iteration: event.iteration, threshold: value(event.threshold) });
  }
  if (event.backtracked?.length > 0) at('back', 'code.note.ida-back', { cells: event.backtracked.map(formatCell).join(' ') });
  at('visit', 'code.note.ida-visit', { cell: formatCell(node), depth: event.depth ?? event.steps });
  at('f', 'code.note.ida-f', params);
  if (event.kind === 'goal-reached') {
    at('goal', 'code.note.goal', { cell: formatCell(node), cost: value(event.cost), moves: event.steps });
    return lines;
  }
  const visit = VISITS[event.outcome];
  if (visit) visit.lines(at, node, params);
  else at('visit', 'code.note.unknown-outcome', { cell: formatCell(node), outcome: event.outcome });
  return lines;
}

const NODE_LIMIT = {
  describe: (event) => t('finder.limit', { limit: event.limit.toLocaleString() }),
  trace: (event) => [{ line: 'fail', note: { key: 'code.note.ida-limit', params: { limit: event.limit.toLocaleString() } } }],
};

const listing = (finder, rules) => [
  ['start', 0, 'code.ida.start'],
  ['loop', 0, 'code.ida.loop'],
  ['visit', 1, 'code.ida.visit'],
  ['f', 2, 'code.ida.f'],
  ['prune', 2, 'code.ida.prune'],
  ['goal', 2, 'code.ida.goal'],
  ['each', 2, skipLine('code.ida.each', rules)],
  ['back', 2, 'code.ida.back'],
  ['fail', 1, 'code.ida.fail'],
  ['raise', 1, 'code.ida.raise'],
];

const MARKS = {
  'on-stack': {
    note: 'inspector.on-stack',
    draw(ctx, px, py, inner) {
      const width = Math.max(2, Math.round(inner * 0.14));
      ctx.strokeStyle = PALETTE.onStack;
      ctx.lineWidth = width;
      ctx.strokeRect(px + width / 2, py + width / 2, inner - width, inner - width);
    },
  },
  pruned: {
    note: 'inspector.pruned',
    // A cell back on the path being explored is outlined, not crossed out.
    draw(ctx, px, py, inner, cell) {
      if (cell.has('on-stack')) return;
      ctx.strokeStyle = PALETTE.pruned;
      ctx.lineWidth = Math.max(1, inner * 0.06);
      const m = inner * 0.18;
      ctx.beginPath();
      ctx.moveTo(px + m, py + m);
      ctx.lineTo(px + inner - m, py + inner - m);
      ctx.moveTo(px + inner - m, py + m);
      ctx.lineTo(px + m, py + inner - m);
      ctx.globalAlpha = 0.55;
      ctx.stroke();
      ctx.globalAlpha = 1;
    },
  },
};

export const iterativeDeepening = {
  family: 'iterative-deepening',
  listing,
  events: {
    visited: { describe: describeVisit, trace: traceVisit },
    'goal-reached': { describe: describeGoal, trace: traceVisit },
    'no-path': NO_PATH,
    'node-limit': NODE_LIMIT,
  },
  outcomes: VISITS,
  marks: MARKS,
  // There is no open list: the panel shows the path being explored instead.
  order: () => t('finder.order.ida'),
  tentativePath: false,
};
