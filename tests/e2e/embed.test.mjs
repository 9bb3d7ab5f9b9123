// Embedding (embed=1): the page fits iframes from 320x240 up with no scrolling, before,
// during and after a run, over every pair of size, options, input and a parameter error
// (a message floats over a small touch frame's map, and hangs over a short mouse frame's map
// once unfolded, readable in full and dismissable); read-outs never overlap; the controls,
// legend and log options; a cut-short message unfolds; the height it posts to its host, told
// apart between two frames; boards without editing controls are read-only; page-level keys stay out.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { browserForThisFile, servedUrl, assertNoErrors } from './browser.mjs';
import {
  eventually, nextFrames, withApp, gridInfo, cellColour, cellNumbers, mouseStroke, touchStroke, sameColour, hex, waitForText, DESKTOP,
} from './page.mjs';
import { PALETTE } from '../../www/board/palette.js';
import { pairwise } from './pairwise.mjs';

const browser = browserForThisFile();

const MAP = 'map=OOOOOOOO/OOOOXOOO/OOSOXOEO/OOOOXOOO/OOOOOOOO&diagonal=only-when-no-obstacles';

// A host page on the same server with one iframe of the given size; resolves to
// { page, context, frame, errors, heights } once the map in the frame is drawn.
// With grow, the host runs the two-line snippet of docs/embedding.md: the frame takes the height the page asks for.
async function host(query, width, height, grow = false, contextOptions = {}) {
  const context = await browser().newContext({ viewport: { width: Math.max(width + 40, 400), height: height + 40 }, ...contextOptions });
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
async function assertFits(frame, when, minBoard = 40) {
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
      // Within a box that scrolls on its own inside the frame (the notes unfolded over a small
      // touch frame's map), an element is reached by scrolling that box.
      const scroller = element.parentElement.closest('.notes');
      if (scroller && scroller.scrollHeight > scroller.clientHeight && getComputedStyle(scroller).overflowY === 'auto') {
        const frame = scroller.getBoundingClientRect();
        if (frame.bottom <= innerHeight + 0.5 && frame.right <= innerWidth + 0.5) continue;
      }
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5 || box.left < -0.5 || box.top < -0.5) {
        outside.push(`${element.tagName.toLowerCase()}#${element.id}.${element.className} ${Math.round(box.right)}x${Math.round(box.bottom)}`);
      }
    }
    // The compare view draws the map in each pane instead of the board; nothing scrolls
    // inside it either.
    const comparing = document.body.classList.contains('comparing');
    const boards = comparing ? [...document.querySelectorAll('.pane-board')] : [document.getElementById('board')];
    const scrollers = comparing ? [document.querySelector('.stage'), document.getElementById('compare-panes'), ...boards] : boards;
    return {
      overflowY: root.scrollHeight - root.clientHeight,
      overflowX: root.scrollWidth - root.clientWidth,
      boardScroll: scrollers.reduce((sum, box) => sum + box.scrollHeight - box.clientHeight + box.scrollWidth - box.clientWidth, 0),
      boardHeight: Math.min(...boards.map((box) => box.clientHeight)),
      outside,
    };
  });
  assert.ok(report.overflowY <= 0 && report.overflowX <= 0, `${when}: the page scrolls ${JSON.stringify(report)}`);
  assert.equal(report.boardScroll, 0, `${when}: the board scrolls`);
  assert.deepEqual(report.outside, [], `${when}: cut off by the frame`);
  assert.ok(report.boardHeight >= minBoard, `${when}: the map keeps some room (${report.boardHeight}px)`);
}

// The fit of a frame over its options and sizes, with a parameter error shown or not, on a
// mouse or a touch screen: every pair of those settings meets in some frame (the full product
// is 240 frames). Each frame runs its search to the end and is checked before, during and
// after; a message is read in full (unfolded where cut short, folded again) and dismissed.
const FIT_ROWS = pairwise({
  size: [[320, 240], [400, 300], [480, 320], [720, 480], [1280, 720]],
  controls: ['none', 'play', 'full'],
  touch: [false, true],
  legend: [0, 1],
  log: [0, 1],
  message: [false, true],
});

// A warning or an example's note cut to one line is a button named by its text: a tap
// unfolds the whole of it inside the frame, and another folds it again.
async function assertLineReadable(frame, selector, when) {
  const line = frame.locator(selector);
  if (!(await line.evaluate((e) => e.scrollWidth > e.clientWidth + 1))) {
    assert.equal(await line.getAttribute('role'), null, `${when}: ${selector} fits, so it is no button`);
    return false;
  }
  assert.equal(await line.getAttribute('role'), 'button', `${when}: ${selector} can be unfolded`);
  await line.tap();
  assert.equal(await line.getAttribute('aria-expanded'), 'true');
  const whole = await line.evaluate((e) => e.scrollWidth <= e.clientWidth + 1
    && (e.scrollHeight <= e.clientHeight + 1 || getComputedStyle(e).overflowY === 'auto')
    && e.clientHeight > 1.5 * parseFloat(getComputedStyle(e).lineHeight));
  assert.ok(whole, `${when}: all of ${selector} can be read`);
  await assertFits(frame, `${when}: ${selector} unfolded`);
  await line.tap();
  assert.equal(await line.getAttribute('aria-expanded'), 'false', `${when}: ${selector} folds again`);
  return true;
}

