// The single-file build's interface texts: `cargo xtask dist` bundles, in place of each file
// of www/i18n/strings/, a module that takes its language's texts from here. Every
// language's texts travel together, each key written once (English's order), packed with
// the page's code (./loader.js).
import { textsJson } from './parts.js';

const [KEYS, ...LANGUAGES] = JSON.parse(textsJson);

/** The `TEXTS` of the language file at `index` of the packed list. */
export function languageTexts(index) {
  return Object.fromEntries(KEYS.map((key, i) => [key, LANGUAGES[index][i]]));
}
