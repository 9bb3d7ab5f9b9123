// The interface in English and Chinese: `lang=` in the URL, the browser's language, the
// picker in the page (remembered), every visible text and accessible name translated, the
// search untouched by a switch, and engine errors worded in the chosen language.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile, openPage, waitForDrawnCanvas, assertNoErrors } from './browser.mjs';
import { DESKTOP, readout, withApp, openApp } from './page.mjs';

const browser = browserForThisFile();

// Latin words that may stay in a Chinese interface: key caps, file-format and proper names
// the Chinese tutorials also write in Latin letters. Single letters (F, G, H, S, E, the map
// symbols) and A* pass anyway.
const ALLOWED_LATIN = new Set(['Ctrl', 'Shift', 'End', 'Home', 'Enter', 'Esc', 'PgDn', 'PgUp', 'Page', 'Up', 'Down', 'Moving', 'AI', 'txt', 'map', 'md', 'KiB', 'PNG', 'GIF', 'YAML', 'Posthoc', 'scen', 'JPS', 'IDA*', 'Dijkstra', 'LPA*', 'D*', 'Lite', 'Koenig', 'Likhachev', 'Theta*', 'Lazy']);

// Every text a person sees or hears in the page's controls, panels and log: visible text
// nodes, accessible names (aria-label), option texts, and the aria-valuetext of sliders.
// Text marked as being in another language (the language picker names each language in its
// own words) is left out.
async function visibleTexts(page) {
  return page.evaluate(() => {
    const texts = [];
    // Rendered, so seen or read out: not under `hidden` or `display: none` anywhere above.
    const shown = (element) => element.checkVisibility();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'TEXTAREA'].includes(parent.tagName)) continue;
      if (parent.closest('[hidden]')) continue;
      if (parent.closest('[lang]').lang !== document.documentElement.lang) continue;
      if (node.textContent.trim() !== '') texts.push(node.textContent.trim());
    }
    for (const element of document.querySelectorAll('[aria-label], [aria-valuetext], [title]')) {
      if (!shown(element)) continue;
      for (const attribute of ['aria-label', 'aria-valuetext', 'title']) {
        const value = element.getAttribute(attribute);
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts;
  });
}

function latinWords(texts) {
  const words = new Set();
  for (const text of texts) {
    for (const word of text.match(/[A-Za-z][A-Za-z*]+/g) ?? []) {
      if (!ALLOWED_LATIN.has(word) && word !== 'A*') words.add(word);
    }
  }
  return [...words];
}

async function step(page, times) {
  for (let k = 0; k < times; k++) await page.locator('#step').click();
}

