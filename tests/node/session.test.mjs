// The search session (www/state/session.js) over the engine: stepping back to the identical
// state, seeking, the events of steps told again, edits that build a new search or are
// repaired, Walk mode, and options the engine refuses leaving everything as it was.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { engine, openScene, openPage, chooseFinder, sessionOn, dispose, picture, cellAt, useLanguage, assertWords } from './harness.mjs';
import { StepEvents } from '../../www/state/stepevents.js';
import { startWalk, reopenSaved } from '../../www/state/views.js';
import { exampleChange } from '../../www/maps/examples.js';
import { describeError, describeProblem } from '../../www/i18n/errors.js';
import { describeStep } from '../../www/finders/narration.js';
import { t } from '../../www/i18n/i18n.js';
import { resultText, narrationText, stepCounterLabel } from '../../www/panels/panels.js';
import { prefersReducedMotion } from '../../www/layout/motion.js';

// One finder of each family the page has.
const FAMILY_FINDERS = ['astar', 'jps', 'idastar', 'bi-dijkstra', 'lpastar', 'dstar-lite'];

// Puts up an example's change (its walls) as one stroke, as the page's button does.
function makeChange(editor, exampleId) {
  editor.beginStroke();
  for (const [x, y] of exampleChange(exampleId)) editor.paint(x, y, 0);
  editor.endStroke();
}

// The last step's { step, event }, as the page shows it.
const lastStep = (session) => session.stepsBetween(session.search.stepCount(), session.search.stepCount())[0];

describe('stepping back', () => {
  for (const id of FAMILY_FINDERS) {
    it(`${id} steps back to the identical picture, counters and events`, () => {
      const session = openScene('u-trap');
      chooseFinder(session, id);
      const states = [picture(session)];
      const events = [null];
      for (let k = 1; k <= 10 && !session.finished; k++) {
        events.push(session.step());
        states.push(picture(session));
      }
      assert.ok(states.length > 3, 'took steps');
      for (let k = states.length - 2; k >= 0; k--) {
        assert.equal(session.stepBack(), true);
        assert.deepEqual(picture(session), states[k], `back at step ${k}`);
        if (k > 0) assert.deepEqual(lastStep(session).event, events[k], `the event of step ${k}`);
      }
      assert.equal(session.stepBack(), false, 'nothing before step 0');
      dispose(session);
    });
  }
});

describe('seeking', () => {
  it('lands on the same state as stepping there, for every step of a search', () => {
    const stepped = openScene('tutorial-pockets');
    const sought = openScene('tutorial-pockets');
    const total = sought.timeline().total;
    assert.ok(total > 10, 'the small map\'s search is run through when built, so its length is known');
    for (let k = 0; k <= total; k++) {
      sought.seek(k);
      assert.deepEqual(picture(sought), picture(stepped), `step ${k}`);
      stepped.step();
    }
    sought.seek(total + 50);
    assert.equal(sought.timeline().stepCount, total, 'past the end is the end');
    assert.equal(sought.search.status(), 'found');
    dispose(stepped);
    dispose(sought);
  });

  it('on a map too large to run through first, learns the search\'s length when it ends', () => {
    const session = openScene('random-512');
    assert.equal(session.timeline().total, undefined);
    session.seek(100);
    assert.equal(session.timeline().stepCount, 100);
    session.finish();
    const { stepCount, total, status } = session.timeline();
    assert.equal(total, stepCount);
    assert.equal(status, 'found');
    dispose(session);
  });
});

