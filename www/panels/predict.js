import { t, onLanguageChange } from '../i18n/i18n.js';
import { PRIORITY_NAMES, tieRule } from '../finders/common.js';
import { formatValue, formatCell } from '../i18n/format.js';
import { familyOf } from '../finders/catalogue.js';

// Predict the next node: while the toggle is on, before each expansion the student picks the
// cell they think comes off the open list next (a click, or the cell cursor and Enter). The
// answer is the head of the engine's open list; the verdict names it and why (its priority,
// and the tie-break rule when priorities tie). Then, when the expansion opens or improves a
// neighbour, a second question asks for that neighbour's G and H before the step shows them.
// Answers are kept per step, so stepping back asks again and the score follows.

// What each priority of the catalogue is called in the verdicts; first in, first out has
// no value to name.
const TIED_ENTRIES = 64;
const SAME_VALUE = 0.01;

const same = (a, b) => a !== null && b !== null && a.x === b.x && a.y === b.y;
const value = (v) => formatValue(v, 2);

// The G and H question about a neighbour the next expansion relaxes (`asked`: { node,
// neighbour }, the step's event's), as { key, params }. A neighbour already open whose G
// improves is asked with its old G and parent: the re-parenting is the point of the question.
export function valuesQuestion({ node, neighbour }) {
  const params = { node: formatCell(node), cell: formatCell(neighbour) };
  if (neighbour.outcome !== 'improved') return { key: 'predict.prompt.values', params };
  return { key: 'predict.prompt.values-improved', params: { ...params, oldG: value(neighbour.oldG), oldParent: formatCell(neighbour.oldParent) } };
}

// The verdict on an answer (`answer`: 'right', 'wrong' or 'skipped'), as { key, params }.
// The parent an any-angle finder gave a neighbour straight past the node expanded, with its
// G (final: it was expanded before), or null.
export function viaOf(search, node, neighbour) {
  if (!neighbour.parent || same(neighbour.parent, node)) return null;
  return { ...neighbour.parent, g: search.cellInfo(neighbour.parent.x, neighbour.parent.y).g };
}

export function valuesVerdict({ node, neighbour, via }, answer) {
  // An any-angle finder's neighbour may take the node's own parent, `via`, straight.
  const parent = via ?? node;
  const params = {
    cell: formatCell(neighbour),
    g: value(neighbour.g),
    h: value(neighbour.h),
    from: value(parent.g),
    move: value(neighbour.g - parent.g),
    parent: formatCell(parent),
  };
  if (neighbour.outcome !== 'improved') return { key: `predict.values.${answer}`, params };
  return { key: `predict.values.improved-${answer}`, params: { ...params, oldG: value(neighbour.oldG), oldParent: formatCell(neighbour.oldParent) } };
}

// How a verdict is coloured, by its text key: 'right', 'skipped' or 'wrong'
// ("predict.values.improved-right" is right).
export function verdictKind(key) {
  if (/[.-]right\b/.test(key)) return 'right';
  return /[.-]skipped\b/.test(key) ? 'skipped' : 'wrong';
}

export class Predict {
  // events: a StepEvents; changed(): asks for a new frame.
  constructor(doc, events, changed) {
    const byId = (id) => doc.getElementById(id);
    this.doc = doc;
    this.events = events;
    this.changed = changed;
    this.button = byId('predict');
    this.box = byId('predict-box');
    this.prompt = byId('predict-prompt');
    this.verdict = byId('predict-verdict');
    this.score = byId('predict-score');
    this.valuesForm = byId('predict-values');
    this.gInput = byId('predict-g');
    this.hInput = byId('predict-h');
    this.on = false;
    this.generation = -1;
    this.count = -1;
    // step number -> { correct } for the next-node and the G/H questions.
    this.nodeAnswers = new Map();
    this.valueAnswers = new Map();
    this.lastVerdict = null;
    this.session = null;
    this.button.addEventListener('click', (e) => {
      if (e.detail > 0) e.currentTarget.blur();
      this.toggle();
    });
    this.valuesForm.addEventListener('submit', (e) => {
      e.preventDefault();
      if (this.session) this.checkValues(this.session);
    });
    onLanguageChange(() => {
      this.shownKey = null;
      this.changed();
    });
  }

