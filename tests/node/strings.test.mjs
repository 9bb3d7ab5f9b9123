// The interface texts of each language: the same keys everywhere, no value a translation
// asks for that the English text (which the callers are written against) does not, and a
// text for every problem code the engine can send.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { TEXTS as en } from '../../www/i18n/strings/en.js';
import { TEXTS as zh } from '../../www/i18n/strings/zh.js';
import { describeError } from '../../www/i18n/errors.js';
import { useLanguage } from './harness.mjs';

const placeholders = (text) => new Set(text.match(/\{[A-Za-z]+\}/g) ?? []);

const SOURCE = new URL('../../src/', import.meta.url);

// The codes of the engine's problems, read from its source: every variant of an enum
// serialised with `tag = "code"` (kebab-case), and a struct's `rename`.
function engineCodes() {
  const files = readdirSync(SOURCE, { recursive: true }).filter((f) => f.endsWith('.rs'));
  const codes = new Set();
  for (const file of files) {
    const text = readFileSync(new URL(file, SOURCE), 'utf8');
    for (const tagged of text.matchAll(/#\[serde\(([^\]]*tag = "code"[^\]]*)\)\]\s*(?:pub(?:\(\w+\))? )?(enum|struct) \w+/g)) {
      const renamed = /rename = "([^"]+)"/.exec(tagged[1]);
      if (tagged[2] === 'struct') {
        codes.add(renamed[1]);
        continue;
      }
      // The variants: names that open a line directly inside the enum's braces.
      let depth = 0;
      for (const line of text.slice(tagged.index + tagged[0].length).split('\n')) {
        const variant = /^\s*([A-Z]\w*)\s*([{(,]|$)/.exec(line);
        if (depth === 1 && variant && !line.trim().startsWith('//')) {
          codes.add(variant[1].replace(/(?<=.)([A-Z])/g, '-$1').toLowerCase());
        }
        depth += (line.match(/[{(]/g) ?? []).length - (line.match(/[})]/g) ?? []).length;
        if (depth === 0 && line.includes('}')) break;
      }
    }
  }
  return codes;
}

describe('interface texts', () => {
  it('has English words for every problem code of the engine', () => {
    const codes = engineCodes();
    for (const known of ['bad-size', 'weighted-map', 'unknown-name', 'node-limit-unused', 'weights-in-moving-ai', 'option-node-limit']) {
      assert.ok(codes.has(known), `the source scan finds ${known} among ${[...codes].join(', ')}`);
    }
    assert.deepEqual([...codes].filter((code) => !(`engine.${code}` in en)), []);
  });

  it('puts a problem with a cause into words whole, in both languages', () => {
    // A search refused for its grid: the engine's error names the topology's own problem.
    const refusal = { problem: { code: 'topology', cause: { code: 'not-square', algorithm: 'jps' } } };
    useLanguage('en');
    assert.equal(describeError(refusal), 'Jump Point Search works on the square grid only');
    useLanguage('zh');
    assert.equal(describeError(refusal), '跳点搜索（JPS） 只能用于方形网格');
  });

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

  // One name per concept: a search step (one expansion, the timeline's unit) is never called
  // a move, and a move of the path never a step; a wall is 障碍物, Dijkstra is Dijkstra, and
  // the panel and button a hint names are called what they are called.
  it('zh names each concept one way', () => {
    const mixed = [
      [/障碍(?!物)/, '障碍 (a wall is 障碍物)'],
      [/迪杰斯特拉/, '迪杰斯特拉 (Dijkstra is written Dijkstra)'],
      [/步数/, '步数 (搜索步 for search steps, 移动次数 for the moves of a path)'],
      [/“方法”/, '“方法” (the panel is 算法设置)'],
      [/到结尾/, '到结尾 (the button is 到结束)'],
    ];
    const found = Object.entries(zh).flatMap(([key, text]) =>
      mixed.filter(([pattern]) => pattern.test(text)).map(([, what]) => `${key}: ${what}`));
    assert.deepEqual(found, []);
    assert.equal(zh['method.title'], '算法设置');
    assert.equal(zh['playback.finish'], '到结束');
  });

  it('says moves for the moves of a path and steps for search steps, in both languages', () => {
    const wrong = [];
    for (const [key, text] of Object.entries(en)) {
      if (/\{moves\}|\{depth\} moves/.test(text) && !/\{moves\} moves?\b|\{depth\} moves/.test(text)) wrong.push(`en ${key}`);
      if (/\{steps?\}/.test(text) && /\bmoves?\b/.test(text)) wrong.push(`en ${key}`);
      if (/\{moves\}|\{depth\}/.test(en[key]) && /\bmoves?\b/.test(en[key]) && !/移动/.test(zh[key])) wrong.push(`zh ${key}`);
      if (/\{steps\}/.test(text) && /移动/.test(zh[key])) wrong.push(`zh ${key}`);
    }
    assert.deepEqual(wrong, []);
  });
});
