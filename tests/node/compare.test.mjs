// The compare view's logic without its screen: the panes' methods and names
// (www/compare/pane.js), driving them in lockstep (www/compare/lockstep.js) and the table
// and summary of their work (www/compare/table.js), over the engine, in both languages.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { engine, useLanguage, openScene, dispose, FakeDocument, FakeElement } from './harness.mjs';
import { CompareTable, walkCosts } from '../../www/compare/table.js';
import { Lockstep } from '../../www/compare/lockstep.js';
import { paneMethod, paneOptions, methodName } from '../../www/compare/pane.js';
import { SearchSession } from '../../www/state/session.js';
import { defaultOptions, parseParams, buildQuery } from '../../www/state/params.js';
import { openExample, exampleChange, EXAMPLES } from '../../www/maps/examples.js';
import { formatValue } from '../../www/i18n/format.js';
import { t } from '../../www/i18n/i18n.js';
import { PageError, describeError } from '../../www/i18n/errors.js';

// A name from the Method panel's lists, as fillFinderChoices and fillValueChoices word them
// (the options by their text keys' prefixes; a node limit is its number).
const PREFIXES = { tieBreak: 'tie-break', goalTest: 'goal-test', neighbourOrder: 'neighbour-order' };
const listName = (kind, value) => (kind === 'nodeLimit' ? String(value) : t(`${PREFIXES[kind] ?? kind}.${value}`));

// Panes over one shared map, as the compare view makes them: each method completed from the
// Method panel's options (`options` set over the example's), its own search, its name, and
// the elements the table marks.
function comparePanes(exampleId, methods, walk = null, options = {}) {
  const example = openExample(exampleId);
  const editor = engine.MapEditor.fromText(example.text);
  const shared = { ...defaultOptions(), ...example.options, ...options };
  const panes = methods.map((asked) => {
    const method = paneMethod(asked, shared);
    const session = new SearchSession(engine, editor, paneOptions(method, shared), walk);
    return {
      method, session, place: new FakeElement('span'), element: new FakeElement('section'),
      name: () => methodName(method, session.resolvedOptions.heuristic, listName),
    };
  });
  const lockstep = Object.assign(new Lockstep(), { panes });
  return { editor, panes, lockstep };
}

function release({ editor, panes }) {
  for (const { session } of panes) session.dispose();
  editor.free();
}

// The table as a compare view shows it, filled by `update`.
function table() {
  const doc = new FakeDocument(['compare-head', 'compare-rows', 'compare-summary']);
  const shown = new CompareTable(doc);
  const read = () => ({
    head: doc.getElementById('compare-head').children.map((cell) => cell.textContent),
    rows: doc.getElementById('compare-rows').children.map((row) => row.children.map((cell) => cell.textContent)),
    summary: doc.getElementById('compare-summary').textContent,
  });
  return { shown, read, doc };
}

function putUpChange(editor, exampleId) {
  editor.beginStroke();
  for (const [x, y] of exampleChange(exampleId)) editor.paint(x, y, 0);
  editor.endStroke();
}

