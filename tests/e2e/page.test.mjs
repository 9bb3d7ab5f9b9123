// The page as it opens: the default scene, layouts (laptop, high-DPI, phone), accessibility,
// URL parameters and embedding, and the single-file build.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { browserForThisFile, DIST } from './browser.mjs';
import {
  DESKTOP, PHONE, withApp, gridInfo, cellSize, cellColour, readout, text, waitForText, mouseStroke,
} from './page.mjs';

const browser = browserForThisFile();

describe('opening', () => {
  it('opens on a readable default scene (start left, goal right, a wall between), names every control, lets the keyboard reach it, and shows the keyboard help', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const { width, height, start, goal } = await gridInfo(page);
      assert.ok(width >= 16 && height >= 8, `a ${width}x${height} grid`);
      assert.ok(await cellSize(page) >= 44, 'cells large enough for F, G and H');
      assert.equal(start.y, goal.y);
      assert.ok(start.x < width / 2 && goal.x > width / 2);
      const wallX = Math.floor((start.x + goal.x) / 2);
      const wall = await cellColour(page, wallX, start.y);
      assert.ok(wall.every((v) => v < 90), 'a wall between start and goal');
      const { step, result, narration } = await readout(page);
      assert.match(step, /^0 \/ \d+$/);
      assert.equal(result, 'Ready: press Play or Step.');
      assert.equal(narration, 'Not started yet: only the start is in the open list.');
      assert.equal(await text(page, '#open-rows tr.head td:nth-child(2)'), `(${start.x},${start.y})`);
      assert.ok(await page.locator('.legend').isVisible());
      const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, 'no horizontal scrolling');
      // The keyboard help opens with ? and closes with Escape.
      const help = page.locator('#help');
      assert.equal(await help.evaluate((el) => el.open), false);
      await page.keyboard.press('?');
      assert.equal(await help.evaluate((el) => el.open), true);
      assert.ok(await page.getByText('Play / pause').isVisible());
      await page.keyboard.press('Escape');
      assert.equal(await help.evaluate((el) => el.open), false);
      // Every control is named and reached by the keyboard.
      const unnamed = await page.evaluate(() => {
        const name = (el) => (el.getAttribute('aria-label') || [...(el.labels ?? [])].map((l) => l.textContent).join(' ') || el.textContent || '').trim();
        return [...document.querySelectorAll('button, input, select, textarea, summary, a[href]')]
          .filter((el) => !el.closest('[hidden]'))
          .filter((el) => name(el) === '' || el.tabIndex < 0)
          .map((el) => el.outerHTML.slice(0, 80));
      });
      assert.deepEqual(unnamed, []);
      for (const id of ['counters', 'narration']) {
        assert.equal(await page.locator(`#${id}`).getAttribute('aria-live'), 'polite');
      }
      // Tab order starts in the header (language, lessons, keyboard help, side panel) and
      // reaches the playback controls.
      const reached = [];
      for (let k = 0; k < 5; k++) {
        await page.keyboard.press('Tab');
        reached.push(await page.evaluate(() => document.activeElement.id || document.activeElement.tagName));
      }
      assert.ok(reached.includes('play'), `tab order: ${reached.join(', ')}`);
    });
  });

  it('draws at the full resolution of a high-DPI screen', async () => {
    await withApp(browser(), '', { ...DESKTOP, deviceScaleFactor: 2 }, async ({ page }) => {
      const { canvasWidth, cssWidth } = await page.evaluate(() => {
        const canvas = document.getElementById('grid');
        return { canvasWidth: canvas.width, cssWidth: canvas.getBoundingClientRect().width };
      });
      assert.equal(canvasWidth, Math.round(cssWidth * 2));
    });
  });

  it('fits a phone screen and runs with taps', async () => {
    await withApp(browser(), '', PHONE, async ({ page }) => {
      const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, 'no horizontal scrolling');
      assert.ok(await cellSize(page) >= 36);
      await page.tap('#step');
      await waitForText(page, '#count-step', /^1 \//);
      await page.tap('#finish');
      await waitForText(page, '#result', /^Path found/);
    });
  });
});

