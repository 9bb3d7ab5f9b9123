// The built-in tutorial examples open with their tutorial's rules, say which tutorial they
// reproduce, and show the F, G and H the tutorial's text gives for the cells it names.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, inspect, cellNumbers, waitForText } from './page.mjs';

const browser = browserForThisFile();

async function methodFields(page) {
  return page.evaluate(() => {
    const value = (id) => document.getElementById(id).value;
    return {
      heuristic: value('heuristic'),
      directions: value('directions'),
      diagonal: value('diagonal'),
      costs: value('costs'),
      tieBreak: value('tie-break'),
      goalTest: value('goal-test'),
      neighbourOrder: value('neighbour-order'),
    };
  });
}

// F, G and H of a cell, as the inspector reads them out and as they are drawn in the cell.
async function numbersOf(page, x, y) {
  const info = await inspect(page, x, y);
  const drawn = await cellNumbers(page, x, y);
  const read = { F: info.F, G: info.G, H: info.H };
  assert.deepEqual(drawn, read, `cell (${x},${y}): drawn numbers differ from the inspector`);
  return read;
}

// The multimap tutorial's map as it prints it after the search, the path drawn with '-'.
const PRINTED_MULTIMAP = readFileSync(new URL('../maps/tutorial/multimap_solved.txt', import.meta.url), 'utf8');

function drawnPath(text) {
  const cells = [];
  text.trim().split('\n').forEach((row, y) => [...row].forEach((c, x) => {
    if ('-sd'.includes(c)) cells.push({ x, y });
  }));
  return cells;
}

const sortedCells = (cells) => [...cells].sort((a, b) => a.y - b.y || a.x - b.x);

// The path the page found, start first: the goal's parents followed back in the inspector.
async function pathByParents(page, goal, start) {
  const path = [goal];
  let at = goal;
  while (at.x !== start.x || at.y !== start.y) {
    const parent = /^\((\d+),(\d+)\)$/.exec((await inspect(page, at.x, at.y)).Parent);
    assert.ok(parent, `no parent at (${at.x},${at.y})`);
    at = { x: Number(parent[1]), y: Number(parent[2]) };
    path.unshift(at);
  }
  return path;
}

