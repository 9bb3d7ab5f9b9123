import { t } from '../i18n/i18n.js';
import { formatValue, formatCell } from '../i18n/format.js';
import { PALETTE } from '../board/palette.js';
import { NO_PATH, PRIORITY_NAMES, describeGoal, lineMaker, nodeParams, tieRule, traceExpansion, unknownOutcome, value } from './common.js';

// Jump Point Search: best-first search over jump points. Its steps in words (what one step's
// jumps found, and why each cell where a jump stopped is a jump point: "forced neighbour at
// (5,3)"), its pseudocode and the lines each jump runs, and its marks on the board: cells a
// jump passed over greyed, a jump point's black corner, a forced neighbour's orange ring.

const DIRECTIONS = {
  '0,-1': 'n', '1,-1': 'ne', '1,0': 'e', '1,1': 'se', '0,1': 's', '-1,1': 'sw', '-1,0': 'w', '-1,-1': 'nw',
};

function direction(jump) {
  return t(`jps.direction.${DIRECTIONS[`${jump.dx},${jump.dy}`]}`);
}

function reason(r) {
  if (r.kind === 'goal') return t('jps.reason.goal');
  if (r.kind === 'turn') return t('jps.reason.turn', { cell: formatCell(r) });
  return t('jps.reason.forced', { cells: r.neighbours.map(formatCell).join(', ') });
}

// What a jump point found did to the open list: the words, and the lines after "found".
const RESULTS = {
  opened: {
    words: (params, r, why) => t('jps.opened', { ...params, why, g: value(r.g), h: value(r.h) }),
    lines(line, r, node) {
      line('cost', 'code.note.jps-cost', { from: value(node.g), to: value(r.g) });
      line('better', 'code.note.new');
      setLines(line, r, node, 'in');
    },
  },
  improved: {
    words: (params, r, why) => t('jps.improved', { ...params, why, oldG: value(r.oldG), g: value(r.g) }),
    lines(line, r, node) {
      line('cost', 'code.note.jps-cost', { from: value(node.g), to: value(r.g) });
      line('better', 'code.note.better', { candidate: value(r.g), old: value(r.oldG) });
      setLines(line, r, node, 'moved');
    },
  },
  'not-improved': {
    words: (params, r, why) => t('jps.kept', { ...params, why, g: value(r.g), candidateG: value(r.candidateG) }),
    lines(line, r, node) {
      line('cost', 'code.note.jps-cost', { from: value(node.g), to: value(r.candidateG) });
      line('better', 'code.note.not-better', { candidate: value(r.candidateG), old: value(r.g) });
    },
  },
  closed: {
    words: (params) => t('jps.closed', params),
    lines: (line) => line('found', 'code.note.closed'),
  },
};

// "add it to the open list (or move it up)": `list` says which it does (see lineMaker).
function setLines(line, r, node, list) {
  line('set', 'code.note.set', { parent: formatCell(node), g: value(r.g), h: value(r.h), f: value(r.f) }).values = { f: r.f, g: r.g, h: r.h };
  line('add', 'code.note.add').list = list;
}

// Why a jump that found nothing stopped at its last cell: the next cell is off the map, or a
// wall (a straight jump), or a wall or a corner it may not cut (a diagonal one). `rules`
// carries the map's size; without it the edge is not told apart.
function deadEnd(jump, rules) {
  const x = jump.x + jump.dx;
  const y = jump.y + jump.dy;
  if (rules?.width !== undefined && (x < 0 || y < 0 || x >= rules.width || y >= rules.height)) return t('jps.end.edge');
  return t(jump.dx !== 0 && jump.dy !== 0 ? 'jps.end.corner' : 'jps.end.wall');
}

// Where a jump ends: at a wall or edge with nothing found, or at a jump point whose result
// is one of RESULTS.
const ENDS = {
  'dead-end': {
    words: (params, jump, rules) => t('jps.dead-end', { ...params, end: deadEnd(jump, rules) }),
    lines: (line, jump, node, rules) => line('stops', 'code.note.jps-dead', { end: deadEnd(jump, rules) }),
  },
  'jump-point': {
    words(params, jump) {
      const result = RESULTS[jump.result.outcome];
      return result ? result.words(params, jump.result, reason(jump.reason)) : unknownOutcome(jump, jump.result.outcome);
    },
    lines(line, jump, node) {
      const why = jump.reason;
      if (why.kind === 'goal') line('stops', 'code.note.jps-goal');
      else if (why.kind === 'forced') line('stops', 'code.note.jps-forced', { forced: why.neighbours.map(formatCell).join(' ') });
      else line('stops', 'code.note.jps-turn', { turn: formatCell(why) });
      const result = RESULTS[jump.result.outcome];
      if (!result) line('found', 'code.note.unknown-outcome', { outcome: jump.result.outcome });
      else if (jump.result.outcome === 'closed') result.lines(line);
      else {
        line('found', 'code.note.jps-found');
        result.lines(line, jump.result, node);
      }
    },
  },
};