// Every word of the message can be brought into view inside the frame, Show all unfolding
// it where it is cut short (and folding it again), without the page itself scrolling.
// Returns whether it was cut short.
async function assertMessageReadable(frame, press, more, less, when, { touch = true } = {}) {
  const shown = frame.getByRole('button', { name: more });
  const cutShort = await shown.isVisible();
  const cut = () => frame.evaluate(() => {
    const text = document.getElementById('message-text');
    return text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1;
  });
  if (cutShort) {
    assert.ok(await cut(), `${when}: Show all is offered for a message cut short`);
    await press(shown);
    assert.equal(await frame.getByRole('button', { name: less }).getAttribute('aria-expanded'), 'true');
  }
  const reach = await frame.evaluate(() => {
    const text = document.getElementById('message-text');
    const inView = () => {
      const box = text.getBoundingClientRect();
      return box.top >= -0.5 && box.left >= -0.5 && box.right <= innerWidth + 0.5;
    };
    const top = inView();
    // The last line, scrolled to within the banner's own scrolling.
    text.scrollIntoView({ block: 'end' });
    const box = text.getBoundingClientRect();
    const last = document.elementFromPoint(box.left + 4, Math.min(box.bottom, innerHeight) - 4);
    return {
      wrapped: text.scrollWidth <= text.clientWidth + 1,
      whole: text.scrollHeight <= text.clientHeight + 1,
      scrolls: getComputedStyle(text).overflowY === 'auto',
      lines: text.clientHeight / parseFloat(getComputedStyle(text).lineHeight),
      top,
      bottom: box.bottom <= innerHeight + 0.5,
      lastOnTop: text.contains(last),
      pageScrolled: document.scrollingElement.scrollTop + document.scrollingElement.scrollLeft,
    };
  });
  const { scrolls, lines, ...seen } = reach;
  // On a touch screen the whole banner unfolds over the map; with a mouse a long message may
  // scroll within a few lines of its own.
  if (!touch && scrolls && !seen.whole) seen.whole = true;
  assert.deepEqual(seen, { wrapped: true, whole: true, top: true, bottom: true, lastOnTop: true, pageScrolled: 0 }, `${when}: the message can be read`);
  if (cutShort) assert.ok(lines >= 1.9, `${when}: unfolded, the message takes more than its one line (${lines})`);
  await assertFits(frame, `${when}, the message unfolded`);
  if (cutShort) {
    await press(frame.getByRole('button', { name: less }));
    assert.equal(await shown.getAttribute('aria-expanded'), 'false', `${when}: folded again`);
    assert.ok(await cut(), `${when}: cut short again once folded`);
  }
  return cutShort;
}

