// D* Lite on the page, as a teacher shows it: a wall drawn on the path mid-search and after
// the end is handed to the running search, which repairs itself step by step. Every number
// the cells show (key, g, rhs), the open list with its keys, the marks, the pseudocode line
// and the counters (this repair's expansions, A* from scratch) are checked against a second
// run of the engine made here with the same edits; stepping back stops at the batch, and an
// undo of the edit is another batch.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, readout, cellNumbers, inspect, mouseStroke, waitForText, eventually, cellPoint, nextFrames } from './page.mjs';

const browser = browserForThisFile();

// The paper's 3x5 example as the page loads it (the wall in the middle not there yet).
const PAPER = 'OOOOO\nSOOOE\nOOOOO';
const PAPER_OPTIONS = { algorithm: 'dstar-lite', directions: 8, costs: 'unit', tieBreak: 'smaller-g' };

// The engine's own view of the same search, driven in the page by `script`: a list of
// ['steps', n] | ['walls', [[x, y], ...], brush] | ['finish'] | ['undo'], each edit a batch.
// Returns, for every cell, the texts the board should show ({ F: key, G: g, H: rhs }, as
// cellNumbers reads them), the queue's first rows, the counters, and A*'s expansions from
// scratch counted by a search of its own.
async function engineView(page, text, options, script) {
  return page.evaluate(async ({ text, options, script }) => {
    const { loadEngine } = await import('./www/engine.js');
    const { formatFinite, formatKey } = await import('./www/i18n/format.js');
    const engine = await loadEngine();
    const editor = engine.MapEditor.fromText(text);
    const search = new engine.Search(editor, options);
    for (const [what, a, b] of script) {
      if (what === 'steps') search.takeSteps(a);
      else if (what === 'finish') search.finish();
      else {
        if (what === 'undo') editor.undo();
        else {
          editor.beginStroke();
          for (const [x, y] of a) editor.paint(x, y, b);
          editor.endStroke();
        }
        search.repairFrom(editor);
      }
    }
    const cells = {};
    for (let y = 0; y < editor.height; y++) {
      for (let x = 0; x < editor.width; x++) {
        const info = search.cellInfo(x, y).incremental;
        const shown = {};
        if (Number.isFinite(info.g) || Number.isFinite(info.rhs)) {
          if (info.key) shown.F = formatKey(info.key);
          shown.G = formatFinite(info.g);
          shown.H = formatFinite(info.rhs);
        }
        cells[`${x},${y}`] = shown;
      }
    }
    const scratch = new engine.Search(editor, { ...options, algorithm: 'astar' });
    scratch.finish();
    const view = {
      cells,
      queue: search.queuePage(0, 5).map((e) => [`(${e.x},${e.y})`, formatKey([e.k1, e.k2], 2), formatFinite(e.g, 2), formatFinite(e.rhs, 2)]),
      info: search.info(),
      steps: search.stepCount(),
      total: search.totalSteps(),
      fromScratch: scratch.counters().expanded,
    };
    scratch.free();
    search.free();
    editor.free();
    return view;
  }, { text, options, script });
}

// Every cell's numbers on the board against the engine's.
async function assertCellsShown(page, view, width, height, context) {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      assert.deepEqual(await cellNumbers(page, x, y), view.cells[`${x},${y}`], `${context}: cell (${x},${y})`);
    }
  }
}

async function openRows(page) {
  return page.evaluate(() => [...document.querySelectorAll('#open-rows tr')].slice(0, 5)
    .map((tr) => [...tr.children].slice(1).map((td) => td.textContent)));
}

async function counter(page, name) {
  return page.locator(`#count-${name}`).textContent();
}

// The step count under the map, without the total.
async function stepShown(page) {
  return (await readout(page)).step.split(' /')[0];
}

async function stepTo(page, step) {
  await eventually(page, async () => (await stepShown(page)) === String(step), `step ${step}`);
}

async function currentLine(page) {
  return page.locator('#pseudocode [aria-current="step"]').getAttribute('data-line');
}

