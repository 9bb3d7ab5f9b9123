// Work is never lost: a drawing, the options and the step come back after a reload; URL
// parameters win over the saved work, a link's map opening over it as an undoable load with
// a way back (also after a reload); options apply one by one, each refusal naming its
// source; saved work that cannot be read is kept aside; "New map" starts afresh; an
// embedded page leaves the visitor's work alone; every kind of view a link opens (Walk mode,
// compare) keeps saved work and says so, and the view on show comes back on the next visit.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile, servedUrl } from './browser.mjs';
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
  await page.goto(servedUrl(query));
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

const SAVED_KEY = 'astar-visualizer.work';
const storedWork = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key)), SAVED_KEY);
const asideKeys = (page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('astar-visualizer.work.unreadable.')));
const message = (page) => page.locator('#message-text').textContent();

// Stores a value as the saved work from another page of the same site, so that the page's
// own saving (it saves as it is left) cannot write over it, then opens the page again.
async function storeAndReopen(page, value, query = '', open = reopen) {
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await page.goto(new URL('tests/e2e/package.json', page.url()).href);
  await page.evaluate(([key, raw]) => localStorage.setItem(key, raw), [SAVED_KEY, value]);
  await open(page, query);
}

// A visitor's saved work: a wall drawn next to the start, Dijkstra, 4 directions, 3 steps.
async function saveSomeWork(page) {
  const { start } = await gridInfo(page);
  const wall = { x: start.x + 1, y: 0 };
  await mouseStroke(page, [wall, { x: wall.x, y: 1 }], 2);
  await page.selectOption('#algorithm', 'dijkstra');
  await page.selectOption('#directions', '4');
  for (let k = 0; k < 3; k++) await page.getByRole('button', { name: 'Step', exact: true }).click();
  await waitForText(page, '#count-step', /^3 \//);
  await saved(page);
  return { wall, map: (await storedWork(page)).map, size: await gridInfo(page) };
}

describe('a link over saved work', () => {
  it('opens a map=, an example= and a size= link as an undoable load, with the saved work one click away, also after a reload', async () => {
    for (const [kind, query, width] of [['map', '?map=OOOOO/OSXEO/OOOOO&algorithm=greedy', 5], ['example', '?example=tutorial-wall', null], ['size', '?size=9x6', 9]]) {
      await withApp(browser(), '', DESKTOP, async ({ page }) => {
        const work = await saveSomeWork(page);
        await reopen(page, query);
        const notice = page.getByRole('status').filter({ hasText: 'This link opened its own map' });
        await notice.waitFor();
        if (width) assert.equal((await gridInfo(page)).width, width);
        assert.notDeepEqual(await gridInfo(page), work.size, `${kind}=: the link's map is on show`);
        assert.equal((await storedWork(page)).map, work.map, `${kind}=: the saved map stays in storage`);
        // Playing the link's search changes nothing that is kept.
        await page.getByRole('button', { name: /To end/ }).click();
        await saved(page);
        assert.equal((await storedWork(page)).map, work.map);

        // In presentation mode the notice is small and in a corner, over the page: the
        // board has the room it has without it.
        if (kind === 'example') {
          await page.keyboard.press('p');
          const boardTop = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(document.getElementById('grid').getBoundingClientRect().top)))));
          const top = await boardTop();
          const box = await notice.boundingBox();
          assert.ok(box.height <= 60 && box.width <= 0.45 * 1366, `the notice is small: ${JSON.stringify(box)}`);
          await page.evaluate(() => { document.getElementById('saved-notice').hidden = true; });
          assert.equal(await boardTop(), top, 'the notice takes no room from the board');
          await page.evaluate(() => { document.getElementById('saved-notice').hidden = false; });
          await page.keyboard.press('p');
        }

        // A reload while the notice applies: the same link, the same way back.
        await page.reload();
        await notice.waitFor();
        await page.getByRole('button', { name: 'Back to my saved map' }).click();
        await eventually(page, async () => (await notice.count()) === 0 || notice.isHidden(), 'the notice goes');
        assert.deepEqual(await gridInfo(page), work.size, `${kind}=: the saved map is back`);
        assert.ok(await isWall(page, work.wall.x, 0), 'with its drawing');
        assert.equal(await page.inputValue('#algorithm'), 'dijkstra', 'and its options');
        assert.equal(await page.inputValue('#directions'), '4');
        await waitForText(page, '#count-step', /^3 \//);
        // Going back is undoable too: Undo shows the link's map again, with the notice.
        await page.getByRole('button', { name: 'Undo' }).click();
        await notice.waitFor();
        await eventually(page, async () => JSON.stringify(await gridInfo(page)) !== JSON.stringify(work.size), "the link's map again");
        if (kind === 'map') assert.equal(await page.inputValue('#algorithm'), 'greedy');
        await page.getByRole('button', { name: 'Undo' }).click();
        await eventually(page, async () => JSON.stringify(await gridInfo(page)) === JSON.stringify(work.size), `${kind}=: Undo of the link brings the saved map back too`);
        assert.equal(await page.inputValue('#algorithm'), 'dijkstra');
      });
    }
  });

  it('keeps the saved work until the link\'s map is changed, then saves the change', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const work = await saveSomeWork(page);
      await reopen(page, '?map=OOOOO/OSOEO/OOOOO');
      const notice = page.getByRole('status').filter({ hasText: 'This link opened its own map' });
      await notice.waitFor();
      await page.selectOption('#algorithm', 'bfs');
      await eventually(page, () => notice.isHidden(), 'a change ends the notice');
      await saved(page);
      const now = await storedWork(page);
      assert.notEqual(now.map, work.map, "the visitor's change to the link's map is their work now");
      assert.equal(now.options.algorithm, 'bfs');
      // Undo still reaches the work saved before, as long as the page is open.
      await page.getByRole('button', { name: 'Undo' }).click();
      await eventually(page, async () => JSON.stringify(await gridInfo(page)) === JSON.stringify(work.size), 'Undo reaches the saved map');
    });
  });
});

