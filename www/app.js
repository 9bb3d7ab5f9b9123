import { loadEngine } from './engine.js';
import { pageActions, guards } from './actions.js';
import { FrameLoop } from './frame.js';
import { applyPaletteToCss } from './board/palette.js';
import { GridRenderer } from './board/renderer.js';
import { GridInput } from './board/input.js';
import { BoardView } from './board/view.js';
import { Controls } from './panels/controls.js';
import { Panels, MessageArea } from './panels/panels.js';
import { PseudocodePanel } from './panels/pseudocode.js';
import { StepLine, wireStepLine } from './panels/stepline.js';
import { Predict } from './panels/predict.js';
import { CellCard } from './panels/cellcard.js';
import { Playback, SPEEDS } from './state/playback.js';
import { parseParams, defaultOptions } from './state/params.js';
import { StepEvents } from './state/stepevents.js';
import { openSavedWork, WorkSaver } from './state/storage.js';
import { openView, readSavedView, savedView, linkView, linkNamesView } from './state/views.js';
import { EXAMPLES } from './maps/examples.js';
import { wireMapFiles } from './maps/files.js';
import { ExampleNote } from './maps/examplenote.js';
import { ScenarioPanel } from './maps/scenarios.js';
import { Workspace } from './maps/workspace.js';
import { SavedWorkNotice } from './maps/savednotice.js';
import { wireShare } from './export/share.js';
import { QrDialog } from './export/qr.js';
import { wireExports } from './export/exporting.js';
import { Handout, workHeader } from './export/handout.js';
import { setLanguage, initialLanguage, onLanguageChange, t } from './i18n/i18n.js';
import { PageError } from './i18n/errors.js';
import { wireLanguagePicker } from './i18n/language.js';
import { wireOriginPicker, showOrigin } from './i18n/origin.js';
import { cellOrigin } from './i18n/format.js';
import { CompareView } from './compare/view.js';
import { useCatalogue } from './finders/catalogue.js';
import { applyEmbedLayout, HeightReporter, embedEditable, wireEditTools } from './layout/embed.js';
import { FoldingLine } from './layout/foldline.js';
import { Presentation, SidePanelToggle } from './layout/presentation.js';
import { stepKeeper } from './layout/stepview.js';
import { prefersReducedMotion } from './layout/motion.js';
import { routeFieldKeys } from './layout/fieldkeys.js';
import { applyTheme } from './layout/theme.js';
import { LessonBook } from './lessons/book.js';
import { LessonPlayer } from './lessons/player.js';
import { LessonPanel } from './lessons/panel.js';
import { LessonEmbed } from './lessons/embedded.js';
import { lessonQuery } from './lessons/link.js';
import { viewQuery } from './lessons/format.js';
import { Quiz } from './lessons/quiz.js';
import { Worksheet } from './lessons/worksheet.js';
import { Scores } from './lessons/questions/scores.js';
import { reloaded } from './lessons/link.js';

// The page's entry point: loads the engine and its finder catalogue, builds the parts of the
// page and connects the controls, the canvas input and the panels to the work on show;
// FrameLoop draws it.

const doc = document;
const byId = (id) => doc.getElementById(id);

applyPaletteToCss(doc.documentElement);
routeFieldKeys(window);
const messages = new MessageArea(byId('message'), byId('message-text'), byId('message-close'), byId('message-more'));
const exampleIds = EXAMPLES.map((e) => e.id);
// The language and the layout come first, before the engine (and its catalogue, which
// checks the search options) has loaded.
const early = parseParams(location.search, exampleIds, { early: true });
// A language named in the URL is for this visit (a shared link must not change the reader's
// own choice); a choice made in the page is remembered.
setLanguage(initialLanguage(early.lang), { remember: false });
applyTheme(window, early.theme);
wireLanguagePicker(byId('language'));
wireOriginPicker(byId('cell-origin'));
if (early.origin) showOrigin(early.origin);
onLanguageChange(() => messages.render());
if (early.embed) applyEmbedLayout(doc, location, early);
// An embedded page shows its author's map: it neither restores nor saves a visitor's work.
const savedWork = openSavedWork(window, early.embed);
const saved = savedWork.work;

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