describe('embedded in an iframe', () => {
  it(`fits every pair of size, controls, legend, log, input and message (${FIT_ROWS.length} frames), before, during and after a run`, async () => {
    const unfolded = { mouse: 0, touch: 0 };
    for (const { size: [width, height], controls, touch, legend, log, message } of FIT_ROWS) {
      // Slow enough to be seen during the run; a frame without controls plays by itself, to its end.
      const query = `${MAP}&embed=1&controls=${controls}&legend=${legend}&log=${log}&speed=${controls === 'none' ? 4 : 2}`
        + `${message ? '&weight=abc&heuristic=nope' : ''}${controls === 'none' ? '&autoplay=1' : ''}`;
      const when = `${width}x${height} ${touch ? 'touch' : 'mouse'} ${query}`;
      const contextOptions = touch ? { hasTouch: true, isMobile: true } : {};
      const { context, frame, errors } = await host(query, width, height, false, contextOptions);
      const press = (locator) => (touch ? locator.tap() : locator.click());
      try {
        if (message) {
          await frame.getByRole('alert').waitFor({ state: 'visible' });
          const lines = await frame.evaluate(() => {
            const text = document.getElementById('message-text');
            return Math.round(text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight));
          });
          assert.equal(lines, 1, `${when}: the message takes one line`);
        }
        await assertFits(frame, `${when}, before the run`);
        if (legend) assert.ok(await frame.locator('.legend').isVisible(), `${when}: the legend shows`);
        if (touch && controls === 'full') {
          // The editing tools take the sliders' row on request, and give it back.
          const edit = frame.getByRole('button', { name: 'Edit the map' });
          await edit.click();
          assert.equal(await edit.getAttribute('aria-expanded'), 'true');
          for (const name of ['Undo', 'Redo', 'Clear walls']) assert.ok(await frame.getByRole('button', { name }).isVisible(), `${when}: ${name}`);
          assert.ok(await frame.locator('#brush').isVisible());
          await assertFits(frame, `${when}, editing tools`);
          await edit.click();
          assert.ok(await frame.locator('#timeline').isVisible());
        }
        if (controls !== 'none') await press(frame.getByRole('button', { name: 'Play' }));
        await frame.waitForFunction(() => /^[1-9]/.test(document.getElementById('count-step').textContent));
        await assertFits(frame, `${when}, during the run`);
        if (controls !== 'none') await press(frame.getByRole('button', { name: /To end/ }));
        await frame.waitForFunction(() => /Path found/.test(document.getElementById('result').textContent), null, { timeout: 10_000 });
        await assertFits(frame, `${when}, after the run`);
        if (message) {
          // Unfolded, the message floats over the map on a touch screen and, with a mouse, hangs
          // over the rows below its line in a short frame: the page fits it at every size.
          if (await assertMessageReadable(frame, press, 'Show all', 'Show less', when, { touch })) unfolded[touch ? 'touch' : 'mouse'] += 1;
          await press(frame.getByRole('button', { name: 'Dismiss message' }));
          assert.equal(await frame.getByRole('alert').isVisible(), false, `${when}: the message is dismissed`);
          await assertFits(frame, `${when}, dismissed`);
        }
        assertNoErrors(errors);
      } finally {
        await context.close();
      }
    }
    assert.ok(unfolded.mouse >= 1 && unfolded.touch >= 1, `messages cut short and unfolded: ${JSON.stringify(unfolded)}`);
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

// The compare view embedded, over every pair of frame size, number of panes, controls, input
// and theme: it fits with no scroll bar before and after its run, offers the choice of
// methods only with controls=full, and takes the colours theme= or the system asks for.
const COMPARE_ROWS = pairwise({
  size: [[320, 240], [720, 480], [1280, 720]],
  panes: ['astar,dijkstra', 'astar,dijkstra,greedy', 'astar,dijkstra,greedy,bfs'],
  controls: ['none', 'play', 'full'],
  touch: [false, true],
  // [theme= in the link, the system's setting, the theme expected]
  theme: [[null, 'dark', 'dark'], ['dark', 'light', 'dark'], ['light', 'dark', 'light']],
});

// The page's background: dark or light.
const shade = (frame) => frame.evaluate(() => {
  const [r, g, b] = getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g).map(Number);
  return (r + g + b) / 3 < 80 ? 'dark' : (r + g + b) / 3 > 200 ? 'light' : 'grey';
});

describe('the compare view embedded', () => {
  it(`fits every pair of size, panes, controls, input and theme (${COMPARE_ROWS.length} frames), read-only without editing controls`, async () => {
    for (const { size: [width, height], panes, controls, touch, theme: [theme, system, expected] } of COMPARE_ROWS) {
      const count = panes.split(',').length;
      const query = `${MAP}&compare=${panes}&embed=1&controls=${controls}&speed=max${controls === 'none' ? '&autoplay=1' : ''}${theme ? `&theme=${theme}` : ''}`;
      const when = `${width}x${height} ${touch ? 'touch' : 'mouse'} ${system} system, ${query}`;
      const contextOptions = { colorScheme: system, ...(touch ? { hasTouch: true, isMobile: true } : {}) };
      const { context, frame, errors } = await host(query, width, height, false, contextOptions);
      try {
        await frame.waitForFunction((n) => document.querySelectorAll('.pane canvas.pane-grid').length === n, count);
        assert.equal(await shade(frame), expected, `${when}: the page is ${expected}`);
        await assertFits(frame, `${when}, before the run`, 20);
        const editable = controls === 'full';
        assert.equal(await frame.locator('.pane-head select').count(), editable ? 2 * count : 0, `${when}: the methods are chosen only with controls=full`);
        // In a frame under 360 px tall Add a method gives way to the map.
        assert.equal(await frame.getByRole('button', { name: 'Add a method' }).isVisible(), editable && height > 360, `${when}: Add a method`);
        assert.equal(await frame.getByRole('button', { name: /^Remove method/ }).count(), editable ? count : 0, `${when}: no pane can be removed`);
        if (!editable) assert.match(await frame.locator('.pane-title').first().textContent(), /^A\*/, `${when}: each pane names its method`);
        if (controls !== 'none') await frame.getByRole('button', { name: /To end/ }).click();
        await frame.waitForFunction(() => !/searching/.test(document.getElementById('compare-rows').textContent), null, { timeout: 10_000 });
        await assertFits(frame, `${when}, after the run`, 20);
        assertNoErrors(errors);
      } finally {
        await context.close();
      }
    }
  });

  it('tells its host the height at which each pane\'s map fills its width', async () => {
    const { context, frame, heights } = await host(`${MAP}&compare=astar,dijkstra,greedy,bfs&embed=1`, 600, 260, true);
    try {
      await frame.waitForFunction(() => innerHeight > 260);
      await frame.waitForTimeout(500);
      const settled = heights.at(-1);
      assert.ok(heights.length <= 3, `a few messages, not a loop (${heights})`);
      assert.equal(await frame.evaluate(() => innerHeight), settled);
      await assertFits(frame, 'grown');
      // Two rows of two panes, each map as wide as its pane.
      const panes = await frame.evaluate(() => [...document.querySelectorAll('.pane')].map((pane) => ({
        grid: pane.querySelector('.pane-grid').getBoundingClientRect().width,
        board: pane.querySelector('.pane-board').clientWidth,
      })));
      assert.equal(panes.length, 4);
      for (const { grid, board } of panes) assert.ok(grid >= board - 8, `a pane's map is ${grid} px wide in ${board} (${settled} px tall frame)`);
    } finally {
      await context.close();
    }
  });
});

// A lesson embedded (`?lesson=…&embed=1`), over every pair of frame size, lesson, controls,
// input and language: its scene, narration and question fit with no scroll bar; the scene
// buttons go from scene to scene; the question is answered only where the controls allow
// input; the full editor's link follows the scene; and the frame sends its height.
const LESSON_ROWS = pairwise({
  size: [[320, 240], [400, 300], [720, 480], [1280, 720]],
  lesson: ['goal-test', 'tutorial-000'],
  controls: ['none', 'play', 'full'],
  touch: [false, true],
  lang: ['en', 'zh'],
});
const LESSON_WORDS = {
  en: { scene: 'Scene', previous: 'Previous scene', next: 'Next scene', check: 'Check', step: 'Step', verdict: /^(Right|Not quite)\./ },
  zh: { scene: '场景', previous: '上一个场景', next: '下一个场景', check: '检查', step: '单步', verdict: /^(正确|不对)。/ },
};

describe('a lesson embedded', () => {
  it(`fits every pair of size, lesson, controls, input and language (${LESSON_ROWS.length} frames), scene to scene`, async () => {
    let unfoldedVerdicts = 0;
    let unfoldedResults = 0;
    for (const { size: [width, height], lesson, controls, touch, lang } of LESSON_ROWS) {
      const words = LESSON_WORDS[lang];
      const query = `lesson=${lesson}&embed=1&controls=${controls}&lang=${lang}`;
      const when = `${width}x${height} ${touch ? 'touch' : 'mouse'} ${query}`;
      const { context, frame, errors, heights } = await host(query, width, height, false, touch ? { hasTouch: true, isMobile: true } : {});
      const press = (locator) => (touch ? locator.tap() : locator.click());
      const counter = () => frame.locator('#lesson-counter').textContent();
      try {
        await frame.locator('#lesson-bar').waitFor({ state: 'visible' });
        const count = Number(/\/ (\d+)$/.exec(await counter())[1]);
        assert.equal(await counter(), `${words.scene} 1 / ${count}`, `${when}: the first scene`);
        await assertFits(frame, `${when}, scene 1`);
        // In a short touch frame the search's result shares the counters' line, unfolded by a tap.
        if (touch && await assertLineReadable(frame, '#result', `${when}, scene 1`)) unfoldedResults += 1;
        const previous = frame.getByRole('button', { name: words.previous });
        const next = frame.getByRole('button', { name: words.next });
        assert.ok(await previous.isDisabled(), `${when}: no scene before the first`);
        const narration = await frame.locator('#lesson-narration').textContent();
        assert.match(narration, lang === 'zh' ? /[\u4e00-\u9fff]/ : /[a-z]{3}/, `${when}: narrated in the page's language`);
        // The question (both first scenes ask: goal-test for the path, tutorial-000 for a
        // cell's F, G and H, typed in): answered only where controls allow input.
        assert.ok(await frame.locator('#question').isVisible(), `${when}: the scene's question`);
        const check = frame.getByRole('button', { name: words.check, exact: true });
        assert.equal(await check.isVisible(), controls !== 'none', `${when}: the answer only with controls`);
        if (controls !== 'none') {
          if (lesson === 'tutorial-000') {
            for (const id of ['#question-f', '#question-g', '#question-h']) await frame.locator(id).fill('1');
          }
          await press(check);
          await eventually(frame, async () => words.verdict.test(await frame.locator('#question-verdict').textContent()), `${when}: the answer is judged`);
          await assertFits(frame, `${when}, judged`);
          // Cut to one line, the verdict unfolds to be read whole (a tap, as on a phone).
          if (touch && await assertLineReadable(frame, '#question-verdict', `${when}, judged`)) unfoldedVerdicts += 1;
        }
        // Stepping within the scene as the controls allow.
        const step = frame.getByRole('button', { name: words.step, exact: true });
        assert.equal(await step.isVisible(), controls !== 'none', `${when}: Step`);
        if (controls !== 'none') {
          await press(step);
          await frame.waitForFunction(() => /^[1-9]/.test(document.getElementById('count-step').textContent));
        }
        assert.equal(await frame.locator('#undo').isVisible(), controls === 'full' && !(touch && height <= 360), `${when}: editing only with controls=full`);
        await press(next);
        await eventually(frame, async () => (await counter()) === `${words.scene} 2 / ${count}`, `${when}: the next scene`);
        assert.notEqual(await frame.locator('#lesson-narration').textContent(), narration, `${when}: its own narration`);
        // Both second scenes ask for the next node: the open list is hidden only from a reader
        // who may answer.
        assert.equal(await frame.evaluate(() => document.body.classList.contains('question-asking')), controls !== 'none', `${when}: the open list`);
        assert.ok(!(await previous.isDisabled()), `${when}: back to the first`);
        await assertFits(frame, `${when}, scene 2`);
        const full = new URL(await frame.getByRole('link', { name: /full editor|完整编辑器/ }).getAttribute('href'));
        assert.deepEqual([full.searchParams.get('lesson'), full.searchParams.get('scene'), full.searchParams.get('embed'), full.searchParams.get('controls')], [lesson, '2', null, null], `${when}: ${full}`);
        await press(previous);
        await eventually(frame, async () => (await counter()) === `${words.scene} 1 / ${count}`, `${when}: the previous scene`);
        // The height it asks for has room for the lesson above the map.
        await eventually(frame, async () => heights.length > 0, `${when}: the frame sends its height`);
        const below = await frame.evaluate(() => document.getElementById('lesson-bar').getBoundingClientRect().bottom);
        assert.ok(heights.at(-1) > below + 40, `${when}: asks ${heights.at(-1)} px, the lesson ending at ${below}`);
        assertNoErrors(errors);
      } finally {
        await context.close();
      }
    }
    assert.ok(unfoldedVerdicts >= 1, 'a verdict cut short was unfolded');
    assert.ok(unfoldedResults >= 1, 'a result cut short was unfolded');
  });

  it('is what the Share snippet gives while a lesson\'s scene is on show', async () => {
    await withApp(browser(), '?lesson=tutorial-000&scene=2&lang=zh', DESKTOP, async ({ page }) => {
      await waitForText(page, '#lesson-counter', /^场景 2 \/ 4$/);
      await page.locator('#share-panel > summary').click();
      await page.locator('#make-link').click();
      await eventually(page, async () => /lesson=/.test(await page.inputValue('#share-embed')), 'the snippet embeds the lesson');
      const snippet = await page.inputValue('#share-embed');
      const id = /<iframe id="([\w-]+)"/.exec(snippet)[1];
      assert.match(snippet, new RegExp(`src="[^"]*\\?lesson=tutorial-000&amp;scene=2&amp;lang=zh&amp;embed=1&amp;id=${id}"`), snippet);
    });
  });
});

// A cross-origin host for a snippet: the page's server under another name.
const otherOrigin = (url) => url.replace('://127.0.0.1:', '://localhost:');

describe('the share panel', () => {
  it('gives the snippet docs/embedding.md gives: at 390 px it takes its column\'s width, and its height before the reader scrolls to it', async () => {
    const guide = readFileSync(new URL('../../docs/embedding.md', import.meta.url), 'utf8');
    assert.ok(guide.includes(RESIZE_SCRIPT), 'docs/embedding.md shows the script');
    assert.match(guide, /<iframe id="astar-demo" src="[^"]+" height="\d+" style="display:block;width:100%;border:0" title="A\* demo"><\/iframe>/, 'and the same frame');
    let snippet;
    await withApp(browser(), `?${MAP}`, DESKTOP, async ({ page }) => {
      await page.locator('#share-panel > summary').click();
      await page.getByRole('button', { name: 'Make link' }).click();
      snippet = await page.inputValue('#share-embed');
    });
    const id = /<iframe id="([\w-]+)"/.exec(snippet)[1];
    assert.match(snippet, new RegExp(`src="[^"]*&amp;id=${id}"`), 'the frame names itself in its address');
    assert.ok(snippet.endsWith(RESIZE_SCRIPT));
    assert.doesNotMatch(snippet, / width="|loading=/, 'no fixed width, no lazy loading');
    // A phone's article column, the frame far below the fold, on another origin.
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error}`));
      await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
      await page.goto(otherOrigin(servedUrl('tests/e2e/package.json')));
      const asked = [];
      await page.exposeFunction('heard', (height) => asked.push(height));
      await page.setContent(`<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
        <body style="margin:0"><article style="max-width:700px;margin:0 auto;padding:0 16px">
        <p style="height:2400px">A long post.</p>${snippet}<p>The end.</p></article>
        <script>addEventListener('message', (e) => { if (e.data?.type === 'astar-visualizer:height') heard(e.data.height); });</script></body>`);
      const frameBox = () => page.evaluate((frameId) => {
        const box = document.getElementById(frameId).getBoundingClientRect();
        return { width: box.width, height: box.height, top: box.top + scrollY, scrolled: scrollY, pageWidth: document.documentElement.scrollWidth };
      }, id);
      await eventually(page, async () => asked.length > 0 && (await frameBox()).height === asked.at(-1), 'the frame takes the height it asks for, unscrolled', 10_000);
      const before = await frameBox();
      assert.equal(before.scrolled, 0, 'the reader has not scrolled');
      assert.ok(before.top > 2000, 'the frame is far below the fold');
      assert.equal(before.width, 358, 'as wide as the column');
      assert.ok(before.pageWidth <= 390, `the post stays 390 px wide (${before.pageWidth})`);
      // A 8x5 map at 358 px wide wants less than the snippet's first height for 700 px.
      assert.ok(asked.at(-1) < Number(/height="(\d+)"/.exec(snippet)[1]), `${asked} against the snippet's first height`);
      await page.evaluate((frameId) => document.getElementById(frameId).scrollIntoView(), id);
      const frame = page.frame({ url: /embed=1/ });
      await frame.waitForFunction(() => /^0/.test(document.getElementById('count-step').textContent));
      await assertFits(frame, 'the snippet in a 390 px column');
      const fills = () => frame.evaluate(() => {
        const grid = document.getElementById('grid').getBoundingClientRect();
        return grid.width >= document.getElementById('board').clientWidth - 8;
      });
      await eventually(frame, fills, 'the map fills the frame\'s width');
      assertNoErrors(errors);
    } finally {
      await context.close();
    }
  });
});

// The QR code on screen, read back as a phone's camera would: the shown dialog's pixels
// decoded by jsQR in the page. Returns { text, module } (module: a square's size in CSS px).
async function readQrCode(page) {
  const code = page.locator('#qr-code');
  const png = (await code.screenshot()).toString('base64');
  await page.addScriptTag({ path: new URL('./node_modules/jsqr/dist/jsQR.js', import.meta.url).pathname });
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    Object.assign(canvas, { width: image.width, height: image.height });
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    const svg = document.getElementById('qr-code');
    const side = Number(svg.getAttribute('viewBox').split(' ')[2]);
    return { text: window.jsQR(pixels.data, pixels.width, pixels.height)?.data ?? null, module: svg.getBoundingClientRect().width / side };
  }, png);
}

