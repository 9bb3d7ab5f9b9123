// The compare view: several methods side by side on one map, driven together, with a table
// of their work and results; opened by its button or by the `compare=` URL parameter.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile, waitForDrawnCanvas, servedUrl } from './browser.mjs';
import { DESKTOP, withApp, withPanes, waitForText, eventually, nextFrames, chooseOption } from './page.mjs';
import { pairwise } from './pairwise.mjs';

const browser = browserForThisFile();

// The comparison table as one object per row, keyed by column header.
async function table(page) {
  return page.getByRole('table', { name: 'Each method on this map' }).evaluate((element) => {
    const headers = Array.from(element.querySelectorAll('thead th'), (th) => th.textContent.trim());
    return Array.from(element.querySelectorAll('tbody tr'), (tr) => {
      const cells = Array.from(tr.children, (cell) => cell.textContent.trim());
      return Object.fromEntries(headers.map((header, i) => [header, cells[i]]));
    });
  });
}

// Opens the page with a compare view and waits until its panes are drawn.
const withComparison = (query, body) => withPanes(browser(), query, DESKTOP, body);

// Clicks the middle of cell (x, y) on the map of the pane with this accessible name.
async function clickPaneCell(page, paneName, x, y, { columns, rows }) {
  const box = await page.getByRole('application', { name: paneName }).boundingBox();
  await page.mouse.click(box.x + ((x + 0.5) * box.width) / columns, box.y + ((y + 0.5) * box.height) / rows);
}

