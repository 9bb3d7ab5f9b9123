import { formatValue, formatCell } from '../i18n/format.js';
import { isFormField } from './controls.js';

// Line-by-line stepping through one expansion, and which pseudocode line a step ends on.
// Both come from the engine's step events: trace() turns one event (the node taken off the
// open list and the outcome at each neighbour) into the lines it ran, in order, each with a
// note in words and the cells to point out on the board.

const value = (v) => formatValue(v, 2);
const SKIPS = { wall: 'code.note.wall', closed: 'code.note.closed', 'corner-blocked': 'code.note.corner' };

// The lines one step of `algorithm` ran: [{ line, note: { key, params }, node, neighbour,
// values }].
export function trace(event, algorithm) {
  if (!event) return [];
  switch (event.kind) {
    case 'no-path':
      return [{ line: 'loop', note: { key: 'code.note.empty', params: {} } }, { line: 'fail', note: { key: 'code.note.fail', params: {} } }];
    case 'goal-reached':
      return algorithm === 'idastar' ? traceVisit(event) : traceBestFirst(event);
    case 'expanded':
      return traceBestFirst(event);
    case 'jumped':
      return traceJumps(event);
    case 'visited':
      return traceVisit(event);
    case 'side-expanded':
    case 'stopped':
      return traceSide(event);
    default:
      return [];
  }
}

function lineMaker(lines, node) {
  return (line, key, params = {}, neighbour = null) => {
    const item = { line, note: { key, params }, node, neighbour };
    lines.push(item);
    return item;
  };
}

function nodeParams(node) {
  return { cell: formatCell(node), f: value(node.f), g: value(node.g), h: value(node.h) };
}

function traceBestFirst(event) {
  const node = event.node;
  const lines = [];
  const at = lineMaker(lines, node);
  at('loop', 'code.note.loop');
  at('pop', 'code.note.pop', nodeParams(node));
  if (event.kind === 'goal-reached') {
    at('goal', 'code.note.goal', { cell: formatCell(node), cost: value(event.cost), moves: event.steps });
    return lines;
  }
  at('goal', 'code.note.not-goal', { cell: formatCell(node) });
  relax(event, at);
  at('close', 'code.note.close', { cell: formatCell(node) });
  return lines;
}

// The lines for each neighbour of an expansion, from its outcome; `met` (bidirectional) is
// the meeting this expansion found, at one of the neighbours.
function relax(event, at, met = null) {
  const node = event.node;
  for (const nb of event.neighbours) {
    if (nb.outcome === 'off-grid') continue;
    const cell = formatCell(nb);
    const here = { x: nb.x, y: nb.y };
    const line = (id, key, params = {}) => at(id, key, { cell, ...params }, here);
    line('each', 'code.note.each');
    if (SKIPS[nb.outcome]) {
      line('skip', SKIPS[nb.outcome]);
      continue;
    }
    switch (nb.outcome) {
      case 'opened':
        line('cost', 'code.note.cost', { from: value(node.g), to: value(nb.g) });
        line('new', 'code.note.new');
        line('set', 'code.note.set', { parent: formatCell(node), g: value(nb.g), h: value(nb.h), f: value(nb.f) }).values = { f: nb.f, g: nb.g, h: nb.h };
        line('add', 'code.note.add');
        break;
      case 'improved':
        line('cost', 'code.note.cost', { from: value(node.g), to: value(nb.g) });
        line('new', 'code.note.in-open');
        line('better', 'code.note.better', { candidate: value(nb.g), old: value(nb.oldG) });
        line('update', 'code.note.update', { parent: formatCell(node), g: value(nb.g), f: value(nb.f) }).values = { f: nb.f, g: nb.g, h: nb.h };
        break;
      case 'not-improved':
        line('cost', 'code.note.cost', { from: value(node.g), to: value(nb.candidateG) });
        line('new', 'code.note.in-open');
        line('better', 'code.note.not-better', { candidate: value(nb.candidateG), old: value(nb.g) });
        break;
      case 'already-open':
        line('new', 'code.note.in-open');
        line('keep', 'code.note.keep');
        break;
      default:
        break;
    }
    if (met && met.x === nb.x && met.y === nb.y) {
      line('meet', 'code.note.meet');
      line('best', 'code.note.best', { cost: value(met.cost), moves: met.moves });
    }
  }
}

