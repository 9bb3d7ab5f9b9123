// Every way a view opens (a link's map, example, Walk mode and compare view, or the view
// saved work had on show) goes through www/state/views.js: the visitor's saved work is kept
// while the link's view is on show untouched, Walk mode's own change to an example's map
// included; a link's own options decide whether it walks; the saved view comes back on the
// next visit, and a saved view that cannot be read is left out with a message.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, FakeWindow, useLanguage, assertWords } from './harness.mjs';
import { WorkSaver } from '../../www/state/storage.js';
import { openView, linkView, readSavedView, savedView, reopenSaved, linkNamesView } from '../../www/state/views.js';
import { describeError } from '../../www/i18n/errors.js';
import { LANGUAGES } from './harness.mjs';

const KEY = 'astar-visualizer.work';
// A visitor's work: a 10x4 map with terrain, breadth-first search, 4 directions.
const SAVED = { format: 1, map: 'OOOOOOOOOO\nS55OXOOOOO\nOO5OXOOOOE\nOOOOOOOOOO', options: { algorithm: 'bfs', directions: 4 }, step: 3, speedIndex: 2 };

// A compare view that records what it was asked to open (the real one needs a document).
function compareStandIn() {
  return {
    active: false,
    race: false,
    methods: [],
    open(methods) {
      this.active = true;
      this.methods = methods;
    },
    setRace(race) {
      this.race = race;
    },
    close() {
      this.active = false;
    },
  };
}

// The page opening `query` over SAVED as app.js does: the first scene, then the link's view
// through openView; and a saver over a window holding SAVED, as the page's.
function openOver(query) {
  const page = openPage(query, { ...SAVED });
  const compare = compareStandIn();
  const viewProblems = openView({ workspace: page.workspace, compare }, linkView(page.params, '1.5'), 'link');
  page.workspace.viewOpened();
  const win = new FakeWindow({ [KEY]: JSON.stringify(SAVED) });
  const state = () => ({
    map: page.workspace.editor.toText('ox'),
    options: page.workspace.session.options,
    step: page.workspace.session.timeline().stepCount,
    speedIndex: 2,
    view: savedView(page.workspace.session.walk, compare),
  });
  const saver = new WorkSaver(win, state, (shown) => page.workspace.showsLinkOverSaved(shown));
  return { ...page, compare, viewProblems, win, saver };
}

// Every kind of link that opens its own map, walks or compares; the bad parts of the last
// ones are left out with a message, the rest opens.
const LINKS = [
  '?map=OOOOO/OSXEO/OOOOO',
  '?example=tutorial-wall',
  '?size=9x6',
  '?example=dstar-detour&algorithm=dstar-lite',
  '?example=dstar-detour&algorithm=dstar-lite&walk=1&sensor=1.5',
  '?example=dstar-detour&algorithm=dstar-lite&walk=1&sensor=-3',
  '?example=dstar-detour&algorithm=dstar-lite&walk=1&sensor=NaN',
  '?example=dstar-detour&compare=dstar-lite,dijkstra&walk=1',
  '?example=dstar-detour&algorithm=dstar-lite&walk=1&compare=dstar-lite,astar',
  '?example=dstar-paper&walk=1&sensor=2',
  '?example=tutorial-wall&compare=astar,dijkstra,greedy',
];