describe('compare view', () => {
  it('runs A* and Dijkstra in lockstep: equal path costs, more expansions for Dijkstra', async () => {
    await withComparison('?compare=astar,dijkstra&example=tutorial-wall', async ({ page }) => {
      assert.equal(await page.locator('.pane').count(), 2);
      await page.getByRole('button', { name: 'Step', exact: true }).click();
      await page.getByRole('button', { name: 'Step', exact: true }).click();
      // The table and the timeline are redrawn on the next frame.
      await waitForText(page, '#timeline-label', /^2 \/ \d+$/);
      let rows = await table(page);
      await eventually(page, async () => (rows = await table(page)).every((r) => r.Expanded === '2'), 'two steps each');
      assert.deepEqual(rows.map((r) => [r.Method.split(',')[0], r.Expanded, r.Status]), [
        ['A*', '2', 'searching'],
        ['Dijkstra', '2', 'searching'],
      ]);

      await page.getByRole('button', { name: 'To end' }).click();
      await eventually(page, async () => (await table(page)).every((r) => r.Status !== 'searching'), 'both finish');
      rows = await table(page);
      const [astar, dijkstra] = rows;
      assert.equal(astar['Path cost'], dijkstra['Path cost'], 'both are shortest paths');
      assert.ok(Number(astar['Path cost']) > 0);
      assert.ok(Number(dijkstra.Expanded) > Number(astar.Expanded), `${dijkstra.Expanded} > ${astar.Expanded}`);
      assert.ok(Number(astar['Largest open list']) > 0);
      const total = Number((await page.locator('#timeline-label').textContent()).split('/')[1]);
      assert.match(dijkstra.Status, new RegExp(`at step ${total}$`), 'the timeline runs to the longer search');

      // Step back moves only the pane at the shared step; A* waits at its end.
      await page.getByRole('button', { name: 'Step back' }).click();
      await eventually(page, async () => (rows = await table(page))[1].Status === 'searching', 'Dijkstra steps back');
      assert.equal(rows[0].Expanded, astar.Expanded);
      assert.equal(rows[1].Status, 'searching');
    });
  });

  // A link made in the compare view reopens it: the same methods (heuristic and weight
  // included), at the step it was at (here the end), and walking when the panes walk.
  it('makes a link that reopens the comparison, searching and walking', async () => {
    for (const [query, walking] of [
      ['?compare=astar:manhattan:2,dijkstra&example=tutorial-wall', false],
      ['?example=dstar-detour&algorithm=dstar-lite&walk=1&sensor=2&compare=dstar-lite,astar', true],
    ]) {
      let link;
      let shown;
      await withComparison(query, async ({ page }) => {
        await page.getByRole('button', { name: 'To end' }).click();
        await eventually(page, async () => (await table(page)).every((r) => r.Status !== 'searching' && r.Status !== 'walking'), 'every pane ends');
        shown = await table(page);
        await page.click('#share-panel summary');
        await page.getByRole('button', { name: 'Make link' }).click();
        link = await page.locator('#share-url').inputValue();
      });
      assert.match(link, walking ? /&walk=1&sensor=2&compare=dstar-lite,astar&step=\d+(&|$)/ : /&compare=astar:manhattan:2,dijkstra(:manhattan)?&step=\d+(&|$)/);
      await withComparison(new URL(link).search, async ({ page }) => {
        assert.ok(await page.getByRole('button', { name: 'To end' }).isDisabled(), 'it opens at the end');
        await eventually(page, async () => JSON.stringify(await table(page)) === JSON.stringify(shown), `${link}: the same panes, ending alike`);
      });
    }
  });

  it('races: each method stops on its own and the finishing order is told', async () => {
    await withComparison('?compare=dijkstra,greedy,astar&example=tutorial-wall&speed=max', async ({ page }) => {
      await page.getByRole('combobox', { name: 'Stepping' }).selectOption('race');
      await waitForText(page, '#compare-mode-hint', /^Race: /);
      await page.getByRole('button', { name: 'Play' }).click();
      await waitForText(page, '#compare-summary', /^Finishing order: 1\. Greedy/);
      const summary = await page.locator('#compare-summary').textContent();
      assert.ok(summary.indexOf('A*') < summary.indexOf('Dijkstra'), summary);
      const rows = await table(page);
      assert.match(rows[0].Status, /place 3$/);
      assert.match(rows[1].Status, /place 1$/);
    });
  });

  it('reads its methods from the URL, each with its heuristic and weight, and gives the goal test and the neighbour order only to the panes whose finder takes them', async () => {
    await withComparison('?compare=astar:manhattan:2,dijkstra,greedy:euclidean,bfs', async ({ page }) => {
      assert.equal(await page.locator('.pane').count(), 4);
      assert.equal(await page.getByRole('combobox', { name: 'Algorithm of method 1' }).inputValue(), 'astar');
      assert.equal(await page.getByRole('combobox', { name: 'Heuristic of method 1' }).inputValue(), 'manhattan');
      assert.equal(await page.getByRole('spinbutton', { name: 'Heuristic weight of method 1' }).inputValue(), '2');
      assert.equal(await page.getByRole('combobox', { name: 'Heuristic of method 3' }).inputValue(), 'euclidean');
      assert.ok(await page.getByRole('spinbutton', { name: 'Heuristic weight of method 2' }).isDisabled());
      const rows = await table(page);
      assert.deepEqual(rows.map((r) => r.Method), [
        'A*, Manhattan, w = 2', 'Dijkstra', 'Greedy best-first, Euclidean', 'Breadth-first',
      ]);
      assert.ok(await page.getByRole('button', { name: 'Add a method' }).isDisabled(), 'four at most');
    });
    // The . + s d example stops on reaching the goal, as its tutorial does: Dijkstra's pane
    // does so too; Jump Point Search, which has a stopping rule of its own, runs without.
    await withComparison('?compare=dijkstra,jps&example=tutorial-dots', async ({ page }) => {
      await page.getByRole('button', { name: 'To end' }).click();
      await eventually(page, async () => (await table(page)).every((r) => r.Status !== 'searching'), 'both finish');
      const rows = await table(page);
      assert.deepEqual(rows.map((r) => [r.Method.split(',')[0], r['Path cost']]), [['Dijkstra', '38'], ['Jump Point Search', '38']]);
      assert.equal(await page.locator('#message-text').textContent(), '');
    });
  });

  // The goal-test example's lesson side by side rather than one after the other.
  it('gives each pane every option its finder takes, from the catalogue: Dijkstra stopping off the open list (78) beside stopping on first reaching (80), into a link and back, in both languages', async () => {
    let link;
    await withComparison('?compare=dijkstra:::goalTest=off-open,dijkstra&example=goal-test', async ({ page }) => {
      const field = (label, n) => page.getByRole('combobox', { name: `${label} of method ${n}` });
      // Each pane's options fold under its head.
      await page.getByText('Options of method 1').click();
      await page.getByText('Options of method 2').click();
      // Pane 2 follows the Method panel (the example stops on first reaching); pane 1 has its own.
      assert.equal(await field('Stop at the goal', 1).inputValue(), 'off-open');
      assert.equal(await field('Stop at the goal', 2).inputValue(), 'first-reached');
      // Among equal G, Dijkstra's "larger G" is the newest.
      assert.equal(await field('Ties in G', 1).evaluate((s) => s.selectedOptions[0].text), 'Newest first');
      await page.getByRole('button', { name: 'To end' }).click();
      await eventually(page, async () => (await table(page)).every((r) => r.Status !== 'searching'), 'both finish');
      assert.deepEqual((await table(page)).map((r) => [r.Method, r['Path cost']]), [['Dijkstra, Stop at the goal: Off the open list', '78'], ['Dijkstra', '80']]);
      await chooseOption(field('Neighbour order', 2), 'left-then-right');
      await eventually(page, async () => (await table(page))[1].Method === 'Dijkstra, Neighbour order: Left side, right side', 'the pane named by its own option');
      // Jump Point Search takes no goal test and no neighbour order: greyed out, as its catalogue entry says.
      await chooseOption(page.getByRole('combobox', { name: 'Algorithm of method 2' }), 'jps');
      assert.ok(await field('Stop at the goal', 2).isDisabled());
      assert.ok(await field('Neighbour order', 2).isDisabled());
      assert.ok(await field('Ties in F', 2).isEnabled());
      await page.click('#share-panel summary');
      await page.getByRole('button', { name: 'Make link' }).click();
      link = await page.locator('#share-url').inputValue();
    });
    assert.match(link, /&compare=dijkstra:::goalTest=off-open,jps:::neighbourOrder=left-then-right(&|$)/);
    // The link keeps the step the panes were at (the end); opened at the start, the panes
    // run to the end again.
    assert.match(link, /&step=\d+/);
    await withComparison(`${new URL(link).search.replace(/&step=\d+/, '')}&lang=zh`, async ({ page }) => {
      await page.getByText('算法 1 的选项').click();
      assert.equal(await page.getByRole('combobox', { name: '算法 1 的何时停在终点' }).inputValue(), 'off-open');
      await page.getByRole('button', { name: '到结束' }).click();
      await eventually(page, async () => (await page.locator('#compare-rows tr').allTextContents()).some((row) => /^Dijkstra，何时停在终点：从开启列表取出时/.test(row) && row.includes('78')), 'Dijkstra named by its own goal test, in Chinese');
    });
  });

  it('sets A*, Theta* and Lazy Theta* side by side: the any-angle paths shorter in fewer straight segments, their line-of-sight tests counted, in both languages', async () => {
    const query = '?compare=astar,theta-star,lazy-theta-star&example=u-trap';
    await withComparison(query, async ({ page }) => {
      await page.getByRole('button', { name: 'To end' }).click();
      await eventually(page, async () => (await table(page)).every((r) => r.Status !== 'searching'), 'all three finish');
      const [astar, theta, lazy] = await table(page);
      // Each named with its heuristic in force: octile for A*, the straight line for the others.
      assert.deepEqual([astar.Method, theta.Method, lazy.Method], ['A*, Octile (diagonal)', 'Theta* (any angle), Euclidean', 'Lazy Theta* (any angle), Euclidean']);
      assert.equal(astar['Line-of-sight tests'], '—');
      for (const any of [theta, lazy]) {
        assert.ok(Number(any['Path cost']) < Number(astar['Path cost']), `${any['Path cost']} < ${astar['Path cost']}`);
        assert.ok(Number(any.Moves) < Number(astar.Moves), 'straight segments, not cell-to-cell moves');
        assert.ok(Number(any['Line-of-sight tests']) > 0);
      }
      // Lazy Theta* tests line of sight once per expansion, Theta* once per neighbour.
      assert.ok(Number(lazy['Line-of-sight tests']) < Number(theta['Line-of-sight tests']));
    });
    await withApp(browser(), '?algorithm=theta-star&example=u-trap&lang=zh', DESKTOP, async ({ page }) => {
      await page.click('#step');
      await page.click('#step');
      await waitForText(page, '#narration', /视线检测：\d+ 次通畅/);
      await page.click('#finish');
      await waitForText(page, '#narration', /到达终点/);
      assert.ok(Number(await page.locator('#count-sight-checks').textContent()) > 0);
    });
  });

  it('opens from its button, changes a pane\'s method, and applies map edits to every pane', async () => {
    await withApp(browser(), '?map=OOOOO/SOOOE/OOOOO', DESKTOP, async ({ page }) => {
      const toggle = page.getByRole('button', { name: 'Compare' });
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
      await waitForDrawnCanvas(page, '.pane-grid');
      assert.deepEqual((await table(page)).map((r) => r.Method.split(',')[0]), ['A*', 'Dijkstra', 'Greedy best-first']);
      // A pane's select chosen from its list keeps the focus; the stepping keys step the
      // panes, in presentation mode and outside it, and change no pane's method.
      await chooseOption(page.getByRole('combobox', { name: 'Algorithm of method 3' }), 'bfs');
      const methods = () => page.locator('.pane select').evaluateAll((selects) => selects.map((s) => s.value).join(' '));
      const chosen = await methods();
      for (const key of ['PageDown', 'ArrowDown', 'Home', 'ArrowRight']) await page.keyboard.press(key);
      await waitForText(page, '#timeline-label', /^1 \//);
      await page.keyboard.press('p');
      await page.keyboard.press('PageDown');
      await waitForText(page, '#timeline-label', /^2 \//);
      assert.equal(await methods(), chosen);
      await page.keyboard.press('p');
      assert.equal(await page.getByRole('button', { name: 'Presentation' }).getAttribute('aria-pressed'), 'false');
      await page.getByRole('button', { name: 'To end' }).click();
      await eventually(page, async () => (await table(page)).every((r) => r['Path cost'] === '40'), 'straight path, cost 40');
      assert.equal((await table(page))[2].Method, 'Breadth-first');

      // A wall drawn on the second pane's map stands in every pane's way.
      await clickPaneCell(page, /^Map searched by method 2/, 2, 1, { columns: 5, rows: 3 });
      await eventually(page, async () => (await table(page)).every((r) => r['Path cost'] === '48'), 'every pane goes round the wall');
      await page.getByRole('button', { name: 'Remove method 1' }).click();
      assert.equal(await page.locator('.pane').count(), 2);
      assert.ok(await page.getByRole('button', { name: 'Remove method 1' }).isDisabled(), 'two at least');
      await page.getByRole('button', { name: 'Undo' }).click();
      await eventually(page, async () => (await table(page)).every((r) => r['Path cost'] === '40'), 'undo applies to every pane');

      await toggle.click();
      assert.ok(await page.locator('#compare').isHidden());
      await page.getByRole('button', { name: 'To end' }).click();
      await waitForText(page, '#result', /cost 40/);
    });
  });

  it('works embedded', async () => {
    await withComparison('?compare=astar,greedy&example=tutorial-wall&embed=1&autoplay=1&speed=max', async ({ page }) => {
      await eventually(page, async () => (await table(page)).every((r) => r.Status.startsWith('reached')), 'both finish');
      assert.ok(await page.getByRole('table', { name: 'Each method on this map' }).isVisible());
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
      assert.equal(overflow, false, 'no sideways scrolling');
    });
  });

  it('runs each pane with exactly the options it shows: its counters equal the single view\'s with those options', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      // The tutorial's rules: Manhattan distance, so the A* pane opens with it too.
      assert.equal(await page.locator('#heuristic').inputValue(), 'manhattan');
      await page.getByRole('button', { name: 'Compare' }).click();
      await waitForDrawnCanvas(page, '.pane-grid');
      assert.equal(await page.getByRole('combobox', { name: 'Heuristic of method 1' }).inputValue(), 'manhattan');
      await page.getByRole('button', { name: 'Add a method' }).click();
      await page.getByRole('combobox', { name: 'Heuristic of method 3' }).selectOption('octile');
      await page.getByRole('combobox', { name: 'Algorithm of method 4' }).selectOption('astar');
      await page.getByRole('combobox', { name: 'Heuristic of method 4' }).selectOption('euclidean');
      await page.getByRole('spinbutton', { name: 'Heuristic weight of method 4' }).fill('2');
      await page.getByRole('spinbutton', { name: 'Heuristic weight of method 4' }).press('Enter');
      await page.getByRole('spinbutton', { name: 'Heuristic weight of method 4' }).blur();
      await page.getByRole('button', { name: 'To end' }).click();
      await eventually(page, async () => (await table(page)).every((r) => r.Status.startsWith('reached')), 'every pane reaches the goal');
      const panes = await page.locator('.pane').evaluateAll((elements) => elements.map((pane) => {
        const [algorithm, heuristic] = pane.querySelectorAll('select');
        return { algorithm: algorithm.value, heuristic: heuristic.value, weight: pane.querySelector('input').value };
      }));
      assert.deepEqual(panes.map((p) => `${p.algorithm}:${p.heuristic}:${p.weight}`), ['astar:manhattan:1', 'dijkstra:manhattan:1', 'greedy:octile:1', 'astar:euclidean:2']);
      const rows = await table(page);
      // The A* pane with the tutorial's Manhattan distance takes nine expansions, as the tutorial does.
      assert.equal(rows[0].Expanded, '9');
      // Each pane's options in a single view of their own, opened by a link: nothing left
      // from the view before (a changed option keeps the step reached, and an old "Path
      // found" would read as the new one's).
      for (const [index, pane] of panes.entries()) {
        const options = new URLSearchParams({ example: 'tutorial-wall', algorithm: pane.algorithm });
        // Dijkstra takes no heuristic, and only A* here a weight.
        if (pane.algorithm !== 'dijkstra') options.set('heuristic', pane.heuristic);
        if (pane.algorithm === 'astar') options.set('weight', pane.weight);
        await page.goto(servedUrl(`?${options}`));
        // The search is on show once the timeline knows its length (the page's HTML says
        // 0 / 0 before the engine has loaded).
        await waitForText(page, '#timeline-label', /^0 \/ [1-9]\d*$/);
        await page.getByRole('button', { name: 'To end' }).click();
        await waitForText(page, '#result', /Path found/);
        const single = await page.evaluate(() => ({
          expanded: document.getElementById('count-expanded').textContent.trim(),
          result: document.getElementById('result').textContent.trim(),
        }));
        const row = rows[index];
        assert.equal(single.expanded, row.Expanded, `${row.Method}: expanded`);
        assert.match(single.result, new RegExp(`cost ${row['Path cost'].replace('.', '\\.')}, ${row.Moves} moves`), `${row.Method}: path`);
      }
    });
  });

  // Each pane against the table, the selects, the buttons and the legend: no box over another.
  async function paneOverlaps(page) {
    return page.evaluate(() => {
      const found = [];
      const shown = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
      const crosses = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
      const others = [
        ['the table', document.querySelector('.compare-table')],
        ['the legend', document.querySelector('.legend')],
        ...Array.from(document.querySelectorAll('select, button, input'), (control) => [`${control.tagName} ${control.id || control.getAttribute('aria-label') || control.textContent.trim()}`, control]),
      ].filter(([, element]) => element && shown(element));
      for (const pane of document.querySelectorAll('.pane')) {
        const box = pane.getBoundingClientRect();
        const grid = pane.querySelector('.pane-grid').getBoundingClientRect();
        if (grid.height < 20 || grid.top < box.top - 0.5 || grid.bottom > box.bottom + 0.5) found.push(`${pane.getAttribute('aria-label')}: its map is not inside it`);
        for (const [name, element] of others) {
          if (pane.contains(element)) continue;
          if (crosses(box, element.getBoundingClientRect())) found.push(`${pane.getAttribute('aria-label')} overlaps ${name}`);
        }
      }
      return found;
    });
  }

  // Every pair of screen size, language and side panel (open, folded, presenting); presenting,
  // the 8x6 tutorial map shows F, G and H in every pane.
  const LAYOUTS = pairwise({
    viewport: [{ width: 911, height: 512 }, { width: 1280, height: 720 }, { width: 1366, height: 768 }, { width: 1920, height: 1080 }],
    side: ['open', 'folded', 'presenting'],
    language: ['en', 'zh'],
  });
  it(`keeps the panes off the table, the selects and the legend at every pair of size, language and side panel (${LAYOUTS.length} layouts); presenting, the 8x6 tutorial map shows F, G and H`, async () => {
    // One page per size (the smallest stands for a 1366x768 screen at 150%); its layouts one
    // after another, as a person switches them.
    for (const viewport of new Set(LAYOUTS.map((layout) => layout.viewport))) {
      const deviceScaleFactor = viewport.width === 911 ? 1.5 : 1;
      await withApp(browser(), '?example=tutorial-wall', { viewport, deviceScaleFactor }, async ({ page }) => {
        await page.locator('#compare-toggle').click();
        await waitForDrawnCanvas(page, '.pane-grid');
        for (const { side, language } of LAYOUTS.filter((layout) => layout.viewport === viewport)) {
          const where = `${viewport.width}x${viewport.height}, ${language}, side panel ${side}`;
          if (await page.evaluate(() => document.body.classList.contains('presentation'))) await page.keyboard.press('Escape');
          await page.evaluate((code) => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage(code)), language);
          const folded = (await page.locator('#side-toggle').getAttribute('aria-expanded')) === 'false';
          if (folded !== (side === 'folded')) await page.locator('#side-toggle').click();
          if (side === 'presenting') {
            await page.keyboard.press('p');
            await page.keyboard.press('PageDown');
            await eventually(page, () => page.evaluate(() => Array.from(document.querySelectorAll('.pane-grid')).every((grid) => Number(grid.dataset.digitFont) >= 11)), `${where}: every pane shows F, G and H when presenting`);
            const inWindow = await page.evaluate(() => Array.from(document.querySelectorAll('.pane, .compare-table')).every((element) => {
              const box = element.getBoundingClientRect();
              return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5;
            }));
            assert.ok(inWindow, `${where}: the panes and the table are on the screen`);
          }
          // The layout settles on the next frame.
          await nextFrames(page);
          assert.deepEqual(await paneOverlaps(page), [], where);
        }
      });
    }
  });
});

