import { t, countedKey } from '../i18n/i18n.js';
import { formatCell, formatFinite, formatKey } from '../i18n/format.js';
import { PALETTE } from '../board/palette.js';
import { lineMaker, unknownOutcome } from './common.js';
import { describeMove, moveParams } from './walk.js';

// LPA* and D* Lite (Koenig & Likhachev, the optimized form of IEEE T-RO 2005): g and rhs per
// cell, the queue of locally inconsistent cells under keys [k1; k2], one vertex a step. The
// paper's pseudocode for each (D* Lite searches from the goal toward the start, LPA* from
// the start), a step in words and as the lines it ran, the over- and under-consistent marks
// (hatched and dotted, apart in greyscale too), the queue with its keys, and what a cell
// shows: its key while queued, g and rhs.

const finite = (v) => formatFinite(v, 2);
const keyText = (key) => formatKey(key, 2);

const dstar = (finder) => finder.id === 'dstar-lite';

// [line id, indent, text key]; lines whose text differs between the two read `code.<v>.*`,
// v being `dsl` or `lpa`.
function listing(finder) {
  const v = dstar(finder) ? 'dsl' : 'lpa';
  return [
    ['key', 0, `code.${v}.key`],
    ['init', 0, `code.${v}.init`],
    ['init-source', 1, `code.${v}.init-source`],
    ['update', 0, 'code.inc.update'],
    ['update-in', 1, 'code.inc.update-in'],
    ['update-out', 1, 'code.inc.update-out'],
    ['csp', 0, 'code.inc.csp'],
    ['while', 1, `code.${v}.while`],
    ['top', 2, `code.${v}.top`],
    ...(dstar(finder) ? [['stale', 2, 'code.dsl.stale']] : []),
    ['over', 2, `code.${v}.over`],
    ['over-set', 3, 'code.inc.over-set'],
    ['over-each', 3, `code.${v}.over-each`],
    ['under', 2, 'code.inc.under'],
    ['under-set', 3, 'code.inc.under-set'],
    ['under-each', 3, `code.${v}.under-each`],
    ['main', 0, 'code.inc.main'],
    ['main-init', 1, `code.${v}.main-init`],
    ...(dstar(finder) ? [['walk', 1, 'code.dsl.walk']] : []),
    ['changes', 1, `code.${v}.changes`],
    ['changed-each', 2, `code.${v}.changed-each`],
    ['repair', 2, 'code.inc.repair'],
  ];
}

const cells = (points) => points.map(formatCell).join(' ');

// An over-consistent vertex (branch `over`) or an under-consistent one (`under`): its
// three lines after "u = U.Top()", each in its own words.
const settled = (branch) => ({
  words: (p) => t(`finder.inc.${branch}`, p),
  lines(at, event, p) {
    at(branch, `code.note.inc-${branch}`, p);
    at(`${branch}-set`, `code.note.inc-${branch}-set`, p);
    at(`${branch}-each`, event.updated.length ? 'code.note.inc-each' : 'code.note.inc-each-none', p);
  },
});

// What the vertex taken was, in words and in the lines after "u = U.Top()".
const ACTIONS = {
  'made-consistent': settled('over'),
  'made-infinite': settled('under'),
  requeued: {
    words: (p) => t('finder.inc.requeued', p),
    lines: (at, event, p) => at('stale', 'code.note.inc-stale', p),
  },
};

function vertexParams(event) {
  return {
    cell: formatCell(event.node),
    key: keyText(event.key),
    g: finite(event.node.g),
    rhs: finite(event.rhs),
    cells: cells(event.updated),
    count: event.updated.length,
    newKey: event.action.key ? keyText(event.action.key) : '',
  };
}

function describeVertex(event) {
  const p = vertexParams(event);
  const action = ACTIONS[event.action.outcome];
  const parts = [t('finder.inc.taken', p), action ? action.words(p) : unknownOutcome(event.node, event.action.outcome)];
  if (event.updated.length > 0) parts.push(t('finder.inc.updated', p));
  return parts.join(' ');
}

function traceVertex(event) {
  const lines = [];
  const at = lineMaker(lines, event.node);
  const p = vertexParams(event);
  at('while', 'code.note.inc-go-on', p);
  at('top', 'code.note.inc-top', p);
  const action = ACTIONS[event.action.outcome];
  if (action) action.lines(at, event, p);
  else at('top', 'code.note.unknown-outcome', { cell: p.cell, outcome: event.action.outcome });
  return lines;
}

