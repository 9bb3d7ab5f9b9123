// Every finder of the engine's catalogue (finderCatalogue()) is whole on the page: its
// family module has pseudocode in both languages, words and pseudocode lines for every event
// and outcome kind the catalogue says it emits, a legend entry for every mark and a label for
// every counter; searches over many maps are told without a missing word in English and
// Chinese; its whole search exports as a Posthoc trace; and the main view and a compare pane
// offer exactly the options the engine takes from it, which the engine then accepts. A
// finder added to the catalogue without these fails here rather than showing a blank.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import YAML from 'yaml';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, waitForText, eventually } from './page.mjs';
import { TEXTS as en } from '../../www/i18n/strings/en.js';

const browser = browserForThisFile();

// The catalogue as the page holds it, in the page's order.
async function catalogue(page) {
  return page.evaluate(async () => {
    const { finders, optionValues } = await import('./www/finders/catalogue.js');
    return { finders: finders(), values: optionValues() };
  });
}

describe('the finder catalogue', () => {
  it('gives every finder pseudocode, words for what it emits, legend entries and counter labels in both languages', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const problems = await page.evaluate(async () => {
        const { finders, familyOf } = await import('./www/finders/catalogue.js');
        const { listingOf } = await import('./www/finders/narration.js');
        const { kebab } = await import('./www/finders/counters.js');
        const languages = {
          en: (await import('./www/i18n/strings/en.js')).TEXTS,
          zh: (await import('./www/i18n/strings/zh.js')).TEXTS,
        };
        const found = [];
        const worded = (what, key) => {
          for (const [name, texts] of Object.entries(languages)) if (!(key in texts)) found.push(`${what}: no ${name} text "${key}"`);
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
            const legend = document.querySelector(`.legend [data-mark="${mark}"] [data-i18n]`);
            if (!legend) found.push(`${id}: no legend entry for the mark "${mark}"`);
            else worded(`${id} legend`, legend.dataset.i18n);
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
        return found;
      });
      assert.deepEqual(problems, []);
    });
  });

  it('tells every step of every finder over many maps in English and Chinese, with every kind it lists', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const results = await page.evaluate(async () => {
        const { loadEngine } = await import('./www/engine.js');
        const { finders } = await import('./www/finders/catalogue.js');
        const { describeStep, traceStep, listingOf } = await import('./www/finders/narration.js');
        const { setLanguage } = await import('./www/i18n/i18n.js');
        const languages = {
          en: (await import('./www/i18n/strings/en.js')).TEXTS,
          zh: (await import('./www/i18n/strings/zh.js')).TEXTS,
        };
        const engine = await loadEngine();
        // 10x10 maps from a fixed xorshift sequence: 28% walls, 13% terrain where the finder
        // takes it, the corners free; and one walled-in start (no path).
        const maps = (terrain) => {
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
        };
        const rules = [
          { directions: 8, diagonal: 'if-at-most-one-obstacle' },
          { directions: 8, diagonal: 'only-when-no-obstacles' },
          { directions: 4, diagonal: 'always' },
        ];
        // A word the page has no text for shows as its key; a value not given as {name}.
        const raw = /\{\w+\}|\b[a-z]+(\.[a-z0-9-]+)+\b/;
        // What the page says for a kind it has no words for: the longest fixed part of each
        // such text, in each language.
        const unknown = Object.fromEntries(Object.entries(languages).map(([name, texts]) => [name, Object.entries(texts)
          .filter(([key]) => key.startsWith('step.unknown-'))
          .map(([, text]) => text.split(/\{\w+\}/).sort((a, b) => b.length - a.length)[0])]));
        // Every `outcome` and `end` a step event carries, wherever it is.
        const outcomesOf = (value, into) => {
          if (Array.isArray(value)) value.forEach((v) => outcomesOf(v, into));
          else if (value && typeof value === 'object') {
            for (const [key, v] of Object.entries(value)) {
              if ((key === 'outcome' || key === 'end') && typeof v === 'string') into.add(v);
              else outcomesOf(v, into);
            }
          }
        };
        // A finder that repairs, as a person drives it: walls put up across its path after
        // the end and taken down mid-repair, each a batch; D* Lite's start first moved one
        // cell along the path, so that k_m grows and keys queued before go stale.
        const repairs = (text, search) => {
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
        };
        const results = [];
        for (const finder of finders()) {
          const problems = new Set();
          const kinds = new Set();
          const outcomes = new Set();
          const lineIds = new Set(listingOf(finder).map(([id]) => id));
          // A limit keeps IDA* quick on every map, and a small one brings it to its end.
          const variants = finder.options.nodeLimit ? [{ nodeLimit: 20000 }, { nodeLimit: 30 }] : [{}];
          const events = [];
          for (const text of maps(finder.options.terrain)) {
            const editor = engine.MapEditor.fromText(text);
            for (const rule of rules) {
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
          for (const language of Object.keys(languages)) {
            setLanguage(language, { remember: false });
            for (const event of events) {
              const words = describeStep(event, finder);
              if (words === '' || raw.test(words) || unknown[language].some((marker) => words.includes(marker))) problems.add(`${language} words for ${event.kind}: ${words}`);
              const lines = traceStep(event, finder);
              if (lines.length === 0) problems.add(`no pseudocode lines for ${event.kind}`);
              for (const { line, note } of lines) {
                if (!lineIds.has(line)) problems.add(`${event.kind} runs the line "${line}", not in the listing`);
                if (!(note.key in languages[language]) || note.key.startsWith('code.note.unknown-')) problems.add(`no ${language} text "${note.key}" for ${event.kind}`);
              }
            }
          }
          setLanguage('en', { remember: false });
          results.push({ id: finder.id, events: finder.events, outcomes: finder.outcomes, kinds: [...kinds], seen: [...outcomes], problems: [...problems] });
        }
        return results;
      });
      for (const result of results) {
        assert.deepEqual(result.problems, [], result.id);
        // The maps bring out every kind the catalogue lists, so each was told above.
        assert.deepEqual(new Set(result.kinds), new Set(result.events), `${result.id} events`);
        assert.deepEqual(new Set(result.seen), new Set(result.outcomes), `${result.id} outcomes`);
      }
    });
  });

  it('exports every finder\'s search as a Posthoc trace', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      const { finders } = await catalogue(page);
      await page.locator('#export-panel > summary').click();
      for (const finder of finders) {
        await page.locator('#algorithm').selectOption(finder.id);
        // The frame that shows the finder chosen redraws the side panel (its pseudocode, open
        // list and fields), moving the Export button: clicked before it, the click could land
        // wherever that frame moves something else to.
        const title = en[`code.algorithm.${finder.id}`];
        await eventually(page, async () => (await page.locator('#pseudocode-algorithm').textContent()) === title, `${finder.id} shown`);
        const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export trace' }).click()]);
        const trace = YAML.parse((await readFile(await saved.path())).toString('utf8'));
        assert.equal(trace.version, '1.4.0', finder.id);
        assert.ok(trace.events.length > 2, `${finder.id}: events in the trace`);
        assert.ok(await page.locator('#message').isHidden(), `${finder.id}: ${await page.locator('#message-text').textContent()}`);
      }
    });
  });

  it('offers exactly the options each finder takes, in the main view and in a compare pane, and the engine takes them', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      const { finders, values } = await catalogue(page);
      // The option lists the page offers are the engine's values.
      const offered = (id) => page.locator(`#${id} option`).evaluateAll((options) => options.map((o) => o.value));
      assert.deepEqual((await offered('heuristic')).filter((v) => v !== 'auto'), values.heuristic);
      assert.deepEqual(new Set(await offered('directions')), new Set(values.directions.map(String)));
      assert.deepEqual(await offered('diagonal'), values.diagonal);
      assert.deepEqual(await offered('costs'), values.costs);
      assert.deepEqual(await offered('tie-break'), values.tieBreak);
      assert.deepEqual(await offered('algorithm'), finders.map((f) => f.id));

      const fields = { heuristic: '#heuristic', weight: '#weight', nodeLimit: '#node-limit', tieBreak: '#tie-break', costs: '#costs', directions: '#directions' };
      for (const finder of finders) {
        await page.locator('#algorithm').selectOption(finder.id);
        for (const [option, selector] of Object.entries(fields)) {
          await eventually(page, async () => (await page.locator(selector).isEnabled()) === finder.options[option],
            `${finder.id}: the main view's ${option} field ${finder.options[option] ? 'enabled' : 'disabled'}`);
        }
        if (finder.options.weight) {
          await page.locator('#weight').fill('2');
          await page.locator('#weight').dispatchEvent('change');
          await page.locator('#weight').fill('1');
          await page.locator('#weight').dispatchEvent('change');
        }
        assert.ok(await page.locator('#message').isHidden(), `${finder.id}: ${await page.locator('#message-text').textContent()}`);
      }

      await page.locator('#algorithm').selectOption(finders[0].id);
      await page.getByRole('button', { name: 'Compare' }).click();
      const algorithm = page.getByRole('combobox', { name: 'Algorithm of method 1' });
      const heuristic = page.getByRole('combobox', { name: 'Heuristic of method 1' });
      const weight = page.getByRole('spinbutton', { name: 'Heuristic weight of method 1' });
      assert.deepEqual(await algorithm.locator('option').evaluateAll((o) => o.map((x) => x.value)), finders.map((f) => f.id));
      for (const finder of finders) {
        await algorithm.selectOption(finder.id);
        await eventually(page, async () => (await weight.isEnabled()) === finder.options.weight &&
          (await heuristic.isEnabled()) === finder.options.heuristic, `${finder.id}: the pane offers a weight iff it takes one, a heuristic iff it takes one`);
        if (finder.options.weight) {
          await weight.fill('2');
          await weight.dispatchEvent('change');
          await waitForText(page, '#compare-rows tr:first-child th', /w = 2/);
          await weight.fill('1');
          await weight.dispatchEvent('change');
        }
        assert.ok(await page.locator('#message').isHidden(), `${finder.id}: ${await page.locator('#message-text').textContent()}`);
      }
    });
  });
});
