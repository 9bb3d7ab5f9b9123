// Lessons (www/lessons/): the lesson file's format read and written back, what a bad file
// is told (by line, in both languages) while its good scenes still load, the built-in
// lessons, where the stepping keys take a lesson, a scene opened over the visitor's saved
// work, and the lesson in progress kept in the browser.

import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { engine, EXAMPLES, LANGUAGES, useLanguage, assertWords, openPage, sessionOn, dispose, FakeWindow } from './harness.mjs';
import { parseLesson, writeLesson, viewQuery, sceneParams, titleIn, narrationIn } from '../../www/lessons/format.js';
import { checkLesson, sceneSetup } from '../../www/lessons/check.js';
import { truthOf } from '../../www/lessons/questions/truth.js';
import { BUILT_IN_LESSONS, builtInLesson } from '../../www/lessons/builtin.js';
import { forward, back, firstScene, lastScene, moved } from '../../www/lessons/navigation.js';
import { LessonBook } from '../../www/lessons/book.js';
import { defaultOptions } from '../../www/state/params.js';
import { describeError, PageError } from '../../www/i18n/errors.js';
import { SearchSession } from '../../www/state/session.js';
import { formatCell, formatValue, setCellOrigin, setMapRows } from '../../www/i18n/format.js';
import { lessonStore } from '../../www/lessons/store.js';
import { lessonQuery, readLessonValue } from '../../www/lessons/link.js';
import { parseParams, MAX_LESSON_LINK } from '../../www/state/params.js';

const ids = EXAMPLES.map((example) => example.id);
const check = (text) => checkLesson(engine, parseLesson(text, ids), ids, defaultOptions());

// The lesson file docs/teaching.md shows.
const SHORT = `# When to stop
title zh: 何时停止

## Stop on reaching the goal
title zh: 一到达终点就停止
?example=goal-test&step=3
mark: 5,2
en:
Dijkstra stops as soon as an expansion reaches the goal (framed).

Note the cost it reports.
zh:
Dijkstra 一展开到终点（框出的格子）就停止。

## Stop when the goal leaves the open list
?example=goal-test&goalTest=off-open
mark: 5,2=goal 4,1=78
stop: 18
question: path
en: The shortest path costs 78.
`;

// A problem in words in each language: it names its line there.
function assertNamesLine(problem, line) {
  useLanguage('en');
  const english = describeError(problem);
  assertWords(english, `problem at line ${line}`);
  assert.match(english, new RegExp(`^Line ${line}:`), english);
  useLanguage('zh');
  const chinese = describeError(problem);
  assertWords(chinese, `problem at line ${line} (zh)`);
  assert.match(chinese, new RegExp(`^第 ${line} 行：`), chinese);
  assert.notEqual(chinese, english);
  useLanguage('en');
}

