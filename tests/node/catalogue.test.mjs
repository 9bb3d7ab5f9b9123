// Every finder of the engine's catalogue (finderCatalogue()) is whole on the page: its
// family module has pseudocode in both languages, words and pseudocode lines for every
// event and outcome kind the catalogue says it emits, a legend entry for every mark and a
// label for every counter; searches over many maps are told without a missing word in
// English and Chinese; and its whole search exports as a Posthoc trace. A finder added to
// the catalogue without these fails here rather than showing a blank.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { engine, finders, openScene, chooseFinder, dispose, useLanguage } from './harness.mjs';
import { familyOf } from '../../www/finders/catalogue.js';
import { describeStep, traceStep, listingOf } from '../../www/finders/narration.js';
import { kebab } from '../../www/finders/counters.js';
import { TEXTS as en } from '../../www/i18n/strings/en.js';
import { TEXTS as zh } from '../../www/i18n/strings/zh.js';

const LANGUAGE_TEXTS = { en, zh };
const PAGE = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
// The Export panel's limit (www/export/exporting.js, which imports the page's GIF encoder
// through the import map and so does not load in Node.js).
const TRACE_MAX_STEPS = Number(/TRACE_MAX_STEPS = (\d+)/.exec(readFileSync(new URL('../../www/export/exporting.js', import.meta.url), 'utf8'))[1]);
// The browser tests' YAML reader, to read a trace back.
const YAML = createRequire(new URL('../e2e/package.json', import.meta.url))('yaml');

// The text key of the legend entry of a mark in index.html, or null.
function legendKey(mark) {
  return new RegExp(`<li data-mark="${mark}"[^>]*>.*?data-i18n="([\\w.-]+)"`).exec(PAGE)?.[1] ?? null;
}

