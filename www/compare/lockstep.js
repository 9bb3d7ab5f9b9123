// The compare view's searches driven together, with the same calls as a single
// SearchSession: in lockstep every search is at the same step, one that has finished
// waiting at its end. The searches are those of `this.panes`, each with its `session`
// (the compare view extends this).
export class Lockstep {
  // The shared position: the furthest search's step; the timeline runs to the longest search.
  timeline() {
    let stepCount = 0;
    let total = 0;
    let running = false;
    let found = false;
    for (const { session } of this.panes) {
      const own = session.timeline();
      stepCount = Math.max(stepCount, own.stepCount);
      total = total === null || own.total === null || own.total === undefined ? null : Math.max(total, own.total);
      running ||= own.status === 'running';
      found ||= own.status === 'found';
    }
    return { stepCount, total, status: running ? 'running' : found ? 'found' : 'no-path' };
  }

  get finished() {
    return this.panes.every((pane) => pane.session.finished);
  }

  step() {
    for (const { session } of this.panes) if (!session.finished) session.step();
  }

  // Only the searches at the shared step go back: one that finished earlier waits at its
  // end until the others are back to it.
  stepBack() {
    const { stepCount } = this.timeline();
    if (stepCount === 0) return;
    for (const { session } of this.panes) if (session.search.stepCount() === stepCount) session.stepBack();
  }

  seek(stepCount) {
    for (const { session } of this.panes) session.seek(stepCount);
  }

  finish() {
    for (const { session } of this.panes) session.finish();
  }

  advance(n) {
    for (const { session } of this.panes) if (!session.finished) session.advance(n);
  }

  // Every search takes the edited map: one whose finder repairs (D* Lite, LPA*) as a batch,
  // its timeline starting again at it; the others with a search from scratch. After a repair
  // those start at step 0 too (or all go to their ends if all had finished), so the searches
  // stay in lockstep and the table sets the repair beside the searches from scratch.
  syncWithEditor() {
    const finished = this.finished;
    let repaired = false;
    for (const { session } of this.panes) {
      const repairs = session.repairs;
      session.syncWithEditor();
      repaired ||= session.repairs !== repairs;
    }
    if (!repaired) return;
    for (const { session } of this.panes) if (finished) session.finish(); else session.seek(0);
  }
}