describe('a link for the class', () => {
  // In English a changed example, in Chinese the example as it is: the link keeps the example
  // (with the map once changed), the step and its note, does not play on open, and the QR
  // code on a 1280x720 projector reads back as the link.
  const CASES = [
    { lang: 'en', make: 'Make link', qr: 'Show QR code', close: 'Close', note: /^Tutorial: a wall between/, changed: true },
    { lang: 'zh', make: '生成链接', qr: '显示二维码', close: '关闭', note: /^教程：中间一堵墙/, changed: false },
  ];
  const PROJECTOR = { viewport: { width: 1280, height: 720 } };
  for (const { lang, make, qr, close, note, changed } of CASES) {
    it(`keeps the step and the example, plays only when asked, and shows a QR code of it (${lang})`, async () => {
      let link;
      let wall;
      await withApp(browser(), `?example=tutorial-wall&lang=${lang}`, PROJECTOR, async ({ page }) => {
        if (changed) {
          await mouseStroke(page, [{ x: 0, y: 0 }, { x: 1, y: 0 }]);
          await eventually(page, () => isWall(page, 1, 0), 'the stroke draws walls');
        }
        for (let i = 0; i < 4; i++) await page.locator('#step').click();
        await waitForText(page, '#count-step', /^4 /);
        await page.locator('#share-panel > summary').click();
        assert.equal(await page.locator('#share-autoplay').isChecked(), false, 'Play on open is off');
        await page.getByRole('button', { name: make }).click();
        link = await page.locator('#share-url').inputValue();
        assert.match(link, /[?&]example=tutorial-wall(&|$)/);
        assert.equal(/[?&]map=/.test(link), changed, 'the map only once changed');
        assert.match(link, /&step=4(&|$)/);
        assert.doesNotMatch(link, /autoplay/);
        await page.getByRole('button', { name: qr }).click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor({ state: 'visible' });
        const read = await readQrCode(page);
        assert.equal(read.text, link, 'the QR code reads back as the link');
        assert.ok(read.module >= 8, `each square ${read.module.toFixed(1)} CSS px on a 1280x720 projector`);
        if (lang === 'en') {
          // The page's keys wait behind the code; Esc closes it.
          for (const key of ['p', 'PageDown', 'ArrowRight']) await page.keyboard.press(key);
          await nextFrames(page);
          assert.equal(await page.evaluate(() => document.body.classList.contains('presentation')), false, 'P is the dialog\'s');
          assert.match(await page.locator('#count-step').textContent(), /^4 /, 'no step behind the code');
          await page.keyboard.press('Escape');
        } else {
          await page.getByRole('button', { name: close }).click();
        }
        assert.equal(await dialog.isVisible(), false);
        wall = changed && await isWall(page, 1, 0);
      });
      await withApp(browser(), new URL(link).search, PROJECTOR, async ({ page }) => {
        await waitForText(page, '#count-step', /^4 /);
        assert.match(await page.locator('#example-about').textContent(), note, 'the example\'s note');
        assert.equal(await isWall(page, 1, 0), Boolean(wall), 'the map as it was');
        await page.waitForTimeout(600);
        assert.match(await page.locator('#count-step').textContent(), /^4 /, 'it does not play');
      });
    });
  }
});

