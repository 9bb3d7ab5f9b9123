import { formatValue, formatCell } from '../i18n/format.js';
import { t, tn } from '../i18n/i18n.js';

// What several finder families share: an expansion told neighbour by neighbour (best-first
// search and each side of a bidirectional one), the goal reached and the empty open list,
// in words for the log and as the pseudocode lines they run.

export const value = (v) => formatValue(v, 2);

// The letter each priority goes by in words (breadth-first's, moves from the start, has none).
export const PRIORITY_NAMES = { f: 'F', g: 'G', h: 'H', moves: null };

// The rule that orders a finder's entries of equal priority, as a tie-break value. A finder
// that takes no tie-break goes first in, first out. Where the priority is G itself, equal
// priority means equal G, so a rule by G has nothing to break the tie with: the entry order
// it falls back on decides (the newest first for "larger G", the oldest for "smaller G").
const BY_ENTRY = { 'larger-g': 'last-in', 'smaller-g': 'first-in' };
export function tieRule(finder, tieBreak) {
  if (!finder.options.tieBreak) return 'first-in';
  const chosen = tieBreak ?? 'larger-g';
  return finder.priority === 'g' ? BY_ENTRY[chosen] ?? chosen : chosen;
}

// Why this node: when others on the open list had the same priority, the sentence names
// them (the engine lists them in the order they come out) and the rule that put this one
// first. `rules`: the search's resolved options (see SearchSession.rules).
export function describeChoice(event, finder, rules) {
  if (!event.tied) return null;
  const name = PRIORITY_NAMES[finder.priority] ?? t('step.priority-moves');
  const others = event.ties.map((n) => t('step.tie', { cell: formatCell(n), g: value(n.g) })).join(t('step.list-separator'));
  const more = event.tied - event.ties.length;
  const list = more > 0 ? t('step.ties-more', { list: others, more }) : others;
  const rule = t(`predict.tie.${tieRule(finder, rules?.tieBreak)}`, { name });
  return tn('step.chosen-among', event.tied, { others: list, name, value: value(event.node.f), rule });
}

export function nodeParams(node) {
  return { cell: formatCell(node), f: value(node.f), g: value(node.g), h: value(node.h) };
}

// The text keys of a node taken off the open list, in the log and at the pseudocode's pop
// line. Greedy search orders by H alone, so its F is H: the words say so instead of an
// "F" that a legend of F = G + H would contradict.
export function expandedKey(finder) {
  return finder?.priority === 'h' ? 'step.expanded-h' : 'step.expanded';
}
export function popKey(finder) {
  return finder?.priority === 'h' ? 'code.note.pop-h' : 'code.note.pop';
}

// The lines of one step, each { line, note: { key, params }, node, neighbour, values, list }:
// `at(line, key, params, neighbour)` adds one about `node`. `list` marks the line that puts
// an entry on the open list ('in') or moves it up ('moved'): the engine's partway list
// (openListPartway) counts these.
export function lineMaker(lines, node) {
  return (line, key, params = {}, neighbour = null) => {
    const item = { line, note: { key, params }, node, neighbour };
    lines.push(item);
    return item;
  };
}

// What an expansion does with each neighbour, by the outcome the engine reports:
//   words(nb, node)  its words in the step's sentence, or
//   skip             a text key: counted with the others skipped for that reason, or
//   silent           not told at all (a cell off the grid is no neighbour);
//   lines(line, nb, node)  the pseudocode lines it runs after "each neighbour"
//                    (`line(id, key, params)`); absent for a neighbour not looked at.
export const NEIGHBOUR_OUTCOMES = {
  'off-grid': { silent: true },
  wall: { skip: 'skip.wall', lines: (line) => line('skip', 'code.note.wall') },
  closed: { skip: 'skip.closed', lines: (line) => line('skip', 'code.note.closed') },
  'corner-blocked': { skip: 'skip.corner-blocked', lines: (line) => line('skip', 'code.note.corner') },
  opened: {
    words: (nb) => t('step.opened', { cell: formatCell(nb), g: value(nb.g), h: value(nb.h) }),
    lines(line, nb, node) {
      line('cost', 'code.note.cost', { from: value(node.g), to: value(nb.g) });
      line('new', 'code.note.new');
      line('set', 'code.note.set', { parent: formatCell(node), g: value(nb.g), h: value(nb.h), f: value(nb.f) }).values = { f: nb.f, g: nb.g, h: nb.h };
      line('add', 'code.note.add').list = 'in';
    },
  },
  improved: {
    words: (nb) => t('step.improved', { cell: formatCell(nb), oldG: value(nb.oldG), g: value(nb.g), parent: formatCell(nb.parent) }),
    lines(line, nb, node) {
      line('cost', 'code.note.cost', { from: value(node.g), to: value(nb.g) });
      line('new', 'code.note.in-open');
      line('better', 'code.note.better', { candidate: value(nb.g), old: value(nb.oldG) });
      const update = line('update', 'code.note.update', { parent: formatCell(node), g: value(nb.g), f: value(nb.f) });
      update.values = { f: nb.f, g: nb.g, h: nb.h };
      update.list = 'moved';
    },
  },
  'not-improved': {
    words: (nb) => t('step.not-improved', { cell: formatCell(nb), g: value(nb.g), candidateG: value(nb.candidateG) }),
    lines(line, nb, node) {
      line('cost', 'code.note.cost', { from: value(node.g), to: value(nb.candidateG) });
      line('new', 'code.note.in-open');
      line('better', 'code.note.not-better', { candidate: value(nb.candidateG), old: value(nb.g) });
    },
  },
  'already-open': {
    words: (nb) => t('step.already-open', { cell: formatCell(nb) }),
    lines(line) {
      line('new', 'code.note.in-open');
      line('keep', 'code.note.keep');
    },
  },
};

