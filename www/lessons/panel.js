import { t, textIn, language, onLanguageChange } from '../i18n/i18n.js';
import { PageError, describeError } from '../i18n/errors.js';
import { downloadText } from '../maps/files.js';
import { parseLesson, titleIn, lessonFileTooLarge, sceneParams } from './format.js';
import { checkLesson, sceneSetup, questionProblem } from './check.js';
import { readQuestion, writeQuestion } from './questions/spec.js';
import { BUILT_IN_LESSONS, builtInLesson } from './builtin.js';
import { lessonQuery, readLessonValue } from './link.js';

// The Lessons menu (top bar) and the Lesson panel: open a built-in lesson or a lesson file,
// add the view on show as a scene, edit a scene's titles and narration, reorder and delete
// scenes, save the lesson file, share the lesson as a link or a QR code; and the notice that
// keeps an edited lesson another replaced.

// At most this many of a file's problems are listed; the rest are counted.
const LISTED_PROBLEMS = 20;

export class LessonPanel {
  // page: { engine, exampleIds, defaults, messages, fail(error), view() (the view on show as
  // a scene: { query, title, step }), flush() (the map's saved work brought up to date),
  // address (the page's, without a query), qr (the QR code dialog) }
  constructor(doc, book, player, page) {
    this.doc = doc;
    this.book = book;
    this.player = player;
    this.page = page;
    const byId = (id) => doc.getElementById(id);
    this.panel = byId('lesson-panel');
    this.pick = byId('lesson-pick');
    this.status = byId('lesson-status');
    this.list = byId('lesson-scenes');
    this.titles = byId('lesson-titles');
    this.sceneFields = byId('lesson-scene-fields');
    this.fields = {
      title: byId('lesson-title'), titleZh: byId('lesson-title-zh'),
      sceneTitle: byId('scene-title'), sceneTitleZh: byId('scene-title-zh'),
      en: byId('scene-text-en'), zh: byId('scene-text-zh'), question: byId('scene-question'),
    };
    this.questionProblem = byId('scene-question-problem');
    this.save = byId('lesson-save');
    this.shareButtons = [byId('lesson-share'), byId('lesson-share-qr')];
    this.link = byId('lesson-link');
    this.kept = byId('lesson-kept');
    this.keptText = byId('lesson-kept-text');
    this.keptShown = false;

    this.fillPick();
    onLanguageChange(() => {
      this.fillPick();
      this.render();
    });
    this.pick.addEventListener('change', () => {
      const id = this.pick.value;
      this.pick.value = '';
      if (id) this.openLesson(builtInLesson(id));
    });
    const file = byId('lesson-file');
    file.addEventListener('change', () => {
      const chosen = file.files[0];
      if (chosen) this.openFile(chosen).finally(() => { file.value = ''; });
    });
    byId('lesson-add').addEventListener('click', () => this.addView());
    this.save.addEventListener('click', () => this.saveFile());
    byId('lesson-new').addEventListener('click', () => this.openLesson({ title: t('lesson.untitled'), titles: {}, scenes: [] }));
    byId('lesson-back').addEventListener('click', () => this.back());
    byId('lesson-share').addEventListener('click', async () => {
      if (!(await this.shareLink())) return;
      this.link.select();
      // Copying is a convenience: without clipboard permission the selected link is there.
      navigator.clipboard?.writeText(this.link.value).catch(() => {});
    });
    byId('lesson-share-qr').addEventListener('click', async () => {
      if (!(await this.shareLink())) return;
      try {
        page.qr.show(this.link.value);
      } catch (error) {
        page.fail(error);
      }
    });
    byId('lesson-kept-close').addEventListener('click', () => {
      this.keptShown = false;
      this.render();
    });
    const { title, titleZh, sceneTitle, sceneTitleZh, en, zh } = this.fields;
    title.addEventListener('input', () => this.edit(() => this.book.setTitle(this.book.lesson, null, title.value)));
    titleZh.addEventListener('input', () => this.edit(() => this.book.setTitle(this.book.lesson, 'zh', titleZh.value)));
    sceneTitle.addEventListener('input', () => this.edit(() => this.book.setTitle(this.selected(), null, sceneTitle.value)));
    sceneTitleZh.addEventListener('input', () => this.edit(() => this.book.setTitle(this.selected(), 'zh', sceneTitleZh.value)));
    en.addEventListener('input', () => this.edit(() => this.book.setNarration(this.book.scene, 'en', en.value)));
    zh.addEventListener('input', () => this.edit(() => this.book.setNarration(this.book.scene, 'zh', zh.value)));
    this.fields.question.addEventListener('input', () => this.editQuestion());
    this.list.addEventListener('click', (e) => this.listClick(e));
    if (book.problems.length > 0) page.messages.showError(book.problems, '\n');
    this.render();
  }

