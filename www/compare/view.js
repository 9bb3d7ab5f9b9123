import { t, onLanguageChange } from '../i18n/i18n.js';
import { PageError } from '../i18n/errors.js';
import { ComparePane } from './pane.js';
import { CompareTable } from './table.js';
import { Lockstep } from './lockstep.js';
import { COMPARE_PANES, PANE_OPTIONS } from '../state/params.js';
import { METHOD_FIELDS } from '../panels/controls.js';
import { finders, finderOf } from '../finders/catalogue.js';
import { setText } from '../layout/text.js';

// The methods the Compare button opens with: the catalogue's first three finders (A*,
// Dijkstra and greedy best-first, the lesson of every A* course); in Walk mode, every finder
// the catalogue says walks (D* Lite beside A* from scratch), the one walking first.
function defaultComparison(walking) {
  if (!walking) return finders().slice(0, 3).map((finder) => ({ algorithm: finder.id }));
  const walkers = finders().filter((finder) => finder.walk).map((finder) => finder.id);
  return [walking, ...walkers.filter((id) => id !== walking)].map((algorithm) => ({ algorithm }));
}

// Several methods side by side on the same map. The playback controls drive them all,
// one expansion each per step: in lockstep every pane is at the same step (one that has
// finished waits at its end); a race is the same pace, told as who reaches the goal first.
// The table lists each pane's work and result, live.
// Opened in Walk mode, every pane walks (the same map, start, goal and sensor radius), one
// move each per step, and the table tells each walk's moves, expansions and replans.
export class CompareView extends Lockstep {
  // host: { engine, editor(), sharedOptions(), walk() (Walk mode's { sensor } or null),
  //   brush(), changed(), guard(fn) for controls,
  //   inputGuard(fn) for pointer and key edits on a pane, toggled(active), readOnly (no edits) }
  constructor(doc, host) {
    super();
    const byId = (id) => doc.getElementById(id);
    this.doc = doc;
    this.host = host;
    this.section = byId('compare');
    this.toggleButton = byId('compare-toggle');
    this.paneBox = byId('compare-panes');
    this.modeSelect = byId('compare-mode');
    this.modeHint = byId('compare-mode-hint');
    this.addButton = byId('compare-add');
    // Read-only, the methods a link gave stay as they are: no pane comes or goes.
    this.addButton.hidden = Boolean(host.readOnly);
    this.table = new CompareTable(doc);
    // The Method panel's fields, whose choices (and, for the options a pane may set, whose
    // values until it does) each pane copies.
    this.templates = Object.fromEntries(['algorithm', 'heuristic', ...PANE_OPTIONS].map((name) => [name, byId(METHOD_FIELDS[name])]));
    this.panes = [];
    this.active = false;
    // Walk mode's { sensor } while the panes walk, else null.
    this.walk = null;
    this.table.invalidate();

    this.paneHost = {
      engine: host.engine,
      editor: host.editor,
      sharedOptions: host.sharedOptions,
      walk: () => this.walk,
      brush: host.brush,
      changed: host.changed,
      guard: host.guard,
      inputGuard: host.inputGuard,
      readOnly: host.readOnly,
      remove: (pane) => host.guard(() => this.removePane(pane)),
      methodChanged: () => this.table.invalidate(),
    };
    this.toggleButton.addEventListener('click', () => host.guard(() => (this.active ? this.close() : this.open(defaultComparison(host.walk() && host.sharedOptions().algorithm)))));
    this.addButton.addEventListener('click', () => host.guard(() => this.addPane(this.nextMethod())));
    this.modeSelect.addEventListener('change', () => host.guard(() => this.showMode()));
    onLanguageChange(() => {
      this.panes.forEach((pane, index) => pane.setNumber(index + 1));
      this.showMode();
      this.table.invalidate();
      host.changed();
    });
    this.showMode();
  }

  get race() {
    return this.modeSelect.value === 'race';
  }

  // Lockstep or race, as a saved view had it.
  setRace(race) {
    this.modeSelect.value = race ? 'race' : 'lockstep';
    this.showMode();
  }

