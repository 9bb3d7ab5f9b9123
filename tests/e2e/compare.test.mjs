// The compare view: several methods side by side on one map, driven together, with a table
// of their work and results; opened by its button or by the `compare=` URL parameter.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile, openPage, waitForDrawnCanvas, assertNoErrors } from './browser.mjs';
import { DESKTOP, withApp, waitForText, eventually } from './page.mjs';

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
async function withComparison(query, body) {
  const { page, context, errors } = await openPage(browser(), query, DESKTOP);
  try {
    await waitForDrawnCanvas(page, '.pane-grid');
    await body({ page });
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
}

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

  it('gives the goal test and the neighbour order only to the panes whose finder takes them', async () => {
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

  it('reads its methods from the URL, each with its heuristic and weight, and refuses bad lists', async () => {
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
    for (const bad of ['astar', 'astar,nope', 'astar,dijkstra:octile:500', 'a,b,c,d,e']) {
      await withApp(browser(), `?compare=${bad}`, DESKTOP, async ({ page }) => {
        await waitForText(page, '#message-text', /URL parameter compare=".*" must list 2 to 4 methods/);
        assert.ok(await page.locator('#compare').isHidden());
      });
    }
  });

  it('opens from its button, changes a pane\'s method, and applies map edits to every pane', async () => {
    await withApp(browser(), '?map=OOOOO/SOOOE/OOOOO', DESKTOP, async ({ page }) => {
      const toggle = page.getByRole('button', { name: 'Compare' });
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
      await waitForDrawnCanvas(page, '.pane-grid');
      assert.deepEqual((await table(page)).map((r) => r.Method.split(',')[0]), ['A*', 'Dijkstra', 'Greedy best-first']);
      await page.getByRole('combobox', { name: 'Algorithm of method 3' }).selectOption('bfs');
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
});
