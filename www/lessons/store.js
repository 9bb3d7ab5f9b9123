// The lesson in progress is kept in the browser's localStorage as it changes, as a lesson
// file's text (the format a teacher saves), with the scene on show and whether it was
// edited since it was opened. A lesson replaced while edited is kept under a key of its own,
// for "Back to my lesson".

const LESSON_KEY = 'astar-visualizer.lesson';
const KEPT_KEY = 'astar-visualizer.lesson.kept';
// The scene on show ({ index, title, step, edited (its map changed) }), so a reload opens it
// again.
const SHOWING_KEY = 'astar-visualizer.lesson.showing';
const FORMAT = 1;

function readJson(win, key) {
  try {
    const raw = win.localStorage?.getItem(key) ?? null;
    const stored = raw === null ? null : JSON.parse(raw);
    return stored?.format === FORMAT ? stored : null;
  } catch {
    return null;
  }
}

function read(win, key) {
  const stored = readJson(win, key);
  return typeof stored?.text === 'string' ? stored : null;
}

function readShowing(win) {
  const stored = readJson(win, SHOWING_KEY);
  const whole = (n) => Number.isInteger(n) && n >= 0;
  if (!stored || !whole(stored.index) || !whole(stored.step) || typeof stored.title !== 'string') return null;
  return { index: stored.index, title: stored.title, step: stored.step, edited: stored.edited === true };
}

function write(win, key, value) {
  try {
    if (value === null) win.localStorage?.removeItem(key);
    else win.localStorage?.setItem(key, JSON.stringify({ format: FORMAT, ...value }));
  } catch {
    // Storage full or refused: the lesson lasts for this visit, and the file can be saved.
  }
}

// stored: { text, scene, edited, name } or null.
export const lessonStore = {
  current: (win) => read(win, LESSON_KEY),
  kept: (win) => read(win, KEPT_KEY),
  saveCurrent: (win, stored) => write(win, LESSON_KEY, stored),
  saveKept: (win, stored) => write(win, KEPT_KEY, stored),
  showing: readShowing,
  saveShowing: (win, showing) => write(win, SHOWING_KEY, showing),
};
