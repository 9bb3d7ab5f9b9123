// Editing the map: strokes with the mouse and with a finger, brushes, dragging the start and
// the goal, the keyboard on the grid, undo/redo, clearing, resizing, and the search
// following the edits.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import {
  DESKTOP, PHONE, withApp, gridInfo, cellPoint, cellColour, inspect, mouseStroke, touchStroke,
  readout, text, waitForText, eventually,
} from './page.mjs';

const browser = browserForThisFile();

const row = (y, x0, x1) => Array.from({ length: x1 - x0 + 1 }, (_, k) => ({ x: x0 + k, y }));
const isWall = (rgb) => rgb.every((v) => v < 90);
const isGround = (rgb) => rgb.every((v) => v > 240);

// Which of these cells are drawn as walls (read from the canvas at each cell's centre).
async function walls(page, cells) {
  const result = [];
  for (const cell of cells) result.push(isWall(await cellColour(page, cell.x, cell.y)));
  return result;
}

async function waitForWalls(page, cells, expected) {
  const deadline = Date.now() + 5000;
  let actual;
  do {
    actual = await walls(page, cells);
    if (actual.every((wall, k) => wall === expected[k])) return;
    await page.evaluate(() => new Promise(requestAnimationFrame));
  } while (Date.now() < deadline);
  assert.deepEqual(actual, expected);
}

async function waitForLabel(page, pattern) {
  await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('grid').getAttribute('aria-label')), pattern.source);
}

