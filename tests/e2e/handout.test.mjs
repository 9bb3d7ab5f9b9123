// The handout: Print handout (or the browser's own Print) puts the board, the pseudocode, the
// open list and the step log on the printer's pages (A4, Letter) without a control, under a
// header naming the map and the options, in the page's language. The board's printed width
// is measured in the PDF itself: its page drawn as pixels by poppler's pdftoppm (installed
// with the browser by `cargo xtask test`).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp } from './page.mjs';
import { PALETTE } from '../../www/board/palette.js';

const browser = browserForThisFile();
// An A4 page's width inside its 12 mm margins, in CSS px (96 per inch).
const A4_CONTENT_WIDTH = Math.floor(((210 - 2 * 12) / 25.4) * 96);

// What a printed page shows, laid out at an A4 page's width.
async function printed(page) {
  await page.setViewportSize({ width: A4_CONTENT_WIDTH, height: 1000 });
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate((width) => {
    const shown = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const inPage = (element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.left >= -0.5 && box.right <= width + 0.5;
    };
    const controls = [...document.querySelectorAll('button, select, input, textarea, summary, [role="slider"]')].filter(shown);
    const grid = document.getElementById('grid');
    const lines = [...document.querySelectorAll('#pseudocode li')];
    const rows = [...document.querySelectorAll('#open-rows tr')];
    const log = [...document.querySelectorAll('#step-log li')];
    return {
      head: document.getElementById('handout-head').innerText,
      controls: controls.map((c) => c.id || c.textContent.trim()),
      board: shown(grid) && inPage(grid) && grid.getBoundingClientRect().width > 200,
      code: lines.length > 0 && lines.every((li) => shown(li) && inPage(li)),
      open: rows.length > 0 && rows.every((tr) => shown(tr) && inPage(tr)),
      log: log.filter((li) => shown(li) && inPage(li)).map((li) => li.textContent),
      narration: shown(document.getElementById('narration')),
    };
  }, A4_CONTENT_WIDTH);
}

// The board's width on the first page of a PDF, in points: the longest straight run of its
// grid lines' colour, with the page's width. The page is drawn at 72 dots per inch (a dot a
// point) as a binary PPM.
function printedBoard(pdf) {
  const folder = mkdtempSync(join(tmpdir(), 'handout-'));
  try {
    writeFileSync(join(folder, 'handout.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-singlefile', join(folder, 'handout.pdf'), join(folder, 'page')]);
    const image = readFileSync(join(folder, 'page.ppm'));
    let [head, width, height] = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(image.toString('latin1', 0, 40));
    const header = head.length;
    [width, height] = [Number(width), Number(height)];
    const line = PALETTE.gridLine.match(/\w\w/g).map((hex) => parseInt(hex, 16));
    let longest = 0;
    for (let y = 0; y < height; y++) {
      let run = 0;
      for (let x = 0; x < width; x++) {
        const at = header + 3 * (y * width + x);
        const near = line.every((v, c) => Math.abs(image[at + c] - v) <= 12);
        run = near ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
    }
    return { board: longest, page: width };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// The pages of a PDF.
function pageCount(pdf) {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

const WORDS = {
  en: { button: 'Print handout', title: 'A* pathfinding, step by step', map: /Map: Tutorial: a wall between \(8×6\), 8×6 cells, start \(2,2\), goal \(6,2\)/, options: /Options: Algorithm: A\*; Heuristic: Manhattan; .*Ties in F: Last in, first out/, step: /^3Expanded \(3,3\)/ },
  zh: { button: '打印讲义', title: 'A* 寻路算法，一步一步看', map: /地图：教程：中间一堵墙（8×6），8×6 格，起点 \(2,2\)，终点 \(6,2\)/, options: /设置：算法：A\*；启发函数：曼哈顿距离；/, step: /^3扩展 \(3,3\)/ },
};

describe('handout', () => {
  it('prints the lesson on A4 without controls, in English and in Chinese', async () => {
    await withApp(browser(), '?example=tutorial-wall&step=3', DESKTOP, async ({ page }) => {
      await page.evaluate(() => {
        window.printed = 0;
        window.print = () => { window.printed += 1; };
      });
      for (const [language, words] of Object.entries(WORDS)) {
        await page.locator('#language').selectOption(language);
        const before = await page.evaluate(() => window.printed);
        await page.getByRole('button', { name: words.button }).click();
        await page.waitForFunction((count) => window.printed === count + 1, before);
        const sheet = await printed(page);
        assert.deepEqual(sheet.controls, [], 'no control on the page');
        assert.ok(sheet.head.startsWith(words.title), sheet.head);
        assert.match(sheet.head, words.map);
        assert.match(sheet.head, words.options);
        assert.ok(sheet.board, 'the board, within the page');
        assert.ok(sheet.code, 'every line of the pseudocode');
        assert.ok(sheet.open, 'the open list');
        assert.ok(sheet.narration, 'the step in words');
        assert.equal(sheet.log.length, 3);
        assert.match(sheet.log[2], words.step);
        const pdf = await page.pdf({ format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '12mm', right: '12mm' } });
        const pages = pageCount(pdf);
        assert.ok(pages >= 1 && pages <= 3, `${language}: ${pages} A4 pages`);
        // Back on the screen, for the next language.
        await page.emulateMedia({ media: 'screen' });
        await page.setViewportSize(DESKTOP.viewport);
      }
    });
  });

  it('prints the board across the page and the legend from presentation mode, whatever the board\'s size on the screen', async () => {
    await withApp(browser(), '?example=tutorial-wall&step=3', { viewport: { width: 911, height: 512 }, deviceScaleFactor: 1.5 }, async ({ page }) => {
      await page.keyboard.press('p');
      const onScreen = await page.evaluate(() => document.getElementById('grid').getBoundingClientRect().width);
      // The browser's own Print lays the page out again for paper without resizing the
      // window: the board's drawing keeps its screen size unless the style sheet widens it.
      await page.emulateMedia({ media: 'print' });
      const sheet = await page.evaluate(() => {
        const width = (element) => element.getBoundingClientRect().width;
        const legend = document.querySelector('.legend');
        return { grid: width(document.getElementById('grid')), page: width(document.querySelector('.stage')), legend: legend.getClientRects().length > 0 && width(legend) > 100 };
      });
      assert.ok(onScreen < 0.8 * sheet.page, `the board is ${onScreen} px wide on the screen`);
      assert.ok(Math.abs(sheet.grid - sheet.page) < 2, `the board is ${sheet.grid} px wide on a ${sheet.page} px page`);
      assert.ok(sheet.legend, 'the legend is printed');
      // On paper: the board fills the printable width (the page less its 12 mm margins) of
      // A4 and of Letter, in both languages.
      const margins = 2 * (12 / 25.4) * 72;
      for (const language of ['en', 'zh']) {
        await page.evaluate((code) => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage(code)), language);
        await page.waitForFunction((code) => document.documentElement.lang.startsWith(code), language);
        for (const format of ['A4', 'Letter']) {
          const printedWidth = printedBoard(await page.pdf({ format, printBackground: true }));
          const printable = printedWidth.page - margins;
          assert.ok(Math.abs(printedWidth.board - printable) <= 3, `${language}, ${format}: the board is ${printedWidth.board} pt wide of ${printable.toFixed(1)} pt`);
        }
      }
    });
  });
});
