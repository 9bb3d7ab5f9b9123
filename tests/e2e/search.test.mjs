// Running the search from the page: stepping, playing, the timeline, results on the
// tutorials' maps, the open list, the labels in the cells and the method options.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import {
  DESKTOP, withApp, readout, snapshot, gridInfo, inspect, inkInCell, cellNumbers, text, waitForText,
  cellPoint, cellSize, mouseStroke, eventually,
} from './page.mjs';

const browser = browserForThisFile();

async function stepTo(page, button, count) {
  await page.click(button);
  await waitForText(page, '#count-step', new RegExp(`^${count}( |$)`));
}

describe('stepping', () => {
  it('steps forward and back to the identical picture, counters, log and open list, with the buttons and the keys', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const states = [await snapshot(page)];
      assert.match(states[0].readout.step, /^0 \/ \d+$/);
      assert.equal(states[0].readout.result, 'Ready: press Play or Step.');
      for (let k = 1; k <= 6; k++) {
        await stepTo(page, '#step', k);
        states.push(await snapshot(page));
        assert.notEqual(states[k].picture, states[k - 1].picture, `step ${k} changed the picture`);
        assert.match(states[k].readout.narration, new RegExp(`^Step ${k}: Expanded \\(\\d+,\\d+\\): F=\\d+ G=\\d+ H=\\d+\\.`));
      }
      for (let k = 5; k >= 0; k--) {
        await stepTo(page, '#step-back', k);
        assert.deepEqual(await snapshot(page), states[k], `state after stepping back to ${k}`);
      }
      // The same from the keyboard, focus on the page: steps, a step back, reset, and to the end.
      await page.evaluate(() => document.activeElement.blur());
      for (let k = 1; k <= 3; k++) {
        await page.keyboard.press('ArrowRight');
        await waitForText(page, '#count-step', new RegExp(`^${k} /`));
      }
      await page.keyboard.press('ArrowLeft');
      await waitForText(page, '#count-step', /^2 \//);
      await page.keyboard.press('r');
      await waitForText(page, '#count-step', /^0 \//);
      await page.keyboard.press('End');
      await waitForText(page, '#result', /^Path found/);
      await page.click('#reset');
      await waitForText(page, '#count-step', /^0 \//);
      assert.equal((await readout(page)).result, 'Ready: press Play or Step.');
    });
  });

  it('expands the head of the open list next, and says what it did in words', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      const { start } = await gridInfo(page);
      assert.equal(await text(page, '#open-rows tr.head td:nth-child(2)'), `(${start.x},${start.y})`);
      await stepTo(page, '#step', 1);
      // The tutorial's first step: the start (2,2) with H = 40 (octile, 10/14) opens its 8
      // neighbours, e.g. (3,2) to the right with G = 10.
      const narration = (await readout(page)).narration;
      assert.match(narration, /^Step 1: Expanded \(2,2\): F=40 G=0 H=40\./);
      assert.match(narration, /Opened \(3,2\) with G=10, H=30\./);
      assert.match(narration, /Opened \(3,1\) with G=14, H=/);
      for (let k = 2; k <= 8; k++) {
        const head = await text(page, '#open-rows tr.head td:nth-child(2)');
        await stepTo(page, '#step', k);
        const cell = head.replace(/[()]/g, '\\$&');
        assert.match((await readout(page)).narration, new RegExp(`^Step ${k}: (Expanded|Reached the goal) ${cell}`));
      }
      assert.equal(await page.locator('#step-log li').count(), 8);
    });
  });

  it('shows F, G and H in the cells when they are large, and leaves them out when small', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const { start } = await gridInfo(page);
      const box = await page.locator('#grid').boundingBox();
      assert.ok(box.width / (await gridInfo(page)).width >= 44, 'default cells are large enough to read');
      await stepTo(page, '#step', 1);
      const cell = { x: start.x, y: start.y - 1 };
      const info = await inspect(page, cell.x, cell.y);
      assert.match(info.State, /^open/);
      assert.deepEqual([info.G, info.H], ['10', String(Number(info.F) - 10)]);
      await page.mouse.move(0, 0);
      const regions = { F: [0.12, 0.12, 0.45, 0.32], G: [0.12, 0.7, 0.45, 0.9], H: [0.55, 0.7, 0.88, 0.9] };
      for (const [name, region] of Object.entries(regions)) {
        assert.ok(await inkInCell(page, cell.x, cell.y, region) > 8, `${name} is drawn in its corner`);
      }
      // The numbers drawn are the cell's own: the inspector reads them another way.
      const inspected = ({ F, G, H }) => ({ F, G, H });
      assert.deepEqual(await cellNumbers(page, cell.x, cell.y), inspected(info));

      // Another goal changes H and F but not G: the numbers on show follow.
      const { goal } = await gridInfo(page);
      await mouseStroke(page, [goal, { x: goal.x, y: goal.y + 2 }]);
      await eventually(page, async () => (await gridInfo(page)).goal.y === goal.y + 2, 'the goal moved');
      const moved = await inspect(page, cell.x, cell.y);
      assert.equal(moved.G, info.G);
      assert.notEqual(moved.H, info.H);
      await page.mouse.move(0, 0);
      assert.deepEqual(await cellNumbers(page, cell.x, cell.y), inspected(moved));
    });
    await withApp(browser(), '?size=96x56', DESKTOP, async ({ page }) => {
      const { start } = await gridInfo(page);
      await stepTo(page, '#step', 1);
      assert.match((await inspect(page, start.x, start.y - 1)).State, /^open/);
      await page.mouse.move(0, 0);
      assert.equal(await inkInCell(page, start.x, start.y - 1, [0.25, 0.25, 0.75, 0.75]), 0, 'no labels or arrows in small cells');
    });
  });
});

