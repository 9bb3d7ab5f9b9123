// What a person waits for when pressing Step in the page: from the click on Step to the frame
// that shows the step drawn, for a plain A* search step, a D* Lite walk move and an A* walk
// move on the same map, in headless Chromium driving the served page (see
// docs/benchmarks.md#a-drawn-move-in-the-page). Prints the median and 90th percentile of each
// and each walk move's over the plain step's. No assertion on time: it measures, it does not
// judge (machines are noisy).
//
//   node benches/drawn_move.mjs --map NAME --sizes 512,2048 --moves N [--url URL]
//
// `cargo xtask bench --page` runs it, with the defaults of these options (its --help).
//
// --url   the served repository root (`cargo xtask serve --no-build`); without it the script
//         serves the repository itself that way, pkg/ as last built.
// --map   a 512x512 Moving AI map in tests/maps/movingai/, opened with the file input and
//         its scenario file, the last scenario placing start and goal.
//         At 2048 the same map four by four, opened as a text map with the start and goal of
//         that scenario in the first and last tiles, under the same rules.
//
// One timed step, in the page: performance.now() before the Step button's click; the step is
// taken in its handler, which asks the page's frame loop for a frame; a requestAnimationFrame
// callback asked for after the click runs after the frame loop's, in the same frame; a message
// posted from it arrives once that frame has been painted. Each time is split into the click's
// handler (the engine's step), the wait for the frame, the frame's own work (drawing board and
// panels), and painting.

import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(join(ROOT, 'tests/e2e/package.json'))('playwright-core');

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    map: { type: 'string' },
    sizes: { type: 'string' },
    moves: { type: 'string' },
    chrome: { type: 'string', default: process.env.CHROME ?? '/usr/bin/chromium' },
  },
});
for (const required of ['map', 'sizes', 'moves']) {
  if (!args[required]) throw new Error(`--${required} is required (\`cargo xtask bench --page\` gives defaults)`);
}
const MOVES = Number(args.moves);
const SIZES = args.sizes.split(',').map(Number);
if (!(Number.isInteger(MOVES) && MOVES > 0) || !SIZES.every((side) => Number.isInteger(side) && side > 0 && side % 512 === 0)) {
  throw new Error('--moves takes a positive integer and --sizes a comma list of multiples of 512');
}
// The first steps of each page are not timed: the page's code and the engine warm up.
const WARM_UP = 2;
// Steps taken on one page before the next page's turn.
const TURN = 5;

const MODES = [
  { id: 'plain', label: 'A* search step', algorithm: 'astar', walk: false },
  { id: 'dstar', label: 'D* Lite walk move', algorithm: 'dstar-lite', walk: true },
  { id: 'astarWalk', label: 'A* walk move', algorithm: 'astar', walk: true },
];

