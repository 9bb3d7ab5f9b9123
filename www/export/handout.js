import { t, language } from '../i18n/i18n.js';
import { formatCell } from '../i18n/format.js';

// The handout: a printed page of the lesson (the layout is in handout.css) and the first
// lines of Copy log. Both start with what the work is: the map, and the options in force as
// the Method panel shows them, in the page's language.

// The map: the built-in example's name, or "your own map", with its size, start and goal.
function mapLine(session, exampleId) {
  const editor = session.editor;
  const name = exampleId === null ? t('handout.own-map') : t(`example.${exampleId}`);
  return t('handout.map', {
    name,
    width: editor.width,
    height: editor.height,
    start: formatCell(editor.start()),
    goal: formatCell(editor.goal()),
  });
}

// Every field of the Method panel the finder takes, as "label: value".
function optionsLine(doc, session) {
  const fields = [];
  for (const label of doc.querySelectorAll('#method-panel .fields label')) {
    const control = label.querySelector('select, input');
    if (!control || control.disabled) continue;
    const name = label.querySelector('span').textContent.trim();
    let value = control.tagName === 'SELECT' ? control.selectedOptions[0]?.text ?? control.value : control.value;
    const resolved = session.resolvedOptions.heuristic;
    if (control.id === 'heuristic' && control.value === 'auto' && resolved) value = `${value} (${t(`heuristic.name.${resolved}`)})`;
    fields.push(t('handout.field', { name, value }));
  }
  return t('handout.options', { options: fields.join(t('handout.separator')) });
}

// The header's lines: the page's title, the map, the options.
export function workHeader(doc, session, exampleId) {
  return [t('page.title'), mapLine(session, exampleId), optionsLine(doc, session)];
}

// The printed header, kept up to date so that the browser's own Print prints it too, and the
// Print handout button: the whole map in view, then the browser's print dialog.
export class Handout {
  constructor(doc, { fitBoard, changed }) {
    this.doc = doc;
    this.head = doc.getElementById('handout-head');
    this.shownKey = null;
    doc.getElementById('print-handout').addEventListener('click', () => {
      fitBoard();
      changed();
      // After the frame that fits the map.
      requestAnimationFrame(() => requestAnimationFrame(() => doc.defaultView.print()));
    });
  }

  update(session, exampleId) {
    const quick = `${session.generation}|${session.editor.revision()}|${JSON.stringify(session.options)}|${language()}|${exampleId}`;
    if (quick === this.quickKey) return;
    this.quickKey = quick;
    const lines = workHeader(this.doc, session, exampleId);
    const key = lines.join('\n');
    if (key === this.shownKey) return;
    this.shownKey = key;
    const [title, ...rest] = lines;
    const heading = this.doc.createElement('h1');
    heading.textContent = title;
    this.head.replaceChildren(heading, ...rest.map((line) => {
      const p = this.doc.createElement('p');
      p.textContent = line;
      return p;
    }));
  }
}
