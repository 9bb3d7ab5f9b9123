// The built-in tutorial examples open with their tutorial's rules, say which tutorial they
// reproduce, and show the F, G and H the tutorial's text gives for the cells it names.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, inspect, cellNumbers, waitForText } from './page.mjs';

const browser = browserForThisFile();

async function methodFields(page) {
  return page.evaluate(() => {
    const value = (id) => document.getElementById(id).value;
    return {
      heuristic: value('heuristic'),
      directions: value('directions'),
      diagonal: value('diagonal'),
      costs: value('costs'),
      tieBreak: value('tie-break'),
    };
  });
}

// F, G and H of a cell, as the inspector reads them out and as they are drawn in the cell.
async function numbersOf(page, x, y) {
  const info = await inspect(page, x, y);
  const drawn = await cellNumbers(page, x, y);
  const read = { F: info.F, G: info.G, H: info.H };
  assert.deepEqual(drawn, read, `cell (${x},${y}): drawn numbers differ from the inspector`);
  return read;
}

describe('tutorial examples', () => {
  it('the first C++ tutorial map opens with Manhattan H and shows the numbers of its text', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      assert.deepEqual(await methodFields(page), {
        heuristic: 'manhattan',
        directions: '8',
        diagonal: 'always',
        costs: '10-14',
        tieBreak: 'last-in',
      });
      const note = page.locator('#example-about');
      assert.ok(await note.isVisible());
      assert.match(await note.textContent(), /first map of the C\+\+ A\* tutorial/);
      await page.locator('#step').click();
      // "the cell right of the start: G=10, Manhattan H=30, so F=40"
      assert.deepEqual(await numbersOf(page, 3, 2), { F: '40', G: '10', H: '30' });
      // The start's diagonal neighbour: one diagonal step (14), four cells from the goal.
      assert.deepEqual(await numbersOf(page, 3, 1), { F: '54', G: '14', H: '40' });
      assert.deepEqual(await numbersOf(page, 3, 3), { F: '54', G: '14', H: '40' });
      await page.locator('#finish').click();
      // The tutorial's drawn path: S, then up-right twice over the wall's end, then down-right
      // twice. (The page redraws its read-outs on the next frame.)
      await waitForText(page, '#result', /Path found: cost 56, 4 moves\./);
    });
  });

  it('the C++ tutorial\'s second map squeezes between walls for cost 84', async () => {
    await withApp(browser(), '?example=tutorial-pockets', DESKTOP, async ({ page }) => {
      assert.equal((await methodFields(page)).heuristic, 'manhattan');
      await page.locator('#finish').click();
      await waitForText(page, '#result', /Path found: cost 84, 6 moves\./);
    });
  });

  it('the multimap tutorial map walks 4 directions at cost 1 a step, 38 steps', async () => {
    await withApp(browser(), '?example=tutorial-dots', DESKTOP, async ({ page }) => {
      assert.deepEqual(await methodFields(page), {
        heuristic: 'manhattan',
        directions: '4',
        diagonal: 'if-at-most-one-obstacle',
        costs: 'exact',
        tieBreak: 'first-in',
      });
      assert.match(await page.locator('#example-about').textContent(), /multimap A\* tutorial/);
      await page.locator('#step').click();
      // s is at (4,2), d at (9,3): H = 5 + 1 in single steps.
      await waitForText(page, '#narration', /^\s*Step 1: Expanded \(4,2\): F=6 G=0 H=6\. Opened \(4,1\) with G=1, H=7\./);
      assert.deepEqual(await numbersOf(page, 3, 2), { F: '8', G: '1', H: '7' });
      await page.locator('#finish').click();
      await waitForText(page, '#result', /Path found: cost 38, 38 moves\./);
    });
  });

  it('names the tutorial in Chinese too, and a loaded example replaces the rules of the last', async () => {
    await withApp(browser(), '?lang=zh&example=u-trap', DESKTOP, async ({ page }) => {
      assert.equal((await methodFields(page)).heuristic, 'auto');
      await page.getByRole('combobox', { name: '示例' }).selectOption('tutorial-wall');
      await page.getByRole('button', { name: '载入示例' }).click();
      await waitForText(page, '#example-about', /C\+\+ A\* 教程的第一张地图/);
      assert.equal((await methodFields(page)).heuristic, 'manhattan');
      await page.locator('#step').click();
      assert.deepEqual(await numbersOf(page, 3, 1), { F: '54', G: '14', H: '40' });
    });
  });
});