describe('the events of steps', () => {
  it('told again match the ones taken, beyond what the session keeps', () => {
    const session = openScene('random-64', { algorithm: 'dijkstra' });
    const taken = [];
    while (!session.finished) taken.push(session.step());
    assert.ok(taken.length > 1000, `${taken.length} steps: more than the session keeps`);
    const told = session.stepsBetween(1, taken.length);
    assert.deepEqual(told.map(({ step }) => step), taken.map((_, k) => k + 1));
    assert.deepEqual(told.map(({ event }) => event), taken);
    assert.deepEqual(session.stepsBetween(taken.length - 2, taken.length + 5).map(({ step }) => step), [taken.length - 2, taken.length - 1, taken.length]);
    assert.deepEqual(session.stepsBetween(5, 4), []);
    dispose(session);
  });

  it('replayed for the whole log come in order, and leave the search where it was', () => {
    const session = openScene('tutorial-dots');
    session.seek(17);
    const before = picture(session);
    const visited = [];
    session.replaySteps((step, event) => visited.push({ step, event }));
    assert.deepEqual(visited, session.stepsBetween(1, 17));
    assert.deepEqual(picture(session), before);
    dispose(session);
  });

  it('around the current step are told without moving the search (StepEvents)', () => {
    const session = openScene('tutorial-wall');
    session.seek(4);
    const events = new StepEvents();
    const before = picture(session);
    const fourth = events.at(session, 4);
    const fifth = events.at(session, 5);
    assert.deepEqual(picture(session), before);
    assert.equal(events.at(session, 2), null, 'only the step just taken and the next');
    assert.equal(events.at(session, 0), null);
    assert.deepEqual(fourth, lastStep(session).event);
    assert.deepEqual(fifth, session.step());
    session.finish();
    assert.equal(events.at(session, session.search.stepCount() + 1), null, 'no step after the end');
    dispose(session);
  });
});

describe('edits of the map', () => {
  it('a finder that does not repair starts a new search at the same step', () => {
    const session = openScene('dstar-detour', { algorithm: 'astar' });
    session.seek(5);
    const generation = session.generation;
    assert.equal(session.syncWithEditor(), false, 'nothing changed');
    makeChange(session.editor, 'dstar-detour');
    assert.equal(session.syncWithEditor(), true);
    assert.equal(session.generation, generation + 1);
    assert.equal(session.timeline().stepCount, 5);
    assert.equal(session.repairs, 0);
    dispose(session);
  });

  it('a finished search is finished again on the edited map, so the path follows the change', () => {
    const session = openScene('dstar-detour', { algorithm: 'astar' });
    session.finish();
    const before = session.search.pathCost();
    makeChange(session.editor, 'dstar-detour');
    session.syncWithEditor();
    assert.equal(session.search.status(), 'found');
    const fresh = sessionOn(session.editor.toText('ox'), { algorithm: 'astar' });
    fresh.finish();
    assert.equal(session.search.pathCost(), fresh.search.pathCost());
    assert.ok(session.search.pathCost() > before, `${session.search.pathCost()} > ${before}: the gap is closed`);
    dispose(session);
    dispose(fresh);
  });

  for (const id of ['lpastar', 'dstar-lite']) {
    it(`${id} repairs its search: the batch's cells counted, its own timeline from step 0, the cost of a search from scratch`, () => {
      const session = openScene('dstar-detour');
      chooseFinder(session, id);
      session.finish();
      const generation = session.generation;
      makeChange(session.editor, 'dstar-detour');
      assert.equal(session.syncWithEditor(), true);
      assert.equal(session.repairs, 1);
      assert.equal(session.lastBatch, 3, 'three cells changed');
      assert.equal(session.generation, generation + 1);
      assert.equal(session.search.status(), 'found', 'a finished search is taken to the end of its repair');
      const scratch = openScene('dstar-detour', { algorithm: 'astar' });
      makeChange(scratch.editor, 'dstar-detour');
      scratch.syncWithEditor();
      scratch.finish();
      assert.equal(session.search.pathCost(), scratch.search.pathCost());
      // The repair's timeline: back to its first step, and not across the batch.
      session.seek(0);
      assert.equal(session.timeline().stepCount, 0);
      assert.equal(session.stepBack(), false);
      dispose(session);
      dispose(scratch);
    });
  }

  it('a repair during the search starts the repair\'s timeline at step 0', () => {
    const session = openScene('dstar-detour', { algorithm: 'lpastar' });
    session.seek(3);
    makeChange(session.editor, 'dstar-detour');
    session.syncWithEditor();
    assert.equal(session.repairs, 1);
    assert.deepEqual([session.timeline().stepCount, session.search.status()], [0, 'running']);
    dispose(session);
  });

  it('moving the start is no repair: a new search is built', () => {
    const session = openScene('dstar-detour', { algorithm: 'lpastar' });
    session.finish();
    session.editor.moveStart(0, 0);
    session.syncWithEditor();
    assert.equal(session.repairs, 0);
    assert.deepEqual(session.editor.start(), { x: 0, y: 0 });
    assert.equal(session.search.status(), 'found');
    dispose(session);
  });
});