describe('mouse', () => {
  it('draws a wall line in one fast stroke, erases from a wall, and undoes one stroke at a time, with the buttons and the keys', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const line = row(0, 1, 8);
      assert.ok((await walls(page, line)).every((wall) => !wall));
      await mouseStroke(page, [line[0], line[7]]);
      await waitForWalls(page, line, line.map(() => true));
      await mouseStroke(page, [{ x: 3, y: 0 }, { x: 5, y: 0 }], 4);
      const erased = [true, true, false, false, false, true, true, true];
      await waitForWalls(page, line, erased);
      assert.ok(isGround(await cellColour(page, 4, 0)));
      await page.click('#undo');
      await waitForWalls(page, line, line.map(() => true));
      await page.click('#undo');
      await waitForWalls(page, line, line.map(() => false));
      assert.ok(await page.locator('#undo').isDisabled());
      await page.click('#redo');
      await waitForWalls(page, line, line.map(() => true));
      await page.click('#redo');
      await waitForWalls(page, line, erased);
      assert.ok(await page.locator('#redo').isDisabled());
      // The same from the keyboard: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y.
      await page.keyboard.press('Control+z');
      await waitForWalls(page, line, line.map(() => true));
      await page.keyboard.press('Control+z');
      await waitForWalls(page, line, line.map(() => false));
      await page.keyboard.press('Control+Shift+z');
      await waitForWalls(page, line, line.map(() => true));
      await page.keyboard.press('Control+z');
      await waitForWalls(page, line, line.map(() => false));
      await page.keyboard.press('Control+y');
      await waitForWalls(page, line, line.map(() => true));
    });
  });

  it('paints terrain weights with the brush, chosen in the list or with the keys', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      await page.selectOption('#brush', '5');
      await mouseStroke(page, [{ x: 1, y: 0 }, { x: 3, y: 0 }]);
      assert.equal((await inspect(page, 2, 0)).Terrain, 'cost ×5');
      assert.equal((await inspect(page, 4, 0)).Terrain, 'plain ground (cost ×1)');
      const heavy = await cellColour(page, 2, 0);
      assert.ok(!isGround(heavy) && !isWall(heavy), 'terrain is shaded');
      await page.mouse.move(0, 0);
      await page.keyboard.press('7');
      assert.equal(await page.locator('#brush').inputValue(), '7');
      await mouseStroke(page, [{ x: 2, y: 0 }]);
      assert.equal((await inspect(page, 2, 0)).Terrain, 'cost ×7');
      // Starting on a cell that already has the brush's weight erases.
      await mouseStroke(page, [{ x: 2, y: 0 }, { x: 3, y: 0 }]);
      assert.equal((await inspect(page, 2, 0)).Terrain, 'plain ground (cost ×1)');
      assert.equal((await inspect(page, 3, 0)).Terrain, 'plain ground (cost ×1)');
      assert.equal((await inspect(page, 1, 0)).Terrain, 'cost ×5');
      await page.mouse.move(0, 0);
      await page.keyboard.press('e');
      assert.equal(await page.locator('#brush').inputValue(), '1');
      await mouseStroke(page, [{ x: 1, y: 0 }]);
      assert.equal((await inspect(page, 1, 0)).Terrain, 'plain ground (cost ×1)');
      await page.mouse.move(0, 0);
      await page.keyboard.press('w');
      assert.equal(await page.locator('#brush').inputValue(), '0');
      await page.click('#clear-weights');
      assert.ok(await page.locator('#undo').isEnabled());
    });
  });

  it('drags the start and the goal, never onto a wall, and undoes the move', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const { start, goal } = await gridInfo(page);
      await mouseStroke(page, [start, { x: start.x, y: start.y - 2 }], 5);
      await waitForLabel(page, new RegExp(`start \\(${start.x},${start.y - 2}\\)`));
      assert.equal((await inspect(page, start.x, start.y - 2)).Cell, `(${start.x},${start.y - 2}) — start`);
      await page.click('#undo');
      await waitForLabel(page, new RegExp(`start \\(${start.x},${start.y}\\)`));
      // Drop the goal on a wall: it stays where it last could go.
      await mouseStroke(page, [{ x: 0, y: goal.y }, { x: goal.x - 1, y: goal.y }]);
      await waitForWalls(page, [{ x: goal.x - 1, y: goal.y }], [true]);
      await mouseStroke(page, [goal, { x: goal.x - 1, y: goal.y }]);
      const after = await gridInfo(page);
      assert.deepEqual(after.goal, goal);
      await mouseStroke(page, [goal, { x: goal.x - 1, y: goal.y }, { x: goal.x - 1, y: goal.y + 1 }]);
      await waitForLabel(page, new RegExp(`goal \\(${goal.x - 1},${goal.y + 1}\\)`));
    });
  });

  it('re-runs a finished search at once after an edit, so the path follows', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      await page.click('#finish');
      await waitForText(page, '#result', /^Path found: cost 56,/);
      const { goal } = await gridInfo(page);
      await mouseStroke(page, [goal, { x: goal.x + 1, y: goal.y }]);
      await waitForText(page, '#result', /^Path found: cost 66,/);
      const { step } = await readout(page);
      const [count, total] = step.split(' / ');
      assert.equal(count, total, 'still at the end of the new search');
      await page.click('#clear-walls');
      await waitForText(page, '#result', /^Path found: cost 50,/);
      await page.click('#undo');
      await waitForText(page, '#result', /^Path found: cost 66,/);
    });
  });

  it('clears the walls as one undoable edit, and keeps the step when the map is edited in the middle of a search', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      // Clearing the walls is one undoable edit.
      const { start, goal } = await gridInfo(page);
      const between = row(start.y, start.x + 1, goal.x - 1);
      const drawn = await walls(page, between);
      assert.ok(drawn.some(Boolean), 'the default scene has a wall between start and goal');
      await page.click('#clear-walls');
      await waitForWalls(page, between, between.map(() => false));
      await page.keyboard.press('Control+z');
      await waitForWalls(page, between, drawn);
      for (let k = 1; k <= 3; k++) {
        await page.click('#step');
        await waitForText(page, '#count-step', new RegExp(`^${k} /`));
      }
      const before = await readout(page);
      await mouseStroke(page, [{ x: 0, y: 0 }, { x: 2, y: 0 }]);
      await waitForWalls(page, [{ x: 1, y: 0 }], [true]);
      assert.equal((await readout(page)).step.split(' / ')[0], '3');
      assert.equal((await readout(page)).narration, before.narration);
    });
  });
});