// A move longer than one cell (16 or 32 directions, or a blink) named after what it does:
// the cells across and down, and its length.
function longMove(node, nb, rules) {
  const across = Math.abs(nb.x - node.x);
  const down = Math.abs(nb.y - node.y);
  if (Math.max(across, down) < 2) return [];
  const key = rules?.directions === 'blink' ? 'step.blink' : 'step.long-move';
  return [t(key, { across, down, length: formatValue(Math.hypot(across, down), 2) })];
}

// An expansion in words, e.g. "Expanded (3,2): F=40 G=10 H=30. Opened (4,2) with G=20,
// H=20. Improved (2,3): G 28 → 24, parent now (3,2). Skipped 1 wall."
export function describeExpansion(event, finder, rules) {
  const n = event.node;
  const parts = [t(expandedKey(finder), nodeParams(n))];
  const choice = finder && describeChoice(event, finder, rules);
  if (choice) parts.push(choice);
  const skipped = new Map();
  for (const nb of event.neighbours) {
    const outcome = NEIGHBOUR_OUTCOMES[nb.outcome];
    if (!outcome) parts.push(unknownOutcome(nb, nb.outcome));
    else if (outcome.words) parts.push(outcome.words(nb), ...longMove(n, nb, rules));
    else if (outcome.skip) skipped.set(outcome.skip, (skipped.get(outcome.skip) || 0) + 1);
  }
  if (skipped.size > 0) {
    const list = [...skipped].map(([key, count]) => tn(key, count));
    parts.push(t('step.skipped', { list: list.join(t('step.list-separator')) }));
  }
  return parts.join(t('sentence.separator'));
}

// Whether the search makes its goal test when the goal is first reached (the engine's
// goalTest option) rather than when it leaves the open list. `rules`: the search's resolved
// options and its goal (the session's `rules`).
export const stopsWhenReached = (rules) => rules?.goalTest === 'first-reached';

// A line that skips neighbours: on hexes, which have no corners to cut, its hex wording.
export const skipLine = (key, rules) => (rules?.topology === 'hex' ? `${key}.hex` : key);

// The lines for each neighbour of an expansion; `met` (bidirectional) is the meeting this
// expansion found, at one of the neighbours; `goal` the goal's cell when the goal test is
// made on reaching (a neighbour just added is tested at once).
export function relaxLines(event, at, met = null, goal = null) {
  const node = event.node;
  for (const nb of event.neighbours) {
    const outcome = NEIGHBOUR_OUTCOMES[nb.outcome];
    if (outcome?.silent) continue;
    const cell = formatCell(nb);
    const here = { x: nb.x, y: nb.y };
    const line = (id, key, params = {}) => at(id, key, { cell, ...params }, here);
    line('each', 'code.note.each');
    if (!outcome) line('each', 'code.note.unknown-outcome', { outcome: nb.outcome });
    else outcome.lines(line, nb, node);
    if (goal && nb.outcome === 'opened') {
      const isGoal = goal.x === nb.x && goal.y === nb.y;
      line('reached', isGoal ? 'code.note.reached-goal' : 'code.note.reached-not-goal');
    }
    if (met && met.x === nb.x && met.y === nb.y) {
      line('meet', 'code.note.meet');
      line('best', 'code.note.best', { cost: value(met.cost), moves: met.moves });
    }
  }
}

// A node taken off the open list, and the goal or its neighbours (best-first search and Jump
// Point Search reaching the goal). With the goal test on reaching, the expansion stops at
// the neighbour that is the goal, and the step after it returns the path from there.
export function traceExpansion(event, finder, rules) {
  const node = event.node;
  const lines = [];
  const at = lineMaker(lines, node);
  const onReaching = stopsWhenReached(rules);
  const goalNote = () => ({ cell: formatCell(node), cost: value(event.cost), moves: event.steps });
  if (event.kind === 'goal-reached' && onReaching) {
    at('reached', 'code.note.goal', goalNote());
    return lines;
  }
  at('loop', 'code.note.loop');
  // A tie is explained where the node is chosen.
  const choice = describeChoice(event, finder, rules);
  if (choice) at('pop', `${popKey(finder)}-tied`, { ...nodeParams(node), choice });
  else at('pop', popKey(finder), nodeParams(node));
  if (event.kind === 'goal-reached') {
    at('goal', 'code.note.goal', goalNote());
    return lines;
  }
  if (!onReaching) at('goal', 'code.note.not-goal', { cell: formatCell(node) });
  relaxLines(event, at, null, onReaching ? rules.goal : null);
  at('close', 'code.note.close', { cell: formatCell(node) });
  return lines;
}

export function describeGoal(event) {
  return tn('step.goal-reached', event.steps, { cell: formatCell(event.node), cost: value(event.cost), moves: event.steps });
}

// The search ran out of nodes.
export const NO_PATH = {
  describe: () => t('step.no-path'),
  trace: () => [{ line: 'loop', note: { key: 'code.note.empty', params: {} } }, { line: 'fail', note: { key: 'code.note.fail', params: {} } }],
};

// Words for an outcome the page has none for: visible, never a blank.
export function unknownOutcome(where, outcome) {
  return t('step.unknown-outcome', { cell: formatCell(where), outcome });
}