  fillPick() {
    const code = language();
    const choose = new Option(t('lessons.choose'), '');
    this.pick.replaceChildren(choose, ...BUILT_IN_LESSONS.map((id) => new Option(textIn(code, `lesson.${id}.title`), id)));
    this.pick.value = '';
  }

  selected() {
    return this.book.lesson?.scenes[this.book.scene] ?? null;
  }

  edit(fn) {
    fn();
    this.render();
    this.player.changed();
  }

  // A question as typed: taken when it reads as one and has an answer in the scene; else the
  // scene keeps the question it had, and the field says why.
  editQuestion() {
    const field = this.fields.question;
    const text = field.value.trim();
    const question = text === '' ? null : readQuestion(text);
    let problem = text !== '' && question === null ? new PageError('lesson.question-typed') : null;
    if (question) {
      const { engine, exampleIds, defaults } = this.page;
      const params = sceneParams(this.selected(), exampleIds);
      try {
        const setup = sceneSetup(engine, params, defaults);
        problem = questionProblem(engine, setup, params.step ?? 0, question);
        setup.editor.free();
      } catch (error) {
        problem = error;
      }
    }
    this.questionProblem.textContent = problem ? describeError(problem) : '';
    field.setAttribute('aria-invalid', String(problem !== null));
    if (!problem) this.edit(() => this.book.setQuestion(this.book.scene, question));
  }

  // Opens a lesson at its first scene (or scene `at`, from 0, if it has one); an edited
  // lesson it replaces is kept, and said so.
  openLesson(lesson, at = 0) {
    const kept = this.book.open(lesson);
    if (kept) this.keptShown = true;
    this.player.follow(null);
    if (lesson.scenes.length > 0) this.player.open(Math.min(at, lesson.scenes.length - 1));
    this.panel.open = true;
    this.render();
  }

  back() {
    this.keptShown = false;
    if (this.book.back()) {
      this.player.follow(null);
      if (this.book.scene >= 0) this.player.open(this.book.scene);
    }
    this.render();
  }

