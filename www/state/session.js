import { finderOf, familyOf } from '../finders/catalogue.js';
import { markPainter } from '../finders/marks.js';
import { cellShape } from '../board/cellshape.js';

// How many step events the session keeps told; older ones are asked of the engine again.
const KEPT_EVENTS = 1000;
// Steps replayed per call to the engine when the whole log is read.
const REPLAY_CHUNK = 5000;
// Searches on maps up to this size are run to the end once when built, so the timeline knows
// its length from the first frame; bigger ones learn it when they first finish.
const EAGER_TOTAL_CELLS = 256 * 256;

// The map being edited, the search over it, and the events of its steps for the log (put
// into words when shown).
// Every edit of the map or change of options builds a new search (a search works on a
// snapshot) and takes it to where the old one was: its end if it had finished, so the path
// follows the change at once, else the same step. A finder that repairs (LPA*, D* Lite) is
// handed an edit of the map instead, as a batch of cell changes, and its timeline begins
// again at the batch: step 0, which stepping back does not cross; it is taken to the end of
// the repair if it had finished, so the path follows the change there too.
// In Walk mode (`walk` = { sensor }, for a finder the catalogue says walks) a step is a move
// of the agent; the map is the real one, whose edits the walk takes in where it is, its
// timeline kept.
export class SearchSession {
  constructor(engine, editor, options, walk = null) {
    this.engine = engine;
    this.editor = editor;
    this.options = options;
    this.walk = walk;
    this.search = null;
    this.generation = 0;
    this.events = new Map();
    this.build(false);
  }

  build(keepProgress) {
    const old = this.search;
    const next = this.walk ? this.engine.Search.walk(this.editor, this.options, this.walk.sensor) : new this.engine.Search(this.editor, this.options);
    const finished = keepProgress && old !== null && old.status() !== 'running';
    const at = keepProgress && old !== null ? old.stepCount() : 0;
    if (old) old.free();
    this.search = next;
    this.generation += 1;
    this.resolvedOptions = next.options();
    // The moves a record's parent field names (the square grid's, 16, 32 or blink's, or the
    // hexes'), and the cells' shape (squares or hexes).
    this.moves = next.moves();
    this.shape = cellShape(this.resolvedOptions);
    // What the pseudocode and the step's lines follow besides the finder: its options (the
    // goal test), the goal and the map's size (where a jump met the edge).
    this.rules = { ...this.resolvedOptions, goal: this.editor.goal(), width: this.editor.width, height: this.editor.height };
    // The finder's catalogue entry, and how its marks are drawn.
    this.finder = finderOf(this.resolvedOptions.algorithm);
    this.markPainter = markPainter(this.finder);
    this.revision = this.editor.revision();
    // Batches repaired by this search, and the cells the last one changed.
    this.repairs = 0;
    this.lastBatch = 0;
    this.batchEntry = 0;
    this.pathFor = -1;
    this.path = null;
    if (finished) {
      next.finish();
    } else if (this.editor.cellCount() <= EAGER_TOTAL_CELLS) {
      next.finish();
      next.seek(at);
    } else if (at > 0) {
      next.seek(at);
    }
    this.events.clear();
  }

  // After a new map was loaded into the editor: a fresh search at step 0, with new options if
  // given (an example's, or the benchmark's for a Moving AI map).
  restart(options = this.options) {
    const previous = this.options;
    this.options = options;
    this.walk = null;
    try {
      this.build(false);
    } catch (error) {
      this.options = previous;
      this.build(false);
      throw error;
    }
  }

  setOptions(options) {
    const previous = [this.options, this.walk];
    this.options = options;
    // A finder that does not walk leaves Walk mode.
    if (!finderOf(options.algorithm)?.walk) this.walk = null;
    try {
      this.build(this.walk === null);
    } catch (error) {
      [this.options, this.walk] = previous;
      throw error;
    }
  }

