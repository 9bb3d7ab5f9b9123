// Work is never lost: a drawing, the options and the step come back after a reload; URL
// parameters win over the saved work; "New map" starts afresh; an embedded page leaves the
// visitor's work alone.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { openApp } from './page.mjs';
import {
  DESKTOP, withApp, gridInfo, cellColour, mouseStroke, waitForText, sameColour, hex, eventually,
} from './page.mjs';
import { PALETTE } from '../../www/board/palette.js';

const browser = browserForThisFile();

async function isWall(page, x, y) {
  return sameColour(await cellColour(page, x, y), hex(PALETTE.wall), 10);
}

// Waits until the page has saved what it shows (saves follow changes within half a second).
async function saved(page) {
  await page.waitForTimeout(700);
}

async function reopen(page, query = '') {
  await page.goto(new URL(query || '.', page.url()).href.replace(/\?.*$/, '') + query);
  await page.waitForFunction(() => {
    const canvas = document.getElementById('grid');
    return canvas.width > 0 && document.getElementById('narration').textContent !== '';
  });
}

describe('saved work', () => {
  it('brings back the drawing, the options and the step after a reload', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const { start } = await gridInfo(page);
      const cells = [{ x: start.x + 1, y: 0 }, { x: start.x + 1, y: 1 }];
      assert.equal(await isWall(page, cells[0].x, 0), false);
      await mouseStroke(page, cells, 3);
      assert.ok(await isWall(page, cells[0].x, 0));
      await page.selectOption('#algorithm', 'dijkstra');
      for (let k = 0; k < 3; k++) await page.getByRole('button', { name: 'Step', exact: true }).click();
      await waitForText(page, '#count-step', /^3 \//);
      await saved(page);

      await page.reload();
      await page.waitForFunction(() => document.getElementById('narration').textContent !== '');
      assert.ok(await isWall(page, cells[0].x, 0), 'the drawing is still there');
      assert.ok(await isWall(page, cells[1].x, 1));
      assert.equal(await page.inputValue('#algorithm'), 'dijkstra');
      await waitForText(page, '#count-step', /^3 \//);

      // URL parameters win over the saved work; what they do not name comes from it.
      await reopen(page, '?algorithm=greedy');
      assert.equal(await page.inputValue('#algorithm'), 'greedy');
      assert.ok(await isWall(page, cells[0].x, 0), 'the saved drawing, with the URL\'s option');
      await reopen(page, '?map=OOOO/OSOE/OOOO');
      assert.equal((await gridInfo(page)).width, 4);
      await saved(page);
    });
  });

  it('starts afresh with "New map", and the fresh map is what a reload shows', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const before = await gridInfo(page);
      const cell = { x: before.start.x, y: 0 };
      await mouseStroke(page, [cell, { x: cell.x, y: 1 }], 2);
      await page.selectOption('#directions', '4');
      await saved(page);
      await page.getByRole('button', { name: 'New map' }).click();
      await eventually(page, async () => !(await isWall(page, cell.x, 0)), 'the drawing is gone');
      assert.equal(await page.inputValue('#directions'), '8', 'the default options are back');
      assert.deepEqual(await gridInfo(page), before);
      await saved(page);
      await page.reload();
      await page.waitForFunction(() => document.getElementById('narration').textContent !== '');
      assert.equal(await isWall(page, cell.x, 0), false);
      assert.equal(await page.inputValue('#directions'), '8');
    });
  });

  it('keeps an embedded page out of the visitor\'s saved work', async () => {
    const { page, context } = await openApp(browser(), '', DESKTOP);
    try {
      const { start } = await gridInfo(page);
      await mouseStroke(page, [{ x: start.x + 1, y: 0 }, { x: start.x + 1, y: 1 }], 2);
      await saved(page);
      await reopen(page, '?map=OOOO/OSOE/OOOO&embed=1');
      await saved(page);
      await reopen(page, '');
      assert.ok(await isWall(page, start.x + 1, 0), 'the drawing survived the embedded visit');
    } finally {
      await context.close();
    }
  });
});