describe('the methods of the panes', () => {
  it('are read from a link and named as the Method panel names them', () => {
    const params = parseParams('?compare=astar:manhattan:2,dijkstra,greedy:euclidean,bfs', EXAMPLES.map((example) => example.id));
    assert.deepEqual(params.problems, []);
    const compared = comparePanes('tutorial-wall', params.compare);
    useLanguage('en');
    assert.deepEqual(compared.panes.map((pane) => pane.name()), ['A*, Manhattan, w = 2', 'Dijkstra', 'Greedy best-first, Euclidean', 'Breadth-first']);
    const [astar, , greedy] = compared.panes.map((pane) => pane.session.resolvedOptions);
    assert.deepEqual([astar.heuristic, astar.weight, greedy.heuristic], ['manhattan', 2, 'euclidean']);
    release(compared);
  });

  it('are refused as a list of one, an unknown finder, a weight out of range or five', () => {
    for (const value of ['astar', 'astar,nope', 'astar,dijkstra:octile:500', 'a,b,c,d,e']) {
      const params = parseParams(`?compare=${value}`, EXAMPLES.map((example) => example.id));
      assert.equal(params.compare, undefined, value);
      useLanguage('en');
      const [problem] = params.problems;
      assert.match(t(problem.key, problem.values), /URL parameter compare=".*" must list 2 to 4 methods/);
    }
  });

  it('a method the engine refuses closes the comparison with the engine\'s reason, in Chinese', () => {
    const params = parseParams('?lang=zh&compare=bfs:manhattan:2,astar', EXAMPLES.map((example) => example.id));
    assert.deepEqual(params.problems, []);
    let refusal = null;
    try {
      release(comparePanes('tutorial-wall', params.compare));
    } catch (error) {
      // As the page opens a link's comparison.
      refusal = new PageError('error.url-compare', { detail: error });
    }
    assert.ok(refusal, 'the weight on breadth-first search is refused');
    useLanguage('zh');
    assert.match(describeError(refusal), /^网址中要比较的方法被拒绝：启发函数权重 2 对广度优先搜索没有意义：它的优先级中没有加权的启发项/);
    useLanguage('en');
  });

  it('take the Method panel\'s heuristic and weight where the link leaves them open', () => {
    const shared = { ...defaultOptions(), heuristic: 'manhattan', weight: 3, nodeLimit: 50, goalTest: 'first-reached' };
    assert.deepEqual(paneMethod({ algorithm: 'astar' }, shared), { algorithm: 'astar', heuristic: 'manhattan', weight: 3, options: {} });
    assert.deepEqual(paneMethod({ algorithm: 'dijkstra' }, shared), { algorithm: 'dijkstra', heuristic: 'manhattan', weight: 1, options: {} });
    // Options a finder does not take are not sent: the engine would refuse them.
    const ida = paneOptions({ algorithm: 'idastar', heuristic: 'auto', weight: 1 }, shared);
    assert.equal(ida.nodeLimit, 50);
    assert.equal(ida.goalTest, undefined);
    assert.equal(ida.heuristic, undefined);
    const jps = paneOptions({ algorithm: 'jps', heuristic: 'octile', weight: 1 }, shared);
    assert.deepEqual([jps.nodeLimit, jps.goalTest, jps.heuristic], [undefined, undefined, 'octile']);
    const example = openExample('tutorial-wall');
    const editor = engine.MapEditor.fromText(example.text);
    for (const options of [ida, jps]) new SearchSession(engine, editor, options).dispose();
    editor.free();
  });

  // The goal-test example's lesson side by side: Dijkstra stopping when the goal is first
  // reached (80) beside Dijkstra stopping when it leaves the open list (78).
  it('take every option their finder takes, each pane its own, from a link and back', () => {
    const ids = EXAMPLES.map((example) => example.id);
    const query = '?compare=dijkstra:::goalTest=off-open,dijkstra:::goalTest=first-reached:neighbourOrder=left-then-right';
    const params = parseParams(query, ids);
    assert.deepEqual(params.problems, []);
    assert.deepEqual(params.compare.map((m) => m.options), [{ goalTest: 'off-open' }, { goalTest: 'first-reached', neighbourOrder: 'left-then-right' }]);
    const compared = comparePanes('goal-test', params.compare);
    for (const { session } of compared.panes) session.finish();
    const [late, early] = compared.panes.map(({ session }) => session);
    assert.deepEqual([late.resolvedOptions.goalTest, early.resolvedOptions.goalTest], ['off-open', 'first-reached']);
    assert.equal(early.resolvedOptions.neighbourOrder, 'left-then-right');
    assert.deepEqual([late.search.pathCost(), early.search.pathCost()], [78, 80]);
    for (const [language, names] of Object.entries({
      en: ['Dijkstra, Stop at the goal: Off the open list', 'Dijkstra, Stop at the goal: When first reached, Neighbour order: Left side, right side'],
      zh: [`Dijkstra，${t('method.goal-test')}：`, `Dijkstra，${t('method.goal-test')}：`],
    })) {
      useLanguage(language);
      const shown = compared.panes.map((pane) => pane.name());
      if (language === 'en') assert.deepEqual(shown, names);
      else shown.forEach((name, k) => assert.ok(name.startsWith(`Dijkstra，${t('method.goal-test')}：${t(`goal-test.${params.compare[k].options.goalTest}`)}`), name));
    }
    useLanguage('en');
    // The share panel's link reads back the same methods.
    const link = buildQuery({ options: defaultOptions(), mapText: 'OSO\nOEO', speed: 5, compare: compared.panes.map((pane) => pane.method) });
    assert.match(link, /compare=dijkstra:::goalTest=off-open,dijkstra:::goalTest=first-reached:neighbourOrder=left-then-right(&|$)/);
    assert.deepEqual(parseParams(link, ids).compare.map((m) => m.options), params.compare.map((m) => m.options));
    release(compared);
    // A pane's own option its finder does not take is not sent: the engine would refuse it.
    const jps = paneOptions(paneMethod({ algorithm: 'jps', options: { goalTest: 'first-reached', tieBreak: 'smaller-g' } }, defaultOptions()), defaultOptions());
    assert.deepEqual([jps.goalTest, jps.tieBreak], [undefined, 'smaller-g']);
    // Without its own, a pane follows the Method panel.
    const follows = paneOptions(paneMethod({ algorithm: 'astar' }, defaultOptions()), { ...defaultOptions(), goalTest: 'first-reached', directions: 4 });
    assert.deepEqual([follows.goalTest, follows.directions], ['first-reached', 4]);
  });

  it('refuse a pane option that is unknown, wrong, given twice, or before the positional fields end', () => {
    const ids = EXAMPLES.map((example) => example.id);
    for (const value of ['astar:::goalTest=soon,astar', 'astar:::speed=3,astar', 'astar:::nodeLimit=0,astar', 'astar:::goalTest=off-open:goalTest=off-open,astar', 'astar:goalTest=off-open:octile,astar']) {
      const params = parseParams(`?compare=${value}`, ids);
      assert.equal(params.compare, undefined, value);
      for (const language of ['en', 'zh']) {
        useLanguage(language);
        const [problem] = params.problems;
        assert.match(t(problem.key, problem.values), /goalTest, neighbourOrder/, value);
      }
    }
    useLanguage('en');
  });
});