// Hex (q, r)'s centre on the screen and its colour there: row r is drawn half a hex right of
// row r - 1, rows 3/4 of a hex apart (www/board/cellshape.js).
async function hexCentre(page, q, r) {
  const box = await page.locator('#grid').boundingBox();
  return page.evaluate(({ q, r, box }) => {
    const canvas = document.getElementById('grid');
    const { cell, originX, originY } = canvas.dataset;
    const px = (q + r / 2 + 0.5) * Number(cell) - Number(originX);
    const py = (0.75 * r + 0.5) * Number(cell) - Number(originY);
    const data = canvas.getContext('2d').getImageData(Math.floor(px), Math.floor(py), 1, 1).data;
    return { x: box.x + (px * box.width) / canvas.width, y: box.y + (py * box.height) / canvas.height, rgb: [data[0], data[1], data[2]] };
  }, { q, r, box });
}

describe('hexes', () => {
  it('draws walls across hexes in one fast stroke, drags the start, searches round the wall, and refuses Jump Point Search in both languages', async () => {
    await withApp(browser(), '?map=........./........./s.......d/........./.........', DESKTOP, async ({ page }) => {
      await page.getByRole('combobox', { name: 'Cells', exact: true }).selectOption('hex');
      await waitForText(page, '#resolved-heuristic', /hex distance/);
      // A fast stroke from (4,0) to (4,3): every hex between painted, (4,4) left open.
      const from = await hexCentre(page, 4, 0);
      const to = await hexCentre(page, 4, 3);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y);
      await page.mouse.up();
      const wall = async (r) => isWall((await hexCentre(page, 4, r)).rgb);
      await eventually(page, async () => (await wall(0)) && (await wall(1)) && (await wall(2)) && (await wall(3)), 'the stroke walls (4,0) to (4,3)');
      assert.ok(!(await wall(4)));
      await page.click('#finish');
      // Round the wall's end at (4,4): 6 moves there, 4 on to the goal.
      await waitForText(page, '#result', /cost 100, 10 moves/);
      // Six equal moves: the step costs name no diagonal, the pseudocode no corner cut.
      const costs = async () => (await page.locator('#costs option').allTextContents()).join('|');
      assert.equal(await costs(), '10 per move|1 per move|1 per move');
      // The greyed square-grid fields name what hexes have, not the values kept for squares.
      const shown = (id) => page.locator(`#${id}`).evaluate((select) => `${select.disabled} ${select.selectedOptions[0].text}`);
      assert.equal(await shown('directions'), 'true 6 (hex neighbours)');
      assert.equal(await shown('diagonal'), 'true None: hexes have no corners');
      assert.doesNotMatch(await page.locator('#pseudocode').textContent(), /corner|diagonal/);
      // The start dragged from (0,2) to (0,4): 4 moves to the gap, 4 to the goal.
      const start = await hexCentre(page, 0, 2);
      const dropped = await hexCentre(page, 0, 4);
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(dropped.x, dropped.y, { steps: 4 });
      await page.mouse.up();
      await waitForLabel(page, /start \(0,4\)/);
      await waitForText(page, '#result', /cost 80, 8 moves/);
      await page.locator('#algorithm').selectOption('jps');
      await waitForText(page, '#message-text', /Jump Point Search searches square cells only, not hexes: Jump Point Search prunes by the square grid's symmetries/);
      await page.locator('#algorithm').selectOption('astar');
      await page.locator('#language').selectOption('zh');
      await waitForText(page, '#result', /80/);
      assert.equal(await page.getByRole('combobox', { name: '格子', exact: true }).inputValue(), 'hex');
      await eventually(page, async () => (await costs()) === '每次移动代价 10|每次移动代价 1|每次移动代价 1', 'the hex step costs in Chinese');
      assert.doesNotMatch(await page.locator('#pseudocode').textContent(), /墙角|拐角|斜/);
      assert.equal(await shown('directions'), 'true 6 方向（六边形）');
      assert.equal(await shown('diagonal'), 'true 无：六边形没有拐角');
      await page.locator('#algorithm').selectOption('jps');
      await waitForText(page, '#message-text', /只能搜索正方形格子，不能搜索六边形：跳点搜索按正方形网格的对称性剪枝/);
      await page.locator('#algorithm').selectOption('astar');
      await page.locator('#topology').selectOption('square');
      await eventually(page, async () => (await shown('directions')) === 'false 8 方向（可斜走）', 'the directions kept for squares');
    });
  });
});

