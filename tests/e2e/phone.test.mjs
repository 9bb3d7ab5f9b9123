// A student on a phone (390x844 upright, 844x390 sideways, touch): a tapped cell's numbers
// appear beside the cell, presentation mode uses the whole screen, Predict keeps the board in
// view, and sideways the board is on the first screen.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { PHONE, withApp, cellPoint, waitForText, eventually } from './page.mjs';

const browser = browserForThisFile();
const SIDEWAYS = { ...PHONE, viewport: { width: 844, height: 390 } };

// Where an element is against the window.
async function box(page, selector) {
  return page.locator(selector).evaluate((element) => {
    const { left, top, right, bottom, width, height } = element.getBoundingClientRect();
    return { left, top, right, bottom, width, height, windowWidth: innerWidth, windowHeight: innerHeight };
  });
}

const inView = (b) => b.top >= -0.5 && b.left >= -0.5 && b.bottom <= b.windowHeight + 0.5 && b.right <= b.windowWidth + 0.5;

describe('on a phone', () => {
  it('shows a tapped cell\'s numbers beside the cell, upright and sideways, in both languages', async () => {
    for (const [name, context] of [['upright', PHONE], ['sideways', SIDEWAYS]]) {
      await withApp(browser(), '?example=tutorial-wall', context, async ({ page }) => {
        await page.getByRole('button', { name: 'Step', exact: true }).tap();
        await waitForText(page, '#count-step', /^1 /);
        await page.locator('#grid').scrollIntoViewIfNeeded();
        const point = await cellPoint(page, 3, 2);
        await page.touchscreen.tap(point.x, point.y);
        const card = page.locator('.cell-card');
        await eventually(page, () => card.isVisible(), 'a card shows the tapped cell');
        assert.match(await card.textContent(), /Cell\(3,2\).*G10.*H30/);
        const near = await page.evaluate(({ x, y }) => {
          const b = document.querySelector('.cell-card').getBoundingClientRect();
          const dx = Math.max(b.left - x, 0, x - b.right);
          const dy = Math.max(b.top - y, 0, y - b.bottom);
          return { distance: Math.hypot(dx, dy), inView: b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth };
        }, point);
        assert.ok(near.distance < 60 && near.inView, `${name}: the card is ${Math.round(near.distance)} px from the cell`);
        // The Cell panel says the same (it is what screen readers hear).
        assert.match(await page.locator('#inspector').textContent(), /Cell\(3,2\)/);

        await page.evaluate(() => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage('zh')));
        await eventually(page, async () => /格子\(3,2\)/.test(await card.textContent()), 'the card speaks Chinese');
        // A tap elsewhere puts the card away; a tap on a cell brings it back.
        const counters = await box(page, '#counters');
        await page.touchscreen.tap(counters.left + 5, counters.top + 5);
        await eventually(page, async () => !(await card.isVisible()), 'a tap elsewhere puts the card away');
        // (The Chinese texts moved the board.)
        const again = await cellPoint(page, 3, 2);
        await page.touchscreen.tap(again.x, again.y);
        await eventually(page, () => card.isVisible(), `${name}: the card is back`);
      });
    }
  });

  it('after each step shows the whole step sentence and the board above it, in both languages', async () => {
    for (const language of ['en', 'zh']) {
      await withApp(browser(), `?example=tutorial-wall&lang=${language}`, PHONE, async ({ page }) => {
        const step = page.locator('#step');
        for (let k = 1; k <= 4; k++) {
          await step.click();
          await waitForText(page, '#count-step', new RegExp(`^${k} `));
          await eventually(page, async () => {
            const seen = await page.evaluate(() => {
              const box = (id) => document.getElementById(id).getBoundingClientRect();
              const narration = document.getElementById('narration');
              return { board: box('grid'), sentence: box('narration'), scrolls: narration.scrollHeight > narration.clientHeight + 1, height: innerHeight };
            });
            return !seen.scrolls && seen.board.top >= -0.5 && seen.sentence.bottom <= seen.height + 0.5 && seen.sentence.top >= seen.board.bottom;
          }, `${language}, step ${k}: the whole sentence and the board in view`);
        }
      });
    }
  });

  it('presents on the whole screen: the board across it, the lesson below', async () => {
    await withApp(browser(), '?example=tutorial-wall', PHONE, async ({ page }) => {
      await page.getByRole('button', { name: 'Presentation' }).tap();
      await page.getByRole('button', { name: 'Step', exact: true }).tap();
      await waitForText(page, '#count-step', /^1 /);
      const grid = await box(page, '#grid');
      assert.ok(grid.width >= 0.9 * grid.windowWidth, `the board is ${grid.width} px wide of ${grid.windowWidth}`);
      assert.ok(Number(await page.locator('#grid').getAttribute('data-digit-font')) >= 11, 'F, G and H are shown');
      // No blank part of the screen: the lesson fills it down to the bottom.
      const filled = await page.evaluate(() => {
        const parts = ['grid', 'narration', 'side'].map((id) => document.getElementById(id).getBoundingClientRect());
        return Math.max(...parts.map((b) => Math.min(b.bottom, innerHeight))) / innerHeight;
      });
      assert.ok(filled >= 0.97, `the lesson reaches ${Math.round(filled * 100)}% of the screen's height`);
      const side = await box(page, '#side');
      assert.ok(side.top >= grid.bottom - 1, `the side column comes under the board, not over it: ${side.top} < ${grid.bottom}`);
      assert.equal(await page.locator('#pseudocode').isVisible(), true);
    });
    await withApp(browser(), '?example=tutorial-wall&lang=zh', SIDEWAYS, async ({ page }) => {
      await page.getByRole('button', { name: '演示模式' }).tap();
      await eventually(page, async () => {
        const grid = await box(page, '#grid');
        return grid.height >= 0.55 * grid.windowHeight && inView(grid);
      }, 'sideways, the board takes the screen\'s height');
    });
  });

  it('keeps the board on the first screen in both languages: upright with Predict on, the question right under it; sideways, while the page scrolls', async () => {
    for (const language of ['en', 'zh']) {
      await withApp(browser(), `?example=tutorial-wall&lang=${language}`, PHONE, async ({ page }) => {
        await page.locator('#predict').tap();
        await eventually(page, async () => inView(await box(page, '#grid')), `${language}: the board is on the screen`);
        const prompt = await box(page, '#predict-prompt');
        assert.ok(inView(prompt), `${language}: the question is on the screen`);
        assert.ok(prompt.top >= (await box(page, '#grid')).bottom, `${language}: the question comes under the board`);
      });
      await withApp(browser(), `?example=tutorial-wall&lang=${language}`, SIDEWAYS, async ({ page }) => {
        const grid = await box(page, '#grid');
        assert.ok(inView(grid), `${language}: sideways, the board is on the first screen: ${JSON.stringify(grid)}`);
        assert.ok(grid.height >= 0.7 * grid.windowHeight, `${language}: and takes most of its height`);
        // Scrolling down to the controls keeps it there.
        await page.getByRole('button', { name: language === 'en' ? 'New map' : /新地图|新建地图/ }).scrollIntoViewIfNeeded();
        assert.ok(inView(await box(page, '#grid')), `${language}: the board stays while the page scrolls`);
      });
    }
  });
});