describe('options the engine refuses', () => {
  it('leave the options and the search as they were', () => {
    const session = openScene('tutorial-wall');
    session.seek(3);
    const before = picture(session);
    const options = session.options;
    assert.throws(() => session.setOptions({ ...options, weight: 1000 }));
    assert.equal(session.options, options);
    assert.deepEqual(picture(session), before);
    dispose(session);
  });

  it('a new map with options refused opens with the options before', () => {
    const session = openScene('tutorial-wall');
    const options = session.options;
    assert.throws(() => session.restart({ ...options, directions: 6 }));
    assert.equal(session.options, options);
    assert.equal(session.timeline().stepCount, 0);
    dispose(session);
  });
});

describe('Walk mode', () => {
  it('walks the detour example into the fog, and tells its moves in both languages', () => {
    const { workspace } = openPage('?example=dstar-detour&algorithm=dstar-lite');
    startWalk(workspace, '1.5');
    const session = workspace.session;
    session.step();
    session.step();
    useLanguage('zh');
    assert.match(narrationText(session, lastStep(session)), /第 2 次移动：智能体从 \(1,7\) 走到 \(2,7\)。/);
    useLanguage('en');
    assert.match(narrationText(session, lastStep(session)), /Move 2: the agent steps from \(1,7\) to \(2,7\)\./);
    // A wall far ahead: the next move's sensor does not reach it.
    const editor = session.editor;
    editor.beginStroke();
    editor.paint(5, 7, 0);
    editor.endStroke();
    session.syncWithEditor();
    assert.equal(session.timeline().stepCount, 2, 'the walk takes the edit where it is');
    session.step();
    useLanguage('zh');
    const zh = narrationText(session, lastStep(session));
    assert.match(zh, /第 3 次移动：智能体从 \(2,7\) 走到 \(3,7\)。/);
    assert.match(zh, /没有发现新情况/);
    useLanguage('en');
    assert.match(narrationText(session, lastStep(session)), /nothing new/);
  });

  it('exports the whole walk as a Posthoc trace, a move an event along the trail, and stays at its move', () => {
    const { workspace } = openPage('?example=dstar-detour&algorithm=dstar-lite');
    startWalk(workspace, '1.5');
    const session = workspace.session;
    const search = session.search;
    for (let k = 0; k < 5; k++) session.step();
    const before = picture(session);
    const text = search.trace(50000);
    assert.deepEqual(picture(session), before, 'the walk is where it was');
    // Each event is one line: { type: …, id: …, pId: …, x: …, y: …, g: …, h: …, f: … }.
    const events = [...text.matchAll(/^ {2}- \{ type: (\w+), id: (\d+), pId: (\d+|null), x: (\d+), y: (\d+), g: ([^,]+),/gm)]
      .map(([, type, id, pId, , , g]) => ({ type, id: Number(id), pId: pId === 'null' ? null : Number(pId), g }));
    session.finish();
    const trail = Array.from(search.trail());
    const moves = events.filter((e) => e.type === 'expanding');
    assert.deepEqual(moves.map((e) => e.id), trail.slice(1), 'a move an event, in order');
    assert.deepEqual(moves.map((e) => e.pId), trail.slice(0, -1), 'each from the cell it left');
    // The cells found other than thought: updated from where the agent stood.
    const found = events.filter((e) => e.type === 'updating');
    assert.ok(found.length > 0 && found.every((e) => trail.includes(e.pId)), 'what the sensor found, from the trail');
    const end = events.at(-1);
    assert.deepEqual([end.type, end.id], ['end', trail.at(-1)]);
    assert.ok(Number(end.g) > 0, 'with the cost travelled');
  });

  it('counts moves, not search steps, in both languages', () => {
    const { workspace } = openPage('?example=dstar-detour&algorithm=dstar-lite');
    const label = () => t(stepCounterLabel(workspace.session));
    useLanguage('zh');
    assert.equal(label(), '搜索步');
    startWalk(workspace, '1.5');
    assert.equal(label(), '移动');
    useLanguage('en');
    assert.equal(label(), 'Move');
    workspace.session.setWalk(null);
    assert.equal(label(), 'Step');
  });

  it('refuses a sensor radius below 1.5 or no number, with nothing changed', () => {
    const { workspace } = openPage('?example=dstar-detour&algorithm=dstar-lite');
    const map = workspace.editor.toText('ox');
    for (const radius of ['1', 'far', '']) {
      const error = (() => {
        try {
          startWalk(workspace, radius);
        } catch (thrown) {
          return thrown;
        }
        return assert.fail(`sensor ${radius} was taken`);
      })();
      assert.equal(workspace.session.walk, null);
      assert.equal(workspace.editor.toText('ox'), map, 'the example\'s change was taken back');
      useLanguage('zh');
      assertWords(describeError(error), `zh sensor ${radius}`);
      if (radius === '1') assert.match(describeError(error), /至少要 1\.5/);
      useLanguage('en');
      if (radius === '1') assert.match(describeError(error), /at least 1\.5/);
    }
  });

  it('walks the paper example in 4 moves at cost 4, k_m 1 after the first', () => {
    const { workspace, problems } = openPage('?example=dstar-paper&algorithm=dstar-lite&walk=1&sensor=1.5');
    assert.deepEqual(problems, []);
    startWalk(workspace, '1.5');
    const session = workspace.session;
    const cells = [];
    for (let move = 1; move <= 4; move++) {
      const event = session.step();
      cells.push(event.at);
      if (move === 1) assert.equal(session.search.info().km, 1);
    }
    assert.deepEqual(cells, [{ x: 1, y: 1 }, { x: 2, y: 0 }, { x: 3, y: 0 }, { x: 4, y: 1 }]);
    useLanguage('en');
    assert.equal(resultText(session, lastStep(session), 4), 'Arrived: cost 4 travelled in 4 moves.');
    useLanguage('zh');
    assert.equal(resultText(session, lastStep(session), 4), '已到达：移动 4 次，代价 4。');
    useLanguage('en');
  });

  it('is refused for a finder that does not walk, and taken by those that do', () => {
    const refused = openPage('?example=dstar-detour&algorithm=dijkstra&walk=1');
    assert.equal(refused.params.walk, true);
    assert.throws(() => startWalk(refused.workspace, '1.5'), (error) => {
      useLanguage('en');
      assert.match(describeError(error), /Dijkstra does not walk/);
      return true;
    });
    assert.equal(refused.workspace.session.walk, null);
    for (const id of ['astar', 'dstar-lite']) {
      const { workspace } = openPage(`?example=dstar-detour&algorithm=${id}&walk=1`);
      startWalk(workspace, '1.5');
      assert.deepEqual(workspace.session.walk, { sensor: 1.5 }, id);
    }
  });

  it('A* replans from scratch over the detour: 37 moves, cost 402, 220 expansions against D* Lite\'s 194', () => {
    const expanded = {};
    for (const id of ['astar', 'dstar-lite']) {
      const { workspace } = openPage(`?example=dstar-detour&algorithm=${id}`);
      startWalk(workspace, '1.5');
      const session = workspace.session;
      session.finish();
      assert.equal(session.search.status(), 'found');
      assert.equal(session.search.stepCount(), 37);
      expanded[id] = session.search.counters().expanded;
      useLanguage('zh');
      assert.equal(resultText(session, lastStep(session), 37), '已到达：移动 37 次，代价 402。');
      if (id === 'astar') {
        const replans = session.stepsBetween(1, 37).filter(({ event }) => event.replanned);
        assert.ok(replans.length > 0, 'A* replanned');
        for (const { event } of replans) assert.match(describeStep(event, session.finder, session.rules), /A\* 从/);
      }
      useLanguage('en');
    }
    // As `astar navigate tests/maps/dynamic/detour_20x15.txt --start 0,7 --goal 19,7 --sensor 1.5` counts.
    assert.deepEqual(expanded, { astar: 220, 'dstar-lite': 194 });
  });

  it('walks 16 and blink moves over the detour with the sensor they need, as `astar navigate` does, and refuses less in words naming it', () => {
    // As `astar navigate tests/maps/dynamic/detour_20x15.txt --start 0,7 --goal 19,7
    // --directions D --sensor R --algorithm A` prints (tests/cli.rs).
    const cli = {
      16: { sensor: '2.24', moves: 24, travelled: 292, expanded: { 'dstar-lite': 147, astar: 123 } },
      blink: { sensor: '2.83', moves: 18, travelled: 200, expanded: { 'dstar-lite': 40, astar: 31 } },
    };
    for (const [directions, walk] of Object.entries(cli)) {
      for (const id of ['dstar-lite', 'astar']) {
        const { workspace } = openPage(`?example=dstar-detour&algorithm=${id}&directions=${directions}`);
        const error = (() => {
          try {
            startWalk(workspace, '1.5');
          } catch (thrown) {
            return thrown;
          }
          return assert.fail('a sensor of 1.5 was taken');
        })();
        assert.equal(workspace.session.walk, null);
        useLanguage('zh');
        assert.ok(describeError(error).includes(`至少要 ${walk.sensor} 格`), describeError(error));
        useLanguage('en');
        assert.ok(describeError(error).includes(`at least ${walk.sensor} cells`), describeError(error));
        startWalk(workspace, walk.sensor);
        const session = workspace.session;
        session.finish();
        assert.equal(session.search.status(), 'found', `${id} ${directions}`);
        assert.equal(session.search.stepCount(), walk.moves, `${id} ${directions}`);
        assert.equal(session.search.counters().expanded, walk.expanded[id], `${id} ${directions}`);
        assert.equal(resultText(session, lastStep(session), walk.moves), `Arrived: cost ${walk.travelled} travelled in ${walk.moves} moves.`);
        dispose(session);
      }
    }
  });

  it('steps back to the identical picture, trail and seen cells', () => {
    const { workspace } = openPage('?example=dstar-detour&algorithm=dstar-lite');
    startWalk(workspace, '2');
    const session = workspace.session;
    const states = [picture(session)];
    for (let move = 1; move <= 12; move++) {
      session.step();
      states.push(picture(session));
    }
    assert.ok(states[12].seen.some((seen, cell) => seen !== states[0].seen[cell]), 'the sensor saw more');
    assert.equal(states[12].trail.length, 13, 'the trail holds the start and each move');
    for (let move = 11; move >= 0; move--) {
      session.stepBack();
      assert.deepEqual(picture(session), states[move], `back at move ${move}`);
    }
  });

  it('leaves Walk mode when a finder that does not walk is chosen', () => {
    const { workspace } = openPage('?example=dstar-detour&algorithm=dstar-lite');
    startWalk(workspace, '1.5');
    chooseFinder(workspace.session, 'dijkstra');
    assert.equal(workspace.session.walk, null);
    assert.equal(workspace.session.finder.id, 'dijkstra');
  });

  it('draws the path planned from where the agent stands', () => {
    const { workspace } = openPage('?example=dstar-detour&algorithm=dstar-lite');
    startWalk(workspace, '1.5');
    const session = workspace.session;
    session.step();
    const view = session.frameView(null);
    const path = Array.from(view.path, (index) => cellAt(session, index));
    assert.deepEqual(path[0], { x: 1, y: 7 }, 'from the agent');
    assert.deepEqual(path.at(-1), session.editor.goal());
  });
});

describe('what a frame shows', () => {
  it('a bidirectional search shows its best path so far, dashed, while it runs', () => {
    const session = openScene('tutorial-wall', { algorithm: 'bi-astar' });
    let view = session.frameView(null);
    for (let k = 0; k < 40 && !view.path; k++) {
      session.step();
      view = session.frameView(null);
    }
    assert.ok(view.path, 'a path before the end');
    assert.equal(view.pathTentative, session.search.status() === 'running');
    dispose(session);
  });

  it('a plain search shows no path until it is found, and the next node to expand', () => {
    const session = openScene('tutorial-wall');
    session.seek(2);
    const view = session.frameView({ x0: 0, y0: 0, x1: 8, y1: 6 });
    assert.equal(view.path, null);
    assert.deepEqual(view.next, session.search.openList(1)[0]);
    assert.ok(view.h && view.f, 'H and F for the cells on show');
    session.finish();
    const found = session.frameView(null);
    assert.deepEqual(Array.from(found.path, (index) => cellAt(session, index)), [{ x: 2, y: 2 }, { x: 3, y: 1 }, { x: 4, y: 0 }, { x: 5, y: 1 }, { x: 6, y: 2 }]);
    assert.equal(found.next, null);
    dispose(session);
  });
});

describe('the first scene', () => {
  it('a link\'s map that cannot be read is named with its line and column, and the default scene opens', () => {
    const { workspace, problems } = openPage('?map=OOQ/SXE');
    useLanguage('en');
    assert.deepEqual(problems.map((problem) => problem.key), ['error.url-map']);
    assert.match(describeError(problems[0]), /^The map in the URL could not be read: line 1, column 3/);
    useLanguage('zh');
    assertWords(describeError(problems[0]), 'zh url map');
    useLanguage('en');
    assert.ok(workspace.editor.width >= 8, 'the default scene');
  });

  it('a link\'s map over different saved work opens on top of it, and Undo brings the saved work back', () => {
    const saved = { map: 'OOOO\nSXOE\nOOOO', options: { algorithm: 'dijkstra' }, step: 4 };
    const { workspace } = openPage('?map=SOOE&algorithm=astar', saved);
    assert.equal(workspace.editor.toText('ox').trim(), 'SOOE');
    assert.equal(workspace.session.options.algorithm, 'astar');
    assert.ok(workspace.showsLinkOverSaved({ map: workspace.editor.toText('ox'), options: workspace.session.options }));
    reopenSaved({ workspace, compare: { active: false }, driver: () => workspace.session }, workspace.backToSaved());
    assert.equal(workspace.editor.toText('ox').trim(), saved.map);
    assert.equal(workspace.session.options.algorithm, 'dijkstra');
    assert.equal(workspace.session.timeline().stepCount, 4);
    workspace.undo();
    assert.equal(workspace.editor.toText('ox').trim(), 'SOOE');
    assert.equal(workspace.session.options.algorithm, 'astar');
  });

  it('saved work opens with its options under a link\'s, where it was', () => {
    const { workspace } = openPage('?heuristic=manhattan', { map: 'OOOO\nSXOE\nOOOO', options: { algorithm: 'dijkstra', heuristic: 'octile' }, step: 2 });
    assert.equal(workspace.restored, true);
    assert.deepEqual([workspace.session.options.algorithm, workspace.session.options.heuristic], ['dijkstra', 'manhattan']);
  });

  it('a saved map the editor cannot read is kept aside and named, and the default scene opens', () => {
    const page = openPage('', { map: 'OSQ', options: {} });
    assert.equal(page.setAsideCalls(), 1);
    assert.deepEqual(page.problems.map((problem) => problem.key), ['saved.map-unreadable']);
    useLanguage('en');
    assertWords(describeError(page.problems[0]), 'saved map');
    assert.match(describeError(page.problems[0]), /astar-visualizer\.work\.unreadable\.now/);
  });

  it('a saved option the finder does not take is left out, and a link\'s own is refused with its reason', () => {
    const saved = openPage('?algorithm=jps', { map: 'SOOE', options: { goalTest: 'first-reached' } });
    assert.deepEqual(saved.problems, []);
    assert.equal(saved.workspace.session.options.algorithm, 'jps');
    const linked = openPage('?algorithm=jps&goalTest=first-reached&map=SOOE');
    assert.deepEqual(linked.problems.map((problem) => problem.key), ['options.refused-link']);
    useLanguage('en');
    assert.match(describeError(linked.problems[0]), /goal test first-reached applies to the best-first finders only/);
    assert.equal(linked.workspace.session.options.goalTest, 'off-open');
  });

  it('a Moving AI map brings the benchmark\'s rules, and Undo takes them back with the map', () => {
    const { workspace } = openPage('?map=SOOE&diagonal=always');
    const notice = workspace.loadMap('type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n', undefined, { fileName: 'room.map' });
    useLanguage('en');
    assert.match(describeError(notice), /^room\.map is a Moving AI map: the rules are now the benchmark's/);
    assert.deepEqual([workspace.session.options.diagonal, workspace.session.options.costs, workspace.mapFile], ['only-when-no-obstacles', 'exact', 'room.map']);
    workspace.undo();
    assert.deepEqual([workspace.session.options.diagonal, workspace.mapFile], ['always', null]);
    assert.equal(workspace.editor.toText('ox').trim(), 'SOOE');
  });
});

describe('the engine in Node.js', () => {
  it('is the page\'s engine object, with the catalogue the page lists', () => {
    for (const name of ['MapEditor', 'Search', 'memory', 'recordLayout', 'parseScenarios', 'compareWithOptimal', 'catalogue']) {
      assert.ok(engine[name], name);
    }
    assert.ok(engine.catalogue.finders.length >= 12);
  });
});

describe('finders with a state of their own step back exactly', () => {
  it('bidirectional Dijkstra on the tutorial map: counters, meeting, log and marks at each of 8 steps', () => {
    const session = openScene('tutorial-wall', { algorithm: 'bi-dijkstra' });
    useLanguage('en');
    const state = () => ({
      ...picture(session),
      log: session.stepsBetween(1, session.search.stepCount()).map(({ event }) => describeStep(event, session.finder, session.rules)),
      open: session.search.openListPage(0, 20),
    });
    const states = [state()];
    for (let k = 1; k <= 8; k++) {
      session.step();
      states.push(state());
    }
    assert.ok(session.finder.counters.includes('bestCost'));
    for (let k = 7; k >= 1; k--) {
      session.stepBack();
      assert.deepEqual(state(), states[k], `back to step ${k}`);
    }
    dispose(session);
  });

  it('Jump Point Search over its whole search, back to step 0 with no cell marked scanned', () => {
    const session = openScene('tutorial-wall', { algorithm: 'jps' });
    session.seek(0);
    const states = [picture(session)];
    while (!session.finished) {
      session.step();
      states.push(picture(session));
    }
    assert.equal(session.search.status(), 'found');
    assert.ok(states.at(-1).marks.some((mark) => mark !== 0), 'cells marked by the jumps');
    for (let k = states.length - 2; k >= 0; k--) {
      session.stepBack();
      assert.deepEqual(picture(session), states[k], `back to step ${k}`);
    }
    assert.ok(states[0].marks.every((mark) => mark === 0), 'nothing scanned before the first step');
    dispose(session);
  });
});

describe('options a link asks for that the finder cannot take', () => {
  it('a weight means nothing to a finder whose priority has no weighted heuristic term', () => {
    useLanguage('en');
    for (const query of ['?algorithm=greedy&weight=2', '?algorithm=bi-astar&weight=2']) {
      const { problems } = openPage(query);
      assert.equal(problems.length, 1, query);
      const words = describeError(problems[0]);
      assert.match(words, /a heuristic weight of 2 means nothing to .+: its priority has no weighted heuristic term \(the weight applies only to methods whose priority is f = g \+ w·h; leave it at 1\)/);
      assert.ok(!words.includes('uses no heuristic'), words);
    }
  });

  it('a node limit for a finder that has none is refused in Chinese with no English word but the link\'s own', () => {
    const { problems, workspace } = openPage('?lang=zh&algorithm=dijkstra&nodeLimit=5');
    useLanguage('zh');
    assert.match(describeError(problems[0]), /^链接中的选项 nodeLimit="5" 未被采用：节点上限（5）只适用于 IDA\*，不适用于Dijkstra/);
    assert.equal(workspace.session.options.algorithm, 'dijkstra');
    useLanguage('en');
  });

  it('the goal test on reaching, for Jump Point Search, gets the reason', () => {
    const { problems, workspace } = openPage('?algorithm=jps&goalTest=first-reached&neighbourOrder=left-then-right');
    useLanguage('en');
    // Each option it cannot take is refused with its own reason: the goal test and the order.
    assert.deepEqual(problems.map((problem) => [problem.key, problem.params.name]), [['options.refused-link', 'goalTest'], ['options.refused-link', 'neighbourOrder']]);
    assert.match(describeError(problems[0]), /goal test first-reached applies to the best-first finders only; Jump Point Search has a stopping rule of its own/);
    assert.equal(workspace.session.finder.id, 'jps');
  });
});

describe('maps from links and examples', () => {
  it('tutorial 000\'s blink from a link: through the wall at penalty 1, round it at 2, and a penalty too small for octile warned in both languages', () => {
    for (const [cost, expected] of [['1', 50], ['2', 56]]) {
      const { workspace, problems } = openPage(`?example=tutorial-blink&blinkCost=${cost}`);
      assert.deepEqual(problems, []);
      const session = workspace.session;
      assert.deepEqual([session.options.directions, session.options.blinkCost], ['blink', Number(cost)]);
      session.finish();
      assert.equal(session.search.pathCost(), expected);
      assert.ok(session.search.admissibility().admissible);
      dispose(session);
    }
    const { workspace } = openPage('?example=tutorial-blink&blinkCost=0.1');
    const verdict = workspace.session.search.admissibility();
    assert.equal(verdict.reason.code, 'blink');
    for (const language of ['en', 'zh']) {
      useLanguage(language);
      assertWords(describeProblem(verdict.reason), `${language} blink overestimate`);
    }
    useLanguage('en');
    assert.match(describeProblem(verdict.reason), /blink penalty of 0\.1 a knight's blink costs 23, less than the 24/);
    assert.deepEqual(openPage('?blinkCost=11').problems.map((p) => p.key), ['params.blink-cost']);
    dispose(workspace.session);
  });

  it('a . + s d map in a link keeps its walls: 6x3, a path of cost 50', () => {
    const { workspace, problems } = openPage('?map=....../.s+.d./......&directions=4');
    assert.deepEqual(problems, []);
    const editor = workspace.editor;
    assert.deepEqual([editor.width, editor.height], [6, 3]);
    assert.equal(editor.terrainAt(2, 1), 0, 'the + is a wall');
    assert.deepEqual([editor.start(), editor.goal()], [{ x: 1, y: 1 }, { x: 4, y: 1 }]);
    const session = workspace.session;
    session.finish();
    useLanguage('en');
    assert.match(resultText(session, lastStep(session), session.search.stepCount()), /^Path found: cost 50,/);
  });

  it('the C++ tutorial\'s second map: cost 84 in 6 moves, between the walls cell by cell', () => {
    const { workspace } = openPage('?example=tutorial-pockets');
    const session = workspace.session;
    assert.equal(session.options.heuristic, 'manhattan');
    session.finish();
    useLanguage('en');
    assert.equal(resultText(session, lastStep(session), session.search.stepCount()), 'Path found: cost 84, 6 moves.');
    // The goal's parents followed back to the start, as the inspector shows them.
    const path = [session.editor.goal()];
    while (path[0].x !== 2 || path[0].y !== 2) {
      const { parent } = session.search.cellInfo(path[0].x, path[0].y);
      path.unshift({ x: parent.x, y: parent.y });
    }
    assert.deepEqual(path, [{ x: 2, y: 2 }, { x: 3, y: 3 }, { x: 4, y: 4 }, { x: 5, y: 5 }, { x: 6, y: 4 }, { x: 7, y: 3 }, { x: 6, y: 2 }]);
  });
});

describe('reduced motion', () => {
  it('is read from the system, and a held autoplay says so in both languages', () => {
    const asking = { matchMedia: (query) => ({ matches: query === '(prefers-reduced-motion: reduce)' }) };
    assert.equal(prefersReducedMotion(asking), true);
    assert.equal(prefersReducedMotion({ matchMedia: () => ({ matches: false }) }), false);
    assert.equal(prefersReducedMotion({}), false, 'no matchMedia: motion as usual');
    useLanguage('zh');
    assert.match(t('motion.autoplay-held'), /减少动态效果/);
    useLanguage('en');
    assert.match(t('motion.autoplay-held'), /reduced motion.*press Play/);
  });
});