// The host's side of the height messages, as docs/embedding.md and the Share panel give it.
const RESIZE_SCRIPT = "<script>addEventListener('message', (e) => { const d = e.data; if (d?.type !== 'astar-visualizer:height') return; const frame = document.getElementById(d.id); if (frame?.contentWindow === e.source) frame.height = d.height; });</script>";

describe('two embeds on one page', () => {
  it('each grows to its own height, told by its id, in both message shapes', async () => {
    const context = await browser().newContext({ viewport: { width: 800, height: 900 } });
    try {
      const page = await context.newPage();
      await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
      await page.goto(servedUrl('tests/e2e/package.json'));
      const messages = [];
      await page.exposeFunction('heard', (data) => messages.push(data));
      const wide = servedUrl('?map=OOOOOOOOOOOOOOOOOOOO/OSOOOOOOOXOOOOOOOOEO/OOOOOOOOOOOOOOOOOOOO&embed=1&id=wide');
      const tall = servedUrl(`?${MAP}&embed=1&id=tall`);
      await page.setContent(`<!doctype html><link rel="icon" href="data:,"><body style="margin:0">
        <iframe id="wide" title="A* demo" src="${wide}" width="600" height="400" style="border:0;display:block"></iframe>
        <iframe id="tall" title="A* demo" src="${tall}" width="600" height="400" style="border:0;display:block"></iframe>
        <script>addEventListener('message', (e) => heard(e.data));</script>
        ${RESIZE_SCRIPT}
      </body>`);
      const heights = (shape) => messages.filter(shape);
      await eventually(page, async () => heights((m) => m?.id === 'wide').length > 0 && heights((m) => m?.id === 'tall').length > 0, 'both frames ask');
      await page.waitForTimeout(600);
      const asked = (id) => heights((m) => m?.type === 'astar-visualizer:height' && m.id === id).at(-1).height;
      const frameHeight = (id) => page.evaluate((frameId) => document.getElementById(frameId).getBoundingClientRect().height, id);
      assert.equal(await frameHeight('wide'), asked('wide'), 'the 20x3 frame takes its own height');
      assert.equal(await frameHeight('tall'), asked('tall'), 'the 8x5 frame takes its own height');
      assert.ok(asked('wide') < 260, `a 20x3 map at 600 px wants a short frame (${asked('wide')})`);
      assert.ok(asked('tall') > asked('wide') + 100, `the 8x5 map wants a taller one (${asked('tall')})`);
      // The same heights in Embedly's and Observable's shape: JSON text naming the frame's address.
      const embedly = messages.filter((m) => typeof m === 'string').map((m) => JSON.parse(m)).filter((m) => m.context === 'iframe.resize');
      for (const [id, src] of [['wide', wide], ['tall', tall]]) {
        const last = embedly.filter((m) => m.src === src).at(-1);
        assert.ok(last, `an iframe.resize message from ${id}`);
        assert.equal(last.height, asked(id));
      }
    } finally {
      await context.close();
    }
  });
});