  toggle() {
    this.on = !this.on;
    this.button.setAttribute('aria-pressed', String(this.on));
    this.box.hidden = !this.on;
    this.lastVerdict = null;
    // On a phone the board or the questions under it may be below the fold: the questions
    // are about the board, so bring both up, the board at the top.
    const board = this.doc.getElementById('board');
    const top = board.getBoundingClientRect().top;
    const bottom = Math.max(board.getBoundingClientRect().bottom, this.box.getBoundingClientRect().bottom);
    if (this.on && (top < 0 || bottom > this.doc.defaultView.innerHeight)) board.scrollIntoView({ block: 'start' });
    this.changed();
  }

  // Keeps the answers in step with the search: a new search starts a new round; stepping
  // back forgets the answers for the steps undone, so they can be tried again.
  sync(session) {
    this.session = session;
    if (session.generation !== this.generation) {
      this.generation = session.generation;
      this.nodeAnswers.clear();
      this.valueAnswers.clear();
      this.lastVerdict = null;
    }
    const count = session.search.stepCount();
    if (count < this.count) {
      for (const answers of [this.nodeAnswers, this.valueAnswers]) {
        for (const step of answers.keys()) if (step > count) answers.delete(step);
      }
      this.lastVerdict = null;
    }
    this.count = count;
  }

  // Only a finder with one open list taken in priority order has a next node to predict:
  // its family says which neighbours a step relaxes.
  get supported() {
    return this.session !== null && this.relaxed(this.session) !== undefined;
  }

  relaxed(session) {
    return familyOf(session.finder)?.relaxed;
  }

  priorityName(session) {
    return PRIORITY_NAMES[session.finder.priority];
  }

  // What the student is asked now: 'node', 'values' or null (nothing: off, finished, or an
  // finder without one ordered open list).
  phase(session) {
    this.sync(session);
    if (!this.on || session.search.status() !== 'running' || !this.supported) return null;
    const next = session.search.stepCount() + 1;
    if (!this.nodeAnswers.has(next)) return 'node';
    if (!this.valueAnswers.has(next) && this.askedNeighbour(session)) return 'values';
    return null;
  }

  // While the student has to say which node comes next, the board hides its answer.
  hidesNext(session) {
    return this.phase(session) === 'node';
  }

  // The neighbour the G/H question is about: one the next expansion opens or improves,
  // a different one from step to step.
  askedNeighbour(session) {
    const next = session.search.stepCount() + 1;
    const event = this.events.at(session, next);
    if (!event) return null;
    const candidates = this.relaxed(session)(event).filter((nb) => nb.outcome === 'opened' || nb.outcome === 'improved');
    if (candidates.length === 0) return null;
    const neighbour = candidates[next % candidates.length];
    return { node: event.node, neighbour, via: viaOf(session.search, event.node, neighbour) };
  }

  // A cell picked on the board; true when predicting (the board does not edit meanwhile).
  pick(session, cell) {
    if (!this.on) return false;
    if (this.phase(session) !== 'node') return true;
    const search = session.search;
    const entries = search.openList(TIED_ENTRIES);
    const head = entries[0];
    const next = search.stepCount() + 1;
    const correct = same(cell, head);
    this.nodeAnswers.set(next, { correct });
    this.lastVerdict = this.nodeVerdict(session, cell, head, entries, correct);
    if (this.phase(session) !== 'values') session.step();
    else this.clearInputs();
    this.changed();
    return true;
  }

  // The step key on a question left unanswered: the answer is shown and scored as skipped,
  // and the search stays where it is (the next press steps). False when nothing is asked.
  skip(session) {
    const phase = this.phase(session);
    if (phase === null) return false;
    const next = session.search.stepCount() + 1;
    if (phase === 'node') {
      const head = session.search.openList(1)[0];
      const name = this.priorityName(session);
      this.nodeAnswers.set(next, { correct: false });
      const params = { cell: formatCell(head), name, value: value(head.f) };
      this.lastVerdict = { key: name === null ? 'predict.node.skipped-queue' : 'predict.node.skipped', params };
    }
    // Skipping the step skips its G and H question too.
    const asked = this.askedNeighbour(session);
    if (asked) {
      this.valueAnswers.set(next, { correct: false });
      const values = valuesVerdict(asked, 'skipped');
      this.lastVerdict = phase === 'node' ? { ...this.lastVerdict, also: values } : values;
    }
    this.changed();
    return true;
  }

