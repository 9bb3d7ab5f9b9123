import { loadEngine } from './engine.js';
import { applyPaletteToCss } from './palette.js';
import { prefersReducedMotion } from './motion.js';
import { GridRenderer } from './renderer.js';
import { Zoom, ZOOM_LEVELS } from './zoom.js';
import { GridInput } from './input.js';
import { Controls } from './controls.js';
import { Panels, MessageArea } from './panels.js';
import { SearchSession } from './session.js';
import { Playback, SPEEDS } from './playback.js';
import { parseParams } from './params.js';
import { EXAMPLES, openExample } from './maps.js';
import { wireMapFiles, downloadText } from './mapfiles.js';
import { wireShare } from './share.js';
import { formatCell } from './format.js';
import { t, setLanguage, initialLanguage, onLanguageChange } from './i18n.js';
import { PageError, describeProblem } from './errors.js';
import { wireLanguagePicker } from './language.js';
import { ExampleNote } from './examplenote.js';
import { LoadSettings } from './loadsettings.js';
import { CompareView } from './compare.js';
import { ScenarioPanel } from './scenarios.js';
import { applyEmbedLayout, HeightReporter } from './embed.js';
import { loadWork, WorkSaver } from './storage.js';
import { wireExports } from './exporting.js';
import { Presentation, SidePanelToggle } from './presentation.js';
import { PseudocodePanel } from './pseudocode.js';
import { StepLine, wireStepLine } from './stepline.js';
import { StepEvents } from './stepevents.js';
import { Predict } from './predict.js';

// The page's entry point: builds the first scene, connects the controls, the canvas input
// and the panels to one SearchSession, and runs the animation loop.

// The core's defaults, spelled out so the option fields and shared links agree with them.
const DEFAULT_OPTIONS = {
  algorithm: 'astar',
  weight: 1,
  directions: 8,
  diagonal: 'if-at-most-one-obstacle',
  costs: '10-14',
  tieBreak: 'larger-g',
};
// The Moving AI benchmark's rules, switched to when a Moving AI map is opened so costs
// compare with its scenarios' optimal lengths.
const MOVING_AI_RULES = { directions: 8, diagonal: 'only-when-no-obstacles', costs: 'exact', heuristic: 'octile' };
// The default scene is sized so cells are at least this big (CSS px): large enough to read
// F, G and H.
const DEFAULT_SCENE_CELL = 50;

const doc = document;
const byId = (id) => doc.getElementById(id);

applyPaletteToCss(doc.documentElement);
const messages = new MessageArea(byId('message'), byId('message-text'), byId('message-close'));
const params = parseParams(location.search, EXAMPLES.map((e) => e.id));
// A language named in the URL is for this visit (a shared link must not change the reader's
// own choice); a choice made in the page is remembered.
setLanguage(initialLanguage(params.lang), { remember: false });
wireLanguagePicker(byId('language'));
onLanguageChange(() => messages.render());
if (params.embed) applyEmbedLayout(doc, location, params);
// An embedded page shows its author's map: it neither restores nor saves a visitor's work.
const saved = params.embed ? null : loadWork(window);

let engine = null;
try {
  engine = await loadEngine();
} catch (error) {
  messages.showError(new PageError('error.engine-load', { detail: error }));
}
if (engine) {
  try {
    start(engine);
  } catch (error) {
    messages.showError(new PageError('error.start', { detail: error }));
  }
}

function defaultSceneSize(board) {
  const clamp = (n, low, high) => Math.min(high, Math.max(low, n));
  return {
    width: clamp(Math.floor(board.clientWidth / DEFAULT_SCENE_CELL), 8, 24),
    height: clamp(Math.floor(board.clientHeight / DEFAULT_SCENE_CELL), 5, 14),
  };
}