describe('tutorial examples', () => {
  it('the first C++ tutorial map opens with Manhattan H and shows the numbers of its text', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      assert.deepEqual(await methodFields(page), {
        heuristic: 'manhattan',
        directions: '8',
        diagonal: 'always',
        costs: '10-14',
        tieBreak: 'last-in',
        goalTest: 'off-open',
        neighbourOrder: 'left-then-right',
      });
      const note = page.locator('#example-about');
      assert.ok(await note.isVisible());
      assert.match(await note.textContent(), /first map of the C\+\+ A\* tutorial/);
      await page.locator('#step').click();
      // "the cell right of the start: G=10, Manhattan H=30, so F=40"
      assert.deepEqual(await numbersOf(page, 3, 2), { F: '40', G: '10', H: '30' });
      // The start's diagonal neighbour: one diagonal step (14), four cells from the goal.
      assert.deepEqual(await numbersOf(page, 3, 1), { F: '54', G: '14', H: '40' });
      assert.deepEqual(await numbersOf(page, 3, 3), { F: '54', G: '14', H: '40' });
      await page.locator('#finish').click();
      // The tutorial's drawn path: S, then up-right twice over the wall's end, then down-right
      // twice. (The page redraws its read-outs on the next frame.)
      await waitForText(page, '#result', /Path found: cost 56, 4 moves\./);
      // Cell for cell the path the tutorial prints: over the wall's upper end.
      assert.deepEqual(await pathByParents(page, { x: 6, y: 2 }, { x: 2, y: 2 }), [
        { x: 2, y: 2 }, { x: 3, y: 1 }, { x: 4, y: 0 }, { x: 5, y: 1 }, { x: 6, y: 2 },
      ]);
    });
  });

  it('the multimap tutorial map walks 4 directions at cost 1 a step, 38 steps', async () => {
    await withApp(browser(), '?example=tutorial-dots', DESKTOP, async ({ page }) => {
      assert.deepEqual(await methodFields(page), {
        heuristic: 'manhattan',
        directions: '4',
        diagonal: 'if-at-most-one-obstacle',
        costs: 'exact',
        tieBreak: 'first-in',
        goalTest: 'first-reached',
        neighbourOrder: 'left-right-up-down',
      });
      assert.match(await page.locator('#example-about').textContent(), /multimap A\* tutorial/);
      await page.locator('#step').click();
      // s is at (4,2), d at (9,3): H = 5 + 1 in single steps.
      await waitForText(page, '#narration', /^\s*Step 1: Expanded \(4,2\): F=6 G=0 H=6\. Opened \(3,2\) with G=1, H=7\. Opened \(4,1\) with G=1, H=7\./);
      assert.deepEqual(await numbersOf(page, 3, 2), { F: '8', G: '1', H: '7' });
      await page.locator('#finish').click();
      await waitForText(page, '#result', /Path found: cost 38, 38 moves\./);
      // Cell for cell the path the tutorial prints, into the goal from (9,4) below it.
      const path = await pathByParents(page, { x: 9, y: 3 }, { x: 4, y: 2 });
      assert.deepEqual(path[path.length - 2], { x: 9, y: 4 });
      assert.deepEqual(sortedCells(path), drawnPath(PRINTED_MULTIMAP));
      assert.match(await page.locator('#admissibility').textContent(), /Stopping when the goal is first reached can miss the shortest path/);
    });
  });

  it('the C# tutorial\'s 4x4 map takes its printed path, written from the bottom left on request, which is remembered', async () => {
    await withApp(browser(), '?example=tutorial-csharp', DESKTOP, async ({ page }) => {
      assert.deepEqual(await methodFields(page), {
        heuristic: 'octile',
        directions: '8',
        diagonal: 'always',
        costs: '10-14',
        tieBreak: 'larger-g',
        goalTest: 'off-open',
        neighbourOrder: 'columns-bottom-up',
      });
      assert.match(await page.locator('#example-about').textContent(), /4×4 example of the C# A\* tutorial/);
      // Why its (2,1): the engine's open list held its (2,0) at the same F, and the tie-break
      // took the larger G, as the tutorial's figure does.
      for (let k = 0; k < 3; k++) await page.locator('#step').click();
      await waitForText(page, '#narration', /^\s*Step 3: Expanded \(2,2\): F=38 G=28 H=10\. It was chosen over \(2,3\) \(G=24\), which had the same F=38: among equal F the larger G goes first/);
      await page.locator('#finish').click();
      await waitForText(page, '#result', /Path found: cost 38, 3 moves\./);
      // Its (x, y) is our (x, 3 - y).
      assert.deepEqual(await pathByParents(page, { x: 3, y: 2 }, { x: 0, y: 2 }), [
        { x: 0, y: 2 }, { x: 1, y: 3 }, { x: 2, y: 2 }, { x: 3, y: 2 },
      ]);
      await page.getByRole('combobox', { name: 'Coordinates' }).selectOption('bottom-left');
      await page.locator('#step-back').click();
      await waitForText(page, '#narration', /^\s*Step 3: Expanded \(2,1\): F=38 G=28 H=10\. It was chosen over \(2,0\) \(G=24\)/);
      await page.locator('#finish').click();
      const info = await inspect(page, 2, 2, '(2,1)');
      assert.equal(info.Parent, '(1,0)');
      assert.match(await page.locator('#narration').textContent(), /\(3,1\)/);
      // The choice of coordinates is remembered.
      await page.reload();
      await page.waitForFunction(() => document.getElementById('cell-origin')?.value === 'bottom-left');
    });
  });

  it('the goal test example costs 80 stopping on reaching and 78 taken off the open list, in Chinese too', async () => {
    await withApp(browser(), '?lang=zh&example=goal-test', DESKTOP, async ({ page }) => {
      assert.equal((await methodFields(page)).goalTest, 'first-reached');
      await page.locator('#finish').click();
      await waitForText(page, '#result', /80/);
      const warning = page.locator('#admissibility');
      assert.match(await warning.textContent(), /第一次到达终点就停止，可能错过最短路径/);
      const listing = await page.locator('#pseudocode li').evaluateAll((items) => items.map((li) => li.dataset.line));
      assert.ok(listing.includes('reached') && !listing.includes('goal'), listing.join(','));
      assert.match(await page.locator('#pseudocode-note').textContent(), /是终点/);
      await page.getByRole('combobox', { name: '何时停在终点' }).selectOption('off-open');
      await waitForText(page, '#result', /78/);
      assert.ok(await warning.isHidden());
      const plain = await page.locator('#pseudocode li').evaluateAll((items) => items.map((li) => li.dataset.line));
      assert.ok(plain.includes('goal') && !plain.includes('reached'), plain.join(','));
    });
  });

  it('names the tutorial in Chinese too, and a loaded example replaces the rules of the last', async () => {
    await withApp(browser(), '?lang=zh&example=u-trap', DESKTOP, async ({ page }) => {
      assert.equal((await methodFields(page)).heuristic, 'auto');
      await page.getByRole('combobox', { name: '示例' }).selectOption('tutorial-wall');
      await page.getByRole('button', { name: '载入示例' }).click();
      await waitForText(page, '#example-about', /C\+\+ A\* 教程的第一张地图/);
      assert.equal((await methodFields(page)).heuristic, 'manhattan');
      await page.locator('#step').click();
      assert.deepEqual(await numbersOf(page, 3, 1), { F: '54', G: '14', H: '40' });
    });
  });

  it('tutorial 000\'s blink jumps the wall and 16 directions take a knight\'s move, each named in English and Chinese', async () => {
    await withApp(browser(), '?example=tutorial-blink', DESKTOP, async ({ page }) => {
      assert.equal((await methodFields(page)).directions, 'blink');
      assert.equal(await page.locator('#blink-cost').inputValue(), '1');
      await page.locator('#step').click();
      // From (2,2) a blink over (3,1) reaches (4,0).
      await waitForText(page, '#narration', /Opened \(4,0\) with G=38, H=\d+\. That move is a blink, 2 across and 2 down/);
      await page.locator('#finish').click();
      await waitForText(page, '#result', /Path found: cost 50, 3 moves\./);
      // The goal's parent (5,2) has the parent (3,2), beyond the wall: the arrow spans it.
      assert.equal((await inspect(page, 5, 2)).Parent, '(3,2)');
    });
    await withApp(browser(), '?lang=zh&example=tutorial-blink', DESKTOP, async ({ page }) => {
      await page.locator('#step').click();
      await waitForText(page, '#narration', /这一步是闪烁：横 2 格、纵 2 格/);
    });
    for (const [lang, words] of [['en', /That move goes 2 across and 1 down: 2\.24 steps long\./], ['zh', /这一步横 2 格、纵 1 格，长 2\.24 步。/]]) {
      await withApp(browser(), `?lang=${lang}&map=SOO/OOE&directions=16`, DESKTOP, async ({ page }) => {
        assert.equal((await methodFields(page)).directions, '16');
        await page.locator('#step').click();
        await waitForText(page, '#narration', words);
        // The goal's parent is the start, a knight's move away (the inspector reads in English).
        if (lang === 'en') assert.equal((await inspect(page, 2, 1)).Parent, '(0,0)');
      });
    }
  });
});