  // Walk mode on ({ sensor }) or off (null), from the start; refused (a sensor radius
  // below the engine's least) with nothing changed.
  setWalk(walk) {
    const previous = this.walk;
    this.walk = walk;
    try {
      this.build(false);
    } catch (error) {
      this.walk = previous;
      throw error;
    }
  }

  // Rebuilds the search if the map changed since it was built; true if it did.
  syncWithEditor() {
    if (this.editor.revision() === this.revision) return false;
    if (!this.repair()) this.build(true);
    return true;
  }

  // Hands the map as edited to a search that repairs; false when a new search is wanted
  // (another finder, or a map of another size or with its start or goal moved).
  // A walk takes the map as the real one, whatever its finder.
  repair() {
    if (!this.finder.repairs && !this.walk) return false;
    const search = this.search;
    const finished = search.status() !== 'running';
    const changed = search.repairFrom(this.editor);
    if (changed === undefined) return false;
    this.revision = this.editor.revision();
    if (changed === 0) return true;
    this.generation += 1;
    this.pathFor = -1;
    this.events.clear();
    if (this.walk) {
      // The walk goes on from where it is; its end is worked out again on a small map.
      const at = search.stepCount();
      if (this.editor.cellCount() <= EAGER_TOTAL_CELLS) {
        search.finish();
        search.seek(at);
      }
      return true;
    }
    this.repairs += 1;
    // A stroke drawn over several frames reaches the search a frame at a time: its cells
    // count as one batch, as the person drew them.
    const entry = this.editor.strokeEntry();
    this.lastBatch = entry !== 0 && entry === this.batchEntry ? this.lastBatch + changed : changed;
    this.batchEntry = entry;
    this.path = null;
    if (finished) search.finish();
    else if (this.editor.cellCount() <= EAGER_TOTAL_CELLS) {
      search.finish();
      search.seek(0);
    }
    return true;
  }

  // Lets go of the search in wasm memory; the editor belongs to whoever made it.
  dispose() {
    this.search.free();
    this.search = null;
  }

  // Where the search is, for the playback controls.
  timeline() {
    const search = this.search;
    return { stepCount: search.stepCount(), total: search.totalSteps(), status: search.status() };
  }

  get finished() {
    return this.search.status() !== 'running';
  }

  step() {
    const event = this.search.step();
    if (event) this.keep(this.search.stepCount(), event);
    return event;
  }

  stepBack() {
    return this.search.stepBack();
  }

  // n steps for playback, without events: the log asks for the ones it shows.
  advance(n) {
    this.search.advance(n);
  }

  seek(stepCount) {
    this.search.seek(stepCount);
  }

  finish() {
    this.search.finish();
  }

  // A step's event stays the same for the life of the search (stepping is exact), so it is
  // kept once told, up to KEPT_EVENTS of them.
  keep(step, event) {
    if (this.events.size >= KEPT_EVENTS) this.events.clear();
    this.events.set(step, event);
  }

  // The steps first..last (1-based, up to the current one) as { step, event }, those not kept
  // told again by the engine in one call, which leaves the search where it was.
  stepsBetween(first, last) {
    const from = Math.max(1, first);
    const to = Math.min(last, this.search.stepCount());
    if (to < from) return [];
    let missing = from;
    while (missing <= to && this.events.has(missing)) missing += 1;
    let end = to;
    while (end >= missing && this.events.has(end)) end -= 1;
    const told = missing <= end ? this.search.stepEvents(missing, end - missing + 1) : [];
    const steps = [];
    for (let step = from; step <= to; step++) {
      const event = step >= missing && step <= end ? told[step - missing] : this.events.get(step);
      if (event) steps.push({ step, event });
    }
    told.forEach((event, k) => this.keep(missing + k, event));
    return steps;
  }

  // Every step up to the current one, in order, told to visit(step, event) as the search
  // replays them from the start; the search ends where it was. For copying the whole log.
  // REPLAY_CHUNK steps per call to the engine.
  replaySteps(visit) {
    const count = this.search.stepCount();
    this.search.seek(0);
    try {
      for (let done = 0; done < count; ) {
        const events = this.search.takeSteps(Math.min(REPLAY_CHUNK, count - done));
        if (events.length === 0) break;
        for (const event of events) visit(++done, event);
      }
    } finally {
      this.search.seek(count);
    }
  }

