import { TEXTS as EN } from './strings/en.js';
import { TEXTS as ZH } from './strings/zh.js';

// Every visible text of the page is looked up here by key, in the chosen language. A third
// language is one more file in strings/ and one more entry below.
const LANGUAGES = { en: EN, zh: ZH };
const HTML_LANG = { en: 'en', zh: 'zh-CN' };
const STORAGE_KEY = 'astar-visualizer.language';

let current = 'en';
const listeners = new Set();

export const LANGUAGE_CODES = Object.keys(LANGUAGES);

// The text for `key` with `{name}` placeholders filled from `params`; English stands in for a
// key the chosen language lacks, and the key itself for a key no language has (so a
// missing string shows up in tests instead of vanishing).
export function t(key, params = {}) {
  const text = LANGUAGES[current][key] ?? EN[key] ?? key;
  const parts = templateParts(text);
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i];
    out += (name in params ? String(params[name]) : `{${name}}`) + parts[i + 1];
  }
  return out;
}

// A text split once into [literal, name, literal, name, ...]: a long log is worded with
// hundreds of thousands of look-ups, and a fresh regular-expression pass each time shows.
const splitTexts = new Map();
function templateParts(text) {
  let parts = splitTexts.get(text);
  if (parts === undefined) {
    parts = text.split(/\{(\w+)\}/);
    splitTexts.set(text, parts);
  }
  return parts;
}

// The text for `key` in the language `code` (a lesson carries every language at once).
export function textIn(code, key) {
  return LANGUAGES[code]?.[key] ?? EN[key] ?? key;
}

// The plural form: `key-one` for a count of one where the language has it, else `key`.
export function tn(key, count, params = {}) {
  return t(countedKey(key, count), { count, ...params });
}

// The key tn would choose for a count: for a text told later ({ key, params } notes).
export function countedKey(key, count) {
  const one = `${key}-one`;
  return count === 1 && (one in LANGUAGES[current] || one in EN) ? one : key;
}

// A language's own name for itself, for the language picker.
export function nativeName(code) {
  return LANGUAGES[code]['language.name'];
}

export function language() {
  return current;
}

// The URL's `lang=` wins, then the visitor's last choice, then the browser's language.
export function initialLanguage(fromUrl) {
  if (fromUrl && fromUrl in LANGUAGES) return fromUrl;
  const stored = readSetting(STORAGE_KEY);
  if (stored && stored in LANGUAGES) return stored;
  const browser = (globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? 'en'])[0] ?? 'en';
  return browser.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function setLanguage(code, { remember = true } = {}) {
  if (!(code in LANGUAGES)) return false;
  current = code;
  if (remember) writeSetting(STORAGE_KEY, code);
  if (globalThis.document) {
    document.documentElement.lang = HTML_LANG[code];
    translateDocument(document);
  }
  for (const listener of listeners) listener(code);
  return true;
}

// Called after every language change, so code that built text from `t` can rebuild it.
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Fills the static markup: `data-i18n` sets the text, `data-i18n-<attribute>` (aria-label,
// title, placeholder, alt, content) sets that attribute.
export function translateDocument(root) {
  for (const element of root.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n);
  for (const attribute of ['aria-label', 'title', 'placeholder', 'alt', 'content']) {
    const data = `data-i18n-${attribute}`;
    for (const element of root.querySelectorAll(`[${data}]`)) element.setAttribute(attribute, t(element.getAttribute(data)));
  }
}

// A choice remembered in the browser under `key`, or null. Storage can be refused (private
// windows, file:// in some browsers): the choice then lasts for this visit.
export function readSetting(key) {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeSetting(key, value) {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Refused: see readSetting.
  }
}
