// The whole story on demand: the step log keeps every step of the search, a page at a time
// on a long search, and follows Step back, the timeline and To end; "Copy log" copies it all
// as text in the page's language; the open list shows every entry, page by page, in pop order.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, readout, text, waitForText, eventually } from './page.mjs';

const browser = browserForThisFile();
const CLIPBOARD = { ...DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] };
// A long search: Dijkstra over an open 220x110 map takes over 10,000 steps.
const LONG = '?algorithm=dijkstra&size=220x110';

// The log as shown: [{ step, text }] (text without the step number).
async function logItems(page) {
  return page.locator('#step-log li').evaluateAll((items) =>
    items.map((li) => ({ step: Number(li.firstChild.textContent), text: li.textContent.slice(li.firstChild.textContent.length) })),
  );
}

function steps(items) {
  return items.map((item) => item.step);
}

function range(first, last) {
  return Array.from({ length: last - first + 1 }, (_, k) => first + k);
}

async function stepCount(page) {
  return Number((await readout(page)).step.split(' / ')[0]);
}

// Narration "Step 7: Expanded ..." -> "Expanded ...", the sentence the log shows for step 7.
function sentence(narration) {
  return narration.replace(/^Step \d+: /, '');
}

describe('step log', () => {
  it('keeps every step of a short search and follows Step back and the timeline', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      assert.equal(await page.locator('#step-log li').count(), 0);
      await page.getByRole('button', { name: 'To end' }).click();
      await waitForText(page, '#result', /^Path found/);
      const total = await stepCount(page);
      assert.ok(total > 8 && total <= 100, `the tutorial map takes ${total} steps`);
      const all = await logItems(page);
      assert.deepEqual(steps(all), range(1, total), 'every step, oldest first');
      assert.equal(all.at(-1).text, sentence((await readout(page)).narration), 'the newest is the step just taken');
      assert.ok(await page.locator('#log-pager').isHidden(), 'one page holds it all');
      const list = page.locator('#step-log');
      assert.ok(await list.evaluate((ol) => ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 2), 'scrolled to the newest');

      await page.getByRole('button', { name: 'Step back' }).click();
      await waitForText(page, '#count-step', new RegExp(`^${total - 1} /`));
      assert.deepEqual(await logItems(page), all.slice(0, -1));

      // Each step's sentence is the one the narration gave when the search was there.
      await page.locator('#timeline').fill('4');
      await waitForText(page, '#count-step', /^4 \//);
      assert.deepEqual(await logItems(page), all.slice(0, 4));
      assert.equal(sentence((await readout(page)).narration), all[3].text);
      await page.locator('#timeline').fill('0');
      await waitForText(page, '#count-step', /^0 \//);
      assert.equal(await page.locator('#step-log li').count(), 0);
    });
  });

  it('reaches every step of a search of over 10,000 steps, a page at a time, and every entry of its open list in pop order', async () => {
    await withApp(browser(), LONG, DESKTOP, async ({ page }) => {
      await page.getByRole('button', { name: 'To end' }).click();
      await waitForText(page, '#timeline-label', /^\d{5} \/ \d{5}$/);
      const total = await stepCount(page);
      const latest = await logItems(page);
      assert.deepEqual(steps(latest), range(total - 99, total), 'the latest hundred steps');
      assert.equal(latest.at(-1).text, sentence((await readout(page)).narration));
      assert.equal(await text(page, '#log-range'), `Steps ${(total - 99).toLocaleString('en')}–${total.toLocaleString('en')} of ${total.toLocaleString('en')}`);

      const pager = page.getByRole('group', { name: 'Pages of the step log' });
      await pager.getByRole('button', { name: 'First steps' }).click();
      const first = await logItems(page);
      assert.deepEqual(steps(first), range(1, 100));
      assert.match(first[0].text, /^Expanded \(\d+,\d+\): F=0 G=0/, 'step 1 expands the start');
      await pager.getByRole('button', { name: 'Later' }).click();
      assert.deepEqual(steps(await logItems(page)), range(101, 200));
      assert.ok(await pager.getByRole('button', { name: 'Earlier' }).isEnabled());

      // A page being read stays put while the search moves; the latest page follows it.
      await page.getByRole('button', { name: 'Step back' }).click();
      await waitForText(page, '#count-step', new RegExp(`^${total - 1} /`));
      assert.deepEqual(steps(await logItems(page)), range(101, 200));
      await pager.getByRole('button', { name: 'Latest' }).click();
      assert.deepEqual(steps(await logItems(page)), range(total - 100, total - 1));
      assert.ok(await pager.getByRole('button', { name: 'Latest' }).isDisabled());

      // Paging back from the newest step passes every step once.
      await page.getByRole('button', { name: 'To end' }).click();
      await waitForText(page, '#count-step', new RegExp(`^${total} /`));
      const seen = new Set(steps(await logItems(page)));
      const earlier = pager.getByRole('button', { name: 'Earlier' });
      for (let pages = 0; await earlier.isEnabled(); pages++) {
        assert.ok(pages < total / 100 + 2, 'paging back ends');
        await earlier.click();
        const items = steps(await logItems(page));
        assert.equal(items.length, Math.min(100, items.at(-1)));
        for (const step of items) seen.add(step);
      }
      assert.equal(seen.size, total);
      assert.deepEqual([...seen].sort((a, b) => a - b), range(1, total));
      assert.ok(await page.locator('#step-log li').count() <= 100, 'never more than a page on the page');

      // A step in the middle reads the same as the narration at that step.
      await pager.getByRole('button', { name: 'Later' }).click();
      const middle = (await logItems(page))[37];
      await page.locator('#timeline').fill(String(middle.step));
      await waitForText(page, '#count-step', new RegExp(`^${middle.step} /`));
      assert.equal(sentence((await readout(page)).narration), middle.text);
      assert.equal((await logItems(page)).at(-1).text, middle.text, 'past the page read, the log follows again');

      // The open list, a page at a time, every entry in pop order.
      await page.locator('#timeline').fill('3000');
      await waitForText(page, '#count-step', /^3000 \//);
      const entries = Number((await readout(page)).open);
      assert.ok(entries > 120, `a long open list (${entries})`);
      const rows = () => page.locator('#open-rows tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
      const openPager = page.getByRole('group', { name: 'Pages of the open list' });
      const all = [];
      let pages = 0;
      for (;;) {
        const shown = await rows();
        assert.ok(shown.length > 0 && shown.length <= 50);
        all.push(...shown);
        pages += 1;
        const next = openPager.getByRole('button', { name: 'Next' });
        if (await next.isDisabled()) break;
        await next.click();
        await eventually(page, async () => (await rows())[0]?.[0] === String(all.length + 1), 'the next page shows');
      }
      assert.equal(pages, Math.ceil(entries / 50));
      assert.deepEqual(all.map((row) => Number(row[0])), range(1, entries), 'every entry, numbered in pop order');
      assert.equal(new Set(all.map((row) => row[1])).size, entries, 'each cell once');
      // Dijkstra takes the smallest G first: F (= G) never decreases down the list.
      const f = all.map((row) => Number(row[2]));
      assert.ok(f.every((value, k) => k === 0 || value >= f[k - 1]), 'pop order across pages');
      assert.equal(await text(page, '#open-range'), `Entries ${entries - ((entries - 1) % 50)}–${entries} of ${entries}`);
      assert.equal(await page.locator('#open-rows tr.head').count(), 0, 'the head is on the first page');
      await openPager.getByRole('button', { name: 'First' }).click();
      await eventually(page, async () => (await page.locator('#open-rows tr.head').count()) === 1, 'back at the head');
      assert.deepEqual((await rows())[0], all[0]);
    });
  });
});

describe('copying the log', () => {
  it('copies every step as text, in English and in Chinese', async () => {
    await withApp(browser(), LONG, CLIPBOARD, async ({ page }) => {
      await page.locator('#timeline').fill('1234');
      await waitForText(page, '#count-step', /^1234 \//);
      const narration = (await readout(page)).narration;
      await page.getByRole('button', { name: 'Copy log' }).click();
      await waitForText(page, '#copy-status', /^Copied 1,234 steps as text\.$/);
      const all = (await page.evaluate(() => navigator.clipboard.readText())).trimEnd().split('\n');
      // A header first: the page, the map and the options in force, then a blank line.
      assert.equal(all[0], 'A* pathfinding, step by step');
      assert.match(all[1], /^Map: /);
      assert.match(all[2], /^Options: Algorithm: Dijkstra; Cells: Squares; Directions: 8 \(with diagonals\); /);
      assert.equal(all[3], '');
      const copied = all.slice(4);
      assert.equal(copied.length, 1234);
      assert.match(copied[0], /^Step 1: Expanded \(\d+,\d+\): F=0 G=0 H=0\./);
      assert.equal(copied.at(-1), narration);
      assert.deepEqual(copied.map((line) => Number(/^Step (\d+): /.exec(line)[1])), range(1, 1234));
      assert.equal(await stepCount(page), 1234, 'copying leaves the search where it was');

      await page.evaluate(() => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage('zh')));
      await waitForText(page, '#copy-status', /^已复制 1,234 个搜索步的文字记录。$/);
      await page.getByRole('button', { name: '复制记录' }).click();
      const readClipboard = () => page.evaluate(() => navigator.clipboard.readText());
      await eventually(page, async () => (await readClipboard()).includes('\n第 1 步：'), 'the Chinese log is copied');
      const chineseAll = (await readClipboard()).trimEnd().split('\n');
      assert.match(chineseAll[1], /^地图：/);
      assert.match(chineseAll[2], /^设置：算法：.+；/);
      const chinese = chineseAll.slice(4);
      assert.equal(chinese.length, 1234);
      assert.match(chinese[0], /^第 1 步：/);
      assert.equal(chinese.at(-1), (await readout(page)).narration);
      assert.doesNotMatch(chinese.join('\n'), /Expanded|Opened|Step \d/);
    });
  });

  it('falls back to the copy command, and else selects the text for copying by hand', async () => {
    await withApp(browser(), '?example=tutorial-wall&step=3', CLIPBOARD, async ({ page }) => {
      // A browser that refuses the Clipboard API (as over plain http or from a file).
      await page.evaluate(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
      });
      const copy = page.getByRole('button', { name: 'Copy log' });
      await copy.click();
      await waitForText(page, '#copy-status', /^Copied 3 steps as text\.$/);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(copied, /^A\* pathfinding, step by step\nMap: Tutorial: a wall between \(8×6\), 8×6 cells, start \(2,2\), goal \(6,2\)\nOptions: Algorithm: A\*; Heuristic: Manhattan; Heuristic weight: 1; Cells: Squares; Directions: 8 \(with diagonals\); Ties in F: Last in, first out; Diagonal moves: Always \(cut corners\); Step costs: 10 straight, 14 diagonal; Stop at the goal: Off the open list; Neighbour order: Left side, right side\n\nStep 1: .*\nStep 2: .*\nStep 3: .*\n$/);

      await page.evaluate(() => {
        document.execCommand = () => false;
      });
      await copy.click();
      await waitForText(page, '#copy-status', /did not allow copying/);
      const fallback = page.getByRole('textbox', { name: 'The step log as text' });
      assert.ok(await fallback.isVisible());
      assert.equal(await fallback.inputValue(), copied);
      const selected = await fallback.evaluate((area) => area.value.slice(area.selectionStart, area.selectionEnd));
      assert.equal(selected, copied, 'selected, ready for Ctrl+C');
    });
  });
});
