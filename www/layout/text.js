import { t } from '../i18n/i18n.js';

// Writes an element's text only when it differs: a live region then announces only news,
// and a read-out redrawn every frame costs no layout when nothing changed.
export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

// Names an element by an interface text's key, kept in data-i18n so that a change of
// language words it again; nothing is written while the key is the one shown.
export function showKey(element, key) {
  if (!element || element.dataset.i18n === key) return;
  element.dataset.i18n = key;
  element.textContent = t(key);
}
