import { PageError } from './i18n/errors.js';
import { downloadText } from './maps/files.js';
import { startWalk, reopenSaved } from './state/views.js';

// What each control does, and how an action meets an error (a message, never a broken page).

// How actions and edits meet errors: `fail(error)` stops playback and shows it;
// `inputGuard(fn)` runs a pointer edit (the search catches up once per frame); `guarded(fn)`
// first brings the search up to date with the map (an edit may have happened since the last
// frame), then runs fn; `act(fn)` makes such an action of fn. A frame follows each.
export function guards({ playback, messages, changed, sync }) {
  const fail = (error) => {
    playback.stop();
    messages.showError(error);
  };
  const inputGuard = (fn) => {
    try {
      fn();
    } catch (error) {
      fail(error);
    }
    changed();
  };
  const guarded = (fn) => inputGuard(() => {
    sync();
    fn();
  });
  return { fail, inputGuard, guarded, act: (fn) => (...args) => guarded(() => fn(...args)) };
}

// The actions: the playback controls drive the compare view's panes when it is open, else
// the single search (both take the same calls); the rest edit the map, the options and the
// view. Each runs through `act`.
export function pageActions(page) {
  // page: { doc, act(fn), workspace, playback, compare, stepLine, predict, view (BoardView), board,
  //   messages, scenarios, brush: { value }, controls() and lessons() (the LessonPanel), made
  //   after the actions, stepped() (after a step taken by hand) }
  const { act, workspace, playback, compare, stepLine, predict, view, messages, stepped } = page;
  const driver = () => (compare.active ? compare : workspace.session);
  const stopped = (fn) => act((...args) => {
    playback.stop();
    fn(...args);
  });
  return {
    driver,
    togglePlay: act(() => {
      if (playback.playing) {
        playback.stop();
        return;
      }
      if (driver().finished) driver().seek(0);
      playback.start();
    }),
    // A question of Predict left unanswered is answered first (scored as skipped); the
    // next step then goes on.
    step: stopped(() => {
      stepped();
      if (!compare.active && predict.skip(workspace.session)) return;
      if (!driver().finished) driver().step();
    }),
    stepBack: stopped(() => {
      stepped();
      if (compare.active) compare.stepBack();
      else if (!stepLine.back(workspace.session)) workspace.session.stepBack();
    }),
    stepLine: stopped(() => {
      stepped();
      if (!compare.active && !workspace.session.finished) stepLine.forward(workspace.session);
    }),
    finish: stopped(() => driver().finish()),
    // Reset leaves Walk mode for the normal view.
    reset: stopped(() => {
      if (!compare.active && workspace.session.walk) workspace.session.setWalk(null);
      else driver().seek(0);
    }),
    // Leaving Walk mode while the panes walk turns them into searches of the same methods.
    toggleWalk: stopped((text) => {
      if (workspace.session.walk) {
        workspace.session.setWalk(null);
        if (compare.active) compare.leaveWalk();
      } else startWalk(workspace, text);
      messages.clear();
    }),
    seek: stopped((stepCount) => driver().seek(stepCount)),
    setSpeed: act((index) => {
      playback.speedIndex = index;
      page.controls().showSpeed(index);
    }),
    undo: act(() => workspace.undo()),
    redo: act(() => workspace.redo()),
    clearWalls: act(() => workspace.editor.clearWalls()),
    clearWeights: act(() => workspace.editor.clearWeights()),
    newMap: stopped(() => {
      workspace.newMap(page.board);
      messages.clear();
      view.fit();
    }),
    // The saved work back as it was on show: its map, options, view and step.
    backToSaved: stopped(() => {
      const saved = workspace.backToSaved();
      messages.clear();
      const problems = saved ? reopenSaved({ workspace, compare, driver }, saved) : [];
      if (problems.length > 0) messages.showError(problems, '\n');
      view.fit();
    }),
    setBrush: act((value) => {
      page.brush.value = value;
      page.controls().showBrush(value);
    }),
    setOptions: act((options) => {
      try {
        workspace.session.setOptions(options);
      } catch (error) {
        page.controls().showOptions(workspace.session.options);
        throw error;
      }
      if (compare.active) compare.sharedOptionsChanged();
      messages.clear();
    }),
    resize: act((width, height) => {
      workspace.editor.resize(width, height);
      messages.clear();
    }),
    loadExample: stopped((id) => {
      workspace.loadExample(id);
      messages.clear();
    }),
    // A file opened or dropped: a lesson file (.md) opens as the lesson; a scenario file lists queries for the map already open; anything else is a
    // map, with a notice when it brought rules of its own.
    openFile: act((text, name) => {
      try {
        if (/\.md$/i.test(name)) {
          page.lessons().openText(text, name);
          return;
        }
        if (/\.scen$/i.test(name) || /^\s*version\s/.test(text)) {
          page.scenarios.load(text, name);
          return;
        }
        playback.stop();
        const notice = workspace.loadMap(text, undefined, { fileName: name });
        if (notice) messages.showError(notice);
        else messages.clear();
      } catch (error) {
        throw new PageError('error.open-file', { name, detail: error });
      }
    }),
    saveMap: act((format) => {
      let text;
      try {
        text = workspace.editor.toText(format);
      } catch (error) {
        throw new PageError('error.save', { detail: error });
      }
      downloadText(page.doc, text, format === 'movingai' ? 'map.map' : 'map.txt');
    }),
    zoomIn: act(() => view.zoomAt(1)),
    zoomOut: act(() => view.zoomAt(-1)),
    zoomFit: act(() => view.zoomAt(0)),
    fail: act((error) => {
      throw error;
    }),
  };
}
