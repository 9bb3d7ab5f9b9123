// Work is never lost: the map, the options, the speed and the step on the timeline are kept
// in the browser's localStorage as they change, and come back on the next visit.

const STORAGE_KEY = 'astar-visualizer.work';
const FORMAT = 1;
// Saves come at most this often (ms): a playing search changes step every frame.
const SAVE_EVERY_MS = 400;

function storage(win) {
  try {
    return win.localStorage ?? null;
  } catch {
    return null;
  }
}

// The saved work, or null: { map (O X S E text), options, step, speedIndex }.
export function loadWork(win) {
  try {
    const raw = storage(win)?.getItem(STORAGE_KEY);
    const work = raw ? JSON.parse(raw) : null;
    return work && work.format === FORMAT && typeof work.map === 'string' ? work : null;
  } catch {
    // Unreadable (another format, hand-edited): start as if nothing was saved.
    return null;
  }
}

// Saves what state() returns, a moment after note() sees a change.
export class WorkSaver {
  // state() -> { map, options, step, speedIndex }
  constructor(win, state) {
    this.win = win;
    this.state = state;
    this.signature = null;
    this.timer = null;
    win.addEventListener('pagehide', () => this.flush());
  }

  // Called every frame with something cheap that changes whenever the work does.
  note(signature) {
    if (signature === this.signature) return;
    this.signature = signature;
    if (this.timer === null) this.timer = this.win.setTimeout(() => this.flush(), SAVE_EVERY_MS);
  }

  flush() {
    if (this.timer !== null) this.win.clearTimeout(this.timer);
    this.timer = null;
    try {
      storage(this.win)?.setItem(STORAGE_KEY, JSON.stringify({ format: FORMAT, ...this.state() }));
    } catch {
      // Storage full or refused (private window, file:// in some browsers): the page still
      // works, the next visit just starts afresh.
    }
  }
}
