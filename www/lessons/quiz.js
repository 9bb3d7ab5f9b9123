import { t } from '../i18n/i18n.js';
import { formatCell } from '../i18n/format.js';
import { finderOf } from '../finders/catalogue.js';
import { PageError } from '../i18n/errors.js';
import { sceneParams, viewQuery } from './format.js';
import { sceneSetup } from './check.js';
import { answerForm } from './questions/spec.js';
import { truthOf } from './questions/truth.js';
import { judge, whyInWords } from './questions/judge.js';
import { judgeConstruct } from './questions/construct.js';
import { practiceInstance } from './questions/practice.js';

// The question of the scene on show, under its narration: the prompt, the fields its answer
// takes (cells are tapped on the board), the verdict with why, and the lesson's score, kept
// per lesson across reloads (scores.js). The right answer comes from the engine, over the
// scene's own map and options (questions/truth.js); a construct task is judged on the map on
// show, the student's. A practice question opens random maps one after another, each with a
// question of its own (questions/practice.js).
export class Quiz {
  // page: { engine, exampleIds, defaults, editor() (the map on show), fail(error), scores,
  //   answerable(q) (whether the reader may answer it: an embed's controls decide) };
  // player: the LessonPlayer; changed(): a frame is due.
  constructor(doc, player, page, changed) {
    this.doc = doc;
    this.player = player;
    this.page = page;
    this.changed = changed;
    const byId = (id) => doc.getElementById(id);
    this.box = byId('question');
    this.form = byId('question-form');
    this.prompt = byId('question-prompt');
    this.verdict = byId('question-verdict');
    this.score = byId('question-score');
    this.side = byId('question-side');
    this.inputs = { f: byId('question-f'), g: byId('question-g'), h: byId('question-h'), threshold: byId('question-threshold') };
    this.parts = {
      side: byId('question-side-field'), values: byId('question-values'), threshold: byId('question-threshold-field'),
      yes: byId('question-yes'), no: byId('question-no'), check: byId('question-check'), next: byId('question-new'),
    };
    // The scene opening the taps and the last answer are of (the player's `showing`), the
    // cells tapped, the last answer, and the practice map on show ({ n, instance, options,
    // showing }).
    this.seen = null;
    this.taps = [];
    this.last = null;
    this.practice = null;
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    this.parts.yes.addEventListener('click', () => this.answer({ yes: true }));
    this.parts.no.addEventListener('click', () => this.answer({ yes: false }));
    this.parts.next.addEventListener('click', () => this.newMap());
    byId('question-reset').addEventListener('click', () => {
      page.scores.reset(this.lessonKey());
      this.last = null;
      this.changed();
    });
  }

  // The scene on show with a question, as { scene, index, q, family, form, practice }, or
  // null. Practising, q is the question of the map on show (none before the first).
  asked() {
    const { book, showing } = this.player;
    const scene = showing && book.lesson?.scenes[showing.index];
    if (!scene?.question) return null;
    this.follow();
    const family = this.familyOf(scene);
    const practice = scene.question.kind === 'practice';
    const q = practice ? this.practice?.instance.q ?? scene.question : scene.question;
    return { scene, index: showing.index, q, family, form: answerForm(q, family), practice };
  }

  // The finder family of the scene's options as they settle (an example's own count), worked
  // out once per scene.
  familyOf(scene) {
    if (this.familyScene !== scene) {
      this.familyScene = scene;
      this.family = undefined;
      const { engine, exampleIds, defaults } = this.page;
      try {
        const { editor, options } = sceneSetup(engine, sceneParams(scene, exampleIds), defaults);
        editor.free();
        this.family = finderOf(options.algorithm)?.family;
      } catch (error) {
        // A scene the page cannot open asks nothing it can judge; opening it says why.
        if (!(error instanceof PageError)) throw error;
      }
    }
    return this.family;
  }

  lessonKey() {
    return this.player.book.lesson?.title ?? '';
  }

  // Taps and the last answer belong to one opening of a scene: another starts afresh.
  follow() {
    if (this.player.showing === this.seen) return;
    this.seen = this.player.showing;
    this.taps = [];
    this.last = null;
    for (const input of Object.values(this.inputs)) input.value = '';
    if (this.practice?.showing !== this.seen) this.practice = null;
  }

  // The scene's map and options (the practice map on show, practising) and its step.
  setupOf(asked) {
    const { engine, exampleIds, defaults } = this.page;
    if (asked.practice) {
      const { instance, options } = this.practice;
      return { setup: { editor: engine.MapEditor.fromText(instance.text), options }, step: instance.step };
    }
    const params = sceneParams(asked.scene, exampleIds);
    return { setup: sceneSetup(engine, params, defaults), step: params.step ?? 0 };
  }

  // The next practice map, opened as the scene, with its question.
  newMap() {
    const asked = this.asked();
    const { engine, exampleIds, defaults } = this.page;
    const n = (this.practice?.n ?? 0) + 1;
    let instance;
    let options;
    try {
      const setup = sceneSetup(engine, sceneParams(asked.scene, exampleIds), defaults);
      setup.editor.free();
      options = setup.options;
      instance = practiceInstance(engine, options, asked.scene.question, n);
    } catch (error) {
      this.page.fail(error);
      return;
    }
    if (!instance) {
      this.page.fail(new PageError('question.no-practice'));
      return;
    }
    this.player.open(asked.index, 'start', { query: viewQuery({ options, mapText: instance.text, walk: null, compare: null, step: instance.step }) });
    this.follow();
    this.practice = { n, instance, options, showing: this.seen };
    this.changed();
  }