describe('a link over saved work', () => {
  for (const query of LINKS) {
    it(`${query} keeps the saved work and says so, stepped and played`, () => {
      const { workspace, win, saver, params } = openOver(query);
      const shown = { map: workspace.editor.toText('ox'), options: workspace.session.options };
      assert.notEqual(shown.map.trim(), SAVED.map, "the link's map is on show");
      assert.ok(workspace.showsLinkOverSaved(shown), 'the notice shows, the saved work is held');
      if (params.walk) assert.notEqual(workspace.session.walk, null, 'walking');
      workspace.session.step();
      workspace.session.finish();
      saver.note('played');
      win.runTimers();
      saver.flush();
      assert.deepEqual(JSON.parse(win.items.get(KEY)), SAVED, 'nothing saved over the work');
      // The saved work comes back whole, with its step.
      reopenSaved({ workspace, compare: compareStandIn(), driver: () => workspace.session }, workspace.backToSaved());
      assert.equal(workspace.editor.toText('ox').trim(), SAVED.map);
      assert.deepEqual([workspace.session.options.algorithm, workspace.session.options.directions], ['bfs', 4]);
      assert.equal(workspace.session.timeline().stepCount, 3);
      assert.equal(workspace.session.walk, null);
    });
  }

  it('saves the visitor\'s own change to the link\'s map, walking or not', () => {
    const { workspace, win, saver } = openOver('?example=dstar-detour&algorithm=dstar-lite&walk=1');
    const editor = workspace.editor;
    editor.beginStroke();
    editor.paint(3, 3, 0);
    editor.endStroke();
    workspace.session.syncWithEditor();
    saver.flush();
    const stored = JSON.parse(win.items.get(KEY));
    assert.equal(stored.map, editor.toText('ox'));
    assert.deepEqual(stored.view, { sensor: 1.5 }, 'with the view on show');
  });

  it('judges a walking compare link by its own methods, not the saved algorithm', () => {
    const { workspace, viewProblems, problems, compare } = openOver('?compare=dstar-lite,dijkstra&walk=1');
    assert.deepEqual([...problems, ...viewProblems], []);
    assert.equal(workspace.session.options.algorithm, 'dstar-lite');
    assert.deepEqual(workspace.session.walk, { sensor: 1.5 });
    assert.deepEqual(compare.methods.map((m) => m.algorithm), ['dstar-lite', 'dijkstra']);
    // Its own algorithm named, that one is judged (and refused with its reason).
    const named = openOver('?compare=dstar-lite,astar&walk=1&algorithm=dijkstra');
    assert.deepEqual(named.viewProblems.map((p) => p.key), ['param.walk']);
    useLanguage('en');
    assert.match(describeError(named.viewProblems[0]), /Dijkstra does not walk/);
  });

  it('leaves the sensor= of a link out with a message and walks with the radius in the field', () => {
    for (const sensor of ['-3', 'NaN', 'inf']) {
      const { workspace, problems } = openOver(`?example=dstar-detour&algorithm=dstar-lite&walk=1&sensor=${sensor}`);
      assert.deepEqual(problems.map((p) => p.key), ['param.sensor'], sensor);
      assert.deepEqual(workspace.session.walk, { sensor: 1.5 }, sensor);
    }
  });
});

