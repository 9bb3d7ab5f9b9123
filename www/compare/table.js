import { t } from '../i18n/i18n.js';
import { formatValue } from '../i18n/format.js';
import { setText } from '../layout/text.js';

// The compare view's table and summary line: each pane's work and result, live; while the
// panes walk, each walk's moves, expansions and replans instead.

// The table's columns: a search's work and result, or a walk's moves and expansions.
const SEARCH_COLUMNS = ['method', 'expanded', 'maxOpen', 'cost', 'moves', 'status'];
const WALK_COLUMNS = ['method', 'walkMoves', 'moveExpanded', 'totalExpanded', 'replans', 'status'];

// When every agent has arrived at a different cost, each planning shortest paths (the
// engine's verdict: an admissible heuristic, no weight above 1): each walked a shortest path
// on the map as it knew it at every move, and where equally short routes crossed unknown
// ground they took different ones and met different walls. Said, or a class reads the
// dearer walk as the worse method. `arrivals`: [{ name, travelled, optimal }] of the agents
// that arrived.
export function walkCosts(arrivals, walkers) {
  if (arrivals.length !== walkers || arrivals.length < 2 || !arrivals.every(({ optimal }) => optimal)) return null;
  if (arrivals.every(({ travelled }) => Math.abs(travelled - arrivals[0].travelled) < 1e-9)) return null;
  const costs = arrivals.map(({ name, travelled }) => t('compare.summary.walkCost', { name, travelled: formatValue(travelled, 2) }));
  return t('compare.summary.walkCosts', { costs: costs.join(t('compare.summary.separator')) });
}

export class CompareTable {
  constructor(doc) {
    this.doc = doc;
    this.head = doc.getElementById('compare-head');
    this.rows = doc.getElementById('compare-rows');
    this.summary = doc.getElementById('compare-summary');
    this.shownKey = null;
  }

  // What is shown is out of date (a method, the language or the panes changed).
  invalidate() {
    this.shownKey = null;
  }

  // Places in the race: panes that have finished, by the step they finished at (equal steps,
  // equal places).
  places(panes) {
    const done = panes
      .map((pane) => ({ pane, steps: pane.session.search.stepCount(), status: pane.session.search.status() }))
      .filter((entry) => entry.status !== 'running');
    done.sort((a, b) => a.steps - b.steps);
    const places = new Map();
    done.forEach((entry, index) => {
      const place = index > 0 && done[index - 1].steps === entry.steps ? places.get(done[index - 1].pane).place : index + 1;
      places.set(entry.pane, { place, steps: entry.steps });
    });
    return places;
  }

  // The header row for the columns shown, in the page's language.
  showColumns(columns) {
    const cells = columns.map((column) => {
      const th = this.doc.createElement('th');
      th.scope = 'col';
      th.dataset.i18n = `compare.col.${column}`;
      th.textContent = t(`compare.col.${column}`);
      return th;
    });
    this.head.replaceChildren(...cells);
  }

