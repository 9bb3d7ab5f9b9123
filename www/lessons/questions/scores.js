// The student's scores, per lesson (by its title), kept in the browser's localStorage so a
// reload keeps them: for each scene answered, whether the last answer was right and how many
// answers were given.

const KEY = 'astar-visualizer.scores';

export class Scores {
  constructor(win) {
    this.win = win;
  }

  all() {
    try {
      const stored = JSON.parse(this.win.localStorage?.getItem(KEY) ?? '{}');
      return stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
    } catch {
      return {};
    }
  }

  write(all) {
    try {
      this.win.localStorage?.setItem(KEY, JSON.stringify(all));
    } catch {
      // Storage full or refused: the scores last for this visit.
    }
  }

  // { [scene]: { right, tries } } of a lesson.
  of(lesson) {
    const entry = this.all()[lesson];
    return entry && typeof entry === 'object' ? entry : {};
  }

  record(lesson, scene, right) {
    const all = this.all();
    const entry = this.of(lesson);
    entry[scene] = { right, tries: (entry[scene]?.tries ?? 0) + 1 };
    all[lesson] = entry;
    this.write(all);
  }

  reset(lesson) {
    const all = this.all();
    delete all[lesson];
    this.write(all);
  }

  // How many of a lesson's questions were last answered right.
  right(lesson) {
    return Object.values(this.of(lesson)).filter((s) => s?.right === true).length;
  }
}
