// D* Lite's Walk mode, as a teacher of robot navigation shows it: on the detour example the
// agent walks into fog, finds the wall that closes the gap (k_m grows), a wall drawn in
// front of it is found only once its sensor reaches it, Step back puts the move back, the
// fog is read from the board's pixels; the embed parameters open the paper's example in
// Walk mode; a sensor radius below 1.5 is refused with its message, and with 16 directions or
// blinks one below what their long moves need; with it they walk. The walk is checked once,
// in English; the paper's example walks in Chinese, for the wording and the small frame.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, readout, mouseStroke, eventually, cellColour } from './page.mjs';

const browser = browserForThisFile();

const WORDS = {
  en: { counter: ['Step', 'Move'], walk: 'Walk', step: 'Step', back: 'Step back', toEnd: 'To end', reset: 'Reset', moved: (k, from, at) => `Move ${k}: the agent steps from ${from} to ${at}.`, nothing: 'nothing new', arrived: 'Arrived: cost 4 travelled in 4 moves.', radius: 'at least 1.5', to: /to \((\d+,\d+)\)/ },
  zh: { counter: ['搜索步', '移动'], walk: '行走', step: '单步', back: '后退一步', toEnd: '到结束', reset: '重置', moved: (k, from, at) => `第 ${k} 次移动：智能体从 ${from} 走到 ${at}。`, nothing: '没有发现新情况', arrived: '已到达：移动 4 次，代价 4。', radius: '至少要 1.5', to: /走到 \((\d+,\d+)\)/ },
};

// How much of the fog covers cell (x, y): the overlay's alpha near the cell's corner (clear
// of the trail and path lines drawn through its centre).
async function fogAt(page, x, y) {
  return page.evaluate(({ x, y }) => {
    const grid = document.getElementById('grid');
    const overlay = document.getElementById('overlay');
    const cell = Number(grid.dataset.cell);
    const px = Math.floor((x + 0.15) * cell - Number(grid.dataset.originX));
    const py = Math.floor((y + 0.15) * cell - Number(grid.dataset.originY));
    return overlay.getContext('2d').getImageData(px, py, 1, 1).data[3];
  }, { x, y });
}

const kmShown = async (page) => (await page.locator('#finder-counters').textContent()).match(/k_m\s*([\d.]+)/)?.[1];

