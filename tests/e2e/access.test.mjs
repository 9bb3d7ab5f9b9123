// Accessibility for a mixed class: reduced motion honoured, open and closed cells apart in
// greyscale, a tap on a touch screen inspects without drawing, and touch targets of at
// least 44 CSS px.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, PHONE, withApp, readout, gridInfo, cellPoint, cellColour, inspect, text, waitForText, eventually, touchStroke, nextFrames } from './page.mjs';

const browser = browserForThisFile();

async function stepCount(page) {
  return Number((await readout(page)).step.split(' / ')[0]);
}

describe('reduced motion', () => {
  const AUTOPLAY = '?example=tutorial-wall&autoplay=1&speed=30';

  it('plays a link with autoplay at once normally; holds it and says why when the system asks for reduced motion, and Play still plays', async () => {
    await withApp(browser(), AUTOPLAY, DESKTOP, async ({ page }) => {
      await eventually(page, async () => (await stepCount(page)) > 0, 'autoplay starts');
    });
    await withApp(browser(), AUTOPLAY, { ...DESKTOP, reducedMotion: 'reduce' }, async ({ page }) => {
      await waitForText(page, '#message-text', /reduced motion.*press Play/);
      await page.waitForTimeout(600);
      assert.equal(await stepCount(page), 0, 'nothing moved by itself');
      const style = await page.evaluate(() => {
        const log = getComputedStyle(document.getElementById('step-log'));
        return { scroll: log.scrollBehavior, transition: getComputedStyle(document.getElementById('step')).transitionDuration };
      });
      assert.deepEqual(style, { scroll: 'auto', transition: '0s' });
      await page.getByRole('button', { name: 'Play' }).click();
      await eventually(page, async () => (await stepCount(page)) > 2, 'Play plays');
    });
  });
});

// The fill of a cell: its most common colour, numbers and arrows left aside.
async function cellFill(page, x, y) {
  return page.evaluate(({ x, y }) => {
    const canvas = document.getElementById('grid');
    const size = Number(canvas.dataset.cell);
    const left = Math.floor(x * size - Number(canvas.dataset.originX)) + 2;
    const top = Math.floor(y * size - Number(canvas.dataset.originY)) + 2;
    const data = canvas.getContext('2d').getImageData(left, top, size - 4, size - 4).data;
    const counts = new Map();
    for (let i = 0; i < data.length; i += 4) {
      const key = `${data[i]},${data[i + 1]},${data[i + 2]}`;
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number);
  }, { x, y });
}

// Grey level 0..255 as a greyscale print or screen shows it (Rec. 601 luma).
function grey([r, g, b]) {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

// The first cells of the map in each state, read from the inspector (x, y scan).
async function cellsInState(page, wanted, from) {
  const found = {};
  for (const cell of from) {
    const state = (await inspect(page, cell.x, cell.y)).State;
    for (const [name, pattern] of Object.entries(wanted)) if (!found[name] && pattern.test(state)) found[name] = cell;
    if (Object.keys(found).length === Object.keys(wanted).length) break;
  }
  return found;
}

function around({ x, y }, width, height) {
  const cells = [];
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      const cell = { x: x + dx, y: y + dy };
      if (cell.x >= 0 && cell.y >= 0 && cell.x < width && cell.y < height) cells.push(cell);
    }
  }
  return cells;
}

describe('greyscale', () => {
  it('draws open and closed cells clearly apart in lightness, both sides of a bidirectional search too', async () => {
    for (const [query, side] of [['?example=tutorial-wall', 'forward'], ['?example=tutorial-wall&algorithm=bi-astar', 'backward']]) {
      await withApp(browser(), `${query}&step=8`, DESKTOP, async ({ page }) => {
        const { width, height, start, goal } = await gridInfo(page);
        const near = side === 'forward' ? start : goal;
        const cells = around(near, width, height).filter((c) => !(c.x === start.x && c.y === start.y) && !(c.x === goal.x && c.y === goal.y));
        const found = await cellsInState(page, { open: /^open/i, closed: /^closed/i }, cells);
        assert.ok(found.open && found.closed, `${side}: an open and a closed cell near ${near.x},${near.y}`);
        // The pointer off the board, so no cell is drawn hovered.
        await page.mouse.move(0, 0);
        await waitForText(page, '#inspector', /^Hover over or tap a cell/);
        const open = grey(await cellFill(page, found.open.x, found.open.y));
        const closed = grey(await cellFill(page, found.closed.x, found.closed.y));
        const ground = grey([255, 255, 255]);
        assert.ok(Math.abs(open - closed) >= 40, `${side}: open ${open.toFixed(0)} and closed ${closed.toFixed(0)} grey levels apart by at least 40`);
        assert.ok(ground - Math.max(open, closed) >= 20, `${side}: both apart from the white ground`);
      });
    }
  });
});

