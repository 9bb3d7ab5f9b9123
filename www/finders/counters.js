import { formatValue, formatCell } from '../i18n/format.js';
import { t } from '../i18n/i18n.js';

// Beside the step counters: the finder's own counters, those the catalogue lists for it
// (IDA*'s threshold and iteration, a bidirectional search's best cost so far and meeting
// point, ...), or for its walk in Walk mode (this move's expansions, the replans so far,
// ...), with their values from the engine's `info()`. Each is labelled by the text
// `counter.<name>` and shown in an <output id="count-<name>"> (name in kebab case).
export function renderFinderCounters(element, names, info) {
  const spans = names.map((name) => {
    const id = kebab(name);
    const span = document.createElement('span');
    const output = document.createElement('output');
    output.id = `count-${id}`;
    output.textContent = counterText(info[name]);
    span.append(`${t(`counter.${id}`)} `, output);
    return span;
  });
  element.replaceChildren(...spans);
  element.hidden = spans.length === 0;
}

export function kebab(name) {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

// A count or a cost as the page writes numbers, a cell as (x,y), a dash before there is one.
function counterText(value) {
  if (value === undefined || value === null) return '–';
  if (typeof value === 'object') return formatCell(value);
  return formatValue(value, 2);
}