// Jump Point Search: each jump from the node taken, where it stopped and why, and what the
// jump point it found did to the open list.
function traceJumps(event) {
  const node = event.node;
  const lines = [];
  const at = lineMaker(lines, node);
  at('loop', 'code.note.loop');
  at('pop', 'code.note.pop', nodeParams(node));
  at('goal', 'code.note.not-goal', { cell: formatCell(node) });
  for (const jump of event.jumps) {
    const end = { x: jump.x, y: jump.y };
    const cell = formatCell(end);
    const line = (id, key, params = {}) => at(id, key, { cell, ...params }, end);
    line('each', 'code.note.jps-each', { from: formatCell(node), dx: jump.dx, dy: jump.dy });
    line('jump', 'code.note.jps-jump', { scanned: jump.scanned });
    if (jump.end === 'dead-end') {
      line('stops', 'code.note.jps-dead');
      continue;
    }
    const reason = jump.reason;
    if (reason.kind === 'goal') line('stops', 'code.note.jps-goal');
    else if (reason.kind === 'forced') line('stops', 'code.note.jps-forced', { forced: reason.neighbours.map(formatCell).join(' ') });
    else line('stops', 'code.note.jps-turn', { turn: formatCell(reason) });
    const result = jump.result;
    if (result.outcome === 'closed') {
      line('found', 'code.note.closed');
      continue;
    }
    line('found', 'code.note.jps-found');
    const candidate = result.outcome === 'not-improved' ? result.candidateG : result.g;
    line('cost', 'code.note.jps-cost', { from: value(node.g), to: value(candidate) });
    if (result.outcome === 'opened') line('better', 'code.note.new');
    else if (result.outcome === 'improved') line('better', 'code.note.better', { candidate: value(result.g), old: value(result.oldG) });
    else line('better', 'code.note.not-better', { candidate: value(result.candidateG), old: value(result.g) });
    if (result.outcome === 'opened' || result.outcome === 'improved') {
      line('set', 'code.note.set', { parent: formatCell(node), g: value(result.g), h: value(result.h), f: value(result.f) }).values = { f: result.f, g: result.g, h: result.h };
      line('add', 'code.note.add');
    }
  }
  at('close', 'code.note.close', { cell: formatCell(node) });
  return lines;
}

// IDA*: one visit of the depth-first search.
function traceVisit(event) {
  const node = event.node;
  const lines = [];
  const at = lineMaker(lines, node);
  const params = { ...nodeParams(node), threshold: value(event.threshold ?? node.f) };
  if (event.newIteration) {
    if (event.iteration > 1) at('raise', 'code.note.ida-raise', { threshold: value(event.threshold) });
    at('loop', 'code.note.ida-iteration', { iteration: event.iteration, threshold: value(event.threshold) });
  }
  if (event.backtracked?.length > 0) at('back', 'code.note.ida-back', { cells: event.backtracked.map(formatCell).join(' ') });
  at('visit', 'code.note.ida-visit', { cell: formatCell(node), depth: event.depth ?? event.steps });
  at('f', 'code.note.ida-f', params);
  if (event.kind === 'goal-reached') {
    at('goal', 'code.note.goal', { cell: formatCell(node), cost: value(event.cost), moves: event.steps });
  } else if (event.outcome === 'pruned') {
    at('prune', 'code.note.ida-prune', params);
  } else {
    at('goal', 'code.note.not-goal', { cell: formatCell(node) });
    at('each', 'code.note.ida-each', { cell: formatCell(node) });
  }
  return lines;
}

// Bidirectional search: the stopping test, then one side's expansion, or the stop.
function traceSide(event) {
  const lines = [];
  const at = lineMaker(lines, event.node ?? null);
  at('loop', 'code.note.loop');
  const test = event.test;
  const testParams = { best: value(test.best), bound: value(test.bound) };
  if (event.kind === 'stopped') {
    if (event.meeting) at('stop', 'code.note.bi-stop', { ...testParams, cell: formatCell(event.meeting), cost: value(event.cost) });
    else at('fail', 'code.note.fail');
    return lines;
  }
  at('stop', test.best === null || test.best === undefined ? 'code.note.bi-no-meeting' : 'code.note.bi-go-on', testParams);
  at('side', event.side === 'forward' ? 'code.note.bi-forward' : 'code.note.bi-backward');
  at('pop', 'code.note.pop', nodeParams(event.node));
  relax(event, at, event.met);
  at('close', 'code.note.close', { cell: formatCell(event.node) });
  return lines;
}