describe('grid', () => {
  it('resizes the grid up to 512 by 512, and undoes the resize', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const { width, height } = await gridInfo(page);
      await page.fill('#grid-width', '30');
      await page.fill('#grid-height', '16');
      await page.click('#apply-size');
      await waitForLabel(page, /30 by 16 cells/);
      await page.click('#undo');
      await waitForLabel(page, new RegExp(`${width} by ${height} cells`));
      // As large as the page goes, the whole grid in view, searched, and back.
      await page.fill('#grid-width', '512');
      await page.fill('#grid-height', '512');
      await page.press('#grid-height', 'Enter');
      await waitForLabel(page, /512 by 512 cells/);
      const box = await page.locator('#grid').boundingBox();
      const board = await page.locator('#board').boundingBox();
      assert.ok(box.height <= board.height + 1, 'the whole grid is in view');
      await page.click('#finish');
      await waitForText(page, '#result', /^Path found/);
      await page.click('#undo');
      await waitForLabel(page, new RegExp(`${width} by ${height} cells`));
      await page.fill('#grid-width', '1');
      await page.click('#apply-size');
      await waitForText(page, '#message-text', /Width and height must be whole numbers from 2 to 512/);
    });
  });

  it('plays a 512 by 512 map at full speed and runs it to the end', async () => {
    await withApp(browser(), '?example=random-512', DESKTOP, async ({ page }) => {
      await page.locator('#speed').fill('11');
      await page.click('#play');
      await page.waitForFunction(() => Number(document.getElementById('count-step').textContent.split(' ')[0]) > 3000);
      await page.click('#play');
      // Frames without arrows redraw only the cells whose words changed: after steps back
      // and forth, the board is the same as drawn whole (zoomed in and back to fit).
      const played = Number((await text(page, '#timeline-label')).split(' ')[0]);
      for (const button of ['#step-back', '#step-back', '#step', '#step-back']) await page.click(button);
      await waitForText(page, '#timeline-label', new RegExp(`^${played - 2} /`));
      const board = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => {
        const canvas = document.getElementById('grid');
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        let hash = 0;
        for (let i = 0; i < data.length; i++) hash = (Math.imul(hash, 31) + data[i]) | 0;
        resolve(`${canvas.width}x${canvas.height} ${hash}`);
      })));
      const stepped = await board();
      await page.click('#zoom-in');
      await page.click('#zoom-fit');
      assert.equal(await board(), stepped);
      await page.click('#finish');
      await waitForText(page, '#result', /^Path found: cost \d+/);
      assert.match(await text(page, '#timeline-label'), /^(\d+) \/ \1$/);
    });
  });

  it('edits from the keyboard on the focused grid', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      const { start } = await gridInfo(page);
      await page.locator('#grid').focus();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      const cell = { x: start.x, y: start.y - 2 };
      await waitForWalls(page, [cell], [true]);
      await waitForText(page, '#inspector', new RegExp(`\\(${cell.x},${cell.y}\\)`));
      assert.match(await text(page, '#inspector'), /Statewall/);
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('g');
      await waitForLabel(page, new RegExp(`goal \\(${cell.x},${cell.y - 1}\\)`));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('s');
      await waitForText(page, '#message-text', /wall/i);
      assert.deepEqual((await gridInfo(page)).start, start);
    });
  });
});