const isWall = async (page, x, y) => sameColour(await cellColour(page, x, y), hex(PALETTE.wall), 10);

describe('layout on small screens', () => {
  it('keeps a message, the warning and an example\'s note in a 320x240 touch frame, in both languages', async () => {
    let unfolded = 0;
    for (const [lang, more, less, dismiss] of [['en', 'Show all', 'Show less', 'Dismiss message'], ['zh', '显示全部', '收起', '关闭消息']]) {
      for (const map of [`${MAP}&weight=3`, 'example=maze']) {
        const query = `${map}&embed=1&controls=full&legend=1&log=1&heuristic=nope&lang=${lang}`;
        const { context, frame, errors } = await host(query, 320, 240, false, { hasTouch: true, isMobile: true });
        try {
          await frame.getByRole('alert').waitFor({ state: 'visible' });
          const note = map.startsWith('example') ? '#example-about' : '#admissibility';
          assert.ok(await frame.locator(note).isVisible(), `${lang} ${map}: ${note} shows`);
          await assertFits(frame, `${lang} ${query}`);
          if (await assertLineReadable(frame, note, `${lang} ${query}`)) unfolded += 1;
          await assertMessageReadable(frame, (locator) => locator.tap(), more, less, `${lang} ${query}`);
          await frame.getByRole('button', { name: dismiss }).tap();
          assert.equal(await frame.getByRole('alert').isVisible(), false);
          await assertFits(frame, `${lang} ${query}, dismissed`);
          assertNoErrors(errors);
        } finally {
          await context.close();
        }
      }
    }
    assert.ok(unfolded >= 3, `${unfolded} of the four lines were cut short and unfolded`);
  });

  it('keeps every read-out clear of the controls from 320 to 800 px, with a mouse and on a touch screen', async () => {
    for (const touch of [false, true]) {
      // A big map, so the timeline's read-out runs to five digits.
      const context = await browser().newContext({ viewport: { width: 320, height: 300 }, hasTouch: touch });
      try {
        const page = await context.newPage();
        await page.goto(servedUrl('?size=200x120&algorithm=bfs&embed=1&controls=full&legend=1&step=12345'));
        await page.waitForFunction(() => /^12345 \//.test(document.getElementById('timeline-label').textContent));
        for (let width = 320; width <= 800; width += 20) {
          await page.setViewportSize({ width, height: 300 });
          // The board is refitted on the next frame.
          await nextFrames(page);
          const faults = await page.evaluate(() => {
            const shown = [...document.querySelectorAll('.controlbar button, .controlbar input, .controlbar output, .counters > span, .editbar button, .editbar select')]
              .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden');
            const found = [];
            for (const [i, a] of shown.entries()) {
              if (a.tagName === 'OUTPUT' && a.scrollWidth > a.clientWidth + 1) found.push(`${a.id} is cut short`);
              const p = a.getBoundingClientRect();
              for (const b of shown.slice(i + 1)) {
                if (a.contains(b) || b.contains(a)) continue;
                const q = b.getBoundingClientRect();
                if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) found.push(`${a.id || a.className} overlaps ${b.id || b.className}`);
              }
            }
            return found;
          });
          assert.deepEqual(faults, [], `${touch ? 'touch' : 'mouse'} at ${width} px`);
        }
      } finally {
        await context.close();
      }
    }
  });
});