describe('the finder catalogue', () => {
  it('gives every finder pseudocode, words for what it emits, legend entries and counter labels in both languages', () => {
    const found = [];
    const worded = (what, key) => {
      for (const [name, texts] of Object.entries(LANGUAGE_TEXTS)) if (!(key in texts)) found.push(`${what}: no ${name} text "${key}"`);
    };
    for (const finder of finders()) {
      const id = finder.id;
      const family = familyOf(finder);
      if (!family) {
        found.push(`${id}: no page module for the family "${finder.family}"`);
        continue;
      }
      worded(`${id} name`, `algorithm.${id}`);
      worded(`${id} pseudocode title`, `code.algorithm.${id}`);
      const listing = listingOf(finder);
      if (listing.length === 0) found.push(`${id}: empty pseudocode`);
      for (const [, , key] of listing) worded(`${id} pseudocode`, key);
      for (const kind of finder.events) {
        const told = family.events[kind];
        if (typeof told?.describe !== 'function') found.push(`${id}: no words for the event "${kind}"`);
        if (typeof told?.trace !== 'function') found.push(`${id}: no pseudocode lines for the event "${kind}"`);
      }
      for (const outcome of finder.outcomes) {
        if (!(outcome in family.outcomes)) found.push(`${id}: no words for the outcome "${outcome}"`);
      }
      for (const mark of finder.marks) {
        const paint = family.marks[mark];
        if (typeof paint?.draw !== 'function') found.push(`${id}: no drawing for the mark "${mark}"`);
        if (paint?.note) worded(`${id} mark ${mark}`, paint.note);
        const legend = legendKey(mark);
        if (!legend) found.push(`${id}: no legend entry for the mark "${mark}"`);
        else worded(`${id} legend`, legend);
      }
      for (const counter of finder.counters) worded(`${id} counter`, `counter.${kebab(counter)}`);
      // A finder that walks: words and lines for its moves, its walk's counters, its planner.
      if (finder.walk) {
        const told = family.events.moved;
        if (typeof told?.describe !== 'function' || typeof told?.trace !== 'function') found.push(`${id}: no words or lines for a move of its walk`);
        for (const counter of finder.walk.counters) worded(`${id} walk counter`, `counter.${kebab(counter)}`);
        worded(`${id} walk`, `walk.planner.${finder.walk.planner}`);
      }
    }
    assert.deepEqual(found, []);
  });

  // 10x10 maps from a fixed xorshift sequence: 28% walls, 13% terrain where the finder takes
  // it, the corners free; and one walled-in start (no path).
  function maps(terrain) {
    let state = 0x9e3779b97f4a7c15n;
    const mask = (1n << 64n) - 1n;
    const next = () => {
      state ^= (state << 13n) & mask;
      state ^= state >> 7n;
      state ^= (state << 17n) & mask;
      return state;
    };
    const texts = [];
    for (let m = 0; m < 12; m++) {
      const cells = [];
      for (let i = 0; i < 100; i++) {
        const roll = Number(next() % 100n);
        cells.push(roll <= 27 ? 'X' : roll <= 40 && terrain ? String(2 + Number(next() % 7n)) : 'O');
      }
      cells[0] = 'S';
      cells[99] = 'E';
      texts.push(Array.from({ length: 10 }, (_, y) => cells.slice(y * 10, y * 10 + 10).join('')).join('\n'));
    }
    texts.push(['SXOOOOOOOO', 'XXOOOOOOOO', ...Array(7).fill('OOOOOOOOOO'), 'OOOOOOOOOE'].join('\n'));
    return texts;
  }

  const RULES = [
    { directions: 8, diagonal: 'if-at-most-one-obstacle' },
    { directions: 8, diagonal: 'only-when-no-obstacles' },
    { directions: 4, diagonal: 'always' },
  ];
  // A word the page has no text for shows as its key; a value not given as {name}.
  const RAW = /\{\w+\}|\b[a-z]+(\.[a-z0-9-]+)+\b/;
  // What the page says for a kind it has no words for: the longest fixed part of each such
  // text, in each language.
  const UNKNOWN = Object.fromEntries(Object.entries(LANGUAGE_TEXTS).map(([name, texts]) => [name, Object.entries(texts)
    .filter(([key]) => key.startsWith('step.unknown-'))
    .map(([, text]) => text.split(/\{\w+\}/).sort((a, b) => b.length - a.length)[0])]));

  // Every `outcome` and `end` a step event carries, wherever it is.
  function outcomesOf(value, into) {
    if (Array.isArray(value)) value.forEach((v) => outcomesOf(v, into));
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if ((key === 'outcome' || key === 'end') && typeof v === 'string') into.add(v);
        else outcomesOf(v, into);
      }
    }
  }

  // A finder that repairs, as a person drives it: walls put up across its path after the end
  // and taken down mid-repair, each a batch; D* Lite's start first moved one cell along the
  // path, so that k_m grows and keys queued before go stale.
  function repairs(text, search) {
    const editor = engine.MapEditor.fromText(text);
    const cell = (i) => ({ x: i % editor.width, y: Math.floor(i / editor.width) });
    const path = [...search.path()].map(cell);
    if (search.info().km !== undefined && path.length > 2) {
      search.moveStart(path[1].x, path[1].y);
      editor.moveStart(path[1].x, path[1].y);
    }
    const told = [];
    for (const [brush, steps] of [[0, 4], [1, 100000]]) {
      editor.beginStroke();
      for (const { x, y } of path.slice(2, 5)) editor.paint(x, y, brush);
      editor.endStroke();
      search.repairFrom(editor);
      told.push(...search.takeSteps(steps));
    }
    editor.free();
    return told;
  }

  for (const finder of finders()) {
    it(`tells every step of ${finder.id} over many maps in English and Chinese, with every kind it lists`, () => {
      const problems = new Set();
      const kinds = new Set();
      const outcomes = new Set();
      const lineIds = new Set(listingOf(finder).map(([id]) => id));
      // A limit keeps IDA* quick on every map, and a small one brings it to its end.
      const variants = finder.options.nodeLimit ? [{ nodeLimit: 20000 }, { nodeLimit: 30 }] : [{}];
      const events = [];
      for (const text of maps(finder.options.terrain)) {
        const editor = engine.MapEditor.fromText(text);
        for (const rule of RULES) {
          for (const variant of variants) {
            const search = new engine.Search(editor, { algorithm: finder.id, ...rule, ...variant });
            events.push(...search.takeSteps(100000));
            if (finder.repairs) events.push(...repairs(text, search));
            search.free();
          }
        }
        editor.free();
      }
      for (const event of events) {
        kinds.add(event.kind);
        outcomesOf(event, outcomes);
      }
      for (const language of Object.keys(LANGUAGE_TEXTS)) {
        useLanguage(language);
        for (const event of events) {
          const words = describeStep(event, finder);
          if (words === '' || RAW.test(words) || UNKNOWN[language].some((marker) => words.includes(marker))) problems.add(`${language} words for ${event.kind}: ${words}`);
          const lines = traceStep(event, finder);
          if (lines.length === 0) problems.add(`no pseudocode lines for ${event.kind}`);
          for (const { line, note } of lines) {
            if (!lineIds.has(line)) problems.add(`${event.kind} runs the line "${line}", not in the listing`);
            if (!(note.key in LANGUAGE_TEXTS[language]) || note.key.startsWith('code.note.unknown-')) problems.add(`no ${language} text "${note.key}" for ${event.kind}`);
          }
        }
      }
      useLanguage('en');
      assert.deepEqual([...problems], []);
      // The maps bring out every kind the catalogue lists, so each was told above.
      assert.deepEqual(kinds, new Set(finder.events), 'events');
      assert.deepEqual(outcomes, new Set(finder.outcomes), 'outcomes');
    });
  }

  it('exports every finder\'s search on the tutorial map as a Posthoc trace', () => {
    for (const finder of finders()) {
      const session = openScene('tutorial-wall');
      chooseFinder(session, finder.id);
      const text = session.search.trace(TRACE_MAX_STEPS);
      assert.equal(typeof text, 'string', `${finder.id}: a trace within the limit`);
      const trace = YAML.parse(text);
      assert.equal(trace.version, '1.4.0', finder.id);
      assert.ok(trace.events.length > 2, `${finder.id}: events in the trace`);
      dispose(session);
    }
  });
});