describe('the compare table', () => {
  it('lists each search\'s expansions, largest open list, cost, moves and state from the engine', () => {
    const compared = comparePanes('tutorial-wall', [{ algorithm: 'astar' }, { algorithm: 'dijkstra' }, { algorithm: 'bi-astar' }]);
    const { shown, read } = table();
    useLanguage('en');
    shown.update({ panes: compared.panes, race: false, walk: null, finished: false });
    assert.deepEqual(read().head, ['Method', 'Expanded', 'Largest open list', 'Path cost', 'Moves', 'Status']);
    // Before step 1 only the start is open, and the goal too for the bidirectional search.
    assert.deepEqual(read().rows.map((row) => row.slice(1)), ['1', '1', '2'].map((open) => ['0', open, '—', '—', 'searching']));
    compared.lockstep.finish();
    shown.update({ panes: compared.panes, race: false, walk: null, finished: true });
    const rows = read().rows;
    compared.panes.forEach(({ session }, k) => {
      const { search } = session;
      assert.deepEqual(rows[k].slice(1), [
        String(search.counters().expanded), String(search.counters().maxOpen), formatValue(search.pathCost(), 4), String(search.pathSteps()),
        `reached the goal at step ${search.stepCount()}`,
      ]);
    });
    // Every method finds the optimal path of the tutorial's map.
    assert.deepEqual(rows.map((row) => row[3]), ['56', '56', '56']);
    assert.equal(read().summary, '');
    release(compared);
  });

  it('in a race gives places by the step each search ended at, equal steps equal places', () => {
    const compared = comparePanes('u-trap', [{ algorithm: 'astar' }, { algorithm: 'astar' }, { algorithm: 'bfs' }]);
    const { shown, read } = table();
    useLanguage('en');
    while (!compared.panes[0].session.finished) {
      compared.lockstep.step();
      shown.update({ panes: compared.panes, race: true, walk: null, finished: compared.lockstep.finished });
    }
    const aStarSteps = compared.panes[0].session.search.stepCount();
    assert.deepEqual(compared.panes.map((pane) => pane.place.textContent), ['#1', '#1', ''], 'the breadth-first search is still running');
    assert.equal(read().summary, '', 'no order before every search ended');
    compared.lockstep.finish();
    shown.update({ panes: compared.panes, race: true, walk: null, finished: true });
    const bfsSteps = compared.panes[2].session.search.stepCount();
    assert.ok(bfsSteps > aStarSteps);
    assert.deepEqual(compared.panes.map((pane) => pane.place.textContent), ['#1', '#1', '#3']);
    assert.deepEqual(compared.panes.map((pane) => pane.element.classList.contains('winner')), [true, true, false]);
    assert.equal(read().rows[2][5], `reached the goal at step ${bfsSteps}, place 3`);
    assert.equal(read().summary, `Finishing order: 1. A*, Octile (diagonal) (${aStarSteps} steps); 1. A*, Octile (diagonal) (${aStarSteps} steps); 3. Breadth-first (${bfsSteps} steps).`);
    release(compared);
  });

  it('is shown again only when a search moved or it was invalidated', () => {
    const compared = comparePanes('tutorial-wall', [{ algorithm: 'astar' }, { algorithm: 'dijkstra' }]);
    const { shown, doc } = table();
    const view = { panes: compared.panes, race: false, walk: null, finished: false };
    shown.update(view);
    const rows = doc.getElementById('compare-rows').children;
    shown.update(view);
    assert.equal(doc.getElementById('compare-rows').children, rows, 'nothing changed, nothing redrawn');
    useLanguage('zh');
    shown.invalidate();
    shown.update(view);
    assert.notEqual(doc.getElementById('compare-rows').children, rows);
    assert.equal(doc.getElementById('compare-head').children[0].textContent, t('compare.col.method'));
    useLanguage('en');
    compared.lockstep.step();
    shown.update(view);
    assert.equal(doc.getElementById('compare-rows').children[0].children[1].textContent, '1');
    release(compared);
  });

  it('sets D* Lite\'s repair beside A* from scratch after the example\'s change, in both languages', () => {
    const compared = comparePanes('dstar-detour', [{ algorithm: 'dstar-lite' }, { algorithm: 'astar' }]);
    const { shown, read } = table();
    const view = () => ({ panes: compared.panes, race: false, walk: null, finished: compared.lockstep.finished });
    compared.lockstep.finish();
    shown.update(view());
    assert.equal(read().summary, '', 'nothing to set beside before an edit');
    putUpChange(compared.editor, 'dstar-detour');
    compared.lockstep.syncWithEditor();
    assert.ok(compared.lockstep.finished, 'the searches that had finished are at their ends again');
    // What the single view counts for D* Lite: its repair, and A* from scratch on the edited map.
    const single = new SearchSession(engine, engine.MapEditor.fromText(openExample('dstar-detour').text), { ...defaultOptions(), algorithm: 'dstar-lite' });
    single.finish();
    putUpChange(single.editor, 'dstar-detour');
    single.syncWithEditor();
    const { repairExpanded: repair, fromScratchExpanded: scratch } = single.search.info();
    assert.ok(repair < scratch, `the repair (${repair}) costs less than a search from scratch (${scratch})`);
    useLanguage('zh');
    shown.invalidate();
    shown.update(view());
    assert.equal(read().summary, `编辑之后：D* Lite，对角线距离 修复原来的搜索，扩展了 ${repair} 个节点；A*，对角线距离 从头搜索，扩展了 ${scratch} 个节点。`);
    assert.deepEqual(read().rows.map((row) => row[1]), [String(repair), String(scratch)]);
    useLanguage('en');
    shown.invalidate();
    shown.update(view());
    assert.equal(read().summary, `After the edit: D* Lite, Octile (diagonal) repaired its search with ${repair} expansions; A*, Octile (diagonal) searched from scratch with ${scratch} expansions.`);
    // Reset: every pane starts again, and there is no edit to tell.
    for (const pane of compared.panes) pane.session.restart();
    compared.lockstep.finish();
    shown.update(view());
    assert.equal(read().summary, '');
    const editor = single.editor;
    single.dispose();
    editor.free();
    release(compared);
  });

  it('tells each walk\'s moves, expansions and replans, and the walks\' totals, in both languages', () => {
    const compared = comparePanes('dstar-detour', [{ algorithm: 'dstar-lite' }, { algorithm: 'astar' }], { sensor: 1.5 });
    putUpChange(compared.editor, 'dstar-detour');
    for (const { session } of compared.panes) session.syncWithEditor();
    const { shown, read } = table();
    const view = () => ({ panes: compared.panes, race: false, walk: { sensor: 1.5 }, finished: compared.lockstep.finished });
    useLanguage('zh');
    compared.lockstep.step();
    shown.update(view());
    assert.deepEqual(read().head.slice(1), ['移动次数', '本次移动扩展', '共扩展', '重新规划次数', '状态']);
    assert.deepEqual(read().rows.map((row) => row[5]), ['行走中', '行走中']);
    compared.lockstep.finish();
    shown.update(view());
    assert.match(read().summary, /^整段行走的扩展：D\* Lite.*?（修复原来的搜索）：37 次移动共扩展 194 个节点；A\*.*?（每次从头重新规划）：37 次移动共扩展 220 个节点。$/);
    assert.deepEqual(read().rows.map((row) => [row[1], row[3]]), [['37', '194'], ['37', '220']]);
    compared.panes.forEach(({ session }, k) => assert.equal(read().rows[k][4], String(session.search.info().replans)));
    useLanguage('en');
    shown.invalidate();
    shown.update(view());
    assert.match(read().summary, /^Expansions over the whole walk: D\* Lite, .+? \(repairing its search\): 194 over 37 moves; A\*, .+? \(replanning from scratch\): 220 over 37 moves\.$/);
    assert.deepEqual(read().rows.map((row) => row[5]), ['arrived after 37 moves, cost 402 travelled', 'arrived after 37 moves, cost 402 travelled']);
    release(compared);
  });
});

