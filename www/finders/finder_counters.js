import { formatValue, formatCell } from '../i18n/format.js';
import { t } from '../i18n/i18n.js';
import { MARK } from './finder_marks.js';

// Beside the step counters: IDA*'s threshold and iteration, a bidirectional search's best
// cost so far and meeting point, from the engine's `info()`.
export function renderFinderCounters(element, algorithm, info) {
  const items = [];
  if (algorithm === 'idastar') {
    items.push(['iteration', 'counter.iteration', info.iteration === undefined ? '–' : String(info.iteration)]);
    items.push(['threshold', 'counter.threshold', info.threshold === undefined ? '–' : formatValue(info.threshold, 2)]);
  } else if (algorithm.startsWith('bi-')) {
    items.push(['best-cost', 'counter.best-cost', info.bestCost === undefined ? '–' : formatValue(info.bestCost, 2)]);
    items.push(['meeting', 'counter.meeting', info.meeting ? formatCell(info.meeting) : '–']);
  }
  const spans = items.map(([id, key, text]) => {
    const span = document.createElement('span');
    const output = document.createElement('output');
    output.id = `count-${id}`;
    output.textContent = text;
    span.append(`${t(key)} `, output);
    return span;
  });
  element.replaceChildren(...spans);
  element.hidden = spans.length === 0;
}

// Shows the legend entries (`data-finders="name ..."`) of the finder in use only.
export function showFinderLegend(root, algorithm) {
  for (const item of root.querySelectorAll('[data-finders]')) {
    const shown = item.dataset.finders.split(' ').includes(algorithm);
    if (item.hidden === shown) item.hidden = !shown;
  }
}

// What a cell's marks say, for the cell inspector: [label, text] rows.
export function finderCellRows(mark) {
  const notes = [];
  if (mark & MARK.backward) notes.push(t('inspector.backward'));
  if (mark & MARK.meeting) notes.push(t('inspector.meeting'));
  if (mark & MARK.onStack) notes.push(t('inspector.on-stack'));
  if (mark & MARK.pruned) notes.push(t('inspector.pruned'));
  return notes.length === 0 ? [] : [[t('inspector.finder'), notes.join(' ')]];
}
