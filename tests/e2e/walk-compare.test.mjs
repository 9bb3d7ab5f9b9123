// Walk mode with A* as well as D* Lite, and the compare view in Walk mode, as a teacher of
// robot navigation shows what D* Lite saves: A* chosen on the detour example walks to the
// goal at the cost the command line reports for the same map and sensor, replanning from
// scratch; a finder that does not walk is refused from a link with its reason; with Walk mode
// on, Compare opens D* Lite and A* walking side by side, one move each per step, and each
// pane's totals are those of the single view's walk with the same options; a link with
// walk=1 and compare= opens them walking; the panes fit at 1366x768 (English) and 911x512
// (Chinese).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, withPanes, readout, eventually } from './page.mjs';

const browser = browserForThisFile();

// What `astar navigate tests/maps/dynamic/detour_20x15.txt --start 0,7 --goal 19,7
// --sensor 1.5 --algorithm astar` prints last: `arrived 402 220`, after 37 moves (the map
// the detour example walks over, its gap closed); with `--algorithm dstar-lite`:
// `arrived 402 194`.
const CLI = { astar: { travelled: '402', expanded: '220' }, 'dstar-lite': { travelled: '402', expanded: '194' }, moves: 37 };

const WORDS = {
  en: {
    walk: 'Walk', step: 'Step', toEnd: 'To end', compare: 'Compare', reset: 'Reset',
    arrived: (travelled, moves) => `Arrived: cost ${travelled} travelled in ${moves} moves.`,
    replanned: 'A* searches again from scratch',
    table: 'Each method on this map',
    columns: { moves: 'Moves', move: 'Expanded at this move', total: 'Expanded in all', replans: 'Replans', status: 'Status' },
    walking: 'walking',
    refused: 'URL parameter walk=1 was refused',
    summary: /^Expansions over the whole walk: D\* Lite, .+? \(repairing its search\): 194 over 37 moves; A\*, .+? \(replanning from scratch\): 220 over 37 moves\.$/,
  },
  zh: {
    walk: '行走', step: '单步', toEnd: '到结束', compare: '对比', reset: '重置',
    arrived: (travelled, moves) => `已到达：移动 ${moves} 次，代价 ${travelled}。`,
    replanned: 'A* 从',
    table: null,
    columns: { moves: '移动次数', move: '本次移动扩展', total: '共扩展', replans: '重新规划次数', status: '状态' },
    walking: '行走中',
    refused: '网址参数 walk=1 被拒绝',
    summary: /^整段行走的扩展：D\* Lite.*?（修复原来的搜索）：37 次移动共扩展 194 个节点；A\*.*?（每次从头重新规划）：37 次移动共扩展 220 个节点。$/,
  },
};

const button = (page, name) => page.getByRole('button', { name, exact: true });

// The comparison table as one object per row, keyed by column header.
async function table(page) {
  return page.locator('.compare-table').evaluate((element) => {
    const headers = Array.from(element.querySelectorAll('thead th'), (th) => th.textContent.trim());
    return Array.from(element.querySelectorAll('tbody tr'), (tr) => {
      const cells = Array.from(tr.children, (cell) => cell.textContent.trim());
      return Object.fromEntries(headers.map((header, i) => [header, cells[i]]));
    });
  });
}

// Walk mode started with D* Lite, whose own setting it is, and carried on by `algorithm`:
// A*, the baseline, walks in place of D* Lite once chosen while walking.
// (Already walking, choosing D* Lite carries the walk on: Walk is not pressed again, which
// would leave Walk mode.)
async function startWalk(page, w, algorithm) {
  const walking = (await page.locator('#walk').getAttribute('aria-pressed')) === 'true';
  await page.locator('#algorithm').selectOption('dstar-lite');
  if (!walking) await button(page, w.walk).click();
  await eventually(page, async () => (await page.locator('#walk').getAttribute('aria-pressed')) === 'true'
    && (await page.locator('#count-km').isVisible()), 'D* Lite walking');
  if (algorithm === 'dstar-lite') return;
  await page.locator('#algorithm').selectOption(algorithm);
  await eventually(page, async () => (await page.locator('#walk').getAttribute('aria-pressed')) === 'true'
    && (await page.locator('#count-km').isHidden()), `${algorithm} walking`);
}

// The single view's walk of `algorithm` to the end: its moves, expansions and replans.
async function singleWalk(page, w, algorithm) {
  await startWalk(page, w, algorithm);
  await button(page, w.toEnd).click();
  await eventually(page, async () => (await page.locator('#result').getAttribute('class')) === 'result found', 'arrived');
  const shown = await readout(page);
  const replans = (await page.locator('#count-replans').textContent()).trim();
  return { moves: shown.step.split(' / ')[0], expanded: shown.expanded, replans, result: shown.result };
}