  // The finder marks of one cell (see www/finders/marks.js).
  markAt(cell) {
    const cells = this.editor.width * this.editor.height;
    return new Uint16Array(this.engine.memory.buffer, this.search.marksPtr(), cells)[cell.y * this.editor.width + cell.x];
  }

  // Everything the renderer needs for one frame. The typed arrays are views on wasm memory:
  // made last, after every call that could allocate (and so grow and detach the buffer), and
  // valid for this frame only. H and F come only for labelCells, the cells whose numbers are
  // on show ({ x0, y0, x1, y1 }, ends excluded), or not at all when it is null.
  frameView(labelCells) {
    const search = this.search;
    const editor = this.editor;
    const count = search.stepCount();
    const status = search.status();
    // Some finders (a bidirectional search) show their best path so far while they run.
    // A walk shows the path planned from the agent's cell.
    const tentative = status === 'running' && familyOf(this.finder)?.tentativePath === true;
    if (this.walk) {
      if (this.pathFor !== count) this.path = search.path();
      this.pathFor = count;
    } else if (status !== 'found' && !tentative) {
      this.path = null;
      this.pathFor = -1;
    } else if (this.pathFor !== count) {
      this.path = search.path();
      this.pathFor = count;
    }
    const head = status === 'running' && !this.walk ? search.openList(1)[0] || null : null;
    const view = {
      width: editor.width,
      height: editor.height,
      start: editor.start(),
      goal: editor.goal(),
      current: search.current(),
      touched: search.touched(),
      next: head,
      path: this.path,
      pathTentative: tentative,
      costScale: search.costScale(),
      priorityScale: search.priorityScale(),
      layout: this.engine.recordLayout,
      moves: this.moves,
      generation: this.generation,
      markPainter: this.markPainter,
      // The cells stood on, the agent's last (a copy, not a view).
      trail: this.walk ? search.trail() : null,
    };
    const cells = view.width * view.height;
    // An any-angle finder's line-of-sight tests of the step on show (telling a step again
    // may move wasm memory, so before the views).
    view.sight = this.finder.sight && count > 0 ? this.stepsBetween(count, count)[0]?.event.sight ?? [] : [];
    if (labelCells) search.fillEstimates(labelCells.x0, labelCells.y0, labelCells.x1, labelCells.y1);
    const pointers = {
      terrain: editor.terrainPtr(),
      records: search.recordsPtr(),
      marks: search.marksPtr(),
      g: search.gPtr(),
      // What the catalogue says its cells show beyond G (LPA* and D* Lite: rhs).
      rhs: this.finder.cellValues.includes('rhs') ? search.rhsPtr() : 0,
      h: labelCells ? search.hPtr() : 0,
      f: labelCells ? search.fPtr() : 0,
      seen: this.walk ? search.seenPtr() : 0,
      parents: this.finder.sight ? search.parentsPtr() : 0,
    };
    const buffer = this.engine.memory.buffer;
    view.terrain = new Uint8Array(buffer, pointers.terrain, cells);
    view.records = new Uint8Array(buffer, pointers.records, cells);
    view.finderMarks = new Uint16Array(buffer, pointers.marks, cells);
    view.g = new Float64Array(buffer, pointers.g, cells);
    view.rhs = pointers.rhs ? new Float64Array(buffer, pointers.rhs, cells) : null;
    view.cellValues = this.finder.cellValues;
    view.h = labelCells ? new Float64Array(buffer, pointers.h, cells) : null;
    view.f = labelCells ? new Float64Array(buffer, pointers.f, cells) : null;
    view.seen = pointers.seen ? new Uint8Array(buffer, pointers.seen, cells) : null;
    view.parents = pointers.parents ? new Uint32Array(buffer, pointers.parents, cells) : null;
    return view;
  }
}