describe('languages', () => {
  it('lang=zh leaves no English in the controls, panels, log or accessible names', async () => {
    await withApp(browser(), '?lang=zh&example=tutorial-wall&heuristic=manhattan', DESKTOP, async ({ page }) => {
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
      await step(page, 6);
      await page.locator('#help summary').click();
      // The cell inspector (here under the keyboard cursor) carries text too.
      await page.locator('#grid').focus();
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.querySelector('#inspector dl') !== null);
      assert.equal(await page.locator('#help').getAttribute('open'), '');
      const texts = await visibleTexts(page);
      assert.ok(texts.some((text) => text.includes('开启列表')), 'the open list is named in Chinese');
      assert.ok(texts.some((text) => text.includes('曼哈顿距离')), 'the admissibility warning is in Chinese');
      assert.deepEqual(latinWords(texts), [], 'English words left in the Chinese page');
      const state = await readout(page);
      assert.match(state.narration, /^第 6 步：扩展 \(\d+,\d+\)：F=\d+ G=\d+ H=\d+。/);
    });
  });

  it('lang=zh leaves no English in the compare view, its table, or an embedded page with every option', async () => {
    const { page, context, errors } = await openPage(browser(), '?lang=zh&compare=astar,dijkstra:zero,greedy&example=tutorial-wall', DESKTOP);
    try {
      await waitForDrawnCanvas(page, '.pane-grid');
      await page.getByRole('button', { name: '到结束' }).click();
      const table = page.getByRole('table', { name: '各算法在这张地图上的表现' });
      await page.waitForFunction(() => document.querySelectorAll('.compare-table tbody tr').length === 3);
      assert.match(await table.textContent(), /Dijkstra/);
      assert.deepEqual(latinWords(await visibleTexts(page)), [], 'English words left in the Chinese compare view');
      assertNoErrors(errors);
    } finally {
      await context.close();
    }
    await withApp(browser(), '?lang=zh&example=tutorial-wall&embed=1&controls=full&legend=1&log=1', DESKTOP, async ({ page }) => {
      await step(page, 3);
      await page.waitForFunction(() => /^第 3 步/.test(document.getElementById('narration').textContent));
      assert.deepEqual(latinWords(await visibleTexts(page)), [], 'English words left in the Chinese embed');
    });
  });

  it('switching back and forth keeps the search where it was, and the choice is remembered', async () => {
    const { page, context, errors } = await openApp(browser(), '?example=tutorial-wall', DESKTOP);
    try {
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      await step(page, 4);
      await page.waitForFunction(() => /^Step 4:/.test(document.getElementById('narration').textContent));
      const before = await readout(page);
      assert.match(before.narration, /^Step 4: Expanded/);
      const picker = page.getByRole('combobox', { name: 'Language' });
      await picker.selectOption('zh');
      await page.waitForFunction(() => /^第 4 步/.test(document.getElementById('narration').textContent));
      const inChinese = await readout(page);
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
      assert.equal(inChinese.step, before.step);
      assert.equal(inChinese.timeline, before.timeline);
      assert.match(inChinese.narration, /^第 4 步：扩展/);
      assert.ok(await page.getByRole('button', { name: '单步' }).isVisible());
      assert.equal(await page.getByRole('slider', { name: '速度' }).getAttribute('aria-valuetext'), '每秒 5 步');
      await page.getByRole('combobox', { name: '语言' }).selectOption('en');
      await page.waitForFunction(() => /^Step 4:/.test(document.getElementById('narration').textContent));
      const back = await readout(page);
      assert.deepEqual(back, before);
      assert.ok(await page.getByRole('button', { name: 'Step', exact: true }).isVisible());
      await page.getByRole('combobox', { name: 'Language' }).selectOption('zh');

      // A new visit without lang= opens in the language chosen last.
      await page.goto(page.url().split('?')[0]);
      await page.waitForFunction(() => document.getElementById('narration').textContent !== '');
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
      assert.equal(await page.getByRole('combobox', { name: '语言' }).inputValue(), 'zh');
      assert.ok(await page.getByRole('button', { name: '播放' }).isVisible());
      assertNoErrors(errors);
    } finally {
      await context.close();
    }
  });

  it('follows the browser language when nothing was chosen, and lang= wins over both', async () => {
    await withApp(browser(), '', { ...DESKTOP, locale: 'zh-CN' }, async ({ page }) => {
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
      assert.equal(await page.title(), 'A* 寻路算法，一步一步看');
    });
    await withApp(browser(), '?lang=en', { ...DESKTOP, locale: 'zh-CN' }, async ({ page }) => {
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      assert.ok(await page.getByRole('button', { name: 'Play' }).isVisible());
    });
  });

  it('words engine errors and a bad scenario file in the chosen language, and again after a switch', async () => {
    await withApp(browser(), '?lang=zh&map=OOQ/OSE', DESKTOP, async ({ page }) => {
      const alert = page.getByRole('alert');
      assert.match(await alert.textContent(), /无法读取网址中的地图：第 1 行第 3 列：无法识别的字符“Q”/);
      await page.getByRole('combobox', { name: '语言' }).selectOption('en');
      assert.match(await alert.textContent(), /The map in the URL could not be read: line 1, column 3: unknown character 'Q'/);
      await page.getByRole('combobox', { name: 'Language' }).selectOption('zh');
      await page.setInputFiles('#map-file', { name: '场景.scen', mimeType: 'text/plain', buffer: Buffer.from('version 1\n0\tm\t10\t10\t1\t2\n') });
      const message = page.locator('#message-text');
      await message.filter({ hasText: '场景.scen' }).waitFor();
      const text = await message.textContent();
      assert.match(text, /^无法打开 场景\.scen：无法读取 场景\.scen 中的场景：第 2 行第 \d+ 列：每个场景需要 9 个字段（分组、地图、宽、高、起点 x、起点 y、终点 x、终点 y、最优长度），实际有 6 个$/);
      assert.deepEqual(latinWords([text]), [], 'English words left in the Chinese message');
      await page.getByRole('combobox', { name: '语言' }).selectOption('en');
      assert.match(await message.textContent(), /^Could not open 场景\.scen: Could not read the scenarios in 场景\.scen: line 2, column \d+: a scenario needs 9 fields \(bucket, map, width, height, start x, start y, goal x, goal y, optimal length\), found 6$/);
    });
  });
});