describe('the view saved work had on show', () => {
  it('is saved as compare= reads it and comes back as it was', () => {
    const compare = { active: true, race: true, methods: [{ algorithm: 'astar', heuristic: 'manhattan', weight: 2 }, { algorithm: 'dijkstra', heuristic: 'auto', weight: 1 }] };
    const view = savedView({ sensor: 2.5 }, compare);
    assert.deepEqual(view, { sensor: 2.5, compare: 'astar:manhattan:2,dijkstra', race: true });
    const read = readSavedView(JSON.parse(JSON.stringify(view)));
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.view, { walk: { sensor: 2.5 }, compare: [{ algorithm: 'astar', heuristic: 'manhattan', weight: 2 }, { algorithm: 'dijkstra' }], race: true });
    assert.equal(savedView(null, { active: false }), null, 'the plain view saves nothing more');
    assert.deepEqual(readSavedView(undefined), { view: { walk: null, compare: null, race: false }, problems: [] }, 'work saved before views were');
  });

  it('opens again on the next visit: Walk mode at its step, the compare view with its methods', () => {
    const saved = { ...SAVED, options: { algorithm: 'dstar-lite' }, map: 'SOOOO\nOOXOO\nOOOOE', step: 2, view: { sensor: 2, compare: 'dstar-lite,astar', race: true } };
    const { workspace, params } = openPage('', saved);
    assert.equal(linkNamesView(params), false);
    const compare = compareStandIn();
    const problems = reopenSaved({ workspace, compare, driver: () => workspace.session }, saved);
    assert.deepEqual(problems, []);
    assert.deepEqual(workspace.session.walk, { sensor: 2 });
    assert.equal(workspace.session.timeline().stepCount, 2);
    assert.deepEqual([compare.methods.map((m) => m.algorithm), compare.race], [['dstar-lite', 'astar'], true]);
    assert.equal(linkNamesView(openPage('?walk=0', saved).params), true, 'a link naming a view wins');
  });

  // Each: what saved work held as its view, and the message keys it gets.
  const HOSTILE = [
    ['a string', 'walk', ['saved.view']],
    ['an array', [1, 2], ['saved.view']],
    ['a sensor that is text', { sensor: '2' }, ['saved.view-sensor']],
    ['a sensor of null (NaN in JSON)', { sensor: null }, ['saved.view-sensor']],
    ['methods that are no list', { compare: 42 }, ['saved.view-compare']],
    ['an unknown method', { compare: 'astar,quantum' }, ['saved.view-compare']],
    ['one method', { compare: 'astar' }, ['saved.view-compare']],
    ['a huge weight', { compare: 'astar::1e9,dijkstra' }, ['saved.view-compare']],
    ['both wrong', { sensor: {}, compare: '<img>' }, ['saved.view-sensor', 'saved.view-compare']],
  ];
  for (const [what, held, keys] of HOSTILE) {
    it(`leaves ${what} out with a message in both languages`, () => {
      const { view, problems } = readSavedView(held);
      assert.deepEqual(problems.map((p) => p.key), keys);
      for (const language of LANGUAGES) {
        useLanguage(language);
        // The value quoted as it was held may hold anything; the rest may not.
        for (const problem of problems) assertWords(describeError(problem).split(problem.params.value).join('«value»'), `${language} ${what}`);
      }
      useLanguage('en');
      if (keys.includes('saved.view-sensor')) assert.equal(view.walk, null);
      if (keys.includes('saved.view-compare')) assert.equal(view.compare, null);
    });
  }

  it('comes back with Back to my saved map after a link\'s map', () => {
    const saved = { ...SAVED, options: { algorithm: 'dstar-lite' }, step: 2, view: { sensor: 3, compare: 'dstar-lite,astar' } };
    const { workspace } = openPage('?map=SOOE', saved);
    assert.equal(workspace.session.walk, null, "the link's view");
    const compare = compareStandIn();
    assert.deepEqual(reopenSaved({ workspace, compare, driver: () => workspace.session }, workspace.backToSaved()), []);
    assert.equal(workspace.editor.toText('ox').trim(), SAVED.map);
    assert.deepEqual(workspace.session.walk, { sensor: 3 });
    assert.equal(workspace.session.timeline().stepCount, 2);
    assert.deepEqual(compare.methods.map((m) => m.algorithm), ['dstar-lite', 'astar']);
  });

  it('refuses a saved walk the engine refuses, naming the saved work, and opens the rest', () => {
    for (const [algorithm, words] of [['dstar-lite', /at least 1\.5/], ['bfs', /Breadth-first does not walk/]]) {
      const saved = { ...SAVED, options: { ...SAVED.options, algorithm }, view: { sensor: algorithm === 'bfs' ? 2 : 0.5 } };
      const { workspace } = openPage('', saved);
      const problems = reopenSaved({ workspace, compare: compareStandIn(), driver: () => workspace.session }, saved);
      assert.deepEqual(problems.map((p) => p.key), ['saved.walk']);
      useLanguage('en');
      assert.match(describeError(problems[0]), /^The saved work's Walk mode was not brought back: /);
      assert.match(describeError(problems[0]), words);
      useLanguage('zh');
      assert.match(describeError(problems[0]), /^保存的工作中的行走模式未能恢复：/);
      useLanguage('en');
      assert.equal(workspace.session.walk, null);
      assert.equal(workspace.editor.toText('ox').trim(), SAVED.map);
    }
  });
});
