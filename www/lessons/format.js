import { PageError } from '../i18n/errors.js';
import { parseParams, buildQuery } from '../state/params.js';
import { readQuestion, writeQuestion } from './questions/spec.js';

// The lesson file: plain Markdown a teacher writes and diffs. A lesson is a title and a
// sequence of scenes; a scene is a view as a link holds it (its query string, step included),
// cells to mark, and narration in English and/or Chinese. See docs/teaching.md.
//
//   # When to stop                      the lesson's title (its heading, in any language)
//   title zh: 何时停止                  the title in a language, when it differs
//
//   ## Stopping at the first reach      a scene, under its own heading
//   title zh: 一到达就停止
//   ?example=goal-test&step=12          the view, as a link's query
//   mark: 4,2 5,3=A                     cells to frame, x,y counted from the top left, from 0,
//                                       with a short label drawn beside the frame after =
//   stop: 14                            the scene's own last step: the remote goes on to the
//                                       next scene after it (else at the search's end)
//   question: values 4,2                a question for the student (questions/spec.js)
//   en:                                 narration, until the next en:, zh: or ## line
//   Paragraphs of text.
//   zh:
//   中文段落。
//
// A narration line that would read as one of those (it starts with #, en:, zh: or \) is
// written with a \ in front, taken off when read.

export const NARRATION_LANGUAGES = ['en', 'zh'];
// A lesson file larger than this is a mistake (a whole book of narration is a few hundred KB).
export const MAX_LESSON_CHARS = 1024 * 1024;
// A lesson file larger than this many bytes is refused before it is read (a character of
// UTF-8 takes up to 4).
const MAX_LESSON_BYTES = MAX_LESSON_CHARS * 4;

// The message for a lesson file too large to read, or null. file: a File.
export function lessonFileTooLarge(file) {
  if (file.size <= MAX_LESSON_BYTES) return null;
  return new PageError('lesson.file-too-large', { name: file.name, size: Math.round(file.size / 1024), max: MAX_LESSON_CHARS / 1024 });
}

// A link's parameters that say how a page is shown, not what a scene shows.
const NOT_IN_SCENES = ['lang', 'embed', 'id', 'controls', 'legend', 'log', 'autoplay', 'lesson', 'scene'];
const NARRATION = /^(en|zh):[ \t]?(.*)$/;
const TITLE = /^title (en|zh):\s*(.*)$/;
// Characters no text file has: control characters other than tab and line ends, and the
// replacement character a decoder puts where the bytes were not UTF-8.
const JUNK = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/;

// A problem at a line of the file: a text key and its values, put into words when shown.
function problemAt(line, key, values = {}) {
  return new PageError(key, { line, ...values });
}

// The note that a scene was left out, at its heading, listed after its problems (`order`:
// where it goes among them, the end of the scene).
export function skipped(scene, line, end) {
  const note = problemAt(line, 'lesson.scene-skipped', { title: scene.title });
  note.order = end;
  return note;
}