// Where the pseudocode is: between expansions it rests on the last line of the step just
// taken (the start's set-up before the first); "Step line" moves through the next
// expansion's lines, and once its last line has run the step is taken in the engine. Any
// other change of step (Step, the timeline, Play, an edit) puts it back between expansions.
export class StepLine {
  constructor(events) {
    this.events = events;
    // Lines of the next expansion already run (0: none, between expansions).
    this.done = 0;
    // Whether Step back undoes a line (after Step line) rather than a whole step.
    this.lineMode = false;
    this.at = null;
  }

  // Forgets the line position when the step changed by other means than this.
  sync(session) {
    const at = `${session.generation}:${session.search.stepCount()}`;
    if (at !== this.at) {
      this.at = at;
      this.done = 0;
      this.lineMode = false;
    }
  }

  nextLines(session) {
    return trace(this.events.at(session, session.search.stepCount() + 1), algorithmOf(session));
  }

  // One line forward; takes the step in the engine after the expansion's last line.
  forward(session) {
    this.sync(session);
    const lines = this.nextLines(session);
    if (lines.length === 0) return;
    if (this.done + 1 < lines.length) {
      this.done += 1;
    } else {
      session.step();
      this.sync(session);
    }
    this.lineMode = true;
  }

  // One line back, after Step line; false when Step back should undo a whole step instead.
  back(session) {
    this.sync(session);
    if (!this.lineMode) return false;
    if (this.done > 0) {
      this.done -= 1;
      return true;
    }
    const count = session.search.stepCount();
    if (count === 0) return true;
    const lines = trace(this.events.at(session, count), algorithmOf(session));
    session.stepBack();
    this.sync(session);
    this.done = Math.max(0, lines.length - 1);
    this.lineMode = true;
    return true;
  }

  // The line to highlight, the lines run in this step, and the note.
  position(session) {
    this.sync(session);
    const algorithm = algorithmOf(session);
    if (this.done > 0) {
      const lines = this.nextLines(session).slice(0, this.done);
      const last = lines[lines.length - 1];
      // Each neighbour given its numbers so far, with the parent "parent ← current" set.
      const given = lines.filter((l) => l.values).map((l) => ({ ...l.neighbour, ...l.values, parent: l.node }));
      const progress = { step: session.search.stepCount() + 1, done: this.done, lines: this.nextLines(session).length };
      return { algorithm, line: last.line, ran: lines.map((l) => l.line), note: last.note, item: last, given, progress };
    }
    const count = session.search.stepCount();
    if (count === 0) return { algorithm, line: 'start', ran: ['init', 'start'], note: { key: 'code.note.ready', params: {} }, item: null };
    const lines = trace(this.events.at(session, count), algorithm);
    const last = lines[lines.length - 1];
    if (!last) return { algorithm, line: null, ran: [], note: null, item: null };
    return { algorithm, line: last.line, ran: lines.map((l) => l.line), note: last.note, item: null };
  }

  // What the lines run so far did to the counters, in the middle of an expansion (null
  // between expansions): the step under way, how many of its lines have run, one more node
  // expanded once it came off the open list, and the open list's size after what they added.
  counts(position) {
    if (!position.progress) return null;
    const ran = position.ran;
    const taken = ran.includes('pop') ? 1 : 0;
    return { ...position.progress, note: position.note, expanded: taken, open: ran.filter((id) => id === 'add').length - taken };
  }

  // What to show on the board in the middle of an expansion: the numbers the lines run so far
  // gave to neighbours, the node being expanded and the neighbour being considered.
  marks(position) {
    const item = position.item;
    if (!item) return [];
    const marks = position.given.map((cell) => ({ ...cell, kind: 'pending' }));
    if (item.node) marks.push({ x: item.node.x, y: item.node.y, kind: 'expanding' });
    if (item.neighbour) marks.push({ ...item.neighbour, kind: 'considered' });
    return marks;
  }
}

function algorithmOf(session) {
  return session.resolvedOptions.algorithm ?? session.options.algorithm;
}

// The Step line button and its key, L.
export function wireStepLine(doc, action) {
  const button = doc.getElementById('step-line');
  button.addEventListener('click', (e) => {
    if (e.detail > 0) e.currentTarget.blur();
    action();
  });
  doc.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isFormField(e.target)) return;
    if (e.key !== 'l' && e.key !== 'L') return;
    e.preventDefault();
    action();
  });
  return button;
}
