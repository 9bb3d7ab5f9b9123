import { t, language } from '../i18n/i18n.js';
import { formatValue, formatCell } from '../i18n/format.js';
import { PictureMaker } from '../export/picture.js';
import { SearchSession } from '../state/session.js';
import { sceneParams, titleIn, narrationIn } from './format.js';
import { sceneSetup } from './check.js';
import { sheetSteps } from './questions/sheet.js';

// Print a worksheet of the selected scene: its board after each of its next steps with the
// numbers of the cells each step wrote blanked (a "?" to fill in), then, on a page of its
// own, the answer key: the same boards with every number, and the blanked cells' F, G and H.
// The sheet is built for the print only (www/export/handout.css keeps the page out of it).

// Large enough for the numbers a cell shows (the board draws them from 30 CSS px).
const CELL_CSS = 40;
const SCALE = 2;

export class Worksheet {
  // page: { engine, exampleIds, defaults, fail(error) }; book: the LessonBook.
  constructor(doc, book, page) {
    this.doc = doc;
    this.book = book;
    this.page = page;
    this.sheet = doc.getElementById('worksheet');
    this.pictures = new PictureMaker(doc);
    doc.getElementById('lesson-worksheet').addEventListener('click', () => this.print());
    doc.defaultView.addEventListener('afterprint', () => doc.body.classList.remove('worksheet-print'));
  }

  print() {
    try {
      this.build(this.book.lesson.scenes[this.book.scene]);
    } catch (error) {
      this.page.fail(error);
      return;
    }
    this.doc.body.classList.add('worksheet-print');
    requestAnimationFrame(() => requestAnimationFrame(() => this.doc.defaultView.print()));
  }

  el(tag, text, className) {
    const element = this.doc.createElement(tag);
    if (text !== undefined) element.textContent = text;
    if (className) element.className = className;
    return element;
  }

  // One board, at the search's step, with `blanks` covered by a "?".
  board(session, blanks, caption) {
    const canvas = this.pictures.draw(session.frameView(this.pictures.labelCells()));
    const ctx = canvas.getContext('2d');
    const side = canvas.width / session.editor.width;
    ctx.font = `700 ${Math.round(side * 0.5)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const { x, y } of blanks) {
      ctx.fillStyle = '#fff';
      ctx.fillRect(x * side + 2, y * side + 2, side - 4, side - 4);
      ctx.fillStyle = '#000';
      ctx.fillText('?', (x + 0.5) * side, (y + 0.5) * side);
    }
    const figure = this.el('figure');
    const image = this.el('img');
    image.src = canvas.toDataURL('image/png');
    image.alt = caption;
    figure.append(image, this.el('figcaption', caption));
    return figure;
  }

  build(scene) {
    const { engine, exampleIds, defaults } = this.page;
    const code = language();
    const params = sceneParams(scene, exampleIds);
    const { editor, options } = sceneSetup(engine, params, defaults);
    const session = new SearchSession(engine, editor, options);
    try {
      const steps = sheetSteps(session.search, params.step ?? 0);
      this.pictures.layout(editor.width, editor.height, CELL_CSS, SCALE, false, session.finder);
      const boards = (withAnswers) => steps.map(({ step, cells }) => {
        session.search.seek(step);
        const caption = t(withAnswers ? 'worksheet.key-step' : 'worksheet.step', { n: step });
        const figure = this.board(session, withAnswers ? [] : cells, caption);
        if (withAnswers) {
          const value = (v) => formatValue(v, 2);
          figure.append(...cells.map((c) => this.el('p', t('worksheet.answer', { cell: formatCell(c), f: value(c.f), g: value(c.g), h: value(c.h) }))));
        }
        return figure;
      });
      const title = `${titleIn(this.book.lesson, code)}: ${titleIn(scene, code)}`;
      const questions = this.el('section', undefined, 'worksheet-boards');
      questions.append(...boards(false));
      const key = this.el('section', undefined, 'worksheet-boards');
      key.append(...boards(true));
      this.sheet.replaceChildren(
        this.el('h1', title), this.el('p', narrationIn(scene, code)), questions,
        this.el('h1', t('worksheet.key-title', { title }), 'worksheet-key'), key,
      );
    } finally {
      session.dispose();
      editor.free();
    }
  }
}
