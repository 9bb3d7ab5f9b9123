// What the page logic tests share: the engine loaded in Node.js as the page loads it, the
// page's own option rules to open a scene, and stand-ins for the few browser objects a
// module is handed (a window's storage and timers, elements of a table).
//
// pkg/ is the wasm-bindgen build `cargo xtask test` (or `cargo xtask serve`) makes. Node.js
// cannot fetch a file: URL, so the module is handed its bytes first; www/engine.js then
// finds the engine initialised and builds the page's engine object from it as usual.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync } from '../../pkg/astar_visualizer.js';
import { loadEngine } from '../../www/engine.js';
import { useCatalogue, finders, finderOf, withTakenValues } from '../../www/finders/catalogue.js';
import { setLanguage } from '../../www/i18n/i18n.js';
import { setCellOrigin, setMapRows } from '../../www/i18n/format.js';
import { defaultOptions, parseParams } from '../../www/state/params.js';
import { PageError } from '../../www/i18n/errors.js';
import { Workspace } from '../../www/maps/workspace.js';
import { settleOptions, searchAccepts } from '../../www/state/optionlayers.js';
import { SearchSession } from '../../www/state/session.js';
import { openExample, EXAMPLES } from '../../www/maps/examples.js';

initSync({ module: readFileSync(new URL('../../pkg/astar_visualizer_bg.wasm', import.meta.url)) });
export const engine = await loadEngine();
useCatalogue(engine.catalogue);

export { finders, EXAMPLES };
export const LANGUAGES = ['en', 'zh'];

// The page's language for what follows; a link's language is not remembered, and Node.js
// has no storage to remember it in anyway.
export function useLanguage(code) {
  assert.ok(setLanguage(code, { remember: false }), `language ${code}`);
  setCellOrigin('top-left');
  setMapRows(0);
}

// An example map and the options the page settles on for it (the example's own over the
// defaults, under a link's), as a session; `problems` collects what was refused.
export function openScene(exampleId, linkOptions = {}, problems = []) {
  const example = openExample(exampleId);
  const editor = engine.MapEditor.fromText(example.text);
  const layers = [{ source: 'link', options: linkOptions }, { source: 'example', options: example.options }];
  const options = settleOptions(defaultOptions(), layers, searchAccepts(engine, editor), problems);
  return new SearchSession(engine, editor, options);
}

// The finder `id` chosen in the Method panel over the session's options: the options the
// finder does not take are not sent, and a value of one it takes only some of is put to
// one it takes (as Controls.readOptions does). Throws as the engine refuses.
export function chooseFinder(session, id) {
  const takes = finderOf(id).options;
  const options = { ...session.options, algorithm: id };
  for (const name of ['weight', 'nodeLimit', 'goalTest', 'neighbourOrder']) if (!takes[name]) delete options[name];
  session.setOptions(withTakenValues(options));
}

// The page as it opens a link (`query`) over saved work (`saved`, as storage.js gives it):
// the link read, the first scene and its options settled as app.js does, without the
// screen. Returns { workspace, params, problems (PageErrors), note (the example shown),
// setAsideCalls }.
export function openPage(query, saved = null) {
  const params = parseParams(query, EXAMPLES.map((example) => example.id));
  const problems = params.problems.map(({ key, values }) => new PageError(key, values));
  const note = { id: null, show(id) { this.id = id; } };
  let setAsideCalls = 0;
  const workspace = new Workspace(engine, {
    params, saved, problems, board: { clientWidth: 800, clientHeight: 500 },
    setAside: () => {
      setAsideCalls += 1;
      return 'astar-visualizer.work.unreadable.now';
    },
  }, { defaults: defaultOptions(), exampleNote: note, applied: () => {} });
  return { workspace, params, problems, note, setAsideCalls: () => setAsideCalls };
}

// A map given as text, with options over the defaults, as a session.
export function sessionOn(text, options = {}, walk = null) {
  const editor = engine.MapEditor.fromText(text);
  return new SearchSession(engine, editor, { ...defaultOptions(), ...options }, walk);
}

// Lets go of a session's search and its editor.
export function dispose(session) {
  const editor = session.editor;
  session.dispose();
  editor.free();
}