  nodeVerdict(session, cell, head, entries, correct) {
    const name = this.priorityName(session);
    const options = session.resolvedOptions;
    const picked = entries.find((e) => same(e, cell));
    const tied = entries.filter((e) => Math.abs(e.f - head.f) < 1e-9);
    const params = { cell: formatCell(head), picked: formatCell(cell), name, value: value(head.f) };
    if (name === null) {
      return { key: correct ? 'predict.node.right-queue' : 'predict.node.wrong-queue', params };
    }
    const rule = t(`predict.tie.${tieRule(session.finder, options.tieBreak)}`, { name });
    if (correct) {
      return tied.length > 1
        ? { key: 'predict.node.right-tie', params: { ...params, others: tied.length - 1, rule } }
        : { key: 'predict.node.right', params };
    }
    if (!picked) return { key: 'predict.node.not-open', params };
    if (tied.some((e) => same(e, cell))) return { key: 'predict.node.lost-tie', params: { ...params, rule } };
    return { key: 'predict.node.higher', params: { ...params, pickedValue: value(picked.f) } };
  }

  clearInputs() {
    this.gInput.value = '';
    this.hInput.value = '';
  }

  checkValues(session) {
    if (this.phase(session) !== 'values') return;
    const asked = this.askedNeighbour(session);
    const g = Number(this.gInput.value);
    const h = Number(this.hInput.value);
    if (this.gInput.value.trim() === '' || this.hInput.value.trim() === '' || !Number.isFinite(g) || !Number.isFinite(h)) {
      this.lastVerdict = { key: 'predict.values.missing', params: {} };
      this.changed();
      return;
    }
    const nb = asked.neighbour;
    const correct = Math.abs(g - nb.g) <= SAME_VALUE && Math.abs(h - nb.h) <= SAME_VALUE;
    this.valueAnswers.set(session.search.stepCount() + 1, { correct });
    this.lastVerdict = valuesVerdict(asked, correct ? 'right' : 'wrong');
    session.step();
    this.changed();
  }

  // Board marks for the question on show.
  marks(session) {
    if (this.phase(session) !== 'values') return [];
    const { node, neighbour } = this.askedNeighbour(session);
    return [{ x: node.x, y: node.y, kind: 'expanding' }, { x: neighbour.x, y: neighbour.y, kind: 'asked' }];
  }

  // The question, the last verdict and the score, in words.
  show(session) {
    const phase = this.phase(session);
    this.doc.body.classList.toggle('predict-asking', phase === 'node');
    if (!this.on) return;
    let prompt = { key: 'predict.prompt.done', params: {} };
    if (!this.supported) {
      prompt = { key: 'predict.prompt.unsupported', params: {} };
    } else if (phase === 'node') {
      prompt = { key: 'predict.prompt.node', params: {} };
    } else if (phase === 'values') {
      prompt = valuesQuestion(this.askedNeighbour(session));
    }
    const count = (answers) => [...answers.values()].filter((a) => a.correct).length;
    const texts = {
      prompt: t(prompt.key, prompt.params),
      verdict: this.lastVerdict ? [this.lastVerdict, this.lastVerdict.also].filter(Boolean).map((v) => t(v.key, v.params)).join(' ') : '',
      score: t('predict.score', {
        right: count(this.nodeAnswers),
        asked: this.nodeAnswers.size,
        valuesRight: count(this.valueAnswers),
        valuesAsked: this.valueAnswers.size,
      }),
    };
    for (const [name, text] of Object.entries(texts)) {
      if (this[name].textContent !== text) this[name].textContent = text;
    }
    this.verdict.className = `predict-verdict ${this.lastVerdict ? verdictKind(this.lastVerdict.key) : ''}`;
    this.valuesForm.hidden = phase !== 'values';
  }
}