// Serves the repository as the tests do, pkg/ as last built; resolves to its URL.
function serve() {
  return new Promise((resolve, reject) => {
    // Its own process group, so that stopping it stops the server cargo started too.
    const server = spawn('cargo', ['xtask', 'serve', '--no-build', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    let out = '';
    server.stdout.on('data', (chunk) => {
      if (out === null) return; // the requests it logs
      out += chunk;
      const url = out.match(/http:\/\/127\.0\.0\.1:\d+\//)?.[0];
      if (!url) return;
      out = null;
      resolve({ url, stop: () => process.kill(-server.pid) });
    });
    server.on('exit', (code) => reject(new Error(`cargo xtask serve exited (${code}) before serving: ${out}`)));
  });
}

// The last scenario of the map's .scen: a long way, corner to corner on the city maps.
function lastScenario(name) {
  const lines = readFileSync(join(ROOT, 'tests/maps/movingai', `${name}.map.scen`), 'utf8').trim().split(/\r?\n/);
  const fields = lines.at(-1).split('\t');
  return { index: lines.length - 2, start: [Number(fields[4]), Number(fields[5])], goal: [Number(fields[6]), Number(fields[7])] };
}

// The Moving AI map four by four, as a text map (O ground, X wall, S start, E goal) with the
// scenario's start in the first tile and its goal in the last.
function tiledTextMap(name, times, scenario) {
  const lines = readFileSync(join(ROOT, 'tests/maps/movingai', `${name}.map`), 'utf8').split(/\r?\n/);
  const rows = lines.slice(lines.indexOf('map') + 1).filter((row) => row.length > 0).map((row) => row.replace(/[.GS]/g, 'O').replace(/[^O]/g, 'X'));
  const side = rows.length;
  const big = [];
  for (let ty = 0; ty < times; ty++) for (const row of rows) big.push([...row.repeat(times)]);
  const [sx, sy] = scenario.start;
  const [gx, gy] = scenario.goal;
  big[sy][sx] = 'S';
  big[gy + (times - 1) * side][gx + (times - 1) * side] = 'E';
  return big.map((row) => row.join('')).join('\n') + '\n';
}

const waitForSize = (page, side) => page.waitForFunction((size) => document.getElementById('grid').getAttribute('aria-label').includes(size), `${side} by ${side} cells`);

// Opens the page with the map of that size, the finder and (for a walk) Walk mode on.
async function openMode(browser, url, side, mode, files) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  // Opening a 2048x2048 map and starting a walk on it take seconds.
  page.setDefaultTimeout(300000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${url}?lang=en`);
  await page.waitForSelector('#step:not([disabled])');
  if (side === 512) {
    await page.setInputFiles('#map-file', files.map);
    await waitForSize(page, side);
    await page.setInputFiles('#map-file', files.scen);
    await page.waitForFunction(() => document.getElementById('scenario-list').options.length > 0);
    await page.locator('#scenario-list').selectOption(String(files.scenario.index));
  } else {
    await page.setInputFiles('#map-file', files.text);
    await waitForSize(page, side);
    // The rules the Moving AI map brings at 512.
    await page.locator('#directions').selectOption('8');
    await page.locator('#diagonal').selectOption('only-when-no-obstacles');
    await page.locator('#costs').selectOption('exact');
    await page.locator('#heuristic').selectOption('octile');
  }
  const [sx, sy] = files.scenario.start;
  await page.waitForFunction((start) => document.getElementById('grid').getAttribute('aria-label').includes(start), `start (${sx},${sy})`);
  // Walk mode is offered with D* Lite; A* walks once it is on.
  if (mode.walk) {
    await page.locator('#algorithm').selectOption('dstar-lite');
    await page.locator('#walk').click();
    await page.waitForFunction(() => document.getElementById('walk').getAttribute('aria-pressed') === 'true');
  }
  await page.locator('#algorithm').selectOption(mode.algorithm);
  await page.waitForSelector('#step:not([disabled])');
  return { page, context, errors };
}

// One Step, timed in the page (see the top of this file).
function timedStep(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const label = document.getElementById('timeline-label');
    const before = label.textContent;
    const t0 = performance.now();
    document.getElementById('step').click();
    const handled = performance.now();
    requestAnimationFrame((frameStart) => {
      const drawn = performance.now();
      const changed = label.textContent !== before;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const painted = performance.now();
        resolve({ total: painted - t0, handler: handled - t0, wait: Math.max(0, frameStart - handled), frame: drawn - Math.max(frameStart, handled), paint: painted - drawn, changed, timeline: label.textContent });
      };
      channel.port2.postMessage(null);
    });
  }));
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (v) => v.toFixed(1).padStart(8);

async function measureSize(browser, url, side, files) {
  const pages = [];
  for (const mode of MODES) pages.push({ mode, ...(await openMode(browser, url, side, mode, files)), times: [] });
  // Turns of a few steps each, so that each mode meets the machine's load as the others do.
  for (let done = -WARM_UP; done < MOVES; done += TURN) {
    for (const p of pages) {
      await p.page.bringToFront();
      for (let k = 0; k < Math.min(TURN, MOVES - done); k++) {
        const timed = await timedStep(p.page);
        if (!timed.changed) throw new Error(`${side}: ${p.mode.label}: Step drew no new step (timeline ${timed.timeline})`);
        if (done + k >= 0) p.times.push(timed);
      }
    }
  }
  for (const p of pages) {
    if (p.errors.length) throw new Error(`${side}: ${p.mode.label}: the page reported ${p.errors.join('; ')}`);
    await p.context.close();
  }
  return pages;
}

function report(side, pages) {
  console.log(`\n${side}x${side} (${args.map}${side === 512 ? '' : `, ${side / 512}x${side / 512}`}), ${pages[0].times.length} steps each: ms from the click on Step to the frame painted`);
  console.log(`${'what'.padEnd(20)}${'median'.padStart(8)}${'p90'.padStart(8)}  ${'median: handler'.padStart(15)}${'wait'.padStart(8)}${'frame'.padStart(8)}${'paint'.padStart(8)}`);
  const plain = median(pages[0].times.map((t) => t.total));
  const plainP90 = quantile(pages[0].times.map((t) => t.total), 0.9);
  for (const p of pages) {
    const of = (key) => p.times.map((t) => t[key]);
    console.log(`${p.mode.label.padEnd(20)}${ms(median(of('total')))}${ms(quantile(of('total'), 0.9))}  ${ms(median(of('handler'))).padStart(15)}${ms(median(of('wait')))}${ms(median(of('frame')))}${ms(median(of('paint')))}`);
  }
  for (const p of pages.slice(1)) {
    const total = p.times.map((t) => t.total);
    console.log(`${p.mode.label} / ${pages[0].mode.label}: median ${(median(total) / plain).toFixed(2)}x, p90 ${(quantile(total, 0.9) / plainP90).toFixed(2)}x`);
  }
}

const server = args.url ? null : await serve();
const url = args.url ?? server.url;
const scratch = mkdtempSync(join(tmpdir(), 'drawn-move-'));
const browser = await chromium.launch({
  executablePath: args.chrome,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const scenario = lastScenario(args.map);
  const maps = join(ROOT, 'tests/maps/movingai');
  for (const side of SIZES) {
    const files = { scenario, map: join(maps, `${args.map}.map`), scen: join(maps, `${args.map}.map.scen`) };
    if (side !== 512) {
      files.text = join(scratch, `${args.map}_x${side / 512}.txt`);
      writeFileSync(files.text, tiledTextMap(args.map, side / 512, scenario));
    }
    report(side, await measureSize(browser, url, side, files));
  }
} finally {
  await browser.close();
  server?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
