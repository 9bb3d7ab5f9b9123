// The page's link parameters (www/state/params.js) over hostile links: each wrong value gets
// a message of its own, in words, naming what it got, and every other parameter of the link
// is still read.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGES, useLanguage, assertWords, finders, EXAMPLES } from './harness.mjs';
import { parseParams, buildQuery, defaultOptions, MAX_SIDE } from '../../www/state/params.js';
import { MAX_RATE } from '../../www/state/playback.js';
import { limits } from '../../www/finders/catalogue.js';
import { PageError, describeError } from '../../www/i18n/errors.js';
import { fullEditorHref } from '../../www/layout/embed.js';

const EXAMPLE_IDS = EXAMPLES.map((example) => example.id);
const parse = (query, options) => parseParams(query, EXAMPLE_IDS, options);

// Good parameters a hostile one shares its link with; each case leaves out its own name.
const GOOD = {
  algorithm: ['dijkstra', (r) => r.options.algorithm === 'dijkstra'],
  heuristic: ['manhattan', (r) => r.options.heuristic === 'manhattan'],
  speed: ['10', (r) => r.speed === 10],
  lang: ['zh', (r) => r.lang === 'zh'],
  map: ['OSXE', (r) => r.map === 'OSXE'],
  embed: ['1', (r) => r.embed === true],
};

function withGood(hostile, name) {
  const kept = Object.entries(GOOD).filter(([good]) => good !== name);
  return { query: `?${[hostile, ...kept.map(([good, [value]]) => `${good}=${value}`)].join('&')}`, kept };
}

const long = (text, times) => text.repeat(times);