// D* Lite beside A* on the same edits: the D* Lite pane repairs its search, the A* pane
// searches again from scratch, and each counts what the single view counts for that search.
describe('compare view with D* Lite', () => {
  // The table's rows as [method, expanded, path cost, status], in any language.
  const rows = (page) => page.$$eval('#compare-rows tr', (trs) => trs.map((tr) => {
    const cells = Array.from(tr.children, (cell) => cell.textContent.trim());
    return { method: cells[0], expanded: cells[1], cost: cells[3], status: cells[5] };
  }));
  const counter = async (page, name) => (await page.locator(`#count-${name}`).textContent()).trim();
  const timeline = async (page) => (await page.locator('#timeline-label').textContent()).trim();
  // Checked once, in English; its Chinese wording is the page logic's, tested in Node.
  const summary = (repair, scratch) => `After the edit: D* Lite, Octile (diagonal) repaired its search with ${repair} expansions; A*, Octile (diagonal) searched from scratch with ${scratch} expansions.`;

  // The single view's D* Lite on the example, driven by `before` (clicks before its change)
  // and then to the end of the repair: its expansions and A*'s from scratch, before and after.
  async function singleView(example, before) {
    const counts = async (page) => ({ repair: await counter(page, 'repair-expanded'), scratch: await counter(page, 'from-scratch-expanded') });
    let seen;
    await withApp(browser(), `?example=${example}`, DESKTOP, async ({ page }) => {
      await before(page);
      const first = await counts(page);
      const at = await timeline(page);
      await page.click('#example-change');
      await eventually(page, async () => (await timeline(page)) !== at, 'the batch is taken');
      if (await page.locator('#finish').isEnabled()) await page.click('#finish');
      await eventually(page, async () => page.locator('#finish').isDisabled(), 'the repair ends');
      seen = { first, repaired: await counts(page) };
    });
    return seen;
  }

  it('opens from a link with D* Lite and A*, and sets D* Lite\'s repair beside A* from scratch after the detour\'s change, as the single view counts them', async () => {
    const single = await singleView('dstar-detour', async (page) => {
      await page.click('#finish');
      await eventually(page, async () => page.locator('#finish').isDisabled(), 'the search ends');
    });
    await withComparison('?compare=dstar-lite,astar&example=dstar-detour', async ({ page }) => {
      assert.deepEqual(await page.locator('.pane-algorithm select').evaluateAll((s) => s.map((e) => e.value)), ['dstar-lite', 'astar']);
      assert.ok(await page.locator('#example-change').isVisible());
      await page.click('#finish');
      await eventually(page, async () => (await rows(page)).every((r) => r.cost !== '—'), 'both finish');
      let [dstar, astar] = await rows(page);
      assert.deepEqual([dstar.expanded, astar.expanded], [single.first.repair, single.first.scratch]);
      assert.equal(dstar.cost, astar.cost, 'both shortest');
      assert.equal(await page.locator('#compare-summary').textContent(), '', 'no edit yet');
      // The legend is the panes': the keys to both kinds of cell, and D* Lite's marks.
      const legend = await page.$$eval('.legend [data-mark], .legend [data-cell-values]', (items) => items.filter((i) => !i.hidden).map((i) => i.dataset.mark ?? i.dataset.cellValues));
      for (const entry of ['over-consistent', 'under-consistent', 'f,g,h', 'key,g,rhs']) assert.ok(legend.includes(entry), `the legend shows ${entry}: ${legend}`);

      // The change closes the gap: D* Lite repairs, A* starts again; both at their ends,
      // as they were.
      await page.click('#example-change');
      await eventually(page, async () => (await rows(page))[0].cost !== dstar.cost, 'the detour');
      [dstar, astar] = await rows(page);
      assert.deepEqual([dstar.expanded, astar.expanded], [single.repaired.repair, single.repaired.scratch]);
      assert.equal(dstar.cost, astar.cost, 'both shortest after the change');
      assert.equal(await page.locator('#compare-summary').textContent(), summary(dstar.expanded, astar.expanded));

      // Back to the batch, then stepped and played in lockstep to the same counts.
      await page.click('#reset');
      await eventually(page, async () => /^0 \/ \d+$/.test(await timeline(page)), 'both at the batch');
      assert.deepEqual((await rows(page)).map((r) => r.expanded), ['0', '0']);
      assert.equal(await page.locator('#compare-summary').textContent(), '', 'told once every search is over');
      await page.click('#step');
      await page.click('#step');
      await eventually(page, async () => /^2 \/ \d+$/.test(await timeline(page)), 'two steps');
      assert.equal((await rows(page))[1].expanded, '2');
      await page.click('#finish');
      await eventually(page, async () => page.locator('#finish').isDisabled(), 'both end');
      assert.deepEqual((await rows(page)).map((r) => r.expanded), [dstar.expanded, astar.expanded]);
    });
  });

  it('starts every pane again at the batch when a wall is drawn on the path mid-search', async () => {
    const threeSteps = async (page) => {
      for (let i = 0; i < 3; i++) await page.click('#step');
      await eventually(page, async () => /^3 \/ \d+$/.test(await timeline(page)), 'three steps');
    };
    const single = await singleView('dstar-paper', threeSteps);
    await withComparison('?compare=dstar-lite,astar&example=dstar-paper', async ({ page }) => {
      await threeSteps(page);
      // The wall the example's change puts up, drawn by hand on A*'s pane.
      const pane = page.locator('.pane-grid').nth(1);
      const box = await pane.boundingBox();
      await page.mouse.click(box.x + (2.5 * box.width) / 5, box.y + (1.5 * box.height) / 3);
      await eventually(page, async () => /^0 \/ \d+$/.test(await timeline(page)), 'both start again at step 0');
      assert.deepEqual((await rows(page)).map((r) => r.expanded), ['0', '0']);
      // D* Lite's cells show key, g and rhs as in the single view: the digits are drawn.
      assert.ok(Number(await page.locator('.pane-grid').first().getAttribute('data-digit-font')) >= 11);
      await page.click('#finish');
      await eventually(page, async () => page.locator('#finish').isDisabled(), 'both end');
      const [dstar, astar] = await rows(page);
      assert.deepEqual([dstar.expanded, astar.expanded], [single.repaired.repair, single.repaired.scratch]);
      assert.deepEqual([dstar.cost, astar.cost], ['4', '4']);
    });
  });
});
