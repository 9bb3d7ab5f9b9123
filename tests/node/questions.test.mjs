// A lesson scene's questions: the question line read and written back, the right answer
// taken from the engine for every kind and every family of finder, each kind judged right
// and wrong with the why in both languages, each construct task judged right and wrong on
// maps made for it, and the scores kept per lesson across a reload.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { engine, openScene, useLanguage, assertWords, LANGUAGES, FakeWindow, EXAMPLES } from './harness.mjs';
import { t } from '../../www/i18n/i18n.js';
import { defaultOptions } from '../../www/state/params.js';
import { readQuestion, writeQuestion } from '../../www/lessons/questions/spec.js';
import { truthOf } from '../../www/lessons/questions/truth.js';
import { judge, whyInWords } from '../../www/lessons/questions/judge.js';
import { judgeConstruct } from '../../www/lessons/questions/construct.js';
import { Scores } from '../../www/lessons/questions/scores.js';
import { practiceInstance, PRACTICE_KINDS } from '../../www/lessons/questions/practice.js';
import { sheetSteps, SHEET_STEPS } from '../../www/lessons/questions/sheet.js';
import { parseLesson, writeLesson } from '../../www/lessons/format.js';
import { checkLesson } from '../../www/lessons/check.js';
import { LessonBook } from '../../www/lessons/book.js';

const ids = EXAMPLES.map((example) => example.id);

// The verdict in words, in each language; the English one returned.
function words(verdict) {
  let english;
  for (const code of LANGUAGES) {
    useLanguage(code);
    const text = t(verdict.right ? 'question.right' : 'question.wrong', { why: whyInWords(verdict) });
    assertWords(text, `${verdict.key} in ${code}`);
    if (code === 'en') english = text.replace(/^(Right|Not quite)\. /, '');
  }
  useLanguage('en');
  return english;
}

// A scene of an example (with options over it) as the question sees it.
function scene(example, options = {}) {
  const session = openScene(example, options);
  return { editor: session.editor, options: session.options, ends: [session.editor.start(), session.editor.goal()] };
}

function ask(setup, step, q, answer) {
  const truth = truthOf(engine, setup, step, q);
  return { truth, verdict: judge(q, truth, answer, setup.ends) };
}

const other = (cell) => ({ x: cell.x === 0 ? 1 : 0, y: cell.y });

describe('a question in a lesson file', () => {
  it('reads and writes every kind, and refuses what is none', () => {
    for (const line of ['next', 'values 4,2', 'parent 0,13', 'path', 'closed 12', 'admissible', 'construct greedy-longer', 'construct dstar-repair', 'practice 12x8 30 7']) {
      const q = readQuestion(line);
      assert.ok(q, line);
      assert.equal(writeQuestion(q), `question: ${line}`);
    }
    assert.deepEqual(readQuestion(' values  4,2 '), { kind: 'values', cell: { x: 4, y: 2 } });
    for (const bad of ['', 'nxt', 'values', 'values 4;2', 'closed', 'closed x', 'path 3', 'construct fly', 'practice 3x8 30 7', 'practice 12x8 61 7', 'practice 12x8 30']) assert.equal(readQuestion(bad), null, bad);
  });

  it('round-trips in a lesson, and names the line of a bad, doubled or unanswerable question', () => {
    useLanguage('en');
    const text = '# L\n\n## Q\n?example=goal-test&step=3\nmark: 1,1\nquestion: values 2,3\nen:\nWhat now?\n';
    const { lesson, problems } = parseLesson(text, ids);
    assert.deepEqual(problems, []);
    assert.deepEqual(lesson.scenes[0].question, { kind: 'values', cell: { x: 2, y: 3 } });
    assert.equal(writeLesson(lesson), text);
    const bad = (body) => checkLesson(engine, parseLesson(`# L\n\n## Q\n?example=goal-test\n${body}\n`, ids), ids, defaultOptions()).problems.map((p) => [p.key, p.params.line]);
    assert.deepEqual(bad('question: values 2'), [['lesson.question', 5], ['lesson.scene-skipped', 3]]);
    assert.deepEqual(bad('question: next\nquestion: path'), [['lesson.twice', 6], ['lesson.scene-skipped', 3]]);
    assert.deepEqual(bad('question: closed 99'), [['lesson.question-refused', 5], ['lesson.scene-skipped', 3]]);
    assert.deepEqual(bad('question: values 5,0'), [['lesson.question-refused', 5], ['lesson.scene-skipped', 3]]);
  });
});

