// A map loaded from a file or an example, or New map, brings options and an example note of
// its own. The editor's undo takes the map back; this keeps what was in force before and
// after each load, by the number of its undo entry, so that undo and redo put it back too.
export class LoadSettings {
  #byEntry = new Map();

  loaded(entry, before, after) {
    if (entry !== 0) this.#byEntry.set(entry, { before, after });
  }

  // The settings to bring back after `entry` was undone; undefined when it was not a load.
  before(entry) {
    return this.#byEntry.get(entry)?.before;
  }

  // The settings to bring back after `entry` was redone.
  after(entry) {
    return this.#byEntry.get(entry)?.after;
  }
}
