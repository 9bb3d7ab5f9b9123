// The step log in words and the pseudocode lines of every finder on every example map, in
// both languages (www/finders/narration.js and the family modules): every sentence there,
// no placeholder left, no `undefined` or `NaN`, the cells and costs the engine's events
// give, every line a step ran one of the finder's listing; and the tutorials' own figures.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { engine, LANGUAGES, useLanguage, assertWords, finders, EXAMPLES, openScene, openPage, chooseFinder, dispose } from './harness.mjs';
import { describeStep, traceStep, listingOf, describeOrder } from '../../www/finders/narration.js';
import { formatCell, formatValue, setCellOrigin, setMapRows } from '../../www/i18n/format.js';
import { narrationText, resultText } from '../../www/panels/panels.js';
import { markRows } from '../../www/finders/marks.js';
import { kebab } from '../../www/finders/counters.js';
import { t } from '../../www/i18n/i18n.js';
import { describeError } from '../../www/i18n/errors.js';
import { openExample, exampleChange } from '../../www/maps/examples.js';
import { valuesQuestion, valuesVerdict, verdictKind, viaOf } from '../../www/panels/predict.js';

// Steps told from each end of a search on a large map: all of them would take minutes and
// say nothing new.
const TOLD_AT_EACH_END = 150;

const value = (v) => formatValue(v, 2);

// The steps of a whole search, or of both ends of a long one, as { step, event }.
function toldSteps(session) {
  session.finish();
  const total = session.search.stepCount();
  if (total <= 2 * TOLD_AT_EACH_END) return session.stepsBetween(1, total);
  session.seek(TOLD_AT_EACH_END);
  const first = session.stepsBetween(1, TOLD_AT_EACH_END);
  session.finish();
  return [...first, ...session.stepsBetween(total - TOLD_AT_EACH_END + 1, total)];
}

// The error `run` throws; fails when it throws none.
function thrown(run) {
  try {
    run();
  } catch (error) {
    return error;
  }
  assert.fail('no error');
}

// One step in words and lines, checked against the event it tells.
function checkStep(session, { step, event }, where) {
  const finder = session.finder;
  const words = describeStep(event, finder, session.rules);
  assertWords(words, `${where} step ${step}`);
  if (event.node) assert.ok(words.includes(formatCell(event.node)), `${where} step ${step} names ${formatCell(event.node)}: ${words}`);
  if (event.kind === 'goal-reached') {
    assert.ok(words.includes(value(event.cost)) && words.includes(String(event.steps)), `${where}: ${words}`);
  }
  const listed = new Set(listingOf(finder, session.rules).map(([id]) => id));
  const lines = traceStep(event, finder, session.rules);
  assert.ok(lines.length > 0, `${where} step ${step} ran no line`);
  for (const { line, note } of lines) {
    assert.ok(listed.has(line), `${where} step ${step}: line ${line} is not in the listing`);
    assertWords(t(note.key, note.params), `${where} step ${step} line ${line}`);
  }
  return words;
}

// The last step says how the search ended, with the engine's cost and moves.
function checkEnd(session, last, where) {
  const search = session.search;
  const status = search.status();
  assert.notEqual(status, 'running', where);
  if (status !== 'found' || session.walk) return;
  const words = describeStep(last.event, session.finder, session.rules);
  assert.ok(words.includes(value(search.pathCost())), `${where}: the last step names the cost ${value(search.pathCost())}: ${words}`);
  assert.ok(words.includes(String(search.pathSteps())), `${where}: the last step names ${search.pathSteps()} moves: ${words}`);
}

