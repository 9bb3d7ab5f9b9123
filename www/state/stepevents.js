// The engine's event for any step near the current one, without disturbing the search: the
// step just taken is undone and taken again, the next one is taken and undone (stepping back
// restores the identical state). Events are kept per search, so this costs one expansion
// the first time a step is asked for.
const KEPT_EVENTS = 32;

export class StepEvents {
  constructor() {
    this.generation = -1;
    this.byStep = new Map();
  }

  // The event of step n (1-based) of the session's search, when n is the step just taken or
  // the next one; null otherwise, or when there is no such step.
  at(session, n) {
    if (session.generation !== this.generation) {
      this.generation = session.generation;
      this.byStep.clear();
    }
    if (n < 1) return null;
    if (this.byStep.has(n)) return this.byStep.get(n);
    const search = session.search;
    const count = search.stepCount();
    let event = null;
    if (n === count) {
      search.stepBack();
      event = search.step();
    } else if (n === count + 1 && search.status() === 'running') {
      event = search.step();
      if (event) search.stepBack();
    } else {
      return null;
    }
    // Only steps around the current one are asked for again; a long run keeps no backlog.
    if (this.byStep.size >= KEPT_EVENTS) this.byStep.clear();
    this.byStep.set(n, event);
    return event;
  }
}
