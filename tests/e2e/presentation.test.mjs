// Presentation mode and the foldable side panel. On a projector (1366x768 at 150% browser
// zoom is a 911x512 CSS px window at 1.5 device pixels per CSS px; also 1280x720, 1366x768
// and 1920x1080) the board with F, G and H, every line of the pseudocode, the head of the
// open list, the whole step sentence and any warning are on the screen at once, for every
// pair of projector, finder, language and Predict on or off, and in lesson mode with a
// question, the narration whole; a presenter's remote steps and blanks.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { withApp, cellNumbers, inkInCell, waitForText, eventually, readout, chooseOption } from './page.mjs';
import { pairwise } from './pairwise.mjs';

const browser = browserForThisFile();
const PROJECTOR_150 = { viewport: { width: 911, height: 512 }, deviceScaleFactor: 1.5 };
const PROJECTOR_100 = { viewport: { width: 1366, height: 768 } };
const PROJECTORS = [
  PROJECTOR_150,
  { viewport: { width: 1280, height: 720 } },
  PROJECTOR_100,
  { viewport: { width: 1920, height: 1080 } },
];

// Until the page has drawn what the last action changed (the layout settles over a frame
// or two: the board is measured, then the type is fitted).
async function settled(page) {
  await page.evaluate(() => new Promise((done) => {
    let frames = 6;
    const next = () => (--frames === 0 ? done() : requestAnimationFrame(next));
    requestAnimationFrame(next);
  }));
}

// The grid's drawn size against the window, and the size of its digits (CSS px, 0 when the
// renderer draws no numbers).
async function boardFit(page) {
  return page.evaluate(() => {
    const grid = document.getElementById('grid');
    const box = grid.getBoundingClientRect();
    return {
      width: box.width / window.innerWidth,
      height: box.height / window.innerHeight,
      digitFont: Number(grid.dataset.digitFont),
      fFont: Number(grid.dataset.fFont),
      cell: Number(grid.dataset.cell),
    };
  });
}