describe('a question edited in the Lesson panel', () => {
  it('is kept with the lesson in progress and written to its file, or taken away', () => {
    const win = new FakeWindow();
    const book = new LessonBook(win, ids);
    book.open(parseLesson('# L\n\n## Q\n?example=goal-test\n', ids).lesson);
    book.setQuestion(0, readQuestion('closed 4'));
    assert.match(new LessonBook(win, ids).saved(), /\?example=goal-test\nquestion: closed 4\n/);
    book.setQuestion(0, null);
    assert.doesNotMatch(new LessonBook(win, ids).saved(), /question:/);
  });
});

describe('the next node, for every finder family', () => {
  it('best-first: the lowest F, a higher one, a tie lost, a cell not open', () => {
    const setup = scene('goal-test', { algorithm: 'astar' });
    const q = { kind: 'next' };
    const { truth, verdict } = ask(setup, 3, q, { cell: { x: 2, y: 3 } });
    assert.deepEqual(truth.cell, { x: 2, y: 3 });
    assert.equal(verdict.right, true);
    assert.equal(words(verdict), '(2,3) is next, with the lowest F = 72.');
    const higher = truth.entries.find((e) => e.f > truth.value);
    assert.equal(words(judge(q, truth, { cell: higher }, setup.ends)), `(2,3) is next, with the lowest F = 72; (${higher.x},${higher.y}) has F = ${higher.f}.`);
    const closed = judge(q, truth, { cell: { x: 0, y: 2 } }, setup.ends);
    assert.equal(closed.right, false);
    assert.match(words(closed), /\(0,2\) is not in the open list/);
    // A step where the head is tied: its twin loses by the tie-break rule.
    const wall = scene('tutorial-wall', { algorithm: 'astar', heuristic: 'octile' });
    let tied = null;
    for (let step = 0; step < 8 && !tied; step += 1) {
      const found = truthOf(engine, wall, step, q);
      const twin = found.entries.find((e, i) => i > 0 && e.f === found.value && (e.x !== found.cell.x || e.y !== found.cell.y));
      if (twin) tied = judge(q, found, { cell: twin }, wall.ends);
    }
    assert.equal(tied.right, false);
    assert.match(words(tied), /has the same F = .*, but among equal F the node that entered the open list last goes first/);
  });

  it('breadth-first: first in, first out; JPS: its jump points', () => {
    for (const algorithm of ['bfs', 'jps']) {
      const setup = scene('goal-test', { algorithm });
      const { truth, verdict } = ask(setup, 2, { kind: 'next' }, { cell: { x: 0, y: 0 } });
      assert.equal(verdict.right, false, algorithm);
      assert.equal(judge({ kind: 'next' }, truth, { cell: truth.cell }, setup.ends).right, true, algorithm);
      assert.match(words(verdict), algorithm === 'bfs' ? /waited longest/ : /is next, with the lowest F/);
    }
  });

  it('D* Lite and LPA*: the vertex off U and its key', () => {
    for (const algorithm of ['dstar-lite', 'lpastar']) {
      const setup = scene('goal-test', { algorithm });
      const { truth, verdict } = ask(setup, 4, { kind: 'next' }, { cell: { x: 0, y: 0 } });
      assert.equal(verdict.right, false);
      assert.equal(truth.key.length, 2);
      const right = judge({ kind: 'next' }, truth, { cell: truth.cell }, setup.ends);
      assert.equal(right.right, true);
      assert.match(words(right), new RegExp(`comes off U next: it has the smallest key \\[${truth.key[0]}, ${truth.key[1]}\\]`));
      const queued = truth.entries.find((e) => e.x !== truth.cell.x || e.y !== truth.cell.y);
      assert.match(words(judge({ kind: 'next' }, truth, { cell: queued }, setup.ends)), new RegExp(`\\(${queued.x},${queued.y}\\) has key \\[${queued.k1}, ${queued.k2}\\]`));
    }
  });

  it('bidirectional: which side and which node', () => {
    const setup = scene('goal-test', { algorithm: 'bi-astar' });
    const { truth } = ask(setup, 4, { kind: 'next' }, {});
    const right = judge({ kind: 'next' }, truth, { cell: truth.cell, side: truth.side }, setup.ends);
    assert.equal(right.right, true);
    assert.match(words(right), new RegExp(`^The ${truth.side} search \\(from the (start|goal)\\) goes next and expands \\(${truth.cell.x},${truth.cell.y}\\)`));
    const otherSide = truth.side === 'forward' ? 'backward' : 'forward';
    assert.equal(judge({ kind: 'next' }, truth, { cell: truth.cell, side: otherSide }, setup.ends).right, false);
    assert.equal(judge({ kind: 'next' }, truth, { cell: other(truth.cell), side: truth.side }, setup.ends).right, false);
  });

  it('IDA*: the next threshold', () => {
    const setup = scene('goal-test', { algorithm: 'idastar' });
    const { truth, verdict } = ask(setup, 3, { kind: 'next' }, { value: 72 });
    assert.deepEqual([truth.threshold, truth.iteration], [72, 3]);
    assert.equal(verdict.right, true);
    assert.equal(words(verdict), 'Iteration 3 has threshold 72: the smallest F over the last one.');
    assert.equal(judge({ kind: 'next' }, truth, { value: 64 }, setup.ends).right, false);
    // At the start the first threshold is the start's own H.
    assert.equal(truthOf(engine, setup, 0, { kind: 'next' }).iteration, 1);
  });
});