describe('zoom', () => {
  it('zooms in at the pointer until F, G and H can be read on a large map, scrolls, edits, and fits again', async () => {
    await withApp(browser(), '?size=96x56', DESKTOP, async ({ page }) => {
      const { start } = await gridInfo(page);
      await stepTo(page, '#step', 1);
      assert.equal(await text(page, '#zoom-label'), '1×');
      assert.ok(await page.locator('#zoom-out').isDisabled() && await page.locator('#zoom-fit').isDisabled());
      const cell = { x: start.x, y: start.y - 1 };
      const before = await cellPoint(page, cell.x, cell.y);
      const smallCell = await cellSize(page);
      await page.mouse.move(before.x, before.y);
      await page.keyboard.down('Control');
      for (let k = 1; k <= 4; k++) {
        await page.mouse.wheel(0, -100);
        await waitForText(page, '#zoom-label', new RegExp(`^${[1.5, 2, 3, 4][k - 1]}×$`));
      }
      await page.keyboard.up('Control');
      await waitForText(page, '#zoom-label', /^4×$/);
      assert.ok(await cellSize(page) > 3.5 * smallCell, 'cells grew');
      const after = await cellPoint(page, cell.x, cell.y);
      assert.ok(Math.hypot(after.x - before.x, after.y - before.y) < await cellSize(page), 'the cell stayed under the pointer');
      const info = await inspect(page, cell.x, cell.y);
      assert.deepEqual([info.G, info.State.split(' ')[0]], ['10', 'open']);
      await page.mouse.move(0, 0);
      const regions = { F: [0.12, 0.12, 0.45, 0.32], G: [0.12, 0.7, 0.45, 0.9], H: [0.55, 0.7, 0.88, 0.9] };
      for (const [name, region] of Object.entries(regions)) {
        assert.ok(await inkInCell(page, cell.x, cell.y, region) > 8, `${name} is drawn once zoomed in`);
      }

      // Scrolled, the same cell is drawn elsewhere and strokes still land on the cell under the pointer.
      const originY = () => Number(document.getElementById('grid').dataset.originY);
      const scrolledFrom = await page.evaluate(originY);
      await page.locator('#board').evaluate((board) => board.scrollBy(-60, -40));
      await page.waitForFunction(`(${originY})() < ${scrolledFrom}`);
      const moved = await cellPoint(page, cell.x, cell.y);
      assert.ok(Math.abs(moved.y - after.y) > 20, 'scrolling moves the view');
      const target = { x: start.x + 2, y: start.y - 2 };
      await mouseStroke(page, [target]);
      assert.equal((await inspect(page, target.x, target.y)).State, 'wall');

      await page.keyboard.press('0');
      await waitForText(page, '#zoom-label', /^1×$/);
      assert.ok(Math.abs(await cellSize(page) - smallCell) < 0.01, 'back to the whole map');
      await page.locator('#grid').focus();
      await page.keyboard.press('+');
      await waitForText(page, '#zoom-label', /^1\.5×$/);
      await page.click('#zoom-out');
      await waitForText(page, '#zoom-label', /^1×$/);
    });
  });
});