describe('the lesson file', () => {
  it('reads the documented example: titles, views, labelled marks, a stopping step, a question, narration in paragraphs; writes it back', () => {
    const { lesson, problems, lines } = check(SHORT);
    assert.deepEqual(problems, []);
    assert.deepEqual(lines, [{ scene: 4, view: 6, mark: 7, stop: 4, end: 14 }, { scene: 15, view: 16, mark: 17, stop: 18, question: 19, end: 21 }]);
    assert.deepEqual(lesson.scenes[1].question, { kind: 'path' });
    assert.deepEqual(parseLesson(writeLesson(lesson), ids).lesson, lesson);
    assert.deepEqual([lesson.scenes[1].marks, lesson.scenes[1].stop], [[[5, 2, 'goal'], [4, 1, '78']], 18]);
    assert.equal(lesson.title, 'When to stop');
    assert.equal(titleIn(lesson, 'zh'), '何时停止');
    assert.equal(titleIn(lesson.scenes[1], 'zh'), 'Stop when the goal leaves the open list');
    assert.deepEqual(lesson.scenes[0].marks, [[5, 2]]);
    assert.equal(lesson.scenes[0].narration.en, 'Dijkstra stops as soon as an expansion reaches the goal (framed).\n\nNote the cost it reports.');
    assert.equal(narrationIn(lesson.scenes[1], 'zh'), 'The shortest path costs 78.');
    assert.equal(sceneParams(lesson.scenes[0], ids).step, 3);
  });

  it('reads the README\'s example with no problem, in both languages', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const { lesson, problems } = check(/```markdown\n([\s\S]*?)```/.exec(readme)[1]);
    assert.deepEqual(problems.map(describeError), []);
    const [scene] = lesson.scenes;
    assert.deepEqual([scene.marks, scene.stop, scene.question, Object.keys(scene.narration)], [[[5, 2, 'goal'], [4, 1, '78']], 18, { kind: 'path' }, ['en', 'zh']]);
  });

  it('reads and writes back a scene\'s stopping step and labelled marks, and refuses bad ones by line', () => {
    const text = '# L\n\n## One\n?example=goal-test&step=2\nmark: 5,2=goal 0,2 1,0=(1,0)\nstop: 9\nen:\nHi.\n';
    const { lesson, problems } = check(text);
    assert.deepEqual(problems.map(describeError), []);
    assert.deepEqual(lesson.scenes[0].marks, [[5, 2, 'goal'], [0, 2], [1, 0, '(1,0)']]);
    assert.equal(lesson.scenes[0].stop, 9);
    assert.equal(writeLesson(lesson), text);
    assert.deepEqual(parseLesson(writeLesson(lesson), ids).lesson, lesson);
    const bad = check('# L\n\n## A\n?example=goal-test\nstop: soon\n\n## B\n?example=goal-test\nmark: 1,1=far-too-long-a-label\n'
      + '\n## C\n?example=goal-test&step=4\nstop: 2\n\n## D\n?example=goal-test\nstop: 900\n\n## E\n?example=goal-test\nstop: 3\nstop: 4\n');
    assert.equal(bad.lesson.scenes.length, 0);
    const keyed = bad.problems.filter((p) => p.key !== 'lesson.scene-skipped').map((p) => [p.key, p.params.line]);
    assert.deepEqual(keyed, [['lesson.stop', 5], ['lesson.marks', 9], ['lesson.stop-before-step', 13], ['lesson.step-past-end', 17], ['lesson.twice', 22]]);
    for (const problem of bad.problems) assertNamesLine(problem, problem.params.line);
  });

  it('writes a lesson that reads back identical, also narration that looks like a field', () => {
    const lesson = {
      title: 'Tricky', titles: { zh: '难' },
      scenes: [
        { title: 'One', titles: {}, query: '?map=OOO/SXE/OOO&algorithm=dijkstra&step=2', marks: [[0, 0], [2, 1]], narration: { en: '# not a heading\nen: not a field\n\\ a backslash\n\n  indented', zh: 'zh: 也不是\n## 也不是标题' } },
        { title: '', titles: { zh: '二' }, query: '?example=maze', marks: [], narration: {} },
      ],
    };
    const text = writeLesson(lesson);
    const read = parseLesson(text, ids);
    assert.deepEqual([read.lesson, read.problems, read.lines.map((at) => at.scene)], [lesson, [], [4, 17]]);
    assert.equal(writeLesson(parseLesson(text, ids).lesson), text);
    for (const id of BUILT_IN_LESSONS) {
      const builtIn = builtInLesson(id);
      assert.deepEqual(parseLesson(writeLesson(builtIn), ids).lesson, builtIn, id);
    }
  });

  // Each bad file: the problem, its line, and the good scene after it still loads.
  const GOOD = '\n## Good\n?example=goal-test\nen: fine\n';
  const BAD = [
    ['no view', '# L\n\n## No view\nen: text\n', 3, 'lesson.no-view'],
    ['an unknown option', '# L\n\n## Unknown\n?example=goal-test&colour=red\n', 4, 'lesson.view', /Unknown URL parameter "colour"/],
    ['a value not among the choices', '# L\n\n## Bad value\n?example=goal-test&algorithm=quick\n', 4, 'lesson.view', /algorithm="quick" is not one of/],
    ['a step past the end', '# L\n\n## Too far\n?example=goal-test&step=99\n', 4, 'lesson.step-past-end', /step 99 is past the end of the search, which ends at step 16/],
    ['an invalid map', '# L\n\n## Broken map\n?map=OOO/SQE\n', 4, 'lesson.scene-refused', /the map cannot be read/],
    ['a map with no goal', '# L\n\n## No goal\n?map=OOO/SXO\n', 4, 'lesson.scene-refused'],
    ['junk bytes', '# L\n\n## Junk\n?example=goal-test\nen: \u0000\u0001\ufffd\n', 5, 'lesson.junk'],
    ['a page setting', '# L\n\n## Page\n?example=goal-test&lang=zh\n', 4, 'lesson.not-in-scene'],
    ['no map', '# L\n\n## Nothing\n?algorithm=astar\n', 4, 'lesson.no-map'],
    ['a mark off the map', '# L\n\n## Off\n?example=goal-test\nmark: 6,0\n', 5, 'lesson.mark-outside', /6,0 are outside the 6×5 map/],
    ['a mark that is no cell', '# L\n\n## Mark\n?example=goal-test\nmark: 1;2\n', 5, 'lesson.marks'],
    ['a line not understood', '# L\n\n## Stray\n?example=goal-test\nspeed 5\n', 5, 'lesson.unknown-line'],
    ['a view twice', '# L\n\n## Twice\n?example=goal-test\n?example=maze\n', 5, 'lesson.twice'],
  ];
  for (const [name, text, line, key, words] of BAD) {
    it(`names the line of ${name} in both languages, and loads the good scene`, () => {
      const { lesson, problems } = check(text + GOOD);
      const problem = problems.find((p) => p.key === key);
      assert.ok(problem, `${key} among ${problems.map((p) => p.key).join(', ')}`);
      assert.equal(problem.params.line, line);
      assertNamesLine(problem, line);
      if (words) assert.match(describeError(problem), words);
      const skipped = problems.find((p) => p.key === 'lesson.scene-skipped');
      assert.equal(skipped.params.line, 3);
      assertNamesLine(skipped, 3);
      assert.equal(problems.at(-1), skipped, 'the note that the scene was left out follows its problems');
      assert.deepEqual(lesson.scenes.map((scene) => scene.title), ['Good']);
    });
  }

  it('asks for a title, and says where text stands outside any scene', () => {
    const { lesson, problems } = check(`stray text\n${GOOD}`);
    assert.deepEqual(problems.map((p) => [p.key, p.params.line]), [['lesson.no-title', 1]]);
    assertNamesLine(problems[0], 1);
    assert.equal(lesson.scenes.length, 1);
    const outside = check(`# L\nstray\n${GOOD}`).problems;
    assert.deepEqual(outside.map((p) => [p.key, p.params.line]), [['lesson.outside-scene', 2]]);
  });

  it('refuses a 10 MB file at once, whole, in both languages', () => {
    const started = performance.now();
    const { lesson, problems } = check(`# Big\n${GOOD}${'x'.repeat(10 * 1024 * 1024)}`);
    assert.ok(performance.now() - started < 1000);
    assert.equal(lesson.scenes.length, 0);
    assert.equal(problems[0].key, 'lesson.too-large');
    useLanguage('en');
    assert.match(describeError(problems[0]), /10240 KB; a lesson file is at most 1024 KB/);
    useLanguage('zh');
    assert.match(describeError(problems[0]), /10240 KB；课程文件最多 1024 KB/);
    useLanguage('en');
  });

  it('lists a file of junk bytes by line, loading nothing', () => {
    const junk = Array.from({ length: 30 }, (_, i) => String.fromCharCode(i % 9, 0xfffd, 200 + i)).join('\n');
    const { lesson, problems } = check(junk);
    assert.equal(lesson.scenes.length, 0);
    assert.equal(problems.filter((p) => p.key === 'lesson.junk').length, 30);
    assert.equal(problems.find((p) => p.key === 'lesson.no-title').params.line, 1);
  });
});