function start(engine) {
  useCatalogue(engine.catalogue);
  const params = parseParams(location.search, exampleIds);
  // An embed without editing controls is for reading: nothing on it edits the map.
  const readOnly = !embedEditable(params);
  const board = byId('board');
  const gridCanvas = byId('grid');
  const problems = params.problems.map(({ key, values }) => new PageError(key, values));
  const { unreadable } = savedWork;
  if (unreadable) problems.push(new PageError(unreadable.key ? 'saved.unreadable' : 'saved.unreadable-not-kept', { key: unreadable.key }));
  const frames = new FrameLoop({});
  const changed = () => frames.request();
  const playback = new Playback();
  const { fail, inputGuard, guarded, act } = guards({ playback, messages, changed, sync: () => syncWithEditor() });

  const workspace = new Workspace(engine, { params, saved, board, problems, setAside: savedWork.setAside }, {
    defaults: defaultOptions(),
    // The change an example is about, made as a stroke of walls the search takes in.
    exampleNote: new ExampleNote(byId('example-note'), byId('example-about'), readOnly ? null : byId('example-change'), act((cells) => {
      const editor = workspace.editor;
      editor.beginStroke();
      for (const [x, y] of cells) editor.paint(x, y, 0);
      editor.endStroke();
    })),
    applied: () => {
      if (compare.active) compare.restart();
      controls.showOptions(workspace.session.options);
    },
  });
  const editor = () => workspace.editor;
  const renderer = new GridRenderer(gridCanvas, byId('overlay'));
  const view = new BoardView({ board, content: byId('board-content'), renderer, changed, guard: guarded });
  const stepEvents = new StepEvents();
  const stepLine = new StepLine(stepEvents);
  const predict = new Predict(doc, stepEvents, changed);
  const brush = { value: 0 };
  const compare = new CompareView(doc, {
    engine, editor, sharedOptions: () => workspace.session.options, walk: () => workspace.session.walk, brush: () => brush.value,
    changed, guard: guarded, inputGuard, readOnly,
    toggled: () => {
      playback.stop();
      view.relayout();
    },
  });
  const syncWithEditor = () => {
    workspace.session.syncWithEditor();
    if (compare.active) compare.syncWithEditor();
  };
  const scenarios = new ScenarioPanel(doc, { engine, editor, mapFile: () => workspace.mapFile, guard: guarded });
  const actions = pageActions({
    doc, act, workspace, playback, compare, stepLine, predict, view, board, messages, scenarios, brush,
    controls: () => controls, stepped: stepKeeper(doc),
    lessons: () => lessonPanel,
  });
  const controls = new Controls(doc, actions);
  const input = new GridInput(gridCanvas, renderer, {
    editor,
    brush: () => brush.value,
    changed,
    scrollBy: (dx, dy) => board.scrollBy(dx, dy),
    zoom: (steps, clientX, clientY) => view.zoomAt(steps > 0 ? 1 : -1, clientX, clientY),
    pick: (cell) => {
      if (quiz.wantsCells()) return quiz.tap(cell);
      if (!predict.on) return false;
      playback.stop();
      workspace.session.syncWithEditor();
      return predict.pick(workspace.session, cell);
    },
    guard: inputGuard,
    readOnly,
  });
  // An embedded page has no page-level keys (presentation mode, Step line, the list of
  // shortcuts), and only the playback or editing keys its controls offer.
  if (params.embed) controls.limitKeys({ playback: params.controls !== 'none', editing: !readOnly, page: false });
  if (params.embed && !readOnly) wireEditTools(doc, () => view.relayout());
  if (params.embed) for (const id of ['admissibility', 'example-about', 'walk-legend', 'lesson-narration', 'question-prompt', 'question-verdict', 'result']) new FoldingLine(byId(id));
  if (!readOnly) wireMapFiles(doc, byId('map-file'), byId('drop-hint'), actions.openFile, actions.fail);
  const qr = new QrDialog(doc);
  // The Share panel's snippet embeds the lesson while one of its scenes is on show.
  const lessonLink = () => (lessons.unchanged() ? lessonQuery(lessonBook.lesson, lessons.showing.index) : null);
  wireShare(doc, location, { workspace, playback, compare, qr, lessonLink }, actions.fail);
  byId('new-map').addEventListener('click', actions.newMap);
  const exports = wireExports(doc, {
    engine,
    session: () => workspace.session,
    cellCssSize: () => renderer.cellCssSize,
    compare,
    fail: actions.fail,
    notify: (text) => messages.showError(text),
  });
  new SidePanelToggle(doc, () => view.relayout());
  // The work on show as saved work keeps it.
  const workOnShow = () => ({
    map: editor().toText('ox'),
    options: workspace.session.options,
    step: actions.driver().timeline().stepCount,
    speedIndex: playback.speedIndex,
    view: savedView(workspace.session.walk, compare),
  });
  const saver = savedWork.canSave ? new WorkSaver(window, workOnShow, (state) => workspace.showsLinkOverSaved(state)) : null;
  const presentation = new Presentation(doc, { changed: () => view.relayout(), forward: actions.step, back: actions.stepBack, keys: !params.embed });
  // An embedded page shows its author's map, or the lesson its link names, and keeps neither.
  const lessonWindow = params.embed ? { localStorage: null } : window;
  const lessonBook = new LessonBook(lessonWindow, exampleIds);
  const lessons = new LessonPlayer(doc, lessonBook, {
    win: lessonWindow, workspace, compare, playback, driver: actions.driver, step: actions.step, stepBack: actions.stepBack,
    controls: () => controls, saver, messages, presentation, exampleIds, current: workOnShow,
  }, changed);
  const lessonPanel = new LessonPanel(doc, lessonBook, lessons, {
    engine, exampleIds, defaults: defaultOptions(), messages, fail: actions.fail,
    flush: () => saver?.flush(),
    address: location.href.split(/[?#]/)[0],
    qr,
    view: () => {
      const step = actions.driver().timeline().stepCount;
      const exampleId = workspace.exampleNote.id;
      const count = (lessonBook.lesson?.scenes.length ?? 0) + 1;
      return {
        step,
        title: exampleId ? t(`example.${exampleId}`) : t('lesson.scene-default', { n: count }),
        query: viewQuery({ options: workspace.session.options, mapText: editor().toText('ox'), walk: workspace.session.walk, compare: compare.active ? compare.methods : null, step, origin: cellOrigin() }),
      };
    },
  });
  const lessonEmbed = params.embed ? new LessonEmbed(doc, lessons, location) : null;
  lessons.opened = () => {
    lessonPanel.render();
    lessonEmbed?.render();
  };
  const quiz = new Quiz(doc, lessons, {
    engine, exampleIds, defaults: defaultOptions(), editor, fail: actions.fail, scores: new Scores(params.embed ? { localStorage: null } : window),
    // Embedded, a question is answered only with controls: play or full, and a map to make
    // only with full, which edits.
    answerable: (q) => !params.embed || (params.controls !== 'none' && (q.kind !== 'construct' || !readOnly)),
  }, changed);
  new Worksheet(doc, lessonBook, { engine, exampleIds, defaults: defaultOptions(), fail: actions.fail });
  Object.assign(frames.page, {
    workspace, compare, playback, driver: actions.driver, syncWithEditor, fail, view, renderer, input, controls,
    scenarios, exports, predict, stepLine, gridCanvas,
    panels: new Panels(doc, () => workspace.session, () => workHeader(doc, workspace.session, workspace.exampleNote.id)),
    handout: new Handout(doc, { fitBoard: () => view.zoomAt(0), changed }),
    pseudocode: new PseudocodePanel(doc),
    cellCard: new CellCard(doc, byId('inspector'), gridCanvas),
    presentation,
    saver,
    lessons,
    quiz,
    // An embed keeps no saved work, so a lesson's scene opens over none.
    savedNotice: params.embed ? null : new SavedWorkNotice(doc, workspace, actions.backToSaved),
    heightReporter: params.embed ? new HeightReporter(window, params.id) : null,
    stepLineButton: wireStepLine(doc, actions.stepLine, { keys: !params.embed }),
    stepBackButton: byId('step-back'),
    warning: byId('admissibility'),
  });

  if (params.speed !== undefined) playback.setRate(params.speed);
  else if (Number.isInteger(saved?.speedIndex)) playback.speedIndex = Math.min(SPEEDS.length - 1, Math.max(0, saved.speedIndex));
  controls.showSpeed(playback.speedIndex, playback.exactRate);
  controls.showOptions(workspace.session.options);
  controls.showBrush(brush.value);
  let reopened = false;
  try {
    if (params.sensor !== undefined) controls.showSensor(params.sensor);
    // The view: the link's when it names one, else the one the saved work had on show. Either
    // way it opens by the one rule (www/state/views.js), the saved work kept.
    const savedOpen = workspace.restored && !linkNamesView(params) ? readSavedView(saved.view) : null;
    if (savedOpen) problems.push(...savedOpen.problems);
    if (savedOpen?.view.walk) controls.showSensor(savedOpen.view.walk.sensor);
    const firstView = savedOpen ? savedOpen.view : linkView(params, controls.sensor.value);
    problems.push(...openView({ workspace, compare }, firstView, savedOpen ? 'saved' : 'link'));
    workspace.viewOpened();
    if (params.step !== undefined) actions.driver().seek(params.step);
    else if (savedOpen && Number.isInteger(saved.step)) actions.driver().seek(saved.step);
    // A reload over a lesson's scene opens that scene again, at its step.
    if (workspace.restored && !linkNamesView(params) && params.step === undefined) reopened = lessons.reopen();
    if (params.autoplay && prefersReducedMotion()) problems.push(new PageError('motion.autoplay-held'));
    else if (params.autoplay) playback.start();
  } catch (error) {
    problems.push(error);
  }
  // Embedded, the problems share one line so the map keeps its room.
  if (problems.length > 0) messages.showError(problems, params.embed ? ' ' : '\n');
  // A lesson link opens its lesson over the work the page opened with, which it keeps. Reloaded,
  // the full page shows what was on show instead: the scene it had reopened, or the
  // visitor's own map once another had ended the scene.
  if (params.lesson && (params.embed || !(reloaded(window) && (reopened || workspace.restored)))) lessonPanel.openLink(params.lesson, params.scene);
  // A new language: every text built from the state is built again, the search untouched.
  onLanguageChange(() => frames.retranslate());
  changed();
  // A browser may give a frame below the fold no animation frames until it is scrolled to:
  // an embed draws, and so tells its host its height, at once, and again when resized.
  if (params.embed) {
    frames.frame(performance.now());
    addEventListener('resize', () => frames.frame(performance.now()));
  }
}