describe('walks with long moves', () => {
  // As the single view's walks and `astar navigate --directions 16 --sensor 2.24` (tests/cli.rs).
  it('take the sensor radius 16 directions need in every pane, and walk as the single view does', () => {
    const editor = engine.MapEditor.fromText(openExample('dstar-detour').text);
    const shared = { ...defaultOptions(), ...openExample('dstar-detour').options, directions: 16 };
    const refused = (() => {
      try {
        return new SearchSession(engine, editor, paneOptions(paneMethod({ algorithm: 'astar' }, shared), shared), { sensor: 1.5 });
      } catch (error) {
        return error;
      }
    })();
    editor.free();
    useLanguage('en');
    assert.match(describeError(refused), /the sensor radius must be at least 2\.24 cells/);
    const compared = comparePanes('dstar-detour', [{ algorithm: 'dstar-lite' }, { algorithm: 'astar' }], { sensor: 2.24 }, { directions: 16 });
    putUpChange(compared.editor, 'dstar-detour');
    for (const { session } of compared.panes) session.syncWithEditor();
    const { shown, read } = table();
    compared.lockstep.finish();
    shown.update({ panes: compared.panes, race: false, walk: { sensor: 2.24 }, finished: compared.lockstep.finished });
    assert.deepEqual(read().rows.map((row) => [row[1], row[3], row[5]]), [
      ['24', '147', 'arrived after 24 moves, cost 292 travelled'],
      ['24', '123', 'arrived after 24 moves, cost 292 travelled'],
    ]);
    release(compared);
  });
});