describe('Walk mode', () => {
  it('walks the detour example into the fog, finds the wall, replans round a wall drawn ahead, steps back exactly, refuses a sensor radius below 1.5, and walks 16 directions and blinks with the sensor their moves need', async () => {
    const w = WORDS.en;
    await withApp(browser(), '?example=dstar-detour', DESKTOP, async ({ page }) => {
      const button = (name) => page.getByRole('button', { name, exact: true });
      // A click and the frame that shows it: the timeline moves.
      const press = async (name) => {
        const before = (await readout(page)).timeline;
        await button(name).click();
        await eventually(page, async () => (await readout(page)).timeline !== before, name);
      };
      const pressed = (on) => eventually(page, async () => (await button(w.walk).getAttribute('aria-pressed')) === String(on), `Walk pressed ${on}`);
      const counterLabel = () => page.locator('#count-step').evaluate((output) => output.previousElementSibling.textContent);
      assert.equal(await counterLabel(), w.counter[0]);
      await button(w.walk).click();
      await pressed(true);
      // The whole walk is known on a small map: 37 moves to the goal round the wall, counted
      // as moves.
      assert.equal((await readout(page)).timeline, '0 / 37');
      await eventually(page, async () => (await counterLabel()) === w.counter[1], 'the counter counts moves');
      assert.equal(await fogAt(page, 1, 6), 0, 'a cell the sensor has seen is clear');
      assert.ok((await fogAt(page, 2, 7)) > 100, 'one it has not seen yet is fogged');
      assert.ok((await fogAt(page, 15, 2)) > 100, 'a cell it has not seen is fogged');
      for (let k = 1; k <= 2; k++) await press(w.step);
      assert.match((await readout(page)).narration, new RegExp(escape(w.moved(2, '(1,7)', '(2,7)'))));
      assert.equal(await kmShown(page), '0');
      // A wall drawn three cells ahead: the agent learns of it only when it comes near.
      await mouseStroke(page, [{ x: 5, y: 7 }]);
      await eventually(page, async () => (await cellColour(page, 5, 7)).every((v) => v < 80), 'the wall drawn');
      await press(w.step);
      assert.match((await readout(page)).narration, new RegExp(escape(w.moved(3, '(2,7)', '(3,7)'))));
      assert.ok((await readout(page)).narration.includes(w.nothing), 'not seen yet');
      const before = await readout(page);
      const kmBefore = await kmShown(page);
      const fogBefore = await fogAt(page, 5, 6);
      assert.ok(fogBefore > 100);
      await press(w.step);
      const found = await readout(page);
      assert.match(found.narration, /\(5,7\)/, 'the wall is sensed from (4,7)');
      assert.equal(await kmShown(page), '40', 'k_m grew by h((0,7), (4,7)) = 40');
      assert.equal(await fogAt(page, 5, 6), 0);
      assert.ok(Number(found.expanded) > Number(before.expanded), 'D* Lite repaired its search');
      // The plan goes round the new wall: the next move leaves row 7.
      await press(w.step);
      assert.match((await readout(page)).narration, /\(4,7\) \S+ \(5,[68]\)|\(4,7\) to \(5,[68]\)/);
      // Step back twice: the move before the wall was found, exactly.
      await press(w.back);
      await press(w.back);
      assert.deepEqual(await readout(page), before);
      assert.equal(await kmShown(page), kmBefore);
      assert.equal(await fogAt(page, 5, 6), fogBefore);
      // The walk reaches the goal; Reset leaves Walk mode.
      await press(w.toEnd);
      assert.equal((await readout(page)).result.length > 0, true);
      assert.equal(await page.locator('#result').getAttribute('class'), 'result found');
      await button(w.reset).click();
      await pressed(false);
      assert.equal(await fogAt(page, 15, 2), 0, 'no fog in the normal view');
      await eventually(page, async () => (await counterLabel()) === w.counter[0], 'the counter counts search steps again');
      // A sensor that cannot see the next cell is refused, and the view stays normal.
      await page.locator('#sensor').fill('1');
      await button(w.walk).click();
      await eventually(page, async () => (await page.locator('#message-text').textContent()).includes(w.radius), 'the refusal');
      assert.equal(await button(w.walk).getAttribute('aria-pressed'), 'false');
      assert.equal(await fogAt(page, 15, 2), 0);
      // Long moves need a sensor that sees every cell they cross: 16 directions walk with
      // sqrt 5 (2.24), blinks with sqrt 8 (2.83), as `astar navigate` does (tests/cli.rs).
      // The wall drawn ahead taken away: the example's map, as the command line walks it.
      await page.click('#undo');
      await eventually(page, async () => (await cellColour(page, 5, 7)).every((v) => v > 200), 'the wall undone');
      for (const [directions, least, moves, cost] of [['16', '2.24', 24, 292], ['blink', '2.83', 18, 200]]) {
        await page.locator('#directions').selectOption(directions);
        await page.locator('#sensor').fill('1.5');
        await button(w.walk).click();
        await eventually(page, async () => (await page.locator('#message-text').textContent()).includes(`at least ${least} cells`), `the refusal for ${directions}`);
        assert.equal(await button(w.walk).getAttribute('aria-pressed'), 'false');
        await page.locator('#sensor').fill(least);
        await button(w.walk).click();
        await pressed(true);
        assert.equal((await readout(page)).timeline, `0 / ${moves}`);
        await press(w.toEnd);
        const arrived = await readout(page);
        assert.equal(arrived.result, `Arrived: cost ${cost} travelled in ${moves} moves.`);
        await press(w.back);
        assert.equal((await readout(page)).timeline, `${moves - 1} / ${moves}`);
        await press(w.step);
        assert.deepEqual(await readout(page), arrived, `${directions}: the last move again`);
        await button(w.reset).click();
        await pressed(false);
      }
    });
  });

  it('opens the paper example in Walk mode from the embed parameters and walks as the figure does, told in Chinese', async () => {
    const w = WORDS.zh;
    await withApp(browser(), '?example=dstar-paper&algorithm=dstar-lite&walk=1&sensor=1.5&embed=1&lang=zh', { viewport: { width: 400, height: 300 } }, async ({ page }) => {
      assert.equal((await readout(page)).timeline, '0 / 4');
      assert.equal(await page.locator('#count-step').evaluate((output) => output.previousElementSibling.textContent), w.counter[1]);
      const cells = [];
      for (let k = 1; k <= 4; k++) {
        await page.keyboard.press('ArrowRight');
        await eventually(page, async () => (await readout(page)).timeline === `${k} / 4`, `move ${k}`);
        cells.push((await readout(page)).narration.match(w.to)?.[1]);
        // The wall in the middle is found from (1,1): k_m = h((0,1), (1,1)) = 1.
        if (k === 1) assert.equal(await kmShown(page), '1');
      }
      assert.deepEqual(cells, ['1,1', '2,0', '3,0', '4,1']);
      assert.equal((await readout(page)).result, w.arrived);
      assert.match((await readout(page)).narration, new RegExp(escape(w.moved(4, '(3,0)', '(4,1)'))));
    });
  });
});

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