describe('the built-in lessons', () => {
  for (const id of BUILT_IN_LESSONS) {
    it(`${id}: every scene opens with no problem, with its title and narration in both languages`, () => {
      const { lesson, problems } = check(writeLesson(builtInLesson(id)));
      assert.deepEqual(problems.map(describeError), []);
      assert.ok(lesson.scenes.length >= 3);
      for (const code of LANGUAGES) {
        useLanguage(code);
        assertWords(titleIn(lesson, code), `${id} title in ${code}`);
        lesson.scenes.forEach((scene, i) => {
          assertWords(titleIn(scene, code), `${id} scene ${i + 1} title in ${code}`);
          assertWords(scene.narration[code], `${id} scene ${i + 1} narration in ${code}`);
        });
      }
      useLanguage('en');
    });
  }

  it('show the numbers their narration names', () => {
    // [lesson, scene, expanded, path cost] as the narration says them.
    const said = [['goal-test', 0, 15, 80], ['goal-test', 1, 21, 78], ['goal-test', 2, 10, 78],
      ['heuristics', 0, 38, 56], ['heuristics', 1, 8, 56], ['heuristics', 2, 74, 198], ['heuristics', 3, 27, 270]];
    for (const [id, index, expanded, cost] of said) {
      const params = sceneParams(builtInLesson(id).scenes[index], ids);
      const { editor, options } = sceneSetup(engine, params, defaultOptions());
      const session = new SearchSession(engine, editor, options);
      session.finish();
      assert.deepEqual([session.search.counters().expanded, session.search.pathCost()], [expanded, cost], `${id} scene ${index + 1}`);
      dispose(session);
    }
  });
});