describe('playback', () => {
  it('pauses and resumes from the play button, plays again from the start once finished, and plays to the end with Space at the top speed', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      await page.locator('#speed').fill('0');
      assert.equal(await text(page, '#speed-label'), '1 step/s');
      await page.click('#play');
      await waitForText(page, '#count-step', /^1 /);
      assert.equal(await page.locator('#play').getAttribute('aria-pressed'), 'true');
      assert.equal(await text(page, '#play .label'), 'Pause');
      await page.click('#play');
      await waitForText(page, '#play .label', /^Play$/);
      assert.equal(await page.locator('#play').getAttribute('aria-pressed'), 'false');
      await page.click('#finish');
      await waitForText(page, '#result', /^Path found/);
      assert.ok(await page.locator('#step').isDisabled());
      await page.locator('#speed').fill('11');
      await page.click('#play');
      await waitForText(page, '#play .label', /^Play$/);
      await waitForText(page, '#result', /^Path found/);
      // From the start again, Space plays to the end at the top speed.
      await page.click('#reset');
      await waitForText(page, '#count-step', /^0 \//);
      await page.locator('#speed').focus();
      await page.keyboard.press('End');
      assert.equal(await text(page, '#speed-label'), '1000 steps/frame');
      await page.locator('#grid').focus();
      await page.keyboard.press('Space');
      await waitForText(page, '#result', /^Path found: cost \d+, \d+ moves\.$/);
      const { step } = await readout(page);
      const [count, total] = step.split(' / ');
      assert.equal(count, total);
      assert.equal(await text(page, '#play .label'), 'Play');
    });
  });

  it('scrubs the timeline backwards and forwards to the same states as stepping', async () => {
    await withApp(browser(), '?example=tutorial-pockets', DESKTOP, async ({ page }) => {
      const initial = await snapshot(page);
      for (let k = 1; k <= 5; k++) await stepTo(page, '#step', k);
      const atFive = await snapshot(page);
      await page.click('#finish');
      await waitForText(page, '#result', /^Path found/);
      const atEnd = await snapshot(page);
      const total = Number(atEnd.readout.step.split(' / ')[1]);
      assert.ok(total > 5);
      await page.locator('#timeline').fill('5');
      await waitForText(page, '#count-step', /^5 \//);
      assert.deepEqual(await snapshot(page), atFive);
      await page.locator('#timeline').focus();
      await page.keyboard.press('Home');
      await waitForText(page, '#count-step', /^0 \//);
      assert.deepEqual(await snapshot(page), initial);
      await page.keyboard.press('End');
      await waitForText(page, '#count-step', new RegExp(`^${total} /`));
      assert.deepEqual(await snapshot(page), atEnd);
    });
  });
});

describe('results', () => {
  // The tutorial's 8x6 map with a wall at x = 4, y = 1..3: its cost under each movement rule.
  it('finds the tutorial map\'s cost under each movement rule chosen in the panel', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      await page.selectOption('#example', 'tutorial-wall');
      await page.click('#load-example');
      await page.waitForFunction(() => document.getElementById('grid').getAttribute('aria-label').includes('8 by 6'));
      await page.click('#finish');
      await waitForText(page, '#result', /^Path found: cost 56,/);
      // After a finished search a change of options re-runs it at once.
      await page.selectOption('#diagonal', 'only-when-no-obstacles');
      await waitForText(page, '#result', /^Path found: cost 68,/);
      await page.selectOption('#diagonal', 'if-at-most-one-obstacle');
      await waitForText(page, '#result', /^Path found: cost 56,/);
      await page.selectOption('#diagonal', 'only-when-no-obstacles');
      await waitForText(page, '#result', /^Path found: cost 68,/);
      await page.selectOption('#directions', '4');
      await waitForText(page, '#result', /^Path found: cost 80,/);
      assert.ok(await page.locator('#diagonal').isDisabled());
      await page.selectOption('#costs', 'exact');
      await waitForText(page, '#result', /^Path found: cost 8,/);
    });
  });

  it('says so when there is no path', async () => {
    await withApp(browser(), '?example=no-path', DESKTOP, async ({ page }) => {
      await page.click('#finish');
      await waitForText(page, '#result', /^No path: the goal cannot be reached/);
      assert.match((await readout(page)).narration, /there is no path/);
      assert.equal(await text(page, '#open-caption'), 'Empty.');
    });
  });

  it('expands more nodes with Dijkstra than with A*, for the same cost', async () => {
    await withApp(browser(), '?example=u-trap', DESKTOP, async ({ page }) => {
      await page.click('#finish');
      await waitForText(page, '#result', /^Path found/);
      const astar = await readout(page);
      await page.selectOption('#algorithm', 'dijkstra');
      await page.waitForFunction((before) => document.getElementById('count-expanded').textContent !== before, astar.expanded);
      const dijkstra = await readout(page);
      assert.equal(dijkstra.result, astar.result);
      assert.ok(Number(dijkstra.expanded) > Number(astar.expanded));
      assert.ok(await page.locator('#heuristic').isDisabled());
      assert.equal(await text(page, '#resolved-heuristic'), 'Dijkstra uses no heuristic.');
    });
  });
});

describe('admissibility', () => {
  it('warns when the heuristic can overestimate, and stops warning when it cannot', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const warning = page.locator('#admissibility');
      assert.ok(await warning.isHidden());
      assert.match(await text(page, '#resolved-heuristic'), /octile/);
      await page.selectOption('#heuristic', 'manhattan');
      await warning.waitFor({ state: 'visible' });
      assert.match(await warning.textContent(), /^Not guaranteed to find the shortest path: .+/);
      await page.selectOption('#heuristic', 'octile');
      await warning.waitFor({ state: 'hidden' });
      await page.fill('#weight', '2');
      await page.press('#weight', 'Enter');
      await page.locator('#weight').blur();
      await warning.waitFor({ state: 'visible' });
      await page.fill('#weight', '-1');
      await page.locator('#weight').blur();
      await waitForText(page, '#message-text', /heuristic weight must be a number from 0 to 100/);
      assert.equal(await page.locator('#weight').getAttribute('aria-invalid'), 'true');
    });
  });
});
