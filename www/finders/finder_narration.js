import { formatValue, formatCell } from '../i18n/format.js';
import { t } from '../i18n/i18n.js';

// The log's words for the steps of IDA* and the bidirectional searches: each new threshold,
// what a visit did, which side expanded, where the two searches met and why they stop.

const value = (v) => formatValue(v, 2);

export const FINDER_EVENT_KINDS = new Set(['visited', 'node-limit', 'side-expanded', 'stopped']);

// The event in words; `expansion(event)` tells the neighbours of an expansion the way the
// best-first log does.
export function describeFinderStep(event, expansion) {
  switch (event.kind) {
    case 'visited':
      return describeVisit(event);
    case 'node-limit':
      return t('finder.limit', { limit: event.limit.toLocaleString() });
    case 'side-expanded':
      return describeSide(event, expansion);
    case 'stopped':
      return describeStop(event);
    default:
      return '';
  }
}

function describeVisit(event) {
  const parts = [];
  if (event.newIteration) {
    const key = event.iteration === 1 ? 'finder.ida.first' : 'finder.ida.raised';
    parts.push(t(key, { iteration: event.iteration, threshold: value(event.threshold) }));
  }
  if (event.backtracked.length > 0) {
    parts.push(t('finder.ida.back', { cells: event.backtracked.map(formatCell).join(' ') }));
  }
  const n = event.node;
  const params = { cell: formatCell(n), f: value(n.f), g: value(n.g), h: value(n.h), threshold: value(event.threshold), depth: event.depth };
  if (event.outcome === 'pruned') {
    parts.push(t('finder.ida.pruned', { ...params, next: value(event.nextThreshold) }));
  } else {
    parts.push(t('finder.ida.pushed', params));
  }
  return parts.join(' ');
}

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

function describeSide(event, expansion) {
  const side = t(event.side === 'forward' ? 'finder.bi.forward' : 'finder.bi.backward');
  const parts = [describeTest(event.test), `${t('finder.bi.expanded', { side })} ${expansion(event)}`];
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

// Why the open list panel shows what it shows, for the finders that keep something else.
export function describeFinderOrder(algorithm) {
  if (algorithm === 'idastar') return t('finder.order.ida');
  if (algorithm.startsWith('bi-')) return t('finder.order.bi');
  return null;
}