describe('touch', () => {
  it('draws walls and drags the goal with a finger, and a tap shows the cell', async () => {
    await withApp(browser(), '', PHONE, async ({ page }) => {
      const { goal, width } = await gridInfo(page);
      const line = row(0, 0, width - 1);
      await touchStroke(page, [line[0], line[width - 1]]);
      await waitForWalls(page, line, line.map(() => true));
      await touchStroke(page, [goal, { x: goal.x, y: goal.y + 1 }, { x: goal.x, y: goal.y + 2 }]);
      await waitForLabel(page, new RegExp(`goal \\(${goal.x},${goal.y + 2}\\)`));
      await page.click('#undo');
      await waitForLabel(page, new RegExp(`goal \\(${goal.x},${goal.y}\\)`));
      // Reaching Undo scrolled the phone's page; the map's top row back on screen.
      await page.locator('#grid').evaluate((grid) => grid.scrollIntoView({ block: 'center' }));
      // A tap on a wall shows it and leaves it a wall: on a touch screen only a drag edits.
      await touchStroke(page, [{ x: 1, y: 0 }]);
      await waitForText(page, '#inspector', /\(1,0\)/);
      await waitForWalls(page, [{ x: 1, y: 0 }], [true]);
      const point = await cellPoint(page, goal.x, goal.y);
      await page.touchscreen.tap(point.x, point.y);
      await waitForText(page, '#inspector', new RegExp(`\\(${goal.x},${goal.y}\\) — goal`));
    });
  });

  it('moves a zoomed map with two fingers, pinches to zoom, and takes back what the first finger drew', async () => {
    await withApp(browser(), '?size=40x30', PHONE, async ({ page }) => {
      for (let k = 0; k < 4; k++) await page.click('#zoom-in');
      await waitForText(page, '#zoom-label', /^4×$/);
      const scroll = () => page.locator('#board').evaluate((board) => ({ x: board.scrollLeft, y: board.scrollTop }));
      const before = await scroll();
      const box = await page.locator('#grid').boundingBox();
      const first = { x: box.x + box.width * 0.4, y: box.y + box.height * 0.5, id: 0 };
      const second = { x: first.x + 60, y: first.y, id: 1 };
      const cdp = await page.context().newCDPSession(page);
      const touch = (type, touchPoints) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
      // The first finger lands alone and paints a wall; the second turns it into a pan.
      await touch('touchStart', [first]);
      await touch('touchStart', [first, second]);
      const shift = (p, dx, dy) => ({ ...p, x: p.x + dx, y: p.y + dy });
      for (let k = 1; k <= 4; k++) await touch('touchMove', [shift(first, -20 * k, -10 * k), shift(second, -20 * k, -10 * k)]);
      await touch('touchEnd', []);
      await page.waitForFunction(
        ({ x, y }) => document.getElementById('board').scrollLeft >= x + 75 && document.getElementById('board').scrollTop >= y + 35,
        before,
      );
      assert.ok(await page.locator('#undo').isDisabled(), 'the dab of the first finger was taken back');

      // Spreading two fingers from 60 to 100 px apart zooms in one step.
      const left = { x: box.x + box.width * 0.3, y: box.y + box.height * 0.5, id: 0 };
      await touch('touchStart', [left]);
      await touch('touchStart', [left, { ...left, x: left.x + 60, id: 1 }]);
      for (let k = 1; k <= 2; k++) await touch('touchMove', [shift(left, -10 * k, 0), { ...left, x: left.x + 60 + 10 * k, id: 1 }]);
      await touch('touchEnd', []);
      await waitForText(page, '#zoom-label', /^6×$/);
      assert.ok(await page.locator('#undo').isDisabled());
      await cdp.detach();
    });
  });
});
