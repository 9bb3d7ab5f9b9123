import { t, onLanguageChange } from '../i18n/i18n.js';
import { changeMade, exampleChange } from './examples.js';

// The line above the board naming the built-in example on show and what it reproduces (for
// a tutorial's map: which tutorial, and its rules), in its box, hidden for any other map. An
// example about a change of the map (a wall that appears) has a button that makes it:
// makeChange(cells) paints them as walls, one undoable edit.
export class ExampleNote {
  constructor(box, element, button = null, makeChange = null) {
    this.box = box;
    this.element = element;
    this.button = button;
    this.id = null;
    button?.addEventListener('click', () => {
      const cells = this.id && exampleChange(this.id);
      if (cells) makeChange(cells);
    });
    onLanguageChange(() => this.render());
  }

  show(id) {
    this.id = id;
    this.render();
  }

  // Once the change is on the map its button has nothing left to do, until an undo takes
  // the change back.
  update(editor) {
    if (!this.button || this.button.hidden) return;
    const made = changeMade(editor, this.id);
    if (this.button.disabled !== made) this.button.disabled = made;
  }

  render() {
    this.box.hidden = this.id === null;
    const text = this.id === null ? '' : t('example.about', { name: t(`example.${this.id}`), about: t(`example.about.${this.id}`) });
    this.element.textContent = text;
    if (this.button) {
      const change = this.id !== null && exampleChange(this.id) !== null;
      this.button.hidden = !change;
      this.button.textContent = change ? t(`example.change.${this.id}`) : '';
    }
  }
}