// The repair is shown once, in English; its Chinese wording is page logic, tested in Node.
const words = { batch: /1 cell changed: its rhs/, took: /Took \((\d+),(\d+)\) with key \[/, over: 'Over-consistent: g > rhs', change: 'Put up the wall', found: /cost 4/ };

describe('D* Lite repairs the search on show', () => {
  it('shows each step of a repair after a wall drawn mid-search, as the engine has it', async () => {
    await withApp(browser(), '?example=dstar-paper', DESKTOP, async ({ page }) => {
      assert.equal(await page.locator('#algorithm').inputValue(), 'dstar-lite');
      // The tie-breaks D* Lite does not take are greyed out, from the catalogue.
      const ties = await page.$$eval('#tie-break option', (os) => os.map((o) => [o.value, o.disabled]));
      assert.deepEqual(ties, [['larger-g', false], ['smaller-g', false], ['first-in', true], ['last-in', true]]);
      assert.equal(await page.locator('#open-head th[data-column]').first().textContent(), '[k1; k2]');
      for (let i = 0; i < 3; i++) await page.click('#step');
      await stepTo(page, 3);
      // The example's change: the wall in the middle, on the straight path.
      assert.equal((await page.locator('#example-change').textContent()).trim(), words.change);
      await page.click('#example-change');
      await waitForText(page, '#narration', words.batch);
      await stepTo(page, 0);
      assert.equal(await currentLine(page), 'changed-each');
      assert.ok(await page.locator('#step-back').isDisabled(), 'nothing before the batch');
      const script = [['steps', 3], ['walls', [[2, 1]], 0]];
      let view = await engineView(page, PAPER, PAPER_OPTIONS, script);
      await assertCellsShown(page, view, 5, 3, 'at the batch');
      // The timeline covers the repair, from the batch; its length is known at once.
      const total = Number(/^0 \/ (\d+)$/.exec((await readout(page)).timeline)[1]);
      let step = 0;
      let overSeen = false;
      while (await page.locator('#step').isEnabled()) {
        await page.click('#step');
        step += 1;
        script.push(['steps', 1]);
        view = await engineView(page, PAPER, PAPER_OPTIONS, script);
        await stepTo(page, step);
        await assertCellsShown(page, view, 5, 3, `repair step ${step}`);
        assert.deepEqual(await openRows(page), view.queue, `queue at step ${step}`);
        assert.equal(await counter(page, 'repair-expanded'), String(view.info.repairExpanded));
        assert.equal(await counter(page, 'from-scratch-expanded'), String(view.fromScratch));
        assert.equal(view.info.fromScratchExpanded, view.fromScratch);
        const { narration } = await readout(page);
        const taken = words.took.exec(narration);
        const line = await currentLine(page);
        if (taken) {
          assert.ok(['over-each', 'under-each', 'stale'].includes(line), `${narration}: ${line}`);
          const cell = await inspect(page, Number(taken[1]), Number(taken[2]));
          assert.equal(cell.g, view.cells[`${taken[1]},${taken[2]}`].G);
          assert.equal(cell.rhs, view.cells[`${taken[1]},${taken[2]}`].H);
        } else {
          assert.equal(line, 'csp', narration);
        }
        for (let y = 0; y < 3; y++) {
          for (let x = 0; x < 5; x++) {
            const { G, H } = view.cells[`${x},${y}`];
            if (G === '∞' && H !== undefined && H !== '∞') {
              const info = await inspect(page, x, y);
              assert.ok(Object.values(info).some((v) => v.startsWith(words.over)), `(${x},${y}) over-consistent`);
              overSeen = true;
            }
          }
        }
      }
      assert.equal(step, total, 'the repair takes the steps its timeline said');
      assert.ok(overSeen || step === 1, 'the marks are told');
      assert.match((await readout(page)).result, words.found);
      assert.ok(await page.locator('.legend [data-mark="over-consistent"]').isVisible());
      assert.ok(await page.locator('.legend [data-mark="under-consistent"]').isVisible());
      // Step back goes back to the batch, not across it.
      for (let back = step - 1; back >= 0; back--) {
        await page.click('#step-back');
        await stepTo(page, back);
      }
      await eventually(page, () => page.locator('#step-back').isDisabled(), 'nothing before the batch');
      await waitForText(page, '#narration', words.batch);
      // Undo of the edit is one more batch, repaired.
      await page.click('#undo');
      await eventually(page, () => page.locator('#redo').isEnabled(), 'the edit undone');
      await waitForText(page, '#narration', words.batch);
      view = await engineView(page, PAPER, PAPER_OPTIONS, [['steps', 3], ['walls', [[2, 1]], 0], ['undo']]);
      await assertCellsShown(page, view, 5, 3, 'after the undo');
      await page.click('#finish');
      await waitForText(page, '#result', words.found);
    });
  });

  // A teacher's D* Lite lesson: the example opened by a link over another visit, the gap
  // closed by a slow drag across three frames, and the button for the change resting once it
  // is made; the queue called U on every panel, the counters telling the whole apart from
  // this repair.
  it('counts a wall dragged over three frames as 3 cells, rests the change\'s button once made, and names U and the counters apart, in both languages', async () => {
    await withApp(browser(), '?example=u-trap', DESKTOP, async ({ page }) => {
      // A link opening another example in the same browser: the select shows the link's.
      await page.goto(new URL('?example=dstar-detour', page.url()).href);
      await waitForText(page, '#example-about', /a late wall, a long detour/);
      assert.equal(await page.locator('#example').inputValue(), 'dstar-detour');
      const close = page.getByRole('button', { name: 'Close the gap' });
      assert.ok(await close.isEnabled());
      assert.equal(await page.locator('#open-title').textContent(), 'Priority queue U');
      assert.equal(await page.locator('#count-open-label').textContent(), 'In U');
      await page.click('#finish');
      await waitForText(page, '#result', /Path found/);
      // The gap, cell by cell, a frame or two apart, as a slow hand drags.
      const cells = await page.evaluate(async () => (await import('./www/maps/examples.js')).exampleChange('dstar-detour'));
      const first = await cellPoint(page, ...cells[0]);
      await page.mouse.move(first.x, first.y);
      await page.mouse.down();
      await nextFrames(page);
      for (const [x, y] of cells.slice(1)) {
        const point = await cellPoint(page, x, y);
        await page.mouse.move(point.x, point.y);
        await nextFrames(page);
      }
      await page.mouse.up();
      await eventually(page, async () => !(await close.isEnabled()), 'the change made, its button rests');
      await page.click('#reset');
      await stepTo(page, 0);
      assert.match((await readout(page)).narration, /^3 cells changed: their rhs/);
      assert.equal(await page.locator('#count-expanded').evaluate((e) => e.previousElementSibling.textContent), 'Expanded in all');
      assert.equal(await page.locator('#count-repair-expanded').evaluate((e) => e.closest('span').textContent.replace(/\d+$/, '').trim()), 'Expanded in this repair');
      await page.getByRole('button', { name: 'Undo' }).click();
      await eventually(page, () => close.isEnabled(), 'undone, the change can be made again');
    });
    await withApp(browser(), '?example=dstar-paper&lang=zh', DESKTOP, async ({ page }) => {
      assert.equal(await page.locator('#example').inputValue(), 'dstar-paper');
      const wall = page.getByRole('button', { name: '放上障碍物' });
      await wall.click();
      await eventually(page, async () => !(await wall.isEnabled()), 'the wall is up');
      assert.match((await readout(page)).narration, /^有 1 个格子变了/);
      assert.equal(await page.locator('#open-title').textContent(), '优先队列 U');
      assert.equal(await page.locator('#count-open-label').textContent(), 'U 中');
      assert.equal(await page.locator('#count-expanded').evaluate((e) => e.previousElementSibling.textContent), '累计已扩展');
      assert.equal(await page.locator('#legend-open-label').textContent(), '在 U 中（优先队列）');
    });
  });

  it('repairs a wall drawn across the path after the end, and counts its expansions beside A* from scratch', async () => {
    await withApp(browser(), '?example=dstar-detour', DESKTOP, async ({ page }) => {
      await page.click('#finish');
      await waitForText(page, '#result', /Path found/);
      const before = await readout(page);
      // A wall drawn by hand on the path, after the end: the repair is taken to its end, its
      // timeline from the batch.
      await mouseStroke(page, [{ x: 10, y: 7 }]);
      await eventually(page, async () => /^\d+ \/ \d+$/.test((await readout(page)).step) && (await readout(page)).result !== before.result, 'the repair ends');
      const text = await page.evaluate(async () => (await import('./www/maps/examples.js')).openExample('dstar-detour').text);
      const view = await engineView(page, text, { algorithm: 'dstar-lite' }, [['finish'], ['walls', [[10, 7]], 0], ['finish']]);
      const shown = await readout(page);
      assert.equal(shown.step, `${view.steps} / ${view.total}`);
      assert.equal(await counter(page, 'repair-expanded'), String(view.info.repairExpanded));
      assert.equal(await counter(page, 'from-scratch-expanded'), String(view.fromScratch));
      assert.ok(view.info.repairExpanded > 0 && view.fromScratch > 0);
      assert.match(shown.result, /Path found/);
      // Back to the batch and forward again, step by step.
      await page.click('#reset');
      await stepTo(page, 0);
      assert.equal((await readout(page)).step, `0 / ${view.total}`);
      await page.click('#step');
      await stepTo(page, 1);
      assert.match((await readout(page)).narration, /^Step 1: Took \(\d+,\d+\) with key \[\d+; \d+\]/);
    });
  });
});
