// Edges of the page's input: a grid that shrinks under the pointer, heuristic weights out
// of range, a speed between the slider's stops, and a timeline with five-digit step counts.
// (How the URL's numbers are read, and the playback clock, are tested in Node.)

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, gridInfo, cellPoint, waitForText, nextFrames } from './page.mjs';

const browser = browserForThisFile();

describe('limits', () => {
  it('forgets the hovered cell when the grid shrinks under it, shows a link\'s speed between the slider\'s stops, and limits the heuristic weight to 0..100 with a message, from the URL and from the field', async () => {
    await withApp(browser(), '?size=8x6&speed=4', DESKTOP, async ({ page }) => {
      assert.equal(await page.locator('#speed-label').textContent(), '4 steps/s');
      assert.equal(await page.locator('#speed').getAttribute('aria-valuetext'), '4 steps per second');
      const corner = await cellPoint(page, 7, 5);
      await page.mouse.move(corner.x, corner.y);
      await page.waitForFunction(() => document.querySelector('#inspector dd')?.textContent.startsWith('(7,5)'));
      await page.locator('#grid-width').fill('3');
      await page.locator('#grid-height').fill('2');
      await page.click('#apply-size');
      await page.waitForFunction(() => document.getElementById('grid').getAttribute('aria-label').includes('3 by 2 cells'));
      // A hover left on a cell that is gone would fail on the next frame.
      await nextFrames(page);
      assert.ok(await page.locator('#message').isHidden(), await page.locator('#message-text').textContent());
      assert.equal((await gridInfo(page)).width, 3);
      await page.goto(new URL('?weight=1e300', page.url()).href);
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
