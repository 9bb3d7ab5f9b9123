import { formatValue, formatCell, formatFinite, formatKey } from '../i18n/format.js';
import { describeStep } from '../finders/narration.js';
import { familyOf } from '../finders/catalogue.js';
import { StepLog } from './steplog.js';
import { OpenListPanel, openNames, showOpenNames } from './openlist.js';
import { t, tn } from '../i18n/i18n.js';
import { describeError } from '../i18n/errors.js';
import { renderFinderCounters } from '../finders/counters.js';
import { showMarkLegend, markRows } from '../finders/marks.js';
import { setText } from '../layout/text.js';

// The one place errors and notices reach the person: a dismissable line above the map. It
// keeps the errors themselves, not their words, so a language change can say them again.
// Where the line is cut short (an embedded page keeps it to one line), Show all unfolds it.
export class MessageArea {
  constructor(box, text, close, more) {
    this.box = box;
    this.text = text;
    this.more = more;
    this.shown = [];
    this.foldedHeight = 0;
    close.addEventListener('click', () => this.clear());
    more.addEventListener('click', () => this.unfold(!this.box.classList.contains('unfolded')));
    box.ownerDocument.defaultView.addEventListener('resize', () => this.measure());
  }

  // One error, or several (one per line, or joined by `separator`).
  showError(error, separator = '\n') {
    this.shown = Array.isArray(error) ? error : [error];
    this.separator = separator;
    this.unfold(false);
    this.render();
  }

  render() {
    if (this.shown.length === 0) return;
    this.text.textContent = this.shown.map(describeError).join(this.separator);
    this.box.hidden = false;
    this.more.textContent = t(this.box.classList.contains('unfolded') ? 'message.less' : 'message.more');
    this.measure();
  }

  // Offers Show all only when the line is cut short (or was unfolded). Also sets
  // --unfolded-overhang, how much taller than its folded line the unfolded message is: a short
  // embed with a mouse lets it hang that far over the rows below rather than push the map
  // out of the frame (see style.css).
  measure() {
    if (this.box.hidden) return;
    const unfolded = this.box.classList.contains('unfolded');
    this.more.hidden = !unfolded && this.text.scrollWidth <= this.text.clientWidth + 1;
    if (!unfolded) this.foldedHeight = this.box.offsetHeight;
    const overhang = unfolded ? Math.max(0, this.box.offsetHeight - this.foldedHeight) : 0;
    this.box.style.setProperty('--unfolded-overhang', `${overhang}px`);
  }

  unfold(on) {
    this.box.classList.toggle('unfolded', on);
    this.more.setAttribute('aria-expanded', String(on));
    this.more.textContent = t(on ? 'message.less' : 'message.more');
    this.measure();
  }

  clear() {
    this.shown = [];
    this.box.hidden = true;
    this.text.textContent = '';
    this.unfold(false);
  }
}

// The step counter's label: a walk's steps are the agent's moves, and the counter says so.
export function stepCounterLabel(session) {
  return session.walk ? 'counters.move' : 'counters.step';
}

// The expansions counter beside "Expanded in this repair" or "at this move" is the sum over
// every repair or move, and says so: "Expanded 11" beside "in this repair 0" read as a
// contradiction.
export function expandedCounterLabel(session) {
  return session.walk || session.finder.repairs ? 'counters.expanded-all' : 'counters.expanded';
}

// The result line after `count` steps (`last`: the last one's { step, event }, if any);
// lineByLine and step as for Panels.update. A walk's says where it stands.
export function resultText(session, last, count, lineByLine, step) {
  const search = session.search;
  const status = search.status();
  if (session.walk) {
    if (status === 'found') return t('result.arrived', { moves: count, travelled: formatValue(last?.event.arrival?.travelled ?? 0, 2) });
    if (status === 'no-path') return t('result.walk-unreachable');
    return t('result.walking', { moves: count, cost: formatValue(search.pathCost() ?? Infinity, 2) });
  }
  if (status === 'found') {
    const moves = search.pathSteps();
    return tn('result.found', moves, { cost: formatValue(search.pathCost(), 2), moves });
  }
  if (status === 'limit-reached') return t('result.limit', { limit: search.counters().generated.toLocaleString() });
  if (status === 'no-path') return t('result.no-path');
  if (lineByLine) return t('result.line-by-line', { step, done: lineByLine.done, lines: lineByLine.lines });
  if (count === 0) return t('result.ready');
  return '';
}

// The latest step in words (`last` as for resultText), or where the search rests before
// step 1: a family may say (a repair about to begin).
export function narrationText(session, last, lineByLine, step) {
  if (lineByLine) return t('narration.line', { step, text: t(lineByLine.note.key, lineByLine.note.params) });
  if (last) return t('narration.step', { step: last.step, text: describeStep(last.event, session.finder, session.rules) });
  const ready = familyOf(session.finder)?.ready?.(session)?.note;
  return ready ? t(ready.key, ready.params) : t('narration.not-started');
}

