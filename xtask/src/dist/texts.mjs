// Gathers the interface texts of every language for `cargo xtask dist`, which packs them.
//
// Run as `node texts.mjs STRINGS_DIR OUT.json`: writes to OUT.json [keys, texts of English,
// texts of another language, ...], each list in English's key order (so each key is written
// once), and prints the names of the language files in that order as a JSON array. Stops
// with a message when a language's keys differ from English's.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, out] = process.argv.slice(2);
const files = ['en.js', ...readdirSync(dir).filter((name) => /^[a-z-]+\.js$/.test(name) && name !== 'en.js').sort()];
const texts = [];
for (const file of files) texts.push((await import(pathToFileURL(path.join(dir, file)).href)).TEXTS);
const keys = Object.keys(texts[0]);
for (const [i, own] of texts.entries()) {
  const unmatched = [...keys.filter((key) => !Object.hasOwn(own, key)), ...Object.keys(own).filter((key) => !Object.hasOwn(texts[0], key))];
  if (unmatched.length > 0) {
    console.error(`${files[i]} and en.js differ in their keys: ${unmatched.slice(0, 5).join(', ')}`);
    process.exit(1);
  }
}
writeFileSync(out, JSON.stringify([keys, ...texts.map((own) => keys.map((key) => own[key]))]));
console.log(JSON.stringify(files));
