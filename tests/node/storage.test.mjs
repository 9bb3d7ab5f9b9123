// Saved work (www/state/storage.js) against storage that holds anything or refuses: what
// cannot be read is kept aside under a key of its own and never saved over, a refusing
// storage loses nothing it held, and saves come a moment after a change, not every frame.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FakeWindow } from './harness.mjs';
import { openSavedWork, WorkSaver } from '../../www/state/storage.js';

const KEY = 'astar-visualizer.work';
const ASIDE = 'astar-visualizer.work.unreadable.';
const GOOD = { format: 1, map: 'OSXE', options: { algorithm: 'astar' }, step: 3, speedIndex: 2 };

const asideKeys = (win) => [...win.items.keys()].filter((key) => key.startsWith(ASIDE));

describe('opening saved work', () => {
  it('gives back work saved in this format', () => {
    const win = new FakeWindow({ [KEY]: JSON.stringify(GOOD) });
    const visit = openSavedWork(win, false);
    assert.deepEqual(visit.work, GOOD);
    assert.equal(visit.unreadable, null);
    assert.equal(visit.canSave, true);
  });

  it('finds nothing on a first visit, and may save', () => {
    const visit = openSavedWork(new FakeWindow(), false);
    assert.deepEqual([visit.work, visit.unreadable, visit.canSave], [null, null, true]);
  });

  // Each: what was stored under the key.
  const CORRUPTED = {
    'text that is not JSON': '{"format":1,"map":"OS',
    'another format': JSON.stringify({ ...GOOD, format: 2 }),
    'no format': JSON.stringify({ map: 'OSXE' }),
    'a map that is not text': JSON.stringify({ ...GOOD, map: ['O', 'S'] }),
    'JSON null': 'null',
    'a number': '42',
    'a string': '"OSXE"',
    'an empty value': '',
    'an array': '[1,"OSXE"]',
  };
  for (const [what, raw] of Object.entries(CORRUPTED)) {
    it(`keeps ${what} aside under its own key, as it was stored, and still saves`, () => {
      const win = new FakeWindow({ [KEY]: raw });
      const visit = openSavedWork(win, false);
      assert.equal(visit.work, null);
      assert.ok(visit.unreadable.key.startsWith(ASIDE), visit.unreadable.key);
      assert.equal(win.items.get(visit.unreadable.key), raw);
      assert.equal(visit.canSave, true);
    });
  }

  it('saves nothing over unreadable work it could not keep aside', () => {
    const win = new FakeWindow({ [KEY]: 'garbage' }, { refuseWrites: true });
    const visit = openSavedWork(win, false);
    assert.deepEqual(visit.unreadable, { key: null });
    assert.equal(visit.canSave, false);
    assert.equal(win.items.get(KEY), 'garbage');
  });

  it('opens with nothing when storage refuses to be read or is switched off', () => {
    for (const win of [new FakeWindow({ [KEY]: JSON.stringify(GOOD) }, { refuseReads: true }), new FakeWindow({}, { noStorage: true })]) {
      const visit = openSavedWork(win, false);
      assert.deepEqual([visit.work, visit.unreadable], [null, null]);
    }
  });

  it('an embedded page neither reads nor may save the visitor\'s work', () => {
    const win = new FakeWindow({ [KEY]: 'garbage' });
    const visit = openSavedWork(win, true);
    assert.deepEqual([visit.work, visit.unreadable, visit.canSave], [null, null, false]);
    assert.deepEqual(asideKeys(win), [], 'nothing was moved');
  });

  it('keeps a saved map the editor cannot read aside on request', () => {
    const raw = JSON.stringify({ ...GOOD, map: 'OSQE' });
    const win = new FakeWindow({ [KEY]: raw });
    const visit = openSavedWork(win, false);
    assert.equal(visit.work.map, 'OSQE');
    const key = visit.setAside();
    assert.equal(win.items.get(key), raw);
    assert.equal(visit.canSave, true);
    win.refuseWrites = true;
    assert.equal(visit.setAside(), null);
    assert.equal(visit.canSave, false, 'a map that could not be kept aside is not saved over');
  });
});

describe('saving work', () => {
  it('saves a moment after a change, once however many frames note it', () => {
    const win = new FakeWindow();
    let state = { map: 'OSXE', options: { algorithm: 'astar' }, step: 1, speedIndex: 2 };
    const saver = new WorkSaver(win, () => state);
    for (let frame = 0; frame < 30; frame++) saver.note('step 1');
    assert.equal(win.timers.size, 1);
    assert.equal(win.items.get(KEY), undefined, 'not saved before the moment passed');
    state = { ...state, step: 2 };
    saver.note('step 2');
    assert.equal(win.timers.size, 1, 'one save pending');
    win.runTimers();
    assert.deepEqual(JSON.parse(win.items.get(KEY)), { format: 1, ...state });
    saver.note('step 2');
    assert.equal(win.timers.size, 0, 'nothing changed, nothing to save');
  });

  it('saves at once when the page is hidden, and cancels the pending save', () => {
    const win = new FakeWindow();
    const saver = new WorkSaver(win, () => ({ map: 'SE', options: {}, step: 0, speedIndex: 0 }));
    saver.note('changed');
    win.dispatch('pagehide');
    assert.equal(JSON.parse(win.items.get(KEY)).map, 'SE');
    assert.equal(win.timers.size, 0);
  });

  it('does not save over the visitor\'s work while held (a link\'s map on show)', () => {
    const win = new FakeWindow({ [KEY]: JSON.stringify(GOOD) });
    const saver = new WorkSaver(win, () => ({ map: 'LINKED', options: {}, step: 0, speedIndex: 0 }), (state) => state.map === 'LINKED');
    saver.note('x');
    win.runTimers();
    assert.deepEqual(JSON.parse(win.items.get(KEY)), GOOD);
  });

  it('goes on without a word when storage is full or refused', () => {
    const win = new FakeWindow({ [KEY]: JSON.stringify(GOOD) }, { refuseWrites: true });
    const saver = new WorkSaver(win, () => ({ map: 'SE', options: {}, step: 0, speedIndex: 0 }));
    saver.note('x');
    assert.doesNotThrow(() => win.runTimers());
    assert.deepEqual(JSON.parse(win.items.get(KEY)), GOOD);
    const off = new WorkSaver(new FakeWindow({}, { noStorage: true }), () => ({ map: 'SE' }));
    assert.doesNotThrow(() => off.flush());
  });

  it('saves what opens again as the same work', () => {
    const win = new FakeWindow();
    const state = { map: 'OOO\nSXE', options: { algorithm: 'jps', heuristic: 'octile' }, step: 5, speedIndex: 7 };
    new WorkSaver(win, () => state).flush();
    assert.deepEqual(openSavedWork(win, false).work, { format: 1, ...state });
  });
});