describe('URL parameters', () => {
  it('set the options, the map, the speed, autoplay and the embedded layout', async () => {
    const query = '?algorithm=astar&heuristic=octile&directions=8&diagonal=never&costs=10-14&tieBreak=larger-g&weight=1&map=OOOO/OSXE/OOOO&autoplay=1&speed=10&embed=1';
    await withApp(browser(), query, DESKTOP, async ({ page }) => {
      const { width, height, start, goal } = await gridInfo(page);
      assert.deepEqual([width, height, start, goal], [4, 3, { x: 1, y: 1 }, { x: 3, y: 1 }]);
      const values = {};
      for (const id of ['algorithm', 'heuristic', 'directions', 'diagonal', 'costs', 'tie-break', 'weight']) {
        values[id] = await page.locator(`#${id}`).inputValue();
      }
      assert.deepEqual(values, {
        algorithm: 'astar', heuristic: 'octile', directions: '8', diagonal: 'never', costs: '10-14', 'tie-break': 'larger-g', weight: '1',
      });
      assert.equal(await text(page, '#speed-label'), '10 steps/s');
      await waitForText(page, '#result', /^Path found: cost 40, 4 moves\.$/);
      assert.ok(await page.locator('#side').isHidden());
      assert.ok(await page.locator('#grid').isVisible());
      assert.ok(await page.locator('#play').isVisible());
      const link = page.locator('#full-editor');
      assert.ok(await link.isVisible());
      const href = await link.getAttribute('href');
      assert.ok(href.includes('map=OOOO/OSXE/OOOO') && !href.includes('embed'), href);
    });
  });

  it('open an example at a given step', async () => {
    await withApp(browser(), '?example=u-trap&step=10', DESKTOP, async ({ page }) => {
      assert.match((await readout(page)).step, /^10 \/ \d+$/);
      assert.equal(await page.locator('#step-log li').count(), 10, 'every step so far');
    });
  });

  it('explain what is wrong with them, and the page still works', async () => {
    await withApp(browser(), '?algorithm=quick&weight=heavy&size=1x1&colour=red&map=OOQ&compare=astar&speed=1e11', DESKTOP, async ({ page }) => {
      const message = await text(page, '#message-text');
      for (const expected of [
        'algorithm="quick" is not one of: astar, dijkstra, greedy, bfs',
        'weight="heavy" must be a number',
        'size="1x1" must look like 20x12',
        'Unknown URL parameter "colour"',
        'The map in the URL could not be read: line 1, column 3',
        'URL parameter compare="astar" must list 2 to 4 methods',
        'URL parameter speed="1e11" must be a number of expansions per second above 0 and at most 60000, or "max".',
      ]) {
        assert.ok(message.includes(expected), `"${expected}" in: ${message}`);
      }
      assert.ok(await page.locator('#compare').isHidden(), 'no compare view from a refused list');
      // Playback runs at the default speed, without an engine error.
      await page.getByRole('button', { name: 'Play' }).click();
      await page.waitForFunction(() => parseInt(document.getElementById('count-step').textContent, 10) >= 1);
      await page.click('#finish');
      await waitForText(page, '#result', /^Path found/);
      await page.click('#message-close');
      assert.ok(await page.locator('#message').isHidden());
    });
  });
});

describe('single file', () => {
  it('runs from disk with the engine inlined', async () => {
    await withApp(browser(), `${DIST}?example=tutorial-wall`, DESKTOP, async ({ page }) => {
      await page.click('#finish');
      await waitForText(page, '#result', /^Path found: cost 56,/);
    });
  });

  it('says so in the page when the file is cut short', async () => {
    // A download cut off partway: the packed stream the loader unpacks ends early.
    const whole = readFileSync(process.env.E2E_DIST_FILE, 'utf8');
    const [packed] = whole.match(/[A-Za-z0-9+/]{100000,}={0,2}/);
    const cut = path.join(mkdtempSync(path.join(tmpdir(), 'astar-cut-')), 'astar-visualizer.html');
    writeFileSync(cut, whole.replace(packed, packed.slice(0, 4 * Math.floor(packed.length / 8))));
    const context = await browser().newContext(DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto(pathToFileURL(cut).href);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      assert.match(await alert.textContent(), /This file is damaged and cannot open; download it again\. 此文件已损坏.*\(the packed data is damaged\)/);
    } finally {
      await context.close();
      rmSync(path.dirname(cut), { recursive: true });
    }
  });
});

describe('robustness', () => {
  it('survives a long random session of clicks, choices, strokes and keys without an error', async () => {
    await withApp(browser(), '?example=u-trap', DESKTOP, async ({ page }) => {
      // A fixed seed keeps the session the same from run to run.
      let seed = 20240611;
      const random = (n) => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        return (seed >>> 8) % n;
      };
      const keys = ['Space', 'ArrowRight', 'ArrowLeft', 'End', 'r', 'w', 'e', '5', 'Control+z', 'Control+Shift+z', 'Escape', '+', '-', '0'];
      const selects = ['#algorithm', '#heuristic', '#directions', '#diagonal', '#costs', '#tie-break', '#brush', '#example', '#save-format'];
      const buttons = ['#play', '#step', '#step-back', '#finish', '#reset', '#undo', '#redo', '#clear-walls', '#clear-weights', '#load-example', '#zoom-in', '#zoom-out', '#zoom-fit'];
      const { width, height } = await gridInfo(page);
      for (let k = 0; k < 120; k++) {
        const kind = random(4);
        if (kind === 0) {
          // Checked and clicked in one go inside the page: during playback a button can turn
          // disabled between a separate check and the click.
          await page.locator(buttons[random(buttons.length)]).evaluate((button) => {
            if (!button.disabled) button.click();
          });
        } else if (kind === 1) {
          const select = page.locator(selects[random(selects.length)]);
          if (await select.isEnabled()) {
            // A finder that takes only some values of an option (D* Lite's tie-breaks) leaves
            // the others disabled: a person can pick only those offered.
            const values = await select.locator('option:not([disabled])').evaluateAll((options) => options.map((o) => o.value));
            await select.selectOption(values[random(values.length)]);
          }
        } else if (kind === 2) {
          const { width: w, height: h } = await gridInfo(page);
          const cells = [0, 1, 2].map(() => ({ x: random(Math.min(w, width)), y: random(Math.min(h, height)) }));
          await mouseStroke(page, cells, 3);
        } else {
          await page.keyboard.press(keys[random(keys.length)]);
        }
      }
      await page.locator('#finish').evaluate((finish) => {
        if (!finish.disabled) finish.click();
      });
      await waitForText(page, '#result', /^(Path found|No path)/);
    });
  });
});
