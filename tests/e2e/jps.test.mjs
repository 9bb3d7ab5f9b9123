// Jump Point Search in the page: the cells each jump scans greyed, jump points as open nodes
// with F, G and H and a black corner, forced neighbours ringed, the log saying why a cell is
// a jump point, stepping back to the first picture, and the coded refusal of a weighted map.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, readout, snapshot, gridInfo, cellNumbers, pixelsLike, text, waitForText, eventually } from './page.mjs';

const browser = browserForThisFile();

// The colours the page draws JPS marks in (www/board/palette.js).
const SCANNED = [0xc9, 0xcc, 0xd1];
const JUMP_POINT = [0x1a, 0x1a, 0x1a];
const FORCED = [0xd5, 0x5e, 0x00];

async function stepTo(page, button, count) {
  await page.click(button);
  await waitForText(page, '#count-step', new RegExp(`^${count}( |$)`));
}

// The cells whose middle is filled with the scanned grey: cells a jump passed over that are
// not nodes themselves.
async function scannedCells(page) {
  const { width, height } = await gridInfo(page);
  return page.evaluate(({ width, height, colour }) => {
    const canvas = document.getElementById('grid');
    const cell = Number(canvas.dataset.cell);
    const ctx = canvas.getContext('2d');
    const found = [];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const px = Math.floor((x + 0.5) * cell - Number(canvas.dataset.originX));
        const py = Math.floor((y + 0.5) * cell - Number(canvas.dataset.originY));
        const [r, g, b] = ctx.getImageData(px, py, 1, 1).data;
        if (Math.abs(r - colour[0]) + Math.abs(g - colour[1]) + Math.abs(b - colour[2]) <= 6) found.push(`${x},${y}`);
      }
    }
    return found;
  }, { width, height, colour: SCANNED });
}

const FORCED_OPENED = /Jumped ([a-z-]+) to \((\d+),(\d+)\), a jump point: forced neighbour at \((\d+),(\d+)\)[^.]*\. Opened it with G=(\d+), H=(\d+)\./;

// From step `at`, steps until a step's log opens a jump point for a forced neighbour;
// returns the step and what the log said.
async function stepToForcedJumpPoint(page, at = 0) {
  for (let k = at; k <= 10; k++) {
    if (k > at) await stepTo(page, '#step', k);
    const match = FORCED_OPENED.exec((await readout(page)).narration);
    if (match) {
      const [, direction, x, y, fx, fy, g, h] = match;
      return { step: k, direction, x: Number(x), y: Number(y), forced: { x: Number(fx), y: Number(fy) }, g, h };
    }
  }
  assert.fail('no jump point was opened for a forced neighbour within 10 steps');
}

describe('Jump Point Search in the page', () => {
  it('greys the scanned cells, shows jump points with F, G and H, rings forced neighbours, says why, and steps back to the first picture', async () => {
    await withApp(browser(), '?example=tutorial-wall&algorithm=jps', DESKTOP, async ({ page }) => {
      assert.deepEqual(await scannedCells(page), [], 'nothing is scanned before the first step');
      const initial = { ...(await snapshot(page)), counters: await text(page, '#finder-counters') };
      const { start } = await gridInfo(page);
      await stepTo(page, '#step', 1);
      assert.match((await readout(page)).narration, new RegExp(`^Step 1: Expanded jump point \\(${start.x},${start.y}\\): F=\\d+ G=0 H=\\d+\\.`));
      assert.ok((await scannedCells(page)).length > 0, 'the first jumps grey the cells they pass over');

      const found = await stepToForcedJumpPoint(page, 1);
      const numbers = await cellNumbers(page, found.x, found.y);
      assert.equal(numbers.G, found.g, 'the jump point shows its G');
      assert.equal(numbers.H, found.h, 'the jump point shows its H');
      assert.equal(numbers.F, String(Number(found.g) + Number(found.h)), 'F = G + H');
      assert.ok(
        (await pixelsLike(page, found.x, found.y, JUMP_POINT, [0.8, 0, 1, 0.2])) > 0,
        `a black corner marks the jump point (${found.x},${found.y})`,
      );
      assert.ok(
        (await pixelsLike(page, found.forced.x, found.forced.y, FORCED, [0.1, 0.1, 0.9, 0.9], 60)) > 0,
        `an orange ring marks the forced neighbour (${found.forced.x},${found.forced.y})`,
      );
      assert.match(await text(page, '#step-log'), /a jump point: forced neighbour at/);
      // Back to the start: the first picture again, the grey of the scanned cells gone.
      for (let k = found.step - 1; k >= 0; k--) await stepTo(page, '#step-back', k);
      assert.deepEqual({ ...(await snapshot(page)), counters: await text(page, '#finder-counters') }, initial, 'back at step 0');
      assert.deepEqual(await scannedCells(page), [], 'stepping back to the start clears the scanned cells');
    });
  });

  it('refuses a weighted map with a clear message, keeping the map', async () => {
    await withApp(browser(), '?example=swamp&algorithm=jps', DESKTOP, async ({ page }) => {
      const before = await gridInfo(page);
      await eventually(page, async () => !(await page.locator('#message').isHidden()), 'a message is shown');
      assert.match(
        await text(page, '#message-text'),
        /Jump Point Search takes no terrain weights \(Jump Point Search assumes every step of a kind costs the same; an any-angle segment costs its length\), but the map has terrain weight 3 at \(8,2\)/,
      );
      assert.deepEqual(await gridInfo(page), before, 'the map is kept');
    });
  });
});