// Reads a lesson file. Returns { lesson, problems, lines }: lesson is { title, titles,
// scenes } with only the scenes that could be read; problems are PageErrors, each naming its
// line; lines[i] is where the i-th scene's parts are: { scene (its heading), view, mark, end
// (its last line) }. A scene with any problem is left out whole, so what loads is what its
// author wrote. exampleIds: the built-in examples.
export function parseLesson(text, exampleIds) {
  const problems = [];
  const lesson = { title: '', titles: {}, scenes: [] };
  const lines = [];
  if (text.length > MAX_LESSON_CHARS) {
    problems.push(new PageError('lesson.too-large', { size: Math.round(text.length / 1024), max: MAX_LESSON_CHARS / 1024 }));
    return { lesson, problems, lines };
  }
  const rows = text.replace(/^\ufeff/, '').split(/\r?\n/);
  let scene = null;
  let sceneProblems = [];
  let narration = null;
  let sawTitle = false;
  let at = null;
  const finishScene = (end) => {
    if (scene === null) return;
    closeNarration(scene, narration);
    narration = null;
    if (scene.query === null) sceneProblems.push(problemAt(at.scene, 'lesson.no-view'));
    if (sceneProblems.length === 0) {
      lines.push({ ...at, end });
      lesson.scenes.push(scene);
    } else {
      problems.push(...sceneProblems, skipped(scene, at.scene, end + 0.5));
    }
    scene = null;
    sceneProblems = [];
  };
  rows.forEach((row, index) => {
    const line = index + 1;
    const trimmed = row.trim();
    if (JUNK.test(row)) {
      (scene ? sceneProblems : problems).push(problemAt(line, 'lesson.junk'));
      return;
    }
    if (/^## /.test(row) || row === '##') {
      finishScene(line - 1);
      scene = { title: row.slice(2).trim(), titles: {}, query: null, marks: [], narration: {} };
      at = { scene: line, view: line, mark: line, stop: line };
      return;
    }
    if (/^# /.test(row) && scene === null && !sawTitle) {
      lesson.title = row.slice(1).trim();
      sawTitle = true;
      return;
    }
    const spoken = NARRATION.exec(row);
    if (scene && spoken) {
      closeNarration(scene, narration);
      if (scene.narration[spoken[1]] !== undefined) sceneProblems.push(problemAt(line, 'lesson.twice', { field: `${spoken[1]}:` }));
      narration = { language: spoken[1], rows: spoken[2] === '' ? [] : [spoken[2]] };
      return;
    }
    if (narration) {
      narration.rows.push(row.startsWith('\\') ? row.slice(1) : row);
      return;
    }
    if (trimmed === '') return;
    const titled = TITLE.exec(trimmed);
    if (titled) {
      const target = scene ?? lesson;
      if (scene === null && !sawTitle) problems.push(problemAt(line, 'lesson.no-title'));
      else if (target.titles[titled[1]] !== undefined) (scene ? sceneProblems : problems).push(problemAt(line, 'lesson.twice', { field: `title ${titled[1]}:` }));
      else target.titles[titled[1]] = titled[2].trim();
      return;
    }
    if (scene === null) {
      problems.push(problemAt(line, sawTitle ? 'lesson.outside-scene' : 'lesson.no-title'));
      sawTitle = true;
      return;
    }
    if (trimmed.startsWith('?')) {
      if (scene.query !== null) sceneProblems.push(problemAt(line, 'lesson.twice', { field: '?' }));
      else sceneProblems.push(...readView(trimmed, line, exampleIds));
      scene.query = trimmed;
      at.view = line;
    } else if (/^mark:/.test(trimmed)) {
      const marks = readMarks(trimmed.slice(5));
      if (marks === null) sceneProblems.push(problemAt(line, 'lesson.marks', { value: trimmed.slice(5).trim() }));
      else scene.marks.push(...marks);
      at.mark = line;
    } else if (/^stop:/.test(trimmed)) {
      const value = trimmed.slice(5).trim();
      if (scene.stop !== undefined) sceneProblems.push(problemAt(line, 'lesson.twice', { field: 'stop:' }));
      else if (/^\d{1,7}$/.test(value)) scene.stop = Number(value);
      else sceneProblems.push(problemAt(line, 'lesson.stop', { value: value.slice(0, 20) }));
      at.stop = line;
    } else if (/^question:/.test(trimmed)) {
      const question = readQuestion(trimmed.slice(9));
      if (question === null) sceneProblems.push(problemAt(line, 'lesson.question', { value: trimmed.slice(9).trim() }));
      else if (scene.question) sceneProblems.push(problemAt(line, 'lesson.twice', { field: 'question:' }));
      else scene.question = question;
      at.question = line;
    } else {
      sceneProblems.push(problemAt(line, 'lesson.unknown-line', { text: trimmed.slice(0, 60) }));
    }
  });
  finishScene(rows.length);
  if (!sawTitle) problems.unshift(problemAt(1, 'lesson.no-title'));
  return { lesson, problems, lines };
}

