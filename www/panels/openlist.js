import { formatValue, formatCell } from '../i18n/format.js';
import { describeOrder } from '../finders/narration.js';
import { familyOf } from '../finders/catalogue.js';
import { t } from '../i18n/i18n.js';
import { setText, showKey } from '../layout/text.js';

// Entries shown at once; the pager reaches the rest, still in pop order.
export const OPEN_PAGE = 50;

// A best-first open list: F, G and H of each entry.
const OPEN_LIST = {
  columns: ['F', 'G', 'H'],
  page: (search, offset, count) => search.openListPage(offset, count),
  partway: (search, made, count) => search.openListPartway(made, count),
  row: (entry) => [formatValue(entry.f, 2), formatValue(entry.g, 2), formatValue(entry.h, 2)],
};

// What the open list is called where it shows: the panel's title, the counter, the legend's
// swatch and a cell's state. A family that keeps a queue of its own names it (D* Lite's U),
// so the panel, the counter and the sentences say one name.
const OPEN_NAMES = { title: 'open.title', counter: 'counters.open', legend: 'legend.open', state: 'state.open' };
export function openNames(finder) {
  return familyOf(finder)?.queue?.names ?? OPEN_NAMES;
}

// The names the single view shows for its finder: the panel's, the counter's, the legend's.
export function showOpenNames(root, finder) {
  const names = openNames(finder);
  showKey(root.getElementById('open-title'), names.title);
  showKey(root.getElementById('count-open-label'), names.counter);
  showOpenLegend(root, [finder]);
}

// The legend's name for the finders on show (the compare view's panes): theirs when they
// all share one, else the open list's.
export function showOpenLegend(root, finders) {
  const names = finders.map(openNames);
  const legend = names.every((n) => n.legend === names[0].legend) ? names[0].legend : OPEN_NAMES.legend;
  showKey(root.getElementById('legend-open-label'), legend);
}

// The open list panel: every entry in the order the search will take them, a page at a
// time, the head (taken next) marked. The page read stays while the search moves, and
// falls back to the last one when the list shrinks under it.
export class OpenListPanel {
  constructor(doc, getSession) {
    const byId = (id) => doc.getElementById(id);
    this.caption = byId('open-caption');
    this.rows = byId('open-rows');
    this.headings = [...byId('open-head').querySelectorAll('[data-column]')];
    this.pager = byId('open-pager');
    this.range = byId('open-range');
    this.buttons = { first: byId('open-first'), previous: byId('open-previous'), next: byId('open-next'), last: byId('open-last') };
    this.offset = 0;
    this.generation = -1;
    const page = (offset) => () => {
      this.offset = offset();
      this.render(getSession(), true);
    };
    this.buttons.first.addEventListener('click', page(() => 0));
    this.buttons.previous.addEventListener('click', page(() => Math.max(0, this.offset - OPEN_PAGE)));
    this.buttons.next.addEventListener('click', page(() => this.offset + OPEN_PAGE));
    this.buttons.last.addEventListener('click', page(() => Math.floor((this.total - 1) / OPEN_PAGE) * OPEN_PAGE));
  }

  // lineByLine: StepLine.counts in the middle of an expansion, or null; once the node is off
  // the list the engine gives the list as the lines run so far left it.
  render(session, paged = false, lineByLine = this.lineByLine) {
    this.lineByLine = lineByLine;
    const search = session.search;
    const options = session.resolvedOptions;
    const running = search.status() === 'running';
    // A new search opens at the head of its list.
    if (session.generation !== this.generation) {
      this.generation = session.generation;
      this.offset = 0;
    }
    // A family with a queue of its own (LPA*, D* Lite: keys, g and rhs) says what its rows hold.
    const queue = familyOf(session.finder)?.queue ?? OPEN_LIST;
    queue.columns.forEach((text, k) => setText(this.headings[k], text));
    // In the middle of an expansion, once its node is off the list: the list as the lines
    // run so far left it (null from a finder that does not say).
    const during = lineByLine?.taken ? queue.partway(search, lineByLine.made, this.offset + OPEN_PAGE) : undefined;
    const total = during ? search.openCount() + lineByLine.open : search.openCount();
    this.total = total;
    if (this.offset >= total) this.offset = Math.max(0, Math.floor((total - 1) / OPEN_PAGE) * OPEN_PAGE);
    const entries = total === 0 ? [] : during ? during.slice(this.offset, this.offset + OPEN_PAGE) : queue.page(search, this.offset, OPEN_PAGE);

    let caption = t('open.caption', { order: describeOrder(session.finder, options) });
    if (total === 0) caption = t('open.empty');
    else if (!running) caption = t('open.over');
    setText(this.caption, caption);
    const rows = entries.map((entry, index) => {
      const position = this.offset + index;
      const tr = document.createElement('tr');
      if (position === 0 && running) tr.className = 'head';
      for (const text of [String(position + 1), formatCell(entry), ...queue.row(entry)]) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      // Shown by the style sheet around the cell, so the cell's own text stays the cell:
      // the side of a bidirectional search it waits on, and the head.
      if (entry.side) tr.children[1].dataset.side = t(`open.side.${entry.side}`);
      if (tr.className === 'head') tr.children[1].dataset.next = t('open.next');
      return tr;
    });
    this.rows.replaceChildren(...rows);
    if (paged) this.rows.closest('.open-scroll').scrollTop = 0;

    this.pager.hidden = total <= OPEN_PAGE;
    const end = this.offset + entries.length;
    setText(this.range, total > OPEN_PAGE ? t('open.range', { first: (this.offset + 1).toLocaleString(), last: end.toLocaleString(), total: total.toLocaleString() }) : '');
    this.buttons.first.disabled = this.offset === 0;
    this.buttons.previous.disabled = this.offset === 0;
    this.buttons.next.disabled = end >= total;
    this.buttons.last.disabled = end >= total;
  }
}