  async openFile(file) {
    const tooLarge = lessonFileTooLarge(file);
    if (tooLarge) {
      this.page.fail(tooLarge);
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch (error) {
      this.page.fail(new PageError('error.read-file', { name: file.name, detail: error }));
      return;
    }
    this.openText(text, file.name);
  }

  // A lesson link's `lesson=` value (and its scene=, from 1): the lesson it holds opens, as a
  // file would; one that cannot be read opens nothing and says why.
  async openLink(value, scene = 1) {
    let read;
    try {
      read = await readLessonValue(value);
    } catch (error) {
      this.page.fail(error);
      return;
    }
    if (read.lesson) this.openLesson(read.lesson, scene - 1);
    else this.openText(read.text, t('lesson.link-name'), scene - 1);
  }

  // The lesson on show as a link, shown in the Lesson link field; false (and a message) when
  // it is too long to be one.
  async shareLink() {
    try {
      this.link.value = this.page.address + (await lessonQuery(this.book.lesson, this.book.scene));
      return true;
    } catch (error) {
      this.link.value = '';
      this.page.fail(error);
      return false;
    }
  }

  // A lesson file's text: its good scenes open, and what is wrong with the others is listed
  // by line. With no good scene, the lesson on show stays.
  openText(text, name, at = 0) {
    const { engine, exampleIds, defaults, messages } = this.page;
    const { lesson, problems } = checkLesson(engine, parseLesson(text, exampleIds), exampleIds, defaults);
    const listed = problems.slice(0, LISTED_PROBLEMS);
    if (problems.length > listed.length) listed.push(new PageError('lesson.more-problems', { count: problems.length - listed.length }));
    if (lesson.scenes.length === 0) {
      messages.showError([new PageError('lesson.file-refused', { name }), ...listed], '\n');
      return;
    }
    this.openLesson(lesson, at);
    if (problems.length > 0) messages.showError([new PageError('lesson.file-problems', { name, count: lesson.scenes.length }), ...listed], '\n');
  }

  // The view on show as a new scene after the selected one (of a new lesson if none is open).
  addView() {
    this.page.flush();
    const { query, title, step } = this.page.view();
    const scene = { title, titles: {}, query, marks: [], narration: {} };
    this.book.addScene(scene, t('lesson.untitled'));
    this.player.adopt(this.book.scene, step);
    this.panel.open = true;
    this.edit(() => {});
  }

  saveFile() {
    const text = this.book.saved();
    const name = this.book.lesson.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'lesson';
    downloadText(this.doc, text, `${name}.md`);
    this.render();
  }

  listClick(e) {
    const button = e.target.closest('button[data-index]');
    if (!button) return;
    const index = Number(button.dataset.index);
    const action = button.dataset.action;
    if (action === 'open') {
      this.player.open(index);
    } else if (action === 'up' || action === 'down') {
      const showing = this.player.showing?.index;
      const by = action === 'up' ? -1 : 1;
      this.book.move(index, by);
      if (showing === index) this.player.follow(index + by);
      else if (showing === index + by) this.player.follow(index);
    } else if (action === 'delete') {
      const showing = this.player.showing?.index;
      this.book.remove(index);
      if (showing === index) this.player.follow(null);
      else if (showing > index) this.player.follow(showing - 1);
    }
    this.render();
    // The row may have moved: the same button in its new place keeps the focus (or the
    // one below a deleted row; the last row's, or none, when it was the last).
    const count = this.book.lesson.scenes.length;
    const moves = { up: -1, down: 1 };
    const at = Math.min(count - 1, Math.max(0, index + (moves[action] ?? 0)));
    const same = this.list.querySelector(`button[data-action="${action}"][data-index="${at}"]`);
    (same && !same.disabled ? same : this.list.querySelector(`button[data-action="open"][data-index="${at}"]`))?.focus();
  }

  render() {
    const { lesson, scene } = this.book;
    const code = language();
    const has = lesson !== null;
    if (!has) this.status.textContent = t('lesson.none');
    else if (lesson.scenes.length === 0) this.status.textContent = t('lesson.status-empty', { title: titleIn(lesson, code) });
    else this.status.textContent = t('lesson.status', { title: titleIn(lesson, code), scene: scene + 1, count: lesson.scenes.length });
    this.titles.hidden = !has;
    this.save.disabled = !has;
    for (const button of this.shareButtons) button.disabled = !has || lesson.scenes.length === 0;
    const current = this.selected();
    this.sceneFields.hidden = current === null;
    // A field being typed in keeps what is typed, unless it now stands for another lesson or
    // scene: then it shows that one's (and typing goes on there).
    const other = this.filledFor?.lesson !== lesson || this.filledFor?.scene !== current;
    this.filledFor = { lesson, scene: current };
    const fill = (field, value) => {
      if ((other || this.doc.activeElement !== field) && field.value !== value) field.value = value;
    };
    if (has) {
      fill(this.fields.title, lesson.title);
      fill(this.fields.titleZh, lesson.titles.zh ?? '');
    }
    if (current) {
      fill(this.fields.sceneTitle, current.title);
      fill(this.fields.sceneTitleZh, current.titles.zh ?? '');
      fill(this.fields.en, current.narration.en ?? '');
      fill(this.fields.zh, current.narration.zh ?? '');
      if (other) this.questionProblem.textContent = '';
      fill(this.fields.question, current.question ? writeQuestion(current.question).slice(10) : '');
    }
    this.renderList(lesson?.scenes ?? [], scene, code);
    this.kept.hidden = !(this.keptShown && this.book.kept);
    if (this.book.kept) this.keptText.textContent = t('lesson.kept-notice', { title: titleIn(this.book.kept.lesson, code) });
  }

  renderList(scenes, selected, code) {
    const doc = this.doc;
    const button = (action, index, text, label) => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.dataset.action = action;
      b.dataset.index = String(index);
      b.textContent = text;
      if (label) b.setAttribute('aria-label', label);
      return b;
    };
    this.list.replaceChildren(...scenes.map((scene, i) => {
      const li = doc.createElement('li');
      const open = button('open', i, `${i + 1}. ${titleIn(scene, code)}`);
      open.className = 'lesson-scene-open';
      if (i === selected) open.setAttribute('aria-current', 'true');
      const up = button('up', i, '↑', t('lesson.move-up', { n: i + 1 }));
      const down = button('down', i, '↓', t('lesson.move-down', { n: i + 1 }));
      up.disabled = i === 0;
      down.disabled = i === scenes.length - 1;
      li.append(open, up, down, button('delete', i, '×', t('lesson.delete', { n: i + 1 })));
      return li;
    }));
  }
}