function closeNarration(scene, narration) {
  if (narration === null) return;
  const text = narration.rows.join('\n').replace(/^\s*\n/, '').trimEnd();
  if (text !== '') scene.narration[narration.language] = text;
}

// A scene's view read as a link's query is: its problems, each at the line.
function readView(query, line, exampleIds) {
  const params = parseParams(query, exampleIds);
  const problems = params.problems.map(({ key, values }) => problemAt(line, 'lesson.view', { detail: new PageError(key, values) }));
  for (const name of NOT_IN_SCENES) {
    if (new RegExp(`[?&]${name}(=|&|$)`).test(query)) problems.push(problemAt(line, 'lesson.not-in-scene', { name }));
  }
  if (params.map === undefined && params.example === undefined && params.size === undefined) problems.push(problemAt(line, 'lesson.no-map'));
  return problems;
}

// The longest label a marked cell carries: a name or a number, not a sentence.
export const MAX_MARK_LABEL = 12;

// "4,2 5,3=A" -> [[4, 2], [5, 3, 'A']]; null when any is not two whole numbers, with a label
// of at most MAX_MARK_LABEL characters (no spaces) after an =.
function readMarks(text) {
  const marks = [];
  for (const part of text.trim().split(/\s+/).filter((p) => p !== '')) {
    const match = /^(\d{1,4}),(\d{1,4})(?:=(\S+))?$/u.exec(part);
    if (!match || (match[3] !== undefined && [...match[3]].length > MAX_MARK_LABEL)) return null;
    marks.push(match[3] === undefined ? [Number(match[1]), Number(match[2])] : [Number(match[1]), Number(match[2]), match[3]]);
  }
  return marks;
}

// The scene's view as the page opens it: the query read as a link's.
export function sceneParams(scene, exampleIds) {
  return parseParams(scene.query, exampleIds);
}

// A narration line that would be read as a field is written with a \ in front.
function escapeLine(row) {
  return /^(#|en:|zh:|\\)/.test(row) ? `\\${row}` : row;
}

function writeTitles(titles) {
  return NARRATION_LANGUAGES.filter((code) => titles[code] !== undefined).map((code) => `title ${code}: ${titles[code]}`);
}

// The lesson as a file; parseLesson reads it back as the same lesson.
export function writeLesson(lesson) {
  const out = [`# ${lesson.title}`, ...writeTitles(lesson.titles)];
  for (const scene of lesson.scenes) {
    out.push('', `## ${scene.title}`, ...writeTitles(scene.titles), scene.query);
    if (scene.marks.length > 0) out.push(`mark: ${scene.marks.map(([x, y, label]) => (label === undefined ? `${x},${y}` : `${x},${y}=${label}`)).join(' ')}`);
    if (scene.stop !== undefined) out.push(`stop: ${scene.stop}`);
    if (scene.question) out.push(writeQuestion(scene.question));
    for (const code of NARRATION_LANGUAGES) {
      if (scene.narration[code] === undefined) continue;
      out.push(`${code}:`, ...scene.narration[code].split('\n').map(escapeLine));
    }
  }
  return `${out.join('\n')}\n`;
}

// The title in `code`, else the heading.
export function titleIn(item, code) {
  return item.titles[code] ?? item.title;
}

// The narration in `code`, else in the other language, else ''.
export function narrationIn(scene, code) {
  return scene.narration[code] ?? NARRATION_LANGUAGES.map((c) => scene.narration[c]).find((text) => text !== undefined) ?? '';
}

// The view on show as a scene's query: the map written out (an example's own options could
// otherwise come in under it), every option, Walk mode, the compare view and the step.
// view: { options, mapText, walk ({ sensor } or null), compare (methods or null), step,
// origin (the coordinates, written when not the usual top left) }.
export function viewQuery({ options, mapText, walk, compare, step, origin }) {
  const query = buildQuery({ options, mapText, speed: 1, walk, compare, origin }).replace(/&speed=[^&]*/, '');
  return step > 0 ? `${query}&step=${step}` : query;
}