describe('a cell after the next step', () => {
  it('F, G and H: right, wrong, and a G that improves names the old G, the new parent and the new G', () => {
    const setup = scene('goal-test', { algorithm: 'astar', heuristic: 'octile' });
    const q = { kind: 'values', cell: { x: 3, y: 4 } };
    const { truth, verdict } = ask(setup, 6, q, { f: 0, g: 44, h: 0 });
    assert.equal(verdict.right, false);
    assert.deepEqual([truth.old.g, truth.g], [52, 44]);
    const right = judge(q, truth, { f: truth.f, g: 44, h: truth.h }, setup.ends);
    assert.equal(right.right, true);
    assert.equal(words(right), 'G of (3,4) improves from 52 (through (2,3)) to 44: its new parent is (2,4). H = 28 stays, and F = 72.');
    // A cell opened for the first time.
    const first = ask(setup, 0, { kind: 'values', cell: { x: 0, y: 3 } }, { f: 10 + 54, g: 10, h: 54 });
    assert.equal(first.truth.old, null);
    assert.equal(words(first.verdict), '(0,3) gets G = 10 through its parent (0,2), H = 54 and F = 64.');
  });

  it('the parent', () => {
    const setup = scene('goal-test', { algorithm: 'astar', heuristic: 'octile' });
    const q = { kind: 'parent', cell: { x: 3, y: 4 } };
    const { truth, verdict } = ask(setup, 6, q, { cell: { x: 2, y: 4 } });
    assert.deepEqual(truth.cell, { x: 2, y: 4 });
    assert.equal(verdict.right, true);
    assert.equal(words(verdict), 'The parent of (3,4) is (2,4): its G = 44 comes through it.');
    // Its parent before the step.
    assert.equal(judge(q, truth, { cell: { x: 2, y: 3 } }, setup.ends).right, false);
  });
});

