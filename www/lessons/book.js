import { parseLesson, writeLesson } from './format.js';
import { lessonStore } from './store.js';
import { moved } from './navigation.js';

// The lesson in progress: the lesson (as format.js reads it), the scene selected, whether it
// was edited since it was opened or saved, and the lesson kept aside when another replaced it
// while edited. Every change is saved in the browser at once; nothing here is ever dropped
// silently: an edited lesson that another replaces is kept, and back() brings it back.
export class LessonBook {
  constructor(win, exampleIds) {
    this.win = win;
    this.exampleIds = exampleIds;
    this.lesson = null;
    this.scene = -1;
    this.edited = false;
    this.kept = null;
    this.problems = [];
    const stored = lessonStore.current(win);
    if (stored) {
      const { lesson, problems } = parseLesson(stored.text, exampleIds);
      this.lesson = lesson;
      this.problems = problems;
      this.scene = Math.min(lesson.scenes.length - 1, Number.isInteger(stored.scene) ? stored.scene : 0);
      this.edited = stored.edited === true;
    }
    this.kept = this.readKept();
  }

  // The lesson kept aside, as { lesson, stored }, or null.
  readKept() {
    const stored = lessonStore.kept(this.win);
    if (!stored) return null;
    return { lesson: parseLesson(stored.text, this.exampleIds).lesson, stored };
  }

  stored() {
    return { text: writeLesson(this.lesson), scene: this.scene, edited: this.edited };
  }

  persist() {
    lessonStore.saveCurrent(this.win, this.lesson ? this.stored() : null);
  }

  // Opens `lesson` at its first scene. The lesson it replaces is kept aside when it was
  // edited (over what was kept before, which the visitor was told of and left). Returns
  // whether one was kept.
  open(lesson) {
    const keep = this.lesson !== null && this.edited;
    if (keep) {
      lessonStore.saveKept(this.win, this.stored());
      this.kept = this.readKept();
    }
    this.lesson = lesson;
    this.scene = lesson.scenes.length > 0 ? 0 : -1;
    this.edited = false;
    this.problems = [];
    this.persist();
    return keep;
  }

  // The kept lesson back, and the one on show kept in its place.
  back() {
    if (!this.kept) return false;
    const { stored } = this.kept;
    const { lesson } = parseLesson(stored.text, this.exampleIds);
    if (this.lesson) lessonStore.saveKept(this.win, this.stored());
    else lessonStore.saveKept(this.win, null);
    this.kept = this.readKept();
    this.lesson = lesson;
    this.scene = Math.min(lesson.scenes.length - 1, Number.isInteger(stored.scene) ? stored.scene : 0);
    this.edited = stored.edited === true;
    this.persist();
    return true;
  }

  // An edit: fn(lesson) changes it in place.
  change(fn) {
    fn(this.lesson);
    this.edited = true;
    this.persist();
  }

  select(index) {
    this.scene = index;
    this.persist();
  }

  // A scene after the selected one (a new lesson, titled `title`, when none is open); it is
  // then selected.
  addScene(scene, title) {
    if (this.lesson === null) {
      this.lesson = { title, titles: {}, scenes: [] };
      this.scene = -1;
    }
    this.change((lesson) => lesson.scenes.splice(this.scene + 1, 0, scene));
    this.select(this.scene + 1);
  }

  move(index, by) {
    const to = moved(index, by, this.lesson.scenes.length);
    if (to === null) return;
    this.change((lesson) => {
      const [scene] = lesson.scenes.splice(index, 1);
      lesson.scenes.splice(to, 0, scene);
    });
    if (this.scene === index) this.select(to);
    else if (this.scene === to) this.select(index);
  }

  remove(index) {
    this.change((lesson) => lesson.scenes.splice(index, 1));
    if (this.scene >= this.lesson.scenes.length || this.scene > index) this.select(this.scene - 1);
    else this.persist();
  }

  // Narration as typed: blank lines around it are not kept (the file has none there either),
  // and no text is no narration in that language.
  setNarration(index, code, text) {
    const clean = text.replace(/^\s*\n/, '').trimEnd();
    this.change((lesson) => {
      const narration = lesson.scenes[index].narration;
      if (clean === '') delete narration[code];
      else narration[code] = clean;
    });
  }

  // The scene's question (questions/spec.js), or none (null).
  setQuestion(index, question) {
    this.change((lesson) => {
      if (question) lesson.scenes[index].question = question;
      else delete lesson.scenes[index].question;
    });
  }

  // A title as typed, on one line; `code` null for the heading, else a language's.
  setTitle(item, code, text) {
    const clean = text.replace(/\s+/g, ' ').trim();
    this.change(() => {
      if (code === null) item.title = clean;
      else if (clean === '') delete item.titles[code];
      else item.titles[code] = clean;
    });
  }

  // The lesson file was saved: what is on show is no longer only here.
  saved() {
    this.edited = false;
    this.persist();
    return writeLesson(this.lesson);
  }
}
