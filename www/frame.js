import { t, language } from './i18n/i18n.js';
import { formatCell, setMapRows } from './i18n/format.js';
import { describeProblem } from './i18n/errors.js';
import { showMarkLegend } from './finders/marks.js';
import { savedView } from './state/views.js';
import { showOpenLegend } from './panels/openlist.js';

// One frame of the page, asked for whenever something changed and at most once per screen
// refresh: the search is brought up to date with the map, playback takes the steps that are
// due, then the board, the panels and the controls are drawn from the state.
export class FrameLoop {
  // page: { workspace, compare, playback, driver(), syncWithEditor(), fail(error), view
  //   (BoardView), renderer, input, panels, pseudocode, stepLine, predict, controls,
  //   scenarios, exports ({ update() }), presentation, cellCard, handout, saver, savedNotice, heightReporter, stepLineButton, gridCanvas, warning,
  //   stepBackButton, lessons (LessonPlayer), quiz (the scene's question) }
  constructor(page) {
    this.page = page;
    this.requested = false;
    this.warnedGeneration = -1;
  }

  request() {
    if (this.requested) return;
    this.requested = true;
    requestAnimationFrame((now) => this.frame(now));
  }

  // After a language change: every text built from the state is built again.
  retranslate() {
    this.page.panels.invalidate();
    this.warnedGeneration = -1;
    this.request();
  }

  frame(now) {
    const { playback, driver } = this.page;
    this.requested = false;
    try {
      this.page.syncWithEditor();
      if (playback.playing) {
        const due = playback.stepsDue(now);
        if (due > 0) driver().advance(due);
        if (driver().finished) playback.stop();
      }
      this.draw();
    } catch (error) {
      this.page.fail(error);
    }
    if (playback.playing) this.request();
  }

  draw() {
    const p = this.page;
    const session = p.workspace.session;
    const editor = session.editor;
    // Cells written from the bottom-left count the rows of the map on show.
    setMapRows(editor.height);
    p.input.forgetCellsOutside(editor.width, editor.height);
    p.scenarios.update(session);
    p.exports.update();
    // In either view: what is saved follows the work and the view on show.
    p.savedNotice?.update(session);
    p.lessons.draw();
    p.quiz.draw();
    const viewOnShow = JSON.stringify(savedView(session.walk, p.compare));
    p.saver?.note(`${session.generation} ${editor.revision()} ${p.driver().timeline().stepCount} ${p.playback.speedIndex} ${viewOnShow}`);
    p.workspace.exampleNote.update(editor);
    if (p.compare.active) {
      p.compare.draw(window.devicePixelRatio || 1);
      showMarkLegend(document, p.compare.finders());
      showOpenLegend(document, p.compare.finders());
      p.stepLineButton.disabled = true;
      p.controls.update(this.controlState(p.compare.timeline()));
      p.heightReporter?.update(editor.width, editor.height, p.compare.boards());
      return;
    }
    p.renderer.setShape(session.shape);
    p.view.layout(editor.width, editor.height, () => p.presentation.placeSide(editor.width, editor.height, p.view.board));
    // Before frameView: finding a step's event steps the engine, which may move wasm memory.
    // The predict box first: it can change the room the pseudocode listing has.
    p.predict.show(session);
    const line = p.stepLine.position(session);
    p.pseudocode.show(line, session.rules);
    const predictMarks = p.predict.marks(session);
    const hideNext = p.predict.hidesNext(session) || p.quiz.hidesNext();
    const view = session.frameView(p.renderer.labelCells());
    // While the class guesses the next node, nothing on the board gives it away.
    view.marks = hideNext ? p.quiz.marks() : [...p.lessons.marks(), ...p.quiz.marks(), ...p.stepLine.marks(line), ...predictMarks];
    if (hideNext) view.next = null;
    // In the middle of an expansion its node is the one being expanded (a mark): the last
    // step's node, what it touched and the head it left are not filled as if they were now,
    // and the line-of-sight tests drawn are those of the lines run.
    if (line.item) {
      view.current = null;
      view.touched = [];
      view.next = null;
      view.sight = line.sight;
    }
    view.hover = p.input.hover;
    view.cursor = p.input.cursor;
    p.renderer.render(view);
    const label = t('grid.label', { width: editor.width, height: editor.height, start: formatCell(view.start), goal: formatCell(view.goal) });
    if (p.gridCanvas.getAttribute('aria-label') !== label) p.gridCanvas.setAttribute('aria-label', label);
    p.panels.setBusy(p.playback.playing);
    p.panels.update(session, p.stepLine.counts(line));
    p.panels.inspect(session, p.input.hover ?? p.input.cursor);
    p.cellCard.show(p.input.touched ? p.input.hover : null, p.renderer);
    this.showAdmissibility(session);
    p.presentation.fit(line.finder?.id, language());
    const search = session.search;
    p.heightReporter?.update(editor.width, editor.height, [p.view.board]);
    p.stepLineButton.disabled = search.status() !== 'running';
    // The timeline's label counts the step under way, as the counters do.
    const timeline = session.timeline();
    if (line.progress) timeline.stepCount = line.progress.step;
    p.controls.update(this.controlState(timeline));
    // After the controls: the handout names the Method panel's fields in force.
    p.handout.update(session, p.workspace.exampleNote.id);
    // In the middle of an expansion run line by line, Step back undoes a line even at step 0.
    if (line.item) p.stepBackButton.disabled = false;
  }

  showAdmissibility(session) {
    if (this.warnedGeneration === session.generation) return;
    this.warnedGeneration = session.generation;
    const verdict = session.search.admissibility();
    const warnings = [];
    if (!verdict.admissible) warnings.push(t('warning.not-admissible', { reason: describeProblem(verdict.reason) }));
    if (verdict.stopsWhenReached) warnings.push(t('warning.stops-when-reached'));
    const warning = this.page.warning;
    warning.hidden = warnings.length === 0;
    warning.replaceChildren(...warnings.map((text) => {
      const line = document.createElement('span');
      line.textContent = text;
      return line;
    }));
  }

  controlState({ stepCount, total, status }) {
    const session = this.page.workspace.session;
    const editor = session.editor;
    return {
      playing: this.page.playback.playing,
      stepCount,
      total,
      status,
      canUndo: editor.canUndo(),
      canRedo: editor.canRedo(),
      width: editor.width,
      height: editor.height,
      options: session.options,
      resolvedOptions: session.resolvedOptions,
      walking: session.walk !== null,
      comparing: this.page.compare.active,
      exampleId: this.page.workspace.exampleNote.id,
      // The compare view's panes walk (it was opened in Walk mode).
      comparingWalks: this.page.compare.active && this.page.compare.walk !== null,
      ...this.page.view.zoomState(),
    };
  }
}
