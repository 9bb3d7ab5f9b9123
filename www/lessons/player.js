import { t, language } from '../i18n/i18n.js';
import { PageError } from '../i18n/errors.js';
import { fieldKeepsKey } from '../layout/fieldkeys.js';
import { linkView, openView } from '../state/views.js';
import { showOrigin } from '../i18n/origin.js';
import { lessonStore } from './store.js';
import { sceneParams, titleIn, narrationIn, NARRATION_LANGUAGES } from './format.js';
import { forward, back, firstScene, lastScene } from './navigation.js';

// Shows a lesson's scenes: opens one (its map, options, view and step, as a link would, the
// visitor's saved work kept), shows its number, title and narration above the board and
// frames its marked cells. In presentation mode the stepping keys walk the lesson: through a
// scene's steps (to its own stopping step, if it has one), then on to the next scene
// (navigation.js). They never change an option: each scene opens with its own. The scene on
// show and its step are kept in the browser, so a reload opens it again.
export class LessonPlayer {
  // page: { workspace, compare, playback, driver(), step(), stepBack(), controls(),
  //   saver, messages, presentation, exampleIds, current() (the work on show as saved) };
  // book: the LessonBook; changed(): a frame is due.
  constructor(doc, book, page, changed) {
    this.book = book;
    this.page = page;
    this.changed = changed;
    // The scene on show ({ index, first (its opening step), revision (the map's, as it
    // opened), loads (the maps opened by then) }), or null when the work on show is not a
    // scene: another map opened (an example, a file) ends it.
    this.showing = null;
    this.bar = doc.getElementById('lesson-bar');
    this.counter = doc.getElementById('lesson-counter');
    this.name = doc.getElementById('lesson-scene-name');
    this.narration = doc.getElementById('lesson-narration');
    this.shown = null;
    // Called after a scene opened (the Lesson panel shows which).
    this.opened = () => {};
    // Capturing, before the page's own keys (the blanked screen's key comes first still).
    doc.addEventListener('keydown', (e) => this.shortcut(e), true);
  }

  get inLessonMode() {
    return this.page.presentation.active && this.showing !== null && this.book.lesson !== null;
  }

  // Opens scene `index` at its first step, or at its end (`at` 'end', going back: its own
  // stopping step, or the search's end), or at step `at` (a number: reopened after a
  // reload). A part the page refuses is left out with a message, as a link's is. `view`
  // ({ query }): another view shown as the scene (a practice question's map).
  open(index, at = 'start', view = null) {
    const { workspace, compare, playback, driver, controls, messages, saver } = this.page;
    const scene = this.book.lesson.scenes[index];
    const params = sceneParams(view ?? scene, this.page.exampleIds);
    const problems = params.problems.map(({ key, values }) => new PageError(key, values));
    playback.stop();
    saver?.flush();
    const current = this.page.current();
    try {
      if (compare.active && !params.compare) compare.close();
      workspace.openScene(params, current, problems);
      // Coordinates as the scene writes them, else the visitor's own.
      showOrigin(params.origin);
      if (params.sensor !== undefined) controls().showSensor(params.sensor);
      problems.push(...openView({ workspace, compare }, linkView(params, controls().sensor.value), 'link'));
      workspace.viewOpened();
      if (params.speed !== undefined) playback.setRate(params.speed);
      const first = params.step ?? 0;
      if (at === 'end' && scene.stop !== undefined) driver().seek(scene.stop);
      else if (at === 'end') driver().finish();
      else driver().seek(Number.isInteger(at) ? at : first);
      this.showing = { index, first, revision: workspace.editor.revision(), loads: workspace.mapLoads };
      this.book.select(index);
      messages.clear();
    } catch (error) {
      problems.push(error);
    }
    if (problems.length > 0) messages.showError(problems.map((detail) => new PageError('lesson.scene-failed', { n: index + 1, detail })), '\n');
    this.opened();
    this.changed();
  }

  // The view on show became scene `index` (added as a scene), at its step `first`.
  adopt(index, first) {
    this.showing = { index, first, revision: this.page.workspace.editor.revision(), loads: this.page.workspace.mapLoads };
    this.changed();
  }

  // The lesson changed under the scene on show (reordered, deleted, another opened): the
  // scene is followed to its new place, or the work on show is no longer a scene.
  follow(index) {
    if (this.showing) this.showing = index === null ? null : { ...this.showing, index };
    this.changed();
  }

