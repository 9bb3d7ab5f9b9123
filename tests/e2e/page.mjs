// Helpers for the page's browser tests: they read what a person sees (texts, the accessible
// name of the grid, canvas pixels) and act as a person does (mouse, touch, keyboard). The
// page has no test-only hooks.

import assert from 'node:assert/strict';
import { openPage, waitForDrawnCanvas, assertNoErrors } from './browser.mjs';

export const DESKTOP = { viewport: { width: 1366, height: 768 } };
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };

// Opens the page and waits until the map is drawn and the panels are filled in.
export async function openApp(browser, target = '', contextOptions = DESKTOP) {
  const opened = await openPage(browser, target, contextOptions);
  await waitForDrawnCanvas(opened.page, '#grid');
  await opened.page.waitForFunction(() => document.getElementById('narration').textContent !== '');
  return opened;
}

// Runs body({ page, context }) on a freshly opened page, then checks that the page reported
// no error at any point, and closes it.
export async function withApp(browser, target, contextOptions, body) {
  const { page, context, errors } = await openApp(browser, target, contextOptions);
  try {
    await body({ page, context });
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
}

// As withApp, for a link that opens the compare view: it waits for the panes to be drawn
// (the single view's board is hidden then).
export async function withPanes(browser, target, contextOptions, body) {
  const { page, context, errors } = await openPage(browser, target, contextOptions);
  try {
    await waitForDrawnCanvas(page, '.pane-grid');
    await body({ page, context });
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
}

export async function text(page, selector) {
  return (await page.locator(selector).textContent()).trim();
}

// The read-outs under the map.
export async function readout(page) {
  return page.evaluate(() => {
    const get = (id) => document.getElementById(id).textContent.trim();
    return {
      step: get('count-step'),
      expanded: get('count-expanded'),
      open: get('count-open'),
      result: get('result'),
      narration: get('narration'),
      timeline: get('timeline-label'),
    };
  });
}

// Grid size, start and goal, from the grid's accessible name
// ("Grid map, 20 by 12 cells, start (5,6), goal (14,6).").
export async function gridInfo(page) {
  const label = await page.locator('#grid').getAttribute('aria-label');
  const match = /(\d+) by (\d+) cells, start \((\d+),(\d+)\), goal \((\d+),(\d+)\)/.exec(label);
  assert.ok(match, `unexpected grid label: ${label}`);
  const [width, height, sx, sy, gx, gy] = match.slice(1).map(Number);
  return { width, height, start: { x: sx, y: sy }, goal: { x: gx, y: gy } };
}

// Where the grid canvas is on the screen and which part of the grid it shows: the renderer
// publishes its cell size and viewport origin (device px) on the canvas.
async function canvasGeometry(page) {
  const box = await page.locator('#grid').boundingBox();
  const geometry = await page.evaluate(() => {
    const canvas = document.getElementById('grid');
    const { cell, originX, originY } = canvas.dataset;
    return { width: canvas.width, height: canvas.height, cell: Number(cell), originX: Number(originX), originY: Number(originY) };
  });
  return { box, ...geometry };
}

// Where a point inside cell (x, y) is on the screen; fx, fy in 0..1 across the cell.
export async function cellPoint(page, x, y, fx = 0.5, fy = 0.5) {
  const { box, width, height, cell, originX, originY } = await canvasGeometry(page);
  return {
    x: box.x + (((x + fx) * cell - originX) * box.width) / width,
    y: box.y + (((y + fy) * cell - originY) * box.height) / height,
  };
}

// The CSS size of one cell.
export async function cellSize(page) {
  const { box, width, cell } = await canvasGeometry(page);
  return (cell * box.width) / width;
}

// The colour drawn at a point of a cell, [r, g, b], read from the grid canvas.
export async function cellColour(page, x, y, fx = 0.5, fy = 0.5) {
  return page.evaluate(({ x, y, fx, fy }) => {
    const canvas = document.getElementById('grid');
    const { cell, originX, originY } = canvas.dataset;
    const px = Math.floor((x + fx) * Number(cell) - Number(originX));
    const py = Math.floor((y + fy) * Number(cell) - Number(originY));
    const data = canvas.getContext('2d').getImageData(px, py, 1, 1).data;
    return [data[0], data[1], data[2]];
  }, { x, y, fx, fy });
}

// The pixels ([r, g, b, a, ...]) of a region of cell (x, y) as drawn on the grid canvas;
// fx0..fx1, fy0..fy1 in 0..1 across the cell.
async function cellRegion(page, x, y, [fx0, fy0, fx1, fy1]) {
  return page.evaluate(({ x, y, fx0, fy0, fx1, fy1 }) => {
    const canvas = document.getElementById('grid');
    const cell = Number(canvas.dataset.cell);
    const left = Math.floor((x + fx0) * cell - Number(canvas.dataset.originX));
    const top = Math.floor((y + fy0) * cell - Number(canvas.dataset.originY));
    const w = Math.max(1, Math.floor((fx1 - fx0) * cell));
    const h = Math.max(1, Math.floor((fy1 - fy0) * cell));
    return Array.from(canvas.getContext('2d').getImageData(left, top, w, h).data);
  }, { x, y, fx0, fy0, fx1, fy1 });
}

// How many pixels in a region of a cell differ clearly from the region's most common colour:
// text or an arrow drawn there. fx0..fx1, fy0..fy1 in 0..1 across the cell.
export async function inkInCell(page, x, y, region) {
  const data = await cellRegion(page, x, y, region);
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const background = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  const [br, bg, bb] = [(background >> 16) & 255, (background >> 8) & 255, background & 255];
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - br) + Math.abs(data[i + 1] - bg) + Math.abs(data[i + 2] - bb) > 120) ink++;
  }
  return ink;
}