// Everything the page says in text about the search: counters, result, the latest step in
// words, the log, the open list and the cell inspector. Text nodes only change when their
// text does, so the aria-live regions announce real news only.
export class Panels {
  // header(): the lines naming the map and the options (for Copy log).
  constructor(doc, getSession, header) {
    const byId = (id) => doc.getElementById(id);
    this.counters = byId('counters');
    this.step = byId('count-step');
    this.stepLabel = this.step.previousElementSibling;
    this.expanded = byId('count-expanded');
    this.expandedLabel = this.expanded.previousElementSibling;
    this.open = byId('count-open');
    this.finderCounters = byId('finder-counters');
    this.result = byId('result');
    this.narration = byId('narration');
    this.log = new StepLog(doc, getSession, header);
    this.openList = new OpenListPanel(doc, getSession);
    this.inspector = byId('inspector');
    this.shownKey = null;
    this.inspectedKey = null;
  }

  // After a language change every text is built again.
  invalidate() {
    this.shownKey = null;
    this.inspectedKey = null;
    this.log.invalidate();
  }

  // While playing, the live regions are marked busy so a screen reader waits for the pause
  // instead of reading out sixty updates a second.
  setBusy(busy) {
    for (const region of [this.counters, this.narration]) region.setAttribute('aria-busy', String(busy));
  }

  // lineByLine: what the lines of an expansion run so far did (StepLine.counts), or null.
  update(session, lineByLine = null) {
    const search = session.search;
    const count = search.stepCount();
    const key = `${session.generation}:${count}:${lineByLine?.done ?? ''}`;
    if (key === this.shownKey) return;
    this.shownKey = key;

    const total = search.totalSteps();
    const counters = search.counters();
    const step = lineByLine ? lineByLine.step : count;
    setText(this.step, total === null || total === undefined ? String(step) : `${step} / ${total}`);
    const label = stepCounterLabel(session);
    this.stepLabel.dataset.i18n = label;
    setText(this.stepLabel, t(label));
    const expandedLabel = expandedCounterLabel(session);
    this.expandedLabel.dataset.i18n = expandedLabel;
    setText(this.expandedLabel, t(expandedLabel));
    setText(this.expanded, String(counters.expanded + (lineByLine?.expanded ?? 0)));
    setText(this.open, String(counters.open + (lineByLine?.open ?? 0)));
    renderFinderCounters(this.finderCounters, session.walk ? session.finder.walk.counters : session.finder.counters, search.info());
    showMarkLegend(document, session.finder);
    showOpenNames(document, session.finder);

    const [last] = session.stepsBetween(count, count);
    setText(this.result, resultText(session, last, count, lineByLine, step));
    this.result.className = `result ${search.status()}`;
    setText(this.narration, narrationText(session, last, lineByLine, step));
    this.log.render(session);
    this.openList.render(session, false, lineByLine);
    this.inspectedKey = null;
  }

  // The numbers of one cell (hovered, tapped or under the keyboard cursor).
  inspect(session, cell) {
    const key = cell ? `${cell.x},${cell.y}` : '';
    if (key === this.inspectedKey) return;
    this.inspectedKey = key;
    if (!cell) {
      setText(this.inspector, t('inspector.empty'));
      return;
    }
    const info = session.search.cellInfo(cell.x, cell.y);
    const editor = session.editor;
    const start = editor.start();
    const goal = editor.goal();
    const place = formatCell(info);
    const isStart = start.x === cell.x && start.y === cell.y;
    const isGoal = goal.x === cell.x && goal.y === cell.y;
    const where = isStart ? t('inspector.role-start', { cell: place }) : isGoal ? t('inspector.role-goal', { cell: place }) : place;
    const state = info.state === 'open' ? openNames(session.finder).state : `state.${info.state}`;
    const rows = [[t('inspector.cell'), where], [t('inspector.state'), t(state)]];
    if (info.terrain > 0) rows.push([t('inspector.terrain'), info.terrain === 1 ? t('inspector.plain-ground') : t('inspector.terrain-cost', { weight: info.terrain })]);
    if (info.incremental) {
      const { g, rhs, key } = info.incremental;
      rows.push(['g', formatFinite(g, 2)], ['rhs', formatFinite(rhs, 2)]);
      if (key) rows.push([t('inspector.key'), formatKey(key, 2)]);
      if (info.h !== null && info.h !== undefined) rows.push(['h', formatValue(info.h, 2)]);
    } else if (info.f !== null && info.f !== undefined) {
      rows.push(['F', formatValue(info.f, 2)], ['G', formatValue(info.g, 2)], ['H', formatValue(info.h, 2)]);
    } else if (info.h !== null && info.h !== undefined) {
      rows.push(['H', formatValue(info.h, 2)]);
    }
    if (info.parent) rows.push([t('inspector.parent'), formatCell(info.parent)]);
    rows.push(...markRows(session.finder, session.markAt(cell)));
    const list = document.createElement('dl');
    for (const [term, value] of rows) {
      const dt = document.createElement('dt');
      dt.textContent = term;
      const dd = document.createElement('dd');
      dd.textContent = value;
      list.append(dt, dd);
    }
    this.inspector.replaceChildren(list);
  }
}