function describeJump(jump, rules) {
  const params = { direction: direction(jump), cell: formatCell(jump), scanned: jump.scanned };
  const end = ENDS[jump.end];
  return end ? end.words(params, jump, rules) : unknownOutcome(jump, jump.end);
}

// A `jumped` step event, e.g. "Expanded jump point (2,2): F=40 G=0 H=40. Jumped east to
// (3,2), a jump point: forced neighbour at (4,1). Opened it with G=10, H=30."
function describeJumps(event, finder, rules) {
  return [t('jps.expanded', nodeParams(event.node)), ...event.jumps.map((jump) => describeJump(jump, rules))].join(' ');
}

// Each jump from the node taken, where it stopped and why, and what the jump point it found
// did to the open list.
function traceJumps(event, finder, rules) {
  const node = event.node;
  const lines = [];
  const at = lineMaker(lines, node);
  at('loop', 'code.note.loop');
  at('pop', 'code.note.pop', nodeParams(node));
  at('goal', 'code.note.not-goal', { cell: formatCell(node) });
  for (const jump of event.jumps) {
    const here = { x: jump.x, y: jump.y };
    const cell = formatCell(here);
    const line = (id, key, params = {}) => at(id, key, { cell, ...params }, here);
    line('each', 'code.note.jps-each', { from: formatCell(node), dx: jump.dx, dy: jump.dy });
    line('jump', 'code.note.jps-jump', { scanned: jump.scanned });
    const end = ENDS[jump.end];
    if (end) end.lines(line, jump, node, rules);
    else line('stops', 'code.note.unknown-outcome', { outcome: jump.end });
  }
  at('close', 'code.note.close', { cell: formatCell(node) });
  return lines;
}

const LISTING = [
  ['init', 0, 'code.init'],
  ['start', 0, 'code.astar.start'],
  ['loop', 0, 'code.loop'],
  ['pop', 1, 'code.astar.pop'],
  ['goal', 1, 'code.jps.goal'],
  ['each', 1, 'code.jps.each'],
  ['jump', 2, 'code.jps.jump'],
  ['stops', 3, 'code.jps.stops'],
  ['found', 2, 'code.jps.found'],
  ['cost', 3, 'code.jps.cost'],
  ['better', 3, 'code.jps.better'],
  ['set', 4, 'code.astar.update'],
  ['add', 4, 'code.jps.add'],
  ['close', 1, 'code.close'],
  ['fail', 0, 'code.fail'],
];

const UNVISITED = 0;

const MARKS = {
  scanned: {
    // Greyed unless the cell is a node itself.
    draw(ctx, px, py, size, cell) {
      if (cell.state !== UNVISITED) return;
      ctx.fillStyle = PALETTE.scanned;
      ctx.fillRect(px, py, size, size);
    },
  },
  'jump-point': {
    draw(ctx, px, py, size) {
      if (size < 6) return;
      const corner = Math.max(3, Math.round(size * 0.22));
      ctx.fillStyle = PALETTE.jumpPoint;
      ctx.beginPath();
      ctx.moveTo(px + size - corner, py);
      ctx.lineTo(px + size, py);
      ctx.lineTo(px + size, py + corner);
      ctx.closePath();
      ctx.fill();
    },
  },
  forced: {
    draw(ctx, px, py, size) {
      if (size < 5) return;
      ctx.strokeStyle = PALETTE.forced;
      ctx.lineWidth = Math.max(1.5, size * 0.08);
      ctx.beginPath();
      ctx.arc(px + size / 2, py + size / 2, size * 0.3, 0, 2 * Math.PI);
      ctx.stroke();
    },
  },
};

export const jumpPoint = {
  family: 'jump-point',
  listing: () => LISTING,
  events: {
    jumped: { describe: describeJumps, trace: traceJumps },
    'goal-reached': { describe: describeGoal, trace: traceExpansion },
    'no-path': NO_PATH,
  },
  outcomes: { ...ENDS, ...RESULTS },
  marks: MARKS,
  // Why the head of the open list comes next: lowest F, with the tie-break rule.
  order(finder, options) {
    const priority = options.weight === 1 ? t('jps.order') : t('jps.order-weighted', { weight: formatValue(options.weight, 2) });
    return t('order.with-ties', { priority, ties: t(`ties.${tieRule(finder, options.tieBreak)}`, { name: PRIORITY_NAMES[finder.priority] }) });
  },
  // A* and its kin relax neighbours; JPS relaxes the jump points its jumps found.
  relaxed: (event) => (event.kind === 'jumped'
    ? event.jumps.filter((j) => j.end === 'jump-point').map((j) => ({ x: j.x, y: j.y, ...j.result }))
    : []),
  tentativePath: false,
};