// [link parameter, the name it is read as, the problem's key, what its message must name]
const HOSTILE = [
  ['weight=NaN', 'weight', 'params.weight', 'NaN'],
  ['theme=sepia', 'theme', 'param.not-one-of', 'sepia'],
  ['weight=-1', 'weight', 'params.weight', '-1'],
  ['weight=101', 'weight', 'params.weight', '101'],
  ['weight=1e3', 'weight', 'params.weight', '1e3'],
  ['weight=0x10', 'weight', 'params.weight', '0x10'],
  ['weight=Infinity', 'weight', 'params.weight', 'Infinity'],
  ['weight=%207%20', 'weight', 'params.weight', ' 7 '],
  [`weight=${long('9', 5000)}`, 'weight', 'params.weight', '99999'],
  ['nodeLimit=0', 'nodeLimit', 'params.node-limit', '0'],
  ['nodeLimit=1.5', 'nodeLimit', 'params.node-limit', '1.5'],
  ['nodeLimit=4294967296', 'nodeLimit', 'params.node-limit', '4294967296'],
  ['nodeLimit=-7', 'nodeLimit', 'params.node-limit', '-7'],
  ['size=0x0', 'size', 'param.size', '0x0'],
  ['size=1x5', 'size', 'param.size', '1x5'],
  ['size=513x10', 'size', 'param.size', '513x10'],
  ['size=10x513', 'size', 'param.size', '10x513'],
  ['size=99999999999999999999x2', 'size', 'param.size', '99999999999999999999x2'],
  ['size=-5x5', 'size', 'param.size', '-5x5'],
  ['size=20x12x3', 'size', 'param.size', '20x12x3'],
  ['size=NaNxNaN', 'size', 'param.size', 'NaNxNaN'],
  ['speed=0', 'speed', 'param.speed', '0'],
  ['speed=-3', 'speed', 'param.speed', '-3'],
  ['speed=60001', 'speed', 'param.speed', '60001'],
  ['speed=Infinity', 'speed', 'param.speed', 'Infinity'],
  ['step=-1', 'step', 'param.step', '-1'],
  ['step=1.5', 'step', 'param.step', '1.5'],
  ['step=ten', 'step', 'param.step', 'ten'],
  ['algorithm=quantum', 'algorithm', 'param.not-one-of', 'quantum'],
  ['algorithm=ASTAR', 'algorithm', 'param.not-one-of', 'ASTAR'],
  [`algorithm=${long('a', 100000)}`, 'algorithm', 'param.not-one-of', 'aaaa'],
  ['heuristic=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'heuristic', 'param.not-one-of', '<script>alert(1)</script>'],
  ['directions=6', 'directions', 'param.not-one-of', '6'],
  ['diagonal=sometimes', 'diagonal', 'param.not-one-of', 'sometimes'],
  ['costs=free', 'costs', 'param.not-one-of', 'free'],
  ['tieBreak=random', 'tieBreak', 'param.not-one-of', 'random'],
  ['goalTest=never', 'goalTest', 'param.not-one-of', 'never'],
  ['neighbourOrder=%22%3E%3Cimg%20src%3Dx%3E', 'neighbourOrder', 'param.not-one-of', '"><img src=x>'],
  ['lang=fr', 'lang', 'param.not-one-of', 'fr'],
  ['controls=everything', 'controls', 'param.not-one-of', 'everything'],
  ['example=..%2F..%2Fetc%2Fpasswd', 'example', 'param.not-one-of', '../../etc/passwd'],
  ['id=has%20space', 'id', 'param.id', 'has space'],
  [`id=${long('x', 65)}`, 'id', 'param.id', long('x', 65)],
  ['id=%3Cimg%20onerror%3Dalert(1)%3E', 'id', 'param.id', '<img onerror=alert(1)>'],
  ['embed=yes', 'embed', 'param.flag', 'yes'],
  ['autoplay=2', 'autoplay', 'param.flag', '2'],
  ['sensor=-1', 'sensor', 'param.sensor', '-1'],
  ['sensor=far', 'sensor', 'param.sensor', 'far'],
  ['compare=astar', 'compare', 'params.compare', 'astar'],
  ['compare=astar,dijkstra,greedy,bfs,jps', 'compare', 'params.compare', 'astar,dijkstra,greedy,bfs,jps'],
  ['compare=astar,dijkstra:bogus', 'compare', 'params.compare', 'dijkstra:bogus'],
  ['compare=astar,dijkstra:octile:1000', 'compare', 'params.compare', 'octile:1000'],
  ['compare=astar,astar:octile:2:9', 'compare', 'params.compare', 'octile:2:9'],
  ['compare=astar,,dijkstra', 'compare', 'params.compare', 'astar,,dijkstra'],
  ['map=', 'map', 'param.map-empty', null],
  ['map=%20%20', 'map', 'param.map-empty', null],
  ['colour=red', 'colour', 'param.unknown', 'colour'],
  ['__proto__=1', '__proto__', 'param.unknown', '__proto__'],
  ['constructor=x', 'constructor', 'param.unknown', 'constructor'],
  ['weight=%E0%A4%A', 'weight', 'param.not-encoded', 'weight'],
];

describe('a hostile link', () => {
  for (const [hostile, name, key, named] of HOSTILE) {
    it(`${hostile.slice(0, 60)}: ${key}, and the rest of the link is read`, () => {
      const { query, kept } = withGood(hostile, name);
      const result = parse(query);
      assert.deepEqual(result.problems.map((problem) => problem.key), [key]);
      for (const [good, [, read]] of kept) assert.ok(read(result), `${good} read from ${query.slice(0, 200)}`);
      // Nothing of the wrong value got in.
      assert.ok(!Object.hasOwn(result.options, name) && !Object.hasOwn(result, name), `${name} was set`);
      assert.equal(Object.getPrototypeOf(result.options), Object.prototype);
      for (const language of LANGUAGES) {
        useLanguage(language);
        const problem = result.problems[0];
        const words = describeError(new PageError(problem.key, problem.values));
        // The value quoted as it came may hold anything ("NaN" among it); the rest may not.
        const quoted = problem.values.value;
        assertWords(quoted ? words.split(quoted).join('«value»') : words, `${language} ${hostile.slice(0, 40)}`);
        if (named !== null) assert.ok(words.includes(named), `${language}: "${words.slice(0, 200)}" names ${named}`);
      }
      useLanguage('en');
    });
  }
});

describe('the messages of a wrong link', () => {
  it('say the range the value must be in, from the engine\'s limits', () => {
    useLanguage('en');
    const words = (query) => parse(query).problems.map(({ key, values }) => describeError(new PageError(key, values)));
    assert.deepEqual(words('?weight=101'), [`URL parameter weight="101" must be a number from 0 to ${limits().maxWeight}.`]);
    assert.deepEqual(words('?nodeLimit=0'), [`URL parameter nodeLimit="0" must be a whole number from 1 to ${limits().maxNodeLimit}.`]);
    assert.equal(limits().maxNodeLimit, 4294967295);
    // A step past what the engine counts to is the link's mistake, worded as the others.
    for (const step of ['4294967296', '99999999999999999999', '-1', '2.5']) {
      assert.deepEqual(words(`?step=${step}`), [`URL parameter step="${step}" must be a whole number from 0 to ${limits().maxStep}.`]);
    }
    assert.equal(limits().maxStep, 4294967295);
    assert.deepEqual(parse('?step=4294967295').step, 4294967295);
    assert.deepEqual(words('?size=513x10'), [`URL parameter size="513x10" must look like 20x12, each side from 2 to ${MAX_SIDE}.`]);
    assert.deepEqual(words('?speed=0'), [`URL parameter speed="0" must be a number of expansions per second above 0 and at most ${MAX_RATE}, or "max".`]);
    assert.equal(MAX_RATE, 60000);
  });

  it('list every finder of the catalogue for an unknown algorithm', () => {
    useLanguage('en');
    const [problem] = parse('?algorithm=quantum').problems;
    assert.deepEqual(problem.values.allowed.split(', '), finders().map((finder) => finder.id));
    for (const id of ['astar', 'dijkstra', 'jps', 'idastar', 'bi-astar', 'dstar-lite']) assert.ok(problem.values.allowed.split(', ').includes(id), id);
  });

  it('report each wrong parameter once, in the order of the link', () => {
    const result = parse('?weight=-1&size=1x1&speed=0&colour=red&lang=fr&algorithm=astar');
    assert.deepEqual(result.problems.map((problem) => problem.key), ['params.weight', 'param.size', 'param.speed', 'param.unknown', 'param.not-one-of']);
    assert.equal(result.options.algorithm, 'astar');
  });
});

describe('a good link', () => {
  it('reads every parameter to its value', () => {
    const result = parse('?algorithm=bi-astar&heuristic=euclidean&weight=2.5&directions=4&diagonal=never&costs=exact&tieBreak=first-in'
      + '&nodeLimit=500&goalTest=first-reached&neighbourOrder=left-right-up-down&map=OOO/SXE&speed=max&autoplay=1&step=7'
      + '&embed=true&controls=full&id=frame-1.a:b&legend=1&log=0&lang=zh&walk=0&sensor=2.5&compare=astar,dijkstra:zero,astar:manhattan:2');
    assert.deepEqual(result.problems, []);
    assert.deepEqual(result.options, {
      algorithm: 'bi-astar', heuristic: 'euclidean', weight: 2.5, directions: 4, diagonal: 'never', costs: 'exact', tieBreak: 'first-in',
      nodeLimit: 500, goalTest: 'first-reached', neighbourOrder: 'left-right-up-down',
    });
    assert.equal(result.map, 'OOO\nSXE');
    assert.equal(result.speed, Infinity);
    assert.equal(result.step, 7);
    assert.equal(result.controls, 'full');
    assert.equal(result.id, 'frame-1.a:b');
    assert.deepEqual([result.autoplay, result.embed, result.legend, result.log, result.walk], [true, true, true, false, false]);
    assert.equal(result.sensor, 2.5);
    assert.deepEqual(result.compare, [{ algorithm: 'astar' }, { algorithm: 'dijkstra', heuristic: 'zero' }, { algorithm: 'astar', heuristic: 'manhattan', weight: 2 }]);
  });

  it('keeps a "+" wall of a . + s d map (no space for it)', () => {
    assert.equal(parse('?map=..+s/d+..').map, '..+s\nd+..');
  });

  it('reads the largest size and the fastest speed the page allows', () => {
    const result = parse(`?size=${MAX_SIDE}x2&speed=${MAX_RATE}`);
    assert.deepEqual(result.problems, []);
    assert.deepEqual(result.size, { width: MAX_SIDE, height: 2 });
    assert.equal(result.speed, MAX_RATE);
  });

  it('keeps the first good value when the same parameter comes again wrong', () => {
    const result = parse('?algorithm=jps&algorithm=quantum');
    assert.equal(result.options.algorithm, 'jps');
    assert.deepEqual(result.problems.map((problem) => problem.key), ['param.not-one-of']);
  });

  it('read early (before the engine) gives the language and the layout and leaves the search options for later', () => {
    const result = parse('?algorithm=quantum&compare=nonsense&lang=zh&embed=1&controls=none&size=0x0', { early: true });
    assert.equal(result.lang, 'zh');
    assert.equal(result.embed, true);
    assert.equal(result.controls, 'none');
    assert.deepEqual(result.problems.map((problem) => problem.key), ['param.size']);
  });

  it('comes back the same from the share panel\'s link', () => {
    const options = { ...defaultOptions(), algorithm: 'astar', heuristic: 'manhattan', weight: 1.5, nodeLimit: 900 };
    const query = buildQuery({
      options, mapText: 'OO+\nS.E\n', speed: 20, autoplay: true, embed: true, lang: 'zh', id: 'a:b',
      walk: { sensor: 2.5 }, compare: [{ algorithm: 'astar', heuristic: 'auto' }, { algorithm: 'dijkstra', weight: 1 }, { algorithm: 'greedy', heuristic: 'octile', weight: 3 }],
    });
    const result = parse(query);
    assert.deepEqual(result.problems, []);
    assert.deepEqual(result.options, options);
    assert.equal(result.map, 'OO+\nS.E');
    assert.deepEqual([result.speed, result.autoplay, result.embed, result.lang, result.id, result.walk, result.sensor], [20, true, true, 'zh', 'a:b', true, 2.5]);
    assert.deepEqual(result.compare, [{ algorithm: 'astar' }, { algorithm: 'dijkstra' }, { algorithm: 'greedy', heuristic: 'octile', weight: 3 }]);
    assert.equal(parse(buildQuery({ options, mapText: 'SE', speed: Infinity })).speed, Infinity);
    assert.deepEqual(['light', 'dark'].map((theme) => parse(`?theme=${theme}`).theme), ['light', 'dark']);
  });
  it('reads hexes from a link, shares them back, and refuses cells of another shape', () => {
    const result = parse('?topology=hex&map=s../..d');
    assert.deepEqual(result.problems, []);
    assert.equal(result.options.topology, 'hex');
    const options = { ...defaultOptions(), topology: 'hex' };
    assert.deepEqual(parse(buildQuery({ options, mapText: 's.\n.d\n', speed: 5 })).options, options);
    const wrong = parse('?topology=triangle');
    assert.equal(wrong.problems.length, 1);
    assert.equal(wrong.options.topology, undefined);
  });
});

describe('numbers in a link, worded', () => {
  const words = (query) => parse(query).problems.map(({ key, values }) => describeError(new PageError(key, values)));

  it('only plain decimals are numbers, and speeds only those playback keeps to', () => {
    useLanguage('en');
    const result = parse('?weight=0x10&nodeLimit=0x10&step=0x2&speed=1e11');
    assert.equal(result.options.weight, undefined, 'the weight stays the default');
    assert.deepEqual(words('?weight=0x10&nodeLimit=0x10&step=0x2&speed=1e11'), [
      'URL parameter weight="0x10" must be a number from 0 to 100.',
      'URL parameter nodeLimit="0x10" must be a whole number from 1 to 4294967295.',
      'URL parameter step="0x2" must be a whole number from 0 to 4294967295.',
      'URL parameter speed="1e11" must be a number of expansions per second above 0 and at most 60000, or "max".',
    ]);
    assert.deepEqual(words('?weight=1e300'), ['URL parameter weight="1e300" must be a number from 0 to 100.']);
    const accepted = parse('?speed=60000&weight=2.5&step=3');
    assert.deepEqual(accepted.problems, []);
    assert.deepEqual([accepted.speed, accepted.options.weight, accepted.step], [60000, 2.5, 3]);
    const largest = parse('?weight=100');
    assert.deepEqual([largest.problems, largest.options.weight], [[], 100]);
    useLanguage('zh');
    assert.deepEqual(words('?lang=zh&speed=60001'), ['网址参数 speed="60001" 必须是大于 0、不超过 60000 的每秒扩展次数，或 "max"。']);
    useLanguage('en');
  });

  it('in Chinese, and again in English after a switch', () => {
    useLanguage('zh');
    const problems = words('?lang=zh&weight=-3&nodeLimit=abc&compare=astar');
    assert.ok(problems[0].includes('网址参数 weight="-3" 必须是 0 到 100 之间的数'), problems[0]);
    assert.ok(problems[1].includes('网址参数 nodeLimit="abc" 必须是 1 到 4294967295 之间的整数'), problems[1]);
    assert.ok(problems[2].includes('网址参数 compare="astar" 应列出 2 到 4 个算法'), problems[2]);
    assert.match(words('?lang=zh&heuristic=taxi')[0], /网址参数 heuristic="taxi" 不是以下之一/);
    useLanguage('en');
    assert.match(words('?lang=zh&weight=-3')[0], /URL parameter weight="-3" must be a number from 0 to 100/);
  });
});

describe('a lesson embed link', () => {
  it('is read whole: the lesson, its scene, and the embed parameters, early as late', () => {
    for (const early of [true, false]) {
      const r = parse('?lesson=heuristics&scene=3&embed=1&controls=none&theme=dark&lang=zh&id=post-1', { early });
      assert.deepEqual([r.lesson, r.scene, r.embed, r.controls, r.theme, r.lang, r.id], ['heuristics', 3, true, 'none', 'dark', 'zh', 'post-1']);
      assert.deepEqual(r.problems, []);
    }
  });

  it('opens in the full page at the scene on show, without what only an embed takes', () => {
    const href = 'https://example.org/a/?lesson=heuristics&scene=2&embed=1&controls=play&legend=1&log=1&lang=zh&id=f#x';
    assert.equal(fullEditorHref(href), 'https://example.org/a/?lesson=heuristics&scene=2&lang=zh&id=f');
    assert.equal(fullEditorHref(href, 4), 'https://example.org/a/?lesson=heuristics&lang=zh&id=f&scene=4');
    assert.equal(fullEditorHref(href, 1), 'https://example.org/a/?lesson=heuristics&lang=zh&id=f', 'the first scene needs no scene=');
    assert.equal(fullEditorHref('file:///x/astar.html?embed=1'), 'file:///x/astar.html');
    const link = parse(new URL(fullEditorHref(href, 4)).search);
    assert.deepEqual([link.lesson, link.scene, link.embed ?? false, link.controls], ['heuristics', 4, false, undefined]);
  });
});
