import { t, onLanguageChange } from '../i18n/i18n.js';

// The algorithm in use, in textbook form, with the line being executed highlighted. A
// listing is a list of [line id, indent, text key]; a step's trace (stepline.js) names the
// line ids it ran, so one trace format serves every algorithm that shares a line's role.

const BEST_FIRST_BODY = (name) => [
  ['init', 0, 'code.init'],
  ['start', 0, `code.${name}.start`],
  ['loop', 0, 'code.loop'],
  ['pop', 1, `code.${name}.pop`],
  ['goal', 1, 'code.goal'],
  ['each', 1, 'code.each'],
  ['skip', 2, 'code.skip'],
  ['cost', 2, 'code.cost'],
  ['new', 2, 'code.new'],
  ['set', 3, `code.${name}.set`],
  ['add', 3, 'code.add'],
  ['better', 2, 'code.better'],
  ['update', 3, `code.${name}.update`],
  ['close', 1, 'code.close'],
  ['fail', 0, 'code.fail'],
];

const BIDIRECTIONAL = (name) => [
  ['init', 0, 'code.bi.init'],
  ['start', 0, `code.bi.${name}.start`],
  ['loop', 0, 'code.bi.loop'],
  ['stop', 1, `code.bi.${name}.stop`],
  ['side', 1, 'code.bi.side'],
  ['pop', 1, `code.bi.${name}.pop`],
  ['each', 1, 'code.each'],
  ['skip', 2, 'code.bi.skip'],
  ['cost', 2, 'code.cost'],
  ['new', 2, 'code.bi.new'],
  ['set', 3, `code.bi.${name}.set`],
  ['add', 3, name === 'bfs' ? 'code.bi.bfs.add' : 'code.bi.add'],
  ...(name === 'bfs'
    ? [['keep', 2, 'code.bfs.keep']]
    : [['better', 2, 'code.better'], ['update', 3, `code.${name}.update`]]),
  ['meet', 2, 'code.bi.meet'],
  ['best', 3, 'code.bi.best'],
  ['close', 1, 'code.bi.close'],
  ['fail', 0, 'code.bi.fail'],
];

export const LISTINGS = {
  astar: BEST_FIRST_BODY('astar'),
  dijkstra: BEST_FIRST_BODY('dijkstra'),
  greedy: BEST_FIRST_BODY('greedy'),
  bfs: [
    ['init', 0, 'code.bfs.init'],
    ['start', 0, 'code.bfs.start'],
    ['loop', 0, 'code.loop'],
    ['pop', 1, 'code.bfs.pop'],
    ['goal', 1, 'code.goal'],
    ['each', 1, 'code.each'],
    ['skip', 2, 'code.skip'],
    ['cost', 2, 'code.cost'],
    ['new', 2, 'code.new'],
    ['set', 3, 'code.bfs.set'],
    ['add', 3, 'code.bfs.add'],
    ['keep', 2, 'code.bfs.keep'],
    ['close', 1, 'code.close'],
    ['fail', 0, 'code.fail'],
  ],
  jps: [
    ['init', 0, 'code.init'],
    ['start', 0, 'code.astar.start'],
    ['loop', 0, 'code.loop'],
    ['pop', 1, 'code.astar.pop'],
    ['goal', 1, 'code.jps.goal'],
    ['each', 1, 'code.jps.each'],
    ['jump', 2, 'code.jps.jump'],
    ['stops', 3, 'code.jps.stops'],
    ['found', 2, 'code.jps.found'],
    ['cost', 3, 'code.jps.cost'],
    ['better', 3, 'code.jps.better'],
    ['set', 4, 'code.astar.update'],
    ['add', 4, 'code.jps.add'],
    ['close', 1, 'code.close'],
    ['fail', 0, 'code.fail'],
  ],
  idastar: [
    ['start', 0, 'code.ida.start'],
    ['loop', 0, 'code.ida.loop'],
    ['visit', 1, 'code.ida.visit'],
    ['f', 2, 'code.ida.f'],
    ['prune', 2, 'code.ida.prune'],
    ['goal', 2, 'code.ida.goal'],
    ['each', 2, 'code.ida.each'],
    ['back', 2, 'code.ida.back'],
    ['fail', 1, 'code.ida.fail'],
    ['raise', 1, 'code.ida.raise'],
  ],
  'bi-astar': BIDIRECTIONAL('astar'),
  'bi-dijkstra': BIDIRECTIONAL('dijkstra'),
  'bi-greedy': BIDIRECTIONAL('greedy'),
  'bi-bfs': BIDIRECTIONAL('bfs'),
};

// The panel: the listing of the algorithm in use as an ordered list, one item per line. The
// line being executed carries aria-current="step" (and is highlighted); the other lines the
// current step ran are tinted, and a note under the listing says what the line did.
export class PseudocodePanel {
  constructor(doc) {
    this.doc = doc;
    this.list = doc.getElementById('pseudocode');
    this.title = doc.getElementById('pseudocode-algorithm');
    this.note = doc.getElementById('pseudocode-note');
    this.algorithm = null;
    this.items = new Map();
    this.shown = null;
    onLanguageChange(() => {
      this.algorithm = null;
      this.shown = null;
    });
  }

  // position: { algorithm, line (id or null), ran (ids run in this step), note ({ key,
  // params } or null) }
  show(position) {
    if (position.algorithm !== this.algorithm) this.build(position.algorithm);
    // Brought into view again when the line moves or the listing's box changes size.
    const key = `${JSON.stringify(position)}:${this.list.clientHeight}`;
    if (key === this.shown) return;
    this.shown = key;
    const ran = new Set(position.ran);
    for (const [id, item] of this.items) {
      const current = id === position.line;
      if (current) item.setAttribute('aria-current', 'step');
      else item.removeAttribute('aria-current');
      item.classList.toggle('ran', !current && ran.has(id));
    }
    const note = position.note ? t(position.note.key, position.note.params) : '';
    if (this.note.textContent !== note) this.note.textContent = note;
    const line = this.items.get(position.line);
    if (line) scrollIntoList(this.list, line);
  }

  build(algorithm) {
    this.algorithm = algorithm;
    this.shown = null;
    this.items.clear();
    const listing = LISTINGS[algorithm] ?? [];
    const items = listing.map(([id, indent, key]) => {
      const li = this.doc.createElement('li');
      li.dataset.line = id;
      li.style.setProperty('--indent', String(indent));
      li.textContent = t(key);
      this.items.set(id, li);
      return li;
    });
    this.list.replaceChildren(...items);
    this.title.textContent = t(`code.algorithm.${algorithm}`);
  }
}

// Keeps the highlighted line in view inside the listing's own scroll box without moving the
// page.
function scrollIntoList(list, item) {
  const top = item.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + item.offsetHeight - list.clientHeight;
}