describe('sets of cells', () => {
  it('the path: start and goal given, the missing and the extra named', () => {
    const setup = scene('goal-test');
    const q = { kind: 'path' };
    const truth = truthOf(engine, setup, 0, q);
    assert.equal(truth.cost, 80);
    const inner = truth.cells.slice(1, -1);
    assert.equal(judge(q, truth, { cells: inner }, setup.ends).right, true);
    assert.equal(judge(q, truth, { cells: [...truth.cells].reverse() }, setup.ends).right, true);
    const wrong = judge(q, truth, { cells: [...inner.slice(1), { x: 0, y: 0 }] }, setup.ends);
    assert.equal(wrong.right, false);
    assert.equal(words(wrong), `The path goes through ${inner.length} cells between start and goal, and costs 80. Missing: (${inner[0].x},${inner[0].y}). Not among them: (0,0).`);
  });

  it('the closed cells after step k', () => {
    const setup = scene('tutorial-wall', { heuristic: 'zero' });
    const q = { kind: 'closed', step: 6 };
    const truth = truthOf(engine, setup, 0, q);
    // Six expansions: the start and five more.
    const start = setup.ends[0];
    const others = truth.cells.filter((c) => c.x !== start.x || c.y !== start.y);
    assert.equal(others.length, 5);
    assert.equal(judge(q, truth, { cells: others }, setup.ends).right, true);
    assert.equal(judge(q, truth, { cells: [start, ...others] }, setup.ends).right, true);
    const wrong = judge(q, truth, { cells: others.slice(1) }, setup.ends);
    assert.equal(wrong.right, false);
    assert.equal(words(wrong), `After step 6, 5 cells besides start and goal are closed. Missing: (${others[0].x},${others[0].y}).`);
  });
});

describe('admissibility', () => {
  it('yes where the engine says so; no with a counterexample the engine confirms', () => {
    const good = scene('tutorial-wall', { heuristic: 'octile' });
    const yes = ask(good, 0, { kind: 'admissible' }, { yes: true });
    assert.equal(yes.verdict.right, true);
    assert.equal(judge({ kind: 'admissible' }, yes.truth, { yes: false }, good.ends).right, false);
    for (const [example, options] of [['swamp', { heuristic: 'octile', weight: 3 }], ['goal-test', { algorithm: 'astar', heuristic: 'manhattan' }]]) {
      const bad = scene(example, options);
      const { truth, verdict } = ask(bad, 0, { kind: 'admissible' }, { yes: true });
      assert.equal(verdict.right, false);
      assert.equal(judge({ kind: 'admissible' }, truth, { yes: false }, bad.ends).right, true);
      const { cell, h, cost } = truth.worst;
      assert.ok(h > cost);
      // The true cost from the cell, as Dijkstra finds it from there.
      const from = engine.MapEditor.fromText(bad.editor.toText('ox'));
      from.moveStart(cell.x, cell.y);
      const dijkstra = new engine.Search(from, { ...bad.options, algorithm: 'dijkstra', goalTest: 'off-open', weight: 1 });
      dijkstra.finish();
      assert.equal(dijkstra.pathCost(), cost, `${example} ${JSON.stringify(cell)}`);
      assert.match(words(verdict), new RegExp(`It is not admissible: .*At \\(${cell.x},${cell.y}\\), H = ${h} but the true cost to the goal is only ${cost}\\.`));
    }
  });
});

