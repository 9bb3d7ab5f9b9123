// The interface texts of each language: the same keys everywhere, and no value a translation
// asks for that the English text (which the callers are written against) does not.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TEXTS as en } from '../../www/strings/en.js';
import { TEXTS as zh } from '../../www/strings/zh.js';

const placeholders = (text) => new Set(text.match(/\{[A-Za-z]+\}/g) ?? []);

describe('interface texts', () => {
  for (const [name, texts] of Object.entries({ zh })) {
    it(`${name} has exactly the English keys`, () => {
      assert.deepEqual(Object.keys(texts).filter((key) => !(key in en)), [], 'keys English lacks');
      assert.deepEqual(Object.keys(en).filter((key) => !(key in texts)), [], 'keys left untranslated');
    });

    it(`${name} fills in only values the English text is given`, () => {
      const unknown = Object.entries(texts).flatMap(([key, text]) => {
        const given = placeholders(en[key] ?? '');
        return [...placeholders(text)].filter((p) => !given.has(p)).map((p) => `${key}: ${p}`);
      });
      assert.deepEqual(unknown, []);
    });
  }
});
