// Work is never lost: the map, the options, the speed and the step on the timeline are kept
// in the browser's localStorage as they change, and come back on the next visit. Saved work
// this version cannot read is kept aside under a key of its own, never overwritten.

const STORAGE_KEY = 'astar-visualizer.work';
// Unreadable saved work moves here (with the time it was found, so nothing overwrites it).
const ASIDE_PREFIX = 'astar-visualizer.work.unreadable.';
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

// Copies the raw saved work to a key of its own; the key, or null when storage refused.
function setAside(win, raw) {
  const key = `${ASIDE_PREFIX}${new Date().toISOString()}`;
  try {
    storage(win).setItem(key, raw);
    return key;
  } catch {
    return null;
  }
}

// The saved work: { work, unreadable }. work is { map (O X S E text), options, step,
// speedIndex } or null. unreadable is null, or, for saved work that cannot be read (another
// format, hand-edited), { key } where it was kept aside (key null when storage refused, in
// which case nothing may be saved over it this visit).
function loadWork(win) {
  let raw = null;
  try {
    raw = storage(win)?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return { work: null, unreadable: null };
  }
  if (raw === null) return { work: null, unreadable: null };
  let work = null;
  try {
    work = JSON.parse(raw);
  } catch {
    work = null;
  }
  const readable = work !== null && typeof work === 'object' && work.format === FORMAT && typeof work.map === 'string';
  if (readable) return { work, unreadable: null };
  return { work: null, unreadable: { key: setAside(win, raw) } };
}

// A saved map the editor cannot read: the whole saved work is kept aside as it was stored.
function setAsideWork(win) {
  try {
    const raw = storage(win)?.getItem(STORAGE_KEY);
    return raw ? setAside(win, raw) : null;
  } catch {
    return null;
  }
}

// Saves what state() returns, a moment after note() sees a change, unless held(state) says
// the work on show must not replace what is saved (a link's map over the visitor's work).
export class WorkSaver {
  // state() -> { map, options, step, speedIndex }; held(state) -> boolean
  constructor(win, state, held = () => false) {
    this.win = win;
    this.state = state;
    this.held = held;
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
    const state = this.state();
    if (this.held(state)) return;
    try {
      storage(this.win)?.setItem(STORAGE_KEY, JSON.stringify({ format: FORMAT, ...state }));
    } catch {
      // Storage full or refused (private window, file:// in some browsers): the page still
      // works, the next visit just starts afresh.
    }
  }
}

// The visit's saved work: what was stored (nothing for an embed, which shows its author's
// map), what could not be read, and whether this visit may save. Saved work that could not
// be read and could not be kept aside either must not be saved over: the visit then saves
// nothing.
export function openSavedWork(win, embed) {
  const stored = embed ? { work: null, unreadable: null } : loadWork(win);
  const visit = {
    work: stored.work,
    unreadable: stored.unreadable,
    canSave: !embed && stored.unreadable?.key !== null,
    setAside: () => {
      const key = setAsideWork(win);
      if (key === null) visit.canSave = false;
      return key;
    },
  };
  return visit;
}