  // Whether a tap on the board answers the question on show.
  wantsCells() {
    const asked = this.asked();
    return (asked?.form === 'cell' || asked?.form === 'cells') && this.page.answerable(asked.q);
  }

  // While a question waits for its answer, the page does not give it away (unless the reader
  // may not answer it): a next-node question hides the open list, an admissibility question
  // the warning.
  hides(kind) {
    const asked = this.asked();
    return asked?.q.kind === kind && this.last === null && this.page.answerable(asked.q);
  }

  hidesNext() {
    return this.hides('next');
  }

  tap(cell) {
    const asked = this.asked();
    if (asked.form === 'cell') {
      this.answer({ cell, side: this.side.value });
      return true;
    }
    const at = this.taps.findIndex((c) => c.x === cell.x && c.y === cell.y);
    if (at >= 0) this.taps.splice(at, 1);
    else this.taps.push({ x: cell.x, y: cell.y });
    this.changed();
    return true;
  }

  submit() {
    const { form } = this.asked() ?? {};
    if (form === 'cells') return this.answer({ cells: [...this.taps] });
    if (form === 'map') return this.answer({});
    const names = form === 'values' ? ['f', 'g', 'h'] : form === 'threshold' ? ['threshold'] : [];
    const values = names.map((name) => this.inputs[name].value.trim());
    if (values.some((v) => v === '' || !Number.isFinite(Number(v)))) {
      this.last = { missing: true };
      this.changed();
      return;
    }
    const [a, b, c] = values.map(Number);
    return this.answer(form === 'values' ? { f: a, g: b, h: c } : { value: a });
  }

  // Judges an answer, keeps the score, and shows the verdict.
  answer(given) {
    const asked = this.asked();
    if (!asked) return;
    const { engine } = this.page;
    let setup;
    try {
      const opened = this.setupOf(asked);
      setup = opened.setup;
      const ends = [setup.editor.start(), setup.editor.goal()];
      this.last = asked.q.kind === 'construct'
        ? { verdict: judgeConstruct(engine, { editor: this.page.editor(), original: setup.editor, options: setup.options }, asked.q.task) }
        : { q: asked.q, truth: truthOf(engine, setup, opened.step, asked.q), given, ends };
    } catch (error) {
      this.page.fail(error);
      return;
    } finally {
      setup?.editor.free();
    }
    this.page.scores.record(this.lessonKey(), asked.index, this.verdictOf(this.last).right);
    this.changed();
  }

  // Judged when shown, so the why reads in the language of the moment.
  verdictOf(last) {
    return last.verdict ?? judge(last.q, last.truth, last.given, last.ends);
  }

  marks() {
    const asked = this.asked();
    if (!asked) return [];
    const marks = this.taps.map(({ x, y }) => ({ x, y, kind: 'picked' }));
    if (asked.q.cell) marks.push({ ...asked.q.cell, kind: 'asked' });
    return marks;
  }

  // The prompt's text key and params.
  promptOf({ q, form, family }) {
    if (q.kind === 'practice') return ['question.ask.practice'];
    if (q.kind === 'construct') return [`question.ask.${q.task}`];
    if (q.kind !== 'next') return [`question.ask.${q.kind}`, { cell: q.cell && formatCell(q.cell), step: q.step }];
    if (form === 'threshold') return ['question.ask.threshold'];
    return [{ bidirectional: 'question.ask.next-side', incremental: 'question.ask.next-key' }[family] ?? 'question.ask.next'];
  }

  draw() {
    const asked = this.asked();
    this.doc.body.classList.toggle('question-asking', this.hidesNext());
    this.doc.body.classList.toggle('question-asking-admissible', this.hides('admissible'));
    this.box.hidden = asked === null;
    if (!asked) return;
    const { form } = asked;
    this.form.hidden = !this.page.answerable(asked.q);
    const show = { side: asked.family === 'bidirectional' && form === 'cell', values: form === 'values', threshold: form === 'threshold',
      yes: form === 'yes-no', no: form === 'yes-no', check: ['values', 'threshold', 'cells', 'map'].includes(form), next: asked.practice };
    for (const [name, part] of Object.entries(this.parts)) part.hidden = !show[name];
    const [key, params] = this.promptOf(asked);
    let prompt = this.practice ? t('question.practice-map', { n: this.practice.n, ask: t(key, params) }) : t(key, params);
    // The cells tapped so far, also for those who do not see the board.
    if (this.taps.length > 0) prompt = t('question.then', { a: prompt, b: t('question.chosen', { cells: this.taps.map(formatCell).join(' ') }) });
    const texts = [prompt];
    let kind = '';
    if (this.last?.missing) texts.push(t('question.missing-number'));
    else if (this.last) {
      const v = this.verdictOf(this.last);
      kind = v.right ? 'right' : 'wrong';
      texts.push(t(v.right ? 'question.right' : 'question.wrong', { why: whyInWords(v) }));
    }
    const set = (el, text) => {
      if (el.textContent !== text) el.textContent = text;
    };
    set(this.prompt, texts[0]);
    set(this.verdict, texts[1] ?? '');
    // By class, not className: an embed's FoldingLine keeps its own class on it.
    this.verdict.classList.toggle('right', kind === 'right');
    this.verdict.classList.toggle('wrong', kind === 'wrong');
    const count = this.player.book.lesson.scenes.filter((s) => s.question).length;
    set(this.score, t('question.score', { right: this.page.scores.right(this.lessonKey()), count }));
  }
}
