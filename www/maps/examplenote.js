import { t, onLanguageChange } from '../i18n/i18n.js';

// The line above the board naming the built-in example on show and what it reproduces (for
// a tutorial's map: which tutorial, and its rules). Hidden for any other map.
export class ExampleNote {
  constructor(element) {
    this.element = element;
    this.id = null;
    onLanguageChange(() => this.render());
  }

  show(id) {
    this.id = id;
    this.render();
  }

  render() {
    this.element.hidden = this.id === null;
    const text = this.id === null ? '' : t('example.about', { name: t(`example.${this.id}`), about: t(`example.about.${this.id}`) });
    this.element.textContent = text;
  }
}
