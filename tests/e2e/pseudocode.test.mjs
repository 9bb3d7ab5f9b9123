// The pseudocode panel: the line being executed follows Step, Step back, Step line, the
// timeline and Play; Step line walks through one expansion neighbour by neighbour, pointing
// the neighbour out on the board, and Step back undoes one line.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, readout, waitForText, eventually, cellColour, sameColour } from './page.mjs';

const browser = browserForThisFile();

// The cells of the open list's rows, in order.
const openRows = (page) => page.$$eval('#open-rows tr', (rows) => rows.map((row) => row.children[1].textContent));

// The highlighted line, how many lines carry aria-current, and the note under the listing.
async function codeState(page) {
  return page.evaluate(() => {
    const current = document.querySelectorAll('#pseudocode li[aria-current="step"]');
    return {
      line: current[0]?.textContent ?? null,
      id: current[0]?.dataset.line ?? null,
      count: current.length,
      note: document.getElementById('pseudocode-note').textContent,
      background: current[0] ? getComputedStyle(current[0]).backgroundColor : null,
    };
  });
}

// How many overlay pixels in cell (x, y) have the colour [r, g, b]: the board's marks.
async function markPixels(page, x, y, [r, g, b]) {
  return page.evaluate(({ x, y, r, g, b }) => {
    const grid = document.getElementById('grid');
    const overlay = document.getElementById('overlay');
    const cell = Number(grid.dataset.cell);
    const left = x * cell - Number(grid.dataset.originX);
    const top = y * cell - Number(grid.dataset.originY);
    const data = overlay.getContext('2d').getImageData(left, top, cell, cell).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 200 && Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 30) count++;
    }
    return count;
  }, { x, y, r, g, b });
}

const CONSIDERED = [0x00, 0x72, 0xb2];

// Dark overlay pixels in the middle of cell (x, y), where a parent arrow is drawn.
async function arrowPixels(page, x, y) {
  return page.evaluate(({ x, y }) => {
    const grid = document.getElementById('grid');
    const cell = Number(grid.dataset.cell);
    const left = Math.round((x + 0.3) * cell - Number(grid.dataset.originX));
    const top = Math.round((y + 0.3) * cell - Number(grid.dataset.originY));
    const size = Math.round(0.4 * cell);
    const data = document.getElementById('overlay').getContext('2d').getImageData(left, top, size, size).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200 && data[i] + data[i + 1] + data[i + 2] < 200) count++;
    return count;
  }, { x, y });
}

async function click(page, name) {
  await page.getByRole('button', { name, exact: true }).click();
}

