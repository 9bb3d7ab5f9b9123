// Both ways of opening the visualizer work: the page served over HTTP (ES modules, the
// wasm fetched from pkg/) and the single-file build opened from disk (one inline module script,
// the wasm inline). Feature tests live in the other *.test.mjs files.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DIST,
  assertNoErrors,
  browserForThisFile,
  canvasDigest,
  openPage,
  waitForDrawnCanvas,
} from './browser.mjs';

const browser = browserForThisFile();

const VIEWPORT = { viewport: { width: 1280, height: 800 } };

/** No error banner: the page shows one when the engine cannot load or start. */
async function assertNoAlert(page) {
  const alerts = page.getByRole('alert');
  for (const alert of await alerts.all()) {
    assert.equal(await alert.isVisible(), false, `alert shown: ${await alert.textContent()}`);
  }
}

test('the served page fetches the wasm engine and draws the map, and engine.js resolves to the engine the contract describes', async () => {
  const { page, context, errors, responses } = await openPage(browser(), '', VIEWPORT);
  try {
    assert.ok((await waitForDrawnCanvas(page)) >= 4);
    await assertNoAlert(page);
    const wasm = responses.find((response) => response.url.endsWith('.wasm'));
    assert.ok(wasm, `no .wasm was fetched; responses: ${JSON.stringify(responses)}`);
    assert.equal(wasm.status, 200);
    assert.equal(wasm.contentType, 'application/wasm');
    // engine.js, as the page's modules import it:
    const engine = await page.evaluate(async () => {
      const { loadEngine } = await import('./www/engine.js');
      const first = await loadEngine();
      const again = await loadEngine();
      const editor = new first.MapEditor(6, 3);
      const search = new first.Search(editor, { directions: 4 });
      const terrain = new Uint8Array(first.memory.buffer, editor.terrainPtr(), editor.cellCount());
      const result = {
        same: first === again,
        isMemory: first.memory instanceof WebAssembly.Memory,
        size: [editor.width, editor.height],
        ground: Array.from(terrain).every((cell) => cell === 1),
        firstStep: search.step().kind,
        firstFinder: first.catalogue.finders[0].id,
        badOption: null,
      };
      try {
        new first.Search(editor, { algorithm: 'dfs' });
      } catch (error) {
        result.badOption = error instanceof Error ? error.message : String(error);
      }
      search.free();
      editor.free();
      return result;
    });
    assert.deepEqual(
      { ...engine, badOption: typeof engine.badOption },
      { same: true, isMemory: true, size: [6, 3], ground: true, firstStep: 'expanded', firstFinder: 'astar', badOption: 'string' },
    );
    assert.match(engine.badOption, /dfs/);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

/** The canvas once two reads in a row agree (the first frames may still be settling). */
async function settledPicture(page) {
  let previous = await canvasDigest(page);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await page.waitForTimeout(100);
    const current = await canvasDigest(page);
    if (current.digest === previous.digest) return current;
    previous = current;
  }
  throw new Error('the canvas kept changing for 5 seconds');
}

test('the dist file works from file:// with nothing else to load, and shows the same first picture as the served page', async () => {
  const served = await openPage(browser(), '', VIEWPORT);
  const dist = await openPage(browser(), DIST, VIEWPORT);
  try {
    await waitForDrawnCanvas(served.page);
    assert.ok((await waitForDrawnCanvas(dist.page)) >= 4);
    await assertNoAlert(dist.page);
    // The page's own code runs from a blob: URL the file makes (xtask/src/dist/loader.js).
    const external = dist.responses.filter((response) => !/^(file|data|blob):/.test(response.url));
    assert.deepEqual(external, [], 'the dist file must not load anything from a server');
    assert.equal(await dist.page.locator('script[src], link[rel="stylesheet"], script[type="importmap"]').count(), 0);
    assert.deepEqual(await settledPicture(dist.page), await settledPicture(served.page));
    // The single file carries the Chinese texts in English's key order (see
    // xtask/src/dist/bundle.mjs): the page speaks Chinese with every text where it belongs.
    const texts = (page) => page.evaluate(() => Array.from(document.querySelectorAll('[data-i18n]'), (element) => element.textContent));
    for (const page of [served.page, dist.page]) {
      await page.getByRole('combobox', { name: 'Language' }).selectOption('zh');
      await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    }
    const [servedTexts, distTexts] = [await texts(served.page), await texts(dist.page)];
    assert.ok(distTexts.includes('播放'), 'the Play button in Chinese');
    assert.deepEqual(distTexts, servedTexts);
    assertNoErrors(served.errors);
    assertNoErrors(dist.errors);
  } finally {
    await served.context.close();
    await dist.context.close();
  }
});
