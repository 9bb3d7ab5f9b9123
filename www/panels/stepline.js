import { fieldKeepsKey } from '../layout/fieldkeys.js';
import { traceStep } from '../finders/narration.js';
import { familyOf } from '../finders/catalogue.js';

// Line-by-line stepping through one expansion, and which pseudocode line a step ends on.
// Both come from the engine's step events: the finder's family turns one event (the node
// taken off the open list and the outcome at each neighbour) into the lines it ran, in
// order, each with a note in words and the cells to point out on the board.

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
    return traceStep(this.events.at(session, session.search.stepCount() + 1), session.finder, session.rules);
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
    const lines = traceStep(this.events.at(session, count), session.finder, session.rules);
    session.stepBack();
    this.sync(session);
    this.done = Math.max(0, lines.length - 1);
    this.lineMode = true;
    return true;
  }

  // The line to highlight, the lines run in this step, and the note.
  position(session) {
    this.sync(session);
    const finder = session.finder;
    if (this.done > 0) {
      const lines = this.nextLines(session).slice(0, this.done);
      const last = lines[lines.length - 1];
      // Each neighbour given its numbers so far, with the parent "parent ← current" set.
      const given = lines.filter((l) => l.values).map((l) => ({ ...l.neighbour, ...l.values, parent: l.node }));
      const progress = { step: session.search.stepCount() + 1, done: this.done, lines: this.nextLines(session).length };
      // What the lines run so far did to the open list, in order: 'in' or 'moved'.
      const changes = lines.map((l) => l.list).filter(Boolean);
      // The line-of-sight tests made so far, each from the line that made it.
      const sight = lines.map((l) => l.sight).filter(Boolean);
      return { finder, line: last.line, ran: lines.map((l) => l.line), note: last.note, item: last, given, progress, changes, sight };
    }
    const count = session.search.stepCount();
    if (count === 0) {
      const ready = familyOf(finder)?.ready?.(session) ?? { line: 'start', ran: ['init', 'start'], note: { key: 'code.note.ready', params: {} } };
      return { finder, ...ready, item: null };
    }
    const lines = traceStep(this.events.at(session, count), finder, session.rules);
    const last = lines[lines.length - 1];
    if (!last) return { finder, line: null, ran: [], note: null, item: null };
    return { finder, line: last.line, ran: lines.map((l) => l.line), note: last.note, item: null };
  }

  // What the lines run so far did to the counters, in the middle of an expansion (null
  // between expansions): the step under way, how many of its lines have run, one more node
  // expanded once it came off the open list, and the open list's size after what they added;
  // for the open list panel (openlist.js), whether the node is off the list and how many
  // changes to it the lines made (the engine's list partway through the step follows them).
  counts(position) {
    if (!position.progress) return null;
    const ran = position.ran;
    const family = familyOf(position.finder);
    if (family?.lineCounts) return { ...position.progress, note: position.note, ...family.lineCounts(ran) };
    const taken = ran.includes('pop') ? 1 : 0;
    const opened = position.changes.filter((change) => change === 'in').length;
    return { ...position.progress, note: position.note, expanded: taken, open: opened - taken, taken: taken === 1, made: position.changes.length };
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

// The Step line button and its key, L (unless keys is false: an embedded page has no Step
// line).
export function wireStepLine(doc, action, { keys = true } = {}) {
  const button = doc.getElementById('step-line');
  button.addEventListener('click', (e) => {
    if (e.detail > 0) e.currentTarget.blur();
    action();
  });
  if (keys) doc.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || fieldKeepsKey(e)) return;
    if (e.key !== 'l' && e.key !== 'L') return;
    e.preventDefault();
    action();
  });
  return button;
}
