// Embedding (embed=1): the page fits iframes from 320x240 up with no scrolling, before,
// during and after a run and with a parameter error; the controls, legend and log options;
// the height it posts to its host.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile, servedUrl, assertNoErrors } from './browser.mjs';
import { eventually } from './page.mjs';

const browser = browserForThisFile();

const MAP = 'map=OOOOOOOO/OOOOXOOO/OOSOXOEO/OOOOXOOO/OOOOOOOO&diagonal=only-when-no-obstacles';
const SIZES = [[320, 240], [400, 300], [720, 480], [1280, 720]];

// A host page on the same server with one iframe of the given size; resolves to
// { page, context, frame, errors, heights } once the map in the frame is drawn.
// With grow, the host runs README's two-line snippet: the frame takes the height the page asks for.
async function host(query, width, height, grow = false) {
  const context = await browser().newContext({ viewport: { width: Math.max(width + 40, 400), height: height + 40 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error}`));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  // The host is a bare page of the same server; the browser's own favicon request is not the page's.
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await page.goto(servedUrl('tests/e2e/package.json'));
  const heights = [];
  await page.exposeFunction('reportHeight', (h) => heights.push(h));
  await page.setContent(`<!doctype html><link rel="icon" href="data:,"><body style="margin:0">
    <iframe id="demo" title="A* demo" src="${servedUrl(`?${query}`)}" width="${width}" height="${height}" style="border:0;display:block"></iframe>
    <script>addEventListener('message', (e) => { if (e.data?.type === 'astar-visualizer:height') reportHeight(e.data.height); });</script>
    ${grow ? "<script>addEventListener('message', (e) => { if (e.data?.type === 'astar-visualizer:height') document.getElementById('demo').height = e.data.height; });</script>" : ''}
  </body>`);
  const frame = page.frame({ url: /embed=1/ });
  await frame.waitForFunction(() => {
    const canvas = document.getElementById('grid');
    return canvas && canvas.width > 0 && document.getElementById('count-step').textContent !== '';
  }, null, { timeout: 20_000 });
  return { page, context, frame, errors, heights };
}

// Nothing scrolls and nothing shown sticks out of the frame.
async function assertFits(frame, when) {
  // The board is refitted a frame or two after a read-out changes the room left for it: give
  // it a moment to settle (a board that never fits still fails below).
  await frame.waitForFunction(() => {
    const board = document.getElementById('board');
    return board.scrollHeight <= board.clientHeight && board.scrollWidth <= board.clientWidth;
  }, null, { timeout: 5_000 }).catch(() => {});
  const report = await frame.evaluate(() => {
    const root = document.documentElement;
    const outside = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('[hidden]') || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'absolute' && element.closest('.visually-hidden')) continue;
      if (element.classList.contains('visually-hidden')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5 || box.left < -0.5 || box.top < -0.5) {
        outside.push(`${element.tagName.toLowerCase()}#${element.id}.${element.className} ${Math.round(box.right)}x${Math.round(box.bottom)}`);
      }
    }
    const board = document.getElementById('board');
    return {
      overflowY: root.scrollHeight - root.clientHeight,
      overflowX: root.scrollWidth - root.clientWidth,
      boardScroll: board.scrollHeight - board.clientHeight + board.scrollWidth - board.clientWidth,
      boardHeight: board.clientHeight,
      outside,
    };
  });
  assert.ok(report.overflowY <= 0 && report.overflowX <= 0, `${when}: the page scrolls ${JSON.stringify(report)}`);
  assert.equal(report.boardScroll, 0, `${when}: the board scrolls`);
  assert.deepEqual(report.outside, [], `${when}: cut off by the frame`);
  assert.ok(report.boardHeight >= 40, `${when}: the map keeps some room (${report.boardHeight}px)`);
}

