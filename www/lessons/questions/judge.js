import { formatValue, formatCell } from '../../i18n/format.js';
import { describeProblem } from '../../i18n/errors.js';
import { t } from '../../i18n/i18n.js';

// Judges an answer against the truth (truth.js): { right, key, params, also? }: the text key
// and params of the sentence that says why (shown after "Right." or "Not quite."), and of
// any that follow it. Judged when shown, so it reads in the page's language of the moment.

// Typed numbers count as the same as the engine's when they agree to two decimals.
const CLOSE = 0.01;
const LISTED = 6;

const same = (a, b) => Boolean(a && b) && a.x === b.x && a.y === b.y;
const num = (v) => formatValue(v, 2);
const cellList = (cells) => cells.slice(0, LISTED).map(formatCell).join(' ') + (cells.length > LISTED ? ' …' : '');

function next(truth, answer) {
  if (truth.threshold !== undefined) {
    const right = Math.abs(answer.value - truth.threshold) <= CLOSE;
    return { right, key: 'question.why.threshold', params: { value: num(truth.threshold), n: truth.iteration } };
  }
  const params = { cell: formatCell(truth.cell), value: num(truth.value), name: truth.name ?? '' };
  const sideRight = truth.side === undefined || answer.side === truth.side;
  const right = same(answer.cell, truth.cell) && sideRight;
  if (truth.key) {
    const picked = truth.entries.find((e) => same(e, answer.cell));
    const key = { k: `[${num(truth.key[0])}, ${num(truth.key[1])}]` };
    if (right || !picked) return { right, key: 'question.why.key', params: { ...params, ...key } };
    return { right, key: 'question.why.key-other', params: { ...params, ...key, picked: formatCell(picked), pk: `[${num(picked.k1)}, ${num(picked.k2)}]` } };
  }
  if (truth.side !== undefined) return { right, key: 'question.why.side', params: { ...params, side: t(`finder.bi.${truth.side}`) } };
  if (truth.name === null) return { right, key: 'question.why.queue', params };
  const picked = truth.entries.find((e) => same(e, answer.cell));
  if (right || !picked) return { right, key: picked || right ? 'question.why.lowest' : 'question.why.not-open', params: { ...params, picked: formatCell(answer.cell) } };
  if (Math.abs(picked.f - truth.value) < 1e-9) return { right, key: 'question.why.tie', params: { ...params, picked: formatCell(picked), rule: t(`predict.tie.${truth.rule}`, { name: truth.name }) } };
  return { right, key: 'question.why.higher', params: { ...params, picked: formatCell(picked), pv: num(picked.f) } };
}

function values(truth, answer, q) {
  const right = ['f', 'g', 'h'].every((k) => Math.abs(answer[k] - truth[k]) <= CLOSE);
  const params = { cell: formatCell(q.cell), f: num(truth.f), g: num(truth.g), h: num(truth.h), parent: formatCell(truth.parent) };
  if (!truth.old) return { right, key: 'question.why.values', params };
  return { right, key: 'question.why.improved', params: { ...params, oldG: num(truth.old.g), oldParent: formatCell(truth.old.parent) } };
}

function parent(truth, answer, q) {
  return { right: same(answer.cell, truth.cell), key: 'question.why.parent', params: { cell: formatCell(q.cell), parent: formatCell(truth.cell), g: num(truth.g) } };
}

// A set of cells: the start and the goal are given, so they count either way.
function cells(truth, answer, q, ends) {
  const given = (c) => ends.some((e) => same(e, c));
  const want = truth.cells.filter((c) => !given(c));
  const got = answer.cells.filter((c) => !given(c));
  const missing = want.filter((c) => !got.some((g) => same(g, c)));
  const extra = got.filter((c) => !want.some((w) => same(w, c)));
  const also = [];
  if (missing.length > 0) also.push({ key: 'question.missing', params: { cells: cellList(missing) } });
  if (extra.length > 0) also.push({ key: 'question.extra', params: { cells: cellList(extra) } });
  const params = { count: want.length, cost: num(truth.cost), step: q.step };
  return { right: also.length === 0, key: q.kind === 'path' ? 'question.why.path' : 'question.why.closed', params, also };
}

function admissible(truth, answer) {
  const right = answer.yes === truth.admissible;
  if (truth.admissible) return { right, key: 'question.why.admissible', params: {} };
  if (!truth.worst) return { right, key: 'question.why.inadmissible', params: { reason: describeProblem(truth.reason) } };
  const { cell, h, cost } = truth.worst;
  return { right, key: 'question.why.counterexample', params: { reason: describeProblem(truth.reason), cell: formatCell(cell), h: num(h), cost: num(cost) } };
}

const JUDGES = { next, values, parent, path: cells, closed: cells, admissible };

// ends: the map's start and goal.
export function judge(q, truth, answer, ends) {
  return JUDGES[q.kind](truth, answer, q, ends);
}

// A verdict's why in words, its sentences one after the other.
export function whyInWords(verdict) {
  return [verdict, ...(verdict.also ?? [])].map((part) => t(part.key, part.params)).reduce((a, b) => t('question.then', { a, b }));
}
