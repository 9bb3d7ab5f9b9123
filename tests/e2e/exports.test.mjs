// Exports: the PNG of the current frame (1x and 2x, legend or not) decodes to the right size
// and shows the path; the animation decodes to one frame per step, slide-sized, and can be
// cancelled; the Posthoc trace parses as YAML and matches the search on screen.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import YAML from 'yaml';
import { GifReader } from 'omggif';
import { browserForThisFile, DIST } from './browser.mjs';
import { DESKTOP, withApp, withPanes, gridInfo, cellSize, readout, waitForText } from './page.mjs';
import { PALETTE } from '../../www/board/palette.js';

const browser = browserForThisFile();
const WALL = '?map=OOOOOOOO/OOOOXOOO/OOSOXOEO/OOOOXOOO/OOOOOOOO';

async function download(page, button) {
  const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: saved.suggestedFilename(), bytes: await readFile(await saved.path()) };
}

// Opens the Export panel and waits for it to offer the whole search (the panel's toggle
// event, which fills in the range, comes a task after the click).
async function openExportPanel(page) {
  await page.locator('#export-panel > summary').click();
  await page.waitForFunction(() => document.getElementById('export-to').max !== '');
}

function pixel(png, x, y) {
  const i = (Math.floor(y) * png.width + Math.floor(x)) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
}

function hexRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function near(a, b, tolerance = 8) {
  return a.every((v, i) => Math.abs(v - b[i]) <= tolerance);
}

// An animation of steps 0 to 4 at 0.7 s a step, holding the last frame: its frames' delays,
// and the page's colours in its cells and its legend. The export panel is open.
async function assertTimedAnimation(page) {
  await page.getByLabel('To step').fill('4');
  await page.getByLabel('Seconds per step').fill('0.7');
  await page.getByLabel('Hold the last frame (s)').fill('2.5');
  const gif = new GifReader(new Uint8Array((await download(page, 'Export animation')).bytes));
  assert.equal(gif.numFrames(), 5);
  // GIF delays are in hundredths of a second.
  const delays = Array.from({ length: 5 }, (_, k) => gif.frameInfo(k).delay);
  assert.deepEqual(delays, [70, 70, 70, 70, 320]);
  const frame = (k) => {
    const pixels = new Uint8Array(gif.width * gif.height * 4);
    gif.decodeAndBlitFrameRGBA(k, pixels);
    return (x, y) => Array.from(pixels.subarray((y * gif.width + x) * 4, (y * gif.width + x) * 4 + 3));
  };
  const cell = gif.width / 8;
  // Step 1 opens the start's neighbours: (1,2), left of the start, framed in the page's
  // pink for "just opened" (the left side of the frame, clear of its numbers, of its
  // arrow, which points right, and of the next node's marker, which is on (3,2)).
  const ring = cell >= 24 ? Math.round(cell * 0.08) : 1;
  const at = frame(1)(cell + Math.floor(ring / 2), 2 * cell + Math.floor(cell / 2));
  assert.deepEqual(at, hexRgb(PALETTE.touched));
  // The legend's swatch of it shows the same colour in every frame, step 0 included.
  const first = frame(0);
  let legendPink = 0;
  for (let y = 5 * cell; y < gif.height; y++) {
    for (let x = 0; x < gif.width; x++) if (near(first(x, y), hexRgb(PALETTE.touched), 0)) legendPink++;
  }
  assert.ok(legendPink > 10, `the legend's "just opened" swatch (${legendPink} px)`);

  await page.getByLabel('Seconds per step').fill('5');
  await page.getByRole('button', { name: 'Export animation' }).click();
  await waitForText(page, '#message-text', /Each step of the animation shows for 0\.2 to 3 seconds/);
}

