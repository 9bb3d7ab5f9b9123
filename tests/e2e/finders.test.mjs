// IDA* and the bidirectional searches in the page: chosen by name, their own counters, the
// backward side in its own colours, the meeting point, pruned cells, the node limit, the log
// in English and Chinese, and stepping back to the identical state.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, readout, snapshot, gridInfo, inspect, text, waitForText, eventually } from './page.mjs';

const browser = browserForThisFile();

async function stepTo(page, button, count) {
  await page.click(button);
  await waitForText(page, '#count-step', new RegExp(`^${count}( |$)`));
}

// Mean grey level (0..255) of a cell's top-right quarter, away from its numbers.
async function cellGrey(page, x, y) {
  return page.evaluate(({ x, y }) => {
    const canvas = document.getElementById('grid');
    const { cell, originX, originY } = canvas.dataset;
    const size = Number(cell);
    const px = Math.floor((x + 0.55) * size - Number(originX));
    const py = Math.floor((y + 0.1) * size - Number(originY));
    const side = Math.max(2, Math.floor(size * 0.3));
    const data = canvas.getContext('2d').getImageData(px, py, side, side).data;
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
    return sum / (data.length / 4);
  }, { x, y });
}

async function useChinese(page) {
  await page.evaluate(() => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage('zh')));
}

describe('choosing a finder', () => {
  it('offers IDA* and the four bidirectional searches in English and Chinese', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const select = page.getByRole('combobox', { name: 'Algorithm' });
      for (const name of ['IDA* (iterative deepening)', 'Bidirectional A*', 'Bidirectional Dijkstra', 'Bidirectional breadth-first', 'Bidirectional greedy best-first']) {
        assert.equal(await select.locator('option', { hasText: name }).count(), 1, name);
      }
      const limit = page.getByRole('spinbutton', { name: 'Node limit (IDA*)' });
      assert.equal(await limit.isDisabled(), true, 'the node limit is for IDA* only');
      await select.selectOption('idastar');
      await eventually(page, async () => !(await limit.isDisabled()), 'the node limit field opens for IDA*');
      assert.equal(await limit.inputValue(), '1000000');
      // A limit past the engine's 32-bit count is refused, and the message says how far it goes.
      await limit.fill('1e99');
      await limit.press('Enter');
      await waitForText(page, '#message-text', /^The node limit must be a whole number from 1 to 4294967295/);
      assert.equal(await limit.getAttribute('aria-invalid'), 'true');
      await limit.fill('500');
      await limit.press('Enter');
      await useChinese(page);
      assert.equal(await page.locator('#algorithm').locator('option[value="bi-astar"]').textContent(), '双向 A*');
      assert.equal(await page.locator('#algorithm').locator('option[value="idastar"]').textContent(), 'IDA*（迭代加深 A*）');
    });
  });
});

describe('bidirectional A*', () => {
  it('draws the two frontiers apart, names the sides and the stopping test, steps back to the identical picture, and finds the optimal cost', async () => {
    await withApp(browser(), '?example=tutorial-wall&algorithm=bi-astar', DESKTOP, async ({ page }) => {
      const { start, goal } = await gridInfo(page);
      assert.equal(await text(page, '#count-best-cost'), '–');
      const bothSides = async () => ({ ...(await snapshot(page)), counters: await text(page, '#finder-counters') });
      const initial = await bothSides(page);
      await stepTo(page, '#step', 1);
      assert.match((await readout(page)).narration, /The forward search \(from the start\): Expanded \(2,2\)/);
      await stepTo(page, '#step', 2);
      const narration = (await readout(page)).narration;
      assert.match(narration, /Stopping test: the two searches have not met yet, go on\./);
      assert.match(narration, /The backward search \(from the goal\): Expanded \(6,2\): F=40 G=0 H=40\./);
      // Step back over both sides' steps to the identical picture, counters and log, and forward again.
      const atTwo = await bothSides();
      await stepTo(page, '#step-back', 1);
      await stepTo(page, '#step-back', 0);
      assert.deepEqual(await bothSides(), initial, 'back at step 0');
      await stepTo(page, '#step', 1);
      await stepTo(page, '#step', 2);
      assert.deepEqual(await bothSides(), atTwo, 'at step 2 again');
      // Open on the forward side left of the start, open on the backward side right of the
      // goal: different colours, apart in grey too.
      const forward = await cellGrey(page, start.x - 1, start.y);
      const backward = await cellGrey(page, goal.x + 1, goal.y);
      assert.ok(forward - backward > 15, `forward ${forward} and backward ${backward} differ in grey`);
      const info = await inspect(page, goal.x + 1, goal.y);
      assert.match(info.Marks, /Backward search \(from the goal\)/);
      assert.equal(info.G, '10');

      await page.click('#finish');
      await waitForText(page, '#result', /^Path found: cost 56/);
      assert.equal(await text(page, '#count-best-cost'), '56');
      assert.match(await text(page, '#count-meeting'), /^\(\d+,\d+\)$/);
      const last = (await readout(page)).narration;
      assert.match(last, /Stopping test: best 56 ≤ max\(\d+, \d+\) = \d+/);
      assert.match(last, /Path through the meeting point \(\d+,\d+\): cost 56 in \d+ moves\./);
      const [mx, my] = (await text(page, '#count-meeting')).match(/\d+/g).map(Number);
      assert.match((await inspect(page, mx, my)).Marks, /meet here/);
    });
  });

});

describe('IDA*', () => {
  it('shows the threshold and iteration, the path being explored and the pruned cells', async () => {
    await withApp(browser(), '?example=tutorial-wall&algorithm=idastar&heuristic=octile', DESKTOP, async ({ page }) => {
      await stepTo(page, '#step', 1);
      assert.match((await readout(page)).narration, /Iteration 1: the threshold starts at the start's F = 40\./);
      assert.equal(await text(page, '#count-threshold'), '40');
      assert.equal(await text(page, '#count-iteration'), '1');
      let pruned = null;
      for (let k = 2; k <= 12 && !pruned; k++) {
        await stepTo(page, '#step', k);
        const match = /Pruned \((\d+),(\d+)\): F=(\d+)/.exec((await readout(page)).narration);
        if (match) pruned = { x: Number(match[1]), y: Number(match[2]), f: match[3] };
      }
      assert.ok(pruned, 'a cell was pruned within the first steps');
      const info = await inspect(page, pruned.x, pruned.y);
      assert.equal(info.F, pruned.f, 'the inspector shows the F that exceeded the threshold');
      assert.match(info.Marks, /Pruned/);
      const { start } = await gridInfo(page);
      assert.match((await inspect(page, start.x, start.y)).Marks, /On the path IDA\* is exploring/);

      await page.click('#finish');
      await waitForText(page, '#result', /^Path found: cost 56/);
      assert.equal(await text(page, '#count-threshold'), '56');
      const log = await text(page, '#step-log');
      assert.ok(log.length > 0);
    });
  });

  it('stops at the node limit with a message, in English and Chinese', async () => {
    await withApp(browser(), '?example=tutorial-wall&algorithm=idastar&nodeLimit=5', DESKTOP, async ({ page }) => {
      await page.click('#finish');
      await waitForText(page, '#result', /^Stopped at the node limit \(5 visited nodes\) without reaching the goal/);
      assert.match((await readout(page)).narration, /Stopped after 5 visited nodes, the node limit/);
      await stepTo(page, '#step-back', 5);
      assert.equal(await text(page, '#result'), '');
      await useChinese(page);
      await page.click('#finish');
      await waitForText(page, '#result', /^已达到节点上限（访问了 5 个节点）/);
    });
  });
});