describe('touch screen', () => {
  it('inspects a tapped cell without drawing, and draws with a drag', async () => {
    await withApp(browser(), '', PHONE, async ({ page }) => {
      const { start } = await gridInfo(page);
      const cell = { x: start.x, y: start.y + 2 };
      const before = await cellColour(page, cell.x, cell.y);
      const point = await cellPoint(page, cell.x, cell.y);
      await page.touchscreen.tap(point.x, point.y);
      await waitForText(page, '#inspector', new RegExp(`\\(${cell.x},${cell.y}\\)`));
      // A tap that drew would show on the next frame.
      await nextFrames(page);
      assert.deepEqual(await cellColour(page, cell.x, cell.y), before, 'the map is unchanged');
      assert.ok(await page.locator('#undo').isDisabled(), 'nothing to undo');
      assert.ok(await page.getByText('Tap a cell to inspect it; drag across cells to draw.').isVisible(), 'the page says so on a touch screen');

      // A wall under the finger: a tap leaves it a wall too.
      await touchStroke(page, [cell, { x: cell.x + 1, y: cell.y }]);
      await eventually(page, async () => (await cellColour(page, cell.x, cell.y)).every((v) => v < 90), 'a drag draws walls');
      assert.ok((await cellColour(page, cell.x + 1, cell.y)).every((v) => v < 90));
      await page.touchscreen.tap(point.x, point.y);
      await waitForText(page, '#inspector', /wall/);
      await nextFrames(page);
      assert.ok((await cellColour(page, cell.x, cell.y)).every((v) => v < 90), 'still a wall');
      await page.click('#undo');
      await eventually(page, async () => (await cellColour(page, cell.x, cell.y)).every((v, i) => Math.abs(v - before[i]) <= 6), 'one undo takes the drag back');
      assert.ok(await page.locator('#undo').isDisabled(), 'the taps left no edits to undo');
    });
  });

  it('makes every control at least 44 CSS px on a touch screen, and says how tap and drag differ there, in Chinese too, and not on a desktop', async () => {
    // The controls a person can reach, with their boxes; a check box counts by its label.
    const targets = (page) => page.evaluate(() => {
      const seen = [];
      for (const element of document.querySelectorAll('button, select, input, summary, textarea')) {
        const target = element.matches('input[type="checkbox"], input[type="radio"]') ? element.closest('label') ?? element : element;
        const box = target.getBoundingClientRect();
        const style = getComputedStyle(target);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
        seen.push({ name: element.id || element.getAttribute('aria-label') || element.textContent.trim().slice(0, 30), tag: element.tagName, width: box.width, height: box.height });
      }
      return seen;
    });
    const small = (list) => list.filter((t) => t.height < 44 - 0.5 || (t.tag === 'BUTTON' && t.width < 44 - 0.5));
    await withApp(browser(), '', PHONE, async ({ page }) => {
      // Open every folded panel so its controls count too.
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
      const list = await targets(page);
      assert.ok(list.length > 30, `many controls measured (${list.length})`);
      assert.deepEqual(small(list), [], 'controls under 44 px');
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
      assert.ok(widths.page <= widths.window, `the larger controls still fit the phone's width (${widths.page} > ${widths.window})`);
      await page.evaluate(() => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage('zh')));
      assert.ok(await page.getByText('轻点格子查看数值；在格子上拖动才会绘制。').isVisible(), 'the touch hint in Chinese');
    });
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      assert.ok(small(await targets(page)).length > 0, 'a mouse gets the compact sizes');
      assert.ok(await page.locator('.touch-hint').isHidden(), 'no touch hint with a mouse');
    });
  });
});
