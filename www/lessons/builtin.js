import { textIn } from '../i18n/i18n.js';
import { NARRATION_LANGUAGES } from './format.js';
import { readQuestion } from './questions/spec.js';

// The built-in lessons: each scene's view (a link's query, from the built-in examples), the
// cells it marks and its question, as a lesson file writes it (questions/spec.js). Their titles and narration are interface text, in the string files of
// each language: `lesson.<id>.title`, `lesson.<id>.<n>.title` and `lesson.<id>.<n>.text`
// (scenes counted from 1).
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
    scenes: lesson.scenes.map(({ query, marks, question }, i) => ({
      ...titled(`lesson.${id}.${i + 1}.title`),
      query,
      marks: marks.map((cell) => [...cell]),
      ...(question ? { question: readQuestion(question) } : {}),
      narration: Object.fromEntries(NARRATION_LANGUAGES.map((code) => [code, textIn(code, `lesson.${id}.${i + 1}.text`)])),
    })),
  };
}