// A built-in lesson's scene as the page opens it, stepped to `step` (else to its end).
function sceneAt(id, index, step) {
  const params = sceneParams(builtInLesson(id).scenes[index], ids);
  const { editor, options } = sceneSetup(engine, params, defaultOptions());
  const session = new SearchSession(engine, editor, options);
  if (step === undefined) session.finish();
  else session.seek(step);
  setCellOrigin(params.origin ?? 'top-left');
  setMapRows(editor.height);
  return session;
}
// A cell's G / H / F as the board writes them.
const gHF = (session, x, y) => {
  const { g, h, f } = session.search.cellInfo(x, y);
  return [g, h, f].map((v) => formatValue(v)).join(' / ');
};
const written = (session) => {
  const w = session.editor.width;
  return [...session.search.path()].map((i) => formatCell({ x: i % w, y: (i / w) | 0 })).join(' ');
};

describe('the tutorial lessons show the tutorials\' printed numbers', () => {
  it('000: (4,3) counted from 1 gets G=10, H=30, F=40; the paths over the wall (56) and through the pockets (84)', () => {
    let s = sceneAt('tutorial-000', 0, 1);
    assert.equal(formatCell({ x: 3, y: 2 }), '(4,3)');
    assert.equal(gHF(s, 3, 2), '10 / 30 / 40');
    dispose(s);
    s = sceneAt('tutorial-000', 1);
    assert.deepEqual([s.search.counters().expanded, s.search.pathCost(), written(s)], [9, 56, '(3,3) (4,2) (5,1) (6,2) (7,3)']);
    dispose(s);
    s = sceneAt('tutorial-000', 2);
    assert.deepEqual([s.search.counters().expanded, s.search.pathCost(), written(s)], [16, 84, '(3,3) (4,4) (5,5) (6,6) (7,5) (8,4) (7,3)']);
    dispose(s);
    s = sceneAt('tutorial-000', 3);
    assert.deepEqual([s.search.counters().expanded, s.search.status()], [27, 'no-path']);
    dispose(s);
  });

  it('001: the 9 nodes its code expands, H = 4.12 at (1,4), the path of 8', () => {
    const s = sceneAt('tutorial-001', 0, 0);
    const expanded = [];
    while (!s.finished) {
      s.step();
      const c = s.search.current();
      if (c && s.search.status() === 'running') expanded.push(formatCell(c));
      if (s.timeline().stepCount === 5) assert.equal(gHF(s, 1, 4), '4 / 4.12 / 8.12');
    }
    assert.deepEqual(expanded, ['(0,8)', '(0,7)', '(0,6)', '(0,5)', '(0,4)', '(1,4)', '(2,3)', '(1,2)', '(0,1)']);
    assert.deepEqual([s.search.counters().expanded, s.search.pathCost(), written(s)], [9, 8, '(0,8) (0,7) (0,6) (0,5) (1,4) (2,3) (1,2) (0,1) (0,0)']);
    dispose(s);
  });

  it('002: (0,2) from the bottom left gets 10 / 34 / 44, (1,0) F = 38; the path (0,1) (1,0) (2,1) (3,1) of 38, then written from the top left', () => {
    let s = sceneAt('tutorial-002', 0, 1);
    assert.deepEqual([formatCell({ x: 0, y: 1 }), gHF(s, 0, 1), formatCell({ x: 1, y: 3 }), gHF(s, 1, 3)], ['(0,2)', '10 / 34 / 44', '(1,0)', '14 / 24 / 38']);
    dispose(s);
    s = sceneAt('tutorial-002', 1);
    assert.deepEqual([s.search.pathCost(), written(s)], [38, '(0,1) (1,0) (2,1) (3,1)']);
    dispose(s);
    s = sceneAt('tutorial-002', 2);
    assert.equal(written(s), '(0,2) (1,3) (2,2) (3,2)');
    dispose(s);
  });

  it('003: the goal entered from (9,4), cost 38, after 80 expansions', () => {
    const s = sceneAt('tutorial-003', 1);
    const path = written(s).split(' ');
    assert.deepEqual([s.search.counters().expanded, s.search.pathCost(), path.at(-2)], [80, 38, '(9,4)']);
    dispose(s);
  });

  it('004: 1/6/7, 1/4/5 and √2/√17/5.54; its rounding up, 10/60/70, 10/40/50, 14/42/56', () => {
    const cells = (s) => [[0, 2], [2, 2], [2, 1]].map(([x, y]) => gHF(s, x, y));
    let s = sceneAt('tutorial-004', 0, 1);
    assert.deepEqual(cells(s), ['1 / 6 / 7', '1 / 4 / 5', '1.41 / 4.12 / 5.54']);
    dispose(s);
    s = sceneAt('tutorial-004', 1, 1);
    assert.deepEqual(cells(s), ['10 / 60 / 70', '10 / 40 / 50', '14 / 42 / 56']);
    // One diagonal is 15 away by its rounding and costs 14: the page warns.
    assert.deepEqual(s.search.admissibility().reason, { code: 'euclidean', diagonal: 14, straightLine: 114, eightDiagonals: 112 });
    dispose(s);
    s = sceneAt('tutorial-004', 2, 1);
    assert.deepEqual(cells(s), ['10 / 60 / 70', '10 / 40 / 50', '14 / 44 / 58']);
    dispose(s);
    setCellOrigin('top-left');
  });

  it('JPS: 6 expansions against A*\'s 74 for the same 182; D* Lite repairs with 194 expansions where A* replans with 220', () => {
    for (const [id, index, expanded, cost] of [['jps', 0, 74, 182], ['jps', 1, 6, 182]]) {
      const s = sceneAt(id, index);
      assert.deepEqual([s.search.counters().expanded, s.search.pathCost()], [expanded, cost], `${id} ${index}`);
      dispose(s);
    }
    const params = sceneParams(builtInLesson('dstar-lite').scenes[3], ids);
    const walked = params.compare.map(({ algorithm }) => {
      const { editor, options } = sceneSetup(engine, { ...params, compare: undefined }, defaultOptions());
      editor.beginStroke();
      for (const [x, y] of [[10, 6], [10, 7], [10, 8]]) editor.paint(x, y, 0);
      editor.endStroke();
      const search = engine.Search.walk(editor, { ...options, algorithm }, 1.5);
      search.finish();
      const result = [search.status(), search.counters().expanded];
      search.free();
      editor.free();
      return result;
    });
    assert.deepEqual(walked, [['found', 194], ['found', 220]]);
  });
});