describe('embeds without editing controls', () => {
  it('controls=none and controls=play: a reader can neither draw nor move the start or the goal, by mouse, touch or keys; controls=full edits', async () => {
    const touchFrame = { viewport: { width: 720, height: 480 }, hasTouch: true };
    for (const controls of ['none', 'play']) {
      for (const contextOptions of [DESKTOP, touchFrame]) {
        const when = `controls=${controls}${contextOptions.hasTouch ? ', touch' : ''}`;
        await withApp(browser(), `?${MAP}&embed=1&controls=${controls}`, contextOptions, async ({ page }) => {
          const before = await gridInfo(page);
          const cell = { x: 1, y: 1 };
          if (contextOptions.hasTouch) {
            await touchStroke(page, [cell, { x: 1, y: 3 }]);
            await touchStroke(page, [before.start, { x: 0, y: 0 }]);
          } else {
            await mouseStroke(page, [cell, { x: 1, y: 3 }], 2);
            await mouseStroke(page, [before.start, { x: 0, y: 0 }], 2);
          }
          // The keyboard's cell cursor: Enter paints, S and G move the endpoints, elsewhere.
          await page.locator('#grid').focus();
          for (const key of ['ArrowUp', 'Enter', 's', 'ArrowRight', 'g']) await page.keyboard.press(key);
          // An edit would be drawn on the next frame.
          await nextFrames(page);
          assert.equal(await isWall(page, 1, 1), false, `${when}: nothing drawn`);
          assert.equal(await isWall(page, 1, 2), false, when);
          assert.deepEqual(await gridInfo(page), before, `${when}: start and goal where they were`);
        });
      }
    }
    // The same stroke draws where the reader has the editing controls.
    await withApp(browser(), `?${MAP}&embed=1&controls=full`, DESKTOP, async ({ page }) => {
      await mouseStroke(page, [{ x: 1, y: 1 }, { x: 1, y: 3 }], 2);
      await eventually(page, () => isWall(page, 1, 2), 'controls=full: the stroke draws walls');
    });
  });
});

