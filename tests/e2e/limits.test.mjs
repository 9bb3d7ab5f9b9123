// Edges of the page's input: a grid that shrinks under the pointer, heuristic weights out
// of range, numbers in the URL that are not plain decimals, speeds playback cannot keep to,
// a speed between the slider's stops, and a timeline with five-digit step counts.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, gridInfo, cellPoint, waitForText } from './page.mjs';

const browser = browserForThisFile();

describe('limits', () => {
  it('forgets the hovered cell when the grid shrinks under it', async () => {
    await withApp(browser(), '?size=8x6', DESKTOP, async ({ page }) => {
      const corner = await cellPoint(page, 7, 5);
      await page.mouse.move(corner.x, corner.y);
      await page.waitForFunction(() => document.querySelector('#inspector dd')?.textContent.startsWith('(7,5)'));
      await page.locator('#grid-width').fill('3');
      await page.locator('#grid-height').fill('2');
      await page.click('#apply-size');
      await page.waitForFunction(() => document.getElementById('grid').getAttribute('aria-label').includes('3 by 2 cells'));
      await page.waitForTimeout(100);
      assert.ok(await page.locator('#message').isHidden(), await page.locator('#message-text').textContent());
      assert.equal((await gridInfo(page)).width, 3);
    });
  });

  it('limits the heuristic weight to 0..100 with a message', async () => {
    await withApp(browser(), '?weight=1e300', DESKTOP, async ({ page }) => {
      await waitForText(page, '#message-text', /^URL parameter weight="1e300" must be a number from 0 to 100\.$/);
      assert.equal(await page.locator('#weight').inputValue(), '1');
      await page.locator('#weight').fill('150');
      await page.locator('#weight').dispatchEvent('change');
      await waitForText(page, '#message-text', /^The heuristic weight must be a number from 0 to 100/);
      assert.equal(await page.locator('#weight').getAttribute('aria-invalid'), 'true');
      await page.locator('#weight').fill('100');
      await page.locator('#weight').dispatchEvent('change');
      await page.waitForFunction(() => document.getElementById('message').hidden);
    });
    await withApp(browser(), '?weight=100', DESKTOP, async ({ page }) => {
      assert.equal(await page.locator('#weight').inputValue(), '100');
      assert.ok(await page.locator('#message').isHidden());
    });
  });

  it('reads only plain decimal numbers from the URL, and speeds playback can keep to', async () => {
    await withApp(browser(), '?weight=0x10&nodeLimit=0x10&step=0x2&speed=1e11', DESKTOP, async ({ page }) => {
      const message = page.locator('#message-text');
      await waitForText(page, '#message-text', /URL parameter weight="0x10" must be a number from 0 to 100\./);
      const text = await message.textContent();
      assert.match(text, /URL parameter nodeLimit="0x10" must be a whole number from 1 to 4294967295\./);
      assert.match(text, /URL parameter step="0x2" must be a whole number of at least 0\./);
      assert.match(text, /URL parameter speed="1e11" must be a number of expansions per second above 0 and at most 60000, or "max"\./);
      assert.equal(await page.locator('#weight').inputValue(), '1');
      // Playback runs at the default speed, without an engine error.
      await page.getByRole('button', { name: 'Play' }).click();
      await page.waitForFunction(() => parseInt(document.getElementById('count-step').textContent, 10) >= 1);
    });
    await withApp(browser(), '?lang=zh&speed=60001', DESKTOP, async ({ page }) => {
      await waitForText(page, '#message-text', /^网址参数 speed="60001" 必须是大于 0、不超过 60000 的每秒扩展次数，或 "max"。$/);
    });
    await withApp(browser(), '?speed=60000&weight=2.5&step=3', DESKTOP, async ({ page }) => {
      assert.ok(await page.locator('#message').isHidden(), await page.locator('#message-text').textContent());
      assert.equal(await page.locator('#weight').inputValue(), '2.5');
    });
  });

  it('says a weight means nothing to a finder whose priority has no weighted heuristic term', async () => {
    for (const algorithm of ['greedy', 'bi-astar']) {
      await withApp(browser(), `?algorithm=${algorithm}&weight=2`, DESKTOP, async ({ page }) => {
        await waitForText(page, '#message-text', /a heuristic weight of 2 means nothing to .+: its priority has no weighted heuristic term \(the weight applies only to methods whose priority is f = g \+ w·h; leave it at 1\)/);
        assert.doesNotMatch(await page.locator('#message-text').textContent(), /uses no heuristic/);
      });
    }
  });

  it('plays speed=4 at exactly four expansions per second', async () => {
    await withApp(browser(), '?speed=4', DESKTOP, async ({ page }) => {
      assert.equal(await page.locator('#speed-label').textContent(), '4 steps/s');
      assert.equal(await page.locator('#speed').getAttribute('aria-valuetext'), '4 steps per second');
      // The playback clock, fed a little over 3 simulated seconds of 60 Hz frames after the first step.
      const steps = await page.evaluate(async () => {
        const { Playback } = await import(new URL('www/state/playback.js', document.baseURI).href);
        const playback = new Playback();
        playback.setRate(4);
        playback.start();
        let total = 0;
        for (let frame = 0; frame <= 182; frame++) total += playback.stepsDue((frame * 1000) / 60);
        return total;
      });
      assert.equal(steps, 1 + 12);
    });
  });

  it('keeps a five-digit timeline read-out clear of the speed control at 1366 px', async () => {
    await withApp(browser(), '?algorithm=dijkstra&size=220x110', DESKTOP, async ({ page }) => {
      await page.getByRole('button', { name: 'To end' }).click();
      await waitForText(page, '#timeline-label', /^\d{5} \/ \d{5}$/);
      const boxes = await page.evaluate(() => {
        const rect = (element) => element.getBoundingClientRect().toJSON();
        const label = document.getElementById('timeline-label');
        return {
          label: rect(label),
          overflowing: label.scrollWidth > label.clientWidth + 1,
          speed: rect(document.querySelector('.slider.speed > span')),
          slider: rect(document.getElementById('speed')),
        };
      });
      assert.equal(boxes.overflowing, false, 'the read-out fits its box');
      for (const other of [boxes.speed, boxes.slider]) {
        const apart = boxes.label.right <= other.left || other.right <= boxes.label.left ||
          boxes.label.bottom <= other.top || other.bottom <= boxes.label.top;
        assert.ok(apart, `read-out ${JSON.stringify(boxes.label)} overlaps ${JSON.stringify(other)}`);
      }
    });
  });
});