// The trace of a bidirectional search (chosen and run to its end, export panel open): its two sides told apart,
// and a path Posthoc can follow from the end back to the source.
async function assertBidirectionalTrace(page) {
  const trace = YAML.parse((await download(page, 'Export trace')).bytes.toString('utf8'));
  const rect = trace.views.main[0];
  assert.equal(rect.alpha, "${{ $.side == 'backward' ? 0.5 : 1 }}");
  const sides = new Set(trace.events.map((e) => e.side));
  assert.deepEqual([...sides].sort(), ['backward', 'forward', undefined].sort());
  for (const e of trace.events) {
    const joined = ['source', 'destination', 'path', 'end'].includes(e.type);
    assert.equal(e.side === undefined, joined, JSON.stringify(e));
  }
  // Posthoc takes a node's parent from the last event about it: from `end` back to the source.
  const parent = new Map(trace.events.map((e) => [e.id, e.pId]));
  const end = trace.events.at(-1);
  assert.equal(end.type, 'end');
  const { start, goal, width } = await gridInfo(page);
  assert.equal(end.id, goal.y * width + goal.x);
  const path = [end.id];
  while (parent.get(path.at(-1)) !== null && path.length <= trace.events.length) path.push(parent.get(path.at(-1)));
  assert.equal(path.at(-1), start.y * width + start.x, `followed ${path}`);
  // The page, at the end of the same search, shows the same cost.
  await waitForText(page, '#result', new RegExp(`^Path found: cost ${end.g}\\b`));
}