// Everything a frame would draw, copied out of wasm memory: two sessions in the same state
// give the same picture.
export function picture(session) {
  const view = session.frameView(null);
  const copy = (array) => (array ? Array.from(array) : null);
  return {
    timeline: session.timeline(),
    records: copy(view.records),
    marks: copy(view.finderMarks),
    g: copy(view.g),
    rhs: copy(view.rhs),
    seen: copy(view.seen),
    current: view.current,
    next: view.next,
    path: copy(view.path),
    trail: copy(view.trail),
    counters: session.search.counters(),
    info: session.search.info(),
  };
}

// A cell index of the engine's path arrays as { x, y }.
export const cellAt = (session, index) => ({ x: index % session.editor.width, y: Math.floor(index / session.editor.width) });

// A text key shown as it is: i18n.js's stand-in for a text no language has.
const TEXT_KEY = /\b(step|code|finder|order|ties|skip|predict|compare|walk|counter|engine|param|params|error|options|heuristic|algorithm|method)\.[a-z][\w-]*/;

// Words on the page never show a placeholder left unfilled, a value that was not there, a
// number that is not one, or a text key where its text should be.
// Pseudocode may hold braces of its own ({u}, a set): `placeholders: false` for it.
export function assertWords(text, where, { placeholders = true } = {}) {
  assert.equal(typeof text, 'string', `${where}: not text`);
  assert.ok(text.trim().length > 0, `${where}: empty`);
  const bad = [/undefined/, /NaN/, /\[object /, /\bnull\b/, TEXT_KEY];
  if (placeholders) bad.push(/\{\w+\}/);
  for (const pattern of bad) {
    assert.doesNotMatch(text, pattern, `${where}: ${text}`);
  }
}

// A window as storage.js uses it: localStorage (which can be made to refuse), timers that
// run when told, and the pagehide listener.
export class FakeWindow {
  constructor(entries = {}, { refuseReads = false, refuseWrites = false, noStorage = false } = {}) {
    this.items = new Map(Object.entries(entries));
    this.refuseReads = refuseReads;
    this.refuseWrites = refuseWrites;
    this.timers = new Map();
    this.nextTimer = 1;
    this.listeners = new Map();
    const win = this;
    const storage = {
      getItem(key) {
        if (win.refuseReads) throw new Error('SecurityError');
        return win.items.has(key) ? win.items.get(key) : null;
      },
      setItem(key, value) {
        if (win.refuseWrites) throw new Error('QuotaExceededError');
        win.items.set(key, String(value));
      },
      removeItem(key) {
        if (win.refuseWrites) throw new Error('QuotaExceededError');
        win.items.delete(key);
      },
    };
    Object.defineProperty(this, 'localStorage', {
      get() {
        if (noStorage) throw new Error('SecurityError: storage is disabled');
        return storage;
      },
    });
  }

  setTimeout(callback, ms) {
    const id = this.nextTimer++;
    this.timers.set(id, { callback, ms });
    return id;
  }

  clearTimeout(id) {
    this.timers.delete(id);
  }

  // Runs the timers due, as the browser would after their delay.
  runTimers() {
    const due = [...this.timers.values()];
    this.timers.clear();
    for (const { callback } of due) callback();
  }

  addEventListener(type, listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  dispatch(type) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

// Just enough of a document for modules that are handed one to fill a table: elements with
// text, children, dataset and classes.
export class FakeElement {
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    this.children = [];
    this.dataset = {};
    this.ownText = '';
    const classes = new Set();
    this.classList = {
      toggle: (name, on) => (on ? classes.add(name) : classes.delete(name)),
      contains: (name) => classes.has(name),
    };
  }

  get textContent() {
    return this.children.length > 0 ? this.children.map((child) => child.textContent).join('') : this.ownText;
  }

  set textContent(text) {
    this.children = [];
    this.ownText = String(text);
  }

  append(...nodes) {
    this.children.push(...nodes);
  }

  replaceChildren(...nodes) {
    this.children = nodes;
  }
}

export class FakeDocument {
  constructor(ids) {
    this.byId = new Map(ids.map((id) => [id, new FakeElement('div')]));
  }

  getElementById(id) {
    return this.byId.get(id) ?? null;
  }

  createElement(tag) {
    return new FakeElement(tag);
  }
}
