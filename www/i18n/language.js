import { LANGUAGE_CODES, nativeName, language, setLanguage, onLanguageChange } from './i18n.js';

// The language picker in the top bar: each language listed by its own name, the choice
// applied at once and remembered.
export function wireLanguagePicker(select) {
  for (const code of LANGUAGE_CODES) {
    const option = new Option(nativeName(code), code);
    option.lang = code;
    select.append(option);
  }
  select.value = language();
  select.addEventListener('change', () => setLanguage(select.value));
  onLanguageChange((code) => {
    select.value = code;
  });
}
