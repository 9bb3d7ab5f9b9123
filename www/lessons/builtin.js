import { textIn } from '../i18n/i18n.js';
import { NARRATION_LANGUAGES } from './format.js';
import { readQuestion } from './questions/spec.js';

// The built-in lessons: each scene's view (a link's query, from the built-in examples or a
// tutorial's own map), the cells it marks (with a label, some), the step it stops at and its
// question, as a lesson file writes it (questions/spec.js). Their titles and narration are interface text, in the string files of
// each language: `lesson.<id>.title`, `lesson.<id>.<n>.title` and `lesson.<id>.<n>.text`
// (scenes counted from 1).
// The 9x10 C++ tutorial's grid (its 1 is open ground) and rules: 8 directions with no
// corner check, every move 1, the straight-line H, its successor order, stopping when a
// neighbour is the goal.
const NINE_BY_TEN = '?map=EXOOOOXOOO/OOOXOOOXOO/OOOXOOXOXO/XXOXOXXXXO/OOOXOOOXOX/OXOOOOXOXX/OXXXXOXXXO/OXOOOOXOOO/SOOXXXOXXO'
  + '&directions=8&diagonal=always&costs=unit&heuristic=euclidean&goalTest=first-reached&neighbourOrder=n-s-e-w';
// The Unity tutorial's f(n) example: the goal 5 cells right of the start; its nested loops.
const UNITY = '?map=OOOOOOO/OOOOOOO/OSOOOOE/OOOOOOO&diagonal=always&neighbourOrder=columns-bottom-up&goalTest=first-reached';
const UNITY_CELLS = [[0, 2, '1'], [2, 2, '2'], [2, 1, '3']];

const LESSONS = [
  {
    id: 'goal-test',
    scenes: [
      { query: '?example=goal-test', marks: [[5, 2]], question: 'path' },
      { query: '?example=goal-test&goalTest=off-open&step=15', marks: [], question: 'next' },
      { query: '?example=goal-test&algorithm=astar&heuristic=octile', marks: [], question: 'values 0,3' },
    ],
  },
  {
    id: 'heuristics',
    scenes: [
      { query: '?example=tutorial-wall&heuristic=zero', marks: [[2, 2], [6, 2]], question: 'closed 6' },
      { query: '?example=tutorial-wall&heuristic=octile', marks: [], question: 'admissible' },
      { query: '?example=swamp&heuristic=octile&step=60', marks: [], question: 'next' },
      { query: '?example=swamp&heuristic=octile&weight=3', marks: [], question: 'admissible' },
      { query: '?example=tutorial-wall', marks: [], question: 'construct manhattan-8' },
      { query: '?size=12x8&algorithm=astar&heuristic=octile', marks: [], question: 'practice 12x8 25 29' },
    ],
  },
  {
    id: 'tutorial-000',
    scenes: [
      { query: '?example=tutorial-wall&origin=top-left-1', marks: [[3, 2, '(4,3)']], stop: 1, question: 'values 3,2' },
      { query: '?example=tutorial-wall&origin=top-left-1&step=2', marks: [[4, 0], [3, 1], [5, 1]], question: 'next' },
      { query: '?example=tutorial-pockets&origin=top-left-1', marks: [[3, 3], [4, 4], [5, 5], [6, 4], [7, 3]] },
      { query: '?example=tutorial-pockets&origin=top-left-1&diagonal=if-at-most-one-obstacle', marks: [] },
    ],
  },
  {
    id: 'tutorial-001',
    scenes: [
      { query: NINE_BY_TEN, marks: [[1, 4, '4.12']], stop: 5 },
      { query: `${NINE_BY_TEN}&step=5`, marks: [[0, 1], [0, 0]], question: 'parent 2,3' },
      { query: NINE_BY_TEN.replace('goalTest=first-reached&neighbourOrder=n-s-e-w', 'neighbourOrder=n-s-e-w'), marks: [] },
    ],
  },
  {
    id: 'tutorial-002',
    scenes: [
      { query: '?example=tutorial-csharp&origin=bottom-left', marks: [[0, 1], [1, 3, '38']], stop: 1, question: 'values 0,1' },
      { query: '?example=tutorial-csharp&origin=bottom-left&step=1', marks: [[0, 3]], question: 'parent 0,3' },
      { query: '?example=tutorial-csharp&step=3', marks: [] },
    ],
  },
  {
    id: 'tutorial-003',
    scenes: [
      { query: '?example=tutorial-dots', marks: [], stop: 8 },
      { query: '?example=tutorial-dots&step=8', marks: [[9, 4]], question: 'next' },
      { query: '?example=tutorial-dots&directions=8&heuristic=octile', marks: [] },
    ],
  },
  {
    id: 'tutorial-004',
    scenes: [
      { query: `${UNITY}&costs=exact&heuristic=euclidean`, marks: UNITY_CELLS, stop: 1 },
      { query: `${UNITY}&heuristic=euclidean-up`, marks: UNITY_CELLS, stop: 1, question: 'admissible' },
      { query: `${UNITY}&heuristic=octile`, marks: UNITY_CELLS },
    ],
  },
  {
    id: 'jps',
    scenes: [
      { query: '?example=u-trap&algorithm=astar', marks: [] },
      { query: '?example=u-trap&algorithm=jps&step=1', marks: [], question: 'next' },
      { query: '?example=u-trap&compare=astar,jps', marks: [] },
    ],
  },
  {
    id: 'dstar-lite',
    scenes: [
      { query: '?example=dstar-paper&step=1', marks: [[2, 1]], question: 'next' },
      { query: '?example=dstar-paper&walk=1', marks: [[2, 1]] },
      { query: '?example=dstar-detour&walk=1', marks: [[10, 6], [10, 7], [10, 8]] },
      { query: '?example=dstar-detour&walk=1&compare=dstar-lite,astar', marks: [] },
    ],
  },
];

export const BUILT_IN_LESSONS = LESSONS.map(({ id }) => id);

// The title (English heading, other languages as titles) of a text key.
function titled(key) {
  const [first, ...others] = NARRATION_LANGUAGES;
  const title = textIn(first, key);
  const titles = {};
  for (const code of others) titles[code] = textIn(code, key);
  return { title, titles };
}

// The built-in lesson `id` as a lesson file reads (see format.js), in every language.
export function builtInLesson(id) {
  const lesson = LESSONS.find((each) => each.id === id);
  return {
    ...titled(`lesson.${id}.title`),
    scenes: lesson.scenes.map(({ query, marks, stop, question }, i) => ({
      ...titled(`lesson.${id}.${i + 1}.title`),
      query,
      marks: marks.map((cell) => [...cell]),
      ...(stop === undefined ? {} : { stop }),
      ...(question ? { question: readQuestion(question) } : {}),
      narration: Object.fromEntries(NARRATION_LANGUAGES.map((code) => [code, textIn(code, `lesson.${id}.${i + 1}.text`)])),
    })),
  };
}
