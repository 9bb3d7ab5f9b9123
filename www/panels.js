import { formatValue, formatCell } from './format.js';
import { describeOrder } from './narration.js';
import { errorText } from './engineerrors.js';
import { renderFinderCounters, showFinderLegend, finderCellRows } from './finder_counters.js';
import { t } from './i18n.js';

const OPEN_ROWS = 10;

const STATE_WORDS = {
  wall: 'wall',
  unvisited: 'not reached yet',
  open: 'open (waiting in the open list)',
  closed: 'closed (expanded, G is final)',
  current: 'being expanded in this step',
  path: 'on the path',
};

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

// The one place errors and notices reach the person: a dismissable line above the map.
export class MessageArea {
  constructor(box, text, close) {
    this.box = box;
    this.text = text;
    close.addEventListener('click', () => this.clear());
  }

  show(message) {
    this.text.textContent = message;
    this.box.hidden = false;
  }

  showError(error) {
    this.show(error instanceof Error ? errorText(error) : String(error));
  }

  clear() {
    this.box.hidden = true;
    this.text.textContent = '';
  }
}

// Everything the page says in text about the search: counters, result, the latest step in
// words, the log, the open list and the cell inspector. Text nodes only change when their
// text does, so the aria-live regions announce real news only.
export class Panels {
  constructor(doc) {
    const byId = (id) => doc.getElementById(id);
    this.counters = byId('counters');
    this.step = byId('count-step');
    this.expanded = byId('count-expanded');
    this.open = byId('count-open');
    this.finderCounters = byId('finder-counters');
    this.result = byId('result');
    this.narration = byId('narration');
    this.log = byId('step-log');
    this.openCaption = byId('open-caption');
    this.openRows = byId('open-rows');
    this.openMore = byId('open-more');
    this.inspector = byId('inspector');
    this.shownKey = null;
    this.inspectedKey = null;
  }

  // While playing, the live regions are marked busy so a screen reader waits for the pause
  // instead of reading out sixty updates a second.
  setBusy(busy) {
    for (const region of [this.counters, this.narration]) region.setAttribute('aria-busy', String(busy));
  }

  update(session) {
    const search = session.search;
    const count = search.stepCount();
    const key = `${session.generation}:${count}`;
    if (key === this.shownKey) return;
    this.shownKey = key;

    const total = search.totalSteps();
    const counters = search.counters();
    setText(this.step, total === null || total === undefined ? String(count) : `${count} / ${total}`);
    setText(this.expanded, String(counters.expanded));
    setText(this.open, String(counters.open));
    renderFinderCounters(this.finderCounters, session.resolvedOptions.algorithm, search.info());
    showFinderLegend(document, session.resolvedOptions.algorithm);

    const status = search.status();
    let result = '';
    if (status === 'found') {
      const moves = search.pathSteps();
      result = `Path found: cost ${formatValue(search.pathCost(), 2)}, ${plural(moves, 'move')}.`;
    } else if (status === 'limit-reached') {
      result = t('result.limit', { limit: counters.generated.toLocaleString() });
    } else if (status === 'no-path') {
      result = 'No path: the goal cannot be reached from the start.';
    } else if (count === 0) {
      result = 'Ready: press Play or Step.';
    }
    setText(this.result, result);
    this.result.className = `result ${status}`;

    const last = session.log[session.log.length - 1];
    setText(this.narration, last ? `Step ${last.step}: ${last.text}` : 'Not started yet: only the start is in the open list.');
    this.renderLog(session.log);
    this.renderOpenList(search, session.resolvedOptions, status === 'running');
    this.inspectedKey = null;
  }

  renderLog(log) {
    const items = log.map((entry) => {
      const li = document.createElement('li');
      const number = document.createElement('span');
      number.className = 'step-number';
      number.textContent = String(entry.step);
      li.append(number, entry.text);
      return li;
    });
    this.log.replaceChildren(...items);
    this.log.scrollTop = this.log.scrollHeight;
  }

  renderOpenList(search, options, running) {
    const entries = search.openList(OPEN_ROWS);
    const total = search.openCount();
    let caption = `Next out first: ${describeOrder(options)}.`;
    if (total === 0) caption = 'Empty.';
    else if (!running) caption = 'The search is over; these nodes were still waiting.';
    setText(this.openCaption, caption);
    const rows = entries.map((entry, index) => {
      const tr = document.createElement('tr');
      if (index === 0 && running) tr.className = 'head';
      for (const text of [String(index + 1), formatCell(entry), formatValue(entry.f, 2), formatValue(entry.g, 2), formatValue(entry.h, 2)]) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    });
    this.openRows.replaceChildren(...rows);
    setText(this.openMore, total > entries.length ? `and ${total - entries.length} more` : '');
  }

  // The numbers of one cell (hovered, tapped or under the keyboard cursor).
  inspect(session, cell) {
    const key = cell ? `${cell.x},${cell.y}` : '';
    if (key === this.inspectedKey) return;
    this.inspectedKey = key;
    if (!cell) {
      setText(this.inspector, 'Hover over or tap a cell to see its numbers.');
      return;
    }
    const info = session.search.cellInfo(cell.x, cell.y);
    const editor = session.editor;
    const start = editor.start();
    const goal = editor.goal();
    const role = start.x === cell.x && start.y === cell.y ? ' — start' : goal.x === cell.x && goal.y === cell.y ? ' — goal' : '';
    const rows = [['Cell', `${formatCell(info)}${role}`], ['State', STATE_WORDS[info.state] ?? info.state]];
    if (info.terrain > 0) rows.push(['Terrain', info.terrain === 1 ? 'plain ground (cost ×1)' : `cost ×${info.terrain}`]);
    if (info.f !== null && info.f !== undefined) {
      rows.push(['F', formatValue(info.f, 2)], ['G', formatValue(info.g, 2)], ['H', formatValue(info.h, 2)]);
    } else if (info.h !== null && info.h !== undefined) {
      rows.push(['H', formatValue(info.h, 2)]);
    }
    if (info.parent) rows.push(['Parent', formatCell(info.parent)]);
    rows.push(...finderCellRows(session.markAt(cell)));
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
