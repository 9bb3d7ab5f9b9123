// Jump Point Search in the page: chosen from the Algorithm list, each step's jumps drawn
// (scanned cells greyed, jump points as open nodes) and told in words with the reason a cell
// is a jump point, in English and Chinese; a weighted map refused with a message.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, readout, gridInfo, cellColour, sameColour, text, waitForText, eventually } from './page.mjs';

const browser = browserForThisFile();

// The tutorial's wall between start and goal, with a notch that forces a neighbour.
const MAP = 'OOOOOOOOO/OOOOXOOOO/OOSOXOOEO/OOOOXOOOO/OOOOOOOOO';
const SCANNED = [0xc9, 0xcc, 0xd1];

async function stepUntil(page, pattern, limit = 12) {
  for (let k = 1; k <= limit; k++) {
    await page.click('#step');
    await waitForText(page, '#count-step', new RegExp(`^${k}( |$)`));
    const { narration } = await readout(page);
    if (pattern.test(narration)) return narration;
  }
  throw new Error(`no step's narration matched ${pattern}`);
}

async function greyCells(page) {
  const { width, height } = await gridInfo(page);
  let grey = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (sameColour(await cellColour(page, x, y, 0.15, 0.85), SCANNED)) grey += 1;
    }
  }
  return grey;
}

describe('jump point search', () => {
  it('greys the cells its jumps scan and says why a cell is a jump point', async () => {
    await withApp(browser(), `?algorithm=jps&map=${MAP}`, DESKTOP, async ({ page }) => {
      assert.equal(await page.locator('#algorithm').inputValue(), 'jps');
      assert.equal(await greyCells(page), 0, 'nothing scanned before the first step');
      const narration = await stepUntil(page, /forced neighbour at \(\d+,\d+\)/);
      assert.match(narration, /Expanded jump point \(\d+,\d+\): F=\d+ G=\d+ H=\d+\./);
      assert.match(narration, /Jumped [a-z-]+ to \(\d+,\d+\), a jump point: forced neighbour at \(\d+,\d+\)/);
      assert.ok(await greyCells(page) > 0, 'scanned cells are greyed');
      await page.click('#finish');
      await waitForText(page, '#result', /cost/i);
      // Back to the start: no jump has scanned anything.
      await page.locator('#timeline').fill('0');
      await eventually(page, async () => (await greyCells(page)) === 0, 'stepping back clears the marks');
      for (const key of ['Scanned by a jump', 'Jump point', 'Forced neighbour']) {
        assert.ok(await page.getByText(key, { exact: true }).isVisible(), `legend: ${key}`);
      }
    });
  });

  it('tells the jumps in Chinese', async () => {
    await withApp(browser(), `?lang=zh&algorithm=jps&map=${MAP}`, DESKTOP, async ({ page }) => {
      const narration = await stepUntil(page, /强迫邻居/);
      assert.match(narration, /扩展跳点 \(\d+,\d+\)/);
      assert.match(narration, /在 \(\d+,\d+\)(, \(\d+,\d+\))* 有强迫邻居/);
      assert.ok(await page.getByText('跳跃扫描过的格子', { exact: true }).isVisible());
    });
  });

  it('refuses a weighted map with a message in either language, keeping the map and search', async () => {
    for (const [lang, words] of [['en', /terrain weight 3 at \(1,1\)/], ['zh', /在 \(1,1\) 有地形权重 3/]]) {
      await withApp(browser(), `?lang=${lang}&map=SOOOO/O3OOO/OOOOE`, DESKTOP, async ({ page }) => {
        await page.selectOption('#algorithm', 'jps');
        await waitForText(page, '#message-text', words);
        const { width, height } = await gridInfo(page);
        assert.deepEqual([width, height], [5, 3]);
        await page.click('#step');
        await waitForText(page, '#count-step', /^1( |$)/);
        assert.doesNotMatch((await readout(page)).narration, /jump point|跳点/);
        assert.ok((await text(page, '#message-text')).length > 0);
      });
    }
  });
});