describe('walks of different costs', () => {
  // On the U-shaped trap with a sensor of 3, D* Lite walks 32 moves at cost 356 and A* from
  // scratch 30 at 336: both plan shortest paths on the map as each knows it, and the
  // summary says so, lest the class read the dearer walk as the worse method.
  it('are told apart from a worse planner once both have arrived, in both languages', () => {
    const compared = comparePanes('u-trap', [{ algorithm: 'dstar-lite' }, { algorithm: 'astar' }], { sensor: 3 });
    const { shown, read } = table();
    const view = () => ({ panes: compared.panes, race: false, walk: { sensor: 3 }, finished: compared.lockstep.finished });
    useLanguage('en');
    compared.lockstep.step();
    shown.update(view());
    assert.doesNotMatch(read().summary, /shortest path/, 'not while they walk');
    compared.lockstep.finish();
    shown.update(view());
    assert.deepEqual(read().rows.map((row) => row[5]), ['arrived after 32 moves, cost 356 travelled', 'arrived after 30 moves, cost 336 travelled']);
    assert.match(read().summary, /The walks cost different amounts \(D\* Lite.* 356; A\*.* 336\), yet each agent followed a shortest path on the map as it knew it, at every move/);
    useLanguage('zh');
    shown.invalidate();
    shown.update(view());
    assert.match(read().summary, /两次行走的代价不同（D\* Lite.* 356；A\*.* 336），但每个代理在每一次移动时都走在它当时所知地图上的最短路径上/);
    useLanguage('en');
    release(compared);
  });

  it('are not remarked on when the costs are the same, while one walk has not arrived, or when one plans with an inadmissible heuristic', () => {
    assert.equal(walkCosts([{ name: 'a', travelled: 402, optimal: true }, { name: 'b', travelled: 402, optimal: true }], 2), null);
    assert.equal(walkCosts([{ name: 'a', travelled: 402, optimal: true }], 2), null);
    assert.equal(walkCosts([{ name: 'a', travelled: 4, optimal: true }, { name: 'b', travelled: 5, optimal: false }], 2), null);
    useLanguage('en');
    assert.match(walkCosts([{ name: 'a', travelled: 4, optimal: true }, { name: 'b', travelled: 5, optimal: true }], 2), /\(a 4; b 5\)/);
    // A* with weight 2 beside D* Lite: a dearer walk may be the weight's doing.
    const compared = comparePanes('u-trap', [{ algorithm: 'dstar-lite' }, { algorithm: 'astar', weight: 2 }], { sensor: 3 });
    const { shown, read } = table();
    compared.lockstep.finish();
    shown.update({ panes: compared.panes, race: false, walk: { sensor: 3 }, finished: compared.lockstep.finished });
    assert.doesNotMatch(read().summary, /shortest path/);
    release(compared);
  });
});