  // The panes' methods ({ algorithm, heuristic, weight }), for a link or saved work.
  get methods() {
    return this.panes.map((pane) => pane.method);
  }

  showMode() {
    const mode = this.race ? 'race' : 'lockstep';
    setText(this.modeHint, t(`compare.mode.${mode}${this.walk ? 'Walk' : ''}Hint`));
    this.table.invalidate();
  }

  // methods: [{ algorithm, heuristic?, weight? }], 2 to 4 of them.
  open(methods) {
    if (this.active) this.close();
    this.active = true;
    this.walk = this.host.walk();
    this.showMode();
    this.section.hidden = false;
    this.doc.body.classList.add('comparing');
    this.toggleButton.setAttribute('aria-pressed', 'true');
    try {
      for (const method of methods.slice(0, COMPARE_PANES.max)) this.addPane(method);
    } catch (error) {
      // A method the engine refuses: back to the single view as it was.
      this.close();
      throw error;
    }
    this.host.toggled(true);
  }

  // The finders of the panes, for the legend.
  finders() {
    return this.panes.map((pane) => pane.session.finder);
  }

  close() {
    for (const pane of this.panes) pane.dispose();
    this.panes = [];
    this.active = false;
    this.walk = null;
    this.section.hidden = true;
    this.doc.body.classList.remove('comparing');
    this.toggleButton.setAttribute('aria-pressed', 'false');
    this.host.toggled(false);
  }

  // Walk mode left: the panes search again with the same methods.
  leaveWalk() {
    this.walk = null;
    this.showMode();
    for (const pane of this.panes) pane.setWalk(null);
    this.table.invalidate();
  }

  // A method not shown yet, for "Add a method" (one that walks, while the panes walk).
  nextMethod() {
    const shown = new Set(this.panes.map((pane) => pane.method.algorithm));
    const offered = Array.from(this.templates.algorithm.options, (o) => o.value).filter((a) => !this.walk || finderOf(a)?.walk);
    return { algorithm: offered.find((a) => !shown.has(a)) ?? offered[0] };
  }

  // A new pane joins at the step the others are at.
  addPane(method) {
    if (this.panes.length >= COMPARE_PANES.max) throw new PageError('compare.limits');
    const pane = new ComparePane(this.doc, this.paneHost, method, this.templates);
    const at = this.panes.length > 0 ? this.timeline().stepCount : 0;
    if (at > 0) pane.session.seek(at);
    this.panes.push(pane);
    this.paneBox.append(pane.element);
    this.renumber();
  }

  removePane(pane) {
    if (this.panes.length <= COMPARE_PANES.min) throw new PageError('compare.limits');
    this.panes = this.panes.filter((p) => p !== pane);
    pane.dispose();
    this.renumber();
  }

  renumber() {
    this.panes.forEach((pane, index) => pane.setNumber(index + 1));
    this.addButton.disabled = this.panes.length >= COMPARE_PANES.max;
    for (const pane of this.panes) pane.removeButton.disabled = this.panes.length <= COMPARE_PANES.min;
    this.paneBox.dataset.panes = String(this.panes.length);
    this.table.invalidate();
  }

  // The Method panel's options changed: a pane follows those it has not set itself.
  sharedOptionsChanged() {
    for (const pane of this.panes) {
      pane.session.setOptions(pane.options());
      pane.showMethod();
    }
    this.table.invalidate();
  }

  // A new map was loaded: every pane starts again, out of Walk mode as the single view is.
  restart() {
    const walked = this.walk !== null;
    this.walk = null;
    for (const pane of this.panes) pane.session.restart(pane.options());
    if (!walked) return;
    this.showMode();
    for (const pane of this.panes) pane.showChoices();
  }

  // The elements the panes draw the map in.
  boards() {
    return this.panes.map((pane) => pane.board);
  }

  // The table first: a longer summary under it leaves the panes less room to fit in.
  draw(dpr) {
    this.table.update(this);
    for (const pane of this.panes) pane.draw(dpr);
  }
}