  // Where the keys are in the lesson.
  position() {
    return {
      scene: this.showing.index,
      count: this.book.lesson.scenes.length,
      step: this.page.driver().timeline().stepCount,
      first: this.showing.first,
      finished: this.page.driver().finished,
      stop: this.book.lesson.scenes[this.showing.index].stop,
    };
  }

  // After a reload: the scene that was on show, at the step it was at, when the lesson is
  // the one it was in. A scene whose map the visitor had changed (a construct task's answer)
  // stays on show over the changed map, which the page brought back as saved work. Returns
  // whether the scene is on show.
  reopen() {
    const kept = lessonStore.showing(this.page.win);
    const lesson = this.book.lesson;
    if (!kept || !lesson || kept.index >= lesson.scenes.length || kept.title !== lesson.scenes[kept.index].title) return false;
    if (!kept.edited) {
      this.open(kept.index, kept.step);
      return this.showing !== null;
    }
    // Its marks belong to the map as it opened, so none are drawn (no revision matches).
    const first = sceneParams(lesson.scenes[kept.index], this.page.exampleIds).step ?? 0;
    this.showing = { index: kept.index, first, revision: null, loads: this.page.workspace.mapLoads };
    this.book.select(kept.index);
    this.opened();
    this.changed();
    return true;
  }

  go(move) {
    if (move !== null) this.open(move.index, move.at);
  }

  next() {
    const move = forward(this.position());
    if (move?.kind === 'step') this.page.step();
    else this.go(move);
  }

  previous() {
    const move = back(this.position());
    if (move?.kind === 'step') this.page.stepBack();
    else this.go(move);
  }

  shortcut(e) {
    if (!this.inLessonMode || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || fieldKeepsKey(e)) return;
    if (['PageDown', 'ArrowDown', 'ArrowRight'].includes(e.key)) this.next();
    else if (['PageUp', 'ArrowUp', 'ArrowLeft'].includes(e.key)) this.previous();
    else if (e.key === 'Home') this.go(firstScene(this.position()));
    else if (e.key === 'End') this.go(lastScene(this.position()));
    else return;
    e.preventDefault();
  }

  // The scene on show, while its map is as it opened, else null.
  unchanged() {
    const scene = this.showing && this.book.lesson?.scenes[this.showing.index];
    return scene && this.page.workspace.editor.revision() === this.showing.revision ? scene : null;
  }

  // The cells the scene on show marks (and their labels), while its map is as it opened.
  marks() {
    return this.unchanged()?.marks.map(([x, y, label]) => ({ x, y, kind: 'lesson', label })) ?? [];
  }

  // The scene on show and its step, kept for a reload, and whether its map was changed.
  keep() {
    const scene = this.showing && this.book.lesson?.scenes[this.showing.index];
    const edited = scene && !this.unchanged();
    const kept = scene ? { index: this.showing.index, title: scene.title, step: this.page.driver().timeline().stepCount, ...(edited ? { edited } : {}) } : null;
    const key = JSON.stringify(kept);
    if (key === this.kept) return;
    this.kept = key;
    lessonStore.saveShowing(this.page.win, kept);
  }

  // Each frame: the scene's number, title and narration, in the page's language.
  draw() {
    if (this.showing && this.showing.loads !== this.page.workspace.mapLoads) this.follow(null);
    if (this.page.win) this.keep();
    const scene = this.showing && this.book.lesson?.scenes[this.showing.index];
    const code = language();
    const key = scene ? `${code}|${this.showing.index}|${this.book.lesson.scenes.length}|${titleIn(scene, code)}|${narrationIn(scene, code)}` : null;
    if (key === this.shown) return;
    this.shown = key;
    this.bar.hidden = !scene;
    if (!scene) return;
    this.counter.textContent = t('lesson.counter', { scene: this.showing.index + 1, count: this.book.lesson.scenes.length });
    this.name.textContent = titleIn(scene, code);
    const text = narrationIn(scene, code);
    // Marked in the language it is written in, which is another where this one has none.
    const written = scene.narration[code] !== undefined ? code : NARRATION_LANGUAGES.find((c) => scene.narration[c] !== undefined) ?? code;
    this.narration.lang = written === 'zh' ? 'zh-CN' : written;
    this.narration.replaceChildren(...text.split(/\n\s*\n/).filter((p) => p.trim() !== '').map((paragraph) => {
      const p = this.narration.ownerDocument.createElement('p');
      p.textContent = paragraph;
      return p;
    }));
  }
}
