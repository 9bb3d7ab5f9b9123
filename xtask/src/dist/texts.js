// The single-file build's interface texts: `cargo xtask dist` bundles, in place of each file
// of www/i18n/strings/, a module that takes its language's texts from here. Every
// language's texts are packed together with LZMA, each key written once (English's order):
// about 11 KiB less of the gzipped page than the files as they are.
import { unpack } from './unpack.js';
import packed from './texts.json.lzma';

const [KEYS, ...LANGUAGES] = JSON.parse(new TextDecoder().decode(unpack(packed)));

/** The `TEXTS` of the language file at `index` of the packed list. */
export function languageTexts(index) {
  return Object.fromEntries(KEYS.map((key, i) => [key, LANGUAGES[index][i]]));
}