// The first map and the options it is shown with: from the URL if it names a map, an
// example or a size, else the work saved last time (with the URL's options winning), else
// the default scene.
function initialScene(engine, board, problems) {
  if (params.map !== undefined) {
    try {
      return { editor: engine.MapEditor.fromText(params.map), options: params.options };
    } catch (error) {
      problems.push(new PageError('error.url-map', { detail: error }));
    }
  } else if (params.example !== undefined) {
    try {
      const example = openExample(params.example);
      return { editor: engine.MapEditor.fromText(example.text), options: { ...example.options, ...params.options }, exampleId: params.example };
    } catch (error) {
      problems.push(new PageError('error.url-example', { id: params.example, detail: error }));
    }
  }
  if (saved && params.size === undefined) {
    try {
      return { editor: engine.MapEditor.fromText(saved.map), options: { ...saved.options, ...params.options }, restored: true };
    } catch {
      // A saved map this version cannot read: start with the default scene.
    }
  }
  const size = params.size ?? defaultSceneSize(board);
  return { editor: engine.MapEditor.defaultScene(size.width, size.height), options: params.options };
}

function start(engine) {
  const board = byId('board');
  const boardContent = byId('board-content');
  const gridCanvas = byId('grid');
  const warning = byId('admissibility');
  const problems = params.problems.map(({ key, values }) => new PageError(key, values));

  const scene = initialScene(engine, board, problems);
  let session;
  try {
    session = new SearchSession(engine, scene.editor, { ...DEFAULT_OPTIONS, ...scene.options });
  } catch (error) {
    problems.push(new PageError('error.url-options', { detail: error }));
    session = new SearchSession(engine, scene.editor, { ...DEFAULT_OPTIONS });
  }

  const playback = new Playback();
  const renderer = new GridRenderer(gridCanvas, byId('overlay'));
  const panels = new Panels(doc, () => session);
  const exampleNote = new ExampleNote(byId('example-about'));
  const loads = new LoadSettings();
  exampleNote.show(scene.exampleId ?? null);
  const zoom = new Zoom();
  const stepEvents = new StepEvents();
  const stepLine = new StepLine(stepEvents);
  const pseudocode = new PseudocodePanel(doc);
  const predict = new Predict(doc, stepEvents, requestFrame);
  // Where the pointer (or the board's centre) was when the zoom changed: the grid point
  // under it stays under it.
  let zoomAnchor = null;
  let brush = 0;
  let layoutDirty = true;
  let frameRequested = false;
  let warnedGeneration = -1;
  // The file name of the map open, when it was opened from a file (for the scenario check).
  let mapFile = null;

  function requestFrame() {
    if (frameRequested) return;
    frameRequested = true;
    requestAnimationFrame(frame);
  }

  function fail(error) {
    playback.stop();
    messages.showError(error);
  }

  // What the playback controls drive: the compare view's panes when it is open, else the
  // single search. Both take the same calls.
  const driver = () => (compare.active ? compare : session);
  function syncWithEditor() {
    session.syncWithEditor();
    if (compare.active) compare.syncWithEditor();
  }

  // Every action from a control: first bring the search up to date with the map (an edit may
  // have happened since the last frame), then act; a thrown error becomes a message.
  const act = (fn) => (...args) => {
    try {
      syncWithEditor();
      fn(...args);
    } catch (error) {
      fail(error);
    }
    requestFrame();
  };

  // Opens a map in place of the current one as one undo entry, with new options if given (an
  // example's). A Moving AI map brings the benchmark's rules, and says so. Undoing the load
  // brings back the options and example note in force before it; redoing, the ones it brought.
  function loadMap(text, options, { fileName, exampleId = null } = {}) {
    playback.stop();
    const before = loadSettings();
    const entryBefore = session.editor.lastEntry();
    const format = session.editor.loadText(text);
    const movingAi = format === 'movingai';
    applyLoadSettings({
      options: movingAi ? { ...session.options, ...MOVING_AI_RULES } : options ?? session.options,
      exampleId,
      mapFile: fileName ?? null,
    });
    const entry = session.editor.lastEntry();
    // The same map again makes no undo entry, and nothing to tie the settings to.
    if (entry !== entryBefore) loads.loaded(entry, before, loadSettings());
    if (movingAi) messages.showError(new PageError('movingai.rules', { file: fileName }));
    else messages.clear();
  }

  function loadSettings() {
    return { options: { ...session.options }, exampleId: exampleNote.id, mapFile };
  }

  function applyLoadSettings({ options, exampleId, mapFile: file }) {
    mapFile = file;
    session.restart(options);
    if (compare.active) compare.restart();
    controls.showOptions(session.options);
    exampleNote.show(exampleId);
  }

  function undoOrRedo(takeBack) {
    const entry = takeBack ? session.editor.undo() : session.editor.redo();
    const settings = takeBack ? loads.before(entry) : loads.after(entry);
    if (settings) applyLoadSettings(settings);
  }

  const actions = {
    togglePlay: act(() => {
      if (playback.playing) {
        playback.stop();
        return;
      }
      if (driver().finished) driver().seek(0);
      playback.start();
    }),
    step: act(() => {
      playback.stop();
      if (!driver().finished) driver().step();
    }),
    stepBack: act(() => {
      playback.stop();
      if (compare.active) compare.stepBack();
      else if (!stepLine.back(session)) session.stepBack();
    }),
    stepLine: act(() => {
      playback.stop();
      if (!compare.active && !session.finished) stepLine.forward(session);
    }),
    finish: act(() => {
      playback.stop();
      driver().finish();
    }),
    reset: act(() => {
      playback.stop();
      driver().seek(0);
    }),
    seek: act((stepCount) => {
      playback.stop();
      driver().seek(stepCount);
    }),
    setSpeed: act((index) => {
      playback.speedIndex = index;
      controls.showSpeed(index);
    }),
    undo: act(() => undoOrRedo(true)),
    redo: act(() => undoOrRedo(false)),
    clearWalls: act(() => session.editor.clearWalls()),
    clearWeights: act(() => session.editor.clearWeights()),
    // A fresh start: the default scene for the board's size and the default options.
    newMap: act(() => {
      const size = defaultSceneSize(board);
      const scene = engine.MapEditor.defaultScene(size.width, size.height);
      const text = scene.toText('ox');
      scene.free();
      // Loaded as one undo entry: even a fresh start loses nothing.
      loadMap(text, { ...DEFAULT_OPTIONS });
      zoom.fit();
    }),
    setBrush: act((value) => {
      brush = value;
      controls.showBrush(value);
    }),
    setOptions: act((options) => {
      try {
        session.setOptions(options);
      } catch (error) {
        controls.showOptions(session.options);
        throw error;
      }
      if (compare.active) compare.sharedOptionsChanged();
      messages.clear();
    }),
    resize: act((width, height) => {
      session.editor.resize(width, height);
      messages.clear();
    }),
    loadExample: act((id) => {
      const example = openExample(id);
      loadMap(example.text, { ...DEFAULT_OPTIONS, ...example.options }, { exampleId: id });
    }),
    saveMap: act((format) => {
      let text;
      try {
        text = session.editor.toText(format);
      } catch (error) {
        throw new PageError('error.save', { detail: error });
      }
      downloadText(doc, text, format === 'movingai' ? 'map.map' : 'map.txt');
    }),
    zoomIn: act(() => zoomAt(() => zoom.in())),
    zoomOut: act(() => zoomAt(() => zoom.out())),
    zoomFit: act(() => zoomAt(() => zoom.fit())),
    fail: act((error) => {
      throw error;
    }),
  };

  // Changes the zoom keeping the grid point at clientX, clientY (default: the board's
  // centre) where it is on the screen.
  function zoomAt(change, clientX, clientY) {
    const boardBox = board.getBoundingClientRect();
    const x = clientX ?? boardBox.left + board.clientWidth / 2;
    const y = clientY ?? boardBox.top + board.clientHeight / 2;
    const grid = boardContent.getBoundingClientRect();
    if (!change()) return;
    zoomAnchor = {
      fx: (x - grid.left) / grid.width,
      fy: (y - grid.top) / grid.height,
      offsetX: x - boardBox.left - board.clientLeft,
      offsetY: y - boardBox.top - board.clientTop,
    };
  }

  // Pointer events only edit the map; the search catches up once per frame.
  function inputGuard(fn) {
    try {
      fn();
    } catch (error) {
      fail(error);
    }
    requestFrame();
  }

  const controls = new Controls(doc, actions);
  const input = new GridInput(gridCanvas, renderer, {
    editor: () => session.editor,
    brush: () => brush,
    changed: requestFrame,
    scrollBy: (dx, dy) => board.scrollBy(dx, dy),
    zoom: (steps, clientX, clientY) => zoomAt(() => (steps > 0 ? zoom.in() : zoom.out()), clientX, clientY),
    pick: (cell) => {
      if (!predict.on) return false;
      playback.stop();
      session.syncWithEditor();
      return predict.pick(session, cell);
    },
    guard: inputGuard,
  });
  const compare = new CompareView(doc, {
    engine,
    editor: () => session.editor,
    sharedOptions: () => session.options,
    brush: () => brush,
    changed: requestFrame,
    guard: (fn) => act(fn)(),
    inputGuard,
    toggled: () => {
      playback.stop();
      layoutDirty = true;
    },
  });
  const scenarios = new ScenarioPanel(doc, {
    engine,
    editor: () => session.editor,
    mapFile: () => mapFile,
    guard: (fn) => act(fn)(),
  });
  // A scenario file lists queries for a map already open; anything else is a map.
  const isScenarioFile = (text, name) => /\.scen$/i.test(name) || /^\s*version\s/.test(text);
  wireMapFiles(doc, byId('map-file'), byId('drop-hint'), act((text, name) => {
    try {
      if (isScenarioFile(text, name)) scenarios.load(text, name);
      else loadMap(text, undefined, { fileName: name });
    } catch (error) {
      throw new PageError('error.open-file', { name, detail: error });
    }
  }), actions.fail);
  wireShare(doc, location, () => ({
    options: session.options,
    mapText: session.editor.toText('ox'),
    cells: session.editor.cellCount(),
    width: session.editor.width,
    height: session.editor.height,
    speed: playback.speed.perSecond ?? playback.speed.perFrame * 60,
  }), actions.fail);
  byId('new-map').addEventListener('click', actions.newMap);
  const exportPanel = wireExports(doc, {
    engine,
    session: () => session,
    cellCssSize: () => renderer.cellCssSize,
    fail: actions.fail,
    notify: (text) => messages.showError(text),
  });
  const saver = params.embed ? null : new WorkSaver(window, () => ({
    map: session.editor.toText('ox'),
    options: session.options,
    step: session.search.stepCount(),
    speedIndex: playback.speedIndex,
  }));
  const heightReporter = params.embed ? new HeightReporter(window, board) : null;
  const stepLineButton = wireStepLine(doc, actions.stepLine);
  const relayout = () => {
    layoutDirty = true;
    requestFrame();
  };
  const presentation = new Presentation(doc, relayout);
  new SidePanelToggle(doc, relayout);
  new ResizeObserver(() => {
    layoutDirty = true;
    requestFrame();
  }).observe(board);
  board.addEventListener('scroll', requestFrame, { passive: true });
  // Ctrl + wheel (and a touchpad pinch, which browsers report as one) zooms at the pointer.
  board.addEventListener('wheel', (e) => {
    if (!e.ctrlKey || e.deltaY === 0) return;
    e.preventDefault();
    act(() => zoomAt(() => (e.deltaY < 0 ? zoom.in() : zoom.out()), e.clientX, e.clientY))();
  }, { passive: false });

  function layout() {
    const editor = session.editor;
    if (layoutDirty) presentation.placeCode(editor.width, editor.height, board);
    const dpr = window.devicePixelRatio || 1;
    const resized = renderer.fit(editor.width, editor.height, board.clientWidth, board.clientHeight, dpr, zoom.factor);
    if (resized || layoutDirty) {
      boardContent.style.width = `${renderer.fullCssWidth}px`;
      boardContent.style.height = `${renderer.fullCssHeight}px`;
    }
    if (zoomAnchor) {
      const { fx, fy, offsetX, offsetY } = zoomAnchor;
      board.scrollLeft = boardContent.offsetLeft + fx * renderer.fullCssWidth - offsetX;
      board.scrollTop = boardContent.offsetTop + fy * renderer.fullCssHeight - offsetY;
      zoomAnchor = null;
    }
    renderer.setOrigin(board.scrollLeft, board.scrollTop);
    layoutDirty = false;
  }

  function showAdmissibility() {
    if (warnedGeneration === session.generation) return;
    warnedGeneration = session.generation;
    const verdict = session.search.admissibility();
    warning.hidden = verdict.admissible;
    warning.textContent = verdict.admissible ? '' : t('warning.not-admissible', { reason: describeProblem(verdict.reason) });
  }

  function draw() {
    const editor = session.editor;
    input.forgetCellsOutside(editor.width, editor.height);
    scenarios.update(session);
    exportPanel.update();
    if (compare.active) {
      compare.draw(window.devicePixelRatio || 1);
      stepLineButton.disabled = true;
      controls.update(controlState(compare.timeline()));
      return;
    }
    layout();
    // Before frameView: finding a step's event steps the engine, which may move wasm memory.
    // The predict box first: it can change the room the pseudocode listing has.
    predict.show(session);
    const line = stepLine.position(session);
    pseudocode.show(line);
    const predictMarks = predict.marks(session);
    const hideNext = predict.hidesNext(session);
    const view = session.frameView(renderer.labelCells());
    // While the class guesses the next node, nothing on the board gives it away.
    view.marks = hideNext ? [] : [...stepLine.marks(line), ...predictMarks];
    if (hideNext) view.next = null;
    view.hover = input.hover;
    view.cursor = input.cursor;
    renderer.render(view);
    const label = t('grid.label', { width: editor.width, height: editor.height, start: formatCell(view.start), goal: formatCell(view.goal) });
    if (gridCanvas.getAttribute('aria-label') !== label) gridCanvas.setAttribute('aria-label', label);
    panels.setBusy(playback.playing);
    panels.update(session);
    panels.inspect(session, input.hover ?? input.cursor);
    showAdmissibility();
    const search = session.search;
    saver?.note(`${session.generation} ${editor.revision()} ${search.stepCount()} ${playback.speedIndex}`);
    heightReporter?.update(editor.width, editor.height);
    stepLineButton.disabled = search.status() !== 'running';
    controls.update(controlState(session.timeline()));
    // In the middle of an expansion run line by line, Step back undoes a line even at step 0.
    if (line.item) byId('step-back').disabled = false;
  }

  function controlState({ stepCount, total, status }) {
    const editor = session.editor;
    return {
      playing: playback.playing,
      stepCount,
      total,
      status,
      canUndo: editor.canUndo(),
      canRedo: editor.canRedo(),
      width: editor.width,
      height: editor.height,
      options: session.options,
      resolvedOptions: session.resolvedOptions,
      zoomLabel: zoom.label,
      canZoomIn: !renderer.zoomLimited && zoom.factor < ZOOM_LEVELS[ZOOM_LEVELS.length - 1],
      canZoomOut: !zoom.fitsWhole,
    };
  }

  function frame(now) {
    frameRequested = false;
    try {
      syncWithEditor();
      if (playback.playing) {
        const due = playback.stepsDue(now);
        if (due > 0) driver().advance(due);
        if (driver().finished) playback.stop();
      }
      draw();
    } catch (error) {
      fail(error);
    }
    if (playback.playing) requestFrame();
  }

  if (params.speed !== undefined) playback.setRate(params.speed);
  else if (Number.isInteger(saved?.speedIndex)) playback.speedIndex = Math.min(SPEEDS.length - 1, Math.max(0, saved.speedIndex));
  controls.showSpeed(playback.speedIndex, playback.exactRate);
  controls.showOptions(session.options);
  controls.showBrush(brush);
  try {
    if (params.compare) {
      try {
        compare.open(params.compare);
      } catch (error) {
        throw new PageError('error.url-compare', { detail: error });
      }
    }
    if (params.step !== undefined) driver().seek(params.step);
    else if (scene.restored && Number.isInteger(saved.step)) session.seek(saved.step);
    if (params.autoplay && prefersReducedMotion()) problems.push(new PageError('motion.autoplay-held'));
    else if (params.autoplay) playback.start();
  } catch (error) {
    problems.push(error);
  }
  // Embedded, the problems share one line so the map keeps its room.
  if (problems.length > 0) messages.showError(problems, params.embed ? ' ' : '\n');
  // A new language: every text built from the state is built again, the search untouched.
  onLanguageChange(() => {
    panels.invalidate();
    warnedGeneration = -1;
    requestFrame();
  });
  requestFrame();
}