// The right answer to a built-in scene's question, from the engine, at the scene's step.
function answerOf(id, index) {
  const scene = builtInLesson(id).scenes[index];
  const params = sceneParams(scene, ids);
  const setup = sceneSetup(engine, params, defaultOptions());
  try {
    setCellOrigin(params.origin ?? 'top-left');
    setMapRows(setup.editor.height);
    return truthOf(engine, setup, params.step ?? 0, scene.question);
  } finally {
    setup.editor.free();
  }
}

describe('the built-in lessons\' questions', () => {
  it('every lesson asks, and the tutorial and topic lessons\' right answers are the numbers the tutorials print', () => {
    for (const id of BUILT_IN_LESSONS) assert.ok(builtInLesson(id).scenes.some((scene) => scene.question), `${id} asks a question`);
    // 000: after step 1, (4,3) counted from 1 gets G = 10, H = 30, F = 40.
    let a = answerOf('tutorial-000', 0);
    assert.deepEqual([formatCell({ x: 3, y: 2 }), a.g, a.h, a.f], ['(4,3)', 10, 30, 40]);
    // 000: of (4,4) and (4,2), both F = 54, its vector takes the last added.
    a = answerOf('tutorial-000', 1);
    assert.deepEqual([formatCell(a.cell), a.value, a.rule], ['(4,4)', 54, 'last-in']);
    assert.deepEqual(a.entries.filter((e) => e.f === 54).map(formatCell), ['(4,4)', '(4,2)']);
    // 001: (2,3) is reached from (1,4), with G = 5.
    a = answerOf('tutorial-001', 1);
    assert.deepEqual([formatCell(a.cell), a.g], ['(1,4)', 5]);
    // 002, from the bottom left: (0,2) gets 10 / 34 / 44 from (0,1); through (1,0), (0,0)
    // would get more, so it keeps its parent (0,1).
    a = answerOf('tutorial-002', 0);
    assert.deepEqual([formatCell({ x: 0, y: 1 }), a.g, a.h, a.f, formatCell(a.parent)], ['(0,2)', 10, 34, 44, '(0,1)']);
    a = answerOf('tutorial-002', 1);
    assert.deepEqual([formatCell({ x: 0, y: 3 }), formatCell(a.cell), a.g], ['(0,0)', '(0,1)', 10]);
    // 003: four cells tie at F = 10; the first added comes first.
    a = answerOf('tutorial-003', 1);
    assert.deepEqual([formatCell(a.cell), a.value, a.rule, a.entries.filter((e) => e.f === 10).length], ['(4,0)', 10, 'first-in', 4]);
    // 004: the straight line rounded up is not admissible: a cell where H overestimates.
    a = answerOf('tutorial-004', 1);
    assert.equal(a.admissible, false);
    assert.equal(a.reason.code, 'euclidean');
    assert.ok(a.worst.h > a.worst.cost, JSON.stringify(a.worst));
    // JPS: the next node is a jump point, (8,4) with F = 174, not a cell beside the start.
    a = answerOf('jps', 1);
    assert.deepEqual([formatCell(a.cell), a.value], ['(8,4)', 174]);
    // D* Lite: after the goal, the next vertex off U and its key [4; 1].
    a = answerOf('dstar-lite', 0);
    assert.deepEqual([formatCell(a.cell), a.key], ['(3,0)', [4, 1]]);
    setCellOrigin('top-left');
  });
});