describe('exporting', () => {
  it('saves the frame as drawn as a PNG at 1x and 2x, with and without the legend', async () => {
    await withApp(browser(), WALL, DESKTOP, async ({ page }) => {
      await page.getByRole('button', { name: /To end/ }).click();
      await waitForText(page, '#result', /^Path found/);
      const { width, height, start } = await gridInfo(page);
      const cell = await cellSize(page);
      await openExportPanel(page);

      await page.getByLabel('Include the legend').uncheck();
      const plain = await download(page, 'Export PNG');
      assert.match(plain.name, /^astar-step-\d+\.png$/);
      const one = PNG.sync.read(plain.bytes);
      const cellPx = Math.floor(cell);
      assert.equal(one.width, width * cellPx);
      assert.equal(one.height, height * cellPx);
      // The start cell in its colour (in the middle, clear of its digits and its ring), and
      // the path line: a few cells' length of its colour.
      assert.ok(near(pixel(one, (start.x + 0.5) * cellPx, (start.y + 0.55) * cellPx), hexRgb(PALETTE.start)), 'the start is drawn');
      let pathPixels = 0;
      for (let y = 0; y < one.height; y++) {
        for (let x = 0; x < one.width; x++) if (near(pixel(one, x, y), hexRgb(PALETTE.path), 12)) pathPixels++;
      }
      assert.ok(pathPixels >= 3 * cellPx, `the path line is in the picture (${pathPixels} px of its colour)`);

      await page.getByLabel('Include the legend').check();
      await page.getByLabel('Picture size').selectOption('2');
      const two = PNG.sync.read((await download(page, 'Export PNG')).bytes);
      assert.equal(two.width, width * Math.floor(cell * 2));
      assert.ok(two.height > height * Math.floor(cell * 2), 'the legend is under the map');
      const legendRow = [];
      for (let x = 0; x < two.width; x++) legendRow.push(pixel(two, x, height * Math.floor(cell * 2) + 28));
      assert.ok(legendRow.some((c) => near(c, hexRgb(PALETTE.goal))), 'the legend shows the goal colour');
    });
  });

  it('offers a search run after the panel opened, on a map too large to be searched ahead', async () => {
    await withApp(browser(), '?size=300x260&algorithm=dijkstra', DESKTOP, async ({ page }) => {
      await openExportPanel(page);
      assert.equal(await page.inputValue('#export-to'), '0', 'nothing searched yet');
      await page.getByRole('button', { name: 'To end' }).click();
      await waitForText(page, '#timeline-label', /^(\d+) \/ \1$/);
      const total = (await page.locator('#timeline-label').textContent()).split(' / ')[1];
      await page.waitForFunction((steps) => document.getElementById('export-to').value === steps, total);
      assert.equal(await page.locator('#export-to').getAttribute('max'), total);
    });
  });

  it('saves steps as an animated GIF sized for a slide, one frame per step, taking the seconds per step and the hold on the last frame, in the page\'s colours', async () => {
    await withApp(browser(), WALL, DESKTOP, async ({ page }) => {
      await openExportPanel(page);
      const total = Number(await page.inputValue('#export-to'));
      assert.ok(total >= 5, `the whole search is offered (${total} steps)`);
      await page.getByLabel('From step').fill('2');
      const { name, bytes } = await download(page, 'Export animation');
      assert.equal(name, `astar-steps-2-${total}.gif`);
      const gif = new GifReader(new Uint8Array(bytes));
      assert.equal(gif.numFrames(), total - 2 + 1);
      // An 8x5 map on a 960x540 slide: 5 rows of cells and the legend's rows fill its
      // height, with cells of a whole number of pixels.
      const cell = gif.width / 8;
      assert.ok(Number.isInteger(cell) && gif.width <= 960 && gif.height <= 540, `${gif.width}x${gif.height}`);
      const legendHeight = gif.height - 5 * cell;
      assert.ok(legendHeight >= 28 && legendHeight < 120, `legend ${legendHeight} px`);
      assert.equal(cell, Math.floor(Math.min(960 / 8, (540 - legendHeight) / 5)));
      // The frames differ (the search moves) and the last one shows the path.
      const frame = (k) => {
        const pixels = new Uint8Array(gif.width * gif.height * 4);
        gif.decodeAndBlitFrameRGBA(k, pixels);
        return pixels;
      };
      const count = (pixels, colour) => {
        let n = 0;
        for (let i = 0; i < pixels.length; i += 4) if (near([pixels[i], pixels[i + 1], pixels[i + 2]], colour, 12)) n++;
        return n;
      };
      const path = hexRgb(PALETTE.path);
      assert.equal(count(frame(0), path) < 200, true, 'no path at step 2');
      assert.ok(count(frame(gif.numFrames() - 1), path) > 1000, 'the path at the end');
      assert.ok(count(frame(1), hexRgb(PALETTE.closed)) > count(frame(0), hexRgb(PALETTE.closed)), 'one more node closed per frame');
      // The page stayed where it was.
      assert.match((await readout(page)).step, /^0 \//);

      await page.getByLabel('From step').fill('9');
      await page.getByLabel('To step').fill('3');
      await page.getByRole('button', { name: 'Export animation' }).click();
      await waitForText(page, '#message-text', /"from" before "to"/);
      await page.getByLabel('From step').fill('0');
      await assertTimedAnimation(page);
    });
  });

  it('names every mark and the key to the numbers in the exported legend, in both languages', async () => {
    for (const [lang, touched, key] of [['en', 'Just opened or improved', /F = G \+ H/], ['zh', /刚加入/, /F = G \+ H/]]) {
      await withApp(browser(), `${WALL}&lang=${lang}&algorithm=jps`, DESKTOP, async ({ page }) => {
        const legend = await page.evaluate(async () => {
          const { PictureMaker } = await import('./www/export/picture.js');
          const { finderOf } = await import('./www/finders/catalogue.js');
          const { PALETTE, hexToRgb } = await import('./www/board/palette.js');
          const maker = new PictureMaker(document);
          maker.layout(8, 5, 40, 1, true, finderOf('jps'));
          const canvas = document.createElement('canvas');
          canvas.width = maker.width;
          canvas.height = maker.height;
          const ctx = canvas.getContext('2d');
          maker.drawLegend(ctx);
          const colourAt = (x, y) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
          const entries = maker.legendLayout();
          const swatch = (k) => entries.find((e) => e.key === k);
          const touchedSwatch = swatch('legend.touched');
          return {
            keys: entries.map((e) => e.key),
            labels: Object.fromEntries(entries.map((e) => [e.key, e.label])),
            rows: new Set(entries.map((e) => e.y)).size,
            inside: entries.every((e) => e.x + e.side <= maker.width && e.y + e.side <= maker.height),
            ring: colourAt(touchedSwatch.x + 1, touchedSwatch.y + touchedSwatch.side / 2),
            touched: hexToRgb(PALETTE.touched),
            nextRing: colourAt(swatch('legend.next').x + 2, swatch('legend.next').y + 1),
            next: hexToRgb(PALETTE.next),
          };
        });
        for (const k of ['start', 'goal', 'wall', 'open', 'closed', 'current', 'touched', 'next', 'path', 'scanned', 'jump-point', 'forced', 'cell-key']) {
          assert.ok(legend.keys.includes(`legend.${k}`), `${lang}: legend.${k} in ${legend.keys}`);
        }
        assert.match(legend.labels['legend.touched'], touched instanceof RegExp ? touched : new RegExp(touched));
        assert.match(legend.labels['legend.cell-key'], key);
        assert.ok(legend.rows >= 2 && legend.inside, `${lang}: the legend wraps inside the picture`);
        assert.deepEqual(legend.ring, legend.touched);
        assert.deepEqual(legend.nextRing, legend.next);
      });
    }
  });

  it('saves an animation from the single-file build too', async () => {
    await withApp(browser(), `${DIST}${WALL}`, DESKTOP, async ({ page }) => {
      await openExportPanel(page);
      const total = Number(await page.inputValue('#export-to'));
      const gif = new GifReader(new Uint8Array((await download(page, 'Export animation')).bytes));
      assert.equal(gif.numFrames(), total + 1);
    });
  });

  it('cancels a long animation', async () => {
    await withApp(browser(), '?size=60x40&algorithm=dijkstra', DESKTOP, async ({ page }) => {
      await openExportPanel(page);
      let downloads = 0;
      page.on('download', () => downloads++);
      await page.getByRole('button', { name: 'Export animation' }).click();
      const progress = page.getByRole('progressbar', { name: 'Animation progress' });
      await progress.waitFor({ state: 'visible' });
      await page.waitForFunction(() => Number(document.getElementById('export-progress-bar').value) > 0);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await waitForText(page, '#message-text', /cancelled/);
      assert.equal(await progress.isVisible(), false);
      assert.equal(downloads, 0);
    });
  });

  it('writes the search as a Posthoc trace that matches the page, a bidirectional one with its two sides told apart', async () => {
    await withApp(browser(), WALL, DESKTOP, async ({ page }) => {
      await page.getByRole('button', { name: 'Step', exact: true }).click();
      await waitForText(page, '#count-step', /^1 \//);
      await openExportPanel(page);
      const { name, bytes } = await download(page, 'Export trace');
      assert.equal(name, 'astar-search.trace.yaml');
      const trace = YAML.parse(bytes.toString('utf8'));
      assert.equal(trace.version, '1.4.0');
      assert.ok(Array.isArray(trace.views.main) && trace.views.main[0].$ === 'rect');
      const { start, goal, width } = await gridInfo(page);
      const id = (p) => p.y * width + p.x;
      const [source, destination] = trace.events;
      assert.deepEqual([source.type, source.id, source.x, source.y], ['source', id(start), start.x, start.y]);
      assert.deepEqual([destination.type, destination.id], ['destination', id(goal)]);
      for (const event of trace.events) {
        for (const key of ['type', 'id', 'pId', 'x', 'y', 'g', 'h', 'f']) assert.ok(key in event, `${key} in ${JSON.stringify(event)}`);
      }
      // The whole search, whatever step the page is at: as many expansions as the page counts
      // at the end, and an end event at the goal with the cost the page shows.
      await page.getByRole('button', { name: /To end/ }).click();
      await waitForText(page, '#result', /^Path found/);
      const { expanded, result } = await readout(page);
      const count = (type) => trace.events.filter((e) => e.type === type).length;
      assert.equal(count('expanding'), Number(expanded));
      assert.equal(count('closing'), Number(expanded));
      const end = trace.events.at(-1);
      assert.equal(end.type, 'end');
      assert.equal(end.id, id(goal));
      assert.match(result, new RegExp(`cost ${end.g}\\b`));
      // Each event's parent was generated before it.
      const seen = new Set();
      for (const e of trace.events) {
        if (e.pId !== null && e.type !== 'source' && e.type !== 'destination') assert.ok(seen.has(e.pId), `parent ${e.pId} of ${JSON.stringify(e)}`);
        if (e.type === 'generating') seen.add(e.id);
      }
      // Another finder chosen after the end runs at once to its own end.
      await page.locator('#algorithm').selectOption('bi-astar');
      // The side panel is redrawn for the finder chosen, moving the Export button.
      await waitForText(page, '#pseudocode-algorithm', /Bidirectional A\*/);
      await assertBidirectionalTrace(page);
    });
  });
});

// The exports show the view on show: a walk's animation walks (the fog over what the agent
// has not seen, the agent moving), and the compare view's PNG and animation have every pane
// under its name, and its trace is a file per pane.
describe('exports follow the view', () => {
  const count = (pixels, colour, tolerance = 12) => {
    let n = 0;
    for (let i = 0; i < pixels.length; i += 4) if (near([pixels[i], pixels[i + 1], pixels[i + 2]], colour, tolerance)) n++;
    return n;
  };

  it('animates a walk as it walks, and pictures, animates and traces every pane of the compare view', async () => {
    await withApp(browser(), '?example=dstar-detour&algorithm=dstar-lite&walk=1&sensor=1.5', DESKTOP, async ({ page }) => {
      await openExportPanel(page);
      await page.getByLabel('To step').fill('6');
      const gif = new GifReader(new Uint8Array((await download(page, 'Export animation')).bytes));
      assert.equal(gif.numFrames(), 7, 'one frame per move');
      // The fog is laid over the ground at 55%, as on the board.
      const fogOverGround = hexRgb(PALETTE.fog).map((v, i) => 0.55 * v + 0.45 * hexRgb(PALETTE.ground)[i]);
      // Where the agent is drawn in a frame: the mean of its colour's pixels.
      const frame = (k) => {
        const pixels = new Uint8Array(gif.width * gif.height * 4);
        gif.decodeAndBlitFrameRGBA(k, pixels);
        let x = 0;
        let n = 0;
        for (let i = 0; i < pixels.length; i += 4) {
          if (near([pixels[i], pixels[i + 1], pixels[i + 2]], hexRgb(PALETTE.agent), 12)) {
            x += (i / 4) % gif.width;
            n++;
          }
        }
        return { fog: count(pixels, fogOverGround, 6) / (gif.width * gif.height), agent: n, x: x / n };
      };
      const [first, last] = [frame(0), frame(6)];
      assert.ok(first.fog > 0.3, `fog over most of the unseen map (${first.fog.toFixed(2)})`);
      assert.ok(first.agent > 20 && last.agent > 20, 'the agent in every frame');
      assert.ok(last.x - first.x > gif.width / 40, `the agent walks east (${first.x.toFixed(0)} → ${last.x.toFixed(0)})`);
    });
    await withPanes(browser(), '?compare=astar,dijkstra,greedy&example=tutorial-wall&step=6', DESKTOP, async ({ page }) => {
      await openExportPanel(page);
      const { name, bytes } = await download(page, 'Export PNG');
      assert.equal(name, 'astar-step-6.png');
      const png = PNG.sync.read(bytes);
      assert.ok(png.width > 3 * png.height / 2, `three panes side by side (${png.width}x${png.height})`);
      // Each third has its map (start, goal, its own closed cells) under a line of text.
      const third = png.width / 3;
      const inThird = (k, colour, top = 0, bottom = png.height) => {
        let n = 0;
        for (let y = top; y < bottom; y++) for (let x = Math.ceil(k * third); x < (k + 1) * third - 1; x++) if (near(pixel(png, x, y), colour, 12)) n++;
        return n;
      };
      const closed = [0, 1, 2].map((k) => inThird(k, hexRgb(PALETTE.closed)));
      for (const k of [0, 1, 2]) {
        assert.ok(inThird(k, hexRgb(PALETTE.start)) > 50 && inThird(k, hexRgb(PALETTE.goal)) > 50, `pane ${k + 1}: its map`);
        assert.ok(inThird(k, hexRgb(PALETTE.text), 0, 20) > 20, `pane ${k + 1}: its name above it`);
      }
      assert.ok(new Set(closed).size > 1, `each pane its own search (closed ${closed})`);
      // The animation steps every pane together, on a slide.
      await page.getByLabel('To step').fill('6');
      const gif = new GifReader(new Uint8Array((await download(page, 'Export animation')).bytes));
      assert.equal(gif.numFrames(), 7);
      assert.ok(gif.width <= 960 && gif.height <= 540 && gif.width > 3 * gif.height / 2, `${gif.width}x${gif.height}`);
      const thirds = (k) => {
        const pixels = new Uint8Array(gif.width * gif.height * 4);
        gif.decodeAndBlitFrameRGBA(k, pixels);
        const counts = [0, 0, 0];
        const colour = hexRgb(PALETTE.closed);
        for (let i = 0; i < pixels.length; i += 4) {
          if (near([pixels[i], pixels[i + 1], pixels[i + 2]], colour, 12)) counts[Math.min(2, Math.floor(((i / 4) % gif.width) / (gif.width / 3)))]++;
        }
        return counts;
      };
      const [before, after] = [thirds(0), thirds(6)];
      for (const k of [0, 1, 2]) assert.ok(after[k] > before[k], `pane ${k + 1} searches in the animation (${before} → ${after})`);
      // The trace: each pane's whole search, a file each, named by place and finder.
      const files = [];
      const saving = new Promise((resolve) => {
        page.on('download', async (saved) => {
          files.push({ name: saved.suggestedFilename(), text: (await readFile(await saved.path())).toString('utf8') });
          if (files.length === 3) resolve();
        });
      });
      await page.getByRole('button', { name: 'Export trace' }).click();
      let timer;
      const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`a trace per pane, got ${files.map((f) => f.name)}`)), 10_000);
      });
      await Promise.race([saving, late]).finally(() => clearTimeout(timer));
      files.sort((a, b) => a.name.localeCompare(b.name));
      assert.deepEqual(files.map((f) => f.name), ['astar-search-1-astar.trace.yaml', 'astar-search-2-dijkstra.trace.yaml', 'astar-search-3-greedy.trace.yaml']);
      const traces = files.map(({ text }) => YAML.parse(text));
      const ends = traces.map(({ events }) => [events[0].type, events[0].id, events[1].type, events[1].id]);
      assert.deepEqual(new Set(ends.map(String)).size, 1, `the same start and goal in each (${ends})`);
      const expansions = traces.map(({ version, events }) => {
        assert.equal(version, '1.4.0');
        const end = events.at(-1);
        assert.deepEqual([end.type, end.id], ['end', events[1].id], 'each search to its end');
        return events.filter((e) => e.type === 'expanding').length;
      });
      // Dijkstra looks further than A*, and greedy best-first less far.
      assert.ok(expansions[1] > expansions[0] && expansions[2] < expansions[0], `expansions ${expansions}`);
    });
  });
});