// The end test passed: with the target's g the cost of a shortest path, or infinite.
const END = {
  'goal-reached': {
    describe: (event) => t('finder.inc.done', { cell: formatCell(event.node), cost: finite(event.cost), moves: event.steps }),
    trace: (event) => [
      { line: 'while', note: { key: 'code.note.inc-stop', params: { cell: formatCell(event.node) } }, node: event.node },
      { line: 'csp', note: { key: 'code.note.inc-done', params: { cost: finite(event.cost), moves: event.steps } }, node: event.node },
    ],
  },
  'no-path': {
    describe: () => t('finder.inc.no-path'),
    trace: () => [
      { line: 'while', note: { key: 'code.note.inc-stop-none', params: {} } },
      { line: 'csp', note: { key: 'code.note.inc-no-path', params: {} } },
    ],
  },
};

// D* Lite's walk: one move of the agent in words (see walk.js), and as the lines of Main it
// ran: the move, the cells found changed, the repair.
const MOVED = {
  describe: describeMove,
  trace(event) {
    const lines = [];
    const at = lineMaker(lines, event.at);
    const p = moveParams(event);
    at('walk', 'code.note.walk-move', p);
    if (p.count === 0) return lines;
    at('changes', countedKey('code.note.walk-sensed', p.count), p);
    at('changed-each', 'code.note.walk-cells', p);
    at('repair', 'code.note.walk-repair', p);
    return lines;
  },
};

// Over-consistent cells hatched, under-consistent ones dotted: told apart by pattern as well
// as by colour, printed in grey too.
const MARKS = {
  'over-consistent': {
    note: 'inspector.over-consistent',
    draw(ctx, px, py, inner) {
      ctx.beginPath();
      ctx.rect(px, py, inner, inner);
      ctx.clip();
      ctx.strokeStyle = PALETTE.overConsistent;
      ctx.lineWidth = Math.max(1, inner * 0.05);
      ctx.globalAlpha = 0.6;
      const gap = Math.max(4, inner / 5);
      ctx.beginPath();
      for (let d = -inner; d < inner; d += gap) {
        ctx.moveTo(px + d, py + inner);
        ctx.lineTo(px + d + inner, py);
      }
      ctx.stroke();
    },
  },
  'under-consistent': {
    note: 'inspector.under-consistent',
    draw(ctx, px, py, inner) {
      ctx.fillStyle = PALETTE.underConsistent;
      ctx.globalAlpha = 0.75;
      const gap = Math.max(5, inner / 4);
      const r = Math.max(1, gap * 0.18);
      for (let y = gap / 2; y < inner; y += gap) {
        for (let x = gap / 2; x < inner; x += gap) {
          ctx.beginPath();
          ctx.arc(px + x, py + y, r, 0, Math.PI * 2);
          ctx.fill();
        }
      }
    },
  },
};

// The queue panel: its columns, and a page of it, each row's texts.
const QUEUE = {
  columns: ['[k1; k2]', 'g', 'rhs'],
  page: (search, offset, count) => search.queuePage(offset, count),
  // Partway through a step: the vertex taken is the first change (see lineCounts).
  partway: (search, made, count) => search.queuePartway(made, count),
  row: (entry) => [keyText([entry.k1, entry.k2]), finite(entry.g), finite(entry.rhs)],
  // The paper's name for it, U, with a gloss: the panel, the counter and the legend say
  // what the pseudocode and the sentences say.
  names: { title: 'queue.title', counter: 'queue.counter', legend: 'queue.legend', state: 'queue.state' },
};

export const incremental = {
  family: 'incremental',
  listing,
  events: {
    'vertex-taken': { describe: describeVertex, trace: traceVertex },
    moved: MOVED,
    ...END,
  },
  outcomes: ACTIONS,
  marks: MARKS,
  order: (finder, options) => t(`finder.order.inc-${options.tieBreak}`),
  queue: QUEUE,
  // Where the pseudocode rests before the first step of a search or of a repair.
  ready(session) {
    const info = session.search.info();
    const repairing = session.repairs > 0;
    return {
      line: repairing ? 'changed-each' : 'main-init',
      ran: repairing ? ['changes', 'changed-each'] : ['main-init', 'init', 'init-source'],
      note: repairing ? { key: countedKey('code.note.inc-batch', session.lastBatch), params: { count: session.lastBatch, km: finite(info.km ?? 0) } } : { key: 'code.note.inc-ready', params: {} },
    };
  },
  // Line by line: the vertex counts as expanded once its g is set, and an over-consistent
  // one leaves U there ("g(u) = rhs(u); U.Remove(u)"), its first change to U; the others
  // (UpdateVertex, an under-consistent vertex's own among them) come with the step's last line.
  lineCounts(ran) {
    const removed = ran.includes('over-set');
    return { expanded: removed || ran.includes('under-set') ? 1 : 0, open: removed ? -1 : 0, taken: removed, made: removed ? 1 : 0 };
  },
  tentativePath: false,
};