describe('options from a link and from saved work', () => {
  it('applies them one by one: a refused one leaves the rest, and its message names the link', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      await saveSomeWork(page);
      // Dijkstra takes no heuristic weight: the weight is refused, the rest stays.
      await reopen(page, '?algorithm=astar&weight=2&costs=exact');
      await reopen(page, '?algorithm=dijkstra&weight=3&costs=exact&tieBreak=first-in');
      assert.match(await message(page), /The link's option weight="3" was not applied/);
      assert.equal(await page.inputValue('#algorithm'), 'dijkstra', "the link's other options");
      assert.equal(await page.inputValue('#costs'), 'exact');
      assert.equal(await page.inputValue('#tie-break'), 'first-in');
      assert.equal(await page.inputValue('#directions'), '4', 'the saved options it does not name');
      assert.ok(await isWall(page, (await gridInfo(page)).start.x + 1, 0), 'on the saved map');
    });
  });

  it('reports a bad option or view in storage as the saved work\'s, keeping the others', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const work = await saveSomeWork(page);
      const stored = await storedWork(page);
      stored.options = { ...stored.options, algorithm: 'nope', costs: 'exact', colour: 'blue' };
      stored.view = { sensor: 'far', compare: 'astar' };
      await storeAndReopen(page, JSON.stringify(stored), '?tieBreak=smaller-g');
      const text = await message(page);
      assert.match(text, /The saved work's option algorithm="nope" was not applied/);
      assert.match(text, /The saved work's option colour="blue" was not applied/);
      assert.match(text, /The saved work's sensor radius "far" is not a number: Walk mode was left out\./);
      assert.match(text, /The saved work's methods to compare "astar" could not be read: the compare view was left out\./);
      assert.doesNotMatch(text, /URL|\blink\b/, 'nothing blamed on the link');
      assert.equal(await page.inputValue('#algorithm'), 'astar');
      assert.equal(await page.inputValue('#costs'), 'exact');
      assert.equal(await page.inputValue('#directions'), '4');
      assert.equal(await page.inputValue('#tie-break'), 'smaller-g');
      assert.deepEqual(await gridInfo(page), work.size);
    });
  });
});

describe('saved work that cannot be read', () => {
  it('keeps a map the editor cannot read, text that is not JSON and another format aside, each under a key of its own, and says where', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      for (const [what, raw] of [
        ['a map the editor cannot read', JSON.stringify({ format: 1, map: 'OSO\nQQQQ\nOEO', options: {} })],
        ['text that is not JSON', '{"format": 1, "map": "OSOE'],
        ['another format', JSON.stringify({ format: 99, cells: [1, 2, 3] })],
      ]) {
        const before = await asideKeys(page);
        await storeAndReopen(page, raw);
        const keys = (await asideKeys(page)).filter((key) => !before.includes(key));
        assert.equal(keys.length, 1, `${what}: kept aside under a key of its own`);
        assert.match(await message(page), new RegExp(`kept aside in the browser's storage under "${keys[0].replace(/[.]/g, '\\.')}"`), what);
        assert.equal(await page.evaluate((key) => localStorage.getItem(key), keys[0]), raw, `${what}: as it was`);
        // New work is saved as usual; what was kept aside stays.
        const { start } = await gridInfo(page);
        await mouseStroke(page, [{ x: start.x + 1, y: 0 }, { x: start.x + 1, y: 1 }], 2);
        await saved(page);
        assert.equal(typeof (await storedWork(page)).map, 'string', what);
        assert.equal(await page.evaluate((key) => localStorage.getItem(key), keys[0]), raw, what);
      }
    });
  });
});