describe('lesson navigation', () => {
  it('steps through a scene, then on to the next; back through it, then to the previous one at its end', () => {
    assert.deepEqual(forward({ scene: 0, count: 3, finished: false }), { kind: 'step' });
    assert.deepEqual(forward({ scene: 0, count: 3, finished: true }), { kind: 'scene', index: 1, at: 'start' });
    assert.equal(forward({ scene: 2, count: 3, finished: true }), null);
    // A scene's own stopping step ends it before its search does.
    assert.deepEqual(forward({ scene: 0, count: 3, finished: false, step: 4, stop: 5 }), { kind: 'step' });
    assert.deepEqual(forward({ scene: 0, count: 3, finished: false, step: 5, stop: 5 }), { kind: 'scene', index: 1, at: 'start' });
    assert.deepEqual(back({ scene: 1, step: 16, first: 15 }), { kind: 'step' });
    assert.deepEqual(back({ scene: 1, step: 15, first: 15 }), { kind: 'scene', index: 0, at: 'end' });
    assert.equal(back({ scene: 0, step: 0, first: 0 }), null);
    assert.deepEqual(firstScene({ count: 3 }), { kind: 'scene', index: 0, at: 'start' });
    assert.deepEqual(lastScene({ count: 3 }), { kind: 'scene', index: 2, at: 'start' });
    assert.equal(lastScene({ count: 0 }), null);
    assert.deepEqual([moved(0, -1, 3), moved(0, 1, 3), moved(2, 1, 3)], [null, 1, null]);
  });

  it('walks a whole lesson over saved work: options change only with the scene, the saved work is kept', () => {
    const saved = { map: 'OOOO\nSXOE\nOOOO', options: { ...defaultOptions(), algorithm: 'dijkstra' }, step: 2, view: null };
    const { workspace } = openPage('', saved);
    const current = () => ({ map: workspace.editor.toText('ox'), options: workspace.session.options, step: workspace.session.timeline().stepCount, view: null });
    const visitor = current();
    const lesson = builtInLesson('goal-test');
    const open = (index, at) => {
      const params = sceneParams(lesson.scenes[index], ids);
      const problems = [];
      workspace.openScene(params, current(), problems);
      workspace.viewOpened();
      assert.deepEqual(problems, []);
      if (at === 'end') workspace.session.finish();
      else workspace.session.seek(params.step ?? 0);
      return { index, first: params.step ?? 0 };
    };
    let on = open(0, 'start');
    const visited = [[0, workspace.session.timeline().stepCount]];
    let presses = 0;
    for (;;) {
      const move = forward({ scene: on.index, count: lesson.scenes.length, finished: workspace.session.finished });
      if (move === null) break;
      presses += 1;
      if (move.kind === 'step') {
        const options = { ...workspace.session.options };
        workspace.session.step();
        assert.deepEqual(workspace.session.options, options, 'a step changes no option');
      } else {
        on = open(move.index, move.at);
        visited.push([move.index, workspace.session.timeline().stepCount]);
      }
      assert.ok(workspace.showsLinkOverSaved(current()), 'the scene is not saved over the visitor\'s work');
    }
    assert.deepEqual(visited, [[0, 0], [1, 15], [2, 0]]);
    assert.equal(presses, 16 + 1 + 7 + 1 + 11);
    assert.equal(workspace.session.search.pathCost(), 78);
    // Back from the third scene's start: the second, at its end.
    const move = back({ scene: on.index, step: 0, first: 0 });
    assert.deepEqual(move, { kind: 'scene', index: 1, at: 'end' });
    open(move.index, move.at);
    assert.ok(workspace.session.finished);
    assert.equal(workspace.linkOverSaved.source, 'lesson');
    assert.deepEqual(workspace.backToSaved(), visitor);
    assert.equal(workspace.editor.toText('ox').trimEnd(), saved.map);
  });
});