describe('embedded in an iframe', () => {
  for (const [width, height] of SIZES) {
    it(`fits ${width}x${height} before, during and after a run`, async () => {
      const { context, frame, errors } = await host(`${MAP}&embed=1&speed=2`, width, height);
      try {
        await assertFits(frame, 'before');
        await frame.getByRole('button', { name: 'Play' }).click();
        await frame.waitForFunction(() => /^[1-9]/.test(document.getElementById('count-step').textContent));
        await assertFits(frame, 'during');
        await frame.getByRole('button', { name: /To end/ }).click();
        await frame.waitForFunction(() => /Path found/.test(document.getElementById('result').textContent));
        await assertFits(frame, 'after');
        assertNoErrors(errors);
      } finally {
        await context.close();
      }
    });
  }

  it('fits with every option on and with a parameter error in one line', async () => {
    for (const [width, height] of [[320, 240], [720, 480]]) {
      const query = `${MAP}&embed=1&controls=full&legend=1&log=1&weight=oops&algorithm=nope&autoplay=1&speed=max`;
      const { context, frame } = await host(query, width, height);
      try {
        const message = frame.getByRole('alert');
        await assert.doesNotReject(message.waitFor({ state: 'visible' }));
        const lines = await frame.evaluate(() => {
          const text = document.getElementById('message-text');
          return Math.round(text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight));
        });
        assert.equal(lines, 1, 'the message takes one line');
        await frame.waitForFunction(() => /Path found/.test(document.getElementById('result').textContent));
        await assertFits(frame, `${width}x${height} with all options and an error`);
      } finally {
        await context.close();
      }
    }
  });

  it('shows the controls, the legend and the log as asked', async () => {
    const visible = (frame, selector) => frame.locator(selector).isVisible();
    let opened = await host(`${MAP}&embed=1`, 720, 480);
    let { frame } = opened;
    assert.ok(await frame.getByRole('button', { name: 'Play' }).isVisible());
    assert.equal(await visible(frame, '#undo'), false, 'play: no editing');
    assert.equal(await visible(frame, '.legend'), false);
    assert.equal(await visible(frame, '#narration'), false);
    assert.equal(await visible(frame, '.side'), false);
    assert.ok(await frame.getByRole('link', { name: /full editor/ }).isVisible());
    await opened.context.close();

    opened = await host(`${MAP}&embed=1&controls=none&legend=1&log=1&autoplay=1&speed=max`, 720, 480);
    ({ frame } = opened);
    assert.equal(await visible(frame, '#play'), false, 'none: no controls');
    assert.ok(await visible(frame, '.legend'));
    await frame.waitForFunction(() => /Path found/.test(document.getElementById('result').textContent));
    assert.ok(await visible(frame, '#narration'));
    assert.match(await frame.locator('#narration').textContent(), /\S/);
    await opened.context.close();

    opened = await host(`${MAP}&embed=1&controls=full`, 720, 480);
    ({ frame } = opened);
    assert.ok(await frame.getByRole('button', { name: /Undo/ }).isVisible(), 'full: editing');
    assert.ok(await visible(frame, '#speed'));
    await assertFits(frame, 'controls=full');
    await opened.context.close();
  });

  it('tells its host the height at which the map fills the width', async () => {
    const { context, frame, heights } = await host(`${MAP}&embed=1`, 600, 260, true);
    try {
      // The frame grows to what the page asks for, and the asking settles.
      await frame.waitForFunction(() => innerHeight > 260);
      await frame.waitForTimeout(500);
      const settled = heights.at(-1);
      assert.ok(settled > 260, `an 8x5 map at 600 px wide wants more than 260 px (${heights})`);
      assert.ok(heights.length <= 3, `a few messages, not a loop (${heights})`);
      assert.equal(await frame.evaluate(() => innerHeight), settled);
      await assertFits(frame, 'grown');
      const grid = await frame.evaluate(() => ({
        width: document.getElementById('grid').getBoundingClientRect().width,
        boardWidth: document.getElementById('board').clientWidth,
      }));
      // Cells as wide as the frame allows, up to the 64 px the page asks for at most.
      const wanted = Math.min(grid.boardWidth, 8 * 64);
      assert.ok(grid.width >= wanted - 8, `the map is ${grid.width} px wide, not ${wanted}`);
    } finally {
      await context.close();
    }
  });
});

describe('the share panel', () => {
  it('gives an embed snippet whose frame the page fits', async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 768 } });
    try {
      const page = await context.newPage();
      await page.goto(servedUrl(`?${MAP}`));
      await page.waitForFunction(() => document.getElementById('narration').textContent !== '');
      await page.locator('#share-panel > summary').click();
      await page.getByRole('button', { name: 'Make link' }).click();
      const snippet = await page.inputValue('#share-embed');
      const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(snippet);
      const src = /src="([^"]+)"/.exec(snippet)[1].replace(/&amp;/g, '&');
      const query = new URL(src).search.slice(1);
      const { context: hostContext, frame } = await host(query, Number(width), Number(height));
      try {
        await assertFits(frame, `the snippet's ${width}x${height}`);
        // The map is refitted a frame after the board settles.
        const fills = () => frame.evaluate(() => {
          const grid = document.getElementById('grid').getBoundingClientRect();
          const box = document.getElementById('board');
          return grid.width * grid.height >= 0.6 * box.clientWidth * box.clientHeight;
        });
        await eventually(frame, fills, 'the map fills most of the frame\'s board');
      } finally {
        await hostContext.close();
      }
    } finally {
      await context.close();
    }
  });
});
