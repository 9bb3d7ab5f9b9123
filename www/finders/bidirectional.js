import { t } from '../i18n/i18n.js';
import { formatCell } from '../i18n/format.js';
import { PALETTE, terrainShade, hexToRgb, mixRgb, rgbToCss, isDark } from '../board/palette.js';
import { NEIGHBOUR_OUTCOMES, describeExpansion, lineMaker, nodeParams, popKey, relaxLines, skipLine, value } from './common.js';
import { PRIORITY_STEMS } from './best-first.js';

// Bidirectional search: a best-first search from each end, taking turns, until the stopping
// test says no cheaper path can come. Its steps in words (the test, which side expanded,
// where the two searches met and why they stop), its pseudocode and lines, and its marks:
// the backward side in colours of its own (darker than the forward side's, so the two also
// stay apart in greyscale) with stripes, the meeting point as a diamond. The best path so
// far shows, dashed, while it runs.

function describeTest(test) {
  const params = { best: value(test.best), forward: value(test.forward), backward: value(test.backward), bound: value(test.bound) };
  if (test.forward === null || test.forward === undefined || test.backward === null || test.backward === undefined) {
    return t('finder.bi.exhausted');
  }
  if (test.rule === 'first-contact') return t(test.stop ? 'finder.bi.contact' : 'finder.bi.no-contact');
  if (test.best === null || test.best === undefined) return t('finder.bi.no-meeting');
  const rule = test.rule === 'sum-of-heads' ? 'sum' : 'max';
  return t(`finder.bi.${rule}.${test.stop ? 'stop' : 'go-on'}`, params);
}

function describeSide(event, finder, rules) {
  const side = t(event.side === 'forward' ? 'finder.bi.forward' : 'finder.bi.backward');
  const parts = [describeTest(event.test), `${t('finder.bi.expanded', { side })} ${describeExpansion(event, finder, rules)}`];
  if (event.met) {
    parts.push(t('finder.bi.met', { cell: formatCell(event.met), cost: value(event.met.cost), moves: event.met.moves }));
  }
  return parts.join(' ');
}

function describeStop(event) {
  const parts = [describeTest(event.test)];
  if (event.meeting && event.cost !== null && event.cost !== undefined) {
    parts.push(t('finder.bi.found', { cell: formatCell(event.meeting), cost: value(event.cost), moves: event.steps }));
  } else {
    parts.push(t('finder.bi.no-path'));
  }
  return parts.join(' ');
}

// The stopping test, then one side's expansion, or the stop.
function traceSide(event, finder) {
  const lines = [];
  const at = lineMaker(lines, event.node ?? null);
  at('loop', 'code.note.loop');
  const test = event.test;
  const testParams = { best: value(test.best), bound: value(test.bound) };
  if (event.kind === 'stopped') {
    if (event.meeting) at('stop', 'code.note.bi-stop', { ...testParams, cell: formatCell(event.meeting), cost: value(event.cost) });
    else at('fail', 'code.note.fail');
    return lines;
  }
  at('stop', test.best === null || test.best === undefined ? 'code.note.bi-no-meeting' : 'code.note.bi-go-on', testParams);
  at('side', event.side === 'forward' ? 'code.note.bi-forward' : 'code.note.bi-backward');
  at('pop', popKey(finder), nodeParams(event.node));
  relaxLines(event, at, event.met);
  at('close', 'code.note.close', { cell: formatCell(event.node) });
  return lines;
}

// Each side's lines read as those of the one-way finder with the same priority.
function listing(finder, rules) {
  const stem = PRIORITY_STEMS[finder.priority];
  const firstIn = finder.priority === 'moves';
  return [
    ['init', 0, 'code.bi.init'],
    ['start', 0, `code.bi.${stem}.start`],
    ['loop', 0, 'code.bi.loop'],
    ['stop', 1, `code.bi.${stem}.stop`],
    ['side', 1, 'code.bi.side'],
    ['pop', 1, `code.bi.${stem}.pop`],
    ['each', 1, 'code.each'],
    ['skip', 2, skipLine('code.bi.skip', rules)],
    ['cost', 2, 'code.cost'],
    ['new', 2, 'code.bi.new'],
    ['set', 3, `code.bi.${stem}.set`],
    ['add', 3, firstIn ? 'code.bi.bfs.add' : 'code.bi.add'],
    ...(firstIn
      ? [['keep', 2, 'code.bfs.keep']]
      : [['better', 2, 'code.better'], ['update', 3, `code.${stem}.update`]]),
    ['meet', 2, 'code.bi.meet'],
    ['best', 3, 'code.bi.best'],
    ['close', 1, 'code.bi.close'],
    ['fail', 0, 'code.bi.fail'],
  ];
}

// Fill and text colour of a backward cell for each (state, terrain): state 1 open, 2 closed,
// 3 being expanded.
function buildBackwardFills() {
  const bases = [PALETTE.ground, PALETTE.backwardOpen, PALETTE.backwardClosed, PALETTE.current].map(hexToRgb);
  const brown = hexToRgb(PALETTE.terrain);
  const fills = [];
  for (let state = 0; state < bases.length; state++) {
    for (let terrain = 0; terrain <= 9; terrain++) {
      const rgb = mixRgb(bases[state], brown, terrainShade(terrain) * 0.6);
      fills.push({ fill: rgbToCss(rgb), text: isDark(rgb) ? PALETTE.textOnDark : PALETTE.text });
    }
  }
  return fills;
}

const BACKWARD_FILLS = buildBackwardFills();

const MARKS = {
  backward: {
    note: 'inspector.backward',
    fill: (state, terrain) => (state === 0 || terrain === 0 ? null : BACKWARD_FILLS[state * 10 + terrain]),
    // Stripes: the backward side reads as such without colour.
    draw(ctx, px, py, inner) {
      if (inner < 6) return;
      ctx.save();
      ctx.beginPath();
      ctx.rect(px, py, inner, inner);
      ctx.clip();
      ctx.strokeStyle = PALETTE.backwardStripe;
      ctx.lineWidth = Math.max(1, inner * 0.04);
      const gap = Math.max(4, inner / 4);
      ctx.beginPath();
      for (let d = gap / 2; d < 2 * inner; d += gap) {
        ctx.moveTo(px + d, py);
        ctx.lineTo(px + d - inner, py + inner);
      }
      ctx.stroke();
      ctx.restore();
    },
  },
  meeting: {
    note: 'inspector.meeting',
    draw(ctx, px, py, inner) {
      const cx = px + inner / 2;
      const cy = py + inner / 2;
      const r = Math.max(3, inner * 0.36);
      ctx.beginPath();
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r, cy);
      ctx.lineTo(cx, cy + r);
      ctx.lineTo(cx - r, cy);
      ctx.closePath();
      ctx.lineWidth = Math.max(2, inner * 0.08);
      ctx.strokeStyle = PALETTE.pathCasing;
      ctx.stroke();
      ctx.lineWidth = Math.max(1, inner * 0.05);
      ctx.strokeStyle = PALETTE.meeting;
      ctx.stroke();
    },
  },
};

export const bidirectional = {
  family: 'bidirectional',
  listing,
  events: {
    'side-expanded': { describe: describeSide, trace: traceSide },
    stopped: { describe: describeStop, trace: traceSide },
  },
  outcomes: NEIGHBOUR_OUTCOMES,
  marks: MARKS,
  order: () => t('finder.order.bi'),
  tentativePath: true,
};
