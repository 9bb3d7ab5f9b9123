// Moving AI benchmark files in the page: a .map switches to the benchmark's rules, its .scen
// lists the queries, one places start and goal, and the run's cost stands beside the
// optimal length, judged at the file's precision; a .scen naming another map is warned of. Loading a map can be undone, with the options it replaced; start and goal
// markers stay whole at the map's edges.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, gridInfo, waitForText, eventually } from './page.mjs';

const browser = browserForThisFile();
const MAPS = new URL('../maps/movingai/', import.meta.url);

async function mapFile(name) {
  return { name, mimeType: 'text/plain', buffer: await readFile(new URL(name, MAPS)) };
}

async function waitForSize(page, width, height) {
  await page.waitForFunction((size) => document.getElementById('grid').getAttribute('aria-label').includes(size), `${width} by ${height} cells`);
}

describe('Moving AI maps and scenarios', () => {
  it('switches to the benchmark rules, lists the scenarios and solves one to its optimal length', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      await page.setInputFiles('#map-file', await mapFile('arena2.map'));
      await waitForSize(page, 281, 209);
      await waitForText(page, '#message-text', /^arena2\.map is a Moving AI map: the rules are now the benchmark's/);
      assert.equal(await page.locator('#directions').inputValue(), '8');
      assert.equal(await page.locator('#diagonal').inputValue(), 'only-when-no-obstacles');
      assert.equal(await page.locator('#costs').inputValue(), 'exact');
      assert.equal(await page.locator('#heuristic').inputValue(), 'octile');

      await page.setInputFiles('#map-file', await mapFile('arena2.map.scen'));
      await waitForText(page, '#scenario-status', /^arena2\.map\.scen: 910 scenarios for arena2\.map\./);
      const list = page.getByRole('listbox', { name: 'Scenarios' });
      assert.equal(await list.locator('option').count(), 910);
      assert.equal(await list.locator('option').last().textContent(), '#909 · bucket 90 · (5,112) → (275,181) · optimal 362.0538');

      await list.selectOption('909');
      await page.waitForFunction(() => document.getElementById('grid').getAttribute('aria-label').includes('start (5,112), goal (275,181)'));
      await page.getByRole('button', { name: 'To end' }).click();
      await waitForText(page, '#scenario-result', /^Scenario #909: our cost 362\.0538, optimal 362\.0538: the same, to the 8 decimals the file gives\.$/);
      await waitForText(page, '#result', /^Path found: cost 362\.05/);

      // Placing a scenario's endpoints is one undo entry.
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.waitForFunction(() => !document.getElementById('grid').getAttribute('aria-label').includes('start (5,112)'));
      assert.equal(await page.locator('#scenario-result').textContent(), '');
    });
  });

  it('judges a cost at the decimals its file gives, and warns of a file that names another map', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      assert.match(await page.locator('#map-file').getAttribute('accept'), /(^|,)\.scen(,|$)/);
      const before = await gridInfo(page);
      await page.setInputFiles('#map-file', await mapFile('arena2.map'));
      await waitForSize(page, 281, 209);
      // Lengths to 2 decimals: 1 + √2 = 2.4142 is 2.41.
      await page.setInputFiles('#map-file', await mapFile('arena2_2_decimals.scen'));
      await waitForText(page, '#scenario-status', /^arena2_2_decimals\.scen: 182 scenarios for arena2\.map\./);
      assert.equal(await page.locator('#scenario-other-map').isVisible(), false);
      await page.getByRole('listbox', { name: 'Scenarios' }).selectOption('1');
      await page.getByRole('button', { name: 'To end' }).click();
      await waitForText(page, '#scenario-result', /^Scenario #1: our cost 2\.4142, optimal 2\.41: the same, to the 2 decimals the file gives\.$/);

      // The same queries said to be for arena3.map: run, with a warning, in both languages.
      const text = (await readFile(new URL('arena2_2_decimals.scen', MAPS), 'utf8')).replaceAll('arena2.map', 'arena3.map');
      await page.setInputFiles('#map-file', { name: 'arena3.map.scen', mimeType: 'text/plain', buffer: Buffer.from(text) });
      await waitForText(page, '#scenario-other-map', /^arena3\.map\.scen names arena3\.map for 182 of its 182 scenarios, but the map open is arena2\.map: their optimal lengths are for that map\.$/);
      await page.getByRole('combobox', { name: 'Language' }).selectOption('zh');
      await waitForText(page, '#scenario-other-map', /^arena3\.map\.scen 的 182 个场景中有 182 个写的是 arena3\.map，而当前打开的地图是 arena2\.map/);
      // Picking the same query again changes nothing on the map (no undo entry); the finished
      // search is judged again.
      await page.getByRole('listbox', { name: '场景' }).selectOption('1');
      await waitForText(page, '#scenario-result', /^场景 #1：我们的代价 2\.4142，最优 2\.41：按文件给出的 2 位小数相同。$/);
      // Undoing the endpoints and the map's load leaves the map before it, which has no file
      // name: nothing to check against. Redoing brings the map and the warning back.
      await page.getByRole('combobox', { name: '语言' }).selectOption('en');
      for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Undo' }).click();
      await waitForSize(page, before.width, before.height);
      assert.equal(await page.locator('#scenario-other-map').isVisible(), false);
      for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Redo' }).click();
      await waitForSize(page, 281, 209);
      await eventually(page, () => page.locator('#scenario-other-map').isVisible(), 'the warning is back with the map');
    });
  });

  it('refuses a scenario for another map, and a file that is not a scenario file', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const before = await gridInfo(page);
      await page.setInputFiles('#map-file', await mapFile('arena2.map.scen'));
      await page.getByRole('listbox', { name: 'Scenarios' }).selectOption('0');
      await waitForText(page, '#message-text', /^Scenario #0 is for arena2\.map, a 281×209 map, but the map open is \d+×\d+: open arena2\.map first\.$/);
      assert.deepEqual(await gridInfo(page), before);
      await page.setInputFiles('#map-file', { name: 'broken.scen', mimeType: 'text/plain', buffer: Buffer.from('version 1\n0\tm\t10\t10\t1\t2\n') });
      await waitForText(page, '#message-text', /^Could not open broken\.scen: Could not read the scenarios in broken\.scen: line 2, column \d+: a scenario needs 9 fields/);
      assert.equal(await page.getByRole('listbox', { name: 'Scenarios' }).locator('option').count(), 910, 'the list is kept');
    });
  });

  it('undoes the loading of a map file, bringing back the options the load replaced, and the load\'s on redo', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      const before = await gridInfo(page);
      await page.setInputFiles('#map-file', { name: 'room.txt', mimeType: 'text/plain', buffer: Buffer.from('SOOO\nOXXO\nOOOE\n') });
      await waitForSize(page, 4, 3);
      await page.getByRole('button', { name: 'Undo' }).click();
      await waitForSize(page, before.width, before.height);
      assert.deepEqual(await gridInfo(page), before);
      await page.getByRole('button', { name: 'Redo' }).click();
      await waitForSize(page, 4, 3);
      // Loading an example is undone the same way.
      await page.selectOption('#example', 'tutorial-wall');
      await page.click('#load-example');
      await waitForSize(page, before.width, before.height);
      await page.getByRole('button', { name: 'Undo' }).click();
      await waitForSize(page, 4, 3);
      // Back to the example: a load replaces its rules, and its undo brings them back.
      await page.getByRole('button', { name: 'Undo' }).click();
      await waitForSize(page, before.width, before.height);
      const rules = () => page.evaluate(() => ['directions', 'diagonal', 'costs', 'heuristic'].map((id) => document.getElementById(id).value).join(' '));
      const note = () => page.locator('#example-about').isVisible();
      const tutorial = '8 always 10-14 manhattan';
      const benchmark = '8 only-when-no-obstacles exact octile';
      assert.equal(await rules(), tutorial);
      assert.ok(await note(), 'the example is named');
      const map = 'type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n';
      await page.setInputFiles('#map-file', { name: 'tiny.map', mimeType: 'text/plain', buffer: Buffer.from(map) });
      await waitForSize(page, 5, 3);
      assert.equal(await rules(), benchmark);
      assert.equal(await note(), false);
      await page.getByRole('button', { name: 'Undo' }).click();
      await waitForSize(page, before.width, before.height);
      assert.equal(await rules(), tutorial, 'the tutorial\'s rules are back with its map');
      assert.ok(await note(), 'and so is its note');
      await page.getByRole('button', { name: 'Redo' }).click();
      await waitForSize(page, 5, 3);
      assert.equal(await rules(), benchmark);
      // An edit's undo leaves the options alone.
      await page.selectOption('#directions', '4');
      await page.getByRole('button', { name: 'Clear walls' }).click();
      await page.getByRole('button', { name: 'Undo' }).click();
      await eventually(page, () => page.getByRole('button', { name: 'Redo' }).isEnabled(), 'the clearing was undone');
      assert.equal(await rules(), '4 only-when-no-obstacles exact octile');
    });
  });

  it('draws start and goal markers whole in the corners of a large map', async () => {
    // 150x100 cells, far too small for the start to be seen without its marker; one wall.
    const row = (first, last) => first + 'O'.repeat(148) + last;
    const wall = 'O'.repeat(100) + 'X' + 'O'.repeat(49);
    const rows = (top, bottom) => [row(top, 'O'), wall, ...Array(97).fill(row('O', 'O')), row('O', bottom)].join('/');
    const startColourPixels = (page) => page.evaluate(() => {
      const canvas = document.getElementById('overlay');
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      const start = getComputedStyle(document.documentElement).getPropertyValue('--c-start').trim();
      const n = parseInt(start.slice(1), 16);
      const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - r) < 8 && Math.abs(data[i + 1] - g) < 8 && Math.abs(data[i + 2] - b) < 8 && data[i + 3] > 200) count += 1;
      }
      return count;
    });
    let inCorner;
    await withApp(browser(), `?map=${rows('S', 'E')}`, DESKTOP, async ({ page }) => {
      assert.deepEqual((await gridInfo(page)).start, { x: 0, y: 0 });
      inCorner = await startColourPixels(page);
    });
    const middle = [row('O', 'O'), wall, ...Array(48).fill(row('O', 'O')), 'O'.repeat(75) + 'S' + 'O'.repeat(74), ...Array(48).fill(row('O', 'O')), row('O', 'E')].join('/');
    await withApp(browser(), `?map=${middle}`, DESKTOP, async ({ page }) => {
      const inMiddle = await startColourPixels(page);
      assert.ok(inMiddle > 50, `a marker is drawn: ${inMiddle} pixels`);
      assert.ok(inCorner >= inMiddle * 0.95, `the corner marker is whole: ${inCorner} of ${inMiddle} pixels`);
    });
  });
});