// How many pixels in a region of cell (x, y) are within `tolerance` (summed over r, g, b)
// of `colour` ([r, g, b]): a mark drawn there in that colour. fx0..fx1, fy0..fy1 in 0..1.
export async function pixelsLike(page, x, y, colour, region = [0, 0, 1, 1], tolerance = 24) {
  const data = await cellRegion(page, x, y, region);
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    const d = Math.abs(data[i] - colour[0]) + Math.abs(data[i + 1] - colour[1]) + Math.abs(data[i + 2] - colour[2]);
    if (d <= tolerance) n++;
  }
  return n;
}

// The numbers drawn in cell (x, y), as text: { F, G, H } from its top-left, bottom-left and
// bottom-right corners; a corner with nothing drawn is left out.
export async function cellNumbers(page, x, y) {
  return page.evaluate(({ x, y }) => {
    const canvas = document.getElementById('grid');
    const cell = Number(canvas.dataset.cell);
    const left = x * cell - Number(canvas.dataset.originX);
    const top = y * cell - Number(canvas.dataset.originY);
    const numbers = {};
    for (const { text, x: tx, y: ty, align } of window.gridTextForTests.values()) {
      const fx = (tx - left) / cell;
      const fy = (ty - top) / cell;
      if (fx < 0 || fx > 1 || fy < 0 || fy > 1) continue;
      if (align === 'left') numbers[fy < 0.5 ? 'F' : 'G'] = text;
      else if (align === 'right' && fy >= 0.5) numbers.H = text;
    }
    return numbers;
  }, { x, y });
}

// A fingerprint of everything drawn (both canvases), to compare two moments exactly.
export async function pictureHash(page) {
  return page.evaluate(() => {
    let hash = 2166136261;
    for (const id of ['grid', 'overlay']) {
      const canvas = document.getElementById(id);
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i], 16777619);
      hash = Math.imul(hash ^ canvas.width, 16777619);
    }
    return hash >>> 0;
  });
}

// Everything a person can read about the search at this moment.
export async function snapshot(page) {
  return {
    picture: await pictureHash(page),
    readout: await readout(page),
    log: await text(page, '#step-log'),
    openList: await text(page, '#open-rows'),
  };
}

// Hovers a cell and reads the inspector as { Cell, State, Terrain, F, G, H, Parent };
// `written` is the cell as the inspector writes it (another origin writes it otherwise).
export async function inspect(page, x, y, written = `(${x},${y})`) {
  // The board settled first: a map just opened may still move it (a message above it
  // leaving, the board fitted again on the next frame), and a point taken before would
  // land on another cell.
  await page.waitForFunction(() => new Promise((resolve) => {
    const place = () => {
      const grid = document.getElementById('grid');
      return JSON.stringify([grid.getBoundingClientRect(), grid.dataset.cell, grid.dataset.originX, grid.dataset.originY]);
    };
    const before = place();
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(place() === before)));
  }));
  const point = await cellPoint(page, x, y);
  await page.mouse.move(point.x, point.y);
  await page.waitForFunction(
    (cell) => document.querySelector('#inspector dd')?.textContent.startsWith(cell),
    written,
  );
  return page.evaluate(() => {
    const info = {};
    for (const dt of document.querySelectorAll('#inspector dt')) info[dt.textContent] = dt.nextElementSibling.textContent;
    return info;
  });
}

// A mouse stroke through cells; steps is the number of pointer moves between two cells
// (1 makes a fast stroke that jumps).
export async function mouseStroke(page, cells, steps = 1) {
  const first = await cellPoint(page, cells[0].x, cells[0].y);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const cell of cells.slice(1)) {
    const point = await cellPoint(page, cell.x, cell.y);
    await page.mouse.move(point.x, point.y, { steps });
  }
  await page.mouse.up();
}

// A one-finger stroke through cells, as real touch events (they become pointer events of
// type "touch" in the page).
export async function touchStroke(page, cells) {
  const session = await page.context().newCDPSession(page);
  const points = [];
  for (const cell of cells) points.push(await cellPoint(page, cell.x, cell.y));
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]] });
  for (const point of points.slice(1)) {
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

// Waits until the text of an element matches.
export async function waitForText(page, selector, pattern) {
  await page.waitForFunction(
    ({ selector, source, flags }) => new RegExp(source, flags).test(document.querySelector(selector).textContent),
    { selector, source: pattern.source, flags: pattern.flags },
  );
}

export function sameColour(actual, expected, tolerance = 6) {
  return actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance);
}

export function hex(colour) {
  const n = parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

// Waits until the page has drawn two more frames: what the last action changed (or would
// have changed) is on the screen then.
export async function nextFrames(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// Polls `check` (async, returning a boolean) until it holds; fails with `message` after
// `timeout` ms. For what the page does a frame or a file read later.
export async function eventually(page, check, message, timeout = 5000) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, message);
    await page.waitForTimeout(50);
  }
}

// Chooses an option as a person does: a click opens the select's list, the arrow keys move
// to the option and Enter takes it. The select keeps the focus afterwards.
export async function chooseOption(select, value) {
  const { from, to } = await select.evaluate((element, wanted) => ({
    from: element.selectedIndex,
    to: Array.from(element.options, (o) => o.value).indexOf(wanted),
  }), value);
  assert.ok(to >= 0, `no option ${value}`);
  await select.click();
  const page = select.page();
  for (let i = from; i !== to; i += Math.sign(to - from)) await page.keyboard.press(to > from ? 'ArrowDown' : 'ArrowUp');
  await page.keyboard.press('Enter');
  assert.equal(await select.inputValue(), value);
  assert.ok(await select.evaluate((element) => element === document.activeElement), 'the select keeps the focus');
}