describe('driving the panes in lockstep', () => {
  it('steps every search together; one that finished waits at its end, and only the others step back', () => {
    const compared = comparePanes('u-trap', [{ algorithm: 'astar' }, { algorithm: 'dijkstra' }]);
    const [fast, slow] = compared.panes.map((pane) => pane.session);
    while (!fast.finished) compared.lockstep.step();
    const end = fast.search.stepCount();
    compared.lockstep.step();
    assert.deepEqual([fast.search.stepCount(), slow.search.stepCount()], [end, end + 1]);
    assert.equal(compared.lockstep.timeline().stepCount, end + 1);
    assert.equal(compared.lockstep.timeline().total, slow.timeline().total, 'the timeline runs to the longest search');
    compared.lockstep.stepBack();
    compared.lockstep.stepBack();
    assert.deepEqual([fast.search.stepCount(), slow.search.stepCount()], [end - 1, end - 1]);
    compared.lockstep.seek(3);
    assert.deepEqual([fast.search.stepCount(), slow.search.stepCount()], [3, 3]);
    compared.lockstep.advance(1000000);
    assert.ok(compared.lockstep.finished);
    assert.equal(compared.lockstep.timeline().status, 'found');
    release(compared);
  });

  it('after a wall drawn three steps in, starts both again at step 0, and both end at cost 4', () => {
    const compared = comparePanes('dstar-paper', [{ algorithm: 'dstar-lite' }, { algorithm: 'astar' }]);
    compared.lockstep.seek(3);
    putUpChange(compared.editor, 'dstar-paper');
    compared.lockstep.syncWithEditor();
    assert.deepEqual(compared.panes.map(({ session }) => session.search.stepCount()), [0, 0]);
    assert.equal(compared.panes[0].session.repairs, 1);
    compared.lockstep.finish();
    assert.deepEqual(compared.panes.map(({ session }) => session.search.pathCost()), [4, 4]);
    // The table's expansions are the single view's: D* Lite's repair, and A* from scratch.
    const single = openScene('dstar-paper');
    single.seek(3);
    putUpChange(single.editor, 'dstar-paper');
    single.syncWithEditor();
    single.finish();
    const { repairExpanded, fromScratchExpanded } = single.search.info();
    const { shown, read } = table();
    const rows = {};
    for (const language of ['en', 'zh']) {
      useLanguage(language);
      shown.invalidate();
      shown.update({ panes: compared.panes, race: false, walk: null, finished: true });
      rows[language] = read().rows.map((row) => row.slice(1, 5));
    }
    useLanguage('en');
    assert.deepEqual(rows.en.map((row) => row[0]), [String(repairExpanded), String(fromScratchExpanded)]);
    assert.deepEqual(rows.zh, rows.en, 'the same numbers in both languages');
    dispose(single);
    release(compared);
  });

  it('an edit no search repairs keeps the steps where they were', () => {
    const compared = comparePanes('tutorial-wall', [{ algorithm: 'astar' }, { algorithm: 'dijkstra' }]);
    compared.lockstep.seek(4);
    compared.editor.beginStroke();
    compared.editor.paint(0, 0, 0);
    compared.editor.endStroke();
    compared.lockstep.syncWithEditor();
    assert.deepEqual(compared.panes.map(({ session }) => session.search.stepCount()), [4, 4]);
    release(compared);
  });
});
