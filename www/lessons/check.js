import { PageError } from '../i18n/errors.js';
import { openExample, exampleChange } from '../maps/examples.js';
import { settleOptions, searchAccepts } from '../state/optionlayers.js';
import { paneMethod, paneOptions } from '../compare/pane.js';
import { sceneParams, skipped } from './format.js';
import { truthOf } from './questions/truth.js';
import { practiceInstance } from './questions/practice.js';

// What only the engine can judge of a lesson's scenes, before any opens: the map can be read,
// the options are taken, the marked cells lie on the map and the step is not past the end
// of the scene's search (of its longest pane, comparing), nor is its stopping step, and its
// question has an answer. A scene that fails is left out and a message names its line.

// The scene's map as an editor and the options settled for it, as a link's would be (the
// link's options over the example's over the defaults). Throws a PageError.
export function sceneSetup(engine, params, defaults) {
  let text;
  let layers = [{ source: 'link', options: params.options }];
  if (params.map !== undefined) {
    text = params.map;
  } else if (params.example !== undefined) {
    const example = openExample(params.example);
    text = example.text;
    layers = [...layers, { source: 'example', options: example.options }];
  }
  let editor;
  try {
    editor = text === undefined ? engine.MapEditor.defaultScene(params.size.width, params.size.height) : engine.MapEditor.fromText(text);
  } catch (error) {
    throw new PageError('lesson.map', { detail: error });
  }
  const refused = [];
  const options = settleOptions(defaults, layers, searchAccepts(engine, editor), refused);
  if (refused.length > 0) {
    editor.free();
    throw refused[0];
  }
  return { editor, options, exampleId: params.example ?? null };
}

// The number of steps to the end of one search over `editor` (walking with `walk`).
function endOf(engine, editor, options, walk) {
  const search = walk ? engine.Search.walk(editor, options, walk.sensor) : new engine.Search(editor, options);
  try {
    search.finish();
    return search.stepCount();
  } finally {
    search.free();
  }
}

// The last step of the scene's view: its search's, or its longest pane's.
function lastStep(engine, setup, params) {
  const { editor, options, exampleId } = setup;
  const walk = params.walk ? { sensor: params.sensor ?? 1.5 } : null;
  if (walk) {
    // The agent walks the real map: with the example's change in (as Walk mode puts it).
    const change = exampleChange(exampleId) ?? [];
    editor.beginStroke();
    for (const [x, y] of change) editor.paint(x, y, 0);
    editor.endStroke();
  }
  const methods = params.compare ? params.compare.map((method) => paneOptions(paneMethod(method, options), options)) : [options];
  return Math.max(...methods.map((each) => endOf(engine, editor, each, walk)));
}

// Why question `q` has no answer in a scene opened at `step` (setup: sceneSetup's), or null:
// a construct task's answer is the student's map, a practice question's its first map.
export function questionProblem(engine, setup, step, q) {
  try {
    if (q.kind === 'practice' && !practiceInstance(engine, setup.options, q, 1)) return new PageError('question.no-practice');
    if (q.kind !== 'practice' && q.kind !== 'construct') truthOf(engine, setup, step, q);
    return null;
  } catch (error) {
    return error;
  }
}

// The problems of one scene (its params as read), each a PageError at its line: the view's,
// or the marks'. at: where the scene's parts are (parseLesson's lines).
export function checkScene(engine, scene, params, at, defaults) {
  const line = at.view;
  let setup;
  try {
    setup = sceneSetup(engine, params, defaults);
  } catch (error) {
    return [new PageError('lesson.scene-refused', { line, detail: error })];
  }
  const problems = [];
  try {
    const { width, height } = setup.editor;
    const outside = scene.marks.filter(([x, y]) => x >= width || y >= height);
    if (outside.length > 0) problems.push(new PageError('lesson.mark-outside', { line: at.mark, cells: outside.map(([x, y]) => `${x},${y}`).join(' '), width, height }));
    const step = params.step ?? 0;
    const refused = scene.question && questionProblem(engine, setup, step, scene.question);
    if (refused) problems.push(new PageError('lesson.question-refused', { line: at.question, detail: refused }));
    if (scene.stop !== undefined && scene.stop < step) problems.push(new PageError('lesson.stop-before-step', { line: at.stop, stop: scene.stop, step }));
    const furthest = Math.max(step, scene.stop ?? 0);
    if (furthest > 0) {
      const last = lastStep(engine, setup, params);
      if (step > last) problems.push(new PageError('lesson.step-past-end', { line, step, last }));
      if (scene.stop > last) problems.push(new PageError('lesson.step-past-end', { line: at.stop, step: scene.stop, last }));
    }
  } catch (error) {
    problems.push(new PageError('lesson.scene-refused', { line, detail: error }));
  } finally {
    setup.editor.free();
  }
  return problems;
}

// The lesson with only the scenes the engine accepts, and the problems of the others (each
// followed by a note that the scene was left out). parsed: parseLesson's result.
export function checkLesson(engine, parsed, exampleIds, defaults) {
  const problems = [...parsed.problems];
  const scenes = [];
  const lines = [];
  parsed.lesson.scenes.forEach((scene, i) => {
    const at = parsed.lines[i];
    const found = checkScene(engine, scene, sceneParams(scene, exampleIds), at, defaults);
    if (found.length === 0) {
      scenes.push(scene);
      lines.push(at);
    } else {
      problems.push(...found, skipped(scene, at.scene, at.end + 0.5));
    }
  });
  // In the file's order, so the messages read down it, each left-out scene's note after
  // its problems.
  const order = (problem) => problem.order ?? problem.params.line ?? 0;
  problems.sort((a, b) => order(a) - order(b));
  return { lesson: { ...parsed.lesson, scenes }, problems, lines };
}
