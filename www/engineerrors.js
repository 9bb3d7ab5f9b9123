import { t } from './i18n.js';

// Errors the engine names by a code, put into the page's words in the chosen language;
// any other error keeps its own message.
const WORDED = new Set(['weighted-map']);

export function errorText(error) {
  return WORDED.has(error.code) ? t(`error.${error.code}`, error) : error.message;
}
