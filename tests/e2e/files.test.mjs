// Maps in and out of the page: opening files (picker and drag and drop), saving them,
// the example picker, and links that carry the map.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { browserForThisFile } from './browser.mjs';
import {
  DESKTOP, withApp, gridInfo, cellColour, inspect, mouseStroke, text, waitForText, eventually,
} from './page.mjs';

const browser = browserForThisFile();

const MOVING_AI = 'type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n';

function file(name, content) {
  return { name, mimeType: 'text/plain', buffer: Buffer.from(content) };
}

async function waitForSize(page, width, height) {
  await page.waitForFunction((size) => document.getElementById('grid').getAttribute('aria-label').includes(size), `${width} by ${height} cells`);
}

async function download(page, format) {
  await page.selectOption('#save-format', format);
  const [saved] = await Promise.all([page.waitForEvent('download'), page.click('#save-map')]);
  return { name: saved.suggestedFilename(), text: await readFile(await saved.path(), 'utf8') };
}

describe('opening files', () => {
  it('opens a map from the file picker or dropped anywhere on the page, and explains what is wrong with a bad one', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const before = await gridInfo(page);
      await page.setInputFiles('#map-file', file('bad.txt', 'OOOO\nOSQE\n'));
      await waitForText(page, '#message-text', /^Could not open bad\.txt: line 2, column 3: /);
      assert.deepEqual(await gridInfo(page), before, 'the map is unchanged');
      await page.setInputFiles('#map-file', file('room.map', MOVING_AI));
      await waitForSize(page, 5, 3);
      await waitForText(page, '#message-text', /^room\.map is a Moving AI map: the rules are now the benchmark's/);
      const { start, goal } = await gridInfo(page);
      assert.deepEqual([start, goal], [{ x: 0, y: 0 }, { x: 4, y: 2 }]);
      assert.equal((await inspect(page, 2, 1)).State, 'wall');
      await page.click('#finish');
      await waitForText(page, '#result', /^Path found/);
      // A map dropped anywhere on the page opens too.
      const hint = page.locator('#drop-hint');
      await page.evaluate((content) => {
        const data = new DataTransfer();
        data.items.add(new File([content], 'dropped.txt', { type: 'text/plain' }));
        document.body.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
        window.dropData = data;
      }, '..s+..\n...+.d\n');
      assert.ok(await hint.isVisible());
      await page.evaluate(() => {
        document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: window.dropData, bubbles: true, cancelable: true }));
      });
      await waitForSize(page, 6, 2);
      assert.ok(await hint.isHidden());
      assert.equal((await gridInfo(page)).goal.x, 5);
    });
  });
});

describe('saving', () => {
  it('downloads the map as text in each format, and the text opens as the same map', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      await page.selectOption('#brush', '3');
      await mouseStroke(page, [{ x: 0, y: 5 }]);
      const ox = await download(page, 'ox');
      assert.equal(ox.name, 'map.txt');
      assert.deepEqual(ox.text.trim().split('\n'), ['OOOOOOOO', 'OOOOXOOO', 'OOSOXOEO', 'OOOOXOOO', 'OOOOOOOO', '3OOOOOOO']);
      const dot = await download(page, 'dot');
      assert.deepEqual(dot.text.trim().split('\n'), ['........', '....+...', '..s.+.d.', '....+...', '........', '3.......']);
      await page.selectOption('#save-format', 'movingai');
      await page.click('#save-map');
      await waitForText(page, '#message-text', /^Could not save the map: the Moving AI format cannot hold terrain weights/);
      await page.click('#clear-weights');
      const movingAi = await download(page, 'movingai');
      assert.equal(movingAi.name, 'map.map');
      assert.equal(movingAi.text, 'type octile\nheight 6\nwidth 8\nmap\n........\n....@...\n....@...\n....@...\n........\n........\n');

      await page.click('#clear-walls');
      await page.setInputFiles('#map-file', file('map.txt', ox.text));
      // The file is read asynchronously: wait for the wall to be drawn again.
      await eventually(page, async () => (await cellColour(page, 4, 2)).every((v) => v < 90), 'the wall came back');
      assert.deepEqual(await gridInfo(page), { width: 8, height: 6, start: { x: 2, y: 2 }, goal: { x: 6, y: 2 } });
      assert.equal((await inspect(page, 0, 5)).Terrain, 'cost ×3');
    });
  });
});

describe('examples and links', () => {
  it('loads the examples from the picker, each with its movement rules', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const examples = [['tutorial-dots', 14, 9, '4'], ['maze', 31, 21, '4'], ['swamp', 20, 12, '8']];
      for (const [id, width, height, directions] of examples) {
        await page.selectOption('#example', id);
        await page.click('#load-example');
        await waitForSize(page, width, height);
        assert.equal(await page.locator('#directions').inputValue(), directions);
      }
      await page.click('#finish');
      await waitForText(page, '#result', /^Path found/);
    });
  });

  it('makes a link and an embed code that reopen the same map and options', async () => {
    let link;
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      await mouseStroke(page, [{ x: 1, y: 0 }, { x: 6, y: 0 }]);
      await page.selectOption('#heuristic', 'euclidean');
      await page.locator('#speed').fill('11');
      await page.click('#share-panel summary');
      await page.click('#make-link');
      assert.doesNotMatch(await page.locator('#share-url').inputValue(), /autoplay/, 'a link plays on open only when asked');
      await page.getByRole('checkbox', { name: 'Play on open' }).check();
      await page.click('#make-link');
      link = await page.locator('#share-url').inputValue();
      assert.match(link, /\?.*heuristic=euclidean.*&map=[OXSE/]+/);
      const embed = await page.locator('#share-embed').inputValue();
      assert.match(embed, /^<iframe id="(astar-\w+)" src="[^"]+&amp;embed=1&amp;id=\1" height="\d+" style="display:block;width:100%;border:0"/);
      const size = await gridInfo(page);
      await withApp(browser(), new URL(link).search, DESKTOP, async ({ page: copy }) => {
        assert.deepEqual(await gridInfo(copy), size);
        assert.equal(await copy.locator('#heuristic').inputValue(), 'euclidean');
        assert.ok((await cellColour(copy, 3, 0)).every((v) => v < 90), 'the wall is in the link');
        await waitForText(copy, '#result', /^Path found/);
      });
    });
    assert.ok(link.includes('autoplay=1'));
  });

  it('refuses to put a very large map in a link', async () => {
    await withApp(browser(), '?example=random-512', DESKTOP, async ({ page }) => {
      await page.click('#share-panel summary');
      await page.click('#make-link');
      await waitForText(page, '#message-text', /too many for a link/);
      assert.equal(await page.locator('#share-url').inputValue(), '');
      assert.equal(await text(page, '#result'), 'Ready: press Play or Step.');
    });
  });
});