  row(name, texts) {
    const tr = this.doc.createElement('tr');
    const th = this.doc.createElement('th');
    th.scope = 'row';
    th.textContent = name;
    tr.append(th);
    for (const text of texts) {
      const td = this.doc.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  }

  // Shown again only when a pane moved, the mode changed or `invalidate` was called.
  update(view) {
    const { panes, race, walk } = view;
    const key = panes.map((p) => `${p.session.generation}:${p.session.search.stepCount()}`).join(',') + `|${race}|${walk !== null}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    // Line-of-sight tests, where an any-angle finder is among the panes.
    const sight = !walk && panes.some((p) => p.session.finder.counters.includes('sightChecks'));
    this.showColumns(walk ? WALK_COLUMNS : sight ? [...SEARCH_COLUMNS.slice(0, -1), 'sightChecks', 'status'] : SEARCH_COLUMNS);
    const places = race ? this.places(panes) : new Map();
    const summary = [];
    const rows = walk ? this.walkRows(view, places, summary) : this.searchRows(view, places, summary, sight);
    this.rows.replaceChildren(...rows);
    setText(this.summary, summary.join(' '));
  }

  // A pane's place in the race, shown on it and in its status.
  placed(pane, places, state) {
    const place = places.get(pane);
    setText(pane.place, place ? `#${place.place}` : '');
    pane.element.classList.toggle('winner', place?.place === 1);
    return place ? t('compare.status.place', { status: state, place: place.place }) : state;
  }

  // The order the race ended in, once every pane has.
  raceOrder({ panes, race }, places, summary) {
    if (!race || places.size !== panes.length) return;
    const order = [...places].sort((a, b) => a[1].place - b[1].place)
      .map(([pane, { place, steps }]) => t('compare.summary.entry', { place, name: pane.name(), steps }));
    summary.push(t('compare.summary.order', { order: order.join(t('compare.summary.separator')) }));
  }

  searchRows(view, places, summary, sight) {
    const afterEdit = [];
    const rows = view.panes.map((pane) => {
      const { search, finder, repairs } = pane.session;
      const counters = search.counters();
      // This search's expansions: a repair's own for a finder that counts them apart.
      const expanded = finder.counters.includes('repairExpanded') ? search.info().repairExpanded : counters.expanded;
      const name = pane.name();
      afterEdit.push(t(repairs > 0 ? 'compare.summary.repaired' : 'compare.summary.fromScratch', { name, expanded }));
      const status = search.status();
      let state = t('compare.status.running');
      if (status === 'found') state = t('compare.status.found', { step: search.stepCount() });
      else if (status === 'no-path') state = t('compare.status.noPath', { step: search.stepCount() });
      const cost = status === 'found' ? formatValue(search.pathCost(), 4) : '—';
      const moves = status === 'found' ? String(search.pathSteps()) : '—';
      const checks = sight ? [String(search.info().sightChecks ?? '—')] : [];
      return this.row(name, [String(expanded), String(counters.maxOpen), cost, moves, ...checks, this.placed(pane, places, state)]);
    });
    this.raceOrder(view, places, summary);
    // Once a pane has repaired and every search is over: the repair's work beside the others'.
    if (view.finished && view.panes.some((pane) => pane.session.repairs > 0)) {
      summary.push(t('compare.summary.afterEdit', { searches: afterEdit.join(t('compare.summary.separator')) }));
    }
    return rows;
  }

  // Each walk: its moves, this move's expansions and all so far, its replans, where it is.
  walkRows(view, places, summary) {
    const walks = [];
    const arrivals = [];
    const rows = view.panes.map((pane) => {
      const { session } = pane;
      const search = session.search;
      const moves = search.stepCount();
      const info = search.info();
      const expanded = search.counters().expanded;
      const name = pane.name();
      // How its planner plans, by the catalogue's name for it.
      const how = t(`walk.planner.${session.finder.walk.planner}`);
      walks.push(t('compare.summary.walkEntry', { name, how, expanded: expanded.toLocaleString('en'), moves }));
      const status = search.status();
      let state = t('compare.status.walking');
      if (status === 'found') {
        const [last] = session.stepsBetween(moves, moves);
        const travelled = last?.event.arrival?.travelled ?? 0;
        const verdict = search.admissibility();
        arrivals.push({ name, travelled, optimal: verdict.admissible && !verdict.stopsWhenReached });
        state = t('compare.status.arrived', { moves, travelled: formatValue(travelled, 2) });
      } else if (status === 'no-path') state = t('compare.status.walkUnreachable', { moves });
      const texts = [String(moves), String(info.moveExpanded ?? 0), String(expanded), String(info.replans ?? 0)];
      return this.row(name, [...texts, this.placed(pane, places, state)]);
    });
    this.raceOrder(view, places, summary);
    const separator = t('compare.summary.separator');
    summary.push(t(view.finished ? 'compare.summary.walked' : 'compare.summary.walking', { walks: walks.join(separator) }));
    const told = walkCosts(arrivals, view.panes.length);
    if (told) summary.push(told);
    return rows;
  }
}