describe('saved work in Chinese', () => {
  it('says a link opened its own map, and that unreadable work was kept aside, in Chinese', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const work = await saveSomeWork(page);
      await reopen(page, '?map=OOOOO/OSXEO/OOOOO&lang=zh');
      await page.getByRole('status').filter({ hasText: '这个链接打开了它自己的地图' }).waitFor();
      await page.getByRole('button', { name: '回到我保存的地图' }).click();
      const label = `${work.size.width} × ${work.size.height} `;
      await eventually(page, async () => (await page.locator('#grid').getAttribute('aria-label')).includes(label), 'the saved map is back');
      await storeAndReopen(page, 'not json', '?lang=zh');
      assert.match(await message(page), /无法读取此浏览器中保存的工作。它已另存在浏览器存储的“astar-visualizer\.work\.unreadable\./);
    });
  });
});

// A visitor's work seeded in storage: a 10x4 map with terrain, breadth-first, 4 directions.
const SEEDED = { format: 1, map: 'OOOOOOOOOO\nS55OXOOOOO\nOO5OXOOOOE\nOOOOOOOOOO', options: { algorithm: 'bfs', directions: 4 }, step: 3, speedIndex: 2 };

// Opens a page and waits for it to draw its view: the single one or the compare panes.
async function openView(page, query) {
  await page.goto(servedUrl(query));
  await page.waitForFunction(() => (document.body.classList.contains('comparing')
    ? document.querySelectorAll('.pane-grid').length > 0
    : document.getElementById('narration').textContent !== ''));
}

// What the page shows: its view and the map of its work (from the grid's name, or the panes').
async function shownView(page) {
  return page.evaluate(() => ({
    walking: document.getElementById('walk').getAttribute('aria-pressed') === 'true',
    panes: document.querySelectorAll('.pane').length,
    algorithm: document.getElementById('algorithm').value,
  }));
}

// Each kind of view a link opens over an example's map (a map=, example= and size= link alone
// are tested above), one with bad parts that are left out: [what, query, its view
// { walking, panes }, the notice's words]. Page logic tests try more (tests/node/views.test.mjs).
const VIEW_LINKS = [
  ['walk over an example, in Chinese', '?example=dstar-detour&algorithm=dstar-lite&walk=1&sensor=1.5&lang=zh', { walking: true, panes: 0 }, '这个链接打开了它自己的地图'],
  ['walk and compare, one method not walking', '?example=dstar-detour&compare=dstar-lite,dijkstra&walk=1&sensor=-3', { walking: true, panes: 0 }, 'This link opened its own map'],
  ['walking compare', '?example=dstar-detour&compare=dstar-lite,astar&walk=1', { walking: true, panes: 2 }, 'This link opened its own map'],
  ['compare', '?example=tutorial-wall&compare=astar,dijkstra,greedy', { walking: false, panes: 3 }, 'This link opened its own map'],
];

describe('every kind of link, and saved work', () => {
  it('keeps saved work under each kind of link and says so; the plain page then brings it back', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      for (const [what, query, view, words] of VIEW_LINKS) {
        await storeAndReopen(page, JSON.stringify(SEEDED), query, openView);
        await page.getByRole('status').filter({ hasText: words }).waitFor({ timeout: 5000 });
        assert.deepEqual(await shownView(page).then(({ walking, panes }) => ({ walking, panes })), view, `${what}: the link's view`);
        await page.locator('#finish').click();
        await saved(page);
        assert.deepEqual(await storedWork(page), SEEDED, `${what}: the saved work is untouched`);
        await openView(page, '');
        assert.deepEqual(await gridInfo(page).then(({ width, height }) => [width, height]), [10, 4], `${what}: the saved map is back`);
        assert.deepEqual(await shownView(page), { walking: false, panes: 0, algorithm: 'bfs' }, `${what}: as it was`);
        assert.ok(await page.locator('#saved-notice').isHidden());
      }
    });
  });

  it('opens a link plainly when nothing is saved, and saves each kind of link\'s view as the visitor\'s then, bringing it back on the plain page', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
      // A map link with nothing saved opens plainly: no notice, nothing to undo.
      await page.goto(new URL('tests/e2e/package.json', page.url()).href);
      await page.evaluate(() => localStorage.clear());
      await openView(page, '?map=OOOOO/OSXEO/OOOOO');
      assert.equal((await gridInfo(page)).width, 5);
      assert.ok(await page.locator('#saved-notice').isHidden());
      assert.ok(await page.getByRole('button', { name: 'Undo' }).isDisabled());
      for (const [what, query, view] of VIEW_LINKS.filter(([what]) => !what.includes('not walking'))) {
        // Cleared from another page of the site: the page saves as it is left.
        await page.goto(new URL('tests/e2e/package.json', page.url()).href);
        await page.evaluate(() => localStorage.clear());
        await openView(page, query);
        await page.locator('#step').click();
        await saved(page);
        const stored = await storedWork(page);
        await openView(page, '');
        assert.deepEqual(await shownView(page).then(({ walking, panes }) => ({ walking, panes })), view, `${what}: the view is back`);
        assert.equal((await storedWork(page)).map, stored.map, `${what}: on the link's map`);
        await eventually(page, async () => (await page.inputValue('#timeline')) === '1', `${what}: at its step`);
        assert.ok(await page.locator('#saved-notice').isHidden(), `${what}: no notice, the work is the visitor's`);
      }
    });
  });
});
