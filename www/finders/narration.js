import { formatValue, formatCell } from '../i18n/format.js';
import { t, tn } from '../i18n/i18n.js';
import { describeJumps, describeJumpOrder } from './jump-point.js';
import { FINDER_EVENT_KINDS, describeFinderStep, describeFinderOrder } from './finder_narration.js';

const value = (v) => formatValue(v, 2);

// Neighbours passed over without a look at their G, counted by reason in the step's sentence.
const SKIPPED = ['wall', 'closed', 'corner-blocked'];

// One step event of the core, told in plain language in the chosen language, e.g.
// "Expanded (3,2): F=40 G=10 H=30. Opened (4,2) with G=20, H=20. Improved (2,3): G 28 → 24,
// parent now (3,2). Skipped 1 wall."
export function describeStep(event) {
  if (FINDER_EVENT_KINDS.has(event.kind)) return describeFinderStep(event, (e) => describeStep({ ...e, kind: 'expanded' }));
  if (event.kind === 'goal-reached') {
    return tn('step.goal-reached', event.steps, { cell: formatCell(event.node), cost: value(event.cost), moves: event.steps });
  }
  if (event.kind === 'jumped') return describeJumps(event);
  if (event.kind === 'no-path') return t('step.no-path');
  const n = event.node;
  const parts = [t('step.expanded', { cell: formatCell(n), f: value(n.f), g: value(n.g), h: value(n.h) })];
  const skipped = new Map();
  for (const nb of event.neighbours) {
    const cell = formatCell(nb);
    switch (nb.outcome) {
      case 'opened':
        parts.push(t('step.opened', { cell, g: value(nb.g), h: value(nb.h) }));
        break;
      case 'improved':
        parts.push(t('step.improved', { cell, oldG: value(nb.oldG), g: value(nb.g), parent: formatCell(nb.parent) }));
        break;
      case 'not-improved':
        parts.push(t('step.not-improved', { cell, g: value(nb.g), candidateG: value(nb.candidateG) }));
        break;
      case 'already-open':
        parts.push(t('step.already-open', { cell }));
        break;
      default:
        if (SKIPPED.includes(nb.outcome)) skipped.set(nb.outcome, (skipped.get(nb.outcome) || 0) + 1);
    }
  }
  if (skipped.size > 0) {
    const list = [...skipped].map(([kind, count]) => tn(`skip.${kind}`, count));
    parts.push(t('step.skipped', { list: list.join(t('step.list-separator')) }));
  }
  return parts.join(t('sentence.separator'));
}

// Why the head of the open list comes next, for the caption above it.
export function describeOrder(options) {
  const finderOrder = describeFinderOrder(options.algorithm);
  if (finderOrder) return finderOrder;
  let priority;
  if (options.algorithm === 'astar') {
    priority = options.weight === 1 ? t('order.astar') : t('order.astar-weighted', { weight: formatValue(options.weight, 2) });
  } else if (options.algorithm === 'jps') {
    priority = describeJumpOrder(options.weight);
  } else {
    priority = t(`order.${options.algorithm}`);
  }
  return options.algorithm === 'bfs' ? priority : t('order.with-ties', { priority, ties: t(`ties.${options.tieBreak}`) });
}