describe('pseudocode', () => {
  it('follows Step, Step back, the timeline and Play, one highlighted line at a time', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      const panel = page.getByRole('region', { name: 'Pseudocode' });
      assert.equal(await panel.locator('#pseudocode-algorithm').textContent(), 'A*');
      assert.ok(await panel.isVisible(), 'a panel named Pseudocode shows the algorithm in use');
      const lines = await panel.locator('li').allTextContents();
      for (const words of ['open list', 'closed list', 'F ← G + H', 'for each neighbour', 'skip it', "G' < its G", 'is the goal']) {
        assert.ok(lines.some((l) => l.includes(words)), `the listing says "${words}"`);
      }
      let state = await codeState(page);
      assert.equal(state.count, 1);
      assert.equal(state.id, 'start');
      assert.notEqual(state.background, 'rgba(0, 0, 0, 0)', 'the current line is highlighted');

      await click(page, 'Step');
      await waitForText(page, '#count-step', /^1 /);
      state = await codeState(page);
      assert.equal(state.line, 'move current from the open list to the closed list');
      assert.equal(state.note, '(2,2) moves to the closed list.');
      await click(page, 'Step back');
      await waitForText(page, '#count-step', /^0 /);
      assert.equal((await codeState(page)).id, 'start');

      // The timeline: the line rests on the end of the step, about that step's node.
      await page.locator('#timeline').fill('3');
      await waitForText(page, '#count-step', /^3 /);
      const expanded = /Expanded (\(\d+,\d+\))/.exec((await readout(page)).narration)[1];
      state = await codeState(page);
      assert.equal(state.id, 'close');
      assert.equal(state.note, `${expanded} moves to the closed list.`);

      // Play to the end: the line ends on the goal test that returns the path.
      await click(page, 'Play');
      await eventually(page, async () => /Path found/.test((await readout(page)).result), 'the search finished', 20_000);
      state = await codeState(page);
      assert.equal(state.id, 'goal');
      assert.match(state.note, /is the goal: the path costs \d+/);
    });
  });

  it('Step line runs one expansion line by line from the engine\'s events, and Step back undoes a line', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      const seen = [];
      // Every line differs from the one before it (in line or note), so a click has been
      // drawn once the state changed.
      const stepLine = async () => {
        const before = await codeState(page);
        await click(page, 'Step line');
        let state = before;
        await eventually(page, async () => {
          state = await codeState(page);
          return state.id !== before.id || state.note !== before.note;
        }, 'Step line moved the highlight');
        seen.push(state);
        return state;
      };
      const changed = async (action) => {
        const before = await codeState(page);
        await action();
        let state = before;
        await eventually(page, async () => {
          state = await codeState(page);
          return state.id !== before.id || state.note !== before.note;
        }, 'the highlight moved');
        return state;
      };
      assert.equal((await stepLine()).id, 'loop');
      const pop = await stepLine();
      assert.equal(pop.line, 'current ← the node in the open list with the lowest F');
      assert.match(pop.note, /^\(2,2\) comes first in the open list: F = 40, G = 0, H = 40\.$/);
      // The open list follows the lines: the start is off it once chosen, and the timeline
      // counts the step under way as the counters do.
      assert.deepEqual(await openRows(page), []);
      assert.match((await readout(page)).timeline, /^1 \//);
      assert.equal((await stepLine()).note, '(2,2) is not the goal.');
      const first = await stepLine();
      assert.equal(first.id, 'each');
      const neighbour = /\((\d+),(\d+)\)/.exec(first.note).slice(1).map(Number);
      await eventually(page, async () => (await markPixels(page, neighbour[0], neighbour[1], CONSIDERED)) > 20, 'the neighbour being considered is framed on the board');
      // The status line follows the lines: step 1 is under way, the start has come off the
      // open list (expanded 1, open 0), and nothing has been added yet.
      let status = await readout(page);
      assert.equal(status.step.split(' ')[0], '1', 'the step under way');
      assert.equal(status.expanded, '1');
      assert.equal(status.open, '0');
      assert.match(status.result, /^Step 1 under way: 4 of its 44 lines run$/);
      assert.match(status.narration, /^Step 1, under way: /);
      assert.equal((await stepLine()).id, 'cost');
      assert.equal((await stepLine()).id, 'new');
      assert.equal(await arrowPixels(page, ...neighbour), 0, 'no parent arrow before "parent ← current" runs');
      assert.equal((await stepLine()).id, 'set');
      assert.ok(await arrowPixels(page, ...neighbour) > 15, 'the parent arrow appears when "parent ← current" runs');
      assert.equal((await readout(page)).open, '0');
      assert.equal((await stepLine()).id, 'add');
      status = await readout(page);
      assert.equal(status.open, '1', 'the neighbour joined the open list');
      assert.deepEqual(await openRows(page), [`(${neighbour.join(',')})`], 'and its row is in the table');
      assert.match(status.result, /^Step 1 under way: 8 of its 44 lines run$/);

      // Through the whole expansion: the start (2,2) has 8 neighbours on the map, none a wall;
      // each opens (the cost, not in the open list, set, add), then the start is closed.
      while (/under way/.test((await readout(page)).result)) await stepLine();
      status = await readout(page);
      assert.equal(status.step.split(' ')[0], '1');
      assert.equal(status.expanded, '1');
      assert.equal(status.open, '8', 'the counters after the last line are the step\'s own');
      const ids = seen.map((s) => s.id);
      assert.equal(ids.filter((id) => id === 'each').length, 8);
      assert.equal(ids.filter((id) => id === 'add').length, 8);
      assert.deepEqual(ids.slice(-5), ['cost', 'new', 'set', 'add', 'close']);
      assert.equal(ids.length, 3 + 8 * 5 + 1);
      for (const s of seen) assert.equal(s.count, 1);
      const opened = seen.filter((s) => s.id === 'set').map((s) => s.note);
      assert.ok(opened.includes('(3,2): parent (2,2), G = 10, H = 30, F = 40.'), opened.join('\n'));

      // Step back undoes one line: back into the expansion, before the start was closed.
      let state = await changed(() => click(page, 'Step back'));
      await waitForText(page, '#result', /^Step 1 under way: 43 of its 44 lines run$/);
      assert.equal((await readout(page)).open, '8');
      assert.equal(state.id, 'add');
      await page.evaluate(() => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage('zh')));
      await waitForText(page, '#result', /^第 1 步进行中：已执行 43 行，共 44 行$/);
      await page.evaluate(() => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage('en')));
      // English is drawn again before the next change is looked for: a note redrawn in the
      // other language would count as the change.
      await waitForText(page, '#result', /^Step 1 under way: 43 of its 44 lines run$/);
      assert.equal((await changed(() => click(page, 'Step back'))).id, 'set');
      assert.equal((await changed(() => page.keyboard.press('l'))).id, 'add');
      assert.equal((await changed(() => page.keyboard.press('l'))).id, 'close');
      await waitForText(page, '#count-step', /^1 /);

      // A plain Step leaves line mode: Step back then undoes a whole step.
      await click(page, 'Step');
      await waitForText(page, '#count-step', /^2 /);
      await click(page, 'Step back');
      await waitForText(page, '#count-step', /^1 /);
      state = await codeState(page);
      assert.equal(state.id, 'close');

      // Into the next expansion: once its node is chosen, the node expanded last, (3,2), is
      // no longer filled as the one being expanded, and the chosen one is off the open list.
      await click(page, 'Step');
      await waitForText(page, '#count-step', /^2 /);
      const expanding = [0xe6, 0x9f, 0x00];
      assert.ok(sameColour(await cellColour(page, 3, 2, 0.92, 0.5), expanding, 20), '(3,2) is filled as expanded by step 2');
      assert.equal((await changed(() => click(page, 'Step line'))).id, 'loop');
      const next = await changed(() => click(page, 'Step line'));
      assert.equal(next.id, 'pop');
      await eventually(page, async () => !sameColour(await cellColour(page, 3, 2, 0.92, 0.5), expanding, 20), 'the last step\'s node is not filled as current');
      const chosen = /^\(\d+,\d+\)/.exec(next.note)[0];
      assert.ok(!(await openRows(page)).includes(chosen), `${chosen} left the open list`);
      assert.equal((await openRows(page)).length, Number((await readout(page)).open));
      assert.match((await readout(page)).timeline, /^3 \//);

      // Every finder with an open list follows the line the same way: Jump Point Search's
      // jump points, a bidirectional search's two lists (each row saying its side), D* Lite's
      // queue U (its vertex leaves at "U.Remove(u)"). The node taken is the head row.
      const sides = () => page.$$eval('#open-rows tr', (rows) => rows.map((row) => row.children[1].dataset.side));
      for (const [algorithm, takes] of [['jps', 'pop'], ['bi-astar', 'pop'], ['dstar-lite', 'over-set']]) {
        // The new finder keeps the step reached; back to its first.
        const listing = await page.locator('#pseudocode-algorithm').textContent();
        await page.locator('#algorithm').selectOption(algorithm);
        await eventually(page, async () => (await page.locator('#pseudocode-algorithm').textContent()) !== listing, `${algorithm}: its listing`);
        while (Number((await readout(page)).step.split(' ')[0]) > 1) await changed(() => click(page, 'Step back'));
        if (/^0\b/.test((await readout(page)).step)) await click(page, 'Step');
        await waitForText(page, '#count-step', /^1\b/);
        let state;
        let rows;
        for (let lines = 0; state?.id !== takes; lines++) {
          assert.ok(lines < 60, `${algorithm}: no "${takes}" line`);
          rows = await openRows(page);
          state = await changed(() => click(page, 'Step line'));
        }
        assert.deepEqual(await openRows(page), rows.slice(1), `${algorithm}: the node taken left the list at "${takes}"`);
        assert.equal((await openRows(page)).length, Number((await readout(page)).open), algorithm);
        if (algorithm === 'dstar-lite') continue;
        do state = await changed(() => click(page, 'Step line')); while (state.id !== 'add');
        const added = await openRows(page);
        assert.equal(added.length, rows.length, `${algorithm}: an entry came in at "add"`);
        assert.equal(added.length, Number((await readout(page)).open), algorithm);
        if (algorithm !== 'bi-astar') continue;
        assert.deepEqual([...new Set(await sides())].sort(), ['backward', 'forward']);
        await page.evaluate(() => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage('zh')));
        await eventually(page, async () => (await sides()).every((side) => side === '正向' || side === '反向'), 'the sides in Chinese');
        await page.evaluate(() => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage('en')));
        await eventually(page, async () => (await sides()).includes('forward'), 'the sides in English again');
      }

      // Theta* draws each line-of-sight test from the line that makes it: in step 2 (the
      // start has no parent to test from), none before the first "if parent(current) sees
      // the neighbour", one segment more at the next.
      const sightPixels = () => page.evaluate(() => {
        const overlay = document.getElementById('overlay');
        const data = overlay.getContext('2d').getImageData(0, 0, overlay.width, overlay.height).data;
        const near = (i, [r, g, b]) => Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 30;
        let count = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200 && (near(i, [0x00, 0x9e, 0x73]) || near(i, [0xb3, 0x26, 0x1e]))) count++;
        return count;
      });
      const listing = await page.locator('#pseudocode-algorithm').textContent();
      await page.locator('#algorithm').selectOption('theta-star');
      await eventually(page, async () => (await page.locator('#pseudocode-algorithm').textContent()) !== listing, 'Theta*: its listing');
      while (Number((await readout(page)).step.split(' ')[0]) > 1) await changed(() => click(page, 'Step back'));
      if (/^0\b/.test((await readout(page)).step)) await click(page, 'Step');
      await waitForText(page, '#count-step', /^1\b/);
      assert.equal(await sightPixels(), 0, 'step 1 tested nothing');
      do {
        state = await changed(() => click(page, 'Step line'));
        if (state.id !== 'sight') assert.equal(await sightPixels(), 0, `no test drawn at "${state.id}"`);
      } while (state.id !== 'sight');
      await eventually(page, async () => (await sightPixels()) > 0, 'the first test drawn at its line');
      const drawn = await sightPixels();
      do state = await changed(() => click(page, 'Step line')); while (state.id !== 'sight');
      await eventually(page, async () => (await sightPixels()) > drawn, 'the next test drawn at its line');
    });
  });

  it('shows each algorithm its own listing, in English and in Chinese', async () => {
    await withApp(browser(), '?example=tutorial-wall&algorithm=bfs', DESKTOP, async ({ page }) => {
      const panel = page.getByRole('region', { name: 'Pseudocode' });
      const algorithm = panel.locator('#pseudocode-algorithm');
      assert.equal(await algorithm.textContent(), 'Breadth-first');
      assert.ok((await panel.locator('li').allTextContents()).some((l) => l.includes('first in, first out')));
      await page.locator('#algorithm').selectOption('dijkstra');
      await eventually(page, async () => (await algorithm.textContent()) === 'Dijkstra', 'the listing follows the algorithm');
      assert.ok((await panel.locator('li').allTextContents()).some((l) => l.includes('lowest G')));
      await click(page, 'Step');
      await page.evaluate(() => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage('zh')));
      await eventually(page, async () => (await codeState(page)).line === '把当前节点从开启列表移到关闭列表', 'the listing is in Chinese');
      const chinese = await page.locator('#pseudocode li').allTextContents();
      assert.ok(chinese.some((l) => l.includes('开启列表')) && chinese.some((l) => l.includes('关闭列表')));
      assert.ok(!chinese.some((l) => /[a-z]{4,}/.test(l)), `no English words left: ${chinese.join(' | ')}`);
      assert.equal((await codeState(page)).note, '(2,2) 移入关闭列表。');
    });
  });
});