describe('adding the view on show as a scene', () => {
  it('writes every option, Walk mode, the compared methods and the step, and opens as it was', () => {
    const options = { ...defaultOptions(), algorithm: 'astar', heuristic: 'manhattan', directions: 4, costs: 'exact', tieBreak: 'first-in', neighbourOrder: 'left-right-up-down', goalTest: 'first-reached' };
    const session = sessionOn('OOOOO\nSOXOE\nOOOOO', options);
    session.seek(4);
    const compare = [{ algorithm: 'astar' }, { algorithm: 'dijkstra', heuristic: 'zero' }];
    const views = [
      [{ walk: { sensor: 2 }, compare: null }, (params) => [params.walk, params.sensor, params.compare], [true, 2, undefined]],
      [{ walk: null, compare }, (params) => [params.walk, params.compare], [undefined, compare]],
    ];
    for (const [view, read, expected] of views) {
      const query = viewQuery({ options: session.options, mapText: session.editor.toText('ox'), step: 4, ...view });
      const { lesson, problems } = check(`# L\n\n## Here\n${query}\n`);
      assert.deepEqual(problems.map(describeError), [], query);
      const params = sceneParams(lesson.scenes[0], ids);
      assert.equal(params.step, 4);
      assert.deepEqual(read(params), expected);
      const setup = sceneSetup(engine, params, defaultOptions());
      assert.equal(setup.editor.toText('ox'), session.editor.toText('ox'));
      assert.deepEqual(setup.options, session.options);
      setup.editor.free();
    }
    dispose(session);
  });
});

describe('the lesson in progress', () => {
  it('is kept in the browser, comes back on the next visit, and an edited one is never dropped', () => {
    const win = new FakeWindow();
    const book = new LessonBook(win, ids);
    assert.equal(book.lesson, null);
    book.addScene({ title: 'Mine', titles: {}, query: '?example=maze', marks: [], narration: {} }, 'My lesson');
    book.setNarration(0, 'en', 'First.\n\n');
    book.setNarration(0, 'zh', '第一。');
    book.addScene({ title: 'Second', titles: {}, query: '?example=u-trap', marks: [], narration: {} }, 'unused');
    book.move(1, -1);
    assert.deepEqual(book.lesson.scenes.map((s) => s.title), ['Second', 'Mine']);
    assert.equal(book.scene, 0);
    const mine = JSON.parse(JSON.stringify(book.lesson));
    assert.deepEqual(new LessonBook(win, ids).lesson, mine, 'comes back on the next visit');

    // Another lesson: the edited one is kept, and comes back.
    assert.equal(book.open(builtInLesson('goal-test')), true);
    assert.equal(book.kept.lesson.title, 'My lesson');
    assert.equal(book.back(), true);
    assert.deepEqual(book.lesson, mine);
    assert.equal(book.kept.lesson.title, 'When to stop: the goal test');
    // Saved to a file, it is no longer only here: another replaces it quietly.
    assert.equal(writeLesson(book.lesson), book.saved());
    assert.equal(book.open(builtInLesson('heuristics')), false);
    book.remove(0);
    assert.equal(book.lesson.scenes.length, 5);
  });

  it('keeps the scene on show, its step and whether its map was changed for a reload, and ignores a damaged record', () => {
    const win = new FakeWindow();
    assert.equal(lessonStore.showing(win), null);
    lessonStore.saveShowing(win, { index: 2, title: 'Over the wall', step: 7 });
    assert.deepEqual(lessonStore.showing(win), { index: 2, title: 'Over the wall', step: 7, edited: false });
    // A scene whose map was changed (a construct task's answer) is kept as such.
    lessonStore.saveShowing(win, { index: 1, title: 'Make it', step: 0, edited: true });
    assert.deepEqual(lessonStore.showing(win), { index: 1, title: 'Make it', step: 0, edited: true });
    win.localStorage.setItem('astar-visualizer.lesson.showing', '{"format":1,"index":0,"title":"x","step":0,"edited":"yes"}');
    assert.equal(lessonStore.showing(win).edited, false);
    for (const junk of ['{"format":1,"index":-1,"title":"x","step":0}', '{"format":1,"index":0,"step":0}', 'not json', '{"format":2,"index":0,"title":"x","step":0}']) {
      win.localStorage.setItem('astar-visualizer.lesson.showing', junk);
      assert.equal(lessonStore.showing(win), null, junk);
    }
    lessonStore.saveShowing(win, null);
    assert.equal(lessonStore.showing(win), null);
  });
});

