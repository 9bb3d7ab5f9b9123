// Predict the next node, and the G/H exercise: answers checked against the engine's open
// list and step events, a score, and step back to argue and try again.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, readout, cellPoint, gridInfo, waitForText, eventually } from './page.mjs';

const browser = browserForThisFile();

async function predictState(page) {
  return page.evaluate(() => {
    const get = (id) => document.getElementById(id).textContent;
    return {
      prompt: get('predict-prompt'),
      verdict: get('predict-verdict'),
      score: get('predict-score'),
      asksValues: !document.getElementById('predict-values').hidden,
      // The open list's head: what the engine takes next (hidden from view while asking).
      head: document.querySelector('#open-rows tr.head td:nth-child(2)')?.textContent ?? null,
      openRowsVisible: getComputedStyle(document.getElementById('open-rows')).visibility === 'visible',
    };
  });
}

// Runs an answer and waits until the page has drawn its verdict (every answer changes the
// score line).
async function answered(page, action) {
  const before = (await predictState(page)).score;
  await action();
  await eventually(page, async () => (await predictState(page)).score !== before, 'the answer was scored');
  return predictState(page);
}

async function clickCell(page, x, y) {
  const point = await cellPoint(page, x, y);
  await answered(page, () => page.mouse.click(point.x, point.y));
}

const parseCell = (text) => text.replace(/[()]/g, '').split(',').map(Number);

async function answerValues(page, g, h) {
  await page.getByRole('spinbutton', { name: 'G =' }).fill(String(g));
  await page.getByRole('spinbutton', { name: 'H =' }).fill(String(h));
  await answered(page, () => page.getByRole('button', { name: 'Check' }).click());
}

