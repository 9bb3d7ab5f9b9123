// The interface texts of each language: the same keys everywhere, no value a translation
// asks for that the English text (which the callers are written against) does not, and a
// text for every problem code the engine can send.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { TEXTS as en } from '../../www/i18n/strings/en.js';
import { TEXTS as zh } from '../../www/i18n/strings/zh.js';
import { describeError } from '../../www/i18n/errors.js';
import { useLanguage, assertWords, finders } from './harness.mjs';
import { t, tn } from '../../www/i18n/i18n.js';
import { finderOf, takenValues } from '../../www/finders/catalogue.js';
import { PRIORITY_NAMES, tieRule } from '../../www/finders/common.js';
import { describeOrder } from '../../www/finders/narration.js';
import { defaultOptions } from '../../www/state/params.js';
import { openExample } from '../../www/maps/examples.js';
import { openNames } from '../../www/panels/openlist.js';

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

// The words a class reads aloud, in both languages: each says what the search does, and
// none contradicts the screen beside it.
describe('the wording a class reads', () => {
  // Chinese characters (full-width punctuation needs no space beside it).
  const CJK = '\\u4e00-\\u9fff';

  it('names a tie rule by what breaks the tie: among equal G, the entry order, never a larger G', () => {
    for (const language of ['en', 'zh']) {
      useLanguage(language);
      for (const finder of finders().filter((f) => f.options.tieBreak && f.priority !== 'key')) {
        const name = PRIORITY_NAMES[finder.priority];
        for (const tieBreak of takenValues(finder, 'tieBreak')) {
          const rule = tieRule(finder, tieBreak);
          const told = [t(`predict.tie.${rule}`, { name }), describeOrder(finder, { ...defaultOptions(), tieBreak })];
          for (const text of told) {
            assertWords(text, `${language} ${finder.id} ${tieBreak}`);
            // "among equal G the larger G goes first" says nothing.
            if (name === 'G') assert.doesNotMatch(text, /equal G.*(larger|smaller) G|G 相同时 ?G/, `${language} ${finder.id}: ${text}`);
          }
        }
      }
    }
    // Dijkstra's "larger G" is the newest among equal G, as the engine queues them.
    useLanguage('en');
    assert.equal(t(`predict.tie.${tieRule(finderOf('dijkstra'), 'larger-g')}`, { name: 'G' }), 'among equal G the node that entered the open list last goes first');
    assert.equal(describeOrder(finderOf('dijkstra'), defaultOptions()), 'lowest G first; of equal G, the node that entered last');
    useLanguage('zh');
    assert.equal(describeOrder(finderOf('dijkstra'), { ...defaultOptions(), tieBreak: 'smaller-g' }), 'G 最小的优先；G 相同时先加入的优先');
    assert.equal(describeOrder(finderOf('astar'), defaultOptions()), '估价函数 F = G + H 最小的优先；F 相同时 G 大的优先（离起点更远的节点）');
  });

  it('words the Euclidean warning by the cost of a diagonal step', () => {
    const values = { diagonal: 14, straightLine: '113.1', eightDiagonals: 112 };
    assert.match(en['engine.euclidean'].replace(/\{(\w+)\}/g, (_, k) => values[k]), /^with diagonal steps costing 14, the straight-line distance/);
    assert.doesNotMatch(en['engine.euclidean'], /\{diagonal\} diagonal steps/);
    assert.match(zh['engine.euclidean'], /^斜走代价为 \{diagonal\} 时/);
  });

  it('tells the U-shaped trap as its map has it: the start outside the mouth, not inside the U', () => {
    const rows = openExample('u-trap').text.split('\n');
    const at = (symbol) => rows.flatMap((row, y) => [...row].flatMap((c, x) => (c === symbol ? [{ x, y }] : [])));
    const [start] = at('S');
    const walls = at('X');
    const left = Math.min(...walls.map((w) => w.x));
    const arms = walls.filter((w) => w.x === left).map((w) => w.y);
    // The U opens toward the start: its arms end to the start's right, above and below it.
    assert.ok(start.x < left && Math.min(...arms) < start.y && start.y < Math.max(...arms), JSON.stringify({ start, left, arms }));
    assert.match(en['example.about.u-trap'], /open toward the start, which stands outside its mouth/);
    assert.doesNotMatch(en['example.about.u-trap'], /around the start/);
    assert.match(zh['example.about.u-trap'], /开口朝向起点，起点站在开口外面/);
    assert.doesNotMatch(zh['example.about.u-trap'], /起点被.*围住/);
  });

  it('counts cells by number, never "cell(s)"', () => {
    // A word with "(s)" before the next word; the pseudocode's g(s) and rhs(s) are functions.
    assert.deepEqual(Object.entries(en).filter(([, text]) => /\b[a-z]+\(s\) [a-z]/.test(text)).map(([key]) => key), []);
    for (const [language, one, three] of [['en', /^1 cell changed: its rhs/, /^3 cells changed: their rhs/], ['zh', /^有 1 个格子变了/, /^有 3 个格子变了/]]) {
      useLanguage(language);
      assert.match(tn('code.note.inc-batch', 1, { km: 0 }), one);
      assert.match(tn('code.note.inc-batch', 3, { km: 0 }), three);
      assert.match(tn('code.note.walk-sensed', 1, { km: 0 }), language === 'en' ? /^1 cell found changed/ : /^发现 1 个格子变了/);
    }
  });

  it('calls D* Lite\'s queue U everywhere: the panel, the counter, the legend, the pseudocode and the sentences', () => {
    const names = openNames(finderOf('dstar-lite'));
    const incremental = /^(finder\.inc\.|finder\.order\.inc|code\.note\.inc-|code\.(dsl|lpa|inc)\.|legend\.cell-key-inc|queue\.)/;
    for (const [language, texts, other] of [['en', en, /open list|queued|(?<!priority )queue(?! U)/i], ['zh', zh, /开启列表|入队|(?<!优先)队列(?! ?U)/]]) {
      const wrong = Object.entries(texts).filter(([key, text]) => incremental.test(key) && other.test(text)).map(([key]) => key);
      assert.deepEqual(wrong, [], `${language}: another name for U`);
      for (const key of Object.values(names)) assert.match(texts[key], /\bU\b|U/, `${language} ${key}`);
    }
    assert.equal(en[names.title], 'Priority queue U');
    assert.equal(zh[names.title], '优先队列 U');
    // A best-first finder keeps its open list.
    assert.equal(openNames(finderOf('astar')).title, 'open.title');
  });

  it('puts a space between Chinese and Latin letters or digits, also where a value is filled in', () => {
    const touching = new RegExp(`[${CJK}][A-Za-z0-9]|[A-Za-z0-9][${CJK}]`);
    const literal = Object.entries(zh).filter(([, text]) => touching.test(text.replace(/\{\w+\}/g, ''))).map(([key]) => key);
    assert.deepEqual(literal, []);
    // A tie lost: "…同样是 40，但 F 相同时 G 大的优先。"
    useLanguage('zh');
    const rule = t('predict.tie.larger-g', { name: 'F' });
    const lost = t('predict.node.lost-tie', { cell: '(1,2)', picked: '(2,2)', name: 'F', value: '40', rule });
    assert.match(lost, /，但 F 相同时 G 较大的优先/);
    assert.doesNotMatch(lost, touching);
  });
});
