// A scene's question, as its lesson file writes it on one line (see docs/teaching.md):
//
//   question: next            the node the next step takes (IDA*: the next threshold)
//   question: values 4,2      F, G and H of a cell after the next step
//   question: parent 4,2      the parent of a cell after the next step
//   question: path            the cells of the path found
//   question: closed 12       the closed cells after step 12
//   question: admissible      is the heuristic admissible here?
//   question: construct jps-third   a map to make, judged on the student's own
//   question: practice 12x8 30 7      random 12x8 maps, 30% walls, from seed 7 (practice.js)
//
// Cells are x,y from the top left, from 0, as mark: lines write them.

export const CONSTRUCT_TASKS = ['greedy-longer', 'manhattan-8', 'jps-third', 'dstar-repair'];

const FORMS = {
  next: /^$/,
  values: /^(\d{1,4}),(\d{1,4})$/,
  parent: /^(\d{1,4}),(\d{1,4})$/,
  path: /^$/,
  closed: /^(\d{1,7})$/,
  admissible: /^$/,
  construct: new RegExp(`^(${CONSTRUCT_TASKS.join('|')})$`),
  practice: /^(\d{1,2})x(\d{1,2}) (\d{1,2}) (\d{1,9})$/,
};
// A practice map's sides and its walls in percent.
const SIDES = [4, 40];
const MAX_DENSITY = 60;

// "values 4,2" -> { kind: 'values', cell: { x: 4, y: 2 } }; null when not a question.
export function readQuestion(text) {
  const [, kind, rest] = /^\s*(\S+)\s*(.*?)\s*$/.exec(text) ?? [];
  const match = FORMS[kind]?.exec(rest);
  if (!match) return null;
  if (kind === 'values' || kind === 'parent') return { kind, cell: { x: Number(match[1]), y: Number(match[2]) } };
  if (kind === 'closed') return { kind, step: Number(match[1]) };
  if (kind === 'construct') return { kind, task: match[1] };
  if (kind === 'practice') {
    const [width, height, density, seed] = match.slice(1).map(Number);
    const side = (n) => n >= SIDES[0] && n <= SIDES[1];
    return side(width) && side(height) && density <= MAX_DENSITY ? { kind, width, height, density, seed } : null;
  }
  return { kind };
}

export function writeQuestion(q) {
  if (q.kind === 'practice') return `question: practice ${q.width}x${q.height} ${q.density} ${q.seed}`;
  const arg = q.cell ? ` ${q.cell.x},${q.cell.y}` : q.step !== undefined ? ` ${q.step}` : q.task ? ` ${q.task}` : '';
  return `question: ${q.kind}${arg}`;
}

// What the student gives: 'cell' (one tap), 'cells' (taps, then Check), 'values' (F, G, H),
// 'threshold' (a number), 'yes-no', 'map' (edits, then Check) or 'practice' (a new map to
// ask about). next depends on the finder.
export function answerForm(q, family) {
  if (q.kind === 'next') return family === 'iterative-deepening' ? 'threshold' : 'cell';
  return { values: 'values', parent: 'cell', path: 'cells', closed: 'cells', admissible: 'yes-no', construct: 'map', practice: 'practice' }[q.kind];
}