describe('predict', () => {
  it('asks for the next node and for G and H, scores right and wrong answers, and retries after Step back', async () => {
    await withApp(browser(), '?example=tutorial-wall&tieBreak=larger-g', DESKTOP, async ({ page }) => {
      const toggle = page.getByRole('button', { name: 'Predict' });
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
      await waitForText(page, '#predict-prompt', /^Which cell will be expanded next\?/);
      let state = await predictState(page);
      assert.equal(state.openRowsVisible, false, 'the open list does not give the answer away');
      const map = await gridInfo(page);

      // Step 1: the start is the only open node. Right; then G and H of a neighbour, wrong.
      await clickCell(page, map.start.x, map.start.y);
      state = await predictState(page);
      assert.deepEqual(map.start, { x: 2, y: 2 });
      assert.equal(state.verdict, 'Correct: (2,2) has the lowest F = 40.');
      assert.ok(state.asksValues);
      const asked = /its neighbour (\(\d+,\d+\)) get\?/.exec(state.prompt)[1];
      assert.match(state.prompt, /^\(2,2\) is expanded next\./);
      assert.equal((await readout(page)).step.split(' ')[0], '0', 'nothing is revealed before the answer');
      await answerValues(page, 1, 1);
      await waitForText(page, '#count-step', /^1 /);
      state = await predictState(page);
      const revealed = new RegExp(`^Not quite: ${asked.replace(/[()]/g, '\\$&')} gets G = (\\d+) \\(G of \\(2,2\\) = 0, plus the move \\d+\\) and H = (\\d+)`).exec(state.verdict);
      assert.ok(revealed, state.verdict);
      assert.equal(state.score, 'Next node: 1 of 1 right · G and H: 0 of 1 right');
      assert.ok((await readout(page)).narration.includes(`Opened ${asked} with G=${revealed[1]}, H=${revealed[2]}.`), 'the answer is the engine\'s');

      // Step back: the same questions again; this time both right.
      state = await answered(page, () => page.getByRole('button', { name: 'Step back' }).click());
      await waitForText(page, '#count-step', /^0 /);
      assert.match(state.prompt, /^Which cell/);
      assert.equal(state.score, 'Next node: 0 of 0 right · G and H: 0 of 0 right');
      await clickCell(page, map.start.x, map.start.y);
      assert.ok((await predictState(page)).prompt.includes(`its neighbour ${asked} get?`));
      await answerValues(page, revealed[1], revealed[2]);
      await waitForText(page, '#count-step', /^1 /);
      state = await predictState(page);
      assert.equal(state.verdict, `Correct: ${asked} gets G = ${revealed[1]} (0 + ${revealed[1]}) and H = ${revealed[2]}.`);
      assert.equal(state.score, 'Next node: 1 of 1 right · G and H: 1 of 1 right');

      // Step 2: a wall is never next. The verdict names the engine's choice and its F.
      const head = state.head;
      await clickCell(page, 4, 1);
      state = await predictState(page);
      assert.match(state.verdict, new RegExp(`^Not quite: ${head.replace(/[()]/g, '\\$&')} is next, with the lowest F = \\d+; \\(4,1\\) is not in the open list\\.$`));
      if (state.asksValues) await answerValues(page, 0, 0);
      await waitForText(page, '#count-step', /^2 /);
      assert.match((await readout(page)).narration, new RegExp(`^Step 2: Expanded ${head.replace(/[()]/g, '\\$&')}`));
      assert.match((await predictState(page)).score, /^Next node: 1 of 2 right/);

      // A presenter's Page Down on a question left open shows the answer, scored as
      // skipped, and steps on the next press; so does the step key.
      await waitForText(page, '#predict-prompt', /^Which cell/);
      await page.keyboard.press('p');
      for (const [key, stepped] of [['PageDown', 3], ['ArrowRight', 4]]) {
        const before = await predictState(page);
        const next = before.head;
        state = await answered(page, () => page.keyboard.press(key));
        assert.ok(state.verdict.startsWith(`Skipped: ${next} is next, with the lowest F = `), state.verdict);
        assert.equal(/G and H: \d+ of (\d+)/.exec(state.score)[1] - /G and H: \d+ of (\d+)/.exec(before.score)[1], state.verdict.includes(' gets G = ') ? 1 : 0, 'its G and H question is skipped too');
        assert.match(state.score, new RegExp(`^Next node: 1 of ${stepped} right`));
        assert.equal(Number((await readout(page)).step.split(' ')[0]), stepped - 1, 'the answer is shown before the step');
        assert.equal(await page.locator('#predict-verdict').getAttribute('class'), 'predict-verdict skipped');
        await page.keyboard.press(key);
        await waitForText(page, '#count-step', new RegExp(`^${stepped} `));
        assert.match((await readout(page)).narration, new RegExp(`^Step ${stepped}: Expanded ${next.replace(/[()]/g, '\\$&')}`));
      }
    });
  });

  it('takes answers from the keyboard cell cursor and explains ties, in English and in Chinese', async () => {
    await withApp(browser(), '?example=tutorial-wall&tieBreak=larger-g', DESKTOP, async ({ page }) => {
      await page.getByRole('button', { name: 'Predict' }).click();
      const map = await gridInfo(page);
      await page.locator('#grid').focus();
      let cursor = null;
      let tie = null;
      for (let k = 0; k < 12 && !tie; k++) {
        // The question is drawn on the frame after Predict is pressed or the step is taken.
        await waitForText(page, '#predict-prompt', /^Which cell/);
        const state = await predictState(page);
        const [x, y] = parseCell(state.head);
        // The first arrow key puts the cursor on the start; then walk to the head.
        if (cursor === null) {
          await page.keyboard.press('ArrowRight');
          cursor = { ...map.start };
        }
        while (cursor.x !== x) {
          await page.keyboard.press(cursor.x < x ? 'ArrowRight' : 'ArrowLeft');
          cursor.x += cursor.x < x ? 1 : -1;
        }
        while (cursor.y !== y) {
          await page.keyboard.press(cursor.y < y ? 'ArrowDown' : 'ArrowUp');
          cursor.y += cursor.y < y ? 1 : -1;
        }
        const step = Number((await readout(page)).step.split(' ')[0]);
        const after = await answered(page, () => page.keyboard.press('Enter'));
        assert.match(after.verdict, /^Correct: /);
        if (/tied with/.test(after.verdict)) tie = after.verdict;
        if (after.asksValues) await answerValues(page, 0, 0);
        await waitForText(page, '#count-step', new RegExp(`^${step + 1} `));
        // Leaving the grid for the G/H fields took the cursor away.
        await page.locator('#grid').focus();
        if (after.asksValues) cursor = null;
      }
      assert.ok(tie, 'a tie in F came up');
      assert.match(tie, /tied with \d+ more; among equal F the larger G goes first \(then the newest\)\.$/);

      await page.evaluate(() => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage('zh')));
      await eventually(page, async () => (await predictState(page)).prompt.startsWith('下一个要扩展的是哪个格子'), 'the question is in Chinese');
      const head = (await predictState(page)).head;
      await clickCell(page, ...parseCell(head));
      const state = await predictState(page);
      assert.match(state.verdict, /^正确：/);
      assert.match(state.score, /^下一个节点：答对 \d+\/\d+/);
    });
  });
});