// Everything a class must see at once in presentation mode, and what keeps it from being
// seen: each part's box inside the window, no box scrolled (scrollHeight above clientHeight)
// or cut (an ellipsis), every pseudocode line and the open list's first five entries shown,
// the board clear of the other parts. Returns the problems found, [] when none.
async function lessonProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const byId = (id) => document.getElementById(id);
    const shown = (element) => element && !element.hidden && element.getClientRects().length > 0;
    const inWindow = (name, element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) problems.push(`${name} has no size`);
      if (box.left < -0.5 || box.top < -0.5 || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5) {
        problems.push(`${name} is outside the window: ${[box.left, box.top, box.right, box.bottom].map(Math.round)}`);
      }
    };
    const whole = (name, element) => {
      inWindow(name, element);
      if (element.scrollHeight > element.clientHeight + 1) problems.push(`${name} scrolls: ${element.scrollHeight} > ${element.clientHeight}`);
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`${name} scrolls sideways: ${element.scrollWidth} > ${element.clientWidth}`);
      for (const part of [element, ...element.querySelectorAll('*')]) {
        if (part.getClientRects().length > 0 && getComputedStyle(part).textOverflow === 'ellipsis') {
          problems.push(`${name} cuts its text with an ellipsis (${part.tagName} ${part.id || part.className})`);
        }
      }
    };
    const grid = byId('grid');
    inWindow('the board', grid);
    if (!(Number(grid.dataset.digitFont) > 0)) problems.push('the board shows no F, G and H');
    whole('the counters', byId('counters'));
    whole('the step sentence', byId('narration'));
    if (byId('narration').textContent.trim() === '') problems.push('the step sentence is empty');
    if (shown(byId('admissibility'))) whole('the warning', byId('admissibility'));
    if (shown(byId('predict-box'))) whole('the Predict box', byId('predict-box'));
    for (const id of ['side']) whole('the side column', byId(id));
    whole('the pseudocode panel', document.querySelector('.pseudocode-panel'));
    const code = byId('pseudocode');
    whole('the pseudocode', code);
    const lines = code.querySelectorAll('li');
    if (lines.length === 0) problems.push('no pseudocode');
    const codeBox = code.getBoundingClientRect();
    lines.forEach((line, index) => {
      const box = line.getBoundingClientRect();
      if (box.height === 0 || box.top < codeBox.top - 0.5 || box.bottom > codeBox.bottom + 0.5) {
        problems.push(`pseudocode line ${index + 1} is not shown: ${[box.top, box.bottom, codeBox.top, codeBox.bottom].map((v) => v.toFixed(1))}`);
      }
      inWindow(`pseudocode line ${index + 1}`, line);
    });
    whole('the open list', document.querySelector('.open-scroll'));
    // Lesson mode: the scene's narration whole, no smaller than the pseudocode, and its
    // question's prompt and every control it shows on the screen.
    const bar = byId('lesson-bar');
    if (shown(bar)) {
      whole('the lesson bar', bar);
      const size = (element) => parseFloat(getComputedStyle(element).fontSize);
      const listing = document.querySelector('#pseudocode li');
      if (listing && size(byId('lesson-narration')) < size(listing) - 0.01) problems.push(`the narration (${size(byId('lesson-narration'))} px) is smaller than the pseudocode (${size(listing)} px)`);
      if (shown(byId('question'))) {
        inWindow('the question', byId('question-prompt'));
        for (const control of byId('question').querySelectorAll('input, select, button')) {
          if (shown(control)) inWindow(`the question's ${control.id || control.textContent}`, control);
        }
      }
    }
    const rows = [...byId('open-rows').rows];
    const open = Number(byId('count-open').textContent);
    if (open > 0 && rows.length === 0) problems.push('the open list shows no entry');
    // The head: five entries, three on a short window.
    const head = innerHeight > 600 ? 5 : 3;
    rows.slice(0, head).forEach((row, index) => inWindow(`open list entry ${index + 1}`, row));
    // Nothing lies over the board.
    const board = grid.getBoundingClientRect();
    const parts = { lesson: byId('lesson-bar'), side: byId('side'), counters: byId('counters'), narration: byId('narration'), warning: byId('admissibility'), predict: byId('predict-box'), controls: document.querySelector('.controlbar') };
    for (const [name, part] of Object.entries(parts)) {
      if (!shown(part)) continue;
      const box = part.getBoundingClientRect();
      const overlap = Math.min(box.right, board.right) - Math.max(box.left, board.left) > 0.5 &&
        Math.min(box.bottom, board.bottom) - Math.max(box.top, board.top) > 0.5;
      if (overlap) problems.push(`the ${name} overlaps the board`);
    }
    return problems;
  });
}

async function setLanguage(page, code) {
  await page.evaluate((code) => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage(code)), code);
}

const sizeName = ({ viewport, deviceScaleFactor = 1 }) => `${viewport.width}x${viewport.height}@${deviceScaleFactor}`;