// Whether the panes are all on screen, none overlapping another.
async function panesLaidOut(page) {
  const boxes = await page.locator('.pane').evaluateAll((panes) => panes.map((pane) => {
    const r = pane.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  }));
  const viewport = page.viewportSize();
  for (const b of boxes) {
    assert.ok(b.w > 50 && b.h > 50, `a pane too small: ${JSON.stringify(b)}`);
    assert.ok(b.x >= 0 && b.x + b.w <= viewport.width + 1, `a pane off the screen: ${JSON.stringify(b)}`);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const apart = a.x + a.w <= b.x + 1 || b.x + b.w <= a.x + 1 || a.y + a.h <= b.y + 1 || b.y + b.h <= a.y + 1;
      assert.ok(apart, `panes ${i + 1} and ${j + 1} overlap: ${JSON.stringify([a, b])}`);
    }
  }
  return boxes.length;
}

describe('Walk mode with A*, and compared with D* Lite', () => {
  const w = WORDS.en;

  it('walks A* over the detour example to the cost the command line reports, replanning from scratch; offers Walk for the finders the catalogue says walk, a baseline only while walking', async () => {
    await withApp(browser(), '?example=dstar-detour', DESKTOP, async ({ page }) => {
      await startWalk(page, w, 'astar');
      assert.equal((await readout(page)).timeline, `0 / ${CLI.moves}`);
      let replanned = false;
      for (let k = 1; k <= CLI.moves && !replanned; k++) {
        await button(page, w.step).click();
        await eventually(page, async () => (await readout(page)).timeline === `${k} / ${CLI.moves}`, `move ${k}`);
        replanned = (await readout(page)).narration.includes(w.replanned);
      }
      assert.ok(replanned, 'A* found the wall and searched again from scratch');
      assert.ok(Number(await page.locator('#count-replans').textContent()) >= 1);
      await button(page, w.toEnd).click();
      await eventually(page, async () => (await readout(page)).result === w.arrived(CLI.astar.travelled, CLI.moves), 'arrived');
      assert.equal((await readout(page)).expanded, CLI.astar.expanded);
      await button(page, w.reset).click();
      await eventually(page, async () => (await page.locator('#walk').getAttribute('aria-pressed')) === 'false', 'Reset leaves Walk mode');

      const walkers = await page.evaluate(async () => {
        const { finders } = await import('./www/finders/catalogue.js');
        return finders().map((finder) => [finder.id, finder.walk ? (finder.walk.baseline ? 'baseline' : 'own') : 'none']);
      });
      assert.deepEqual(walkers.filter(([, walk]) => walk !== 'none').map(([id]) => id).sort(), ['astar', 'dstar-lite']);
      for (const [id, walk] of walkers) {
        await page.locator('#algorithm').selectOption(id);
        await eventually(page, async () => (await page.locator('#walk-tools').isVisible()) === (walk === 'own'), `${id}: Walk ${walk === 'own' ? 'shown' : 'hidden'}`);
      }
      // Walking, a baseline keeps Walk mode and its button; a finder that does not walk leaves it.
      for (const [id, walk] of walkers.filter(([, kind]) => kind !== 'own')) {
        await startWalk(page, w, 'dstar-lite');
        await page.locator('#algorithm').selectOption(id);
        const walking = walk === 'baseline';
        await eventually(page, async () => (await page.locator('#walk-tools').isVisible()) === walking
          && (await page.locator('#walk').getAttribute('aria-pressed')) === String(walking), `${id} chosen while walking`);
      }
    });
  });

  it('compares D* Lite walking with A* walking in lockstep, each pane as the single view walks', async () => {
    await withApp(browser(), '?example=dstar-detour', DESKTOP, async ({ page }) => {
      const single = {};
      for (const algorithm of ['astar', 'dstar-lite']) {
        single[algorithm] = await singleWalk(page, w, algorithm);
        await button(page, w.reset).click();
        await eventually(page, async () => (await page.locator('#walk').getAttribute('aria-pressed')) === 'false', 'Walk off');
      }
      assert.equal(single.astar.expanded, CLI.astar.expanded);
      assert.equal(single['dstar-lite'].expanded, CLI['dstar-lite'].expanded);
      // Walk mode with D* Lite, then Compare: D* Lite and A* walk side by side.
      await button(page, w.walk).click();
      await eventually(page, async () => (await page.locator('#walk').getAttribute('aria-pressed')) === 'true', 'Walk on');
      await button(page, w.compare).click();
      await eventually(page, async () => (await page.locator('.pane').count()) === 2, 'two panes');
      const c = w.columns;
      let rows = await table(page);
      assert.deepEqual(rows.map((r) => [r[c.moves], r[c.status]]), [['0', w.walking], ['0', w.walking]]);
      await button(page, w.step).click();
      await eventually(page, async () => (await table(page)).every((r) => r[c.moves] === '1'), 'one move each');
      await button(page, w.toEnd).click();
      await eventually(page, async () => (await table(page)).every((r) => r[c.status] !== w.walking), 'both arrive');
      rows = await table(page);
      const [dstar, astar] = rows;
      assert.match(Object.values(dstar)[0], /D\* Lite/);
      assert.match(Object.values(astar)[0], /^A\*/);
      for (const [row, algorithm] of [[dstar, 'dstar-lite'], [astar, 'astar']]) {
        assert.deepEqual([row[c.moves], row[c.total], row[c.replans]], [single[algorithm].moves, single[algorithm].expanded, single[algorithm].replans], algorithm);
      }
      assert.match(await page.locator('#compare-summary').textContent(), w.summary);
      assert.equal(await panesLaidOut(page), 2);
      // Leaving Walk mode turns the panes into searches of the same methods.
      await button(page, w.walk).click();
      await eventually(page, async () => (await page.locator('.pane').count()) === 2 && !(await page.locator('.pane-overlay').first().isHidden()), 'panes stay');
      await eventually(page, async () => (await table(page)).every((r) => r[c.replans] === undefined), 'the search columns');
    });
  });

  it('takes a wall drawn on one pane into the real map of every walk, closes back to the single walk, and leaves Walk mode in every pane when another map is loaded', async () => {
    await withPanes(browser(), '?example=dstar-detour&algorithm=dstar-lite&walk=1&compare=dstar-lite,astar', DESKTOP, async ({ page }) => {
      const c = w.columns;
      await eventually(page, async () => (await table(page))[0]?.[c.replans] === '0', 'the walk columns');
      for (let k = 1; k <= 2; k++) {
        await button(page, w.step).click();
        await eventually(page, async () => (await table(page)).every((r) => r[c.moves] === String(k)), `move ${k}`);
      }
      // A wall three cells ahead of both agents on row 7, drawn on the first pane (20x15).
      const box = await page.locator('.pane-grid').first().boundingBox();
      await page.mouse.click(box.x + (5.5 * box.width) / 20, box.y + (7.5 * box.height) / 15);
      await button(page, w.toEnd).click();
      await eventually(page, async () => (await table(page)).every((r) => r[c.status] !== w.walking), 'both arrive');
      for (const row of await table(page)) {
        // The status ends with the cost travelled.
        const travelled = Number(row[c.status].match(/\d+/g).at(-1));
        assert.ok(travelled > Number(CLI.astar.travelled), `${Object.values(row)[0]} went round the wall: ${row[c.status]}`);
      }
      // Closing Compare goes back to the single view, still walking.
      await button(page, w.compare).click();
      await eventually(page, async () => (await page.locator('#compare').isHidden()) && (await page.locator('#grid').isVisible()), 'the single view');
      assert.equal(await page.locator('#walk').getAttribute('aria-pressed'), 'true');
      // Compared again, walking; another map loaded leaves Walk mode in every pane.
      await button(page, w.compare).click();
      await eventually(page, async () => (await page.locator('.pane').count()) === 2 && (await table(page))[0]?.[c.replans] !== undefined, 'the walking panes');
      await page.locator('#example').selectOption('dstar-paper');
      await page.locator('#load-example').click();
      await eventually(page, async () => (await table(page)).every((r) => r[c.replans] === undefined && r[c.status] !== undefined), 'the search columns');
      assert.equal(await page.locator('#walk').getAttribute('aria-pressed'), 'false');
      assert.equal(await page.locator('.pane').count(), 2);
    });
  });

  it('lays the walking panes out side by side at 1366x768 opened by the Compare button, and at 911x512 in Chinese opened by a link', async () => {
    for (const [viewport, lang, link] of [[{ width: 1366, height: 768 }, 'en', false], [{ width: 911, height: 512 }, 'zh', true]]) {
      const words = WORDS[lang];
      const query = `?example=dstar-detour&algorithm=dstar-lite&walk=1&lang=${lang}${link ? '&compare=dstar-lite,astar' : ''}`;
      await (link ? withPanes : withApp)(browser(), query, { viewport }, async ({ page }) => {
        if (!link) await button(page, words.compare).click();
        await eventually(page, async () => (await page.locator('.pane').count()) === 2, 'two panes');
        assert.deepEqual((await table(page)).map((r) => r[words.columns.status]), [words.walking, words.walking]);
        await button(page, words.step).click();
        await eventually(page, async () => (await table(page)).every((r) => r[words.columns.moves] === '1'), `${lang}: one move each`);
        assert.equal(await panesLaidOut(page), 2);
      });
    }
  });
});