describe('construct tasks, judged on maps made for them', () => {
  const judgeOn = (task, text, original = text) => {
    const editor = engine.MapEditor.fromText(text);
    const verdict = judgeConstruct(engine, { editor, original: engine.MapEditor.fromText(original), options: defaultOptions() }, task);
    words(verdict);
    return verdict;
  };
  const GOAL_TEST = 'OOOOOO\nXXOOOO\nSXOOXE\nOXOOXO\nOOOOOO';
  const OPEN = 'OOOOOOOOOO\nOOOOOOOOOO\nSOOOOOOOOE\nOOOOOOOOOO\nOOOOOOOOOO';

  it('greedy best-first longer than A*', () => {
    const right = judgeOn('greedy-longer', 'OOOOOOO\nOXOXXOX\nSXXOOOE\nXOOXOXO\nXXOOOOO');
    assert.deepEqual([right.right, right.params.a, right.params.b], [true, '90', '82']);
    const wrong = judgeOn('greedy-longer', OPEN);
    assert.equal(wrong.right, false);
    assert.equal(words(wrong), 'On your map greedy best-first finds a path of cost 90, A* one of cost 90.');
    assert.equal(judgeOn('greedy-longer', 'SXE').key, 'question.why.no-path');
  });

  it('A* with Manhattan on 8 directions longer than the shortest', () => {
    const right = judgeOn('manhattan-8', 'OXOOOXX\nOOOXOOX\nSOOOXOE\nOOOOOXO\nOOOOOOO');
    assert.deepEqual([right.right, right.params.a, right.params.b], [true, '82', '76']);
    assert.equal(judgeOn('manhattan-8', OPEN).right, false);
    // Stopping on first reaching the goal, A* may come back longer: the shortest path is
    // still what Dijkstra finds stopping when the goal leaves the open list.
    const goalTest = judgeConstruct(engine, { editor: engine.MapEditor.fromText(GOAL_TEST), options: { ...defaultOptions(), goalTest: 'first-reached' } }, 'manhattan-8');
    assert.equal(goalTest.params.b, '78');
  });

  it('JPS under a third of A*\'s expansions', () => {
    const open = Array.from({ length: 20 }, (_, y) => (y === 0 ? 'S' : 'O') + 'O'.repeat(28) + (y === 19 ? 'E' : 'O')).join('\n');
    const right = judgeOn('jps-third', open);
    assert.equal(right.right, true, JSON.stringify(right.params));
    const wrong = judgeOn('jps-third', 'OOOOOO\nXXOOOO\nSXOOXE\nOXOOXO\nOOOOOO');
    assert.equal(wrong.right, false, JSON.stringify(wrong.params));
  });

  it('one wall that makes D* Lite\'s repair expand more than A* from scratch', () => {
    const wall = (x, y) => OPEN.split('\n').map((row, j) => [...row].map((c, i) => (i === x && j === y ? 'X' : c)).join('')).join('\n');
    const right = judgeOn('dstar-repair', wall(5, 2), OPEN);
    assert.equal(right.right, true, JSON.stringify(right.params));
    assert.ok(right.params.ea > right.params.eb);
    const far = judgeOn('dstar-repair', wall(9, 0), OPEN);
    assert.equal(far.right, false, JSON.stringify(far.params));
    assert.match(words(far), /^On your map D\* Lite's repair expands \d+ nodes and A\* from scratch \d+\.$/);
    const two = judgeOn('dstar-repair', wall(5, 2).replace('SOOOO', 'SOXOO'), OPEN);
    assert.deepEqual([two.right, two.key, two.params.count], [false, 'question.why.one-wall', 2]);
    assert.equal(judgeOn('dstar-repair', OPEN, OPEN).key, 'question.why.one-wall');
  });
});

describe('practice on random maps', () => {
  it('makes the same maps and questions from a seed, each kind in turn, each with its answer', () => {
    const spec = readQuestion('practice 12x8 25 29');
    const options = defaultOptions();
    const made = [1, 2, 3, 4, 5, 6].map((n) => practiceInstance(engine, options, spec, n));
    assert.deepEqual(made.map((m) => m.q.kind), [...PRACTICE_KINDS, PRACTICE_KINDS[0]]);
    // The same seed and number give the same map and question: a class shares them.
    assert.deepEqual(practiceInstance(engine, options, spec, 2), made[1]);
    assert.notEqual(made[0].text, made[1].text);
    assert.notEqual(practiceInstance(engine, options, readQuestion('practice 12x8 25 30'), 1).text, made[0].text);
    for (const { text, step, q } of made) {
      const editor = engine.MapEditor.fromText(text);
      assert.deepEqual([editor.width, editor.height], [12, 8]);
      const setup = { editor, options, ends: [editor.start(), editor.goal()] };
      const truth = truthOf(engine, setup, step, q);
      const answers = { next: { cell: truth.cell }, values: truth, parent: { cell: truth.cell }, path: truth, closed: truth };
      assert.equal(judge(q, truth, answers[q.kind], setup.ends).right, true, q.kind);
      editor.free();
    }
    // Every family of finder gets questions that have answers.
    for (const algorithm of ['jps', 'bi-astar', 'idastar', 'dstar-lite', 'lpastar', 'bfs']) {
      const own = scene('goal-test', { algorithm }).options;
      for (let n = 1; n <= PRACTICE_KINDS.length; n += 1) {
        const { text, step, q } = practiceInstance(engine, own, spec, n);
        const editor = engine.MapEditor.fromText(text);
        assert.doesNotThrow(() => truthOf(engine, { editor, options: own }, step, q), `${algorithm} ${q.kind}`);
        editor.free();
      }
    }
    // Walls so dense that no map has a path: none is made, and the lesson says so.
    assert.equal(practiceInstance(engine, options, readQuestion('practice 40x40 60 1'), 1), null);
    const refused = checkLesson(engine, parseLesson('# L\n\n## P\n?size=40x40\nquestion: practice 40x40 60 1\n', ids), ids, defaultOptions()).problems;
    assert.deepEqual(refused.map((p) => [p.key, p.params.line]), [['lesson.question-refused', 5], ['lesson.scene-skipped', 3]]);
  });
});

describe('a worksheet', () => {
  it('blanks the cells each of the next steps opens or improves, and keys them with the engine\'s numbers', () => {
    const setup = scene('goal-test', { algorithm: 'astar', heuristic: 'octile' });
    const search = new engine.Search(setup.editor, setup.options);
    const steps = sheetSteps(search, 5);
    search.free();
    assert.equal(steps.length, SHEET_STEPS);
    assert.ok(steps.every(({ step, cells }, i) => step > (steps[i - 1]?.step ?? 5) && cells.length > 0 && cells.length <= 3));
    // Step 7 improves (3,4) from 52 to 44: the key says so, as the values question would.
    const seven = steps.find(({ step }) => step === 7);
    const cell = seven.cells.find((c) => c.x === 3 && c.y === 4);
    const truth = truthOf(engine, setup, 6, { kind: 'values', cell });
    assert.deepEqual([cell.f, cell.g, cell.h], [truth.f, truth.g, truth.h]);
    assert.equal(cell.g, 44);
    // Near the end fewer steps are left.
    const late = new engine.Search(setup.editor, setup.options);
    assert.ok(sheetSteps(late, 10).length < SHEET_STEPS);
    late.free();
  });
});

describe('scores', () => {
  it('are kept per lesson, survive a reload, and can be reset', () => {
    const win = new FakeWindow();
    const scores = new Scores(win);
    scores.record('A', 0, false);
    scores.record('A', 0, true);
    scores.record('A', 2, false);
    scores.record('B', 1, true);
    const reloaded = new Scores(win);
    assert.equal(reloaded.right('A'), 1);
    assert.deepEqual(reloaded.of('A')[0], { right: true, tries: 2 });
    reloaded.reset('A');
    assert.equal(new Scores(win).right('A'), 0);
    assert.equal(new Scores(win).right('B'), 1);
    // What is not scores reads as none.
    assert.equal(new Scores(new FakeWindow({ 'astar-visualizer.scores': '[1' })).right('A'), 0);
  });
});
