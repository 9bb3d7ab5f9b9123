// Presentation mode and the foldable side panel: on a 1366x768 projector at 150% browser
// zoom (a 911x512 CSS px window at 1.5 device pixels per CSS px) the board fills the window
// and the tutorial map shows F, G and H in every visited cell, in large enough digits.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { withApp, cellNumbers, inkInCell, waitForText, eventually } from './page.mjs';

const browser = browserForThisFile();
const PROJECTOR_150 = { viewport: { width: 911, height: 512 }, deviceScaleFactor: 1.5 };

// The grid's drawn size against the window, and the size of its G/H digits (CSS px, 0 when
// the renderer draws no numbers).
async function boardFit(page) {
  return page.evaluate(() => {
    const box = document.getElementById('grid').getBoundingClientRect();
    return {
      width: box.width / window.innerWidth,
      height: box.height / window.innerHeight,
      digitFont: Number(document.getElementById('grid').dataset.digitFont),
    };
  });
}

describe('presentation mode', () => {
  it('fills a 150%-zoomed 1366x768 window with the 8x6 tutorial map, numbers readable, and Esc leaves', async () => {
    await withApp(browser(), '?example=tutorial-wall', PROJECTOR_150, async ({ page }) => {
      const before = await boardFit(page);
      const button = page.getByRole('button', { name: 'Presentation' });
      assert.equal(await button.getAttribute('aria-pressed'), 'false');
      await button.click();
      assert.equal(await button.getAttribute('aria-pressed'), 'true');
      await eventually(page, async () => {
        const fit = await boardFit(page);
        return fit.width >= 0.85 || fit.height >= 0.75;
      }, 'the board fills the window');
      const fit = await boardFit(page);
      assert.ok(fit.width > before.width && fit.height > before.height, 'the board grew');
      assert.ok(fit.digitFont >= 11, `G and H digits are ${fit.digitFont} CSS px`);

      // The step controls and the counters are on top, in large type.
      const layout = await page.evaluate(() => {
        const top = (id) => document.getElementById(id).getBoundingClientRect();
        return {
          step: top('step').bottom,
          counters: top('counters').bottom,
          board: top('grid').top,
          stepFont: parseFloat(getComputedStyle(document.getElementById('step')).fontSize),
        };
      });
      assert.ok(layout.step <= layout.board && layout.counters <= layout.board, 'controls and counters above the board');
      assert.ok(layout.stepFont >= 18, `step controls in large type (${layout.stepFont}px)`);
      // The map leaves room on the side: the pseudocode sits there, the other panels step aside.
      assert.equal(await page.locator('#method-panel').isVisible(), false);
      assert.equal(await page.locator('#pseudocode').isVisible(), true);

      // The first step of the tutorial: the start's right-hand neighbour (3,2) has G = 10.
      await page.getByRole('button', { name: 'Step', exact: true }).click();
      await waitForText(page, '#count-step', /^1 /);
      const numbers = await cellNumbers(page, 3, 2);
      assert.equal(numbers.G, '10');
      assert.equal(Number(numbers.F), Number(numbers.G) + Number(numbers.H));
      // Drawn at full contrast: plenty of dark ink in the F corner.
      assert.ok(await inkInCell(page, 3, 2, [0.05, 0.05, 0.5, 0.35]) > 20, 'F is drawn in dark ink');
      const line = page.locator('#pseudocode li[aria-current="step"]');
      assert.equal(await line.textContent(), 'move current from the open list to the closed list');
      // With Predict on too, the board keeps its room and the line stays scrolled into view.
      await page.getByRole('button', { name: 'Predict' }).click();
      await eventually(page, async () => (await boardFit(page)).height >= 0.75, 'the board keeps its room with Predict on');
      await eventually(page, () => page.evaluate(() => {
        const list = document.getElementById('pseudocode').getBoundingClientRect();
        const current = document.querySelector('#pseudocode li[aria-current="step"]').getBoundingClientRect();
        return current.top >= list.top - 1 && current.bottom <= list.bottom + 1;
      }), 'the highlighted line is in view');
      await page.getByRole('button', { name: 'Predict' }).click();

      await page.keyboard.press('Escape');
      assert.equal(await button.getAttribute('aria-pressed'), 'false');
      await page.keyboard.press('p');
      assert.equal(await button.getAttribute('aria-pressed'), 'true');
      await page.keyboard.press('p');
      await eventually(page, async () => (await boardFit(page)).width <= before.width + 1, 'the board is back to its place');

      // In Chinese the button is 演示模式, and it works the same.
      await page.evaluate(() => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage('zh')));
      const chinese = page.getByRole('button', { name: '演示模式' });
      await chinese.click();
      assert.equal(await chinese.getAttribute('aria-pressed'), 'true');
      await eventually(page, async () => (await boardFit(page)).height >= 0.75, 'the board fills the window in Chinese too');
    });
  });

  it('fills a 1366x768 window at 1.5 device pixels per CSS px as well', async () => {
    await withApp(browser(), '?example=tutorial-wall', { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1.5 }, async ({ page }) => {
      await page.keyboard.press('p');
      await eventually(page, async () => (await boardFit(page)).height >= 0.75, 'the board fills the window');
      assert.ok((await boardFit(page)).digitFont >= 11);
    });
  });

  it('draws the path under the numbers and arrows of its cells', async () => {
    await withApp(browser(), '?example=tutorial-wall', PROJECTOR_150, async ({ page }) => {
      await page.getByRole('button', { name: 'Presentation' }).click();
      await page.getByRole('button', { name: 'To end' }).click();
      await waitForText(page, '#result', /Path found/);
      // (3,1) is on the tutorial's path, which crosses it from corner to corner: dark digits
      // and arrow on top of the line, edged in the cell's colour.
      const dark = await page.evaluate(() => {
        const grid = document.getElementById('grid');
        const overlay = document.getElementById('overlay');
        const cell = Number(grid.dataset.cell);
        const read = (fx0, fy0, fx1, fy1) => {
          const left = Math.floor((3 + fx0) * cell - Number(grid.dataset.originX));
          const top = Math.floor((1 + fy0) * cell - Number(grid.dataset.originY));
          const { data } = overlay.getContext('2d').getImageData(left, top, Math.floor((fx1 - fx0) * cell), Math.floor((fy1 - fy0) * cell));
          let count = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200 && data[i] + data[i + 1] + data[i + 2] < 150) count++;
          return count;
        };
        return { g: read(0.05, 0.65, 0.45, 0.97), arrow: read(0.3, 0.3, 0.7, 0.7) };
      });
      assert.ok(dark.g > 20, `G is written over the path line (${dark.g} dark pixels)`);
      assert.ok(dark.arrow > 20, `the parent arrow is drawn over the path line (${dark.arrow} dark pixels)`);
    });
  });

  it('folds the side panel away so the board takes its width, and remembers it', async () => {
    await withApp(browser(), '?example=tutorial-wall', { viewport: { width: 1366, height: 768 } }, async ({ page }) => {
      const toggle = page.getByRole('button', { name: 'Side panel' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      const before = await boardFit(page);
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.locator('#side').isVisible(), false);
      await eventually(page, async () => (await boardFit(page)).width > before.width, 'the board grew into the panel\'s place');
      await page.reload();
      await page.waitForFunction(() => document.getElementById('narration').textContent !== '');
      assert.equal(await page.getByRole('button', { name: 'Side panel' }).getAttribute('aria-expanded'), 'false');
      await page.getByRole('button', { name: 'Side panel' }).click();
      assert.equal(await page.locator('#side').isVisible(), true);
    });
  });
});