describe('a lesson shared as a link', () => {
  // The `lesson=` value a query holds, read as the page reads a link.
  const valueOf = (query) => {
    const params = parseParams(query, ids);
    assert.deepEqual(params.problems, [], query);
    return params;
  };
  // The error a promise is refused with.
  const refusal = (promise) => promise.then(() => assert.fail('not refused'), (error) => error);
  const deflated = async (bytes) => {
    const packed = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
    return `~${Buffer.from(packed).toString('base64url')}`;
  };

  it('names a built-in lesson, packs any other, and opens either as it was, at its scene', async () => {
    assert.equal(await lessonQuery(builtInLesson('tutorial-001'), 1), '?lesson=tutorial-001&scene=2');
    const own = builtInLesson('tutorial-004');
    own.scenes[0].narration.en = 'My own words, with a mark: 1,1=A and 中文 too.';
    own.scenes[2].marks = [[3, 1, '目标']];
    const query = await lessonQuery(own, 0);
    assert.match(query, /^\?lesson=~[A-Za-z0-9_-]+$/);
    const params = valueOf(query);
    assert.equal(params.scene, undefined);
    const { text } = await readLessonValue(params.lesson);
    const { lesson, problems } = check(text);
    assert.deepEqual([lesson, problems], [own, []]);
    assert.deepEqual(await readLessonValue(valueOf('?lesson=heuristics&scene=3').lesson), { lesson: builtInLesson('heuristics') });
  });

  it('refuses a lesson too long for a link, and hostile links, each with its message in both languages', async () => {
    const long = builtInLesson('tutorial-000');
    // Text that does not compress: a pseudo-random run of letters.
    let seed = 7;
    long.scenes[0].narration.en = Array.from({ length: 9000 }, () => String.fromCharCode(97 + ((seed = (seed * 48271) % 2147483647) % 26))).join('');
    const tooLong = await refusal(lessonQuery(long, 0));
    assert.equal(tooLong.key, 'lesson.link-too-long');
    assert.equal(tooLong.params.max, MAX_LESSON_LINK);
    const cases = [
      ['?lesson=%3Cscript%3E', 'param.lesson'],
      [`?lesson=~${'A'.repeat(MAX_LESSON_LINK)}`, 'param.lesson'],
      ['?lesson=~not+base64', 'param.lesson'],
      ['?lesson=tutorial-999', null, 'lesson.link-unknown'],
      ['?lesson=~AAAA', null, 'lesson.link-unreadable'],
      [`?lesson=${await deflated(new Uint8Array([0xff, 0xfe, 0x00]))}`, null, 'lesson.link-unreadable'],
      // A deflate bomb: 5 MB of zeros in a few KB.
      [`?lesson=${await deflated(new Uint8Array(5 * 1024 * 1024))}`, null, 'lesson.link-unreadable'],
      ['?lesson=heuristics&scene=0', 'param.scene'],
    ];
    for (const [query, paramKey, readKey] of cases) {
      const params = parseParams(query, ids);
      assert.deepEqual(params.problems.map((p) => p.key), paramKey ? [paramKey] : [], query);
      if (readKey) assert.equal((await refusal(readLessonValue(params.lesson))).key, readKey, query);
    }
    for (const code of LANGUAGES) {
      useLanguage(code);
      for (const key of ['lesson.link-too-long', 'lesson.link-unreadable', 'lesson.link-unknown']) {
        assertWords(describeError(new PageError(key, { length: 9100, max: MAX_LESSON_LINK, value: 'x', allowed: 'a' })), `${key} in ${code}`);
      }
    }
    useLanguage('en');
  });
});
