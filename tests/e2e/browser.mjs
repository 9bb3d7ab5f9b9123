// Shared helpers for the browser tests: node:test files in this folder that drive headless
// Chromium with playwright-core. `cargo xtask test` builds everything, serves the
// repository and runs them with:
//   E2E_BASE_URL   http://127.0.0.1:PORT/ serving the repository root (pkg/ built)
//   E2E_DIST_FILE  absolute path of the single-file build, dist/astar-visualizer.html
//   CHROME         the Chromium or Chrome to drive (never a downloaded browser)
//   E2E_XTASK      the built xtask executable, for tests that start servers of their own
//                  (`$E2E_XTASK serve --port 0 --no-build`)
//
// Exports:
//   launchBrowser() -> Promise<Browser>
//     Starts headless Chromium.
//   browserForThisFile() -> () => Browser
//     Registers `before`/`after` hooks that launch one browser for the calling test file's
//     tests and close it after them; the returned function gives that browser.
//   openPage(browser, target = '', contextOptions = {}) -> Promise<{ page, context, errors, responses }>
//     Opens a page in a fresh browser context and waits for its `load` event.
//     target: a path relative to E2E_BASE_URL ('' for index.html, '?example=maze', ...), a
//       full http:// URL, or DIST (optionally followed by a query: `${DIST}?embed`) for the dist file via file://.
//     contextOptions: passed to browser.newContext (viewport, deviceScaleFactor, hasTouch...).
//     errors: strings for every console error, uncaught exception, failed request and HTTP
//       error status, collected from before the page's first script runs. Finish each test
//       with assertNoErrors(errors).
//     responses: [{ url, status, contentType }] for every response the page received.
//     Close with `await context.close()`.
//   waitForDrawnCanvas(page, selector = 'canvas') -> Promise<number>
//     Waits until that canvas has been drawn with at least four distinct colours (the map
//     needs the engine: ground, wall, start, goal) and returns the number of colours seen.
//   canvasDigest(page, selector = 'canvas') -> Promise<{ width, height, digest }>
//     A hash of the canvas's pixels, to tell whether two pictures are identical.
//   assertNoErrors(errors)
//     Fails the test listing every error the page reported.
//   servedUrl(path = '') / distUrl(query = '') -> string
//     The full URLs openPage uses.
//   requiredEnv(name) -> string
//     That environment variable, or an error that says how to run the tests.
//   DIST
//     The target that means "the dist file".

import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

export const DIST = 'dist:';

// The errors openPage collected for each page, so a helper that gives up waiting can say
// what the page reported.
const errorsOfPage = new WeakMap();

// Headless on a closed network, as root in CI: no sandbox (it needs a non-root user), and
// none of the background traffic Chromium would otherwise try to send.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function requiredEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: run the browser tests with \`cargo xtask test\`, which builds ` +
        'the page, serves it and sets E2E_BASE_URL, E2E_DIST_FILE, CHROME and E2E_XTASK',
    );
  }
  return value;
}

export function browserForThisFile() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => browser;
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: requiredEnv('CHROME'),
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export function servedUrl(path = '') {
  return new URL(path, requiredEnv('E2E_BASE_URL')).href;
}

export function distUrl(query = '') {
  return pathToFileURL(requiredEnv('E2E_DIST_FILE')).href + query;
}

// Runs in the page before its own scripts: keeps the last text drawn at each spot of the
// grid canvas, and forgets it when that spot is painted over, so that a test can read the
// numbers in a cell as they were drawn. It only watches; the page draws as it always does.
function recordGridText() {
  const drawn = new Map();
  Object.defineProperty(window, 'gridTextForTests', { value: drawn });
  const canvasProto = CanvasRenderingContext2D.prototype;
  const { fillText, fillRect } = canvasProto;
  canvasProto.fillText = function (text, x, y, ...rest) {
    if (this.canvas.id === 'grid') {
      drawn.set(`${x},${y}`, { text: String(text), x, y, align: this.textAlign });
    }
    return fillText.call(this, text, x, y, ...rest);
  };
  canvasProto.fillRect = function (x, y, width, height) {
    if (this.canvas.id === 'grid') {
      for (const [key, t] of drawn) {
        if (t.x >= x && t.x <= x + width && t.y >= y && t.y <= y + height) drawn.delete(key);
      }
    }
    return fillRect.call(this, x, y, width, height);
  };
}

export async function openPage(browser, target = '', contextOptions = {}) {
  const url = target.startsWith(DIST) ? distUrl(target.slice(DIST.length)) : servedUrl(target);
  const context = await browser.newContext(contextOptions);
  await context.addInitScript(recordGridText);
  const page = await context.newPage();
  const errors = [];
  const responses = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const where = message.location();
      errors.push(`console error: ${message.text()} (${where.url}:${where.lineNumber})`);
    }
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error}`));
  page.on('requestfailed', (request) => {
    errors.push(`request failed: ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('response', (response) => {
    const headers = response.headers();
    responses.push({
      url: response.url(),
      status: response.status(),
      contentType: headers['content-type'] ?? '',
    });
    if (response.status() >= 400) {
      errors.push(`HTTP ${response.status()}: ${response.url()}`);
    }
  });
  errorsOfPage.set(page, errors);
  await page.goto(url, { waitUntil: 'load' });
  return { page, context, errors, responses };
}

// Runs in the page: the number of distinct colours on the canvas if there are at least
// four, else false. Copies onto a 2D canvas so it works whatever context the page draws with.
function countColours(selector) {
  const canvas = document.querySelector(selector);
  if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const context = copy.getContext('2d');
  context.drawImage(canvas, 0, 0);
  const { data } = context.getImageData(0, 0, copy.width, copy.height);
  const seen = new Set();
  for (let i = 0; i < data.length && seen.size < 64; i += 4) {
    if (data[i + 3] !== 0) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
  }
  return seen.size >= 4 ? seen.size : false;
}

export async function waitForDrawnCanvas(page, selector = 'canvas') {
  try {
    const colours = await page.waitForFunction(countColours, selector, { timeout: 20_000 });
    return await colours.jsonValue();
  } catch (error) {
    // Say why: errors the page reported, or a message it shows (it catches its own).
    const reported = errorsOfPage.get(page) ?? [];
    const alerts = await page
      .locator('[role="alert"]:visible')
      .allTextContents()
      .catch(() => []);
    const shown = alerts.map((text) => `page shows: ${text.replace(/\s+/g, ' ').trim()}`);
    const why = [...reported, ...shown];
    throw new Error(
      `${selector} was not drawn (${error.message.split('\n')[0]}); ` +
        (why.length > 0 ? why.join('\n') : 'the page reported no error'),
    );
  }
}

export async function canvasDigest(page, selector = 'canvas') {
  return page.evaluate((selector) => {
    const canvas = document.querySelector(selector);
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d');
    context.drawImage(canvas, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    // FNV-1a over the RGBA bytes: equal pictures, equal digests.
    let hash = 0x811c9dc5;
    for (let i = 0; i < data.length; i += 1) {
      hash = Math.imul(hash ^ data[i], 0x01000193) >>> 0;
    }
    return { width: copy.width, height: copy.height, digest: hash.toString(16) };
  }, selector);
}

export function assertNoErrors(errors) {
  assert.deepEqual(errors, [], `the page reported errors:\n${errors.join('\n')}`);
}