describe('every finder on every example map, in both languages', () => {
  for (const example of EXAMPLES) {
    for (const finder of finders()) {
      it(`${finder.id} on ${example.id}`, () => {
        const session = openScene(example.id);
        try {
          const hex = openExample(example.id).options?.topology === 'hex';
          if ((!finder.options.terrain && /[2-9]/.test(openExample(example.id).text)) || (hex && finder.only?.topology)) {
            // Jump Point Search needs equal costs, an any-angle segment costs its length: a map
            // with terrain weights is refused, in words; they search squares only, so hexes
            // are too.
            const refusal = thrown(() => chooseFinder(session, finder.id));
            for (const language of LANGUAGES) {
              useLanguage(language);
              assertWords(describeError(refusal), `${language} refusal`);
            }
            assert.notEqual(session.finder.id, finder.id);
            return;
          }
          chooseFinder(session, finder.id);
          assert.equal(session.finder.id, finder.id);
          const steps = toldSteps(session);
          assert.ok(steps.length > 0, 'the search took a step');
          for (const language of LANGUAGES) {
            useLanguage(language);
            assertWords(describeOrder(session.finder, session.resolvedOptions), `${language} order`);
            for (const [, , key] of listingOf(session.finder, session.rules)) {
              assertWords(t(key), `${language} listing ${key}`, { placeholders: false });
              // Hexes have six equal moves and no corners to cut.
              if (hex) assert.doesNotMatch(t(key), /corner|墙角|拐角|diagonal|斜/i, `${language} listing ${key} on hexes`);
            }
            for (const step of steps) checkStep(session, step, `${language} ${finder.id} on ${example.id}`);
            checkEnd(session, steps.at(-1), `${language} ${finder.id} on ${example.id}`);
          }
        } finally {
          useLanguage('en');
          dispose(session);
        }
      });
    }
  }
});

describe('every walk on every example map, in both languages', () => {
  for (const example of EXAMPLES) {
    for (const finder of finders().filter((f) => f.walk)) {
      it(`${finder.id} walks ${example.id}`, () => {
        const session = openScene(example.id);
        try {
          chooseFinder(session, finder.id);
          let sensor = 1.5;
          if (['16', '32', 'blink'].includes(String(session.options.directions))) {
            // A sensor that cannot see every cell a long move crosses is refused, in words
            // naming the radius it needs; the walk then takes that radius.
            const refusal = thrown(() => session.setWalk({ sensor }));
            sensor = refusal.problem.min;
            assert.ok(sensor > 2, `${sensor} reaches a long move's far end`);
            for (const language of LANGUAGES) {
              useLanguage(language);
              assertWords(describeError(refusal), `${language} refusal`);
              assert.ok(describeError(refusal).includes(formatValue(sensor, 3)), describeError(refusal));
            }
          }
          session.setWalk({ sensor });
          const steps = toldSteps(session);
          for (const language of LANGUAGES) {
            useLanguage(language);
            for (const step of steps) {
              const words = checkStep(session, step, `${language} ${finder.id} walking ${example.id}`);
              const { event } = step;
              assert.equal(event.kind, 'moved');
              assert.ok(words.includes(formatCell(event.at)), `${words} names where the agent is`);
            }
          }
        } finally {
          useLanguage('en');
          dispose(session);
        }
      });
    }
  }
});

// The words of steps 1..n of a session, in the current language.
function firstWords(session, count) {
  session.seek(count);
  return session.stepsBetween(1, count).map(({ event }) => describeStep(event, session.finder, session.rules));
}