describe('keys in an embed', () => {
  // What the keys left, once the page has drawn the frames they asked for.
  const state = (page) => page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return {
      presentation: document.body.classList.contains('presentation'),
      help: document.getElementById('help').open,
      step: document.getElementById('count-step').textContent.split(' ')[0],
      brush: document.getElementById('brush').value,
      zoom: document.getElementById('zoom-label').textContent,
    };
  });

  it('has no page-level shortcuts, and only the keys of the controls it shows', async () => {
    for (const controls of ['none', 'play', 'full']) {
      await withApp(browser(), `?${MAP}&embed=1&controls=${controls}&speed=1`, DESKTOP, async ({ page }) => {
        await page.locator('body').click({ position: { x: 2, y: 2 } });
        for (const key of ['p', 'P', '?', 'l', 'L']) await page.keyboard.press(key);
        let now = await state(page);
        assert.equal(now.presentation, false, `${controls}: P leaves presentation mode off`);
        assert.equal(now.help, false, `${controls}: ? shows no list of shortcuts`);
        assert.equal(now.step, '0', `${controls}: L runs no pseudocode line`);
        const zoom = now.zoom;
        await page.keyboard.press('e');
        await page.keyboard.press('+');
        await page.keyboard.press('ArrowRight');
        now = await state(page);
        assert.equal(now.zoom !== zoom, controls === 'full', `${controls}: the zoom keys only with editing`);
        assert.equal(now.brush, controls === 'full' ? '1' : '0', `${controls}: the brush keys only with editing`);
        assert.equal(now.step, controls === 'none' ? '0' : '1', `${controls}: the step keys only with playback`);
      });
    }
  });
});

// D* Lite's two examples in a 400x300 frame: the whole map fits, its cells show key, g and
// rhs in digits of a readable size (the 20x15 detour once zoomed in, as a reader zooms a map
// this size), it plays to the end; with controls=full the example's change is a button
// beside its note, and the search repairs itself in the frame. A reader of an embed that
// cannot edit the map has no such button.
describe('D* Lite embedded', () => {
  const FRAME = { viewport: { width: 400, height: 300 } };
  const EXAMPLES = {
    'dstar-paper': { cell: { x: 0, y: 1 }, wall: { x: 2, y: 1 }, before: 4, after: 4, zoom: false },
    'dstar-detour': { cell: { x: 9, y: 7 }, wall: { x: 10, y: 7 }, before: 190, after: 246, zoom: true },
  };
  const found = { en: (cost) => `Path found: cost ${cost},`, zh: (cost) => `找到路径：代价 ${cost}，` };
  const digitFont = (page) => page.evaluate(() => Number(document.getElementById('grid').dataset.digitFont));
  const text = async (page, id) => (await page.locator(`#${id}`).textContent()).trim();

  // Ctrl + wheel over the middle of the map, as a mouse zooms it: in until its digits show,
  // or out until the whole map shows.
  async function zoom(page, direction) {
    const box = await page.locator('#board').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const done = direction === 'in'
      ? async () => (await digitFont(page)) >= 11
      : () => page.evaluate(() => document.getElementById('board').scrollHeight <= document.getElementById('board').clientHeight);
    await page.keyboard.down('Control');
    for (let i = 0; i < 8 && !(await done()); i++) {
      await page.mouse.wheel(0, direction === 'in' ? -100 : 100);
      await page.waitForTimeout(100);
    }
    await page.keyboard.up('Control');
  }

  // Each example with and without the editing controls, each in both languages, and the
  // editing controls in both languages.
  const ROWS = pairwise({ example: Object.keys(EXAMPLES), controls: ['play', 'full'], lang: ['en', 'zh'] });
  it(`fits 400x300, key/g/rhs readable, plays to the end, and with controls=full repairs after the example's change (${ROWS.length} frames)`, async () => {
    for (const { example, controls, lang } of ROWS) {
      const { cell, wall, before, after, zoom: zoomed } = EXAMPLES[example];
      const where = `${example}, controls=${controls}, ${lang}`;
      await withApp(browser(), `?algorithm=dstar-lite&example=${example}&embed=1&controls=${controls}&lang=${lang}&speed=max`, FRAME, async ({ page }) => {
        await assertFits(page, `${where}: before`);
        const change = page.locator('#example-change');
        assert.equal(await change.isVisible(), controls === 'full', `${where}: the change button only where the reader edits`);
        await page.locator('#play').click();
        await eventually(page, async () => (await text(page, 'result')).startsWith(found[lang](before)), `${where}: played to the end`, 15_000);
        await assertFits(page, `${where}: after the run`);
        if (zoomed) {
          assert.equal(await digitFont(page), 0, 'the whole 20x15 map: no digits');
          await zoom(page, 'in');
        }
        assert.ok((await digitFont(page)) >= 11, `${where}: digits of a readable size`);
        // The cell on the path shows g and rhs (equal: it is consistent).
        const numbers = await cellNumbers(page, cell.x, cell.y);
        assert.ok(numbers.G && numbers.G === numbers.H, `${where}: ${JSON.stringify(numbers)}`);
        if (controls !== 'full') return;
        if (zoomed) await zoom(page, 'out');
        const stepBefore = await text(page, 'count-step');
        await change.click();
        // The repair has a timeline of its own, run to its end as the search was.
        await eventually(page, async () => (await text(page, 'count-step')) !== stepBefore, 'the batch is taken');
        assert.ok(await isWall(page, wall.x, wall.y), `${where}: the change is on the map`);
        assert.ok((await text(page, 'result')).startsWith(found[lang](after)), await text(page, 'result'));
        // A longer path is found by expanding cells again.
        if (after !== before) assert.ok(Number(await text(page, 'count-repair-expanded')) > 0);
        await assertFits(page, `${where}: after the change`);
      });
    }
  });
});