describe('presentation mode', () => {
  it('holds the whole lesson at every pair of projector, finder, language and Predict on or off', async () => {
    // The finders as the page offers them, from a first page.
    let finders;
    await withApp(browser(), '?example=tutorial-wall', PROJECTOR_100, async ({ page }) => {
      finders = await page.locator('#algorithm option').evaluateAll((options) => options.map((o) => o.value));
    });
    assert.ok(finders.length >= 10, `finders: ${finders}`);
    const rows = pairwise({ projector: PROJECTORS, finder: finders, language: ['en', 'zh'], predict: [false, true] });
    for (const projector of PROJECTORS) {
      await withApp(browser(), '?example=tutorial-wall', projector, async ({ page }) => {
        await page.keyboard.press('p');
        let predicting = false;
        for (const { finder, language, predict } of rows.filter((row) => row.projector === projector)) {
          await setLanguage(page, language);
          // The Method panel steps aside in presentation mode; its select still drives it.
          await page.locator('#algorithm').evaluate((select, value) => {
            select.value = value;
            select.dispatchEvent(new Event('change', { bubbles: true }));
          }, finder);
          await page.keyboard.press('PageDown');
          await page.keyboard.press('PageDown');
          if (predict !== predicting) {
            await page.locator('#predict').click();
            predicting = predict;
          }
          await settled(page);
          assert.deepEqual(await lessonProblems(page), [], `${sizeName(projector)} ${language} ${finder}, Predict ${predict ? 'on' : 'off'}`);
        }
      });
    }
  });

  it('holds lesson mode with a question, the narration whole and the board readable, at every projector in both languages', async () => {
    // The goal-test lesson's narrations are the longest that ask; its first scene asks for
    // tapped cells and a Check, its last for F, G and H typed.
    for (const projector of PROJECTORS) {
      await withApp(browser(), '?lesson=goal-test', projector, async ({ page }) => {
        await waitForText(page, '#lesson-counter', /^Scene 1 \/ 3$/);
        await page.keyboard.press('p');
        for (const language of ['en', 'zh']) {
          await setLanguage(page, language);
          for (const key of ['Home', 'End']) {
            await page.keyboard.press(key);
            await settled(page);
            const where = `${sizeName(projector)} ${language} ${key}`;
            assert.equal(await page.locator('#question').isVisible(), true, `${where}: the question is shown`);
            assert.deepEqual(await lessonProblems(page), [], where);
            const fit = await boardFit(page);
            // The question takes as few lines as it can: the board keeps over half the height.
            assert.ok(fit.digitFont >= 12 && fit.height >= 0.52, `${where}: the board is readable: ${JSON.stringify(fit)}`);
          }
        }
      });
    }
  });

  it('writes G and H in at least a quarter of the cell and F larger, and 150% zoom keeps them nearly as large on the screen', async () => {
    const sizes = [];
    for (const projector of [PROJECTOR_100, PROJECTOR_150, { viewport: { width: 1920, height: 1080 } }]) {
      await withApp(browser(), '?example=tutorial-wall', projector, async ({ page }) => {
        await page.keyboard.press('p');
        await page.keyboard.press('PageDown');
        await settled(page);
        const fit = await boardFit(page);
        const dpr = projector.deviceScaleFactor ?? 1;
        // The renderer publishes its cell in device px and its digits in CSS px (to 0.1).
        assert.ok(fit.digitFont * dpr >= fit.cell / 4 - 0.15 * dpr, `${sizeName(projector)}: G and H ${fit.digitFont * dpr} device px in a ${fit.cell} px cell`);
        assert.ok(fit.fFont > fit.digitFont, `F (${fit.fFont}) larger than G and H (${fit.digitFont})`);
        sizes.push({ g: fit.digitFont * dpr, f: fit.fFont * dpr, cell: fit.cell });
      });
    }
    const [plain, zoomed, large] = sizes;
    // At 150% the step sentence and the warnings keep 12 CSS px (18 device px), which the
    // board gives a little of its height for.
    assert.ok(zoomed.g >= 0.85 * plain.g && zoomed.f >= 0.85 * plain.f, `150% zoom: G/H ${zoomed.g} and F ${zoomed.f} device px, against ${plain.g} and ${plain.f} at 100%`);
    assert.ok(plain.g >= 20, `G and H are ${plain.g} device px on a 1366x768 projector`);
    assert.ok(large.g > plain.g, 'a larger screen gets larger digits');
  });

  it('fills a 150%-zoomed 1366x768 window with the 8x6 tutorial map, numbers readable, and Esc leaves', async () => {
    await withApp(browser(), '?example=tutorial-wall', PROJECTOR_150, async ({ page }) => {
      const before = await boardFit(page);
      const button = page.getByRole('button', { name: 'Presentation' });
      assert.equal(await button.getAttribute('aria-pressed'), 'false');
      await button.click();
      assert.equal(await button.getAttribute('aria-pressed'), 'true');
      await eventually(page, async () => (await boardFit(page)).height >= 0.6, 'the board takes most of the window\'s height');
      const fit = await boardFit(page);
      assert.ok(fit.width > before.width && fit.height > before.height, 'the board grew');

      // The step controls and the counters are on top, in large type.
      const layout = await page.evaluate(() => {
        const box = (id) => document.getElementById(id).getBoundingClientRect();
        return {
          step: box('step').bottom,
          counters: box('counters').bottom,
          board: box('grid').top,
          stepFont: parseFloat(getComputedStyle(document.getElementById('step')).fontSize),
        };
      });
      assert.ok(layout.step <= layout.board && layout.counters <= layout.board, 'controls and counters above the board');
      assert.ok(layout.stepFont * 1.5 >= 16, `step controls at least as large as on a plain screen (${layout.stepFont * 1.5} device px)`);
      assert.equal(await page.locator('#method-panel').isVisible(), false);
      assert.equal(await page.locator('#pseudocode').isVisible(), true);

      // The first step of the tutorial: the start's right-hand neighbour (3,2) has G = 10.
      await page.getByRole('button', { name: 'Step', exact: true }).click();
      await waitForText(page, '#count-step', /^1 /);
      const numbers = await cellNumbers(page, 3, 2);
      assert.equal(numbers.G, '10');
      assert.equal(Number(numbers.F), Number(numbers.G) + Number(numbers.H));
      // Drawn at full contrast: plenty of dark ink in the F corner.
      assert.ok(await inkInCell(page, 3, 2, [0.05, 0.05, 0.5, 0.35]) > 20, 'F is drawn in dark ink');
      const line = page.locator('#pseudocode li[aria-current="step"]');
      assert.equal(await line.textContent(), 'move current from the open list to the closed list');

      await page.keyboard.press('Escape');
      assert.equal(await button.getAttribute('aria-pressed'), 'false');
      await page.keyboard.press('p');
      assert.equal(await button.getAttribute('aria-pressed'), 'true');
      await page.keyboard.press('p');
      await eventually(page, async () => (await boardFit(page)).width <= before.width + 1, 'the board is back to its place');

      // In Chinese the button is 演示模式, and it works the same.
      await setLanguage(page, 'zh');
      const chinese = page.getByRole('button', { name: '演示模式' });
      await chinese.click();
      assert.equal(await chinese.getAttribute('aria-pressed'), 'true');
      await eventually(page, async () => (await boardFit(page)).height >= 0.6, 'the board takes most of the window\'s height in Chinese too');
    });
  });

  it('steps with a presenter\'s remote (Page Down, Page Up, the arrow keys), blanks the screen with B, and draws the path under the numbers and arrows of its cells', async () => {
    await withApp(browser(), '?example=tutorial-wall', PROJECTOR_150, async ({ page }) => {
      const step = async () => (await readout(page)).step;
      // An option chosen from the list leaves the focus on its select: the stepping keys
      // still do what they do on the page, and never change an option or a slider.
      // So does a slider moved with the mouse.
      const speed = page.locator('#speed');
      await speed.click();
      const rate = await speed.inputValue();
      await page.keyboard.press('ArrowRight');
      await waitForText(page, '#count-step', /^1 /);
      await page.keyboard.press('ArrowLeft');
      await waitForText(page, '#count-step', /^0 /);
      assert.equal(await speed.inputValue(), rate);
      const method = () => page.evaluate(() => ['algorithm', 'heuristic'].map((id) => document.getElementById(id).value));
      const chosen = await method();
      await chooseOption(page.locator('#heuristic'), 'zero');
      await chooseOption(page.locator('#heuristic'), chosen[1]);
      // A keyboard user still changes an option: by typing its first letters, or in the
      // list that Alt+Down opens.
      const heuristic = page.locator('#heuristic');
      await heuristic.focus();
      await page.keyboard.press('z');
      assert.equal(await heuristic.inputValue(), 'zero');
      const back = await heuristic.evaluate((select, value) => select.selectedIndex - Array.from(select.options, (o) => o.value).indexOf(value), chosen[1]);
      await page.keyboard.press('Alt+ArrowDown');
      for (let i = 0; i < back; i++) await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      assert.equal(await heuristic.inputValue(), chosen[1]);
      // The typing ended with the list: chosen again with the mouse at once (within the
      // browser's type-ahead second), the select gives Page Down to the page.
      await chooseOption(heuristic, chosen[1]);
      await page.keyboard.press('PageDown');
      assert.equal(await heuristic.inputValue(), chosen[1]);
      await chooseOption(page.locator('#algorithm'), 'bfs');
      await chooseOption(page.locator('#algorithm'), chosen[0]);
      // Outside presentation mode Page Down, the arrows up and down and Home are the page's
      // own (nothing steps); the right arrow steps and the left one steps back.
      for (const key of ['PageDown', 'PageUp', 'ArrowDown', 'ArrowUp', 'Home', 'b']) await page.keyboard.press(key);
      await page.keyboard.press('ArrowRight');
      await waitForText(page, '#count-step', /^1 /);
      await page.keyboard.press('ArrowLeft');
      await waitForText(page, '#count-step', /^0 /);
      assert.deepEqual(await method(), chosen);
      // So does every other select on the page, chosen from with the mouse.
      const selects = await page.locator('select:visible:enabled').all();
      assert.ok(selects.length >= 8, `${selects.length} selects`);
      for (const select of selects) {
        const value = await select.inputValue();
        await chooseOption(select, value);
        for (const key of ['PageDown', 'PageUp', 'ArrowDown', 'ArrowUp', 'Home']) await page.keyboard.press(key);
        await page.keyboard.press('ArrowRight');
        await waitForText(page, '#count-step', /^1 /);
        await page.keyboard.press('ArrowLeft');
        await waitForText(page, '#count-step', /^0 /);
        assert.equal(await select.inputValue(), value, await select.getAttribute('id'));
      }
      assert.deepEqual(await method(), chosen);
      await chooseOption(page.locator('#algorithm'), chosen[0]);
      assert.equal(await page.evaluate(() => document.activeElement.id), 'algorithm');
      await page.keyboard.press('p');
      assert.equal(await page.getByRole('button', { name: 'Presentation' }).getAttribute('aria-pressed'), 'true');
      await page.keyboard.press('PageDown');
      await waitForText(page, '#count-step', /^1 /);
      assert.deepEqual(await method(), chosen);
      await page.keyboard.press('ArrowDown');
      await waitForText(page, '#count-step', /^2 /);
      await page.keyboard.press('ArrowRight');
      await waitForText(page, '#count-step', /^3 /);
      await page.keyboard.press('PageUp');
      await waitForText(page, '#count-step', /^2 /);
      await page.keyboard.press('ArrowUp');
      await waitForText(page, '#count-step', /^1 /);

      const blank = page.locator('.blank-screen');
      assert.equal(await blank.isVisible(), false);
      await page.keyboard.press('b');
      assert.equal(await blank.isVisible(), true);
      const cover = await blank.boundingBox();
      assert.deepEqual([cover.x, cover.y, cover.width, cover.height], [0, 0, 911, 512]);
      assert.equal(await blank.evaluate((e) => getComputedStyle(e).backgroundColor), 'rgb(0, 0, 0)');
      // The key that brings the screen back does nothing else.
      await page.keyboard.press('PageDown');
      assert.equal(await blank.isVisible(), false);
      assert.match(await step(), /^1 /);
      await page.keyboard.press('b');
      await page.mouse.click(400, 300);
      assert.equal(await blank.isVisible(), false);
      assert.match(await step(), /^1 /);
      assert.equal(await page.getByRole('button', { name: 'Presentation' }).getAttribute('aria-pressed'), 'true');
      // Leaving presentation mode takes a blank screen with it.
      await page.keyboard.press('b');
      await page.evaluate(() => document.getElementById('presentation').click());
      assert.equal(await blank.isVisible(), false);

      // Presenting the path: drawn under the numbers and arrows of its cells.
      await page.getByRole('button', { name: 'Presentation' }).click();
      await page.getByRole('button', { name: 'To end' }).click();
      await waitForText(page, '#result', /Path found/);
      // (3,1) is on the tutorial's path, which crosses it from corner to corner: dark digits
      // and arrow on top of the line, edged in the cell's colour.
      const dark = await page.evaluate(() => {
        const grid = document.getElementById('grid');
        const overlay = document.getElementById('overlay');
        const cell = Number(grid.dataset.cell);
        const read = (fx0, fy0, fx1, fy1) => {
          const left = Math.floor((3 + fx0) * cell - Number(grid.dataset.originX));
          const top = Math.floor((1 + fy0) * cell - Number(grid.dataset.originY));
          const { data } = overlay.getContext('2d').getImageData(left, top, Math.floor((fx1 - fx0) * cell), Math.floor((fy1 - fy0) * cell));
          let count = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200 && data[i] + data[i + 1] + data[i + 2] < 150) count++;
          return count;
        };
        return { g: read(0.05, 0.65, 0.45, 0.97), arrow: read(0.3, 0.3, 0.7, 0.7) };
      });
      assert.ok(dark.g > 20, `G is written over the path line (${dark.g} dark pixels)`);
      assert.ok(dark.arrow > 20, `the parent arrow is drawn over the path line (${dark.arrow} dark pixels)`);
    });
  });

  it('on a plain 1366x768 screen: keeps the pseudocode and the warning readable, folds the side panel away so the board takes its width and remembers it, and lists the remote\'s keys in the keyboard help in both languages', async () => {
    await withApp(browser(), '?example=tutorial-wall', PROJECTOR_100, async ({ page }) => {
      const sizes = await page.evaluate(() => ({
        code: parseFloat(getComputedStyle(document.querySelector('#pseudocode li')).fontSize),
        warning: parseFloat(getComputedStyle(document.getElementById('admissibility')).fontSize),
        warningShown: !document.getElementById('admissibility').hidden,
      }));
      assert.ok(sizes.warningShown, 'the tutorial map (Manhattan with diagonals) has a warning');
      assert.ok(sizes.code >= 16, `code in ${sizes.code} px`);
      assert.ok(sizes.warning >= 15, `warning in ${sizes.warning} px`);
      const toggle = page.getByRole('button', { name: 'Side panel' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      const before = await boardFit(page);
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.locator('#side').isVisible(), false);
      await eventually(page, async () => (await boardFit(page)).width > before.width, 'the board grew into the panel\'s place');
      await page.reload();
      await page.waitForFunction(() => document.getElementById('narration').textContent !== '');
      assert.equal(await page.getByRole('button', { name: 'Side panel' }).getAttribute('aria-expanded'), 'false');
      await page.getByRole('button', { name: 'Side panel' }).click();
      assert.equal(await page.locator('#side').isVisible(), true);
      // The keys are the page's, not the focused button's.
      await page.evaluate(() => document.activeElement.blur());
      await page.keyboard.press('?');
      const help = page.locator('#help');
      assert.match(await help.textContent(), /Page Down or ↓ one step forward, Page Up or ↑ one step back.*B blanks the screen/);
      await setLanguage(page, 'zh');
      assert.match(await help.textContent(), /翻页笔.*Page Down 或 ↓ 前进一步，Page Up 或 ↑ 后退一步.*B 键黑屏/);
    });
  });
});