describe('the tutorials\' figures in the log', () => {
  it('the first C++ tutorial map: the start expanded with Manhattan H, its right neighbour at F=40, a path of cost 56 in 4 moves', () => {
    const session = openScene('tutorial-wall');
    useLanguage('en');
    const [first] = firstWords(session, 1);
    assert.match(first, /^Expanded \(2,2\): F=40 G=0 H=40\. /);
    assert.match(first, /Opened \(3,2\) with G=10, H=30\./);
    assert.match(first, /Opened \(3,1\) with G=14, H=40\./);
    session.finish();
    const last = session.stepsBetween(session.search.stepCount(), session.search.stepCount())[0];
    assert.equal(describeStep(last.event, session.finder, session.rules), 'Reached the goal (6,2): path cost 56 in 4 moves.');
    useLanguage('zh');
    assert.equal(describeStep(last.event, session.finder, session.rules), '到达终点 (6,2)：路径代价 56，共移动 4 次。');
    useLanguage('en');
    dispose(session);
  });

  it('the multimap tutorial map: 4 directions at cost 1 a step, stopping on reaching the goal after 38 moves', () => {
    const session = openScene('tutorial-dots');
    useLanguage('en');
    const [first] = firstWords(session, 1);
    assert.match(first, /^Expanded \(4,2\): F=6 G=0 H=6\. Opened \(3,2\) with G=1, H=7\. Opened \(4,1\) with G=1, H=7\./);
    session.finish();
    assert.equal(session.search.pathCost(), 38);
    assert.equal(session.search.pathSteps(), 38);
    dispose(session);
  });

  it('the C++ tutorial\'s second map squeezes between the walls for 84 in 6 moves', () => {
    const session = openScene('tutorial-pockets');
    session.finish();
    assert.deepEqual([session.search.pathCost(), session.search.pathSteps()], [84, 6]);
    dispose(session);
  });

  it('Dijkstra stopping on reaching the goal pays 80 where the shortest path costs 78', () => {
    const reaching = openScene('goal-test');
    const leaving = openScene('goal-test', { goalTest: 'off-open' });
    reaching.finish();
    leaving.finish();
    assert.equal(reaching.search.pathCost(), 80);
    assert.equal(leaving.search.pathCost(), 78);
    dispose(reaching);
    dispose(leaving);
  });

  it('bidirectional A* names its sides and its stopping test, and meets at cost 56, in both languages', () => {
    const session = openScene('tutorial-wall', { algorithm: 'bi-astar' });
    useLanguage('en');
    const [first, second] = firstWords(session, 2);
    assert.match(first, /The forward search \(from the start\): Expanded \(2,2\)/);
    assert.match(second, /Stopping test: the two searches have not met yet, go on\./);
    assert.match(second, /The backward search \(from the goal\): Expanded \(6,2\): F=40 G=0 H=40\./);
    useLanguage('zh');
    const [, secondZh] = firstWords(session, 2);
    assert.match(secondZh, /停止检验：两个搜索还没有相遇，继续。/);
    assert.match(secondZh, /反向搜索（从终点出发）/);
    useLanguage('en');
    session.finish();
    const total = session.search.stepCount();
    const last = describeStep(session.stepsBetween(total, total)[0].event, session.finder, session.rules);
    assert.match(last, /Stopping test: best 56 ≤ max\(\d+, \d+\) = \d+/);
    assert.match(last, /Path through the meeting point \(\d+,\d+\): cost 56 in \d+ moves\./);
    assert.equal(session.search.pathCost(), 56);
    dispose(session);
  });

  it('IDA* starts its threshold at the start\'s F and stops at a node limit, in both languages', () => {
    const session = openScene('tutorial-wall', { algorithm: 'idastar', heuristic: 'octile' });
    useLanguage('en');
    assert.match(firstWords(session, 1)[0], /Iteration 1: the threshold starts at the start's F = 40\./);
    session.finish();
    assert.equal(session.search.pathCost(), 56);
    assert.equal(session.search.info().threshold, 56);
    dispose(session);

    const limited = openScene('tutorial-wall', { algorithm: 'idastar', nodeLimit: 5 });
    limited.finish();
    const total = limited.search.stepCount();
    const event = limited.stepsBetween(total, total)[0].event;
    assert.match(describeStep(event, limited.finder, limited.rules), /Stopped after 5 visited nodes, the node limit/);
    useLanguage('zh');
    assertWords(describeStep(event, limited.finder, limited.rules), 'zh node limit');
    assert.match(describeStep(event, limited.finder, limited.rules), /5/);
    useLanguage('en');
    dispose(limited);
  });

  it('D* Lite on the paper\'s example plans cost 4, and the map with no path says so', () => {
    const paper = openScene('dstar-paper');
    paper.finish();
    assert.equal(paper.search.pathCost(), 4);
    dispose(paper);
    const closed = openScene('no-path');
    closed.finish();
    assert.equal(closed.search.status(), 'no-path');
    useLanguage('en');
    const total = closed.search.stepCount();
    assert.equal(describeStep(closed.stepsBetween(total, total)[0].event, closed.finder, closed.rules), 'The open list is empty: the goal cannot be reached, there is no path.');
    dispose(closed);
  });
});

// The current step's { step, event }, and its narration as the page shows it under the map.
const lastStep = (session) => session.stepsBetween(session.search.stepCount(), session.search.stepCount())[0];
const narrationNow = (session) => narrationText(session, lastStep(session));

describe('the words of particular steps', () => {
  it('bidirectional A*\'s counter of the best cost so far is labelled in Chinese', () => {
    const session = openScene('tutorial-wall', { algorithm: 'bi-astar' });
    assert.ok(session.finder.counters.includes('bestCost'));
    useLanguage('zh');
    assert.equal(t(`counter.${kebab('bestCost')}`), '目前最佳代价');
    session.seek(2);
    assert.match(narrationNow(session), /停止检验：两个搜索还没有相遇，继续。/);
    useLanguage('en');
    dispose(session);
  });

  it('Jump Point Search says why a cell is a jump point, in English and with the same numbers in Chinese', () => {
    const session = openScene('tutorial-wall', { algorithm: 'jps' });
    useLanguage('en');
    const FORCED_OPENED = /Jumped ([a-z-]+) to \((\d+),(\d+)\), a jump point: forced neighbour at \((\d+),(\d+)\)[^.]*\. Opened it with G=(\d+), H=(\d+)\./;
    let found = null;
    for (let k = 1; k <= 10 && !found; k++) {
      session.seek(k);
      const match = FORCED_OPENED.exec(narrationNow(session));
      if (match) found = { step: k, x: match[2], y: match[3], fx: match[4], fy: match[5], g: match[6], h: match[7] };
    }
    assert.ok(found, 'a jump point opened for a forced neighbour within 10 steps');
    useLanguage('zh');
    const zh = narrationNow(session);
    assert.match(zh, new RegExp(`^第 ${found.step} 步：扩展跳点 \\(\\d+,\\d+\\)：F=\\d+ G=\\d+ H=\\d+。`));
    assert.ok(zh.includes(`跳到 (${found.x},${found.y})，它是跳点：在 (${found.fx},${found.fy})`), zh);
    assert.match(zh, /有强迫邻居/);
    assert.ok(zh.includes(`加入开启列表，G=${found.g}，H=${found.h}。`), zh);
    useLanguage('en');
    dispose(session);
  });

  it('Jump Point Search tells a scan that found nothing as scanned to its last cell, and why it ended there', () => {
    const session = openScene('u-trap', { algorithm: 'jps' });
    session.seek(1);
    const [last] = session.stepsBetween(1, 1);
    const lines = () => traceStep(last.event, session.finder, session.rules).filter(({ line }) => line === 'stops').map(({ note }) => t(note.key, note.params));
    useLanguage('en');
    const en = narrationNow(session);
    assert.ok(en.includes('Scanned west to (0,7), the edge of the map, and found no jump point (5 cells scanned).'), en);
    assert.ok(en.includes('Scanned east to (14,7), the last cell before a wall, and found no jump point (9 cells scanned).'), en);
    assert.doesNotMatch(en, /nothing after/);
    assert.ok(lines().includes('The scan ends at (0,7), the edge of the map: nothing found.'));
    useLanguage('zh');
    const zh = narrationNow(session);
    assert.ok(zh.includes('向西扫描到 (0,7)（已到地图边缘），没有找到跳点（扫描了 5 个格子）。'), zh);
    assert.ok(zh.includes('向东扫描到 (14,7)（再往前是障碍物），没有找到跳点'), zh);
    assert.doesNotMatch(zh, /之后没有跳点/);
    assert.ok(lines().includes('扫描到 (0,7) 为止（已到地图边缘）：没有找到跳点。'));
    useLanguage('en');
    dispose(session);
  });

  it('greedy best-first tells its node by H alone, not by an F that a legend of F = G + H contradicts', () => {
    const session = openScene('tutorial-wall', { algorithm: 'greedy' });
    session.seek(2);
    const [last] = session.stepsBetween(2, 2);
    const pop = () => traceStep(last.event, session.finder, session.rules).find(({ line }) => line === 'pop').note;
    for (const [language, words, line] of [
      ['en', /^Step 2: Expanded \(3,2\): H=30 \(greedy best-first orders by H alone; G=10 is not counted\)\./, '(3,2) comes first in the open list: the lowest H = 30 (G = 10 is not counted).'],
      ['zh', /^第 2 步：扩展 \(3,2\)：H=30（贪心最佳优先只按 H 排序，不计 G=10）。/, '(3,2) 排在开启列表最前：H = 30 最小（不计 G = 10）。'],
    ]) {
      useLanguage(language);
      const told = narrationNow(session);
      assert.match(told, words);
      assert.doesNotMatch(told, /F=/);
      assert.equal(t(pop().key, pop().params), line);
    }
    // Bidirectional greedy says so of each side's node too.
    const both = openScene('tutorial-wall', { algorithm: 'bi-greedy' });
    both.seek(2);
    useLanguage('en');
    assert.match(narrationNow(both), /H=\d+ \(greedy best-first orders by H alone; G=\d+ is not counted\)/);
    dispose(both);
    dispose(session);
  });

  it('a wall drawn across three frames of one stroke is told as one batch of 3 cells, in both languages', () => {
    const session = openScene('dstar-detour');
    for (let k = 0; k < 3; k++) session.step();
    const editor = session.editor;
    editor.beginStroke();
    // The search takes the map in once a frame, as the page's frame loop does mid-drag.
    for (const [x, y] of exampleChange('dstar-detour')) {
      editor.paint(x, y, 0);
      session.syncWithEditor();
    }
    editor.endStroke();
    session.syncWithEditor();
    assert.equal(session.lastBatch, 3);
    useLanguage('en');
    assert.match(narrationNow(session), /^3 cells changed: their rhs and their neighbours’ are worked out again/);
    useLanguage('zh');
    assert.match(narrationNow(session), /^有 3 个格子变了/);
    // The next stroke starts a batch of its own.
    editor.beginStroke();
    editor.paint(1, 1, 0);
    editor.endStroke();
    session.syncWithEditor();
    useLanguage('en');
    assert.match(narrationNow(session), /^1 cell changed: its rhs/);
    dispose(session);
  });

  it('Predict tells Theta*\'s G through the parent the neighbour took straight, in both languages', () => {
    const session = openScene('u-trap');
    chooseFinder(session, 'theta-star');
    let asked = null;
    for (let step = 1; !asked && session.search.status() === 'running'; step++) {
      session.seek(step);
      const [{ event }] = session.stepsBetween(step, step);
      if (event.kind !== 'expanded') break;
      const neighbour = event.neighbours.find((nb) => nb.outcome === 'opened' && viaOf(session.search, event.node, nb));
      if (neighbour) asked = { node: event.node, neighbour, via: viaOf(session.search, event.node, neighbour) };
    }
    assert.ok(asked, 'a neighbour took path 2');
    const { params } = valuesVerdict(asked, 'wrong');
    assert.equal(params.parent, formatCell(asked.neighbour.parent));
    assert.equal(params.from, value(asked.via.g));
    assert.ok(Math.abs(asked.via.g + Number(params.move) - asked.neighbour.g) < 0.01, 'G = G(via) + the segment');
    for (const language of ['en', 'zh']) {
      useLanguage(language);
      assertWords(t(valuesVerdict(asked, 'wrong').key, params), language);
    }
    useLanguage('en');
    dispose(session);
  });

  it('Predict asks for an improved neighbour\'s G with its old G and parent, and tells the re-parenting', () => {
    const session = openScene('tutorial-wall');
    session.seek(5);
    const [{ event }] = session.stepsBetween(5, 5);
    const neighbour = event.neighbours.find((nb) => nb.outcome === 'improved');
    assert.deepEqual([neighbour.oldG, neighbour.g, formatCell(neighbour.oldParent), formatCell(event.node)], [28, 20, '(3,3)', '(2,3)']);
    const asked = { node: event.node, neighbour };
    const texts = (question) => t(question.key, question.params);
    useLanguage('en');
    assert.equal(texts(valuesQuestion(asked)), '(2,3) is expanded next. Its neighbour (2,4) is already open with G = 28 through (3,3). What G and H will (2,4) have after this step?');
    assert.equal(texts(valuesVerdict(asked, 'wrong')), 'Not quite: through (2,3), (2,4) gets G = 10 + 10 = 20, less than its old G = 28 through (3,3), so its G drops to 20 and (2,3) becomes its parent; H = 60 stays as it was (the estimate to the goal does not change).');
    assert.match(texts(valuesVerdict(asked, 'right')), /^Correct: through \(2,3\), \(2,4\) gets G = 10 \+ 10 = 20, less than its old G = 28, so \(2,3\) becomes its parent instead of \(3,3\)/);
    assert.match(texts(valuesVerdict(asked, 'skipped')), /\(it had G = 28 through \(3,3\)\)/);
    useLanguage('zh');
    assert.equal(texts(valuesQuestion(asked)), '下一个扩展的是 (2,3)。它的相邻节点 (2,4) 已在开启列表中，G = 28，父节点是 (3,3)。这一步之后 (2,4) 的 G 和 H 是多少？');
    assert.match(texts(valuesVerdict(asked, 'wrong')), /比原来经由 \(3,3\) 的 G = 28 小，所以 G 降为 20，父节点改为 \(2,3\)/);
    assert.deepEqual(['right', 'wrong', 'skipped'].map((answer) => verdictKind(valuesVerdict(asked, answer).key)), ['right', 'wrong', 'skipped']);
    // A neighbour opened for the first time is asked as before.
    const opened = { node: event.node, neighbour: event.neighbours.find((nb) => nb.outcome === 'opened') ?? { ...neighbour, outcome: 'opened' } };
    assert.equal(valuesQuestion(opened).key, 'predict.prompt.values');
    useLanguage('en');
    dispose(session);
  });

  it('Jump Point Search refuses a weighted map, naming the cell, in Chinese', () => {
    const { problems, workspace } = openPage('?example=swamp&algorithm=jps&lang=zh');
    useLanguage('zh');
    assert.equal(problems.length, 1);
    assert.match(describeError(problems[0]), /跳点搜索（JPS）不接受地形代价.*地图在 \(8,2\) 有地形代价 3/);
    assert.notEqual(workspace.session.finder.id, 'jps');
    useLanguage('en');
  });

  it('a tie told in Chinese with the cells counted from the bottom left', () => {
    const session = openScene('tutorial-csharp');
    useLanguage('zh');
    setCellOrigin('bottom-left');
    setMapRows(session.editor.height);
    session.seek(3);
    assert.match(narrationNow(session), /^第 3 步：扩展 \(2,1\)：F=38 G=28 H=10。开启列表中 \(2,0\)（G=24）的 F 也是 38，选中它的规则是：F 相同时 G 较大的优先/);
    useLanguage('en');
    dispose(session);
  });

  for (const language of LANGUAGES) {
    it(`a D* Lite repair after a wall drawn mid-search, each step as a second run of the engine has it (${language})`, () => {
      const WORDS = {
        en: { batch: /^1 cell changed: its rhs/, took: /Took \((\d+),(\d+)\) with key \[/, over: 'Over-consistent: g > rhs', change: 'Put up the wall', found: /cost 4/ },
        zh: { batch: /^有 1 个格子变了/, took: /取出 \((\d+),(\d+)\)，键值 \[/, over: '局部过一致：g > rhs', change: '放上障碍物', found: /代价 4/ },
      }[language];
      useLanguage(language);
      assert.equal(t('example.change.dstar-paper'), WORDS.change);
      const session = openScene('dstar-paper');
      for (let k = 0; k < 3; k++) session.step();
      const editor = session.editor;
      editor.beginStroke();
      for (const [x, y] of exampleChange('dstar-paper')) editor.paint(x, y, 0);
      editor.endStroke();
      session.syncWithEditor();
      assert.match(narrationNow(session), WORDS.batch);
      // The same search driven by the engine alone: three steps, the wall, then the repair.
      const alone = engine.MapEditor.fromText(openExample('dstar-paper').text);
      const search = new engine.Search(alone, session.options);
      search.takeSteps(3);
      alone.beginStroke();
      alone.paint(2, 1, 0);
      alone.endStroke();
      search.repairFrom(alone);
      let overSeen = false;
      let steps = 0;
      while (session.search.status() === 'running') {
        session.step();
        search.takeSteps(1);
        steps += 1;
        for (let y = 0; y < editor.height; y++) {
          for (let x = 0; x < editor.width; x++) {
            const shown = session.search.cellInfo(x, y).incremental;
            assert.deepEqual(shown, search.cellInfo(x, y).incremental, `repair step ${steps}: cell (${x},${y})`);
            if (!Number.isFinite(shown.g) && Number.isFinite(shown.rhs)) {
              const notes = markRows(session.finder, session.markAt({ x, y })).map(([, text]) => text).join(' ');
              assert.ok(notes.startsWith(WORDS.over), `(${x},${y}) over-consistent: ${notes}`);
              overSeen = true;
            }
          }
        }
        assert.deepEqual(session.search.queuePage(0, 5), search.queuePage(0, 5), `queue at repair step ${steps}`);
        assert.deepEqual(session.search.info(), search.info());
        // Each vertex taken off the queue is told as such, with its key.
        assert.equal(WORDS.took.test(narrationNow(session)), lastStep(session).event.kind === 'vertex-taken', narrationNow(session));
      }
      assert.equal(steps, session.timeline().total, 'the repair takes the steps its timeline said');
      assert.ok(overSeen || steps === 1, 'the marks are told');
      assert.match(resultText(session, lastStep(session), steps), WORDS.found);
      // A* from scratch on the edited map, as the counter beside the repair says.
      const scratch = new engine.Search(alone, { ...session.options, algorithm: 'astar' });
      scratch.finish();
      assert.equal(session.search.info().fromScratchExpanded, scratch.counters().expanded);
      scratch.free();
      search.free();
      alone.free();
      useLanguage('en');
      dispose(session);
    });
  }
});
